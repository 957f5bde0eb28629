"""The store on both databases: an older SQLite file migrates with its votes;
a match (or a list of them) is read with its seats in one statement; both
dialects build the same schema from the same numbered migrations; and what
several processes need of PostgreSQL (a timer claimed once, a match changed
by one transaction at a time, a new timer waking every process, migrations
applied once) holds on a real server."""

from __future__ import annotations

import asyncio
import random
import sqlite3

import asyncpg
import pytest

from bot.play.service import MatchService
from bot.store import Conflict, SqliteStore, migrations, open_store
from bot.store.schema import split_dialects

CH, ALICE, BOB = 100, 1, 2


def version_3_database(path) -> None:
    """A database as the bot before the votes table left it: a running match
    with a pending cancel vote, a pause vote and an undo request."""
    conn = sqlite3.connect(path)
    for number, sql in migrations():
        if number <= 3:
            conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
    conn.executescript(
        "INSERT INTO matches (id, channel_id, game, seed, status, host_id, state, counter, created_at, updated_at,"
        " undo_seat, undo_counter) VALUES (1, 100, 'himmel-und-hoelle', 1, 'running', 1, '{}', 4, 'x', 'x', 0, 4);"
        "INSERT INTO seats (match_id, seat, user_id, cancel_vote, pause_vote, undo_vote) VALUES (1, 0, 1, 1, 0, 1);"
        "INSERT INTO seats (match_id, seat, user_id, cancel_vote, pause_vote, undo_vote) VALUES (1, 1, 2, 0, 1, 0);"
    )
    conn.close()


async def test_an_older_database_migrates_with_its_votes(tmp_path):
    db = tmp_path / "old.sqlite3"
    version_3_database(db)
    store = await SqliteStore.open(db)
    try:
        assert await store.migrate() == migrations()[-1][0]
        match = await store.get_match(1)
    finally:
        await store.close()
    assert match.user_ids == [ALICE, BOB] and match.undo_seat == 0
    assert match.engine_version is None  # started before engine versions were recorded
    assert sorted((v.kind, v.seat, v.counter) for v in match.votes) == [("cancel", 0, 4), ("pause", 1, 4), ("undo", 0, 4)]
    columns = {row[1] for row in sqlite3.connect(db).execute("PRAGMA table_info(seats)")}
    assert not columns & {"cancel_vote", "pause_vote", "undo_vote"}


async def test_a_match_and_lists_of_matches_are_one_statement_each(tmp_path):
    store = await SqliteStore.open(tmp_path / "one.sqlite3")
    service = MatchService(store, rng=random.Random(4))
    for channel in (CH, CH + 1, CH + 2):
        await service.new_match(guild_id=1, channel_id=channel, game="himmel-und-hoelle", host_id=ALICE)
        await service.join(channel, BOB)
    statements: list[str] = []
    await store._conn.set_trace_callback(statements.append)
    match = await store.get_match(1)
    mine = await store.user_matches(BOB)
    async with store.transaction() as tx:
        running = await tx.running_matches()
    await store._conn.set_trace_callback(None)
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 3
    assert [s.user_id for s in match.seats] == [ALICE, BOB] and [s.seat for s in match.seats] == [0, 1]
    assert len(mine) == len(running) == 3 and all(m.user_ids == [ALICE, BOB] for m in running)
    await store.close()


# -- both dialects -------------------------------------------------------------


async def _columns(store) -> dict[str, set[str]]:
    """Every table of the schema with its column names."""
    async with store.transaction() as tx:
        if store.dialect == "sqlite":
            tables = [r["name"] for r in await tx.fetch("SELECT name FROM sqlite_master WHERE type='table'")]
            return {t: {r["name"] for r in await tx.fetch(f"SELECT name FROM pragma_table_info('{t}')")}
                    for t in tables if t != "schema_version"}
        rows = await tx.fetch("SELECT table_name, column_name FROM information_schema.columns"
                              " WHERE table_schema='public' AND table_name<>'schema_version'")
    found: dict[str, set[str]] = {}
    for r in rows:
        found.setdefault(r["table_name"], set()).add(r["column_name"])
    return found


