"""The shared driver of the HellGame rule tests: what every test file needs
to drive a position (built with :mod:`engines.hellgame.position`) through
the procedure, and the ``rolls`` fixture.

- ``start(s)`` advances to the first question; ``answer(s, seat, do, a, b, c)``
  answers a seat's question, ``play(s, do, ...)`` the seat asked first; both
  return the events and check the words of the events and of the question
  that is open next (every prompt, label and event formats in both
  languages with its parameters); ``stop_at`` stops the procedure before a
  step as :func:`engines.hellgame.core.flow.advance` does.
- ``answer_all(s, do)``: the same answer to every open question.
- ``no_orders(s)``: a battle's standing-orders question answered by every
  seat asked with its default (no orders: asked every round, as before).
  The Action phase's standing orders are answered so by ``start`` and
  ``answer`` themselves (pass ``orders=True`` to see the question).
- ``asked``, ``ask``, ``turn``, ``legal``, ``dos``: who is asked what (the
  demon on turn by name), and the choices.
- ``passive_until(s, step)``: answer every question with its passive choice
  (a missed deadline's) until the procedure moves on to ``step``.
- ``keys``, ``event``: the events; ``demon``, ``units``: finding things.
- ``rolls``: a fixture replacing every die with a queue the test fills (a
  die the test did not queue fails it), with a log of who rolled what. A
  built position can queue dice in the state instead (``dice=[...]``,
  ``strict_dice=True``).
- ``choose(state, seat, rnd)``: a player for whole matches through the
  contract, random but leaning to the choices that make a match move
  (march on, submit orders, fight), so a few rounds show moves into
  occupied sectios, battles and petitions.
"""

from __future__ import annotations

import random
import string
from functools import lru_cache

import pytest

from engines.contract import Event
from engines.hellgame.core import board, data, dice, flow
from engines.hellgame.core.model import Action, Ask, State, Unit
from engines.hellgame.core.text import MESSAGES
from engines.hellgame.engine import ENGINE
from engines.hellgame.position import NotReached

A = Action
ACT_ORDERS = "act_orders"
LANGUAGES = ("de", "en")


# -- driving the procedure ------------------------------------------------------------------


def start(s: State, stop_at: str | None = None, words: bool = True, orders: bool = False) -> list[Event]:
    """Advance until a question is open (or ``stop_at``, a halt, the end).
    The Action phase's standing orders are answered with none (every demon
    asked as before) unless ``orders``."""
    events: list[Event] = []
    flow.advance(s, events, stop_at=stop_at)
    if not orders:
        events += _no_plans(s, stop_at, words)
    if words:
        check_words(s, events)
    return events


def answer(s: State, seat: int, do: str, a: int | None = None, b: int | None = None, c: int | None = None,
           stop_at: str | None = None, words: bool = True, orders: bool = False) -> list[Event]:
    """``seat`` answers; an Action phase this opens gets no standing orders
    (as in :func:`start`) unless ``orders``."""
    events: list[Event] = []
    planning = any(x.q == ACT_ORDERS for x in flow.open_asks(s))
    flow.answer(s, seat, Action(do=do, a=a, b=b, c=c), events, stop_at=stop_at)
    if not orders and not planning:
        events += _no_plans(s, stop_at, words)
    if words:
        check_words(s, events)
    return events


def _no_plans(s: State, stop_at: str | None, words: bool) -> list[Event]:
    """The Action phase's standing-orders question, just opened, answered by
    every seat with no orders (tests of the rules the orders only answer)."""
    events: list[Event] = []
    for x in [x for x in flow.open_asks(s) if x.q == ACT_ORDERS]:
        if not x.answered:
            flow.answer(s, x.seat, Action(do="submit"), events, stop_at=stop_at)
    return events


def play(s: State, do: str, a: int | None = None, b: int | None = None, c: int | None = None,
         stop_at: str | None = None, words: bool = True) -> list[Event]:
    """Answer for the seat asked first."""
    return answer(s, ask(s).seat, do, a, b, c, stop_at=stop_at, words=words)


