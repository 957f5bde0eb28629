"""Zoomed crops of The HellGame's map, for decisions about places.

At Discord's preview width (about 550 px) the full board (1680 px wide, the
map 1120 px of it) cannot be read. A question about places ("where does this
legion march?", "which sectio does the spell hit?") shows instead the part of
the map it is about, two to three times larger than on the full board:

- :func:`focus_png`: the places of a :class:`Focus`: the unit that moves
  ringed, the way walked so far as arrows, the legal targets outlined and
  numbered, a battle outlined in dashes and marked with crossed swords; a
  caption line under the map pairs each number with the sectio's full name;
- :func:`quarter_png`: one of the map's five quarters, enlarged, as it is.

The map is drawn by the full board's own code (:mod:`render.hellgame_map`)
through a :class:`~render.hellgame_draw.Zoom`, so a crop shows what the board
shows, with type set at the zoomed size rather than enlarged; only the sectios
that reach into the crop are laid out and drawn. :func:`focus_frame` and
:func:`quarter_frame` tell which part of the map a crop shows and at what
scale (tests and callers may ask).

No highlight is told by colour alone: targets have a black-and-white double
outline and a black disc with a white number, a battle a dashed outline and a
badge with crossed swords, the path is a black line in a white casing with
arrowheads, the unit a thick black ring in a white halo. Badges and the
path's waypoints go where the sectio's markers leave room, and the path's
line stops short of every marker, so that no label or count is covered.
Nothing hidden is drawn: the pictures read only what every spectator sees.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engines.hellgame.core import data, text as game_text
from engines.hellgame.core.model import View
from render.hellgame import palette
from render.hellgame_draw import BG, INK, PENT_POINT, WHITE, Zoom, clip, text_w, write
from render.hellgame_map import (
    ANTE_ROW, EDGE, MAP, QUARTER, R_BAND, R_HELL, R_PENT, STRIP, Item, antehell_rows, draw_antehell, draw_beings,
    draw_ground, draw_markers, layout_sectio, polar, quarter_angle, ring, row_spots, sector, sectio_centre)
from render.hellgame_text import locale_of, words

# -- sizes ----------------------------------------------------------------------------
#
# Frames and highlights are measured in the full map's pixels ("map px"); the
# picture multiplies them by the frame's scale.

#: The scales a crop is drawn at, largest first: the largest that keeps the
#: picture within WIDE pixels. Few fixed scales keep the cached glyph and
#: symbol masks of one crop useful to the next.
SCALES = (3.0, 2.5, 2.0)
MIN_SCALE = SCALES[-1]
#: About twice Discord's preview width: a phone's 2x screen shows it crisp.
WIDE = 1200
#: The smallest part of the map a focus shows, so that the places keep
#: their surroundings (map px).
MIN_W, MIN_H = 360.0, 240.0
#: Around the things a focus is about (map px).
MARGIN = 22.0
#: The most of the map a focus grows to for showing a target whole (map px):
#: beyond it a target shows only its end nearest the unit, with its number
#: (the caption names it), so that the crop stays legible.
BUDGET_W, BUDGET_H = 620.0, 500.0
#: A picture at most this much taller than wide: a tall picture is shown
#: narrower than the preview width.
TALLEST = 1.0

BADGE = 11.0  # radius of a target's number disc
BATTLE = 14.0  # radius of the battle's badge
TARGET_LINE = 6.0  # width of a target's outline
PATH_LINE = 5.0  # width of the path's black line; its white casing is wider
CLEAR = 2.0  # the path keeps this far from every marker
ARROW = 10.0  # length of an arrowhead
UNIT_RING = 3.0  # width of the ring around the unit


@dataclass(frozen=True)
class Focus:
    """What a crop is about. Sectio indices are 0-44, and ``data.ANTEHELL``."""

    #: A unit id (View units) to ring: the unit that moves, the caster's target unit.
    unit: int | None = None
    #: Sectios walked so far, in order: drawn as arrows from place to place
    #: (through free room: a sectio's centre holds its label and souls).
    path: tuple[int, ...] = ()
    #: Legal destinations or spell targets: outlined and numbered 1, 2, ... in this order.
    targets: tuple[int, ...] = ()
    #: A sectio where a battle is.
    battle: int | None = None

    def places(self, view: View | None = None) -> tuple[int, ...]:
        """Every sectio the focus concerns, each once: the unit's place (known
        only with the ``view``), the path, the targets, the battle."""
        unit_at = unit_place(view, self.unit) if view is not None and self.unit is not None else None
        found = [unit_at] + list(self.path) + list(self.targets) + [self.battle]
        return tuple(dict.fromkeys(p for p in found if p is not None))


@dataclass(frozen=True)
class Frame:
    """A part of the map (x0, y0)-(x1, y1) in map px, drawn ``k`` times larger."""

    x0: float
    y0: float
    x1: float
    y1: float
    k: float

    @property
    def size(self) -> tuple[int, int]:
        """The map part's size in the picture (a caption comes below it)."""
        return round((self.x1 - self.x0) * self.k), round((self.y1 - self.y0) * self.k)

    def to_picture(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x0) * self.k, (y - self.y0) * self.k

    def covers(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


def unit_place(view: View, unit: int) -> int:
    for u in view.units:
        if u.id == unit:
            return u.at
    raise ValueError(f"no unit {unit} in the view")


def check_place(index: int) -> int:
    if not 0 <= index <= data.ANTEHELL:
        raise ValueError(f"no sectio {index}")
    return index


# -- where things are drawn -----------------------------------------------------------

#: A box of map px: (x0, y0, x1, y1).
Box = tuple[float, float, float, float]
#: A place's ground: (inner radius, outer radius, first angle, last angle).
Area = tuple[float, float, float, float]


@dataclass(frozen=True)
class Spot:
    """Where a drawn part stands: a stroke from (x - dx, y - dy) to (x + dx,
    y + dy) of radius ``r`` (a label runs along the ring; a symbol is round)."""

    x: float
    y: float
    r: float
    dx: float = 0.0
    dy: float = 0.0

    def box(self) -> Box:
        ex, ey = abs(self.dx) + self.r, abs(self.dy) + self.r
        return self.x - ex, self.y - ey, self.x + ex, self.y + ey

    def distance(self, x: float, y: float) -> float:
        """From (x, y) to the edge of this part (negative inside)."""
        vx, vy = x - self.x, y - self.y
        length2 = self.dx * self.dx + self.dy * self.dy
        t = 0.0 if length2 == 0 else max(-1.0, min(1.0, (vx * self.dx + vy * self.dy) / length2))
        return math.hypot(vx - t * self.dx, vy - t * self.dy) - self.r


#: A marker drawn on the map: its key (see ``sectio_items``) and its parts.
Marker = tuple[tuple | None, list[Spot]]


def row_markers(rows: list[tuple[list[Item], float, float]]) -> list[Marker]:
    """The markers of rows (row, radius, middle angle) where ``place_row`` draws them."""
    out: list[Marker] = []
    for row, r, middle in rows:
        spots = iter(row_spots(row, r, middle, middle + 90.0))
        for item in row:
            parts = []
            for _ in item:
                part, x, y, angle = next(spots)
                if part.label is not None:  # a label along the ring: a stroke
                    half = max(0.0, (part.w - part.h) / 2)
                    t = math.radians(angle + 90.0)
                    parts.append(Spot(x, y, part.h / 2, half * math.cos(t), half * math.sin(t)))
                else:
                    parts.append(Spot(x, y, max(part.w, part.h) / 2))
            out.append((item[0].key, parts))
    return out


#: Antehell's quarter numbers (drawn by ``quarter_mark``): no badge goes over them.
QUARTER_MARKS = [Spot(*polar(ANTE_ROW, quarter_angle(q)), 15.0) for q in range(5)]


def sectio_markers(view: View, index: int, locale: str) -> list[Marker]:
    """The markers of a sectio (or of Antehell, all round the band)."""
    if index == data.ANTEHELL:
        return row_markers([(row, ANTE_ROW, middle) for row, middle in antehell_rows(view, locale)])
    s = view.sectios[index]
    rows, radii = layout_sectio(view, s)
    middle = quarter_angle(s.quarter)
    return row_markers([(row, r, middle) for row, r in zip(rows, radii)])


def ante_angle(focus: Focus, view: View) -> float | None:
    """The stretch of Antehell's band a focus means: outside the Limbo sectio
    it is reached from or left for; None if no Limbo sectio tells."""
    path = list(focus.path)
    for i, p in enumerate(path):
        if p == data.ANTEHELL:
            for q in path[i - 1:i] + path[i + 1:i + 2]:
                if q != data.ANTEHELL and data.SECTIOS[q].circle == 8:
                    return quarter_angle(data.SECTIOS[q].quarter)
    near = list(reversed(path)) + list(focus.targets)
    if focus.unit is not None:
        near.insert(0, unit_place(view, focus.unit))
    for q in near:
        if q != data.ANTEHELL and data.SECTIOS[q].circle == 8:
            return quarter_angle(data.SECTIOS[q].quarter)
    return None


def place_area(index: int, ante: float) -> Area:
    """A place's ground: a sectio's annular sector, or the stretch of
    Antehell's band beside the quarter ``ante`` (r_in, r_out, a0, a1)."""
    if index == data.ANTEHELL:
        return R_HELL, R_BAND, ante - QUARTER / 4, ante + QUARTER / 4
    s = data.SECTIOS[index]
    r_in, r_out = ring(s.circle)
    middle = quarter_angle(s.quarter)
    return r_in, r_out, middle - QUARTER / 2, middle + QUARTER / 2


def place_point(index: int, ante: float) -> tuple[float, float]:
    """Where a path passes through a place: a sectio's centre; in Antehell
    just outside Hell's edge, beside the quarter ``ante``."""
    if index == data.ANTEHELL:
        return polar(R_HELL + 12, ante)
    return sectio_centre(index)


@lru_cache(maxsize=64)
def area_box(r_in: float, r_out: float, a0: float, a1: float) -> Box:
    pts = sector(r_in, r_out, a0, a1)
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def free_spot(area: Area, taken: list[Spot], radius: float,
              toward: tuple[float, float]) -> tuple[float, float]:
    """A place for a badge of ``radius`` inside ``area``: covering as little of
    the ``taken`` parts as it can, and of such places the one nearest to
    ``toward`` (where the unit stands: the badge shows the way). The rows are
    centred on the sector's middle, so its ends are mostly free."""
    r_in, r_out, a0, a1 = area
    x0, y0, x1, y1 = area_box(*area)
    near = (x0 - radius - 2, y0 - radius - 2, x1 + radius + 2, y1 + radius + 2)
    taken = [s for s in taken if overlaps(s.box(), near)]
    low, high = r_in + radius + 3, r_out - STRIP - radius - 1
    radii = [low, (low + high) / 2, high] if high > low else [(r_in + r_out) / 2]
    middle, half = (a0 + a1) / 2, (a1 - a0) / 2
    best, best_key = (0.0, 0.0), (math.inf, math.inf)
    for fraction in (1.0, 0.85, 0.7, 0.55, 0.4, 0.25):
        for side in (1, -1):
            for r in radii:
                room = half - math.degrees((radius + EDGE) / r)
                x, y = polar(r, middle + side * max(0.0, room * fraction))
                cover = sum(max(0.0, radius + 2 - s.distance(x, y)) for s in taken)
                key = (math.ceil(cover), math.hypot(x - toward[0], y - toward[1]))
                if key < best_key:
                    best, best_key = (x, y), key
    return best


# -- framing ----------------------------------------------------------------------------


def scale_for(width: float) -> float:
    """The largest of :data:`SCALES` that keeps ``width`` map px within WIDE pixels."""
    return next((k for k in SCALES if width * k <= WIDE), MIN_SCALE)


def fit_frame(x0: float, y0: float, x1: float, y1: float, least: tuple[float, float] = (0.0, 0.0),
              tallest: float | None = None) -> Frame:
    """The box grown about its middle to at least ``least`` and to at most
    ``tallest`` times taller than wide, moved into the map, its scale chosen."""
    w, h = max(x1 - x0, least[0]), max(y1 - y0, least[1])
    if tallest is not None:
        w = max(w, h / tallest)
    w, h = min(w, MAP), min(h, MAP)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    nx0 = min(max(cx - w / 2, 0.0), MAP - w)
    ny0 = min(max(cy - h / 2, 0.0), MAP - h)
    # whole map px: crops of one place at one scale share the pixel grid
    nx0, ny0, w, h = math.floor(nx0), math.floor(ny0), math.ceil(w), math.ceil(h)
    w, h = min(w, MAP - nx0), min(h, MAP - ny0)
    return Frame(nx0, ny0, nx0 + w, ny0 + h, scale_for(w))


def unit_key(view: View, unit: int) -> tuple:
    """The key of the marker showing a unit (legions are shown by owner)."""
    u = next(u for u in view.units if u.id == unit)
    if u.kind == "legion":
        return ("legions", u.owner)
    if u.kind == "lieutenant":
        return ("lieutenant", u.id)
    return ("hound", u.id) if u.owner is not None else ("wild",)


def bounds(boxes: list[Box]) -> Box:
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def fits(box: Box) -> bool:
    """A box (without margins) that still makes a legible crop."""
    return box[2] - box[0] <= BUDGET_W - 2 * MARGIN and box[3] - box[1] <= BUDGET_H - 2 * MARGIN


@dataclass
class Plan:
    """A focus worked out on a view: the frame and where each highlight goes."""

    frame: Frame
    ante: float
    #: Every marker of the focus's places (and Antehell's quarter numbers): the path keeps clear of them.
    spots: list[Spot]
    ring: tuple[float, float, float] | None  # the unit's ring: centre and radius
    #: Where the path passes through each of its places, in order.
    waypoints: list[tuple[float, float]]
    badges: list[tuple[int, float, float]]  # target number and centre
    battle: tuple[float, float] | None


def plan_focus(view: View, focus: Focus, locale: str, frame: Frame | None = None) -> Plan:
    """Where the highlights of ``focus`` go, and the frame around them (unless
    ``frame`` is given)."""
    places = [check_place(p) for p in focus.places(view)]
    if not places:
        if frame is None:
            raise ValueError("a focus needs a unit, a path, targets or a battle")
        return Plan(frame, 90.0, [], None, [], [], None)
    markers = {p: sectio_markers(view, p, locale) for p in places}
    ante = ante_angle(focus, view)
    ring_at = None
    if focus.unit is not None:
        at = unit_place(view, focus.unit)
        key = unit_key(view, focus.unit)
        parts = next((spots for k, spots in markers[at] if k == key), None)
        if parts:  # round the marker's parts, clear of them
            x0, y0, x1, y1 = bounds([s.box() for s in parts])
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            ring_at = (cx, cy, max(math.hypot(s.x - cx, s.y - cy) + s.r for s in parts) + 4)
            if at == data.ANTEHELL and ante is None:  # Antehell where the unit stands
                ante = to_polar(cx, cy)[1]
        else:  # a sectio too full to show it: the place's middle
            ring_at = (*place_point(at, ante if ante is not None else 90.0), 16.0)
    if ante is None:  # where Antehell's name stands
        ante = 90.0

    def whole(p: int) -> list[Box]:
        """A place's middle and markers (Antehell's go all round the band:
        only where the focus meets it)."""
        middle = [Spot(*place_point(p, ante), 4.0).box()]
        if p == data.ANTEHELL:
            return middle
        return middle + [s.box() for _, spots in markers[p] for s in spots]

    # the core: the unit, the path and the battle, always whole
    core = [p for p in places if p not in focus.targets or p in focus.path or p == focus.battle]
    boxes = [b for p in core for b in whole(p)] + ([Spot(*ring_at).box()] if ring_at is not None else [])
    if ring_at is not None:
        toward = ring_at[:2]
    elif focus.path:
        toward = place_point(focus.path[-1], ante)
    else:
        points = [place_point(p, ante) for p in core or places]
        toward = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    # a badge or a waypoint covers as little as it can of the markers, the
    # ring, Antehell's quarter numbers and what was placed before it
    spots = [s for p in places for _, ss in markers[p] for s in ss] + QUARTER_MARKS
    taken = spots + ([Spot(*ring_at)] if ring_at is not None else [])
    # the path runs through free room, not the centres (the label and souls
    # stand there): from the end back, each place's free spot nearest the
    # next one; it ends at the unit's ring if the unit stands at its end
    waypoints: list[tuple[float, float]] = []
    if len(focus.path) > 1:
        walked = list(focus.path)
        if ring_at is not None and unit_place(view, focus.unit) == walked[-1]:
            waypoints.append(ring_at[:2])
            walked.pop()
        for p in reversed(walked):
            waypoints.insert(0, free_spot(place_area(p, ante), taken, ARROW, waypoints[0] if waypoints else toward))
            taken.append(Spot(*waypoints[0], ARROW))  # a place walked twice gets two waypoints
        boxes += [Spot(x, y, ARROW).box() for x, y in waypoints]
    battle = None
    if focus.battle is not None:
        battle = free_spot(place_area(focus.battle, ante), taken, BATTLE, toward)
        taken.append(Spot(*battle, BATTLE))
        boxes.append(Spot(*battle, BATTLE).box())
    badges = []
    for n, t in enumerate(dict.fromkeys(focus.targets), start=1):
        x, y = free_spot(place_area(t, ante), taken, BADGE, toward)
        taken.append(Spot(x, y, BADGE))
        badges.append((n, t, x, y))
    # targets nearest the unit first, each whole while the crop stays legible;
    # of the others the badge, at the end nearest the unit
    for n, t, x, y in sorted(badges, key=lambda b: (math.hypot(b[2] - toward[0], b[3] - toward[1]), b[0])):
        badge = Spot(x, y, BADGE + MARGIN / 2).box()
        if not boxes or fits(bounds(boxes + whole(t) + [badge])):
            boxes += whole(t)
        boxes.append(badge)
    if frame is None:
        x0, y0, x1, y1 = bounds(boxes)
        frame = fit_frame(x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN, (MIN_W, MIN_H), TALLEST)
    return Plan(frame, ante, spots, ring_at, waypoints, [(n, x, y) for n, _, x, y in badges], battle)


def focus_frame(view: View, focus: Focus, locale: str = "en") -> Frame:
    """The part of the map :func:`focus_png` shows, and its scale."""
    return plan_focus(view, focus, locale_of(locale)).frame


def quarter_frame(quarter: int) -> Frame:
    """The part of the map :func:`quarter_png` shows (``quarter`` 1-5, as the
    map numbers them), and its scale: the quarter from the Pentagram out to
    Antehell's band."""
    if quarter not in range(1, 6):
        raise ValueError(f"no quarter {quarter} (the map has quarters 1-5)")
    middle = quarter_angle(quarter - 1)
    x0, y0, x1, y1 = area_box(R_PENT, R_BAND, middle - QUARTER / 2, middle + QUARTER / 2)
    return fit_frame(x0 - 8, y0 - 8, x1 + 8, y1 + 8)


# -- drawing ----------------------------------------------------------------------------


def visible_sectios(frame: Frame) -> set[int]:
    box = (frame.x0, frame.y0, frame.x1, frame.y1)
    return {s.index for s in data.SECTIOS if overlaps(area_box(*place_area(s.index, 0.0)), box)}


def draw_crop(view: View, frame: Frame, locale: str, caption: int = 0) -> tuple[Image.Image, Zoom]:
    """The map in ``frame`` as the full board draws it (without the corner
    boxes), on a picture with room for a caption strip of ``caption`` pixels."""
    w, h = frame.size
    im = Image.new("RGB", (w, h + caption), BG)
    z = Zoom(ImageDraw.Draw(im), frame.k, frame.x0, frame.y0)
    shown = visible_sectios(frame)
    draw_ground(z, view, shown)
    draw_markers(z, view, shown)
    draw_antehell(z, view, words(locale), locale)
    draw_beings(z, view, words(locale))
    return im, z


def encode(im: Image.Image) -> bytes:
    """As the board (:func:`render.png.encode`: the board's palette, no
    dithering), but at compression level 3: a crop is drawn for a question
    and sent at once, and level 3 takes half the time of the board's 6 for
    files about a quarter larger."""
    out = io.BytesIO()
    im.quantize(palette=palette(), dither=Image.Dither.NONE).save(out, "PNG", compress_level=3)
    return out.getvalue()


def border(z: Zoom, area: Area, inset: float, fill, width: float) -> list[tuple[float, float]]:
    """A place's border ``inset`` map px inside it, as a closed line; returns
    its points. Round joints only at the four corners: along the arcs the
    line turns by two degrees at a time, and a joint at every point would
    cost more than the whole outline."""
    r_in, r_out, a0, a1 = area
    da = math.degrees(inset / r_out)
    pts = list(sector(r_in + inset, r_out - inset, a0 + da, a1 - da, 2.0))
    pts.append(pts[0])
    z.line(pts, fill=fill, width=width)
    half = len(pts) // 2
    for x, y in (pts[0], pts[half - 1], pts[half], pts[-2]):
        z.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=fill)
    return pts


