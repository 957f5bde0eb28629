"""The Soul phase (chapter 7).

``soul``: income for every player, with public rolls (7.1 steps 1-3): the
sectios' printed souls (an isolated sectio 2 less, all isolated: the highest
exempt, never below 0, G20; nothing where a wild hound or another player's
legion stands while the owner has none there, nor where another triumvirate's
legion shares it after avoided combat, G44), the Wise Men's arcana cards
(7.3.3), demons on Earth: hearts + a soul roll (G19), then 1 favour each after
a disfavour roll (7.2, G18). ``soul_gifts``: a secret simultaneous ``soul``
question builds each player's transfers (7.3.2, G22): souls, legions (in
place), lieutenants (with the legions they lead) and arcana cards, revealed
together in ``soul_reveal``. ``soul_upkeep`` (step 4; the receivers pay for
what they got): 1 soul per legion and lieutenant; a short player picks the
units that go (``desert``); unpaid lieutenants go to the Return box, deserting
legions are offered to the richest players in turn (``accept``, 1 soul
each), the rest disband (7.2.1, G21). Then the Summoning phase.
"""

from __future__ import annotations

from engines.hellgame import board, data, dice
from engines.hellgame.flow import Events, ask, close, question, step, tell, tell_seat
from engines.hellgame.hellphase import circle_group, draw, hand_limit, live, loose_hounds
from engines.hellgame.model import FREEBOOTERS, LEGION_LIMIT, Action, Ask, Draft, State, Unit

#: The sectio that yields arcana cards instead of souls (7.3.3).
WISE_MEN = next(s.index for s in data.SECTIOS if s.produces == "arcana")
#: Souls an isolated sectio yields less (7.1).
ISOLATION_LOSS = 2
#: Soul amounts offered for one gift (plus "all").
GIFT_AMOUNTS = (1, 2, 3, 5, 10, 20)
GIFT_GROUPS = {"souls": "grp_gift_souls", "legion": "grp_gift_legion", "lt": "grp_gift_lt", "card": "grp_gift_card"}


# -- hooks for part 2 (events and phenomena) -------------------------------------------


def income_modifier(state: State, seat: int, sectio: int, souls: int) -> int:
    """A sectio's income after isolation (No Souls: 0, Soul Spring: x 2)."""
    return souls


def wise_men_modifier(state: State, cards: int) -> int:
    """The Wise Men's cards after the table (No Souls: 0, Soul Spring: x 2)."""
    return cards


def earth_modifier(state: State, seat: int, demon: int) -> int:
    """Souls added to a demon's Earth income (The Bees +2, Guardian Angels -2)."""
    return 0


def after_earth_income(state: State, events: Events, demon: int) -> None:
    """After a demon on Earth collected its souls (Wrath of Angels rolls here)."""


# -- 7.1: income ----------------------------------------------------------------------


def blocked(state: State, seat: int, sectio: int) -> bool:
    """No income: another player's (or freebooters') legion stands there (with
    no own unit: note 1; sharing it after avoided combat: G44), or a wild hound
    with no own unit there (note 1). A lone lieutenant blocks nothing."""
    here = board.units_at(state, sectio)
    own = any(u.owner == seat for u in here)
    if any(u.kind == "legion" and u.owner != seat for u in here):
        return True
    return not own and any(board.is_wild(u) for u in here)


def sectio_income(state: State, seat: int) -> tuple[dict[int, int], list[int], list[int]]:
    """Souls per producing sectio, the isolated sectios that lost souls and the
    blocked ones."""
    mine = board.owned(state, seat)
    isolated = [x for x in mine if board.is_isolated(state, seat, x)]
    producing = [x for x in mine if data.SECTIOS[x].produces == "souls"]
    exempt = None
    if mine and len(isolated) == len(mine) and producing:
        exempt = max(producing, key=lambda x: (data.SECTIOS[x].souls, -x))
    income: dict[int, int] = {}
    reduced: list[int] = []
    stopped: list[int] = []
    for x in producing:
        value = data.SECTIOS[x].souls
        if x in isolated and x != exempt:
            value = max(0, value - ISOLATION_LOSS)
            reduced.append(x)
        value = income_modifier(state, seat, x, value)
        if blocked(state, seat, x):
            value = 0
            stopped.append(x)
        income[x] = value
    return income, reduced, stopped


