"""Halleluja: every rule of the reconstruction (rules/halleluja.md, from the
review seeds/003_b469b2fe80456ce2.txt), the points it marks (R) and the
engine's own decisions (engines/halleluja/rules.py). Each test names the
section of halleluja.md it checks."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from engines import IllegalAction
from engines.halleluja import ENGINE, reconstruction, rules
from engines.halleluja.model import (
    FIELDS,
    LeaveStone,
    MoveStone,
    OrientTile,
    PlaceTile,
    PlaceTower,
    SlideTile,
    State,
    StopTile,
    Stone,
    TurnTile,
    index,
    row_col,
    turn,
)
from engines.halleluja.scoring import best_sets
from engines.rng import Rng

E = ENGINE
LETTERS = "OBGV"
O, B, G, V = range(4)


def board(stacks: dict[str, str]) -> list[list[Stone]]:
    """Stacks as letters bottom first: upper case an angel, lower case a devil."""
    out: list[list[Stone]] = [[] for _ in FIELDS]
    for field, code in stacks.items():
        out[index(field)] = [Stone(colour=LETTERS.index(ch.upper()), angel=ch.isupper()) for ch in code]
    return out


def pos(stacks: dict[str, str], *, tile: str = "D4", facing: str = "N", seats: int = 2, active: int = 0,
        ladder: list[int] | None = None, round_: int = 1, max_rounds: int = 40) -> State:
    """A position at the start of ``active``'s turn, the setup done."""
    s = State(
        rng=Rng.from_seed(0),
        seats=seats,
        max_rounds=max_rounds,
        board=board(stacks),
        tile=tile,
        facing=facing,
        active=active,
        towers=12,
        round=round_,
        ladder=ladder or [0] * seats,
        captured=[[0] * 4 for _ in range(seats)],
    )
    rules.begin_turn(s)
    return s


def marked(stacks: dict[str, str], *, tile: str = "D4", facing: str = "N", **kw) -> tuple[State, list]:
    """The position right after a tile move that leaves the tile on ``tile``
    facing ``facing`` (a quarter turn clockwise, then stop)."""
    s = pos(stacks, tile=tile, facing=turn(facing, -1), **kw)
    s, ev1 = E.apply(s, s.active, TurnTile(clockwise=True))
    s, ev2 = E.apply(s, s.active, StopTile())
    return s, ev1 + ev2


def code(s: State, field: str) -> str:
    return "".join(LETTERS[st.colour] if st.angel else LETTERS[st.colour].lower() for st in s.board[index(field)])


def keys(events) -> list[str]:
    return [e.key for e in events]


def act(s: State, action) -> tuple[State, list]:
    seat = E.to_act(s)[0]
    return E.apply(s, seat, action)


# -- Components ------------------------------------------------------------------


def test_components_36_stones_4_colours_9_each_angel_side_up_in_towers_of_3():
    s = E.setup(2, seed=5, options={"quick_setup": True})
    stacks = [st for st in s.board if st]
    assert len(stacks) == 12 and all(len(st) == 3 for st in stacks)
    assert all(len({x.colour for x in st}) == 1 for st in stacks)
    stones = [x for st in stacks for x in st]
    assert len(stones) == 36 and all(x.angel for x in stones)
    assert sorted(x.colour for x in stones) == [c for c in range(4) for _ in range(9)]


def test_components_2_to_4_players_and_unplayed_colours_are_neutral_but_set_up():
    for seats in (2, 3, 4):
        s = E.setup(seats, seed=1, options={"quick_setup": True})
        assert rules.colours_on_board(s) == {0, 1, 2, 3}
        assert len(s.ladder) == seats and len(s.captured) == seats
    for seats in (1, 5):
        with pytest.raises(IllegalAction) as err:
            E.setup(seats, seed=1)
        assert err.value.key == "bad_seats"
    assert [E.seat_name(p, "de") for p in range(4)] == ["Orange", "Blau", "Grün", "Violett"]


def test_components_arrows_labelled_1_to_4_clockwise_R():
    assert reconstruction.ARROW_LABELS_CLOCKWISE == (1, 2, 3, 4)
    assert rules.arrows("N") == [(1, "N"), (2, "E"), (3, "S"), (4, "W")]
    assert rules.arrows("E") == [(1, "E"), (2, "S"), (3, "W"), (4, "N")]
    assert rules.arrows("W") == [(1, "W"), (2, "N"), (3, "E"), (4, "S")]


# -- Setup -----------------------------------------------------------------------------


