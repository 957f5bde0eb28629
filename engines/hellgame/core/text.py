"""Words of The HellGame: one catalogue per rule module (``hellgame_<module>``)
chained under the game's own (``hellgame``: title, header, seats, rules help),
and the names of sectios, demons, lieutenants and cards for message
parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.hellgame.core import data
from engines.hellgame.core.model import PHASES
from engines.i18n import COMMON, Catalog, po_path

#: The game's translations lie beside the package, not beside this module.
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
#: The rule modules' domains, looked up after the game's own.
MODULE_DOMAINS = ("hellgame_actions", "hellgame_movement", "hellgame_combat", "hellgame_economy", "hellgame_end", "hellgame_cards", "hellgame_magic", "hellgame_warcraft", "hellgame_freebooters", "hellgame_lilith", "hellgame_uriel", "hellgame_spells")


def _chain() -> Catalog:
    parent = COMMON
    for domain in reversed(MODULE_DOMAINS):
        if po_path(LOCALE_DIR, domain, "en").exists():
            parent = Catalog(domain, LOCALE_DIR, parent=parent)
    return Catalog("hellgame", LOCALE_DIR, parent=parent)


MESSAGES = _chain()

#: Parameters that name a location, a demon card, a lieutenant, an arcana card.
SECTIO_KEYS = {"sectio", "to", "from", "at", "origin", "target_sectio"}
DEMON_KEYS = {"demon", "old", "target_demon", "caster"}


def sectio_name(index: int, locale: str) -> str:
    if index == data.ANTEHELL:
        return MESSAGES.text("antehell", {}, locale)
    return data.SECTIOS[index].name


def sectio_label(index: int, locale: str) -> str:
    """The short name printed on the board (a path's ways in a button label)."""
    if index == data.ANTEHELL:
        return MESSAGES.text("antehell", {}, locale)
    return data.SECTIOS[index].label


def spell_text(key: str, locale: str) -> str:
    """What a major spell does, in words (``hellgame_spells``; every spell has them)."""
    return MESSAGES.text(f"spell.{key}", {}, locale)


def card_line(card: int, locale: str) -> str:
    """One card of a hand and what its major spell does."""
    major = data.MAJORS[data.ARCANA[card].major]
    params = localise({"card": card, "spell": major.name, "effect": spell_text(major.key, locale)}, locale)
    return MESSAGES.text("card_text_line", params, locale)


def card_name(card: int) -> str:
    return data.ARCANA[card].name


def seat_name(seat: int, locale: str) -> str:
    """Players are told apart by colour and symbol (hellgame.md)."""
    return MESSAGES.text(f"seat.{seat}", {}, locale)


#: The standing rules of :mod:`engines.hellgame.phases.action.orders` in one
#: label: per parameter, the words of its first and second choice.
RULE_TEXTS = {"rule_entry": ("lb_rule_block", "lb_rule_let_pass"),
              "rule_send": ("lb_rule_send_best", "lb_rule_send_none"),
              "rule_avoid": ("lb_rule_avoid", "lb_rule_no_avoid")}


def localise(params: dict[str, Any], locale: str) -> dict[str, Any]:
    """Numbers that name things become names (seats are done by the engine)."""
    out = dict(params)
    for key, value in params.items():
        if key in SECTIO_KEYS and isinstance(value, int):
            out[key] = sectio_name(value, locale)
        elif key in SECTIO_KEYS | {"sectios"} and isinstance(value, list) and all(isinstance(v, int) for v in value):
            out[key] = ", ".join(sectio_name(v, locale) for v in value)
        elif key == "via" and isinstance(value, list) and all(isinstance(v, int) for v in value):
            out[key] = ", ".join(sectio_label(v, locale) for v in value)  # a path's ways: the board's short names
        elif key in DEMON_KEYS and isinstance(value, int):
            out[key] = data.DEMONS[value].name
        elif key == "lt" and isinstance(value, int):
            out[key] = data.LIEUTENANTS[value].name
        elif key == "card" and isinstance(value, int):
            out[key] = card_name(value)
        elif key == "cards" and isinstance(value, list):
            out[key] = ", ".join(card_name(c) for c in value) or "–"
        elif key == "hell" and isinstance(value, int):
            out[key] = data.EVENTS[data.HELL_CARDS[value].event].name
        elif key == "rolls" and isinstance(value, list):
            out[key] = ", ".join(str(v) for v in value) or "–"
        elif key == "phase" and isinstance(value, (str, int)):  # a name, or its index in PHASES (events)
            out[key] = MESSAGES.text(f"phase.{PHASES[value] if isinstance(value, int) else value}", {}, locale)
        elif key in RULE_TEXTS and value in (0, 1):
            out[key] = MESSAGES.text(RULE_TEXTS[key][value], {}, locale)
    return out
