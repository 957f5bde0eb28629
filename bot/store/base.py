"""The storage interface: every operation the match service, slow play, the
scheduler and the Discord layer need, and nothing about how it is stored.

Two levels, because moves must be atomic: :class:`Store` answers single reads
and small writes that stand alone, and hands out a :class:`Transaction` in
which a whole move (read, check, write, log) happens or none of it. The statements
are written once (:mod:`bot.store.sql`) for two drivers: SQLite
(:mod:`bot.store.sqlite`, one process, the default) and PostgreSQL
(:mod:`bot.store.postgres`, any number of processes on one database);
:func:`bot.store.open_store` picks one by the database URL.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from typing import Any, AsyncContextManager

from bot.store.base_talks import TalkMethods
from bot.store.models import GuildSettings, LoggedAction, Match, Notice, Rating, SeatVote, Stint, Timer, Turn, User

#: Statuses of a match that is not over; a channel has at most one such match.
OPEN = ("lobby", "running")


class Conflict(Exception):
    """A write that a uniqueness rule of the database refused: another
    transaction (another process, on PostgreSQL) got there first. The message
    names the rule."""


class Transaction(TalkMethods, ABC):
    """Reads and writes inside one transaction; see :meth:`Store.transaction`."""

    # -- reading -----------------------------------------------------------

    @abstractmethod
    async def match(self, match_id: int) -> Match | None: ...

    @abstractmethod
    async def open_match(self, channel_id: int) -> Match | None:
        """The channel's match in the lobby or running, if any."""

    @abstractmethod
    async def running_matches(self) -> list[Match]: ...

    @abstractmethod
    async def user_matches(self, user_id: int) -> list[Match]:
        """The open matches the user sits in."""

    @abstractmethod
    async def get_user(self, user_id: int) -> User | None: ...

    @abstractmethod
    async def update_user(self, user_id: int, **values: Any) -> None:
        """Set the user's settings (see :meth:`Store.update_user`)."""

    @abstractmethod
    async def actions(self, match_id: int, last: int | None = None) -> list[LoggedAction]:
        """The action log in order (only the ``last`` entries if given)."""

    @abstractmethod
    async def played_daily(self, guild_id: int | None, day: str, user_id: int, game: str) -> bool:
        """Has the user sat in the server's daily challenge of ``game`` on
        ``day`` (also a cancelled one: its dice are known once seen)?"""

    @abstractmethod
    async def pending_kinds(self, match_id: int, seat: int, counter: int, epoch: int,
                            in_hand_since: float | None = None) -> set[str]:
        """Kinds of the seat's unclaimed timers for this decision and epoch;
        with ``in_hand_since``, also of those claimed since then and not yet
        finished (a live process is firing them)."""

    # -- matches and seats ---------------------------------------------------

    @abstractmethod
    async def insert_match(self, *, guild_id: int | None, channel_id: int, game: str, options: dict, seed: int,
                           host_id: int, series_id: int | None = None) -> int:
        """A new lobby; returns its id."""

    @abstractmethod
    async def update_match(self, match_id: int, **values: Any) -> None:
        """Set columns of the match (``options`` and ``outcome`` as dicts)."""

    @abstractmethod
    async def set_seats(self, match_id: int, user_ids: list[int]) -> None:
        """The players in seat order (a lobby's seats change as people come and go)."""

    @abstractmethod
    async def update_seat(self, match_id: int, seat: int, **values: Any) -> None: ...

    @abstractmethod
    async def set_decision_counters(self, match_id: int, counters: list[int]) -> None: ...

    # -- moves ---------------------------------------------------------------

    @abstractmethod
    async def advance(self, match_id: int, expected_counter: int, state: str, status: str,
                      outcome: dict | None) -> bool:
        """Compare-and-swap on the move counter: store the new state and count
        one move up, unless another move won the race (then False)."""

    @abstractmethod
    async def append_action(self, match_id: int, counter: int, seat: int, action: str, events: list[dict],
                            undoable: bool | None = None, automatic: bool = False, standing: bool = False) -> None:
        """Log an action; ``undoable`` is the engine's verdict on taking it back,
        ``automatic`` that the engine answered it without asking the seat,
        ``standing`` (with ``automatic``) by the seat's own standing order."""

    @abstractmethod
    async def mark_undone(self, match_id: int, seat: int, first: int, last: int, undo_counter: int) -> None:
        """Actions ``first``..``last`` were taken back by the undo counted as
        ``undo_counter``: they stay in the log, marked, and the undo is recorded."""

    # -- the outbox ------------------------------------------------------------

    @abstractmethod
    async def add_notices(self, match_id: int, counter: int, notices: list[tuple[str, int | None]]) -> None:
        """Notifications the move at ``counter`` owes, as (kind, seat)."""

    @abstractmethod
    async def pending_notices(self, idle_before: str | None = None) -> list[Notice]: ...

    @abstractmethod
    async def notices_sent(self, match_id: int, first: int, last: int) -> None:
        """The notices of moves ``first``..``last`` were delivered."""

    # -- seats whose player has gone, and stints (see bot.play.leavers) -----------

    @abstractmethod
    async def seat_votes(self, match_id: int, seat: int) -> list[SeatVote]:
        """The votes on what becomes of ``seat``, by voter."""

    @abstractmethod
    async def cast_seat_vote(self, match_id: int, seat: int, voter: int, choice: str) -> None:
        """The voter's seat wants ``choice`` for ``seat`` (a later vote replaces it)."""

    @abstractmethod
    async def clear_seat_votes(self, match_id: int, seat: int) -> None: ...

    @abstractmethod
    async def start_stint(self, match_id: int, seat: int, user_id: int) -> None:
        """A person takes the seat now."""

    @abstractmethod
    async def end_stint(self, match_id: int, seat: int, ending: str) -> None:
        """The person holding ``seat`` gave it up (``left``, ``vanished``, ...)."""

    @abstractmethod
    async def stints(self, user_id: int, guild_id: int | None = None) -> list[Stint]:
        """The user's stints in seats (in one server, if given), oldest first."""

    @abstractmethod
    async def match_stints(self, match_id: int) -> list[Stint]:
        """Every stint of the match, oldest first."""

    # -- ratings (see bot.play.ratings) ------------------------------------------

    @abstractmethod
    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]:
        """The ratings these people have in the server's game (those without one are left out)."""

    @abstractmethod
    async def was_rated(self, match_id: int) -> bool:
        """Has the match already changed ratings?"""

    @abstractmethod
    async def record_ratings(self, match_id: int, guild_id: int, game: str,
                             changes: list[tuple[int, int, Rating, Rating]]) -> None:
        """The match's rating changes as (user, rank, before, after): the new
        ratings are stored, each counts one more match, and the change is kept."""

    # -- undo: the takeback run, stored verdicts, snapshots ----------------------

    @abstractmethod
    async def takeback_run(self, match_id: int, seat: int) -> list[LoggedAction]:
        """The seat's last actions not taken back, in order: from its first
        own choice after the last own choice (not taken back) of another
        seat, with the automatic answers after it (``LoggedAction.automatic``,
        of any seat); none when it made no choice since."""

    @abstractmethod
    async def actions_after(self, match_id: int, counter: int, until: int | None = None) -> list[LoggedAction]:
        """The log after ``counter`` (up to ``until`` included, if given), in order."""

    @abstractmethod
    async def set_undoable(self, match_id: int, verdicts: dict[int, bool]) -> None:
        """Store verdicts computed later for actions logged without one (by counter)."""

    @abstractmethod
    async def add_snapshot(self, match_id: int, counter: int, state: str) -> None:
        """The match's state right after the move counted ``counter``."""

    @abstractmethod
    async def last_snapshot_counter(self, match_id: int) -> int | None:
        """The counter of the newest snapshot, ``None`` without one."""

    @abstractmethod
    async def snapshot_before(self, match_id: int, counter: int) -> tuple[int, str] | None:
        """The newest snapshot taken before ``counter``, as (counter, state)."""

    @abstractmethod
    async def drop_snapshots(self, match_id: int, since: int) -> None:
        """Forget the snapshots at or after counter ``since`` (they show moves
        that an undo takes back)."""

    # -- votes ---------------------------------------------------------------

    @abstractmethod
    async def cast_vote(self, match_id: int, kind: str, seat: int, counter: int) -> None:
        """The seat's vote of ``kind`` at ``counter`` (replacing an older one of it)."""

    @abstractmethod
    async def clear_votes(self, match_id: int, kind: str) -> None: ...

    # -- timers --------------------------------------------------------------

    @abstractmethod
    async def add_timer(self, match_id: int, kind: str, seat: int | None, counter: int, epoch: int,
                        due_at: float) -> None: ...

    @abstractmethod
    async def replace_abandon_timer(self, match_id: int, counter: int, due_at: float) -> None:
        """One abandonment timer per match: a new one replaces the old timer
        and any pending close, so a match is warned about once."""

    # -- servers -------------------------------------------------------------

    @abstractmethod
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults if it never set any."""

    @abstractmethod
    async def update_guild_settings(self, guild_id: int, **values: Any) -> None:
        """Set some of the server's settings (the fields of :class:`GuildSettings`)."""

    @abstractmethod
    async def guild_matches(self, guild_id: int, status: str) -> list[Match]:
        """The server's matches with ``status``, oldest first."""