async def test_both_dialects_build_the_same_tables_and_columns(tmp_path, postgres):
    from postgres_fixtures import fresh_database

    lite = await SqliteStore.open(tmp_path / "same.sqlite3")
    async with fresh_database(postgres) as url:
        pg = await open_store(url)
        try:
            assert await pg.migrate() == await lite.migrate() == migrations("postgresql")[-1][0]
            assert await _columns(pg) == await _columns(lite)
        finally:
            await pg.close()
    await lite.close()


def test_a_migration_file_splits_into_its_dialects():
    text = "-- shared\nCREATE TABLE t (a INTEGER);\n-- dialect: sqlite\nX;\n-- dialect: postgresql\nY;\n-- dialect: both\nZ;\n"
    assert split_dialects(text, "sqlite") == "-- shared\nCREATE TABLE t (a INTEGER);\nX;\nZ;\n"
    assert split_dialects(text, "postgresql") == "-- shared\nCREATE TABLE t (a INTEGER);\nY;\nZ;\n"
    with pytest.raises(ValueError):
        split_dialects("-- dialect: mysql\n", "sqlite")
    # every shipped migration has a part for each dialect, and the same numbers, without gaps
    numbers = [n for n, _ in migrations("sqlite")]
    assert numbers == [n for n, _ in migrations("postgresql")] == list(range(1, len(numbers) + 1)) and len(numbers) >= 19


async def test_a_second_open_match_in_a_channel_is_a_conflict(store):
    for attempt in range(2):
        async with store.transaction() as tx:
            if attempt == 0:
                await tx.insert_match(guild_id=1, channel_id=CH, game="g", options={}, seed=1, host_id=ALICE)
            else:
                with pytest.raises(Conflict):
                    await tx.insert_match(guild_id=1, channel_id=CH, game="g", options={}, seed=2, host_id=BOB)
    assert len(await store.match_ids()) == 1


async def test_discord_sized_ids_and_seeds_round_trip(store, service):
    big = 1_234_567_890_123_456_789
    await service.new_match(guild_id=big, channel_id=big + 1, game="himmel-und-hoelle", host_id=big + 2)
    match, _ = await service.join(big + 1, big + 3)
    again = await store.get_match(match.id)
    assert (again.guild_id, again.channel_id, again.user_ids) == (big, big + 1, [big + 2, big + 3])
    assert 0 <= again.seed < 2**63 and again.seed == match.seed


async def test_timers_are_claimed_by_exactly_one_of_many_claimers(db):
    """Eight connections (eight processes, on PostgreSQL) claim at once:
    every due timer goes to exactly one, none that is not due goes at all."""
    stores = [await open_store(db) for _ in range(4 if db.startswith("sqlite") else 8)]
    try:
        async with stores[0].transaction() as tx:
            match_id = await tx.insert_match(guild_id=1, channel_id=CH, game="g", options={}, seed=1, host_id=ALICE)
            for i in range(300):
                await tx.add_timer(match_id, "reminder", 0, i, 0, due_at=100.0 + (i % 7))
            await tx.add_timer(match_id, "deadline", 0, 0, 0, due_at=10_000.0)

        async def claimer(store) -> list[int]:
            got = []
            while batch := await store.claim_due(500.0, 10):
                got += [t.id for t in batch]
                for t in batch:
                    await store.finish_timer(t.id)
            return got

        claimed = await asyncio.gather(*(claimer(s) for s in stores))
    finally:
        for s in stores:
            await s.close()
    every = [i for got in claimed for i in got]
    assert len(every) == len(set(every)) == 300


async def test_a_process_that_died_holding_timers_gives_them_up_after_the_lease(store):
    async with store.transaction() as tx:
        match_id = await tx.insert_match(guild_id=1, channel_id=CH, game="g", options={}, seed=1, host_id=ALICE)
        await tx.add_timer(match_id, "reminder", 0, 0, 0, due_at=100.0)
        await tx.add_timer(match_id, "reminder", 1, 0, 0, due_at=100.0)
    first, second = await store.claim_due(200.0, 10)
    await store.finish_timer(first.id)  # handled; the second was held when its process died
    assert await store.expire_stale_claims(150.0) == 0  # claimed at 200: not stale yet
    assert await store.expire_stale_claims(201.0) == 1
    assert await store.claim_due(10_000.0) == [] and await store.next_timer() is None


