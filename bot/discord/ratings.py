"""The ratings cog: ``/game ratings`` (the server's leaderboard of a game,
with the daily challenge's results beside it where the game has one) and
``/game stats`` (a player's record in this server). Both answer privately,
like ``/game scores``: looking up a leaderboard should not fill the channel.
How ratings are computed: :mod:`bot.play.ratings`."""

from __future__ import annotations

import discord

import engines
from bot.discord.errors import guarded, reply
from bot.discord.lobby import score_lines
from bot.discord.messages import t
from bot.discord.room import Room
from bot.play.errors import ServiceError
from bot.play.ratings import player_stats

#: Places shown on the leaderboard.
TOP = 10


def duration(seconds: float, locale: str) -> str:
    """A span of time in days, hours and minutes (the two largest units)."""
    minutes = int(seconds // 60)
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        return t("span_days", locale, days=days, hours=hours)
    if hours:
        return t("span_hours", locale, hours=hours, minutes=mins)
    return t("span_minutes", locale, minutes=mins)


class RatingsCog(Room, name="ratings"):
    @guarded
    async def ratings(self, interaction: discord.Interaction, game: str) -> None:
        locale = await self.locales.of_interaction(interaction)
        if interaction.guild_id is None:
            raise ServiceError("ratings_server_only")
        if game not in engines.ids():
            raise ServiceError("unknown_game", game=game)
        engine = engines.get(game)
        board = await self.bot.store.leaderboard(interaction.guild_id, game, TOP)
        lines = [t("ratings_head", locale, title=engine.title(locale))]
        lines += [t("ratings_line", locale, place=n, player=f"<@{r.user_id}>", rating=f"{r.ordinal:.1f}",
                    matches=r.matches) for n, r in enumerate(board, 1)] or [t("ratings_none", locale)]
        if "daily" in engine.Options.model_fields:  # the daily challenge is solo: its results stand beside
            lines += [""] + await score_lines(self.service, interaction.guild_id, game, locale, top=3)
        await reply(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @guarded
    async def stats(self, interaction: discord.Interaction, user: discord.abc.User | None = None) -> None:
        locale = await self.locales.of_interaction(interaction)
        if interaction.guild_id is None:
            raise ServiceError("ratings_server_only")
        user = user or interaction.user
        if user.bot:
            raise ServiceError("stats_bot")
        stats = await player_stats(self.bot.store, interaction.guild_id, user.id)
        if not stats.matches:
            await reply(interaction, t("stats_none", locale, player=user.mention),
                        allowed_mentions=discord.AllowedMentions.none())
            return
        average = duration(stats.average_move, locale) if stats.average_move is not None else "–"
        text = t("stats", locale, player=user.mention, matches=stats.matches, finished=stats.finished,
                 wins=stats.wins, unfinished=stats.unfinished, average=average)
        await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())
