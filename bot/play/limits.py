"""Limits against noise: how often one user may re-post a board, open new
matches, or be sent DMs. Kept in memory per process (a restart forgets
them, which costs at most one more post); refused requests name when they
are possible again.
"""

from __future__ import annotations

from collections import defaultdict, deque
from typing import Hashable

from bot.play.clock import Clock
from bot.play.errors import ServiceError

#: A board is re-posted at most this often per match (seconds).
BOARD_REPOST_SECONDS = 30.0
#: A channel's recap (``/game recap``) at most this often (seconds), and
#: recaps built at once per process: a recap keeps a render worker busy for
#: seconds, the other one stays free for boards.
RECAP_SECONDS = 300.0
RECAPS_AT_ONCE = 1
#: New matches per user and server in an hour, unless configured otherwise.
MATCHES_PER_HOUR = 5
#: After Discord refused a DM as too fast (40003): no DM to that user for
#: this long, doubling with each refusal up to a day.
DM_BACKOFF_SECONDS = 60.0
DM_BACKOFF_MAX = 24 * 3600.0
#: DMs to one user at most this many in DM_BUDGET_SECONDS (a player in many
#: busy matches); past it notices wait and go with the next DM (see
#: :mod:`bot.discord.dms`), never to the channel: the player's DMs are open.
DM_BUDGET = 30
DM_BUDGET_SECONDS = 600.0


class TooSoon(ServiceError):
    """Refused for now; ``when`` (clock seconds) it is possible again."""

    def __init__(self, key: str, when: float) -> None:
        super().__init__(key, when=f"<t:{int(when) + 1}:R>")
        self.when = when


class Limits:
    def __init__(self, clock: Clock, *, matches_per_hour: int = MATCHES_PER_HOUR) -> None:
        self.clock = clock
        self.matches_per_hour = matches_per_hour
        self._last: dict[Hashable, float] = {}
        self._recent: dict[Hashable, deque[float]] = defaultdict(deque)
        self._dm_blocked: dict[int, tuple[float, float]] = {}  # user -> (until, last backoff)

    def every(self, key: Hashable, seconds: float, refusal: str) -> None:
        """At most once per ``seconds`` for ``key``; counts this time."""
        now = self.clock.now()
        last = self._last.get(key)
        if last is not None and now < last + seconds:
            raise TooSoon(refusal, last + seconds)
        self._last[key] = now

    def window(self, key: Hashable, count: int, seconds: float, refusal: str) -> None:
        """Refused when ``count`` times were already counted for ``key`` in
        the last ``seconds``; counting is :meth:`count`'s (after success)."""
        now = self.clock.now()
        times = self._recent[key]
        while times and times[0] <= now - seconds:
            times.popleft()
        if len(times) >= count:
            raise TooSoon(refusal, times[0] + seconds)

    def count(self, key: Hashable) -> None:
        self._recent[key].append(self.clock.now())

    def new_match(self, guild_id: int | None, user_id: int) -> tuple[Hashable, int, float, str]:
        return ("new", guild_id, user_id), self.matches_per_hour, 3600.0, "too_many_matches"

    # -- DMs -------------------------------------------------------------------

    def dm_allowed(self, user_id: int) -> bool:
        """Not while Discord's 40003 backoff lasts, nor past the user's budget."""
        return self.dm_wait(user_id) is None

    def dm_wait(self, user_id: int) -> tuple[str, float] | None:
        """Why no DM may go to the user now, and until when (clock seconds):
        ``("backoff", until)`` after Discord's 40003, ``("budget", until)``
        past the user's budget; None when one may."""
        until, _ = self._dm_blocked.get(user_id, (0.0, 0.0))
        if self.clock.now() < until:
            return "backoff", until
        try:
            self.window(("dm", user_id), DM_BUDGET, DM_BUDGET_SECONDS, "dm_budget")
        except TooSoon as refused:
            return "budget", refused.when
        return None

    def dm_too_fast(self, user_id: int) -> None:
        """Discord said 40003: back off from this user, longer each time."""
        _, last = self._dm_blocked.get(user_id, (0.0, 0.0))
        backoff = min(max(DM_BACKOFF_SECONDS, last * 2), DM_BACKOFF_MAX)
        self._dm_blocked[user_id] = (self.clock.now() + backoff, backoff)

    def dm_delivered(self, user_id: int) -> None:
        self._dm_blocked.pop(user_id, None)
        self.count(("dm", user_id))