def test_setup_starting_player_puts_the_tile_on_any_field_in_any_orientation():
    s = E.setup(3, seed=2)
    assert E.to_act(s) == [0] and s.phase == "place_tile"
    assert E.legal_actions(s, 0) == [PlaceTile(field=f) for f in FIELDS]
    s, events = E.apply(s, 0, PlaceTile(field="G7"))
    assert s.tile == "G7" and keys(events) == ["ev_tile_placed"]
    assert E.legal_actions(s, 0) == [OrientTile(facing=d) for d in "NESW"]
    s, _ = E.apply(s, 0, OrientTile(facing="W"))
    assert s.facing == "W" and s.phase == "place_tower"


def tower_sequence(seats: int) -> list[tuple[int, int]]:
    """Play a manual setup, always the first offered field; return (seat, colour)."""
    s = E.setup(seats, seed=3)
    s, _ = E.apply(s, 0, PlaceTile(field="D4"))
    s, _ = E.apply(s, 0, OrientTile(facing="N"))
    placed = []
    while s.phase == "place_tower":
        (seat,) = E.to_act(s)
        field = E.legal_actions(s, seat)[0].field
        s, _ = E.apply(s, seat, PlaceTower(field=field))
        placed.append((seat, s.board[index(field)][0].colour))
    return placed


def test_setup_players_place_own_towers_in_turn_then_the_neutral_ones_R():
    assert tower_sequence(2) == [(0, 0), (1, 1)] * 3 + [(0, 2), (1, 3)] * 3
    assert tower_sequence(3) == [(0, 0), (1, 1), (2, 2)] * 3 + [(0, 3), (1, 3), (2, 3)]
    assert tower_sequence(4) == [(0, 0), (1, 1), (2, 2), (3, 3)] * 3


def setup_position(stacks: dict[str, str], towers: int, tile: str = "D4") -> State:
    s = E.setup(2, seed=4)
    s.board = board(stacks)
    s.tile, s.phase, s.towers = tile, "place_tower", towers
    return s


def test_setup_no_tower_in_the_tiles_row_or_column():
    s = setup_position({}, towers=0)
    fields = {a.field for a in E.legal_actions(s, 0)}
    assert len(fields) == 36
    assert not any(f[0] == "D" or f[1] == "4" for f in fields)
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, PlaceTower(field="D7"))
    assert err.value.key == "bad_tower_field"


def test_setup_no_tower_orthogonally_next_to_another_diagonally_fine():
    s = setup_position({"B2": "OOO"}, towers=1)
    fields = {a.field for a in E.legal_actions(s, 1)}
    assert not {"B1", "A2", "C2", "B3", "B2"} & fields
    assert {"A1", "C1", "A3", "C3"} <= fields
    with pytest.raises(IllegalAction):
        E.apply(s, 1, PlaceTower(field="C2"))


def test_setup_a_tower_must_leave_room_for_the_towers_still_to_come():
    """Decision: with E7, F7, G7 the only free fields and two towers to go,
    F7 would leave no room for the last one, so it is not offered."""
    blocked = {f: "OOO" for f in FIELDS if f not in {"D7", "E7", "F7", "G7", "D6", "E6", "F6", "G6"}}
    s = setup_position(blocked, towers=10, tile="A1")
    assert [a.field for a in E.legal_actions(s, 0)] == ["E7", "G7"]
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, PlaceTower(field="F7"))
    assert err.value.key == "bad_tower_field"


def test_setup_after_the_last_tower_the_starting_player_moves_the_tile():
    s = E.setup(2, seed=6)
    s, _ = E.apply(s, 0, PlaceTile(field="A1"))
    s, _ = E.apply(s, 0, OrientTile(facing="S"))
    while s.phase == "place_tower":
        seat = E.to_act(s)[0]
        s, events = E.apply(s, seat, E.legal_actions(s, seat)[-1])
    assert s.phase == "tile" and E.to_act(s) == [0] and s.round == 1
    assert keys(events)[-1] == "ev_turn"
    towers = [FIELDS[i] for i, st in enumerate(s.board) if st]
    assert len(towers) == 12
    for a in towers:
        assert a[0] != "A" and a[1] != "1"
        for b in towers:
            (ra, ca), (rb, cb) = row_col(a), row_col(b)
            assert abs(ra - rb) + abs(ca - cb) != 1


