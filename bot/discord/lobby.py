"""The lobby cog: opening a match (in a new thread unless asked otherwise),
joining, leaving and starting, cancelling, and the daily challenge's scores."""

from __future__ import annotations

import logging

import discord

import engines
from bot.discord import present
from bot.discord.game_options import option_specs
from bot.discord.errors import PUBLIC, PUBLIC_DEFER, UPDATE, guarded, reply, said
from bot.discord.room import Room
from bot.discord.messages import t
from bot.play import votes
from bot.play.errors import ServiceError, Stale

log = logging.getLogger("brettbote")


async def score_lines(service, guild_id: int | None, game: str, locale: str, variants: dict[str, bool] | None = None,
                      top: int = 10) -> list[str]:
    """The daily challenge's results of today and of all days (``/game
    scores``, and beside ``/game ratings``). Only runs of the same variant
    compare: a variant the player did not set counts as off."""
    engine = engines.get(game)
    own = option_specs(daily_variants=True)
    variants = {name: (variants or {}).get(name, False) for name, spec in own.items() if game in spec.games} or None
    day = service.today()
    lines = [t("scores_head", locale, title=engine.title(locale))]
    for key, rows in (
        ("scores_today", await service.daily_scores(guild_id, game, day, variants)),
        ("scores_best", await service.daily_scores(guild_id, game, None, variants)),
    ):
        lines.append(t(key, locale, day=day))
        lines += [f"{n}. <@{user}> {score}" + ("" if key == "scores_today" else f" ({when})")
                  for n, (score, user, when) in enumerate(rows[:top], 1)] or [t("scores_none", locale)]
    return lines


