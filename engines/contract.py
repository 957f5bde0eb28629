"""The engine contract every game implements (version 2).

An engine is a set of pure functions over pydantic models: no I/O, no clock, no
global randomness (all of it comes from the seeded generator kept in the state
as ``rng``). The bot, the terminal player, the renderer and the tests talk to a
game only through the names below, so a new game plugs in by subclassing
:class:`Engine` and registering itself (see :mod:`engines.registry`).

The verbs
---------
Seats are numbered from 0.

- ``setup(seats, seed, options)`` -> state; ``options`` are validated by the
  game's ``Options`` model (see *Options* below).
- ``to_act(state)``: the seats whose decision is awaited. Several at once is a
  simultaneous (usually secret) decision, or several independent questions.
- ``legal_actions(state, seat)``: the choices of that seat, each a small value
  (a pydantic model); ``apply(state, seat, action)`` -> (new state, events);
  anything not legal raises :class:`IllegalAction` with a message key.
- ``view(state, seat)``: the state redacted for one seat (``None``: a
  spectator). Hidden information never leaves the engine any other way.
- ``result(state)``: ``None`` while the game runs.
- ``prompt(state, seat)``: what is asked of a seat (or what it waits for).

Declared view header
--------------------
Every view carries a :class:`Header` (``view.header``): the seats to act, whose
turn it is in words, the scores (or ``None`` for a game that keeps none while
it runs), a round/stage label, the eliminated seats and whether the game is
over. Outside the game's own renderer and text modules nothing else of a view
is read.

Decisions
---------
``decisions(state)`` describes each awaited decision as a :class:`Decision`:

- ``kind``: ``turn`` (the player whose turn it is), ``simultaneous`` (secret
  choices revealed together), ``reaction`` (a question to a player who is not
  on turn: block, flee, counter, turn the fate tile), ``setup`` (placing things
  before play starts).
- ``stage``: an opaque key of the public stage of play. A new board post is due
  when it changes (or the game ends), not on every micro-step: the active
  player's several moves of one turn share a stage, and so do the seats of one
  simultaneous decision while they choose one after the other.
- ``continues``: the seat is building a multi-step order; its private picker is
  updated in place instead of a new message per step.

``board_phase(state)`` is coarser than the stage: a new board *post* is due
when it changes; while it stays, the current board is edited in place as the
stage moves on (a game with long phases of many questions, the HellGame,
keeps one live board per phase). By default it is the stage.
``submitted(state)`` names the seats that have already given their order of
the simultaneous decision now open (never what they chose).

Choice trees
------------
A decision with more choices than fit in one menu (:data:`MAX_CHOICES`) is
offered as a sequence of small choices. Two forms exist:

- stateless: :meth:`Engine.choice_tree` groups the legal actions (by
  :meth:`Engine.group`) into branches of at most ``MAX_CHOICES`` entries; the
  picker walks the tree, nothing changes in the state until a leaf is chosen.
- an order under construction: the engine keeps a draft in its state and
  offers each step (e.g. demon -> units -> path -> confirm) as legal actions,
  with a ``back`` and a ``submit`` action; the draft is part of the seat's
  private view only, nothing is applied to the public state before ``submit``,
  and ``Decision.continues`` is set while the draft is open.

Summary events
--------------
An :class:`Event` with ``summary=True`` is a round or phase summary; the bot
posts it as a message of its own (split at Discord's limits).

Seats that leave or are eliminated
----------------------------------
``eliminated(state)`` lists seats out of the game (they are never asked
again). Every decision has an engine-defined :meth:`Engine.default_action`:
the choice made for a seat whose deadline passed, and the autopilot of a seat
whose player left a game of three or more. :meth:`Engine.is_passive` tells
whether a default action only lets the moment pass (end the turn, skip an
option), so a missed deadline never plays a whole game by itself.

Automatic answers
-----------------
:meth:`Engine.automatic` names the choice made for a seat without asking it,
or ``None`` to ask. The bot applies it at once, in the move's transaction, and
logs it as the seat's ordinary action marked "(automatic)": no message, no
mention, no picker. The rule: a question is answered automatically only when
the seat has no real choice (one legal action; a game may add questions whose
every choice only lets the moment pass, see :meth:`Engine.is_passive`), and
only when the others could tell as much from what they see. Since the answer
comes at once, automating a question whose choices hang on something only the
seat sees (a hidden hand, a secret order's draft) would show the others that
there was nothing else; so by default a secret decision is never automated,
nor is any decision of a game that sets :attr:`Engine.PRIVATE_CHOICES`.

Short decisions
---------------
:meth:`Engine.own_deadline` gives a decision that must not hold a match for
days (a counter window, say) a deadline of its own, in hours, whatever the
match's deadline setting; when it passes, the seat's default action is taken
(never a forfeit).

Undo
----
:meth:`Engine.undoable` says of one applied action whether it may be taken
back: never when it revealed a secret, showed one seat something (a drawn
card) or used chance.

Moves that lose at once
-----------------------
:meth:`Engine.loses_at_once` says whether a seat's action surely ends the
match with that seat not among the winners; the bot then asks the player to
confirm it first. It decides on determinisations only, never on the real
state, so the question shows nothing hidden.

Options
-------
Each game declares one pydantic ``Options`` model. Its fields (bools and
integers with ``ge``/``le`` ranges) become the options of ``/game new``; the
field's ``description`` is the English help text, and its German text is the
catalogue key ``option_<name>``. A field marked ``test_only`` (see
:func:`for_tests_only`) is accepted by ``setup`` but never offered to players.

Words
-----
Every text key (prompts, events, refusals, labels, header texts) is looked up
in the game's own catalogue (:attr:`Engine.messages`, which falls back to the
common one), never in another game's.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.i18n import Catalog
from engines.rng import Rng

LOCALES = ("de", "en")
#: Discord's limit of entries in one menu, and so of choices at one step.
MAX_CHOICES = 25

DecisionKind = Literal["turn", "simultaneous", "reaction", "setup"]


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
    ``summary`` marks a round or phase summary, posted as a message of its own.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = {}
    visible_to: list[int] | None = None
    summary: bool = False

    def visible_for(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class Text(BaseModel):
    """A text to be translated by the game (``Engine.text(key, params)``)."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = {}


