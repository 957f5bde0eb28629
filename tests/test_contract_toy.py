"""The toy game (``tests/toy_game``) does what the contract describes and the
four real games do not exercise: a multi-step order built in a private draft,
simultaneous secret orders, a reaction of a seat not on turn, eliminated
seats, round summaries, a test-only option and the autopilot. The generic
contract suite and properties run over it as well (it is in ``GAME_IDS``)."""

from __future__ import annotations

from importlib.metadata import entry_points
from math import factorial

import pytest

import render
from engines import registry
from engines.contract import MAX_CHOICES, IllegalAction, canonical_json, player_options
from test_contract_properties import TOY, toy_registered  # noqa: F401 - toy_registered is a fixture
from toy_game.engine import (
    ENGINE as E,
)
from toy_game.engine import (
    AttackOrder,
    Back,
    Dodge,
    Guard,
    Lucky,
    Pick,
    Submit,
    Take,
)


def act(state, seat, action):
    after, events = E.apply(state, seat, action)
    return after, events


def draft(state, order, lucky):
    """The leader drafts ``order`` and ``lucky`` and submits."""
    leader = state.leader
    for seat in order:
        state, _ = act(state, leader, Pick(seat=seat))
    state, _ = act(state, leader, Lucky(number=lucky))
    return act(state, leader, Submit())


def public(state, leader):
    """What every seat but the leader, and spectators, see."""
    return [E.view(state, v).model_dump_json() for v in [None, *range(state.seats)] if v != leader]


def test_registered_only_by_tests():
    assert TOY.id not in {p.name for p in entry_points(group=registry.ENTRY_POINT_GROUP)}
    assert registry.game(TOY.id).loaded is E
    assert render.board_png(TOY.id, E.view(E.setup(3, 1), None)).startswith(b"\x89PNG")


def test_options():
    offered = player_options(E)
    assert set(offered) == {"dodges", "guards", "dodge_hours"} and "max_rounds" in E.Options.model_fields
    state = E.setup(4, 7, {"dodges": 0, "guards": False, "max_rounds": 2})
    assert state.dodges == [0] * 4 and state.max_rounds == 2
    state, _ = draft(state, [p for p in range(4)], 3)
    assert Guard() not in E.legal_actions(state, 0)


def test_the_draft_is_private_and_stepwise():
    state = E.setup(3, 5)
    leader = state.leader
    # more orders than fit one menu, offered in steps of at most MAX_CHOICES
    assert factorial(3) * 6 > MAX_CHOICES
    before = public(state, leader)
    decision = E.decisions(state)
    assert [(d.seat, d.kind, d.continues) for d in decision] == [(leader, "turn", True)]
    stage, prompt = decision[0].stage, E.prompt(state, leader)
    seen = []
    for step in [Pick(seat=2), Pick(seat=0), Back(), Pick(seat=1), Pick(seat=0), Lucky(number=4), Back(), Lucky(number=6)]:
        legal = E.legal_actions(state, leader)
        assert step in legal and len(legal) <= MAX_CHOICES
        assert Submit() not in legal or (state.draft.lucky is not None)
        after, events = act(state, leader, step)
        assert events == [] and E.undoable(state, after, leader, events)
        assert public(after, leader) == before, "the draft showed in a public view"
        assert E.decisions(after)[0].stage == stage and E.decisions(after)[0].continues
        assert E.prompt(after, leader) == prompt
        seen.append(E.view(after, leader).draft)
        state = after
    assert seen[2].order == [2] and seen[-1].order == [2, 1, 0] and seen[-1].lucky == 6
    assert E.legal_actions(state, leader) == [Submit(), Back()]
    assert E.default_action(state, leader) == Submit()
    state, events = act(state, leader, Submit())
    assert [e.key for e in events] == ["ev_order_set"] and events[0].visible_to is None
    view = E.view(state, None)
    assert view.order == [2, 1, 0] and view.lucky == 6 and view.draft is None
    assert E.view(state, leader).draft is None


def test_orders_are_simultaneous_secret_and_revealed_together():
    state, _ = draft(E.setup(3, 5, {"dodges": 0}), [0, 1, 2], 1)
    decisions = E.decisions(state)
    assert [d.seat for d in decisions] == [0, 1, 2]
    assert {d.kind for d in decisions} == {"simultaneous"} and all(d.secret for d in decisions)
    stage = decisions[0].stage
    state, events = act(state, 1, AttackOrder(target=2))
    assert [(e.key, e.visible_to) for e in events] == [("ev_ordered", None), ("ev_attack_own", [1])]
    assert E.to_act(state) == [0, 2] and {d.stage for d in E.decisions(state)} == {stage}
    assert E.view(state, 1).own_order == 2
    for viewer in (None, 0, 2):
        view = E.view(state, viewer)
        assert view.ordered == [False, True, False] and view.own_order is None and view.revealed == []
    with pytest.raises(IllegalAction) as err:
        act(state, 1, Guard())
    assert err.value.key == "not_your_turn"
    state, _ = act(state, 0, Guard())
    before = state
    state, events = act(state, 2, AttackOrder(target=0))
    keys = [e.key for e in events]
    assert keys[:5] == ["ev_ordered", "ev_attack_own", "ev_reveal_guard", "ev_reveal_attack", "ev_reveal_attack"]
    assert all(e.visible_to is None for e in events[2:])
    assert "ev_blocked" in keys and "ev_hit" in keys  # seat 0 guarded, seat 2 was hit
    assert E.view(state, None).revealed == [-1, 2, 0]
    assert not E.undoable(before, state, 2, events)  # a secret order, a roll


