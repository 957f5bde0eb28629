"""Two bot processes on one PostgreSQL database serving many matches at
once, against the fake Discord: how fast interactions are acknowledged and
how late timers fire while they are busy.

    python -m bench.scale_acks [--matches 200] [--rounds 3] [--think 3] [--timers 500] [--seed 1]

The matches are opened in the database beforehand (one channel each); the
two processes post their boards at start. Then every match plays
``--rounds`` rounds at the same time: the player to act looks at the board
for up to twice ``--think`` seconds (``--think 0``: no pause, the machine's
limit), opens the picker and clicks a move, each interaction sent to one process or the other in turn, as
a load balancer would. Meanwhile ``--timers`` reminders fall due, spread over
the run. Acknowledgement times are the fake Discord's (from sending the
interaction to the bot's first answer); a timer's lag is its claim time minus
its due time.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

import asyncpg

import engines
from bot.play.service import MatchService
from bot.store import open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fake_discord import FakeDiscord  # noqa: E402  (lives with the tests)
from postgres_server import PostgresServer  # noqa: E402
from scale_harness import bot_processes, live_board  # noqa: E402

from bench.scale import percentile  # noqa: E402

GAME = "himmel-und-hoelle"
E = engines.get(GAME)


async def prepare(fake: FakeDiscord, url: str, matches: int, timers: int, start_in: float, spread: float,
                  seed: int) -> list:
    w = fake.world
    store = await open_store(url)
    channels = []
    try:
        service = MatchService(store, rng=random.Random(seed))
        for i in range(matches):
            channel = w.add_text_channel(f"partie-{i}")
            await service.new_match(guild_id=w.guild.id, channel_id=channel.id, game=GAME, host_id=w.alice.id)
            await service.join(channel.id, w.bob.id)
            channels.append(channel)
        rng = random.Random(seed)
        now = time.time()
        async with store.transaction() as tx:
            await tx.execute("UPDATE outbox SET sent_at=1")  # the opening turn notices: not part of the load
            running = await tx.running_matches()
            for n in range(timers):
                match = running[n % len(running)]
                seat = E.to_act(E.load_state(match.state))[0]
                await tx.add_timer(match.id, "reminder", seat, match.seats[seat].decision_counter, match.timer_epoch,
                                   now + start_in + rng.random() * spread)
    finally:
        await store.close()
    return channels


async def play_turns(fake, store, channel, match_id, sessions, rounds, think, rng, handles) -> int:
    moves = 0
    for turn in range(rounds * 2):
        await asyncio.sleep(rng.uniform(0, 2 * think))  # the player looks at the board first
        match = await store.get_match(match_id)
        if match.status != "running":
            break
        user = fake.world.user(match.user(E.to_act(E.load_state(match.state))[0]))
        for _ in range(100):  # right after a move its board may still be on its way
            board = await fake.wait_until(lambda: live_board(fake, channel), timeout=60, what="a live board")
            act = next(c for c in board.custom_ids() if ":act:" in c)
            opened = await fake.click(user, board, act, to=sessions[(turn + match_id) % 2])
            handles.append(opened)
            try:
                picker = await opened.wait_ephemeral(timeout=30)
            except AssertionError:  # answered too late: Discord refused it (counted in the figures)
                continue
            buttons = [c for c in picker.custom_ids() if c.startswith("bb:a:")]
            if buttons:
                break
            await asyncio.sleep(0.2)
        edits = len(picker.history)
        click = await fake.click(user, picker, rng.choice(buttons), to=sessions[(turn + match_id + 1) % 2])
        handles.append(click)
        try:
            await click.wait_acknowledged(timeout=30)
            # the move is made when the picker shows what follows it
            await fake.wait_until(lambda: len(picker.history) > edits, timeout=30, what="the picker after the move")
        except AssertionError:  # answered too late: Discord refused it (counted in the figures)
            continue
        moves += 1
    return moves


async def bench(matches: int, rounds: int, think: float, timers: int, seed: int) -> dict:
    server = PostgresServer(durable=True).start()
    try:
        admin = await asyncpg.connect(server.url)
        await admin.execute("CREATE DATABASE bench")
        await admin.close()
        url = server.database_url("bench")
        # Discord checks request bodies on its own machines: the fake's check
        # (a JSON Schema per request) would take this machine's cores from the bot
        async with FakeDiscord(validate=False) as fake:
            channels = await prepare(fake, url, matches, timers, start_in=3, spread=20, seed=seed)
            async with bot_processes(fake, url, [{}, {}]) as procs:
                await fake.wait_until(lambda: all(live_board(fake, c) for c in channels), timeout=300,
                                      what="every board posted")
                sessions = [p.session for p in procs]
                handles: list = []
                rng = random.Random(seed)
                store = await open_store(url)
                try:
                    started = time.perf_counter()
                    moves = await asyncio.gather(*(play_turns(fake, store, c, i + 1, sessions, rounds, think,
                                                              random.Random(rng.random()), handles)
                                                   for i, c in enumerate(channels)))
                    elapsed = time.perf_counter() - started
                    deadline = time.time() + 120
                    while time.time() < deadline:
                        async with store.transaction() as tx:
                            lags = [r["lag"] for r in await tx.fetch(
                                "SELECT claimed_at - due_at AS lag FROM timers WHERE kind='reminder' AND done=1")]
                        if len(lags) >= timers:
                            break
                        await asyncio.sleep(1)
                finally:
                    await store.close()
        acks = sorted(h.ack_latency * 1000 for h in handles if h.ack_latency is not None)
        late = sum(1 for h in handles if h.ack_latency is None or h.ack_latency > 3.0)
        return {"matches": matches, "think": think, "interactions": len(handles), "late": late, "moves": sum(moves), "seconds": elapsed,
                "ack_p50": percentile(acks, 50), "ack_p99": percentile(acks, 99),
                "timers": len(lags), "lag_p50": percentile(sorted(lags), 50), "lag_p99": percentile(sorted(lags), 99)}
    finally:
        server.stop()


def lines(r: dict) -> list[str]:
    return [
        f"2 processes, {r['matches']} matches at once on PostgreSQL, think {r['think']:g} s:"
        f" {r['moves']} moves in {r['seconds']:.1f} s;"
        f" acknowledgement of {r['interactions']} interactions ms p50: {r['ack_p50']:.1f} p99: {r['ack_p99']:.1f}"
        f", {r['late']} later than Discord's 3 s",
        f"  timer lag while busy ({r['timers']} reminders) s p50: {r['lag_p50']:.3f} p99: {r['lag_p99']:.3f} (goal p99 < 1)",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale_acks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--timers", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for line in lines(asyncio.run(bench(args.matches, args.rounds, args.think, args.timers, args.seed))):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
