"""Words of Himmel und Hölle: messages, button labels and menu groups."""

from __future__ import annotations

from engines.himmel_und_hoelle import rules
from engines.himmel_und_hoelle.model import (
    Boost,
    EndTurn,
    Enter,
    Finish,
    Lower,
    Move,
    Pass,
    Play,
    Raise,
    Return,
    Slide,
    State,
    allowed_card,
)
from engines.i18n import COMMON, Catalog, locale_dir

#: Messages, labels, the names of the sides (``side.<n>``) and end reasons,
#: the title and the rules pages (``rules.<n>``):
#: ``locale/<lang>/LC_MESSAGES/himmel_und_hoelle.po``.
MESSAGES = Catalog("himmel_und_hoelle", locale_dir(__file__), parent=COMMON)


def side_name(side: int, locale: str) -> str:
    return MESSAGES.table(locale, "side")[side]


def side_names(locale: str) -> tuple[str, ...]:
    """Both sides' names, Hell first."""
    return MESSAGES.table(locale, "side")


def end_reason(reason: str, locale: str) -> str:
    key = f"end_reason.{reason}"
    return MESSAGES.text(key, {}, locale) if key in MESSAGES else reason


def _t(key: str, locale: str, **params) -> str:
    return MESSAGES.text(key, params, locale)


def _value(state: State, side: int, field: str) -> int:
    die = rules.die_at(state, side, field)
    return die.value if die else 0


def label(state: State, seat: int, action, locale: str) -> str:
    text = _label(state, seat, action, locale)
    side = getattr(action, "side", seat)
    if state.pending == "bonus" and not isinstance(action, Pass):
        text = f"{side_name(side, locale)}: {text}"
    return text[:80]


def _label(state: State, seat: int, action, locale: str) -> str:
    if isinstance(action, Enter):
        return _t("lb_enter", locale, field=action.to)
    if isinstance(action, Return):
        return _t("lb_return", locale, field=action.at)
    if isinstance(action, Finish):
        return _t("lb_finish", locale, field=action.at, value=_value(state, action.side, action.at))
    if isinstance(action, Raise):
        v = _value(state, action.side, action.at)
        return _t("lb_raise", locale, field=action.at, value=v, next=v + 1)
    if isinstance(action, Move):
        return _t("lb_move", locale, src=action.src, dst=action.dst)
    if isinstance(action, Lower):
        v = _value(state, seat, action.at)
        return _t("lb_lower", locale, field=action.at, value=v, next=v - 1)
    if isinstance(action, Slide):
        v = _value(state, seat, action.src)
        return _t("lb_slide", locale, src=action.src, dst=action.dst, value=v, next=v - 1)
    if isinstance(action, Play):
        die = _value(state, seat, state.conflict.field) if state.conflict else 0
        key = "lb_card" if allowed_card(die, action.card) else "lb_card_bad"
        return _t(key, locale, card=action.card)
    if isinstance(action, Boost):
        v = _value(state, seat, action.at)
        return _t("lb_boost", locale, field=action.at, value=v, next=v + 1)
    if isinstance(action, Pass):
        return _t("lb_pass", locale)
    if isinstance(action, EndTurn):
        return _t("lb_end", locale)
    raise TypeError(action)


def group(state: State, seat: int, action, locale: str) -> str:
    if isinstance(action, Play):
        return _t("gr_cards", locale)
    if isinstance(action, (Pass, EndTurn)):
        return _t("gr_turn", locale)
    side = getattr(action, "side", seat)
    prefix = f"{side_name(side, locale)}: " if state.pending == "bonus" else ""
    if isinstance(action, Enter):
        return prefix + _t("gr_start", locale, count=state.start[side])
    field = action.src if isinstance(action, (Move, Slide)) else action.at
    return prefix + _t("gr_die", locale, field=field, value=_value(state, side, field))
