"""Determinisation of the toy game for a computer player
(:meth:`engines.contract.Engine.determinise`).

What a seat may not see, besides the future (``state.rng``, the round's die):

- while the leader drafts, the leader's draft (how far it got, the seats
  picked, the lucky number): for any other seat it becomes a random draft of
  a random length from the alive seats, with a random lucky number (or none
  yet) once every alive seat is picked;
- while the orders come in, the orders already given by other seats (that a
  seat has ordered is public): each becomes a random legal order of that
  seat (an attack on another alive seat, or guard if guards are allowed).

Everything else is public (revealed orders included) and stays as it is.
"""

from __future__ import annotations

import random

from engines.contract import clone
from engines.rng import Rng


def determinise(state, seat: int, rnd: random.Random):
    from toy_game.engine import GUARD, LUCKY  # the engine imports this module

    s = clone(state)
    alive = [p for p in range(s.seats) if s.hp[p] > 0]
    if s.phase == "draft" and seat != s.leader:
        picks = list(alive)
        rnd.shuffle(picks)
        s.draft.order = picks[: rnd.randrange(len(picks) + 1)]
        full = len(s.draft.order) == len(alive)
        s.draft.lucky = rnd.choice([None, *LUCKY]) if full else None
    elif s.phase == "orders":
        for p in range(s.seats):
            if p != seat and s.orders[p] is not None:
                choices = [q for q in alive if q != p] + ([GUARD] if s.guards else [])
                s.orders[p] = rnd.choice(choices)
    s.rng = Rng.from_seed(rnd.getrandbits(64))
    return s
