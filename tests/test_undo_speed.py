"""Undo on long matches: the verdict on taking a move back is stored with the
move, snapshots bound the replay, snapshots of taken-back moves are never
used again, a repeated or refused request costs no replay, a move in between
makes an undo outdated, and an older database migrates (its verdicts are
computed when first needed). No timings here: those are in ``bench/undo.py``."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3

import pytest

import engines
from bot import workers
from bot.play import steps as steps_module
from bot.play.errors import ServiceError
from bot.play.service import SNAPSHOT_EVERY, MatchService, action_token
from bot.play.slow import SlowPlay
from bot.store import SqliteStore, Store, migrations, open_store
from bot.verify import replay, verify
from bench.undo import plan, play, play_undoable  # the long matches of the benchmark

GAME = "himmel-und-hoelle"
E = engines.get(GAME)
CH, ALICE, BOB = 100, 1, 2


@pytest.fixture
def slow(store, service) -> SlowPlay:
    return SlowPlay(store, service)


@pytest.fixture
def applies(monkeypatch) -> list[int]:
    """Counts ``engine.apply`` calls (one entry per call) from now on."""
    calls: list[int] = []
    original = type(E).apply

    def counting(self, state, seat, action):
        calls.append(seat)
        return original(self, state, seat, action)

    monkeypatch.setattr(type(E), "apply", counting)
    return calls


async def start(service: MatchService) -> int:
    match = await service.new_match(guild_id=1, channel_id=CH, game=GAME, host_id=ALICE)
    await service.join(CH, BOB)
    return match.id


async def undo(slow: SlowPlay, service: MatchService, match_id: int, seat: int) -> None:
    match = await service.get(match_id)
    await slow.request_undo(CH, match.user(seat))
    _, result = await slow.vote_undo(match_id, match.user(1 - seat), match.counter, agree=True)
    assert result == "done"


async def assert_consistent(store: Store, match_id: int) -> None:
    """The stored state and every stored snapshot equal a fresh replay of the
    log (moves taken back left out)."""
    match = await store.get_match(match_id)
    log = await store.actions(match_id)
    assert replay(match, log) == match.state
    async with store.transaction() as tx:
        rows = await tx.fetch("SELECT counter, state FROM snapshots WHERE match_id=?", (match_id,))
    for counter, state in rows:
        assert replay(match, [a for a in log if a.counter <= counter]) == state, f"snapshot {counter} is stale"
    assert await verify(store) == 0


async def test_moves_store_their_verdict_and_snapshots(store, service):
    match_id = await start(service)
    await play(service, match_id, 2 * SNAPSHOT_EVERY + 5, random.Random(1))
    log = await store.actions(match_id)
    assert all(a.undoable is not None for a in log)
    async with store.transaction() as tx:
        assert await tx.last_snapshot_counter(match_id) >= 2 * SNAPSHOT_EVERY
    await assert_consistent(store, match_id)


async def test_undo_on_a_long_match_replays_from_a_snapshot(store, service, slow, applies):
    rng = random.Random(9)
    match_id = await start(service)
    await play(service, match_id, 6 * SNAPSHOT_EVERY, rng)
    seat = await play_undoable(service, match_id, rng, moves=2)
    before = (await store.actions(match_id))[-3]
    applies.clear()
    await undo(slow, service, match_id, seat)
    assert len(applies) <= SNAPSHOT_EVERY
    match = await store.get_match(match_id)
    log = await store.actions(match_id)
    assert [a.undone_by for a in log[-2:]] == [match.counter] * 2
    assert match.state == replay(match, [a for a in log if a.counter <= before.counter])
    await assert_consistent(store, match_id)


async def test_snapshots_of_taken_back_moves_are_not_used_again(store, service, slow, monkeypatch):
    # a snapshot after every move, so the moves taken back have snapshots of their own
    monkeypatch.setattr(steps_module, "SNAPSHOT_EVERY", 1)
    rng = random.Random(3)
    match_id = await start(service)
    await play(service, match_id, 30, rng)
    for moves in (2, 1, 1, 3):
        seat = await play_undoable(service, match_id, rng, moves=moves)
        await undo(slow, service, match_id, seat)
        await assert_consistent(store, match_id)
        # the same seat at once again: the newest snapshot left must be from before the undo
        seat = await play_undoable(service, match_id, rng)
        await undo(slow, service, match_id, seat)
        await assert_consistent(store, match_id)
        await play(service, match_id, 7, rng)
    await assert_consistent(store, match_id)


async def test_a_repeated_or_refused_request_is_answered_without_a_replay(store, service, slow, applies):
    rng = random.Random(4)
    match_id = await start(service)
    await play(service, match_id, 3 * SNAPSHOT_EVERY, rng)
    seat = await play_undoable(service, match_id, rng)
    match = await service.get(match_id)
    applies.clear()
    await slow.request_undo(CH, match.user(seat))
    with pytest.raises(ServiceError) as err:
        await slow.request_undo(CH, match.user(seat))
    assert err.value.key == "undo_pending"
    with pytest.raises(ServiceError) as err:  # the other seat has nothing of its own to take back
        await slow.request_undo(CH, match.user(1 - seat))
    assert err.value.key == "undo_nothing"
    _, result = await slow.vote_undo(match_id, match.user(1 - seat), match.counter, agree=False)
    assert result == "refused" and applies == []
    # a verdict "no" stored with the move refuses at once, too
    async with store.transaction() as tx:
        await tx.execute("UPDATE actions SET undoable=0 WHERE match_id=? AND counter=?", (match_id, match.counter))
    with pytest.raises(ServiceError) as err:
        await slow.request_undo(CH, match.user(seat))
    assert err.value.key == "undo_secret" and applies == []


async def test_a_move_while_the_undo_is_computed_makes_it_outdated(store, service, slow, monkeypatch):
    rng = random.Random(9)
    match_id = await start(service)
    await play(service, match_id, SNAPSHOT_EVERY + 10, rng)
    seat = await play_undoable(service, match_id, rng)
    match = await service.get(match_id)
    await slow.request_undo(CH, match.user(seat))
    original = workers.run

    async def move_first(func, *args):
        await play(service, match_id, 1, rng)  # a move meanwhile (the asker is still to act)
        return await original(func, *args)

    monkeypatch.setattr(workers, "run", move_first)
    with pytest.raises(ServiceError) as err:
        await slow.vote_undo(match_id, match.user(1 - seat), match.counter, agree=True)
    assert err.value.key == "undo_outdated"
    log = await store.actions(match_id)
    assert all(a.undone_by is None for a in log)
    await assert_consistent(store, match_id)


def version_5_database(path, moves: int, rng: random.Random) -> tuple[int, int]:
    """A database as the bot before stored verdicts and snapshots left it: a
    running match whose last move can be taken back. Returns the seat that
    made it and the match's counter."""
    conn = sqlite3.connect(path)
    for number, sql in migrations():
        if number <= 5:
            conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
    seed = 7
    state = E.setup(2, seed)
    rows: list[tuple[int, str, list[dict]]] = []
    while True:
        for seat, _, action in plan(state, moves if not rows else 1, rng):
            state, events = E.apply(state, seat, action)
            rows.append((seat, E.dump_action(action), [e.model_dump() for e in events]))
            # what has no choice the plan leaves to the bot (then a move like any other)
            while E.result(state) is None and (answer := next(
                    ((s, a) for s in E.to_act(state) if (a := E.automatic(state, s)) is not None), None)):
                state, events = E.apply(state, *answer)
                rows.append((answer[0], E.dump_action(answer[1]), [e.model_dump() for e in events]))
        seat = E.to_act(state)[0]
        if rows[-1][0] == seat:
            continue
        # the seat's first move since the other one's: stop at one that can be taken back
        tried = [(a, *E.apply(state, seat, a)) for a in E.legal_actions(state, seat)]
        taken = next(((a, after, events) for a, after, events in tried
                      if E.undoable(state, after, seat, events) and E.result(after) is None), None)
        if taken is not None:
            action, state, events = taken
            rows.append((seat, E.dump_action(action), [e.model_dump() for e in events]))
            break
    counter = len(rows)
    conn.execute(
        "INSERT INTO matches (id, channel_id, game, seed, status, host_id, state, counter, created_at, updated_at)"
        " VALUES (1, ?, ?, ?, 'running', ?, ?, ?, 'x', 'x')", (CH, GAME, seed, ALICE, E.dump_state(state), counter),
    )
    conn.executemany("INSERT INTO seats (match_id, seat, user_id, decision_counter) VALUES (1, ?, ?, ?)",
                     [(0, ALICE, counter), (1, BOB, counter)])
    conn.executemany(
        "INSERT INTO actions (match_id, counter, seat, action, events, created_at) VALUES (1, ?, ?, ?, ?, 'x')",
        [(i + 1, s, a, json.dumps(ev)) for i, (s, a, ev) in enumerate(rows)],
    )
    conn.commit()
    conn.close()
    return rows[-1][0], counter