def test_setup_option_quick_setup_places_tile_and_towers_legally_from_the_seed():
    a = E.setup(3, seed=42, options={"quick_setup": True})
    assert a == E.setup(3, seed=42, options={"quick_setup": True})
    assert a.board != E.setup(3, seed=43, options={"quick_setup": True}).board
    assert a.phase == "tile" and E.to_act(a) == [0] and a.towers == 12
    tr, tc = row_col(a.tile)
    towers = [FIELDS[i] for i, st in enumerate(a.board) if st]
    for f in towers:
        r, c = row_col(f)
        assert r != tr and c != tc
        assert all(sum(abs(x - y) for x, y in zip(row_col(f), row_col(g))) != 1 for g in towers)


def test_setup_options_are_checked():
    E.parse_options({"quick_setup": True, "max_rounds": 5})
    for bad in ({"max_rounds": 4}, {"max_rounds": 101}, {"colours": 3}):
        with pytest.raises(ValidationError):
            E.parse_options(bad)
    assert E.parse_options({}).max_rounds == reconstruction.MAX_ROUNDS_DEFAULT == 40
    assert E.parse_options({}).quick_setup is False


# -- A turn, 1. Move the tile ------------------------------------------------------


def test_move_tile_slides_straight_or_diagonal_any_distance_over_empty_fields():
    s = pos({"D2": "OOO", "F6": "BBB", "B4": "GGG"}, tile="D4")
    slides = {(a.direction, a.distance) for a in E.legal_actions(s, 0) if isinstance(a, SlideTile)}
    assert slides == {
        ("N", 1),
        ("NE", 1), ("NE", 2), ("NE", 3),
        ("E", 1), ("E", 2), ("E", 3),
        ("SE", 1),  # F6 blocks the way on
        ("S", 1), ("S", 2), ("S", 3),
        ("SW", 1), ("SW", 2), ("SW", 3),
        ("W", 1),  # B4 blocks
        ("NW", 1), ("NW", 2), ("NW", 3),
    }
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, SlideTile(direction="N", distance=2))
    assert err.value.key == "bad_slide"


def test_move_tile_rotation_by_90_degrees_either_way():
    s = pos({"A1": "OOO"}, facing="N")
    legal = E.legal_actions(s, 0)
    assert TurnTile(clockwise=True) in legal and TurnTile(clockwise=False) in legal
    cw, _ = E.apply(s, 0, TurnTile(clockwise=True))
    ccw, _ = E.apply(s, 0, TurnTile(clockwise=False))
    assert (cw.facing, ccw.facing) == ("E", "W") and cw.tile == s.tile


def test_move_tile_one_action_then_stop():
    s = pos({"A1": "OOO", "G7": "BBB", "A7": "GGG"}, tile="D4")
    assert StopTile() not in E.legal_actions(s, 0)  # the tile must move
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, StopTile())
    assert err.value.key == "tile_must_move"
    s, _ = E.apply(s, 0, SlideTile(direction="E", distance=2))
    assert s.tile == "F4" and s.phase == "tile_more" and StopTile() in E.legal_actions(s, 0)
    s, events = E.apply(s, 0, StopTile())
    assert keys(events) == ["ev_marked_none", "ev_turn"] and s.active == 1


def test_move_tile_turn_while_sliding_is_the_second_action():
    s = pos({"A1": "OOO", "G7": "BBB", "A7": "GGG"}, tile="D4")
    s, _ = E.apply(s, 0, SlideTile(direction="E", distance=2))
    s, events = E.apply(s, 0, SlideTile(direction="S", distance=2))
    assert s.tile == "F6" and keys(events)[0] == "ev_tile_slid"
    assert s.phase == "tile" and s.active == 1  # two actions at most: the move is over


def test_move_tile_180_degrees_is_two_actions():
    s = pos({"A1": "OOO", "G7": "BBB", "A7": "GGG"}, facing="N")
    s, _ = E.apply(s, 0, TurnTile(clockwise=True))
    s, _ = E.apply(s, 0, TurnTile(clockwise=True))
    assert s.facing == "S" and s.phase == "tile" and s.active == 1


def test_move_tile_must_differ_from_before():
    s = pos({"A1": "OOO"}, tile="D4", facing="N")
    t, _ = E.apply(s, 0, TurnTile(clockwise=True))
    assert TurnTile(clockwise=False) not in E.legal_actions(t, 0)
    with pytest.raises(IllegalAction) as err:
        E.apply(t, 0, TurnTile(clockwise=False))
    assert err.value.key == "tile_unchanged"
    t, _ = E.apply(s, 0, SlideTile(direction="E", distance=2))
    second = E.legal_actions(t, 0)
    assert SlideTile(direction="W", distance=2) not in second  # back where it was
    assert SlideTile(direction="W", distance=1) in second


