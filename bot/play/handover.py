"""Seats whose player has gone: the vote on what becomes of them, substitutes,
the computer taking over, and handing a seat back.

Who plays a seat:

- a person (a Discord user id);
- the computer (a negative user id, :func:`bot.store.computer_id`): added in
  the lobby, or handed a seat by a vote; its moves are the search of
  :mod:`engines.ai`, made by :mod:`bot.discord.computers`;
- the autopilot (the game's default choices): a player who left (``/game
  leave``, or resigning or a forfeit with three or more seats), until the table
  decides.

**The vote.** A player who left, or who missed :data:`MISSED_FOR_VOTE`
deadlines in a row, opens a vote among the other people at the table
(``handover='vote'``): wait for them, open the seat to a substitute, or hand it
to the computer. A choice wins as soon as more than half of the voters want
it; once everyone has voted without such a majority, the most wanted wins,
a tie going to the computer, then to the substitute (the choices that keep the
match going without the one who left). The vote is on the board post, with its
buttons, so a crash before it is shown loses nothing (``board_due``).

- *wait*: nothing changes. A vanished player keeps the seat (the deadline
  policy goes on playing it); a player who left stays on autopilot.
- *substitute*: the board offers "Take over this seat" to anyone in the channel
  not playing yet (``handover='open'``); meanwhile the seat plays on as before.
  The substitute sees that seat's view from then on, and the one who left no
  longer does.
- *computer*: the computer plays the seat from now on.

A player who makes a move of their own is back: their missed deadlines and
any vote or offer on their seat end. The original player takes a seat back
with ``/game rejoin``: from the autopilot or the computer at once; from a
substitute when the substitute agrees (the "Hand back" button,
``handover='return'``).

With three or more seats a match never ends for everyone because one left: it
ends when a single person is left with no computer to play against (they
win), or when no person is left (the computers at the table win).

Every change of who holds a seat is a stint in the store (who held it, and
how it ended: ``left``, ``vanished``, ``resigned``, ``forfeit``,
``handed_back``), for the stats.
"""

from __future__ import annotations

from collections import Counter

import engines
from bot.play import ratings
from bot.play.errors import ServiceError
from bot.play.moves import current_scores
from bot.store import Match, SeatVote, Store, Transaction, computer_id
from engines import Result

CHOICES = ("wait", "substitute", "computer")
#: A tie among all the votes goes to the first of these.
TIE_ORDER = ("computer", "substitute", "wait")
#: Deadlines missed in a row that open a vote on the seat.
MISSED_FOR_VOTE = 2
#: Leaving a running match needs this many seats: with fewer it is resigning.
AUTOPILOT_MIN_SEATS = 3


def voters(match: Match, seat: int) -> list[int]:
    """The seats that vote on ``seat``: every other seat a person plays."""
    return [s.seat for s in match.seats if s.person and s.seat != seat]


def decided(votes: list[SeatVote], eligible: list[int]) -> str | None:
    """The choice the votes settle on, ``None`` while it is open."""
    counted = [v for v in votes if v.voter in eligible]
    counts = Counter(v.choice for v in counted)
    for choice, n in counts.items():
        if 2 * n > len(eligible):
            return choice
    if eligible and len(counted) == len(eligible):
        best = max(counts.values())
        return next(choice for choice in TIE_ORDER if counts.get(choice) == best)
    return None


async def open_vote(tx: Transaction, match: Match, seat: int) -> bool:
    """Open the vote on ``seat`` unless one is under way or nobody could vote;
    the next board post shows it (flagged in this transaction)."""
    if match.status != "running" or match.seats[seat].handover is not None or not voters(match, seat):
        return False
    await tx.clear_seat_votes(match.id, seat)
    await tx.update_seat(match.id, seat, handover="vote")
    await tx.update_match(match.id, board_due=1)
    return True


async def leave_running(tx: Transaction, match: Match, seat: int, reason: str = "left") -> Match:
    """A player leaves a running match of three or more seats (by ``/game
    leave``, resigning, or a deadline under "forfeit"): the seat plays on by
    autopilot (the caller runs :meth:`MatchService.autopilot`), can no longer
    win, and the others vote on it. The match ends when one person is left
    without a computer at the table (they win), or no person is left."""
    if len(match.seats) < AUTOPILOT_MIN_SEATS:
        raise ServiceError("leave_running")
    if match.seats[seat].autopilot:
        raise ServiceError("not_joined")
    await tx.update_seat(match.id, seat, autopilot=1, handover=None, missed=0)
    await tx.clear_seat_votes(match.id, seat)
    await tx.end_stint(match.id, seat, reason)
    match = await tx.match(match.id)
    playing = [s for s in match.seats if not s.autopilot]
    people = [s.seat for s in playing if s.person]
    if not people or len(playing) == 1:
        engine = engines.get(match.game)
        scores = current_scores(engine, engine.load_state(match.state), len(match.seats))
        winners = [s.seat for s in playing]
        outcome = Result(scores=scores, winners=winners, reason="last_player").model_dump() | {"conceded": seat}
        await tx.update_match(match.id, status="finished", outcome=outcome, counter=match.counter + 1)
        await ratings.rate(tx, match.id)
    else:
        await open_vote(tx, match, seat)
    return await tx.match(match.id)


def _original(match: Match, seat: int) -> int | None:
    """Who may take the seat back once someone else holds it."""
    place = match.seats[seat]
    return place.original_user_id or (place.user_id if place.user_id > 0 else None)


