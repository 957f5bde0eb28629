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

Settings may differ per game (the engine's ``AI_SEARCH`` hook, see
:data:`DEFAULTS`), among them the exploration
constant and how much of a node's value is *backed up* from its best child
rather than averaged over all its iterations. The average suits games with
dice and hidden cards; in a game of many small deterministic steps by one
side (Himmel und Hölle: a turn is up to five action points and free
lowering steps) it misleads a search of a few hundred iterations: each new
child is drawn at random, so after an own action the value is the average
of random follow-ups (mostly bad for the side that makes them), and after
ending the turn the average of the opponent's random replies (mostly bad
for the opponent). Ending the turn with action points unspent then looked
better than spending them. With ``backup`` 1 a node is worth what its
chooser's best child is worth (max^n backup of the reward vectors).

The real state is read once, by ``determinise``; the search itself touches
only determinised copies, so what the seat may not see never steers it.
(A game may keep the tree from one decision to the seat's next, see
:attr:`Search.carry`: that compares the seat's views only.)
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

from engines.contract import Engine, canonical_json

#: Exploration constant of UCB1 (rewards lie in [0, 1]).
EXPLORE = 0.7
#: The share of the time budget in which new iterations start.
MARGIN = 0.9
#: With a backup: how much a value backed up one step is drawn towards 1/2,
#: so that of two wins the nearer one is worth more (and of two losses the
#: further one). Without it a search that saw a sure win played free steps
#: first (lowering dice) as long as the win stayed in reach.
DECAY = 0.01

#: What a game may set in its ``AI_SEARCH`` (the contract's hook; nothing
#: here knows a game): ``explore`` (instead of :data:`EXPLORE`), ``backup``
#: (0: a node's value is the mean of its iterations; 1: the value of its best
#: child for the seat choosing there; in between a blend), ``margin``
#: (instead of :data:`MARGIN`: a game whose iterations are short next to the
#: budget may start them until its end) and ``reuse`` (1: the subtree of the
#: action chosen is kept for the seat's next decision, see
#: :attr:`Search.carry`). Besides, ``Engine.ai_useless`` names actions never
#: better than another one, left out of the search (never all of them). See
#: the module docstring, and each game's ``evaluate`` module for why its figures.
DEFAULTS: dict[str, float] = {"explore": EXPLORE, "backup": 0.0, "margin": MARGIN, "reuse": 0}


@dataclass
class Node:
    seat: int | None = None  # who chose the action that leads here
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[str, "Node"] = field(default_factory=dict)
    #: With a backup: the sums of every seat's rewards, and the backed-up values.
    totals: list[float] | None = None
    backed: list[float] | None = None
    #: Its children are chosen in secret after another seat's secret choice,
    #: which the search saw but the chooser would not: averaged, never maxed.
    blind: bool = False

    def value(self) -> float:
        """What the node is worth to the seat that chose it."""
        if self.backed is not None:
            return self.backed[self.seat]
        return self.reward / self.visits

    def ucb(self, explore: float = EXPLORE) -> float:
        if self.visits == 0:
            return math.inf
        return self.value() + explore * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass
class Search:
    """How hard to think: a time budget, an iteration cap, and how many random
    steps a playout takes before the position is judged."""

    budget_s: float = 2.0
    max_iterations: int = 100_000
    playout_steps: int = 8
    #: None: the game's ``AI_SEARCH`` (or :data:`DEFAULTS`).
    explore: float | None = None
    backup: float | None = None
    #: The tree of the seat's previous decision below the action it chose, and
    #: the seat's view of the state that action led to (canonical JSON): the
    #: root of this search if the seat's view now is that one (the player
    #: keeps it, :attr:`after`), so that a turn of many small steps keeps what
    #: the earlier steps found. Only the view is compared: what the seat may
    #: not see never decides whether the tree is kept.
    carry: tuple[str, "Node"] | None = None
    #: After :meth:`choose` in a game that reuses trees: the carry for the
    #: next decision (None if there is nothing to keep).
    after: tuple[str, "Node"] | None = field(default=None, init=False)

    def choose(self, engine: Engine, state: BaseModel, seat: int, rnd: random.Random,
               clock=time.perf_counter) -> int:
        """The index into ``engine.legal_actions(state, seat)`` to play."""
        self.after = None
        legal = engine.legal_actions(state, seat)
        if len(legal) == 1:
            return 0
        keys = [engine.dump_action(a) for a in legal]
        tuning = DEFAULTS | getattr(engine, "AI_SEARCH", {})
        self._explore = self.explore if self.explore is not None else tuning["explore"]
        self._backup = self.backup if self.backup is not None else tuning["backup"]
        reuse = bool(tuning["reuse"])
        self._useless = getattr(engine, "ai_useless", None)
        tried = self._worth_trying(state, seat, legal)
        if len(tried) == 1:
            return tried[0]
        root = Node()
        if reuse and self.carry is not None and self.carry[0] == canonical_json(engine.view(state, seat)):
            root = self.carry[1]
        # an iteration started just before the deadline must end within the budget
        deadline = clock() + self.budget_s * tuning["margin"]
        iterations = 0
        while iterations < self.max_iterations and (iterations == 0 or clock() < deadline):
            iterations += 1
            world = engine.determinise(state, seat, rnd)
            self._iterate(engine, world, seat, root, rnd, first=True)
        visits = [root.children[keys[i]].visits if i in tried and keys[i] in root.children else -1
                  for i in range(len(keys))]
        best = max(visits)
        tied = [i for i, v in enumerate(visits) if v == best]
        if self._backup and len(tied) > 1:  # the better value among the most visited
            top = max(root.children[keys[i]].value() for i in tied)
            tied = [i for i in tied if root.children[keys[i]].value() == top]
        index = rnd.choice(tied)
        if reuse and keys[index] in root.children:
            after, _ = engine.apply(state, seat, legal[index])
            self.after = (canonical_json(engine.view(after, seat)), root.children[keys[index]])
        return index

    def _iterate(self, engine: Engine, state: BaseModel, seat: int, root: Node, rnd: random.Random,
                 first: bool) -> None:
        node, path = root, [root]
        expanded = False
        secret_by = None  # the seat of the secret choice just made, if one was
        while engine.result(state) is None:
            actor = seat if first else engine.to_act(state)[0]
            first = False
            if self._backup:
                secret = engine.decision_kind(state, actor) == "simultaneous"
                node.blind = secret and secret_by is not None and secret_by != actor
                secret_by = actor if secret else None
            legal = engine.legal_actions(state, actor)
            if self._useless is not None:
                legal = [legal[i] for i in self._worth_trying(state, actor, legal)]
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
                key = max(options, key=lambda k: (node.children[k].ucb(self._explore), rnd.random()))
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
        if self._backup:
            self._back_up(path, rewards)

    def _worth_trying(self, state: BaseModel, seat: int, legal: list) -> list[int]:
        """Indices of the legal actions the search tries: all but the
        game's useless ones (all if every one is)."""
        if self._useless is None:
            return list(range(len(legal)))
        kept = [i for i, a in enumerate(legal) if not self._useless(state, seat, a)]
        return kept or list(range(len(legal)))

    def _back_up(self, path: list[Node], rewards: list[float]) -> None:
        """From the leaf up: a node's values blend the mean of its
        iterations with the values of the child best for the seat choosing
        there (the children were all available in a deterministic game)."""
        for visited in reversed(path):
            if visited.totals is None:
                visited.totals = [0.0] * len(rewards)
            for s, r in enumerate(rewards):
                visited.totals[s] += r
            mean = [t / visited.visits for t in visited.totals]
            tried = [c for c in visited.children.values() if c.visits]
            if not tried or visited.blind:
                visited.backed = mean
                continue
            best = max(tried, key=lambda c: c.value()).backed
            b = self._backup
            visited.backed = [(1.0 - b) * m + b * (0.5 + (v - 0.5) * (1.0 - DECAY)) for m, v in zip(mean, best)]

    def _playout(self, engine: Engine, state: BaseModel, rnd: random.Random) -> list[float]:
        # a game's rule of thumb plays its part of the playout (already a determinisation)
        policy = getattr(engine, "ai_policy", None)
        for _ in range(self.playout_steps):
            if engine.result(state) is not None:
                break
            actor = rnd.choice(engine.to_act(state))
            action = policy(engine, state, actor) if policy is not None else None
            if action is None:
                action = rnd.choice(engine.legal_actions(state, actor))
            state, _ = engine.apply(state, actor, action)
        return [engine.evaluate(state, s) for s in range(engine.seat_count(state))]


def choose(engine: Engine, state: BaseModel, seat: int, *, seed: int, budget_s: float = 2.0,
           max_iterations: int = 100_000, playout_steps: int = 8, clock: Any = time.perf_counter) -> int:
    """One decision of the computer player: an index into the legal actions."""
    return Search(budget_s, max_iterations, playout_steps).choose(engine, state, seat, random.Random(seed), clock)