async def test_an_older_database_migrates_and_undo_decides_old_moves_once(tmp_path, applies):
    db = tmp_path / "brettbote.sqlite3"  # the upgrade of an old SQLite file
    seat, counter = version_5_database(db, 120, random.Random(6))
    store = await SqliteStore.open(db)
    try:
        assert await store.migrate() == migrations()[-1][0]
        log = await store.actions(1)
        assert all(a.undoable is None for a in log)
        service = MatchService(store, rng=random.Random(1))
        slow = SlowPlay(store, service)
        applies.clear()
        match = await slow.request_undo(CH, [ALICE, BOB][seat])
        assert match.undo_seat == seat and applies  # old moves: replayed once to decide them
        run = [a for a in await store.actions(1) if a.undoable is not None]
        assert run and run[-1].counter == counter and all(a.seat == seat for a in run)
        _, result = await slow.vote_undo(1, [ALICE, BOB][1 - seat], counter, agree=True)
        assert result == "done"
        await assert_consistent(store, 1)
        # moves from now on are stored with their verdict and snapshots
        await play(service, 1, SNAPSHOT_EVERY + 1, random.Random(8))
        assert all(a.undoable is not None for a in await store.actions(1) if a.counter > counter)
        await assert_consistent(store, 1)
    finally:
        await store.close()


