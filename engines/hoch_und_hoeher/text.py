"""Words of Hoch und höher: messages, button labels and menu groups."""

from __future__ import annotations

from typing import Any

from engines.hoch_und_hoeher import rules
from engines.hoch_und_hoeher.model import Place, Stack, State
from engines.i18n import COMMON, Catalog

TEAM_NAMES = ("Team B", "Team G")
PAWN_NAMES = {
    "de": {"blue": "Blau", "brown": "Braun", "yellow": "Gelb", "green": "Grün"},
    "en": {"blue": "blue", "brown": "brown", "yellow": "yellow", "green": "green"},
}
#: Appended to a tower that carries a pawn: " mit Gelb".
WITH_PAWN = {"de": " mit {pawn}", "en": " with {pawn}"}

MESSAGES = Catalog(
    {
        # reasons an action is refused
        "no_such_tower": {"de": "Einen Turm {tower} gibt es nicht (mehr).", "en": "There is no tower {tower} (any more)."},
        "not_your_pawn": {"de": "{pawn} ist nicht dein Pöppel.", "en": "The {pawn} pawn is not yours."},
        "pawn_placed": {
            "de": "{pawn} steht schon auf einem Turm; Pöppel werden nur einmal gesetzt.",
            "en": "The {pawn} pawn is already on a tower; a pawn is placed only once.",
        },
        "tower_has_pawn": {"de": "Auf Turm {tower} steht schon ein Pöppel.", "en": "Tower {tower} already has a pawn."},
        "wrong_height": {
            "de": "Turm {tower} ist {height} hoch, gewürfelt ist eine {roll}.",
            "en": "Tower {tower} is {height} high, but the roll is {roll}.",
        },
        "same_tower": {"de": "Ein Turm kann nicht auf sich selbst gesetzt werden.", "en": "A tower cannot be put onto itself."},
        "too_high": {
            "de": "Turm {tower} ist {height} hoch: Türme über 6 werden nie mehr versetzt.",
            "en": "Tower {tower} is {height} high: towers above 6 can never be moved.",
        },
        # prompts
        "pr_over": {"de": "Die Partie ist zu Ende.", "en": "The game is over."},
        "pr_wait": {"de": "Warte auf {seat} (gewürfelt: {roll}).", "en": "Waiting for {seat} (rolled: {roll})."},
        "pr_turn": {
            "de": "Du hast eine {roll} gewürfelt: setze einen Pöppel auf einen Turm der Höhe {roll} oder setze einen {roll} hohen Turm auf einen Turm ohne Pöppel.",
            "en": "You rolled a {roll}: place a pawn on a tower of height {roll}, or put a tower of height {roll} onto a tower without a pawn.",
        },
        # events
        "ev_roll": {"de": "{seat} würfelt eine {roll}.", "en": "{seat} rolls a {roll}."},
        "ev_roll_solo": {"de": "Gewürfelt: {roll}.", "en": "Rolled: {roll}."},
        "ev_place": {
            "de": "{seat} setzt {pawn} auf Turm {tower} (Höhe {height}).",
            "en": "{seat} places {pawn} on tower {tower} (height {height}).",
        },
        "ev_place_solo": {
            "de": "{pawn} kommt auf Turm {tower} (Höhe {height}).",
            "en": "{pawn} goes onto tower {tower} (height {height}).",
        },
        "ev_stack": {
            "de": "{seat} setzt Turm {src} ({src_height}){with} auf Turm {dst} ({dst_height}): jetzt {height} hoch.",
            "en": "{seat} puts tower {src} ({src_height}){with} onto tower {dst} ({dst_height}): now {height} high.",
        },
        "ev_stack_solo": {
            "de": "Turm {src} ({src_height}){with} kommt auf Turm {dst} ({dst_height}): jetzt {height} hoch.",
            "en": "Tower {src} ({src_height}){with} goes onto tower {dst} ({dst_height}): now {height} high.",
        },
        "ev_no_move": {
            "de": "Mit der {roll} hat {seat} keinen Zug: das Spiel ist zu Ende.",
            "en": "{seat} has no move for the {roll}: the game is over.",
        },
        "ev_no_move_solo": {
            "de": "Mit der {roll} ist kein Zug möglich: das Spiel ist zu Ende.",
            "en": "No move is possible with the {roll}: the game is over.",
        },
        "ev_over": {
            "de": "Endstand: Team B {score_b}, Team G {score_g}. {winner} gewinnt!",
            "en": "Final score: Team B {score_b}, Team G {score_g}. {winner} wins!",
        },
        "ev_over_tiebreak": {
            "de": "Endstand: Team B {score_b}, Team G {score_g}. Gleichstand – {winner} gewinnt mit dem besten Pöppel ({best} Punkte)!",
            "en": "Final score: Team B {score_b}, Team G {score_g}. A tie – {winner} wins with the best pawn ({best} points)!",
        },
        "ev_over_draw": {
            "de": "Endstand: Team B {score_b}, Team G {score_g}. Unentschieden!",
            "en": "Final score: Team B {score_b}, Team G {score_g}. A draw!",
        },
        "ev_over_solo": {"de": "Endstand: {score} von {max} Punkten.", "en": "Final score: {score} of {max} points."},
        # labels and groups
        "lb_place": {"de": "{pawn} auf Turm {tower} (Höhe {height})", "en": "Place {pawn} on tower {tower} (height {height})"},
        "lb_stack": {
            "de": "Turm {src} ({src_height}){with} auf Turm {dst} ({dst_height}) → {height}",
            "en": "Tower {src} ({src_height}){with} onto tower {dst} ({dst_height}) → {height}",
        },
        "gr_place": {"de": "{pawn} setzen", "en": "Place {pawn}"},
        "gr_stack": {"de": "Turm {src} (Höhe {height}){with} versetzen", "en": "Move tower {src} (height {height}){with}"},
    },
    parent=COMMON,
)


