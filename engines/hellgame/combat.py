"""The Combat phase (chapter 11), part 1: everything but magic.

Steps: ``combat`` (find the battles, biggest first), ``combat_next`` (start
the next one), ``combat_battle`` (the battle's own procedure, by
``Battle.step``), ``combat_end`` (lone lieutenants, then the Petitions phase).
The mechanics of a round are in :mod:`engines.hellgame.battle`.

A battle: avoiding combat by agreement (11.3.1) -> choosing sides with three
or more triumvirates (11.3.2) -> demons join (11.1) -> the optional quick
battle (11.3.5) -> combat rounds: wild hounds pick a side, magic (part 2:
:data:`MAGIC`), targets, attacks, saves, keepers and lieutenants, flight
(11.2.4) -> the optional three-round limit (11.3.6) -> the winner (12.2).

Rule decisions where the sources are silent (see also :mod:`battle`):

- Battle order: battles of two or more triumvirates (or freebooters) first,
  then those of wild hounds (11); within each, most units at the start of the
  phase first, ties by die rolled again among the tied (G46). Battles created
  by flight or by a hound running amok are queued last, a triumvirates'
  battle still before the queued hound battles; a queued sectio that no
  longer holds hostile parties is skipped.
- A party is a seat, the freebooters or one wild hound with legions or hounds
  there; a lone lieutenant is none (the phase's end catches him).
- 11.1 order: most legions first (ties by die), then the others in turn,
  again and again, until every seat passed in a row. Seats without an
  eligible demon pass without being asked. The side's demon with the most
  skulls gives the save value of all its legions (G41).
- 11.3.2: the seat with most units (ties by die) names the enemy; the others
  choose by units. A seat that does not answer joins the stronger side (more
  units; ties: the namer's). Freebooters roll once per battle, wild hounds
  every round (1-3 the namer's side, 4-6 the other); with fewer than two
  forces standing each wild hound fights everyone on its own.
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
- 11.3.5 needs exactly two forces of 1-2 legions each and nothing else in
  the sectio (no lieutenant, hound or demon); it is checked after 11.1.
- 11.3.6: after the flight decisions of round 3, one unit of each standing
  side (each wild hound a side of its own) goes into the cup: every side has
  the same chance; all units of the other sides there are destroyed,
  lieutenants included.
"""

from __future__ import annotations

from typing import Any, Callable

from engines.hellgame import battle as B
from engines.hellgame import board, data, dice
from engines.hellgame.flow import Events, ask, close, question, step, tell
from engines.hellgame.model import ANTEHELL, FREEBOOTERS, Action, Ask, Battle, Side, State

#: Part 2: the magic step of a combat round (11.2.1). Each hook is called
#: while ``battle.step == "magic"``; it returns True when it opened a question
#: (it is called again after the answer) and False when nothing (more) is to
#: be cast. The demons' arcana cards are in ``Battle.cards``.
MAGIC: list[Callable[[State, Events], bool]] = []


def _ranked(state: State, items: list[int], key: Callable[[int], Any], seat: Callable[[int], int | None]) -> list[int]:
    """Highest key first; ties broken by a die each, rolled again among the still tied (G46)."""
    groups: dict[Any, list[int]] = {}
    for it in items:
        groups.setdefault(key(it), []).append(it)
    out: list[int] = []
    for k in sorted(groups, reverse=True):
        tied = groups[k]
        if len(tied) == 1:
            out += tied
        else:
            rolls = {it: dice.d6(state, seat(it)) for it in tied}
            out += _ranked(state, tied, rolls.__getitem__, seat)
    return out


def _legions(state: State, at: int, seat: int) -> int:
    return sum(1 for u in board.units_at(state, at) if u.kind == "legion" and u.owner == seat)


def _units(state: State, at: int, seat: int) -> int:
    return sum(1 for u in board.units_at(state, at) if u.owner == seat)


def _players(seats: list[int]) -> list[int]:
    return [s for s in seats if s != FREEBOOTERS]


def _side_of(b: Battle, seat: int) -> Side:
    return next(side for side in b.sides if seat in side.seats)


# -- the phase ---------------------------------------------------------------------


