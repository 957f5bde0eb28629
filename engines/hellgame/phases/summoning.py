"""The Summoning phase (chapter 8), secret and simultaneous.

``summon``: every player builds an order step by step (a :class:`Draft`) and
submits it once: legions (:func:`legion_cost` souls each, in sectios the
player controls, enemy units or not (G24), by the spread rule of 8.2, at most
12 on the board), arcana cards (:func:`arcana_cost` souls each: the order
pays for them, the cards are drawn at the reveal), lieutenants (a card with
minor spell "recruit" from the hand, its printed cost, a sectio with the
player's legions), taming (a legion in Antehell without a hound that has not
tried this phase) and bonus souls for own lieutenants, also for one
recruited by this order (8.3.4). Souls and the hand change at once in the
player's own state; the others see ``Player.shown_*`` until the reveal.
"back" undoes the last step, a purchase too (its souls come back).

``summon_reveal``: each order is carried out in full: bought arcana cards
(8.3.3, from the top of the arcana deck through :func:`hellphase.draw`: a
Play Right Away card takes effect and counts as one of the cards bought; the
buyer is told the cards privately), legions, recruitment rolls (8.3.1),
taming rolls (8.3.2), bonus souls; one public line per player. Orders that
compete for the same limited thing (the top lieutenant of a box, the last
hellhounds, the top arcana cards) go richest first: souls at the reveal,
after each player paid for their own order; between equally rich players the
one whose best demon stands higher on the rank track (ruling; it replaces
the tie die of G46, so no die is rolled and none counts for the Curse of the
Dice). The order of these players is told; orders that compete for nothing
need no order and none is told (they are carried out in the same sequence).
Then players over the hand limit discard (:func:`hellphase.hand_limit`), and
the Action phase follows.

Rule decisions where the rulings are silent: the purchases of two or more
players always compete (each takes the top cards of the deck); the
recruitments of two or more players always compete (the box is known only
from the die); the tamings of two or more players compete when more legions
try than hounds are left; within an order the bought cards are drawn first,
before its legions are placed (a Play Right Away card bought acts on the
board as it stood at the reveal); a card bought is not in the hand while the
order is built, so the same order cannot play it (the rulebook's example of
8.3, which recruits with a card just bought, gives way to the ruling); a
purchase the arcana deck cannot serve at the reveal is refunded; the hand
limit (8.3.3: "after each purchase") is applied once, after all orders are
carried out, the player choosing among all the cards held; a player's best
demon is its best living one, incapacitated or not (it keeps its place on
the rank track, 5.1 step 8, and names the triumvirate); a player with no
living demon (none on the track) comes after equally rich players with one,
and such players among themselves in seat order.
"""

from __future__ import annotations

from engines.hellgame.core import board, data, dice
from engines.hellgame.core.flow import Events, ask, close, question, step, tell, tell_seat
from engines.hellgame.core.model import ANTEHELL, Action, Ask, Draft, LEGION_LIMIT, State
from engines.hellgame.phases.hell import hellcards, hellphase
from engines.hellgame.phases.hell.hellphase import draw, live, loose_hounds
from engines.hellgame.phases.soul import gifts


# -- hooks for part 2 ------------------------------------------------------------------


def legion_cost(state: State) -> int:
    """Souls per legion (8.2); Red Peril makes it 4 in part 2."""

    return hellcards.setting(state, "legion_cost", 3)


def arcana_cost(state: State) -> int:
    """Souls per bought arcana card (8.3.3)."""
    return 5


# -- the order -------------------------------------------------------------------------


def new_phase(s: State) -> None:
    """What a Summoning phase starts with: no legion has tried to tame yet."""
    for u in s.units:
        u.tamed = False


def open_order(s: State, a: Ask) -> None:
    """The economy window (:mod:`engines.hellgame.phases.soul.gifts`): the
    seat's gifts are in, its Summoning order is asked next in the same
    window (the same question, so the seat stays asked and is marked as
    submitted only when this is in)."""
    s.drafts[a.seat] = Draft(q="summon")
    a.q = "summon"


