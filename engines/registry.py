"""The one game registry.

A game is registered once, as a :class:`Game` entry naming its engine and its
renderers; the engine in turn carries its rules help, its options model and
its message catalogue. Entries come from the packaging entry point group
``brettbote.games`` (see ``pyproject.toml``), so a game can also come from
another installed package: nothing in ``bot/`` or ``render/`` names a game.

Entries hold dotted names, imported on first use only, so listing the games
loads no renderer and a broken renderer of one game never affects another.

Engine versions: every entry carries its engine's ``version``, written into
match files (:mod:`bot.play.match_file`) so that a file is never replayed by
rules it was not played by. Any change of a game's rules that alters a replay
(the same seed and actions reaching another state, or an action legal before
refused now) bumps that game's ``version``; a change that leaves every replay
as it was (texts, pictures, speed) does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from engines.contract import Engine

ENTRY_POINT_GROUP = "brettbote.games"


def load(dotted: str) -> Any:
    """The object named by ``"package.module:attribute"``."""
    module, _, name = dotted.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class Game:
    """Where the parts of one game live (dotted ``module:attribute`` names)."""

    id: str
    #: The :class:`engines.contract.Engine` instance.
    engine: str
    #: ``(view, locale, scale=1.0) -> PNG bytes``, the board; at ``scale`` k
    #: every length and type size is k times larger (the web view's sharp
    #: picture), text drawn at that size, not an enlarged bitmap.
    board_png: str
    #: ``(view, locale) -> str``, the board as text (alt text, terminal).
    board_text: str
    #: ``(view, locale) -> PNG bytes``, a seat's own hand, for games with hands.
    hand_png: str | None = None
    #: ``(locale) -> {card name: its text}``, every card of a game with card
    #: texts (``/game rules card:``).
    card_book: str | None = None
    #: ``(view, focus, locale) -> PNG bytes``, the board around the places a
    #: question concerns (``Engine.focus``), enlarged, with them marked.
    focus_png: str | None = None
    #: ``(view, quarter, locale) -> PNG bytes``, one quarter (from 1) of the
    #: board enlarged (``/game board quarter:``), and how many the board has.
    quarter_png: str | None = None
    quarters: int = 0
    #: ``(view, locale) -> list[dict]``, the places the board picture draws,
    #: in its pixels at scale 1: ``{"id", "poly": [[x, y], ...], "title",
    #: "lines": [...]}``, what is there as the view shows it (the web view's
    #: tap targets). Computed from the geometry the picture is drawn with.
    board_regions: str | None = None
    #: Sorts the game lists (slash-command choices, ``/game help``).
    order: int = 100
    #: The engine's rules version (see the module docstring): bumped by every
    #: change of the rules that alters a replay.
    version: int = 1

    @cached_property
    def loaded(self) -> "Engine":
        engine = load(self.engine)
        if engine.id != self.id:
            raise ValueError(f"game entry {self.id!r} names an engine with id {engine.id!r}")
        return engine

    def renderer(self, part: str) -> Callable[..., Any] | None:
        dotted = getattr(self, part)
        return load(dotted) if dotted else None


_games: dict[str, Game] | None = None


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        game = point.load()
        if not isinstance(game, Game) or game.id != point.name:
            raise TypeError(f"entry point {point.name!r} of {ENTRY_POINT_GROUP!r} is not a Game with that id")
        found[game.id] = game
    if not found:
        raise RuntimeError(
            f"no games registered in the entry point group {ENTRY_POINT_GROUP!r}: install the project (pip install -e .)"
        )
    return found


def games() -> dict[str, Game]:
    """Every registered game by id, in display order."""
    global _games
    if _games is None:
        _games = _discover()
    return dict(sorted(_games.items(), key=lambda item: (item[1].order, item[0])))


def game(game_id: str) -> Game:
    try:
        return games()[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(games())}") from None


def register(entry: Game) -> None:
    """Add a game at run time (tests; a plugin normally uses the entry point)."""
    games()
    _games[entry.id] = entry


def unregister(game_id: str) -> None:
    games()
    _games.pop(game_id, None)
