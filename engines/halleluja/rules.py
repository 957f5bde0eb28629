"""The rules of Halleluja as plain functions over :class:`State`.

Functions named ``do_*`` and the phase steps mutate the state they are given;
the engine calls them only on a copy, so ``Engine.apply`` stays pure. Section
names refer to ``rules/halleluja.md``; the points it marks (R) live in
:mod:`engines.halleluja.reconstruction`.

Settled by RULINGS (Halleluja):

- The number tile occupies its field: a stone neither passes nor lands on it
  (:func:`stone_moves`), and the tile never slides onto or across a stack
  (:func:`tile_slides`).
- "Stones on the board" counts every stone of every stack, buried ones too
  (:func:`colours_on_board`, :func:`has_stones`): for the end conditions and
  for skipping a player; a player whose stones are all covered still moves
  the tile.

Decisions where the reconstruction is silent:

- Setup is a sequence of small decisions: the starting player (seat 0) puts
  the tile on a field, then turns it (where arrow 1 points), then the towers
  follow one at a time. The placing player only chooses the field; which
  colour comes next is fixed by the tower order.
- A tower may only go where all towers still to come can still be placed
  (greedy placement could otherwise fill the board after ten towers). Fields
  are offered only if the rest still fit (exact check: see ``placement``).
- The second tile action is never a slide in the direction of the first (that
  is the same as one longer slide, a single action). A second action that
  would put the tile back exactly where and how it stood is not offered.
- Marks are set once, right after the tile move; stones moving later in the
  turn do not change them. The four arrow lines never share a stack, so a
  marked stack can be taken over by an earlier move but never emptied by one;
  the (R) skip rule is checked for both all the same.
- A marked stone without any legal move is left where it is without asking
  (event ``ev_stone_stuck``); while it has one, its decider may still leave it.
- The ladder ends at step 8: an angel taking a devil there gains nothing more.
- A round is complete when the white figure passes from a later seat back to
  an earlier one (or the same one); ``max_rounds`` ends the game after that
  many complete rounds. Its bounds are 5-100.
- The game ends after a turn if at most two colours remain (fewer than two
  counts too), if no stack shows an angel, or with two players if at most one
  of them still has stones. The reason reported is the first of these.
"""

from __future__ import annotations

from engines.contract import Event
from engines.halleluja import reconstruction as R
from engines.halleluja.model import (
    COLOURS,
    DIRECTIONS,
    FIELDS,
    LADDER_TOP,
    ORTHOGONAL,
    SIZE,
    TOWER_HEIGHT,
    TOWERS_PER_COLOUR,
    LeaveStone,
    Mark,
    MoveStone,
    SlideTile,
    State,
    StopTile,
    Stone,
    TurnTile,
    index,
    step,
    turn,
)
from engines.halleluja.placement import TOTAL_TOWERS, tower_fields
from engines.halleluja.scoring import score
from engines.rng import Rng

def initial_state(seats: int, seed: int, max_rounds: int, quick_setup: bool) -> State:
    """Setup: an empty board; the starting player (seat 0) places the tile.
    With ``quick_setup`` the engine places tile and towers from the seed."""
    s = State(
        rng=Rng.from_seed(seed),
        seats=seats,
        max_rounds=max_rounds,
        board=[[] for _ in FIELDS],
        ladder=[0] * seats,
        captured=[[0] * COLOURS for _ in range(seats)],
    )
    if quick_setup:
        s.tile = FIELDS[s.rng.below(len(FIELDS))]
        s.facing = ORTHOGONAL[s.rng.below(4)]
        s.phase = "place_tower"
        while s.phase == "place_tower":
            fields = tower_fields(s)
            do_place_tower(s, fields[s.rng.below(len(fields))])
    return s


# -- lookups -------------------------------------------------------------------


def stack(s: State, field: str) -> list[Stone]:
    return s.board[index(field)]


