"""The map of The HellGame's board picture: the ring geometry, the markers
laid out along the rings, Antehell, and the compass and key in the corners.

The map is drawn as the board is: nine circles (0, Treachery, innermost
around the Pentagram; 8, Limbo, outermost) cut into five quarters of 72
degrees, quarter 0 at the top where the Pentagram's coloured point is, the
others clockwise; Antehell is the band (and the corners) around Hell. Each
sectio is an annular sector; its short label runs along the ring, its souls
stand in a small disc, and everything else is an upright marker laid out
along the ring, so no symbol is ever turned.

A held sectio is tinted in its owner's colour, has a strip of that colour
along its outer edge and the owner's symbol beside its label. Units: a legion
group is the owner's symbol and a count, a lieutenant the symbol and "L", a
tamed hound the symbol and "H" with its attacks, a wild hound a black "H"
badge, a phenomenon a warning triangle.

:func:`sectio_centre` (and :func:`polar`, :func:`ring`, :func:`quarter_angle`)
is the geometry the picture is drawn with; tests sample the picture there.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from engines.hellgame.core import data, text as game_text
from engines.hellgame.core.model import SectioView, View
from render.hellgame_draw import (
    ANTE, BG, FILL, INK, LINE, NEUTRAL, PENT_BG, PENT_LINE, PENT_POINT, TINT, WHITE, fit, label_at, souls_disc, symbol,
    text_w, warning_sign, wild_badge, write)
from render.hellgame_text import arcana_sectio, legion_owners, units_by_id

# -- layout (pixels) -----------------------------------------------------------

MAP = 1120  # the square of the map (Hell and Antehell)
CX = CY = MAP // 2
R_PENT = 77  # the Pentagram
#: Ring widths, circle 0 (innermost, widest: its arcs are the shortest) to 8.
THICKNESS = tuple(56 - 2.25 * c for c in range(9))
R_HELL = R_PENT + sum(THICKNESS)  # the outer edge of Limbo (500)
R_BAND = R_HELL + 48  # the drawn band of Antehell; the corners are Antehell too
QUARTER = 72.0
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


def tangent_rotation(degrees: float) -> float:
    """The counter-clockwise turn of a label running along the ring at
    ``degrees``: tops outward in the upper half, inward in the lower half."""
    rot = -(degrees + 90.0)
    if flipped(degrees):
        rot += 180.0
    return (rot + 180.0) % 360.0 - 180.0





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
    #: What the item starting with this part shows, for pictures that point
    #: at it (:func:`sectio_items` says which): ("legions", owner), ...
    key: tuple | None = None

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


def chip_part(owner: int, size: float, key: tuple | None = None) -> Part:
    return Part(size + 2, size + 2, lambda d, x, y: symbol(d, owner, x, y, size), round=True, key=key)


def sectio_items(view: View, s: SectioView, scale: float, label: bool = True) -> list[Item]:
    """The markers of a sectio in reading order: label, souls, owner, legions,
    lieutenants, tamed hounds, wild hounds, the warning sign. The first part
    of the units' items carries a key: ("legions", owner), ("lieutenant",
    unit id), ("hound", unit id), ("wild",)."""
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
        items.append([chip_part(owner, chip, ("legions", owner)), number_part(str(n), num)])
    units = units_by_id(view)
    for uid in s.lieutenants:
        u = units.get(uid)
        if u is not None and u.owner is not None:
            items.append([chip_part(u.owner, chip * 0.85, ("lieutenant", uid)), number_part("L", num)])
    for uid in s.hounds:
        u = units.get(uid)
        if u is not None and u.owner is not None:
            items.append([chip_part(u.owner, chip * 0.85, ("hound", uid)), number_part(f"H{u.attacks}", num)])
    if s.wild_hounds:
        item = [Part(chip + 2, chip + 2, lambda d, x, y: wild_badge(d, x, y, chip), round=True, key=("wild",))]
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


def row_spots(row: list[Item], r: float, middle: float, tangent: float) -> Iterator[tuple[Part, float, float, float]]:
    """Where a row of items centred on angle ``middle`` at radius ``r`` puts
    each part, in reading order: (part, x, y, angle)."""
    direction = -1.0 if flipped(middle) else 1.0
    total = sum(item_extent(it, tangent) for it in row) + ITEM_GAP * max(0, len(row) - 1)
    s = -total / 2
    for item in row:
        for part in item:
            e = part.extent(tangent)
            angle = middle + direction * math.degrees((s + e / 2) / r)
            x, y = polar(r, angle)
            yield part, x, y, angle
            s += e + part.gap
        s += ITEM_GAP - item[-1].gap


def place_row(d: ImageDraw.ImageDraw, row: list[Item], r: float, middle: float, tangent: float, colour=INK) -> None:
    """Draw a row of items centred on angle ``middle`` at radius ``r``, in reading order."""
    for part, x, y, angle in row_spots(row, r, middle, tangent):
        if part.label is not None:
            label_at(d, part.label, part.size, x, y, tangent_rotation(angle), colour)
        elif part.draw is not None:
            part.draw(d, x, y)


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
    draw_ground(d, view)
    draw_markers(d, view)
    draw_antehell(d, view, w, locale)


def draw_ground(d: ImageDraw.ImageDraw, view: View, only: Container[int] | None = None) -> None:
    """Everything under the markers: grounds, owners' strips, circles, the
    quarters' borders and the Pentagram (the grounds of the sectios in
    ``only``, if given: a crop draws only what it shows)."""
    d.rectangle((0, 0, MAP, MAP), fill=ANTE)
    d.ellipse((CX - R_BAND, CY - R_BAND, CX + R_BAND, CY + R_BAND), outline=LINE, width=2)
    for s in view.sectios:
        if only is not None and s.index not in only:
            continue
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


def draw_markers(d: ImageDraw.ImageDraw, view: View, only: Container[int] | None = None) -> None:
    """Each sectio's label, souls and units (of the sectios in ``only``, if given:
    a crop lays out only what it shows)."""
    for s in view.sectios:
        if only is not None and s.index not in only:
            continue
        rows, radii = layout_sectio(view, s)
        middle = quarter_angle(s.quarter)
        for row, r in zip(rows, radii):
            place_row(d, row, r, middle, middle + 90.0)


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
    for row, middle in antehell_rows(view, locale):
        place_row(d, row, ANTE_ROW, middle, middle + 90.0)


def antehell_rows(view: View, locale: str) -> list[tuple[list[Item], float]]:
    """Antehell's name and units in rows along the band: (row, middle angle)."""
    ante = view.antehell
    name = game_text.sectio_name(data.ANTEHELL, locale)
    items = [[Part(text_w(name, 18, True) + 4, 18, label=name, size=18)]] + sectio_items(view, ante, 1.0, label=False)
    # the stretches of band between the quarter marks, bottom first
    stretches = [90.0, 90.0 - QUARTER, 90.0 + QUARTER, 90.0 - 2 * QUARTER, 90.0 + 2 * QUARTER]
    cap = ANTE_ROW * math.radians(QUARTER) - 60
    rest = items
    rows: list[tuple[list[Item], float]] = []
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
        rows.append((row, middle))
    return rows


