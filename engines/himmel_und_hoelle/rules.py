"""The rules of Himmel und Hölle as plain functions over :class:`State`.

Functions that carry out a rule (``do_*``, ``resolve_round``, ``after_bonus``,
``begin_turn``, ``finish_game``, ``open_conflict_if_any``) mutate the state they
are given; the engine calls them only on a copy, so ``Engine.apply`` stays pure. Rulebook sections are
named in German where the rulebook does ("Spielübersicht II, D").

Decisions where rulebook and RULINGS are silent:

- A free lowering step is one decision: ``Lower`` turns the die down by one,
  ``Slide`` turns it down by one and moves it one field. Lowering by n and
  moving up to n fields is a sequence of such steps; a step cannot be saved
  for later, which is what "at once" in RULINGS means.
- If the winner's die was already 6 and exactly one other own die below 6 is
  in the play area, that die is raised without asking; with several the
  winner chooses (``Boost``).
- The bonus action point is always offered, even when the only choice is to
  let it lapse (``Pass``): the conflict's winner should see that it existed.
- Filling up (end ②, RULINGS) takes the side's own remaining dice: of its
  dice in the play area those nearest its Zielfeld first (then row A, B, C),
  then dice from the Startfeld. Which dice go does not change the score.
- End ③ (both play areas empty, RULINGS) is checked after every action point,
  the bonus AP included, and at the start of a turn; its end reason is
  ``empty``. A third die in a Zielfeld that also empties the play area is end
  ① (reason ``goal``); the scores are the same either way.
- When a match deadline passes (a bot setting, policy "skip"), the late seat
  ends its turn, lets a bonus point lapse, raises its first eligible die for
  a 6-overflow, or plays its lowest card (the 0) in a conflict.
"""

from __future__ import annotations

from engines.himmel_und_hoelle.model import (
    CARDS,
    DICE_PER_SIDE,
    GOAL_DICE,
    HEAVEN,
    HELL,
    MAX_PIPS,
    SIDES,
    START_VALUE,
    Boost,
    Conflict,
    Die,
    Enter,
    Finish,
    Lower,
    Move,
    Pass,
    Play,
    Raise,
    Return,
    Reveal,
    Slide,
    State,
    allowed_card,
    column,
    entry_column,
    goal_column,
    neighbours,
    other,
)
from engines.rng import Rng
from engines.contract import Event


def initial_state(seed: int) -> State:
    """Spielvorbereitung: all dice on 3, four in each Startfeld, the fifth on
    the middle field of the side's first column; Hell begins."""
    return State(
        rng=Rng.from_seed(seed),
        dice=[
            Die(side=HELL, field=f"B{entry_column(HELL)}", value=START_VALUE),
            Die(side=HEAVEN, field=f"B{entry_column(HEAVEN)}", value=START_VALUE),
        ],
        start=[DICE_PER_SIDE - 1, DICE_PER_SIDE - 1],
        goal=[[], []],
        hands=[list(CARDS), list(CARDS)],
        active=HELL,
        ap=1,
    )


# -- lookups -------------------------------------------------------------------


def die_at(state: State, side: int, field: str) -> Die | None:
    for die in state.dice:
        if die.side == side and die.field == field:
            return die
    return None


def dice_of(state: State, side: int) -> list[Die]:
    return [d for d in state.dice if d.side == side]


def conflict_fields(state: State) -> list[str]:
    """Fields that hold a die of each colour."""
    hell = {d.field for d in dice_of(state, HELL)}
    return sorted(d.field for d in dice_of(state, HEAVEN) if d.field in hell)


def action_points_at_turn_start(state: State, side: int) -> int:
    """Phase 1: one action point per own die in the play area."""
    return len(dice_of(state, side))


# -- what may be done ----------------------------------------------------------


