"""The Soul phase's gifts (7.3.2, G22): secret and simultaneous.

``soul_gifts``: a secret simultaneous ``soul`` question builds each player's
transfers in a draft: souls, legions (in place), lieutenants (with the legions
they lead) and arcana cards; nobody sees the others' gifts (only the souls
and hand size each had when the phase began) until ``soul_reveal`` carries
them all out together. Then upkeep (:mod:`engines.hellgame.phases.soul.desertion`): the
receivers pay for what they got.

With the match option ``economy_window`` (on by default) the order is each
seat's whole economy (the note on 7.0 and 8.0: "Soul and Summoning
activities may be done simultaneously by all players after the Hell
phase"): a seat over the hand limit after the Hell phase's draw and the Wise
Men's cards discards first (6.3 lets it see the new cards first; nothing
between the draw and the gifts uses the hand, so the discard waits for the
order), then gives, then, on "submit", builds its Summoning order in the
same window (:func:`engines.hellgame.phases.summoning.open_order`); the seat
is done when that is submitted. Gifts received arrive at the reveal, after
the order was built, so they pay for nothing in it (ruling); the order pays
at the Summoning reveal, after upkeep and deserters.

Souls go in any amount the giver holds (one choice per number, grouped by
25 so that the picker keeps them in menus). Submitting right after
choosing a receiver, with nothing given to that player, is allowed (it is
the passive choice), but its button says so: the order is confirmed as it
stands, never taken for a gift.
"""

from __future__ import annotations

from typing import Callable

from engines.hellgame.core import board
from engines.hellgame.core.flow import Events, ask, close, question, step, tell, tell_seat
from engines.hellgame.core.model import Action, Ask, Draft, HAND_LIMIT, State, Unit
from engines.hellgame.phases.hell.hellphase import economy_window, hand_limit, live, loose_hounds

#: Soul amounts per menu group of a gift ("1-25", "26-50", ...).
AMOUNTS_PER_GROUP = 25
#: The Summoning phase's part of the economy window, set by
#: :mod:`engines.hellgame.phases.summoning` (a later phase, which this one does
#: not import): "start" (what a Summoning phase starts with), "open" (a seat's
#: Summoning order, asked next in the window), "take_back" (an order waiting
#: for its reveal, out of the souls and hand until then).
SUMMONING: dict[str, Callable] = {}
GIFT_GROUPS = {"legion": "grp_gift_legion", "lt": "grp_gift_lt", "card": "grp_gift_card", "discard": "grp_discard"}


@step("soul_gifts")
def _gifts(s: State, ev: Events) -> None:
    seats = live(s)
    economy = economy_window(s)
    if len(seats) < 2 and not economy:
        s.step = "soul_upkeep"
        return
    s.step = "soul_reveal"
    if economy:
        SUMMONING["start"](s)
    for seat in seats:
        p = s.players[seat]
        p.shown_souls, p.shown_hand = p.souls, len(p.hand)
        s.drafts[seat] = Draft(q="soul")
        # in the economy window the ask goes on to the Summoning order: one window to the others
        ask(s, seat, "soul", kind="simultaneous", secret=True, **({"window": "soul"} if economy else {}))


def _given(d: Draft, kind: str) -> set[int]:
    return {st[2] for st in d.steps if st[0] == kind}


def legion_choices(s: State, seat: int, excluded: set[int], led_by: set[int]) -> list[Unit]:
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


def waiting(order: dict) -> dict:
    """What stays of an economy-window order after the gifts' reveal: the
    Summoning part and the order in words (the seat's "pending order" until
    its reveal, while it may be asked to discard, desert or take deserters)."""
    return {k: order[k] for k in ("summon", "lines") if k in order}


def over_limit(s: State, seat: int) -> int:
    """Cards to discard before giving (only in the economy window: else the
    hand limit was asked on its own)."""
    return max(0, len(s.players[seat].hand) - HAND_LIMIT)


