"""The HellGame as PNG pictures: the ring map of Hell with a side panel, and a
seat's own arcana hand.

The map is drawn as the board is: nine circles (0, Treachery, innermost
around the Pentagram; 8, Limbo, outermost) cut into five quarters of 72
degrees, quarter 0 at the top where the Pentagram's coloured point is, the
others clockwise; Antehell is the band (and the corners) around Hell. Each
sectio is an annular sector; its short label runs along the ring, its souls
stand in a small disc, and everything else is an upright marker laid out
along the ring, so no symbol is ever turned.

Nothing is told by colour alone: each seat has an Okabe-Ito colour and its own
symbol (orange circle, sky blue square, green triangle, yellow diamond, dark
blue star, purple cross; the freebooters a grey saltire), the same as the
engine's seat names. A held sectio is tinted in its owner's colour, has a
strip of that colour along its outer edge and the owner's symbol beside its
label. Units: a legion group is the owner's symbol and a count, a lieutenant
the symbol and "L", a tamed hound the symbol and "H" with its attacks, a wild
hound a black "H" badge, a phenomenon a warning triangle.

:func:`sectio_centre` (and :func:`polar`, :func:`ring`, :func:`quarter_angle`)
is the geometry the picture is drawn with; tests sample the picture there.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.hellgame import data
from engines.hellgame import text as game_text
from engines.hellgame.model import FREEBOOTERS, HandCard, SectioView, View
from render.hellgame_text import (
    AREAS,
    arcana_sectio,
    demon_status,
    legion_owners,
    locale_of,
    major_name,
    minor_text,
    round_line,
    seat_name,
    stage_line,
    track_demons,
    units_by_id,
    winners_line,
    words,
)
from render.png import encode as encode_png
from render.png import palette as make_palette
from render.typeface import font

# -- layout (pixels) -----------------------------------------------------------

MAP = 1120  # the square of the map (Hell and Antehell)
CX = CY = MAP // 2
R_PENT = 77  # the Pentagram
#: Ring widths, circle 0 (innermost, widest: its arcs are the shortest) to 8.
THICKNESS = tuple(56 - 2.25 * c for c in range(9))
R_HELL = R_PENT + sum(THICKNESS)  # the outer edge of Limbo (500)
R_BAND = R_HELL + 48  # the drawn band of Antehell; the corners are Antehell too
QUARTER = 72.0
PANEL_X = MAP + 12
WIDTH = 1680
PANEL_W = WIDTH - PANEL_X - 14
MAX_HEIGHT = 1600  # canvas; cropped to what was drawn, at least the map
TEXT_STEPS = 8

LABEL_SIZE = 16  # sectio labels
NUMBER_SIZE = 16
CHIP = 20  # a unit's symbol
OWNER_CHIP = 24
SOULS_DISC = 22
ITEM_GAP = 7  # between markers along a ring
PART_GAP = 2  # between a symbol and its number
EDGE = 7  # free space at a sectio's radial borders
STRIP = 7  # the owner's colour along a sectio's outer edge
ANTE_ROW = (R_HELL + R_BAND) / 2

# -- colours (Okabe-Ito; a symbol always goes with a colour) ----------------------

BG = (250, 248, 243)
INK = (28, 28, 28)
MUTED = (92, 92, 92)
LINE = (178, 170, 156)
WHITE = (255, 255, 255)
NEUTRAL = (226, 224, 218)  # a sectio nobody holds
ANTE = (203, 192, 172)  # Antehell
PENT_BG = (52, 36, 36)
PENT_LINE = (236, 226, 210)
PENT_POINT = (213, 94, 0)  # the coloured point (Okabe-Ito vermillion, no seat's colour)
GOLD = (240, 196, 60)  # the printed 6
WILD = INK

FILL = {
    0: (230, 159, 0),  # orange
    1: (86, 180, 233),  # sky blue
    2: (0, 158, 115),  # bluish green
    3: (240, 228, 66),  # yellow
    4: (0, 114, 178),  # blue
    5: (204, 121, 167),  # reddish purple
    FREEBOOTERS: (112, 112, 112),
}
SHAPES = {0: "circle", 1: "square", 2: "triangle", 3: "diamond", 4: "star", 5: "cross", FREEBOOTERS: "saltire"}


def _mix(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c * amount + w * (1 - amount)) for c, w in zip(colour, WHITE))  # type: ignore[return-value]


#: A held sectio's ground and a player's panel row: the colour, lightened.
TINT = {k: _mix(c, 0.38) for k, c in FILL.items()}
#: Ink on a seat's full colour: white on the dark blue and the grey.
ON_FILL = {k: (WHITE if k in (4, FREEBOOTERS) else INK) for k in FILL}


# -- geometry ------------------------------------------------------------------


def ring(circle: int) -> tuple[float, float]:
    """Inner and outer radius of a circle (0 innermost ... 8 Limbo)."""
    r_in = R_PENT + sum(THICKNESS[:circle])
    return r_in, r_in + THICKNESS[circle]


def quarter_angle(quarter: int) -> float:
    """The middle of a quarter in screen degrees (clockwise from 3 o'clock):
    quarter 0 at the top (-90), the next ones clockwise."""
    return -90.0 + QUARTER * quarter


def polar(r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return CX + r * math.cos(a), CY + r * math.sin(a)


def sectio_centre(index: int) -> tuple[int, int]:
    """The middle of sectio ``index`` (circle * 5 + quarter) in the picture."""
    circle, quarter = divmod(index, 5)
    r_in, r_out = ring(circle)
    x, y = polar((r_in + r_out) / 2, quarter_angle(quarter))
    return round(x), round(y)


def flipped(degrees: float) -> bool:
    """Lower half: labels read counter-clockwise, so they stand upright."""
    return math.sin(math.radians(degrees)) > 1e-6


@lru_cache(maxsize=256)
def sector(r_in: float, r_out: float, a0: float, a1: float, step: float = 3.0) -> tuple[tuple[float, float], ...]:
    """An annular sector as a polygon (cached: the map never changes shape)."""
    n = max(2, math.ceil((a1 - a0) / step))
    angles = [a0 + (a1 - a0) * i / n for i in range(n + 1)]
    return tuple([polar(r_out, a) for a in angles] + [polar(r_in, a) for a in reversed(angles)])


# -- primitives ----------------------------------------------------------------


@lru_cache(maxsize=2048)
def text_w(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))


def fit(text: str, size: int, width: float, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``width``."""
    while size > 10 and text_w(text, size, bold) > width:
        size -= 1
    return size


def clip(text: str, size: int, width: float, bold: bool = False) -> str:
    while len(text) > 2 and text_w(text, size, bold) > width:
        text = text[:-2].rstrip() + "…"
    return text


def wrap(text: str, size: int, width: float) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels (at spaces)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_w(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(clip(word, size, width))
    return lines


def _shape(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, size: float, fill, outline, width: int) -> None:
    h = size / 2
    if shape == "circle":
        d.ellipse((cx - h, cy - h, cx + h, cy + h), fill=fill, outline=outline, width=width)
    elif shape == "square":
        s = h * 0.86
        d.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=outline, width=width)
    elif shape == "triangle":
        d.polygon([(cx, cy - h * 1.05), (cx + h * 1.1, cy + h * 0.85), (cx - h * 1.1, cy + h * 0.85)], fill=fill,
                  outline=outline, width=width)
    elif shape == "diamond":
        k = h * 1.12
        d.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], fill=fill, outline=outline, width=width)
    elif shape == "star":
        pts = []
        for i in range(10):
            r = h * 1.18 if i % 2 == 0 else h * 0.5
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a) + h * 0.08))
        d.polygon(pts, fill=fill, outline=outline, width=width)
    elif shape == "cross":
        k, t = h * 1.02, h * 0.38
        d.polygon([(cx - t, cy - k), (cx + t, cy - k), (cx + t, cy - t), (cx + k, cy - t), (cx + k, cy + t),
                   (cx + t, cy + t), (cx + t, cy + k), (cx - t, cy + k), (cx - t, cy + t), (cx - k, cy + t),
                   (cx - k, cy - t), (cx - t, cy - t)], fill=fill, outline=outline, width=width)
    elif shape == "warning":
        d.polygon([(cx, cy - h * 1.05), (cx + h * 1.1, cy + h * 0.9), (cx - h * 1.1, cy + h * 0.9)], fill=fill,
                  outline=outline, width=width)
    else:  # saltire: the cross turned by 45 degrees
        k, t = h * 1.2, h * 0.3
        arm = [(-t, -k), (t, -k), (t, -t), (k, -t), (k, t), (t, t), (t, k), (-t, k), (-t, t), (-k, t), (-k, -t),
               (-t, -t)]
        c = math.sqrt(0.5)
        d.polygon([(cx + (x - y) * c, cy + (x + y) * c) for x, y in arm], fill=fill, outline=outline, width=width)


