"""Time from an interaction arriving at the bot to its acknowledgement, with
the real discord.py client against the fake Discord of the test suite: the
3-second rule leaves room, but a fast acknowledgement is what makes buttons
feel instant."""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from bot_harness import Table, started  # noqa: E402  (lives with the tests)
from fake_discord import FakeDiscord  # noqa: E402

END_TURN = {"alice": "Zug beenden", "bob": "End turn"}


async def bench_acks(turns: int) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            async with started(fake, Path(tmp) / "bench.sqlite3") as bot:
                table = Table(fake, bot)
                world = fake.world
                await table.open_match(world.alice, world.bob)
                players = [world.alice, world.bob]
                for turn in range(turns):
                    user = players[turn % 2]
                    await table.turn(user, END_TURN[user.username])
                return [latency * 1000 for latency in fake.ack_latencies]


def run(turns: int) -> str:
    latencies = sorted(asyncio.run(bench_acks(turns)))
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    return (
        f"discord acknowledgements ({len(latencies)} interactions)  ms median: {statistics.median(latencies):.1f}"
        f"  p99: {p99:.1f}  max: {latencies[-1]:.1f}"
    )


if __name__ == "__main__":
    print(run(100))
