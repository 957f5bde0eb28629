"""Several bot processes on one PostgreSQL database, against one fake Discord:
what a sharded deployment must hold. Racing clicks on one match from two
processes apply exactly one; 1,000 timers fire exactly once each across three
shard processes, including those of a server another process holds; a process
killed with ``kill -9`` loses nothing and the other carries on (it posts what
the dead one owed, and fires the timers it had claimed)."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from postgres_fixtures import fresh_database
from scale_harness import bot_processes, live_board, poll_until, run_until_killed

import engines
from bot.play.limits import DM_BUDGET
from bot.play.lobby import HOUR
from bot.play.service import MatchService
from bot.store import open_store
from bot.verify import verify

GAME = "himmel-und-hoelle"
E = engines.get(GAME)


@pytest.fixture
async def pg(postgres):
    async with fresh_database(postgres) as url:
        yield url


async def read(url: str, match_id: int = 1):
    store = await open_store(url)
    try:
        return await store.get_match(match_id), await store.actions(match_id)
    finally:
        await store.close()


async def fresh_picker(fake, channel, user, session):
    """The user's picker from the live board, once the board is the current
    one (right after a move the new board may still be on its way)."""
    for _ in range(50):
        board = await fake.wait_until(lambda: live_board(fake, channel), timeout=60, what="a live board")
        act = next(c for c in board.custom_ids() if ":act:" in c)
        picker = await (await fake.click(user, board, act, to=session)).wait_ephemeral(timeout=60)
        if any(c.startswith("bb:a:") for c in picker.custom_ids()):
            return picker
        await asyncio.sleep(0.1)
    raise AssertionError(f"no current picker: {picker.content}")


async def user_to_act(fake, url: str):
    match, _ = await read(url)
    return fake.world.user(match.user(E.to_act(E.load_state(match.state))[0]))


def told(fake, user) -> int:
    """How many versions of the user's private messages say "outdated"."""
    seen = [v.get("content") or "" for m in fake.ephemeral_messages(user) for v in [*m.history, {"content": m.content}]]
    return sum("veraltet" in text or "outdated" in text for text in seen)


async def open_match(fake, channel, host_to, guest_to) -> None:
    w = fake.world
    await fake.wait_until(lambda: fake.commands.list(None), timeout=30, what="commands synced")
    lobby = await (await fake.slash(w.alice, "game new", {"game": GAME, "here": True}, channel=channel,
                                    to=host_to)).wait_response(timeout=60)
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    await (await fake.click(w.bob, lobby, join, to=guest_to)).wait_acknowledged(timeout=60)
    await fake.wait_until(lambda: live_board(fake, channel), timeout=60, what="the first board")


async def test_racing_clicks_from_two_processes_apply_exactly_one(fake, pg):
    w = fake.world
    channel = w.channel("spiele")
    async with bot_processes(fake, pg, [{}, {}]) as (a, b):
        await open_match(fake, channel, a.session, b.session)
        for race in range(6):
            match, _ = await read(pg)
            user = await user_to_act(fake, pg)
            picker = await fresh_picker(fake, channel, user, (a, b)[race % 2].session)
            told_before = told(fake, user)
            button = next(c for c in picker.custom_ids() if c.startswith("bb:a:"))
            # the same button, clicked twice at once: one click reaches each process
            first, second = await asyncio.gather(fake.click(user, picker, button, to=a.session),
                                                 fake.click(user, picker, button, to=b.session))
            await first.wait_acknowledged(timeout=60)
            await second.wait_acknowledged(timeout=60)
            # both answer at once and work after: wait for the winner's commit
            # and the loser's answer (both edit one picker: every version counts)
            await poll_until(lambda: _moves(pg, race + 1), timeout=60, what="the winning click's move")
            await fake.wait_until(lambda: told(fake, user) > told_before, timeout=60, what="the losing click answered")
            after, log = await read(pg)
            # one click applied, with the automatic answers it led to (a turn with nothing left ends)
            clicked = [e for e in log if not e.automatic]
            assert len(clicked) == race + 1
            assert after.counter == match.counter + 1 + sum(e.automatic for e in log if e.counter > match.counter)
        store = await open_store(pg)
        try:
            assert await verify(store) == 0
        finally:
            await store.close()