def wise_men_occupier(state: State, owner: int) -> int | None:
    """Another triumvirate with units (not a lone lieutenant) in the Wise Men
    while the owner has none there; several: the most units, ties the first
    after the owner in seat order."""
    here = board.units_at(state, WISE_MEN)
    if any(u.owner == owner for u in here):
        return None
    count: dict[int, int] = {}
    for u in here:
        if u.owner in (None, FREEBOOTERS) or board.lone_lieutenant(state, u):
            continue
        count[u.owner] = count.get(u.owner, 0) + 1
    if not count:
        return None
    return min(count, key=lambda o: (-count[o], (o - owner) % state.seats))


def _wise_men(s: State, ev: Events) -> None:
    owner = s.owner[WISE_MEN]
    if owner is None or s.players[owner].out:
        return
    roll = dice.d6(s, owner)
    n = wise_men_modifier(s, data.WISE_MEN_CARDS[roll])
    tell(s, ev, "ev_wise_men", seat=owner, roll=roll, n=n)
    occupier = wise_men_occupier(s, owner)
    if n > 0 and occupier is not None:
        got = draw(s, ev, occupier, 1)
        tell(s, ev, "ev_wise_men_occupier", seat=occupier, n=len(got))
        if got:
            tell_seat(ev, occupier, "ev_arcana_drawn", cards=got)
        n -= 1
    got = draw(s, ev, owner, n)
    if got:
        tell_seat(ev, owner, "ev_arcana_drawn", cards=got)


def _earth(s: State, ev: Events, seat: int) -> int:
    """7.1 step 2 and 7.2: Earth income, then favour."""
    total = 0
    walkers = [i for i, d in enumerate(s.demons) if d.owner == seat and d.status == "active" and d.on_earth]
    for i in walkers:
        hearts = data.DEMONS[s.demons[i].card].hearts
        roll = dice.d6(s, seat)
        gain = max(0, hearts + roll + earth_modifier(s, seat, i))
        total += gain
        tell(s, ev, "ev_earth_income", chronicle=False, seat=seat, demon=s.demons[i].card,
             hearts=hearts, roll=roll, n=gain)
        after_earth_income(s, ev, i)
    for i in walkers:
        d = s.demons[i]
        if d.status != "active" or not d.on_earth:
            continue
        ok, roll = dice.disfavour_roll(s, seat)
        if ok:
            s.players[seat].favour += 1
        if roll is None:
            tell(s, ev, "ev_favour", seat=seat, demon=d.card)
        else:
            tell(s, ev, "ev_favour_rolled" if ok else "ev_favour_denied", seat=seat, demon=d.card, roll=roll)
    return total


@step("soul")
def _income(s: State, ev: Events) -> None:
    for seat in live(s):
        income, reduced, stopped = sectio_income(s, seat)
        sectios = sum(income.values())
        earth = _earth(s, ev, seat)
        s.players[seat].souls += sectios + earth
        if reduced:
            tell(s, ev, "ev_income_isolated", chronicle=False, seat=seat, sectios=reduced)
        if stopped:
            tell(s, ev, "ev_income_blocked", seat=seat, sectios=stopped)
        tell(s, ev, "ev_income", seat=seat, n=sectios + earth, sectio_souls=sectios, earth=earth,
             souls=s.players[seat].souls)
    _wise_men(s, ev)
    hand_limit(s, "soul_gifts")


# -- 7.3.2: transfers, secret and simultaneous ---------------------------------------