def test_reaction_of_a_seat_not_on_turn():
    state = E.setup(3, 5)
    leader = state.leader
    state, _ = draft(state, [leader, (leader + 1) % 3, (leader + 2) % 3], 2)
    target, third = (leader + 1) % 3, (leader + 2) % 3
    orders = {leader: AttackOrder(target=target), target: AttackOrder(target=third), third: Guard()}
    for seat in range(3):
        state, _ = act(state, seat, orders[seat])
    assert E.to_act(state) == [target] and target != leader
    (decision,) = E.decisions(state)
    assert decision.kind == "reaction" and not decision.secret and not decision.continues
    assert E.legal_actions(state, target) == [Dodge(), Take()]
    assert E.default_action(state, target) == Take() and E.is_passive(Take())
    assert E.view(state, None).attack.model_dump() == {"attacker": leader, "target": target}
    dodged, events = act(state, target, Dodge())
    assert dodged.hp[target] == 3 and dodged.dodges[target] == 0
    hit, _ = act(state, target, Take())
    assert hit.hp[target] == 2 and hit.dodges[target] == 1


def test_eliminated_seats_are_never_asked_and_rounds_end_with_a_summary():
    state = E.setup(3, 11, {"dodges": 0, "guards": False, "max_rounds": 50})
    summaries, rounds, out = 0, 0, set()
    while E.to_act(state):
        assert not set(E.to_act(state)) & set(E.eliminated(state))
        seat = E.to_act(state)[0]
        if state.phase == "draft":
            alive = [p for p in range(3) if state.hp[p] > 0]
            assert {a.seat for a in E.legal_actions(state, seat) if isinstance(a, Pick)} == set(alive)
            state, events = draft(state, alive, 1)
        else:  # everyone attacks the lowest other seat still in
            target = min(p for p in range(3) if state.hp[p] > 0 and p != seat)
            state, events = act(state, seat, AttackOrder(target=target))
        summaries += sum(e.summary for e in events)
        assert [e.key for e in events if e.summary] in ([], ["ev_round_summary"])
        if any(e.summary for e in events):
            rounds += 1
            assert events[-1].summary or events[-1].key == "ev_over"
        out |= {e.params["seat"] for e in events if e.key == "ev_eliminated"}
        assert set(E.eliminated(state)) == out == set(E.header(state).eliminated)
    result = E.result(state)
    assert summaries == rounds == state.round and len(out) == 2
    assert result.winners == [p for p in range(3) if p not in out] and result.reason == "last_standing"


def test_round_cap_and_autopilot():
    """Only default actions (the autopilot): guards everywhere, so nobody is
    hit and the test-only round cap ends the game."""
    state = E.setup(5, 3, {"max_rounds": 3})
    steps = 0
    while E.to_act(state):
        seat = E.to_act(state)[0]
        before = state
        state, events = act(state, seat, E.default_action(state, seat))
        if before.phase == "orders":
            assert E.is_passive(E.default_action(before, seat))
        steps += 1
        assert steps < 200
    result = E.result(state)
    assert state.round == 3 and result.reason == "rounds"
    assert result.scores == [3] * 5 and result.winners == list(range(5))


def test_labels_are_stable():
    state = E.setup(3, 5)
    leader = state.leader
    en = [E.label(state, leader, a, "en") for a in E.legal_actions(state, leader)]
    de = [E.label(state, leader, a, "de") for a in E.legal_actions(state, leader)]
    assert en == ["Seat 1", "Seat 2", "Seat 3"] and de == ["Platz 1", "Platz 2", "Platz 3"]
    state, _ = act(state, leader, Pick(seat=0))
    assert [E.label(state, leader, a, "en") for a in E.legal_actions(state, leader)] == ["Seat 2", "Seat 3", "Back"]
    state, _ = act(state, leader, Pick(seat=1))
    state, _ = act(state, leader, Pick(seat=2))
    assert [E.label(state, leader, a, "en") for a in E.legal_actions(state, leader)] == [
        *(f"Lucky {n}" for n in range(1, 7)), "Back"]
    state, _ = act(state, leader, Lucky(number=2))
    assert [E.label(state, leader, a, "de") for a in E.legal_actions(state, leader)] == ["Absenden", "Zurück"]
    state, _ = act(state, leader, Submit())
    assert [E.label(state, 0, a, "en") for a in E.legal_actions(state, 0)] == ["Attack Seat 2", "Attack Seat 3", "Guard"]
    assert canonical_json(E.load_state(E.dump_state(state))) == canonical_json(state)


def test_a_hit_has_a_deadline_of_its_own_only_when_asked_for():
    """``own_deadline``: the reaction to a hit lapses after ``dodge_hours``."""
    for hours in (0, 3):
        state = E.setup(3, 5, {"dodge_hours": hours})
        assert all(E.own_deadline(state, p) is None for p in range(3))  # the draft has none
        state, _ = draft(state, [0, 1, 2], 3)
        for p in range(3):
            state, _ = E.apply(state, p, AttackOrder(target=(p + 1) % 3))
        assert state.phase == "react"
        (target,) = E.to_act(state)
        assert E.own_deadline(state, target) == (float(hours) if hours else None)
