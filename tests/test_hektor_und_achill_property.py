"""Many random Hektor und Achill games played to the end through the contract
only, checking the invariants of the rules after every step, and that hidden
information (hands, heroes in hand, the order of every stack, the fate stack)
never shows in what another seat or a spectator sees."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engines
from engines.contract import clone
from engines.hektor_und_achill.data import (
    FAVOUR_TOKENS,
    HAND_SIZE,
    HEROES,
    HOME,
    MAX_SHAME,
    army,
    card_value,
    hero_value,
)
from engines.hektor_und_achill.model import Orient

E = engines.get("hektor-und-achill")
GAMES = 40
#: A guard for the test only: random games end after a few hundred steps.
STEP_LIMIT = 20_000
ARMY = Counter(army())
BATTLE_PHASES = ("action", "card", "fate")


def check_invariants(state) -> None:
    b = state.battle
    for side in (0, 1):
        on_line = [p.card for p in b.played[side]]
        in_stacks = [c for stack in state.stacks[side] for c in stack]
        assert Counter(in_stacks + b.hands[side] + on_line + state.discards[side]) == ARMY
        deployed = [p.hero for p in b.played[side] if p.hero]
        in_hand = [b.heroes[side]] if b.heroes[side] else []
        heroes = state.hero_stacks[side] + in_hand + deployed + state.heroes_lost[side]
        assert sorted(heroes) == sorted(HEROES[side])
        assert len(deployed) <= 1
        tokens = sum(p.favour for p in b.played[side])
        assert state.favour[side] >= 0 and state.favour[side] + tokens + state.favour_lost[side] == FAVOUR_TOKENS
        assert not any(p.favour and p.hero for p in b.played[side])
        assert 0 <= state.shame[side] <= MAX_SHAME
        for n in (1, 2, 3):
            if state.emptied[side][n]:
                assert state.stacks[side][n] == []
        if state.phase in BATTLE_PHASES:
            assert len(b.hands[side]) + b.turns[side] == HAND_SIZE
            assert len(b.played[side]) == b.turns[side] + 1
        if state.phase == "vanguard":
            assert b.played[side] == [] and b.hands[side] == []
            for n in (HOME, 1, 2, 3):
                if not state.emptied[side][n]:
                    assert len(state.stacks[side][n]) >= 5
    if state.phase == "fate":
        strengths = [sum(_value(p) for p in b.played[side]) for side in (0, 1)]
        assert strengths[state.active] > strengths[1 - state.active]
    assert sorted(state.fate_stack + state.fate_discards + ([b.fate.tile] if b.fate else [])) == [1, 2, 3, 4, 5, 6]


def _value(played) -> int:
    return hero_value(played.hero) if played.hero else card_value(played.card) + played.favour


def public_names(view) -> set[str]:
    """Every card and hero a spectator may know of."""
    names = set()
    for side in view.sides:
        names.update(side.discards, side.heroes_lost)
        for p in side.played:
            names.update(x for x in (p.card, p.hero) if x)
    if view.report is not None:
        for line in view.report.played:
            names.update(x for p in line for x in (p.card, p.hero) if x)
        names.update(h for h in view.report.heroes if h)
        names.update(c for lost in view.report.lost for c in lost)
    return names


def check_events(state, events) -> None:
    """Private events go to one seat; public ones name only public cards."""
    spectator = E.view(state, None)
    known = public_names(spectator)
    for event in events:
        if event.visible_to is not None:
            assert len(event.visible_to) == 1
            continue
        for key in ("card", "hero"):
            if key in event.params:
                assert event.params[key] in known, event
        for card in event.params.get("cards", []):
            assert card in known, event


def permute_hidden(state, side: int, rnd: random.Random, hand: bool = True):
    """The same position with ``side``'s hidden parts dealt differently: the
    order of its stacks and, if ``hand``, which of its cards and heroes are in
    hand; and the order of the fate stack."""
    s = clone(state)
    b = s.battle
    pool = [c for stack in s.stacks[side] for c in stack] + (b.hands[side] if hand else [])
    rnd.shuffle(pool)
    for stack in s.stacks[side]:
        stack[:] = [pool.pop() for _ in stack]
    if hand:
        b.hands[side] = [pool.pop() for _ in b.hands[side]]
        heroes = s.hero_stacks[side] + ([b.heroes[side]] if b.heroes[side] else [])
        rnd.shuffle(heroes)
        if b.heroes[side]:
            b.heroes[side] = heroes.pop()
        s.hero_stacks[side] = heroes
    rnd.shuffle(s.fate_stack)
    return s


def views(state, seat):
    return E.view(state, seat).model_dump_json(), E.view(state, None).model_dump_json()


def random_game(seed: int, on_step) -> object:
    rnd = random.Random(seed)
    state = E.setup(2, seed)
    steps = 0
    while E.to_act(state):
        seat = rnd.choice(E.to_act(state))
        action = rnd.choice(E.legal_actions(state, seat))
        after, events = E.apply(state, seat, action)
        on_step(state, seat, action, after, events, rnd)
        state = after
        steps += 1
        assert steps < STEP_LIMIT, "game did not end"
    return state


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_invariants_and_end(seed):
    def on_step(state, seat, action, after, events, rnd):
        check_invariants(after)
        check_events(after, events)

    final = random_game(seed, on_step)
    result = E.result(final)
    assert result is not None and final.phase == "over"
    beaten = [s for s in (0, 1) if all(final.emptied[s][1:]) or final.emptied[s][HOME]]
    assert beaten and result.winners == ([s for s in (0, 1) if s not in beaten] or [0, 1])


@pytest.mark.parametrize("seed", range(0, GAMES, 2))
def test_views_do_not_depend_on_what_is_hidden_from_them(seed):
    """Two positions that differ only in one side's hidden parts look alike to
    the other side and to spectators, and stay alike while the other side
    plays on, until something hidden is revealed (a vanguard turned up, a hero
    shown at the end of a battle)."""
    checked = Counter()

    def on_step(state, seat, action, after, events, rnd):
        if rnd.random() > 0.3:
            return
        hider = rnd.choice((0, 1))
        looker = 1 - hider
        # stack orders and the fate stack are hidden from everybody
        shuffled = permute_hidden(state, hider, rnd, hand=False)
        for viewer in (hider, looker, None):
            assert E.view(shuffled, viewer) == E.view(state, viewer)
        twin = permute_hidden(state, hider, rnd)
        twin.fate_stack = list(state.fate_stack)
        assert views(twin, looker) == views(state, looker)
        a, b = state, twin
        while E.to_act(a) == [looker]:
            assert E.legal_actions(a, looker) == E.legal_actions(b, looker)
            assert E.prompt(a, looker) == E.prompt(b, looker)
            move = rnd.choice(E.legal_actions(a, looker))
            a2, events_a = E.apply(a, looker, move)
            b2, events_b = E.apply(b, looker, move)
            counted = a2.report is not None and a2.report.battle == a.battle_no and not a2.report.retreat
            if isinstance(move, Orient) and a.attacker == looker or counted:
                break  # the hider's vanguard or hero is revealed now
            seen = [[e for e in ev if e.visible_for(looker)] for ev in (events_a, events_b)]
            assert seen[0] == seen[1]
            assert views(a2, looker) == views(b2, looker)
            checked["steps"] += 1
            a, b = a2, b2
        checked["positions"] += 1

    random_game(seed, on_step)
    assert checked["positions"] > 10 and checked["steps"] > 10
