"""Determinisation of Hektor und Achill for a computer player
(:meth:`engines.contract.Engine.determinise`).

What a seat may not see, besides the future (``state.rng``):

- the other side's army cards in hand (their number is public);
- the contents and order of every face-down army stack, its own included
  (only the number of cards per stack is public);
- the other side's hero in hand (whether it holds one is public), and the
  order of both hero stacks;
- the order of the fate stack (its tiles follow from the public discards).

Everything public stays as it is: played cards, the turned-up fate tile,
discards, lost heroes, favour and shame tokens, the seat's own hand and hero.
The hidden parts are dealt anew, per side, from ``rnd``: the side's army cards
the seat cannot see (the other side's hand and all its stacks; the seat's own
stacks) are pooled in the rulebook's card order, shuffled and dealt back into
the same places with the same counts; likewise that side's unseen heroes (the
other side's hero in hand and the hero stack); the fate stack is shuffled.

The pool forgets what the seat may remember and its view does not carry
(which of its own cards went back to which stack after a battle, the hero it
changed for lying at the bottom of its hero stack): a determinisation reads
nothing of the state but what the view shows.
"""

from __future__ import annotations

import random

from engines.contract import clone
from engines.hektor_und_achill.data import SIDES, sort_cards
from engines.hektor_und_achill.model import State
from engines.rng import Rng


def determinise(state: State, seat: int, rnd: random.Random) -> State:
    s = clone(state)
    b = s.battle
    for side in SIDES:
        own = side == seat
        hand_size = 0 if own else len(b.hands[side])
        stacks = s.stacks[side]
        pool = sort_cards([c for stack in stacks for c in stack] + ([] if own else b.hands[side]))
        rnd.shuffle(pool)
        b.hands[side] = sort_cards(b.hands[side] if own else pool[:hand_size])
        dealt = hand_size
        for i, stack in enumerate(stacks):
            stacks[i] = pool[dealt:dealt + len(stack)]
            dealt += len(stack)

        hides_hero = not own and b.heroes[side] is not None
        heroes = sorted(s.hero_stacks[side] + ([b.heroes[side]] if hides_hero else []))
        rnd.shuffle(heroes)
        if hides_hero:
            b.heroes[side] = heroes.pop()
        s.hero_stacks[side] = heroes
    s.fate_stack = sorted(s.fate_stack)
    rnd.shuffle(s.fate_stack)
    s.rng = Rng.from_seed(rnd.getrandbits(64))
    return s
