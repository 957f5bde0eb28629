"""The evaluation functions of the computer player (``engines/<game>/evaluate.py``):
within [0, 1] on random positions, 1 for a sole winner and 0 for a loser of a
finished game, and higher for a clearly better position than for its mirror.
How strong they make the player is measured by ``python -m bench.arena``."""

from __future__ import annotations

import random

import pytest

import engines
from engines.halleluja.model import Stone
from engines.hektor_und_achill.data import GREEKS, TROJANS
from engines.himmel_und_hoelle.model import HEAVEN, HELL, Die
from engines.hoch_und_hoeher.model import TEAM_B, TEAM_G, Tower

GAMES = ["himmel-und-hoelle", "hoch-und-hoeher", "hektor-und-achill", "halleluja"]


def random_positions(game_id: str, seed: int, steps: int = 400):
    """Every state of a few random matches (a new one when one ends)."""
    engine = engines.get(game_id)
    rnd = random.Random(seed)
    state = engine.setup(2, seed)
    for _ in range(steps):
        yield state
        if engine.result(state) is not None:
            state = engine.setup(2, rnd.randrange(1 << 30))
            continue
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_evaluation_stays_within_zero_and_one(game_id):
    engine = engines.get(game_id)
    finished = 0
    for state in random_positions(game_id, seed=7):
        for seat in range(2):
            value = engine.evaluate(state, seat)
            assert isinstance(value, float) and 0.0 <= value <= 1.0
        result = engine.result(state)
        if result is not None:
            finished += 1
            for seat in range(2):
                expected = 1.0 / len(result.winners) if seat in result.winners else 0.0
                assert engine.evaluate(state, seat) == expected


# -- finished games and mirrored positions, one simple case per game -----------


def himmel(hell_die: str, heaven_die: str, goal=None, over=False):
    engine = engines.get("himmel-und-hoelle")
    state = engine.setup(2, 1)
    state.dice = [Die(side=HELL, field=hell_die, value=4), Die(side=HEAVEN, field=heaven_die, value=4)]
    if goal is not None:
        state.goal, state.over = goal, over
    return engine, state


def hoch(heights: dict[str, int], over=False):
    engine = engines.get("hoch-und-hoeher")
    state = engine.setup(2, 1)
    towers = [Tower(id=1, height=heights["blue"], pawn="blue"), Tower(id=2, height=heights["yellow"], pawn="yellow")]
    towers += [Tower(id=3 + i, height=h) for i, h in enumerate((1, 2, 3, 4, 5))]
    state.towers, state.over = towers, over
    return engine, state


def hektor(lost: list[int], winners=None):
    engine = engines.get("hektor-und-achill")
    state = engine.setup(2, 1)
    for side in (GREEKS, TROJANS):
        # the cards lost come off the home stack, so the stacks stay consistent
        for _ in range(lost[side]):
            state.discards[side].append(state.stacks[side][0].pop())
    if winners is not None:
        state.phase, state.winners = "over", winners
    return engine, state


def halleluja(captured: list[list[int]], over=False):
    engine = engines.get("halleluja")
    state = engine.setup(2, 1, {"quick_setup": True})
    state.captured = captured
    if over:
        state.phase = "over"
    return engine, state


def test_finished_games_are_won_lost_or_shared():
    engine, state = himmel("B5", "B6", goal=[[6, 6, 6], [3, 3, 3]], over=True)
    assert (engine.evaluate(state, HELL), engine.evaluate(state, HEAVEN)) == (1.0, 0.0)
    engine, state = himmel("B5", "B6", goal=[[5, 5, 5], [6, 6, 3]], over=True)
    assert (engine.evaluate(state, HELL), engine.evaluate(state, HEAVEN)) == (0.5, 0.5)
    engine, state = hoch({"blue": 3, "yellow": 12}, over=True)
    assert (engine.evaluate(state, TEAM_B), engine.evaluate(state, TEAM_G)) == (0.0, 1.0)
    engine, state = hektor([0, 0], winners=[TROJANS])
    assert (engine.evaluate(state, GREEKS), engine.evaluate(state, TROJANS)) == (0.0, 1.0)
    engine, state = hektor([0, 0], winners=[GREEKS, TROJANS])
    assert (engine.evaluate(state, GREEKS), engine.evaluate(state, TROJANS)) == (0.5, 0.5)
    engine, state = halleluja([[1, 1, 1, 0], [0, 0, 0, 1]], over=True)
    assert (engine.evaluate(state, 0), engine.evaluate(state, 1)) == (1.0, 0.0)


