"""The SQLite driver of :mod:`bot.store.base` (aiosqlite, WAL).

One connection per process, used by one transaction at a time: an asyncio
lock serialises transactions, because two coroutines sharing a connection
would otherwise interleave their statements inside one transaction. Reads
outside a transaction take the same lock for the same reason.

A match is read together with its seats and votes in one statement, for single
matches and lists alike (see :mod:`bot.store.sqlite_rows`).
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, AsyncIterator

import aiosqlite

from bot.store.base import Store, Transaction
from bot.store.models import LoggedAction, Match, Timer, User
from bot.store.sqlite_outbox import OutboxStatements
from bot.store.sqlite_rows import MATCH_SELECT, OPEN_SQL, match_from_row, timer_from_row
from bot.store.sqlite_undo import UndoStatements

def now() -> str:
    """A timestamp for the ``created_at``/``updated_at`` columns."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def migrations() -> list[tuple[int, str]]:
    """Numbered SQL files shipped in ``bot/store/migrations``, in order."""
    folder = Path(__file__).with_name("migrations")
    return sorted((int(f.name.split("_", 1)[0]), f.read_text(encoding="utf-8")) for f in folder.glob("*.sql"))


def _assignments(values: dict[str, Any]) -> str:
    # column names come from our own code, never from users
    return ", ".join(f"{k}=?" for k in values)


