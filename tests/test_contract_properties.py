"""Hypothesis properties of the engine contract (v2), for every registered
game and the test-only toy game, under random legal play.

Hypothesis draws the seat count, the seed, the options and, at every step,
the seat (among those to act) and the index of its action in
``legal_actions``; shrinking therefore yields a short list of choices. The
helpers here (the walk, the strategies, the toy registration) are shared by
``test_contract_secrecy.py``, ``test_contract_toy.py`` and
``test_engine_contract.py``.

Runs are reproducible: ``derandomize=True`` and no example database.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Iterator

import annotated_types
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import toy_game
from engines import registry
from engines.contract import (
    MAX_CHOICES,
    Choice,
    Engine,
    Event,
    IllegalAction,
    ViewBase,
    canonical_json,
    player_options,
)

TOY = toy_game.GAME
GAME_IDS = list(dict.fromkeys([*registry.games(), TOY.id]))
LOCALES = ("de", "en")
KINDS = {"turn", "simultaneous", "reaction", "setup"}
#: Steps of one random walk (the walk stops earlier when the game ends).
WALK_STEPS = 120
#: Steps whose choice Hypothesis draws in a game played to its end; the rest
#: come from a generator seeded by a drawn number (Hypothesis caps the data of
#: one example, and some games run for thousands of random steps).
DRAWN_STEPS = 150
#: No game may need more steps than this under random play.
STEP_BOUND = 60_000

SETTINGS = settings(
    deadline=None,
    derandomize=True,
    database=None,
    max_examples=12,
    # function_scoped_fixture: conftest's autouse fixtures (environment
    # clean-up) run once per test, which is all these tests need
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    """The toy game is registered only while a module using it runs."""
    registry.register(TOY)
    yield
    registry.unregister(TOY.id)


def engine_of(game_id: str) -> Engine:
    return registry.game(game_id).loaded


def seat_counts(engine: Engine) -> list[int]:
    """{min, 3 if allowed, max}."""
    counts = {engine.min_seats, engine.max_seats}
    if engine.min_seats <= 3 <= engine.max_seats:
        counts.add(3)
    return sorted(counts)


def viewers(seats: int) -> list[int | None]:
    return [None, *range(seats)]


# -- options ---------------------------------------------------------------------


def bounds(info) -> tuple[int | None, int | None]:
    lo = hi = None
    for m in info.metadata:
        if isinstance(m, annotated_types.Ge):
            lo = m.ge
        elif isinstance(m, annotated_types.Le):
            hi = m.le
    return lo, hi


def is_test_only(engine: Engine, name: str) -> bool:
    return name not in player_options(engine)


def option_strategy(engine: Engine, short: bool) -> st.SearchStrategy[dict]:
    """Player options drawn over their whole range; test-only ones (round
    caps) at their default or their lower bound, or (``short``) always at
    the lower bound, for games played to the end."""
    fields: dict[str, st.SearchStrategy] = {}
    for name, info in engine.Options.model_fields.items():
        lo, hi = bounds(info)
        if info.annotation is bool:
            fields[name] = st.booleans()
        elif is_test_only(engine, name):
            shortest = lo or 1  # a cap of 0 stands for "no cap" (a game without one, like The HellGame)
            fields[name] = st.just(shortest) if short else st.sampled_from([info.default, shortest])
        else:
            fields[name] = st.integers(lo, hi)
    return st.fixed_dictionaries(fields)


@dataclass
class Setup:
    game_id: str
    seats: int
    seed: int
    options: dict

    def state(self):
        return engine_of(self.game_id).setup(self.seats, self.seed, self.options)


@st.composite
def setups(draw, game_id: str, short: bool = False) -> Setup:
    engine = engine_of(game_id)
    seats = draw(st.integers(engine.min_seats, engine.max_seats), label="seats")
    seed = draw(st.integers(0, 2**63 - 1), label="seed")
    options = draw(option_strategy(engine, short), label="options")
    return Setup(game_id, seats, seed, options)


# -- walking -------------------------------------------------------------------------


@dataclass
class Chooser:
    """Picks an index below ``n``: drawn by Hypothesis for the first
    ``drawn`` choices, then from a generator seeded by a drawn number."""

    data: Any
    drawn: int = 10**9
    rnd: random.Random | None = None

    def __call__(self, n: int) -> int:
        if n <= 1:
            return 0
        if self.drawn > 0:
            self.drawn -= 1
            return self.data.draw(st.integers(0, n - 1))
        if self.rnd is None:
            self.rnd = random.Random(self.data.draw(st.integers(0, 2**32), label="policy seed"))
        return self.rnd.randrange(n)


@dataclass
class Step:
    state: Any
    seat: int
    action: Any
    after: Any
    events: list[Event]
    index: int


@dataclass
class Walk:
    setup: Setup
    start: Any
    steps: list[Step] = field(default_factory=list)

    @property
    def final(self):
        return self.steps[-1].after if self.steps else self.start

    def states(self) -> Iterator[Any]:
        yield self.start
        for step in self.steps:
            yield step.after


def walk(engine: Engine, setup: Setup, choose, limit: int = WALK_STEPS, on_step=None) -> Walk:
    state = setup.state()
    w = Walk(setup, state)
    for i in range(limit):
        waiting = engine.to_act(state)
        if not waiting:
            break
        seat = waiting[choose(len(waiting))]
        legal = engine.legal_actions(state, seat)
        action = legal[choose(len(legal))]
        after, events = engine.apply(state, seat, action)
        step = Step(state, seat, action, after, events, i)
        if on_step is not None:
            on_step(step)
        w.steps.append(step)
        state = after
    return w


def draw_walk(game_id: str, data, limit: int = WALK_STEPS, on_step=None) -> Walk:
    """A random walk of a drawn length (so that a failure shrinks to a short
    one) from a drawn setup."""
    engine = engine_of(game_id)
    setup = data.draw(setups(game_id), label="setup")
    length = data.draw(st.integers(0, limit), label="steps")
    return walk(engine, setup, Chooser(data), length, on_step)


# -- checks used by several properties ----------------------------------------------


def text_problems(engine: Engine, key: str, params: dict, what: str, locales=LOCALES) -> list[str]:
    """Why ``key`` does not render in every language (empty: it does)."""
    problems = []
    for locale in locales:
        text = engine.text(key, params, locale)
        if not text or text == key:
            problems.append(f"{engine.id}: no {locale} text for {what} key {key!r}")
        elif "{" in text:
            problems.append(f"{engine.id}: unfilled placeholder in {what} key {key!r} ({locale}): {text!r}")
    return problems


def check_text(engine: Engine, key: str, params: dict, what: str) -> None:
    problems = text_problems(engine, key, params, what)
    assert not problems, problems


def leaves(nodes: list[Choice]) -> Iterator[Choice]:
    for node in nodes:
        if node.children:
            yield from leaves(node.children)
        else:
            yield node


def check_choice_tree(engine: Engine, state, seat: int, locale: str) -> None:
    """Every menu shows at most MAX_CHOICES entries (a branch with more leaves
    is paged by the picker), and the leaves name every legal action once."""
    legal = engine.legal_actions(state, seat)
    tree = engine.choice_tree(state, seat, locale)
    assert 0 < len(tree) <= MAX_CHOICES, f"{len(tree)} entries in the top menu"

    def branches(nodes, depth=0):
        for node in nodes:
            assert node.label and len(node.label) <= 80, node.label
            if node.index is None:
                assert node.children, f"empty branch {node.label!r}"
                # a branch's own sub-branches form one menu; its leaves may be paged
                sub = [c for c in node.children if c.index is None]
                assert len(sub) <= MAX_CHOICES
                branches(node.children, depth + 1)
            else:
                assert not node.children

    branches(tree)
    indices = [leaf.index for leaf in leaves(tree)]
    assert sorted(indices) == list(range(len(legal))), "leaves must name each legal action exactly once"


# -- the properties ----------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_json_round_trip_purity_and_replay(game_id, data):
    """States, actions, events and views survive JSON; ``apply`` leaves its
    input alone; replaying the stored action log from the same setup gives
    byte-identical states."""
    engine = engine_of(game_id)
    w = draw_walk(game_id, data)
    assert canonical_json(w.setup.state()) == canonical_json(w.start), "setup is not deterministic"
    for state in w.states():
        text = engine.dump_state(state)
        assert canonical_json(engine.load_state(text)) == canonical_json(state)
        assert engine.load_state(json.loads(text)) == state
        for viewer in viewers(w.setup.seats):
            view = engine.view(state, viewer)
            assert isinstance(view, engine.View) and isinstance(view, ViewBase)
            assert type(view).model_validate_json(view.model_dump_json()) == view
    for step in w.steps:
        stored = engine.dump_action(step.action)
        assert engine.parse_action(stored) == step.action
        assert engine.parse_action(json.loads(stored)) == step.action
        for event in step.events:
            assert Event.model_validate_json(event.model_dump_json()) == event
            assert engine.Event.model_validate_json(event.model_dump_json()) == event
        before = canonical_json(step.state)
        again, _ = engine.apply(step.state, step.seat, step.action)
        assert canonical_json(step.state) == before, "apply changed its input state"
        assert canonical_json(again) == canonical_json(step.after), "apply is not deterministic"

    # replay the log as the bot stores it (JSON texts) from a fresh setup
    state = w.setup.state()
    for step in w.steps:
        state, events = engine.apply(state, step.seat, engine.parse_action(engine.dump_action(step.action)))
        assert canonical_json(state) == canonical_json(step.after)
        assert events == step.events
    assert canonical_json(state) == canonical_json(w.final)


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_only_seats_to_act_have_choices(game_id, data):
    """Seats not to act have no legal actions and are refused; seats to act
    have some, offered in menus of at most MAX_CHOICES entries."""
    engine = engine_of(game_id)
    w = draw_walk(game_id, data)
    for n, state in enumerate(w.states()):
        waiting = engine.to_act(state)
        assert len(waiting) == len(set(waiting))
        for seat in range(w.setup.seats):
            legal = engine.legal_actions(state, seat)
            assert bool(legal) == (seat in waiting), (seat, waiting)
        if not waiting:
            continue
        for seat in waiting:
            check_choice_tree(engine, state, seat, LOCALES[n % 2])
        sample = engine.legal_actions(state, waiting[0])[0]
        for seat in sorted(set(range(w.setup.seats)) - set(waiting)):
            with pytest.raises(IllegalAction) as err:
                engine.apply(state, seat, sample)
            assert err.value.key == "not_your_turn"
            check_text(engine, err.value.key, err.value.params, "refusal")


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_header_and_decisions(game_id, data):
    """The declared header agrees with the engine and is the same for every
    viewer; one decision per seat to act, of a known kind; the seats of one
    simultaneous decision share its stage while they choose one by one."""
    engine = engine_of(game_id)
    w = draw_walk(game_id, data)
    seats = w.setup.seats
    for state in w.states():
        waiting = engine.to_act(state)
        result = engine.result(state)
        header = engine.header(state)
        assert header.to_act == waiting
        assert header.finished == (result is not None)
        assert (result is None) == bool(waiting), "to_act is empty exactly when the game is over"
        assert header.scores is None or len(header.scores) == seats
        assert set(header.eliminated) <= set(range(seats))
        assert not set(header.eliminated) & set(waiting), "an eliminated seat is asked"
        assert header.eliminated == engine.eliminated(state)
        if result is None:
            assert header.turn is not None
        else:
            assert header.turn is None and header.scores == result.scores
        for viewer in viewers(seats):
            assert engine.view(state, viewer).header == header, f"header differs for viewer {viewer}"
        decisions = engine.decisions(state)
        assert [d.seat for d in decisions] == waiting
        for d in decisions:
            assert d.kind in KINDS
            assert isinstance(d.stage, str) and d.stage
            assert d.prompt == engine.prompt(state, d.seat)
            assert isinstance(d.continues, bool)
        assert len({d.stage for d in decisions}) <= 1
    for step in w.steps:
        before, after = engine.to_act(step.state), engine.to_act(step.after)
        if after and set(after) == set(before) - {step.seat}:
            if engine.decision_kind(step.state, step.seat) == "simultaneous":
                assert engine.stage(step.after) == engine.stage(step.state), step.action
        for event in step.events:
            assert event.visible_to is None or set(event.visible_to) <= set(range(seats))


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_words_during_play(game_id, data):
    """Every prompt, event, header text and label met in play is in the
    game's own catalogue, in German and English, with all placeholders
    filled; labels fit a button."""
    engine = engine_of(game_id)
    w = draw_walk(game_id, data)
    missing: set[str] = set()
    for state in w.states():
        header = engine.header(state)
        for text in (header.turn, header.stage):
            if text is not None:
                missing.update(text_problems(engine, text.key, text.params, "header"))
        for seat in range(w.setup.seats):
            prompt = engine.prompt(state, seat)
            missing.update(text_problems(engine, prompt.key, prompt.params, "prompt"))
        for seat in engine.to_act(state):
            for locale in LOCALES:
                for action in engine.legal_actions(state, seat):
                    label = engine.label(state, seat, action, locale)
                    assert 0 < len(label) <= 80 and label != action.kind, label
                    assert engine.group(state, seat, action, locale)
    for step in w.steps:
        for event in step.events:
            missing.update(text_problems(engine, event.key, event.params, "event"))
    assert not missing, sorted(missing)


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_default_action_and_undo(game_id, data):
    """The default action is legal and passive whenever a passive choice
    exists; an action that used chance or showed one seat something is never
    undoable."""
    engine = engine_of(game_id)
    w = draw_walk(game_id, data)
    for state in w.states():
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            default = engine.default_action(state, seat)
            assert default in legal
            if any(engine.is_passive(a) for a in legal):
                assert engine.is_passive(default), (default, legal)
    for step in w.steps:
        undoable = engine.undoable(step.state, step.after, step.seat, step.events)
        assert isinstance(undoable, bool)
        if step.state.rng != step.after.rng:
            assert not undoable, f"{step.action!r} used chance but is undoable"
        if any(e.visible_to is not None for e in step.events):
            assert not undoable, f"{step.action!r} showed a seat something but is undoable"


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(SETTINGS, max_examples=8)
@given(data=st.data())
def test_games_end(game_id, data):
    """Random legal play ends every game (with the shortest test-only round
    caps), and the result then names winners among the seats."""
    engine = engine_of(game_id)
    setup = data.draw(setups(game_id, short=True), label="setup")
    w = walk(engine, setup, Chooser(data, drawn=DRAWN_STEPS), limit=STEP_BOUND)
    final = w.final
    assert engine.to_act(final) == [], f"no end after {len(w.steps)} steps"
    result = engine.result(final)
    assert result is not None
    assert len(result.scores) == setup.seats
    assert result.winners and len(set(result.winners)) == len(result.winners)
    assert set(result.winners) <= set(range(setup.seats))
    for viewer in viewers(setup.seats):
        assert engine.view(final, viewer).header.finished
    for seat in range(setup.seats):
        assert engine.legal_actions(final, seat) == []
    if w.steps:
        last = w.steps[-1]
        with pytest.raises(IllegalAction) as err:
            engine.apply(final, last.seat, last.action)
        assert err.value.key == "game_over"