@step("combat")
def _begin(s: State, ev: Events) -> None:
    """11: every place with hostile parties, triumvirates' battles before the
    hounds' battles, the biggest first."""
    found = [at for at in range(ANTEHELL + 1) if B.has_battle(s, at)]

    def key(at: int) -> tuple[int, int]:
        return (1 if B.triumvirates(s, at) else 0, len(board.units_at(s, at)))

    s.battles = _ranked(s, found, key, lambda at: None)
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
        if B.has_battle(s, at):
            _start(s, at, ev)
            return
        tell(s, ev, "ev_battle_gone", chronicle=False, sectio=at)
    s.battle = None
    s.step = "combat_end"


@step("combat_end")
def _end(s: State, ev: Events) -> None:
    from engines.hellgame import movement

    movement.lone_lieutenants(s, ev)
    s.step = "petition"


def _start(s: State, at: int, ev: Events) -> None:
    parts = B.parties_at(s, at)
    seats = [p for p in parts if 0 <= p < s.seats]
    seats = _ranked(s, seats, lambda p: _legions(s, at, p), lambda p: p)
    if FREEBOOTERS in parts:
        seats.append(FREEBOOTERS)
    s.battle = Battle(at=at, parties=seats, wild=sorted(-1 - p for p in parts if p < 0),
                      size=len(board.units_at(s, at)))
    hounds = len(s.battle.wild)
    if not hounds:
        tell(s, ev, "ev_battle_start", sectio=at, seats=_players(seats))
    elif _players(seats):
        tell(s, ev, "ev_battle_start_hounds", sectio=at, seats=_players(seats), hounds=hounds)
    else:
        tell(s, ev, "ev_battle_start_wild", sectio=at, hounds=hounds)
    s.step = "combat_battle"


@step("combat_battle")
def _battle(s: State, ev: Events) -> None:
    b = s.battle
    assert b is not None
    STAGES[b.step](s, b, ev)


# -- 11.3.1 avoiding combat ------------------------------------------------------------


def _avoid(s: State, b: Battle, ev: Events) -> None:
    seats = _players(b.parties)
    legions = sum(1 for u in board.units_at(s, b.at) if u.kind == "legion")
    souls = data.SECTIOS[b.at].souls if b.at != ANTEHELL else 0
    b.step = "sides"
    if b.wild or FREEBOOTERS in b.parties or len(seats) < 2 or legions > souls:
        return
    for seat in seats:
        ask(s, seat, "combat_avoid", kind="reaction", sectio=b.at, legions=legions, souls=souls)
    b.step = "avoid_result"


def _avoid_result(s: State, b: Battle, ev: Events) -> None:
    refused = [seat for seat in _players(b.parties) if not b.votes.get(seat)]
    if refused:
        tell(s, ev, "ev_battle_not_avoided", sectio=b.at, seats=refused)
        b.step = "sides"
        return
    tell(s, ev, "ev_battle_avoided", sectio=b.at, seats=_players(b.parties))
    if b.at not in s.avoided:
        s.avoided.append(b.at)
    s.battle = None
    s.step = "combat_next"


def _avoid_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    s.battle.votes[a.seat] = x.do == "agree"
    close(s, a)


question(
    "combat_avoid",
    legal=lambda s, a: [Action(do="agree"), Action(do="refuse")],
    answer=_avoid_answer,
    prompt=lambda s, a: ("pr_combat_avoid", {"sectio": a.data["sectio"], "legions": a.data["legions"],
                                              "souls": a.data["souls"],
                                              "seats": [p for p in _players(s.battle.parties) if p != a.seat]}),
    label=lambda s, a, x: ("lb_combat_agree", {}) if x.do == "agree" else ("lb_combat_refuse", {}),
    passive=lambda s, a: Action(do="refuse"),
)


# -- 11.3.2 choosing sides -------------------------------------------------------------


def _sides(s: State, b: Battle, ev: Events) -> None:
    seats = _players(b.parties)
    if len(seats) >= 3:
        b.queue = _ranked(s, seats, lambda p: _units(s, b.at, p), lambda p: p)
        b.step = "sides_pick"
        ask(s, b.queue[0], "combat_enemy", sectio=b.at)
        return
    b.sides = [Side(seats=[p]) for p in seats]
    _sides_done(s, b, ev)


def _sides_pick(s: State, b: Battle, ev: Events) -> None:
    if b.queue:
        ask(s, b.queue[0], "combat_side", sectio=b.at)
        return
    for i, side in enumerate(b.sides):
        tell(s, ev, "ev_battle_side", sectio=b.at, n=i + 1, seats=list(side.seats))
    _sides_done(s, b, ev)


