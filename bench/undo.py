"""Takebacks on a long match: a Himmel und Hölle match of 2,000 moves, then

- undo request + vote cycles through the match service (the asker makes a move
  that can be taken back, asks, the other seat agrees), timed per cycle;
- the same through the fake Discord while another channel's players keep
  clicking: ``/game undo`` requests one after the other (each asked twice:
  the repeat is answered at once) with the other seat agreeing, then a burst
  of them fired at once, and the acknowledgement times of the unrelated
  interactions meanwhile (``/game help``, opening a board's picker).

    python -m bench.undo [--moves 2000] [--cycles 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import engines
from engines.contract import settle
from bot.play.service import MatchService, action_token
from bot.play.slow import SlowPlay
from bot.store import SqliteStore
from bot.verify import replay

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

GAME = "himmel-und-hoelle"
E = engines.get(GAME)
CH, ALICE, BOB = 100, 1, 2


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


# -- a long match -------------------------------------------------------------


class Stuck(Exception):
    pass


def _random_move(state, seat, rng: random.Random):
    """A random legal action that does not end the game; often the end of the
    turn, as random play that moves dice all the time ends the game sooner."""
    legal = E.legal_actions(state, seat)
    order = rng.sample(range(len(legal)), len(legal))
    if rng.random() < 0.3:
        order.sort(key=lambda i: type(legal[i]).__name__ != "EndTurn")
    for index in order:
        if E.result(E.apply(state, seat, legal[index])[0]) is None:
            return index, legal[index]
    raise Stuck()


def plan(state, moves: int, rng: random.Random) -> list[tuple[int, int, object]]:
    """``moves`` random moves from ``state`` that keep the game going (a random
    walk that runs into a position where every move ends the game is dropped)."""
    for _ in range(500):
        walk, s, out = random.Random(rng.randrange(1 << 30)), state, []
        try:
            for _ in range(moves):
                seat = walk.choice(E.to_act(s))
                index, action = _random_move(s, seat, walk)
                s = settle(E, E.apply(s, seat, action)[0])  # the bot answers what has no choice
                if E.result(s) is not None:
                    raise Stuck()
                out.append((seat, index, action))
        except Stuck:
            continue
        return out
    raise RuntimeError(f"no random walk of {moves} moves keeps the game going")


async def play(service: MatchService, match_id: int, moves: int, rng: random.Random) -> None:
    match = await service.get(match_id)
    for seat, index, action in plan(service.state(match), moves, rng):
        match = (await service.act(match_id, match.user(seat), match.seats[seat].decision_counter, index,
                                   action_token(E, action))).match


async def play_undoable(service: MatchService, match_id: int, rng: random.Random, moves: int = 1) -> int:
    """Random moves until a seat may take its last ``moves`` moves back
    (each one undoable, nobody else in between, the seat still to act);
    returns that seat."""
    while True:
        match = await service.get(match_id)
        state = service.state(match)
        seat = E.to_act(state)[0]
        async with service.store.transaction() as tx:
            run = await tx.takeback_run(match_id, seat)
        done = 0
        if all(a.undoable for a in run):
            while done < moves:
                choices = [(i, a) for i, _, a in service.choices(match, seat)]
                rng.shuffle(choices)
                for index, action in choices:
                    after, events = E.apply(state, seat, action)
                    settled = settle(E, after)  # the bot answers what has no choice
                    if E.undoable(state, after, seat, events) and E.result(settled) is None and seat in E.to_act(settled):
                        break
                else:
                    break
                outcome = await service.act(match_id, match.user(seat), match.seats[seat].decision_counter, index,
                                            action_token(E, action))
                match, state, done = outcome.match, outcome.after, done + 1
            if done == moves:
                return seat
        await play(service, match_id, 1 + rng.randrange(4), rng)


async def bench_service(moves: int, cycles: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "undo.sqlite3")
        try:
            service = MatchService(store, rng=random.Random(seed))
            slow = SlowPlay(store, service)
            match = await service.new_match(guild_id=1, channel_id=CH, game=GAME, host_id=ALICE)
            await service.join(CH, BOB)
            await play(service, match.id, moves, rng)
            log = await store.actions(match.id)
            start = time.perf_counter()
            replay(await store.get_match(match.id), log)
            full = (time.perf_counter() - start) * 1000
            times = []
            for _ in range(cycles):
                seat = await play_undoable(service, match.id, rng)
                match = await service.get(match.id)
                start = time.perf_counter()
                await slow.request_undo(CH, match.user(seat))
                _, result = await slow.vote_undo(match.id, match.user(1 - seat), match.counter, agree=True)
                times.append((time.perf_counter() - start) * 1000)
                assert result == "done", result
            match = await store.get_match(match.id)
            assert replay(match, await store.actions(match.id)) == match.state
        finally:
            await store.close()
    return {"moves": len(log), "full": full, "median": statistics.median(times), "p99": percentile(times, 99)}


# -- through the fake Discord -----------------------------------------------------


async def bench_discord(moves: int, cycles: int, seed: int) -> dict[str, float]:
    from bot_harness import Table, started  # lives with the tests
    from fake_discord import FakeDiscord

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            async with started(fake, Path(tmp) / "undo.sqlite3") as bot:
                world = fake.world
                users = {u.id: u for u in (world.alice, world.bob)}
                table = Table(fake, bot)
                await table.open_match(world.alice, world.bob, channel_name="spiele")
                undo_channel = table.channel
                long_match = await bot.service.open_match(undo_channel.id)
                await play(bot.service, long_match.id, moves, rng)
                other = Table(fake, bot)
                await other.open_match(world.bob, world.alice, channel_name="turniere")
                other_board = other.board()
                stop = asyncio.Event()
                unrelated: list[float] = []
                undo_rounds: list[float] = []

                async def clicking() -> None:
                    turn = 0
                    while not stop.is_set():
                        user = (world.alice, world.bob)[turn % 2]
                        if turn % 2:
                            handle = await fake.slash(user, "game help", channel=other.channel)
                        else:
                            act = next(c for c in other_board.custom_ids() if ":act:" in c)
                            handle = await fake.click(user, other_board, act)
                        await handle.wait_acknowledged()
                        unrelated.append(handle.ack_latency * 1000)
                        turn += 1
                        await asyncio.sleep(0.005)

                async def undoing() -> None:
                    for _ in range(cycles):
                        seat = await play_undoable(bot.service, long_match.id, rng)
                        match = await bot.service.get(long_match.id)
                        asker, other_user = users[match.user(seat)], users[match.user(1 - seat)]
                        start = time.perf_counter()
                        first = await fake.slash(asker, "game undo", channel=undo_channel)
                        again = await fake.slash(asker, "game undo", channel=undo_channel)  # answered at once
                        request = await first.wait_response()
                        await again.wait_ephemeral()
                        yes = next(c for c in request.custom_ids() if ":yes:" in c)
                        vote = await fake.click(other_user, request, yes)
                        await vote.wait_acknowledged()
                        await table.settle()
                        undo_rounds.append((time.perf_counter() - start) * 1000)
                    stop.set()

                async def burst() -> None:
                    # then all at once: the same asker, the other seat, again and again
                    seat = await play_undoable(bot.service, long_match.id, rng)
                    match = await bot.service.get(long_match.id)
                    askers = [users[match.user(seat)], users[match.user(1 - seat)]]
                    handles = [await fake.slash(askers[i % 2], "game undo", channel=undo_channel) for i in range(cycles)]
                    for handle in handles:
                        await handle.wait_acknowledged()
                        burst_acks.append(handle.ack_latency * 1000)
                    stop.set()

                async def rounds_then_burst() -> None:
                    await undoing()
                    stop.clear()
                    await asyncio.gather(clicking(), burst())

                burst_acks: list[float] = []
                await asyncio.gather(clicking(), rounds_then_burst())
                await table.settle()
                match = await bot.store.get_match(long_match.id)
                assert replay(match, await bot.store.actions(match.id)) == match.state
                undone = sum(a.undone_by is not None for a in await bot.store.actions(match.id))
                acks = [latency * 1000 for latency in fake.ack_latencies]
    return {
        "unrelated": len(unrelated), "unrelated_median": statistics.median(unrelated),
        "unrelated_p99": percentile(unrelated, 99), "unrelated_max": max(unrelated),
        "acks": len(acks), "acks_p99": percentile(acks, 99),
        "round_median": statistics.median(undo_rounds), "round_p99": percentile(undo_rounds, 99), "undone": undone,
        "burst_p99": percentile(burst_acks, 99), "burst_max": max(burst_acks),
    }


def run(moves: int = 2000, cycles: int = 50, seed: int = 1) -> str:
    s = asyncio.run(bench_service(moves, cycles, seed))
    d = asyncio.run(bench_discord(moves, cycles, seed))
    return (
        f"undo on a {s['moves']}-move match ({cycles} request+vote cycles)  ms median: {s['median']:.1f}"
        f"  p99: {s['p99']:.1f}  (one replay of the whole log: {s['full']:.0f} ms)\n"
        f"undo burst through the fake Discord ({cycles} takebacks, {2 * cycles} /game undo, {d['undone']} moves taken back)"
        f"  round ms median: {d['round_median']:.1f} p99: {d['round_p99']:.1f}\n"
        f"  unrelated interactions in another channel meanwhile ({d['unrelated']})  ack ms median:"
        f" {d['unrelated_median']:.1f}  p99: {d['unrelated_p99']:.1f}  max: {d['unrelated_max']:.1f}"
        f"  (all {d['acks']} acks p99: {d['acks_p99']:.1f}; {cycles} /game undo fired at once: ack p99"
        f" {d['burst_p99']:.1f}, max {d['burst_max']:.1f})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.undo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--cycles", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(run(args.moves, args.cycles, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