def kept_upkeep(s: State, seat: int, gifts: list[list]) -> int:
    """The upkeep (7.1 step 4) the seat pays for what it keeps after its own gifts."""
    given: set[int] = set()
    for kind, _, uid in gifts:
        if kind == "legion":
            given.add(uid)
        elif kind == "lt":
            given |= {uid} | {u.id for u in s.units if u.leader == uid}
    return sum(1 for u in board.legions(s, seat) + board.lieutenants(s, seat) if u.id not in given)


def spendable(s: State, seat: int) -> int:
    """Souls the order may still spend. In the economy window the upkeep is
    not paid yet: the order keeps it back, so that summoning never makes the
    seat's own units desert."""
    souls = s.players[seat].souls
    gifts = s.orders.get(seat, {}).get("gifts")
    return souls if gifts is None else max(0, souls - kept_upkeep(s, seat, gifts))


def take_back(s: State, seat: int, steps: list[list]) -> None:
    """At the gifts' reveal an economy-window order is taken back into the
    seat's souls and hand: upkeep and deserters come first (7.1, 7.2.1), and
    the others see the seat's souls and hand as they are, no order in them."""
    p = s.players[seat]
    for kind, what, _, cost in steps:
        p.souls += cost
        if kind == "recruit":
            p.hand.append(what)


def pay(s: State, ev: Events, seat: int, steps: list[list]) -> list[list]:
    """An economy-window order pays at its reveal, step by step, as far as
    the souls go (a card to recruit with must still be in the hand); a step
    that cannot be paid is dropped (it stays in place as "dropped", so the
    new lieutenant a bonus names keeps its index), and so is a recruitment
    where the seat no longer has legions (8.3.1), none bought there either.
    Ruling: upkeep for gifts received or deserters taken may leave less than
    the order was built with; gifts may take the legions a recruitment counted on."""
    p, kept, dropped = s.players[seat], [], 0
    bought = {st[1] for st in steps if st[0] == "legion"}
    for st in steps:
        kind, what, at, cost = st
        # 8.3.1: a lieutenant joins where the seat has legions (its own gifts or deserters may have taken them)
        placeable = kind != "recruit" or what in p.hand and (at in bought or any(
            u.at == at for u in board.legions(s, seat)))
        if p.souls >= cost and placeable:
            p.souls -= cost
            if kind == "recruit":
                p.hand.remove(what)
            kept.append(st)
        else:
            kept.append(["dropped", what, None, 0])
            dropped += 1
    if dropped:
        tell(s, ev, "ev_summon_dropped", seat=seat, n=dropped)
    return kept


gifts.SUMMONING.update(start=new_phase, open=open_order, take_back=take_back)


@step("summon")
def _start(s: State, ev: Events) -> None:
    s.step = "summon_reveal"
    if any("summon" in o for o in s.orders.values()):  # built in the economy window
        for seat in sorted(s.orders):
            s.orders[seat]["summon"] = pay(s, ev, seat, s.orders[seat]["summon"])
        return
    new_phase(s)
    for seat in live(s):
        p = s.players[seat]
        p.shown_souls, p.shown_hand = p.souls, len(p.hand)
        s.drafts[seat] = Draft(q="summon")
        ask(s, seat, "summon", kind="simultaneous", secret=True)


def _steps(d: Draft, kind: str) -> list[list]:
    return [st for st in d.steps if st[0] == kind]


def spread_ok(s: State, seat: int, d: Draft) -> list[int]:
    """8.2: a sectio takes its next new legion only when every controlled
    sectio has as many new legions as it has."""
    mine = board.owned(s, seat)
    if not mine:
        return []
    new = {x: 0 for x in mine}
    for st in _steps(d, "legion"):
        new[st[1]] = new.get(st[1], 0) + 1
    least = min(new[x] for x in mine)
    return [x for x in mine if new[x] == least]


def recruit_sectios(s: State, seat: int, d: Draft) -> list[int]:
    """Sectios (not Antehell) with the player's legions, bought ones included."""
    here = {u.at for u in board.legions(s, seat)} | {st[1] for st in _steps(d, "legion")}
    return sorted(x for x in here if x != ANTEHELL)


