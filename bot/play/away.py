"""Vacation across all matches (``/game away``; ``days:0`` comes back).

A player away stops the deadlines and the bank clocks of every match they
play (and of matches that start while they are away); the boards show it.
The vacation is the user's (``users.away_until``) and is copied into the
seats of their open matches (``seats.away_until``, the column of the old
once-per-match ``/game away``, which matches stored then still use), so a
deadline reads one place.

Decisions: the days away that fall inside any ``WINDOW_DAYS`` (30) days may
not exceed ``AWAY_DAYS`` (14), counted over the vacations taken (the table
``away_periods``), so that vacations on either side of a month's end cannot
add up to four weeks; a refusal says how many days are left now and from
when the days asked for fit. A vacation is not extended while it runs (come
back first); coming back (``/game away days:0``) gives back the whole days
not yet begun (the vacation is cut to the days begun, which still count).
Going away or coming back re-arms the timers of the matches touched:
per-move deadlines keep counting from when the decision opened (moved to the
end of the vacation), bank clocks are charged up to now and held until then.
"""

from __future__ import annotations

import engines
from bot.play import bank
from bot.play.clock import DAY, HOUR
from bot.play.errors import ServiceError
from bot.store import Match, Store, Transaction

#: At most this many days away in any ``WINDOW_DAYS`` days.
AWAY_DAYS = 14
WINDOW_DAYS = 30
#: Seconds of rounding a window's sum may carry (times are floats).
SLACK = 1.0

Period = tuple[float, float]


def covered(periods: list[Period], start: float, end: float) -> float:
    """Seconds of [start, end) inside any of ``periods`` (overlaps count once)."""
    total, reach = 0.0, start
    for first, last in sorted((max(a, start), min(b, end)) for a, b in periods if b > start and a < end):
        first = max(first, reach)
        if last > first:
            total += last - first
            reach = last
    return total


def fits(periods: list[Period], start: float, days: int) -> bool:
    """Whether a vacation of ``days`` from ``start`` keeps every window of
    ``WINDOW_DAYS`` that it touches at ``AWAY_DAYS`` or less. The days a
    window covers change linearly between the points where one of its edges
    meets the start or end of a vacation, so those windows are the ones to
    check (windows the new vacation does not touch are as they were)."""
    new = (start, start + days * DAY)
    spans, window = [*periods, new], WINDOW_DAYS * DAY
    edges = {edge - shift for span in spans for edge in span for shift in (0, window)}
    return all(covered(spans, w, w + window) <= AWAY_DAYS * DAY + SLACK
               for w in edges if new[0] - window <= w <= new[1])


def days_left(periods: list[Period], now: float) -> int:
    """The longest vacation that fits from ``now``, in whole days."""
    return next((d for d in range(AWAY_DAYS, 0, -1) if fits(periods, now, d)), 0)


def fits_from(periods: list[Period], now: float, days: int) -> float:
    """The first whole hour from ``now`` at which ``days`` fit, at the latest
    when every vacation so far has left the window. Later starts never fit
    worse (a window over the new vacation holds less of the past the later
    it lies), so the hours are bisected."""
    latest = max([now, *(end + WINDOW_DAYS * DAY for _, end in periods)])
    low, high = 0, int(-(-(latest - now) // HOUR))  # fits at now + high * HOUR
    while low < high:
        middle = (low + high) // 2
        if fits(periods, now + middle * HOUR, days):
            high = middle
        else:
            low = middle + 1
    return now + high * HOUR


async def go_away(store: Store, service, user_id: int, days: int) -> tuple[float, list[Match]]:
    """Start a vacation of ``days``; returns its end and the matches it stops."""
    if not isinstance(days, int) or not 1 <= days <= AWAY_DAYS:
        raise ServiceError("away_range", max=AWAY_DAYS)
    now = service.clock.now()
    async with store.transaction() as tx:
        user = await tx.get_user(user_id)
        if user is not None and user.away_until and user.away_until > now:
            raise ServiceError("away_already", when=f"<t:{int(user.away_until)}:f>")
        # only vacations ending within a window before now can share one with this one
        periods = await tx.away_periods(user_id, now - WINDOW_DAYS * DAY)
        if not fits(periods, now, days):
            raise ServiceError("away_limit", max=AWAY_DAYS, window=WINDOW_DAYS, left=days_left(periods, now),
                               days=days, when=f"<t:{int(fits_from(periods, now, days))}:f>")
        until = now + days * DAY
        await tx.add_away_period(user_id, now, until, forget_before=now - WINDOW_DAYS * DAY)
        await tx.update_user(user_id, away_until=until)
        return until, await _spread(tx, service, user_id, until, now)


async def come_back(store: Store, service, user_id: int) -> tuple[int, list[Match]]:
    """End the vacation now; returns the days given back and the matches."""
    now = service.clock.now()
    async with store.transaction() as tx:
        user = await tx.get_user(user_id)
        if user is None or not user.away_until or user.away_until <= now:
            raise ServiceError("not_away")
        unused = int((user.away_until - now) // DAY)
        await tx.end_away_period(user_id, now, user.away_until - unused * DAY)
        await tx.update_user(user_id, away_until=None)
        return unused, await _spread(tx, service, user_id, None, now)


async def _spread(tx: Transaction, service, user_id: int, until: float | None, now: float) -> list[Match]:
    """Copy the vacation into the user's seats and re-arm the running
    matches' timers (a new timer epoch voids the old ones)."""
    touched = []
    for match in await tx.user_matches(user_id):
        mine = [s.seat for s in match.seats if s.user_id == user_id]
        for seat in mine:
            await tx.update_seat(match.id, seat, away_until=until)
        if match.status != "running" or match.paused:
            touched.append(await tx.match(match.id))
            continue
        match = await tx.match(match.id)
        engine = engines.get(match.game)
        asked = [s for s in engine.to_act(engine.load_state(match.state)) if match.seats[s].person]
        for seat in mine:
            if seat in asked:
                await bank.start(tx, match, seat, now)
        await tx.update_match(match.id, timer_epoch=match.timer_epoch + 1)
        match = await tx.match(match.id)
        for seat in asked:
            await service.rearm_seat(tx, match, seat, now)
        touched.append(await tx.match(match.id))
    return touched


async def seat_travellers(tx: Transaction, match: Match, now: float) -> None:
    """A match starts: players on vacation bring it to their seats."""
    for place in match.seats:
        if place.person:
            user = await tx.get_user(place.user_id)
            if user is not None and user.away_until and user.away_until > now:
                await tx.update_seat(match.id, place.seat, away_until=user.away_until)