def top(s: State, field: str) -> Stone | None:
    st = s.board[index(field)]
    return st[-1] if st else None


def colours_on_board(s: State) -> set[int]:
    return {stone.colour for st in s.board for stone in st}


def has_stones(s: State, seat: int) -> bool:
    return any(stone.colour == seat for st in s.board for stone in st)


def arrows(facing: str) -> list[tuple[int, str]]:
    """(label, direction) of the tile's four arrows, in label order."""
    labels = R.ARROW_LABELS_CLOCKWISE
    one = labels.index(1)
    return sorted((label, turn(facing, i - one)) for i, label in enumerate(labels))


def tower_placer(s: State) -> tuple[int, int]:
    """(seat, colour) of the next tower in the setup."""
    return R.tower_order(s.seats, COLOURS, TOWERS_PER_COLOUR)[s.towers]


def current_mark(s: State) -> Mark | None:
    if s.phase != "stones":
        return None
    return next((m for m in s.marks if m.status == "waiting"), None)


def decider(s: State) -> int:
    """Whose decision the game waits for."""
    if s.phase == "place_tower":
        return tower_placer(s)[0]
    mark = current_mark(s)
    if mark is not None:
        return R.stone_decider(top(s, mark.field).colour, s.active, s.seats)
    return s.active


def scores(s: State) -> list[int]:
    return [score(s.captured[p], s.ladder[p]) for p in range(s.seats)]


# -- setup ---------------------------------------------------------------------


def do_place_tile(s: State, field: str) -> list[Event]:
    s.tile = field
    s.phase = "orient_tile"
    s.last_move = [field]
    return [Event(key="ev_tile_placed", params={"seat": s.active, "field": field})]


def do_orient_tile(s: State, facing: str) -> list[Event]:
    s.facing = facing
    s.phase = "place_tower"
    return [Event(key="ev_tile_oriented", params={"seat": s.active, "dir": facing})]


def do_place_tower(s: State, field: str) -> list[Event]:
    seat, colour = tower_placer(s)
    s.board[index(field)] = [Stone(colour=colour) for _ in range(TOWER_HEIGHT)]
    s.towers += 1
    s.last_move = [field]
    events = [Event(key="ev_tower_placed", params={"seat": seat, "colour": colour, "field": field})]
    if s.towers == TOTAL_TOWERS:
        s.active = 0
        begin_turn(s)
        s.last_move = []
        events.append(Event(key="ev_turn", params={"seat": s.active, "round": s.round}))
    return events


# -- 1. moving the tile ----------------------------------------------------------


def tile_slides(s: State, exclude: str | None = None) -> list[SlideTile]:
    """Slides over empty fields, in any of 8 directions, as far as wanted."""
    out = []
    for direction in DIRECTIONS:
        if direction == exclude:
            continue
        for distance in range(1, SIZE):
            field = step(s.tile, direction, distance)
            if field is None or s.board[index(field)]:
                break
            out.append(SlideTile(direction=direction, distance=distance))
    return out


def tile_actions(s: State) -> list:
    turns = [TurnTile(clockwise=True), TurnTile(clockwise=False)]
    if s.phase == "tile":
        return tile_slides(s) + turns
    second = [a for a in tile_slides(s, exclude=s.first_slide) + turns if _tile_after(s, a) != (s.tile_from, s.facing_from)]
    return second + [StopTile()]


def _tile_after(s: State, action) -> tuple[str, str]:
    if isinstance(action, SlideTile):
        return step(s.tile, action.direction, action.distance), s.facing
    return s.tile, turn(s.facing, 1 if action.clockwise else -1)


