"""Determinisation of Himmel und Hölle for a computer player
(:meth:`engines.contract.Engine.determinise`).

What a seat may not see, besides the future (``state.rng``):

- While a conflict round is open, the secret card the other side has already
  chosen. It is replaced by a card drawn from ``rnd`` among the cards the
  other side could have chosen sensibly: those of its hand allowed on its die
  (die + card <= 13; the 0 always is).

Nothing else is hidden. A hand is not secret in substance: every side starts
with the cards 0-12, a played card other than the 0 leaves the game face up
(``removed``) and the 0 returns to its owner's hand, so both hands follow from
the public record. The other side's hand is rebuilt from it (sorted, as the
view shows hands), not copied; the seat's own hand is kept (sorted).
"""

from __future__ import annotations

import random

from engines.contract import clone
from engines.himmel_und_hoelle.model import CARDS, SIDES, State, allowed_card, other
from engines.rng import Rng


def known_hand(state: State, side: int) -> list[int]:
    """A side's hand as the public record gives it: every card not removed."""
    return [card for card in CARDS if card not in state.removed[side]]


def determinise(state: State, seat: int, rnd: random.Random) -> State:
    s = clone(state)
    s.hands = [sorted(s.hands[side]) if side == seat else known_hand(s, side) for side in SIDES]
    c = s.conflict
    if c is not None and not s.over and s.pending is None:
        hider = other(seat)
        if c.cards[hider] is not None:
            die = next(d for d in s.dice if d.side == hider and d.field == c.field)
            possible = [card for card in s.hands[hider] if allowed_card(die.value, card)] or s.hands[hider]
            c.cards[hider] = rnd.choice(possible)
    s.rng = Rng.from_seed(rnd.getrandbits(64))
    return s
