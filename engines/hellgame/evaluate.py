"""How good a HellGame position looks for each seat, for the computer player
(:meth:`engines.contract.Engine.evaluate`).

A finished match is 1 for a sole winner, a share for a shared win, 0 for
the others. A running one is judged by a *strength* per seat, in points,
made into a share of the win: ``exp(strength / TEMPERATURE)`` over the sum
of all live seats' (a softmax, so the values of all seats add up to 1, as
their chances do; max^n search wants every seat's value).

The strength counts progress toward each way to win (4.0) and what wins
later:

- **sectios held**: :data:`SECTIO` each (the test cap ``max_rounds`` is
  decided by them, the circle victory is made of them), and the best circle's
  completeness: :data:`CIRCLE` x (held of its 5)^2 / 25, so a circle of four
  is worth much more than four sectios spread out;
- **favour and disfavour** (the first tie-break, and what petitions spend):
  :data:`FAVOUR` per spendable favour;
- **the three sixes**: :data:`SIXES` by the number of arcana with a printed 6
  in the hand (three win at the end of a phase);
- **souls and income**: :data:`SOULS` per soul held (up to :data:`SOUL_CAP`;
  souls pay for summoning and upkeep) and :data:`INCOME` per soul the held
  sectios produce each round;
- **units on the map**: :data:`LEGION` per legion and :data:`LIEUTENANT` per
  lieutenant (what holds and takes sectios), and a legion standing in a
  sectio its seat holds counts :data:`GUARD` more (a held sectio without a
  legion is taken by the first enemy that walks in);
- **the hand**: :data:`CARD` per arcana card (spells, and cards to pay with).

Why these numbers: the cap's order (sectios, then favour, then fewest
disfavour) fixes the first three; the rest are a small share of a sectio
each, so that they break ties between plans that take the same number of
sectios. Against random seats the greedy player (one ply of this) won alone
in most games (see the README's arena table).
"""

from __future__ import annotations

import math

from engines.hellgame.core import data
from engines.hellgame.core.model import State

SECTIO = 1.0
CIRCLE = 2.5
FAVOUR = 0.6
SIXES = (0.0, 0.8, 2.5, 6.0)
SOULS = 0.05
SOUL_CAP = 20
INCOME = 0.12
LEGION = 0.25
GUARD = 0.15
LIEUTENANT = 0.3
CARD = 0.08
#: Points of strength that make one seat e (2.7) times likelier to win than another.
TEMPERATURE = 1.5


def strength(state: State, seat: int) -> float:
    p = state.players[seat]
    held = [i for i, owner in enumerate(state.owner) if owner == seat]
    circles = [0] * len(data.CIRCLES)
    for i in held:
        circles[data.SECTIOS[i].circle] += 1
    income = sum(data.SECTIOS[i].souls for i in held if data.SECTIOS[i].produces == "souls")
    legions = guards = lieutenants = 0
    for u in state.units:
        if u.owner != seat:
            continue
        if u.kind == "legion":
            legions += 1
            guards += u.at < len(state.owner) and state.owner[u.at] == seat
        elif u.kind == "lieutenant":
            lieutenants += 1
    sixes = sum(1 for c in p.hand if data.ARCANA[c].six)
    return (SECTIO * len(held) + CIRCLE * max(circles, default=0) ** 2 / 25
            + FAVOUR * max(0, p.favour - p.disfavour)
            + SIXES[min(sixes, 3)]
            + SOULS * min(p.souls, SOUL_CAP) + INCOME * income
            + LEGION * legions + GUARD * guards + LIEUTENANT * lieutenants
            + CARD * len(p.hand))


def values(state: State) -> list[float]:
    """Every seat's value in [0, 1]; they add up to 1 while the match runs."""
    if state.over:
        winners = set(state.winners)
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.seats)]
    live = [seat for seat in range(state.seats) if not state.players[seat].out]
    points = {seat: strength(state, seat) / TEMPERATURE for seat in live}
    top = max(points.values(), default=0.0)
    weights = {seat: math.exp(v - top) for seat, v in points.items()}
    total = sum(weights.values()) or 1.0
    return [weights.get(seat, 0.0) / total for seat in range(state.seats)]


def evaluate(state: State, seat: int) -> float:
    return values(state)[seat]