def ap_actions(state: State, side: int) -> list:
    """Every action of ``side`` that costs one action point, by the movement
    rules alone (the caller checks conflicts and who may spend the point)."""
    actions: list = []
    if state.start[side] > 0:
        for row in "ABC":
            field = f"{row}{entry_column(side)}"
            if die_at(state, side, field) is None:
                actions.append(Enter(side=side, to=field))
    for die in sorted(dice_of(state, side), key=lambda d: _field_order(d.field)):
        if column(die.field) == entry_column(side):
            actions.append(Return(side=side, at=die.field))
        if column(die.field) == goal_column(side):
            actions.append(Finish(side=side, at=die.field))
        if die.value < MAX_PIPS:
            actions.append(Raise(side=side, at=die.field))
        for dst in neighbours(die.field):
            if die_at(state, side, dst) is None:
                actions.append(Move(side=side, src=die.field, dst=dst))
    return actions


def free_actions(state: State, side: int) -> list:
    """Free lowering, optionally spending each step on one move."""
    actions: list = []
    for die in sorted(dice_of(state, side), key=lambda d: _field_order(d.field)):
        if die.value > 1:
            actions.append(Lower(at=die.field))
            for dst in neighbours(die.field):
                if die_at(state, side, dst) is None:
                    actions.append(Slide(src=die.field, dst=dst))
    return actions


def card_actions(state: State, seat: int) -> list[Play]:
    """Any card in hand may be chosen, allowed or not (RULINGS: an illegal
    card is played knowingly and counts 0)."""
    return [Play(card=c) for c in sorted(set(state.hands[seat]))]


def boost_actions(state: State, seat: int) -> list[Boost]:
    field = state.last_reveal.field if state.last_reveal else ""
    return [
        Boost(at=d.field)
        for d in sorted(dice_of(state, seat), key=lambda d: _field_order(d.field))
        if d.field != field and d.value < MAX_PIPS
    ]


def bonus_actions(state: State) -> list:
    """Spielübersicht II, D: the bonus action point may do anything that would
    be legal for either side, as long as no second conflict results."""
    actions: list = [a for side in SIDES for a in ap_actions(state, side) if len(conflicts_after(state, a)) <= 1]
    actions.append(Pass())
    return actions


def conflicts_after(state: State, action) -> set[str]:
    """The conflict fields there would be after an AP action, without
    carrying it out."""
    occupied = {(d.side, d.field) for d in state.dice}
    if isinstance(action, Enter):
        occupied.add((action.side, action.to))
    elif isinstance(action, (Return, Finish)):
        occupied.discard((action.side, action.at))
    elif isinstance(action, Move):
        occupied.discard((action.side, action.src))
        occupied.add((action.side, action.dst))
    return {field for side, field in occupied if side == HELL and (HEAVEN, field) in occupied}


def _field_order(field: str) -> tuple[int, str]:
    return column(field), field[0]


# -- doing it ------------------------------------------------------------------


def do_ap_action(state: State, action) -> list[Event]:
    """Carry out one AP action (without paying for it). Returns its events."""
    side = action.side
    if isinstance(action, Enter):
        state.start[side] -= 1
        state.dice.append(Die(side=side, field=action.to, value=START_VALUE))
        state.last_move = [action.to]
        return [Event(key="ev_enter", params={"side": side, "field": action.to})]
    die = die_at(state, side, action.at if not isinstance(action, Move) else action.src)
    assert die is not None
    if isinstance(action, Return):
        state.dice.remove(die)
        state.start[side] += 1
        state.last_move = [action.at]
        return [Event(key="ev_return", params={"side": side, "field": action.at})]
    if isinstance(action, Finish):
        state.dice.remove(die)
        state.goal[side].append(die.value)
        state.last_move = [action.at]
        return [
            Event(
                key="ev_finish",
                params={"side": side, "field": action.at, "value": die.value, "count": len(state.goal[side])},
            )
        ]
    if isinstance(action, Raise):
        die.value += 1
        state.last_move = [action.at]
        return [Event(key="ev_raise", params={"side": side, "field": action.at, "value": die.value})]
    if isinstance(action, Move):
        die.field = action.dst
        state.last_move = [action.src, action.dst]
        return [Event(key="ev_move", params={"side": side, "src": action.src, "dst": action.dst})]
    raise TypeError(action)