@lru_cache(maxsize=256)
def _stamp(shape: str, size: float, width: int) -> tuple[Image.Image, Image.Image]:
    """A shape as two masks, its whole area and its inside (without the
    outline), drawn once: Pillow draws a polygon with a thick outline through
    masks as large as the picture, which would cost more than all the rest."""
    side = math.ceil(size * 1.3) + 2 * width + 4
    im = Image.new("L", (side, side), 0)
    _shape(ImageDraw.Draw(im), shape, side / 2, side / 2, size, 128, 255, width)
    return im.point(lambda v: 255 if v else 0), im.point(lambda v: 255 if v == 128 else 0)


def shape_at(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, size: float, fill, outline=INK,
             width: int = 2) -> None:
    whole, inside = _stamp(shape, round(size * 2) / 2, width)
    xy = (round(cx - whole.width / 2), round(cy - whole.height / 2))
    d.bitmap(xy, whole, fill=outline)
    d.bitmap(xy, inside, fill=fill)


def symbol(d: ImageDraw.ImageDraw, owner: int, cx: float, cy: float, size: float, fill=None, outline=INK,
           width: int = 2) -> None:
    """The symbol of a seat in a box of ``size``, in its colour unless ``fill`` says otherwise."""
    fill = FILL.get(owner, NEUTRAL) if fill is None else fill
    shape_at(d, SHAPES.get(owner, "circle"), cx, cy, size, fill, outline, width)