class Handovers:
    """The votes, substitutes and returns, each in one transaction; the
    service opens the decisions of a seat that changes hands."""

    def __init__(self, store: Store, service) -> None:
        self.store = store
        self.service = service

    async def _seat(self, tx: Transaction, match_id: int, seat: int) -> Match:
        match = await tx.match(match_id)
        if match is None:
            raise ServiceError("no_match")
        if match.status != "running" or not 0 <= seat < len(match.seats):
            raise ServiceError("handover_over")
        return match

    async def vote(self, match_id: int, user_id: int, seat: int, choice: str) -> tuple[Match, str | None]:
        """The user's vote on ``seat``; returns the match and the choice that
        won, if the vote is settled now."""
        if choice not in CHOICES:
            raise ServiceError("handover_over")
        async with self.store.transaction() as tx:
            match = await self._seat(tx, match_id, seat)
            if match.seats[seat].handover != "vote":
                raise ServiceError("handover_over")
            voter = match.seat_of(user_id)
            if voter == seat:
                raise ServiceError("handover_own")
            if voter is None or not match.seats[voter].person:
                raise ServiceError("not_a_player")
            await tx.cast_seat_vote(match.id, seat, voter, choice)
            result = decided(await tx.seat_votes(match.id, seat), voters(match, seat))
            if result == "wait":
                await tx.update_seat(match.id, seat, handover=None, missed=0)
            elif result == "substitute":
                await tx.update_seat(match.id, seat, handover="open")
            elif result == "computer":
                await self._to_computer(tx, match, seat)
            if result:
                await tx.clear_seat_votes(match.id, seat)
            return await tx.match(match.id), result

    async def _to_computer(self, tx: Transaction, match: Match, seat: int) -> None:
        place = match.seats[seat]
        if place.person:
            await tx.end_stint(match.id, seat, "vanished")
        await tx.update_seat(match.id, seat, user_id=computer_id(match.seats), original_user_id=_original(match, seat),
                             autopilot=0, handover=None, missed=0)

    async def take_over(self, match_id: int, user_id: int, seat: int) -> Match:
        """A substitute takes the open seat: from now on it is theirs."""
        async with self.store.transaction() as tx:
            match = await self._seat(tx, match_id, seat)
            if match.seats[seat].handover != "open":
                raise ServiceError("handover_over")
            if match.seat_of(user_id) is not None:
                raise ServiceError("already_playing")
            if match.seats[seat].person:
                await tx.end_stint(match.id, seat, "vanished")
            await tx.update_seat(match.id, seat, user_id=user_id, original_user_id=_original(match, seat), autopilot=0,
                                 handover=None, missed=0)
            await tx.start_stint(match.id, seat, user_id)
            return await self._reopen(tx, match.id, seat)

    async def rejoin(self, channel_id: int, user_id: int) -> tuple[Match, str]:
        """The original player takes their seat back: ``"back"`` at once from
        the autopilot, the computer or a pending vote or offer; ``"asked"``
        when a substitute holds it (they hand it back with a button)."""
        async with self.store.transaction() as tx:
            match = await tx.open_match(channel_id)
            if match is None or match.status != "running":
                raise ServiceError("not_running")
            held = match.seat_of(user_id)
            mine = next((s.seat for s in match.seats if s.original_user_id == user_id), None)
            if held is not None and (mine is not None or not (match.seats[held].autopilot
                                                              or match.seats[held].handover in ("vote", "open"))):
                raise ServiceError("already_playing" if mine is not None else "rejoin_nothing")
            seat = held if held is not None else mine
            if seat is None:
                raise ServiceError("rejoin_nothing")
            place = match.seats[seat]
            if place.user_id > 0 and place.user_id != user_id:  # a substitute's now
                await tx.update_seat(match.id, seat, handover="return")
                await tx.update_match(match.id, board_due=1)
                return await tx.match(match.id), "asked"
            if not place.person:
                await tx.start_stint(match.id, seat, user_id)
            await tx.clear_seat_votes(match.id, seat)
            await tx.update_seat(match.id, seat, user_id=user_id, original_user_id=None, autopilot=0, handover=None,
                                 missed=0)
            return await self._reopen(tx, match.id, seat), "back"

    async def hand_back(self, match_id: int, user_id: int, seat: int) -> Match:
        """The substitute gives the seat back to its original player, who asked."""
        async with self.store.transaction() as tx:
            match = await self._seat(tx, match_id, seat)
            place = match.seats[seat]
            if place.handover != "return" or place.original_user_id is None:
                raise ServiceError("handover_over")
            if place.user_id != user_id:
                raise ServiceError("handover_not_yours")
            if place.original_user_id in match.user_ids:
                raise ServiceError("already_playing")
            await tx.end_stint(match.id, seat, "handed_back")
            await tx.update_seat(match.id, seat, user_id=place.original_user_id, original_user_id=None, handover=None,
                                 missed=0)
            await tx.start_stint(match.id, seat, place.original_user_id)
            return await self._reopen(tx, match.id, seat)

    async def _reopen(self, tx: Transaction, match_id: int, seat: int) -> Match:
        """A person holds the seat now: if it is asked, its reminder and
        deadline start for them."""
        match = await tx.match(match_id)
        engine = engines.get(match.game)
        if seat in engine.to_act(engine.load_state(match.state)):
            await self.service.open_decisions(tx, match, [seat])
        return await tx.match(match_id)

    async def missed_deadline(self, match_id: int, seat: int) -> bool:
        """Count a deadline the seat's player missed; the second in a row
        opens the vote on the seat. Returns whether it did."""
        async with self.store.transaction() as tx:
            match = await tx.match(match_id)
            place = match.seats[seat]
            if match.status != "running" or not place.person:
                return False
            await tx.update_seat(match.id, seat, missed=place.missed + 1)
            return place.missed + 1 >= MISSED_FOR_VOTE and await open_vote(tx, match, seat)
