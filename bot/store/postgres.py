"""The PostgreSQL driver of :mod:`bot.store.base` (asyncpg), for several bot
processes (shards) on one database.

Each transaction has a pooled connection of its own, so moves of different
matches run side by side. What SQLite's single writer gave for free is made
explicit here:

- A match read inside a transaction locks its row (``FOR UPDATE``): two
  processes changing one match take turns, and the move counter's
  compare-and-swap (:meth:`~bot.store.sql.SqlTransaction.advance`) lets
  exactly one of two racing moves through.
- A timer claim skips rows another process is claiming (``FOR UPDATE SKIP
  LOCKED``), so each timer fires in exactly one process.
- A new timer is announced with ``NOTIFY`` at commit (by a trigger on
  ``timers``, so it costs no statement of its own); every process
  ``LISTEN``s and wakes its scheduler, and also looks every
  :attr:`poll_seconds` in case a notification was lost with a connection.
- Migrations run under an advisory lock, so processes starting together
  apply each one once.

Two pools: transactions (moves above all) take their connections from one,
reads outside a transaction (``get_match``, ``get_user``: what a click reads
before it answers) from a small one of their own, so moves that fill their
pool never make a plain read wait for a connection. How long either waited
is ``brettbote_db_pool_wait_seconds``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import zlib
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import AsyncIterator, Sequence

import asyncpg

from bot import metrics
from bot.store.base import Conflict
from bot.store.rows import POSTGRES_MATCH_SELECT, Row
from bot.store.schema import migrations
from bot.store.sql import SqlStore, SqlTransaction

log = logging.getLogger("brettbote.store")

#: The channel of new-timer notifications (named in migration 22's trigger too).
TIMER_CHANNEL = "brettbote_timers"
#: Any constant key: the advisory lock that serialises migrations.
MIGRATION_LOCK = 0x42726574
#: Connections for transactions, and those kept for reads outside one (a
#: read is one short statement: two serve many clicks at once).
POOL_SIZE, READ_POOL_SIZE = 10, 2


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1``, ``$2``, … (our SQL has no
    ``?`` in literals)."""
    count = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def _changed(status: str) -> int:
    # asyncpg returns the command tag: "UPDATE 3", "INSERT 0 1", "DELETE 0"
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTransaction(SqlTransaction):
    MATCH_SELECT = POSTGRES_MATCH_SELECT
    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"

    def __init__(self, conn: asyncpg.Connection, *, in_transaction: bool) -> None:
        super().__init__(in_transaction=in_transaction)
        self.conn = conn
        # a lock outside a transaction would be released at once: no use
        self.LOCK_MATCH = " FOR UPDATE" if in_transaction else ""

    async def _fetch(self, sql: str, args: Sequence) -> list[Row]:
        async with _conflicts():
            return await self.conn.fetch(numbered(sql), *args)

    async def _fetchrow(self, sql: str, args: Sequence) -> Row | None:
        async with _conflicts():
            return await self.conn.fetchrow(numbered(sql), *args)

    async def _execute(self, sql: str, args: Sequence) -> int:
        async with _conflicts():
            return _changed(await self.conn.execute(numbered(sql), *args))

    async def _executemany(self, sql: str, rows: list[tuple]) -> None:
        async with _conflicts():
            await self.conn.executemany(numbered(sql), rows)

    async def _timer_added(self) -> None:
        """Nothing to send: the trigger on ``timers`` notifies."""


@asynccontextmanager
async def _conflicts():
    """A unique constraint that stops a write is a :class:`Conflict` (another
    process got there first), as in the SQLite driver."""
    try:
        yield
    except asyncpg.UniqueViolationError as err:
        raise Conflict(err.constraint_name or str(err)) from err


class PostgresStore(SqlStore):
    dialect = "postgresql"
    #: Other processes add timers too; NOTIFY wakes us, this is the fallback.
    poll_seconds = 5.0

    def __init__(self, pool: asyncpg.Pool, reads: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._reads = reads
        self._url = url
        self._listener: asyncpg.Connection | None = None
        self.timer_added = asyncio.Event()

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE,
                   read_pool_size: int = READ_POOL_SIZE) -> "PostgresStore":
        """Connect (and migrate) the database at ``url``, with ``pool_size``
        connections for transactions and ``read_pool_size`` for reads."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        try:
            # opened at once: a read under load should not wait for a connection to be made
            reads = await asyncpg.create_pool(url, min_size=read_pool_size, max_size=read_pool_size)
        except BaseException:
            await pool.close()
            raise
        store = cls(pool, reads, url)
        try:
            await store.migrate()
            store._listener = await asyncpg.connect(url)
            await store._listener.add_listener(TIMER_CHANNEL, store._notified)
        except BaseException:
            await store.close()
            raise
        return store

    def _notified(self, *_args) -> None:
        self.timer_added.set()

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        await self._reads.close()
        await self._pool.close()  # waits for connections in use to come back

    @asynccontextmanager
    async def _connection(self, pool: asyncpg.Pool) -> AsyncIterator[asyncpg.Connection]:
        """A connection of ``pool`` for the block; how long it took to get one is observed."""
        start = time.perf_counter()
        async with pool.acquire() as conn:
            waited = time.perf_counter() - start
            metrics.POOL_WAIT.labels("reads" if pool is self._reads else "transactions").observe(waited)
            yield conn

    async def migrate(self) -> int:
        async with self._connection(self._pool) as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
                version = await conn.fetchval("SELECT max(version) FROM schema_version") or 0
                for number, sql in migrations("postgresql"):
                    if number > version:
                        async with conn.transaction():
                            await conn.execute(sql)
                            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                        version = number
                return version
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[bool]:
        """A session advisory lock on a connection held for the block; a
        process that dies drops its connection and with it the lock."""
        key = zlib.crc32(name.encode())
        async with self._connection(self._pool) as conn:
            mine = await conn.fetchval("SELECT pg_try_advisory_lock($1)", key)
            try:
                yield mine
            finally:
                if mine:
                    await conn.execute("SELECT pg_advisory_unlock($1)", key)

    async def continue_ids(self) -> None:
        async with self.transaction() as tx:
            for table in ("matches", "timers", "outbox"):
                await tx.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                                 f" coalesce((SELECT max(id) FROM {table}), 0) + 1, false)")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        """One pooled connection in one transaction; rolled back on any
        exception. The writes that waited are sent before the commit."""
        async with self._connection(self._pool) as conn:
            async with conn.transaction():
                tx = PostgresTransaction(conn, in_transaction=True)
                yield tx
                await tx.flush()

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[PostgresTransaction]:
        async with self._connection(self._reads) as conn:
            yield PostgresTransaction(conn, in_transaction=False)