class Prompt(Text):
    """What is asked of a seat right now (or what it is waiting for)."""

    model_config = ConfigDict(frozen=False)

    secret: bool = False


class Header(BaseModel):
    """The part of every view the bot may read (see the module docstring)."""

    to_act: list[int] = []
    #: Whose turn it is, in words ("Hölle ist am Zug"); None once over.
    turn: Text | None = None
    #: The round or stage ("Zug 12", "Schlacht 2").
    stage: Text
    #: Current scores per seat, or None for a game that keeps none while it runs.
    scores: list[int] | None = None
    eliminated: list[int] = []
    finished: bool = False


class ViewBase(BaseModel):
    """Base of every game's view model: the declared header comes first.
    Engines always fill it; the default only serves views built by hand (in
    render tests)."""

    header: Header = Field(default_factory=lambda: Header(stage=Text(key="hd_none")))


class Decision(BaseModel):
    seat: int
    kind: DecisionKind
    stage: str
    prompt: Prompt
    continues: bool = False

    @property
    def secret(self) -> bool:
        return self.prompt.secret


class Result(BaseModel):
    scores: list[int]
    winners: list[int]
    reason: str = ""

    @property
    def draw(self) -> bool:
        return len(self.winners) > 1


class Choice(BaseModel):
    """A node of a choice tree: a leaf names a legal action by its index, a
    branch holds at most :data:`MAX_CHOICES` children."""

    label: str
    index: int | None = None
    children: list["Choice"] = []


class NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")


def for_tests_only(**kwargs: Any) -> Any:
    """A ``Field`` for an option that tests and the terminal may set but that
    is never offered to players (a round cap for short test games, say)."""
    return Field(json_schema_extra={"test_only": True}, **kwargs)


