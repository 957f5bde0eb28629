"""The Soul phase's upkeep and desertion (7.1 step 4, 7.2.1, G21).

``soul_upkeep``: 1 soul per legion and lieutenant, paid after the gifts (the
receivers pay for what they got); a short player picks the units that go
(``desert``). ``soul_desert``: unpaid lieutenants go to the Return box, a
disfavour for losing units. ``soul_offer``: deserting legions are offered to
the richest players in turn (``accept``, 1 soul each), the rest disband;
refusing costs a disfavour. Then the Summoning phase. Summoning orders of
the economy window (``s.orders[seat]["summon"]``) wait in ``s.orders``
meanwhile, beside a deserter's bookkeeping.
"""

from __future__ import annotations

from engines.hellgame.core import board, data
from engines.hellgame.core.flow import Events, ask, close, question, step, tell
from engines.hellgame.core.model import Action, Ask, LEGION_LIMIT, State
from engines.hellgame.phases.hell.hellphase import circle_group, live, loose_hounds
from engines.hellgame.phases.soul.gifts import legion_choices, waiting


def upkeep(state: State, seat: int) -> int:
    """1 soul per legion and lieutenant; hellhounds cost nothing."""
    return len(board.legions(state, seat)) + len(board.lieutenants(state, seat))


@step("soul_upkeep")
def _upkeep(s: State, ev: Events) -> None:
    s.step = "soul_desert"
    for seat in live(s):
        p, cost = s.players[seat], upkeep(s, seat)
        if p.souls >= cost:
            p.souls -= cost
            tell(s, ev, "ev_upkeep", chronicle=False, seat=seat, n=cost, souls=p.souls)
            continue
        short = cost - p.souls
        tell(s, ev, "ev_upkeep_short", seat=seat, n=p.souls, short=short)
        p.souls = 0
        s.orders.setdefault(seat, {}).update(desert=[], lts=[], asked=[], refused=[])
        ask(s, seat, "desert", kind="reaction", n=short)


def _chosen(s: State, seat: int) -> set[int]:
    o = s.orders[seat]
    return set(o["desert"]) | set(o["lts"])


def _desert_legal(s: State, a: Ask) -> list[Action]:
    chosen = _chosen(s, a.seat)
    out = [Action(do="desert", a=u.id) for u in legion_choices(s, a.seat, chosen, set())]
    out += [Action(do="desert", a=u.id) for u in board.lieutenants(s, a.seat) if u.id not in chosen]
    return out


def engine_pick(s: State, a: Ask) -> Action:
    """Lone lieutenants first, then unled legions without hound (newest first),
    then led legions, keepers, and last the lieutenants leading legions."""
    def cost(x: Action) -> tuple:
        u = board.unit(s, x.a)
        if u.kind == "lieutenant":
            return (0 if board.lone_lieutenant(s, u) else 4, -u.id)
        return (3 if board.hound_of(s, u) else 2 if u.leader is not None else 1, -u.id)
    return min(_desert_legal(s, a), key=cost)


def _desert_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    o = s.orders[a.seat]
    o["lts" if board.unit(s, x.a).kind == "lieutenant" else "desert"].append(x.a)
    if len(o["desert"]) + len(o["lts"]) >= a.data["n"] or not _desert_legal(s, a):
        close(s, a)


def _unit_label(s: State, uid: int, keys: tuple[str, str, str]) -> tuple[str, dict]:
    """Label of a lieutenant, a keeper legion or a legion (``keys`` in that order)."""
    u = board.unit(s, uid)
    if u.kind == "lieutenant":
        return keys[0], {"lt": u.card, "sectio": u.at}
    hound = board.hound_of(s, u)
    if hound is not None:
        return keys[1], {"sectio": u.at, "n": hound.card}
    return keys[2], {"sectio": u.at}


question(
    "desert",
    legal=_desert_legal,
    answer=_desert_answer,
    prompt=lambda s, a: ("pr_desert", {"n": a.data["n"] - len(_chosen(s, a.seat)), "cost": upkeep(s, a.seat)}),
    label=lambda s, a, x: _unit_label(s, x.a, ("lb_desert_lt", "lb_desert_hound", "lb_desert_legion")),
    passive=engine_pick,
    group=lambda s, a, x: circle_group(board.unit(s, x.a).at)
    if board.unit(s, x.a).at < data.ANTEHELL else ("grp_antehell", {}),
)


