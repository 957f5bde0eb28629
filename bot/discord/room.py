"""The base of every cog: a room of the bot with the services it talks to."""

from __future__ import annotations

from discord.ext import commands


class Room(commands.Cog):
    """``bot`` is the client of :mod:`bot.discord.app`, which builds the
    services before it loads the rooms."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service = bot.service
        self.slow = bot.slow
        self.announcer = bot.announcer
        self.locales = bot.locales