def do_free_action(state: State, side: int, action) -> list[Event]:
    src = action.at if isinstance(action, Lower) else action.src
    die = die_at(state, side, src)
    assert die is not None and die.value > 1
    die.value -= 1
    if isinstance(action, Lower):
        state.last_move = [src]
        return [Event(key="ev_lower", params={"side": side, "field": src, "value": die.value})]
    die.field = action.dst
    state.last_move = [src, action.dst]
    return [Event(key="ev_slide", params={"side": side, "src": src, "dst": action.dst, "value": die.value})]


def open_conflict_if_any(state: State, attacker: int, round_: int = 1) -> list[Event]:
    """A die that ends its move on an enemy die starts a conflict at once."""
    fields = conflict_fields(state)
    if not fields:
        state.conflict = None
        return []
    (field,) = fields  # never two conflicts: callers guarantee it
    same = state.conflict is not None and state.conflict.field == field
    state.conflict = Conflict(field=field, attacker=attacker, round=round_ if same else 1)
    return [
        Event(
            key="ev_conflict",
            params={"field": field, "attacker": attacker, "round": state.conflict.round},
        )
    ]


def resolve_round(state: State) -> list[Event]:
    """Spielübersicht II, B-E: reveal, value, winner, consequences, cards."""
    conflict = state.conflict
    assert conflict is not None and None not in conflict.cards
    field = conflict.field
    dice = [die_at(state, side, field) for side in SIDES]
    assert dice[0] is not None and dice[1] is not None
    cards = [int(c) for c in conflict.cards]  # type: ignore[arg-type]
    counted = [c if allowed_card(d.value, c) else 0 for d, c in zip(dice, cards)]
    values = [d.value + c for d, c in zip(dice, counted)]
    defender = other(conflict.attacker)
    if values[0] != values[1]:
        winner = 0 if values[0] > values[1] else 1
    elif counted[0] != counted[1]:
        winner = 0 if counted[0] > counted[1] else 1
    else:
        winner = defender
    loser = other(winner)
    state.last_reveal = Reveal(
        field=field,
        round=conflict.round,
        attacker=conflict.attacker,
        dice=[d.value for d in dice],
        cards=cards,
        counted=counted,
        values=values,
        winner=winner,
    )
    events = [
        Event(
            key="ev_reveal",
            params={
                "field": field,
                "winner": winner,
                "loser": loser,
                "hell_card": cards[HELL],
                "heaven_card": cards[HEAVEN],
                "hell_value": values[HELL],
                "heaven_value": values[HEAVEN],
                "winner_value": values[winner],
                "loser_value": values[loser],
            },
        )
    ]
    # E: played cards leave the game, a 0 returns to its owner's hand.
    for side in SIDES:
        if cards[side] != 0:
            state.hands[side].remove(cards[side])
            state.removed[side].append(cards[side])
    conflict.cards = [None, None]

    # D: the loser turns down, or goes home from a 1.
    loser_die, winner_die = dice[loser], dice[winner]
    if loser_die.value == 1:
        state.dice.remove(loser_die)
        state.start[loser] += 1
        events.append(Event(key="ev_sent_home", params={"side": loser, "field": field}))
    else:
        loser_die.value -= 1
    # D: the winner turns up, or passes the gain to another die.
    state.pending_seat = winner
    if winner_die.value < MAX_PIPS:
        winner_die.value += 1
        state.pending = "bonus"
    else:
        options = boost_actions(state, winner)
        if len(options) > 1:
            state.pending = "boost"
        else:
            if options:
                events += do_boost(state, winner, options[0].at)
            else:
                events.append(Event(key="ev_gain_lost", params={"side": winner}))
            state.pending = "bonus"
    state.last_move = [field]
    return events


