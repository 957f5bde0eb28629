"""The HellGame as PNG pictures: the ring map of Hell with a side panel, and a
seat's own arcana hand. The entry points are :func:`board_png` and
:func:`hand_png`; the side panel (players, the demons' track, the permanent
events and the supply) and the hand are drawn here, the map in
:mod:`render.hellgame_map`, with the colours, symbols and text of
:mod:`render.hellgame_draw`.

The board is drawn at any scale from 1 to :data:`MAX_SCALE` (the web view
asks for 3): the map and the panel are written once, in the scale-1
picture's pixels, and a larger picture runs the same code through a
:class:`~render.hellgame_draw.Zoom`, which multiplies every coordinate and
line width and has type set at the larger size, so it stays sharp instead of
being an enlarged bitmap (the zoomed crops of :mod:`render.hellgame_crop` do
the same). Scale 1 draws on the plain surface, as it always has, so the
Discord picture stays byte for byte what it was. The tap regions of the web
view come from the same geometry (:mod:`render.hellgame_regions`).

:func:`sectio_centre` (and :func:`polar`, :func:`ring`, :func:`quarter_angle`)
is the geometry the picture is drawn with; tests sample the picture there.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.hellgame.core import data, text as game_text
from engines.hellgame.core.model import FREEBOOTERS, HandCard, View
from render.hellgame_draw import (
    ANTE, BG, FILL, GOLD, INK, LINE, MUTED, NEUTRAL, ON_FILL, PENT_BG, PENT_LINE, PENT_POINT, TINT, WHITE, Zoom, clip,
    fit, symbol, wrap, write)
from render.hellgame_draw import SHAPES, WILD  # noqa: F401  (the picture's key, read here by tests)
from render.hellgame_map import MAP, draw_beings, draw_corners, draw_last_spell, draw_map
from render.hellgame_map import (  # noqa: F401  (the geometry, here too: tests sample the picture with it)
    CX, CY, R_BAND, R_HELL, R_PENT, STRIP, polar, quarter_angle, ring, sectio_centre)
from render.hellgame_text import (
    AREAS,
    box_lines,
    demon_status,
    locale_of,
    major_name,
    minor_text,
    round_line,
    seat_name,
    stage_line,
    track_demons,
    winners_line,
    words,
)
from render.png import encode as encode_png
from render.png import palette as make_palette

# -- layout (pixels) -----------------------------------------------------------

PANEL_X = MAP + 12
WIDTH = 1680
PANEL_W = WIDTH - PANEL_X - 14
MAX_HEIGHT = 1600  # canvas; cropped to what was drawn, at least the map
TEXT_STEPS = 8
#: The largest scale a board is drawn at: 4 x 1680 px wide is already more
#: than any screen shows, and the canvas grows with its square.
MAX_SCALE = 4.0

#: What the board's parts draw on: the picture itself (scale 1) or a Zoom of it.
Surface = ImageDraw.ImageDraw | Zoom


# -- the side panel ------------------------------------------------------------------

COLUMNS = ("souls", "favour", "disfavour", "hand", "sectios", "legions")
COL_W = 56
ROW_H = 50
TRACK_ROW = 25


def heading(d: Surface, y: int, text: str) -> int:
    write(d, (PANEL_X, y + 12), text, 21, True, fill=INK, anchor="lm")
    d.line((PANEL_X, y + 27, PANEL_X + PANEL_W, y + 27), fill=LINE, width=2)
    return y + 34


def draw_header(d: Surface, view: View, w: dict, locale: str) -> int:
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


def draw_players(d: Surface, view: View, w: dict, locale: str, y: int) -> int:
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


def draw_track(d: Surface, view: View, w: dict, locale: str, y: int) -> int:
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


def draw_supply(d: Surface, view: View, w: dict, locale: str, y: int) -> int:
    y = heading(d, y, w["png_permanent"])
    for area in AREAS:
        event = view.permanent.get(area) or "–"
        write(d, (PANEL_X + 4, y + 11), w["area"][area] + ":", 17, True, fill=INK, anchor="lm")
        write(d, (PANEL_X + 110, y + 11), clip(event, 17, PANEL_W - 112), 17, fill=INK, anchor="lm")
        y += 24
    y += 6
    # The boxes' lieutenants as on the text board, wrapped below: a line per
    # box would make a busy six-player panel taller than a phone shows whole.
    boxes = "; ".join(box_lines(view, w)) or w["none"]
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


def board_png(view: View, locale: str = "en", scale: float = 1.0) -> bytes:
    """The board picture; pickers refreshed at every step of an order draw the
    same board again, so pictures of equal drawn parts are remembered.

    At ``scale`` k (1 to :data:`MAX_SCALE`) the same picture k times larger,
    round(WIDTH * k) pixels wide, with type set at k times the size; raises
    ValueError for another scale."""
    drawn = view.model_dump_json(exclude=NOT_DRAWN)
    if scale == 1.0:
        return _board_png(drawn, locale)
    if not 1.0 <= scale <= MAX_SCALE:
        raise ValueError(f"a board is drawn at a scale from 1 to {MAX_SCALE:g}, not {scale!r}")
    return _board_png_scaled(drawn, locale, float(scale))


@lru_cache(maxsize=16)
def _board_png(drawn: str, locale: str) -> bytes:
    return _draw_board(View.model_validate_json(drawn), locale)


@lru_cache(maxsize=4)
def _board_png_scaled(drawn: str, locale: str, scale: float) -> bytes:
    """A large board (the web view's, asked again at each of its refreshes
    while nothing changed); a few only: at scale 3 each is over half a megabyte."""
    return _draw_board(View.model_validate_json(drawn), locale, scale)


def _draw_board(view: View, locale: str, scale: float = 1.0) -> bytes:
    w = words(locale)
    im = Image.new("RGB", (round(WIDTH * scale), round(MAX_HEIGHT * scale)), BG)
    d: Surface = ImageDraw.Draw(im)
    if scale != 1.0:
        d = Zoom(d, scale)
    draw_map(d, view, w, locale)
    draw_corners(d, w)
    draw_last_spell(d, view, w)
    draw_beings(d, view, w)
    y = draw_header(d, view, w, locale)
    y = draw_players(d, view, w, locale, y)
    y = draw_track(d, view, w, locale, y)
    y = draw_supply(d, view, w, locale, y)
    return encode(im, round(max(MAP, y + 8) * scale))


# -- the hand ---------------------------------------------------------------------------

HAND_W = 1000
CARD_H = 154
#: The font size of what a card's major spell does (two lines at most under the spell).
EFFECT_SIZE = 16


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
    # what the major spell does, at most two lines under it (cut with "…": the whole text is in
    # the picker's "Card texts" and in /game hand)
    effect = game_text.spell_text(card.major, locale) if card.major in data.MAJORS else ""
    lines = wrap(effect, EFFECT_SIZE, x1 - 14 - tx) if effect else []
    if len(lines) > 2:
        lines = [lines[0], clip(" ".join(lines[1:]), EFFECT_SIZE, x1 - 14 - tx)]
    for i, line in enumerate(lines):
        write(d, (tx, y + 108 + 19 * i), line, EFFECT_SIZE, fill=MUTED, anchor="lm")
    if card.six:
        sx, sy = x1 - 40, y + 34
        d.ellipse((sx - 24, sy - 24, sx + 24, sy + 24), fill=GOLD, outline=INK, width=3)
        write(d, (sx, sy + 1), "6", 30, True, fill=INK, anchor="mm")


def hand_png(view: View, locale: str = "en") -> bytes:
    """The viewer's own arcana, large, for a private message: per card its
    name, soul cost, minor spell (with its places), major spell, what the
    major spell does (one line) and the 6."""
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
