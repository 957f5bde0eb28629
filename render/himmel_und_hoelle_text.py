"""Himmel und Hölle as plain text: the image's alt text and the terminal board.

Only what is in the view is told: the other side's hand and secret card are not
in a view, and a spectator's view has no hand at all. The words live here and
the image renderer borrows the short ones, so both speak alike.
"""

from __future__ import annotations

from engines.himmel_und_hoelle.model import COLUMNS, HEAVEN, HELL, ROWS, View
from engines.himmel_und_hoelle.text import SIDE_NAMES
from engines.himmel_und_hoelle.text import end_reason as reason_words

#: Grid cells: brackets echo the die shapes of the image (Hell square, Heaven round).
CELL_W = 6
EMPTY = "."

WORDS: dict[str, dict[str, object]] = {
    "de": {
        "locale": "de",
        "side": SIDE_NAMES["de"],
        "subject": ("Die Hölle", "Der Himmel"),
        "start_of": ("Startfeld der Hölle", "Startfeld des Himmels"),
        "goal_of": ("Zielfeld der Hölle", "Zielfeld des Himmels"),
        "title": "Himmel und Hölle – Zug {turn}",
        "you_play": "Du spielst {side}.",
        "to_move": "{subject} ist am Zug, noch {ap} {ap_word}.",
        "ap_word": ("Aktionspunkt", "Aktionspunkte"),
        "legend": "Legende: [4] = Würfel der Hölle, (4) = Würfel des Himmels, Zahl = Augen; [4](2) = Konflikt.",
        "play_area": "Spielbereich:",
        "left": "Links – {start}: {count} Würfel; {goal}: {dice}.",
        "right": "Rechts – {start}: {count} Würfel; {goal}: {dice}.",
        "goal_dice": "{values} (Summe {total})",
        "filled_note": "* = am Ende aufgefüllte 6",
        "empty": "leer",
        "none": "keine",
        "dice_in_play": "Im Spielbereich – Hölle: {hell}; Himmel: {heaven}.",
        "score": "Punkte: Hölle {hell}, Himmel {heaven}.",
        "cards": "Karten auf der Hand: Hölle {hell}, Himmel {heaven}.",
        "removed": "Gespielte Karten – Hölle: {hell}; Himmel: {heaven}.",
        "hand": "Deine Karten: {cards}.",
        "conflict": "Konflikt auf {field} (Runde {round}): Angreifer {attacker}, Verteidiger {defender}.",
        "chosen": "Karte gewählt – Hölle: {hell}; Himmel: {heaven}.",
        "yes": "ja",
        "not_yet": "noch nicht",
        "own_card": "Deine Karte: {card}.",
        "waiting": "Warten auf: {sides}.",
        "reveal": "Letzte Konfliktrunde ({field}, Runde {round}): {hell}; {heaven}. Sieger: {winner}.",
        "reveal_side": "{side} Würfel {die} + Karte {card} = {value}",
        "reveal_bad": "{side} Würfel {die} + Karte {card} (nicht erlaubt, zählt 0) = {value}",
        "pending_bonus": "Offen: {subject} setzt den Bonus-Aktionspunkt ein oder lässt ihn verfallen.",
        "pending_boost": "Offen: {subject} dreht einen anderen eigenen Würfel um 1 hoch.",
        "last_move": "Letzter Zug: {fields}.",
        "over_win": "Spielende{reason}: {subject} gewinnt – {score}.",
        "over_draw": "Spielende{reason}: unentschieden – {score}.",
        # short labels of the image
        "png_turn": "Zug {turn}",
        "png_to_move": "{side} ist am Zug",
        "png_conflict": "Konflikt auf {field}",
        "png_round": "Runde {round}",
        "png_waiting": "warten auf {sides}",
        "png_bonus": "{side}: Bonus-Aktionspunkt",
        "png_boost": "{side}: anderen Würfel +1",
        "png_over": "Spielende",
        "png_wins": "{side} gewinnt",
        "png_draw": "Unentschieden",
        "png_start": "Start",
        "png_goal": "Ziel",
        "png_score": "Punkte",
        "png_cards": "Karten",
        "png_played": "Gespielt",
        "png_hand": "Hand",
        "png_you": "(du)",
        "png_attacker": "Angreifer",
        "png_defender": "Verteidiger",
        "png_last_round": "Letzte Runde {field}:",
        "png_winner": "Sieger",
        "png_last_move": "Letzter Zug",
        "png_filled": "hohl: am Ende aufgefüllte 6",
    },
    "en": {
        "locale": "en",
        "side": SIDE_NAMES["en"],
        "subject": ("Hell", "Heaven"),
        "start_of": ("Hell's start field", "Heaven's start field"),
        "goal_of": ("Hell's goal field", "Heaven's goal field"),
        "title": "Himmel und Hölle – turn {turn}",
        "you_play": "You play {side}.",
        "to_move": "{subject} to move, {ap} {ap_word} left.",
        "ap_word": ("action point", "action points"),
        "legend": "Legend: [4] = Hell die, (4) = Heaven die, number = pips; [4](2) = conflict.",
        "play_area": "Play area:",
        "left": "Left – {start}: {count} dice; {goal}: {dice}.",
        "right": "Right – {start}: {count} dice; {goal}: {dice}.",
        "goal_dice": "{values} (sum {total})",
        "filled_note": "* = 6 added by the final fill-up",
        "empty": "empty",
        "none": "none",
        "dice_in_play": "In the play area – Hell: {hell}; Heaven: {heaven}.",
        "score": "Score: Hell {hell}, Heaven {heaven}.",
        "cards": "Cards in hand: Hell {hell}, Heaven {heaven}.",
        "removed": "Cards played – Hell: {hell}; Heaven: {heaven}.",
        "hand": "Your cards: {cards}.",
        "conflict": "Conflict on {field} (round {round}): attacker {attacker}, defender {defender}.",
        "chosen": "Card chosen – Hell: {hell}; Heaven: {heaven}.",
        "yes": "yes",
        "not_yet": "not yet",
        "own_card": "Your card: {card}.",
        "waiting": "Waiting for: {sides}.",
        "reveal": "Last conflict round ({field}, round {round}): {hell}; {heaven}. Winner: {winner}.",
        "reveal_side": "{side} die {die} + card {card} = {value}",
        "reveal_bad": "{side} die {die} + card {card} (not allowed, counts 0) = {value}",
        "pending_bonus": "Pending: {subject} uses the bonus action point or lets it lapse.",
        "pending_boost": "Pending: {subject} raises another own die by 1.",
        "last_move": "Last move: {fields}.",
        "over_win": "Game over{reason}: {subject} wins – {score}.",
        "over_draw": "Game over{reason}: draw – {score}.",
        "png_turn": "Turn {turn}",
        "png_to_move": "{side} to move",
        "png_conflict": "Conflict on {field}",
        "png_round": "round {round}",
        "png_waiting": "waiting for {sides}",
        "png_bonus": "{side}: bonus action point",
        "png_boost": "{side}: raise another die",
        "png_over": "Game over",
        "png_wins": "{side} wins",
        "png_draw": "Draw",
        "png_start": "Start",
        "png_goal": "Goal",
        "png_score": "Score",
        "png_cards": "Cards",
        "png_played": "Played",
        "png_hand": "Hand",
        "png_you": "(you)",
        "png_attacker": "Attacker",
        "png_defender": "Defender",
        "png_last_round": "Last round {field}:",
        "png_winner": "winner",
        "png_last_move": "Last move",
        "png_filled": "hollow: 6 added by the final fill-up",
    },
}


def words(locale: str) -> dict[str, object]:
    """The word table of ``locale``, English for anything unknown."""
    return WORDS.get(locale, WORDS["en"])


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