def test_move_tile_second_slide_never_in_the_same_direction():
    """Decision: that would be one longer slide, a single action."""
    s = pos({"A1": "OOO"}, tile="A4")
    s, _ = E.apply(s, 0, SlideTile(direction="E", distance=1))
    second = E.legal_actions(s, 0)
    assert not any(isinstance(a, SlideTile) and a.direction == "E" for a in second)
    assert SlideTile(direction="NE", distance=1) in second


# -- A turn, 2. Mark -------------------------------------------------------------------


def test_mark_nearest_stack_in_each_arrow_line_however_far():
    s, events = marked({"D1": "OOO", "D2": "BBB", "G4": "GGG", "A4": "VVV", "F6": "OOO"}, tile="D4", facing="N")
    assert [(m.arrow, m.direction, m.field) for m in s.marks] == [
        (1, "N", "D2"),  # D2 is nearer than D1
        (2, "E", "G4"),  # three fields away
        (3, "S", None),  # nothing below: no mark
        (4, "W", "A4"),
    ]
    assert ("ev_marked", {"marks": "1: D2, 2: G4, 4: A4"}) in [(e.key, e.params) for e in events]


def test_mark_the_arrow_number_is_the_distance_and_follows_the_orientation():
    s, _ = marked({"D2": "BBB", "G4": "GGG"}, tile="D4", facing="E")  # 1 E, 2 S, 3 W, 4 N
    assert [(m.arrow, m.field) for m in s.marks if m.field] == [(1, "G4"), (4, "D2")]
    assert rules.current_mark(s).field == "G4" and E.to_act(s) == [0]  # Green is neutral
    assert sorted(rules.stone_moves(s, "G4", 1)) == sorted(["N", "S", "W", "NW", "SW"])  # one field


def test_mark_nothing_in_line_then_the_turn_passes():
    s, events = marked({"A1": "OOO", "G7": "BBB", "A7": "GGG"}, tile="D4", facing="N")
    assert "ev_marked_none" in keys(events)
    assert s.active == 1 and s.phase == "tile"


# -- A turn, 3. Move marked stones -----------------------------------------------------------


def test_move_exactly_n_fields_in_any_of_8_directions_over_empty_fields_on_the_board():
    # Tile on D4, arrow 1 east, 2 south: the blue stack on D6 moves exactly 2.
    stacks = {"D6": "BBB", "F4": "O", "E6": "G", "B4": "b", "A1": "V"}
    s, _ = marked(stacks, tile="D4", facing="E")
    assert rules.current_mark(s).field == "F4"  # arrow 1 first
    s, _ = E.apply(s, 0, LeaveStone(field="F4"))
    mark = rules.current_mark(s)
    assert (mark.arrow, mark.field) == (2, "D6") and E.to_act(s) == [1]
    moves = {a.direction for a in E.legal_actions(s, 1) if isinstance(a, MoveStone)}
    # N: onto the tile; NE: F4, a capture; E: E6 in the way; SE, S, SW: off the
    # board; W: B6 empty; NW: B4 is Blue's own colour.
    assert moves == {"NE", "W"}
    s, _ = E.apply(s, 1, MoveStone(field="D6", direction="W"))
    assert code(s, "B6") == "B" and code(s, "D6") == "BB"


def test_move_the_tile_blocks_stones():
    """RULINGS: a stone neither passes nor lands on the tile."""
    s, _ = marked({"B4": "OOO", "A7": "B"}, tile="D4", facing="S")  # 1 S, 2 W: B4 moves 2
    assert rules.current_mark(s).arrow == 2
    moves = {a.direction for a in E.legal_actions(s, 0) if isinstance(a, MoveStone)}
    assert "E" not in moves and "N" in moves  # not onto the tile
    s, _ = marked({"C4": "OOO", "A7": "B"}, tile="D4", facing="E")  # 3 W marks C4, moves 3
    assert rules.current_mark(s).arrow == 3
    moves = {a.direction for a in E.legal_actions(s, 0) if isinstance(a, MoveStone)}
    assert "E" not in moves and "N" in moves  # not over it