def corner_box(d: ImageDraw.ImageDraw, x0: int, y0: int, x1: int, y1: int) -> None:
    d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=BG, outline=LINE, width=2)


def draw_last_spell(d: ImageDraw.ImageDraw, view, w: dict) -> None:
    """The last spell cast (top right): card, spell and its caster's symbol."""
    if view.last_spell is None:
        return
    sp, box_w = view.last_spell, 196
    x0 = MAP - 8 - box_w
    corner_box(d, x0, 8, x0 + box_w, 8 + 86)
    write(d, (x0 + 10, 24), w["png_last_spell"], 17, True, fill=INK, anchor="lm")
    symbol(d, sp.seat, x0 + 20, 52, CHIP * 0.8)
    write(d, (x0 + 38, 52), sp.card, fit(sp.card, 15, box_w - 46), fill=INK, anchor="lm")
    write(d, (x0 + 38, 76), sp.spell, fit(sp.spell, 14, box_w - 46), fill=INK, anchor="lm")


def being_badge(d: ImageDraw.ImageDraw, cx: float, cy: float, letter: str) -> None:
    """Uriel ("U") or Lilith ("L" and her aspect's initial): a white disc
    with a double black ring, unlike any seat's symbol."""
    r = 17
    d.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), fill=INK)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=2)
    write(d, (cx, cy + 1), letter, 17 if len(letter) == 1 else 14, True, fill=INK, anchor="mm")


def draw_beings(d: ImageDraw.ImageDraw, view, w: dict) -> None:
    """Uriel and Lilith where they stand (Antehell: on the band); Uriel on
    Earth is told in the text."""
    spots = []
    if view.uriel is not None and view.uriel.at is not None:
        spots.append((view.uriel.at, "U", 0))
    if view.lilith is not None and view.lilith.at is not None:
        aspect = (w["aspect"].get(view.lilith.stage, "") or " ")[0] if view.lilith.stage else ""
        spots.append((view.lilith.at, "L" + aspect, 1))
    for at, letter, k in spots:
        if at == data.ANTEHELL:
            x, y = polar(ANTE_ROW, 45.0 + 20.0 * k)
        else:
            x, y = sectio_centre(at)
            y -= 24 - 48 * k
        being_badge(d, x, y, letter)


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

