"""The places of Hektor und Achill's board picture, for the web view's taps.

The web page lays tap targets over the board picture; if it computed their
outlines itself, any change of the layout would make the page point beside
the picture. So the outlines come from :mod:`render.hektor_und_achill_layout`,
the numbers the picture is drawn with, in the pixels of the picture at scale 1.

The places, per side (0 the Greeks at the bottom, 1 the Trojans at the top):
the four army stacks (``stack:<side>:<n>``, 0 the home stack), the hero stack
(``heroes:<side>``), the hand's backs (``hand:<side>``), the favour and the
shame tokens (``favour:<side>``, ``shame:<side>``), the count of cards out of
the game (``out:<side>``) and the five slots of the battle line
(``slot:<side>:<i>``, 0 the vanguard); between the lines the fate tile
(``fate``); and, in a player's own view with cards in hand, that hand face up
under the board (``own_hand``). 29 places, 30 with the own hand.

Only the view is told, and it is redacted already: stacks and the other
side's hand are counts, a held hero is "a hero card". A spectator's regions
therefore never change with anybody's hand; a player's change only with their
own. The battle line's slots say what the picture shows there: the battle in
progress, or before its first card the last battle's lines.
"""

from __future__ import annotations

from engines.hektor_und_achill.data import GREEKS, TROJANS
from engines.hektor_und_achill.model import Played, View
from engines.hektor_und_achill.text import card_name, colour_name, hero_name, side_name, stack_name
from render.hektor_und_achill_layout import (
    SLOTS, STACK_X, captioned, fate_box, favour_box, hand_box, hand_strip_box, hero_stack_box, out_box, pile_box, shame_box,
    slot_box)
from render.hektor_und_achill_text import counted, locale_of, words


def rectangle(box: tuple[float, float, float, float]) -> list[list[float]]:
    """A box ``(x0, y0, x1, y1)`` as the outline of a region, clockwise."""
    x0, y0, x1, y1 = box
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def place(id_: str, box, title: str, lines: list[str]) -> dict:
    return {"id": id_, "poly": rectangle(box), "title": title, "lines": [str(line) for line in lines]}


def battle_lines(view: View) -> tuple[list[list[Played]], int | None]:
    """What the band shows: the lines of the battle in progress, or before its
    first card the last battle's (and that battle's number), as drawn."""
    r = view.report
    if r is not None and not any(s.played for s in view.sides) and any(r.played):
        return r.played, r.battle
    return [s.played for s in view.sides], None


def card_lines(p: Played, i: int, w: dict, locale: str) -> list[str]:
    text = card_name(p.card, locale)
    if p.hero:
        text = w["on"].format(hero=hero_name(p.hero, locale), card=text)
    lines = [text]
    if p.favour:
        lines.append(w["region"]["favour_on"])
    if i == 0:
        lines.append(w["png_vanguard"])
    return lines


def side_places(view: View, side: int, w: dict, locale: str) -> list[dict]:
    region, s, name = w["region"], view.sides[side], side_name(side, locale)

    def title(what: str) -> str:
        return region["of"].format(side=name, place=what)

    out = []
    for n in STACK_X:
        if s.emptied[n]:
            lines = [w["emptied"]]
        else:
            lines = [region["cards"].format(count=s.stacks[n])]
            if s.battle_stack == n:
                lines.append(w["in_battle"])
        out.append(place(f"stack:{side}:{n}", pile_box(side, n), title(stack_name(n, locale)), lines))
    lines = [region["cards"].format(count=s.hero_stack)]
    if s.heroes_lost:
        lines.append(region["heroes_lost"].format(heroes=", ".join(hero_name(h, locale) for h in s.heroes_lost)))
    out.append(place(f"heroes:{side}", captioned(hero_stack_box(side)), title(region["hero_stack"]), lines))
    lines = [region["cards"].format(count=s.hand_size)]
    if s.has_hero:
        lines.append(region["hidden_hero"])
    out.append(place(f"hand:{side}", captioned(hand_box(side)), title(w["png_hand"]), lines))
    on_cards = sum(p.favour for p in s.played)
    lines = [region["favour_held"].format(count=s.favour), region["favour_on_cards"].format(count=on_cards),
             region["favour_lost"].format(count=s.favour_lost)]
    out.append(place(f"favour:{side}", favour_box(side), title(region["favour"]), lines))
    out.append(place(f"shame:{side}", shame_box(side), title(region["shame"]),
                     [region["shame_count"].format(count=s.shame)]))
    out.append(place(f"out:{side}", out_box(side), title(w["png_out"]), [counted(s.discards, w, locale)]))
    return out


def slot_places(view: View, w: dict, locale: str) -> list[dict]:
    region = w["region"]
    lines_shown, last = battle_lines(view)
    out = []
    for side in (GREEKS, TROJANS):
        name = side_name(side, locale)
        for i in range(SLOTS):
            played = lines_shown[side]
            lines = card_lines(played[i], i, w, locale) if i < len(played) else [region["empty"]]
            if last is not None and i < len(played):
                lines.append(region["last_battle"].format(battle=last))
            title = region["of"].format(side=name, place=region["slot"].format(slot=i + 1))
            out.append(place(f"slot:{side}:{i}", slot_box(side, i), title, lines))
    return out


def fate_place(view: View, w: dict, locale: str) -> dict:
    f = view.fate
    if f is None:
        lines = [w["fate_stack"].format(count=view.fate_stack)]
    else:
        lines = [w["fate"].format(tile=f.tile, greek=colour_name(f.colour_of(GREEKS), locale),
                                  trojan=colour_name(f.colour_of(TROJANS), locale))]
    return place("fate", fate_box(), w["region"]["fate"], lines)


def board_regions(view: View, locale: str = "en") -> list[dict]:
    """Every place of the board, with its outline and what it shows."""
    w = words(locale)
    locale = locale_of(w)
    out = []
    for side in (GREEKS, TROJANS):
        out += side_places(view, side, w, locale)
    out += slot_places(view, w, locale)
    out.append(fate_place(view, w, locale))
    if view.hand is not None and (view.hand or view.hero):  # drawn under the board, as the picture does
        lines = [card_name(c, locale) for c in view.hand]
        if view.hero:
            lines.append(hero_name(view.hero, locale))
        out.append(place("own_hand", hand_strip_box(len(view.hand), bool(view.hero)), w["png_your_hand"], lines))
    return out