class LobbyCog(Room, name="lobby"):
    @guarded(ack=PUBLIC)
    async def new(self, interaction: discord.Interaction, game: str, here: bool | None = None,
                  reminder_hours: int | None = None, deadline_hours: int | None = None,
                  deadline_policy: str | None = None, players: int | None = None,
                  options: dict | None = None, computers: int = 0, thinking_seconds: int = 2,
                  rated: bool | None = None, bank_days: int | None = None, increment_hours: int = 0) -> None:
        """Values left out (``None``) are the server's defaults (``/brettbote settings``)."""
        if interaction.guild_id is None:
            raise ServiceError("guild_only")
        locale = await self.locales.public(interaction)  # the lobby and its thread are public
        reminder_hours, deadline, deadline_policy, here = await self.bot.servers.new_match_settings(
            interaction.guild_id, game, reminder_hours, deadline_hours, deadline_policy, here)
        # a time bank replaces the server's default deadline (the host's own is refused with it)
        deadline_hours = deadline_hours if bank_days else deadline
        target = interaction.channel
        in_thread = not here and isinstance(target, discord.TextChannel)
        limit = self.service.limits.new_match(interaction.guild_id, interaction.user.id)
        self.service.limits.window(*limit)
        await self.service.check_new(
            guild_id=interaction.guild_id, channel_id=None if in_thread else interaction.channel_id, game=game,
            host_id=interaction.user.id, options=options, players=players, reminder_hours=reminder_hours,
            deadline_hours=deadline_hours, deadline_policy=deadline_policy, computers=computers,
            thinking_seconds=thinking_seconds, rated=rated, bank_days=bank_days, increment_hours=increment_hours,
        )
        engine = engines.get(game)
        if in_thread:
            try:
                target = await target.create_thread(
                    name=f"{engine.title(locale)} – {interaction.user.display_name}"[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            except discord.HTTPException:
                log.info("no thread in channel %s; playing in the channel", interaction.channel_id)
                target = interaction.channel
        match = await self.service.new_match(
            guild_id=interaction.guild_id, channel_id=target.id, game=game, host_id=interaction.user.id,
            reminder_hours=reminder_hours, deadline_hours=deadline_hours, deadline_policy=deadline_policy,
            players=players, options=options, computers=computers, thinking_seconds=thinking_seconds, rated=rated,
            bank_days=bank_days, increment_hours=increment_hours,
        )
        self.service.limits.count(limit[0])
        lobby = present.lobby_post(match, locale)
        if target.id != interaction.channel_id:
            await self.announcer.post(target.id, lobby)
            lobby.content = t("lobby_thread", locale, thread=f"<#{target.id}>") + "\n" + lobby.content
        await interaction.edit_original_response(content=lobby.content, view=lobby.view)
        interaction.extras.pop(PUBLIC_DEFER, None)  # the public answer stands now
        if match.status == "lobby":
            await self.announcer.to_server(match, "announce_lobby", host=interaction.user.mention,
                                           link=f"https://discord.com/channels/{match.guild_id}/{match.channel_id}")
        if match.status == "running":  # a solo game starts at once
            await self.announcer.after_start(match)

    @guarded
    async def scores(self, interaction: discord.Interaction, game: str, variants: dict[str, bool] | None = None) -> None:
        locale = await self.locales.of_interaction(interaction)
        lines = await score_lines(self.service, interaction.guild_id, game, locale, variants)
        await reply(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @guarded(ack=PUBLIC)
    async def join(self, interaction: discord.Interaction) -> None:
        await self._lobby_op(interaction, "join", await self._open_id(interaction))

    @guarded(ack=PUBLIC)
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the lobby; or, in a running match of three or more, leave the
        table and let the seat play on by autopilot (only by command: an old
        lobby's button never does that)."""
        match = await self.service.get(await self._open_id(interaction))
        if match.status != "running":
            await self._lobby_op(interaction, "leave", match.id)
            return
        locale = await self.locales.public(interaction)  # said in the channel
        match = await self.service.leave(match.channel_id, interaction.user.id)
        try:
            await said(interaction, t("left_autopilot", locale, player=interaction.user.mention),
                       allowed_mentions=discord.AllowedMentions.none())
        finally:  # the seat is on autopilot now: it plays on whether or not the answer went through
            await self.play_on(match)

    @guarded(ack=PUBLIC)
    async def start(self, interaction: discord.Interaction) -> None:
        await self._lobby_op(interaction, "start", await self._open_id(interaction))

    @guarded(ack=UPDATE)
    async def on_lobby_button(self, interaction: discord.Interaction, op: str, match_id: int) -> None:
        await self._lobby_op(interaction, op, match_id, edit=True)

    async def _open_id(self, interaction: discord.Interaction) -> int:
        match = await self.service.open_match(interaction.channel_id)
        if match is None:
            raise ServiceError("no_match")
        return match.id

    async def _lobby_op(self, interaction: discord.Interaction, op: str, match_id: int, edit: bool = False) -> None:
        locale = await self.locales.public(interaction)  # the lobby is public
        match = await self.service.get(match_id)
        if edit and match.status != "lobby":
            raise Stale(match.id)  # a lobby's buttons act on that lobby only, never on the running match
        user = interaction.user.id
        started = False
        if op == "join":
            match, started = await self.service.join(match.channel_id, user, match.id)
        elif op == "leave":
            match = await self.service.leave(match.channel_id, user, match.id)
        elif op == "computer":
            match, started = await self.service.add_computer(match.id, user)
        elif op == "nocomputer":
            match = await self.service.remove_computer(match.id, user)
        else:
            match = await self.service.start(match.channel_id, user, match.id)
            started = True
        lobby = present.lobby_post(match, locale)
        if match.channel_id != interaction.channel_id:
            lobby.content = t("lobby_thread", locale, thread=f"<#{match.channel_id}>") + "\n" + lobby.content
        if edit:
            await interaction.edit_original_response(content=lobby.content, view=lobby.view)
        else:
            await said(interaction, lobby.content, view=lobby.view or discord.utils.MISSING)
        if started:
            await self.announcer.after_start(match)

    @guarded(ack=PUBLIC)
    async def cancel(self, interaction: discord.Interaction) -> None:
        """The host cancels a lobby; a running match needs every player's vote."""
        locale = await self.locales.public(interaction)  # said in the channel
        match, cancelled = await self.service.cancel(interaction.channel_id, interaction.user.id)
        if cancelled:
            await said(interaction, t("cancelled", locale))
            await self.announcer.strip_board(match)
            return
        missing, allowed = present.mentions(votes.missing_users(match, votes.CANCEL))
        await said(interaction, t("cancel_vote", locale, player=interaction.user.mention, missing=missing),
                   allowed_mentions=allowed)
