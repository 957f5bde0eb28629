"""The Combat phase (chapter 11), part 1: everything but magic.

Steps: ``combat`` (find the battles, biggest first), ``combat_next`` (start
the next one), ``combat_battle`` (the battle's own procedure, by
``Battle.step``), ``combat_end`` (lone lieutenants, then the Petitions phase).
The battle's first stages (avoiding combat, sides, demons) are in
:mod:`engines.hellgame.phases.combat.lineup`; the mechanics of a round in
:mod:`engines.hellgame.phases.combat.battle`, its targets in :mod:`engines.hellgame.phases.combat.targets`,
who fights whom in :mod:`engines.hellgame.phases.combat.forces`.

A battle: avoiding combat by agreement (11.3.1) -> choosing sides with three
or more triumvirates (11.3.2) -> demons join (11.1) -> the optional quick
battle (11.3.5) -> combat rounds: wild hounds pick a side, magic (part 2:
:data:`MAGIC`), targets, attacks, saves, keepers and lieutenants, flight
(11.2.4) -> the optional three-round limit (11.3.6) -> the winner (12.2).
Before the first magic step with cards or the first flight decision, every
seat sets its standing orders once (:mod:`engines.hellgame.phases.combat.orders`).

Rule decisions where the sources are silent (see also :mod:`lineup`,
:mod:`forces`, :mod:`targets`, :mod:`battle`):

- Battle order: battles of two or more triumvirates (or freebooters) first,
  then those of wild hounds (11); within each, most units at the start of the
  phase first, ties by die rolled again among the tied (G46). Battles created
  by flight or by a hound running amok are queued last, a triumvirates'
  battle still before the queued hound battles; a queued sectio that no
  longer holds hostile parties is skipped.
- Flight (11.2.4): each seat of a side decides for all its units there,
  each flight carried out at once, so a later seat may find the battle over.
  The side whose demon has the most skulls decides the order ("again", as for
  magic): that demon's owner is asked first and may answer "let the others
  announce first" (then his side goes last). Without a demon or with tied
  skulls nobody decides: the side with more legions announces first.
  Barred: every sectio from which a unit not of the fleeing seat's side
  entered this sectio this round (wild hounds included).
- Victory (12.2, G48): the seats of the winning force that still have units
  there, if a unit of anyone else died or fled in this battle.
"""

from __future__ import annotations

from typing import Any, Callable

from engines.hellgame.core import board, data
from engines.hellgame.core.flow import Events, ask, close, question, step, tell
from engines.hellgame.phases.combat import lineup, orders
from engines.hellgame.phases.combat.battle import fight_round, lucifer, quick
from engines.hellgame.phases.combat.forces import (
    fights, forces_alive, groups, has_battle, in_side, legions_of, over, parties_at, players, queue_battle, ranked,
    roll_hound_sides, side_of, skulls, triumvirates, units_of, wild_alive)
from engines.hellgame.core.model import ANTEHELL, Action, Ask, Battle, FREEBOOTERS, State
from engines.hellgame.phases.action import movement
from engines.hellgame.phases.combat.targets import choose_targets

#: Part 2: the magic step of a combat round (11.2.1). Each hook is called
#: while ``battle.step == "magic"``; it returns True when it opened a question
#: (it is called again after the answer) and False when nothing (more) is to
#: be cast. The demons' arcana cards are in ``Battle.cards``.
MAGIC: list[Callable[[State, Events], bool]] = []


# -- the phase ---------------------------------------------------------------------


@step("combat")
def _begin(s: State, ev: Events) -> None:
    """11: every place with hostile parties, triumvirates' battles before the
    hounds' battles, the biggest first."""
    found = [at for at in range(ANTEHELL + 1) if has_battle(s, at)]

    def key(at: int) -> tuple[int, int]:
        return (1 if triumvirates(s, at) else 0, len(board.units_at(s, at)))

    s.battles = ranked(s, found, key, lambda at: None)
    s.battle = None
    if s.battles:
        tell(s, ev, "ev_battle_phase", battles=len(s.battles))
    else:
        tell(s, ev, "ev_battle_none", chronicle=False)
    s.step = "combat_next"


