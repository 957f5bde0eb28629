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
- **Home is safe, the way is not**: the pips still to come count
  ``1 - RISK`` (:data:`RISK`: conflicts on the way cost pips, and a die at
  1 that loses goes back), and every step still to go costs
  :data:`PROGRESS`, for the faster side too. Without these a die on the
  field next to its Zielfeld was worth as much as one inside, and a side
  that led the race gained nothing by going on (the share is 1 however far
  ahead it is): the computer parked its dice at the door, moved them up and
  down the last column and won only when the opponent was stranded, never
  by a race home. Now a step home and a die brought in are each worth
  something of their own.
- **Stranding**: a side that would begin a turn with no die in play ends the
  game, and the other one fills its Zielfeld with 6s; that case is scored as
  the fill-up would score it.
- **Small terms**: the first two dice in play (:data:`IN_PLAY` each; a side
  with one die in play has one action point and may be stranded), the pips
  of the cards in hand (:data:`CARD`: they win the conflicts to come), and
  the action points still to come: those of the side on turn not yet spent
  (:data:`AP_WORTH` each) and, at :data:`WAITING` of that, those the other
  side's next turn brings (one per die in play). The first one matters to
  the search: without it, ending a turn with points left looked no worse
  than using them, and since a random next move is mostly a bad one for
  whoever makes it (half the choices lower a die), handing the move over
  early looked good. The second one keeps the turn's end level: without
  it, ending a turn put the other side's fresh points on the scale at once,
  so with no point left every free lowering step that cost less than they
  looked better than ending the turn. The greedy player, which sees one
  step, slid its dice down to 1 that way, lost them in conflicts and was
  stranded; the computer wasted pips the same way.

The difference of the two estimates goes through a logistic on
:data:`SCALE` points: wide enough that the search still tells a step from a
pip when one side leads.

Playouts: none (``PLAYOUT_STEPS = 0``). A turn is many small decisions, most
random ones harmful to their maker; the search judges the position it
reached directly, and backs up the best child's value rather than the mean
(the engine's ``AI_SEARCH`` and ``ai_useless``). Against the greedy player at 100 ms a
decision no playouts won 4 of 4 games where 8 random steps won 1 of 3.
Before the race terms and the turn's-end term the computer beat greedy only
by stranding it (greedy slid its own dice down to 1, above); with the
turn's-end term alone greedy raced home and beat the search of the time
(the mean, no race terms) in 6 of 6 games at 200 ms. With the terms and the best-child backup, the
full row at 500 ms a decision (``python -m bench.arena``): 17 of 20 games,
7 of the 17 wins by a race home.

Everything is read from the state in one pass, no copying: this is called
once per search iteration.
"""

from __future__ import annotations

import math

from engines.himmel_und_hoelle.model import (
    GOAL_DICE,
    MAX_PIPS,
    SIDES,
    START_VALUE,
    Play,
    State,
    allowed_card,
    goal_column,
)

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
#: Points a step still to go costs a side (faster or not).
PROGRESS = 0.25
#: Share of the pips still to come that conflicts on the way may cost.
RISK = 0.1
#: Share of AP_WORTH the side not on turn gets per die in play (the points
#: its next turn brings).
WAITING = 0.5

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
        scored, pips, turns, extra, steps = races[side]
        other_turns = races[1 - side][2]
        if turns <= 0.0:  # the other side is stranded: this one fills up
            values.append(scored + pips + extra)
            continue
        # the game ends when the faster side is home: the slower one brings
        # only part of its dice by then; what is on its way is not safe yet
        share = 1.0 if other_turns <= 0.0 else min(1.0, (other_turns + SLACK) / (turns + SLACK))
        values.append(scored + pips * (1.0 - RISK) * share - PROGRESS * steps + extra)
    lead = values[seat] - values[1 - seat]
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


def _stranded(state: State, side: int, in_play: int) -> bool:
    """The side has no die in play and cannot bring one in before its next
    turn begins (then the game ends with the other side filling up)."""
    if in_play:
        return False
    can_enter = state.active == side and state.ap > 0 and state.start[side] > 0 and state.pending is None
    return not can_enter


def _race(state: State, side: int) -> tuple[float, float, float, float, int]:
    """(goal points, pips of the dice still to come home, turns they need,
    the small terms, steps they still have to go); turns 0: the side fills
    up at once (the other side is stranded), pips 0 and turns infinite: the
    side is stranded itself."""
    goal = state.goal[side]
    scored = float(sum(goal))
    missing = GOAL_DICE - len(goal)
    dice = [d for d in state.dice if d.side == side]
    extra = IN_PLAY * min(len(dice), PLAY_CAP) + CARD * sum(state.hands[side])
    if state.active == side and state.conflict is None and state.pending is None:
        extra += AP_WORTH * state.ap  # points of this turn not yet spent
    elif state.active != side:
        extra += WAITING * AP_WORTH * len(dice)  # points its next turn brings
    if missing <= 0:
        return scored, 0.0, 0.0, extra, 0
    other = 1 - side
    other_in_play = sum(1 for d in state.dice if d.side == other)
    if dice and _stranded(state, other, other_in_play):
        return scored, float(MAX_PIPS * missing), 0.0, extra, 0
    if _stranded(state, side, len(dice)):
        return scored, 0.0, math.inf, extra, 0
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
    return scored, pips, steps / max(len(dice), 1), extra, steps


def useless(state: State, seat: int, action) -> bool:
    """Actions the search need not try (the engine's ``AI_SEARCH`` and ``ai_useless``): in a
    conflict round, a card other than the 0 that is not allowed on the
    seat's die. It counts 0 like the 0 and leaves the game, where the 0
    goes back to the hand: never better than the 0, and a search of a few
    hundred iterations split over thirteen cards sometimes played a 12 on a
    6 by the noise of its averages."""
    if not isinstance(action, Play) or action.card == 0 or state.conflict is None or state.pending is not None:
        return False
    die = next((d for d in state.dice if d.side == seat and d.field == state.conflict.field), None)
    return die is not None and not allowed_card(die.value, action.card)
