"""Secrecy through the contract: two states that differ only in what a seat
may not see give that seat (and spectators) byte-identical views, the same
choices and prompts, and byte-identical pictures.

Generic part, every game: the future (``state.rng``: the next rolls and
shuffles) is hidden from everybody. Game-specific part: a "twin" of a state
that changes only hidden information (a secret card, a hand, the order of
face-down stacks, a draft, a secret order). Hoch und höher and Halleluja have
nothing hidden but the future: every viewer sees the same.

Pictures cost 15-25 ms each, so only a few states per example are drawn.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import render
from engines.contract import Engine, canonical_json, clone
from engines.rng import Rng
from test_contract_properties import (  # noqa: F401 - toy_registered is a fixture
    DRAWN_STEPS,
    GAME_IDS,
    LOCALES,
    SETTINGS,
    Chooser,
    draw_walk,
    engine_of,
    setups,
    toy_registered,
    viewers,
)

#: How many states of one example get their pictures compared.
PICTURES_PER_EXAMPLE = 2


def check_alike(game_id: str, a, b, lookers, pictures: bool, locale: str) -> None:
    """``a`` and ``b`` look the same to every viewer in ``lookers``."""
    engine = engine_of(game_id)
    assert engine.to_act(a) == engine.to_act(b)
    for viewer in lookers:
        va, vb = engine.view(a, viewer), engine.view(b, viewer)
        assert va.model_dump_json() == vb.model_dump_json(), f"viewer {viewer} sees a difference"
        # the whole state as text (alt text, "My view" and /game hand) too
        assert render.board_text(game_id, va, locale) == render.board_text(game_id, vb, locale), viewer
        # the places the board's picture draws, with what is there (the web view's tap targets)
        assert render.board_regions(game_id, va, locale) == render.board_regions(game_id, vb, locale), viewer
        focus = None
        if viewer is not None:
            assert engine.prompt(a, viewer) == engine.prompt(b, viewer)
            assert engine.legal_actions(a, viewer) == engine.legal_actions(b, viewer)
            assert engine.card_texts(a, viewer, locale) == engine.card_texts(b, viewer, locale)
            focus = engine.focus(a, viewer)
            assert focus == engine.focus(b, viewer), viewer
        if pictures:
            assert render.board_png(game_id, va, locale) == render.board_png(game_id, vb, locale), viewer
            # the enlarged pictures: a quarter of the board, and the places a question is about
            assert render.quarter_png(game_id, va, 1, locale) == render.quarter_png(game_id, vb, 1, locale), viewer
            if focus is not None:
                assert render.focus_png(game_id, va, focus, locale) == render.focus_png(game_id, vb, focus, locale)
            if viewer is not None:
                assert render.hand_png(game_id, va, locale) == render.hand_png(game_id, vb, locale), viewer


def picture_steps(data, count: int) -> set[int]:
    return set(data.draw(st.lists(st.integers(0, max(count - 1, 0)), max_size=PICTURES_PER_EXAMPLE), label="pictures"))


# -- the future ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(SETTINGS, max_examples=10)
@given(data=st.data())
def test_the_future_is_hidden_from_everybody(game_id, data):
    """Another state of the random generator changes no view, prompt, choice
    or picture of any seat or spectator."""
    w = draw_walk(game_id, data, limit=80)
    mask = data.draw(st.integers(1, 2**64 - 1), label="rng mask")
    states = list(w.states())
    pictures = picture_steps(data, len(states))
    for n, state in enumerate(states):
        twin = clone(state)
        twin.rng = Rng(state=state.rng.state ^ mask)
        assert canonical_json(twin) != canonical_json(state)
        check_alike(game_id, state, twin, viewers(w.setup.seats), n in pictures, LOCALES[n % 2])


# -- nothing else hidden -------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["hoch-und-hoeher", "halleluja"])
@settings(SETTINGS, max_examples=10)
@given(data=st.data())
def test_games_without_secrets_show_everybody_the_same(game_id, data):
    engine = engine_of(game_id)
    w = draw_walk(game_id, data)
    for state in w.states():
        views = [engine.view(state, v) for v in viewers(w.setup.seats)]
        assert [v.seat for v in views] == viewers(w.setup.seats)
        dumps = [v.model_dump_json(exclude={"seat"}) for v in views]
        assert all(d == dumps[0] for d in dumps), "a viewer sees something the others do not"
        assert not any(engine.prompt(state, s).secret for s in engine.to_act(state))
    for step in w.steps:
        assert all(e.visible_to is None for e in step.events), "a private event in a game without secrets"


# -- twins: the same position with other hidden information -------------------------

#: twin(state, rnd) -> (twin state, viewers who may tell them apart) or None.
Twin = Callable[[object, random.Random], "tuple[object, set] | None"]


def himmel_und_hoelle_twin(state, rnd):
    """While a conflict is open, the secret card of the side that has chosen
    becomes another card of its hand that it could have played."""
    c = state.conflict
    if c is None or state.pending is not None or state.over:
        return None
    chosen = [s for s in (0, 1) if c.cards[s] is not None]
    if len(chosen) != 1:
        return None
    hider = chosen[0]
    die = next(d for d in state.dice if d.side == hider and d.field == c.field)
    others = [k for k in state.hands[hider] if k != c.cards[hider] and die.value + k <= 13]
    if not others:
        return None
    twin = clone(state)
    twin.conflict.cards[hider] = rnd.choice(others)
    return twin, {hider}


def hektor_und_achill_twin(state, rnd):
    """One side's hand dealt differently (a hand card swapped with a card of
    its face-down stacks, the hero in hand with one of its hero stack), and
    the order of every face-down stack and of the fate stack shuffled."""
    if state.phase == "over":
        return None
    hider = rnd.choice((0, 1))
    twin = clone(state)
    b = twin.battle
    hand = b.hands[hider]
    swaps = [
        (i, stack, k)
        for i, card in enumerate(hand)
        for stack in twin.stacks[hider]
        for k, other in enumerate(stack)
        if other != card
    ]
    if swaps:
        i, stack, k = rnd.choice(swaps)
        hand[i], stack[k] = stack[k], hand[i]
    if b.heroes[hider] is not None and twin.hero_stacks[hider]:
        k = rnd.randrange(len(twin.hero_stacks[hider]))
        b.heroes[hider], twin.hero_stacks[hider][k] = twin.hero_stacks[hider][k], b.heroes[hider]
    shuffle_face_down(twin, rnd)
    if canonical_json(twin) == canonical_json(state):
        return None
    return twin, {hider}


def shuffle_face_down(twin, rnd) -> None:
    """Every face-down stack of Hektor und Achill in a new order."""
    for side in (0, 1):
        for stack in twin.stacks[side]:
            rnd.shuffle(stack)
        rnd.shuffle(twin.hero_stacks[side])
    rnd.shuffle(twin.fate_stack)


def hektor_und_achill_stacks_twin(state, rnd):
    """Only the order of face-down stacks: hidden from the owner too."""
    if state.phase == "over":
        return None
    twin = clone(state)
    shuffle_face_down(twin, rnd)
    if canonical_json(twin) == canonical_json(state):
        return None
    return twin, set()


def toy_twin(state, rnd):
    """The leader's draft, or a secret order already given, changed."""
    twin = clone(state)
    if state.phase == "draft":
        alive = [p for p in range(state.seats) if state.hp[p] > 0]
        rnd.shuffle(alive)
        twin.draft.order = alive[: rnd.randrange(len(alive) + 1)]
        twin.draft.lucky = rnd.choice([None, 1, 6]) if len(twin.draft.order) == len(alive) else None
        hider = state.leader
    elif state.phase == "orders":
        given = [p for p in range(state.seats) if state.orders[p] is not None]
        if not given:
            return None
        hider = rnd.choice(given)
        choices = [p for p in range(state.seats) if state.hp[p] > 0 and p != hider] + [-1]
        twin.orders[hider] = rnd.choice([c for c in choices if c != state.orders[hider]])
    else:
        return None
    if canonical_json(twin) == canonical_json(state):
        return None
    return twin, {hider}