def team_name(seat: int, locale: str) -> str:
    return TEAM_NAMES[seat]


def pawn_name(pawn: str, locale: str) -> str:
    return PAWN_NAMES.get(locale, PAWN_NAMES["en"]).get(pawn, pawn)


def localise(params: dict[str, Any], locale: str) -> dict[str, Any]:
    """Pawn colours into words, and the "(with blue)" of a tower carrying one."""
    out = dict(params)
    if "pawn" in params:
        pawn = params["pawn"]
        out["pawn"] = pawn_name(pawn, locale) if pawn else ""
        fragment = WITH_PAWN.get(locale, WITH_PAWN["en"])
        out["with"] = fragment.format(pawn=out["pawn"]) if pawn else ""
    return out


def _t(key: str, locale: str, **params) -> str:
    return MESSAGES.text(key, localise(params, locale), locale)


def label(state: State, seat: int, action, locale: str) -> str:
    if isinstance(action, Place):
        t = rules.tower(state, action.tower)
        return _t("lb_place", locale, pawn=action.pawn, tower=action.tower, height=t.height if t else 0)[:80]
    if isinstance(action, Stack):
        src, dst = rules.tower(state, action.src), rules.tower(state, action.dst)
        sh, dh = (src.height if src else 0), (dst.height if dst else 0)
        return _t(
            "lb_stack", locale, src=action.src, src_height=sh, dst=action.dst, dst_height=dh,
            height=sh + dh, pawn=src.pawn if src else None,
        )[:80]
    raise TypeError(action)


def group(state: State, seat: int, action, locale: str) -> str:
    if isinstance(action, Place):
        return _t("gr_place", locale, pawn=action.pawn)
    if isinstance(action, Stack):
        src = rules.tower(state, action.src)
        return _t("gr_stack", locale, src=action.src, height=src.height if src else 0, pawn=src.pawn if src else None)
    raise TypeError(action)
