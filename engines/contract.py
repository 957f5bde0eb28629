"""The engine contract every game implements.

An engine is a set of pure functions over pydantic models: no I/O, no clock, no
global randomness. The bot, the terminal player, the renderer and the tests talk
to a game only through these names, so a new game plugs in by subclassing
:class:`Engine` and registering itself in :mod:`engines`.

Seats are numbered from 0. ``to_act`` says whose decision is awaited; several
seats at once means a simultaneous (usually secret) decision.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engines.i18n import Catalog

LOCALES = ("de", "en")


class IllegalAction(Exception):
    """Raised by ``apply`` for anything not legal; carries a message key so the
    bot can tell the player why in their language."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params


class Event(BaseModel):
    """Something that happened, for announcements and the log.

    ``visible_to`` lists the seats that may see this event; ``None`` means
    everyone including spectators. A secret (a chosen card) travels only in an
    event visible to its owner until the engine reveals it in a public event.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = {}
    visible_to: list[int] | None = None

    def visible_for(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class Prompt(BaseModel):
    """What is asked of a seat right now (or what it is waiting for)."""

    key: str
    params: dict[str, Any] = {}
    secret: bool = False


class Result(BaseModel):
    scores: list[int]
    winners: list[int]
    reason: str = ""

    @property
    def draw(self) -> bool:
        return len(self.winners) > 1


class NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Engine(ABC):
    """Base class of every game engine; see the module docstring."""

    id: ClassVar[str]
    titles: ClassVar[dict[str, str]]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = NoOptions
    State: ClassVar[type[BaseModel]]
    #: A pydantic model or an annotated union of models (discriminated by ``kind``).
    Action: ClassVar[Any]
    View: ClassVar[type[BaseModel]]
    Event: ClassVar[type[Event]] = Event
    #: Messages of this game (prompts, events, reasons, labels), German and English.
    messages: ClassVar[Catalog]
    #: Keys of events that also bring their seat its private view by DM (a
    #: new hand at the start of a battle, say).
    dm_events: ClassVar[frozenset[str]] = frozenset()

    # -- rules -------------------------------------------------------------

    def check_seats(self, seats: int) -> None:
        """For ``setup``: refuse a number of seats the game is not made for."""
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction("bad_seats", min=self.min_seats, max=self.max_seats)

    @abstractmethod
    def setup(self, seats: int, seed: int, options: dict | None = None) -> BaseModel: ...

    @abstractmethod
    def to_act(self, state: BaseModel) -> list[int]: ...

    @abstractmethod
    def legal_actions(self, state: BaseModel, seat: int) -> list[Any]: ...

    @abstractmethod
    def apply(self, state: BaseModel, seat: int, action: Any) -> tuple[BaseModel, list[Event]]: ...

    @abstractmethod
    def view(self, state: BaseModel, seat: int | None) -> BaseModel: ...

    @abstractmethod
    def result(self, state: BaseModel) -> Result | None: ...

    @abstractmethod
    def prompt(self, state: BaseModel, seat: int) -> Prompt: ...

    #: Kinds of action meaning "nothing more now", preferred by ``default_action``.
    PASSIVE_KINDS: ClassVar[tuple[str, ...]] = ("end", "pass", "skip", "stop_tile", "leave_stone")

    def default_action(self, state: BaseModel, seat: int) -> Any:
        """The choice made for a seat whose deadline passed: pass or end the
        turn where that is a choice, else the first legal choice (engines list
        cards lowest first, so a secret card defaults to the lowest)."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("not_your_turn")
        for kind in self.PASSIVE_KINDS:
            for action in legal:
                if getattr(action, "kind", None) == kind:
                    return action
        return legal[0]

    # -- words -------------------------------------------------------------

    @abstractmethod
    def label(self, state: BaseModel, seat: int, action: Any, locale: str) -> str:
        """A button label for ``action``, at most 80 characters."""

    @abstractmethod
    def group(self, state: BaseModel, seat: int, action: Any, locale: str) -> str:
        """The menu group of ``action`` (e.g. the die it moves), for pickers
        with more choices than fit on one row."""

    @abstractmethod
    def seat_name(self, seat: int, locale: str) -> str:
        """What the game calls a seat ("Hölle", "Heaven", "Team B")."""

    @abstractmethod
    def rules_help(self, locale: str) -> list[str]:
        """A short rules summary as pages of Markdown text."""

    def text(self, key: str, params: dict[str, Any] | None, locale: str) -> str:
        """Translate a message key (of a prompt, event or IllegalAction)."""
        return self.messages.text(key, self.localise_params(params or {}, locale), locale)

    def localise_params(self, params: dict[str, Any], locale: str) -> dict[str, Any]:
        """Turn seat numbers in message parameters into seat names."""
        out = dict(params)
        for key, value in params.items():
            if key in {"seat", "winner", "loser", "attacker", "defender", "side"} and isinstance(value, int):
                out[key] = self.seat_name(value, locale)
        return out

    def title(self, locale: str) -> str:
        return self.titles.get(locale, self.titles["en"])

    # -- serialisation -----------------------------------------------------

    def parse_action(self, data: Any) -> Any:
        """Rebuild an action from its JSON text or its dict form."""
        adapter = _adapter(self.Action)
        if isinstance(data, (str, bytes)):
            return adapter.validate_json(data)
        return adapter.validate_python(data)

    def dump_action(self, action: Any) -> str:
        return _adapter(self.Action).dump_json(action).decode()

    def load_state(self, data: str | bytes | dict) -> BaseModel:
        if isinstance(data, dict):
            return self.State.model_validate(data)
        return self.State.model_validate_json(data)

    def dump_state(self, state: BaseModel) -> str:
        return state.model_dump_json()

    def parse_options(self, options: dict | None) -> BaseModel:
        return self.Options.model_validate(options or {})


_adapters: dict[int, TypeAdapter] = {}


def _adapter(tp: Any) -> TypeAdapter:
    key = id(tp)
    if key not in _adapters:
        _adapters[key] = TypeAdapter(tp)
    return _adapters[key]


def clone(model: BaseModel) -> BaseModel:
    """A deep copy of a model; validating a plain dump is several times faster
    than ``model_copy(deep=True)``, which matters to engines that copy the
    state on every ``apply``."""
    return type(model).model_validate(model.model_dump())


def canonical_json(model: BaseModel) -> str:
    """A stable text form of a model, for comparing replays byte for byte."""
    return json.dumps(model.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