def test_ruling_the_tile_occupies_its_field():
    """RULINGS, Halleluja: no stone crosses the tile or lands on it, and the
    tile never slides onto or across a stack (straight or diagonal)."""
    s = pos({"E3": "OOO", "D6": "BBB", "A4": "GGG", "G1": "VVV"}, tile="D4")
    slides = {(a.direction, a.distance) for a in E.legal_actions(s, 0) if isinstance(a, SlideTile)}
    assert ("NE", 1) not in slides and ("NE", 2) not in slides  # E3 is in the way
    assert ("S", 1) in slides and ("S", 2) not in slides and ("S", 3) not in slides  # D6 stops it
    assert ("W", 2) in slides and ("W", 3) not in slides  # not onto A4
    # Tile facing N (1 N, 2 E, 3 S, 4 W): Blue's D6 is marked by arrow 3 and
    # may not move 3 north over the tile on D4.
    s, _ = marked({"D6": "BBB", "A1": "OOO"}, tile="D4", facing="N")
    assert rules.current_mark(s).field == "D6" and E.to_act(s) == [1]
    moves = {a.direction for a in E.legal_actions(s, 1) if isinstance(a, MoveStone)}
    assert "N" not in moves and "W" in moves
    # Tile facing S (1 S): Blue's D5 moves 1 and may not land on the tile.
    s, _ = marked({"D5": "BBB", "A1": "OOO"}, tile="D4", facing="S")
    assert rules.current_mark(s).field == "D5"
    moves = {a.direction for a in E.legal_actions(s, 1) if isinstance(a, MoveStone)}
    assert "N" not in moves and "S" in moves


def test_ruling_buried_stones_count_as_on_the_board():
    """RULINGS, Halleluja: "stones on the board" counts every stone of every
    stack, buried ones too: Blue's only stone lies under a violet angel, yet
    three colours remain, Blue still has stones and is not skipped."""
    s, events = first_stone_onto({"D3": "OOO", "D2": "G", "A1": "BV", "G7": "V"}, "D2", "N")
    assert code(s, "D2") == "o" and code(s, "A1") == "BV"
    assert not s.over and s.end_reason == ""
    assert "ev_player_skipped" not in keys(events)
    assert s.active == 1 and E.to_act(s) == [1] and E.eliminated(s) == []
    # three players: Blue, all covered, still moves the tile in its turn
    s, _ = marked({"D3": "OOO", "D2": "G", "A1": "BV", "G7": "VV"}, tile="D4", facing="N", seats=3)
    s, events = E.apply(s, 0, MoveStone(field="D3", direction="N"))
    assert not s.over and "ev_player_skipped" not in keys(events) and s.active == 1


def test_move_the_owner_decides_even_out_of_turn():
    s, _ = marked({"D2": "BBB", "A1": "OOO", "G7": "GGG"}, tile="D4", facing="N", active=0)
    assert rules.current_mark(s).field == "D2"
    assert E.to_act(s) == [1]  # Blue's stone: Blue decides although Orange is active
    assert E.legal_actions(s, 0) == []
    assert E.prompt(s, 0).key == "pr_wait" and E.prompt(s, 1).key == "pr_stone"
    s, _ = E.apply(s, 1, MoveStone(field="D2", direction="W"))
    assert code(s, "C2") == "B" and code(s, "D2") == "BB"  # the top stone only
    assert E.to_act(s) == [1] and s.active == 1  # the turn passed


def test_move_a_neutral_stone_is_decided_by_the_active_player_R():
    s, _ = marked({"D2": "GGG", "A1": "OOO"}, tile="D4", facing="N", active=1)
    assert E.to_act(s) == [1]
    s, _ = marked({"D2": "GGG", "A1": "OOO"}, tile="D4", facing="N", active=0)
    assert E.to_act(s) == [0]


def test_move_the_decider_may_leave_the_stone():
    s, _ = marked({"D2": "BBB", "A1": "OOO"}, tile="D4", facing="N")
    assert LeaveStone(field="D2") in E.legal_actions(s, 1)
    s, events = E.apply(s, 1, LeaveStone(field="D2"))
    assert code(s, "D2") == "BBB" and "ev_stone_left" in keys(events)


def test_move_in_arrow_order_1_2_3_4():
    s, _ = marked({"B1": "OOO", "F2": "BBB", "B6": "GGG", "A2": "VVV"}, tile="B2", facing="N")
    order = []
    while s.phase == "stones":
        mark = rules.current_mark(s)
        order.append((mark.arrow, mark.field))
        s, _ = act(s, LeaveStone(field=mark.field))
    assert order == [(1, "B1"), (2, "F2"), (3, "B6"), (4, "A2")]


