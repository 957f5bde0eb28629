"""``Engine.determinise`` through the contract, for every registered game and
the toy game: a computer player searches determinised states only, so a
determinisation must not peek, must look to the seat exactly like the real
state, must really draw the hidden part anew, and must be a state the game
can be played on to its end.

Positions come from random legal play (a few seeds per seat count, from the
fewest seats to the most, with the shortest test-only round caps so that
playouts end soon). For each position and each seat:

a) no peeking: for every "twin" of :mod:`test_contract_secrecy` (the same
   position with other hidden information, the generator's future included)
   and every seat that may not tell state and twin apart, both determinise
   to canonically equal states for the same ``rnd`` seed;
b) consistency: the seat's view, prompt and choices, the seats to act and
   the result are those of the real state;
c) variety: where the seat does not see everything (hidden cards, a secret
   choice), a few ``rnd`` seeds give at least two different determinisations
   apart from the generator;
d) a random playout from a determinisation ends.

Checks (a) with the twins of hidden cards and choices, and (c), apply to the
games that deal hidden information anew (:data:`DEALT`); the others hide
nothing but the future and keep the contract's default.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Callable

import pytest
import toy_game
from test_contract_properties import (  # noqa: F401 - toy_registered is a fixture
    GAME_IDS,
    STEP_BOUND,
    TOY,
    Setup,
    bounds,
    engine_of,
    is_test_only,
    toy_registered,
    walk,
)
from test_contract_secrecy import TWINS

from engines.contract import Engine, canonical_json, clone
from engines.himmel_und_hoelle.model import CARDS, allowed_card
from engines.rng import Rng

#: Games whose determiniser deals hidden cards and secret choices anew.
DEALT = {"himmel-und-hoelle", "hektor-und-achill", "hellgame", "toy"}
#: Games with nothing hidden but the future: the contract's default is right.
NOTHING_HIDDEN = {"hoch-und-hoeher", "halleluja"}
#: Walks per seat count, and their length (conflicts are rare in random
#: play of Himmel und Hölle: a longer walk meets a few).
SEEDS = (11, 22, 33)
WALK_STEPS = 150
LONGER_WALKS = {"himmel-und-hoelle": 1200}
#: Positions of one walk checked for (b) and (c); for (a), positions with a
#: twin, spread over the walk, per kind of twin.
POSITIONS = 8
TWINS_PER_WALK = 8
#: ``rnd`` seeds for (a) and (c).
RND_SEEDS = range(4)


def deals_anew(engine: Engine) -> bool:
    return engine.id in DEALT


def cases() -> list[tuple[str, int]]:
    """(game, seats) for every game and seat count; the toy game is not
    registered yet while tests are collected."""
    out = []
    for game_id in GAME_IDS:
        engine = toy_game.ENGINE if game_id == TOY.id else engine_of(game_id)
        out += [(game_id, n) for n in range(engine.min_seats, engine.max_seats + 1)]
    return out


def case_id(case) -> str:
    return f"{case[0]}-{case[1]}"


def short_options(engine: Engine, rnd: random.Random) -> dict:
    """Test-only caps at their lower bound (as for games played to the end),
    the players' options drawn over their range."""
    options: dict = {}
    for name, info in engine.Options.model_fields.items():
        lo, hi = bounds(info)
        if info.annotation is bool:
            options[name] = rnd.random() < 0.5
        elif is_test_only(engine, name):
            options[name] = lo or 1  # a cap of 0 stands for "no cap" (The HellGame)
        else:
            options[name] = rnd.randint(lo, hi)
    return options


@lru_cache(maxsize=None)
def positions(game_id: str, seats: int, seed: int) -> tuple:
    """Every state of a random walk from a short setup."""
    engine = engine_of(game_id)
    rnd = random.Random(f"{game_id}/{seats}/{seed}")
    setup = Setup(game_id, seats, rnd.getrandbits(63), short_options(engine, rnd))
    steps = LONGER_WALKS.get(game_id, WALK_STEPS)
    return tuple(walk(engine, setup, lambda n: rnd.randrange(n), steps).states())


