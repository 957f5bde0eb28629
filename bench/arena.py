"""Strength of the computer player against the goal table of the issue.

    python -m bench.arena [--quick | --games N] [--only GAME] [--opponent random|greedy] [--seats N] [--seed 1]

Every row plays the computer against one opponent, seats alternating
(``engines.ai.arena.arena``), and prints the computer's share of the decided
games (draws and unfinished matches left out), the draws, the 95th
percentile of its decision time and whether the goal is met:

================== ============================ ============================
game               vs random, 50 ms a decision  vs greedy, 500 ms a decision
================== ============================ ============================
Himmel und Hölle   >= 90 % over 40 games        >= 85 % over 20 games
Hoch und höher     >= 90 % over 100 games       >= 55 % over 400 games
Hektor und Achill  >= 85 % over 50 games        >= 70 % over 30 games
Halleluja          >= 90 % over 40 games        >= 75 % over 30 games
The HellGame, 3    >= 70 % alone, 60 games,     >= 45 % alone over 40 games
                   200 ms a decision
The HellGame, 6    >= 50 % alone, 40 games,     –
                   200 ms a decision
================== ============================ ============================

The HellGame's rows play with the test option ``max_rounds`` 4 (the match
ends after round 4: most sectios, then favour, then fewest disfavour) and
count the games the computer wins alone among all games (a win shared with
an opponent, or lost, is not one): with 3 seats an equal share is 33 %, with
6 seats 17 %.

The decision time goal is a p95 within the budget + 20 %, taken over the
computer's own decisions (the arena's figure also counts the greedy
player's quick ones). ``--quick`` plays a tenth of the games (at least 4) for
a rough figure in minutes; a quick row says "rough" instead of judging the
goal on so few games. Each row also lists how the matches ended (the
results' ``reason``): for Himmel und Hölle, ``goal`` is a race home and
``stuck`` a side stranded; and how the computer's own wins ended
("computer wins by").

A row may ask more than a share: Himmel und Hölle against greedy must also
be won by racing home, not only by stranding the opponent (who then never
gets a turn to race). Of the computer's wins there at least
:data:`RACE_SHARE` must have the reason ``goal`` (and at least one), or the
row is missed: a player that can only strand is beaten by any opponent that
keeps a die in play. ``--games N`` plays N games a row instead of the
table's number (a partial row, judged like a full one but marked
"partial").
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass

import engines
from engines.ai import players
from engines.ai.arena import arena
from engines.contract import Engine

#: Slack on the time budget a decision's p95 may take.
TIME_SLACK = 1.2
#: Share of the computer's wins that must be races home where a row asks it.
RACE_SHARE = 0.25


@dataclass(frozen=True)
class Goal:
    game: str
    opponent: str
    games: int
    budget_ms: int
    share: float
    #: A reason that must make up at least ``RACE_SHARE`` of the computer's wins.
    wins_by: str | None = None
    #: Seats at the table: the computer and ``seats - 1`` opponents.
    seats: int = 2
    #: The game's options for every match (the HellGame's round cap).
    options: tuple[tuple[str, object], ...] = ()

    @property
    def alone(self) -> bool:
        """With more than one opponent the share is of all games, won alone
        (a win shared with an opponent is no win), not of the decided ones."""
        return self.seats > 2

    def label(self) -> str:
        return self.game if self.seats == 2 else f"{self.game} ({self.seats})"


GOALS = [
    Goal("himmel-und-hoelle", "random", 40, 50, 0.90),
    Goal("hoch-und-hoeher", "random", 100, 50, 0.90),
    Goal("hektor-und-achill", "random", 50, 50, 0.85),
    Goal("halleluja", "random", 40, 50, 0.90),
    Goal("himmel-und-hoelle", "greedy", 20, 500, 0.85, wins_by="goal"),
    Goal("hoch-und-hoeher", "greedy", 400, 500, 0.55),
    Goal("hektor-und-achill", "greedy", 30, 500, 0.70),
    Goal("halleluja", "greedy", 30, 500, 0.75),
    Goal("hellgame", "random", 60, 200, 0.70, seats=3, options=(("max_rounds", 4),)),
    Goal("hellgame", "greedy", 40, 500, 0.45, seats=3, options=(("max_rounds", 4),)),
    Goal("hellgame", "random", 40, 200, 0.50, seats=6, options=(("max_rounds", 4),)),
]


def quick_games(games: int) -> int:
    return max(4, games // 10)


class Recorder:
    """The engine as the arena sees it: every call goes to the real engine,
    and the reason of each finished match is counted. The players are handed
    the real engine (see :func:`watched`), so only the arena's own look at
    the result of a match is counted, never a search's."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.reasons: Counter[str] = Counter()
        self.last_reason: str | None = None

    def __getattr__(self, name: str):
        return getattr(self.engine, name)

    def result(self, state):
        result = self.engine.result(state)
        if result is not None:
            self.last_reason = result.reason or "-"
            self.reasons[self.last_reason] += 1
        return result


