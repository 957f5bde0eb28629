"""Moves through the match service on a database that already holds many
matches: each move is one SQLite transaction (read, apply, compare-and-swap,
append to the log), which is what every button click costs."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

import engines
from bot.service import MatchService
from bot.storage import Store, now


async def fill(store: Store, matches: int, game: str, seed: int) -> list[int]:
    """``matches`` running two-seat matches, inserted in bulk."""
    engine = engines.get(game)
    rng = random.Random(seed)
    stamp = now()
    async with store.transaction() as conn:
        rows = []
        for i in range(matches):
            match_seed = rng.randrange(1 << 62)
            state = engine.dump_state(engine.setup(2, match_seed))
            rows.append((1, 10_000 + i, game, "{}", match_seed, "running", 1, state, stamp, stamp))
        await conn.executemany(
            "INSERT INTO matches (guild_id, channel_id, game, options, seed, status, host_id, state, created_at, updated_at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?)",
            rows,
        )
        ids = [r[0] for r in await (await conn.execute("SELECT id FROM matches ORDER BY id")).fetchall()]
        await conn.executemany(
            "INSERT INTO seats (match_id, seat, user_id) VALUES (?,?,?)",
            [(m, s, 1 + s) for m in ids for s in (0, 1)],
        )
    return ids


async def bench_moves(matches: int, moves: int, seed: int = 1, game: str = "himmel-und-hoelle") -> tuple[float, float, float]:
    """Moves per second, median and p99 milliseconds per move."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        try:
            ids = await fill(store, matches, game, seed)
            service = MatchService(store, rng=random.Random(seed))
            times = []
            start = time.perf_counter()
            for _ in range(moves):
                match = await service.get(rng.choice(ids))
                if match.status != "running":
                    continue
                state = service.state(match)
                seat = rng.choice(engines.get(game).to_act(state))
                index, token, _ = rng.choice(service.choices(match, seat))
                t0 = time.perf_counter()
                await service.act(match.id, match.seats[seat], match.decision_counters[seat], index, token)
                times.append((time.perf_counter() - t0) * 1000)
            elapsed = time.perf_counter() - start
        finally:
            await store.close()
    times.sort()
    return len(times) / elapsed, times[len(times) // 2], times[min(len(times) - 1, int(0.99 * len(times)))]


def run(matches: int, moves: int, seed: int) -> str:
    rate, median, p99 = asyncio.run(bench_moves(matches, moves, seed))
    return f"match service ({matches} matches stored)  moves/s: {rate:.0f}  ms per move median: {median:.2f} p99: {p99:.2f}"


if __name__ == "__main__":
    print(run(10_000, 2_000, 1))
