"""Words of Hoch und höher: messages, button labels and menu groups."""

from __future__ import annotations

from typing import Any

from engines.hoch_und_hoeher import rules
from engines.hoch_und_hoeher.model import Place, Stack, State
from engines.i18n import COMMON, Catalog, locale_dir

#: Messages, labels, the team names (``team.<n>``), pawn colours
#: (``pawn.<c>``), the title and the rules pages (``rules.<n>``):
#: ``locale/<lang>/LC_MESSAGES/hoch_und_hoeher.po``.
MESSAGES = Catalog("hoch_und_hoeher", locale_dir(__file__), parent=COMMON)


def team_name(seat: int, locale: str) -> str:
    return MESSAGES.table(locale, "team")[seat]


def pawn_name(pawn: str, locale: str) -> str:
    key = f"pawn.{pawn}"
    return MESSAGES.text(key, {}, locale) if key in MESSAGES else pawn


def localise(params: dict[str, Any], locale: str) -> dict[str, Any]:
    """Pawn colours into words, and the "(with blue)" of a tower carrying one."""
    out = dict(params)
    if "pawn" in params:
        pawn = params["pawn"]
        out["pawn"] = pawn_name(pawn, locale) if pawn else ""
        # Appended to a tower that carries a pawn: " mit Gelb".
        out["with"] = MESSAGES.text("with_pawn", {"pawn": out["pawn"]}, locale) if pawn else ""
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
