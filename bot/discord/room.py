"""The base of every cog: a room of the bot with the services it talks to."""

from __future__ import annotations

import dataclasses

from discord.ext import commands

import engines
from bot.play.moves import merged
from bot.store import Match


class Room(commands.Cog):
    """``bot`` is the client of :mod:`bot.discord.app`, which builds the
    services before it loads the rooms."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service = bot.service
        self.slow = bot.slow
        self.announcer = bot.announcer
        self.locales = bot.locales

    async def play_on(self, match: Match) -> None:
        """After a player left the table (a match of three or more): they
        leave its talk threads, then the moves of seats on autopilot that are
        due, and one board post."""
        await self.announcer.follow_seats(match)
        moves = await self.service.autopilot(match.id) if match.status == "running" else []
        if not moves:
            await self.announcer.post_board(match)
            return
        outcome = merged(engines.get(match.game), moves[0], moves[1:])
        await self.announcer.announce(dataclasses.replace(outcome, board_post=True))