class SqliteTransaction(UndoStatements, OutboxStatements, Transaction):
    """The statements themselves, over a connection the caller holds the lock of.

    ``conn`` is open for tests and tools that need raw SQL (to fake a crash,
    say); the bot itself uses only the methods.
    """

    def __init__(self, conn: aiosqlite.Connection, timer_added: asyncio.Event) -> None:
        self.conn = conn
        self._timer_added = timer_added

    async def _matches(self, where: str, args: tuple = ()) -> list[Match]:
        rows = await (await self.conn.execute(MATCH_SELECT + where, args)).fetchall()
        return [match_from_row(r) for r in rows]

    async def _one(self, where: str, args: tuple = ()) -> Match | None:
        found = await self._matches(where, args)
        return found[0] if found else None

    # -- reading -----------------------------------------------------------

    async def match(self, match_id: int) -> Match | None:
        return await self._one("WHERE m.id=?", (match_id,))

    async def open_match(self, channel_id: int) -> Match | None:
        return await self._one(f"WHERE m.channel_id=? AND m.status IN {OPEN_SQL}", (channel_id,))

    async def latest_match(self, channel_id: int) -> Match | None:
        return await self._one(
            f"WHERE m.channel_id=? ORDER BY m.status IN {OPEN_SQL} DESC, m.id DESC LIMIT 1", (channel_id,)
        )

    async def running_matches(self) -> list[Match]:
        return await self._matches("WHERE m.status='running' ORDER BY m.id")

    async def series(self, series_id: int) -> list[Match]:
        return await self._matches("WHERE m.series_id=? ORDER BY m.id", (series_id,))

    async def daily_matches(self, guild_id: int | None, date: str | None = None) -> list[Match]:
        where, args = "WHERE m.guild_id IS ? AND m.daily_date IS NOT NULL", (guild_id,)
        if date is not None:
            where, args = where + " AND m.daily_date=?", args + (date,)
        return await self._matches(where + " ORDER BY m.id", args)

    async def board_due_matches(self) -> list[Match]:
        return await self._matches("WHERE m.status IN ('running','finished') AND m.board_due=1 ORDER BY m.id")

    async def user_matches(self, user_id: int) -> list[Match]:
        return await self._matches(
            f"WHERE m.id IN (SELECT match_id FROM seats WHERE user_id=?) AND m.status IN {OPEN_SQL} ORDER BY m.id",
            (user_id,),
        )

    async def match_ids(self) -> list[int]:
        rows = await (await self.conn.execute("SELECT id FROM matches ORDER BY id")).fetchall()
        return [r[0] for r in rows]

    async def actions(self, match_id: int, last: int | None = None) -> list[LoggedAction]:
        if last is None:
            sql, args = "SELECT * FROM actions WHERE match_id=? ORDER BY counter", (match_id,)
        else:
            sql = "SELECT * FROM (SELECT * FROM actions WHERE match_id=? ORDER BY counter DESC LIMIT ?) ORDER BY counter"
            args = (match_id, last)
        return await self._logged(sql, args)

    async def played_daily(self, guild_id: int | None, day: str, user_id: int, game: str) -> bool:
        row = await (
            await self.conn.execute(
                "SELECT 1 FROM matches m JOIN seats s ON s.match_id = m.id"
                " WHERE m.guild_id IS ? AND m.daily_date=? AND m.game=? AND s.user_id=?",
                (guild_id, day, game, user_id),
            )
        ).fetchone()
        return row is not None

    async def pending_kinds(self, match_id: int, seat: int, counter: int, epoch: int) -> set[str]:
        rows = await (
            await self.conn.execute(
                "SELECT kind FROM timers WHERE match_id=? AND seat=? AND counter=? AND epoch=? AND claimed_at IS NULL",
                (match_id, seat, counter, epoch),
            )
        ).fetchall()
        return {r[0] for r in rows}

    # -- matches and seats ---------------------------------------------------

    async def insert_match(self, *, guild_id, channel_id, game, options, seed, host_id, series_id=None) -> int:
        stamp = now()
        cur = await self.conn.execute(
            "INSERT INTO matches (guild_id, channel_id, game, options, seed, status, host_id, series_id,"
            " created_at, updated_at) VALUES (?,?,?,?,?,'lobby',?,?,?,?)",
            (guild_id, channel_id, game, json.dumps(options), seed, host_id, series_id, stamp, stamp),
        )
        return cur.lastrowid

    async def update_match(self, match_id: int, **values: Any) -> None:
        for key in ("options", "outcome"):
            if key in values and not isinstance(values[key], (str, type(None))):
                values[key] = json.dumps(values[key])
        values["updated_at"] = now()
        await self.conn.execute(f"UPDATE matches SET {_assignments(values)} WHERE id=?", (*values.values(), match_id))

    async def set_seats(self, match_id: int, user_ids: list[int]) -> None:
        await self.conn.execute("DELETE FROM seats WHERE match_id=?", (match_id,))
        await self.conn.executemany(
            "INSERT INTO seats (match_id, seat, user_id) VALUES (?,?,?)",
            [(match_id, seat, uid) for seat, uid in enumerate(user_ids)],
        )

    async def update_seat(self, match_id: int, seat: int, **values: Any) -> None:
        await self.conn.execute(
            f"UPDATE seats SET {_assignments(values)} WHERE match_id=? AND seat=?", (*values.values(), match_id, seat)
        )

    async def set_decision_counters(self, match_id: int, counters: list[int]) -> None:
        await self.conn.executemany(
            "UPDATE seats SET decision_counter=? WHERE match_id=? AND seat=?",
            [(c, match_id, seat) for seat, c in enumerate(counters)],
        )

    # -- moves ---------------------------------------------------------------

    async def advance(self, match_id: int, expected_counter: int, state: str, status: str, outcome) -> bool:
        cur = await self.conn.execute(
            "UPDATE matches SET state=?, counter=counter+1, status=?, outcome=?, updated_at=?"
            " WHERE id=? AND counter=?",
            (state, status, json.dumps(outcome) if outcome else None, now(), match_id, expected_counter),
        )
        return cur.rowcount == 1

    async def append_action(self, match_id: int, counter: int, seat: int, action: str, events: list[dict],
                            undoable: bool | None = None) -> None:
        await self.conn.execute(
            "INSERT INTO actions (match_id, counter, seat, action, events, created_at, undoable) VALUES (?,?,?,?,?,?,?)",
            (match_id, counter, seat, action, json.dumps(events, ensure_ascii=False), now(),
             None if undoable is None else int(undoable)),
        )

    async def mark_undone(self, match_id: int, seat: int, first: int, last: int, undo_counter: int) -> None:
        await self.conn.execute(
            "UPDATE actions SET undone_by=? WHERE match_id=? AND counter BETWEEN ? AND ? AND undone_by IS NULL",
            (undo_counter, match_id, first, last),
        )
        await self.conn.execute(
            "INSERT INTO undos (match_id, counter, seat, first, last, created_at) VALUES (?,?,?,?,?,?)",
            (match_id, undo_counter, seat, first, last, now()),
        )

    # -- votes ---------------------------------------------------------------

    async def cast_vote(self, match_id: int, kind: str, seat: int, counter: int) -> None:
        await self.conn.execute(
            "INSERT INTO votes (match_id, kind, seat, counter, created_at) VALUES (?,?,?,?,?)"
            " ON CONFLICT (match_id, kind, seat) DO UPDATE SET counter=excluded.counter, created_at=excluded.created_at",
            (match_id, kind, seat, counter, now()),
        )

    async def clear_votes(self, match_id: int, kind: str) -> None:
        await self.conn.execute("DELETE FROM votes WHERE match_id=? AND kind=?", (match_id, kind))

    # -- timers --------------------------------------------------------------

    async def add_timer(self, match_id: int, kind: str, seat: int | None, counter: int, epoch: int, due_at: float) -> None:
        await self.conn.execute(
            "INSERT INTO timers (match_id, kind, seat, counter, epoch, due_at) VALUES (?,?,?,?,?,?)",
            (match_id, kind, seat, counter, epoch, due_at),
        )
        self._timer_added.set()

    async def replace_abandon_timer(self, match_id: int, counter: int, due_at: float) -> None:
        await self.conn.execute(
            "DELETE FROM timers WHERE match_id=? AND kind IN ('abandon','close') AND claimed_at IS NULL", (match_id,)
        )
        await self.add_timer(match_id, "abandon", None, counter, 0, due_at)

    async def next_timer(self) -> Timer | None:
        row = await (
            await self.conn.execute("SELECT * FROM timers WHERE claimed_at IS NULL ORDER BY due_at, id LIMIT 1")
        ).fetchone()
        return timer_from_row(row) if row else None

    async def claim_timer(self, timer_id: int, at: float) -> bool:
        cur = await self.conn.execute("UPDATE timers SET claimed_at=? WHERE id=? AND claimed_at IS NULL", (at, timer_id))
        return cur.rowcount == 1

    async def finish_timer(self, timer_id: int) -> None:
        await self.conn.execute("UPDATE timers SET done=1 WHERE id=?", (timer_id,))

    # -- users ---------------------------------------------------------------

    async def get_user(self, user_id: int) -> User | None:
        row = await (await self.conn.execute("SELECT * FROM users WHERE user_id=?", (user_id,))).fetchone()
        if row is None:
            return None
        return User(row["user_id"], row["locale"], row["last_locale"], bool(row["dm_closed"]), row["notify"])

    async def update_user(self, user_id: int, **values: Any) -> None:
        await self.conn.execute(
            "INSERT INTO users (user_id, updated_at) VALUES (?, ?) ON CONFLICT(user_id) DO NOTHING", (user_id, now())
        )
        values["updated_at"] = now()
        await self.conn.execute(f"UPDATE users SET {_assignments(values)} WHERE user_id=?", (*values.values(), user_id))