@pytest.mark.parametrize(
    "better, worse, seat",
    [
        # Hell's die a step from its goal, Heaven's far from its own; and mirrored
        (lambda: himmel("B9", "B10"), lambda: himmel("B1", "B2"), HELL),
        # blue on a frozen tower of 12, yellow on a 1; and the other way round
        (lambda: hoch({"blue": 12, "yellow": 1}), lambda: hoch({"blue": 1, "yellow": 12}), TEAM_B),
        # the Trojans lost ten army cards; and the Greeks did
        (lambda: hektor([0, 10]), lambda: hektor([10, 0]), GREEKS),
        # a set of three colours captured by seat 0; and by seat 1
        (lambda: halleluja([[0, 1, 1, 1], [0, 0, 0, 0]]), lambda: halleluja([[0, 0, 0, 0], [0, 1, 1, 1]]), 0),
    ],
    ids=GAMES,
)
def test_a_better_position_is_worth_more_than_its_mirror(better, worse, seat):
    engine, good = better()
    _, bad = worse()
    assert engine.evaluate(good, seat) > 0.5 > engine.evaluate(bad, seat)
    assert engine.evaluate(good, 1 - seat) < 0.5 < engine.evaluate(bad, 1 - seat)


def test_the_engines_use_their_own_evaluation():
    from engines.contract import Engine

    for game_id in GAMES:
        assert type(engines.get(game_id)).evaluate is not Engine.evaluate


# -- Himmel und Hölle: the race home --------------------------------------------


def himmel_race(hell: list[tuple[str, int]], heaven: list[tuple[str, int]], goal=None, active=HELL, ap=0):
    engine = engines.get("himmel-und-hoelle")
    state = engine.setup(2, 1)
    state.dice = [Die(side=HELL, field=f, value=v) for f, v in hell]
    state.dice += [Die(side=HEAVEN, field=f, value=v) for f, v in heaven]
    state.start = [5 - len(hell) - len((goal or [[], []])[HELL]), 5 - len(heaven) - len((goal or [[], []])[HEAVEN])]
    state.goal = goal or [[], []]
    state.active, state.ap = active, ap
    return engine, state


def test_a_nearer_race_home_is_worth_more():
    # Hell is the faster side either way: its dice two fields nearer home still count
    heaven = [("B9", 5), ("C9", 5), ("A9", 5)]
    engine, near = himmel_race([("B8", 5), ("C8", 5), ("A8", 5)], heaven)
    _, far = himmel_race([("B6", 5), ("C6", 5), ("A6", 5)], heaven)
    assert engine.evaluate(near, HELL) > engine.evaluate(far, HELL)
    assert engine.evaluate(near, HEAVEN) < engine.evaluate(far, HEAVEN)


def test_a_die_home_is_worth_more_than_one_at_the_door():
    # the same 6 in the Zielfeld or on the field next to it: home it is safe
    heaven = [("B9", 4), ("C9", 4), ("A9", 4)]
    engine, home = himmel_race([("B10", 6), ("C10", 6)], heaven, goal=[[6], []], active=HEAVEN, ap=3)
    _, door = himmel_race([("A10", 6), ("B10", 6), ("C10", 6)], heaven, active=HEAVEN, ap=3)
    assert engine.evaluate(home, HELL) > engine.evaluate(door, HELL)


def test_ending_a_spent_turn_is_no_worse_than_lowering_a_die():
    # no action point left: ending the turn must not look worse than a free
    # lowering step merely because the other side's new points then count
    engine, state = himmel_race([("B5", 4), ("C5", 4)], [("B6", 4), ("C6", 4)], active=HELL, ap=0)
    legal = engine.legal_actions(state, HELL)
    end = next(a for a in legal if a.kind == "end")
    lower = next(a for a in legal if a.kind == "lower")
    ended, _ = engine.apply(state, HELL, end)
    lowered, _ = engine.apply(state, HELL, lower)
    assert engine.evaluate(ended, HELL) >= engine.evaluate(lowered, HELL)


def test_a_card_not_allowed_on_the_die_is_useless_but_the_0_never_is():
    from engines.himmel_und_hoelle.evaluate import useless
    from engines.himmel_und_hoelle.model import Conflict, Play

    engine, state = himmel_race([("B5", 6)], [("B5", 4)], active=HELL, ap=1)
    state.conflict = Conflict(field="B5", attacker=HEAVEN)
    assert [c for c in range(13) if useless(state, HELL, Play(card=c))] == [8, 9, 10, 11, 12]  # 6 + 8 > 13
    assert not any(useless(state, HEAVEN, Play(card=c)) for c in range(10))  # 4 + 9 = 13
    assert useless(state, HEAVEN, Play(card=10))
