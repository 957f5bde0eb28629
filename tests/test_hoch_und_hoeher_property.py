"""Many random Hoch und höher games played to the end through the contract
only, checking the invariants of the rules after every step."""

from __future__ import annotations

import random

import pytest

import engines
from engines import IllegalAction

E = engines.get("hoch-und-hoeher")
GAMES = 300
#: 13 stackings leave one tower, and four pawns can be placed: nothing more.
MAX_MOVES = 13 + 4
ORDER = ("blue", "brown", "yellow", "green")
TEAMS = {"blue": 0, "brown": 0, "yellow": 1, "green": 1}


def expected_points(view) -> dict[str, int]:
    """The scoring rules, restated from the view's heights alone."""
    h = {p.colour: p.height for p in view.pawns}
    if not view.hierarchy:
        return h
    if view.players == 1:
        return {p: 0 if any(h[p] > h[q] for q in ORDER[: ORDER.index(p)]) else h[p] for p in ORDER}
    out = dict(h)
    if h["brown"] > h["blue"]:
        out["brown"] = 0
    if h["green"] > h["yellow"]:
        out["green"] = 0
    return out


def check_view(view, players: int) -> None:
    assert sum(t.height for t in view.towers) == 45
    ids = [t.id for t in view.towers]
    assert ids == sorted(set(ids)) and set(ids) <= set(range(1, 15))
    assert all(t.height >= 1 for t in view.towers)
    on_towers = [t.pawn for t in view.towers if t.pawn]
    assert len(on_towers) == len(set(on_towers))
    assert 1 <= view.roll <= 6
    for pawn in view.pawns:
        tower = next((t for t in view.towers if t.id == pawn.tower), None)
        assert pawn.height == (tower.height if tower else 0)
        assert pawn.owner == (0 if players == 1 else TEAMS[pawn.colour])
    points = expected_points(view)
    assert {p.colour: p.points for p in view.pawns} == points
    totals = [0] * players
    for colour, value in points.items():
        totals[0 if players == 1 else TEAMS[colour]] += value
    assert view.scores == totals and max(totals) <= 45


def check_choices(state, seat, legal, view) -> None:
    """Every legal move fits the roll; the view marks exactly the towers they use."""
    heights = {t.id: t.height for t in view.towers}
    pawns = {t.id: t.pawn for t in view.towers}
    for a in legal:
        if a.kind == "place":
            assert heights[a.tower] == view.roll and pawns[a.tower] is None
            assert TEAMS[a.pawn] == seat or view.players == 1
        else:
            assert heights[a.src] == view.roll <= 6 and a.src != a.dst and pawns[a.dst] is None
    assert {t.id for t in view.towers if t.movable} == {a.src for a in legal if a.kind == "stack"}
    assert {t.id for t in view.towers if t.placeable} == {a.tower for a in legal if a.kind == "place"}


def pick(rnd: random.Random, legal: list, policy: int):
    """Uniform play, or a player who prefers placing (0) or stacking (1) pawns first."""
    kinds = ("place", "stack")
    if policy < 2:
        preferred = [a for a in legal if a.kind == kinds[policy]]
        if preferred and rnd.random() < 0.8:
            return rnd.choice(preferred)
    return rnd.choice(legal)


def random_illegal(rnd: random.Random, legal: list):
    """A move that looks plausible but is not among the legal ones, or None."""
    for _ in range(20):
        if rnd.random() < 0.5:
            data = {"kind": "place", "pawn": rnd.choice(ORDER), "tower": rnd.randint(0, 15)}
        else:
            data = {"kind": "stack", "src": rnd.randint(0, 15), "dst": rnd.randint(0, 15)}
        action = E.parse_action(data)
        if action not in legal:
            return action
    return None


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_invariants_and_end(seed):
    rnd = random.Random(seed)
    players = 1 + seed % 2
    options = {"hierarchy": seed % 4 >= 2, "daily": seed % 3 == 0}
    state = E.setup(players, seed, options)
    moves = 0
    while E.to_act(state):
        assert E.result(state) is None
        seat = E.to_act(state)[0]
        legal = E.legal_actions(state, seat)
        assert legal, "a seat to act always has a move: a roll without one ends the game"
        view = E.view(state, seat)
        check_view(view, players)
        check_choices(state, seat, legal, view)
        wrong = random_illegal(rnd, legal)
        if wrong is not None:
            with pytest.raises(IllegalAction):
                E.apply(state, seat, wrong)
        before = len(view.towers) + sum(p.tower is None for p in view.pawns)
        action = pick(rnd, legal, seed % 3)
        state, events = E.apply(state, seat, action)
        after_view = E.view(state, None)
        assert len(after_view.towers) + sum(p.tower is None for p in after_view.pawns) == before - 1
        assert all(e.visible_to is None for e in events)
        moves += 1
        assert moves <= MAX_MOVES, "game did not end"
    view = E.view(state, None)
    check_view(view, players)
    result = E.result(state)
    assert result is not None and view.over and view.winners == result.winners
    assert not any(t.movable or t.placeable for t in view.towers)
    # the final roll really allowed no move for the seat that rolled it
    free = [t for t in view.towers if t.pawn is None]
    unplaced = [p for p in view.pawns if p.tower is None and (players == 1 or p.owner == view.active)]
    can_place = bool(unplaced) and any(t.height == view.roll for t in free)
    can_stack = any(t.height == view.roll and any(f.id != t.id for f in free) for t in view.towers)
    assert not can_place and not can_stack
    assert result.scores == view.scores
    if players == 2:
        b, g = result.scores
        if b != g:
            assert result.winners == [0 if b > g else 1]
        else:
            best = [max(p.points for p in view.pawns if p.owner == s) for s in (0, 1)]
            assert result.winners == ([0, 1] if best[0] == best[1] else [0 if best[0] > best[1] else 1])
    else:
        assert result.winners == [0]
