"""Automatic answers (``Engine.automatic``): the contract's default for every
registered game, and the HellGame's own rule (one choice, or only passive
ones, and never when the seat's hidden cards could have made a difference)."""

from __future__ import annotations

import random

import pytest

from engines import registry
from engines.contract import Engine
from engines.hellgame.core import data, flow, hooks
from engines.hellgame.engine import STANDING_VERBS, HellGame

GAMES = sorted(registry.games())


def positions(engine: Engine, seed: int, steps: int = 400, seats: int | None = None, options: dict | None = None):
    """(state, seat) of every open decision of a seeded random match."""
    rnd = random.Random(seed)
    options = {"max_rounds": 2, **(options or {})} if engine.id == "hellgame" else None
    state = engine.setup(seats or engine.min_seats, seed, options)
    for _ in range(steps):
        if engine.result(state) is not None:
            return
        to_act = engine.to_act(state)
        for seat in to_act:
            yield state, seat
        seat = rnd.choice(to_act)
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))


@pytest.mark.parametrize("game", [g for g in GAMES if g != "hellgame"])
def test_the_default_answers_only_a_lone_public_choice(game):
    engine = registry.games()[game].loaded
    assert type(engine).automatic is Engine.automatic  # no game but the HellGame has a rule of its own
    for seed in range(3):
        for state, seat in positions(engine, seed):
            legal = engine.legal_actions(state, seat)
            lone = len(legal) == 1 and not engine.prompt(state, seat).secret and not engine.PRIVATE_CHOICES
            assert engine.automatic(state, seat) == (legal[0] if lone else None)


def test_himmel_und_hoelle_ends_a_turn_with_nothing_left_by_itself():
    engine = registry.games()["himmel-und-hoelle"].loaded
    found = [(s, seat) for s, seat in positions(engine, 1) if engine.automatic(s, seat) is not None]
    assert found and all(engine.automatic(s, seat).kind == "end" for s, seat in found)


def test_a_hidden_hand_is_never_answered_for():
    engine = registry.games()["hektor-und-achill"].loaded
    assert engine.PRIVATE_CHOICES
    lone = [(s, seat) for seed in range(3) for s, seat in positions(engine, seed)
            if len(engine.legal_actions(s, seat)) == 1]
    assert lone and all(engine.automatic(s, seat) is None for s, seat in lone)


def hellgame_positions():
    engine = registry.games()["hellgame"].loaded
    # with and without the Action phase's standing orders: random orders answer most turns
    for seed, seats, orders in ((1, 3, True), (2, 4, True), (3, 2, False), (4, 3, False)):
        yield from positions(engine, seed, steps=1500, seats=seats, options={"action_orders": orders})


def test_the_hellgame_answers_only_what_holds_whatever_the_hidden_cards():
    engine: HellGame = registry.games()["hellgame"].loaded
    answered = asked_passive = walked = 0
    for state, seat in hellgame_positions():
        legal = engine.legal_actions(state, seat)
        real = [x for x in legal if x.do not in STANDING_VERBS]
        answer = engine.automatic(state, seat)
        nothing = len(real) == 1 or all(engine.is_passive(x) for x in real)
        given = next((x for hook in hooks.STANDING if (x := hook(state, seat)) is not None and x in legal), None)
        if given is not None:  # what the seat decided in advance (a walk to a destination): legal, first
            assert answer == given
            walked += 1
            continue
        if answer is None:
            asked_passive += nothing
            if nothing:  # asked although passive: with every card the seat would have had a choice
                probe = state.model_copy(deep=True)
                probe.players[seat].hand = list(range(len(data.ARCANA)))
                if probe.battle is not None:
                    for side in probe.battle.sides:
                        for d in side.demons:
                            if probe.demons[d].owner == seat:
                                probe.battle.cards[d] = list(range(len(data.ARCANA)))
                assert engine._no_choice(probe, seat) == []
            continue
        answered += 1
        assert nothing and answer in real
        if len(real) > 1:
            assert answer == engine.default_action(state, seat)  # the passive choice of the question
    assert answered and asked_passive and walked


def test_a_counter_window_with_a_possible_counter_card_is_asked():
    """Only "Pass" (and "never ask again") to choose: still asked while the
    seat's souls could pay for a counter card, since the others cannot see
    whether it holds one."""
    engine: HellGame = registry.games()["hellgame"].loaded
    windows = [(s, seat) for s, seat in hellgame_positions() if flow.ask_of(s, seat).q == "counter"]
    for state, seat in windows:
        if [x.do for x in engine.legal_actions(state, seat)] == ["no", "always"] and state.players[seat].souls >= 5:
            assert engine.automatic(state, seat) is None


async def test_an_undo_run_takes_the_automatic_answers_after_the_move_along(store):
    """The run an undo takes back starts at the asker's first own choice since
    another seat's last own choice; automatic answers (any seat's) after it
    go with it, those before it do not."""
    async with store.transaction() as tx:
        match_id = await tx.insert_match(guild_id=1, channel_id=5, game="himmel-und-hoelle", options={}, seed=1,
                                         host_id=1)
        log = [(0, False), (1, False), (0, True), (0, False), (0, False), (1, True)]
        for counter, (seat, automatic) in enumerate(log, start=1):
            await tx.append_action(match_id, counter, seat, "{}", [], undoable=True, automatic=automatic)
        assert [a.counter for a in await tx.takeback_run(match_id, 0)] == [4, 5, 6]
        assert [a.automatic for a in await tx.takeback_run(match_id, 0)] == [False, False, True]
        assert await tx.takeback_run(match_id, 1) == []  # seat 1 made no choice since seat 0's
