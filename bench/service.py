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
from bot.play.service import MatchService
from bot.store import SqliteStore, Store


async def fill(store: Store, matches: int, game: str, seed: int) -> list[int]:
    """``matches`` running two-seat matches, inserted in one transaction."""
    engine = engines.get(game)
    rng = random.Random(seed)
    ids = []
    async with store.transaction() as tx:
        for i in range(matches):
            match_seed = rng.randrange(1 << 62)
            state = engine.dump_state(engine.setup(2, match_seed))
            match_id = await tx.insert_match(guild_id=1, channel_id=10_000 + i, game=game, options={}, seed=match_seed,
                                             host_id=1)
            await tx.update_match(match_id, status="running", state=state)
            await tx.set_seats(match_id, [1, 2])
            ids.append(match_id)
    return ids


async def bench_moves(matches: int, moves: int, seed: int = 1, game: str = "himmel-und-hoelle") -> tuple[float, float, float]:
    """Moves per second, median and p99 milliseconds per move."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "bench.sqlite3")
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
                await service.act(match.id, match.user(seat), match.seats[seat].decision_counter, index, token)
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