def do_boost(state: State, side: int, field: str) -> list[Event]:
    die = die_at(state, side, field)
    assert die is not None and die.value < MAX_PIPS
    die.value += 1
    return [Event(key="ev_boost", params={"side": side, "field": field, "value": die.value})]


def after_bonus(state: State) -> list[Event]:
    """The round is over: either the conflict goes on (its winner now being
    the attacker, RULINGS), a new one was made by the bonus, or play resumes."""
    winner = state.pending_seat
    assert winner is not None
    previous = state.conflict
    state.pending = None
    state.pending_seat = None
    fields = conflict_fields(state)
    if not fields:
        state.conflict = None
        return [Event(key="ev_conflict_over", params={"field": previous.field if previous else ""})]
    next_round = previous.round + 1 if previous and previous.field == fields[0] else 1
    return open_conflict_if_any(state, attacker=winner, round_=next_round)


def goal_complete(state: State) -> int | None:
    for side in SIDES:
        if len(state.goal[side]) >= GOAL_DICE:
            return side
    return None


def finish_game(state: State, reason: str) -> list[Event]:
    state.over = True
    state.end_reason = reason
    state.conflict = None
    state.pending = None
    state.pending_seat = None
    scores = [sum(g) for g in state.goal]
    return [Event(key="ev_game_over", params={"reason": reason, "hell_score": scores[HELL], "heaven_score": scores[HEAVEN]})]


def play_areas_empty(state: State) -> bool:
    """End ③: no die of either colour is left in the play area."""
    return not state.dice


def end_if_over(state: State) -> list[Event] | None:
    """After an action point (own or bonus): the game ends at once with the
    third die in a Zielfeld (end ①), or when the last die has left the play
    area (end ③, RULINGS "Both play areas empty": mid-turn included, nobody
    fills up). ``None`` while the game goes on."""
    if goal_complete(state) is not None:
        return finish_game(state, "goal")
    if play_areas_empty(state):
        return [Event(key="ev_play_areas_empty")] + finish_game(state, "empty")
    return None


def fill_up(state: State, side: int) -> list[Event]:
    """End ②: ``side`` fills its Zielfeld up to three dice showing 6 with its
    own remaining dice (RULINGS "Filling up"): dice in the play area first, the
    ones nearest the Zielfeld before the others (then row A, B, C), then dice
    from the Startfeld. The dice leave where they were, so a side never shows
    more than its five dice."""
    missing = GOAL_DICE - len(state.goal[side])
    if missing <= 0:
        return []
    in_play = sorted(
        dice_of(state, side),
        key=lambda d: (abs(goal_column(side) - column(d.field)), d.field[0]),
    )
    taken = in_play[:missing]
    for d in taken:
        state.dice.remove(d)
    from_start = min(missing - len(taken), state.start[side])
    state.start[side] -= from_start
    count = len(taken) + from_start
    state.goal[side] += [MAX_PIPS] * count
    state.filled[side] = count
    return [Event(key="ev_fill_up", params={"side": side, "count": count})]


def begin_turn(state: State, side: int) -> list[Event]:
    """Phase 1, and the ends by Zugunfähigkeit: a side that starts its turn
    with 0 AP ends the game; if the other side still has dice in play, it
    fills up its Zielfeld (end ②, :func:`fill_up`); if neither has, it is end
    ③ and nobody fills up (RULINGS)."""
    state.active = side
    state.ap = action_points_at_turn_start(state, side)
    if state.ap > 0:
        return [Event(key="ev_turn", params={"side": side, "ap": state.ap, "turn": state.turn})]
    if play_areas_empty(state):
        return [Event(key="ev_play_areas_empty")] + finish_game(state, "empty")
    events = [Event(key="ev_stuck", params={"side": side})]
    events += fill_up(state, other(side))
    return events + finish_game(state, "stuck")