@step("soul_gifts")
def _gifts(s: State, ev: Events) -> None:
    seats = live(s)
    if len(seats) < 2:
        s.step = "soul_upkeep"
        return
    s.step = "soul_reveal"
    for seat in seats:
        p = s.players[seat]
        p.shown_souls, p.shown_hand = p.souls, len(p.hand)
        s.drafts[seat] = Draft(q="soul")
        ask(s, seat, "soul", kind="simultaneous", secret=True)


def _given(d: Draft, kind: str) -> set[int]:
    return {st[2] for st in d.steps if st[0] == kind}


def _legion_choices(s: State, seat: int, excluded: set[int], led_by: set[int]) -> list[Unit]:
    """One legion per kind of legion (place, leader, hound) not yet chosen."""
    seen: set[tuple] = set()
    out = []
    for u in board.legions(s, seat):
        if u.id in excluded or u.leader in led_by:
            continue
        hound = board.hound_of(s, u)
        key = (u.at, u.leader, hound.card if hound else None)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def _gift_legal(s: State, a: Ask) -> list[Action]:
    d, p = s.drafts[a.seat], s.players[a.seat]
    to = d.data.get("to")
    out: list[Action] = []
    if to is None:
        out += [Action(do="to", a=r) for r in live(s) if r != a.seat]
    else:
        amounts = sorted({n for n in GIFT_AMOUNTS if n <= p.souls} | ({p.souls} if p.souls else set()))
        out += [Action(do="souls", a=to, b=n) for n in amounts]
        lts = _given(d, "lt")
        out += [Action(do="legion", a=to, b=u.id) for u in _legion_choices(s, a.seat, _given(d, "legion"), lts)]
        out += [Action(do="lt", a=to, b=u.id) for u in board.lieutenants(s, a.seat) if u.id not in lts]
        out += [Action(do="card", a=to, b=c) for c in p.hand]
        out.append(Action(do="receiver"))
    if d.steps:
        out.append(Action(do="back"))
    out.append(Action(do="submit"))
    return out


def _gift_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    d, p = s.drafts[a.seat], s.players[a.seat]
    if x.do == "to":
        d.data["to"] = x.a
    elif x.do == "receiver":
        d.data.pop("to", None)
    elif x.do == "back":
        kind, _, what = d.steps.pop()
        if kind == "souls":
            p.souls += what
        elif kind == "card":
            p.hand.append(what)
    elif x.do == "submit":
        s.orders[a.seat] = {"gifts": [list(st) for st in d.steps]}
        del s.drafts[a.seat]
        close(s, a)
    else:
        if x.do == "souls":
            p.souls -= x.b
        elif x.do == "card":
            p.hand.remove(x.b)
        d.steps.append([x.do, x.a, x.b])


