"""The PostgreSQL side of the test session.

``postgres`` is the admin URL of a server for the whole session: the one in
``TEST_DATABASE_URL`` if set, else a private server started here
(:mod:`postgres_server`) and removed at the end. Without a server the
PostgreSQL half of the tests is skipped, except under ``REQUIRE_POSTGRES=1``
(CI), where it fails. ``fresh_database`` gives each test an empty database of
its own, dropped afterwards; ``copied_to_postgres`` copies a store into one with
``brettbote migrate`` and opens it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
from typing import AsyncIterator, Iterator

import asyncpg
import pytest
from postgres_server import PostgresServer, find_binaries

from bot import cli
from bot.store import Store, open_store

DIALECTS = ("sqlite", "postgresql")
_names = itertools.count(1)


def _with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    given = os.environ.get("TEST_DATABASE_URL")
    if given:
        yield given
        return
    if find_binaries() is None:
        message = "no PostgreSQL server: set TEST_DATABASE_URL or install PostgreSQL (initdb, pg_ctl)"
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    server = PostgresServer().start()
    try:
        yield server.url
    finally:
        server.stop()


@contextlib.asynccontextmanager
async def fresh_database(admin_url: str) -> AsyncIterator[str]:
    name = f"brettbote_test_{os.getpid()}_{next(_names)}"
    admin = await asyncpg.connect(admin_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name}")
        yield _with_database(admin_url, name)
    finally:
        # connections a test left open (a killed process's) must not keep it
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


@contextlib.asynccontextmanager
async def copied_to_postgres(source: str, admin_url: str) -> AsyncIterator[Store]:
    """The store at ``source`` copied by ``brettbote migrate`` into a fresh
    PostgreSQL database, opened (and closed afterwards)."""
    async with fresh_database(admin_url) as pg:
        assert await asyncio.to_thread(cli.main, ["migrate", "--from", source, "--to", pg]) == 0
        store = await open_store(pg)
        try:
            yield store
        finally:
            await store.close()
