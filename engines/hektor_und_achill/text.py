"""Words of Hektor und Achill: messages, button labels, menu groups, and the
names of colours, cards, heroes and stacks in German and English."""

from __future__ import annotations

from engines.hektor_und_achill import rules
from engines.hektor_und_achill.data import HOME, card_colour, card_value, hero_colour, hero_value
from engines.hektor_und_achill.model import (
    ChangeHero,
    Deploy,
    Discard,
    Front,
    Orient,
    Play,
    Retreat,
    Rotate,
    SaveHero,
    Skip,
    State,
    Upgrade,
    Vanguard,
)
from engines.i18n import COMMON, Catalog, locale_dir

#: Messages, labels, the names of sides (``side.<n>``), colours
#: (``colour.<c>``), stacks and end reasons, the title and the rules pages
#: (``rules.<n>``): ``locale/<lang>/LC_MESSAGES/hektor_und_achill.po``.
MESSAGES = Catalog("hektor_und_achill", locale_dir(__file__), parent=COMMON)


def side_name(side: int, locale: str) -> str:
    return MESSAGES.table(locale, "side")[side]


def colour_name(colour: str, locale: str) -> str:
    key = f"colour.{colour}"
    return MESSAGES.text(key, {}, locale) if key in MESSAGES else colour


def card_name(card: str, locale: str) -> str:
    """``"red3"`` -> "rot 3" / "red 3"."""
    return f"{colour_name(card_colour(card), locale)} {card_value(card)}"


def cards_name(cards: list[str], locale: str) -> str:
    return ", ".join(card_name(c, locale) for c in cards) or MESSAGES.text("nothing", {}, locale)


def hero_name(hero: str | None, locale: str) -> str:
    """``"Aias"`` -> "Aias (grün 5)"."""
    if hero is None:
        return "–"
    return f"{hero} ({colour_name(hero_colour(hero), locale)} {hero_value(hero)})"


def stack_name(stack: int, locale: str) -> str:
    if stack == HOME:
        return MESSAGES.text("stack.home", {}, locale)
    return MESSAGES.text("stack.number", {"stack": stack}, locale)


def end_reason(reason: str, locale: str) -> str:
    key = f"end_reason.{reason}"
    return MESSAGES.text(key, {}, locale) if key in MESSAGES else reason


def localise(params: dict, locale: str) -> dict:
    """Cards, heroes, colours and stacks in message parameters as words."""
    out = dict(params)
    for key, value in params.items():
        if key == "card" and isinstance(value, str):
            out[key] = card_name(value, locale)
        elif key == "cards" and isinstance(value, list):
            out[key] = cards_name(value, locale)
        elif key == "hero":
            out[key] = hero_name(value, locale)
        elif key.endswith("colour") and isinstance(value, str):
            out[key] = colour_name(value, locale)
        elif key == "stack" and isinstance(value, int):
            out[key] = stack_name(value, locale)
        elif key == "reason" and isinstance(value, str):
            out[key] = end_reason(value, locale)
    return out


def _t(key: str, locale: str, **params) -> str:
    return MESSAGES.text(key, params, locale)


def label(state: State, seat: int, action, locale: str) -> str:
    return _label(state, seat, action, locale)[:80]


def _label(state: State, seat: int, action, locale: str) -> str:
    b = state.battle
    if isinstance(action, Vanguard):
        count = len(state.stacks[seat][action.stack])
        return _t("lb_vanguard", locale, stack=stack_name(action.stack, locale), count=count)
    if isinstance(action, Front):
        homes = [side_name(s, locale) for s in (0, 1) if state.emptied[s][action.number]]
        note = ""
        if homes:
            note = f" ({' + '.join(homes)}: {stack_name(HOME, locale)})"
        return _t("lb_front", locale, number=action.number, note=note)
    if isinstance(action, Orient):
        theirs = b.fate.sides[(b.fate.sides.index(action.colour) + 2) % 4]
        return _t("lb_orient", locale, own=colour_name(action.colour, locale), theirs=colour_name(theirs, locale))
    if isinstance(action, Skip):
        return _t("lb_skip", locale)
    if isinstance(action, Discard):
        return _t("lb_discard", locale, card=card_name(action.card, locale))
    if isinstance(action, ChangeHero):
        return _t("lb_change_hero", locale, hero=hero_name(b.heroes[seat], locale))
    if isinstance(action, Deploy):
        card = card_name(b.played[seat][action.target].card, locale)
        return _t("lb_deploy", locale, hero=hero_name(b.heroes[seat], locale), card=card)
    if isinstance(action, Upgrade):
        return _t("lb_upgrade", locale, card=card_name(b.played[seat][action.target].card, locale))
    if isinstance(action, Retreat):
        extra = _t("lb_retreat_extra", locale, count=state.shame[seat]) if state.shame[seat] else ""
        return _t("lb_retreat", locale, extra=extra)
    if isinstance(action, Play):
        return _t("lb_play", locale, card=card_name(action.card, locale))
    if isinstance(action, Rotate):
        facing = (b.fate.facing + action.by) % 4
        own = b.fate.sides[(facing + 2 * seat) % 4]
        theirs = b.fate.sides[(facing + 2 * seat + 2) % 4]
        key = "lb_keep" if action.by == 0 else "lb_rotate"
        return _t(key, locale, own=colour_name(own, locale), theirs=colour_name(theirs, locale))
    if isinstance(action, SaveHero):
        hero = hero_name(rules.deployed_hero(state, seat), locale)
        return _t("lb_save" if action.save else "lb_lose_hero", locale, hero=hero)
    raise TypeError(action)


def group(state: State, seat: int, action, locale: str) -> str:
    if isinstance(action, (Vanguard, Front, Orient)):
        return _t("gr_opening", locale)
    if isinstance(action, Discard):
        return _t("gr_discard", locale)
    if isinstance(action, (ChangeHero, Deploy, SaveHero)):
        return _t("gr_hero", locale)
    if isinstance(action, Upgrade):
        return _t("gr_favour", locale)
    if isinstance(action, Play):
        return _t("gr_cards", locale)
    if isinstance(action, Rotate):
        return _t("gr_fate", locale)
    return _t("gr_action", locale)
