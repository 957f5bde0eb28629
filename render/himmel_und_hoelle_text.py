"""Himmel und Hölle as plain text: the image's alt text and the terminal board.

Only what is in the view is told: the other side's hand and secret card are not
in a view, and a spectator's view has no hand at all. The words live here and
the image renderer borrows the short ones, so both speak alike.
"""

from __future__ import annotations

from functools import lru_cache

from engines.himmel_und_hoelle.model import COLUMNS, HEAVEN, HELL, ROWS, View
from engines.himmel_und_hoelle.text import side_names
from engines.himmel_und_hoelle.text import end_reason as reason_words
from engines.i18n import FALLBACK, LOCALES, Catalog, locale_dir

#: Grid cells: brackets echo the die shapes of the image (Hell square, Heaven round).
CELL_W = 6
EMPTY = "."

#: The words of the board text and the image:
#: ``render/locale/<lang>/LC_MESSAGES/render-himmel-und-hoelle.po``.
WORDS = Catalog("render-himmel-und-hoelle", locale_dir(__file__))


@lru_cache(maxsize=None)
def _words(locale: str) -> dict[str, object]:
    w: dict[str, object] = {"locale": locale, "side": side_names(locale)}
    w.update(WORDS.table(locale))
    return w


def words(locale: str) -> dict[str, object]:
    """The word table of ``locale``, English for anything unknown."""
    return _words(locale if locale in LOCALES else FALLBACK)


def end_reason(view: View, locale: str) -> str:
    """The reason in words; an unknown one as given (it is public anyway)."""
    return reason_words(view.end_reason, locale)


def _scores(view: View, w: dict) -> str:
    side = w["side"]
    return f"{side[HELL]} {view.scores[HELL]}, {side[HEAVEN]} {view.scores[HEAVEN]}"


def grid_lines(view: View) -> list[str]:
    cells: dict[str, list[str]] = {}
    for die in sorted(view.dice, key=lambda d: d.side):
        mark = f"[{die.value}]" if die.side == HELL else f"({die.value})"
        cells.setdefault(die.field, []).append(mark)
    lines = ["  " + " ".join(str(c).center(CELL_W) for c in COLUMNS)]
    for row in ROWS:
        marks = ("".join(cells.get(f"{row}{c}", [EMPTY])).center(CELL_W) for c in COLUMNS)
        lines.append(f"{row} " + " ".join(marks))
    return [line.rstrip() for line in lines]


def _goal_dice(view: View, side: int, w: dict) -> str:
    values = view.goal[side]
    if not values:
        return str(w["empty"])
    first_filled = len(values) - view.filled[side]
    shown = ", ".join(f"{v}*" if i >= first_filled else str(v) for i, v in enumerate(values))
    return w["goal_dice"].format(values=shown, total=sum(values))


def _dice_in_play(view: View, side: int, w: dict) -> str:
    own = [d for d in view.dice if d.side == side]
    own.sort(key=lambda d: (int(d.field[1:]), d.field[0]))
    return ", ".join(f"{d.field} ({d.value})" for d in own) or str(w["none"])


def _cards(values: list[int], w: dict) -> str:
    return ", ".join(str(v) for v in sorted(values)) or str(w["none"])


def _reveal(view: View, w: dict) -> str:
    r = view.last_reveal
    assert r is not None
    parts = []
    for side in (HELL, HEAVEN):
        key = "reveal_side" if r.counted[side] == r.cards[side] else "reveal_bad"
        parts.append(
            w[key].format(side=w["side"][side], die=r.dice[side], card=r.cards[side], value=r.values[side])
        )
    return w["reveal"].format(
        field=r.field, round=r.round, hell=parts[HELL], heaven=parts[HEAVEN], winner=w["side"][r.winner]
    )


def board_text(view: View, locale: str) -> str:
    w = words(locale)
    side, subject = w["side"], w["subject"]
    lines = [w["title"].format(turn=view.turn)]
    if view.seat is not None:
        lines.append(w["you_play"].format(side=side[view.seat]))
    if not view.over:
        ap_word = w["ap_word"][0 if view.ap == 1 else 1]
        lines.append(w["to_move"].format(subject=subject[view.active], ap=view.ap, ap_word=ap_word))
    lines.append(w["legend"])
    lines.append(w["play_area"])
    lines += grid_lines(view)
    for key, starter in (("left", HELL), ("right", HEAVEN)):
        lines.append(
            w[key].format(
                start=w["start_of"][starter],
                count=view.start[starter],
                goal=w["goal_of"][1 - starter],
                dice=_goal_dice(view, 1 - starter, w),
            )
        )
    if any(view.filled):
        lines.append(w["filled_note"])
    lines.append(w["dice_in_play"].format(hell=_dice_in_play(view, HELL, w), heaven=_dice_in_play(view, HEAVEN, w)))
    lines.append(w["score"].format(hell=view.scores[HELL], heaven=view.scores[HEAVEN]))
    lines.append(w["cards"].format(hell=view.hand_sizes[HELL], heaven=view.hand_sizes[HEAVEN]))
    lines.append(w["removed"].format(hell=_cards(view.removed[HELL], w), heaven=_cards(view.removed[HEAVEN], w)))
    if view.hand is not None and view.seat is not None:
        lines.append(w["hand"].format(cards=_cards(view.hand, w)))
    c = view.conflict
    if c is not None:
        lines.append(
            w["conflict"].format(
                field=c.field, round=c.round, attacker=side[c.attacker], defender=side[1 - c.attacker]
            )
        )
        chosen = [w["yes"] if c.chosen[s] else w["not_yet"] for s in (HELL, HEAVEN)]
        lines.append(w["chosen"].format(hell=chosen[HELL], heaven=chosen[HEAVEN]))
        if c.own_card is not None and view.seat is not None:
            lines.append(w["own_card"].format(card=c.own_card))
        if view.to_act:
            lines.append(w["waiting"].format(sides=", ".join(side[s] for s in view.to_act)))
    if view.last_reveal is not None:
        lines.append(_reveal(view, w))
    if view.pending is not None and view.pending_seat is not None:
        lines.append(w[f"pending_{view.pending}"].format(subject=subject[view.pending_seat]))
    if view.last_move:
        lines.append(w["last_move"].format(fields=" → ".join(view.last_move)))
    if view.over:
        reason = f" ({end_reason(view, locale)})" if view.end_reason else ""
        if len(view.winners) == 1:
            lines.append(w["over_win"].format(reason=reason, subject=subject[view.winners[0]], score=_scores(view, w)))
        else:
            lines.append(w["over_draw"].format(reason=reason, score=_scores(view, w)))
    return "\n".join(lines)