def answer_all(s: State, do: str, a: int | None = None, words: bool = True) -> list[Event]:
    """Give every open question the same answer (a simultaneous question:
    everyone submits, refuses, ...)."""
    events: list[Event] = []
    for x in list(flow.open_asks(s)):
        events += answer(s, x.seat, do, a, words=words)
    return events


def no_orders(s: State, words: bool = True) -> list[Event]:
    """Answer every open standing-orders question of a battle
    (``combat_orders``) with its default: no orders, so every seat is asked
    every round as before the orders existed (tests of other rules)."""
    events: list[Event] = []
    for x in [x for x in flow.open_asks(s) if x.q == "combat_orders"]:
        chosen = passive(s, x.seat)
        events += answer(s, x.seat, chosen.do, chosen.a, words=words)
    return events


def asked(s: State) -> list[tuple[int, str]]:
    """(seat, question) of every open question."""
    return [(x.seat, x.q) for x in flow.open_asks(s)]


def ask(s: State, seat: int | None = None) -> Ask:
    """The open question of ``seat`` (default: the first one open)."""
    x = flow.open_asks(s)[0] if seat is None and flow.open_asks(s) else flow.ask_of(s, seat) if seat is not None else None
    assert x is not None, f"no open question{'' if seat is None else f' for seat {seat}'} at step {s.step!r}"
    return x


def turn(s: State) -> str:
    """The name of the demon whose turn it is (the open "act" question)."""
    x = ask(s)
    assert x.q == "act", f"no demon's turn: {x.q!r} is open"
    return data.DEMONS[s.demons[x.data["demon"]].card].name


def legal(s: State, seat: int | None = None) -> list[Action]:
    return flow.legal(s, ask(s, seat).seat)


def dos(s: State, verb: str, seat: int | None = None) -> list[int | None]:
    """The ``a`` of every legal choice with verb ``verb``."""
    return [x.a for x in legal(s, seat) if x.do == verb]


def passive(s: State, seat: int) -> Action:
    """The choice a missed deadline takes."""
    return ENGINE.default_action(s, seat)


def passive_until(s: State, step: str, choose: dict[str, str] | None = None,
                  words: bool = True) -> list[Event]:
    """Answer passively (``choose``: question -> verb instead) until the
    procedure moves on to ``step``; raises NotReached if the game ends or a
    halt comes first."""
    events: list[Event] = []

    def there() -> bool:
        return s.step == step and not flow.open_asks(s) and not s.over

    if not there():
        events += start(s, stop_at=step, words=words)
    while not there():
        if s.over or not flow.open_asks(s):
            raise NotReached(f"stopped at step {s.step!r} before {step!r} (over: {s.over})")
        x = flow.open_asks(s)[0]
        verb = (choose or {}).get(x.q)
        choice = Action(do=verb) if verb else passive(s, x.seat)
        events += answer(s, x.seat, choice.do, choice.a, choice.b, choice.c, stop_at=step, words=words)
    return events


# -- reading the state and the events ---------------------------------------------------------


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def event(events: list[Event], key: str) -> Event:
    found = [e for e in events if e.key == key]
    assert found, f"no event {key!r} in {keys(events)}"
    return found[0]


def demon(s: State, name: str) -> int:
    """The state's index of the demon card ``name``."""
    card = next(d.index for d in data.DEMONS if d.name == name)
    return next(i for i, d in enumerate(s.demons) if d.card == card)


def units(s: State, at: int, kind: str | None = None, owner: int | None | str = "any") -> list[Unit]:
    """Units at ``at``, of a kind and an owner (None: wild) if given."""
    return [u for u in board.units_at(s, at)
            if (kind is None or u.kind == kind) and (owner == "any" or u.owner == owner)]


# -- words ---------------------------------------------------------------------------------------


#: The catalogue is fixed while the tests run: a template is looked up once (the
#: chain of catalogues costs microseconds per lookup, and every text is checked).
_template = lru_cache(maxsize=None)(MESSAGES.template)


