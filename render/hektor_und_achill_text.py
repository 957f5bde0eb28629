"""Hektor und Achill as plain text: the image's alt text and the terminal board.

Only what is in the view is told: the other side's hand and hero and the order
of every stack are not in a view, and a spectator's view has no hand at all.
Colours are always written out as words, so nothing depends on seeing them.
The words live here and the image renderer borrows the short ones.
"""

from __future__ import annotations

from collections import Counter

from engines.hektor_und_achill.data import GREEKS, HOME, TROJANS, sort_cards
from engines.hektor_und_achill.model import Played, SideView, View
from engines.hektor_und_achill.text import card_name, cards_name, colour_name, hero_name, side_name

WORDS: dict[str, dict[str, object]] = {
    "de": {
        "title": "Hektor und Achill – Kampf {battle}",
        "you_play": "Du spielst die {side}.",
        "attacker": "Angreifer: {side}.",
        "stacks_fight": "Gekämpft wird mit den Stapeln {number}.",
        "fate": "Schicksal {tile}: Griechen {greek}, Trojaner {trojan}.",
        "fate_stack": "Schicksals-Plättchen im Stapel: {count}.",
        "phase": {
            "vanguard": "Die {side} decken die Vorhut auf (Stapel wählen).",
            "front": "Die {side} wählen die Stapelnummer (Vorhut 4).",
            "orient": "Die {side} legen das Schicksals-Plättchen aus.",
            "action": "Die {side} sind am Zug: Einzelzug {turn}/4, Aktion.",
            "card": "Die {side} sind am Zug: Einzelzug {turn}/4, Karte ausspielen.",
            "fate": "Die {side} dürfen das Schicksal drehen.",
            "save_hero": "Die {side} entscheiden: Helden mit einem Gunst-Stein retten?",
        },
        "side_line": "{side}: {stacks} · Helden im Stapel {heroes} · Gunst {favour} · Schande {shame} · Hand {hand}.",
        "stack": "{name} {count}",
        "home": "Heimat",
        "emptied": "geleert",
        "in_battle": "im Kampf",
        "hand_hero": "{count} + Held",
        "hand_plain": "{count}",
        "favour_lost": "{count} ({lost} verloren)",
        "played": "  Ausgespielt: {cards} · Überlegenheit {strength}.",
        "none": "nichts",
        "vanguard": "Vorhut",
        "on": "{hero} auf {card}",
        "discards": "Aus dem Spiel – Griechen: {greek}; Trojaner: {trojan}.",
        "heroes_lost": "Verlorene Helden – Griechen: {greek}; Trojaner: {trojan}.",
        "hand": "Deine Hand: {cards}; Held: {hero}.",
        "own_score": "Deine Wertung, würde jetzt gezählt: {score}.",
        "report_won": "Kampf {battle}: die {winner} gewinnen {score}.",
        "report_retreat": "Kampf {battle}: die {loser} ziehen sich zurück, die {winner} gewinnen.",
        "report_draw": "Kampf {battle}: unentschieden {score}.",
        "report_heroes": "Helden: Griechen {greek}, Trojaner {trojan}.",
        "report_lost": "Verloren: {side} {cards}.",
        "report_hero_lost": "Held verloren: {hero}.",
        "report_hero_saved": "Held mit Gunst-Stein gerettet: {hero}.",
        "report_shame": "Schande für die {side}.",
        "report_emptied": "Geleert: {side} Stapel {numbers}.",
        "over_win": "Spielende: die {side} gewinnen den Krieg ({reason}).",
        "over_draw": "Spielende: unentschieden ({reason}).",
        "reasons": {"stacks": "Armeestapel geleert", "both": "beide zugleich geschlagen"},
        # short labels of the image
        "png_battle": "Kampf {battle}",
        "png_to_act": "{side} am Zug",
        "png_phase": {
            "vanguard": "Vorhut aufdecken",
            "front": "Stapelnummer wählen",
            "orient": "Schicksal auslegen",
            "action": "Zug {turn}/4: Aktion",
            "card": "Zug {turn}/4: Karte",
            "fate": "Schicksal drehen?",
            "save_hero": "Held retten?",
        },
        "png_over": "Spielende",
        "png_wins": "{side} gewinnen",
        "png_draw": "Unentschieden",
        "png_attacker": "Angreifer",
        "png_defender": "Verteidiger",
        "png_home": "Heimat",
        "png_emptied": "leer",
        "png_heroes": "Helden",
        "png_favour": "Gunst",
        "png_shame": "Schande",
        "png_hand": "Hand",
        "png_out": "aus dem Spiel",
        "png_last_battle": "Kampf {battle}: Wertung",
        "png_strength": "Überlegenheit",
        "png_score": "deine Wertung",
        "png_fate_left": "Schicksal im Stapel",
        "png_stacks": "Stapel {number}",
        "png_vanguard": "Vorhut",
        "png_your_hand": "Deine Hand",
        "png_you": "(du)",
    },
    "en": {
        "title": "Hector and Achilles – battle {battle}",
        "you_play": "You play the {side}.",
        "attacker": "Attacker: {side}.",
        "stacks_fight": "The stacks numbered {number} fight.",
        "fate": "Fate tile {tile}: Greeks {greek}, Trojans {trojan}.",
        "fate_stack": "Fate tiles left in the stack: {count}.",
        "phase": {
            "vanguard": "The {side} turn up their vanguard (choose a stack).",
            "front": "The {side} choose the stack number (vanguard 4).",
            "orient": "The {side} lay the fate tile.",
            "action": "The {side} to act: single turn {turn}/4, action.",
            "card": "The {side} to act: single turn {turn}/4, play a card.",
            "fate": "The {side} may turn the fate tile.",
            "save_hero": "The {side} decide: save their hero with a favour token?",
        },
        "side_line": "{side}: {stacks} · heroes in stack {heroes} · favour {favour} · shame {shame} · hand {hand}.",
        "stack": "{name} {count}",
        "home": "home",
        "emptied": "emptied",
        "in_battle": "in battle",
        "hand_hero": "{count} + hero",
        "hand_plain": "{count}",
        "favour_lost": "{count} ({lost} lost)",
        "played": "  Played: {cards} · superiority {strength}.",
        "none": "none",
        "vanguard": "vanguard",
        "on": "{hero} on {card}",
        "discards": "Out of the game – Greeks: {greek}; Trojans: {trojan}.",
        "heroes_lost": "Heroes lost – Greeks: {greek}; Trojans: {trojan}.",
        "hand": "Your hand: {cards}; hero: {hero}.",
        "own_score": "Your total if counted now: {score}.",
        "report_won": "Battle {battle}: the {winner} win {score}.",
        "report_retreat": "Battle {battle}: the {loser} retreat, the {winner} win.",
        "report_draw": "Battle {battle}: drawn {score}.",
        "report_heroes": "Heroes: Greeks {greek}, Trojans {trojan}.",
        "report_lost": "Lost: {side} {cards}.",
        "report_hero_lost": "Hero lost: {hero}.",
        "report_hero_saved": "Hero saved with a favour token: {hero}.",
        "report_shame": "Shame for the {side}.",
        "report_emptied": "Emptied: {side} stack {numbers}.",
        "over_win": "Game over: the {side} win the war ({reason}).",
        "over_draw": "Game over: a draw ({reason}).",
        "reasons": {"stacks": "army stacks emptied", "both": "both beaten at once"},
        "png_battle": "Battle {battle}",
        "png_to_act": "{side} to act",
        "png_phase": {
            "vanguard": "turn up the vanguard",
            "front": "choose the stack number",
            "orient": "lay the fate tile",
            "action": "turn {turn}/4: action",
            "card": "turn {turn}/4: card",
            "fate": "turn the fate tile?",
            "save_hero": "save the hero?",
        },
        "png_over": "Game over",
        "png_wins": "{side} win",
        "png_draw": "Draw",
        "png_attacker": "Attacker",
        "png_defender": "Defender",
        "png_home": "Home",
        "png_emptied": "empty",
        "png_heroes": "Heroes",
        "png_favour": "Favour",
        "png_shame": "Shame",
        "png_hand": "Hand",
        "png_out": "out of the game",
        "png_last_battle": "battle {battle}: total",
        "png_strength": "Superiority",
        "png_score": "your total",
        "png_fate_left": "fate tiles left",
        "png_stacks": "Stacks {number}",
        "png_vanguard": "Vanguard",
        "png_your_hand": "Your hand",
        "png_you": "(you)",
    },
}


