"""Hektor und Achill as plain text: the image's alt text and the terminal board.

Only what is in the view is told: the other side's hand and hero and the order
of every stack are not in a view, and a spectator's view has no hand at all.
Colours are always written out as words, so nothing depends on seeing them.
The words live here and the image renderer borrows the short ones.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engines.hektor_und_achill.data import GREEKS, HOME, TROJANS, sort_cards
from engines.hektor_und_achill.model import Played, SideView, View
from engines.hektor_und_achill.text import card_name, cards_name, colour_name, hero_name, side_name
from engines.i18n import FALLBACK, LOCALES, Catalog, locale_dir

#: The words of the board text and the images:
#: ``render/locale/<lang>/LC_MESSAGES/render-hektor-und-achill.po``.
WORDS = Catalog("render-hektor-und-achill", locale_dir(__file__))


@lru_cache(maxsize=None)
def _words(locale: str) -> dict:
    return {"locale": locale, **WORDS.table(locale)}


def words(locale: str) -> dict:
    """The word table of ``locale``, English for anything unknown."""
    return _words(locale if locale in LOCALES else FALLBACK)


def locale_of(w: dict) -> str:
    return w["locale"]


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