def sample(states: tuple, seed: int) -> list:
    """A few positions spread over the walk, the first and last included."""
    rnd = random.Random(seed)
    picked = {0, len(states) - 1, *rnd.sample(range(len(states)), min(POSITIONS, len(states)))}
    return [states[i] for i in sorted(picked)]


def spread(items: list, count: int) -> list:
    """At most about ``count`` of ``items``, evenly spaced."""
    return items[:: max(1, -(-len(items) // count))]


def without_future(state) -> str:
    """Canonical JSON of a state apart from its generator."""
    return json.dumps(state.model_dump(mode="json", exclude={"rng"}), sort_keys=True, separators=(",", ":"))


# -- twins ---------------------------------------------------------------------------


def future_twin(state, rnd: random.Random):
    """The generator's future changed (as in ``test_the_future_is_hidden_from_everybody``):
    nobody may tell."""
    twin = clone(state)
    twin.rng = Rng(state=state.rng.state ^ rnd.randint(1, 2**64 - 1))
    return twin, set()


def twins_of(engine: Engine) -> dict[str, Callable]:
    out: dict[str, Callable] = {"future": future_twin}
    if deals_anew(engine):
        out.update({name: make for name, make in TWINS.items() if name.split("/")[0] == engine.id})
    return out


# -- hidden information at a position (for the variety check) -----------------------


def himmel_und_hoelle_hidden(state, seat: int) -> bool:
    """The other side chose its card, and it had several it could choose."""
    c = state.conflict
    hider = 1 - seat
    if c is None or state.over or state.pending is not None or c.cards[hider] is None:
        return False
    die = next(d for d in state.dice if d.side == hider and d.field == c.field)
    return len([k for k in CARDS if k not in state.removed[hider] and allowed_card(die.value, k)]) >= 2


def hektor_und_achill_hidden(state, seat: int) -> bool:
    """Face-down stacks (and the other side's hand) hold different cards."""
    if state.phase == "over":
        return False
    for side in (0, 1):
        unseen = [c for stack in state.stacks[side] for c in stack]
        if side != seat:
            unseen += state.battle.hands[side]
        if len(set(unseen)) >= 2:
            return True
    return False


def toy_hidden(state, seat: int) -> bool:
    """Another seat's draft, or an order already given by another seat that
    had a choice."""
    if state.phase == "draft":
        return seat != state.leader
    alive = [p for p in range(state.seats) if state.hp[p] > 0]
    choices = len(alive) - 1 + state.guards  # attack another alive seat, or guard
    given = [p for p in range(state.seats) if p != seat and state.orders[p] is not None]
    return state.phase == "orders" and choices >= 2 and bool(given)


def hellgame_hidden(state, seat: int) -> bool:
    """The arcana deck holds different cards, face down."""
    return not state.over and len(set(state.arcana)) >= 2


HIDDEN: dict[str, Callable[[object, int], bool]] = {
    "himmel-und-hoelle": himmel_und_hoelle_hidden,
    "hektor-und-achill": hektor_und_achill_hidden,
    "toy": toy_hidden,
    "hellgame": hellgame_hidden,
}


# -- the checks --------------------------------------------------------------------


def test_every_game_is_covered():
    """Every game either deals hidden information anew, or has nothing hidden
    but the future."""
    for game_id in GAME_IDS:
        engine = engine_of(game_id)
        assert game_id in DEALT | NOTHING_HIDDEN, f"{game_id}: which determiniser?"
        if game_id in DEALT:
            assert type(engine).determinise is not Engine.determinise, f"{game_id} keeps the default"
        if game_id in NOTHING_HIDDEN:
            assert type(engine).determinise is Engine.determinise
        if deals_anew(engine):
            assert game_id in HIDDEN, f"{game_id}: say where it hides something"


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_no_peeking(case):
    """(a) A state and its twin determinise alike for every seat that may
    not tell them apart."""
    game_id, seats = case
    engine = engine_of(game_id)
    makers = twins_of(engine)
    compared = dict.fromkeys(makers, 0)
    for seed in SEEDS:
        rnd = random.Random(seed)
        for name, make in makers.items():
            made = [(n, state, make(state, rnd)) for n, state in enumerate(positions(game_id, seats, seed))]
            for n, state, (twin, hiders) in spread([m for m in made if m[2] is not None], TWINS_PER_WALK):
                for seat in range(seats):
                    if seat in hiders:
                        continue
                    for k in RND_SEEDS[:2]:
                        a = engine.determinise(state, seat, random.Random(k))
                        b = engine.determinise(twin, seat, random.Random(k))
                        assert canonical_json(a) == canonical_json(b), (
                            f"{name} twin at step {n}: seat {seat} learns what it may not see"
                        )
                        compared[name] += 1
    assert all(compared.values()), f"twins never met: {[n for n, c in compared.items() if not c]}"


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_determinisation_looks_like_the_state(case):
    """(b) The seat sees the same view, prompt and choices; the same seats
    act and the result is the same; the state survives JSON."""
    game_id, seats = case
    engine = engine_of(game_id)
    for seed in SEEDS:
        for state in sample(positions(game_id, seats, seed), seed):
            for seat in range(seats):
                d = engine.determinise(state, seat, random.Random(seed + seat))
                assert isinstance(d, engine.State)
                assert canonical_json(engine.load_state(engine.dump_state(d))) == canonical_json(d)
                assert canonical_json(engine.view(d, seat)) == canonical_json(engine.view(state, seat)), seat
                assert engine.to_act(d) == engine.to_act(state)
                assert engine.legal_actions(d, seat) == engine.legal_actions(state, seat)
                assert engine.prompt(d, seat) == engine.prompt(state, seat)
                assert engine.result(d) == engine.result(state)


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_hidden_information_is_drawn_anew(case):
    """(c) Where the seat does not see everything, a few ``rnd`` seeds give
    different determinisations (apart from the generator); where it sees
    everything, they differ only in the generator."""
    game_id, seats = case
    engine = engine_of(game_id)
    hidden = HIDDEN.get(game_id) if deals_anew(engine) else None
    varied = 0
    for seed in SEEDS:
        states = positions(game_id, seats, seed)
        picked = sample(states, seed)
        if hidden is not None:  # make sure positions with hidden information are among them
            picked += spread([s for s in states if any(hidden(s, seat) for seat in range(seats))], POSITIONS)
        for state in picked:
            for seat in range(seats):
                worlds = {without_future(engine.determinise(state, seat, random.Random(k))) for k in RND_SEEDS}
                if hidden is not None and hidden(state, seat):
                    assert len(worlds) >= 2, f"seat {seat}: the hidden part is not drawn anew"
                    varied += 1
                elif game_id in NOTHING_HIDDEN:
                    assert worlds == {without_future(state)}
    if hidden is not None:
        assert varied, "no position with hidden information was reached"


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_playout_from_a_determinisation_ends(case):
    """(d) Random legal play from a determinised position ends the game."""
    game_id, seats = case
    engine = engine_of(game_id)
    for seed in SEEDS:
        states = positions(game_id, seats, seed)
        rnd = random.Random(seed)
        state = states[len(states) // 2]
        seat = rnd.randrange(seats)
        d = engine.determinise(state, seat, random.Random(seed))
        for _ in range(STEP_BOUND):
            waiting = engine.to_act(d)
            if not waiting:
                break
            who = rnd.choice(waiting)
            d, _ = engine.apply(d, who, rnd.choice(engine.legal_actions(d, who)))
        assert engine.to_act(d) == [], "no end"
        assert engine.result(d) is not None
