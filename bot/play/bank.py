"""Time banks: a chess clock for days (the match option ``bank``).

Each seat has a bank (``bank_hours``, the same for all). While a seat's
decision is open its clock runs; with simultaneous decisions each open seat's
own clock runs. A seat's deadline is the moment its bank is empty; then the
match's deadline policy applies (:meth:`bot.play.slow.SlowPlay.fire`).

Decisions:
- the increment is added once the seat's decision is done (it is no longer
  asked after its move), not per action of a turn of several actions; a
  default choice after an empty bank is charged like a move, so the next
  decision starts with the increment alone;
- a pause (voted or by the "pause" policy) stops every clock; resuming starts
  the clocks of the seats then asked;
- an undo neither refunds time nor takes back increments: the clocks run on
  for the seats asked after it (an undo needs everyone's vote, so it is no
  way to win time);
- a vacation (:mod:`bot.play.away`) holds the seat's clock: it starts (or
  goes on) when the vacation ends.

Every change is written in the transaction of the move, pause or undo that
causes it: a crash loses no time and charges none twice.
"""

from __future__ import annotations

from bot.play.clock import HOUR
from bot.store import Match, Transaction

#: The option's ranges: bank in days, increment in hours.
BANK_DAYS = (1, 30)
INCREMENT_HOURS = (0, 72)


def stored_left(match: Match, seat: int) -> float:
    """The bank in seconds as of the seat's ``clock_from``."""
    place = match.seats[seat]
    return place.bank_left if place.bank_left is not None else (match.bank_hours or 0) * HOUR


def left(match: Match, seat: int, now: float) -> float:
    """The bank in seconds left now (a held clock has not started)."""
    place = match.seats[seat]
    spent = max(0.0, now - place.clock_from) if place.clock_from is not None else 0.0
    return max(0.0, stored_left(match, seat) - spent)


def runs_out(match: Match, seat: int) -> float | None:
    """When the seat's running clock reaches zero (``None``: no bank, or stopped)."""
    place = match.seats[seat]
    if not match.bank_hours or match.paused or place.clock_from is None:
        return None
    return place.clock_from + stored_left(match, seat)


async def start(tx: Transaction, match: Match, seat: int, now: float) -> float | None:
    """The seat is asked: its clock runs from now, or from the end of its
    vacation; returns when the bank runs out (``None`` without a bank).
    Time its clock already ran is charged first, so starting again (after an
    undo, a vacation or its end) never gives time back."""
    if not match.bank_hours:
        return None
    remaining = left(match, seat, now)
    begins = max(now, match.seats[seat].away_until or 0.0)
    await tx.update_seat(match.id, seat, bank_left=remaining, clock_from=begins)
    return begins + remaining


async def stop(tx: Transaction, match: Match, now: float, seats: list[int] | None = None,
               increment: int | None = None) -> None:
    """Stop the running clocks of ``seats`` (all by default), charging the
    time they ran; ``increment``: the seat whose decision is done gets the
    match's increment."""
    if not match.bank_hours:
        return
    for place in match.seats:
        if place.clock_from is None or (seats is not None and place.seat not in seats):
            continue
        remaining = left(match, place.seat, now)
        if place.seat == increment:
            remaining += match.increment_hours * HOUR
        await tx.update_seat(match.id, place.seat, bank_left=remaining, clock_from=None)


async def after_move(tx: Transaction, match: Match, seat: int, asked: list[int], now: float) -> None:
    """After ``seat`` moved: the clocks of seats no longer ``asked`` stop,
    the mover's with its increment (a seat whose clock did not run, played
    by the autopilot or the computer, gets none)."""
    await stop(tx, match, now, [s.seat for s in match.seats if s.seat not in asked], increment=seat)
