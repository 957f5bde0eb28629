"""Hoch und höher as plain text: the image's alt text and the terminal board.

Everything in this game is public, so the text tells the whole view. The words
live here and the image renderer borrows the short ones, so both speak alike.
"""

from __future__ import annotations

from functools import lru_cache

from engines.hoch_und_hoeher.model import PAWNS, STONES, TEAM_B, TEAM_G, TEAM_PAWNS, PawnView, View
from engines.i18n import FALLBACK, LOCALES, Catalog, locale_dir

#: Shapes of the pawns in the picture, echoed in the text.
SHAPES = {"blue": "●", "brown": "■", "yellow": "▲", "green": "◆"}
MAX_SCORE = STONES  # all stones under one pawn

#: The words of the board text and the image:
#: ``render/locale/<lang>/LC_MESSAGES/render-hoch-und-hoeher.po``.
WORDS = Catalog("render-hoch-und-hoeher", locale_dir(__file__))


@lru_cache(maxsize=None)
def _words(locale: str) -> dict[str, object]:
    return WORDS.table(locale)


def words(locale: str) -> dict[str, object]:
    """The word table of ``locale``, English for anything unknown."""
    return _words(locale if locale in LOCALES else FALLBACK)


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
