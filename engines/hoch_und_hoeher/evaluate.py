"""How good a position of Hoch und höher looks for one seat, for the computer
player (:meth:`engines.contract.Engine.evaluate`).

A finished game is 1 for the sole winner, 0 for the loser and 1/2 each for a
draw (the tie-break by the best pawn is the rules' own ``ranking``). The solo
game has no opponent: its score is judged against the 45 stones.

A running game is judged by the points each team may expect at the end.
How many turns are still to come decides most of it: a turn is the last one
when its roll is a height (1-6) no tower has any more, so with ``k`` of the
six heights left about ``k / (6 - k)`` more turns follow (at most
:data:`MAX_TURNS`), half of them each seat's. Then, per pawn:

- **on a tower above 6** it can never move again: its height is final;
- **on a tower of 6 or less** it keeps its height (nothing can be put onto a
  tower with a pawn, so it never shrinks) and may still grow: if its owner
  rolls that height in one of its turns left, the tower may go onto the
  highest pawn-free tower. Counted: :data:`GROWTH` x the chance of that roll
  x the highest pawn-free tower;
- **unplaced** it scores 0 if the game ends first. Counted: :data:`UNPLACED`
  x the chance of rolling, in the turns left, a height some pawn-free tower
  of 6 or less has x (the average such tower + its growth as above).

The hierarchy variant is applied to the estimated heights as the rules apply
it to the real ones. The difference of the two teams' estimates goes through
a logistic on :data:`SCALE` points.

Playouts: none (``PLAYOUT_STEPS = 0``). A random move here is a poor guess of
the game's course (placing a pawn on a 1 at once, say), while the search
already samples the rolls to come through its determinisations; judging the
reached position directly won clearly more against the greedy player
(57 % against 49 % over about 390 games at 50 ms).
"""

from __future__ import annotations

import math

from engines.hoch_und_hoeher import scoring
from engines.hoch_und_hoeher.model import MAX_MOVABLE, PAWNS, STONES, TEAM_B, State, owner

#: Points of lead that make a position look clearly won.
SCALE = 4.0
#: Share of the highest pawn-free tower a movable pawn may still gain.
GROWTH = 0.6
#: Share of a placeable tower's height an unplaced pawn is worth.
UNPLACED = 0.8
#: At most this many turns are expected to come (all seats together).
MAX_TURNS = 12.0

#: Random steps a playout takes before the position is judged: none, the
#: search judges the position it reached (the heuristic beats random play,
#: measured by ``bench.arena``).
PLAYOUT_STEPS = 0


def evaluate(state: State, seat: int) -> float:
    if state.over:
        winners, _ = scoring.ranking(state)
        if state.players == 1:
            return scoring.scores(state)[TEAM_B] / STONES
        return 1.0 / len(winners) if seat in winners else 0.0
    est = estimates(state)
    if state.players == 1:
        return min(1.0, sum(est.values()) / STONES)
    totals = [0.0, 0.0]
    for pawn, value in est.items():
        totals[owner(pawn, state.players)] += value
    lead = totals[seat] - totals[1 - seat]
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


def estimates(state: State) -> dict[str, float]:
    """The expected final height under every pawn."""
    free = [t.height for t in state.towers if t.pawn is None]
    top_free = max(free, default=0)
    small_free = [h for h in free if h <= MAX_MOVABLE]
    own_turns = _own_turns_left(state)
    # the chance of an own pawn's number coming up (for growing a tower)
    grow = 1.0 - (5.0 / 6.0) ** own_turns
    # the chance of a number with a free tower to place on coming up
    placeable = len(set(small_free)) / 6.0
    place = 1.0 - (1.0 - placeable) ** own_turns
    avg_small = sum(small_free) / len(small_free) if small_free else 0.0
    placed = {t.pawn: t.height for t in state.towers if t.pawn is not None}
    out = {}
    for pawn in PAWNS:
        h = placed.get(pawn)
        if h is None:
            out[pawn] = UNPLACED * place * (avg_small + GROWTH * grow * top_free)
        elif h > MAX_MOVABLE:
            out[pawn] = float(h)
        else:
            out[pawn] = h + GROWTH * grow * top_free
    if state.hierarchy:
        return {p: float(v) for p, v in _hierarchy(state, out).items()}
    return out


def _own_turns_left(state: State) -> float:
    """About how many more turns each seat gets: a turn goes on while its roll
    is a height (1-6) some tower still has, so with ``k`` of the six heights
    left a turn is the last with chance ``1 - k/6``."""
    heights = {t.height for t in state.towers if t.height <= MAX_MOVABLE}
    life = len(heights) / 6.0
    turns = min(MAX_TURNS, life / (1.0 - life)) if life < 1.0 else MAX_TURNS
    return turns / max(state.players, 1)


def _hierarchy(state: State, est: dict[str, float]) -> dict[str, float]:
    if state.players == 1:
        return scoring.solo_hierarchy(est)
    return scoring.team_hierarchy(est)
