"""Names and descriptions of the slash commands in the reader's language.

They come from the ``commands`` domain (``bot/discord/locale/<lang>/LC_MESSAGES/commands.po``):
the msgid is the English source string of the command tree, the msgstr its
translation. Game titles (``key="game.<id>"``) and game options
(``key="option.<name>"``) come from each game's own catalogue, the language names (``key="lang.<code>"``) stay as they are.
"""

from __future__ import annotations

import discord
from discord import app_commands

import engines
from bot.discord.game_options import OptionSpec, description, option_specs
from engines.i18n import Catalog, locale_dir

#: The slash commands' words.
COMMANDS = Catalog("commands", locale_dir(__file__))


def command_text(message: str, locale: str) -> str | None:
    """The translation of the command string ``message``; ``None`` if it has none."""
    if message not in COMMANDS:
        return None
    return COMMANDS.template(message, locale)


class Translator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context) -> str | None:
        if locale is not discord.Locale.german:
            return None  # English is the source language of the command tree
        key = string.extras.get("key")
        if key and key.startswith("game."):
            return engines.get(key[5:]).title("de")
        if key and key.startswith("lang."):
            return None
        if key and key.startswith("option."):
            name = key[7:]
            return description(name, option_specs().get(name, OptionSpec(name, bool)).games, "de") or None
        return command_text(string.message, "de")