def do_tile_action(s: State, action) -> list[Event]:
    """One action of the tile move; the second (or a stop) completes it."""
    if isinstance(action, StopTile):
        return finish_tile_move(s)
    src = s.tile
    s.tile, s.facing = _tile_after(s, action)
    if isinstance(action, SlideTile):
        s.last_move = [src, s.tile]
        events = [Event(key="ev_tile_slid", params={"seat": s.active, "src": src, "dst": s.tile})]
    else:
        s.last_move = [s.tile]
        key = "ev_tile_turned_cw" if action.clockwise else "ev_tile_turned_ccw"
        events = [Event(key=key, params={"seat": s.active, "field": s.tile})]
    if s.phase == "tile":
        s.first_slide = action.direction if isinstance(action, SlideTile) else None
        s.phase = "tile_more"
        return events
    return events + finish_tile_move(s)


def finish_tile_move(s: State) -> list[Event]:
    s.last_move = [f for f in (s.tile_from, s.tile) if f] if s.tile != s.tile_from else [s.tile]
    return place_marks(s) + advance(s)


# -- 2. marking ----------------------------------------------------------------


def nearest_stack(s: State, direction: str) -> str | None:
    for distance in range(1, SIZE):
        field = step(s.tile, direction, distance)
        if field is None:
            return None
        if s.board[index(field)]:
            return field
    return None


def place_marks(s: State) -> list[Event]:
    s.marks = []
    for label, direction in arrows(s.facing):
        field = nearest_stack(s, direction)
        s.marks.append(Mark(arrow=label, direction=direction, field=field, status="waiting" if field else "none"))
    s.landed = []
    s.phase = "stones"
    listed = ", ".join(f"{m.arrow}: {m.field}" for m in s.marks if m.field)
    if not listed:
        return [Event(key="ev_marked_none", params={"field": s.tile})]
    return [Event(key="ev_marked", params={"marks": listed})]


# -- 3. and 4. moving marked stones and landing ---------------------------------


def may_land(mover: Stone, target: Stone | None) -> bool:
    """Landing: empty field, or a capture the angel/devil table allows."""
    if target is None:
        return True
    if target.colour == mover.colour:
        return False
    return mover.angel or target.angel  # devil takes devil is the one forbidden capture


def stone_moves(s: State, field: str, distance: int) -> list[str]:
    """Directions the top stone on ``field`` may move exactly ``distance``
    fields: over empty fields only (the tile blocks), staying on the board."""
    mover = top(s, field)
    out = []
    for direction in DIRECTIONS:
        dest = step(field, direction, distance)
        if dest is None or dest == s.tile:
            continue
        path = (step(field, direction, k) for k in range(1, distance))
        if any(f == s.tile or s.board[index(f)] for f in path):
            continue
        if may_land(mover, top(s, dest)):
            out.append(direction)
    return out


def stone_actions(s: State) -> list:
    mark = current_mark(s)
    moves = [MoveStone(field=mark.field, direction=d) for d in stone_moves(s, mark.field, mark.arrow)]
    return moves + [LeaveStone(field=mark.field)]


def advance(s: State) -> list[Event]:
    """Go through the marks in arrow order up to the next decision, or end
    the turn when none is left."""
    events: list[Event] = []
    for mark in s.marks:
        if mark.status != "waiting":
            continue
        if not stack(s, mark.field) or (R.SKIP_STACKS_CHANGED_THIS_TURN and mark.field in s.landed):
            mark.status = "skipped"
            events.append(Event(key="ev_mark_skipped", params={"field": mark.field, "arrow": mark.arrow}))
            continue
        if not stone_moves(s, mark.field, mark.arrow):
            mark.status = "stuck"
            stone = top(s, mark.field)
            events.append(
                Event(key="ev_stone_stuck", params={"field": mark.field, "colour": stone.colour, "face": _face(stone)})
            )
            continue
        return events
    return events + end_turn(s)


def do_leave_stone(s: State) -> list[Event]:
    mark = current_mark(s)
    mark.status = "left"
    stone = top(s, mark.field)
    seat = decider(s)
    events = [Event(key="ev_stone_left", params={"seat": seat, "colour": stone.colour, "face": _face(stone), "field": mark.field})]
    return events + advance(s)