def _sides_done(s: State, b: Battle, ev: Events) -> None:
    if FREEBOOTERS in b.parties:
        if len(b.sides) == 2:
            r = dice.d6(s, None)
            side = b.sides[0 if r <= 3 else 1]
            side.seats.append(FREEBOOTERS)
            tell(s, ev, "ev_battle_freebooters_side", sectio=b.at, roll=r, seats=_players(side.seats))
        else:
            b.sides.append(Side(seats=[FREEBOOTERS]))
    b.step = "demons"


def _enemy_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    b.queue.pop(0)
    b.queue.remove(x.a)
    b.sides = [Side(seats=[a.seat]), Side(seats=[x.a])]
    b.declared = [a.seat, x.a]
    tell(s, ev, "ev_battle_enemy", sectio=b.at, seat=a.seat, seats=[x.a])
    close(s, a)


def _side_strength(s: State, b: Battle, side: Side) -> int:
    return sum(_units(s, b.at, p) for p in side.seats)


def _side_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    b.queue.pop(0)
    tell(s, ev, "ev_battle_joins_side", sectio=b.at, seat=a.seat, seats=list(b.sides[x.a].seats))
    b.sides[x.a].seats.append(a.seat)
    b.declared.append(a.seat)
    close(s, a)


question(
    "combat_enemy",
    legal=lambda s, a: [Action(do="enemy", a=p) for p in s.battle.queue[1:]],
    answer=_enemy_answer,
    prompt=lambda s, a: ("pr_combat_enemy", {"sectio": a.data["sectio"]}),
    label=lambda s, a, x: ("lb_combat_enemy", {"seat": x.a, "units": _units(s, s.battle.at, x.a)}),
    passive=lambda s, a: Action(do="enemy", a=s.battle.queue[1]),
)

question(
    "combat_side",
    legal=lambda s, a: [Action(do="side", a=0), Action(do="side", a=1)],
    answer=_side_answer,
    prompt=lambda s, a: ("pr_combat_side", {"sectio": a.data["sectio"]}),
    label=lambda s, a, x: ("lb_combat_side", {"seats": list(s.battle.sides[x.a].seats),
                                              "units": _side_strength(s, s.battle, s.battle.sides[x.a])}),
    passive=lambda s, a: Action(do="side", a=0 if _side_strength(s, s.battle, s.battle.sides[0])
                                >= _side_strength(s, s.battle, s.battle.sides[1]) else 1),
)


# -- 11.1 demons join ------------------------------------------------------------------


def eligible_demons(s: State, seat: int) -> list[int]:
    """Active demons in Hell that have not fought this round (11.1)."""
    return [i for i in board.active_demons(s, seat) if not s.demons[i].on_earth and not s.demons[i].fought]


def _demons(s: State, b: Battle, ev: Events) -> None:
    b.queue = [p for p in b.parties if 0 <= p < s.seats]
    b.passes = 0
    b.step = "demons_ask"
    _demons_ask(s, b, ev)


def _demons_ask(s: State, b: Battle, ev: Events) -> None:
    while b.passes < len(b.queue):
        seat = b.queue[0]
        if eligible_demons(s, seat):
            ask(s, seat, "combat_demon", sectio=b.at)
            return
        b.passes += 1
        b.queue.append(b.queue.pop(0))
    b.step = "quick"


def _demon_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    if x.do == "join":
        s.demons[x.a].fought = True
        _side_of(b, a.seat).demons.append(x.a)
        b.cards[x.a] = []  # part 2: the arcana cards taken along (up to the demon's stars)
        cards = len(b.cards[x.a])
        tell(s, ev, "ev_battle_demon_cards" if cards else "ev_battle_demon",
             sectio=b.at, seat=a.seat, demon=s.demons[x.a].card, cards=cards)
        b.passes = 0
    else:
        b.passes += 1
    b.queue.append(b.queue.pop(0))
    close(s, a)


question(
    "combat_demon",
    legal=lambda s, a: [Action(do="join", a=i) for i in eligible_demons(s, a.seat)] + [Action(do="pass_battle")],
    answer=_demon_answer,
    prompt=lambda s, a: ("pr_combat_demon", {"sectio": a.data["sectio"]}),
    label=lambda s, a, x: ("lb_combat_pass", {}) if x.do == "pass_battle" else (
        "lb_combat_join", {"demon": s.demons[x.a].card, "skulls": data.DEMONS[s.demons[x.a].card].skulls}),
    passive=lambda s, a: Action(do="pass_battle"),
)


# -- combat rounds -----------------------------------------------------------------------