def dashes(z: Zoom, pts: list[tuple[float, float]], on: float, off: float, fill, width: float) -> None:
    """A dashed line along ``pts`` (map px)."""
    drawing, left = True, on
    for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
        length = math.hypot(xb - xa, yb - ya)
        done = 0.0
        while done < length - 1e-9:
            step = min(left, length - done)
            if drawing:
                t0, t1 = done / length, (done + step) / length
                z.line([(xa + (xb - xa) * t0, ya + (yb - ya) * t0), (xa + (xb - xa) * t1, ya + (yb - ya) * t1)],
                       fill=fill, width=width)
            done += step
            left -= step
            if left <= 1e-9:
                drawing = not drawing
                left = on if drawing else off


def path_lines(waypoints: list[tuple[float, float]], ring_at: tuple[float, float, float] | None = None
               ) -> list[list[tuple[float, float]]]:
    """Each step of the path as a polyline (map px) from waypoint to waypoint,
    radius and angle changing evenly: a step round a circle follows the ring
    instead of cutting through the circles inside it. A path ending at the
    unit's ring (``ring_at``) stops at the ring's edge."""
    steps = []
    for a, b in zip(waypoints, waypoints[1:]):
        (ra, aa), (rb, ab) = to_polar(*a), to_polar(*b)
        turn = (ab - aa + 180.0) % 360.0 - 180.0  # the short way round
        n = max(1, math.ceil(abs(turn) / 3))
        steps.append([polar(ra + (rb - ra) * i / n, aa + turn * i / n) for i in range(n + 1)])
    if steps and ring_at is not None and waypoints[-1] == ring_at[:2]:
        steps[-1] = cut_at_circle(steps[-1], ring_at[0], ring_at[1], ring_at[2] + 3)
    return steps