def test_move_a_stack_taken_over_earlier_this_turn_is_skipped_R():
    # Arrow 1 (north) marks Blue's D3, arrow 2 (east) Orange's E4. Blue takes
    # the top of E4; E4 is then skipped: the blue stone moves only once.
    s, _ = marked({"D3": "BBB", "E4": "OO", "G7": "V"}, tile="D4", facing="N")
    assert [(m.arrow, m.field) for m in s.marks if m.field] == [(1, "D3"), (2, "E4")]
    s, events = E.apply(s, 1, MoveStone(field="D3", direction="SE"))
    assert code(s, "E4") == "Ob" and "ev_mark_skipped" in keys(events)
    assert ("ev_mark_skipped", {"field": "E4", "arrow": 2}) in [(e.key, e.params) for e in events]
    assert s.active == 1 and s.phase == "tile"  # nothing left to decide: Blue's turn
    assert reconstruction.SKIP_STACKS_CHANGED_THIS_TURN


def test_move_a_stone_without_any_legal_move_stays_without_asking():
    """Decision: the orange devil on D3 (arrow 1) has no move: every
    neighbour is its own colour, a devil, or the tile. Nobody is asked."""
    stacks = {"D3": "o", "C2": "O", "D2": "b", "E2": "g", "C3": "v", "E3": "O", "C4": "b", "E4": "O"}
    s, events = marked(stacks, tile="D4", facing="N")
    assert s.marks[0].field == "D3" and s.marks[0].status == "stuck"
    assert "ev_stone_stuck" in keys(events)
    assert rules.current_mark(s).field == "E4"  # on with arrow 2


def test_move_the_top_stone_uncovers_the_one_beneath():
    s, _ = marked({"D2": "OBo", "A1": "G"}, tile="D4", facing="N")  # orange devil on top
    s, _ = E.apply(s, 0, MoveStone(field="D2", direction="E"))
    assert code(s, "D2") == "OB" and code(s, "E2") == "o"


# -- A turn, 4. Landing ------------------------------------------------------------------


def first_stone_onto(stacks: dict[str, str], target: str, direction: str, facing: str = "N") -> tuple[State, list]:
    """The stone on D3 (arrow 1, one field) moves onto ``target``."""
    s, _ = marked(stacks, tile="D4", facing=facing)
    mark = rules.current_mark(s)
    assert mark.field == "D3" and mark.arrow == 1
    action = MoveStone(field="D3", direction=direction)
    assert action in E.legal_actions(s, E.to_act(s)[0])
    s2, events = E.apply(s, E.to_act(s)[0], action)
    assert rules.step("D3", direction) == target
    return s2, events


def test_landing_on_an_empty_field_the_stone_stands_alone():
    s, _ = first_stone_onto({"D3": "OOO"}, "C2", "NW")
    assert code(s, "C2") == "O" and code(s, "D3") == "OO"


def test_landing_on_its_own_colour_is_not_allowed():
    s, _ = marked({"D3": "OOO", "D2": "BBo"}, tile="D4", facing="N")
    assert MoveStone(field="D3", direction="N") not in E.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, MoveStone(field="D3", direction="N"))
    assert err.value.key == "bad_stone_move"


def test_landing_angel_takes_angel_the_capturer_turns_devil():
    s, events = first_stone_onto({"D3": "OOO", "D2": "B"}, "D2", "N")
    assert code(s, "D2") == "o" and s.captured[0] == [0, 1, 0, 0] and s.ladder == [0, 0]
    assert "ev_turned_devil" in keys(events)


def test_landing_angel_takes_devil_climbs_one_ladder_step():
    s, events = first_stone_onto({"D3": "OOO", "D2": "Bb"}, "D2", "N")
    assert code(s, "D2") == "BO" and s.ladder == [1, 0] and s.captured[0][B] == 1
    assert ("ev_climbed", {"seat": 0, "step": 1}) in [(e.key, e.params) for e in events]


def test_landing_devil_takes_angel_nothing_else_happens():
    s, events = first_stone_onto({"D3": "OOo", "D2": "bB"}, "D2", "N")
    assert code(s, "D2") == "bo" and s.ladder == [0, 0] and s.captured[0][B] == 1
    assert "ev_turned_devil" not in keys(events) and "ev_climbed" not in keys(events)


def test_landing_devil_takes_devil_is_not_allowed():
    s, _ = marked({"D3": "OOo", "D2": "Bb", "A1": "G"}, tile="D4", facing="N")
    assert MoveStone(field="D3", direction="N") not in E.legal_actions(s, 0)


def test_landing_the_captured_top_stone_goes_to_the_capturers_owner_who_sits_on_the_rest_R():
    s, _ = first_stone_onto({"D3": "OOO", "D2": "GVB"}, "D2", "N")
    assert code(s, "D2") == "GVo"  # only the top stone was taken
    assert s.captured == [[0, 1, 0, 0], [0, 0, 0, 0]]
    assert reconstruction.CAPTURE_TAKES_ONLY_THE_TOP_STONE
    assert reconstruction.NEUTRAL_CAPTURES_LEAVE_THE_GAME


