"""Halleluja as a PNG: the 7x7 board with the number tile, and a side panel
with the heaven ladder and each player's captured stones.

Drawn for a phone screen (shrunk to about a third): large type, flat colours,
and nothing told by colour alone. Each colour has its own stone shape and
letter (Orange circle O, Blue square B, Green diamond G, Violet hexagon V); an
angel is light with a halo, a devil dark with horns; a stack's height is a
number on it, and the stones beneath show as small chips at its left edge.

The web view asks for the same picture k times larger (``scale``): it is
drawn through :class:`render.sharp.Sharp`, so the layout below is written once,
in the Discord picture's pixels. The board's places, as the web view's tap
regions, come from the same geometry (:mod:`render.halleluja_regions`).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.halleluja.model import COLUMNS, DIRECTIONS, LADDER_TOP, SIZE, Stone, View, row_col
from engines.halleluja.text import COLOUR_LETTERS
from render.png import encode
from render.png import palette as make_palette
from render.sharp import canvas, length
from render.typeface import font
from render.halleluja_text import decider, end_reason, set_sum_short, words

# -- layout (pixels) -----------------------------------------------------------

WIDTH = 1180
MARGIN = 12
HEADER_H = 96
LABEL = 34  # column letters and row numbers around the board
CELL = 96
BOARD_X = MARGIN + LABEL
BOARD_Y = HEADER_H + LABEL
BOARD_W = CELL * SIZE
PANEL_X = BOARD_X + BOARD_W + LABEL + 12
PANEL_W = WIDTH - MARGIN - PANEL_X
STONE = 52  # the top stone of a stack
CHIP = 14  # a stone beneath the top one
CHIPS_SHOWN = 5
TILE = CELL - 8
STEP_W = PANEL_W // (LADDER_TOP + 1)
LADDER_Y = HEADER_H + 8  # the ladder's caption; its steps below
LADDER_CAPTION = 34
LADDER_FIG = 26  # a player's figure on a step
BOX_H = 116
MAX_HEIGHT = 1000  # canvas; cropped to what was drawn
TEXT_STEPS = 8  # anti-aliasing levels of text kept by the palette

# -- colours (Okabe-Ito; shapes and letters carry the distinction too) ---------

BG = (250, 248, 243)
INK = (28, 28, 28)
MUTED = (95, 95, 95)
GRID_LINE = (178, 170, 156)
CELL_LIGHT = (244, 240, 231)
CELL_DARK = (228, 221, 206)
LAST_FILL = (255, 238, 150)
LAST_LINE = (160, 118, 0)
CURRENT_FILL = (255, 214, 120)
NEUTRAL_TINT = (234, 234, 234)
WHITE = (255, 255, 255)
HALO = (240, 228, 66)  # Okabe-Ito yellow

FILL = {0: (230, 159, 0), 1: (0, 114, 178), 2: (0, 158, 115), 3: (204, 121, 167)}
DARK = {0: (140, 90, 0), 1: (0, 78, 125), 2: (0, 105, 76), 3: (140, 55, 105)}  # text in a colour
TINT = {0: (252, 236, 204), 1: (210, 228, 243), 2: (206, 238, 226), 3: (245, 222, 234)}
SHAPES = ("circle", "square", "diamond", "hexagon")


# -- primitives ----------------------------------------------------------------


def cell_box(field: str) -> tuple[int, int, int, int]:
    r, c = row_col(field)
    x, y = BOARD_X + c * CELL, BOARD_Y + r * CELL
    return x, y, x + CELL, y + CELL


def ladder_box(v: View, step: int) -> tuple[int, int, int, int]:
    """A step of the heaven ladder: a column as tall as a figure per seat."""
    x, y = PANEL_X + step * STEP_W, LADDER_Y + LADDER_CAPTION
    return x, y, x + STEP_W, y + max(1, v.seats) * (LADDER_FIG + 4) + 40


def text_centered(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, f, fill) -> None:
    d.text((cx, cy), text, font=f, fill=fill, anchor="mm")


def text_width(text: str, f) -> int:
    return int(f.getlength(text))


def draw_shape(d: ImageDraw.ImageDraw, colour: int, cx: float, cy: float, size: float, fill, outline=None, width: int = 0) -> None:
    """The shape of ``colour`` (circle, square, diamond, hexagon) in a box of ``size``."""
    h = size / 2
    shape = SHAPES[colour]
    if shape == "circle":
        d.ellipse((cx - h, cy - h, cx + h, cy + h), fill=fill, outline=outline, width=width)
    elif shape == "square":
        s = h * 0.9
        d.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=outline, width=width)
    elif shape == "diamond":
        d.polygon([(cx, cy - h * 1.08), (cx + h * 1.08, cy), (cx, cy + h * 1.08), (cx - h * 1.08, cy)], fill=fill, outline=outline, width=width)
    else:
        pts = [(cx + h * math.cos(math.radians(a)), cy + h * math.sin(math.radians(a))) for a in range(0, 360, 60)]
        d.polygon(pts, fill=fill, outline=outline, width=width)


def draw_stone(d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, stone: Stone) -> None:
    """A stone: its colour's shape; an angel light with a halo above, a devil
    dark with two horns. Its letter in the middle."""
    h = size / 2
    if stone.angel:
        hw, hh, hy = size * 0.34, size * 0.11, cy - h - size * 0.16
        d.ellipse((cx - hw, hy - hh, cx + hw, hy + hh), outline=INK, width=max(3, size // 9))
        d.ellipse((cx - hw + 2, hy - hh + 2, cx + hw - 2, hy + hh - 2), outline=HALO, width=max(1, size // 22))
    else:
        for sign in (-1, 1):
            base = cx + sign * size * 0.3
            d.polygon(
                [(base - size * 0.13, cy - h * 0.55), (base + size * 0.13, cy - h * 0.55), (base + sign * size * 0.14, cy - h - size * 0.3)],
                fill=INK,
            )
    draw_shape(d, stone.colour, cx, cy, size, FILL[stone.colour], INK, max(2, size // 18))
    inner = size * 0.56
    draw_shape(d, stone.colour, cx, cy, inner, WHITE if stone.angel else INK)
    text_centered(d, cx, cy + 1, COLOUR_LETTERS[stone.colour], font(max(10, int(size * 0.36)), True), INK if stone.angel else WHITE)


def draw_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, colour: int) -> None:
    """A player's figure: the colour's shape with its letter."""
    draw_shape(d, colour, cx, cy, size, FILL[colour], INK, 2)
    text_centered(d, cx, cy + 1, COLOUR_LETTERS[colour], font(max(10, int(size * 0.5)), True), INK)


def draw_arrowhead(d: ImageDraw.ImageDraw, cx: float, cy: float, direction: str, size: float, fill) -> None:
    dr, dc = DIRECTIONS[direction]
    fx, fy = dc, dr  # forward unit vector (orthogonal directions only)
    px, py = -fy, fx
    tip = (cx + fx * size, cy + fy * size)
    left = (cx - fx * size * 0.2 + px * size * 0.85, cy - fy * size * 0.2 + py * size * 0.85)
    right = (cx - fx * size * 0.2 - px * size * 0.85, cy - fy * size * 0.2 - py * size * 0.85)
    d.polygon([tip, left, right], fill=fill)


# -- the board -------------------------------------------------------------------


def draw_board(d: ImageDraw.ImageDraw, v: View) -> None:
    last = set(v.last_move)
    current = next((m.field for m in v.marks if m.arrow == v.current_arrow), None)
    for r in range(SIZE):
        for c in range(SIZE):
            field = f"{COLUMNS[c]}{r + 1}"
            x0, y0, x1, y1 = cell_box(field)
            if field == current:
                fill = CURRENT_FILL
            elif field in last:
                fill = LAST_FILL
            else:
                fill = CELL_LIGHT if (r + c) % 2 == 0 else CELL_DARK
            d.rectangle((x0, y0, x1, y1), fill=fill, outline=GRID_LINE, width=1)
    for field in last:  # after all cells, so neighbours do not paint over the outline
        if field != current:
            x0, y0, x1, y1 = cell_box(field)
            d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=LAST_LINE, width=4)
    label = font(26, True)
    for c in range(SIZE):
        cx = BOARD_X + (c + 0.5) * CELL
        text_centered(d, cx, BOARD_Y - LABEL / 2, COLUMNS[c], label, INK)
        text_centered(d, cx, BOARD_Y + BOARD_W + LABEL / 2, COLUMNS[c], label, INK)
    for r in range(SIZE):
        cy = BOARD_Y + (r + 0.5) * CELL
        text_centered(d, BOARD_X - LABEL / 2, cy, str(r + 1), label, INK)
        text_centered(d, BOARD_X + BOARD_W + LABEL / 2, cy, str(r + 1), label, INK)


def draw_stacks(d: ImageDraw.ImageDraw, v: View) -> None:
    height_font = font(22, True)
    for st in v.stacks:
        x0, y0, x1, y1 = cell_box(st.field)
        cx, cy = (x0 + x1) / 2 + 8, (y0 + y1) / 2 + 11
        draw_stone(d, cx, cy, STONE, st.stones[-1])
        beneath = st.stones[:-1]
        # chips bottom-up along the left edge; the bottom stone lowest
        for i, stone in enumerate(beneath[-CHIPS_SHOWN:]):
            chip_y = y1 - 12 - i * (CHIP + 3)
            draw_shape(d, stone.colour, x0 + 13, chip_y, CHIP, FILL[stone.colour], INK if stone.angel else INK, 1)
            if not stone.angel:
                draw_shape(d, stone.colour, x0 + 13, chip_y, CHIP * 0.45, INK)
        if len(st.stones) > 1:
            bx, by = x1 - 20, y1 - 17
            d.rounded_rectangle((bx - 15, by - 13, bx + 15, by + 13), radius=6, fill=WHITE, outline=INK, width=2)
            text_centered(d, bx, by, str(len(st.stones)), height_font, INK)


def draw_marks(d: ImageDraw.ImageDraw, v: View) -> None:
    badge = font(20, True)
    for m in v.marks:
        if m.field is None:
            continue
        x0, y0, x1, y1 = cell_box(m.field)
        live = m.status == "waiting"
        if live:
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=INK, width=6)
        colour = INK if live else MUTED
        d.ellipse((x0 + 4, y0 + 4, x0 + 32, y0 + 32), fill=colour, outline=WHITE, width=2)
        text_centered(d, x0 + 18, y0 + 18, str(m.arrow), badge, WHITE)


def draw_targets(d: ImageDraw.ImageDraw, v: View) -> None:
    """Where the next tower or the current stone may go: a ring in the cell's
    middle, or in its top right corner if a stack stands there."""
    occupied = {st.field for st in v.stacks}
    for field in v.targets:
        x0, y0, x1, y1 = cell_box(field)
        if field in occupied:
            cx, cy, r = x1 - 15, y0 + 15, 10
        else:
            cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, 16
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=INK, width=4)
        d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=INK)


def draw_tile(d: ImageDraw.ImageDraw, v: View) -> None:
    if v.tile_from is not None and v.tile_from != v.tile:
        x0, y0, x1, y1 = cell_box(v.tile_from)
        m = (CELL - TILE) // 2
        for i in range(0, TILE, 12):  # dashed outline: where the tile stood
            d.line((x0 + m + i, y0 + m, x0 + m + min(i + 6, TILE), y0 + m), fill=MUTED, width=3)
            d.line((x0 + m + i, y1 - m, x0 + m + min(i + 6, TILE), y1 - m), fill=MUTED, width=3)
            d.line((x0 + m, y0 + m + i, x0 + m, y0 + m + min(i + 6, TILE)), fill=MUTED, width=3)
            d.line((x1 - m, y0 + m + i, x1 - m, y0 + m + min(i + 6, TILE)), fill=MUTED, width=3)
    if v.tile is None:
        return
    x0, y0, x1, y1 = cell_box(v.tile)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    h = TILE / 2
    d.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), radius=10, fill=INK, outline=WHITE, width=3)
    number = font(24, True)
    for arrow in v.arrows:
        dr, dc = DIRECTIONS[arrow.direction]
        ink = HALO if arrow.label == 1 else WHITE
        draw_arrowhead(d, cx + dc * (h - 12), cy + dr * (h - 12), arrow.direction, 9, ink)
        text_centered(d, cx + dc * 20, cy + dr * 20 + 1, str(arrow.label), number, ink)


# -- the header and the panel ----------------------------------------------------


def header_text(v: View, w: dict, locale: str) -> tuple[str, str, int | None]:
    """Title, subtitle, and the colour whose turn it is (None: nobody)."""
    names = w["colour"]
    who = decider(v)
    rounds = w["png_round"].format(round=v.round, max_rounds=v.max_rounds)
    if v.over:
        icon = v.winners[0] if len(v.winners) == 1 else None
        outcome = w["png_wins"].format(seat=names[icon]) if icon is not None else w["png_draw"]
        scores = " – ".join(f"{names[p]} {v.scores[p]}" for p in range(v.seats))
        return f"{w['png_over']}: {outcome}", f"{scores} · {end_reason(v, locale)}", icon
    out_of_turn = v.phase == "stones" and who != v.active
    title = w["png_decides" if out_of_turn else "png_to_move"].format(seat=names[who])
    if v.seat == who:
        title += " " + w["png_you"]
    if out_of_turn:
        rounds = w["png_turn_of"].format(seat=names[v.active]) + " · " + rounds
    if v.phase in ("place_tile", "orient_tile", "place_tower"):
        colour = names[v.next_tower] if v.next_tower is not None else ""
        sub = f"{w['png_setup']}: " + w[f"png_{v.phase}"].format(colour=colour, left=v.towers_left)
    elif v.phase == "stones" and v.current_arrow is not None:
        mark = next(m for m in v.marks if m.arrow == v.current_arrow)
        sub = w["png_stone"].format(arrow=mark.arrow, seat=names[who], field=mark.field) + " · " + rounds
    else:
        sub = w[f"png_{v.phase}"] + " · " + rounds
    return title, sub, who


def draw_header(d: ImageDraw.ImageDraw, v: View, w: dict, locale: str) -> None:
    title, sub, icon = header_text(v, w, locale)
    d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=TINT[icon] if icon is not None else NEUTRAL_TINT)
    d.rectangle((0, HEADER_H - 7, WIDTH, HEADER_H - 1), fill=FILL[icon] if icon is not None else MUTED)
    cy = (HEADER_H - 7) // 2
    x = MARGIN + 4
    if icon is not None:
        draw_icon(d, x + 26, cy, 50, icon)
    else:
        for i, p in enumerate(v.winners[:4]):
            draw_icon(d, x + 12 + (i % 2) * 26, cy - 12 + (i // 2) * 26, 24, p)
    x += 66
    title_font, sub_font = font(36, True), font(23)
    d.text((x, cy - 16), title, font=title_font, fill=INK, anchor="lm")
    while text_width(sub, sub_font) > WIDTH - x - MARGIN and len(sub) > 4:
        sub = sub[:-2].rstrip() + "…"
    d.text((x, cy + 22), sub, font=sub_font, fill=MUTED, anchor="lm")


def draw_ladder(d: ImageDraw.ImageDraw, v: View, w: dict) -> int:
    d.text((PANEL_X, LADDER_Y + 14), w["png_ladder"], font=font(26, True), fill=INK, anchor="lm")
    fig = LADDER_FIG
    _, y, _, bottom = ladder_box(v, 0)
    for k in range(LADDER_TOP + 1):
        x0, _, x1, _ = ladder_box(v, k)
        d.rectangle((x0, y, x1, bottom), fill=CELL_LIGHT if k % 2 == 0 else CELL_DARK, outline=GRID_LINE)
        text_centered(d, x0 + STEP_W / 2, bottom - 16, str(k), font(22, True), INK)
    for p in range(v.seats):
        k = min(max(v.ladder[p], 0), LADDER_TOP)
        draw_icon(d, PANEL_X + k * STEP_W + STEP_W / 2, y + 6 + fig / 2 + p * (fig + 4), fig, p)
    return bottom


def draw_player(d: ImageDraw.ImageDraw, v: View, w: dict, p: int, y: int) -> int:
    turn = p in v.to_act and not v.over
    outline, width = (FILL[p], 5) if turn else (GRID_LINE, 2)
    d.rounded_rectangle((PANEL_X, y, PANEL_X + PANEL_W, y + BOX_H), radius=10, fill=TINT[p], outline=outline, width=width)
    x = PANEL_X + 12
    draw_icon(d, x + 15, y + 24, 30, p)
    name_font = font(28, True)
    name = w["colour"][p]
    d.text((x + 38, y + 24), name, font=name_font, fill=DARK[p], anchor="lm")
    if v.seat == p:
        d.text((x + 46 + text_width(name, name_font), y + 26), w["png_you"], font=font(22), fill=INK, anchor="lm")
    right = PANEL_X + PANEL_W - 12
    big = font(34, True)
    d.text((right, y + 26), str(v.scores[p]), font=big, fill=INK, anchor="rm")
    d.text((right - text_width(str(v.scores[p]), big) - 8, y + 30), w["png_points"], font=font(20), fill=MUTED, anchor="rm")
    # captured stones per colour, as angels (the face they had is not kept)
    cx = x
    count_font = font(22, True)
    for c, n in enumerate(v.captured[p]):
        draw_icon(d, cx + 12, y + 62, 24, c)
        d.text((cx + 28, y + 63), f"×{n}", font=count_font, fill=INK if n else MUTED, anchor="lm")
        cx += 82
    line = f"{w['png_sets']} {set_sum_short(v.sets[p], v.set_points[p])} · {w['png_ladder_short']} {v.ladder_points[p]}"
    small = font(21)
    while text_width(line, small) > PANEL_W - 24 and len(line) > 4:
        line = line[:-2].rstrip() + "…"
    d.text((x, y + 96), line, font=small, fill=MUTED, anchor="lm")
    return y + BOX_H


def draw_neutral(d: ImageDraw.ImageDraw, v: View, w: dict, y: int) -> int:
    neutral = list(range(v.seats, len(FILL)))
    if not neutral and not any(v.out):
        return y
    x = PANEL_X + 4
    f = font(22)
    if neutral:
        d.text((x, y + 16), w["png_neutral"] + ":", font=f, fill=MUTED, anchor="lm")
        x += text_width(w["png_neutral"] + ":", f) + 10
        for c in neutral:
            draw_icon(d, x + 12, y + 16, 24, c)
            d.text((x + 28, y + 16), w["colour"][c], font=f, fill=DARK[c], anchor="lm")
            x += 34 + text_width(w["colour"][c], f) + 10
    if any(v.out):
        y += 34
        x = PANEL_X + 4
        d.text((x, y + 16), w["png_out"] + ":", font=f, fill=MUTED, anchor="lm")
        x += text_width(w["png_out"] + ":", f) + 10
        for c, n in enumerate(v.out):
            if n:
                draw_icon(d, x + 12, y + 16, 24, c)
                d.text((x + 28, y + 16), f"×{n}", font=f, fill=INK, anchor="lm")
                x += 72
    return y + 34


# -- the picture ---------------------------------------------------------------


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every flat colour, plus the anti-aliasing steps of text over its grounds.

    Mapping onto a fixed palette is several times faster than adaptive
    quantizing, keeps flat colours exact, and a paletted PNG encodes fast.
    """
    flat = [BG, INK, MUTED, GRID_LINE, CELL_LIGHT, CELL_DARK, LAST_FILL, LAST_LINE, CURRENT_FILL, NEUTRAL_TINT, WHITE, HALO]
    for table in (FILL, DARK, TINT):
        flat += table.values()
    pairs = [(INK, g) for g in (BG, WHITE, NEUTRAL_TINT, CELL_LIGHT, CELL_DARK, *TINT.values(), *FILL.values())]
    pairs += [(WHITE, INK), (WHITE, MUTED), (HALO, INK)]
    pairs += [(MUTED, g) for g in (BG, NEUTRAL_TINT, *TINT.values())]
    pairs += [(DARK[c], g) for c in DARK for g in (TINT[c], BG)]
    return make_palette(flat, pairs, TEXT_STEPS)


def board_png(view: View, locale: str = "en", scale: float = 1.0) -> bytes:
    w = words(locale)
    im, d = canvas(WIDTH, MAX_HEIGHT, BG, scale)  # the plain ImageDraw at scale 1
    draw_header(d, view, w, locale)
    draw_board(d, view)
    draw_marks(d, view)
    draw_stacks(d, view)
    draw_targets(d, view)
    draw_tile(d, view)
    y = draw_ladder(d, view, w) + 12
    for p in range(view.seats):
        y = draw_player(d, view, w, p, y) + 8
    y = draw_neutral(d, view, w, y)
    bottom = max(y, BOARD_Y + BOARD_W + LABEL) + 8
    return encode(im, length(bottom, scale), palette())
