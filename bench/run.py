"""Speed of every registered game: random games through the engine contract,
and board pictures through the renderer.

    python -m bench.run [--seconds 5] [--games N] [--renders 200] [--seed 1]
                        [--matches 10000] [--moves 2000] [--turns 100] [--undos 50]

Random play is what the tests and the fuzzers do most, and a board picture is
rendered after every move in a channel, so these two numbers are the ones that
decide whether a game feels fast; for The HellGame also the zoomed crops a
question about places shows (``render.hellgame_crop``). Then the bot: moves
committed through the match service on a database of many matches
(``bench.service``), and how fast interactions are acknowledged through the
fake Discord (``bench.discord_ack``), and takebacks on a long match
(``bench.undo``).
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from typing import Any

from PIL import Image

import engines
import render
from engines.contract import Engine

#: A random game longer than this is counted as unfinished: random play could
#: otherwise wander forever in a game without a move limit.
MAX_STEPS = 100_000


def random_game(engine: Engine, rng: random.Random, keep: float = 0.0) -> tuple[int, bool, list[Any]]:
    """Play one game with uniformly random legal actions of a random seat in
    ``to_act``. Returns the steps, whether it ended, and a ``keep`` fraction of
    its states (for rendering)."""
    state = engine.setup(engine.min_seats, rng.randrange(1 << 31))
    kept = []
    for step in range(MAX_STEPS):
        if engine.result(state) is not None:
            return step, True, kept
        seat = rng.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        if rng.random() < keep:
            kept.append(state)
    return MAX_STEPS, False, kept


def bench_games(engine: Engine, seconds: float, games: int | None, seed: int) -> tuple[float, float, int]:
    """Games per second and steps per game; stops after ``games`` games, else
    at the first game that ends after ``seconds``."""
    rng = random.Random(seed)
    finished, steps, unfinished = 0, 0, 0
    start = time.perf_counter()
    while True:
        n, ended, _ = random_game(engine, rng)
        steps += n
        finished += ended
        unfinished += not ended
        played = finished + unfinished
        if (games is not None and played >= games) or (games is None and time.perf_counter() - start >= seconds):
            break
    elapsed = time.perf_counter() - start
    return played / elapsed, steps / played, unfinished


def sample_positions(engine: Engine, count: int, seed: int) -> list[Any]:
    """Spectator views of positions spread over a few random games (the
    start, the middle and the end all look different)."""
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < count:
        _, _, kept = random_game(engine, rng, keep=0.05)
        states += kept or []
    rng.shuffle(states)
    return [engine.view(s, None) for s in states[:count]]


def bench_render(game_id: str, views: list[Any]) -> tuple[list[float], list[int], list[float]]:
    """Render times and sizes, and the time of re-encoding each finished
    picture (decode and save as PNG): drawing should cost a small multiple
    of what merely writing the same image costs."""
    render.board_png(game_id, views[0])  # warm up: fonts and lazy imports load once
    times, sizes, reencode = [], [], []
    for view in views:
        start = time.perf_counter()
        png = render.board_png(game_id, view)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
        start = time.perf_counter()
        Image.open(io.BytesIO(png)).save(io.BytesIO(), "PNG", compress_level=6)
        reencode.append((time.perf_counter() - start) * 1000)
    return times, sizes, reencode


def bench_hellgame_crops(views: list[Any], seed: int) -> tuple[list[float], list[float]]:
    """Render times of The HellGame's zoomed crops over the sampled views: a
    focus on a random sectio (its unit ringed if it has one, a step from a
    neighbour, three targets among the places around it) and a random quarter."""
    from engines.hellgame.core import data
    from render.hellgame_crop import Focus, focus_png, quarter_png

    rng = random.Random(seed)
    focus_png(views[0], Focus(targets=(0,)))  # warm up
    focus_times, quarter_times = [], []
    for view in views:
        at = rng.randrange(len(data.SECTIOS))
        near = set(data.NEIGHBOURS[at])
        near |= {n for m in near if m != data.ANTEHELL for n in data.NEIGHBOURS[m]}  # up to two steps away
        near.discard(at)
        unit = next((u.id for u in view.units if u.at == at), None)
        focus = Focus(unit=unit, path=(rng.choice(data.NEIGHBOURS[at]), at), targets=tuple(rng.sample(sorted(near), 3)))
        start = time.perf_counter()
        focus_png(view, focus)
        focus_times.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        quarter_png(view, rng.randrange(1, 6))
        quarter_times.append((time.perf_counter() - start) * 1000)
    return focus_times, quarter_times


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for random games per game (default 5)")
    parser.add_argument("--games", type=int, help="play exactly this many random games instead")
    parser.add_argument("--renders", type=int, default=200, help="board pictures to render (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--matches", type=int, default=10_000, help="matches stored for the service bench (0: skip)")
    parser.add_argument("--moves", type=int, default=2_000, help="moves through the match service")
    parser.add_argument("--turns", type=int, default=100, help="turns played through the fake Discord (0: skip)")
    parser.add_argument("--undos", type=int, default=50, help="undo cycles on a 2,000-move match (0: skip)")
    args = parser.parse_args(argv)
    width = max(len(i) for i in engines.ids())
    for engine in engines.all():
        rate, steps, unfinished = bench_games(engine, args.seconds, args.games, args.seed)
        line = f"{engine.id:<{width}}  games/s: {rate:.1f}  steps/game: {steps:.0f}"
        if unfinished:
            line += f"  unfinished (>{MAX_STEPS} steps): {unfinished}"
        crops = ""
        if engine.id in render.games() and args.renders > 0:
            views = sample_positions(engine, args.renders, args.seed)
            times, sizes, reencode = bench_render(engine.id, views)
            line += (
                f"  render ms median: {statistics.median(times):.1f} p99: {percentile(times, 99):.1f}"
                f"  png KB median: {statistics.median(sizes) / 1024:.0f} max: {max(sizes) / 1024:.0f}"
                f"  x re-encode: {statistics.median(times) / statistics.median(reencode):.1f}"
            )
            if engine.id == "hellgame":
                focus, quarter = bench_hellgame_crops(views, args.seed)
                crops = (
                    f"{'':<{width}}  crops: focus ms median: {statistics.median(focus):.1f}"
                    f" p99: {percentile(focus, 99):.1f}  quarter ms median: {statistics.median(quarter):.1f}"
                    f" p99: {percentile(quarter, 99):.1f}  (targets: full map median < 120, focus median < 60)"
                )
        else:
            line += "  (no renderer)"
        print(line, flush=True)
        if crops:
            print(crops, flush=True)
    if args.matches > 0:
        from bench import service

        print(service.run(args.matches, args.moves, args.seed), flush=True)
    if args.turns > 0:
        from bench import discord_ack

        print(discord_ack.run(args.turns), flush=True)
    if args.undos > 0:
        from bench import undo

        print(undo.run(2_000, args.undos, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
