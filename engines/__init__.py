"""Game engines behind one contract (see :mod:`engines.contract`).

>>> import engines
>>> engines.get("himmel-und-hoelle").titles["de"]
'Himmel und Hölle'
"""

from __future__ import annotations

from engines.contract import Engine, Event, IllegalAction, Prompt, Result

__all__ = ["Engine", "Event", "IllegalAction", "Prompt", "Result", "get", "all", "ids"]


def _registry() -> dict[str, Engine]:
    # Imported here so that importing one engine does not import them all.
    from engines.himmel_und_hoelle import ENGINE as himmel_und_hoelle
    from engines.hoch_und_hoeher import ENGINE as hoch_und_hoeher
    from engines.halleluja import ENGINE as halleluja
    from engines.hektor_und_achill import ENGINE as hektor_und_achill

    return {e.id: e for e in (himmel_und_hoelle, hoch_und_hoeher, halleluja, hektor_und_achill)}


_ENGINES: dict[str, Engine] | None = None


def _engines() -> dict[str, Engine]:
    global _ENGINES
    if _ENGINES is None:
        _ENGINES = _registry()
    return _ENGINES


def get(game_id: str) -> Engine:
    """The engine of ``game_id``; raises ``KeyError`` for an unknown game."""
    try:
        return _engines()[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(ids())}") from None


def all() -> list[Engine]:  # noqa: A001 - the contract names it so
    return list(_engines().values())


def ids() -> list[str]:
    return list(_engines())
