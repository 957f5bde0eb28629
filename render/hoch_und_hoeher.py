"""Hoch und höher as a PNG: the towers side by side, the roll, and the pawns.

Drawn for a phone screen: the picture is shrunk to about a third, so type is
large and every fact also shows as a shape, not only as a colour. Each pawn
has its own shape and a two-letter tag (blue circle, brown square, yellow
triangle, green diamond); towers that the current roll lets the player choose
get a black frame and a black number plate; the last move's tower a yellow
ground, its newly added stones a lighter shade. Flat colours only, mapped onto
a fixed palette, so the PNG stays small and encodes fast.

The web view asks for the same picture k times larger (``scale``): it is
drawn through :class:`render.sharp.Sharp`, so the layout below is written once,
in the Discord picture's pixels. The towers' places, as the web view's tap
regions, come from the same geometry (:mod:`render.hoch_und_hoeher_regions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.hoch_und_hoeher.model import TEAM_B, TEAM_G, TowerView, View
from render.png import encode
from render.png import palette as make_palette
from render.sharp import canvas, length
from render.typeface import font
from render.hoch_und_hoeher_text import (
    MAX_SCORE,
    dieoff_rounds,
    last_move,
    seat_pawns,
    solo_breaches,
    team_breaches,
    voided,
    words,
)

# -- layout (pixels) -----------------------------------------------------------

WIDTH = 1180
MARGIN = 10
HEADER_H = 100
TOWERS_TOP = HEADER_H + 10
PAWN_ROOM = 60  # above the tallest stack, for the pawn on top
STACK_H = 320  # the tallest stack drawn; shorter ones leave the picture shorter
MAX_STONE = 32  # thickness of a stone while the tallest tower has at most 10
NUM_H = 54  # the height number under each tower
ID_H = 34  # the tower number under that
MAX_SLOT = 150
PAWN = 54  # a pawn on a tower
PAWN_BOX = 40  # a pawn in a team box
DIE = 74
BOX_GAP = 12
PAD = 14
MAX_HEIGHT = 1000  # canvas; cropped to what was drawn
TEXT_STEPS = 8  # anti-aliasing levels of text kept by the palette

# -- colours (Okabe-Ito pawns; the shapes carry the distinction too) -------------

BG = (250, 248, 243)
INK = (28, 28, 28)
MUTED = (95, 95, 95)
WHITE = (255, 255, 255)
LINE = (178, 170, 156)
NEUTRAL_TINT = (234, 234, 234)
STONE = (205, 92, 72)  # the rulebook's red stones
STONE_EDGE = (122, 40, 28)
STONE_NEW = (240, 170, 150)  # stones added by the last move
LAST_FILL = (255, 238, 150)
LAST_LINE = (160, 118, 0)

PAWN_FILL = {
    "blue": (0, 114, 178),
    "brown": (128, 78, 32),
    "yellow": (240, 228, 66),
    "green": (0, 158, 115),
}
PAWN_TEXT = {"blue": WHITE, "brown": WHITE, "yellow": INK, "green": WHITE}
TINT = {TEAM_B: (219, 233, 246), TEAM_G: (240, 240, 206)}

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


def text_centered(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, f, fill) -> None:
    d.text((cx, cy), text, font=f, fill=fill, anchor="mm")


def text_width(text: str, f) -> int:
    return int(f.getlength(text))


def draw_pawn(
    d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, colour: str, tag: str, hollow: bool = False
) -> None:
    """A pawn in its own shape with its tag; ``hollow`` for one not yet placed."""
    h = size / 2
    fill, text = (WHITE, INK) if hollow else (PAWN_FILL[colour], PAWN_TEXT[colour])
    edge, width = (PAWN_FILL[colour], 5) if hollow else (INK, 3)
    ty = cy
    if colour == "blue":
        d.ellipse((cx - h, cy - h, cx + h, cy + h), fill=fill, outline=edge, width=width)
    elif colour == "brown":
        s = h * 0.88  # a square looks larger than a circle of the same width
        d.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=edge, width=width)
    elif colour == "yellow":
        points = [(cx, cy - h * 1.08), (cx + h * 1.08, cy + h * 0.86), (cx - h * 1.08, cy + h * 0.86)]
        d.polygon(points, fill=fill, outline=edge, width=width)
        ty = cy + h * 0.28  # the triangle's wide part
    else:
        points = [(cx, cy - h * 1.1), (cx + h * 1.1, cy), (cx, cy + h * 1.1), (cx - h * 1.1, cy)]
        d.polygon(points, fill=fill, outline=edge, width=width)
    text_centered(d, cx, ty, tag, font(max(12, int(size * 0.38)), True), text)


def draw_die_face(d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, value: int) -> None:
    h = size / 2
    d.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), radius=size // 7, fill=WHITE, outline=INK, width=4)
    if value not in PIPS:  # never on a legal board; show it rather than hide it
        text_centered(d, cx, cy, str(value), font(int(size * 0.6), True), INK)
        return
    off, r = size * 0.26, max(3.0, size * 0.085)
    for dx, dy in PIPS[value]:
        px, py = cx + dx * off, cy + dy * off
        d.ellipse((px - r, py - r, px + r, py + r), fill=INK)


def slots(view: View) -> list[tuple[TowerView, int, int]]:
    """Each standing tower with the left and right edge of its slot, centred."""
    n = max(1, len(view.towers))
    w = min(MAX_SLOT, (WIDTH - 2 * MARGIN) // n)
    x = (WIDTH - w * n) // 2
    return [(t, x + i * w, x + (i + 1) * w) for i, t in enumerate(view.towers)]


def slot_box(view: View, tower_id: int) -> tuple[int, int, int, int]:
    """The box of a tower's slot, from the pawn room to its number."""
    for t, x0, x1 in slots(view):
        if t.id == tower_id:
            return x0, TOWERS_TOP, x1, geometry(view).bottom
    raise KeyError(tower_id)