async def test_postgres_locks_a_match_read_in_a_transaction(postgres):
    """Two transactions reading one match take turns: the second waits
    until the first commits and then sees its change (a lobby join in one
    process cannot overwrite one in another)."""
    from postgres_fixtures import fresh_database

    async with fresh_database(postgres) as url:
        a, b = await open_store(url), await open_store(url)
        try:
            async with a.transaction() as tx:
                match_id = await tx.insert_match(guild_id=1, channel_id=CH, game="g", options={}, seed=1, host_id=ALICE)
                await tx.set_seats(match_id, [ALICE])
            order: list[str] = []
            first_has_lock = asyncio.Event()

            async def join(store, user: int, name: str, hold: float) -> None:
                async with store.transaction() as tx:
                    match = await tx.match(match_id)
                    first_has_lock.set()
                    await asyncio.sleep(hold)
                    await tx.set_seats(match_id, match.user_ids + [user])
                    order.append(name)

            one = asyncio.create_task(join(a, BOB, "first", 0.3))
            await first_has_lock.wait()
            await join(b, 3, "second", 0)
            await one
            assert order == ["first", "second"]
            assert (await a.get_match(match_id)).user_ids == [ALICE, BOB, 3]
        finally:
            await a.close()
            await b.close()


async def test_postgres_a_timer_added_by_one_process_wakes_the_others(postgres):
    from postgres_fixtures import fresh_database

    async with fresh_database(postgres) as url:
        adder, sleeper = await open_store(url), await open_store(url)
        try:
            sleeper.timer_added.clear()
            async with adder.transaction() as tx:
                match_id = await tx.insert_match(guild_id=1, channel_id=CH, game="g", options={}, seed=1, host_id=ALICE)
                await tx.add_timer(match_id, "reminder", 0, 0, 0, due_at=1.0)
                await asyncio.sleep(0.2)
                assert not sleeper.timer_added.is_set()  # not before the commit
            await asyncio.wait_for(sleeper.timer_added.wait(), 30)
        finally:
            await adder.close()
            await sleeper.close()


async def test_postgres_processes_starting_together_migrate_once(postgres):
    from postgres_fixtures import fresh_database

    async with fresh_database(postgres) as url:
        stores = await asyncio.gather(*(open_store(url) for _ in range(4)))
        try:
            conn = await asyncpg.connect(url)
            versions = [r["version"] for r in await conn.fetch("SELECT version FROM schema_version ORDER BY version")]
            await conn.close()
            assert versions == [n for n, _ in migrations("postgresql")]
        finally:
            for s in stores:
                await s.close()


async def test_two_processes_opening_a_match_in_one_channel_get_one_and_a_refusal(db):
    """``/game new`` in one channel handled by two processes at once: one
    lobby, and the other player is told the channel has a match."""
    from bot.play.errors import ServiceError

    stores = [await open_store(db) for _ in range(2)]
    try:
        services = [MatchService(s, rng=random.Random(i)) for i, s in enumerate(stores)]
        results = await asyncio.gather(
            *(s.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=u)
              for s, u in zip(services, (ALICE, BOB))), return_exceptions=True)
    finally:
        for s in stores:
            await s.close()
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], ServiceError) and refused[0].key == "match_exists"


def test_a_database_url_in_a_log_line_hides_its_password():
    from bot.store import redacted

    assert redacted("postgresql://bot:s3cr@t@db:5432/brettbote") == "postgresql://bot:***@db:5432/brettbote"
    assert redacted("postgresql://bot@db/brettbote") == "postgresql://bot@db/brettbote"
    assert redacted("sqlite:///./data/brettbote.sqlite3") == "sqlite:///./data/brettbote.sqlite3"
