"""``bench/scale.py`` on both stores with tiny numbers: it fills what it is
asked to, the copied matches replay to their stored states, and every figure
is a positive, finite number. ``bench/scale_acks.py`` with 4 matches and 2 s
stretches: it finds a capacity, offers its three shares and prints every
figure. And the fake Discord's ``wait_until``, which the benches lean on. No
timing goals here: those are the benchmarks'."""

from __future__ import annotations

import asyncio
import io
import math
import random
import re

import pytest
from fake_discord import FakeDiscord
from postgres_fixtures import DIALECTS, fresh_database

from bench import scale_acks
from bench.scale import bench_store, lines
from bot.store import open_store
from bot.verify import verify

MATCHES, MOVES, TICKS = 300, 30, 10

FIGURES = ("fill_seconds", "moves_per_second", "move_ms_median", "move_ms_p99", "tick_ms_median", "tick_ms_p99",
           "sweep_ms")


async def bench_and_check(url: str) -> dict:
    result = await bench_store(url, MATCHES, MOVES, TICKS, seed=3)
    assert result["matches"] == MATCHES
    assert result["running"] + result["finished"] == MATCHES
    assert result["running"] == round(MATCHES * 0.2)
    assert result["moves"] == MOVES and result["ticks"] == TICKS
    assert result["timers_fired"] == result["timers_made_due"]  # nothing else was due, nothing missed
    assert result["pending_timers"] >= result["running"]  # every running match waits on a reminder
    for name in FIGURES:
        assert math.isfinite(result[name]) and result[name] > 0, (name, result[name])
    assert len(lines(result)) == 4
    store = await open_store(url)
    try:
        out = io.StringIO()
        assert await verify(store, out) == 0, out.getvalue()  # copies and moves replay from seed and log
        assert len(await store.match_ids()) == MATCHES
    finally:
        await store.close()
    return result


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_bench_store_fills_and_measures(dialect, tmp_path, request):
    if dialect == "sqlite":
        result = await bench_and_check(f"sqlite:///{tmp_path / 'scale.sqlite3'}")
    else:
        async with fresh_database(request.getfixturevalue("postgres")) as url:
            result = await bench_and_check(url)
    assert result["dialect"] == dialect


async def test_bench_store_refuses_a_database_in_use(tmp_path):
    url = f"sqlite:///{tmp_path / 'scale.sqlite3'}"
    store = await open_store(url)
    async with store.transaction() as tx:
        await tx.insert_match(guild_id=1, channel_id=1, game="himmel-und-hoelle", options={}, seed=1, host_id=1)
    await store.close()
    with pytest.raises(ValueError, match="empty"):
        await bench_store(url, 5, 1, 1, seed=1)


# -- bench/scale_acks.py ---------------------------------------------------------------

ACK_LOAD_SECONDS = 2.0


async def test_bench_scale_acks_finds_the_capacity_and_offers_three_shares_of_it(postgres):
    """The acknowledgement bench, tiny: 4 matches, 2 s stretches, offers
    evenly spaced (so their number is known). Counts and their relations only:
    no times, which depend on the machine."""
    opts = scale_acks.Options(matches=4, seconds=ACK_LOAD_SECONDS, capacity_seconds=2.0, warm_up=1.0, timers=2,
                              poisson=False, seed=2)
    printed: list[str] = []
    async with fresh_database(postgres) as url:
        result = await scale_acks.bench(opts, url, out=printed.append)
    assert printed == scale_acks.lines(result)
    capacity = result["capacity"]
    assert capacity["completed"] > 0 and capacity["achieved"] > 0
    assert [load["factor"] for load in result["loads"]] == list(scale_acks.LOADS) == [0.5, 1.0, 1.5]
    for load in result["loads"]:
        assert load["offered"] == pytest.approx(load["factor"] * capacity["achieved"])
        assert load["due"] == math.ceil(load["offered"] * ACK_LOAD_SECONDS - 1e-9) >= 1
        assert load["started"] + load["not_started"] == load["due"]
        assert load["moves"] + load["failed"] <= load["started"]
    for stretch in (capacity, *result["loads"]):
        check_ack_figures(stretch)
    assert sum(load["moves"] for load in result["loads"]) > 0
    check_ack_lines(printed, capacity["achieved"])