def words(locale: str) -> dict:
    """The word table of ``locale``, English for anything unknown."""
    return WORDS.get(locale, WORDS["en"])


def locale_of(w: dict) -> str:
    return "de" if w is WORDS["de"] else "en"


def current_turn(view: View) -> int:
    return min(view.sides[view.active].turns + 1, 4)


def played_text(line: list[Played], w: dict, locale: str) -> str:
    parts = []
    for i, p in enumerate(line):
        text = card_name(p.card, locale)
        if p.hero:
            text = w["on"].format(hero=hero_name(p.hero, locale), card=text)
        if p.favour:
            text += " +1"
        if i == 0:
            text += f" ({w['vanguard']})"
        parts.append(text)
    return ", ".join(parts) or str(w["none"])


def counted(cards: list[str], w: dict, locale: str) -> str:
    """Cards grouped, in the rulebook's colour order: "rot 1 ×2, blau 4"."""
    counts = Counter(cards)
    parts = []
    for card in sort_cards(list(counts)):
        n = counts[card]
        parts.append(card_name(card, locale) + (f" ×{n}" if n > 1 else ""))
    return ", ".join(parts) or str(w["none"])


def _stacks(side: SideView, w: dict) -> str:
    parts = []
    for n in (HOME, 1, 2, 3):
        name = w["home"] if n == HOME else str(n)
        if side.emptied[n]:
            count = w["emptied"]
        else:
            count = str(side.stacks[n])
            if side.battle_stack == n:
                count += f" ({w['in_battle']})"
        parts.append(w["stack"].format(name=name, count=count))
    return ", ".join(parts)