def tamers(s: State, seat: int, d: Draft) -> list[int]:
    chosen = {st[1] for st in _steps(d, "tame")}
    return [u.id for u in board.legions(s, seat)
            if u.at == ANTEHELL and not u.tamed and u.id not in chosen and board.hound_of(s, u) is None]


def _legal(s: State, a: Ask) -> list[Action]:
    d, p = s.drafts[a.seat], s.players[a.seat]
    souls = spendable(s, a.seat)
    out: list[Action] = []
    if souls >= legion_cost(s) and len(board.legions(s, a.seat)) + len(_steps(d, "legion")) < LEGION_LIMIT:
        out += [Action(do="legion", a=x) for x in spread_ok(s, a.seat, d)]
    if souls >= arcana_cost(s) and len(_steps(d, "buy")) < len(s.arcana):
        out.append(Action(do="buy"))
    for c in dict.fromkeys(p.hand):
        if data.ARCANA[c].minor == "recruit" and data.ARCANA[c].cost <= souls:
            out += [Action(do="recruit", a=c, b=x) for x in recruit_sectios(s, a.seat, d)]
    legions = tamers(s, a.seat, d)
    if legions and s.hounds:
        out.append(Action(do="tame", a=legions[0]))
    if souls >= 1:
        out += [Action(do="bonus", a=u.id) for u in board.lieutenants(s, a.seat)]
        out += [Action(do="bonus_new", a=i) for i, st in enumerate(d.steps) if st[0] == "recruit"]
    if d.steps:
        out.append(Action(do="back"))
    out.append(Action(do="submit"))
    return out


def _answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    d, p = s.drafts[a.seat], s.players[a.seat]
    if x.do == "submit":
        order = s.orders.setdefault(a.seat, {})
        order["summon"] = [list(st) for st in d.steps]
        if "gifts" in order:  # the economy window: its words stay the seat's pending order until the reveal
            order["lines"] = [list(line) for line in s.said.get(a.seat, [])]
        del s.drafts[a.seat]
        close(s, a)
    elif x.do == "back":
        kind, what, _, cost = d.steps.pop()
        p.souls += cost
        if kind == "recruit":
            p.hand.append(what)
    elif x.do == "buy":
        # Only paid for: the top arcana cards go richest first at the reveal (ruling).
        cost = arcana_cost(s)
        p.souls -= cost
        d.steps.append(["buy", None, None, cost])
    elif x.do == "legion":
        cost = legion_cost(s)
        p.souls -= cost
        d.steps.append(["legion", x.a, None, cost])
    elif x.do == "recruit":
        cost = data.ARCANA[x.a].cost
        p.souls -= cost
        p.hand.remove(x.a)
        d.steps.append(["recruit", x.a, x.b, cost])
    elif x.do == "tame":
        d.steps.append(["tame", x.a, None, 0])
    else:  # bonus, bonus_new
        p.souls -= 1
        d.steps.append([x.do, x.a, None, 1])


def _prompt(s: State, a: Ask) -> tuple[str, dict]:
    costs = {"cost": legion_cost(s), "price": arcana_cost(s)}
    gifts = s.orders.get(a.seat, {}).get("gifts")
    if gifts is None:
        return "pr_summon", {"souls": s.players[a.seat].souls, **costs}
    return "pr_summon_upkeep", {"souls": spendable(s, a.seat), "upkeep": kept_upkeep(s, a.seat, gifts), **costs}


