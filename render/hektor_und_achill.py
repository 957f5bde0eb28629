"""Hektor und Achill as PNG pictures: the board, and a player's private hand.

Drawn for a phone screen: large type, flat colours, and every card colour is
also a shape and a word (red ● circle, green ▲ triangle, blue ■ square,
yellow ★ star, purple ◆ diamond, brown ✚ cross), so nothing depends on telling
colours apart. The Trojans sit at the top, the Greeks at the bottom; their
stacks line up so that equal numbers face each other, as on the table. The
fate tile lies between the two battle lines: its top side faces the Trojans,
its bottom side the Greeks, and a quarter turn brings a side colour to them.

The layout lives in :mod:`render.hektor_und_achill_layout`, shared with the web
view's tap regions; a larger picture (``scale``) runs through :mod:`render.sharp`.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.hektor_und_achill.data import GREEKS, HOME, TROJANS, card_colour, card_value, hero_colour, hero_value
from engines.hektor_und_achill.model import Played, View
from engines.hektor_und_achill.text import colour_name, side_name
from render.png import encode as encode_png
from render.png import palette as make_palette
from render.sharp import canvas, length
from render.typeface import font
from render.hektor_und_achill_text import current_turn, locale_of, report_lines, words

# -- layout (pixels; where each place lies: render.hektor_und_achill_layout) ----

from render.hektor_und_achill_layout import (  # noqa: F401  (BAND_PAD, TILE_X: tests read the layout here)
    BACK_H, BACK_STEP, BACK_W, BAND_H, BAND_PAD, BAND_Y, CAPTION_Y, CARD_H, CARD_W, FAVOUR_R, FAVOUR_X, FOOTER_Y,
    GREEK_Y, HAND_H, HAND_W, HAND_X, HEADER_H, HERO_H, HERO_W, LINE_X, LINE_Y, MARGIN, MAX_HEIGHT, NAME_W, OUT_Y,
    PANEL_H, PILE, PILE_STEP, SHAME_X, SLOT, SLOTS, STACK_H, STACK_W, STACK_X, STRIP_CARDS, STRIP_X, SUM_X, TILE,
    TILE_X, TOKENS, TROJAN_Y, WIDTH, favour_centre, fate_box, hero_stack_box, shame_centre, stack_box)

TEXT_STEPS = 8

# -- colours (Okabe-Ito, plus a brown; shapes and words carry them too) --------

BG = (250, 248, 243)
INK = (28, 28, 28)
MUTED = (100, 100, 100)
LINE = (178, 170, 156)
WHITE = (255, 255, 255)
GOLD = (230, 159, 0)  # favour tokens, hero cards (Okabe-Ito orange)
HERO_FACE = (255, 243, 208)
BACK = {GREEKS: (52, 74, 120), TROJANS: (120, 72, 36)}  # card backs, panel edges
TINT = {GREEKS: (225, 231, 242), TROJANS: (243, 231, 214)}
NEUTRAL = (232, 232, 232)
CARD = {
    "red": (213, 94, 0),
    "green": (0, 158, 115),
    "blue": (0, 114, 178),
    "yellow": (240, 228, 66),
    "purple": (204, 121, 167),
    "brown": (128, 80, 32),
}
#: Ink on a card colour: black on yellow, white elsewhere.
ON_CARD = {c: (INK if c == "yellow" else WHITE) for c in CARD}


# -- primitives ----------------------------------------------------------------


def text_at(d: ImageDraw.ImageDraw, xy, text: str, size: int, fill=INK, bold: bool = False, anchor: str = "la") -> None:
    d.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)


def text_w(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))


def fit(text: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``width``."""
    while size > 10 and text_w(text, size, bold) > width:
        size -= 1
    return size


def symbol(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: str, fill) -> None:
    """The shape of a card colour, so colour-blind players need not see it."""
    if colour == "red":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif colour == "green":
        d.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill)
    elif colour == "blue":
        k = r * 0.85
        d.rectangle((cx - k, cy - k, cx + k, cy + k), fill=fill)
    elif colour == "yellow":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        d.polygon(points, fill=fill)
    elif colour == "purple":
        d.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill)
    else:  # brown
        k = r * 0.36
        d.rectangle((cx - r, cy - k, cx + r, cy + k), fill=fill)
        d.rectangle((cx - k, cy - r, cx + k, cy + r), fill=fill)