def wild_badge(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """A wild hellhound: a black badge with a white "H" (no seat's symbol)."""
    h = size / 2
    d.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), radius=max(2, int(size / 5)), fill=WILD, outline=PENT_POINT,
                        width=2)
    write(d, (cx, cy + 1), "H", max(9, int(size * 0.66)), True, fill=WHITE, anchor="mm")


def warning_sign(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    h = size / 2
    shape_at(d, "warning", cx, cy, size, WHITE, INK, 3)
    write(d, (cx, cy + h * 0.25), "!", max(9, int(size * 0.62)), True, fill=INK, anchor="mm")


def souls_disc(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, souls: int, arcana: bool) -> None:
    """A sectio's income: souls in a white disc; the Wise Men a small card."""
    h = size / 2
    if arcana:
        d.rounded_rectangle((cx - h * 0.7, cy - h, cx + h * 0.7, cy + h), radius=3, fill=WHITE, outline=INK, width=2)
        write(d, (cx, cy + 1), "A", max(9, int(size * 0.55)), True, fill=INK, anchor="mm")
        return
    d.ellipse((cx - h, cy - h, cx + h, cy + h), fill=WHITE, outline=INK, width=2)
    write(d, (cx, cy + 1), str(souls), max(9, int(size * 0.64)), True, fill=INK, anchor="mm")


@lru_cache(maxsize=512)
def rotated_text(text: str, size: int, degrees: float) -> Image.Image:
    """A label as a mask turned ``degrees`` counter-clockwise (cached: the
    labels and their angles are the same in every picture)."""
    f = font(size, True)
    x0, y0, x1, y1 = f.getbbox(text, anchor="mm")
    pad = 2
    mask = Image.new("L", (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), 0)
    ImageDraw.Draw(mask).text((pad - x0, pad - y0), text, font=f, fill=255, anchor="mm")
    if abs(degrees) < 0.01:
        return mask
    return mask.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=True)


def label_at(d: ImageDraw.ImageDraw, text: str, size: int, cx: float, cy: float, degrees: float, fill=INK) -> None:
    """``text`` centred on (cx, cy), its baseline turned ``degrees`` counter-clockwise."""
    mask = rotated_text(text, size, round(degrees * 2) / 2)
    d.bitmap((round(cx - mask.width / 2), round(cy - mask.height / 2)), mask, fill=fill)


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool) -> tuple[Image.Image, tuple[int, int, int, int]]:
    f = font(size, bold)
    box = f.getbbox(text, anchor="la")
    mask = Image.new("L", (max(1, box[2] - box[0]), max(1, box[3] - box[1])), 0)
    ImageDraw.Draw(mask).text((-box[0], -box[1]), text, font=f, fill=255, anchor="la")
    return mask, box


@lru_cache(maxsize=4096)
def _anchor_box(text: str, size: int, bold: bool, anchor: str) -> tuple[int, int, int, int]:
    return font(size, bold).getbbox(text, anchor=anchor)


def write(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, bold: bool = False, fill=INK,
          anchor: str = "la") -> None:
    """``d.text`` with the glyphs drawn once per text and size: the same
    words and numbers come back in every picture, and drawing a cached mask
    costs a fraction of laying the glyphs out again."""
    if not text:
        return
    mask, _ = _text_mask(text, size, bold)
    box = _anchor_box(text, size, bold, anchor)
    d.bitmap((round(xy[0]) + box[0], round(xy[1]) + box[1]), mask, fill=fill)


def tangent_rotation(degrees: float) -> float:
    """The counter-clockwise turn of a label running along the ring at
    ``degrees``: tops outward in the upper half, inward in the lower half."""
    rot = -(degrees + 90.0)
    if flipped(degrees):
        rot += 180.0
    return (rot + 180.0) % 360.0 - 180.0


# -- markers along a ring ----------------------------------------------------------


@dataclass
class Part:
    """One upright thing on a ring (or a label along it) of ``w`` x ``h`` pixels."""

    w: float
    h: float
    draw: Callable[[ImageDraw.ImageDraw, float, float], None] | None = None
    label: str | None = None
    size: int = LABEL_SIZE
    gap: float = PART_GAP  # space after it, within its item
    #: A symbol or disc: as long as deep whichever way the ring runs.
    round: bool = False

    def extent(self, tangent: float) -> float:
        """Its length along a ring whose direction is ``tangent`` degrees."""
        if self.label is not None or self.round:
            return self.w
        a = math.radians(tangent)
        return abs(self.w * math.cos(a)) + abs(self.h * math.sin(a))

    def across(self, tangent: float) -> float:
        """Its depth across that ring."""
        if self.label is not None or self.round:
            return self.h
        a = math.radians(tangent)
        return abs(self.w * math.sin(a)) + abs(self.h * math.cos(a))


