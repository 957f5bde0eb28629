"""Matches between players, seats alternating, for measuring the computer
player (``brettbote arena``)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from engines.ai.players import PLAYERS, ComputerPlayer
from engines.contract import Engine

#: A match longer than this many decisions is stopped and counted as a draw.
MAX_DECISIONS = 20_000


@dataclass
class Tally:
    game: str
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    draws: int = 0
    unfinished: int = 0
    decision_ms: list[float] = field(default_factory=list)

    def summary(self) -> dict:
        times = sorted(self.decision_ms)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
        return {"game": self.game, "games": self.games, "wins": self.wins, "draws": self.draws,
                "unfinished": self.unfinished, "decision_ms_p95": round(p95, 1)}


def play_match(engine: Engine, names: list[str], seed: int, budget_s: float, tally: Tally,
               options: dict | None = None) -> list[int] | None:
    """One match, seat ``i`` played by ``names[i]``; returns the winning seats
    (None if it did not end). Times the decisions of the computer players
    (the searches with a budget): the p95 checks that budget, which greedy
    and random do not have."""
    rnd = random.Random(seed)
    players = [PLAYERS[name](rnd.getrandbits(32), budget_s) for name in names]
    state = engine.setup(len(names), rnd.getrandbits(63), options)
    for _ in range(MAX_DECISIONS):
        result = engine.result(state)
        if result is not None:
            return list(result.winners)
        seat = engine.to_act(state)[0]
        started = time.perf_counter()
        index = players[seat].decide(engine, state, seat)
        if isinstance(players[seat], ComputerPlayer):
            tally.decision_ms.append((time.perf_counter() - started) * 1000)
        state, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[index])
    return None


def arena(engine: Engine, names: list[str], games: int, budget_s: float, seed: int,
          options: dict | None = None, progress=None) -> Tally:
    """``games`` matches; the seats rotate through the players each match."""
    tally = Tally(engine.id, wins={name: 0 for name in names})
    for number in range(games):
        shift = number % len(names)
        seating = names[shift:] + names[:shift]
        winners = play_match(engine, seating, seed * 1_000_003 + number, budget_s, tally, options)
        tally.games += 1
        if winners is None:
            tally.unfinished += 1
        elif not winners or len(winners) > 1 and len({seating[w] for w in winners}) > 1:
            tally.draws += 1
        else:
            tally.wins[seating[winners[0]]] += 1
        if progress is not None:
            progress(number + 1, tally)
    return tally
