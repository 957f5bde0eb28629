"""Board pictures and replays off the event loop: in worker processes with
``RENDER_WORKERS`` > 0 (the same bytes as drawn in the bot's process), in a
thread with 0; a worker that dies is replaced."""

from __future__ import annotations

import os
import signal

import pytest

import engines
from bot import workers
from bot.discord.present import _render


@pytest.fixture
def pool():
    workers.configure(2)
    yield
    workers.configure(0)


async def test_jobs_run_in_worker_processes_and_draw_the_same_board(pool):
    pids = {await workers.run(os.getpid) for _ in range(6)}
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
    engine = engines.get("halleluja")
    view = engine.view(engine.setup(3, 11), 0)
    here = _render("halleluja", view, "de", True)
    there = await workers.run(_render, "halleluja", view, "de", True)
    assert there == here and there[0].startswith(b"\x89PNG")


async def test_a_worker_that_dies_is_replaced(pool):
    pid = await workers.run(os.getpid)
    os.kill(pid, signal.SIGKILL)
    assert await workers.run(os.getpid) not in (pid, os.getpid())


async def test_with_no_workers_jobs_run_in_a_thread_of_the_process():
    workers.configure(0)
    assert await workers.run(os.getpid) == os.getpid()


async def test_the_computer_thinks_in_a_pool_of_its_own():
    """A search of seconds never holds up a board picture: the computer player
    (pool "think") has its own processes, where it makes a legal decision."""
    from engines.ai.turn import decide

    workers.configure(1, "think")
    workers.configure(1)
    try:
        thinker = await workers.run(os.getpid, pool="think")
        drawer = await workers.run(os.getpid)
        assert os.getpid() not in (thinker, drawer) and thinker != drawer
        engine = engines.get("hoch-und-hoeher")
        state = engine.dump_state(engine.setup(2, 5))
        seat = engine.to_act(engine.load_state(state))[0]
        there = await workers.run(decide, "hoch-und-hoeher", state, seat, 0.2, 7, pool="think")
        assert 0 <= there < len(engine.legal_actions(engine.load_state(state), seat))
    finally:
        workers.configure(0, "think")
        workers.configure(0)


def _niceness() -> int:
    return os.nice(0)


async def test_workers_run_at_a_lower_priority_than_the_bot():
    """WORKER_NICE: the event loop that answers clicks gets the cores first
    (see bot/workers.py); both pools, and 0 keeps the bot's own priority."""
    mine = os.nice(0)
    try:
        workers.configure(1, nice=7)
        workers.configure(1, "think", nice=3)
        assert await workers.run(_niceness) == min(19, mine + 7)
        assert await workers.run(_niceness, pool="think") == min(19, mine + 3)
        workers.configure(1, nice=0)  # a new setting: new workers
        assert await workers.run(_niceness) == mine
    finally:
        workers.configure(0)
        workers.configure(0, "think")
    assert os.nice(0) == mine  # the bot itself stays where it was


def test_the_default_render_workers_share_the_cores_between_processes():
    """BOT_PROCESSES: processes on one machine together start no more render
    workers than it has cores (but each at least one)."""
    assert workers.default_count(1, cores=8) == 8
    assert workers.default_count(2, cores=8) == 4
    assert workers.default_count(2, cores=2) == 1
    assert workers.default_count(4, cores=2) == 1
    assert workers.default_count(1) >= 1