Item = list[Part]


def number_part(text: str, size: int) -> Part:
    """A count or a short mark ("3", "L", "H2", "×2") beside a symbol."""
    return Part(text_w(text, size, True), size * 0.8, lambda d, x, y: label_at(d, text, size, x, y, 0.0))


def chip_part(owner: int, size: float) -> Part:
    return Part(size + 2, size + 2, lambda d, x, y: symbol(d, owner, x, y, size), round=True)


def sectio_items(view: View, s: SectioView, scale: float, label: bool = True) -> list[Item]:
    """The markers of a sectio in reading order: label, souls, owner, legions,
    lieutenants, tamed hounds, wild hounds, the warning sign."""
    chip = CHIP * scale
    num = max(11, round(NUMBER_SIZE * scale))
    items: list[Item] = []
    if label:
        size = max(11, round(LABEL_SIZE * min(1.0, scale + 0.1)))
        items.append([Part(text_w(s.label, size, True) + 2, size, label=s.label, size=size)])
        disc = SOULS_DISC * max(scale, 0.7)
        arcana = arcana_sectio(s)
        items.append([Part(disc + 2, disc + 2, lambda d, x, y: souls_disc(d, x, y, disc, s.souls, arcana), round=True)])
        if s.owner is not None:
            big = OWNER_CHIP * scale
            items.append([Part(big + 2, big + 2, lambda d, x, y, o=s.owner: symbol(d, o, x, y, big, width=3),
                                round=True)])
    for owner, n in legion_owners(s):
        items.append([chip_part(owner, chip), number_part(str(n), num)])
    units = units_by_id(view)
    for uid in s.lieutenants:
        u = units.get(uid)
        if u is not None and u.owner is not None:
            items.append([chip_part(u.owner, chip * 0.85), number_part("L", num)])
    for uid in s.hounds:
        u = units.get(uid)
        if u is not None and u.owner is not None:
            items.append([chip_part(u.owner, chip * 0.85), number_part(f"H{u.attacks}", num)])
    if s.wild_hounds:
        item = [Part(chip + 2, chip + 2, lambda d, x, y: wild_badge(d, x, y, chip), round=True)]
        if s.wild_hounds > 1:
            item.append(number_part(f"×{s.wild_hounds}", num))
        items.append(item)
    if s.warning:
        items.append([Part(chip + 4, chip + 4, lambda d, x, y: warning_sign(d, x, y, chip + 2), round=True)])
    return items


def item_extent(item: Item, tangent: float) -> float:
    return sum(p.extent(tangent) for p in item) + sum(p.gap for p in item[:-1])


def flow_rows(items: list[Item], capacities: list[float], tangent: float) -> list[list[Item]] | None:
    """Items in order into rows (the label row first); None if they do not fit."""
    rows: list[list[Item]] = [[] for _ in capacities]
    used = [0.0] * len(capacities)
    k = 0
    for item in items:
        e = item_extent(item, tangent)
        while k < len(rows):
            need = e + (ITEM_GAP if rows[k] else 0)
            if used[k] + need <= capacities[k]:
                rows[k].append(item)
                used[k] += need
                break
            k += 1
        else:
            return None
    return rows


def place_row(d: ImageDraw.ImageDraw, row: list[Item], r: float, middle: float, tangent: float, colour=INK) -> None:
    """Draw a row of items centred on angle ``middle`` at radius ``r``, in reading order."""
    direction = -1.0 if flipped(middle) else 1.0
    total = sum(item_extent(it, tangent) for it in row) + ITEM_GAP * max(0, len(row) - 1)
    s = -total / 2
    for item in row:
        for part in item:
            e = part.extent(tangent)
            angle = middle + direction * math.degrees((s + e / 2) / r)
            x, y = polar(r, angle)
            if part.label is not None:
                label_at(d, part.label, part.size, x, y, tangent_rotation(angle), colour)
            elif part.draw is not None:
                part.draw(d, x, y)
            s += e + part.gap
        s += ITEM_GAP - item[-1].gap


#: (scale, rows) tried in turn until a sectio's markers fit.
LAYOUTS = ((1.0, 1), (1.0, 2), (0.85, 2), (0.75, 3), (0.62, 3))


def row_radii(circle: int, n: int) -> tuple[list[float], float]:
    """The radii of ``n`` rows of markers in a circle, outer row first, and
    the depth of a row: between the inner edge and the owner's strip."""
    r_in, r_out = ring(circle)
    top = r_out - STRIP - 1
    depth = (top - r_in - 2) / n
    return [top - (k + 0.5) * depth for k in range(n)], depth


