"""Where everything lies on Hektor und Achill's board picture (pixels at scale 1).

Kept apart from the drawing (:mod:`render.hektor_und_achill`) so that the
picture and the web view's tap regions (:mod:`render.hektor_und_achill_regions`)
take every place from the same numbers: a region cannot point beside what the
picture draws. The boxes are ``(x0, y0, x1, y1)`` as Pillow draws them.
"""

from __future__ import annotations

from engines.hektor_und_achill.data import GREEKS, HOME, TROJANS

Box = tuple[float, float, float, float]

WIDTH = 1180
MARGIN = 10
HEADER_H = 84
PANEL_H = 132
CARD_W, CARD_H = 100, 134
SLOT = 112  # card pitch on a battle line
SLOTS = 5  # a battle line: the vanguard and four single turns
BAND_PAD = 12
BAND_H = 2 * CARD_H + 3 * BAND_PAD + 8
TROJAN_Y = HEADER_H + 6
BAND_Y = TROJAN_Y + PANEL_H + 6
GREEK_Y = BAND_Y + BAND_H + 6
FOOTER_Y = GREEK_Y + PANEL_H + 8
TILE = 200
TILE_X = MARGIN + 14
LINE_X = TILE_X + TILE + 28  # first card of a battle line
SUM_X = LINE_X + SLOTS * SLOT + 14
STACK_W, STACK_H = 78, 104
STACK_X = {HOME: 250, 1: 350, 2: 440, 3: 530}  # equal numbers above each other
HAND_W, HAND_H = 74, 100  # the hand strip under the board
MAX_HEIGHT = 1400

#: The Trojans' panel at the top, the Greeks' at the bottom.
PANEL_Y = {TROJANS: TROJAN_Y, GREEKS: GREEK_Y}
#: Each side's battle line in the band, the Trojans' on top.
LINE_Y = {TROJANS: BAND_Y + BAND_PAD + 6, GREEKS: BAND_Y + 2 * BAND_PAD + CARD_H + 8}
NAME_W = 215  # the side's name and its "out of the game" count, left in a panel
OUT_Y = 94  # that count, below the panel's top
PILE, PILE_STEP = 3, 3  # at most three backs under a stack, each so far up and right
TOKENS_X = 640  # the hero stack; the hand, favour and shame to its right
TOKENS_TOP = 14  # below the panel's top
HERO_W, HERO_H = 56, 76  # the hero stack
BACK_W, BACK_H, BACK_STEP = 50, 70, 26  # the backs of a hand, overlapping
HAND_MAX = 5  # four army cards and a hero
HAND_X = TOKENS_X + 84
FAVOUR_X = HAND_X + BACK_STEP * (HAND_MAX - 1) + BACK_W + 34
FAVOUR_R, FAVOUR_STEP = 17, 40
SHAME_X = FAVOUR_X + 140
SHAME_R, SHAME_STEP = 15, 38
TOKENS = 3  # favour and shame tokens of a side
TOKEN_Y = 46  # the tokens' centres, below the top of the hero stack
CAPTION_Y = 92  # the captions under the hero stack and the hand, from the same top
STRIP_X, STRIP_CARDS = MARGIN + 6, 34  # the viewer's hand strip: its left, its cards below its top


def stack_box(side: int, n: int) -> Box:
    """Army stack ``n`` (0 home, 1-3) of ``side``: its top card."""
    x, y = STACK_X[n], PANEL_Y[side] + (PANEL_H - STACK_H) // 2
    return x, y, x + STACK_W, y + STACK_H


def pile_box(side: int, n: int) -> Box:
    """The stack with the backs of a thick pile behind it (up and right)."""
    x0, y0, x1, y1 = stack_box(side, n)
    return x0, y0 - PILE * PILE_STEP, x1 + PILE * PILE_STEP, y1


def tokens_top(side: int) -> int:
    return PANEL_Y[side] + TOKENS_TOP


def hero_stack_box(side: int) -> Box:
    top = tokens_top(side)
    return TOKENS_X, top, TOKENS_X + HERO_W, top + HERO_H


def captioned(box: Box) -> Box:
    """The hero stack's or the hand's box with the caption under it."""
    x0, y0, x1, _ = box
    return x0, y0, x1, y0 + CAPTION_Y + 10


def hand_box(side: int, backs: int = HAND_MAX) -> Box:
    """The backs of ``side``'s hand (room for a full hand by default)."""
    top = tokens_top(side)
    return HAND_X, top, HAND_X + BACK_W + BACK_STEP * max(0, backs - 1), top + BACK_H


def favour_centre(side: int, i: int) -> tuple[int, int]:
    return FAVOUR_X + FAVOUR_R + i * FAVOUR_STEP, tokens_top(side) + TOKEN_Y


def shame_centre(side: int, i: int) -> tuple[int, int]:
    return SHAME_X + 16 + i * SHAME_STEP, tokens_top(side) + TOKEN_Y


def favour_box(side: int) -> Box:
    """The caption and the three favour tokens."""
    top = tokens_top(side)
    right = favour_centre(side, TOKENS - 1)[0] + FAVOUR_R
    return FAVOUR_X, top, right, top + TOKEN_Y + FAVOUR_R + 1


def shame_box(side: int) -> Box:
    """The caption and the three shame tokens."""
    top = tokens_top(side)
    right = shame_centre(side, TOKENS - 1)[0] + SHAME_R
    return SHAME_X, top, right, top + TOKEN_Y + FAVOUR_R + 1


def out_box(side: int) -> Box:
    """The count of cards out of the game, under the side's name."""
    y = PANEL_Y[side]
    return MARGIN + 16, y + OUT_Y - 6, MARGIN + 16 + NAME_W, y + PANEL_H - 6


def slot_box(side: int, i: int) -> Box:
    """Slot ``i`` (0: the vanguard) of ``side``'s battle line: the card, and
    up and left of it the corner of a card a hero lies on."""
    x, y = LINE_X + i * SLOT, LINE_Y[side]
    return x - 6, y - 8, x + CARD_W, y + CARD_H


def fate_box() -> Box:
    x0, y0 = TILE_X, BAND_Y + (BAND_H - TILE) // 2
    return x0, y0, x0 + TILE, y0 + TILE


def hand_strip_box(cards: int, hero: bool) -> Box:
    """The viewer's own cards, face up under the board (hero last, a bit apart)."""
    y = FOOTER_Y + STRIP_CARDS
    right = STRIP_X + cards * (HAND_W + 10) + (HAND_W + 20 if hero else -10)
    return STRIP_X, y, right, y + HAND_H