def side_lines(view: View, side: int, w: dict, locale: str) -> list[str]:
    s = view.sides[side]
    favour = str(s.favour) if not s.favour_lost else w["favour_lost"].format(count=s.favour, lost=s.favour_lost)
    hand = (w["hand_hero"] if s.has_hero else w["hand_plain"]).format(count=s.hand_size)
    lines = [
        w["side_line"].format(
            side=side_name(side, locale), stacks=_stacks(s, w), heroes=s.hero_stack, favour=favour, shame=s.shame,
            hand=hand,
        )
    ]
    if s.played:
        lines.append(w["played"].format(cards=played_text(s.played, w, locale), strength=s.strength))
    return lines


def report_lines(view: View, w: dict, locale: str) -> list[str]:
    r = view.report
    if r is None:
        return []
    lines = []
    if r.winner is None:
        score = f"{r.scores[0]}:{r.scores[1]}" if r.scores else ""
        lines.append(w["report_draw"].format(battle=r.battle, score=score))
    elif r.retreat:
        lines.append(w["report_retreat"].format(
            battle=r.battle, winner=side_name(r.winner, locale), loser=side_name(1 - r.winner, locale)))
    else:
        score = f"{r.scores[r.winner]}:{r.scores[1 - r.winner]}" if r.scores else ""
        lines.append(w["report_won"].format(battle=r.battle, winner=side_name(r.winner, locale), score=score))
    if any(r.heroes):
        lines.append(w["report_heroes"].format(
            greek=hero_name(r.heroes[GREEKS], locale), trojan=hero_name(r.heroes[TROJANS], locale)))
    for side in (GREEKS, TROJANS):
        if r.lost[side]:
            lines.append(w["report_lost"].format(side=side_name(side, locale), cards=cards_name(r.lost[side], locale)))
    if r.hero_lost:
        lines.append(w["report_hero_lost"].format(hero=hero_name(r.hero_lost, locale)))
    if r.hero_saved:
        lines.append(w["report_hero_saved"].format(hero=hero_name(r.hero_saved, locale)))
    if r.shame_taken and r.winner is not None:
        lines.append(w["report_shame"].format(side=side_name(1 - r.winner, locale)))
    for side in (GREEKS, TROJANS):
        if r.emptied[side]:
            numbers = ", ".join(str(n) for n in r.emptied[side])
            lines.append(w["report_emptied"].format(side=side_name(side, locale), numbers=numbers))
    return lines


def status_line(view: View, w: dict, locale: str) -> str:
    if view.over:
        reason = w["reasons"].get(view.end_reason, view.end_reason)
        if len(view.winners) == 1:
            return w["over_win"].format(side=side_name(view.winners[0], locale), reason=reason)
        return w["over_draw"].format(reason=reason)
    return w["phase"][view.phase].format(side=side_name(view.active, locale), turn=current_turn(view))


def board_text(view: View, locale: str) -> str:
    w = words(locale)
    lines = [w["title"].format(battle=view.battle_no)]
    if view.seat is not None:
        lines.append(w["you_play"].format(side=side_name(view.seat, locale)))
    lines.append(status_line(view, w, locale))
    lines.append(w["attacker"].format(side=side_name(view.attacker, locale)))
    if view.number is not None:
        lines.append(w["stacks_fight"].format(number=view.number))
    if view.fate is not None:
        lines.append(w["fate"].format(
            tile=view.fate.tile, greek=colour_name(view.fate.colour_of(GREEKS), locale),
            trojan=colour_name(view.fate.colour_of(TROJANS), locale)))
    for side in (TROJANS, GREEKS):
        lines += side_lines(view, side, w, locale)
    if view.hand is not None:
        lines.append(w["hand"].format(cards=cards_name(view.hand, locale), hero=hero_name(view.hero, locale)))
        if view.own_score is not None:
            lines.append(w["own_score"].format(score=view.own_score))
    lines += report_lines(view, w, locale)
    discards = [counted(view.sides[s].discards, w, locale) for s in (GREEKS, TROJANS)]
    lines.append(w["discards"].format(greek=discards[GREEKS], trojan=discards[TROJANS]))
    if any(view.sides[s].heroes_lost for s in (GREEKS, TROJANS)):
        lost = [", ".join(view.sides[s].heroes_lost) or str(w["none"]) for s in (GREEKS, TROJANS)]
        lines.append(w["heroes_lost"].format(greek=lost[GREEKS], trojan=lost[TROJANS]))
    lines.append(w["fate_stack"].format(count=view.fate_stack))
    return "\n".join(lines)