def layout_sectio(view: View, s: SectioView) -> tuple[list[list[Item]], list[float]]:
    """The rows of a sectio and their radii, outer row (with the label) first.
    A sectio too full for every layout shows what fits and a "+"."""
    middle = quarter_angle(s.quarter)
    tangent = middle + 90.0
    for scale, n in LAYOUTS:
        radii, depth = row_radii(s.circle, n)
        items = sectio_items(view, s, scale)
        if max(p.across(tangent) for it in items for p in it) > depth + 3:
            continue
        caps = [r * math.radians(QUARTER) - 2 * EDGE - 4 for r in radii]
        rows = flow_rows(items, caps, tangent)
        if rows is not None:
            return rows, radii
    # too full: as much as fits, then a "+"
    radii, _ = row_radii(s.circle, n)
    caps = [r * math.radians(QUARTER) - 2 * EDGE - 30 for r in radii]
    items = sectio_items(view, s, scale)
    while items:
        items = items[:-1]
        rows = flow_rows(items + [[number_part("+", NUMBER_SIZE)]], caps, tangent)
        if rows is not None:
            return rows, radii
    return [[] for _ in radii], radii


# -- the map -----------------------------------------------------------------------


def draw_map(d: ImageDraw.ImageDraw, view: View, w: dict, locale: str) -> None:
    d.rectangle((0, 0, MAP, MAP), fill=ANTE)
    d.ellipse((CX - R_BAND, CY - R_BAND, CX + R_BAND, CY + R_BAND), outline=LINE, width=2)
    for s in view.sectios:
        r_in, r_out = ring(s.circle)
        middle = quarter_angle(s.quarter)
        a0, a1 = middle - QUARTER / 2, middle + QUARTER / 2
        ground = TINT[s.owner] if s.owner in TINT else NEUTRAL
        d.polygon(sector(r_in, r_out, a0, a1), fill=ground)
        if s.owner in FILL:
            d.polygon(sector(r_out - STRIP, r_out, a0, a1), fill=FILL[s.owner])
    for c in range(9):
        r = ring(c)[0]
        d.ellipse((CX - r, CY - r, CX + r, CY + r), outline=INK, width=2)
    d.ellipse((CX - R_HELL - 2, CY - R_HELL - 2, CX + R_HELL + 2, CY + R_HELL + 2), outline=INK, width=4)
    for q in range(5):
        a = quarter_angle(q) + QUARTER / 2
        d.line((polar(R_PENT, a), polar(R_HELL, a)), fill=INK, width=4)
    draw_pentagram(d)
    for s in view.sectios:
        rows, radii = layout_sectio(view, s)
        middle = quarter_angle(s.quarter)
        for row, r in zip(rows, radii):
            place_row(d, row, r, middle, middle + 90.0)
    draw_antehell(d, view, w, locale)


def draw_pentagram(d: ImageDraw.ImageDraw) -> None:
    d.ellipse((CX - R_PENT, CY - R_PENT, CX + R_PENT, CY + R_PENT), fill=PENT_BG, outline=INK, width=3)
    r = R_PENT - 7
    tips = [polar(r, quarter_angle(q)) for q in range(5)]
    inner = [polar(r * 0.382, quarter_angle(q) + 36) for q in range(5)]
    d.polygon([inner[4], tips[0], inner[0]], fill=PENT_POINT)  # the coloured point: quarter 0
    for q in range(5):
        d.line((tips[q], tips[(q + 2) % 5]), fill=PENT_LINE, width=3)


def quarter_mark(d: ImageDraw.ImageDraw, q: int) -> None:
    x, y = polar(ANTE_ROW, quarter_angle(q))
    d.ellipse((x - 15, y - 15, x + 15, y + 15), fill=PENT_POINT if q == 0 else WHITE, outline=INK, width=2)
    write(d, (x, y + 1), str(q + 1), 18, True, fill=WHITE if q == 0 else INK, anchor="mm")


def draw_antehell(d: ImageDraw.ImageDraw, view: View, w: dict, locale: str) -> None:
    """Antehell: quarter numbers in the band, its name and units at the bottom
    (between quarters 3 and 4), the rest on the next stretches of the band."""
    for q in range(5):
        quarter_mark(d, q)
    ante = view.antehell
    name = game_text.sectio_name(data.ANTEHELL, locale)
    items = [[Part(text_w(name, 18, True) + 4, 18, label=name, size=18)]] + sectio_items(view, ante, 1.0, label=False)
    # the stretches of band between the quarter marks, bottom first
    stretches = [90.0, 90.0 - QUARTER, 90.0 + QUARTER, 90.0 - 2 * QUARTER, 90.0 + 2 * QUARTER]
    cap = ANTE_ROW * math.radians(QUARTER) - 60
    rest = items
    for middle in stretches:
        if not rest:
            break
        row: list[Item] = []
        used = 0.0
        while rest:
            e = item_extent(rest[0], middle + 90.0) + (ITEM_GAP if row else 0)
            if row and used + e > cap:
                break
            row.append(rest.pop(0))
            used += e
        place_row(d, row, ANTE_ROW, middle, middle + 90.0)


