"""A player's time settings (``/game settings``) and what their digest timer
lists: the daily digest, or the turn notices held in their quiet hours
(decisions in :mod:`bot.play.quiet`). No Discord here."""

from __future__ import annotations

from dataclasses import dataclass

from bot.play import quiet
from bot.play.errors import ServiceError
from bot.play.lobby import DAY
from bot.play.slow import SlowPlay
from bot.store import Match, Store, User

#: A sentinel of :meth:`UserTime.update`: the option was not given.
KEEP = object()


@dataclass
class Waiting:
    """A match waiting for the user: their seat, since when, and what the
    seat may see of what happened since its last move."""

    match: Match
    seat: int
    since: float
    events: list[dict]


class UserTime:
    def __init__(self, store: Store, slow: SlowPlay) -> None:
        self.store = store
        self.slow = slow
        self.clock = slow.clock

    async def get(self, user_id: int) -> User:
        return await self.store.get_user(user_id) or User(user_id, None, None, False)

    async def update(self, user_id: int, *, zone=KEEP, quiet_from=KEEP, quiet_to=KEEP, digest=KEEP) -> User:
        """Check every given option first, then store them together: a
        refusal changes nothing. ``digest``: an hour, or None for off."""
        user = await self.get(user_id)
        values = {}
        if zone is not KEEP:
            if not isinstance(zone, str) or not quiet.valid_zone(zone):
                raise ServiceError("bad_zone", zone=str(zone)[:60])
            values["tz"] = zone
        if (quiet_from is KEEP) != (quiet_to is KEEP):
            raise ServiceError("quiet_both")
        for hour in (quiet_from, quiet_to, digest):
            if hour is not KEEP and hour is not None and not (isinstance(hour, int) and 0 <= hour <= 23):
                raise ServiceError("hour_range")
        if quiet_from is not KEEP:
            if quiet_from is None or quiet_to is None:
                raise ServiceError("hour_range")
            values |= {"quiet_from": quiet_from, "quiet_to": quiet_to}
        if digest is not KEEP:
            values["digest_hour"] = digest
        merged = User(**{**user.__dict__, **values})
        if merged.digest_hour is not None and quiet.in_hours(merged.digest_hour, merged.quiet_from, merged.quiet_to):
            raise ServiceError("digest_in_quiet")
        if "digest_hour" in values or "tz" in values and merged.digest_hour is not None:
            # the daily digest's timer follows its hour and zone; turning it off drops it
            values["digest_due"] = quiet.next_digest(merged, self.clock.now())
        await self.store.update_user(user_id, **values)
        return await self.get(user_id)

    async def waiting(self, user_id: int) -> list[Waiting]:
        """The running matches where it is the user's turn, longest waiting first."""
        out = []
        for match, seats, since in await self.slow.waiting_matches(user_id):
            seat = match.seat_of(user_id)
            if match.status != "running" or match.paused or seat not in seats or not match.seats[seat].person:
                continue
            events = await self.slow.digest(match, seat, limit=3)
            out.append(Waiting(match, seat, match.seats[seat].decision_at or since or 0, events))
        return out

    async def due(self, user: User) -> list[Waiting]:
        """What the user's due digest lists: with a digest hour, every match
        waiting for them; else (turn notices held in the night) those whose
        turn began in the quiet hours just over, still waiting."""
        found = await self.waiting(user.user_id)
        if user.digest_hour is not None:
            return found
        now = self.clock.now()
        return [w for w in found if w.since > now - DAY and quiet.is_quiet(user, w.since)]

    async def hold_turn(self, user: User | None, at: float) -> bool:
        """Whether a turn notice at ``at`` is not sent now: with a digest the
        digest tells; in quiet hours the notice waits until they end."""
        if user is None:
            return False
        if user.digest_hour is not None:
            return True
        end = quiet.quiet_end(user, at)
        if end > at:
            await self.store.digest_due_by(user.user_id, end)
            return True
        return False