@lru_cache(maxsize=None)
def _fields(key: str, lang: str) -> frozenset[str]:
    template = _template(key, lang)
    assert template is not None, f"no words for {key!r} in {lang}"
    return frozenset(f for _, f, _, _ in string.Formatter().parse(template) if f)


def check_words(s: State, events: list[Event]) -> None:
    """Every event, and the prompt, labels and menu groups of the question
    open first, format in both languages with its parameters (numbers and
    lists only); its passive choice is legal."""
    texts = [(e.key, e.params) for e in events]
    if not s.over and flow.open_asks(s):
        x = flow.open_asks(s)[0]
        q = flow.QUESTIONS[x.q]
        choices = q.legal(s, x)
        assert choices, f"question {x.q!r} open with no choice"
        texts.append(q.prompt(s, x))
        texts += [q.label(s, x, c) for c in choices]
        texts += [q.group(s, x, c) for c in choices] if q.group else []
        chosen = q.passive(s, x) if q.passive else None
        assert chosen is None or chosen in choices, (x.q, chosen)
    for key, params in texts:
        assert all(isinstance(v, (int, list)) for v in params.values()), (key, params)
        for lang in LANGUAGES:
            assert _fields(key, lang) <= set(params), (key, lang, params)
            _template(key, lang).format(**params)


# -- forced dice -------------------------------------------------------------------------------------


class Dice(list):
    """``dice.roll`` replaced: the dice to come (this list; ``queue`` names
    it too) and a log of who rolled what."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[tuple[int | None, list[int]]] = []

    @property
    def queue(self) -> "Dice":
        return self

    @queue.setter
    def queue(self, values: list[int]) -> None:
        self[:] = values

    def __call__(self, state, seat: int | None, n: int = 1) -> list[int]:
        assert len(self) >= n, f"a die was rolled that the test did not expect ({seat} wants {n}; so far {self.log})"
        out = [self.pop(0) for _ in range(n)]
        self.log.append((seat, out))
        return out


@pytest.fixture
def rolls(monkeypatch) -> Dice:
    """``rolls.extend([...])``: the dice to come (rule modules roll through
    ``engines.hellgame.core.dice``, so the patch reaches all of them)."""
    d = Dice()
    monkeypatch.setattr(dice, "roll", d)
    return d


# -- whole matches -------------------------------------------------------------------------------


#: Weight of each verb in the random choice (others weigh 1).
WEIGHTS = {"cast": 6, "target": 3, "counter": 4, "support": 0.5, "move": 8, "unit": 3, "to": 6, "submit": 4, "legion": 3, "join": 2, "victory": 4, "favour": 2,
           "back": 0.05, "receiver": 0.2, "done": 0.3, "souls": 0.1, "card": 0.05, "lt": 0.05, "buy": 0.3,
           "wait": 0.3, "flee": 0.5, "let_pass": 0.3}


def choose(state, seat: int, rnd: random.Random):
    legal = ENGINE.legal_actions(state, seat)
    a = flow.ask_of(state, seat)
    weights = [WEIGHTS.get(x.do, 1.0) for x in legal]
    if a is not None and a.q == "soul":  # gifts are rare; every amount of souls together weighs as one kind
        amounts = sum(1 for x in legal if x.do == "souls")
        weights = [10.0 if x.do == "submit" else 0.5 / amounts if x.do == "souls" else 0.1 for x in legal]
    return rnd.choices(legal, weights=weights)[0]


def walk(state: State, rnd: random.Random, steps: int) -> tuple[State, ...]:
    """``state`` and the states after it in random play: each step a seat
    that is asked (at random) answers by :func:`choose`; it stops early when
    nobody is asked."""
    out = [state]
    for _ in range(steps):
        waiting = ENGINE.to_act(state)
        if not waiting:
            break
        seat = rnd.choice(waiting)
        state, _ = ENGINE.apply(state, seat, choose(state, seat, rnd))
        out.append(state)
    return tuple(out)
