"""The places of Halleluja's board picture, for the web view's taps.

The web page lays tap targets over the board picture; if it computed their
outlines itself, any change of the layout would make the page point beside
the picture. So the outlines come from the geometry the picture is drawn with
(:func:`render.halleluja.cell_box` and ``ladder_box``), in the pixels of the
picture at scale 1.

The places: the 49 fields of the board (ids ``A1`` .. ``G7``, the engine's
names) and the nine steps of the heaven ladder (ids ``ladder:0`` ..
``ladder:8``), where the players' figures stand. Nothing in Halleluja is
hidden; a field's region tells its stack (the top stone, the stones beneath,
bottom first), the number tile and its arrows, a marker, and what the picture
marks there (a possible destination, the last move).
"""

from __future__ import annotations

from engines.halleluja.model import COLUMNS, LADDER_TOP, SIZE, Stone, View
from engines.halleluja.text import ARROW_GLYPHS, face_name
from render.halleluja import cell_box, ladder_box
from render.halleluja_text import decider, words


def rectangle(box: tuple[float, float, float, float]) -> list[list[float]]:
    """A box ``(x0, y0, x1, y1)`` as the outline of a region, clockwise."""
    x0, y0, x1, y1 = box
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def stone_name(stone: Stone, view: View, w: dict, locale: str) -> str:
    """"Blue angel" / "Engel (Blau)"; a colour nobody plays says so."""
    colour = w["colour"][stone.colour]
    if stone.colour >= view.seats:
        colour = f"{colour}, {w['png_neutral']}"
    return w["region"]["stone"].format(colour=colour, face=face_name("angel" if stone.angel else "devil", locale))


def field_lines(view: View, field: str, w: dict, locale: str) -> list[str]:
    region = w["region"]
    lines = []
    stack = next((st for st in view.stacks if st.field == field), None)
    if stack is not None and stack.stones:
        lines.append(region["top"].format(stone=stone_name(stack.stones[-1], view, w, locale)))
        if len(stack.stones) > 1:
            beneath = ", ".join(stone_name(s, view, w, locale) for s in stack.stones[:-1])
            lines.append(region["beneath"].format(count=len(stack.stones), stones=beneath))
    if view.tile == field:
        arrows = ", ".join(w["arrow"].format(label=a.label, glyph=ARROW_GLYPHS[a.direction]) for a in view.arrows)
        lines.append(w["arrows"].format(field=field, arrows=arrows))
    if view.tile_from == field and view.tile_from != view.tile:
        lines.append(w["tile_from"].format(field=field))
    for m in view.marks:
        if m.field == field:
            lines.append(w["mark"].format(arrow=m.arrow, field=field, status=w["status"][m.status]))
            who = decider(view)
            if m.arrow == view.current_arrow and who is not None:
                lines.append(w["current"].format(arrow=m.arrow, field=field, seat=w["colour"][who]))
    if field in view.targets:
        lines.append(str(region["target"]))
    if field in view.last_move:
        lines.append(str(region["last"]))
    return lines or [str(region["empty"])]


def step_lines(view: View, step: int, w: dict) -> list[str]:
    region = w["region"]
    lines = []
    for p in range(view.seats):
        if min(max(view.ladder[p], 0), LADDER_TOP) == step:  # where the picture puts the figure
            lines.append(f"{w['colour'][p]} {w['png_you']}" if view.seat == p else str(w["colour"][p]))
    return (lines or [str(region["empty"])]) + [region["step_points"].format(step=step)]


def board_regions(view: View, locale: str = "en") -> list[dict]:
    """Every field and every ladder step, with its outline and what is there."""
    w = words(locale)
    region = w["region"]
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            field = f"{COLUMNS[c]}{r + 1}"
            out.append({
                "id": field,
                "poly": rectangle(cell_box(field)),
                "title": region["field"].format(field=field),
                "lines": field_lines(view, field, w, locale),
            })
    for step in range(LADDER_TOP + 1):
        out.append({
            "id": f"ladder:{step}",
            "poly": rectangle(ladder_box(view, step)),
            "title": region["step"].format(step=step),
            "lines": step_lines(view, step, w),
        })
    return out
