"""How good a position of Himmel und Hölle looks for one side, for the
computer player (:meth:`engines.contract.Engine.evaluate`).

A finished game is 1 for the sole winner, 0 for the loser and 1/2 each for a
draw. A running game is judged by an estimate of the *final* goal sums. The game
ends the moment a side's third die is home, and the other side then keeps
what it has: it is a race, so each side's estimate is

    goal points + pips of the dice still to come x the share of them that
    arrive before the other side is home.

- **Goal points** already scored (``sum(goal)``) are certain.
- **The dice still to come** (``3 - len(goal)`` of them) are the side's best
  candidates, ranked by pips less half a pip per step still to go (a die in
  the Startfeld counts as a 3 with the whole board ahead of it). Their pips
  count; the steps they still need, divided by the action points a turn
  brings (one per die in play), give the turns the side needs to be home.
- **The share** is 1 for the faster side and, for the slower one, the other
  side's turns over its own (both plus :data:`SLACK`, so that the first
  entries of the game, which change the action points a lot, do not swing
  it wildly). Lowering a die to slide it costs pips and gains tempo; raising
  costs tempo and gains pips; the estimate weighs the two.
- **Stranding**: a side that would begin a turn with no die in play ends the
  game, and the other one fills its Zielfeld with 6s; that case is scored as
  the fill-up would score it.
- **Small terms**: the first two dice in play (:data:`IN_PLAY` each; a side
  with one die in play has one action point and may be stranded), the pips
  of the cards in hand (:data:`CARD`: they win the conflicts to come), and
  the action points of the side on turn not yet spent (:data:`AP_WORTH`
  each). The last one matters to the search: without it, ending a turn with
  points left looked no worse than using them, and since a random next move
  is mostly a bad one for whoever makes it (half the choices lower a die),
  handing the move over early looked good.

The difference of the two estimates goes through a logistic on
:data:`SCALE` points: wide enough that the search still tells a step from a
pip when one side leads.

Playouts: none (``PLAYOUT_STEPS = 0``). A turn is many small decisions, most
random ones harmful to their maker; the search judges the position it
reached directly. Against the greedy player at 100 ms a decision this won 4
of 4 games where 8 random steps won 1 of 3.

Everything is read from the state in one pass, no copying: this is called
once per search iteration.
"""

from __future__ import annotations

import math

from engines.himmel_und_hoelle.model import GOAL_DICE, MAX_PIPS, SIDES, START_VALUE, State, goal_column

#: Points of lead that make a position look clearly won.
SCALE = 5.0
#: Pips a step still to go is worth (its cost in action points or pips).
STEP_COST = 0.5
#: Steps a die in the Startfeld still has to go: enter, nine moves, finish.
START_STEPS = 11
#: Turns added to both sides' race before comparing them (early on a die
#: more or less in play changes the action points a lot, for a while only).
SLACK = 2.0
#: Points an action point of the side on turn not yet spent is worth: ending
#: the turn gives them up.
AP_WORTH = 0.8
#: Points per die in play, counted for the first ``PLAY_CAP`` dice only.
IN_PLAY = 1.5
PLAY_CAP = 2
#: Points per pip of cards in hand (a hand holds 78 pips at the start).
CARD = 0.04

#: Random steps a playout takes before the position is judged
#: (``AI_PLAYOUT_STEPS`` of the engine): none, see the module docstring.
PLAYOUT_STEPS = 0


def evaluate(state: State, seat: int) -> float:
    if state.over:
        scores = [sum(g) for g in state.goal]
        best = max(scores)
        winners = [s for s in SIDES if scores[s] == best]
        return 1.0 / len(winners) if seat in winners else 0.0
    races = [_race(state, side) for side in SIDES]
    values = []
    for side in SIDES:
        scored, pips, turns, extra = races[side]
        other_turns = races[1 - side][2]
        if turns <= 0.0:  # the other side is stranded: this one fills up
            values.append(scored + pips + extra)
            continue
        # the game ends when the faster side is home: the slower one brings
        # only part of its dice by then
        share = 1.0 if other_turns <= 0.0 else min(1.0, (other_turns + SLACK) / (turns + SLACK))
        values.append(scored + pips * share + extra)
    lead = values[seat] - values[1 - seat]
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


def _stranded(state: State, side: int, in_play: int) -> bool:
    """The side has no die in play and cannot bring one in before its next
    turn begins (then the game ends with the other side filling up)."""
    if in_play:
        return False
    can_enter = state.active == side and state.ap > 0 and state.start[side] > 0 and state.pending is None
    return not can_enter


def _race(state: State, side: int) -> tuple[float, float, float, float]:
    """(goal points, pips of the dice still to come home, turns they need,
    the small terms); turns 0: the side fills up at once (the other side is
    stranded), pips 0 and turns infinite: the side is stranded itself."""
    goal = state.goal[side]
    scored = float(sum(goal))
    missing = GOAL_DICE - len(goal)
    dice = [d for d in state.dice if d.side == side]
    extra = IN_PLAY * min(len(dice), PLAY_CAP) + CARD * sum(state.hands[side])
    if state.active == side and state.conflict is None and state.pending is None:
        extra += AP_WORTH * state.ap  # points of this turn not yet spent
    if missing <= 0:
        return scored, 0.0, 0.0, extra
    other = 1 - side
    other_in_play = sum(1 for d in state.dice if d.side == other)
    if dice and _stranded(state, other, other_in_play):
        return scored, float(MAX_PIPS * missing), 0.0, extra
    if _stranded(state, side, len(dice)):
        return scored, 0.0, math.inf, extra
    target = goal_column(side)
    # candidates: (worth as a candidate, pips, steps still to go)
    candidates = []
    for d in dice:
        steps = abs(target - int(d.field[1:])) + 1
        candidates.append((d.value - STEP_COST * steps, d.value, steps))
    if len(candidates) < missing:
        fresh = (START_VALUE - STEP_COST * START_STEPS, START_VALUE, START_STEPS)
        candidates += [fresh] * min(state.start[side], missing - len(candidates))
    candidates.sort(reverse=True)
    chosen = candidates[:missing]
    pips = float(sum(p for _, p, _ in chosen))
    steps = sum(s for _, _, s in chosen)
    return scored, pips, steps / max(len(dice), 1), extra
