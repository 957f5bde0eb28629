"""The slow-play cog: pause and resume, away days, notification settings,
takebacks, the list of one's matches, and what the channel hears when a timer
fires (reminders, missed deadlines, abandoned matches)."""

from __future__ import annotations

import discord

from bot.discord import board_status, present
from bot.discord import components as c
from bot.discord.errors import PUBLIC, UPDATE, guarded, reply, said
from bot.discord.room import Room
from bot.discord.messages import t
from bot.play import votes
from bot.store import Timer


class SlowCog(Room, name="slow"):
    @guarded(ack=PUBLIC)
    async def pause(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.public(interaction)  # said in the channel
        match, paused = await self.slow.pause(interaction.channel_id, interaction.user.id)
        if paused:
            await said(interaction, t("paused", locale))
            return
        missing, allowed = present.mentions(votes.missing_users(match, votes.PAUSE))
        await said(interaction, t("pause_vote", locale, player=interaction.user.mention, missing=missing),
                   allowed_mentions=allowed)

    @guarded(ack=PUBLIC)
    async def resume(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.public(interaction)
        # refused (privately) before anything public is said
        match = await self.slow.resume(interaction.channel_id, interaction.user.id)
        await said(interaction, t("resumed", locale))
        await self.announcer.post_board(match)

    @guarded
    async def away(self, interaction: discord.Interaction, days: int) -> None:
        """``days`` 0 ends the time away now (once ``/game back``: Discord's
        25 subcommands of ``/game`` are all taken)."""
        locale = await self.locales.of_interaction(interaction)
        if days == 0:
            unused, matches = await self.slow.back(interaction.user.id)
            await reply(interaction, t("back_set", locale, days=unused))
        else:
            until, matches = await self.slow.away(interaction.user.id, days)
            await reply(interaction, t("away_set", locale, when=f"<t:{int(until)}:f>", count=len(matches)))
        await self._show_boards(matches)

    async def _show_boards(self, matches) -> None:
        """Every running match of the player shows the change at once, on
        its current board edited in place: no new post, no ping, however
        often the player goes away and comes back (:mod:`bot.discord.board_status`)."""
        for match in matches:
            if match.status == "running":
                await self.announcer.safely(board_status.restate(self.announcer, match), "board after away", match)

    @guarded
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        locale = await self.locales.of_interaction(interaction)
        await self.slow.set_notify(interaction.user.id, mode)
        await reply(interaction, t("notify_set", locale, mode=t(f"notify_{mode}", locale)))

    @guarded(ack=PUBLIC)
    async def undo(self, interaction: discord.Interaction) -> None:
        # a public request, in the channel's language
        locale = self.locales.of_channel(await self.service.channel_match(interaction.channel_id))
        match = await self.slow.request_undo(interaction.channel_id, interaction.user.id)
        others, allowed = present.mentions(votes.missing_users(match, votes.UNDO))
        await said(interaction, t("undo_request", locale, player=interaction.user.mention, others=others),
                   view=c.undo_view(match, locale), allowed_mentions=allowed)

    @guarded(ack=UPDATE)
    async def on_undo_button(self, interaction: discord.Interaction, op: str, match_id: int, counter: int) -> None:
        locale = await self.locales.of_interaction(interaction)
        match, result = await self.slow.vote_undo(match_id, interaction.user.id, counter, agree=op == "yes")
        if result == "pending":
            await reply(interaction, t("undo_pending", locale))
            return
        public = self.locales.of_channel(match)  # the request it answers is in the channel
        text = t("undo_done", public) if result == "done" else t("undo_refused", public, player=interaction.user.mention)
        await interaction.edit_original_response(content=text, view=None)
        if result == "done":
            await self.announcer.post_board(match)

    @guarded
    async def mine(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.of_interaction(interaction)
        lines = []
        for match, waiting, since in await self.slow.waiting_matches(interaction.user.id):
            engine = present.engine_of(match)
            if match.status == "lobby":
                state = t("mine_lobby", locale)
            elif match.paused:
                state = t("mine_paused", locale)
            else:
                players = ", ".join(present.player(engine, match, s, locale) for s in waiting)
                state = t("mine_waiting", locale, players=players, since=f"<t:{int(since or 0)}:R>")
            lines.append("• " + t("mine_line", locale, title=engine.title(locale),
                                  channel=present.board_link(match) or f"<#{match.channel_id}>", state=state))
        await reply(interaction, "\n".join(lines)[:2000] if lines else t("mine_empty", locale),
                    allowed_mentions=discord.AllowedMentions.none())

    # -- timers --------------------------------------------------------------------

    async def fire_timer(self, timer: Timer) -> None:
        """Called by the scheduler for each due timer, once."""
        fired = await self.slow.fire(timer)
        if fired is None:
            return
        match = fired.match
        if fired.kind == "reminder":
            await self.announcer.remind(match, fired.seat)
        elif fired.kind == "skipped":
            await self.announcer.notice(match, "skipped", player=f"<@{match.user(fired.seat)}>")
            for outcome in fired.moves:
                await self.announcer.announce(outcome)
        elif fired.kind == "forfeit":
            await self.play_on(match)
        elif fired.kind == "paused":
            await self.announcer.notice(match, "paused_by_deadline", player=f"<@{match.user(fired.seat)}>")
        elif fired.kind in ("abandon_warning", "abandoned"):
            await self.announcer.notice(match, fired.kind)
            if fired.kind == "abandoned":
                await self.announcer.strip_board(match)
        if fired.vote:  # a second deadline missed in a row: the board asks the others
            await self.announcer.post_board(match)
