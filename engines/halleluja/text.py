"""Words of Halleluja: messages, button labels, menu groups and the names of
colours, faces and directions. Seats are named by their colour."""

from __future__ import annotations

from engines.halleluja import rules
from engines.halleluja.model import (
    LeaveStone,
    MoveStone,
    OrientTile,
    PlaceTile,
    PlaceTower,
    SlideTile,
    State,
    StopTile,
    TurnTile,
    step,
)
from engines.i18n import COMMON, Catalog, locale_dir

#: One letter per colour, the same in both languages (drawn on every stone).
COLOUR_LETTERS = ("O", "B", "G", "V")
ARROW_GLYPHS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}

#: Messages, labels, names of colours (``colour.<n>``), faces (``face.<f>``),
#: directions (``direction.<d>``), end reasons (``end_reason.<r>``), the title
#: and the rules pages (``rules.<n>``): ``locale/<lang>/LC_MESSAGES/halleluja.po``.
MESSAGES = Catalog("halleluja", locale_dir(__file__), parent=COMMON)


def colour_name(colour: int, locale: str) -> str:
    return colour_names(locale)[colour]


def colour_names(locale: str) -> tuple[str, ...]:
    """Every colour's name, in seat order."""
    return MESSAGES.table(locale, "colour")


def face_name(face: str, locale: str) -> str:
    return MESSAGES.table(locale, "face")[face]


def direction_name(direction: str, locale: str) -> str:
    return MESSAGES.table(locale, "direction")[direction]


def end_reason(reason: str, locale: str) -> str:
    key = f"end_reason.{reason}"
    return MESSAGES.text(key, {}, locale) if key in MESSAGES else reason


def localise(out: dict, params: dict, locale: str) -> dict:
    """Colours, faces, directions, the end reason and the score table in words
    (seat numbers are already names, see ``Engine.localise_params``)."""
    for key in ("colour", "prey", "active"):
        if isinstance(params.get(key), int):
            out[key] = colour_name(params[key], locale)
    for key in ("face", "prey_face"):
        if params.get(key) in ("angel", "devil"):
            out[key] = face_name(params[key], locale)
    if params.get("dir") in ARROW_GLYPHS:
        out["dir"] = f"{ARROW_GLYPHS[params['dir']]} {direction_name(params['dir'], locale)}"
    if "reason" in params:
        out["reason"] = end_reason(params["reason"], locale)
    if isinstance(params.get("scores"), list):
        out["scores"] = ", ".join(f"{colour_name(p, locale)} {v}" for p, v in enumerate(params["scores"]))
    return out


def _t(key: str, locale: str, **params) -> str:
    return MESSAGES.text(key, params, locale)


def label(state: State, action, locale: str) -> str:
    return _label(state, action, locale)[:80]


def _label(state: State, action, locale: str) -> str:
    if isinstance(action, PlaceTile):
        return _t("lb_place_tile", locale, field=action.field)
    if isinstance(action, OrientTile):
        return _t("lb_orient", locale, glyph=ARROW_GLYPHS[action.facing], dir=direction_name(action.facing, locale))
    if isinstance(action, PlaceTower):
        return _t("lb_place_tower", locale, field=action.field)
    if isinstance(action, SlideTile):
        dst = step(state.tile, action.direction, action.distance)
        return _t("lb_slide", locale, glyph=ARROW_GLYPHS[action.direction], distance=action.distance, dst=dst)
    if isinstance(action, TurnTile):
        return _t("lb_turn_cw" if action.clockwise else "lb_turn_ccw", locale)
    if isinstance(action, StopTile):
        return _t("lb_stop", locale)
    if isinstance(action, MoveStone):
        return _move_label(state, action, locale)
    if isinstance(action, LeaveStone):
        return _t("lb_leave", locale, field=action.field)
    raise TypeError(action)


def _move_label(state: State, action: MoveStone, locale: str) -> str:
    mark = rules.current_mark(state)
    distance = mark.arrow if mark else 1
    dst = step(action.field, action.direction, distance) or "?"
    glyph = ARROW_GLYPHS[action.direction]
    mover = rules.top(state, action.field)
    prey = rules.top(state, dst) if dst != "?" else None
    if prey is None or mover is None:
        return _t("lb_move", locale, glyph=glyph, dst=dst)
    text = _t(
        "lb_capture", locale, glyph=glyph, dst=dst,
        prey=colour_name(prey.colour, locale), prey_face=face_name("angel" if prey.angel else "devil", locale),
    )
    if mover.angel and prey.angel:
        text += _t("lb_flip", locale)
    elif mover.angel and mover.colour < state.seats:
        text += _t("lb_climb", locale)
    return text


def group(state: State, action, locale: str) -> str:
    if isinstance(action, (PlaceTile, PlaceTower)):
        return _t("gr_row", locale, row=action.field[1:])
    if isinstance(action, OrientTile):
        return _t("gr_orient", locale)
    if isinstance(action, SlideTile):
        return _t("gr_slide", locale, glyph=ARROW_GLYPHS[action.direction])
    if isinstance(action, (TurnTile, StopTile)):
        return _t("gr_turn", locale)
    return _t("gr_stone", locale, field=action.field)
