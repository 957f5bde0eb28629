"""The ratings cog: ``/game ratings`` (the server's leaderboard of a game,
with the daily challenge's results beside it where the game has one) and
``/game stats`` (a player's record in this server). Both answer privately,
like ``/game scores``: looking up a leaderboard should not fill the channel.
Someone else's record counts only the matches in channels the asker can see.
How ratings are computed: :mod:`bot.play.ratings`."""

from __future__ import annotations

import discord

import engines
from bot.discord.errors import guarded, reply
from bot.discord.lobby import score_lines
from bot.discord.messages import t
from bot.discord.room import Room
from bot.play.errors import ServiceError
from bot.play.ratings import REPEATS_PER_DAY, player_stats

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
            raise ServiceError("unknown_game", name=game)
        engine = engines.get(game)
        board = await self.bot.store.leaderboard(interaction.guild_id, game, TOP)
        lines = [t("ratings_head", locale, title=engine.title(locale))]
        lines += [t("ratings_line", locale, place=n, player=f"<@{r.user_id}>", rating=f"{r.ordinal:.1f}",
                    matches=r.matches) for n, r in enumerate(board, 1)] or [t("ratings_none", locale)]
        lines.append(t("ratings_rule", locale, repeats=REPEATS_PER_DAY))
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
        # one's own record is all one's own matches; someone else's only those one can see
        own = user.id == interaction.user.id
        visible = None if own else Visible(self.bot.get_guild(interaction.guild_id), interaction.user)
        stats = await player_stats(self.bot.store, interaction.guild_id, user.id, visible)
        if not stats.matches:
            await reply(interaction, t("stats_none" if own else "stats_none_visible", locale, player=user.mention),
                        allowed_mentions=discord.AllowedMentions.none())
            return
        average = duration(stats.average_move, locale) if stats.average_move is not None else "–"
        text = t("stats", locale, player=user.mention, matches=stats.matches, finished=stats.finished,
                 wins=stats.wins, unfinished=stats.unfinished, average=average)
        if not own:
            text += "\n" + t("stats_visible", locale)
        await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())


class Visible:
    """Whether ``member`` can see a channel or thread of ``guild`` by its id,
    as discord.py resolves their permissions (overwrites included). What the
    client does not know (a deleted channel, an archived thread, another
    server's channel) counts as not seen; a private thread only for those
    in it, as far as the client knows, or who manage threads."""

    def __init__(self, guild: discord.Guild | None, member: discord.abc.User) -> None:
        self.guild, self.member = guild, member
        self._known: dict[int, bool] = {}

    def __call__(self, channel_id: int) -> bool:
        if channel_id not in self._known:
            self._known[channel_id] = self._sees(channel_id)
        return self._known[channel_id]

    def _sees(self, channel_id: int) -> bool:
        if self.guild is None or not isinstance(self.member, discord.Member):
            return False
        channel = self.guild.get_channel_or_thread(channel_id)
        if channel is None:
            return False
        try:
            permissions = channel.permissions_for(self.member)
        except discord.ClientException:  # a thread whose parent channel is unknown
            return False
        if not permissions.view_channel:
            return False
        if isinstance(channel, discord.Thread) and channel.is_private():
            return permissions.manage_threads or channel.owner_id == self.member.id or any(
                m.id == self.member.id for m in channel.members)
        return True
