"""The Move action (9.5): a demon moves one unit per skull, each unit planned
in a private draft (unit -> legions carried -> path -> submit) and then
carried out one sectio at a time, with the entry questions to the players
whose units stand in the sectios entered (stop / flee / grant passage).
The plan of one unit in the draft (what it may do next, and the encoding of
``Move.path`` it becomes) is in :mod:`engines.hellgame.phases.action.paths`; flight itself
is in :mod:`engines.hellgame.core.flight`.

Rule decisions where the sources are silent:

- Skulls (G12): the lieutenant or legion chosen counts 1; the legions a
  lieutenant carries or picks up and a keeper's hound are free. Every unit
  moved along (carried too) is "moved by this demon" and cannot be moved by it
  again. ``Move.moved`` lists all of them, ``Move.carried`` the free ones.
- A lieutenant chooses how many legions of his sectio he carries (those he
  leads first, then unled ones, then those of other lieutenants); legions he
  led and leaves behind leave his group. On the way he may pick up own legions
  (not yet moved by this demon) or drop legions in a sectio without hostile
  units, as long as he can still move on from there. A legion led by a
  lieutenant may move alone and then leaves his group.
- A lieutenant moving without legions is a lone lieutenant: he sneaks through
  sectios with hostile units (wild hounds included), causes no flight and asks
  nobody, but may not end his move where hostile units stand and no own
  legion does (such a sectio is not offered as his last step); he must still
  stop in Antehell (and where a phenomenon stops units). If a re-entry from
  Antehell leaves him in such a sectio with no way on, he may stop there; the
  Combat phase's end catches him (lone lieutenants).
- Entering a sectio with other players' units (a lone mover excepted): first
  every lone lieutenant of another player there flees at once (captured on
  failure); then each other player with units there is asked in seat order:
  stay (block), flee (all his units there) or grant passage (offered only
  while the mover's path goes on and nothing else stops it). The mover goes on
  if no forced stop applies and no hostile legion is left there except those of
  players who granted passage. Freebooters and wild hounds are never asked
  (they never flee nor grant passage).
- Leaving Antehell (9.5.2.3, G16): the only first step from Antehell is the
  re-entry roll; 1-5 enters the Limbo sectio of quarter roll-1 and costs one
  sectio of range; it is an entry like any other (holders asked, a stop
  ends the unit's move there), then the player plans the rest of the path
  (picking up / dropping there too; where passage was granted it must move
  on); 6: lost for this move, the unit stays (a later move may try again).
- Passive default and "done": end the demon's move (a draft in progress is
  dropped; a unit already on its way stops where it is).

A move by a standing order of the Action phase (:func:`go`, from
:mod:`engines.hellgame.phases.action.orders`): the same plan built at once
(the unit, a lieutenant carrying all he can, the canonical path to the
destination) and carried out the same way, entries and stops included; then
the demon's move ends (``Move.single``).

``Move.passage`` holds the seats that granted passage at the sectio just
entered, ``Move.pending`` the seats still to be asked.

A move by its destination: the path question offers, besides the single
steps, every destination of the plan with its canonical path
(:func:`engines.hellgame.phases.action.paths.destinations` lists what counts
and the tie-break). It is only a shortcut for answering the step questions:

- Choosing one (``dest``) takes its first step in the draft and keeps the
  rest as the draft's ``walk`` (private like the whole draft: no view but the
  mover's shows it, and a computer player's redeal drops it). The hook
  :func:`walk_on` in ``core.hooks.STANDING`` then answers the path question
  for the mover, one step after the other and at the destination "submit",
  so the bot applies them by itself; each answer must be legal at the time.
- Any other answer to the path question (another step, back, picking up,
  dropping, done) drops the walk; so does a step that is no longer legal
  (then the mover is asked, as without a destination).
- Submitted, the order is carried out as every order: sectio by sectio, with
  the events, flight and entry questions of each step. An entry question
  pauses it and another player's answer lets it go on by itself (passage
  granted, the holders fled); a holder who stays, a forced stop (9.5) or a
  re-entry roll of 6 ends the unit's move there, and the mover is asked for
  the next unit (or to plan on after a re-entry, where destinations are
  offered again from the sectio reached).
"""