class Store(ABC):
    """The database of matches, actions, votes, timers and users."""

    #: Set whenever a timer is added (by any process, on PostgreSQL), so the
    #: scheduler can wake up early.
    timer_added: asyncio.Event
    #: ``"sqlite"`` or ``"postgresql"``.
    dialect: str
    #: The scheduler looks for due timers at least this often (seconds).
    poll_seconds: float

    @abstractmethod
    def transaction(self) -> AsyncContextManager[Transaction]:
        """One transaction at a time; committed at the end of the block,
        rolled back if it raises."""

    @abstractmethod
    async def migrate(self) -> int:
        """Bring the schema up to date; returns its version."""

    @abstractmethod
    async def close(self) -> None:
        """Close after a transaction in flight has finished."""

    # -- matches -------------------------------------------------------------

    @abstractmethod
    async def get_match(self, match_id: int) -> Match | None: ...

    @abstractmethod
    async def open_match(self, channel_id: int) -> Match | None: ...

    @abstractmethod
    async def latest_match(self, channel_id: int) -> Match | None:
        """The open match of a channel, else its most recent one."""

    @abstractmethod
    async def match_ids(self) -> list[int]: ...

    @abstractmethod
    async def count_running(self) -> int: ...

    @abstractmethod
    async def series(self, series_id: int) -> list[Match]:
        """A match and its rematches, oldest first."""

    @abstractmethod
    async def actions(self, match_id: int, last: int | None = None) -> list[LoggedAction]: ...

    @abstractmethod
    async def daily_matches(self, guild_id: int | None, date: str | None = None) -> list[Match]:
        """Daily challenges of a server, of one day or of all days."""

    @abstractmethod
    async def board_due_matches(self, idle_before: str | None = None) -> list[Match]:
        """Matches with a move whose board post was never made (only those
        not changed since ``idle_before``, an ISO time, if given)."""

    def exclusive(self, name: str) -> AsyncContextManager[bool]:
        """``async with store.exclusive(name) as mine``: ``mine`` is true in
        at most one process at a time (the others skip the job)."""
        raise NotImplementedError

    @abstractmethod
    async def user_matches(self, user_id: int) -> list[Match]:
        """The open matches the user sits in."""

    # -- timers --------------------------------------------------------------

    @abstractmethod
    async def next_timer(self) -> Timer | None:
        """The earliest unclaimed timer."""

    @abstractmethod
    async def claim_due(self, at: float, limit: int = 20) -> list[Timer]:
        """Claim up to ``limit`` unclaimed timers due at ``at``, earliest
        first. However many processes ask at once, each timer is handed to
        exactly one of them: a claimed timer is never claimed again."""

    @abstractmethod
    async def finish_timer(self, timer_id: int) -> None: ...

    @abstractmethod
    async def expire_stale_claims(self, claimed_before: float) -> int:
        """Give up timers claimed before then and never finished: their
        process died while handling them. Returns how many; the caller sets
        what they were for again (:meth:`bot.play.service.MatchService.rearm`),
        as a restart would."""

    @abstractmethod
    async def stints(self, user_id: int, guild_id: int | None = None) -> list[Stint]:
        """Who held which seat when: see :meth:`Transaction.stints`."""

    # -- ratings and stats ---------------------------------------------------

    @abstractmethod
    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        """The best ratings of the server's game, by ordinal (mu - 3 sigma)."""

    @abstractmethod
    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]: ...

    @abstractmethod
    async def turns(self, user_id: int, guild_id: int) -> list[Turn]:
        """The user's actions in the server's matches, with when each turn
        began (see :class:`~bot.store.models.Turn`), for the average time to move."""

    # -- users ---------------------------------------------------------------

    @abstractmethod
    async def get_user(self, user_id: int) -> User | None: ...

    @abstractmethod
    async def update_user(self, user_id: int, **values: Any) -> None:
        """Set the user's ``locale``, ``last_locale``, ``dm_closed``, ``notify``,
        vacation (``away_until``, ``away_month``, ``away_days``) or time
        settings (``tz``, ``quiet_from``, ``quiet_to``, ``digest_hour``,
        ``digest_due``)."""

    @abstractmethod
    async def users(self, user_ids: list[int]) -> dict[int, User]:
        """The stored users among ``user_ids``."""

    # -- digests: a per-user timer (see bot.play.quiet) ------------------------

    @abstractmethod
    async def digest_due_by(self, user_id: int, at: float) -> None:
        """The user's next digest is due at ``at`` at the latest."""

    @abstractmethod
    async def next_digest(self) -> float | None:
        """When the earliest unclaimed digest is due."""

    @abstractmethod
    async def claim_digests(self, at: float, limit: int = 20) -> list[User]:
        """Claim users whose digest is due, like :meth:`claim_due`: each by one process."""

    @abstractmethod
    async def finish_digest(self, user_id: int, next_due: float | None) -> None:
        """Release the claim; the next digest is due at ``next_due`` (None: none)."""

    @abstractmethod
    async def expire_stale_digests(self, claimed_before: float) -> int:
        """Give up digest claims of a process that died: they are due again
        (the DM carries a nonce, so a resend within Discord's window is one DM)."""

    # -- servers -------------------------------------------------------------

    @abstractmethod
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...

    @abstractmethod
    async def update_guild_settings(self, guild_id: int, **values: Any) -> None: ...

    @abstractmethod
    async def guild_matches(self, guild_id: int, status: str) -> list[Match]: ...
