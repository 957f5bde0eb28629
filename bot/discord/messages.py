"""Everything the bot itself says, in German and English, and how the reader's
language is chosen."""

from __future__ import annotations

from typing import Any

from engines.i18n import COMMON, Catalog, locale_dir

DEFAULT_LOCALE = "en"

#: Everything the bot says: ``bot/discord/locale/<lang>/LC_MESSAGES/bot.po``, with the
#: engines' common messages behind it.
BOT = Catalog("bot", locale_dir(__file__), parent=COMMON)


def normalise_locale(value: Any) -> str | None:
    """Discord locales ("de", "en-US", ...) to ours; ``None`` if unknown."""
    if value is None:
        return None
    text = str(getattr(value, "value", value)).lower()
    if text.startswith("de"):
        return "de"
    if text.startswith("en"):
        return "en"
    return None


def choose_locale(stored: str | None, interaction_locale: Any = None, guild_locale: Any = None) -> str:
    """Stored choice, else the interaction's locale, else the server's, else English."""
    for candidate in (stored, interaction_locale, guild_locale):
        locale = normalise_locale(candidate)
        if locale:
            return locale
    return DEFAULT_LOCALE


def t(key: str, locale: str, **params: Any) -> str:
    return BOT.text(key, params, locale)
