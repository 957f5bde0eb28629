"""The players of the arena, one interface: ``decide(engine, state, seat)``
gives an index into the seat's legal actions.

- ``random``: uniformly random legal actions.
- ``greedy``: one ply: each legal action applied to one determinisation and
  the position after it judged by ``Engine.evaluate``; the best is played.
- ``computer``: the search of :mod:`engines.ai.search` within a time budget.

None reads the real state but through ``Engine.determinise``, apart from the
seat's own legal actions (which its view shows).
"""

from __future__ import annotations

import random
import time
from typing import Callable

from pydantic import BaseModel

from engines.ai.search import Search
from engines.contract import Engine


class Player:
    name = "player"

    def __init__(self, seed: int, budget_s: float = 2.0, max_iterations: int = 100_000) -> None:
        self.rnd = random.Random(seed)
        self.budget_s = budget_s
        self.max_iterations = max_iterations

    def decide(self, engine: Engine, state: BaseModel, seat: int) -> int:
        raise NotImplementedError


class RandomPlayer(Player):
    name = "random"

    def decide(self, engine: Engine, state: BaseModel, seat: int) -> int:
        return self.rnd.randrange(len(engine.legal_actions(state, seat)))


class GreedyPlayer(Player):
    name = "greedy"

    def decide(self, engine: Engine, state: BaseModel, seat: int) -> int:
        legal = engine.legal_actions(state, seat)
        if len(legal) == 1:
            return 0
        world = engine.determinise(state, seat, self.rnd)
        scored = []
        for index, action in enumerate(legal):
            after, _ = engine.apply(world, seat, action)
            scored.append((engine.evaluate(after, seat), self.rnd.random(), index))
        return max(scored)[2]


class ComputerPlayer(Player):
    """The search; where a game reuses trees (``reuse`` in its ``AI_SEARCH``),
    the subtree of its last choice is handed to its next decision, which
    uses it if the state is the one that choice led to."""

    name = "computer"

    def __init__(self, seed: int, budget_s: float = 2.0, max_iterations: int = 100_000) -> None:
        super().__init__(seed, budget_s, max_iterations)
        self.carry = None

    def decide(self, engine: Engine, state: BaseModel, seat: int) -> int:
        ruled = ruled_choice(engine, state, seat, self.rnd)
        if ruled is not None:
            self.carry = None
            return ruled
        search = Search(self.budget_s, self.max_iterations, playout_steps=playout_steps(engine), carry=self.carry)
        index = search.choose(engine, state, seat, self.rnd, time.perf_counter)
        self.carry = search.after
        return index


def ruled_choice(engine: Engine, state: BaseModel, seat: int, rnd) -> int | None:
    """The index of the game's rule of thumb (``Engine.ai_policy``) for this
    decision, or None. The rule sees a determinisation only (what the seat
    cannot see drawn anew), never the real state; its action is found among
    the real legal actions, which the seat's information alone decides."""
    policy = getattr(engine, "ai_policy", None)
    if policy is None:
        return None
    legal = engine.legal_actions(state, seat)
    if len(legal) < 2:
        return None
    action = policy(engine, engine.determinise(state, seat, rnd), seat)
    if action is None:
        return None
    keys = [engine.dump_action(a) for a in legal]
    key = engine.dump_action(action)
    return keys.index(key) if key in keys else None


def playout_steps(engine: Engine) -> int:
    """How far a playout looks before judging: a game may say
    (``AI_PLAYOUT_STEPS``); eight random steps otherwise."""
    return getattr(engine, "AI_PLAYOUT_STEPS", 8)


PLAYERS: dict[str, Callable[..., Player]] = {p.name: p for p in (RandomPlayer, GreedyPlayer, ComputerPlayer)}