@step("combat_next")
def _next(s: State, ev: Events) -> None:
    while s.battles:
        at = s.battles.pop(0)
        if has_battle(s, at):
            _start(s, at, ev)
            return
        tell(s, ev, "ev_battle_gone", chronicle=False, sectio=at)
    s.battle = None
    s.step = "combat_end"


@step("combat_end")
def _end(s: State, ev: Events) -> None:

    movement.lone_lieutenants(s, ev)
    s.step = "petition"


def _start(s: State, at: int, ev: Events) -> None:
    parts = parties_at(s, at)
    seats = [p for p in parts if 0 <= p < s.seats]
    seats = ranked(s, seats, lambda p: legions_of(s, at, p), lambda p: p)
    if FREEBOOTERS in parts:
        seats.append(FREEBOOTERS)
    s.battle = Battle(at=at, parties=seats, wild=sorted(-1 - p for p in parts if p < 0),
                      size=len(board.units_at(s, at)))
    hounds = len(s.battle.wild)
    if not hounds:
        tell(s, ev, "ev_battle_start", sectio=at, seats=players(seats))
    elif players(seats):
        tell(s, ev, "ev_battle_start_hounds", sectio=at, seats=players(seats), hounds=hounds)
    else:
        tell(s, ev, "ev_battle_start_wild", sectio=at, hounds=hounds)
    s.step = "combat_battle"


@step("combat_battle")
def _battle(s: State, ev: Events) -> None:
    b = s.battle
    assert b is not None
    STAGES[b.step](s, b, ev)


# -- combat rounds -----------------------------------------------------------------------


def _quick(s: State, b: Battle, ev: Events) -> None:
    b.step = "end" if quick(s, b, ev) else "round"


def _round(s: State, b: Battle, ev: Events) -> None:
    b.round += 1
    tell(s, ev, "ev_battle_round", chronicle=False, sectio=b.at, round=b.round)
    roll_hound_sides(s, b, ev)
    b.step = "magic"


def _magic(s: State, b: Battle, ev: Events) -> None:
    if orders.ask_orders(s, b, ev, magic=True):
        return  # standing orders first (a demon took cards along)
    for hook in MAGIC:
        if hook(s, ev):
            return
    b.step = "targets"


def _targets(s: State, b: Battle, ev: Events) -> None:
    b.step = "attack"
    choose_targets(s, b, ev)


def _attack(s: State, b: Battle, ev: Events) -> None:
    fight_round(s, b, groups(s, b), ev)
    if over(s, b):
        b.step = "end"
        return
    _flee_order(s, b)
    b.step = "flee"
    if orders.ask_orders(s, b, ev):
        return  # standing orders first, then the flight decisions
    _flee(s, b, ev)


def _flee_order(s: State, b: Battle) -> None:
    """11.2.4: the side whose demon has the most skulls decides who announces
    first. Its demon's owner is asked first and may let the other side go
    first; with no demon or tied skulls the side with more legions goes first."""
    order = sorted(forces_alive(s, b), key=lambda i: (-skulls(s, b.sides[i]),
                                                   -sum(legions_of(s, b.at, p) for p in b.sides[i].seats), i))
    b.queue = [p for i in order for p in b.sides[i].seats if 0 <= p < s.seats]
    b.decider = None
    best = [skulls(s, b.sides[i]) for i in order]
    if len(order) >= 2 and best[0] > best[1]:
        side = b.sides[order[0]]
        top = max(side.demons, key=lambda d: (data.DEMONS[s.demons[d].card].skulls, -d))
        seat = s.demons[top].owner
        if seat in b.queue:
            b.queue.remove(seat)
            b.queue.insert(0, seat)
            b.decider = seat


# -- 11.2.4 deciding to flee -------------------------------------------------------------


def _flee(s: State, b: Battle, ev: Events) -> None:
    while b.queue and not over(s, b):
        seat = b.queue[0]
        if any(fights(u) and u.owner == seat for u in board.units_at(s, b.at)):
            ask(s, seat, "combat_flee", sectio=b.at, round=b.round)
            return
        b.queue.pop(0)
    b.step = "after_flee"


def _may_wait(s: State, a: Ask) -> bool:
    """The decider of 11.2.4, asked first, may let the other side announce first."""
    b = s.battle
    side = side_of(b, a.seat)
    return b.decider == a.seat and any(p not in side.seats for p in b.queue)


