"""``bench/scale.py`` on both stores with tiny numbers: it fills what it is
asked to, the copied matches replay to their stored states, and every figure
is a positive, finite number. No timing goals here: those are the benchmark's."""

from __future__ import annotations

import io
import math

import pytest
from postgres_fixtures import DIALECTS, fresh_database

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