def _gift_legal(s: State, a: Ask) -> list[Action]:
    d, p = s.drafts[a.seat], s.players[a.seat]
    if over_limit(s, a.seat):
        return [Action(do="discard", a=c) for c in dict.fromkeys(p.hand)]
    to = d.data.get("to")
    out: list[Action] = []
    if to is None:
        out += [Action(do="to", a=r) for r in live(s) if r != a.seat]
    else:
        out += [Action(do="souls", a=to, b=n) for n in range(1, p.souls + 1)]
        lts = _given(d, "lt")
        out += [Action(do="legion", a=to, b=u.id) for u in legion_choices(s, a.seat, _given(d, "legion"), lts)]
        out += [Action(do="lt", a=to, b=u.id) for u in board.lieutenants(s, a.seat) if u.id not in lts]
        out += [Action(do="card", a=to, b=c) for c in p.hand]
        out.append(Action(do="receiver"))
    if d.steps:
        out.append(Action(do="back"))
    out.append(Action(do="submit"))
    return out


def _gift_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    d, p = s.drafts[a.seat], s.players[a.seat]
    if x.do == "discard":  # final: the card goes under the deck now, as in the hand limit's own question
        p.hand.remove(x.a)
        s.arcana.append(x.a)
        d.data["discarded"] = d.data.get("discarded", 0) + 1
    elif x.do == "to":
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
        s.orders[a.seat] = {"gifts": [list(st) for st in d.steps], "discarded": d.data.get("discarded", 0)}
        del s.drafts[a.seat]
        if economy_window(s):
            SUMMONING["open"](s, a)
        else:
            close(s, a)
    else:
        if x.do == "souls":
            p.souls -= x.b
        elif x.do == "card":
            p.hand.remove(x.b)
        d.steps.append([x.do, x.a, x.b])


def _gift_label(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "discard":
        return "lb_discard", {"card": x.a}
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
    if x.do == "submit":
        d = s.drafts.get(a.seat)
        to = d.data.get("to") if d is not None else None
        if to is not None and not any(st[1] == to for st in d.steps):
            return "lb_gift_submit_nothing", {"seat": to}  # a receiver chosen, nothing given: say so
        return ("lb_eco_submit", {}) if d is not None and d.steps else ("lb_gift_submit_none", {})
    return {"receiver": "lb_gift_done", "back": "lb_eco_back"}[x.do], {}


def _gift_group(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "souls":
        lo = (x.b - 1) // AMOUNTS_PER_GROUP * AMOUNTS_PER_GROUP + 1
        return "grp_gift_souls_range", {"lo": lo, "hi": min(lo + AMOUNTS_PER_GROUP - 1, s.players[a.seat].souls)}
    return GIFT_GROUPS.get(x.do, "grp_gift_other"), {}


def _gift_prompt(s: State, a: Ask) -> tuple[str, dict]:
    if over_limit(s, a.seat):
        return "pr_discard", {"n": over_limit(s, a.seat), "limit": HAND_LIMIT}
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
    # over the hand limit the newest card goes, as in the hand limit's own question
    passive=lambda s, a: Action(do="discard", a=s.players[a.seat].hand[-1]) if over_limit(s, a.seat)
    else Action(do="submit"),
    group=_gift_group,
)


@step("soul_reveal")
def _reveal_gifts(s: State, ev: Events) -> None:
    for seat in sorted(s.orders):
        if s.orders[seat].get("discarded"):
            tell(s, ev, "ev_discarded", chronicle=False, seat=seat, n=s.orders[seat]["discarded"])
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
    # The Summoning orders of the economy window wait for their reveal, unpaid until then.
    s.orders = {seat: waiting(o) for seat, o in s.orders.items() if "summon" in o}
    for seat, o in s.orders.items():
        SUMMONING["take_back"](s, seat, o["summon"])
    s.drafts = {}
    hand_limit(s, "soul_upkeep")
