"""The metrics endpoint (``/metrics``, ``/healthz``) and the measurements
the bot takes while it plays: the interaction acknowledgements, the move
transactions, the timers and the DMs that could not be delivered.

The registry lives as long as the test process, so every test compares a
value before and after what it does."""

from __future__ import annotations

import asyncio
import contextlib
from typing import AsyncIterator, Awaitable, Callable

import aiohttp
import pytest

from bot import metrics
from bot.play.lobby import HOUR

NAMES = ("brettbote_interaction_ack_seconds", "brettbote_move_commit_seconds", "brettbote_timer_lag_seconds",
         "brettbote_dm_failures_total", "brettbote_matches_active")


def sample(name: str) -> float:
    return metrics.REGISTRY.get_sample_value(name) or 0.0


@contextlib.asynccontextmanager
async def serving(health: Callable[[], Awaitable[dict]]) -> AsyncIterator[str]:
    server = await metrics.MetricsServer.start(0, health, host="127.0.0.1")
    try:
        assert server.port > 0
        yield f"http://127.0.0.1:{server.port}"
    finally:
        await server.stop()


async def get(url: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, response.headers["Content-Type"], await response.text()


def returning(report: dict) -> Callable[[], Awaitable[dict]]:
    async def health() -> dict:
        return report

    return health


# -- the endpoint ------------------------------------------------------------------


async def test_healthz_is_200_with_the_report_when_ok():
    async with serving(returning({"ok": True, "gateway": True, "database": True, "matches_active": 3})) as base:
        async with aiohttp.ClientSession() as session, session.get(f"{base}/healthz") as response:
            assert response.status == 200
            assert await response.json() == {"ok": True, "gateway": True, "database": True, "matches_active": 3}


async def test_healthz_is_503_when_not_ok():
    async with serving(returning({"ok": False, "gateway": False, "database": True})) as base:
        async with aiohttp.ClientSession() as session, session.get(f"{base}/healthz") as response:
            assert response.status == 503
            assert await response.json() == {"ok": False, "gateway": False, "database": True}


async def test_healthz_is_503_when_the_check_raises():
    async def broken() -> dict:
        raise RuntimeError("database gone")

    async with serving(broken) as base:
        async with aiohttp.ClientSession() as session, session.get(f"{base}/healthz") as response:
            assert response.status == 503
            assert await response.json() == {"ok": False}


async def test_metrics_lists_every_metric_and_counts_dm_failures():
    async with serving(returning({"ok": True})) as base:
        status, content_type, text = await get(f"{base}/metrics")
        assert status == 200 and content_type.startswith("text/plain")
        for name in NAMES:
            assert f"# TYPE {name} " in text, name
        before = sample("brettbote_dm_failures_total")
        metrics.DM_FAILURES.inc()
        assert sample("brettbote_dm_failures_total") == before + 1
        _, _, text = await get(f"{base}/metrics")
        line = next(x for x in text.splitlines() if x.startswith("brettbote_dm_failures_total "))
        assert float(line.split()[1]) == before + 1


async def test_two_servers_on_port_0_get_different_ports_and_stop_frees_them():
    first = await metrics.MetricsServer.start(0, returning({"ok": True}), host="127.0.0.1")
    second = await metrics.MetricsServer.start(0, returning({"ok": True}), host="127.0.0.1")
    assert first.port != second.port
    await first.stop()
    await second.stop()
    with pytest.raises(aiohttp.ClientConnectionError):
        await get(f"http://127.0.0.1:{first.port}/healthz")


async def test_timed_observes_a_finished_block_but_not_a_failed_one():
    before = sample("brettbote_move_commit_seconds_count"), sample("brettbote_move_commit_seconds_sum")
    async with metrics.timed(metrics.MOVE_COMMIT):
        await asyncio.sleep(0.02)
    with pytest.raises(ValueError):
        async with metrics.timed(metrics.MOVE_COMMIT):
            raise ValueError("rolled back")
    assert sample("brettbote_move_commit_seconds_count") == before[0] + 1
    assert sample("brettbote_move_commit_seconds_sum") - before[1] >= 0.02


# -- measured while playing ------------------------------------------------------------


async def test_a_move_records_its_acknowledgements_and_its_transaction(fake, table, stored):
    w = fake.world
    acks = sample("brettbote_interaction_ack_seconds_count"), sample("brettbote_interaction_ack_seconds_sum")
    commits = sample("brettbote_move_commit_seconds_count")
    interactions = len(fake.interactions.handles)
    await table.open_match(w.alice, w.bob)
    await table.turn(w.alice, "Ziehen B1 → B2")
    match, _ = await stored()
    assert match.counter == 1
    answered = len(fake.interactions.handles) - interactions
    assert answered == 4  # /game new, Join, Act, the move
    # one observation per interaction (not one per answer), each well under Discord's 3 s
    assert sample("brettbote_interaction_ack_seconds_count") == acks[0] + answered
    assert 0 < sample("brettbote_interaction_ack_seconds_sum") - acks[1] < 3 * answered
    assert sample("brettbote_move_commit_seconds_count") == commits + 1


async def test_a_refused_click_is_timed_too(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    acks = sample("brettbote_interaction_ack_seconds_count")
    commits = sample("brettbote_move_commit_seconds_count")
    reply = await (await table.click_board(w.bob, "act")).wait_ephemeral()  # not Bob's turn
    assert reply.content
    assert sample("brettbote_interaction_ack_seconds_count") == acks + 1
    assert sample("brettbote_move_commit_seconds_count") == commits


async def test_a_dm_that_cannot_be_delivered_is_counted_and_the_timer_lag_observed(fake, clock, table):
    w = fake.world
    await table.open_match(w.carol, w.alice, reminder=1)  # Carol does not take DMs
    failures = sample("brettbote_dm_failures_total")
    timers = sample("brettbote_timer_lag_seconds_count")
    assert await table.fire_timers(clock, HOUR + 1) >= 1
    assert sample("brettbote_dm_failures_total") >= failures + 1
    assert sample("brettbote_timer_lag_seconds_count") >= timers + 1


# -- the bot's health ---------------------------------------------------------------


async def test_bot_health_with_gateway_and_database(fake, bot, table):
    assert await bot.health() == {"ok": True, "gateway": True, "database": True, "matches_active": 0}
    await table.open_match(fake.world.alice, fake.world.bob)
    assert await bot.health() == {"ok": True, "gateway": True, "database": True, "matches_active": 1}
    assert sample("brettbote_matches_active") == 1
    async with serving(bot.health) as base:
        async with aiohttp.ClientSession() as session, session.get(f"{base}/healthz") as response:
            assert response.status == 200
            assert (await response.json())["matches_active"] == 1


async def test_bot_health_without_the_database(fake, bot, monkeypatch):
    async def down() -> int:
        raise OSError("connection refused")

    monkeypatch.setattr(bot.store, "count_running", down)
    report = await bot.health()
    assert report == {"ok": False, "gateway": True, "database": False}
    async with serving(bot.health) as base:
        status, _, _ = await get(f"{base}/healthz")
        assert status == 503
