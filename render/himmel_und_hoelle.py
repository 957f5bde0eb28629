"""Himmel und Hölle as a PNG: the 10x3 play area between the two realms.

Drawn for a phone screen: the picture is shrunk to about a third, so type is
large and every state that matters (whose turn, where each die is) also shows
as a shape, not only as a colour: Hell dice are squares, Heaven dice circles.
Flat colours only, so the PNG stays small and encodes fast.

The web view asks for the same picture k times larger (``scale``): it is
drawn through :class:`render.sharp.Sharp`, so the layout below is written once,
in the Discord picture's pixels. The board's places, as the web view's tap
regions, come from the same geometry (:mod:`render.himmel_und_hoelle_regions`).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.himmel_und_hoelle.model import COLUMNS, HEAVEN, HELL, ROWS, View
from render.png import encode
from render.png import palette as make_palette
from render.sharp import canvas, length
from render.typeface import font
from render.himmel_und_hoelle_text import end_reason, words

# -- layout (pixels) -----------------------------------------------------------

WIDTH = 1180
MARGIN = 10
HEADER_H = 84
REALM_W = 150
LABEL_W = 32  # row letters between a realm and the grid
CELL = 78
NUM_H = 36  # column numbers above and below the grid
GRID_X = MARGIN + REALM_W + 8 + LABEL_W
GRID_Y = HEADER_H + NUM_H
GRID_W = CELL * len(COLUMNS)
GRID_H = CELL * len(ROWS)
BOARD_BOTTOM = GRID_Y + GRID_H + NUM_H
REALM_Y0 = HEADER_H + 8
REALM_Y1 = BOARD_BOTTOM - 4
REALM_MID = (REALM_Y0 + REALM_Y1) // 2  # Startfeld above, Zielfeld below
LEFT_REALM_X = MARGIN
RIGHT_REALM_X = WIDTH - MARGIN - REALM_W
#: The end of the board with each side's Startfeld (and the other's Zielfeld).
REALM_X = {HELL: LEFT_REALM_X, HEAVEN: RIGHT_REALM_X}
BOX_GAP = 12
BOX_W = (WIDTH - 2 * MARGIN - BOX_GAP) // 2
PAD = 12

DIE = 56  # a lone die on a field
DIE_PAIR = 34  # each die of a conflict, side by side
DIE_WAIT = 30  # silhouettes in a Startfeld
DIE_GOAL = 40
DIE_ICON = 30  # next to a side's name
CARD_W, CARD_H = 40, 54  # the viewer's hand
SMALL_CARD_W, SMALL_CARD_H = 34, 46  # the secret card of a conflict
MAX_HEIGHT = 900  # canvas; cropped to what was drawn
TEXT_STEPS = 8  # anti-aliasing levels of text kept by the palette

# -- colours (Okabe-Ito based; the shapes carry the distinction too) ----------

BG = (250, 248, 243)
INK = (28, 28, 28)
MUTED = (95, 95, 95)
GRID_LINE = (178, 170, 156)
CELL_LIGHT = (244, 240, 231)
CELL_DARK = (228, 221, 206)
LAST_FILL = (255, 238, 150)
LAST_LINE = (160, 118, 0)
NEUTRAL_TINT = (234, 234, 234)
WHITE = (255, 255, 255)

FILL = {HELL: (213, 94, 0), HEAVEN: (86, 180, 233)}  # vermillion, sky blue
EDGE = {HELL: (105, 36, 0), HEAVEN: (0, 82, 140)}
PIP = {HELL: WHITE, HEAVEN: (8, 36, 72)}
TINT = {HELL: (251, 224, 203), HEAVEN: (214, 235, 250)}
DARK = {HELL: (150, 52, 0), HEAVEN: (0, 88, 150)}  # text in a side's colour

# Pip positions on a 3x3 lattice, in units of the pip offset.
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


# -- primitives ----------------------------------------------------------------


def cell_box(field: str) -> tuple[int, int, int, int]:
    row, col = ROWS.index(field[0]), int(field[1:])
    x, y = GRID_X + (col - 1) * CELL, GRID_Y + row * CELL
    return x, y, x + CELL, y + CELL


def start_box(side: int) -> tuple[int, int, int, int]:
    """``side``'s Startfeld: the upper half of its end of the board."""
    x = REALM_X[side]
    return x, REALM_Y0, x + REALM_W, REALM_MID


