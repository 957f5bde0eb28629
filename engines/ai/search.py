"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse,
2012), with the rewards of every seat (max^n).

Each iteration draws a new determinisation (``Engine.determinise``: a full
state the searching seat cannot tell from the real one), walks one shared
tree down the actions available in it, adds one node, plays on at random for
a few steps and scores the state reached for every seat with
``Engine.evaluate``. A node's children are the actions seen under it, keyed
by their JSON, so different determinisations share the statistics of the
same action; selection counts a child only against the iterations it was
available in. The move is the root action visited most: the vote of all
determinisations.

The real state is read once, by ``determinise``; the search itself touches
only determinised copies, so what the seat may not see never steers it.
Decisions of several seats at once are searched one seat after the other
(``to_act`` order), which lets a later seat "see" an earlier one's choice
inside the simulation only.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engines.contract import Engine

#: Exploration constant of UCB1 (rewards lie in [0, 1]).
EXPLORE = 0.7
#: The share of the time budget in which new iterations start.
MARGIN = 0.9


@dataclass
class Node:
    seat: int | None = None  # who chose the action that leads here
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[str, "Node"] = field(default_factory=dict)

    def ucb(self) -> float:
        if self.visits == 0:
            return math.inf
        return self.reward / self.visits + EXPLORE * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass
class Search:
    """How hard to think: a time budget, an iteration cap, and how many random
    steps a playout takes before the position is judged."""

    budget_s: float = 2.0
    max_iterations: int = 100_000
    playout_steps: int = 8

    def choose(self, engine: Engine, state: BaseModel, seat: int, rnd: random.Random,
               clock=time.perf_counter) -> int:
        """The index into ``engine.legal_actions(state, seat)`` to play."""
        legal = engine.legal_actions(state, seat)
        if len(legal) == 1:
            return 0
        keys = [engine.dump_action(a) for a in legal]
        root = Node()
        # an iteration started just before the deadline must end within the budget
        deadline = clock() + self.budget_s * MARGIN
        iterations = 0
        while iterations < self.max_iterations and (iterations == 0 or clock() < deadline):
            iterations += 1
            world = engine.determinise(state, seat, rnd)
            self._iterate(engine, world, seat, root, rnd, first=True)
        visits = [root.children[k].visits if k in root.children else -1 for k in keys]
        best = max(visits)
        return rnd.choice([i for i, v in enumerate(visits) if v == best])

    def _iterate(self, engine: Engine, state: BaseModel, seat: int, root: Node, rnd: random.Random,
                 first: bool) -> None:
        node, path = root, [root]
        expanded = False
        while engine.result(state) is None:
            actor = seat if first else engine.to_act(state)[0]
            first = False
            legal = engine.legal_actions(state, actor)
            options = {engine.dump_action(a): a for a in legal}
            for key in options:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            unseen = [k for k in options if k not in node.children]
            if unseen:
                key = rnd.choice(unseen)
                node.children[key] = Node(seat=actor, available=1)
                expanded = True
            else:
                key = max(options, key=lambda k: (node.children[k].ucb(), rnd.random()))
            state, _ = engine.apply(state, actor, options[key])
            node = node.children[key]
            path.append(node)
            if expanded:
                break
        rewards = self._playout(engine, state, rnd)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += rewards[visited.seat]

    def _playout(self, engine: Engine, state: BaseModel, rnd: random.Random) -> list[float]:
        for _ in range(self.playout_steps):
            if engine.result(state) is not None:
                break
            actor = rnd.choice(engine.to_act(state))
            state, _ = engine.apply(state, actor, rnd.choice(engine.legal_actions(state, actor)))
        return [engine.evaluate(state, s) for s in range(engine.seat_count(state))]


def choose(engine: Engine, state: BaseModel, seat: int, *, seed: int, budget_s: float = 2.0,
           max_iterations: int = 100_000, playout_steps: int = 8, clock: Any = time.perf_counter) -> int:
    """One decision of the computer player: an index into the legal actions."""
    return Search(budget_s, max_iterations, playout_steps).choose(engine, state, seat, random.Random(seed), clock)