def corner_box(d: ImageDraw.ImageDraw, x0: int, y0: int, x1: int, y1: int) -> None:
    d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=BG, outline=LINE, width=2)


def draw_corners(d: ImageDraw.ImageDraw, w: dict) -> None:
    """The compass (top left) and the key to the markers (bottom corners)."""
    box_w = 196
    lines = list(w["png_compass"])
    corner_box(d, 8, 8, 8 + box_w, 8 + 30 + 22 * len(lines))
    write(d, (18, 24), w["png_compass_title"], 17, True, fill=INK, anchor="lm")
    for i, line in enumerate(lines):
        write(d, (18, 50 + 22 * i), line, fit(line, 15, box_w - 20), fill=INK, anchor="lm")
    key = w["png_key"]
    rows = [
        (lambda x, y: (symbol(d, 0, x, y, CHIP), write(d, (x + 15, y + 1), "3", 16, True, fill=INK,
                                                           anchor="mm")), key["legions"]),
        (lambda x, y: (symbol(d, 1, x, y, CHIP * 0.85), write(d, (x + 15, y + 1), "L", 16, True,
                                                                 anchor="mm")), key["lieutenant"]),
        (lambda x, y: (symbol(d, 2, x, y, CHIP * 0.85), write(d, (x + 19, y + 1), "H2", 16, True,
                                                                 anchor="mm")), key["hound"]),
        (lambda x, y: wild_badge(d, x, y, CHIP), key["wild"]),
    ]
    rows2 = [
        (lambda x, y: souls_disc(d, x, y, SOULS_DISC, 3, False), key["souls"]),
        (lambda x, y: souls_disc(d, x, y, SOULS_DISC, 0, True), key["arcana"]),
        (lambda x, y: symbol(d, 4, x, y, OWNER_CHIP, width=3), key["owner"]),
        (lambda x, y: warning_sign(d, x, y, CHIP + 2), key["warning"]),
    ]
    for rows_, x0 in ((rows, 8), (rows2, MAP - 8 - box_w)):
        y0 = MAP - 8 - 26 * len(rows_) - 12
        corner_box(d, x0, y0, x0 + box_w, MAP - 8)
        for i, (draw, text) in enumerate(rows_):
            y = y0 + 19 + 26 * i
            draw(x0 + 20, y)
            write(d, (x0 + 52, y), text, fit(text, 15, box_w - 58), fill=INK, anchor="lm")


# -- the side panel ------------------------------------------------------------------

COLUMNS = ("souls", "favour", "disfavour", "hand", "sectios", "legions")
COL_W = 56
ROW_H = 50
TRACK_ROW = 25


def heading(d: ImageDraw.ImageDraw, y: int, text: str) -> int:
    write(d, (PANEL_X, y + 12), text, 21, True, fill=INK, anchor="lm")
    d.line((PANEL_X, y + 27, PANEL_X + PANEL_W, y + 27), fill=LINE, width=2)
    return y + 34


def draw_header(d: ImageDraw.ImageDraw, view: View, w: dict, locale: str) -> int:
    x, y = PANEL_X, 10
    title = round_line(view, locale)
    write(d, (x, y + 18), title, fit(title, 30, PANEL_W, True), True, fill=INK, anchor="lm")
    y += 42
    lines = []
    stage = stage_line(view, locale)
    if stage:
        lines.append((stage, MUTED))
    if view.winners or view.header.finished:
        lines.append((winners_line(view, locale), INK))
    elif view.header.to_act:
        lines.append((w["to_act"].format(seats=", ".join(seat_name(s, locale) for s in view.header.to_act)), INK))
    if view.seat is not None and 0 <= view.seat < view.seats:
        lines.append((w["you_play"].format(seat=seat_name(view.seat, locale)), MUTED))
    for text, colour in lines:
        size = fit(text, 19, PANEL_W)
        write(d, (x, y + 12), clip(text, size, PANEL_W), size, fill=colour, anchor="lm")
        y += 26
    return y + 6


