"""The Move action's draft (9.5): the plan of one unit being built (unit ->
legions carried -> path -> submit) and the choices it offers at each step;
the question that asks for them and the move itself are in
:mod:`engines.hellgame.phases.action.movement` (the rule decisions are listed there).

A plan offers the sectios its unit may enter (not one where a lone lieutenant
would have to end his move among hostile units, 9.5.2.2), the re-entry from
Antehell as its only first step there, picking up and dropping legions where
a lieutenant stands, and submitting where the unit may stop.

Encoding of ``Move.path`` (the rest of the submitted order): 0-45 enter that
location, ``REENTER`` leave Antehell, ``PICK + n`` / ``DROP + n`` pick up /
drop n legions where the lieutenant stands, ``CONT + r`` plan again with r
sectios of range left.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.hellgame.core import board, data
from engines.hellgame.core.flight import entry_barred, forced_stop, stops_here
from engines.hellgame.core.model import ANTEHELL, Action, State, Unit

RANGE = {"legion": 2, "lieutenant": 3}
REENTER, PICK, DROP, CONT = -1, 100, 200, 300


def hostile(state: State, at: int, seat: int) -> bool:
    return bool(board.enemies_at(state, at, seat))


def _own_legion(state: State, at: int, seat: int) -> bool:
    return any(u.kind == "legion" and u.owner == seat for u in board.units_at(state, at))


def free_legions(state: State, at: int, seat: int, lt: Unit | None = None) -> list[Unit]:
    """Own legions at ``at`` a lieutenant may take along: his own first, then
    unled ones, then those of other lieutenants."""
    moved = set(state.move.moved)
    out = [u for u in board.units_at(state, at) if u.kind == "legion" and u.owner == seat and u.id not in moved]
    lid = lt.id if lt else -2
    return sorted(out, key=lambda u: (u.leader != lid, u.leader is not None, u.id))


# -- the plan in the draft -----------------------------------------------------


@dataclass
class Plan:
    unit: Unit
    cont: bool
    start: int
    rng: int
    steps: list[list]
    carry_max: int = 0  # > 0 while the carry choice is open
    used: int = 0
    pos: int = 0
    group: int = 0
    reenter: bool = False
    entered: list[int] = field(default_factory=list)
    lone_entry: bool = False  # the unit was a lone lieutenant when it entered pos
    taken: dict[int, int] = field(default_factory=dict)

    @property
    def lt(self) -> bool:
        return self.unit.kind == "lieutenant"

    @property
    def lead(self) -> int:
        return data.LIEUTENANTS[self.unit.card].leadership if self.lt else 0


def plan(state: State, seat: int) -> Plan | None:
    d = state.drafts.get(seat)
    if d is None or d.q != "move":
        return None
    if d.data.get("cont"):
        u = board.unit(state, state.move.unit)
        p = Plan(u, True, u.at, d.data["range"], d.steps)
        p.group = len(board.group(state, u)) if p.lt else 0
    else:
        u = board.unit(state, d.steps[0][1])
        p = Plan(u, False, u.at, RANGE[u.kind], d.steps[1:])
        if p.lt:
            free = len(free_legions(state, u.at, seat, u))
            if free and not p.steps:
                p.carry_max = min(free, p.lead)
    p.pos = p.start
    for do, a in p.steps:
        if do == "carry":
            p.group = a
            p.taken[p.start] = p.taken.get(p.start, 0) + a
        elif do == "to":
            p.pos, p.used = a, p.used + 1
            p.entered.append(a)
            p.lone_entry = p.lt and p.group == 0
        elif do == "reenter":
            p.used, p.reenter = p.used + 1, True
        elif do == "pick":
            p.group += a
            p.taken[p.pos] = p.taken.get(p.pos, 0) + a
        elif do == "drop":
            p.group -= a
    return p


def _can_go_on(state: State, seat: int, p: Plan) -> bool:
    if p.used >= p.rng or p.reenter:
        return False
    if not p.entered:
        return True
    return forced_stop(state, p.pos, seat, p.lone_entry) is None


def _enterable(state: State, seat: int, p: Plan, to: int) -> bool:
    if entry_barred(state, seat, to):
        return False
    lone = p.lt and p.group == 0
    if lone and (to == ANTEHELL or stops_here(state, to) or p.used + 1 >= p.rng):
        # he must end his move there: not among hostile units (9.5.2.2)
        return not hostile(state, to, seat) or _own_legion(state, to, seat)
    return True


def _passage_holders_here(state: State, seat: int, p: Plan) -> bool:
    """Back from Antehell in a sectio whose holders granted passage: the unit
    passes through and may not stop there (9.5, right of passage)."""
    m = state.move
    return (not (p.lt and p.group == 0) and bool(m.passage)
            and any(u.kind == "legion" and u.owner in m.passage for u in board.units_at(state, p.pos)))


def path_actions(state: State, seat: int, p: Plan) -> list[Action]:
    out: list[Action] = []
    go_on = _can_go_on(state, seat, p)
    if go_on and p.pos == ANTEHELL and not p.entered:
        out.append(Action(do="reenter"))
    elif go_on:
        out += [Action(do="to", a=n) for n in data.NEIGHBOURS[p.pos] if _enterable(state, seat, p, n)]
        if p.lt and (p.entered or p.cont) and not hostile(state, p.pos, seat):
            free = len(free_legions(state, p.pos, seat)) - p.taken.get(p.pos, 0)
            out += [Action(do="pick", a=n) for n in range(1, min(free, p.lead - p.group) + 1)]
            out += [Action(do="drop", a=n) for n in range(1, p.group + 1)]
    if p.reenter:
        out.append(Action(do="submit"))
    elif p.cont and not p.entered:
        if not (_passage_holders_here(state, seat, p) and any(x.do == "to" for x in out)):
            out.append(Action(do="submit"))
    elif p.entered:
        lone_end = p.lt and p.group == 0
        if not (lone_end and hostile(state, p.pos, seat) and not _own_legion(state, p.pos, seat)):
            out.append(Action(do="submit"))
    if p.steps or not p.cont:
        out.append(Action(do="back"))
    return out


def unit_choices(state: State, seat: int) -> list[Action]:
    moved, seen, out = set(state.move.moved), set(), []
    for u in sorted(state.units, key=lambda u: (u.at, u.kind != "lieutenant", u.id)):
        if u.owner != seat or u.id in moved or u.kind == "hound":
            continue
        if u.kind == "legion":
            lead = board.unit(state, u.leader) if u.leader is not None else None
            hound = board.hound_of(state, u)
            key = (u.at, lead.id if lead and lead.at == u.at else None, hound.card if hound else None)
            if key in seen:
                continue
            seen.add(key)
        out.append(Action(do="unit", a=u.id))
    return out
