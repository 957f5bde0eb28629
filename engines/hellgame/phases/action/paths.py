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

Destinations (:func:`destinations`): besides the single steps the path
question offers every sectio the unit can reach in the rest of this plan and
stop in, each with one canonical path; choosing one is a shortcut for
answering the step questions (see ``movement``). Rule decisions:

- Reachable means reachable by the step choices ``to`` alone, with the legions
  the unit has now, and a place where the plan may end ("submit" is offered
  there: not a lone lieutenant's last step among enemies, 9.5.2.2). Picking up
  and dropping on the way stay single steps. The sectio the unit starts from
  and the planned position are no destinations (a way back there is stepped).
  From Antehell there is none: the re-entry roll (9.5.2.3) decides where the
  unit comes back, and the rest is planned from there.
- A path never goes on past a forced stop (9.5: Antehell, a Quagmire or
  Lilith, and but for a lone lieutenant a wild hound or freebooters): those
  sectios are destinations, never ways.
  Sectios with other players' legions are ways too: their owners are asked
  when the unit enters (stop, flee or grant passage).
- The canonical path to a destination, of all the step sequences that reach
  it: the shortest; then the one through the fewest sectios where units of
  other players stand (each may stop the unit: asked for entry or passage);
  then the one through the fewest sectios other players own; then the lowest
  sectio numbers, compared in the order the path enters them (the first step
  first). The destination itself counts in neither count: it is the same for
  every way there.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engines.hellgame.core import board, data
from engines.hellgame.core.flight import entry_barred, forced_stop, stops_here
from engines.hellgame.core.model import ANTEHELL, Action, State, Unit

RANGE = {"legion": 2, "lieutenant": 3}
REENTER, PICK, DROP, CONT = -1, 100, 200, 300


def hostile(state: State, at: int, seat: int) -> bool:
    return bool(board.enemies_at(state, at, seat))


def _own_legion(state: State, at: int, seat: int) -> bool:
    return any(u.kind == "legion" and u.owner == seat for u in board.units_at(state, at))


def _moved(state: State) -> set[int]:
    """Units the demon moving now has moved (none outside a move: a standing
    order is planned before its demon's turn)."""
    return set(state.move.moved) if state.move is not None else set()


def free_legions(state: State, at: int, seat: int, lt: Unit | None = None) -> list[Unit]:
    """Own legions at ``at`` a lieutenant may take along: his own first, then
    unled ones, then those of other lieutenants."""
    moved = _moved(state)
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
            _step_to(p, a)
        elif do == "reenter":
            p.used, p.reenter = p.used + 1, True
        elif do == "pick":
            p.group += a
            p.taken[p.pos] = p.taken.get(p.pos, 0) + a
        elif do == "drop":
            p.group -= a
    return p


def _step_to(p: Plan, to: int) -> None:
    """The plan enters ``to`` (the step ``to`` of a draft)."""
    p.pos, p.used = to, p.used + 1
    p.entered.append(to)
    p.lone_entry = p.lt and p.group == 0


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
    if m is None:
        return False
    return (not (p.lt and p.group == 0) and bool(m.passage)
            and any(u.kind == "legion" and u.owner in m.passage for u in board.units_at(state, p.pos)))


def _next_sectios(state: State, seat: int, p: Plan) -> list[int]:
    """The sectios the plan may enter next (the ``to`` choices)."""
    if not _can_go_on(state, seat, p) or (p.pos == ANTEHELL and not p.entered):
        return []
    return [n for n in data.NEIGHBOURS[p.pos] if _enterable(state, seat, p, n)]


def _may_end(state: State, seat: int, p: Plan) -> bool:
    """May the plan be submitted as it stands (the ``submit`` choice)?"""
    if p.reenter:
        return True
    if p.cont and not p.entered:
        return not (_passage_holders_here(state, seat, p) and _next_sectios(state, seat, p))
    if p.entered:
        lone_end = p.lt and p.group == 0
        return not (lone_end and hostile(state, p.pos, seat) and not _own_legion(state, p.pos, seat))
    return False


def path_actions(state: State, seat: int, p: Plan) -> list[Action]:
    """The step choices of the plan (destinations are offered besides them, see
    :func:`destinations`)."""
    out: list[Action] = []
    go_on = _can_go_on(state, seat, p)
    if go_on and p.pos == ANTEHELL and not p.entered:
        out.append(Action(do="reenter"))
    elif go_on:
        out += [Action(do="to", a=n) for n in _next_sectios(state, seat, p)]
        if p.lt and (p.entered or p.cont) and not hostile(state, p.pos, seat):
            free = len(free_legions(state, p.pos, seat)) - p.taken.get(p.pos, 0)
            out += [Action(do="pick", a=n) for n in range(1, min(free, p.lead - p.group) + 1)]
            out += [Action(do="drop", a=n) for n in range(1, p.group + 1)]
    if _may_end(state, seat, p):
        out.append(Action(do="submit"))
    if p.steps or not p.cont:
        out.append(Action(do="back"))
    return out


# -- destinations ------------------------------------------------------------------


def _stepped(p: Plan, to: int) -> Plan:
    """A copy of the plan one step ``to`` further (the draft is not touched)."""
    q = replace(p, steps=p.steps + [["to", to]], entered=list(p.entered), taken=dict(p.taken))
    _step_to(q, to)
    return q


def destinations(state: State, seat: int, p: Plan) -> dict[int, list[int]]:
    """Every destination of the plan and its canonical path (the sectios it
    enters, the destination last), nearest first, then by sectio number. See
    the module docstring for what counts and for the tie-break."""
    if p.carry_max:
        return {}
    costs: dict[int, tuple[int, int]] = {}

    def cost(at: int) -> tuple[int, int]:
        """(other players' units stand there, another player owns it) as 0/1."""
        if at not in costs:
            owner = state.owner[at] if 0 <= at < len(state.owner) else None
            costs[at] = (int(bool(board.holders_at(state, at, seat))), int(owner not in (None, seat)))
        return costs[at]

    best: dict[int, tuple] = {}

    def walk(q: Plan, path: list[int], held: int, owned: int) -> None:
        for n in _next_sectios(state, seat, q):
            if n in path or n == p.pos:
                continue  # a way that comes back somewhere is never the shortest
            r, route = _stepped(q, n), path + [n]
            if n != p.start and _may_end(state, seat, r):
                key = (len(route), held, owned, route)
                if n not in best or key < best[n]:
                    best[n] = key
            h, o = cost(n)
            walk(r, route, held + h, owned + o)

    walk(p, [], 0, 0)
    return {n: key[3] for n, key in sorted(best.items(), key=lambda kv: (len(kv[1][3]), kv[0]))}


def reach(state: State, seat: int, u: Unit) -> dict[int, list[int]]:
    """The destinations of a fresh plan for ``u`` (a lieutenant carrying all
    the legions he can), as :func:`destinations` gives them: what a standing
    order of the Action phase may name before its demon's turn."""
    p = Plan(u, False, u.at, RANGE[u.kind], [])
    if p.lt:
        n = min(len(free_legions(state, u.at, seat, u)), p.lead)
        if n:
            p.steps, p.group, p.taken = [["carry", n]], n, {u.at: n}
    p.pos = p.start
    return destinations(state, seat, p)


def unit_choices(state: State, seat: int) -> list[Action]:
    moved, seen, out = _moved(state), set(), []
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
