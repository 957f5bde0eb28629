"""How good a position of Halleluja looks for one seat, for the computer
player (:meth:`engines.contract.Engine.evaluate`).

A finished game is 1 for a sole winner, 0 for a loser and a share for a tie.

A running game is judged by the score each seat has (captured stones in
their best sets, plus the ladder: :func:`engines.halleluja.rules.scores`)
and by what its stones on the board may still bring, in points:

- **an own stone on top of a stack** may move and capture when it is marked,
  and only a seat's own stones capture for it (a neutral capture leaves the
  game): :data:`TOP` each. **An angel** on top may also climb the ladder by
  taking a devil and keeps the game alive (no angel on top ends it):
  :data:`ANGEL` more;
- **an own stone under others** may come free again: :data:`BURIED` each;
- with two players a seat without stones ends the game at once, so the
  stones of the seat count only while it has any; the scores then decide.

Stones that may be taken are not counted against their owner separately: a
taken stone is one the other seat gains in its score (1 to 7 a set), which
the search sees after the capture.

The seat's estimate less the best other seat's goes through a logistic on
:data:`SCALE` points.

Playouts: eight random steps (``PLAYOUT_STEPS``, the contract's default),
about a turn and a half: enough to see the captures a tile move opens up
for either side before judging.
"""

from __future__ import annotations

import math

from engines.halleluja import rules
from engines.halleluja.model import State

#: Points of lead that make a position look clearly won.
SCALE = 5.0
TOP = 1.0
ANGEL = 0.5
BURIED = 0.3

#: Random steps a playout takes before the position is judged
#: (``AI_PLAYOUT_STEPS`` of the engine).
PLAYOUT_STEPS = 8


def evaluate(state: State, seat: int) -> float:
    scores = rules.scores(state)
    if state.phase == "over":
        best = max(scores)
        winners = [p for p, v in enumerate(scores) if v == best]
        return 1.0 / len(winners) if seat in winners else 0.0
    seats = state.seats
    value = [float(v) for v in scores]
    for stack in state.board:
        if not stack:
            continue
        for stone in stack[:-1]:
            if stone.colour < seats:
                value[stone.colour] += BURIED
        top = stack[-1]
        if top.colour < seats:
            value[top.colour] += TOP + (ANGEL if top.angel else 0.0)
    lead = value[seat] - max(v for p, v in enumerate(value) if p != seat)
    return 1.0 / (1.0 + math.exp(-lead / SCALE))