def test_landing_a_neutral_capturers_prey_leaves_the_game_without_ladder_step_R():
    s, events = first_stone_onto({"D3": "GGG", "D2": "Ob"}, "D2", "N")
    assert code(s, "D2") == "OG" and s.out[B] == 1
    assert s.captured == [[0] * 4, [0] * 4] and s.ladder == [0, 0]
    assert "ev_captured_out" in keys(events)


def test_landing_the_ladder_ends_at_step_8():
    """Decision: an angel taking a devil on the top step gains nothing more."""
    s, _ = marked({"D3": "OOO", "D2": "Bb", "A1": "G"}, tile="D4", facing="N", ladder=[8, 0])
    s, events = E.apply(s, 0, MoveStone(field="D3", direction="N"))
    assert s.ladder == [8, 0] and "ev_ladder_top" in keys(events)


def test_review_at_first_angels_can_only_take_angels_and_turn_devil():
    """Review: at the start every stone shows its angel, so the only capture is
    angel takes angel, and the capturer turns to its devil side."""
    s = E.setup(2, seed=9, options={"quick_setup": True})
    rnd = random.Random(9)
    for _ in range(2000):
        seat = E.to_act(s)[0]
        mark = rules.current_mark(s)
        captures = [a for a in E.legal_actions(s, seat) if isinstance(a, MoveStone)
                    and rules.top(s, rules.step(a.field, a.direction, mark.arrow))]
        if captures:
            assert all(x.angel for st in s.board for x in st)
            s, events = E.apply(s, seat, captures[0])
            assert "ev_turned_devil" in keys(events)
            assert sum(1 for st in s.board for x in st if not x.angel) == 1
            return
        s, _ = E.apply(s, seat, rnd.choice(E.legal_actions(s, seat)))
    pytest.fail("no capture came up")


# -- End and scoring -------------------------------------------------------------------------


def test_end_after_a_turn_with_no_angel_on_top():
    s, events = first_stone_onto({"D3": "oO", "D2": "B", "A1": "Gg", "G7": "v", "G1": "b"}, "D2", "N")
    assert s.over and s.end_reason == "no_angels"
    assert E.to_act(s) == [] and E.result(s).reason == "no_angels"
    assert keys(events)[-1] == "ev_game_over"


def test_end_after_a_turn_with_stones_of_only_two_colours_left():
    s, _ = first_stone_onto({"D3": "OOO", "D2": "G", "A1": "B", "G7": "b"}, "D2", "N", facing="N")
    assert s.over and s.end_reason == "two_colours"


def test_end_with_two_players_when_only_one_still_has_stones():
    s, _ = first_stone_onto({"D3": "OOO", "D2": "B", "A1": "G", "G7": "V", "G1": "V"}, "D2", "N")
    assert s.over and s.end_reason == "one_player"
    assert E.result(s).winners == [0]


def test_end_is_checked_after_the_turn_only():
    # After arrow 1 no angel is on top, but arrow 2 is still to come: Blue's
    # devil leaves E4 and uncovers a green angel, so the game goes on.
    s, _ = marked({"D3": "O", "D2": "B", "E4": "Gb", "A1": "v", "G7": "g"}, tile="D4", facing="N")
    s, _ = E.apply(s, 0, MoveStone(field="D3", direction="N"))
    assert not any(st and st[-1].angel for st in s.board)
    assert not s.over and rules.current_mark(s).field == "E4" and E.to_act(s) == [1]
    s, _ = E.apply(s, 1, MoveStone(field="E4", direction="N"))
    assert code(s, "E4") == "G" and not s.over and s.active == 1


def test_end_a_player_without_stones_on_the_board_is_skipped():
    s, _ = marked({"D3": "OOO", "D2": "B", "A1": "G", "G7": "VV"}, tile="D4", facing="N", seats=3)
    s, events = E.apply(s, 0, MoveStone(field="D3", direction="N"))  # takes Blue's last stone
    assert not s.over  # Orange, Green and Violet are still on the board
    assert ("ev_player_skipped", {"seat": 1}) in [(e.key, e.params) for e in events]
    assert s.active == 2 and E.to_act(s) == [2]


