"""The rules of Hoch und höher as plain functions over :class:`State`.

Functions named ``do_*`` and ``begin_turn`` mutate the state they are given;
the engine calls them only on a deep copy, so ``Engine.apply`` stays pure.
Sections are those of the rulebook (Spielregel IV.1 ...).

Decisions where rulebook and RULINGS are silent:

- Layout: the rulebook's picture of the start is lost. The towers stand, left
  to right and numbered 1-14, with heights 6 5 4 3 2 1 2 1 2 1 3 4 5 6.
- A tower put onto another disappears; the tower below keeps its number and
  its place. Numbers are therefore stable and some go missing as play goes on.
- The engine rolls for a turn when the turn begins, so the number is known
  (and public) before the seat decides; a roll that allows no move ends the
  game at once and stays on show as the last roll.
- Die-off (zwei Spieler, "es wird ausgewürfelt"): each team rolls once per
  round, TEAM B first; equal rolls are rolled again; the higher roll begins.
  Every round is kept in the state and the view.
- A move is compulsory: there is no passing while any move exists (IV.1:
  "von denen er eine ausführen muss").
- Solo: the one seat owns all four pawns and places them in any order.
- The 2-player tie-break compares the points of each team's best pawn after
  the hierarchy variant, if played: a pawn that scores 0 there counts 0.
"""

from __future__ import annotations

from engines.contract import Event, IllegalAction
from engines.hoch_und_hoeher.model import (
    DIE_SIDES,
    MAX_MOVABLE,
    START_HEIGHTS,
    STONES,
    TEAM_B,
    TEAM_G,
    LastMove,
    Options,
    Place,
    Stack,
    State,
    Tower,
    owner,
    pawns_of,
)
from engines.hoch_und_hoeher import scoring
from engines.rng import Rng


def initial_state(players: int, seed: int, options: Options) -> State:
    """Vorbereitung, the die-off of two players, and the first roll."""
    state = State(
        rng=Rng.from_seed(seed),
        players=players,
        hierarchy=options.hierarchy,
        daily=options.daily,
        towers=[Tower(id=i + 1, height=h) for i, h in enumerate(START_HEIGHTS)],
        roll=1,
    )
    if players == 2:
        state.active = die_off(state)
    begin_turn(state)
    return state


def die_off(state: State) -> int:
    """IV.2 "Es wird ausgewürfelt, wer beginnt": re-roll ties, the higher begins."""
    while True:
        rolls = [roll_die(state), roll_die(state)]
        state.dieoff.append(rolls)
        if rolls[TEAM_B] != rolls[TEAM_G]:
            return TEAM_B if rolls[TEAM_B] > rolls[TEAM_G] else TEAM_G


def starter(state: State) -> int:
    if not state.dieoff:
        return TEAM_B
    last = state.dieoff[-1]
    return TEAM_B if last[TEAM_B] > last[TEAM_G] else TEAM_G


def roll_die(state: State) -> int:
    return state.rng.randint(1, DIE_SIDES)


# -- lookups -------------------------------------------------------------------


def tower(state: State, tower_id: int) -> Tower | None:
    for t in state.towers:
        if t.id == tower_id:
            return t
    return None


def unplaced(state: State, seat: int) -> list[str]:
    """The seat's pawns not yet on a tower, in the order of PAWNS."""
    placed = {t.pawn for t in state.towers}
    return [p for p in pawns_of(seat, state.players) if p not in placed]


def free_towers(state: State) -> list[Tower]:
    return [t for t in state.towers if t.pawn is None]


# -- what may be done ----------------------------------------------------------


def moves(state: State, seat: int, roll: int) -> list:
    """Every move of ``seat`` for the number ``roll`` (IV.1), places first."""
    out: list = []
    free = free_towers(state)
    for pawn in unplaced(state, seat):
        out += [Place(pawn=pawn, tower=t.id) for t in free if t.height == roll]
    for src in state.towers:
        # A roll is at most 6, so a tower higher than 6 never matches: it cannot move.
        if src.height == roll:
            out += [Stack(src=src.id, dst=dst.id) for dst in free if dst.id != src.id]
    return out


def movable(state: State, roll: int) -> set[int]:
    """Towers that may be put onto another one with ``roll``."""
    return {a.src for a in moves(state, state.active, roll) if isinstance(a, Stack)}


