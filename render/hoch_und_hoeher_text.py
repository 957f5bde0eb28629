"""Hoch und höher as plain text: the image's alt text and the terminal board.

Everything in this game is public, so the text tells the whole view. The words
live here and the image renderer borrows the short ones, so both speak alike.
"""

from __future__ import annotations

from engines.hoch_und_hoeher.model import PAWNS, STONES, TEAM_B, TEAM_G, TEAM_PAWNS, PawnView, View

#: Shapes of the pawns in the picture, echoed in the text.
SHAPES = {"blue": "●", "brown": "■", "yellow": "▲", "green": "◆"}
MAX_SCORE = STONES  # all stones under one pawn

WORDS: dict[str, dict[str, object]] = {
    "de": {
        "team": ("Team B", "Team G"),
        "pawn": {"blue": "Blau", "brown": "Braun", "yellow": "Gelb", "green": "Grün"},
        "tag": {"blue": "Bl", "brown": "Br", "yellow": "Ge", "green": "Gr"},
        "title": "Hoch und höher – Zug {turn}",
        "mode": ("Solo", "zu zweit"),
        "hierarchy": "Variante Hierarchie",
        "daily": "Tagesaufgabe",
        "you_play": "Du spielst {team} ({pawns}).",
        "you_play_solo": "Du spielst alle vier Pöppel.",
        "to_move": "{team} ist am Zug und hat eine {roll} gewürfelt.",
        "to_move_solo": "Gewürfelt: {roll}.",
        "towers": "Türme (Nummer: Höhe):",
        "choices": "Mit der {roll} – Pöppel setzen auf: {place}; Turm versetzen: {move} (auf jeden anderen Turm ohne Pöppel).",
        "none": "–",
        "unplaced": "Noch nicht gesetzt – {parts}.",
        "nobody": "keiner",
        "score": "Punkte – {parts}.",
        "pawn_on": "{pawn} {points} (T{tower})",
        "pawn_void": "{pawn} 0 statt {height} (T{tower})",
        "pawn_off": "{pawn} –",
        "solo_score": "{total} von {max}",
        "rule_team": "Hierarchie: {follower} steht höher als {leader} – nur {leader} zählt.",
        "rule_solo": "Hierarchie: {pawn} steht höher als {above} – 0 Punkte.",
        "dieoff": "Auswürfeln: {rounds} → {team} beginnt.",
        "last_place": "Letzter Zug{who}: {pawn} auf Turm {tower} (Höhe {height}).",
        "last_stack": "Letzter Zug{who}: Turm {src} ({src_height}){with} auf Turm {dst} ({dst_height}) – jetzt {height} hoch.",
        "with": " mit {pawn}",
        "no_move": "Mit der {roll} ist kein Zug möglich.",
        "over_win": "Spielende: {team} gewinnt {b}:{g}.",
        "over_tiebreak": "Spielende: Gleichstand {b}:{g} – {team} gewinnt mit dem besten Pöppel ({best}).",
        "over_draw": "Spielende: unentschieden {b}:{g}.",
        "over_solo": "Spielende: {total} von {max} Punkten.",
        # short labels of the image
        "png_turn": "Zug {turn}",
        "png_to_move": "{team} ist am Zug",
        "png_solo_turn": "Dein Zug",
        "png_over": "Spielende",
        "png_wins": "{team} gewinnt",
        "png_draw": "Unentschieden",
        "png_roll": "Wurf",
        "png_last_roll": "letzter Wurf",
        "png_you": "(du)",
        "png_unplaced": "nicht gesetzt",
        "png_void": "→ 0",
        "png_legal": "mit der {roll} wählbar",
        "png_last": "letzter Zug",
        "png_no_move": "Mit der {roll} kein Zug möglich",
        "png_tiebreak": "Gleichstand: {team} hat den besten Pöppel ({best})",
        "png_hierarchy": "Hierarchie",
        "png_rule_ok": "eingehalten",
        "png_rule_team": "{follower} > {leader}, nur {leader} zählt",
        "png_rule_solo": "{pawns} → 0 Punkte",
        "png_above": "{pawn} > {above}",
        "png_score": "Punkte",
    },
    "en": {
        "team": ("Team B", "Team G"),
        "pawn": {"blue": "blue", "brown": "brown", "yellow": "yellow", "green": "green"},
        "tag": {"blue": "Bl", "brown": "Br", "yellow": "Ye", "green": "Gn"},
        "title": "Hoch und höher – turn {turn}",
        "mode": ("solo", "two players"),
        "hierarchy": "hierarchy variant",
        "daily": "daily challenge",
        "you_play": "You play {team} ({pawns}).",
        "you_play_solo": "You play all four pawns.",
        "to_move": "{team} to move, rolled a {roll}.",
        "to_move_solo": "Rolled: {roll}.",
        "towers": "Towers (number: height):",
        "choices": "With the {roll} – place a pawn on: {place}; move a tower: {move} (onto any other tower without a pawn).",
        "none": "–",
        "unplaced": "Not placed yet – {parts}.",
        "nobody": "none",
        "score": "Score – {parts}.",
        "pawn_on": "{pawn} {points} (T{tower})",
        "pawn_void": "{pawn} 0 instead of {height} (T{tower})",
        "pawn_off": "{pawn} –",
        "solo_score": "{total} of {max}",
        "rule_team": "Hierarchy: {follower} stands higher than {leader} – only {leader} scores.",
        "rule_solo": "Hierarchy: {pawn} stands higher than {above} – 0 points.",
        "dieoff": "Die-off: {rounds} → {team} begins.",
        "last_place": "Last move{who}: {pawn} onto tower {tower} (height {height}).",
        "last_stack": "Last move{who}: tower {src} ({src_height}){with} onto tower {dst} ({dst_height}) – now {height} high.",
        "with": " with {pawn}",
        "no_move": "No move is possible with the {roll}.",
        "over_win": "Game over: {team} wins {b}:{g}.",
        "over_tiebreak": "Game over: a tie {b}:{g} – {team} wins with the best pawn ({best}).",
        "over_draw": "Game over: a draw {b}:{g}.",
        "over_solo": "Game over: {total} of {max} points.",
        "png_turn": "Turn {turn}",
        "png_to_move": "{team} to move",
        "png_solo_turn": "Your move",
        "png_over": "Game over",
        "png_wins": "{team} wins",
        "png_draw": "Draw",
        "png_roll": "Roll",
        "png_last_roll": "last roll",
        "png_you": "(you)",
        "png_unplaced": "not placed",
        "png_void": "→ 0",
        "png_legal": "can be chosen with the {roll}",
        "png_last": "last move",
        "png_no_move": "No move possible with the {roll}",
        "png_tiebreak": "Tie: {team} has the best pawn ({best})",
        "png_hierarchy": "Hierarchy",
        "png_rule_ok": "kept",
        "png_rule_team": "{follower} > {leader}, only {leader} scores",
        "png_rule_solo": "{pawns} → 0 points",
        "png_above": "{pawn} > {above}",
        "png_score": "Score",
    },
}