def hellgame_twin(state, rnd):
    """One player's hand dealt differently (a card swapped with one of the
    arcana deck), the decks and the hound stack in another order, and while
    a secret phase runs, that player's souls and drafted order changed."""
    if state.over:
        return None
    holders = [p for p in range(state.seats) if state.players[p].hand]
    if not holders or not state.arcana:
        return None
    hider = rnd.choice(holders)
    twin = clone(state)
    hand = twin.players[hider].hand
    i, k = rnd.randrange(len(hand)), rnd.randrange(len(twin.arcana))
    hand[i], twin.arcana[k] = twin.arcana[k], hand[i]
    for deck in (twin.arcana, twin.hell, twin.demon_deck, twin.sectio_deck, twin.hounds):
        rnd.shuffle(deck)
    player = twin.players[hider]
    if player.shown_souls is not None:
        player.souls += rnd.randint(1, 9)
    if hider in twin.drafts:
        twin.drafts[hider].steps.append(["secret", rnd.randint(0, 99), None])
    if canonical_json(twin) == canonical_json(state):
        return None
    return twin, {hider}


TWINS: dict[str, Twin] = {
    "hellgame": hellgame_twin,
    "himmel-und-hoelle": himmel_und_hoelle_twin,
    "hektor-und-achill": hektor_und_achill_twin,
    "hektor-und-achill/stacks": hektor_und_achill_stacks_twin,
    "toy": toy_twin,
}


@pytest.mark.parametrize("twin_name", list(TWINS))
@settings(SETTINGS, max_examples=8)
@given(data=st.data())
def test_hidden_information_does_not_show(twin_name, data):
    """Play on until a few twins have been compared (or the game ends)."""
    game_id = twin_name.split("/")[0]
    engine: Engine = engine_of(game_id)
    make = TWINS[twin_name]
    setup = data.draw(setups(game_id), label="setup")
    choose = Chooser(data, drawn=DRAWN_STEPS)
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="twin seed"))
    pictures = PICTURES_PER_EXAMPLE
    state, compared = setup.state(), 0
    for step in range(1500):
        made = make(state, rnd)
        if made is not None:
            twin, hiders = made
            assert canonical_json(twin) != canonical_json(state), "the twin must differ"
            lookers = [v for v in viewers(setup.seats) if v not in hiders]
            check_alike(game_id, state, twin, lookers, pictures > 0, LOCALES[step % 2])
            pictures -= 1
            compared += 1
            if compared >= 4:
                break
        waiting = engine.to_act(state)
        if not waiting:
            break
        seat = waiting[choose(len(waiting))]
        legal = engine.legal_actions(state, seat)
        state, _ = engine.apply(state, seat, legal[choose(len(legal))])
    event(f"twins compared: {compared}")
    assert compared or not engine.to_act(state), "no position with hidden information was reached"