def chip(d: ImageDraw.ImageDraw, x: int, cy: int, colour: str, label: str, size: int = 22) -> int:
    """A colour as a filled symbol and its word; returns the right end."""
    r = size * 0.55
    d.ellipse((x, cy - r - 4, x + 2 * r + 8, cy + r + 4), fill=CARD[colour])
    symbol(d, x + r + 4, cy, r * 0.75, colour, ON_CARD[colour])
    x += int(2 * r + 14)
    text_at(d, (x, cy), label, size, INK, True, "lm")
    return x + text_w(label, size, True)


def card_back(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, fill, mark: str = "") -> None:
    d.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=fill, outline=INK, width=2)
    d.rounded_rectangle((x + 5, y + 5, x + w - 5, y + h - 5), radius=4, outline=WHITE, width=2)
    if mark:
        text_at(d, (x + w / 2, y + h / 2), mark, min(28, h // 3), WHITE, True, "mm")


def favour_token(d: ImageDraw.ImageDraw, cx: float, cy: float, r: int = 17, lost: bool = False) -> None:
    if lost:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=NEUTRAL, outline=MUTED, width=2)
        d.line((cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6), fill=MUTED, width=3)
        d.line((cx - r * 0.6, cy + r * 0.6, cx + r * 0.6, cy - r * 0.6), fill=MUTED, width=3)
        return
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=INK, width=2)
    text_at(d, (cx, cy), "+1", int(r * 0.95), INK, True, "mm")


def shame_token(d: ImageDraw.ImageDraw, cx: float, cy: float, r: int = 15, held: bool = True) -> None:
    if not held:
        d.rectangle((cx - r, cy - r, cx + r, cy + r), outline=LINE, width=2)
        return
    d.rectangle((cx - r, cy - r, cx + r, cy + r), fill=INK)
    d.line((cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.55), fill=WHITE, width=4)
    d.line((cx - r * 0.55, cy + r * 0.55, cx + r * 0.55, cy - r * 0.55), fill=WHITE, width=4)