def placeable(state: State, seat: int, roll: int) -> set[int]:
    """Towers on which ``seat`` may place a pawn with ``roll``."""
    if not unplaced(state, seat):
        return set()
    return {t.id for t in free_towers(state) if t.height == roll}


def check(state: State, seat: int, action) -> None:
    """Raise the precise reason why ``action`` is not a legal move now."""
    if isinstance(action, Place):
        t = tower(state, action.tower)
        if t is None:
            raise IllegalAction("no_such_tower", tower=action.tower)
        if owner(action.pawn, state.players) != seat:
            raise IllegalAction("not_your_pawn", pawn=action.pawn)
        if action.pawn not in unplaced(state, seat):
            raise IllegalAction("pawn_placed", pawn=action.pawn)
        if t.pawn is not None:
            raise IllegalAction("tower_has_pawn", tower=t.id)
        if t.height != state.roll:
            raise IllegalAction("wrong_height", tower=t.id, height=t.height, roll=state.roll)
        return
    if isinstance(action, Stack):
        src, dst = tower(state, action.src), tower(state, action.dst)
        if src is None or dst is None:
            raise IllegalAction("no_such_tower", tower=action.src if src is None else action.dst)
        if src.id == dst.id:
            raise IllegalAction("same_tower", tower=src.id)
        if src.height > MAX_MOVABLE:
            raise IllegalAction("too_high", tower=src.id, height=src.height)
        if src.height != state.roll:
            raise IllegalAction("wrong_height", tower=src.id, height=src.height, roll=state.roll)
        if dst.pawn is not None:
            raise IllegalAction("tower_has_pawn", tower=dst.id)
        return
    raise IllegalAction("not_legal")


# -- doing it ------------------------------------------------------------------


def _who(state: State, key: str) -> str:
    """Solo messages do not name a team: the one player does everything."""
    return key + "_solo" if state.players == 1 else key


def do_place(state: State, seat: int, action: Place) -> list[Event]:
    t = tower(state, action.tower)
    t.pawn = action.pawn
    state.last = LastMove(kind="place", seat=seat, pawn=action.pawn, dst=t.id, dst_height=t.height, height=t.height)
    params = {"seat": seat, "pawn": action.pawn, "tower": t.id, "height": t.height}
    return [Event(key=_who(state, "ev_place"), params=params)]


def do_stack(state: State, seat: int, action: Stack) -> list[Event]:
    src, dst = tower(state, action.src), tower(state, action.dst)
    state.towers.remove(src)
    below = dst.height
    dst.height += src.height
    dst.pawn = src.pawn
    state.last = LastMove(
        kind="stack", seat=seat, pawn=src.pawn, src=src.id, src_height=src.height,
        dst=dst.id, dst_height=below, height=dst.height,
    )
    params = {
        "seat": seat, "src": src.id, "src_height": src.height, "dst": dst.id,
        "dst_height": below, "height": dst.height, "pawn": src.pawn,
    }
    return [Event(key=_who(state, "ev_stack"), params=params)]


def next_seat(state: State) -> int:
    return (state.active + 1) % state.players


def begin_turn(state: State) -> list[Event]:
    """Roll for the seat now active; end the game if the roll allows no move."""
    state.roll = roll_die(state)
    events = [Event(key=_who(state, "ev_roll"), params={"seat": state.active, "roll": state.roll})]
    if not moves(state, state.active, state.roll):
        state.over = True
        events.append(Event(key=_who(state, "ev_no_move"), params={"seat": state.active, "roll": state.roll}))
        events.append(final_event(state))
    return events


def final_event(state: State) -> Event:
    s = scoring.scores(state)
    if state.players == 1:
        return Event(key="ev_over_solo", params={"score": s[TEAM_B], "max": STONES})
    winners, tiebreak = scoring.ranking(state)
    params = {"score_b": s[TEAM_B], "score_g": s[TEAM_G]}
    if len(winners) > 1:
        return Event(key="ev_over_draw", params=params)
    if tiebreak:
        best = scoring.best_pawn(state, winners[0])
        return Event(key="ev_over_tiebreak", params=params | {"winner": winners[0], "best": best})
    return Event(key="ev_over", params=params | {"winner": winners[0]})