def to_polar(x: float, y: float) -> tuple[float, float]:
    """Radius and angle (screen degrees) of a map point: :func:`polar` undone."""
    return math.hypot(x - MAP / 2, y - MAP / 2), math.degrees(math.atan2(y - MAP / 2, x - MAP / 2))


def cut_at_circle(line: list[tuple[float, float]], cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """``line`` up to where it first enters the circle (cx, cy, r)."""
    for i, (x, y) in enumerate(line):
        if math.hypot(x - cx, y - cy) <= r:
            if i == 0:
                return line[:1]
            (ax, ay), (bx, by) = line[i - 1], (x, y)
            lo, hi = 0.0, 1.0  # a is outside, b inside: halve the way to the edge
            for _ in range(30):
                mid = (lo + hi) / 2
                if math.hypot(ax + (bx - ax) * mid - cx, ay + (by - ay) * mid - cy) > r:
                    lo = mid
                else:
                    hi = mid
            return line[:i] + [(ax + (bx - ax) * lo, ay + (by - ay) * lo)]
    return line


def draw_path(im: Image.Image, frame: Frame, steps: list[list[tuple[float, float]]], clear: list[Spot]) -> None:
    """The path's lines, black in a white casing, on top of the map but with
    a gap wherever they would cross a marker: no label or count is struck
    through, and the lines still show between the places."""
    if not steps:
        return
    # the masks cover only the path's box
    pad = (PATH_LINE + 4) / 2 + 1
    x0, y0, x1, y1 = bounds([(x - pad, y - pad, x + pad, y + pad) for line in steps for x, y in line])
    (left, top), (right, bottom) = frame.to_picture(x0, y0), frame.to_picture(x1, y1)
    left, top = max(0, math.floor(left)), max(0, math.floor(top))
    right, bottom = min(frame.size[0], math.ceil(right)), min(frame.size[1], math.ceil(bottom))
    if right <= left or bottom <= top:
        return

    def mask(ground: int, paint: Callable[[Zoom], None]) -> Image.Image:
        m = Image.new("L", (right - left, bottom - top), ground)
        paint(Zoom(ImageDraw.Draw(m), frame.k, frame.x0 + left / frame.k, frame.y0 + top / frame.k))
        return m

    def lines(width: float) -> Callable[[Zoom], None]:
        def paint(z: Zoom) -> None:
            for line in steps:
                z.line(line, fill=255, width=width, joint="curve")
        return paint

    def markers(z: Zoom) -> None:
        for s in clear:
            r = s.r + CLEAR
            ends = [(s.x - s.dx, s.y - s.dy), (s.x + s.dx, s.y + s.dy)]
            if s.dx or s.dy:
                z.line(ends, fill=0, width=2 * r)
            for ex, ey in ends:
                z.ellipse((ex - r, ey - r, ex + r, ey + r), fill=0)

    free = mask(255, markers)
    for colour, width in ((WHITE, PATH_LINE + 4), (INK, PATH_LINE)):
        im.paste(colour, (left, top, right, bottom), ImageChops.multiply(mask(0, lines(width)), free))


def arrowhead(z: Zoom, line: list[tuple[float, float]], ahead: float) -> None:
    """An arrowhead at the end of ``line``, pointing on, its tip ``ahead``
    map px beyond (a waypoint is free room: the head stands on it)."""
    if len(line) < 2:
        return
    (ax, ay), (bx, by) = line[-2], line[-1]
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    tx, ty = bx + ux * ahead, by + uy * ahead
    back, side = ARROW * 1.5, ARROW * 0.85
    tip = [(tx, ty), (tx - ux * back + uy * side, ty - uy * back - ux * side),
           (tx - ux * back - uy * side, ty - uy * back + ux * side)]
    z.polygon(tip, fill=INK, outline=WHITE, width=1.5)


def number_badge(z: Zoom, x: float, y: float, n: int) -> None:
    """A target's number: white on a black disc in a white ring."""
    z.ellipse((x - BADGE, y - BADGE, x + BADGE, y + BADGE), fill=INK, outline=WHITE, width=2)
    write(z, (x, y + 0.5), str(n), 15 if n < 10 else 12, True, fill=WHITE, anchor="mm")


def battle_badge(z: Zoom, x: float, y: float, radius: float = BATTLE) -> None:
    """Crossed swords, white on vermillion in a black ring."""
    z.ellipse((x - radius, y - radius, x + radius, y + radius), fill=PENT_POINT, outline=INK, width=radius / 6)
    h = radius * 0.58
    for side in (1, -1):
        # a blade from hilt to point, the crossguard across it near the hilt
        hx, hy = x - side * h, y + h
        z.line([(hx, hy), (x + side * h, y - h)], fill=WHITE, width=radius / 6)
        gx, gy = x - side * h * 0.5, y + h * 0.5
        g = radius * 0.24
        z.line([(gx - g, gy - side * g), (gx + g, gy + side * g)], fill=WHITE, width=radius / 7)


#: A part of the caption: (kind, number, text).
Said = tuple[str, int, str]


def caption_parts(focus: Focus, locale: str) -> list[Said]:
    """The caption's parts: (kind, number, text), kind "battle", "target"
    (with its number) or "path"; the texts are full sectio names."""
    def name(i: int) -> str:
        return game_text.sectio_name(i, locale)

    parts = [("battle", 0, name(focus.battle))] if focus.battle is not None else []
    parts += [("target", n, name(t)) for n, t in enumerate(dict.fromkeys(focus.targets), start=1)]
    if not parts and len(focus.path) > 1:  # the arrows show it; named when nothing else is
        parts.append(("path", 0, " → ".join(name(p) for p in focus.path)))
    return parts


def part_width(part: Said, size: int) -> float:
    """A caption part's length: its badge (if any), its name, the gap after it."""
    kind, _, text = part
    badge = 2 * size * 0.62 + size * 0.3 if kind != "path" else 0.0
    return badge + text_w(text, size, kind != "path") + size * 1.1


def caption_layout(parts: list[Said], width: int) -> tuple[int, list[list[Said]]]:
    """The caption's font size and its parts in lines, for a picture ``width``
    wide: about 13 px of type once it is shown 550 px wide; a little smaller
    if that keeps it on one line, else two lines (the rest cut with "…")."""
    base = max(20, round(width * 13 / 550))
    room = width - 2 * base * 0.6
    for size, most in ((base, 1), (round(base * 0.85), 1), (base, 2)):
        lines: list[list[Said]] = [[]]
        used = 0.0
        for part in parts:
            w = part_width(part, size)
            if lines[-1] and used + w - size * 1.1 > room:
                lines.append([])
                used = 0.0
            lines[-1].append(part)
            used += w
        if len(lines) <= most:
            return size, lines
    return base, [lines[0], [p for line in lines[1:] for p in line]]


def caption_height(size: int, lines: int) -> int:
    return round(size * (0.4 + 1.5 * lines))


def draw_caption(d: ImageDraw.ImageDraw, lines: list[list[Said]], top: int, width: int, size: int) -> None:
    """The caption under the map: the battle's badge and name, each target's
    number and full name (or the path); cut with "…" where it ends."""
    height = caption_height(size, len(lines))
    d.rectangle((0, top, width, top + height), fill=BG)  # the map was drawn beyond its frame, into the strip
    d.line((0, top, width, top), fill=INK, width=max(2, size // 10))
    pad, r = size * 0.6, size * 0.62
    for row, parts in enumerate(lines):
        x, y = pad, top + size * (0.2 + 1.5 * row + 0.75)
        for kind, n, text in parts:
            if x > width - pad - 2 * size:
                break
            if kind != "path":
                # the map's own badge at the caption's size
                if kind == "target":
                    number_badge(Zoom(d, r / BADGE, -(x + r) * BADGE / r, -y * BADGE / r), 0.0, 0.0, n)
                else:
                    battle_badge(Zoom(d, r / BATTLE, -(x + r) * BATTLE / r, -y * BATTLE / r), 0.0, 0.0)
                x += 2 * r + size * 0.3
            bold = kind != "path"
            shown = clip(text, size, width - pad - x, bold)
            write(d, (x, y), shown, size, bold, fill=INK, anchor="lm")
            x += text_w(shown, size, bold) + size * 1.1


def focus_png(view: View, focus: Focus, locale: str = "en", frame: Frame | None = None) -> bytes:
    """A crop of the map around ``focus.places(view)`` at :func:`focus_frame`'s
    scale (at least twice the full map's), with the focus drawn in and a
    caption line naming the battle and the numbered targets.

    ``frame`` shows another part of the map instead (say, the first step's
    frame for every step of a move, so that the picture stands still while
    the path grows; an empty focus then draws the map alone). Raises
    ValueError for a sectio index outside 0-45, an unknown unit, or an empty
    focus without a frame."""
    locale = locale_of(locale)
    plan = plan_focus(view, focus, locale, frame)
    frame, ante = plan.frame, plan.ante
    parts = caption_parts(focus, locale)
    size, lines = caption_layout(parts, frame.size[0]) if parts else (0, [])
    strip = caption_height(size, len(lines)) if parts else 0
    im, z = draw_crop(view, frame, locale, strip)
    for t in dict.fromkeys(focus.targets):  # a black line with a white one inside
        border(z, place_area(t, ante), TARGET_LINE / 2, INK, TARGET_LINE)
        border(z, place_area(t, ante), TARGET_LINE / 2, WHITE, TARGET_LINE / 2.5)
    if focus.battle is not None:  # black dashes on white
        pts = border(z, place_area(focus.battle, ante), TARGET_LINE / 2, WHITE, TARGET_LINE)
        dashes(z, pts, 9.0, 6.0, INK, TARGET_LINE)
    steps = path_lines(plan.waypoints, plan.ring)
    draw_path(im, frame, steps, plan.spots)
    if plan.waypoints:  # where the path starts
        x, y = plan.waypoints[0]
        z.ellipse((x - 5.5, y - 5.5, x + 5.5, y + 5.5), fill=INK, outline=WHITE, width=1.5)
    for n, line in enumerate(steps, start=1):
        at_ring = n == len(steps) and plan.ring is not None and plan.waypoints[-1] == plan.ring[:2]
        arrowhead(z, line, 0.0 if at_ring else ARROW * 0.6)
    if plan.ring is not None:
        x, y, r = plan.ring
        z.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), outline=WHITE, width=UNIT_RING + 4)
        z.ellipse((x - r, y - r, x + r, y + r), outline=INK, width=UNIT_RING)
    for n, x, y in plan.badges:
        number_badge(z, x, y, n)
    if plan.battle is not None:
        battle_badge(z, *plan.battle)
    if parts:
        draw_caption(z.draw, lines, frame.size[1], frame.size[0], size)
    return encode(im)


def quarter_png(view: View, quarter: int, locale: str = "en") -> bytes:
    """Quarter ``quarter`` (1-5, as numbered on the map; data's quarter
    ``quarter - 1``) from the Pentagram to Antehell, at twice the full map's
    scale or more, without highlights. Raises ValueError for another number."""
    return focus_png(view, Focus(), locale, quarter_frame(quarter))


def zoom_png(view: View, focus: dict, locale: str = "en") -> bytes:
    """:func:`focus_png` for the places of ``HellGame.focus`` (a dict of
    plain values, as the engine gives it: the registry's ``focus_png``)."""
    return focus_png(view, Focus(unit=focus.get("unit"), path=tuple(focus.get("path") or ()),
                                 targets=tuple(focus.get("targets") or ()), battle=focus.get("battle")), locale)