from __future__ import annotations

from engines.hellgame.core import board, data, dice, flow, hooks
from engines.hellgame.core.flight import (  # noqa: F401  (flee & co. are part of this module's interface)
    capture, flee, flee_lone, forced_stop, lone_lieutenants, record_entry, run_amok, stops_here)
from engines.hellgame.core.flow import Events, ask, close, question, tell
from engines.hellgame.core.model import ANTEHELL, Action, Ask, Draft, Move, State, Unit
from engines.hellgame.phases.action.paths import (
    CONT, DROP, PICK, REENTER, Plan, destinations, free_legions, hostile, path_actions, plan, unit_choices)

__all__ = ["start_move", "go", "unit_label", "flee", "flee_lone", "run_amok", "lone_lieutenants", "stops_here",
           "capture", "walk_on"]


def _path_goes_on(path: list[int]) -> bool:
    """Does the rest of a unit's path leave the sectio it stands in: another
    location, or the continuation planned after a re-entry from Antehell?"""
    return any(0 <= c <= ANTEHELL or c >= CONT for c in path)


def _skulls_left(state: State) -> int:
    m = state.move
    used = len([u for u in m.moved if u not in m.carried])
    return data.DEMONS[state.demons[m.demon].card].skulls - used


# -- the move question -----------------------------------------------------------


def _move_legal(state: State, a: Ask) -> list[Action]:
    p = plan(state, a.seat)
    if p is None:
        return unit_choices(state, a.seat) + [Action(do="done")]
    if p.carry_max:
        return [Action(do="carry", a=n) for n in range(p.carry_max + 1)] + [Action(do="back"), Action(do="done")]
    steps = path_actions(state, a.seat, p)
    ends = next((i for i, x in enumerate(steps) if x.do in ("submit", "back")), len(steps))
    goals = [Action(do="dest", a=n) for n in destinations(state, a.seat, p)]
    return steps[:ends] + goals + steps[ends:] + [Action(do="done")]


def _move_answer(state: State, a: Ask, x: Action, events: Events) -> None:
    seat, m = a.seat, state.move
    d = state.drafts.get(seat)
    if d is not None and "walk" in d.data and not (x.do == "to" and d.data["walk"][:1] == [x.a]):
        del d.data["walk"]  # the mover chose otherwise: the walk to the destination is off
    if x.do == "unit":
        state.drafts[seat] = Draft(q="move", steps=[["unit", x.a]])
    elif x.do == "dest":
        route = destinations(state, seat, plan(state, seat))[x.a]
        d.steps.append(["to", route[0]])
        d.data["walk"] = route[1:]
    elif x.do in ("carry", "to", "reenter", "pick", "drop"):
        d.steps.append([x.do, x.a])
        if x.do == "to" and "walk" in d.data:
            d.data["walk"].pop(0)
    elif x.do == "back":
        d = state.drafts[seat]
        d.steps.pop()
        if not d.steps and not d.data.get("cont"):
            del state.drafts[seat]
    elif x.do == "submit":
        p = plan(state, seat)
        del state.drafts[seat]
        close(state, a)
        _launch(state, p, events)
    else:  # done
        cont = state.drafts.pop(seat, None) is not None and m.unit is not None
        close(state, a)
        if cont:
            _unit_done(state)
        _end_move(state, events)


def _move_prompt(state: State, a: Ask) -> tuple[str, dict]:
    p = plan(state, a.seat)
    if p is None:
        return "pr_move", {"demon": state.demons[state.move.demon].card, "n": _skulls_left(state)}
    if p.carry_max:
        return "pr_move_carry", {"lt": p.unit.card, "sectio": p.start, "n": p.carry_max}
    if p.cont and not p.steps:
        return "pr_move_reentered", {"sectio": p.pos, "n": p.rng}
    return "pr_move_path", {"sectio": p.pos, "n": p.rng - p.used}


