"""The web view's match page under reading: a SQLite database of 100 running
matches (20 of each game, the HellGame's with 6 seats, each 30 moves in), the
web server of :mod:`bot.web` on a local port, and sequential requests for
random matches' pages from one client, timed end to end (the client's own
time included, so the figures are on the safe side).

- **page**: the match page's HTML; every board already drawn once (the
  pictures come from the cache, as for a page opened after the board's post);
- **state, cold**: the page's JSON the first time (the log read and turned
  into lines, the regions, the status);
- **state, 304**: what an open page's look for a new move costs when there is none.

    python -m bench.web_page [--matches 100] [--requests 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp

import engines
from bot import workers
from bot.play.clock import Clock
from bot.play.service import MatchService
from bot.store import SqliteStore
from bot.web.links import Links
from bot.web.routes import Pages
from bot.web.server import WebServer, templates

SEATS = {"hellgame": 6, "halleluja": 3, "hoch-und-hoeher": 2}
MOVES = 30


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def fill(store, service: MatchService, matches: int, rng: random.Random) -> list[int]:
    games = list(engines.ids())
    ids = []
    async with store.transaction() as tx:
        for i in range(matches):
            game = games[i % len(games)]
            engine = engines.get(game)
            seed = rng.randrange(1 << 62)
            seats = SEATS.get(game, 2)
            match_id = await tx.insert_match(guild_id=1, channel_id=10_000 + i, game=game, options={}, seed=seed,
                                             host_id=1)
            await tx.update_match(match_id, status="running", state=engine.dump_state(engine.setup(seats, seed)))
            await tx.set_seats(match_id, list(range(1, seats + 1)))
            for seat in range(seats):
                await tx.start_stint(match_id, seat, seat + 1)
            ids.append(match_id)
    for match_id in ids:
        for _ in range(MOVES):
            match = await service.get(match_id)
            state = service.state(match)
            waiting = engines.get(match.game).to_act(state)
            if match.status != "running" or not waiting:
                break
            seat = rng.choice(waiting)
            index, token, _ = rng.choice(service.choices(match, seat))
            await service.act(match.id, match.user(seat), match.seats[seat].decision_counter, index, token)
    return ids


async def timed(session: aiohttp.ClientSession, url: str, **headers) -> tuple[float, int]:
    start = time.perf_counter()
    async with session.get(url, headers=headers) as answer:
        await answer.read()
        return (time.perf_counter() - start) * 1000, answer.status


async def bench(matches: int, requests: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    workers.configure(2)
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "bench.sqlite3")
        server = None
        try:
            ids = await fill(store, MatchService(store, rng=random.Random(seed)), matches, rng)
            links = Links("b" * 32, "http://127.0.0.1")

            async def names(user_ids):
                return {}

            pages = Pages(store, links, Clock(), names, templates())
            server = await WebServer.start(pages, "127.0.0.1", 0)
            base = f"http://127.0.0.1:{server.port}"
            urls = {i: f"{base}/m/{links.spectator_token(i)}" for i in ids}
            out = [f"web view: {len(ids)} matches stored (20 per game, the HellGame's with 6 seats), "
                   f"{MOVES} moves each"]
            async with aiohttp.ClientSession() as session:
                cold, tags = [], {}
                # each request from another forwarded address: the budget per address is not what is measured
                for i in ids:  # the boards drawn once, the states made once
                    ms, status = await timed(session, f"{urls[i]}/state.json?lang=en", **{"X-Forwarded-For": f"10.2.{i % 250}.1"})
                    assert status == 200, status
                    cold.append(ms)
                pages_ms, not_modified = [], []
                for n in range(requests):
                    i = rng.choice(ids)
                    ms, status = await timed(session, f"{urls[i]}?lang=en", **{"X-Forwarded-For": f"10.0.{n % 250}.1"})
                    assert status == 200, status
                    pages_ms.append(ms)
                for n in range(requests):
                    i = rng.choice(ids)
                    if i not in tags:
                        async with session.get(f"{urls[i]}/state.json?lang=en",
                                               headers={"X-Forwarded-For": f"10.3.{i % 250}.1"}) as answer:
                            tags[i] = answer.headers["ETag"]
                    ms, status = await timed(session, f"{urls[i]}/state.json?lang=en", **{
                        "If-None-Match": tags[i], "X-Forwarded-For": f"10.1.{n % 250}.1"})
                    if status == 304:
                        not_modified.append(ms)
            for name, values in (("page (HTML)", pages_ms), ("state, cold (first request, board drawn)", cold),
                                 ("state, 304 (an open page's look)", not_modified)):
                out.append(f"  {name:42} n={len(values):5}  median {statistics.median(values):7.1f} ms  "
                           f"p99 {percentile(values, 99):7.1f} ms")
            return out
        finally:
            if server is not None:
                await server.stop()
            await store.close()
            workers.shutdown("render")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for line in asyncio.run(bench(args.matches, args.requests, args.seed)):
        print(line)


if __name__ == "__main__":
    main()
