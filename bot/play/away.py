"""Vacation across all matches (``/game away`` and ``/game back``).

A player away stops the deadlines and the bank clocks of every match they
play (and of matches that start while they are away); the boards show it.
The vacation is the user's (``users.away_until``) and is copied into the
seats of their open matches (``seats.away_until``, the column of the old
once-per-match ``/game away``, which matches stored then still use), so a
deadline reads one place.

Decisions: at most ``MONTHLY_AWAY_DAYS`` days per calendar month (UTC) of
the day the vacation starts; a vacation is not extended while it runs (come
back first); ``/game back`` returns the whole days not yet begun to the
month the vacation was taken in, if it is still that month. Going away or
coming back re-arms the timers of the matches touched: per-move deadlines
keep counting from when the decision opened (moved to the end of the
vacation), bank clocks are charged up to now and held until then.
"""

from __future__ import annotations

from datetime import datetime, timezone

import engines
from bot.play import bank
from bot.play.clock import DAY
from bot.play.errors import ServiceError
from bot.store import Match, Store, Transaction

MONTHLY_AWAY_DAYS = 14


def month_of(now: float) -> str:
    return datetime.fromtimestamp(now, timezone.utc).strftime("%Y-%m")


async def go_away(store: Store, service, user_id: int, days: int) -> tuple[float, list[Match]]:
    """Start a vacation of ``days``; returns its end and the matches it stops."""
    if not isinstance(days, int) or not 1 <= days <= MONTHLY_AWAY_DAYS:
        raise ServiceError("away_range", max=MONTHLY_AWAY_DAYS)
    now = service.clock.now()
    month = month_of(now)
    async with store.transaction() as tx:
        user = await tx.get_user(user_id)
        if user is not None and user.away_until and user.away_until > now:
            raise ServiceError("away_already", when=f"<t:{int(user.away_until)}:f>")
        used = user.away_days if user is not None and user.away_month == month else 0
        if used + days > MONTHLY_AWAY_DAYS:
            raise ServiceError("away_limit", left=MONTHLY_AWAY_DAYS - used, max=MONTHLY_AWAY_DAYS)
        until = now + days * DAY
        await tx.update_user(user_id, away_until=until, away_month=month, away_days=used + days)
        return until, await _spread(tx, service, user_id, until, now)


async def come_back(store: Store, service, user_id: int) -> tuple[int, list[Match]]:
    """End the vacation now; returns the days given back and the matches."""
    now = service.clock.now()
    async with store.transaction() as tx:
        user = await tx.get_user(user_id)
        if user is None or not user.away_until or user.away_until <= now:
            raise ServiceError("not_away")
        unused = int((user.away_until - now) // DAY) if user.away_month == month_of(now) else 0
        await tx.update_user(user_id, away_until=None, away_days=max(0, user.away_days - unused))
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
