"""How good a position of Hektor und Achill looks for one side, for the
computer player (:meth:`engines.contract.Engine.evaluate`).

A finished game is 1 for the sole winner, 0 for the loser and 1/2 each for a
draw (both sides beaten at once).

A running game is a war of attrition: a side loses when its front stacks are
emptied (or its used home stack runs low), and what empties them is the
army cards lost in battles. So each side is judged by its **material**, in
army cards:

- the army cards it still owns (48 less those out of the game);
- :data:`EMPTIED` less for each emptied front stack: one step nearer the end,
  and its rest now feeds the home stack;
- :data:`HERO` for each hero still owned (a lost hero weakens every later
  battle), :data:`FAVOUR` for each favour token on the board (it saves a hero
  or adds a point), less :data:`SHAME` per shame token (a further retreat
  costs one more card per token).

The battle in progress is what changes the material next: its loser gives up
every played card (vanguard and four single turns) and a deployed hero. The
standing is the difference of the totals the rules would count now (5.4:
cards of the side's two colours, with the hero it holds or deployed), and its
weight grows as the battle nears its end (fewer single turns left, fewer
surprises). The expected loss of each side, probability of losing times the
cards at stake, is taken off its material.

The difference of the two sides' material goes through a logistic on
:data:`SCALE` cards.

Playouts: eight random steps (``PLAYOUT_STEPS``, the contract's default):
a single turn is only a handful of decisions, and a few random ones let the
search see a battle's end and the cards it costs before judging.
"""

from __future__ import annotations

import math

from engines.hektor_und_achill import rules
from engines.hektor_und_achill.data import FRONT_STACKS, SIDES, TURNS
from engines.hektor_und_achill.model import State

#: Cards of lead that make a position look clearly won.
SCALE = 8.0
EMPTIED = 5.0
HERO = 2.0
FAVOUR = 1.0
SHAME = 1.0
#: Cards a side puts into a battle (vanguard and one per single turn).
STAKE = 1 + TURNS
#: A deployed hero at stake, in cards.
HERO_STAKE = 3.0
#: Spread of the final count around the current one, per single turn left.
SPREAD = 2.0

#: Random steps a playout takes before the position is judged
#: (``AI_PLAYOUT_STEPS`` of the engine).
PLAYOUT_STEPS = 8


def evaluate(state: State, seat: int) -> float:
    if state.phase == "over":
        winners = state.winners
        return 1.0 / len(winners) if seat in winners else 0.0
    material = [_material(state, side) for side in SIDES]
    p = _battle_win_chance(state)
    if p is not None:
        for side in SIDES:
            lose = 1.0 - p[side]
            at_stake = STAKE + (HERO_STAKE if rules.deployed_hero(state, side) else 0.0)
            material[side] -= lose * at_stake
    lead = material[seat] - material[1 - seat]
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


def _material(state: State, side: int) -> float:
    cards = 48 - len(state.discards[side])
    emptied = sum(1 for n in FRONT_STACKS if state.emptied[side][n])
    heroes = 6 - len(state.heroes_lost[side])
    return (cards - EMPTIED * emptied + HERO * heroes + FAVOUR * state.favour[side]
            - SHAME * state.shame[side])


def _battle_win_chance(state: State) -> list[float] | None:
    """Each side's chance to win the battle in progress (a draw counts half),
    or None before both sides have cards on the line."""
    b = state.battle
    if state.phase not in ("action", "card", "fate", "save_hero") or b.fate is None:
        return None
    if b.winner is not None:  # decided, the loser is asked about its hero
        return [1.0, 0.0] if b.winner == 0 else [0.0, 1.0]
    if not b.played[0] or not b.played[1]:
        return None
    scores = [rules.side_score(state, side) for side in SIDES]
    left = 2 * TURNS - sum(b.turns)
    spread = 1.0 + SPREAD * left
    p0 = 1.0 / (1.0 + math.exp(-(scores[0] - scores[1]) / spread))
    return [p0, 1.0 - p0]
