"""The engine contract, checked on every registered engine through its public
names only (the bot and outside checks rely on exactly these)."""

from __future__ import annotations

import json
import random

import pytest

import engines
from engines import Event, IllegalAction, Prompt, Result

ALL = engines.all()
IDS = [e.id for e in ALL]


def random_walk(engine, seed: int, steps: int):
    """Yield (state, seat, action, next_state, events) along a seeded random game."""
    rnd = random.Random(seed)
    state = engine.setup(engine.min_seats, seed)
    for _ in range(steps):
        seats = engine.to_act(state)
        if not seats:
            return
        seat = rnd.choice(seats)
        action = rnd.choice(engine.legal_actions(state, seat))
        after, events = engine.apply(state, seat, action)
        yield state, seat, action, after, events
        state = after


def test_registry_lists_the_foundation_game():
    assert "himmel-und-hoelle" in engines.ids()
    assert engines.get("himmel-und-hoelle").id == "himmel-und-hoelle"
    with pytest.raises(KeyError):
        engines.get("no-such-game")


@pytest.mark.parametrize("engine", ALL, ids=IDS)
def test_metadata(engine):
    assert engine.id == engine.id.lower() and " " not in engine.id
    assert set(engine.titles) >= {"de", "en"}
    assert 1 <= engine.min_seats <= engine.max_seats
    engine.Options.model_validate({})
    for locale in ("de", "en"):
        pages = engine.rules_help(locale)
        assert pages and all(len(p) < 2000 for p in pages)  # fits a Discord message


@pytest.mark.parametrize("engine", ALL, ids=IDS)
def test_same_seed_and_actions_give_byte_identical_states(engine):
    runs = []
    for _ in range(2):
        states = [after.model_dump_json() for *_, after, _ in random_walk(engine, 11, 300)]
        runs.append(states)
    assert runs[0] == runs[1] and len(runs[0]) > 0


@pytest.mark.parametrize("engine", ALL, ids=IDS)
def test_models_round_trip_through_json(engine):
    for state, seat, action, after, events in random_walk(engine, 5, 400):
        text = after.model_dump_json()
        assert engine.load_state(text).model_dump_json() == text
        assert engine.load_state(json.loads(text)) == after
        assert engine.parse_action(engine.dump_action(action)) == action
        assert engine.parse_action(json.loads(engine.dump_action(action))) == action
        for event in events:
            assert Event.model_validate_json(event.model_dump_json()) == event
        for viewer in [None, *range(engine.min_seats)]:
            view = engine.view(after, viewer)
            assert type(view).model_validate_json(view.model_dump_json()) == view


@pytest.mark.parametrize("engine", ALL, ids=IDS)
def test_apply_is_pure(engine):
    for state, seat, action, after, events in random_walk(engine, 3, 300):
        before = state.model_dump_json()
        engine.apply(state, seat, action)
        assert state.model_dump_json() == before


@pytest.mark.parametrize("engine", ALL, ids=IDS)
def test_only_seats_to_act_have_choices(engine):
    for state, *_ in random_walk(engine, 9, 300):
        waiting = engine.to_act(state)
        for seat in range(engine.min_seats):
            legal = engine.legal_actions(state, seat)
            assert bool(legal) == (seat in waiting)
            if seat not in waiting:
                other_seat = waiting[0]
                with pytest.raises(IllegalAction) as err:
                    engine.apply(state, seat, engine.legal_actions(state, other_seat)[0])
                assert err.value.key == "not_your_turn"
                assert engine.text(err.value.key, err.value.params, "en") != err.value.key


@pytest.mark.parametrize("engine", ALL, ids=IDS)
def test_words_for_every_choice_prompt_and_event(engine):
    for state, seat, action, after, events in random_walk(engine, 21, 400):
        for locale in ("de", "en"):
            for a in engine.legal_actions(state, seat):
                label = engine.label(state, seat, a, locale)
                assert 0 < len(label) <= 80
                assert engine.group(state, seat, a, locale)
            prompt = engine.prompt(state, seat)
            assert isinstance(prompt, Prompt)
            for msg in [prompt, *events]:
                text = engine.text(msg.key, msg.params, locale)
                assert text != msg.key and "{" not in text, (msg.key, text)


@pytest.mark.parametrize("engine", ALL, ids=IDS)
def test_result_only_at_the_end(engine):
    rnd = random.Random(2)
    state = engine.setup(engine.min_seats, 2)
    while engine.to_act(state):
        assert engine.result(state) is None
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
    result = engine.result(state)
    assert isinstance(result, Result)
    assert len(result.scores) == engine.min_seats
    # usually the top scorers; a game's tie-break may pick among equal scores
    best = max(result.scores)
    assert result.winners and set(result.winners) <= {s for s, v in enumerate(result.scores) if v == best}


@pytest.mark.parametrize("engine", ALL, ids=IDS)
def test_default_action_for_a_missed_deadline_is_legal(engine):
    """What the bot plays for a seat whose deadline passed (policy "skip")."""
    for state, *_ in random_walk(engine, 13, 300):
        for seat in engine.to_act(state):
            action = engine.default_action(state, seat)
            assert action in engine.legal_actions(state, seat)
            # the most passive choice is taken whenever there is one
            if any(engine.is_passive(a) for a in engine.legal_actions(state, seat)):
                assert engine.is_passive(action)
