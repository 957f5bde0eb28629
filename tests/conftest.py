"""Fixtures shared by the bot's tests: the fake Discord, a database, a clock
moved by hand, a store and a match service on that database, a started bot
with a :class:`~bot_harness.Table` to play at, and ``stored`` to read a match
back from the database.

``db`` is a database URL, and every test that takes it runs twice: on a
fresh SQLite file and on a fresh database of a real PostgreSQL server (see
:mod:`postgres_fixtures`).

``tests/`` is on ``sys.path`` because this file is in it (pytest's default
"prepend" import mode), which is how ``fake_discord`` and ``bot_harness``
are imported by name.
"""

from __future__ import annotations

import random
from typing import AsyncIterator, Awaitable, Callable

import pytest
from bot_harness import Table, started
from fake_discord import FakeDiscord
from postgres_fixtures import DIALECTS, fresh_database, postgres  # noqa: F401 (fixtures)

from bot.config import VARIABLES
from bot.discord.app import Brettbote
from bot.play.clock import ManualClock
from bot.play.service import MatchService
from bot.store import LoggedAction, Match, Store, open_store


@pytest.fixture(autouse=True)
def no_brettbote_settings(monkeypatch):
    """The developer's own settings never reach a test (a DEV_GUILD_ID would
    change where commands are synced); a test sets what it needs."""
    for variable in VARIABLES.values():
        monkeypatch.delenv(variable, raising=False)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
        # For every test: every request body the bot sent validates against
        # Discord's OpenAPI spec, and every interaction was acknowledged
        # within three seconds.
        fake.assert_clean()
        assert fake.deadline_violations == []


@pytest.fixture(params=DIALECTS)
async def db(request, tmp_path) -> AsyncIterator[str]:
    """A URL of an empty database: a SQLite file, or a PostgreSQL database of its own."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'brettbote.sqlite3'}"
    else:
        async with fresh_database(request.getfixturevalue("postgres")) as url:
            yield url


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def store(db) -> AsyncIterator[Store]:
    store = await open_store(db)
    yield store
    await store.close()


@pytest.fixture
def service(store) -> MatchService:
    return MatchService(store, rng=random.Random(4))


@pytest.fixture
async def bot(fake, db, clock) -> AsyncIterator[Brettbote]:
    """The bot on ``db``; timers fire when a test says so (``table.fire_timers``)."""
    async with started(fake, db, clock) as bot:
        yield bot


@pytest.fixture
def table(fake, bot) -> Table:
    return Table(fake, bot)


@pytest.fixture
async def stored(db) -> AsyncIterator[Callable[..., Awaitable[tuple[Match | None, list[LoggedAction]]]]]:
    """``await stored(match_id=1)``: the match and its action log as the
    database has them now (through a store of its own, opened at the first
    look and kept for the test)."""
    opened: list[Store] = []

    async def load(match_id: int = 1):
        if not opened:
            opened.append(await open_store(db))
        return await opened[0].get_match(match_id), await opened[0].actions(match_id)

    yield load
    for store in opened:
        await store.close()


@pytest.fixture
def raw_sql(db) -> Callable[..., Awaitable[list]]:
    """``await raw_sql("UPDATE …", arg, …)``: one statement with ``?``
    placeholders in a transaction of its own, on whichever database ``db``
    is (to fake a crash, say); returns the rows it selected, if any."""

    async def run(sql: str, *args):
        store = await open_store(db)
        try:
            async with store.transaction() as tx:
                if sql.lstrip().upper().startswith(("SELECT", "WITH")) or " RETURNING " in sql.upper():
                    return [tuple(row) for row in await tx.fetch(sql, args)]
                await tx.execute(sql, args)
                return []
        finally:
            await store.close()

    return run
