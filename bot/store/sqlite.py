"""The SQLite driver of :mod:`bot.store.base` (aiosqlite, WAL): the default,
for one process with no set-up.

One connection per process, used by one transaction at a time: an asyncio
lock serialises transactions, because two coroutines sharing a connection
would otherwise interleave their statements inside one transaction. Reads
outside a transaction take the same lock for the same reason, so a read
waits for the transactions queued before it (there is no pool to reserve a
share of); what keeps that wait short is that a move sends few statements
(:mod:`bot.store.sql_batch`).
"""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Sequence

import aiosqlite

from bot.store.base import Conflict
from bot.store.rows import SQLITE_MATCH_SELECT, Row
from bot.store.schema import migrations
from bot.store.sql import SqlStore, SqlTransaction


class SqliteTransaction(SqlTransaction):
    """The statements over a connection the caller holds the lock of."""

    MATCH_SELECT = SQLITE_MATCH_SELECT

    def __init__(self, conn: aiosqlite.Connection, timer_added: asyncio.Event, *, in_transaction: bool) -> None:
        super().__init__(in_transaction=in_transaction)
        self.conn = conn
        self._event = timer_added

    async def _fetch(self, sql: str, args: Sequence) -> list[Row]:
        return list(await (await self._run(sql, args)).fetchall())

    async def _fetchrow(self, sql: str, args: Sequence) -> Row | None:
        return await (await self._run(sql, args)).fetchone()

    async def _execute(self, sql: str, args: Sequence) -> int:
        return (await self._run(sql, args)).rowcount

    async def _executemany(self, sql: str, rows: list[tuple]) -> None:
        try:
            await self.conn.executemany(sql, rows)
        except sqlite3.IntegrityError as err:
            raise _conflict(err) from err

    async def _run(self, sql: str, args: Sequence) -> aiosqlite.Cursor:
        try:
            return await self.conn.execute(sql, tuple(args))
        except sqlite3.IntegrityError as err:
            raise _conflict(err) from err

    async def _timer_added(self) -> None:
        self._event.set()  # one process: its own scheduler is the only one


def _conflict(err: sqlite3.IntegrityError) -> Exception:
    """A unique rule that stops a write is a :class:`Conflict`, as on PostgreSQL."""
    return Conflict(str(err)) if "UNIQUE" in str(err) else err


class SqliteStore(SqlStore):
    dialect = "sqlite"
    #: One process adds every timer and knows when: no need to look often.
    poll_seconds = 3600.0

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.timer_added = asyncio.Event()
        self._reader = SqliteTransaction(conn, self.timer_added, in_transaction=False)

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
            for number, sql in migrations("sqlite"):
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
                tx = SqliteTransaction(self._conn, self.timer_added, in_transaction=True)
                yield tx
                await tx.flush()
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[SqliteTransaction]:
        async with self._lock:
            yield self._reader
