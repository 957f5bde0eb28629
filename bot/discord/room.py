"""The base of every cog: a room of the bot with the services it talks to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.app import Brettbote


class Room(commands.Cog):
    def __init__(self, bot: "Brettbote") -> None:
        self.bot = bot
        self.service = bot.service
        self.slow = bot.slow
        self.announcer = bot.announcer
        self.locales = bot.locales
