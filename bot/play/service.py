"""The match service: lobbies (from :mod:`bot.play.lobby`), moves, resignations
and cancels, over the store.

Nothing here knows Discord. The cogs call these methods and turn the results
into messages; a :class:`ServiceError` carries a message key (see
``bot.discord.messages``) for a short explanation to the user. Every move is one
transaction with a compare-and-swap on the match's move counter; it reads its
match once and sends its writes together at the end (:mod:`bot.store.sql_batch`),
so it holds its database connection for few round trips.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

import engines
from bot import metrics
from bot.play import bank, ratings, votes
from bot.play.errors import Outdated, ServiceError
from bot.play.handover import AUTOPILOT_MIN_SEATS, leave_running
from bot.play.lobby import ABANDON_DAYS, DAY, HOUR, LobbyService, seated
from bot.play.moves import (
    MoveOutcome, action_token, current_scores, merged, needs_board_post, owed_notices, move_deadline,
    own_deadline_hours,
)
from bot.play.steps import SNAPSHOT_EVERY
from bot.store import LoggedAction, Match, Notice, Transaction
from engines import Result

__all__ = [
    "ABANDON_DAYS", "DAY", "HOUR", "MatchService", "MoveOutcome", "Outdated", "SNAPSHOT_EVERY", "ServiceError",
    "action_token", "needs_board_post",
]


#: Moves the autopilot makes in a row at most (a guard: people are asked long before).
AUTOPILOT_STEPS = 500


class MatchService(LobbyService):
    # -- reading -----------------------------------------------------------

    async def open_match(self, channel_id: int) -> Match | None:
        return await self.store.open_match(channel_id)

    async def latest_match(self, channel_id: int) -> Match | None:
        return await self.store.latest_match(channel_id)

    async def channel_match(self, channel_id: int) -> Match:
        """The open match of a channel, else the last one played there (a
        lobby cancelled before it started does not count)."""
        match = await self.store.latest_match(channel_id)
        if match is None or (match.state is None and match.status != "lobby"):
            raise ServiceError("no_match")
        return match

    async def get(self, match_id: int) -> Match:
        match = await self.store.get_match(match_id)
        if match is None:
            raise ServiceError("no_match")
        return match

    @staticmethod
    def state(match: Match) -> BaseModel:
        return engines.get(match.game).load_state(match.state)

    async def log(self, match_id: int, last: int = 15) -> list[LoggedAction]:
        return await self.store.actions(match_id, last)

    async def series_totals(self, match: Match) -> dict[int, int]:
        """Points per user over all finished matches of the series (rematches)."""
        totals: dict[int, int] = {u: 0 for u in match.user_ids}
        for m in await self.store.series(match.series_id or match.id):
            if m.status == "finished" and m.outcome and "scores" in m.outcome:
                for seat, user in enumerate(m.user_ids):
                    totals[user] = totals.get(user, 0) + m.outcome["scores"][seat]
        return totals

    async def waiting_on_machines(self) -> list[Match]:
        """Running matches whose seat to act is on autopilot or played by the
        computer (a crash came between a move and their moves after it)."""
        out = []
        async with self.store.transaction() as tx:
            for match in await tx.running_matches():
                if not all(s.person for s in match.seats):
                    engine = engines.get(match.game)
                    if any(not match.seats[s].person for s in engine.to_act(engine.load_state(match.state))):
                        out.append(match)
        return out

    async def unannounced(self, idle_before: str | None = None) -> list[Match]:
        """Matches with a move whose board post was never made (only those
        untouched since ``idle_before``, if given)."""
        return await self.store.board_due_matches(idle_before)

    async def rearm(self) -> int:
        """Give every waiting seat of a running match its reminder (and
        deadline) again if a crash lost them between claiming a timer and
        setting the next one; returns how many seats needed it."""
        count = 0
        async with self.store.transaction() as tx:
            for match in await tx.running_matches():
                if match.paused:
                    continue
                engine = engines.get(match.game)
                for seat in engine.to_act(engine.load_state(match.state)):
                    if not match.seats[seat].person:
                        continue  # the autopilot and the computer are never reminded
                    count += await self.rearm_seat(tx, match, seat, self.clock.now())
        return count

    async def rearm_seat(self, tx: Transaction, match: Match, seat: int, now: float) -> bool:
        """Set the timers the seat's open decision lacks in the match's
        current epoch, counted from when the decision opened (a bank from
        its clock); returns whether any was missing."""
        place = match.seats[seat]
        kinds = await tx.pending_kinds(match.id, seat, place.decision_counter, match.timer_epoch,
                                       in_hand_since=now - self.timer_lease)
        wanted = {"reminder"} | ({"deadline"} if match.deadline_hours or match.bank_hours else set())
        lapsing = own_deadline_hours(match).get(seat)
        missing = (wanted | ({"lapse"} if lapsing else set())) - kinds
        if "reminder" in missing:
            await tx.add_timer(match.id, "reminder", seat, place.decision_counter, match.timer_epoch,
                               now + match.reminder_hours * HOUR)
        if "deadline" in missing:
            opened = place.decision_at or now
            due = bank.runs_out(match, seat) if match.bank_hours else move_deadline(match, seat, opened)
            await tx.add_timer(match.id, "deadline", seat, place.decision_counter, match.timer_epoch,
                               max(due or now, now))
        if "lapse" in missing:
            due = max((place.decision_at or now) + lapsing * HOUR, now)
            await tx.add_timer(match.id, "lapse", seat, place.decision_counter, match.timer_epoch, due)
        return bool(missing)

    # -- moves -------------------------------------------------------------

    def choices(self, match: Match, seat: int) -> list[tuple[int, str, Any]]:
        """The seat's legal actions as (index, token, action)."""
        engine = engines.get(match.game)
        state = engine.load_state(match.state)
        return [(i, action_token(engine, a), a) for i, a in enumerate(engine.legal_actions(state, seat))]

    @staticmethod
    def check_current(match: Match, seat: int, counter: int) -> None:
        """A button made for this seat's decision at ``counter`` still applies."""
        if match.status != "running" or counter != match.seats[seat].decision_counter:
            raise Outdated()

    async def act(self, match_id: int, user_id: int, counter: int, index: int, token: str,
                  late: bool = False) -> MoveOutcome:
        """Apply the seat's ``index``-th legal action and the automatic answers
        it leads to (:mod:`bot.play.steps`), all in one transaction, then the
        moves of seats on autopilot that it made due (each in its own
        transaction), as one outcome to announce.

        ``counter`` is the seat's decision counter the button was made for;
        ``token`` must match the action found at ``index``. A stale button gets
        :class:`Outdated`; of two racing clicks exactly one is applied.
        ``late``: a default choice after a missed deadline, not the player's
        own (which would show they are back)."""
        outcome = await self._act(match_id, user_id, counter, index, token, late=late)
        if not any(s.autopilot for s in outcome.match.seats):
            return outcome
        return merged(engines.get(outcome.match.game), outcome, await self.autopilot(match_id))

    async def autopilot(self, match_id: int) -> list[MoveOutcome]:
        """Play the game's default choice for every seat on autopilot that is
        asked, until a person is asked or the game ends."""
        outcomes: list[MoveOutcome] = []
        for _ in range(AUTOPILOT_STEPS):
            match = await self.get(match_id)
            if match.status != "running":
                break
            engine = engines.get(match.game)
            state = engine.load_state(match.state)
            due = [s for s in engine.to_act(state) if match.seats[s].autopilot]
            if not due:
                break
            seat = due[0]
            action = engine.default_action(state, seat)
            index = engine.legal_actions(state, seat).index(action)
            try:
                outcomes.append(await self._act(match.id, match.user(seat), match.seats[seat].decision_counter, index,
                                                action_token(engine, action), autopilot=True))
            except ServiceError:
                break  # another request is playing this seat right now: it carries on from there
        return outcomes

    async def _act(self, match_id: int, user_id: int, counter: int, index: int, token: str,
                   autopilot: bool = False, late: bool = False) -> MoveOutcome:
        async with metrics.timed(metrics.MOVE_COMMIT), self.store.transaction() as tx:
            match, seat = await seated(tx, match_id, user_id)
            if match.status != "running" or match.seats[seat].autopilot != autopilot:
                raise Outdated()  # a player who left no longer moves the seat (old buttons)
            engine = engines.get(match.game)
            before = engine.load_state(match.state)
            self.check_current(match, seat, counter)
            if seat not in engine.to_act(before):
                raise ServiceError("not_your_turn")
            legal = engine.legal_actions(before, seat)
            if not 0 <= index < len(legal) or action_token(engine, legal[index]) != token:
                raise Outdated()
            action = legal[index]
            place = match.seats[seat]
            if place.person and not late and (place.missed or place.handover in ("vote", "open")):
                await self._back(tx, match.id, seat)
            if place.person and not late:  # their own choice: the match can be rated for them
                await ratings.decided(tx, match.id, seat)
            moved = await self._step(tx, match, engine, before, seat, action)
            moved = merged(engine, moved, await self._automatic(tx, engine, moved.match, moved.after))
            await tx.add_notices(match.id, moved.first_counter, owed_notices(engine, moved))
        return moved

    @staticmethod
    async def _back(tx: Transaction, match_id: int, seat: int) -> None:
        """A player who moves is back: their missed deadlines, and any vote
        or offer on their seat, are over (see :mod:`bot.play.handover`)."""
        await tx.update_seat(match_id, seat, missed=0, handover=None)
        await tx.clear_seat_votes(match_id, seat)

    async def pending_notices(self, idle_before: str | None = None) -> list[Notice]:
        """Notifications owed by moves whose announcement never finished."""
        async with self.store.transaction() as tx:
            return await tx.pending_notices(idle_before)

    async def notices_sent(self, match_id: int, first: int, last: int) -> None:
        async with self.store.transaction() as tx:
            await tx.notices_sent(match_id, first, last)

    async def mark_board(self, match_id: int, channel_id: int, message_id: int, counter: int) -> None:
        """The board of move ``counter`` was posted; a later move that owes a
        board of its own keeps its flag."""
        async with self.store.transaction() as tx:
            match = await tx.match(match_id)
            due = 0 if match is None or match.counter <= counter else int(match.board_due)
            await tx.update_match(
                match_id, board_channel_id=channel_id, board_message_id=message_id, board_counter=counter, board_due=due,
            )

    # -- ending --------------------------------------------------------------

    async def resign(self, channel_id: int, user_id: int) -> Match:
        async with self.store.transaction() as tx:
            match = await self._open(tx, channel_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_a_player")
            if match.status != "running":
                raise ServiceError("not_running")
            return await self._concede(tx, match, seat, "resigned")

    async def forfeit(self, match_id: int, seat: int) -> Match:
        """A missed deadline under the "forfeit" policy: the late seat loses."""
        async with self.store.transaction() as tx:
            match = await tx.match(match_id)
            return await self._concede(tx, match, seat, "forfeit")

    async def _concede(self, tx: Transaction, match: Match, seat: int, reason: str) -> Match:
        """With two seats the match ends with ``seat`` losing and the other
        winning (scores are the game's current ones where it keeps any); with
        three or more the seat leaves the table and plays on by autopilot."""
        if len(match.seats) >= AUTOPILOT_MIN_SEATS:
            return await leave_running(tx, match, seat, reason)
        engine = engines.get(match.game)
        others = [s for s in range(len(match.seats)) if s != seat]
        scores = current_scores(engine, engine.load_state(match.state), len(match.seats))
        outcome = Result(scores=scores, winners=others, reason=reason).model_dump() | {"conceded": seat}
        await tx.update_match(match.id, status="finished", outcome=outcome, counter=match.counter + 1)
        await tx.end_stint(match.id, seat, reason)
        await ratings.rate(tx, match.id)
        return await tx.match(match.id)

    async def cancel(self, channel_id: int, user_id: int) -> tuple[Match, bool]:
        """The host cancels a lobby; a running match is cancelled once every
        player has voted for it since the last move. Returns the match and
        whether it is cancelled."""
        async with self.store.transaction() as tx:
            match = await self._open(tx, channel_id)
            seat = match.seat_of(user_id)
            if match.status == "lobby":
                if user_id != match.host_id:
                    raise ServiceError("not_host")
                return await self.cancel_now(tx, match), True
            if seat is None:
                raise ServiceError("not_a_player")
            match = await votes.cast(tx, match, seat, votes.CANCEL)
            if not votes.tally(match, votes.CANCEL).complete:
                return match, False
            await votes.clear(tx, match.id, votes.CANCEL)
            return await self.cancel_now(tx, match), True

    @staticmethod
    async def cancel_now(tx: Transaction, match: Match) -> Match:
        """End a lobby, or a running match without a result (the table agreed,
        or a moderator decided: :mod:`bot.play.servers`); in a running match
        the counter moves on so that every button of the match is outdated."""
        counter = match.counter + 1 if match.status == "running" else match.counter
        await tx.update_match(match.id, status="cancelled", outcome={"reason": "cancelled"}, counter=counter)
        return await tx.match(match.id)