async def test_a_burst_of_undo_requests_on_a_long_match_stalls_nobody(fake, db):
    """Through the real client: 25 /game undo on a 600-move match while
    someone in another channel asks for help. Every interaction is
    acknowledged within Discord's three seconds (the fake's teardown checks
    it), the first request is asked of the other player once, and the others
    are answered at once, privately."""
    from bot_harness import started

    w = fake.world
    channel, elsewhere = w.channel("spiele"), w.add_text_channel("anderswo")
    store = await open_store(db)
    service = MatchService(store, rng=random.Random(3))
    await service.new_match(guild_id=w.guild.id, channel_id=channel.id, game=GAME, host_id=w.alice.id)
    await service.join(channel.id, w.bob.id)
    await play(service, 1, 600, random.Random(5))
    seat = await play_undoable(service, 1, random.Random(6))
    await store.close()
    asker = w.alice if seat == 0 else w.bob
    async with started(fake, db):
        requests = [await fake.slash(asker, "game undo", channel=channel) for _ in range(25)]
        help_ = await fake.slash(w.carol, "game help", channel=elsewhere)
        for handle in requests:
            await handle.wait_acknowledged()
        # acknowledged first (a public placeholder), answered after: a refusal replaces it privately
        await fake.wait_until(lambda: all(h.messages and not any(m.loading for m in h.messages) for h in requests),
                              what="every request answered")
        assert "/game new" in (await help_.wait_ephemeral()).content
        public = [h for h in requests if any(not m.ephemeral for m in h.messages)]
        assert len(public) == 1  # one request, with its vote buttons
        assert all(h.ephemeral_messages for h in requests if h not in public)