def _quick(s: State, b: Battle, ev: Events) -> None:
    b.step = "end" if B.quick(s, b, ev) else "round"


def _round(s: State, b: Battle, ev: Events) -> None:
    b.round += 1
    tell(s, ev, "ev_battle_round", chronicle=False, sectio=b.at, round=b.round)
    B.roll_hound_sides(s, b, ev)
    b.step = "magic"


def _magic(s: State, b: Battle, ev: Events) -> None:
    for hook in MAGIC:
        if hook(s, ev):
            return
    b.step = "targets"


def _targets(s: State, b: Battle, ev: Events) -> None:
    b.step = "attack"
    B.choose_targets(s, b, ev)


def _attack(s: State, b: Battle, ev: Events) -> None:
    B.fight_round(s, b, B.groups(s, b), ev)
    if B.over(s, b):
        b.step = "end"
        return
    _flee_order(s, b)
    b.step = "flee"
    _flee(s, b, ev)


def _flee_order(s: State, b: Battle) -> None:
    """11.2.4: the side whose demon has the most skulls decides who announces
    first. Its demon's owner is asked first and may let the other side go
    first; with no demon or tied skulls the side with more legions goes first."""
    order = sorted(B.forces_alive(s, b), key=lambda i: (-B.skulls(s, b.sides[i]),
                                                       -sum(_legions(s, b.at, p) for p in b.sides[i].seats), i))
    b.queue = [p for i in order for p in b.sides[i].seats if 0 <= p < s.seats]
    b.decider = None
    best = [B.skulls(s, b.sides[i]) for i in order]
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
    while b.queue and not B.over(s, b):
        seat = b.queue[0]
        if any(B.fights(u) and u.owner == seat for u in board.units_at(s, b.at)):
            ask(s, seat, "combat_flee", sectio=b.at, round=b.round)
            return
        b.queue.pop(0)
    b.step = "after_flee"


def _may_wait(s: State, a: Ask) -> bool:
    """The decider of 11.2.4, asked first, may let the other side announce first."""
    b = s.battle
    side = _side_of(b, a.seat)
    return b.decider == a.seat and any(p not in side.seats for p in b.queue)


def _flee_legal(s: State, a: Ask) -> list[Action]:
    return [Action(do="stay"), Action(do="flee")] + ([Action(do="later")] if _may_wait(s, a) else [])


def _flee_prompt(s: State, a: Ask) -> tuple[str, dict[str, Any]]:
    here = [u for u in board.units_at(s, s.battle.at) if B.fights(u)]
    side = _side_of(s.battle, a.seat)
    return "pr_combat_flee_first" if _may_wait(s, a) else "pr_combat_flee", {
        "sectio": a.data["sectio"], "round": a.data["round"],
        "mine": sum(1 for u in here if u.owner == a.seat),
        "foes": sum(1 for u in here if not B.in_side(u, side))}


def _flee_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    if x.do == "later":
        side = _side_of(b, a.seat)
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
    from engines.hellgame import movement

    side = _side_of(b, seat)
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
        B.queue_battle(s, at, ev)


question(
    "combat_flee",
    legal=_flee_legal,
    answer=_flee_answer,
    prompt=_flee_prompt,
    label=lambda s, a, x: ({"flee": "lb_combat_flee", "later": "lb_combat_flee_later"}.get(x.do, "lb_combat_stay"), {}),
    passive=lambda s, a: Action(do="stay"),
)


def _after_flee(s: State, b: Battle, ev: Events) -> None:
    if B.over(s, b):
        b.step = "end"
    elif s.options.get("quick_three_rounds") and b.round >= 3:
        B.lucifer(s, b, ev)
        b.step = "end"
    else:
        b.step = "round"


def _finish(s: State, b: Battle, ev: Events) -> None:
    """11.2.5, 11.3.3: the battle is over; 12.2 / G48: the right of victory."""
    alive, hounds = B.forces_alive(s, b), B.wild_alive(s, b)
    if len(alive) == 1 and not hounds:
        side = b.sides[alive[0]]
        seats = [p for p in _players(side.seats) if _units(s, b.at, p)]
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
    "avoid": _avoid,
    "avoid_result": _avoid_result,
    "sides": _sides,
    "sides_pick": _sides_pick,
    "demons": _demons,
    "demons_ask": _demons_ask,
    "quick": _quick,
    "round": _round,
    "magic": _magic,
    "targets": _targets,
    "attack": _attack,
    "flee": _flee,
    "after_flee": _after_flee,
    "end": _finish,
}