def draw_players(d: ImageDraw.ImageDraw, view: View, w: dict, locale: str, y: int) -> int:
    y = heading(d, y, w["png_players"])
    right = PANEL_X + PANEL_W
    col_x = [right - COL_W * (len(COLUMNS) - i) for i in range(len(COLUMNS))]
    for cx, col in zip(col_x, COLUMNS):
        text = w["png_col"][col]
        write(d, (cx + COL_W / 2, y + 8), text, fit(text, 13, COL_W - 2, True), True, fill=MUTED,
               anchor="mm")
    y += 20
    for p in view.players:
        asked = p.seat in view.header.to_act and not view.header.finished
        ground = NEUTRAL if p.out else TINT[p.seat]
        d.rounded_rectangle((PANEL_X, y, right, y + ROW_H - 4), radius=8, fill=ground,
                            outline=FILL[p.seat] if asked else LINE, width=4 if asked else 1)
        mid = y + (ROW_H - 4) / 2
        symbol(d, p.seat, PANEL_X + 20, mid, 26, width=2)
        name_w = col_x[0] - PANEL_X - 44
        name = clip(p.name + (" ✓" if p.submitted else ""), 19, name_w, True)
        write(d, (PANEL_X + 40, mid - 9), name, 19, True, fill=MUTED if p.out else INK, anchor="lm")
        flags = [seat_name(p.seat, locale)]
        if view.seat == p.seat:
            flags.append(w["you"])
        if p.out:
            flags.append(w["out"])
        small = " · ".join(flags)
        write(d, (PANEL_X + 40, mid + 12), clip(small, 13, name_w), 13, fill=INK, anchor="lm")
        values = (p.souls, p.favour, p.disfavour, p.hand, p.sectios, p.legions)
        for cx, value in zip(col_x, values):
            write(d, (cx + COL_W / 2, mid + 1), str(value), 20, True, fill=MUTED if p.out else INK,
                   anchor="mm")
        y += ROW_H
    return y + 4


def draw_track(d: ImageDraw.ImageDraw, view: View, w: dict, locale: str, y: int) -> int:
    demons, on_track = track_demons(view)
    y = heading(d, y, w["png_track" if on_track else "png_by_rank"])
    right = PANEL_X + PANEL_W
    for pos, dm in enumerate(demons, start=1):
        gone = dm.status == "dead"
        mid = y + TRACK_ROW / 2
        if pos % 2 == 0:
            d.rectangle((PANEL_X, y, right, y + TRACK_ROW - 1), fill=WHITE)
        write(d, (PANEL_X + 24, mid + 1), f"{pos}.", 16, True, fill=MUTED, anchor="rm")
        symbol(d, dm.owner, PANEL_X + 40, mid, 17)
        write(d, (PANEL_X + 56, mid + 1), dm.name, 17, True, fill=MUTED if gone else INK, anchor="lm")
        write(d, (PANEL_X + 170, mid + 1), w["rank"].format(rank=dm.rank), 15, fill=MUTED, anchor="lm")
        status = ", ".join(demon_status(dm, w))
        if status:
            size = fit(status, 15, right - PANEL_X - 262)
            write(d, (right - 4, mid + 1), clip(status, size, right - PANEL_X - 262), size, fill=INK,
                   anchor="rm")
        y += TRACK_ROW
    return y + 6


def draw_supply(d: ImageDraw.ImageDraw, view: View, w: dict, locale: str, y: int) -> int:
    y = heading(d, y, w["png_permanent"])
    for area in AREAS:
        event = view.permanent.get(area) or "–"
        write(d, (PANEL_X + 4, y + 11), w["area"][area] + ":", 17, True, fill=INK, anchor="lm")
        write(d, (PANEL_X + 110, y + 11), clip(event, 17, PANEL_W - 112), 17, fill=INK, anchor="lm")
        y += 24
    y += 6
    boxes = " · ".join(str(n) for n in view.lieutenant_boxes) or "–"
    lines = [w["png_boxes"].format(boxes=boxes), w["png_hounds"].format(n=view.hounds_left)]
    for p in view.phenomena:
        names = ", ".join(view.sectios[i].label for i in p.sectios if 0 <= i < len(view.sectios))
        lines.append(f"⚠ {data.PHENOMENA[p.kind].name if p.kind in data.PHENOMENA else p.kind}: {names}")
    for line in lines:
        for part in wrap(line, 17, PANEL_W - 8):
            write(d, (PANEL_X + 4, y + 11), part, 17, fill=INK, anchor="lm")
            y += 24
    return y + 4


