"""Board pictures and text boards, dispatched by game id through the game
registry (:mod:`engines.registry`): each game's entry names its renderers,
which are imported on first use only, so a broken or heavy renderer of one
game never affects another.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

from pydantic import BaseModel

from engines.registry import game as _game
from engines.registry import games as _games

__all__ = ["board_png", "board_regions", "board_text", "games", "hand_png"]


def games() -> list[str]:
    """The game ids that can be rendered."""
    return list(_games())


def _entry(game_id: str):
    try:
        return _game(game_id)
    except KeyError:
        raise ValueError(f"no renderer for game {game_id!r}; known: {', '.join(games())}") from None


def _view(entry, view: Any) -> BaseModel:
    """Accept the model itself, its dict form, or its JSON text."""
    model: type[BaseModel] = entry.loaded.View
    if isinstance(view, model):
        return view
    if isinstance(view, BaseModel):
        view = view.model_dump()
    if isinstance(view, (str, bytes, bytearray)):
        view = json.loads(view)
    return model.model_validate(view)


def board_png(game_id: str, view: Any, locale: str = "en", scale: float = 1.0) -> bytes:
    """The board of ``view`` as PNG bytes (labels in ``locale``: "de" or "en");
    ``scale`` > 1 draws it that many times larger, sharp (the web view), where
    the game's renderer can (:func:`scalable`)."""
    entry = _entry(game_id)
    draw = entry.renderer("board_png")
    if scale == 1.0 or not scalable(game_id):
        return draw(_view(entry, view), locale)
    return draw(_view(entry, view), locale, scale=scale)


def scalable(game_id: str) -> bool:
    """Whether the game's board can be drawn at another scale (a renderer of a
    game from elsewhere may draw at one size only: ``board_png`` then draws that)."""
    return "scale" in inspect.signature(_entry(game_id).renderer("board_png")).parameters


def board_regions(game_id: str, view: Any, locale: str = "en") -> list[dict]:
    """The places the board picture of ``view`` draws, each with its outline
    in the picture's pixels (at scale 1) and what is there; empty for a game
    whose renderer exports none."""
    entry = _entry(game_id)
    regions = entry.renderer("board_regions")
    return [] if regions is None else regions(_view(entry, view), locale)


def board_text(game_id: str, view: Any, locale: str) -> str:
    """The board of ``view`` as plain text, for alt text and the terminal."""
    entry = _entry(game_id)
    return entry.renderer("board_text")(_view(entry, view), locale)


def hand_png(game_id: str, view: Any, locale: str = "en") -> bytes | None:
    """A seat's own hand as PNG bytes, or ``None`` for a game without hands."""
    entry = _entry(game_id)
    draw = entry.renderer("hand_png")
    return None if draw is None else draw(_view(entry, view), locale)


def card_book(game_id: str, locale: str = "en") -> dict[str, str]:
    """Every card of the game by name, with its text in ``locale`` (empty
    for a game without card texts)."""
    entry = _entry(game_id)
    book = entry.renderer("card_book")
    return {} if book is None else book(locale)


def focus_png(game_id: str, view: Any, focus: dict, locale: str = "en") -> bytes | None:
    """The board around the places ``focus`` names (``Engine.focus``),
    enlarged; ``None`` for a game without such pictures."""
    entry = _entry(game_id)
    draw = entry.renderer("focus_png")
    return None if draw is None else draw(_view(entry, view), focus, locale)


def quarter_png(game_id: str, view: Any, quarter: int, locale: str = "en") -> bytes | None:
    """One quarter of the board (1-5 for the HellGame), enlarged; ``None`` for a game whose
    board has no quarters."""
    entry = _entry(game_id)
    draw = entry.renderer("quarter_png")
    return None if draw is None else draw(_view(entry, view), quarter, locale)
