"""Component data of Hektor und Achill, in one place so it can be corrected in
one place.

The rulebook prints hero colours and values and the fate tiles only as
pictures. Everything here except the army (rulebook 2.1) and the two heroes of
its worked example (Aias green 5, Acamas purple 4) is the project's
reconstruction from ``shared/rules/hektor-data.md``: each side's heroes have the
values 3, 4, 4, 5, 5, 6, the two heroes of one colour add up to 9, and each of
the six fate tiles shows four of the six colours. Tile 6 puts yellow opposite
blue, as the rulebook's worked example (5.4) needs: Thomas faces yellow, Lin
blue.
"""

from __future__ import annotations

GREEKS, TROJANS = 0, 1
SIDES = (GREEKS, TROJANS)

#: Rulebook 2.1, in its order: rot, grün, blau, gelb, lila, braun.
COLOURS = ("red", "green", "blue", "yellow", "purple", "brown")
#: 1 slinger (Schleuderer), 2 archer (Bogenschütze), 3 peltast, 4 hoplite (Hoplit).
VALUES = (1, 2, 3, 4)
COPIES = 2

#: Hero name -> (colour, value), per side. Reconstructed (see module docstring).
HEROES: dict[int, dict[str, tuple[str, int]]] = {
    GREEKS: {
        "Achilleus": ("red", 6),
        "Aias": ("green", 5),
        "Diomedes": ("purple", 5),
        "Agamemnon": ("blue", 4),
        "Odisseus": ("yellow", 4),
        "Menelaos": ("brown", 3),
    },
    TROJANS: {
        "Paris": ("red", 3),
        "Glaucos": ("green", 4),
        "Acamas": ("purple", 4),
        "Aeneas": ("blue", 5),
        "Sarpedon": ("yellow", 5),
        "Hector": ("brown", 6),
    },
}

#: Fate tile number -> its four colours clockwise from north (N, E, S, W).
#: Reconstructed (see module docstring).
FATE_TILES: dict[int, tuple[str, str, str, str]] = {
    1: ("blue", "yellow", "purple", "brown"),
    2: ("red", "yellow", "purple", "brown"),
    3: ("red", "green", "purple", "brown"),
    4: ("red", "green", "blue", "brown"),
    5: ("red", "green", "blue", "yellow"),
    6: ("green", "blue", "purple", "yellow"),  # yellow opposite blue (5.4 worked example)
}

# Rulebook 3.0 and 5.5.
STACK_SIZE = 12
FRONT_STACKS = (1, 2, 3)
HOME = 0  # index of the home stack (Heimatstapel) next to the front stacks 1-3
HAND_SIZE = 4
TURNS = 4
FAVOUR_TOKENS = 3
MAX_SHAME = 3
EMPTY_BELOW = 5  # a used stack with fewer cards is "emptied"


def army() -> list[str]:
    """One side's 48 army cards as codes like ``"red3"``."""
    return [f"{colour}{value}" for colour in COLOURS for value in VALUES for _ in range(COPIES)]


_ORDER = {card: i for i, card in enumerate(dict.fromkeys(army()))}


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in the order of the rulebook's colours, then by value."""
    return sorted(cards, key=_ORDER.__getitem__)


def card_colour(card: str) -> str:
    return card[:-1]


def card_value(card: str) -> int:
    return int(card[-1])


def hero_side(hero: str) -> int:
    return GREEKS if hero in HEROES[GREEKS] else TROJANS


def hero_colour(hero: str) -> str:
    return HEROES[hero_side(hero)][hero][0]


def hero_value(hero: str) -> int:
    return HEROES[hero_side(hero)][hero][1]
