"""Many random Halleluja games played to the end through the contract only,
checking the invariants of the rules after every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engines
from engines.halleluja.model import COLOURS, FIELDS, LADDER_TOP, STONES_PER_COLOUR, MoveStone, row_col, step
from engines.halleluja.scoring import best_sets
from engines.halleluja.reconstruction import LADDER_POINTS

E = engines.get("halleluja")
GAMES = 36
SETUP_STEPS = 2 + 12
DECISIONS_PER_TURN = 2 + 4  # two tile actions (or one and a stop), four marked stones
REASONS = {"two_colours", "no_angels", "one_player", "rounds"}


def adjacent(a: str, b: str) -> bool:
    (ra, ca), (rb, cb) = row_col(a), row_col(b)
    return abs(ra - rb) + abs(ca - cb) == 1


def angels_on_board(state) -> int:
    return sum(1 for st in state.board for x in st if x.angel)


def check_invariants(state, before_angels: int | None) -> None:
    """``before_angels``: angels on the board before the step, once the setup is done."""
    seats = state.seats
    on_board = Counter(x.colour for st in state.board for x in st)
    for colour in range(COLOURS):
        taken = sum(state.captured[p][colour] for p in range(seats)) + state.out[colour]
        if state.towers == 12:
            assert on_board[colour] + taken == STONES_PER_COLOUR, "a stone appeared or vanished"
        else:
            assert taken == 0 and on_board[colour] <= STONES_PER_COLOUR and sum(on_board.values()) == 3 * state.towers
    for p in range(seats):
        assert state.captured[p][p] == 0, "a player took their own colour"
        assert 0 <= state.ladder[p] <= LADDER_TOP
    assert sum(state.ladder) <= sum(map(sum, state.captured))
    # Stones only ever turn from angel to devil, and captured ones leave the board.
    if before_angels is not None:
        assert angels_on_board(state) <= before_angels
    if state.tile is not None:
        assert not state.board[FIELDS.index(state.tile)], "a stone on the tile"
    assert 1 <= state.round <= state.max_rounds

    waiting = E.to_act(state)
    if state.over:
        assert waiting == []
    else:
        assert len(waiting) == 1
        for seat in range(seats):
            assert bool(E.legal_actions(state, seat)) == (seat in waiting)

    if state.phase == "place_tower" or (state.phase == "tile" and state.turn == 1):
        towers = [FIELDS[i] for i, st in enumerate(state.board) if st]
        tr, tc = row_col(state.tile)
        for f in towers:
            assert row_col(f)[0] != tr and row_col(f)[1] != tc
            assert not any(adjacent(f, g) for g in towers)
    if state.phase == "tile_more":
        assert (state.tile, state.facing) != (state.tile_from, state.facing_from)
    if state.phase == "stones":
        statuses = [m.status for m in state.marks if m.status != "none"]
        first = statuses.index("waiting")
        assert all(s != "waiting" for s in statuses[:first]), "marks out of arrow order"
        current = next(m for m in state.marks if m.status == "waiting")
        assert state.board[FIELDS.index(current.field)], "a decision about an empty field"

    # Nothing is hidden: every seat and a spectator see the same board.
    views = [E.view(state, seat).model_dump(exclude={"seat"}) for seat in (None, *range(seats))]
    assert all(v == views[0] for v in views)


def check_end(state) -> None:
    result = E.result(state)
    assert result is not None and state.end_reason in REASONS
    expected = [best_sets(state.captured[p])[0] + LADDER_POINTS[state.ladder[p]] for p in range(state.seats)]
    assert result.scores == expected
    assert result.winners == [p for p, v in enumerate(expected) if v == max(expected)]
    colours = {x.colour for st in state.board for x in st}
    if state.end_reason == "two_colours":
        assert len(colours) <= 2
    elif state.end_reason == "no_angels":
        assert not any(st and st[-1].angel for st in state.board)
    elif state.end_reason == "one_player":
        assert state.seats == 2 and sum(p in colours for p in range(2)) <= 1
    else:
        assert state.round == state.max_rounds


def choose(rnd: random.Random, state, seat, eager: bool):
    """Uniformly random, or (eager) a capture, else a stone move, whenever
    there is one: aimless games mostly run into the round limit, eager ones
    end by the board (as games between people would)."""
    legal = E.legal_actions(state, seat)
    moves = [a for a in legal if isinstance(a, MoveStone)]
    if eager and moves:
        view = E.view(state, seat)
        stacks = {st.field for st in view.stacks}
        captures = [a for a in moves if step(a.field, a.direction, view.current_arrow) in stacks]
        return rnd.choice(captures or moves)
    return rnd.choice(legal)


def play(seed: int) -> str:
    rnd = random.Random(seed)
    seats = 2 + seed % 3
    eager = seed % 4 < 2
    options = {"quick_setup": seed % 2 == 0, "max_rounds": 40 if eager else rnd.choice([5, 12, 40])}
    state = E.setup(seats, seed, options)
    limit = SETUP_STEPS + options["max_rounds"] * seats * DECISIONS_PER_TURN
    steps = 0
    while E.to_act(state):
        (seat,) = E.to_act(state)
        before = angels_on_board(state) if state.towers == 12 else None
        state, _ = E.apply(state, seat, choose(rnd, state, seat, eager))
        check_invariants(state, before)
        steps += 1
        assert steps <= limit, "game did not end"
    check_end(state)
    return state.end_reason


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_invariants_and_end(seed):
    play(seed)


def test_random_games_end_in_different_ways():
    reasons = Counter(play(seed) for seed in range(100, 112))
    assert len(reasons) >= 3, reasons