class SqliteStore(Store):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.timer_added = asyncio.Event()
        self._sql = SqliteTransaction(conn, self.timer_added)

    @classmethod
    async def open(cls, path: Path | str) -> "SqliteStore":
        """Open (and create, and migrate) the database file."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA synchronous=NORMAL")
        store = cls(conn)
        await store.migrate()
        return store

    async def close(self) -> None:
        async with self._lock:  # let a transaction in flight finish first
            await self._conn.close()

    async def migrate(self) -> int:
        async with self._lock:
            (version,) = await (await self._conn.execute("PRAGMA user_version")).fetchone()
            for number, sql in migrations():
                if number > version:
                    await self._conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
                    version = number
            return version

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        """``BEGIN IMMEDIATE`` .. ``COMMIT``; rolled back on any exception."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._sql
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")

    # -- matches -------------------------------------------------------------

    async def get_match(self, match_id: int) -> Match | None:
        async with self._lock:
            return await self._sql.match(match_id)

    async def open_match(self, channel_id: int) -> Match | None:
        async with self._lock:
            return await self._sql.open_match(channel_id)

    async def latest_match(self, channel_id: int) -> Match | None:
        async with self._lock:
            return await self._sql.latest_match(channel_id)

    async def match_ids(self) -> list[int]:
        async with self._lock:
            return await self._sql.match_ids()

    async def series(self, series_id: int) -> list[Match]:
        async with self._lock:
            return await self._sql.series(series_id)

    async def actions(self, match_id: int, last: int | None = None) -> list[LoggedAction]:
        async with self._lock:
            return await self._sql.actions(match_id, last)

    async def daily_matches(self, guild_id: int | None, date: str | None = None) -> list[Match]:
        async with self._lock:
            return await self._sql.daily_matches(guild_id, date)

    async def board_due_matches(self) -> list[Match]:
        async with self._lock:
            return await self._sql.board_due_matches()

    async def user_matches(self, user_id: int) -> list[Match]:
        async with self._lock:
            return await self._sql.user_matches(user_id)

    # -- timers --------------------------------------------------------------

    async def next_timer(self) -> Timer | None:
        async with self._lock:
            return await self._sql.next_timer()

    async def claim_timer(self, timer_id: int, at: float) -> bool:
        async with self.transaction() as tx:
            return await tx.claim_timer(timer_id, at)

    async def finish_timer(self, timer_id: int) -> None:
        async with self.transaction() as tx:
            await tx.finish_timer(timer_id)

    # -- users ---------------------------------------------------------------

    async def get_user(self, user_id: int) -> User | None:
        async with self._lock:
            return await self._sql.get_user(user_id)

    async def update_user(self, user_id: int, **values: Any) -> None:
        async with self._lock:
            await self._sql.update_user(user_id, **values)
