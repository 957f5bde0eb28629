"""The play cog: the board's buttons (act, my view, log, rematch), the picker
with its pages and menu, the actions themselves, and ``/game board``,
``hand``, ``log`` and ``resign``."""

from __future__ import annotations

import discord

from bot.discord import confirm, game_log, pages, pickers, present
from bot.discord.errors import IN_PLACE, guarded, on_private_message, reply
from bot.discord.room import Room
from bot.discord.messages import t
from bot.faults import crash_point
from bot.play.errors import Outdated, ServiceError, Stale
from bot.play.limits import BOARD_REPOST_SECONDS
from bot.store import Match


class PlayCog(Room, name="play"):
    # -- slash commands ----------------------------------------------------------

    @guarded
    async def board(self, interaction: discord.Interaction, quarter: int | None = None) -> None:
        locale = await self.locales.of_interaction(interaction)
        match = await self.service.channel_match(interaction.channel_id)
        if quarter is not None:  # one quarter enlarged, for the asker alone
            payload = await pages.quarter(match, interaction.user.id, quarter, locale)
            await interaction.edit_original_response(content=payload.content, attachments=payload.files)
            return
        if match.status == "lobby":
            lobby = present.lobby_post(match, locale)
            await interaction.edit_original_response(content=lobby.content)
            return
        self.service.limits.every(("board", match.id), BOARD_REPOST_SECONDS, "board_too_soon")
        await self.announcer.post_board(match)
        await interaction.edit_original_response(content="⬇")

    @guarded
    async def hand(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.of_interaction(interaction)
        match = await self.service.channel_match(interaction.channel_id)
        await self._send_private_view(interaction, match, locale)

    @guarded
    async def log(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.of_interaction(interaction)
        match = await self.service.channel_match(interaction.channel_id)
        await self._send_log(interaction, match, locale)

    @guarded
    async def resign(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.of_interaction(interaction)
        match = await self.service.resign(interaction.channel_id, interaction.user.id)
        await self.play_on(match)
        await interaction.edit_original_response(content=t("result_resigned", locale, player=interaction.user.mention))

    async def _send_private_view(self, interaction: discord.Interaction, match: Match, locale: str,
                                 notice: str | None = None) -> None:
        if match.state is None:
            raise ServiceError("not_running")
        payload = await pages.private_view(match, interaction.user.id, locale, notice)
        await interaction.followup.send(payload.content, files=payload.files,
                                        view=payload.view or discord.utils.MISSING, ephemeral=True)

    async def _send_log(self, interaction: discord.Interaction, match: Match, locale: str) -> None:
        entries = await self.service.log(match.id, last=None)  # the whole log, in pages
        content, view = game_log.log_page(match, entries, match.seat_of(interaction.user.id), locale)
        await reply(interaction, content, view=view or discord.utils.MISSING)

    @guarded(ack=IN_PLACE)
    async def on_text_page(self, interaction: discord.Interaction, kind: str, match_id: int, page: int) -> None:
        """Another page of the clicker's own view or of the log, in the same message."""
        locale = await self.locales.of_interaction(interaction)
        match = await self.service.get(match_id)
        if kind == "log":
            entries = await self.service.log(match.id, last=None)  # the whole log, in pages
            content, view = game_log.log_page(match, entries, match.seat_of(interaction.user.id), locale, page)
        elif kind == "quarter":  # a picture of its own, beside the view it was asked from
            payload = await pages.quarter(match, interaction.user.id, page, locale)
            await interaction.followup.send(payload.content, files=payload.files, ephemeral=True)
            return
        elif kind in ("cards", "cardpage"):
            content, view = pages.card_texts(match, interaction.user.id, locale, page)
            if kind == "cards":  # opened from a picker: a message of its own, the picker stays
                await interaction.followup.send(content, view=view or discord.utils.MISSING, ephemeral=True)
                return
        else:
            if match.state is None:
                raise ServiceError("not_running")
            payload = await pages.private_view(match, interaction.user.id, locale, page=page, with_pictures=False)
            content, view = payload.content, payload.view
        if on_private_message(interaction):
            await interaction.edit_original_response(content=content, view=view)
        else:  # a (forged) page button on a public message never turns it into private content
            await interaction.followup.send(content, view=view or discord.utils.MISSING, ephemeral=True)

    # -- the board and the picker ------------------------------------------------

    @guarded
    async def stale(self, interaction: discord.Interaction) -> None:
        """A control this version cannot read, or a garbled value."""
        raise Stale()

    @guarded
    async def on_board_button(self, interaction: discord.Interaction, op: str, match_id: int, counter: int) -> None:
        locale = await self.locales.of_interaction(interaction)
        match = await self.service.get(match_id)
        if op == "log":
            await self._send_log(interaction, match, locale)
            return
        if op == "rematch":
            rematch = await self.service.rematch(match_id, interaction.user.id)
            await self.announcer.strip_buttons(interaction.channel_id, interaction.message.id)
            await self.announcer.after_start(rematch)
            await interaction.edit_original_response(content=t("started", locale))
            return
        if counter != match.board_counter or match.status != "running":
            await self._send_private_view(interaction, match, locale, notice=t("outdated", locale))
            return
        if op == "view":
            await self._send_private_view(interaction, match, locale)
            return
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise ServiceError("not_a_player")
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        if seat not in engine.to_act(state):
            prompt = engine.prompt(state, seat)
            raise ServiceError(prompt.key, game=match.game, **prompt.params)
        payload = await pickers.picker(match, seat, locale)
        await interaction.followup.send(payload.content, files=payload.files,
                                        view=payload.view or discord.utils.MISSING, ephemeral=True)

    @guarded(ack=IN_PLACE)
    async def on_page(self, interaction: discord.Interaction, match_id: int, counter: int, group: int, page: int) -> None:
        locale = await self.locales.of_interaction(interaction)
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise ServiceError("not_a_player")
        if counter != match.seats[seat].decision_counter or match.status != "running":
            await self._refresh_picker(interaction, match, seat, locale, [t("outdated", locale)])
            return
        if not on_private_message(interaction):
            payload = await pickers.picker(match, seat, locale, group=group, page=page)
            # no view when the seat has nothing to choose (a forged page button): just the text
            await interaction.followup.send(payload.content, files=payload.files,
                                            view=payload.view or discord.utils.MISSING, ephemeral=True)
            return
        payload = await pickers.picker(match, seat, locale, group=group, page=page, with_image=False)
        await interaction.edit_original_response(content=payload.content, view=payload.view)

    @guarded(ack=IN_PLACE)
    async def on_action(self, interaction: discord.Interaction, match_id: int, counter: int, index: int, token: str,
                        confirmed: bool = False) -> None:
        locale = await self.locales.of_interaction(interaction)
        # a move that loses the match at once is asked about first (bot.discord.confirm)
        if not confirmed and await confirm.asked_first(self.service, interaction, match_id, counter, index, token, locale):
            return
        try:
            outcome = await self.service.act(match_id, interaction.user.id, counter, index, token)
        except Outdated:
            match = await self.service.get(match_id)
            seat = match.seat_of(interaction.user.id)
            await self._refresh_picker(interaction, match, seat, locale, [t("outdated", locale)])
            return
        crash_point("move_committed")
        events = present.event_lines(present.engine_of(outcome.match), outcome.events, outcome.seat, locale)
        asked_here = False
        try:
            asked_here = await self._refresh_picker(interaction, outcome.match, outcome.seat, locale, events)
        finally:  # the move is stored: the table hears of it even if the mover's picker is gone
            # the mover's next question is in the DM picker just clicked, which stays there: no new
            # DM for it on top (an ephemeral picker in the channel is gone on reload: that one is told)
            here = asked_here and interaction.guild_id is None
            await self.announcer.announce(outcome, asked_here=outcome.seat if here else None)

    async def _refresh_picker(self, interaction: discord.Interaction, match: Match, seat: int | None, locale: str,
                              notice: list[str]) -> bool:
        """Show the seat its next question in the picker, or what it waits
        for; True when the picker now asks it something."""
        if seat is None or match.state is None:
            await interaction.followup.send("\n".join(notice), ephemeral=True)
            return False
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        asked = match.status == "running" and seat in engine.to_act(state)
        if asked:
            payload = await pickers.picker(match, seat, locale, notice=notice[-8:])
        else:
            payload = await pickers.done(match, seat, locale, notice[-8:])
        await interaction.edit_original_response(**payload.edit_kwargs())
        return asked