def words(locale: str) -> dict[str, object]:
    """The word table of ``locale``, English for anything unknown."""
    return WORDS.get(locale, WORDS["en"])


def seat_pawns(view: View, seat: int) -> list[PawnView]:
    return [p for p in view.pawns if p.owner == seat]


def voided(pawn: PawnView) -> bool:
    """Placed, but the hierarchy variant takes its points away."""
    return pawn.tower is not None and pawn.points != pawn.height


def team_breaches(view: View) -> list[tuple[str, str]]:
    """(follower, leader) of each team whose follower stands above its leader."""
    if not view.hierarchy or view.players != 2:
        return []
    h = {p.colour: p.height for p in view.pawns}
    return [(f, lead) for lead, f in TEAM_PAWNS.values() if h[f] > h[lead]]


def solo_breaches(view: View) -> list[tuple[str, str]]:
    """(pawn, first pawn before it that stands lower) of the solo hierarchy."""
    if not view.hierarchy or view.players != 1:
        return []
    h = {p.colour: p.height for p in view.pawns}
    out = []
    for i, pawn in enumerate(PAWNS):
        lower = [a for a in PAWNS[:i] if h[pawn] > h[a]]
        if lower:
            out.append((pawn, lower[0]))
    return out


def dieoff_rounds(view: View, w: dict) -> str:
    team = w["team"]
    return "; ".join(f"{team[TEAM_B]} {r[TEAM_B]}, {team[TEAM_G]} {r[TEAM_G]}" for r in view.dieoff)


def _ids(ids: list[int], w: dict) -> str:
    return ", ".join(f"T{i}" for i in ids) or str(w["none"])