def goal_box(side: int) -> tuple[int, int, int, int]:
    """``side``'s Zielfeld: the lower half of the other side's end."""
    x = REALM_X[1 - side]
    return x, REALM_MID, x + REALM_W, REALM_Y1


def draw_die(
    d: ImageDraw.ImageDraw, cx: int, cy: int, size: int, side: int, value: int | None, ghost: bool = False
) -> None:
    """A square (Hell) or round (Heaven) die; ``ghost`` is a filled-up 6, drawn hollow."""
    h = size // 2
    box = (cx - h, cy - h, cx + h, cy + h)
    fill, edge, pip = (WHITE, FILL[side], DARK[side]) if ghost else (FILL[side], EDGE[side], PIP[side])
    width = max(3, size // 14) if ghost else max(2, size // 20)
    if side == HELL:
        d.rectangle(box, fill=fill, outline=edge, width=width)
        off = size * 0.26
    else:
        d.ellipse(box, fill=fill, outline=edge, width=width)
        off = size * 0.21  # pips stay inside the circle's inscribed square
    if value is None:
        return
    if value not in PIPS:  # never on a legal board; show it rather than hide it
        text_centered(d, cx, cy, str(value), font(int(size * 0.6), True), pip)
        return
    r = max(2.0, size * 0.085)
    for dx, dy in PIPS[value]:
        px, py = cx + dx * off, cy + dy * off
        d.ellipse((px - r, py - r, px + r, py + r), fill=pip)


def text_centered(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, f, fill) -> None:
    d.text((cx, cy), text, font=f, fill=fill, anchor="mm")


def text_width(text: str, f) -> int:
    return int(f.getlength(text))


def draw_card(
    d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, side: int, value: int | None, hidden: bool = False
) -> None:
    """A card: face up with its value, face down (hidden) or an empty slot."""
    box = (x, y, x + w, y + h)
    if hidden:
        d.rounded_rectangle(box, radius=5, fill=EDGE[side], outline=INK, width=2)
        d.rounded_rectangle((x + 5, y + 5, x + w - 5, y + h - 5), radius=3, outline=FILL[side], width=2)
    elif value is None:
        d.rounded_rectangle(box, radius=5, fill=BG, outline=MUTED, width=2)
        text_centered(d, x + w / 2, y + h / 2, "?", font(24, True), MUTED)
    else:
        d.rounded_rectangle(box, radius=5, fill=WHITE, outline=EDGE[side], width=2)
        text_centered(d, x + w / 2, y + h / 2, str(value), font(24 if value < 10 else 22, True), INK)


# -- parts of the picture ------------------------------------------------------


def draw_header(d: ImageDraw.ImageDraw, v: View, w: dict) -> None:
    side_names = w["side"]
    sub = w["png_turn"].format(turn=v.turn)
    icon: int | None = v.active
    if v.over:
        icon = v.winners[0] if len(v.winners) == 1 else None
        outcome = w["png_wins"].format(side=side_names[icon]) if icon is not None else w["png_draw"]
        title = f"{w['png_over']}: {outcome}"
        sub = f"{side_names[HELL]} {v.scores[HELL]} – {side_names[HEAVEN]} {v.scores[HEAVEN]}"
        if v.end_reason:
            sub += f" · {end_reason(v, str(w['locale']))}"
    elif v.conflict is not None:
        title = w["png_conflict"].format(field=v.conflict.field)
        waiting = ", ".join(side_names[s] for s in v.to_act)
        sub = w["png_round"].format(round=v.conflict.round)
        if waiting:
            sub += " · " + w["png_waiting"].format(sides=waiting)
        icon = v.to_act[0] if len(v.to_act) == 1 else None
    elif v.pending is not None and v.pending_seat is not None:
        icon = v.pending_seat
        title = w[f"png_{v.pending}"].format(side=side_names[icon])
    else:
        title = w["png_to_move"].format(side=side_names[v.active])
        if v.seat == v.active:
            title += " " + w["png_you"]
    tint = TINT[icon] if icon is not None else NEUTRAL_TINT
    d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=tint)
    d.rectangle((0, HEADER_H - 7, WIDTH, HEADER_H - 1), fill=FILL[icon] if icon is not None else MUTED)
    x = MARGIN + 6
    cy = (HEADER_H - 7) // 2
    if icon is not None:
        draw_die(d, x + 22, cy, 44, icon, None)
    elif v.over:  # a draw: both sides
        draw_die(d, x + 14, cy - 8, 28, HELL, None)
        draw_die(d, x + 32, cy + 10, 28, HEAVEN, None)
    else:  # both sides must decide: the conflict mark
        d.ellipse((x, cy - 22, x + 44, cy + 22), fill=INK)
        text_centered(d, x + 22, cy, "!", font(32, True), WHITE)
    x += 60
    title_font = font(34, True)
    if not v.over:
        # the AP belong to the active side even while the other one decides
        ap_font = font(40, True)
        ap_x = WIDTH - MARGIN - 6 - text_width(f"{v.ap} AP", ap_font)
        d.text((ap_x, cy), f"{v.ap} AP", font=ap_font, fill=INK, anchor="lm")
        draw_die(d, ap_x - 26, cy, 34, v.active, None)
    d.text((x, cy - 14), title, font=title_font, fill=INK, anchor="lm")
    d.text((x, cy + 22), sub, font=font(22), fill=MUTED, anchor="lm")


