"""Board pictures and text boards, dispatched by game id.

Each game registers the dotted names of its view model and of its two render
functions. They are imported on first use only, so a broken or heavy renderer
of one game never affects another, and the bot starts without loading Pillow
fonts for games nobody plays.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from typing import Any, Callable

from pydantic import BaseModel

__all__ = ["board_png", "board_text", "games", "hand_png"]


@dataclass(frozen=True)
class _Renderer:
    view: str  # "module:Class", the pydantic View of the game
    png: str  # "module:function", (view, locale) -> PNG bytes
    text: str  # "module:function", (view, locale) -> str
    hand: str | None = None  # "module:function", a picture of a seat's own hand, for games with hands


_REGISTRY: dict[str, _Renderer] = {
    "himmel-und-hoelle": _Renderer(
        view="engines.himmel_und_hoelle.model:View",
        png="render.himmel_und_hoelle:board_png",
        text="render.himmel_und_hoelle_text:board_text",
    ),
    "hoch-und-hoeher": _Renderer(
        view="engines.hoch_und_hoeher.model:View",
        png="render.hoch_und_hoeher:board_png",
        text="render.hoch_und_hoeher_text:board_text",
    ),
    "halleluja": _Renderer(
        view="engines.halleluja.model:View",
        png="render.halleluja:board_png",
        text="render.halleluja_text:board_text",
    ),
    "hektor-und-achill": _Renderer(
        view="engines.hektor_und_achill.model:View",
        png="render.hektor_und_achill:board_png",
        text="render.hektor_und_achill_text:board_text",
        hand="render.hektor_und_achill:hand_png",
    ),
}


def games() -> list[str]:
    """The game ids that can be rendered."""
    return list(_REGISTRY)


@lru_cache(maxsize=None)
def _load(dotted: str) -> Any:
    module, _, name = dotted.partition(":")
    return getattr(import_module(module), name)


def _renderer(game_id: str) -> _Renderer:
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise ValueError(f"no renderer for game {game_id!r}; known: {', '.join(games())}") from None


def _view(renderer: _Renderer, view: Any) -> BaseModel:
    """Accept the model itself, its dict form, or its JSON text."""
    model: type[BaseModel] = _load(renderer.view)
    if isinstance(view, model):
        return view
    if isinstance(view, BaseModel):
        view = view.model_dump()
    if isinstance(view, (str, bytes, bytearray)):
        view = json.loads(view)
    return model.model_validate(view)


def board_png(game_id: str, view: Any, locale: str = "en") -> bytes:
    """The board of ``view`` as PNG bytes (labels in ``locale``: "de" or "en")."""
    renderer = _renderer(game_id)
    draw: Callable[..., bytes] = _load(renderer.png)
    return draw(_view(renderer, view), locale)


def board_text(game_id: str, view: Any, locale: str) -> str:
    """The board of ``view`` as plain text, for alt text and the terminal."""
    renderer = _renderer(game_id)
    describe: Callable[..., str] = _load(renderer.text)
    return describe(_view(renderer, view), locale)


def hand_png(game_id: str, view: Any, locale: str = "en") -> bytes | None:
    """A seat's own hand as PNG bytes, or ``None`` for a game without hands."""
    renderer = _renderer(game_id)
    if renderer.hand is None:
        return None
    draw: Callable[..., bytes] = _load(renderer.hand)
    return draw(_view(renderer, view), locale)