def unit_label(state: State, unit: int) -> tuple[str, dict]:
    """A unit as the unit question names it (the standing orders group by it)."""
    u = board.unit(state, unit)
    if u.kind == "lieutenant":
        return "lb_unit_lt", {"lt": u.card, "sectio": u.at, "n": len(board.group(state, u))}
    hound = board.hound_of(state, u)
    lead = board.unit(state, u.leader) if u.leader is not None else None
    if hound:
        return "lb_unit_keeper", {"sectio": u.at, "attacks": hound.card}
    if lead and lead.at == u.at:
        return "lb_unit_led", {"sectio": u.at, "lt": lead.card}
    return "lb_unit_legion", {"sectio": u.at}


def _move_label(state: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "unit":
        return unit_label(state, x.a)
    if x.do == "to":
        return ("lb_move_to_enemy" if hostile(state, x.a, a.seat) else "lb_move_to"), {"to": x.a}
    if x.do == "dest":
        route = destinations(state, a.seat, plan(state, a.seat))[x.a]
        if len(route) == 1:
            return "lb_move_dest_1", {"to": x.a}
        return "lb_move_dest", {"to": x.a, "n": len(route), "via": route[:-1]}
    if x.do in ("carry", "pick", "drop"):
        return {"carry": "lb_move_carry", "pick": "lb_move_pick"}.get(x.do, "lb_move_drop"), {"n": x.a}
    if x.do == "submit":
        p = plan(state, a.seat)
        if p.reenter:
            return "lb_move_go_reenter", {}
        return ("lb_move_go", {"to": p.pos}) if p.entered else ("lb_move_stop_here", {"sectio": p.pos})
    return {"reenter": "lb_move_reenter", "back": "lb_move_back"}.get(x.do, "lb_move_done"), {}


def _move_group(state: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "unit":
        return "grp_move_sectio", {"sectio": board.unit(state, x.a).at}
    if x.do == "dest":
        n = len(destinations(state, a.seat, plan(state, a.seat))[x.a])
        return ("grp_move_dest_1", {}) if n == 1 else ("grp_move_dest", {"n": n})
    return "grp_move", {}


question("move", legal=_move_legal, answer=_move_answer, prompt=_move_prompt, label=_move_label,
         passive=lambda s, a: Action(do="done"), group=_move_group)


def walk_on(state: State, seat: int) -> Action | None:
    """The mover's next answer on the way to the destination it chose (the
    next step, at the destination "submit"), while that answer is legal;
    None when no walk is planned or it no longer holds (then it is asked)."""
    a = flow.ask_of(state, seat)
    d = state.drafts.get(seat)
    if a is None or a.q != "move" or d is None or d.q != "move" or "walk" not in d.data:
        return None
    p = plan(state, seat)
    if p is None or p.carry_max:
        return None
    walk = d.data["walk"]
    chosen = Action(do="to", a=walk[0]) if walk else Action(do="submit")
    return chosen if chosen in path_actions(state, seat, p) else None


hooks.STANDING.append(walk_on)


# -- the move action -------------------------------------------------------------


def start_move(state: State, demon_index: int, events: Events) -> None:
    """The demon ``demon_index`` chose Move (it is in Hell already)."""
    d = state.demons[demon_index]
    state.move = Move(demon=demon_index, seat=d.owner)
    _next_unit(state, events)


def go(state: State, demon_index: int, unit: int, to: int, events: Events) -> None:
    """The demon ``demon_index`` (in Hell) moves ``unit`` to ``to`` by a
    standing order: the plan the step questions would build (a lieutenant
    carrying all he can, the canonical path of :func:`destinations`) is
    carried out as every order, with the entry questions on the way; then
    the demon's move ends. The caller has checked that ``to`` is among the
    unit's destinations."""
    d = state.demons[demon_index]
    state.move = Move(demon=demon_index, seat=d.owner, single=True)
    state.drafts[d.owner] = Draft(q="move", steps=[["unit", unit]])
    p = plan(state, d.owner)
    if p.carry_max:
        state.drafts[d.owner].steps.append(["carry", p.carry_max])
    state.drafts[d.owner].steps += [["to", n] for n in destinations(state, d.owner, plan(state, d.owner))[to]]
    p = plan(state, d.owner)
    del state.drafts[d.owner]
    _launch(state, p, events)


def _next_unit(state: State, events: Events) -> None:
    if state.move.single and state.move.moved:
        _end_move(state, events)
    elif _skulls_left(state) > 0 and unit_choices(state, state.move.seat):
        ask(state, state.move.seat, "move", demon=state.demons[state.move.demon].card)
    else:
        _end_move(state, events)


def _end_move(state: State, events: Events) -> None:
    m = state.move
    state.demons[m.demon].acted = True
    state.drafts.pop(m.seat, None)
    for x in state.asks:
        if x.q == "move" and not x.answered:
            close(state, x)
    tell(state, events, "ev_move_end", chronicle=False, seat=m.seat, demon=state.demons[m.demon].card,
         n=len([u for u in m.moved if u not in m.carried]))
    state.move = None


def _unit_done(state: State) -> None:
    m = state.move
    m.unit, m.path, m.came_from, m.passage, m.pending = None, [], None, [], []


def _mark(state: State, units: list[Unit], free: bool) -> None:
    m = state.move
    for u in units + [h for h in state.units if h.kind == "hound" and h.keeper in {x.id for x in units}]:
        if u.id not in m.moved:
            m.moved.append(u.id)
        if (free or u.kind == "hound") and u.id not in m.carried:
            m.carried.append(u.id)


def _take(state: State, lt: Unit, n: int) -> list[Unit]:
    """``lt`` takes ``n`` free legions where he stands into his group."""
    took = free_legions(state, lt.at, lt.owner, lt)[:n]
    for u in took:
        u.leader = lt.id
    _mark(state, took, True)
    return took


def _launch(state: State, p: Plan, events: Events) -> None:
    m, u = state.move, p.unit
    m.unit = u.id
    if not p.cont:
        _mark(state, [u], False)
        if p.lt:
            left = board.group(state, u)
            took = _take(state, u, p.steps[0][1] if p.steps and p.steps[0][0] == "carry" else 0)
            for x in left:
                if x not in took:
                    x.leader = None
        else:
            u.leader = None
    path: list[int] = []
    for do, a in p.steps:
        if do == "to":
            path.append(a)
        elif do == "reenter":
            path.append(REENTER)
            if p.rng - p.used > 0:
                path.append(CONT + p.rng - p.used)
        elif do in ("pick", "drop"):
            path.append((PICK if do == "pick" else DROP) + a)
    m.path = path
    _run(state, events)


def _run(state: State, events: Events) -> None:
    """Carry out the rest of ``state.move.path``; stops to ask a question."""
    m = state.move
    u = board.unit(state, m.unit)
    while m.path and u is not None:
        code = m.path.pop(0)
        if code >= CONT:
            state.drafts[m.seat] = Draft(q="move", data={"cont": True, "range": code - CONT})
            ask(state, m.seat, "move", demon=state.demons[m.demon].card)
            return
        if code >= PICK:
            _pick_drop(state, u, code, events)
            continue
        frm = u.at
        if code == REENTER:
            roll = dice.d6(state, m.seat)
            to = data.reentry(roll)
            if to is None:
                tell(state, events, "ev_reenter_lost", seat=m.seat, roll=roll)
                m.path = []
                break
            tell(state, events, "ev_reenter", seat=m.seat, roll=roll, to=to)
        else:
            to = code
        if _enter(state, u, to, frm, events):
            return
        _after_entry(state, events)
    _unit_done(state)
    _next_unit(state, events)


def _pick_drop(state: State, lt: Unit, code: int, events: Events) -> None:
    if hostile(state, lt.at, lt.owner):
        return
    if code >= DROP:
        dropped = sorted(board.group(state, lt), key=lambda x: -x.id)[:code - DROP]
        for x in dropped:
            x.leader = None
        if dropped:
            tell(state, events, "ev_move_drop", seat=lt.owner, lt=lt.card, n=len(dropped), sectio=lt.at)
    else:
        took = _take(state, lt, code - PICK)
        if took:
            tell(state, events, "ev_move_pick", seat=lt.owner, lt=lt.card, n=len(took), sectio=lt.at)


def _enter(state: State, u: Unit, to: int, frm: int, events: Events) -> bool:
    """The unit (with its legions and hounds) enters ``to``. True if a player
    there is asked (the move goes on from the answer)."""
    m = state.move
    legions = board.group(state, u) if u.kind == "lieutenant" else [u]
    members = [u] + [x for x in legions if x.id != u.id]
    for x in members + [h for h in state.units if h.kind == "hound" and h.keeper in {y.id for y in legions}]:
        x.at = to
    record_entry(state, to, m.seat, frm)
    if u.kind == "lieutenant":
        key = "ev_lt_moves" if len(members) > 1 else "ev_lt_moves_alone"
        tell(state, events, key, seat=m.seat, lt=u.card, n=len(members) - 1, **{"from": frm, "to": to})
    else:
        tell(state, events, "ev_legion_moves", seat=m.seat, **{"from": frm, "to": to})
    m.came_from, m.passage, m.pending = frm, [], []
    if u.kind == "lieutenant" and len(members) == 1:
        return False  # a lone lieutenant sneaks: no flight, nobody asked
    for lt in [x for x in board.units_at(state, to) if x.kind == "lieutenant" and x.owner not in (m.seat, None)
               and x.owner < state.seats and board.lone_lieutenant(state, x)]:
        flee_lone(state, lt, frm, events)
    m.pending = [s for s in board.holders_at(state, to, m.seat) if s < state.seats]
    return _ask_holder(state)


def _ask_holder(state: State) -> bool:
    m = state.move
    u = board.unit(state, m.unit)
    while m.pending:
        seat = m.pending[0]
        if any(x.owner == seat for x in board.units_at(state, u.at)):
            ask(state, seat, "entry", kind="reaction", sectio=u.at, mover=m.seat)
            return True
        m.pending.pop(0)
    return False


def _goes_on(state: State) -> bool:
    """Could the mover still move on from the sectio it just entered?"""
    m = state.move
    u = board.unit(state, m.unit)
    lone = u.kind == "lieutenant" and not board.group(state, u)
    if not _path_goes_on(m.path) or forced_stop(state, u.at, m.seat, lone):
        return False
    if lone:
        return True
    ok = set(m.passage) | set(m.pending)
    return not any(x.kind == "legion" and x.owner != m.seat and x.owner not in ok for x in board.units_at(state, u.at))


def _after_entry(state: State, events: Events) -> None:
    m = state.move
    u = board.unit(state, m.unit)
    if not _path_goes_on(m.path) or _goes_on(state):
        return
    lone = u.kind == "lieutenant" and not board.group(state, u)
    reason = forced_stop(state, u.at, m.seat, lone) or "ev_stop_legion"
    tell(state, events, reason, seat=m.seat, sectio=u.at)
    m.path = []


# -- the entry question (9.5, 9.5.1, G14) ------------------------------------------


def _entry_legal(state: State, a: Ask) -> list[Action]:
    out = [Action(do="stay"), Action(do="flee")]
    if _goes_on(state):
        out.append(Action(do="let_pass"))
    return out


def _entry_answer(state: State, a: Ask, x: Action, events: Events) -> None:
    m, at = state.move, a.data["sectio"]
    close(state, a)
    if m.pending and m.pending[0] == a.seat:
        m.pending.pop(0)
    if x.do == "let_pass":
        m.passage.append(a.seat)
        tell(state, events, "ev_entry_pass", seat=a.seat, sectio=at)
    elif x.do == "flee":
        tell(state, events, "ev_entry_flee", seat=a.seat, sectio=at)
        flee(state, a.seat, [u for u in board.units_at(state, at) if u.owner == a.seat], m.came_from, events)
    else:
        tell(state, events, "ev_entry_stay", seat=a.seat, sectio=at)
    if _ask_holder(state):
        return
    _after_entry(state, events)
    _run(state, events)


def _entry_prompt(state: State, a: Ask) -> tuple[str, dict]:
    key = "pr_entry" if _goes_on(state) else "pr_entry_stop"
    return key, {"seat": a.data["mover"], "sectio": a.data["sectio"]}


def _entry_label(state: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "stay":
        return ("lb_entry_block" if _goes_on(state) else "lb_entry_stay"), {}
    return ("lb_entry_flee" if x.do == "flee" else "lb_entry_pass"), {}


question("entry", legal=_entry_legal, answer=_entry_answer, prompt=_entry_prompt, label=_entry_label,
         passive=lambda s, a: Action(do="stay"))
