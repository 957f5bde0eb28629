"""Halleluja as plain text: the image's alt text and the terminal board.

Nothing in Halleluja is hidden, so every viewer reads the same board; only
"you play ..." differs. The words live here and the image renderer borrows the
short ones, so both speak alike.
"""

from __future__ import annotations

from engines.halleluja.model import COLUMNS, SET_POINTS, SIZE, Stone, View
from engines.halleluja.text import ARROW_GLYPHS, COLOUR_LETTERS, COLOUR_NAMES

CELL_W = 5
EMPTY = "."

WORDS: dict[str, dict] = {
    "de": {
        "colour": COLOUR_NAMES["de"],
        "title": "Halleluja – Runde {round}/{max_rounds}",
        "you_play": "Du spielst {colour}.",
        "neutral": "Neutral: {colours}.",
        "legend": "Legende: B3 = Turm aus 3 Steinen, oben Blau als Engel; b = Teufel oben; T↑ = Zahlenplättchen, Pfeil 1 zeigt nach oben; :2 = markiert von Pfeil 2 (zieht 2 Felder).",
        "stacks": "Türme (unten → oben): {stacks}.",
        "arrows": "Plättchen auf {field}: {arrows}.",
        "arrow": "Pfeil {label} {glyph}",
        "tile_from": "Das Plättchen stand zu Beginn des Zuges auf {field}.",
        "marks": "Markiert: {marks}.",
        "mark": "Pfeil {arrow} → {field} ({status})",
        "status": {
            "waiting": "wartet", "moved": "gezogen", "left": "stehen gelassen", "stuck": "kann nicht ziehen",
            "skipped": "übersprungen",
        },
        "current": "Jetzt: Pfeil {arrow}, Stein auf {field}, entscheidet {seat}.",
        "player": "{colour}: {score} Punkte = Sätze [{sets}] + Leiter {ladder} (Stufe {step}); geschlagen: {captured}.",
        "none": "nichts",
        "out": "Aus dem Spiel (von neutralen Steinen geschlagen): {stones}.",
        "phase": {
            "place_tile": "Aufbau: {seat} legt das Zahlenplättchen.",
            "orient_tile": "Aufbau: {seat} richtet das Zahlenplättchen aus.",
            "place_tower": "Aufbau: {seat} setzt einen Turm ({colour}, noch {left}).",
            "tile": "{seat} ist am Zug und bewegt das Plättchen (1. Aktion).",
            "tile_more": "{seat} ist am Zug: 2. Aktion für das Plättchen oder fertig.",
            "stones": "{seat} ist am Zug; markierte Steine ziehen.",
        },
        "last_move": "Letzter Zug: {fields}.",
        "over_win": "Spielende ({reason}): {colour} gewinnt – {scores}.",
        "over_draw": "Spielende ({reason}): Gleichstand zwischen {colours} – {scores}.",
        # short labels of the image
        "png_to_move": "{seat} ist am Zug",
        "png_decides": "{seat} entscheidet",
        "png_turn_of": "Zug von {seat}",
        "png_round": "Runde {round}/{max_rounds}",
        "png_setup": "Aufbau",
        "png_you": "(du)",
        "png_ladder": "Himmelsleiter",
        "png_sets": "Sätze",
        "png_captured": "Geschlagen",
        "png_neutral": "neutral",
        "png_out": "Aus dem Spiel",
        "png_over": "Spielende",
        "png_wins": "{seat} gewinnt",
        "png_draw": "Gleichstand",
        "png_place_tile": "Plättchen legen",
        "png_orient_tile": "Plättchen ausrichten: wohin zeigt Pfeil 1?",
        "png_place_tower": "Turm ({colour}) setzen – noch {left}",
        "png_tile": "Plättchen bewegen: 1. Aktion",
        "png_tile_more": "Plättchen: 2. Aktion oder fertig",
        "png_stone": "Pfeil {arrow}: {seat} zieht Stein auf {field} ({arrow} Felder)",
        "png_points": "Pkt.",
        "png_ladder_short": "Leiter",
    },
    "en": {
        "colour": COLOUR_NAMES["en"],
        "title": "Halleluja – round {round}/{max_rounds}",
        "you_play": "You play {colour}.",
        "neutral": "Neutral: {colours}.",
        "legend": "Legend: B3 = stack of 3 stones, Blue angel on top; b = devil on top; T↑ = number tile, arrow 1 points up; :2 = marked by arrow 2 (moves 2 fields).",
        "stacks": "Stacks (bottom → top): {stacks}.",
        "arrows": "Tile on {field}: {arrows}.",
        "arrow": "arrow {label} {glyph}",
        "tile_from": "At the start of the turn the tile stood on {field}.",
        "marks": "Marked: {marks}.",
        "mark": "arrow {arrow} → {field} ({status})",
        "status": {
            "waiting": "waiting", "moved": "moved", "left": "left", "stuck": "cannot move", "skipped": "skipped",
        },
        "current": "Now: arrow {arrow}, the stone on {field}, {seat} decides.",
        "player": "{colour}: {score} points = sets [{sets}] + ladder {ladder} (step {step}); captured: {captured}.",
        "none": "nothing",
        "out": "Out of the game (taken by neutral stones): {stones}.",
        "phase": {
            "place_tile": "Setup: {seat} places the number tile.",
            "orient_tile": "Setup: {seat} turns the number tile.",
            "place_tower": "Setup: {seat} places a tower ({colour}, {left} to go).",
            "tile": "{seat} to move: tile, first action.",
            "tile_more": "{seat} to move: a second tile action or done.",
            "stones": "{seat} to move; the marked stones move.",
        },
        "last_move": "Last move: {fields}.",
        "over_win": "Game over ({reason}): {colour} wins – {scores}.",
        "over_draw": "Game over ({reason}): a tie between {colours} – {scores}.",
        "png_to_move": "{seat} to move",
        "png_decides": "{seat} decides",
        "png_turn_of": "{seat}'s turn",
        "png_round": "Round {round}/{max_rounds}",
        "png_setup": "Setup",
        "png_you": "(you)",
        "png_ladder": "Heaven ladder",
        "png_sets": "Sets",
        "png_captured": "Captured",
        "png_neutral": "neutral",
        "png_out": "Out of the game",
        "png_over": "Game over",
        "png_wins": "{seat} wins",
        "png_draw": "Tie",
        "png_place_tile": "place the tile",
        "png_orient_tile": "turn the tile: where does arrow 1 point?",
        "png_place_tower": "place a tower ({colour}) – {left} to go",
        "png_tile": "Move the tile: first action",
        "png_tile_more": "Tile: second action or done",
        "png_stone": "Arrow {arrow}: {seat} moves the stone on {field} ({arrow} fields)",
        "png_points": "pts",
        "png_ladder_short": "ladder",
    },
}

REASONS = {
    "de": {
        "two_colours": "nur noch zwei Farben", "no_angels": "kein Engel mehr obenauf",
        "one_player": "nur noch ein Spieler hat Steine", "rounds": "Rundenlimit",
    },
    "en": {
        "two_colours": "only two colours left", "no_angels": "no angel on top",
        "one_player": "only one player has stones", "rounds": "round limit",
    },
}


def words(locale: str) -> dict:
    """The word table of ``locale``, English for anything unknown."""
    return WORDS.get(locale, WORDS["en"])


def end_reason(view: View, locale: str) -> str:
    return REASONS.get(locale, REASONS["en"]).get(view.end_reason, view.end_reason)


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