def _flee_legal(s: State, a: Ask) -> list[Action]:
    return [Action(do="stay"), Action(do="flee")] + ([Action(do="later")] if _may_wait(s, a) else [])


def _flee_prompt(s: State, a: Ask) -> tuple[str, dict[str, Any]]:
    here = [u for u in board.units_at(s, s.battle.at) if fights(u)]
    side = side_of(s.battle, a.seat)
    return "pr_combat_flee_first" if _may_wait(s, a) else "pr_combat_flee", {
        "sectio": a.data["sectio"], "round": a.data["round"],
        "mine": sum(1 for u in here if u.owner == a.seat),
        "foes": sum(1 for u in here if not in_side(u, side))}


def _flee_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    if x.do == "later":
        side = side_of(b, a.seat)
        b.queue = [p for p in b.queue if p not in side.seats] + [p for p in b.queue if p in side.seats]
        b.decider = None
        tell(s, ev, "ev_battle_flee_later", chronicle=False, sectio=b.at, seat=a.seat)
        close(s, a)
        return
    b.queue.pop(0)
    if x.do == "flee":
        flight(s, b, a.seat, ev)
    close(s, a)


def flight(s: State, b: Battle, seat: int, ev: Events) -> None:
    """All units of ``seat`` in the battle flee, each as usual (11.2.4); not
    into a sectio an enemy entered this one from this round (ruling)."""

    side = side_of(b, seat)
    units = [u for u in board.units_at(s, b.at) if u.owner == seat]
    barred = sorted({frm for who, frm in s.entered.get(str(b.at), []) if who not in side.seats})
    tell(s, ev, "ev_battle_flees", sectio=b.at, seat=seat)
    movement.flee(s, seat, units, barred or None, ev)
    away = [u for u in units if board.unit(s, u.id) is not None and u.at != b.at]
    if away:
        b.fled.append(seat)
    if any(board.unit(s, u.id) is None for u in units):
        b.lost.append(seat)
    for at in sorted({u.at for u in away}):
        queue_battle(s, at, ev)


question(
    "combat_flee",
    legal=_flee_legal,
    answer=_flee_answer,
    prompt=_flee_prompt,
    label=lambda s, a, x: ({"flee": "lb_combat_flee", "later": "lb_combat_flee_later"}.get(x.do, "lb_combat_stay"), {}),
    passive=lambda s, a: Action(do="stay"),
)


def _after_flee(s: State, b: Battle, ev: Events) -> None:
    if over(s, b):
        b.step = "end"
    elif s.options.get("quick_three_rounds") and b.round >= 3:
        lucifer(s, b, ev)
        b.step = "end"
    else:
        b.step = "round"


def _finish(s: State, b: Battle, ev: Events) -> None:
    """11.2.5, 11.3.3: the battle is over; 12.2 / G48: the right of victory."""
    alive, hounds = forces_alive(s, b), wild_alive(s, b)
    if len(alive) == 1 and not hounds:
        side = b.sides[alive[0]]
        seats = [p for p in players(side.seats) if units_of(s, b.at, p)]
        if seats and any(p not in side.seats for p in b.lost + b.fled):
            s.won[str(b.at)] = seats
        if len(seats) == 1:
            tell(s, ev, "ev_battle_won", sectio=b.at, seat=seats[0])
        elif seats:
            tell(s, ev, "ev_battle_won_allies", sectio=b.at, seats=seats)
        else:
            tell(s, ev, "ev_battle_won_freebooters", sectio=b.at)
    elif hounds and not alive:
        tell(s, ev, "ev_battle_won_hound", sectio=b.at, attacks=hounds[0].card)
    else:
        tell(s, ev, "ev_battle_empty", sectio=b.at)
    if b.at in s.avoided:
        s.avoided.remove(b.at)
    s.battle = None
    s.step = "combat_next"


STAGES: dict[str, Callable[[State, Battle, Events], None]] = {
    **lineup.STAGES,
    "quick": _quick,
    "round": _round,
    "magic": _magic,
    "targets": _targets,
    "attack": _attack,
    "flee": _flee,
    "after_flee": _after_flee,
    "end": _finish,
}
