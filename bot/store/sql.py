"""The statements of :mod:`bot.store.base`, written once for both drivers.

Every statement here is in the SQL that SQLite (3.39+) and PostgreSQL share:
``?`` placeholders (the PostgreSQL driver numbers them), ``IS NOT DISTINCT
FROM``, ``ON CONFLICT``, ``RETURNING``. A driver supplies four primitives
(``_fetch``, ``_fetchrow``, ``_execute``, ``_executemany``: one round trip
each), the match select of its dialect (:mod:`bot.store.rows`) and its row
lock, and opens transactions and connections; nothing else differs. Inside a
transaction, writes wait to be sent together (:mod:`bot.store.sql_batch`).
"""

from __future__ import annotations

import json
from abc import abstractmethod
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, AsyncIterator

from bot.store.base import Store, Transaction
from bot.store.models import STANDING, GuildSettings, LoggedAction, Match, Stint, Timer, User
from bot.store.rows import OPEN_SQL, assignments, match_from_row, now, timer_from_row, user_from_row
from bot.store.sql_batch import Batched
from bot.store.sql_guilds import GuildStatements
from bot.store.sql_web import WebReads, WebStatements
from bot.store.sql_users import UserReads, UserStatements
from bot.store.sql_outbox import OutboxStatements
from bot.store.sql_ratings import RatingReads, RatingStatements
from bot.store.sql_seats import SeatStatements
from bot.store.sql_talks import TalkStatements
from bot.store.sql_undo import UndoStatements


