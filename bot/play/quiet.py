"""A player's time: quiet hours in their time zone and the daily digest.

Pure functions over :class:`bot.store.User`, no storage, no Discord.

Decisions: quiet hours are whole local hours ``[quiet_from, quiet_to)``
(22 to 7: from 22:00 until 07:00; equal hours: none). In them the bot sends
the player no turn notice and no reminder by DM: a reminder due then waits
until they end; turn notices held in the night become one notice at their end
(the user's digest timer, listing the matches that still wait for them, so
nothing is sent for a turn they played meanwhile). Secret choices and private
views still go out by DM: they are part of the move, not a notice. A deadline
that would fall in the player's quiet hours moves to their end. With a digest
hour, the player gets no DM per turn, only one a day at that hour (none when
nothing waits); reminders still come (they say a turn has waited long). The
digest hour may not lie inside the quiet hours. A game's own short window (a
counter window, timer kind "lapse") is part of the rules and is not moved.
Without a zone the player's hours are UTC.

Zones are the canonical names of the IANA time zone database as the tzdata
package ships it (one per region in its ``zone.tab`` and ``zone1970.tab``,
and UTC), read from that package, not from the host: the host's list has
links of its own ("localtime", "posixrules") and varies between machines.
Backward aliases ("US/Pacific") are not offered or accepted; one stored
before still works, and a stored name tzdata does not know counts as UTC.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from functools import lru_cache
from importlib.resources import files
from zoneinfo import ZoneInfo

from bot.store import User

UTC = "UTC"


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """The zones a player may choose, sorted."""
    names = {UTC}
    for table in ("zone1970.tab", "zone.tab"):
        for line in files("tzdata").joinpath("zoneinfo", table).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                names.add(line.split("\t")[2].strip())
    return tuple(sorted(names))


@lru_cache(maxsize=1)
def _known_names() -> frozenset[str]:
    """Every name tzdata has a file for, aliases included (its ``zones`` list)."""
    return frozenset(files("tzdata").joinpath("zones").read_text(encoding="utf-8").split())


def valid_zone(name: str) -> bool:
    # only names from the list: ZoneInfo would also read a file path
    return name in zone_names()


@lru_cache(maxsize=None)
def load_zone(name: str) -> ZoneInfo:
    """The zone ``name`` from tzdata (UTC for a name it does not know)."""
    if name not in _known_names():
        name = UTC
    with files("tzdata").joinpath("zoneinfo", *name.split("/")).open("rb") as data:
        return ZoneInfo.from_file(data, key=name)


def _zone(user: User | None) -> ZoneInfo:
    return load_zone(user.tz if user and user.tz else UTC)


def in_hours(hour: int, start: int, end: int) -> bool:
    """Is the local ``hour`` within ``[start, end)`` (wrapping at midnight)?"""
    if start == end:
        return False
    return start <= hour < end if start < end else hour >= start or hour < end


def quiet_end(user: User | None, at: float) -> float:
    """``at`` itself, or the end of the quiet hours it falls in."""
    if user is None or user.quiet_from == user.quiet_to:
        return at
    zone = _zone(user)
    local = datetime.fromtimestamp(at, zone)
    if not in_hours(local.hour, user.quiet_from, user.quiet_to):
        return at
    return next_hour(user, at, user.quiet_to)


def is_quiet(user: User | None, at: float) -> bool:
    return quiet_end(user, at) != at


def next_hour(user: User | None, at: float, hour: int) -> float:
    """The first full ``hour`` o'clock in the user's zone after ``at``.
    Computed on the local calendar, so a day with a clock change still
    gets its hour (a skipped hour becomes the one after it)."""
    zone = _zone(user)
    local = datetime.fromtimestamp(at, zone)
    for days in range(3):
        day = (local + timedelta(days=days)).date()
        wall = datetime(day.year, day.month, day.day, hour, tzinfo=zone)
        # a wall time the clock skips is not a real instant: round it up via UTC
        stamp = wall.astimezone(timezone.utc).timestamp()
        if stamp > at:
            return stamp
    raise AssertionError("unreachable: an hour recurs within two days")


def next_digest(user: User, at: float) -> float | None:
    """When the daily digest after ``at`` is due; None without one."""
    return None if user.digest_hour is None else next_hour(user, at, user.digest_hour)