@dataclass(frozen=True)
class Geometry:
    stone: int  # pixels per stone
    base_y: int  # where the towers stand
    bottom: int  # below the tower numbers


def geometry(view: View) -> Geometry:
    tallest = max((t.height for t in view.towers), default=1)
    stone = min(MAX_STONE, STACK_H // max(1, tallest))
    base_y = TOWERS_TOP + PAWN_ROOM + stone * tallest
    return Geometry(stone=stone, base_y=base_y, bottom=base_y + 6 + NUM_H + ID_H)


# -- parts of the picture ------------------------------------------------------


def draw_header(d: ImageDraw.ImageDraw, v: View, w: dict) -> None:
    team = w["team"]
    mode = [w["mode"][v.players - 1]]
    if v.hierarchy:
        mode.append(w["hierarchy"])
    if v.daily:
        mode.append(w["daily"])
    sub = w["png_turn"].format(turn=v.turn) + " · " + " · ".join(mode)
    icon: int | None = None
    if v.over:
        if v.players == 1:
            title = f"{w['png_over']}: {v.scores[TEAM_B]} / {MAX_SCORE}"
        elif len(v.winners) == 1:
            icon = v.winners[0]
            title = f"{w['png_over']}: " + w["png_wins"].format(team=team[icon])
        else:
            title = f"{w['png_over']}: {w['png_draw']}"
        sub = w["png_no_move"].format(roll=v.roll)
        if v.players == 2:
            sub = f"{team[TEAM_B]} {v.scores[TEAM_B]} – {team[TEAM_G]} {v.scores[TEAM_G]} · " + sub
    elif v.players == 1:
        title = w["png_turn"].format(turn=v.turn)
        sub = " · ".join(mode)
    else:
        icon = v.active
        title = w["png_to_move"].format(team=team[v.active])
        if v.seat == v.active:
            title += " " + w["png_you"]
    d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=TINT[icon] if icon is not None else NEUTRAL_TINT)
    d.rectangle((0, HEADER_H - 6, WIDTH, HEADER_H - 1), fill=INK)
    cy = (HEADER_H - 6) // 2
    x = MARGIN + 8
    if icon is not None:
        for colour in (p.colour for p in seat_pawns(v, icon)):
            draw_pawn(d, x + 20, cy, 38, colour, w["tag"][colour])
            x += 48
        x += 8
    d.text((x, cy - 16), title, font=font(36, True), fill=INK, anchor="lm")
    d.text((x, cy + 24), sub, font=font(22), fill=MUTED, anchor="lm")
    die_x = WIDTH - MARGIN - 8 - DIE // 2
    draw_die_face(d, die_x, cy, DIE, v.roll)
    label = w["png_last_roll"] if v.over else w["png_roll"]
    d.text((die_x - DIE // 2 - 12, cy), label, font=font(28, True), fill=INK, anchor="rm")


def draw_towers(d: ImageDraw.ImageDraw, v: View, w: dict) -> int:
    """All towers with their pawns and numbers; returns the bottom."""
    g = geometry(v)
    stone, base_y = g.stone, g.base_y
    last = v.last.dst if v.last is not None else None
    new_from = v.last.dst_height if v.last is not None and v.last.kind == "stack" else None
    number, label = font(40, True), font(24, True)
    d.line((MARGIN, base_y + 1, WIDTH - MARGIN, base_y + 1), fill=LINE, width=3)
    for t, x0, x1 in slots(v):
        legal = (t.movable or t.placeable) and not v.over
        if t.id == last:
            d.rectangle((x0 + 2, TOWERS_TOP, x1 - 2, g.bottom), fill=LAST_FILL)
        if legal:
            d.rounded_rectangle((x0 + 3, TOWERS_TOP, x1 - 3, g.bottom), radius=8, outline=INK, width=5)
        cx = (x0 + x1) / 2
        half = min((x1 - x0) / 2 - 12, 48)
        for i in range(t.height):
            y1 = base_y - i * stone
            fill = STONE_NEW if t.id == last and new_from is not None and i >= new_from else STONE
            edge = 2 if stone >= 12 else 1
            d.rectangle((cx - half, y1 - stone + 1, cx + half, y1), fill=fill, outline=STONE_EDGE, width=edge)
        if t.pawn is not None:
            top = base_y - t.height * stone
            draw_pawn(d, cx, top - PAWN / 2 - 6, PAWN, t.pawn, w["tag"][t.pawn])
        ny = base_y + 6 + NUM_H / 2
        if legal:
            d.rounded_rectangle((cx - half, ny - NUM_H / 2 + 3, cx + half, ny + NUM_H / 2 - 3), radius=6, fill=INK)
        text_centered(d, cx, ny, str(t.height), number, WHITE if legal else INK)
        text_centered(d, cx, base_y + 6 + NUM_H + ID_H / 2, f"T{t.id}", label, MUTED)
    return g.bottom


def draw_legend(d: ImageDraw.ImageDraw, v: View, w: dict, y: int) -> int:
    if v.over and v.last is None:
        return y
    f = font(22)
    x = MARGIN + 8
    cy = y + 18
    if not v.over:
        d.rounded_rectangle((x, cy - 13, x + 30, cy + 13), radius=5, outline=INK, width=4)
        text = w["png_legal"].format(roll=v.roll)
        d.text((x + 40, cy), text, font=f, fill=MUTED, anchor="lm")
        x += 40 + text_width(text, f) + 30
    if v.last is not None:
        d.rectangle((x, cy - 13, x + 30, cy + 13), fill=LAST_FILL, outline=LAST_LINE, width=3)
        d.text((x + 40, cy), w["png_last"], font=f, fill=MUTED, anchor="lm")
    return y + 36


def draw_pawn_score(d: ImageDraw.ImageDraw, v: View, w: dict, colour: str, x: int, cy: int) -> None:
    pawn = next(p for p in v.pawns if p.colour == colour)
    placed = pawn.tower is not None
    draw_pawn(d, x + PAWN_BOX / 2, cy, PAWN_BOX, colour, w["tag"][colour], hollow=not placed)
    tx = x + PAWN_BOX + 14
    if not placed:
        d.text((tx, cy), w["png_unplaced"], font=font(24), fill=MUTED, anchor="lm")
        return
    text = f"T{pawn.tower}: {pawn.height}"
    if voided(pawn):
        text += " " + w["png_void"]
    d.text((tx, cy), text, font=font(30, True), fill=INK, anchor="lm")


def draw_team_box(d: ImageDraw.ImageDraw, v: View, w: dict, seat: int, x: int, y: int, width: int) -> int:
    """Name, score and pawns of one seat (the solo player: all four); returns the bottom."""
    h = 150 if v.hierarchy else 112
    turn = seat in v.to_act and v.players == 2
    outline, line_w = (INK, 5) if turn else (LINE, 2)
    tint = TINT[seat] if v.players == 2 else NEUTRAL_TINT
    d.rounded_rectangle((x, y, x + width, y + h), radius=10, fill=tint, outline=outline, width=line_w)
    name = w["team"][seat] if v.players == 2 else w["png_score"]
    if v.seat == seat and v.players == 2:
        name += " " + w["png_you"]
    d.text((x + PAD, y + 28), name, font=font(28, True), fill=INK, anchor="lm")
    score = str(v.scores[seat]) if v.players == 2 else f"{v.scores[seat]} / {MAX_SCORE}"
    d.text((x + width - PAD, y + 30), score, font=font(40, True), fill=INK, anchor="rm")
    pawns = [p.colour for p in seat_pawns(v, seat)]
    step = (width - 2 * PAD) // len(pawns)
    for i, colour in enumerate(pawns):
        draw_pawn_score(d, v, w, colour, x + PAD + i * step, y + 80)
    if v.hierarchy:
        note = f"{w['png_hierarchy']}: {hierarchy_note(v, w, seat)}"
        d.text((x + PAD, y + 128), note, font=font(22), fill=MUTED, anchor="lm")
    return y + h


def hierarchy_note(v: View, w: dict, seat: int) -> str:
    pawn = w["pawn"]
    if v.players == 1:
        broken = [w["png_above"].format(pawn=pawn[p], above=pawn[a]) for p, a in solo_breaches(v)]
        return w["png_rule_solo"].format(pawns=", ".join(broken)) if broken else w["png_rule_ok"]
    for follower, leader in team_breaches(v):
        if follower in (p.colour for p in seat_pawns(v, seat)):
            return w["png_rule_team"].format(follower=pawn[follower], leader=pawn[leader])
    return w["png_rule_ok"]


def draw_status(d: ImageDraw.ImageDraw, v: View, w: dict, y: int) -> int:
    f = font(22)
    lines = []
    if v.over and v.tiebreak:
        best = max(p.points for p in seat_pawns(v, v.winners[0]))
        lines.append(w["png_tiebreak"].format(team=w["team"][v.winners[0]], best=best))
    if v.last is not None:
        lines.append(last_move(v, w))
    if v.dieoff:
        lines.append(w["dieoff"].format(rounds=dieoff_rounds(v, w), team=w["team"][v.starter]))
    for line in lines:
        while text_width(line, f) > WIDTH - 2 * MARGIN - 16 and len(line) > 4:
            line = line[:-2].rstrip() + "…"  # only a long die-off series gets here
        d.text((MARGIN + 8, y + 16), line, font=f, fill=MUTED, anchor="lm")
        y += 34
    return y


# -- the picture ---------------------------------------------------------------


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every flat colour, plus the anti-aliasing steps of text over its grounds.

    Mapping onto a fixed palette is several times faster than adaptive
    quantizing, keeps flat colours exact, and a paletted PNG encodes fast.
    """
    flat = [BG, INK, MUTED, WHITE, LINE, NEUTRAL_TINT, STONE, STONE_EDGE, STONE_NEW, LAST_FILL, LAST_LINE]
    flat += list(PAWN_FILL.values()) + list(TINT.values())
    grounds = [BG, NEUTRAL_TINT, LAST_FILL, WHITE, *TINT.values()]
    pairs = [(INK, g) for g in grounds + [PAWN_FILL["yellow"]]]
    pairs += [(MUTED, g) for g in grounds]
    pairs += [(WHITE, g) for g in (INK, PAWN_FILL["blue"], PAWN_FILL["brown"], PAWN_FILL["green"])]
    return make_palette(flat, pairs, TEXT_STEPS)


def board_png(view: View, locale: str = "en", scale: float = 1.0) -> bytes:
    w = words(locale)
    im, d = canvas(WIDTH, MAX_HEIGHT, BG, scale)  # the plain ImageDraw at scale 1
    draw_header(d, view, w)
    y = draw_towers(d, view, w)
    y = draw_legend(d, view, w, y + 6) + 6
    if view.players == 2:
        box_w = (WIDTH - 2 * MARGIN - BOX_GAP) // 2
        draw_team_box(d, view, w, TEAM_B, MARGIN, y, box_w)
        y = draw_team_box(d, view, w, TEAM_G, MARGIN + box_w + BOX_GAP, y, box_w)
    else:
        y = draw_team_box(d, view, w, TEAM_B, MARGIN, y, WIDTH - 2 * MARGIN)
    y = draw_status(d, view, w, y + 8) + 6
    return encode(im, length(y, scale), palette())