class SqlTransaction(UndoStatements, OutboxStatements, SeatStatements, RatingStatements, GuildStatements,
                     UserStatements, TalkStatements, WebStatements, Batched, Transaction):
    """The statements, over one connection inside one transaction.

    ``fetch``/``execute`` are public for tests and tools that need raw SQL (to
    fake a crash, say); the bot itself uses only the named methods.
    """

    #: The dialect's ``SELECT`` of a match with its seats and votes.
    MATCH_SELECT: str
    #: Appended to a single match read in a transaction: PostgreSQL locks the
    #: row so that two processes changing one match take turns (SQLite has one
    #: writer at a time anyway).
    LOCK_MATCH = ""
    #: Locks the rows a claim picks, skipping rows another process is claiming.
    SKIP_LOCKED = ""

    @abstractmethod
    async def _timer_added(self) -> None:
        """Wake the schedulers that should see a new timer (once committed)."""

    async def _matches(self, where: str, args: tuple = ()) -> list[Match]:
        return [match_from_row(r) for r in await self.fetch(self.MATCH_SELECT + where, args)]

    async def _one(self, where: str, args: tuple = ()) -> Match | None:
        """One match, read with its lock (and kept, in a transaction)."""
        if self.LOCK_MATCH:
            # Lock first, then read in a statement of its own: a statement that
            # waited for the lock would still see the seats and votes of its
            # older snapshot (PostgreSQL's READ COMMITTED).
            row = await self.fetchrow(f"SELECT m.id FROM matches m {where}{self.LOCK_MATCH}", args)
            if row is None:
                return None
            where, args = "WHERE m.id=?", (row["id"],)
        row = await self.fetchrow(self.MATCH_SELECT + where, args)
        return self._kept_match(row) if row else None

    # -- reading -----------------------------------------------------------

    async def match(self, match_id: int) -> Match | None:
        kept = self._kept.get(match_id)
        return kept.match() if kept is not None else await self._one("WHERE m.id=?", (match_id,))

    async def open_match(self, channel_id: int) -> Match | None:
        return await self._one(f"WHERE m.channel_id=? AND m.status IN {OPEN_SQL}", (channel_id,))

    async def latest_match(self, channel_id: int) -> Match | None:
        found = await self._matches(
            f"WHERE m.channel_id=? ORDER BY m.status IN {OPEN_SQL} DESC, m.id DESC LIMIT 1", (channel_id,))
        return found[0] if found else None

    async def running_matches(self) -> list[Match]:
        return await self._matches("WHERE m.status='running' ORDER BY m.id")

    async def series(self, series_id: int) -> list[Match]:
        return await self._matches("WHERE m.series_id=? ORDER BY m.id", (series_id,))

    async def daily_matches(self, guild_id: int | None, date: str | None = None) -> list[Match]:
        where, args = "WHERE m.guild_id IS NOT DISTINCT FROM ? AND m.daily_date IS NOT NULL", (guild_id,)
        if date is not None:
            where, args = where + " AND m.daily_date=?", args + (date,)
        return await self._matches(where + " ORDER BY m.id", args)

    async def board_due_matches(self, idle_before: str | None = None) -> list[Match]:
        where, args = "WHERE m.status IN ('running','finished') AND m.board_due=1", ()
        if idle_before is not None:
            where, args = where + " AND m.updated_at<?", (idle_before,)
        return await self._matches(where + " ORDER BY m.id", args)

    async def user_matches(self, user_id: int) -> list[Match]:
        return await self._matches(
            f"WHERE m.id IN (SELECT match_id FROM seats WHERE user_id=?) AND m.status IN {OPEN_SQL} ORDER BY m.id",
            (user_id,),
        )

    async def match_ids(self) -> list[int]:
        return [r["id"] for r in await self.fetch("SELECT id FROM matches ORDER BY id")]

    async def count_running(self) -> int:
        return (await self.fetchrow("SELECT count(*) AS n FROM matches WHERE status='running'"))["n"]

    async def actions(self, match_id: int, last: int | None = None) -> list[LoggedAction]:
        if last is None:
            sql, args = "SELECT * FROM actions WHERE match_id=? ORDER BY counter", (match_id,)
        else:
            sql = ("SELECT * FROM (SELECT * FROM actions WHERE match_id=? ORDER BY counter DESC LIMIT ?) AS newest"
                   " ORDER BY counter")
            args = (match_id, last)
        return await self._logged(sql, args)

    async def played_daily(self, guild_id: int | None, day: str, user_id: int, game: str) -> bool:
        row = await self.fetchrow(
            "SELECT 1 AS found FROM matches m JOIN seats s ON s.match_id = m.id"
            " WHERE m.guild_id IS NOT DISTINCT FROM ? AND m.daily_date=? AND m.game=? AND s.user_id=?",
            (guild_id, day, game, user_id),
        )
        return row is not None

    async def pending_kinds(self, match_id: int, seat: int, counter: int, epoch: int,
                            in_hand_since: float | None = None) -> set[str]:
        rows = await self.fetch(
            "SELECT kind FROM timers WHERE match_id=? AND seat=? AND counter=? AND epoch=?"
            " AND (claimed_at IS NULL OR (done=0 AND claimed_at>=?))",
            (match_id, seat, counter, epoch, in_hand_since if in_hand_since is not None else float("inf")),
        )
        return {r["kind"] for r in rows}

    # -- matches and seats ---------------------------------------------------

    async def insert_match(self, *, guild_id, channel_id, game, options, seed, host_id, series_id=None) -> int:
        stamp = now()
        row = await self.fetchrow(
            "INSERT INTO matches (guild_id, channel_id, game, options, seed, status, host_id, series_id,"
            " created_at, updated_at) VALUES (?,?,?,?,?,'lobby',?,?,?,?) RETURNING id",
            (guild_id, channel_id, game, json.dumps(options), seed, host_id, series_id, stamp, stamp),
        )
        return row["id"]

    async def update_match(self, match_id: int, **values: Any) -> None:
        for key in ("options", "outcome"):
            if key in values and not isinstance(values[key], (str, type(None))):
                values[key] = json.dumps(values[key])
        if not values:
            return
        values["updated_at"] = now()
        await self._set_match(match_id, values)

    async def set_seats(self, match_id: int, user_ids: list[int]) -> None:
        await self.execute("DELETE FROM seats WHERE match_id=?", (match_id,))
        await self.executemany(
            "INSERT INTO seats (match_id, seat, user_id) VALUES (?,?,?)",
            [(match_id, seat, uid) for seat, uid in enumerate(user_ids)],
        )

    async def update_seat(self, match_id: int, seat: int, **values: Any) -> None:
        await self._set_seats(match_id, {seat: values})

    async def set_decision_counters(self, match_id: int, counters: list[int]) -> None:
        await self._set_seats(match_id, {seat: {"decision_counter": c} for seat, c in enumerate(counters)})

    # -- moves ---------------------------------------------------------------

    async def advance(self, match_id: int, expected_counter: int, state: str, status: str, outcome) -> bool:
        values = {"state": state, "status": status, "outcome": json.dumps(outcome) if outcome else None,
                  "updated_at": now()}
        kept = self._kept.get(match_id)
        if kept is not None:
            # locked since it was read: the counter kept is the stored one (the
            # waiting UPDATE still compares, see sql_batch)
            if kept.row["counter"] != expected_counter:
                return False
            kept.set(values | {"counter": expected_counter + 1})
            return True
        changed = await self.execute(
            f"UPDATE matches SET {assignments(values)}, counter=counter+1 WHERE id=? AND counter=?",
            (*values.values(), match_id, expected_counter),
        )
        return changed == 1

    async def append_action(self, match_id: int, counter: int, seat: int, action: str, events: list[dict],
                            undoable: bool | None = None, automatic: bool = False, standing: bool = False) -> None:
        await self.later(
            "INSERT INTO actions (match_id, counter, seat, action, events, created_at, undoable, automatic)"
            " VALUES (?,?,?,?,?,?,?,?)",
            [(match_id, counter, seat, action, json.dumps(events, ensure_ascii=False), now(),
              None if undoable is None else int(undoable), STANDING if standing else int(automatic))],
        )

    async def mark_undone(self, match_id: int, seat: int, first: int, last: int, undo_counter: int) -> None:
        await self.execute(
            "UPDATE actions SET undone_by=? WHERE match_id=? AND counter BETWEEN ? AND ? AND undone_by IS NULL",
            (undo_counter, match_id, first, last),
        )
        await self.execute(
            "INSERT INTO undos (match_id, counter, seat, first, last, created_at) VALUES (?,?,?,?,?,?)",
            (match_id, undo_counter, seat, first, last, now()),
        )

    # -- votes ---------------------------------------------------------------

    async def cast_vote(self, match_id: int, kind: str, seat: int, counter: int) -> None:
        await self.execute(
            "INSERT INTO votes (match_id, kind, seat, counter, created_at) VALUES (?,?,?,?,?)"
            " ON CONFLICT (match_id, kind, seat) DO UPDATE SET counter=excluded.counter, created_at=excluded.created_at",
            (match_id, kind, seat, counter, now()),
        )

    async def clear_votes(self, match_id: int, kind: str) -> None:
        await self.execute("DELETE FROM votes WHERE match_id=? AND kind=?", (match_id, kind))

    # -- timers --------------------------------------------------------------

    async def add_timer(self, match_id: int, kind: str, seat: int | None, counter: int, epoch: int, due_at: float) -> None:
        await self.later(
            "INSERT INTO timers (match_id, kind, seat, counter, epoch, due_at) VALUES (?,?,?,?,?,?)",
            [(match_id, kind, seat, counter, epoch, due_at)],
        )
        await self._timer_added()

    async def replace_abandon_timer(self, match_id: int, counter: int, due_at: float) -> None:
        await self.later(
            "DELETE FROM timers WHERE match_id=? AND kind IN ('abandon','close') AND claimed_at IS NULL", [(match_id,)]
        )
        await self.add_timer(match_id, "abandon", None, counter, 0, due_at)

    async def next_timer(self) -> Timer | None:
        row = await self.fetchrow("SELECT * FROM timers WHERE claimed_at IS NULL ORDER BY due_at, id LIMIT 1")
        return timer_from_row(row) if row else None

    async def claim_due(self, at: float, limit: int) -> list[Timer]:
        rows = await self.fetch(
            "UPDATE timers SET claimed_at=? WHERE id IN (SELECT id FROM timers WHERE claimed_at IS NULL AND due_at<=?"
            f" ORDER BY due_at, id LIMIT ?{self.SKIP_LOCKED}) RETURNING *",
            (at, at, limit),
        )
        return sorted((timer_from_row(r) for r in rows), key=lambda t: (t.due_at, t.id))

    async def finish_timer(self, timer_id: int) -> None:
        await self.execute("UPDATE timers SET done=1 WHERE id=?", (timer_id,))

    async def expire_stale_claims(self, claimed_before: float) -> int:
        return await self.execute(
            "UPDATE timers SET done=1 WHERE done=0 AND claimed_at IS NOT NULL AND claimed_at<?",
            (claimed_before,),
        )

    # -- users ---------------------------------------------------------------

    async def get_user(self, user_id: int) -> User | None:
        row = await self.fetchrow("SELECT * FROM users WHERE user_id=?", (user_id,))
        if row is None:
            return None
        return user_from_row(row)

    async def update_user(self, user_id: int, **values: Any) -> None:
        await self.execute(
            "INSERT INTO users (user_id, updated_at) VALUES (?, ?) ON CONFLICT(user_id) DO NOTHING", (user_id, now())
        )
        if not values:
            return
        values["updated_at"] = now()
        await self.execute(f"UPDATE users SET {assignments(values)} WHERE user_id=?", (*values.values(), user_id))