def _pawn_score(p: PawnView, w: dict) -> str:
    name = w["pawn"][p.colour]
    if p.tower is None:
        return w["pawn_off"].format(pawn=name)
    if voided(p):
        return w["pawn_void"].format(pawn=name, height=p.height, tower=p.tower)
    return w["pawn_on"].format(pawn=name, points=p.points, tower=p.tower)


def last_move(view: View, w: dict) -> str:
    m = view.last
    assert m is not None
    who = f" ({w['team'][m.seat]})" if view.players == 2 else ""
    if m.kind == "place":
        return w["last_place"].format(who=who, pawn=w["pawn"][m.pawn], tower=m.dst, height=m.height)
    carried = w["with"].format(pawn=w["pawn"][m.pawn]) if m.pawn else ""
    return w["last_stack"].format(
        who=who, src=m.src, src_height=m.src_height, dst=m.dst, dst_height=m.dst_height,
        height=m.height, **{"with": carried},
    )


def outcome(view: View, w: dict) -> str:
    if view.players == 1:
        return w["over_solo"].format(total=view.scores[TEAM_B], max=MAX_SCORE)
    b, g = view.scores
    if len(view.winners) > 1:
        return w["over_draw"].format(b=b, g=g)
    team = w["team"][view.winners[0]]
    if view.tiebreak:
        best = max(p.points for p in seat_pawns(view, view.winners[0]))
        return w["over_tiebreak"].format(team=team, b=b, g=g, best=best)
    return w["over_win"].format(team=team, b=b, g=g)


def board_text(view: View, locale: str) -> str:
    w = words(locale)
    team, pawn = w["team"], w["pawn"]
    mode = [w["mode"][view.players - 1]]
    if view.hierarchy:
        mode.append(w["hierarchy"])
    if view.daily:
        mode.append(w["daily"])
    lines = [w["title"].format(turn=view.turn) + " · " + " · ".join(mode)]
    if view.seat is not None:
        if view.players == 1:
            lines.append(w["you_play_solo"])
        else:
            names = ", ".join(f"{pawn[p.colour]} {SHAPES[p.colour]}" for p in seat_pawns(view, view.seat))
            lines.append(w["you_play"].format(team=team[view.seat], pawns=names))
    if not view.over:
        if view.players == 1:
            lines.append(w["to_move_solo"].format(roll=view.roll))
        else:
            lines.append(w["to_move"].format(team=team[view.active], roll=view.roll))
    lines.append(w["towers"])
    parts = []
    for t in view.towers:
        mark = f" {pawn[t.pawn]} {SHAPES[t.pawn]}" if t.pawn else ""
        parts.append(f"T{t.id}: {t.height}{mark}")
    lines.append(" · ".join(parts))
    if not view.over:
        place = [t.id for t in view.towers if t.placeable]
        move = [t.id for t in view.towers if t.movable]
        lines.append(w["choices"].format(roll=view.roll, place=_ids(place, w), move=_ids(move, w)))
    seats = range(view.players)
    unplaced = []
    for s in seats:
        names = ", ".join(pawn[p.colour] for p in seat_pawns(view, s) if p.tower is None) or str(w["nobody"])
        unplaced.append(f"{team[s]}: {names}" if view.players == 2 else names)
    lines.append(w["unplaced"].format(parts="; ".join(unplaced)))
    scores = []
    for s in seats:
        detail = ", ".join(_pawn_score(p, w) for p in seat_pawns(view, s))
        total = w["solo_score"].format(total=view.scores[s], max=MAX_SCORE) if view.players == 1 else view.scores[s]
        scores.append(f"{team[s]} {total} ({detail})" if view.players == 2 else f"{total} ({detail})")
    lines.append(w["score"].format(parts="; ".join(scores)))
    for follower, leader in team_breaches(view):
        lines.append(w["rule_team"].format(follower=pawn[follower], leader=pawn[leader]))
    for p, above in solo_breaches(view):
        lines.append(w["rule_solo"].format(pawn=pawn[p], above=pawn[above]))
    if view.dieoff:
        lines.append(w["dieoff"].format(rounds=dieoff_rounds(view, w), team=team[view.starter]))
    if view.last is not None:
        lines.append(last_move(view, w))
    if view.over:
        lines.append(w["no_move"].format(roll=view.roll))
        lines.append(outcome(view, w))
    return "\n".join(lines)