class Engine(ABC):
    """Base class of every game engine; see the module docstring."""

    id: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = NoOptions
    State: ClassVar[type[BaseModel]]
    #: A pydantic model or an annotated union of models (discriminated by ``kind``).
    Action: ClassVar[Any]
    View: ClassVar[type[ViewBase]]
    Event: ClassVar[type[Event]] = Event
    #: Messages of this game (title, prompts, events, reasons, labels), German
    #: and English; falls back to the common catalogue.
    messages: ClassVar[Catalog]
    #: Keys of events that also bring their seat its private view by DM (a
    #: new hand at the start of a battle, say).
    dm_events: ClassVar[frozenset[str]] = frozenset()
    #: The key of a public event that opens a chapter of the match (a round's
    #: phase, say): the log is paged by chapter, its text the chapter's
    #: heading. None: the log is one chapter.
    chapter_event: ClassVar[str | None] = None
    #: Points of lead that make a position look clearly won (:meth:`evaluate`).
    EVAL_SCALE: ClassVar[float] = 4.0
    #: How the computer player searches this game (:mod:`engines.ai.search`):
    #: any of ``explore``, ``backup``, ``margin``, ``reuse``; empty: the defaults.
    AI_SEARCH: ClassVar[dict[str, float]] = {}
    #: ``(state, seat, action) -> bool``: actions the computer player need
    #: not try, never better than another legal one (a ``staticmethod``);
    #: None: every action is worth trying.
    ai_useless: ClassVar[Any] = None
    #: ``(engine, state, seat) -> action | None``: a rule of thumb for
    #: decisions a search cannot see the end of in its time (a ``staticmethod``;
    #: see :mod:`engines.ai.players`): the computer takes its action, in
    #: decisions and in playouts, where it gives one. It is only ever shown a
    #: determinisation of the seat's position. None: the search decides all.
    ai_policy: ClassVar[Any] = None
    #: Whether a seat's legal choices can hang on what only that seat sees (a
    #: hidden hand) outside secret decisions: then :meth:`automatic` never
    #: answers for it by default (see *Automatic answers* above).
    PRIVATE_CHOICES: ClassVar[bool] = False

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
    def view(self, state: BaseModel, seat: int | None) -> ViewBase: ...

    @abstractmethod
    def result(self, state: BaseModel) -> Result | None: ...

    @abstractmethod
    def prompt(self, state: BaseModel, seat: int) -> Prompt: ...

    def eliminated(self, state: BaseModel) -> list[int]:
        """Seats that are out of the game; none unless a game says so."""
        return []

    # -- decisions ---------------------------------------------------------

    def decisions(self, state: BaseModel) -> list[Decision]:
        """Every awaited decision, one per seat in ``to_act``."""
        stage = self.stage(state)
        return [
            Decision(
                seat=seat,
                kind=self.decision_kind(state, seat),
                stage=stage,
                prompt=self.prompt(state, seat),
                continues=self.continues(state, seat),
            )
            for seat in self.to_act(state)
        ]

    def decision_kind(self, state: BaseModel, seat: int) -> DecisionKind:
        """``turn`` for a single seat, ``simultaneous`` for several; games
        with reactions and setup decisions say so themselves."""
        return "turn" if len(self.to_act(state)) == 1 else "simultaneous"

    def stage(self, state: BaseModel) -> str:
        """The public stage of play (see the module docstring). By default:
        who is asked and whether secretly, so one player's several steps share
        a stage. Games with simultaneous decisions must override it so that
        the seats' choices one after the other keep the stage."""
        seats = self.to_act(state)
        secret = any(self.prompt(state, s).secret for s in seats)
        return f"{','.join(map(str, sorted(seats)))}|{int(secret)}"

    def board_phase(self, state: BaseModel) -> str:
        """The part of play one board post stands for (see *Decisions* in the
        module docstring): by default the stage."""
        return self.stage(state)

    def submitted(self, state: BaseModel) -> list[int]:
        """Seats whose order of the open simultaneous decision is in; none by default."""
        return []

    def continues(self, state: BaseModel, seat: int) -> bool:
        """Whether the seat is in the middle of a multi-step order."""
        return False

    def default_action(self, state: BaseModel, seat: int) -> Any:
        """The choice made for a seat that missed its deadline or left: the
        first passive legal action, else the first legal action (so games list
        cards lowest first). A game with another preference overrides this."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("not_your_turn")
        return next((a for a in legal if self.is_passive(a)), legal[0])

    def standing(self, state: BaseModel, seat: int) -> Any | None:
        """The answer the seat gave in advance to its open question (a
        standing order), or None; ``automatic`` includes it. The bot logs it
        as automatic but shows it so only to that seat: to the others it says
        the seat has standing orders. None by default."""
        return None

    def automatic(self, state: BaseModel, seat: int) -> Any | None:
        """The choice made for ``seat`` without asking it, or ``None`` to ask
        (see *Automatic answers* in the module docstring): by default the only
        legal action, when there is exactly one, the decision is not secret
        and the game's choices never hang on what only the seat sees."""
        if self.PRIVATE_CHOICES or self.prompt(state, seat).secret:
            return None
        legal = self.legal_actions(state, seat)
        return legal[0] if len(legal) == 1 else None

    def own_deadline(self, state: BaseModel, seat: int) -> float | None:
        """Hours until the seat's current decision lapses to its default
        action (see the module docstring); None: only the match's deadline."""
        return None

    # -- computer players ------------------------------------------------------

    def determinise(self, state: BaseModel, seat: int, rnd: random.Random) -> BaseModel:
        """A full state the seat cannot tell from ``state``, with everything
        it may not see drawn anew from ``rnd``: a computer player searches
        such states and never the real one. It may read of ``state`` only
        what ``view(state, seat)`` shows (and the public log): two states
        that differ only in what the seat may not see give the same result
        for the same ``rnd`` (the contract suite checks it). By default the
        only hidden thing is the future, the generator in ``state.rng``; a
        game with hidden cards or secret choices overrides this and deals
        them anew as well."""
        clone = self.load_state(self.dump_state(state))
        if hasattr(clone, "rng"):
            clone.rng = Rng.from_seed(rnd.getrandbits(64))
        return clone

    #: Determinisations :meth:`loses_at_once` tries: a handful, cheap
    #: enough for a button click.
    LOSS_SAMPLES: ClassVar[int] = 8

    def loses_at_once(self, state: BaseModel, seat: int, action: Any) -> bool:
        """Whether ``action`` of ``seat`` surely ends the match at once with
        ``seat`` not among the winners: the bot then asks the player "this
        move ends the match and you lose - really?" before applying it.

        The question must not tell the player anything they may not know
        (another seat's hidden cards or secret choice, the coming dice), nor
        may its absence. So it is not decided on ``state`` itself but only
        from what the seat may know: the action is applied to
        :attr:`LOSS_SAMPLES` determinisations of ``state`` for ``seat``
        (:meth:`determinise`: everything hidden from the seat drawn anew,
        each sample from a generator of its own, so the dice differ too),
        followed by the automatic answers it leads to, as the bot applies
        them (:func:`settle`). The answer is yes only if in every sample the
        match is then over and ``seat`` is not among the winners of its
        :class:`Result` (a shared win, such as a draw, is no loss). One
        sample in which the match goes on or the seat wins says no, so an
        ordinary move costs one determinisation and one ``apply``; an action
        a sample refuses says no too.

        Deterministic: the samples are seeded from the public stage of play
        (:meth:`stage`, :meth:`stage_label`), the seat and the action, never
        from global randomness, so the same click on the same position gets
        the same answer. A game may override this where it knows better (an
        exact test, say), reading no more of ``state`` than
        ``view(state, seat)`` shows."""
        if self.result(state) is not None:
            return False
        key = "|".join((self.id, self.stage(state), self.stage_label(state).model_dump_json(), str(seat),
                        self.dump_action(action)))
        rnd = random.Random(int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big"))
        for _ in range(self.LOSS_SAMPLES):
            sample = self.determinise(state, seat, random.Random(rnd.getrandbits(64)))
            try:
                after = settle(self, self.apply(sample, seat, action)[0])
            except IllegalAction:
                return False
            result = self.result(after)
            if result is None or seat in result.winners:
                return False
        return True

    def seat_count(self, state: BaseModel) -> int:
        """How many seats the match has: ``state.seats`` or ``state.players``
        where the state keeps it, else the game's only seat count."""
        for name in ("seats", "players"):
            value = getattr(state, name, None)
            if isinstance(value, int):
                return value
        return self.min_seats

    def evaluate(self, state: BaseModel, seat: int) -> float:
        """How good ``state`` looks for ``seat``, from 0 (lost) to 1 (won),
        for a computer player that cuts its look-ahead short: 1 or 0 for a
        finished game (a share for a draw), else 0.5 unless a game knows
        better. A game that keeps scores is judged by the lead of ``seat``
        over the best other seat, on a scale of :attr:`EVAL_SCALE` points;
        a game overrides this where it knows better (material, a race)."""
        result = self.result(state)
        if result is not None:
            return 1.0 / len(result.winners) if seat in result.winners else 0.0
        scores = self.scores(state)
        if not scores or len(scores) < 2:
            return 0.5
        lead = scores[seat] - max(v for s, v in enumerate(scores) if s != seat)
        return 1.0 / (1.0 + math.exp(-lead / self.EVAL_SCALE))

    def is_passive(self, action: Any) -> bool:
        """Whether ``action`` only lets the moment pass (see the module
        docstring); none is, unless a game says so."""
        return False

    def undoable(self, before: BaseModel, after: BaseModel, seat: int, events: list[Event]) -> bool:
        """May the action that led from ``before`` to ``after`` be taken back?
        Not when a secret decision was open, when an event showed one seat
        something, or when the random generator moved (a roll, a shuffle: the
        same seed would show it again)."""
        if any(self.prompt(before, s).secret for s in self.to_act(before)):
            return False
        if any(e.visible_to is not None for e in events):
            return False
        return getattr(before, "rng", None) == getattr(after, "rng", None)

    # -- the header ----------------------------------------------------------

    def header(self, state: BaseModel) -> Header:
        """The declared header of every view of ``state``."""
        result = self.result(state)
        to_act = self.to_act(state)
        turn = None if result is not None else Text(key="hd_to_act", params={"seats": to_act})
        return Header(
            to_act=to_act,
            turn=turn,
            stage=self.stage_label(state),
            scores=list(result.scores) if result is not None else self.scores(state),
            eliminated=self.eliminated(state),
            finished=result is not None,
        )

    @abstractmethod
    def stage_label(self, state: BaseModel) -> Text:
        """The round or stage in words, for the board heading."""

    def scores(self, state: BaseModel) -> list[int] | None:
        """Scores while the game runs, or None for a game that keeps none."""
        return None

    # -- choices -------------------------------------------------------------

    def choice_tree(self, state: BaseModel, seat: int, locale: str) -> list[Choice]:
        """The seat's legal actions as a tree of small menus: flat when they
        fit into one, else one branch per group (see :meth:`group`). A branch
        may still hold more than :data:`MAX_CHOICES` leaves, which the picker
        pages; more groups than fit are cut into consecutive runs."""
        legal = self.legal_actions(state, seat)
        leaves = [Choice(label=self.label(state, seat, a, locale), index=i) for i, a in enumerate(legal)]
        if len(leaves) <= MAX_CHOICES:
            return leaves
        groups: dict[str, list[Choice]] = {}
        for leaf, action in zip(leaves, legal):
            groups.setdefault(self.group(state, seat, action, locale), []).append(leaf)
        branches = [Choice(label=name, children=children) for name, children in groups.items()]
        if len(branches) <= MAX_CHOICES:
            return branches
        size = -(-len(branches) // MAX_CHOICES)
        return [
            Choice(label=f"{run[0].label} – {run[-1].label}", children=[leaf for b in run for leaf in b.children])
            for run in (branches[i:i + size] for i in range(0, len(branches), size))
        ]

    # -- words -------------------------------------------------------------

    @abstractmethod
    def label(self, state: BaseModel, seat: int, action: Any, locale: str) -> str:
        """A button label for ``action``, at most 80 characters."""

    @abstractmethod
    def group(self, state: BaseModel, seat: int, action: Any, locale: str) -> str:
        """The menu group of ``action`` (e.g. the die it moves), for pickers
        with more choices than fit on one row."""

    def focus(self, state: BaseModel, seat: int) -> dict[str, Any] | None:
        """The places the seat's open question concerns, for a zoomed
        picture beside its choices (the renderer's ``focus_png`` reads it),
        or None: no question, no places, or places all over the board. Only
        what the seat may see: its own choices and the public course of the
        game. None by default."""
        return None

    def card_texts(self, state: BaseModel, seat: int, locale: str) -> list[str]:
        """What the cards the seat is choosing among do, a line each, while
        its question offers cards (the picker then has a "Card texts"
        button); only what the seat may see. None by default."""
        return []

    @abstractmethod
    def seat_name(self, seat: int, locale: str) -> str:
        """What the game calls a seat ("Hölle", "Heaven", "Team B")."""

    @abstractmethod
    def rules_help(self, locale: str) -> list[str]:
        """A short rules summary as pages of Markdown text."""

    def text(self, key: str, params: dict[str, Any] | None, locale: str) -> str:
        """Translate a message key (of a prompt, event, header or IllegalAction)."""
        return self.messages.text(key, self.localise_params(params or {}, locale), locale)

    def render_text(self, text: Text, locale: str) -> str:
        return self.text(text.key, text.params, locale)

    def localise_params(self, params: dict[str, Any], locale: str) -> dict[str, Any]:
        """Turn seat numbers in message parameters into seat names."""
        out = dict(params)
        for key, value in params.items():
            if key in {"seat", "winner", "loser", "attacker", "defender", "side"} and isinstance(value, int):
                out[key] = self.seat_name(value, locale)
            elif key == "seats" and isinstance(value, list):
                out[key] = ", ".join(self.seat_name(s, locale) for s in value)
        return out

    def title(self, locale: str) -> str:
        return self.messages.text("title", {}, locale)

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


def player_options(engine: Engine) -> dict[str, Any]:
    """The option fields of a game that players may set (name -> FieldInfo)."""
    out = {}
    for name, info in engine.Options.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        if not extra.get("test_only"):
            out[name] = info
    return out


def option_bounds(info: Any) -> tuple[int | None, int | None]:
    """The ``ge``/``le`` range of an integer option field."""
    low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in info.metadata if hasattr(m, "le")), None)
    return low, high


_adapters: dict[int, TypeAdapter] = {}


def _adapter(tp: Any) -> TypeAdapter:
    key = id(tp)
    if key not in _adapters:
        _adapters[key] = TypeAdapter(tp)
    return _adapters[key]


def settle(engine: Engine, state: BaseModel, limit: int = 500) -> BaseModel:
    """``state`` after every automatic answer due in it (:meth:`Engine.automatic`),
    applied one after another, the lowest seat first, as the bot applies them."""
    for _ in range(limit):
        if engine.result(state) is not None:
            break
        answer = next(((s, a) for s in engine.to_act(state) if (a := engine.automatic(state, s)) is not None), None)
        if answer is None:
            break
        state = engine.apply(state, *answer)[0]
    return state


def clone(model: BaseModel) -> BaseModel:
    """A deep copy of a model; validating a plain dump is several times faster
    than ``model_copy(deep=True)``, which matters to engines that copy the
    state on every ``apply``."""
    return type(model).model_validate(model.model_dump())


def canonical_json(model: BaseModel) -> str:
    """A stable text form of a model, for comparing replays byte for byte."""
    return json.dumps(model.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