async def test_a_thousand_timers_fire_exactly_once_across_three_shard_processes(fake, pg):
    """200 matches, five due reminders each, in the server of shard 0 of 3:
    every process claims from the one table, the two that do not hold the
    server send their reminders over REST all the same, and every timer is
    claimed once and sets the next reminder once, and no user is sent more
    DMs than the budget allows."""
    w = fake.world
    store = await open_store(pg)
    try:
        service = MatchService(store, rng=random.Random(5))
        for i in range(200):
            channel = w.add_text_channel(f"partie-{i}").id
            await service.new_match(guild_id=w.guild.id, channel_id=channel, game=GAME, host_id=w.alice.id)
            await service.join(channel, w.bob.id)
        now = time.time()
        async with store.transaction() as tx:
            await tx.execute("DELETE FROM timers")
            await tx.execute("UPDATE matches SET board_due=0")
            await tx.execute("UPDATE outbox SET sent_at=1")
            for match in await tx.running_matches():
                seat = E.to_act(E.load_state(match.state))[0]
                for _ in range(5):
                    await tx.add_timer(match.id, "reminder", seat, match.seats[seat].decision_counter,
                                       match.timer_epoch, now - 1)
    finally:
        await store.close()
    envs = [{"SHARD_COUNT": "3", "SHARD_IDS": str(i), "RENDER_WORKERS": "0"} for i in range(3)]
    async with bot_processes(fake, pg, envs) as procs:
        assert [p.session.shard for p in procs] == [(0, 3), (1, 3), (2, 3)]
        store = await open_store(pg)
        try:
            async def all_done():
                async with store.transaction() as tx:
                    row = await tx.fetchrow("SELECT count(*) AS n FROM timers WHERE done=1 AND kind='reminder'")
                return row["n"] >= 1000

            await poll_until(all_done, timeout=120, what="1,000 reminders fired")
            async with store.transaction() as tx:
                claimed = await tx.fetch("SELECT claimed_at FROM timers WHERE due_at < ?", (now,))
                pending_next = await tx.fetchrow("SELECT count(*) AS n FROM timers WHERE claimed_at IS NULL")
        finally:
            await store.close()
        # A reminder is a DM; past a user's DM budget it waits for the next
        # DM (merged there), or it is a mention in the match's channel when
        # Discord says DMs come too fast. So the posts show no double and no
        # flood; the timers table shows that each fired exactly once.
        dms = {u.id: len(fake.dm_messages(u)) for u in (w.alice, w.bob)}
        mentions = [m for c in w.text_channels if c.name.startswith("partie-") for m in fake.messages(c)]
    assert len(claimed) == 1000 and all(r["claimed_at"] is not None for r in claimed)
    assert sum(dms.values()) > 0 and all(n <= 3 * DM_BUDGET for n in dms.values()), dms  # a budget per process
    assert sum(dms.values()) + len(mentions) <= 1000
    assert pending_next["n"] == 1000  # each fired reminder set the next one, once


