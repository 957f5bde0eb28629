"""A move's transaction is short: it reads its match once and sends its
writes together (:mod:`bot.store.sql_batch`); on PostgreSQL plain reads have
connections of their own, so moves that fill the pool never make them wait;
the wait for a pooled connection is measured.

Round trips are counted at the drivers' four primitives (``_fetch``,
``_fetchrow``, ``_execute``, ``_executemany``), one round trip each; the
``BEGIN`` and ``COMMIT`` around every transaction come on top. Before the
batching, the move counted here (a turn handed on, with a time bank) took 19
statements on SQLite and 26 on PostgreSQL (three of them NOTIFYs) and read
its match four times."""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import fields, replace
from typing import AsyncIterator, Iterator

import pytest
from postgres_fixtures import fresh_database

import engines
from bot import metrics
from bot.play.service import MatchService, Outdated
from bot.store import Match, Store

CH, ALICE, BOB = 100, 1, 2
GAME = "himmel-und-hoelle"
#: The statements of one move, at most: on PostgreSQL the match's lock is a
#: statement before its read; then one UPDATE of the match, one of its
#: seats, the stint, the log, the old abandonment timer out and the new
#: timers in (the outbox when the move owes notices).
MOST = {"sqlite": 8, "postgresql": 9}
PRIMITIVES = ("_fetch", "_fetchrow", "_execute", "_executemany")


async def transaction_class(store: Store) -> type:
    async with store.transaction() as tx:
        return type(tx)


@contextlib.contextmanager
def counted(kind: type, monkeypatch) -> Iterator[list[str]]:
    """The statements transactions of class ``kind`` send inside the block."""
    sent: list[str] = []

    def counting(name: str):
        primitive = getattr(kind, name)

        async def run(self, sql, args):
            sent.append(" ".join(sql.split()))
            return await primitive(self, sql, args)

        return run

    for name in PRIMITIVES:
        monkeypatch.setattr(kind, name, counting(name))
    yield sent
    monkeypatch.undo()


def match_reads(sent: list[str]) -> int:
    return sum(s.startswith("SELECT m.*") for s in sent)


async def first_choice(service: MatchService, match_id: int, kind: str | None = None) -> tuple[int, int, int, str]:
    """(user, counter, index, token) of the first legal action (of ``kind``,
    if given) of the first seat asked."""
    match = await service.get(match_id)
    engine = engines.get(match.game)
    seat = engine.to_act(engine.load_state(match.state))[0]
    index, token, _ = next(c for c in service.choices(match, seat) if kind in (None, c[2].kind))
    return match.user(seat), match.seats[seat].decision_counter, index, token


@pytest.fixture
async def running(service) -> int:
    """A running two-player match with a time bank (so a move sets the
    seats' clocks, their reminders and deadlines), two moves in."""
    await service.new_match(guild_id=1, channel_id=CH, game=GAME, host_id=ALICE, bank_days=3, increment_hours=1)
    match, started = await service.join(CH, BOB)
    assert started
    for _ in range(2):
        await service.act(match.id, *await first_choice(service, match.id))
    return match.id


async def test_a_move_reads_its_match_once_and_sends_few_statements(store, service, running, monkeypatch):
    click = await first_choice(service, running, "end")  # the other player's turn: a notice is owed
    with counted(await transaction_class(store), monkeypatch) as sent:
        outcome = await service.act(running, *click)
    assert outcome.newly_due and any(s.startswith("INSERT INTO outbox") for s in sent)
    assert match_reads(sent) == 1, sent
    assert len(sent) <= MOST[store.dialect], "\n".join(sent)
    if store.dialect == "postgresql":
        assert sent[0].endswith("FOR UPDATE")  # the lock, then the one read


def to_the_millisecond(match: Match) -> Match:
    """SQLite's JSON writes a seat's times (REAL) with 15 digits: the match
    select reads them back a few microseconds off."""
    seats = [replace(s, **{f.name: round(getattr(s, f.name), 3) for f in fields(s)
                           if isinstance(getattr(s, f.name), float)}) for s in match.seats]
    return replace(match, seats=seats)


async def test_what_a_move_returns_is_what_it_stored(store, service, running):
    """The match a move answers with is built from the copy its transaction
    kept: it must be what a fresh read finds."""
    outcome = await service.act(running, *await first_choice(service, running))
    assert to_the_millisecond(outcome.match) == to_the_millisecond(await store.get_match(running))
    assert [a.counter for a in await store.actions(running)] == [1, 2, 3]