def _gift_label(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "to":
        return "lb_gift_to", {"seat": x.a}
    if x.do == "souls":
        return "lb_gift_souls", {"n": x.b}
    if x.do == "card":
        return "lb_gift_card", {"card": x.b}
    if x.do in ("legion", "lt"):
        u = board.unit(s, x.b)
        if x.do == "lt":
            return "lb_gift_lt", {"lt": u.card, "sectio": u.at, "n": len(board.group(s, u))}
        hound = board.hound_of(s, u)
        if hound is not None:
            return "lb_gift_legion_hound", {"sectio": u.at, "n": hound.card}
        if u.leader is not None:
            return "lb_gift_legion_led", {"sectio": u.at, "lt": board.unit(s, u.leader).card}
        return "lb_gift_legion", {"sectio": u.at}
    return {"receiver": "lb_gift_done", "back": "lb_eco_back", "submit": "lb_eco_submit"}[x.do], {}


def _gift_prompt(s: State, a: Ask) -> tuple[str, dict]:
    d = s.drafts.get(a.seat)
    if d is not None and d.data.get("to") is not None:
        return "pr_gift_to", {"seat": d.data["to"], "souls": s.players[a.seat].souls}
    return "pr_gifts", {"souls": s.players[a.seat].souls, "n": len(d.steps) if d else 0}


question(
    "soul",
    legal=_gift_legal,
    answer=_gift_answer,
    prompt=_gift_prompt,
    label=_gift_label,
    passive=lambda s, a: Action(do="submit"),
    group=lambda s, a, x: (GIFT_GROUPS.get(x.do, "grp_gift_other"), {}),
)


@step("soul_reveal")
def _reveal_gifts(s: State, ev: Events) -> None:
    gifts = [(seat, st) for seat in sorted(s.orders) for st in s.orders[seat].get("gifts", [])]
    for seat, (kind, to, what) in gifts:
        if kind == "souls":
            s.players[to].souls += what
            tell(s, ev, "ev_gift_souls", seat=seat, seats=[to], n=what)
    cards: dict[tuple[int, int], list[int]] = {}
    for seat, (kind, to, what) in gifts:
        if kind == "card":
            s.players[to].hand.append(what)
            cards.setdefault((seat, to), []).append(what)
    for (seat, to), given in cards.items():
        tell(s, ev, "ev_gift_cards", seat=seat, seats=[to], n=len(given))
        tell_seat(ev, seat, "ev_gift_cards_given", seats=[to], cards=given)
        tell_seat(ev, to, "ev_gift_cards_received", seats=[seat], cards=given)
    for wanted in ("legion", "lt"):
        for seat, (kind, to, what) in gifts:
            u = board.unit(s, what) if kind == wanted else None
            if u is None or u.owner != seat:
                continue
            at, led = u.at, len(board.group(s, u)) if kind == "lt" else 0
            mine = {u.id} | {x.id for x in s.units if x.leader == u.id}
            kept = [x for x in s.units if x.kind == "hound" and x.keeper in mine]
            board.switch(s, u, to)
            lost = board.unit(s, what) is None
            for h in kept:  # the hounds of a lieutenant's legions go along
                if h.keeper is not None:
                    h.owner = to
            loose_hounds(s, ev, [h for h in kept if h.keeper is None])
            if kind == "lt":
                tell(s, ev, "ev_gift_lt", seat=seat, seats=[to], lt=u.card, sectio=at, n=led)
            else:
                tell(s, ev, "ev_gift_legion_lost" if lost else "ev_gift_legion", seat=seat, seats=[to], sectio=at)
    if not gifts:
        tell(s, ev, "ev_no_gifts", chronicle=False)
    for p in s.players:
        p.shown_souls = p.shown_hand = None
    s.orders = {}
    s.drafts = {}
    hand_limit(s, "soul_upkeep")


# -- 7.1 step 4 and 7.2.1: upkeep and desertion -----------------------------------------


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
        s.orders[seat] = {"desert": [], "lts": [], "asked": [], "refused": []}
        ask(s, seat, "desert", kind="reaction", n=short)


def _chosen(s: State, seat: int) -> set[int]:
    o = s.orders[seat]
    return set(o["desert"]) | set(o["lts"])


def _desert_legal(s: State, a: Ask) -> list[Action]:
    chosen = _chosen(s, a.seat)
    out = [Action(do="desert", a=u.id) for u in _legion_choices(s, a.seat, chosen, set())]
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
    for seat in sorted(s.orders):
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


def _can_take(s: State, seat: int) -> bool:
    return s.players[seat].souls >= 1 and len(board.legions(s, seat)) < LEGION_LIMIT


def _pending(s: State, deserter: int) -> list[int]:
    return [uid for uid in s.orders[deserter]["desert"]
            if (u := board.unit(s, uid)) is not None and u.owner == deserter]


@step("soul_offer")
def _offer(s: State, ev: Events) -> None:
    for deserter in sorted(s.orders):
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
    refusers = sorted({x for o in s.orders.values() for x in o["refused"]})
    for seat in refusers:
        s.players[seat].disfavour += 1
        tell(s, ev, "ev_disfavour_refused", seat=seat)
    s.orders = {}
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