async def test_a_process_killed_after_committing_a_move_loses_nothing_and_the_other_carries_on(fake, pg):
    w = fake.world
    channel = w.channel("spiele")
    lease = {"BRETTBOTE_TIMER_LEASE": "2"}
    async with bot_processes(fake, pg, [{**lease, "BRETTBOTE_CRASH_AT": "move_committed"}, lease]) as (a, b):
        await open_match(fake, channel, b.session, b.session)
        board = live_board(fake, channel)
        first = await user_to_act(fake, pg)
        picker = await fresh_picker(fake, channel, first, b.session)
        end_turn = next(x["custom_id"] for x in picker.buttons() if x.get("label") in ("Zug beenden", "End turn"))
        await fake.click(first, picker, end_turn, to=a.session)  # a board is owed
        assert await asyncio.wait_for(a.proc.wait(), 60) != 0  # killed right after the commit
        match, log = await read(pg)
        assert len(log) == 1 and match.board_due  # committed, never announced
        # the survivor sweeps: the owed board comes, with Bob's turn on it
        await fake.wait_until(lambda: live_board(fake, channel) is not board and live_board(fake, channel),
                              timeout=60, what="the owed board, posted by the other process")
        match, _ = await read(pg)
        assert not match.board_due
        # and play goes on through the survivor
        second = await user_to_act(fake, pg)
        picker = await fresh_picker(fake, channel, second, b.session)
        button = next((c for c in picker.custom_ids() if c.startswith("bb:a:")), None)
        assert button, (picker.content, b.output()[-3000:])
        await (await fake.click(second, picker, button, to=b.session)).wait_acknowledged(timeout=60)
        await poll_until(lambda: _moves(pg, 2), timeout=60, what="Bob's move")


async def _moves(url: str, count: int) -> bool:
    _, log = await read(url)
    return len([e for e in log if not e.automatic]) >= count


async def match_with_a_due_timer(fake, url: str, kind: str):
    """A match of Alice and Bob in #spiele, opened in the database before any
    process runs, whose seat to act has a ``kind`` timer due now (for a
    deadline: of one hour, on a decision that opened two hours ago)."""
    w = fake.world
    store = await open_store(url)
    try:
        service = MatchService(store, rng=random.Random(2))
        await service.new_match(guild_id=w.guild.id, channel_id=w.channel("spiele").id, game=GAME, host_id=w.alice.id)
        match, _ = await service.join(w.channel("spiele").id, w.bob.id)
        seat = E.to_act(E.load_state(match.state))[0]
        async with store.transaction() as tx:
            if kind == "deadline":
                await tx.update_match(match.id, deadline_hours=1)
                await tx.update_seat(match.id, seat, decision_at=time.time() - 2 * HOUR)
            await tx.add_timer(match.id, kind, seat, match.seats[seat].decision_counter, match.timer_epoch,
                               time.time() - 1)
    finally:
        await store.close()
    return match, seat


async def test_timers_claimed_by_a_killed_process_fire_in_the_other(fake, pg):
    """A process dies holding claimed timers (a deadline among them): after
    the lease the other process gives the claims up, sets the deadline again
    and fires it: the late seat is skipped."""
    # a match with a one-hour deadline whose decision opened two hours ago
    match, seat = await match_with_a_due_timer(fake, pg, "deadline")
    lease = {"BRETTBOTE_TIMER_LEASE": "2"}
    # claims the deadline at start, then dies
    assert await run_until_killed(fake, pg, {**lease, "BRETTBOTE_CRASH_AT": "timers_claimed"}, timeout=30) != 0
    _, log = await read(pg)
    assert log == []
    async with bot_processes(fake, pg, [lease]):
        await poll_until(lambda: _moves(pg, 1), timeout=30, what="the late seat skipped by the other process")
    match, log = await read(pg)
    assert log[0].seat == seat


async def test_a_shard_process_without_the_server_fires_its_timers(fake, pg):
    """The server is on shard ``k`` of 2 and the only process runs the other
    shard: it never sees the server, yet its due reminder reaches the player
    (over REST, as from any process)."""
    w = fake.world
    match, seat = await match_with_a_due_timer(fake, pg, "reminder")
    other = 1 - (w.guild.id >> 22) % 2
    async with bot_processes(fake, pg, [{"SHARD_COUNT": "2", "SHARD_IDS": str(other)}]) as (proc,):
        assert proc.session.shard == (other, 2)
        user = w.user(match.user(seat))
        reminded = lambda: [m for m in fake.dm_messages(user) if "⏰" in m.content] or [  # noqa: E731
            m for m in fake.messages(w.channel("spiele")) if "⏰" in m.content]
        await fake.wait_until(reminded, timeout=60, what="the reminder from the process without the server")