def test_end_after_max_rounds_full_rounds_R():
    s = pos({"A1": "OOO", "G7": "BBB", "A7": "GGG", "G1": "VVV"}, tile="D4", active=1, round_=5, max_rounds=5)
    s, _ = E.apply(s, 1, TurnTile(clockwise=True))
    s, events = E.apply(s, 1, StopTile())  # nothing marked; the round is complete
    assert s.over and s.end_reason == "rounds" and keys(events)[-1] == "ev_game_over"
    s = pos({"A1": "OOO", "G7": "BBB", "A7": "GGG", "G1": "VVV"}, tile="D4", active=0, round_=5, max_rounds=5)
    s, _ = E.apply(s, 0, TurnTile(clockwise=True))
    s, _ = E.apply(s, 0, StopTile())
    assert not s.over and s.active == 1 and s.round == 5


def test_end_rounds_count_when_the_white_figure_passes_the_start_again():
    s = pos({"A1": "OOO", "G7": "BBB", "A7": "GGG", "G1": "VVV"}, tile="D4", seats=3, active=0)
    seen = []
    for _ in range(6):
        s, _ = E.apply(s, s.active, TurnTile(clockwise=True))
        s, _ = E.apply(s, s.active, StopTile())
        seen.append((s.active, s.round))
    assert seen == [(1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 3)]


@pytest.mark.parametrize(
    "counts, points",
    [
        ([1, 0, 0, 0], 1),
        ([2, 0, 0, 0], 2),  # two of one colour are two singles
        ([1, 1, 0, 0], 3),
        ([1, 1, 1, 0], 7),
        ([1, 1, 1, 1], 8),  # a set of three and a single, not two pairs (6)
        ([3, 3, 3, 3], 28),  # four sets of three; greedy on the same three colours gives 24
        ([2, 2, 2, 2], 17),  # two sets of three and a pair; greedy gives 16
        ([4, 2, 2, 0], 16),
        ([5, 1, 1, 0], 11),
        ([0, 0, 0, 0], 0),
        ([9, 9, 9, 9], 84),
    ],
)
def test_scoring_best_grouping_into_sets(counts, points):
    best, sets = best_sets(counts)
    assert best == points
    assert sum({3: 7, 2: 3, 1: 1}[len(g)] for g in sets) == points
    assert all(len(set(g)) == len(g) <= 3 for g in sets)  # different colours in a set
    used = [0, 0, 0, 0]
    for g in sets:
        for c in g:
            used[c] += 1
    assert used == counts  # every stone in exactly one set


def test_scoring_adds_ladder_step_k_as_k_points_and_ties_share_the_win_R():
    assert reconstruction.LADDER_POINTS == tuple(range(9))
    s = pos({"A1": "O", "G7": "B"}, tile="D4")
    s.captured = [[0, 1, 1, 1], [1, 0, 1, 0]]  # 7 and 3
    s.ladder = [1, 5]
    s.phase = "over"
    result = E.result(s)
    assert result.scores == [8, 8] and result.winners == [0, 1] and result.draw
    s.ladder = [2, 5]
    assert E.result(s).winners == [0]


# -- The contract around the rules ------------------------------------------------------------


def test_actions_of_the_wrong_seat_or_after_the_end_are_refused():
    s, _ = marked({"D2": "BBB", "A1": "OOO"}, tile="D4", facing="N")
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, LeaveStone(field="D2"))
    assert err.value.key == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 1, LeaveStone(field="A1"))
    assert err.value.key == "other_stone"
    s.phase = "over"
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 1, LeaveStone(field="D2"))
    assert err.value.key == "game_over"


def test_nothing_is_hidden_every_seat_sees_the_same():
    s, _ = marked({"D2": "BBo", "A1": "OOO"}, tile="D4", facing="N", seats=3)
    views = [E.view(s, seat).model_dump(exclude={"seat"}) for seat in (None, 0, 1, 2)]
    assert all(v == views[0] for v in views)
    assert not E.prompt(s, 1).secret


def test_rules_help_marks_every_reconstructed_point_in_both_languages():
    for locale in ("de", "en"):
        pages = E.rules_help(locale)
        assert all(len(p) < 2000 for p in pages)
        text = "\n".join(pages)
        points = E.messages.pages("reconstructed", {"max_rounds": reconstruction.MAX_ROUNDS_DEFAULT}, locale)
        assert len(points) == reconstruction.POINT_COUNT
        for point in points:
            assert f"- {point}" in text
        assert text.count("(R)") >= 8
        # the round cap is the reconstruction's, not an option players set
        assert str(reconstruction.MAX_ROUNDS_DEFAULT) in text and "quick_setup" in text and "max_rounds" not in text