def army_card(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, card: str, locale: str,
              note: str = "", favour: bool = False) -> None:
    """A face-up army card: colour band with shape and word, big value."""
    colour, value = card_colour(card), card_value(card)
    band = max(26, h // 4)
    d.rounded_rectangle((x, y, x + w, y + h), radius=7, fill=WHITE, outline=CARD[colour], width=4)
    d.rounded_rectangle((x, y, x + w, y + band), radius=7, fill=CARD[colour])
    d.rectangle((x, y + band - 8, x + w, y + band), fill=CARD[colour])
    r = band * 0.3
    symbol(d, x + 6 + r, y + band / 2, r, colour, ON_CARD[colour])
    word = colour_name(colour, locale)
    size = fit(word, max(13, band // 2), w - int(2 * r) - 16, True)
    text_at(d, (x + 12 + 2 * r, y + band / 2), word, size, ON_CARD[colour], True, "lm")
    body = y + band + (h - band) / 2 - (8 if note else 0)
    text_at(d, (x + w / 2, body), str(value), int(h * 0.4), INK, True, "mm")
    if note:
        text_at(d, (x + w / 2, y + h - 14), note, fit(note, 15, w - 8), MUTED, False, "mm")
    if favour:
        favour_token(d, x + w - 14, y + h - 16, r=max(13, w // 7))


def hero_card(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, hero: str, locale: str) -> None:
    colour, value = hero_colour(hero), hero_value(hero)
    band = max(26, h // 4)
    d.rounded_rectangle((x, y, x + w, y + h), radius=7, fill=HERO_FACE, outline=GOLD, width=5)
    d.rounded_rectangle((x + 4, y + 4, x + w - 4, y + band), radius=5, fill=CARD[colour])
    r = band * 0.3
    symbol(d, x + 9 + r, y + 4 + (band - 4) / 2, r, colour, ON_CARD[colour])
    word = colour_name(colour, locale)
    size = fit(word, max(13, band // 2), w - int(2 * r) - 20, True)
    text_at(d, (x + 14 + 2 * r, y + 4 + (band - 4) / 2), word, size, ON_CARD[colour], True, "lm")
    text_at(d, (x + w / 2, y + band + (h - band) * 0.42), str(value), int(h * 0.36), INK, True, "mm")
    text_at(d, (x + w / 2, y + h - 16), hero, fit(hero, 17, w - 10, True), INK, True, "mm")


def played_card(d: ImageDraw.ImageDraw, x: int, y: int, p: Played, locale: str, note: str) -> None:
    """A card of a battle line; a deployed hero lies on it, the card peeks out."""
    if p.hero is None:
        army_card(d, x, y, CARD_W, CARD_H, p.card, locale, note, p.favour)
        return
    colour = card_colour(p.card)
    d.rounded_rectangle((x - 6, y - 8, x + CARD_W - 6, y + CARD_H - 8), radius=7, fill=CARD[colour], outline=INK,
                        width=2)
    text_at(d, (x + 4, y - 1), str(card_value(p.card)), 14, ON_CARD[colour], True, "lm")
    hero_card(d, x, y, CARD_W, CARD_H, p.hero, locale)


def empty_slot(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    for i in range(0, CARD_W, 14):
        d.line((x + i, y, x + min(i + 7, CARD_W), y), fill=LINE, width=2)
        d.line((x + i, y + CARD_H, x + min(i + 7, CARD_W), y + CARD_H), fill=LINE, width=2)
    for j in range(0, CARD_H, 14):
        d.line((x, y + j, x, y + min(j + 7, CARD_H)), fill=LINE, width=2)
        d.line((x + CARD_W, y + j, x + CARD_W, y + min(j + 7, CARD_H)), fill=LINE, width=2)


# -- parts of the board ----------------------------------------------------------


def acting(v: View) -> int | None:
    if v.over:
        return v.winners[0] if len(v.winners) == 1 else None
    return v.to_act[0] if v.to_act else None


def draw_header(d: ImageDraw.ImageDraw, v: View, w: dict, locale: str) -> None:
    side = acting(v)
    d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=TINT[side] if side is not None else NEUTRAL)
    d.rectangle((0, HEADER_H - 7, WIDTH, HEADER_H - 1), fill=BACK[side] if side is not None else MUTED)
    cy = (HEADER_H - 7) // 2
    if v.over:
        outcome = w["png_wins"].format(side=side_name(side, locale)) if side is not None else w["png_draw"]
        title = f"{w['png_over']}: {outcome}"
        sub = f"{w['png_battle'].format(battle=v.battle_no)} · {w['reasons'].get(v.end_reason, v.end_reason)}"
    else:
        title = w["png_to_act"].format(side=side_name(side, locale))
        if v.seat == side:
            title += " " + w["png_you"]
        title += " · " + w["png_phase"][v.phase].format(turn=current_turn(v))
        parts = [w["png_battle"].format(battle=v.battle_no),
                 f"{w['png_attacker']}: {side_name(v.attacker, locale)}"]
        if v.number is not None:
            parts.append(w["png_stacks"].format(number=v.number))
        sub = " · ".join(parts)
    if side is not None:
        card_back(d, MARGIN + 8, cy - 30, 46, 60, BACK[side], side_name(side, locale)[0])
    text_at(d, (MARGIN + 70, cy - 14), title, fit(title, 34, WIDTH - 100, True), INK, True, "lm")
    text_at(d, (MARGIN + 70, cy + 22), sub, fit(sub, 22, WIDTH - 100), MUTED, False, "lm")


def draw_panel(d: ImageDraw.ImageDraw, v: View, w: dict, locale: str, side: int, y: int) -> None:
    """One army: name and role, its four stacks, heroes, tokens and hand."""
    s = v.sides[side]
    turn = not v.over and side in v.to_act
    d.rectangle((MARGIN, y, WIDTH - MARGIN, y + PANEL_H), fill=TINT[side], outline=BACK[side],
                width=6 if turn else 2)
    name = side_name(side, locale)
    if v.seat == side:
        name += " " + w["png_you"]
    text_at(d, (MARGIN + 16, y + 14), name, fit(name, 30, NAME_W, True), INK, True)
    role = w["png_attacker"] if v.attacker == side else w["png_defender"]
    text_at(d, (MARGIN + 16, y + 54), role, 22, INK, v.attacker == side)
    if v.attacker == side:
        swords(d, MARGIN + 16 + text_w(role, 22, True) + 24, y + 67)
    out = f"{w['png_out']}: {len(s.discards)}"
    text_at(d, (MARGIN + 16, y + OUT_Y), out, fit(out, 20, NAME_W), MUTED)
    for n in STACK_X:
        x, top, _, _ = stack_box(side, n)
        draw_stack(d, w, x, top, n, s.stacks[n], s.emptied[n], s.battle_stack == n, side)
    draw_tokens(d, v, w, side)


def swords(d: ImageDraw.ImageDraw, cx: int, cy: int, r: int = 14) -> None:
    """The attacker token: two crossed swords, blade, guard and grip."""
    for sx in (-1, 1):
        tip, hilt = (cx + sx * r, cy - r), (cx - sx * r, cy + r)
        d.line((*tip, *hilt), fill=INK, width=4)
        gx, gy = cx - sx * r * 0.45, cy + r * 0.45  # the guard, across the blade
        d.line((gx - 6, gy - 6 * sx, gx + 6, gy + 6 * sx), fill=INK, width=4)


def draw_stack(d: ImageDraw.ImageDraw, w: dict, x: int, y: int, n: int, count: int, emptied: bool,
               in_battle: bool, side: int) -> None:
    label = w["png_home"] if n == HOME else str(n)
    if emptied:
        d.rounded_rectangle((x, y, x + STACK_W, y + STACK_H), radius=6, fill=NEUTRAL, outline=MUTED, width=2)
        d.line((x + 8, y + 8, x + STACK_W - 8, y + STACK_H - 8), fill=MUTED, width=4)
        d.line((x + 8, y + STACK_H - 8, x + STACK_W - 8, y + 8), fill=MUTED, width=4)
        text_at(d, (x + STACK_W / 2, y + 16), label, fit(label, 20, STACK_W - 6, True), INK, True, "mm")
        text_at(d, (x + STACK_W / 2, y + STACK_H - 16), w["png_emptied"], 18, INK, True, "mm")
        return
    depth = min(PILE, count // 4)
    for i in range(depth, 0, -1):  # a pile's thickness grows with its cards
        o = PILE_STEP * i
        d.rounded_rectangle((x + o, y - o, x + STACK_W + o, y + STACK_H - o), radius=6,
                            fill=BACK[side], outline=INK, width=1)
    card_back(d, x, y, STACK_W, STACK_H, BACK[side])
    d.rectangle((x + 6, y + 6, x + STACK_W - 6, y + 32), fill=WHITE)
    text_at(d, (x + STACK_W / 2, y + 19), label, fit(label, 20, STACK_W - 14, True), INK, True, "mm")
    text_at(d, (x + STACK_W / 2, y + 66), str(count), 36, WHITE, True, "mm")
    if in_battle:
        d.rounded_rectangle((x - 7, y - 16, x + STACK_W + 16, y + STACK_H + 7), radius=9, outline=INK, width=5)


def draw_tokens(d: ImageDraw.ImageDraw, v: View, w: dict, side: int) -> None:
    """Hero stack, hand (backs; the hero's back is gold), favour and shame."""
    s = v.sides[side]
    x, top, _, _ = hero_stack_box(side)
    card_back(d, x, top, HERO_W, HERO_H, GOLD, str(s.hero_stack))
    text_at(d, (x + HERO_W / 2, top + CAPTION_Y), w["png_heroes"], 17, INK, False, "mm")
    hx = HAND_X
    for i in range(s.hand_size):
        card_back(d, hx + i * BACK_STEP, top, BACK_W, BACK_H, BACK[side])
    if s.has_hero:
        card_back(d, hx + s.hand_size * BACK_STEP, top, BACK_W, BACK_H, GOLD, "?")
    hand_w = BACK_W + BACK_STEP * max(0, s.hand_size + s.has_hero - 1)
    if s.hand_size or s.has_hero:
        text_at(d, (hx + hand_w / 2, top + CAPTION_Y), w["png_hand"], 17, INK, False, "mm")
    text_at(d, (FAVOUR_X, top + 4), w["png_favour"], 18, INK, True)
    on_cards = sum(p.favour for p in s.played)
    r = FAVOUR_R
    for i in range(TOKENS):
        cx, cy = favour_centre(side, i)
        if i < s.favour:
            favour_token(d, cx, cy, r)
        elif i < s.favour + on_cards:
            d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=GOLD, width=3)  # lies on a card
        else:
            favour_token(d, cx, cy, r, lost=True)
    text_at(d, (SHAME_X, top + 4), w["png_shame"], 18, INK, True)
    for i in range(TOKENS):
        shame_token(d, *shame_centre(side, i), held=i < s.shame)


def draw_fate(d: ImageDraw.ImageDraw, v: View, w: dict, locale: str) -> None:
    x0, y0, _, _ = fate_box()
    cx, cy = x0 + TILE / 2, y0 + TILE / 2
    if v.fate is None:
        d.rounded_rectangle((x0, y0, x0 + TILE, y0 + TILE), radius=10, fill=NEUTRAL, outline=MUTED, width=3)
        text_at(d, (cx, cy), f"{v.fate_stack}", 48, MUTED, True, "mm")
        caption = w["png_fate_left"]
        text_at(d, (cx, y0 + TILE - 28), caption, fit(caption, 20, TILE - 16, True), MUTED, True, "mm")
        return
    f = v.fate
    corners = [(x0, y0 + TILE), (x0, y0), (x0 + TILE, y0), (x0 + TILE, y0 + TILE)]  # BL, TL, TR, BR
    # bottom faces the Greeks; clockwise on screen: bottom, left, top, right
    triangles = {
        "bottom": ((corners[3], corners[0]), f.sides[f.facing % 4], (cx, cy + TILE * 0.3)),
        "left": ((corners[0], corners[1]), f.sides[(f.facing + 1) % 4], (cx - TILE * 0.3, cy)),
        "top": ((corners[1], corners[2]), f.sides[(f.facing + 2) % 4], (cx, cy - TILE * 0.3)),
        "right": ((corners[2], corners[3]), f.sides[(f.facing + 3) % 4], (cx + TILE * 0.3, cy)),
    }
    for (a, b), colour, (sx, sy) in triangles.values():
        d.polygon([a, b, (cx, cy)], fill=CARD[colour], outline=INK)
        symbol(d, sx, sy, 17, colour, ON_CARD[colour])
    d.rectangle((x0, y0, x0 + TILE, y0 + TILE), outline=INK, width=3)
    d.ellipse((cx - 19, cy - 19, cx + 19, cy + 19), fill=WHITE, outline=INK, width=2)
    text_at(d, (cx, cy), str(f.tile), 24, INK, True, "mm")


def draw_line(d: ImageDraw.ImageDraw, w: dict, locale: str, side: int, y: int, played: list[Played],
              fate_colour: str | None, caption: str, value: int | None, own: int | None = None) -> None:
    """One battle line: vanguard first, empty slots for the turns to come, and
    the line's fate colour and its value (superiority, or a battle's total)."""
    for i in range(SLOTS):
        x = LINE_X + i * SLOT
        if i < len(played):
            played_card(d, x, y, played[i], locale, w["png_vanguard"] if i == 0 else "")
        else:
            empty_slot(d, x, y)
    tx = SUM_X
    name = side_name(side, locale)
    if fate_colour is not None:
        chip(d, tx, y + 20, fate_colour, f"{name}: {colour_name(fate_colour, locale)}", 22)
    else:
        text_at(d, (tx, y + 20), name, 22, INK, True, "lm")
    text_at(d, (tx, y + 58), caption, fit(caption, 20, WIDTH - MARGIN - tx - 8), MUTED, False, "lm")
    if value is not None:
        text_at(d, (tx + 4, y + 98), str(value), 44, INK, True, "lm")
    if own is not None:
        sx = tx + 170
        text_at(d, (sx, y + 84), w["png_score"], 18, MUTED, False, "lm")
        text_at(d, (sx, y + 112), str(own), 34, INK, True, "lm")


def draw_band(d: ImageDraw.ImageDraw, v: View, w: dict, locale: str) -> None:
    """The battle in progress; before its first card, the last battle's lines."""
    d.rectangle((MARGIN, BAND_Y, WIDTH - MARGIN, BAND_Y + BAND_H), fill=WHITE, outline=LINE, width=2)
    draw_fate(d, v, w, locale)
    rows = LINE_Y
    r = v.report
    if r is not None and not any(s.played for s in v.sides) and any(r.played):
        caption = w["png_last_battle"].format(battle=r.battle)
        for side, y in rows.items():
            fate = r.fate[side] if r.fate else None
            draw_line(d, w, locale, side, y, r.played[side], fate, caption, r.scores[side] if r.scores else None)
        return
    for side, y in rows.items():
        s = v.sides[side]
        own = v.own_score if v.seat == side else None
        draw_line(d, w, locale, side, y, s.played, s.fate_colour, w["png_strength"], s.strength, own)


def draw_hand_strip(d: ImageDraw.ImageDraw, v: View, w: dict, locale: str, y: int) -> int:
    text_at(d, (STRIP_X, y + 16), w["png_your_hand"], 24, INK, True, "lm")
    x = STRIP_X
    y += STRIP_CARDS
    for card in v.hand:
        army_card(d, x, y, HAND_W, HAND_H, card, locale)
        x += HAND_W + 10
    if v.hero:
        hero_card(d, x + 10, y, HAND_W + 10, HAND_H, v.hero, locale)
    return y + HAND_H + 8


def draw_footer(d: ImageDraw.ImageDraw, v: View, w: dict, locale: str, y: int) -> int:
    if v.hand is not None and (v.hand or v.hero):
        y = draw_hand_strip(d, v, w, locale, y) + 6
    for line in report_lines(v, w, locale)[:5]:
        text_at(d, (MARGIN + 6, y + 14), line, fit(line, 22, WIDTH - 2 * MARGIN - 12), INK, False, "lm")
        y += 32
    return y + 4


# -- the pictures ----------------------------------------------------------------


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every flat colour, plus the anti-aliasing steps of text over its grounds.

    Mapping onto a fixed palette is several times faster than adaptive
    quantizing, keeps flat colours exact, and a paletted PNG encodes fast.
    """
    flat = [BG, INK, MUTED, LINE, WHITE, GOLD, HERO_FACE, NEUTRAL, *BACK.values(), *TINT.values(), *CARD.values()]
    pairs = [(INK, g) for g in (BG, WHITE, HERO_FACE, NEUTRAL, GOLD, CARD["yellow"], *TINT.values())]
    pairs += [(MUTED, g) for g in (BG, WHITE, NEUTRAL, *TINT.values())]
    pairs += [(WHITE, g) for g in (*BACK.values(), *(CARD[c] for c in CARD if c != "yellow"))]
    return make_palette(flat, pairs, TEXT_STEPS)


def encode(im: Image.Image, height: int) -> bytes:
    return encode_png(im, height, palette())


def board_png(view: View, locale: str = "en", scale: float = 1.0) -> bytes:
    w = words(locale)
    locale = locale_of(w)
    im, d = canvas(WIDTH, MAX_HEIGHT, BG, scale)  # the plain ImageDraw at scale 1
    draw_header(d, view, w, locale)
    draw_panel(d, view, w, locale, TROJANS, TROJAN_Y)
    draw_band(d, view, w, locale)
    draw_panel(d, view, w, locale, GREEKS, GREEK_Y)
    bottom = draw_footer(d, view, w, locale, FOOTER_Y)
    return encode(im, length(bottom, scale))


HAND_CARD_W, HAND_CARD_H = 150, 200
HAND_WIDTH = 2 * MARGIN + 5 * (HAND_CARD_W + 16) + 30


def hand_png(view: View, locale: str = "en") -> bytes:
    """The viewer's own hand, large, for a private message: army cards, the
    hero in hand, the colours that count for them now and their total."""
    w = words(locale)
    locale = locale_of(w)
    im = Image.new("RGB", (HAND_WIDTH, 420), BG)
    d = ImageDraw.Draw(im)
    seat = view.seat
    title = w["png_your_hand"]
    if seat is not None:
        title += f" – {side_name(seat, locale)} · {w['png_battle'].format(battle=view.battle_no)}"
        d.rectangle((0, 0, HAND_WIDTH, 60), fill=TINT[seat])
        d.rectangle((0, 54, HAND_WIDTH, 60), fill=BACK[seat])
    text_at(d, (MARGIN + 8, 28), title, fit(title, 30, HAND_WIDTH - 30, True), INK, True, "lm")
    y = 76
    x = MARGIN + 8
    cards = view.hand or []
    for card in cards:
        army_card(d, x, y, HAND_CARD_W, HAND_CARD_H, card, locale)
        x += HAND_CARD_W + 16
    if view.hero:
        hero_card(d, x + 14, y, HAND_CARD_W, HAND_CARD_H, view.hero, locale)
    if not cards and not view.hero:
        text_at(d, (MARGIN + 8, y + 30), w["none"], 28, MUTED, False, "lm")
        y += 60
    else:
        y += HAND_CARD_H + 16
    if seat is not None and view.sides[seat].fate_colour is not None:
        x = chip(d, MARGIN + 8, y + 18, view.sides[seat].fate_colour,
                 colour_name(view.sides[seat].fate_colour, locale), 26)
        hero = view.hero or next((p.hero for p in view.sides[seat].played if p.hero), None)
        if hero:
            x = chip(d, x + 24, y + 18, hero_colour(hero), colour_name(hero_colour(hero), locale), 26)
        if view.own_score is not None:
            text_at(d, (x + 30, y + 18), f"{w['png_score']}: {view.own_score}", 26, INK, True, "lm")
        y += 44
    return encode(im, y + 8)
