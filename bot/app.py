"""``brettbote`` (``brettbote run``): read the settings, set up logging and
serve Discord until told to stop. The client itself is :mod:`bot.discord.app`."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.config import SettingsError, load_settings
from bot.discord.app import serve
from bot.logs import setup_logging
from bot.store import StoreUnavailable

#: Exit codes: a setting is wrong or missing (like a usage error); Discord refused the token.
BAD_SETTINGS = 2
REFUSED = 1


def run() -> int:
    try:
        settings = load_settings()
    except SettingsError as err:
        for line in str(err).splitlines():
            print(f"brettbote: {line}", file=sys.stderr)
        return BAD_SETTINGS
    # Secrets are redacted on every handler; discord.py's payload dumps (DMs
    # with hands, interaction tokens) stay off unless BRETTBOTE_LOG_PAYLOADS.
    setup_logging(getattr(logging, settings.log_level), token=settings.discord_token.get_secret_value(),
                  payloads=settings.log_payloads)
    if not settings.discord_token.get_secret_value():
        print("brettbote: DISCORD_TOKEN is not set (put it in .env or the environment; see .env.example)", file=sys.stderr)
        return BAD_SETTINGS
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        print("brettbote: Discord refused the token (DISCORD_TOKEN)", file=sys.stderr)
        return REFUSED
    except StoreUnavailable as err:
        print(f"brettbote: {err}", file=sys.stderr)
        return REFUSED
    return 0