def _label(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "legion":
        return "lb_summon_legion", {"sectio": x.a, "cost": legion_cost(s)}
    if x.do == "buy":
        return "lb_summon_buy", {"cost": arcana_cost(s)}
    if x.do == "recruit":
        return "lb_summon_recruit", {"card": x.a, "sectio": x.b, "cost": data.ARCANA[x.a].cost}
    if x.do == "tame":
        return "lb_summon_tame", {"n": len(tamers(s, a.seat, s.drafts[a.seat]))}
    if x.do == "bonus":
        u = board.unit(s, x.a)
        return "lb_summon_bonus", {"lt": u.card, "sectio": u.at}
    if x.do == "bonus_new":
        return "lb_summon_bonus_new", {"sectio": s.drafts[a.seat].steps[x.a][2]}
    if x.do == "back":
        return "lb_eco_back", {}
    d = s.drafts.get(a.seat)
    # an order with nothing in it is submitted only by a button that says so
    return ("lb_eco_submit", {}) if d is not None and d.steps else ("lb_summon_submit_none", {})


def _group(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "legion":
        return hellphase.circle_group(x.a)
    if x.do == "recruit":
        return "grp_summon_recruit", {"card": x.a}
    if x.do in ("bonus", "bonus_new"):
        return "grp_summon_bonus", {}
    return "grp_summon_other", {}


question("summon", legal=_legal, answer=_answer, prompt=_prompt, label=_label,
         passive=lambda s, a: Action(do="submit"), group=_group)


# -- the reveal ----------------------------------------------------------------------------


def best_rank(s: State, seat: int) -> int | None:
    """The rank of the seat's best (lowest-numbered) living demon, the one its
    triumvirate is named after: every living demon stands on the rank track
    (5.1 step 8), an incapacitated one only sits out its actions (9.0).
    None without a living demon."""
    return min((board.rank(s, i) for i, d in enumerate(s.demons) if d.owner == seat and d.status != "dead"),
               default=None)


def richest_first(s: State, seats: list[int]) -> list[int]:
    """8.1 (ruling): most souls at the reveal first; between equally rich
    players the one whose best demon stands higher on the rank track; players
    without a living demon after those with one, in seat order. No die."""
    def key(seat: int) -> tuple[int, int, int, int]:
        rank = best_rank(s, seat)
        return -s.players[seat].souls, rank is None, rank or 0, seat
    return sorted(seats, key=key)


def competing(s: State, order: list[int]) -> list[int]:
    """The seats (in ``order``) whose orders compete for a limited thing at
    the reveal: purchases (each takes the top cards of the arcana deck),
    recruitments (a die picks the box, so any two may want the same top
    lieutenant) and tamings when more legions try than hounds are left.
    Nothing else at the reveal is limited."""
    def count(seat: int, kind: str) -> int:
        return sum(1 for st in s.orders[seat]["summon"] if st[0] == kind)
    found: set[int] = set()
    buyers = [x for x in order if count(x, "buy")]
    if len(buyers) > 1:
        found.update(buyers)
    recruiters = [x for x in order if count(x, "recruit")]
    if len(recruiters) > 1:
        found.update(recruiters)
    tamers_ = [x for x in order if count(x, "tame")]
    if len(tamers_) > 1 and sum(count(x, "tame") for x in tamers_) > len(s.hounds):
        found.update(tamers_)
    return [x for x in order if x in found]


@step("summon_reveal")
def _reveal(s: State, ev: Events) -> None:
    seats = [x for x in live(s) if x in s.orders]
    # Orders that compete for nothing could run in any order; one order for
    # all keeps the reveal's lines in a fixed sequence and rolls no die.
    order = richest_first(s, seats)
    rivals = competing(s, order)
    if rivals:
        tell(s, ev, "ev_summon_order", chronicle=False, seats=rivals)
    for seat in order:
        resolve(s, ev, seat, s.orders[seat]["summon"])
        s.said.pop(seat, None)  # revealed: no longer pending
    for p in s.players:
        p.shown_souls = p.shown_hand = None
    s.orders = {}
    s.drafts = {}
    # 8.3.3: the hand limit, once every order has been carried out.
    hellphase.hand_limit(s, "action")


def resolve(s: State, ev: Events, seat: int, steps: list[list]) -> None:
    """Carry out one submitted order (souls were paid while it was built).
    The bought cards come first (:func:`buy`)."""
    p = s.players[seat]
    bought = buy(s, ev, seat, steps)
    placed: list[int] = []
    for kind, at, _, cost in steps:
        if kind == "legion":
            if board.place(s, "legion", seat, at) is None:
                p.souls += cost
            else:
                placed.append(at)
    bonus = sum(1 for st in steps if st[0] in ("bonus", "bonus_new"))
    if placed or bought or bonus or any(st[0] in ("recruit", "tame") for st in steps):
        if placed:
            tell(s, ev, "ev_summoned", seat=seat, n=len(placed), sectios=sorted(set(placed)), bought=bought, bonus=bonus)
        else:
            tell(s, ev, "ev_summoned_no_legions", seat=seat, bought=bought, bonus=bonus)
    else:
        tell(s, ev, "ev_summon_nothing", chronicle=False, seat=seat)
    recruited = {}
    for i, (kind, card, at, _) in enumerate(steps):
        if kind == "recruit":
            recruited[i] = recruit(s, ev, seat, card, at)
    for kind, uid, _, _ in steps:
        if kind == "tame":
            tame(s, ev, seat, uid)
    paid: dict[int, int] = {}
    for kind, what, _, cost in steps:
        if kind == "bonus_new":
            what = recruited.get(what)
            if what is None:
                p.souls += cost
                tell(s, ev, "ev_bonus_refunded", chronicle=False, seat=seat, n=cost)
                continue
        if kind in ("bonus", "bonus_new"):
            paid[what] = paid.get(what, 0) + cost
    for uid, n in paid.items():
        lt = board.unit(s, uid)
        if lt is None or lt.owner != seat:
            p.souls += n
            continue
        lt.bonus += n
        tell(s, ev, "ev_bonus", seat=seat, lt=lt.card, n=n)


def buy(s: State, ev: Events, seat: int, steps: list[list]) -> int:
    """8.3.3: one card from the top of the arcana deck per purchase of the
    order, told to the buyer privately. A Play Right Away card is announced
    and takes effect (:func:`hellphase.draw`); it counts as the card bought.
    A purchase the deck cannot serve is refunded. Returns the cards drawn."""
    p, drawn = s.players[seat], 0
    for kind, _, _, cost in steps:
        if kind != "buy":
            continue
        if not s.arcana:
            p.souls += cost
            tell(s, ev, "ev_buy_refunded", chronicle=False, seat=seat, n=cost)
            continue
        card = s.arcana[0]
        if data.ARCANA[card].minor == "play_right_away":
            tell_seat(ev, seat, "ev_card_bought_pra", card=card)
            draw(s, ev, seat, 1)
        else:
            draw(s, ev, seat, 1)
            tell_seat(ev, seat, "ev_card_bought", card=card)
        drawn += 1
    return drawn


def recruit(s: State, ev: Events, seat: int, card: int, at: int) -> int | None:
    """8.3.1: the played card goes under the deck; a die picks the box, its top
    lieutenant joins in ``at`` and leads unled own legions there up to his
    leadership. Returns his unit id (None: the box was empty)."""
    s.arcana.append(card)
    roll = dice.d6(s, seat)
    box = data.RECRUIT_BOX[roll]
    if not s.boxes[box]:
        tell(s, ev, "ev_recruit_failed", seat=seat, card=card, roll=roll, box=box + 1)
        return None
    lt = s.boxes[box].pop(0)
    unit = board.place(s, "lieutenant", seat, at, card=lt)
    free = [u for u in board.units_at(s, at) if u.kind == "legion" and u.owner == seat and u.leader is None]
    led = free[:data.LIEUTENANTS[lt].leadership]
    for u in led:
        u.leader = unit.id
    tell(s, ev, "ev_recruited", seat=seat, card=card, roll=roll, box=box + 1, lt=lt, sectio=at, n=len(led))
    return unit.id


def tame(s: State, ev: Events, seat: int, uid: int) -> None:
    """8.3.2: 1-4 the top hound of the stack on the legion, 5 nothing, 6 the
    legion dies; no hound left: no try."""
    legion = board.unit(s, uid)
    if legion is None or legion.owner != seat or legion.at != ANTEHELL or board.hound_of(s, legion):
        return
    if not s.hounds:
        tell(s, ev, "ev_tame_no_hounds", seat=seat)
        return
    legion.tamed = True
    roll = dice.d6(s, seat)
    if roll <= 4:
        hound = board.place(s, "hound", seat, ANTEHELL, card=s.hounds.pop(0))
        hound.keeper = legion.id
        tell(s, ev, "ev_tamed", seat=seat, roll=roll, n=hound.card)
    elif roll == 5:
        tell(s, ev, "ev_tame_missed", seat=seat, roll=roll)
    else:
        loose_hounds(s, ev, board.remove(s, legion))
        tell(s, ev, "ev_tame_killed", seat=seat, roll=roll)
