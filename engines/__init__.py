"""Game engines behind one contract (see :mod:`engines.contract`), found
through the one game registry (see :mod:`engines.registry`).

>>> import engines
>>> engines.get("himmel-und-hoelle").title("de")
'Himmel und Hölle'
"""

from __future__ import annotations

from engines.contract import Engine, Event, IllegalAction, Prompt, Result
from engines.registry import game as _game
from engines.registry import games as _games

__all__ = ["Engine", "Event", "IllegalAction", "Prompt", "Result", "get", "all", "ids"]


def get(game_id: str) -> Engine:
    """The engine of ``game_id``; raises ``KeyError`` for an unknown game."""
    return _game(game_id).loaded


def all() -> list[Engine]:  # noqa: A001 - the contract names it so
    return [g.loaded for g in _games().values()]


def ids() -> list[str]:
    return list(_games())