# -- the pictures ----------------------------------------------------------------------


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every flat colour, plus the anti-aliasing steps of text over its grounds."""
    flat = [BG, INK, MUTED, LINE, WHITE, NEUTRAL, ANTE, PENT_BG, PENT_LINE, PENT_POINT, GOLD, *FILL.values(),
            *TINT.values()]
    grounds = (BG, WHITE, NEUTRAL, ANTE, GOLD, *TINT.values(), *(FILL[k] for k in FILL if ON_FILL[k] == INK))
    pairs = [(INK, g) for g in grounds]
    pairs += [(MUTED, g) for g in (BG, WHITE, NEUTRAL, *TINT.values())]
    pairs += [(WHITE, g) for g in (INK, PENT_POINT, FILL[4], FILL[FREEBOOTERS])]
    pairs += [(PENT_LINE, PENT_BG), (LINE, ANTE)]
    return make_palette(flat, pairs, TEXT_STEPS)


def encode(im: Image.Image, height: int) -> bytes:
    return encode_png(im, height, palette())


#: Parts of a view the board picture does not show: a seat's private order
#: being built changes them at every step, the picture stays the same.
NOT_DRAWN = {"draft", "order", "hand", "last"}


def board_png(view: View, locale: str = "en") -> bytes:
    """The board picture; pickers refreshed at every step of an order draw the
    same board again, so pictures of equal drawn parts are remembered."""
    return _board_png(view.model_dump_json(exclude=NOT_DRAWN), locale)


@lru_cache(maxsize=16)
def _board_png(drawn: str, locale: str) -> bytes:
    return _draw_board(View.model_validate_json(drawn), locale)


def _draw_board(view: View, locale: str) -> bytes:
    w = words(locale)
    im = Image.new("RGB", (WIDTH, MAX_HEIGHT), BG)
    d = ImageDraw.Draw(im)
    draw_map(d, view, w, locale)
    draw_corners(d, w)
    y = draw_header(d, view, w, locale)
    y = draw_players(d, view, w, locale, y)
    y = draw_track(d, view, w, locale, y)
    y = draw_supply(d, view, w, locale, y)
    return encode(im, max(MAP, y + 8))


# -- the hand ---------------------------------------------------------------------------

HAND_W = 1000
CARD_H = 124


def spell_facts(key: str, w: dict) -> str:
    """A major spell's timing, place, costs and roll, in words."""
    spell = data.MAJORS.get(key)
    if spell is None:
        return ""
    facts = [w["timing"].get(spell.timing, spell.timing)]
    if spell.where in ("hell", "earth"):
        facts.append(w["where"][spell.where])
    if spell.souls:
        facts.append(w["cost_souls"].format(n=spell.souls))
    if spell.favour:
        facts.append(w["cost_favour"].format(n=spell.favour))
    if spell.roll:
        facts.append(w["roll"][spell.roll])
    return " · ".join(facts)


def hand_card(d: ImageDraw.ImageDraw, w: dict, locale: str, card: HandCard, y: int) -> None:
    x0, x1 = 14, HAND_W - 14
    d.rounded_rectangle((x0, y, x1, y + CARD_H - 10), radius=10, fill=WHITE, outline=INK, width=2)
    cx, cy = x0 + 48, y + (CARD_H - 10) / 2
    d.ellipse((cx - 32, cy - 32, cx + 32, cy + 32), fill=TINT[0], outline=INK, width=2)
    write(d, (cx, cy - 6), str(card.cost), 30, True, fill=INK, anchor="mm")
    write(d, (cx, cy + 18), w["png_souls_short"], fit(w["png_souls_short"], 13, 56), fill=INK, anchor="mm")
    tx = x0 + 100
    right = x1 - (70 if card.six else 14)
    write(d, (tx, y + 22), clip(card.name, 26, right - tx, True), 26, True, fill=INK, anchor="lm")
    minor = f"{w['png_minor']}: {minor_text(card, locale)}"
    write(d, (tx, y + 56), clip(minor, 19, right - tx), 19, fill=INK, anchor="lm")
    facts = spell_facts(card.major, w)
    major = f"{w['png_major']}: {major_name(card.major)}" + (f" ({facts})" if facts else "")
    size = fit(major, 19, x1 - 14 - tx)
    write(d, (tx, y + 86), clip(major, size, x1 - 14 - tx), size, fill=INK, anchor="lm")
    if card.six:
        sx, sy = x1 - 40, y + 34
        d.ellipse((sx - 24, sy - 24, sx + 24, sy + 24), fill=GOLD, outline=INK, width=3)
        write(d, (sx, sy + 1), "6", 30, True, fill=INK, anchor="mm")


def hand_png(view: View, locale: str = "en") -> bytes:
    """The viewer's own arcana, large, for a private message: per card its
    name, soul cost, minor spell (with its places), major spell and the 6."""
    w = words(locale)
    locale = locale_of(locale)
    cards = view.hand or []
    im = Image.new("RGB", (HAND_W, 90 + CARD_H * max(1, len(cards)) + 50), BG)
    d = ImageDraw.Draw(im)
    title = w["png_hand"].format(n=len(cards))
    if view.seat is not None and 0 <= view.seat < view.seats:
        title += f" – {seat_name(view.seat, locale)}"
        d.rectangle((0, 0, HAND_W, 60), fill=TINT[view.seat])
        d.rectangle((0, 54, HAND_W, 60), fill=FILL[view.seat])
        symbol(d, view.seat, 34, 28, 30, width=2)
    title += f" · {round_line(view, locale)}"
    write(d, (62, 28), clip(title, 26, HAND_W - 76, True), 26, True, fill=INK, anchor="lm")
    y = 76
    if not cards:
        write(d, (24, y + 24), w["png_no_cards"], 22, fill=MUTED, anchor="lm")
        return encode(im, y + 60)
    for card in cards:
        hand_card(d, w, locale, card, y)
        y += CARD_H
    sixes = sum(c.six for c in cards)
    if sixes:
        write(d, (24, y + 14), w["png_sixes"].format(n=sixes), 19, fill=INK, anchor="lm")
        y += 32
    return encode(im, y + 6)