@contextmanager
def watched(engine: Engine, times: list[float]):
    """Players that decide on the real engine, the computer's decision
    times in ``times`` (ms); the arena's players as they were afterwards."""
    saved = dict(players.PLAYERS)

    def wrap(base):
        class Watched(base):
            def decide(self, _proxy, state, seat):
                started = time.perf_counter()
                index = super().decide(engine, state, seat)
                if base is players.ComputerPlayer:
                    times.append((time.perf_counter() - started) * 1000)
                return index

        return Watched

    try:
        for name, base in saved.items():
            players.PLAYERS[name] = wrap(base)
        yield
    finally:
        players.PLAYERS.clear()
        players.PLAYERS.update(saved)


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def run(goal: Goal, games: int, seed: int) -> dict:
    engine = engines.get(goal.game)
    recorder = Recorder(engine)
    times: list[float] = []
    started = time.perf_counter()
    wins_by: Counter[str] = Counter()
    seen = {"won": 0}

    def progress(_number: int, tally) -> None:
        # the match just played ended with the recorder's last reason
        if tally.wins["computer"] > seen["won"]:
            wins_by[recorder.last_reason or "-"] += 1
        seen["won"] = tally.wins["computer"]
        recorder.last_reason = None

    with watched(engine, times):
        tally = arena(recorder, ["computer"] + [goal.opponent] * (goal.seats - 1), games, goal.budget_ms / 1000,
                      seed, options=dict(goal.options) or None, progress=progress)
    won = tally.wins["computer"]
    decided = tally.games if goal.alone else won + tally.wins[goal.opponent]
    share = won / decided if decided else 0.0
    p95_ms = round(p95(times), 1)
    return {
        "game": goal.game,
        "opponent": goal.opponent,
        "budget_ms": goal.budget_ms,
        "games": tally.games,
        "won": won,
        "decided": decided,
        "share": share,
        "draws": tally.draws,
        "unfinished": tally.unfinished,
        "p95_ms": p95_ms,
        "decisions": len(times),
        "reasons": dict(recorder.reasons),
        "wins_by": dict(wins_by),
        "share_ok": share >= goal.share,
        "wins_by_ok": wins_by_ok(goal, wins_by, won),
        "time_ok": p95_ms <= goal.budget_ms * TIME_SLACK,
        "seconds": time.perf_counter() - started,
    }


def wins_by_ok(goal: Goal, wins_by: dict[str, int], won: int) -> bool:
    """Whether enough of the computer's wins ended the way the row asks."""
    if goal.wins_by is None:
        return True
    count = wins_by.get(goal.wins_by, 0)
    return count >= 1 and count >= RACE_SHARE * won


def met(row: dict) -> bool:
    return row["share_ok"] and row["time_ok"] and row["wins_by_ok"]


def line(goal: Goal, row: dict, rough: bool, partial: bool = False) -> str:
    verdict = "ok" if met(row) else "MISSED"
    if rough:
        verdict = f"rough: {verdict.lower()}"
    elif partial:
        verdict = f"partial {row['games']}/{goal.games}: {verdict}"
    asked = f" (goal >= {RACE_SHARE:.0%} {goal.wins_by})" if goal.wins_by else ""
    return (
        f"{goal.label():<18} vs {goal.opponent:<6} {goal.budget_ms:>4} ms  "
        f"{row['won']:>3}/{row['decided']:<3} = {row['share']:6.1%} (goal {goal.share:.0%})  "
        f"draws {row['draws']:>2}  unfinished {row['unfinished']}  "
        f"p95 {row['p95_ms']:7.1f} ms (goal {goal.budget_ms * TIME_SLACK:.0f})  "
        f"{row['seconds']:6.0f} s  {verdict}  "
        f"ends: {', '.join(f'{k} {v}' for k, v in sorted(row['reasons'].items()))}  "
        f"computer wins by: {', '.join(f'{k} {v}' for k, v in sorted(row['wins_by'].items())) or '-'}{asked}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games (at least 4)")
    parser.add_argument("--games", type=int, metavar="N", help="N games a row instead of the table's (partial)")
    parser.add_argument("--only", action="append", metavar="GAME", help="only this game (repeatable)")
    parser.add_argument("--opponent", choices=("random", "greedy"), help="only the rows against this player")
    parser.add_argument("--seats", type=int, metavar="N", help="only the rows with N seats")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    missed = 0
    for goal in GOALS:
        if args.only and goal.game not in args.only:
            continue
        if args.opponent and goal.opponent != args.opponent:
            continue
        if args.seats and goal.seats != args.seats:
            continue
        games = args.games if args.games else quick_games(goal.games) if args.quick else goal.games
        row = run(goal, games, args.seed)
        rough = args.quick and not args.games
        print(line(goal, row, rough, partial=bool(args.games) and games != goal.games), flush=True)
        missed += not met(row)
    return 1 if missed and not (args.quick and not args.games) else 0


if __name__ == "__main__":
    sys.exit(main())