class SqlStore(UserReads, RatingReads, WebReads, Store):
    """The reads and small writes of :class:`Store`, each on a connection the
    driver lends (:meth:`_reading`) or in a transaction of its own."""

    dialect: str

    @abstractmethod
    def _reading(self) -> AbstractAsyncContextManager[SqlTransaction]:
        """The statements on a connection of their own, outside a transaction."""

    async def continue_ids(self) -> None:
        """After rows were copied in with their ids: new rows get ids above
        them (SQLite does that by itself)."""

    async def get_match(self, match_id: int) -> Match | None:
        async with self._reading() as sql:
            return await sql.match(match_id)

    async def open_match(self, channel_id: int) -> Match | None:
        async with self._reading() as sql:
            return await sql.open_match(channel_id)

    async def latest_match(self, channel_id: int) -> Match | None:
        async with self._reading() as sql:
            return await sql.latest_match(channel_id)

    async def match_ids(self) -> list[int]:
        async with self._reading() as sql:
            return await sql.match_ids()

    async def count_running(self) -> int:
        async with self._reading() as sql:
            return await sql.count_running()

    async def series(self, series_id: int) -> list[Match]:
        async with self._reading() as sql:
            return await sql.series(series_id)

    async def actions(self, match_id: int, last: int | None = None) -> list[LoggedAction]:
        async with self._reading() as sql:
            return await sql.actions(match_id, last)

    async def daily_matches(self, guild_id: int | None, date: str | None = None) -> list[Match]:
        async with self._reading() as sql:
            return await sql.daily_matches(guild_id, date)

    async def board_due_matches(self, idle_before: str | None = None) -> list[Match]:
        async with self._reading() as sql:
            return await sql.board_due_matches(idle_before)

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[bool]:
        """Whether this process may do the job ``name`` now while no other
        process does it (one process: always)."""
        yield True

    async def user_matches(self, user_id: int) -> list[Match]:
        async with self._reading() as sql:
            return await sql.user_matches(user_id)

    async def next_timer(self) -> Timer | None:
        async with self._reading() as sql:
            return await sql.next_timer()

    async def claim_due(self, at: float, limit: int = 20) -> list[Timer]:
        async with self.transaction() as tx:
            return await tx.claim_due(at, limit)

    async def finish_timer(self, timer_id: int) -> None:
        async with self.transaction() as tx:
            await tx.finish_timer(timer_id)

    async def expire_stale_claims(self, claimed_before: float) -> int:
        async with self.transaction() as tx:
            return await tx.expire_stale_claims(claimed_before)

    async def stints(self, user_id: int, guild_id: int | None = None) -> list[Stint]:
        async with self._reading() as sql:
            return await sql.stints(user_id, guild_id)

    async def get_user(self, user_id: int) -> User | None:
        async with self._reading() as sql:
            return await sql.get_user(user_id)

    async def update_user(self, user_id: int, **values: Any) -> None:
        async with self.transaction() as tx:
            await tx.update_user(user_id, **values)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._reading() as sql:
            return await sql.guild_settings(guild_id)

    async def update_guild_settings(self, guild_id: int, **values: Any) -> None:
        async with self.transaction() as tx:
            await tx.update_guild_settings(guild_id, **values)

    async def guild_matches(self, guild_id: int, status: str) -> list[Match]:
        async with self._reading() as sql:
            return await sql.guild_matches(guild_id, status)
