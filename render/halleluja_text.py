"""Halleluja as plain text: the image's alt text and the terminal board.

Nothing in Halleluja is hidden, so every viewer reads the same board; only
"you play ..." differs. The words live here and the image renderer borrows the
short ones, so both speak alike.
"""

from __future__ import annotations

from functools import lru_cache

from engines.halleluja.model import COLUMNS, SET_POINTS, SIZE, Stone, View
from engines.halleluja.text import ARROW_GLYPHS, COLOUR_LETTERS, colour_names
from engines.i18n import FALLBACK, LOCALES, Catalog, locale_dir

CELL_W = 5
EMPTY = "."

#: The words of the board text and the image:
#: ``render/locale/<lang>/LC_MESSAGES/render-halleluja.po``.
WORDS = Catalog("render-halleluja", locale_dir(__file__))


@lru_cache(maxsize=None)
def _words(locale: str) -> dict:
    w = WORDS.table(locale)
    w["colour"] = colour_names(locale)
    return w


def words(locale: str) -> dict:
    """The word table of ``locale``, English for anything unknown."""
    return _words(locale if locale in LOCALES else FALLBACK)


def end_reason(view: View, locale: str) -> str:
    return words(locale)["reason"].get(view.end_reason, view.end_reason)


def stone_code(stone: Stone) -> str:
    """A stone as one letter: its colour's letter, upper case for an angel."""
    letter = COLOUR_LETTERS[stone.colour]
    return letter if stone.angel else letter.lower()


def set_sum(sets: list[list[int]], points: int) -> str:
    """"2×7 + 1×3 = 17" from a grouping (a set's points follow from its size)."""
    counts: dict[int, int] = {}
    for group in sets:
        counts[SET_POINTS[len(group)]] = counts.get(SET_POINTS[len(group)], 0) + 1
    parts = [f"{n}×{value}" for value, n in sorted(counts.items(), reverse=True)]
    if not parts:
        return "0"
    if parts == ["1×" + str(points)]:
        return str(points)
    return f"{' + '.join(parts)} = {points}"


def set_sum_short(sets: list[list[int]], points: int) -> str:
    """"7+3+1 = 11", or counted ("3×7+2×1 = 23") when there are many sets."""
    values = [SET_POINTS[len(group)] for group in sets]
    if len(values) <= 1:
        return str(points)
    if len(values) <= 4:
        return f"{'+'.join(map(str, values))} = {points}"
    return set_sum(sets, points).replace(" + ", "+")


def set_list(sets: list[list[int]], points: int) -> str:
    """"OBV (7), BV (3), B (1) = 11": every set by its colours' letters."""
    if not sets:
        return "0"
    parts = [f"{''.join(COLOUR_LETTERS[c] for c in group)} ({SET_POINTS[len(group)]})" for group in sets]
    return f"{', '.join(parts)} = {points}"


def decider(view: View) -> int | None:
    return view.to_act[0] if view.to_act else None


def grid_lines(view: View) -> list[str]:
    cells: dict[str, str] = {}
    for st in view.stacks:
        cells[st.field] = f"{stone_code(st.stones[-1])}{len(st.stones)}"
    if view.tile is not None:
        cells[view.tile] = "T" + ARROW_GLYPHS[view.facing]
    for mark in view.marks:
        if mark.field is not None and mark.field in cells:
            cells[mark.field] += f":{mark.arrow}"
    lines = ["  " + "".join(c.center(CELL_W) for c in COLUMNS)]
    for r in range(SIZE):
        marks = "".join(cells.get(f"{c}{r + 1}", EMPTY).center(CELL_W) for c in COLUMNS)
        lines.append(f"{r + 1} " + marks)
    return [line.rstrip() for line in lines]


def _captured(view: View, seat: int, w: dict) -> str:
    parts = [f"{n}× {w['colour'][c]}" for c, n in enumerate(view.captured[seat]) if n]
    return ", ".join(parts) or w["none"]


def _scores(view: View, w: dict) -> str:
    return ", ".join(f"{w['colour'][p]} {view.scores[p]}" for p in range(view.seats))


def board_text(view: View, locale: str) -> str:
    w = words(locale)
    colour = w["colour"]
    lines = [w["title"].format(round=view.round, max_rounds=view.max_rounds)]
    if view.seat is not None:
        lines.append(w["you_play"].format(colour=colour[view.seat]))
    who = decider(view)
    if not view.over and who is not None:
        line = w["phase"][view.phase]
        actor = view.active if view.phase in ("tile", "tile_more", "stones") else who
        lines.append(
            line.format(seat=colour[actor], colour=colour[view.next_tower] if view.next_tower is not None else "", left=view.towers_left)
        )
    if view.seats < len(colour):
        lines.append(w["neutral"].format(colours=", ".join(colour[c] for c in range(view.seats, len(colour)))))
    lines.append(w["legend"])
    lines += grid_lines(view)
    tall = [st for st in view.stacks if len(st.stones) > 1]
    if tall:
        lines.append(w["stacks"].format(stacks="; ".join(f"{st.field} {' '.join(stone_code(s) for s in st.stones)}" for st in tall)))
    if view.tile is not None:
        arrows = ", ".join(w["arrow"].format(label=a.label, glyph=ARROW_GLYPHS[a.direction]) for a in view.arrows)
        lines.append(w["arrows"].format(field=view.tile, arrows=arrows))
    if view.tile_from is not None and view.tile_from != view.tile:
        lines.append(w["tile_from"].format(field=view.tile_from))
    marked = [m for m in view.marks if m.field is not None]
    if marked:
        listed = "; ".join(w["mark"].format(arrow=m.arrow, field=m.field, status=w["status"][m.status]) for m in marked)
        lines.append(w["marks"].format(marks=listed))
    if view.current_arrow is not None and who is not None:
        mark = next(m for m in view.marks if m.arrow == view.current_arrow)
        lines.append(w["current"].format(arrow=mark.arrow, field=mark.field, seat=colour[who]))
    for p in range(view.seats):
        lines.append(
            w["player"].format(
                colour=colour[p],
                score=view.scores[p],
                sets=set_list(view.sets[p], view.set_points[p]),
                step=view.ladder[p],
                ladder=view.ladder_points[p],
                captured=_captured(view, p, w),
            )
        )
    if any(view.out):
        lines.append(w["out"].format(stones=", ".join(f"{n}× {colour[c]}" for c, n in enumerate(view.out) if n)))
    if view.last_move:
        lines.append(w["last_move"].format(fields=" → ".join(view.last_move)))
    if view.over:
        reason = end_reason(view, locale)
        if len(view.winners) == 1:
            lines.append(w["over_win"].format(reason=reason, colour=colour[view.winners[0]], scores=_scores(view, w)))
        else:
            names = ", ".join(colour[p] for p in view.winners)
            lines.append(w["over_draw"].format(reason=reason, colours=names, scores=_scores(view, w)))
    return "\n".join(lines)
