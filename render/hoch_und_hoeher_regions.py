"""The places of Hoch und höher's board picture, for the web view's taps.

The web page lays tap targets over the board picture; if it computed their
outlines itself, any change of the layout would make the page point beside
the picture. So the outlines come from the geometry the picture is drawn with
(:func:`render.hoch_und_hoeher.slot_box`: a tower's slot, from the room for
its pawn down to its number), in the pixels of the picture at scale 1.

The places are the towers still standing (ids ``tower:<number>``, the
engine's tower numbers, which keep their meaning for the whole game). The
slots are centred, so they move when a tower is put onto another one; the
ids do not. Everything in this game is public; a region tells the tower's
height, the pawn on it and whose it is, and what the picture marks: that the
roll lets the tower be chosen, and that the last move ended there.
"""

from __future__ import annotations

from engines.hoch_und_hoeher.model import View
from render.hoch_und_hoeher import slot_box
from render.hoch_und_hoeher_text import words


def rectangle(box: tuple[float, float, float, float]) -> list[list[float]]:
    """A box ``(x0, y0, x1, y1)`` as the outline of a region, clockwise."""
    x0, y0, x1, y1 = box
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def board_regions(view: View, locale: str = "en") -> list[dict]:
    """Every standing tower, with the outline of its slot and what is there."""
    w = words(locale)
    region = w["region"]
    owners = {p.colour: p.owner for p in view.pawns}
    last = view.last.dst if view.last is not None else None
    out = []
    for t in view.towers:
        lines = [region["height"].format(height=t.height)]
        if t.pawn is None:
            lines.append(str(region["no_pawn"]))
        elif view.players == 1:
            lines.append(region["pawn_solo"].format(pawn=w["pawn"][t.pawn]))
        else:
            lines.append(region["pawn"].format(pawn=w["pawn"][t.pawn], team=w["team"][owners[t.pawn]]))
        if (t.movable or t.placeable) and not view.over:
            lines.append(w["png_legal"].format(roll=view.roll))
        if t.id == last:
            lines.append(str(w["png_last"]))
        out.append({
            "id": f"tower:{t.id}",
            "poly": rectangle(slot_box(view, t.id)),
            "title": region["tower"].format(tower=t.id),
            "lines": lines,
        })
    return out