def do_move_stone(s: State, direction: str) -> list[Event]:
    mark = current_mark(s)
    seat = decider(s)
    src = mark.field
    dst = step(src, direction, mark.arrow)
    stone = stack(s, src).pop()
    target = stack(s, dst)
    params = {"seat": seat, "colour": stone.colour, "face": _face(stone), "src": src, "dst": dst}
    events = [Event(key="ev_stone_moved", params=params)]
    if target:
        stone, captured = capture(s, stone, target)
        events += captured
    target.append(stone)
    s.landed.append(dst)
    mark.status = "moved"
    s.last_move = [src, dst]
    return events + advance(s)


def capture(s: State, mover: Stone, target: list[Stone]) -> tuple[Stone, list[Event]]:
    """Landing on another colour: the top stone is taken. Angel takes angel:
    the capturer turns to its devil side. Angel takes devil: its owner climbs
    one ladder step. Devil takes angel: nothing else. Returns the capturer as
    it now is, to be put on what remains of the stack."""
    prey = target.pop()
    assert R.CAPTURE_TAKES_ONLY_THE_TOP_STONE and may_land(mover, prey)
    owner = mover.colour if mover.colour < s.seats else None
    params = {"colour": mover.colour, "prey": prey.colour, "prey_face": _face(prey)}
    if owner is None:
        assert R.NEUTRAL_CAPTURES_LEAVE_THE_GAME
        s.out[prey.colour] += 1
    else:
        s.captured[owner][prey.colour] += 1
    events = [Event(key="ev_captured" if owner is not None else "ev_captured_out", params=params)]
    if mover.angel and prey.angel:
        mover = Stone(colour=mover.colour, angel=False)
        events.append(Event(key="ev_turned_devil", params={"colour": mover.colour}))
    elif mover.angel and owner is not None:
        if s.ladder[owner] < LADDER_TOP:
            s.ladder[owner] += 1
            events.append(Event(key="ev_climbed", params={"seat": owner, "step": s.ladder[owner]}))
        else:
            events.append(Event(key="ev_ladder_top", params={"seat": owner}))
    return mover, events


# -- end of a turn and of the game ------------------------------------------------


def begin_turn(s: State) -> None:
    s.phase = "tile"
    s.tile_from, s.facing_from, s.first_slide = s.tile, s.facing, None
    s.marks = []
    s.landed = []


def end_reason(s: State) -> str | None:
    if len(colours_on_board(s)) <= 2:
        return "two_colours"
    if not any(st and st[-1].angel for st in s.board):
        return "no_angels"
    if s.seats == 2 and sum(has_stones(s, p) for p in range(s.seats)) <= 1:
        return "one_player"
    return None


def end_turn(s: State) -> list[Event]:
    """The end conditions, then the white figure passes clockwise to the next
    player who still has stones on the board; players without are skipped."""
    reason = end_reason(s)
    if reason is not None:
        return finish(s, reason)
    events: list[Event] = []
    nxt = s.active
    for k in range(1, s.seats + 1):
        nxt = (s.active + k) % s.seats
        if has_stones(s, nxt):
            break
        events.append(Event(key="ev_player_skipped", params={"seat": nxt}))
    if nxt <= s.active:
        s.round += 1
        if s.round > s.max_rounds:
            s.round = s.max_rounds
            return events + finish(s, "rounds")
    s.active = nxt
    s.turn += 1
    begin_turn(s)
    return events + [Event(key="ev_turn", params={"seat": nxt, "round": s.round})]


def finish(s: State, reason: str) -> list[Event]:
    s.phase = "over"
    s.end_reason = reason
    return [Event(key="ev_game_over", params={"reason": reason, "scores": scores(s)})]


def _face(stone: Stone) -> str:
    return "angel" if stone.angel else "devil"
