"""The ``/game`` slash command group. Each command only hands over to the
controller; names and descriptions are localised by ``bot.translator``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

import engines


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(e.titles["en"], key=f"game.{e.id}"), value=e.id) for e in engines.all()]


LANGUAGES = [
    app_commands.Choice(name=_("Deutsch", key="lang.de"), value="de"),
    app_commands.Choice(name=_("English", key="lang.en"), value="en"),
]


def controller(interaction: discord.Interaction):
    return interaction.client.controller


class GameCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name=_("game"), description=_("Play board games in this channel"))

    @app_commands.command(name=_("new"), description=_("Open a lobby for a new match"))
    @app_commands.describe(game=_("Which game"), here=_("Play in this channel instead of a new thread"))
    @app_commands.choices(game=game_choices())
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str], here: bool = False) -> None:
        await controller(interaction).cmd_new(interaction, game=game.value, here=here)

    @app_commands.command(name=_("join"), description=_("Join the lobby here"))
    async def join(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_join(interaction)

    @app_commands.command(name=_("leave"), description=_("Leave the lobby here"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_leave(interaction)

    @app_commands.command(name=_("start"), description=_("Start the match (host)"))
    async def start(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_start(interaction)

    @app_commands.command(name=_("board"), description=_("Post the current board again"))
    async def board(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_board(interaction)

    @app_commands.command(name=_("hand"), description=_("Show what only you may see"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_hand(interaction)

    @app_commands.command(name=_("resign"), description=_("Give up the match"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_resign(interaction)

    @app_commands.command(name=_("cancel"), description=_("Cancel the match (host in the lobby, else everyone)"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_cancel(interaction)

    @app_commands.command(name=_("log"), description=_("The last moves"))
    async def log(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_log(interaction)

    @app_commands.command(name=_("rules"), description=_("The rules of this match's game or another"))
    @app_commands.describe(game=_("Which game"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        await controller(interaction).cmd_rules(interaction, game=game.value if game else None)

    @app_commands.command(name=_("help"), description=_("How Brettbote works"))
    async def help(self, interaction: discord.Interaction) -> None:
        await controller(interaction).cmd_help(interaction)

    @app_commands.command(name=_("language"), description=_("The language Brettbote uses with you"))
    @app_commands.describe(language=_("Your language"))
    @app_commands.choices(language=LANGUAGES)
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        await controller(interaction).cmd_language(interaction, language=language.value)
