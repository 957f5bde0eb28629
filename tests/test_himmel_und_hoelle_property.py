"""Many random Himmel und Hölle games played to the end through the contract
only, checking the invariants of the rules after every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engines

E = engines.get("himmel-und-hoelle")
GAMES = 30
STEP_LIMIT = 60_000


def check_invariants(state, events) -> None:
    per_field = Counter((d.side, d.field) for d in state.dice)
    assert all(n == 1 for n in per_field.values()), "two dice of one colour on a field"
    assert all(1 <= d.value <= 6 for d in state.dice)
    assert all(1 <= v <= 6 for g in state.goal for v in g)
    fields = Counter(d.field for d in state.dice)
    assert sum(1 for n in fields.values() if n == 2) <= 1, "two conflicts at once"
    for side in (0, 1):
        # RULINGS "Filling up": the filled-up 6s are the side's own dice, so it
        # never shows more than five.
        dice = sum(1 for d in state.dice if d.side == side) + state.start[side] + len(state.goal[side])
        assert dice == 5
        assert len(state.goal[side]) <= 3
        assert 0 in state.hands[side]
        assert sorted(state.hands[side] + state.removed[side]) == list(range(13))
    for side in (0, 1):
        other = 1 - side
        # A seat never sees the other's secret card, nor does a spectator.
        if state.conflict and state.conflict.cards[other] is not None:
            assert E.view(state, side).conflict.own_card is None
            assert E.view(state, None).conflict.own_card is None
            assert E.view(state, None).hand is None
    for event in events:
        if "card" in event.params and event.key != "ev_reveal":
            assert event.visible_to is not None and len(event.visible_to) == 1


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_invariants_and_end(seed):
    rnd = random.Random(seed)
    state = E.setup(2, seed)
    steps = 0
    while E.to_act(state):
        seat = rnd.choice(E.to_act(state))
        state, events = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
        check_invariants(state, events)
        steps += 1
        assert steps < STEP_LIMIT, "game did not end"
    result = E.result(state)
    assert result is not None and state.over
    # RULINGS "Both play areas empty": end ③ may come before any Zielfeld is full.
    assert max(len(g) for g in state.goal) == 3 or (state.end_reason == "empty" and not state.dice)
    assert result.scores == [sum(g) for g in state.goal]