def draw_grid(d: ImageDraw.ImageDraw, v: View) -> None:
    last = {f for f in v.last_move if len(f) >= 2 and f[0] in ROWS and f[1:].isdigit()}
    for r, row in enumerate(ROWS):
        for c in COLUMNS:
            field = f"{row}{c}"
            x0, y0, x1, y1 = cell_box(field)
            fill = LAST_FILL if field in last else (CELL_LIGHT if (r + c) % 2 else CELL_DARK)
            d.rectangle((x0, y0, x1, y1), fill=fill, outline=GRID_LINE, width=1)
    for field in last:  # after all cells, so neighbours do not paint over the outline
        x0, y0, x1, y1 = cell_box(field)
        d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=LAST_LINE, width=4)
    label = font(28, True)
    for c in COLUMNS:
        cx = GRID_X + (c - 0.5) * CELL
        text_centered(d, cx, GRID_Y - NUM_H / 2, str(c), label, INK)
        text_centered(d, cx, GRID_Y + GRID_H + NUM_H / 2, str(c), label, INK)
    for r, row in enumerate(ROWS):
        cy = GRID_Y + (r + 0.5) * CELL
        text_centered(d, GRID_X - LABEL_W / 2, cy, row, label, INK)
        text_centered(d, GRID_X + GRID_W + LABEL_W / 2, cy, row, label, INK)