async def test_a_stale_button_and_racing_clicks_still_apply_one_move(store, service, running):
    user, counter, index, token = await first_choice(service, running)
    results = await asyncio.gather(*(service.act(running, user, counter, index, token) for _ in range(4)),
                                   return_exceptions=True)
    applied = [r for r in results if not isinstance(r, Exception)]
    assert len(applied) == 1 and all(isinstance(r, Outdated) for r in results if r not in applied)
    with pytest.raises(Outdated):
        await service.act(running, user, counter, index, token)
    assert (await store.get_match(running)).counter == 3


async def test_a_transaction_that_fails_writes_nothing_that_waited(store, service, running):
    before = await store.get_match(running)
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            match = await tx.match(running)
            assert await tx.advance(match.id, match.counter, match.state, "running", None)
            await tx.update_seat(match.id, 0, missed=5)
            await tx.add_timer(match.id, "reminder", 0, match.counter, 0, 1.0)
            seen = await tx.match(running)  # from the kept copy, with the changes
            assert seen.counter == before.counter + 1 and seen.seats[0].missed == 5
            raise RuntimeError("the move went wrong after its writes")
    assert await store.get_match(running) == before


async def test_an_advance_on_an_older_counter_is_refused_without_a_statement(store, running, monkeypatch):
    kind = await transaction_class(store)
    async with store.transaction() as tx:
        match = await tx.match(running)
        with counted(kind, monkeypatch) as sent:
            assert not await tx.advance(match.id, match.counter - 1, match.state, "running", None)
        assert sent == []


# -- PostgreSQL: reads have a pool of their own; the wait for a connection ------------


@pytest.fixture
async def small_postgres(postgres) -> AsyncIterator[Store]:
    """A PostgreSQL store with two connections for transactions and one for reads."""
    from bot.store.postgres import PostgresStore

    async with fresh_database(postgres) as url:
        store = await PostgresStore.open(url, pool_size=2, read_pool_size=1)
        try:
            yield store
        finally:
            await store.close()


async def test_moves_filling_the_pool_never_make_a_read_wait(small_postgres):
    store = small_postgres
    service = MatchService(store, rng=random.Random(4))
    match = await service.new_match(guild_id=1, channel_id=CH, game=GAME, host_id=ALICE)
    await service.join(CH, BOB)
    held, release = asyncio.Event(), asyncio.Event()
    holding = 0

    async def hold() -> None:
        nonlocal holding
        async with store.transaction() as tx:
            await tx.count_running()
            holding += 1
            if holding == 2:
                held.set()
            await release.wait()

    holders = [asyncio.create_task(hold()) for _ in range(2)]
    try:
        await asyncio.wait_for(held.wait(), 30)
        # every connection for transactions is taken: another transaction waits ...
        assert store._pool.get_size() == 2 and store._pool.get_idle_size() == 0
        waiting = asyncio.create_task(_one_transaction(store))
        # ... but plain reads do not
        assert (await asyncio.wait_for(store.get_match(match.id), 30)).status == "running"
        assert await asyncio.wait_for(store.get_user(ALICE), 30) is None
        assert await asyncio.wait_for(store.count_running(), 30) == 1
        assert not waiting.done()
    finally:
        release.set()
        await asyncio.gather(*holders)
    await asyncio.wait_for(waiting, 30)


async def _one_transaction(store: Store) -> None:
    async with store.transaction() as tx:
        await tx.count_running()


def pool_waits(pool: str) -> float:
    return metrics.REGISTRY.get_sample_value("brettbote_db_pool_wait_seconds_count", {"pool": pool}) or 0.0


async def test_the_wait_for_a_pooled_connection_is_observed(small_postgres):
    reads, transactions = pool_waits("reads"), pool_waits("transactions")
    await small_postgres.get_match(1)
    assert pool_waits("reads") == reads + 1
    await _one_transaction(small_postgres)
    assert pool_waits("transactions") == transactions + 1


def test_the_event_loop_lag_histogram_is_there_to_be_fed():
    before = metrics.REGISTRY.get_sample_value("brettbote_event_loop_lag_seconds_count") or 0.0
    metrics.LOOP_LAG.observe(0.003)
    assert metrics.REGISTRY.get_sample_value("brettbote_event_loop_lag_seconds_count") == before + 1
    assert metrics.REGISTRY.get_sample_value("brettbote_event_loop_lag_seconds_bucket", {"le": "0.001"}) is not None
    assert metrics.REGISTRY.get_sample_value("brettbote_event_loop_lag_seconds_bucket", {"le": "5.0"}) is not None
