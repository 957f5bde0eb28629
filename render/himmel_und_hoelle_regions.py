"""The places of Himmel und Hölle's board picture, for the web view's taps.

The web page lays tap targets over the board picture; if it computed their
outlines itself, any change of the layout would make the page point beside
the picture. So the outlines come from the geometry the picture is drawn with
(:func:`render.himmel_und_hoelle.cell_box`, ``start_box``, ``goal_box``), in
the pixels of the picture at scale 1 (a larger picture is the same layout
times its scale).

The places: the 30 fields of the play area (ids ``A1`` .. ``C10``, the
engine's names) and the four fields at the ends, each side's Startfeld and
Zielfeld (ids ``start:<side>``, ``goal:<side>``, Hell 0, Heaven 1). What a
place holds is told from the view only, which is public here: dice, their
sides and pips, a conflict, the dice waiting or scored. The secret cards lie
in no place, so a hand never shows in a region.
"""

from __future__ import annotations

from engines.himmel_und_hoelle.model import COLUMNS, HEAVEN, HELL, ROWS, View
from render.himmel_und_hoelle import cell_box, goal_box, start_box
from render.himmel_und_hoelle_text import _goal_dice, words


def rectangle(box: tuple[float, float, float, float]) -> list[list[float]]:
    """A box ``(x0, y0, x1, y1)`` as the outline of a region, clockwise."""
    x0, y0, x1, y1 = box
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def field_lines(view: View, field: str, w: dict) -> list[str]:
    region = w["region"]
    dice = sorted((d for d in view.dice if d.field == field), key=lambda d: d.side)
    lines = [region["die"][d.side].format(value=d.value) for d in dice]
    c = view.conflict
    if c is not None and c.field == field:
        lines.append(region["conflict"].format(round=c.round, attacker=w["side"][c.attacker]))
    if field in view.last_move:
        lines.append(str(w["png_last_move"]))
    return lines or [str(w["empty"])]


def board_regions(view: View, locale: str = "en") -> list[dict]:
    """Every field of the board, with its outline and what lies there."""
    w = words(locale)
    region = w["region"]
    out = []
    for col in COLUMNS:
        for row in ROWS:
            field = f"{row}{col}"
            out.append({
                "id": field,
                "poly": rectangle(cell_box(field)),
                "title": region["field"].format(field=field),
                "lines": field_lines(view, field, w),
            })
    for side in (HELL, HEAVEN):
        out.append({
            "id": f"start:{side}",
            "poly": rectangle(start_box(side)),
            "title": str(w["start_of"][side]),
            "lines": [region["waiting"].format(count=view.start[side])],
        })
    for side in (HELL, HEAVEN):
        scored = view.goal[side]
        lines = [region["goal"].format(dice=_goal_dice(view, side, w)) if scored else str(w["empty"])]
        if view.filled[side]:
            lines.append(str(w["filled_note"]))
        out.append({
            "id": f"goal:{side}",
            "poly": rectangle(goal_box(side)),
            "title": str(w["goal_of"][side]),
            "lines": lines,
        })
    return out