def check_ack_figures(f: dict) -> None:
    # at least the Act click and the move's click for every move made
    assert f["interactions"] >= 2 * f["moves"]
    assert f["over_deadline"] <= f["over_margin"] <= f["interactions"]
    if f["interactions"]:
        assert 0 <= f["ack_p50"] <= f["ack_p99"] <= f["ack_max"]
    if f["moves"]:
        assert f["cpu_bots"] > 0 and f["cpu_fake"] > 0, f
        assert f["cpu_postgres"] is None or f["cpu_postgres"] >= 0  # None: a server on another machine


def check_ack_lines(printed: list[str], capacity: float) -> None:
    number = r"(\d[\d,]*(?:\.\d+)?|nan|inf)"
    found = re.search(rf"^capacity: .* = {number} moves/s", printed[1])
    assert found and float(found[1]) == pytest.approx(capacity, abs=0.05)
    loads = [i for i, line in enumerate(printed) if line.startswith("load ")]
    assert len(loads) == 3
    for factor, i in zip(scale_acks.LOADS, loads):
        head, acks, cpu = printed[i:i + 3]
        offered = re.search(rf"offered {number} moves/s .* achieved {number} moves/s", head)
        assert offered, head
        # the printed offer is the printed capacity's share, both rounded to 0.1
        assert float(offered[1]) == pytest.approx(factor * float(found[1]), abs=0.05 * factor + 0.051)
        assert "offered but not started" in head
        assert re.search(rf"acks of {number} interactions ms p50 {number} p99 {number} max {number};"
                         rf" over 2.5 s: \d+, over 3 s: \d+", acks), acks
        assert "(goal p99 < " in acks
        assert re.search(r"CPU s per move: bots \S+, PostgreSQL \S+, fake Discord\+driver \S+", cpu), cpu


def test_offers_come_evenly_or_at_poisson_times_from_the_seed():
    even = scale_acks.arrivals(4.0, 2.0, random.Random(1), poisson=False)
    assert even == [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75]
    first = scale_acks.arrivals(50.0, 100.0, random.Random(3), poisson=True)
    assert first == scale_acks.arrivals(50.0, 100.0, random.Random(3), poisson=True)
    assert first == sorted(first) and 0 < first[0] and first[-1] < 100.0
    assert abs(len(first) - 5000) < 5 * math.sqrt(5000)  # five standard deviations


# -- the fake Discord's wait_until (the benches' waiting and every test's) -------------


async def test_wait_until_checks_each_waiter_once_per_step_of_changes_and_wakes_only_the_one_done():
    fake = FakeDiscord()
    state = {"n": 0}
    calls = {"a": 0, "b": 0}

    def a():
        calls["a"] += 1
        return state["n"] >= 2 and f"a at {state['n']}"

    def b():
        calls["b"] += 1
        return state["n"] >= 100

    waiting_a = asyncio.create_task(fake.wait_until(a, timeout=60))
    waiting_b = asyncio.create_task(fake.wait_until(b, timeout=60))
    await asyncio.sleep(0)
    assert calls == {"a": 1, "b": 1}  # each looked once when it began
    state["n"] = 1
    fake.notify()
    fake.notify()  # two changes in one step: one check
    await asyncio.sleep(0)
    assert calls == {"a": 2, "b": 2} and not waiting_a.done()
    state["n"] = 2
    fake.notify()
    assert await waiting_a == "a at 2"  # the predicate's value
    assert not waiting_b.done()
    waiting_b.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting_b
    assert not fake._waiters  # nothing left behind to check
    fake.notify()  # nobody waits: nothing scheduled
    assert not fake._check_scheduled


async def test_wait_until_times_out_with_diagnostics_and_raises_what_the_predicate_raised():
    fake = FakeDiscord()
    with pytest.raises(AssertionError, match=r"timed out after 0.05s waiting for the moon\n.*last requests"):
        await fake.wait_until(lambda: None, timeout=0.05, what="the moon")
    with pytest.raises(AssertionError, match="timed out"):
        await fake.wait_until(lambda: False, timeout=0)
    late = {"done": False}
    loop = asyncio.get_running_loop()
    loop.call_later(0.05, late.update, {"done": True})  # a change nobody announces: seen at the deadline
    assert await fake.wait_until(lambda: late["done"], timeout=0.1) is True

    def refused():
        if late.get("refused"):
            raise AssertionError("callback refused")
        return None

    waiting = asyncio.create_task(fake.wait_until(refused, timeout=60))
    await asyncio.sleep(0)
    late["refused"] = True
    fake.notify()
    with pytest.raises(AssertionError, match="callback refused"):
        await waiting
    assert not fake._waiters
