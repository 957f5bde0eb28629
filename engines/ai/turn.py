"""One decision of the computer player in a running match, as a plain
function of picklable values, so that the bot can run it in a worker process
(:mod:`bot.workers`, pool ``think``): the game, the stored state, the seat, the
time budget and a seed. The search, and the game's rules of thumb
(``Engine.ai_policy``), read the real state only through the game's
determiniser (see :mod:`engines.ai.search`)."""

from __future__ import annotations

import random

import engines
from engines.ai.players import playout_steps, ruled_choice
from engines.ai.search import choose

#: Iterations at most, whatever the budget (a guard for very fast games).
MAX_ITERATIONS = 100_000


def decide(game: str, state: str, seat: int, budget_s: float, seed: int) -> int:
    """The index into the seat's legal actions that the computer plays."""
    engine = engines.get(game)
    loaded = engine.load_state(state)
    # the game's rule of thumb first (Engine.ai_policy), as the arena's player does
    ruled = ruled_choice(engine, loaded, seat, random.Random(seed))
    if ruled is not None:
        return ruled
    return choose(engine, loaded, seat, seed=seed, budget_s=budget_s,
                  max_iterations=MAX_ITERATIONS, playout_steps=playout_steps(engine))
