"""The seats cog: what becomes of a seat whose player has gone (the vote's
buttons on the board, "Take over this seat", the substitute's "Hand back")
and ``/game rejoin``. The rules are in :mod:`bot.play.handover`."""

from __future__ import annotations

import discord

from bot.discord import present
from bot.discord.errors import PRIVATE, PUBLIC, guarded, reply, said
from bot.discord.messages import t
from bot.discord.room import Room
from bot.play.errors import ServiceError
from bot.store import Match

#: What the channel is told when a vote settles, by choice.
SETTLED = {"wait": "handover_waits", "substitute": "handover_opened", "computer": "handover_computer"}


class SeatsCog(Room, name="seats"):
    @property
    def handovers(self):
        return self.service.handovers

    # taking a seat or handing it back is said in the channel; a vote is answered privately
    @guarded(ack=lambda op, *_: PUBLIC if op in ("take", "back") else PRIVATE)
    async def on_seat_button(self, interaction: discord.Interaction, op: str, match_id: int, seat: int) -> None:
        locale = await self.locales.of_interaction(interaction)
        channel = self.locales.of_channel(await self.service.get(match_id))
        user = interaction.user.id
        if op == "take":
            match = await self.handovers.take_over(match_id, user, seat)
            await self._changed_hands(interaction, match, seat, t("handover_taken", channel, player=f"<@{user}>",
                                                                 seat=self._seat(match, seat, channel)))
            return
        if op == "back":
            match = await self.handovers.hand_back(match_id, user, seat)
            note = t("handover_handed_back", channel, player=f"<@{match.user(seat)}>",
                     seat=self._seat(match, seat, channel))
            await self._changed_hands(interaction, match, seat, note)
            return
        match, settled = await self.handovers.vote(match_id, user, seat, op)
        await reply(interaction, t("handover_voted", locale))
        if settled:
            await self.announcer.follow_seats(match)  # the computer took a vanished player's seat
            await self.announcer.post_board(match, notes=[t(SETTLED[settled], channel,
                                                            seat=self._seat(match, seat, channel))])

    @guarded(ack=PUBLIC)
    async def rejoin(self, interaction: discord.Interaction) -> None:
        """``/game rejoin``: take one's seat back."""
        match, how = await self.handovers.rejoin(interaction.channel_id, interaction.user.id)
        channel = self.locales.of_channel(match)
        seat = match.seat_of(interaction.user.id)
        if how == "asked":
            seat = next(s.seat for s in match.seats if s.original_user_id == interaction.user.id)
            note = t("rejoin_asked", channel, player=interaction.user.mention, seat=self._seat(match, seat, channel),
                     holder=f"<@{match.user(seat)}>")
            await said(interaction, note, allowed_mentions=present.mentions([match.user(seat)])[1])
            await self.announcer.post_board(match)
            return
        await self._changed_hands(interaction, match, seat, t("rejoined", channel, player=interaction.user.mention,
                                                              seat=self._seat(match, seat, channel)))

    async def _changed_hands(self, interaction: discord.Interaction, match: Match, seat: int, note: str) -> None:
        """A person holds ``seat`` now: the channel hears of it, a new board
        shows it, and if the seat is asked, its new holder gets the decision
        (by DM, or the board's Act button). Whoever held it before leaves the
        match's talks; the new holder is not let in."""
        await said(interaction, note, allowed_mentions=discord.AllowedMentions.none())
        await self.announcer.follow_seats(match)
        await self.announcer.post_board(match)
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        if seat in engine.to_act(state):
            kind = "secret" if engine.prompt(state, seat).secret else "turn"
            await self.announcer.deliver(await self.service.get(match.id), [(kind, seat)])

    @staticmethod
    def _seat(match: Match, seat: int, locale: str) -> str:
        return present.engine_of(match).seat_name(seat, locale)