@step("soul_desert")
def _desert(s: State, ev: Events) -> None:
    for seat in _deserters(s):
        o = s.orders[seat]
        for uid in o["lts"]:
            u = board.unit(s, uid)
            loose_hounds(s, ev, board.remove(s, u))
            tell(s, ev, "ev_lt_unpaid", seat=seat, lt=u.card, sectio=u.at)
        if o["desert"]:
            tell(s, ev, "ev_deserting", seat=seat, n=len(o["desert"]),
                 sectios=sorted({board.unit(s, uid).at for uid in o["desert"]}))
        if o["desert"] or o["lts"]:
            s.players[seat].disfavour += 1
            tell(s, ev, "ev_disfavour_units_lost", seat=seat)
    s.step = "soul_offer"


def _deserters(s: State) -> list[int]:
    return sorted(seat for seat, o in s.orders.items() if "desert" in o)


def _can_take(s: State, seat: int) -> bool:
    return s.players[seat].souls >= 1 and len(board.legions(s, seat)) < LEGION_LIMIT


def _pending(s: State, deserter: int) -> list[int]:
    return [uid for uid in s.orders[deserter]["desert"]
            if (u := board.unit(s, uid)) is not None and u.owner == deserter]


@step("soul_offer")
def _offer(s: State, ev: Events) -> None:
    for deserter in _deserters(s):
        o = s.orders[deserter]
        o["desert"] = _pending(s, deserter)
        while o["desert"]:
            asked = set(o["asked"]) | {deserter}
            rest = [x for x in live(s) if x not in asked]
            if not rest:
                sectios = sorted({board.unit(s, uid).at for uid in o["desert"]})
                for uid in o["desert"]:
                    loose_hounds(s, ev, board.remove(s, board.unit(s, uid)))
                tell(s, ev, "ev_disbanded", seat=deserter, n=len(o["desert"]), sectios=sectios)
                o["desert"] = []
                break
            richest = min(rest, key=lambda x: (-s.players[x].souls, (x - deserter) % s.seats))
            o["asked"].append(richest)
            if _can_take(s, richest):
                ask(s, richest, "accept", kind="reaction", deserter=deserter)
                return
    refusers = sorted({x for o in s.orders.values() for x in o.get("refused", [])})
    for seat in refusers:
        s.players[seat].disfavour += 1
        tell(s, ev, "ev_disfavour_refused", seat=seat)
    s.orders = {seat: waiting(o) for seat, o in s.orders.items() if "summon" in o}
    s.step = "summon"


def _accept_legal(s: State, a: Ask) -> list[Action]:
    pending = _pending(s, a.data["deserter"])
    out: list[Action] = []
    if _can_take(s, a.seat):
        mine = [u for u in board.legions(s, a.data["deserter"]) if u.id in pending]
        seen: set[tuple] = set()
        for u in mine:
            hound = board.hound_of(s, u)
            key = (u.at, hound.card if hound else None)
            if key not in seen:
                seen.add(key)
                out.append(Action(do="take", a=u.id))
        if s.players[a.seat].souls >= len(pending) and len(board.legions(s, a.seat)) + len(pending) <= LEGION_LIMIT:
            out.append(Action(do="all"))
    out.append(Action(do="done"))
    return out


def _accept_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    deserter = a.data["deserter"]
    o = s.orders[deserter]
    taken = o.setdefault("taken", [])
    for uid in (_pending(s, deserter) if x.do == "all" else [x.a] if x.do == "take" else []):
        u = board.unit(s, uid)
        taken.append(u.at)
        s.players[a.seat].souls -= 1
        board.switch(s, u, a.seat)
    pending = _pending(s, deserter)
    if x.do == "take" and pending and _can_take(s, a.seat):
        return
    if taken:
        tell(s, ev, "ev_deserters_taken", seat=a.seat, seats=[deserter], n=len(taken), sectios=sorted(set(taken)))
    if pending and _can_take(s, a.seat):
        o["refused"].append(a.seat)
        tell(s, ev, "ev_deserters_refused", seat=a.seat, seats=[deserter], n=len(pending))
    o["taken"] = []
    close(s, a)


question(
    "accept",
    legal=_accept_legal,
    answer=_accept_answer,
    prompt=lambda s, a: ("pr_accept", {"seat": a.data["deserter"], "n": len(_pending(s, a.data["deserter"])),
                                       "souls": s.players[a.seat].souls}),
    label=lambda s, a, x: _unit_label(s, x.a, ("lb_take_lt", "lb_take_hound", "lb_take_legion")) if x.do == "take"
    else ("lb_take_all", {"n": len(_pending(s, a.data["deserter"]))}) if x.do == "all" else ("lb_take_none", {}),
    passive=lambda s, a: Action(do="done"),
)