def draw_dice(d: ImageDraw.ImageDraw, v: View) -> None:
    by_field: dict[str, dict[int, int]] = {}
    for die in v.dice:
        by_field.setdefault(die.field, {})[die.side] = die.value
    conflict = v.conflict.field if v.conflict is not None else None
    for field, sides in by_field.items():
        if field[0] not in ROWS:
            continue
        x0, y0, x1, y1 = cell_box(field)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        if len(sides) == 1:
            (side, value), = sides.items()
            draw_die(d, cx, cy, DIE, side, value)
        else:  # Hell left, Heaven right: the side its realm is on
            draw_die(d, cx - DIE_PAIR // 2 - 2, cy + 4, DIE_PAIR, HELL, sides[HELL])
            draw_die(d, cx + DIE_PAIR // 2 + 2, cy + 4, DIE_PAIR, HEAVEN, sides[HEAVEN])
        if field == conflict or len(sides) > 1:
            d.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=INK, width=6)
            d.ellipse((x1 - 26, y0 + 4, x1 - 6, y0 + 24), fill=INK)
            text_centered(d, x1 - 16, y0 + 14, "!", font(18, True), WHITE)


def draw_realm(d: ImageDraw.ImageDraw, v: View, w: dict, x: int, starter: int) -> None:
    """One end of the board: ``starter``'s Startfeld and the other side's Zielfeld."""
    scorer = 1 - starter
    y0, y1 = REALM_Y0, REALM_Y1
    mid = REALM_MID
    d.rectangle((x, y0, x + REALM_W, y1), fill=TINT[starter], outline=FILL[starter], width=4)
    d.line((x + 8, mid, x + REALM_W - 8, mid), fill=FILL[starter], width=2)
    label, big = font(24, True), font(30, True)

    # Startfeld: silhouettes, as many as wait there, and the count for certainty
    draw_die(d, x + 22, y0 + 24, 24, starter, None)
    d.text((x + 40, y0 + 24), w["png_start"], font=label, fill=DARK[starter], anchor="lm")
    for i in range(min(v.start[starter], 6)):
        col, row = i % 3, i // 3
        draw_die(d, x + 24 + col * 42, y0 + 64 + row * 40, DIE_WAIT, starter, None)
    # lower right: never covered, as the second row holds at most two of five dice
    d.text((x + REALM_W - 10, y0 + 104), f"×{v.start[starter]}", font=big, fill=INK, anchor="rm")

    # Zielfeld: the other side's dice with pips; filled-up 6s hollow
    draw_die(d, x + 22, mid + 24, 24, scorer, None)
    d.text((x + 40, mid + 24), w["png_goal"], font=label, fill=DARK[scorer], anchor="lm")
    values = v.goal[scorer]
    first_filled = len(values) - v.filled[scorer]
    for i, value in enumerate(values[:6]):
        col, row = i % 3, i // 3
        draw_die(d, x + 28 + col * 47, mid + 70 + row * 46, DIE_GOAL, scorer, value, ghost=i >= first_filled)
    d.text((x + REALM_W - 10, y1 - 24), f"= {v.scores[scorer]}", font=big, fill=DARK[scorer], anchor="rm")


def draw_side_box(d: ImageDraw.ImageDraw, v: View, w: dict, side: int, x: int, y: int) -> int:
    """Name, score, cards and conflict role of one side; returns the bottom."""
    turn = side in v.to_act and not v.over
    h = 150
    outline, width = (FILL[side], 5) if turn else (GRID_LINE, 2)
    d.rounded_rectangle((x, y, x + BOX_W, y + h), radius=10, fill=TINT[side], outline=outline, width=width)
    cx = x + PAD
    draw_die(d, cx + DIE_ICON // 2, y + 28, DIE_ICON, side, None)
    name_font = font(30, True)
    name = w["side"][side]
    d.text((cx + DIE_ICON + 10, y + 28), name, font=name_font, fill=DARK[side], anchor="lm")
    if v.seat == side:
        you_x = cx + DIE_ICON + 18 + text_width(name, name_font)
        d.text((you_x, y + 30), w["png_you"], font=font(24), fill=INK, anchor="lm")
    score = str(v.scores[side])
    big = font(34, True)
    d.text((x + BOX_W - PAD, y + 28), score, font=big, fill=INK, anchor="rm")
    score_x = x + BOX_W - PAD - text_width(score, big) - 10
    d.text((score_x, y + 30), w["png_score"], font=font(22), fill=MUTED, anchor="rm")

    # cards left; the played ones are public
    row_y = y + 74
    small = font(24)
    text = f"{w['png_cards']}: {v.hand_sizes[side]}"
    d.text((cx, row_y), text, font=font(26, True), fill=INK, anchor="lm")
    played = " ".join(str(c) for c in sorted(v.removed[side])) or "–"
    line = f"{w['png_played']}: {played}"
    while text_width(line, small) > BOX_W - 2 * PAD and len(line) > 4:
        line = line[:-2].rstrip() + "…"  # never more than 12 cards; only on extreme input
    d.text((cx, y + 120), line, font=small, fill=MUTED, anchor="lm")

    c = v.conflict
    if c is not None:
        role = w["png_attacker"] if c.attacker == side else w["png_defender"]
        role_font = font(24, c.attacker == side)
        rx = x + BOX_W - PAD - SMALL_CARD_W
        own = c.own_card if v.seat == side else None
        card_y = row_y - SMALL_CARD_H // 2 + 6
        if own is not None:
            draw_card(d, rx, card_y, SMALL_CARD_W, SMALL_CARD_H, side, own)
        else:
            draw_card(d, rx, card_y, SMALL_CARD_W, SMALL_CARD_H, side, None, hidden=c.chosen[side])
        d.text((rx - 12, row_y + 6), role, font=role_font, fill=INK, anchor="rm")
    return y + h


def draw_hand(d: ImageDraw.ImageDraw, v: View, w: dict, y: int) -> int:
    side = v.seat
    assert side is not None and v.hand is not None
    x = MARGIN + PAD
    draw_die(d, x + DIE_ICON // 2, y + CARD_H // 2, DIE_ICON, side, None)
    x += DIE_ICON + 10
    label = w["png_hand"]
    d.text((x, y + CARD_H // 2), label, font=font(26, True), fill=DARK[side], anchor="lm")
    x += text_width(label, font(26, True)) + 14
    for card in sorted(v.hand):
        if x + CARD_W > WIDTH - MARGIN:
            break
        draw_card(d, x, y, CARD_W, CARD_H, side, card)
        x += CARD_W + 6
    return y + CARD_H


def draw_status(d: ImageDraw.ImageDraw, v: View, w: dict, y: int) -> int:
    """The last conflict round and the last move, one line each."""
    f, bold = font(26), font(26, True)
    x0 = MARGIN + PAD
    r = v.last_reveal
    if r is not None:
        x = x0
        cy = y + 18
        head = w["png_last_round"].format(field=r.field)
        d.text((x, cy), head, font=bold, fill=INK, anchor="lm")
        x += text_width(head, bold) + 14
        for side in (HELL, HEAVEN):
            draw_die(d, x + 13, cy, 26, side, None)
            x += 34
            card = str(r.cards[side]) if r.counted[side] == r.cards[side] else f"{r.cards[side]}✗"
            part = f"{r.dice[side]} + {card} = {r.values[side]}"
            d.text((x, cy), part, font=f, fill=INK, anchor="lm")
            x += text_width(part, f) + 26
        tail = f"→ {w['png_winner']}: "
        d.text((x, cy), tail, font=f, fill=INK, anchor="lm")
        x += text_width(tail, f)
        draw_die(d, x + 13, cy, 26, r.winner, None)
        d.text((x + 34, cy), w["side"][r.winner], font=bold, fill=DARK[r.winner], anchor="lm")
        y += 38
    if any(v.filled):
        side = HELL if v.filled[HELL] else HEAVEN
        draw_die(d, x0 + 13, y + 19, 26, side, 6, ghost=True)
        d.text((x0 + 34, y + 19), w["png_filled"], font=f, fill=MUTED, anchor="lm")
        y += 38
    if v.last_move:
        text = f"{w['png_last_move']}: {' → '.join(v.last_move)}"
        d.rectangle((x0, y + 8, x0 + 22, y + 30), fill=LAST_FILL, outline=LAST_LINE, width=3)
        d.text((x0 + 32, y + 19), text, font=f, fill=MUTED, anchor="lm")
        y += 38
    return y


# -- the picture ---------------------------------------------------------------


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every flat colour, plus the anti-aliasing steps of text over its grounds.

    Mapping onto a fixed palette is several times faster than adaptive
    quantizing, keeps flat colours exact, and a paletted PNG encodes fast.
    """
    flat = [BG, INK, MUTED, GRID_LINE, CELL_LIGHT, CELL_DARK, LAST_FILL, LAST_LINE, NEUTRAL_TINT, WHITE]
    for table in (FILL, EDGE, PIP, TINT, DARK):
        flat += table.values()
    inks = [INK, MUTED, WHITE, DARK[HELL], DARK[HEAVEN]]
    grounds = [BG, NEUTRAL_TINT, TINT[HELL], TINT[HEAVEN], WHITE, INK]
    return make_palette(flat, [(fg, bg) for fg in inks for bg in grounds], TEXT_STEPS)



def board_png(view: View, locale: str = "en", scale: float = 1.0) -> bytes:
    w = words(locale)
    im, d = canvas(WIDTH, MAX_HEIGHT, BG, scale)  # the plain ImageDraw at scale 1
    draw_header(d, view, w)
    draw_realm(d, view, w, REALM_X[HELL], HELL)
    draw_realm(d, view, w, REALM_X[HEAVEN], HEAVEN)
    draw_grid(d, view)
    draw_dice(d, view)
    y = BOARD_BOTTOM + 10
    draw_side_box(d, view, w, HELL, MARGIN, y)
    y = draw_side_box(d, view, w, HEAVEN, MARGIN + BOX_W + BOX_GAP, y) + 12
    if view.hand is not None and view.seat is not None:
        y = draw_hand(d, view, w, y) + 10
    y = draw_status(d, view, w, y) + 6
    return encode(im, length(y, scale), palette())
