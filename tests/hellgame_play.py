"""A player policy for HellGame matches in tests: random, but leaning to the
choices that make a match move (march on, submit orders, fight), so a few
rounds show moves into occupied sectios, battles and petitions."""

from __future__ import annotations

import random

from engines.hellgame.core import flow
from engines.hellgame.engine import ENGINE

#: Weight of each verb in the random choice (others weigh 1).
WEIGHTS = {"cast": 6, "target": 3, "counter": 4, "support": 0.5, "move": 8, "unit": 3, "to": 6, "submit": 4, "legion": 3, "join": 2, "victory": 4, "favour": 2,
           "back": 0.05, "receiver": 0.2, "done": 0.3, "souls": 0.1, "card": 0.05, "lt": 0.05, "buy": 0.3,
           "wait": 0.3, "flee": 0.5, "let_pass": 0.3}


def choose(state, seat: int, rnd: random.Random):
    legal = ENGINE.legal_actions(state, seat)
    a = flow.ask_of(state, seat)
    weights = [WEIGHTS.get(x.do, 1.0) for x in legal]
    if a is not None and a.q == "soul":  # gifts are rare
        weights = [10.0 if x.do == "submit" else 0.1 for x in legal]
    return rnd.choices(legal, weights=weights)[0]


def reaction_off_turn(state) -> list[int]:
    """Seats asked a reaction question now."""
    return [a.seat for a in flow.open_asks(state) if a.kind == "reaction"]
