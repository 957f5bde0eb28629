"""The Petitions phase (chapter 12) and the elimination rescue (12.3.1).

The triumvirates petition in the rank order of their highest-ranked active
demon (G47; those without an active demon follow in seat order). The one on
turn petitions for one sectio at a time, as often as it likes, by right of
victory (12.2: it won a battle there this round and passes a disfavour roll)
or by favour (12.1: one spendable favour, 14.1), and then says "done".

A sectio can be petitioned when the petitioner has a legion in it, does not
own it, and no enemy unit stands there: wild hounds and freebooters bar it;
another triumvirate's units (allies after a battle, 12.3.3, or a sectio
where combat was avoided) need that triumvirate's consent, asked as a
reaction before the petition is resolved. Of the allies who won a battle
together only one may claim the right of victory (12.3.3): a claim (its
disfavour roll made, or none needed) uses it up for all of them. A failed
right-of-victory roll still allows a petition by favour for that sectio; a
refused consent ends the petitions for that sectio in this phase.

Whenever a triumvirate owns no sectio (:func:`rescue`: at the start and the
end of the phase, after each petition, and whenever another module calls
it), the First Fallen gives it the sectio with the most legions and
lieutenants, with all units in it, plus twice its printed souls; never a
sectio that is its owner's last. Without any candidate it is eliminated:
its demons die and, as every dead demon, go under the Daemon deck (3.1).
Freebooters take their sectios after the players' petitions
(:data:`AFTER_PETITIONS`, part 3).
"""

from __future__ import annotations

from typing import Callable

from engines.hellgame.core import board, data, dice, victory
from engines.hellgame.core.flow import Events, ask, close, question, step, tell
from engines.hellgame.core.model import Action, Ask, State
from engines.hellgame.phases.hell import hellcards

#: Called with ``(state, events)`` after the players' petitions, before the
#: last elimination check (freebooters take their sectios here, part 3).
AFTER_PETITIONS: list[Callable[[State, Events], None]] = []


def petition_cost(state: State, seat: int) -> int:
    """Favour a petition by favour costs (12.1). Part 2: Bureaucracy makes it 2."""

    return hellcards.setting(state, "petition_cost", 1)


def live(state: State) -> list[int]:
    return [seat for seat in range(state.seats) if not state.players[seat].out]


def pick(state: State, n: int) -> int:
    """A uniform random index below ``n`` by dice rolled for no player (the
    First Fallen's random picks): one die splits 1-6 into ``n`` equal ranges,
    results beyond them are rolled again; more than 6 use several dice."""
    if n <= 1:
        return 0
    k, span = 1, 6
    while span < n:
        k, span = k + 1, span * 6
    size = span // n
    while True:
        value = 0
        for d in dice.roll(state, None, k):
            value = value * 6 + d - 1
        if value < size * n:
            return value // size


# -- order and eligibility -------------------------------------------------------------


def order(state: State) -> list[int]:
    """G47: by the best (lowest) rank of each triumvirate's active demons."""
    ranked, rest = [], []
    for seat in live(state):
        ranks = [board.rank(state, i) for i in board.active_demons(state, seat)]
        if ranks:
            ranked.append((min(ranks), seat))
        else:
            rest.append(seat)
    return [seat for _, seat in sorted(ranked)] + rest


def consenters(state: State, seat: int, sectio: int) -> list[int]:
    """Other triumvirates with units in the sectio (12.3.3), seat order."""
    return [o for o in board.holders_at(state, sectio, seat) if 0 <= o < state.seats]


def eligible(state: State, seat: int, sectio: int) -> bool:
    if state.owner[sectio] == seat:
        return False
    here = board.units_at(state, sectio)
    if not any(u.kind == "legion" and u.owner == seat for u in here):
        return False
    # Wild hounds and freebooters are enemies nobody can consent for.
    return all(u.owner is not None and 0 <= u.owner < state.seats for u in here)


def options(state: State, seat: int, tried: list[int], refused: list[int]) -> list[Action]:
    out: list[Action] = []
    favour = board.spendable_favour(state, seat) >= petition_cost(state, seat)
    for sectio in range(len(data.SECTIOS)):
        if sectio in refused or not eligible(state, seat, sectio):
            continue
        if seat in state.won.get(str(sectio), []) and sectio not in tried:
            out.append(Action(do="victory", a=sectio))
        if favour:
            out.append(Action(do="favour", a=sectio))
    return out


# -- the steps -------------------------------------------------------------------------


@step("petition")
def _start(s: State, ev: Events) -> None:
    rescue(s, ev)
    if s.over:
        return
    s.petitioners = order(s)
    tell(s, ev, "ev_petition_order", chronicle=False, seats=list(s.petitioners))
    s.step = "petition_next"


@step("petition_next")
def _next(s: State, ev: Events) -> None:
    while s.petitioners:
        seat = s.petitioners[0]
        if not s.players[seat].out and options(s, seat, [], []):
            ask(s, seat, "petition", kind="turn", tried=[], refused=[])
            return
        s.petitioners.pop(0)
    for hook in AFTER_PETITIONS:
        hook(s, ev)
    rescue(s, ev)
    if not s.over:
        s.step = "end"


def _again(s: State, seat: int, tried: list[int], refused: list[int]) -> None:
    """The petitioner goes on while something is left to petition."""
    if s.over:
        return
    if not s.players[seat].out and options(s, seat, tried, refused):
        ask(s, seat, "petition", kind="turn", tried=tried, refused=refused)
    elif s.petitioners and s.petitioners[0] == seat:
        s.petitioners.pop(0)
    s.step = "petition_next"


# -- the petition question ---------------------------------------------------------------


def _legal(s: State, a: Ask) -> list[Action]:
    return options(s, a.seat, a.data.get("tried", []), a.data.get("refused", [])) + [Action(do="done")]


def _answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    close(s, a)
    tried, refused = list(a.data.get("tried", [])), list(a.data.get("refused", []))
    if x.do == "done":
        if s.petitioners and s.petitioners[0] == a.seat:
            s.petitioners.pop(0)
        s.step = "petition_next"
        return
    wait = consenters(s, a.seat, x.a)
    if wait:
        ask(s, wait[0], "consent", kind="reaction", by=a.seat, sectio=x.a,
            victory=int(x.do == "victory"), wait=wait[1:], tried=tried, refused=refused)
        return
    _resolve(s, a.seat, x.a, x.do == "victory", tried, ev)
    _again(s, a.seat, tried, refused)


def _resolve(s: State, seat: int, sectio: int, by_victory: bool, tried: list[int], ev: Events) -> None:
    if by_victory:
        # 12.3.3: allies all won the battle, but only one may claim the right
        # of victory; the claim uses it up for everyone, whatever the roll.
        s.won.pop(str(sectio), None)
        ok, roll = dice.disfavour_roll(s, seat)
        if roll is not None:
            tell(s, ev, "ev_petition_roll", seat=seat, sectio=sectio, roll=roll,
                 disfavour=s.players[seat].disfavour)
        if not ok:
            tried.append(sectio)
            tell(s, ev, "ev_petition_failed", seat=seat, sectio=sectio)
            return
        _take(s, seat, sectio, ev)
        tell(s, ev, "ev_petition_victory", seat=seat, sectio=sectio)
    else:
        cost = petition_cost(s, seat)
        s.players[seat].favour -= cost
        _take(s, seat, sectio, ev)
        tell(s, ev, "ev_petition_favour", seat=seat, sectio=sectio, favour=cost)
    rescue(s, ev)


def _take(s: State, seat: int, sectio: int, ev: Events) -> None:
    before = s.owner[sectio]
    s.owner[sectio] = seat
    if before is not None and 0 <= before < s.seats:
        tell(s, ev, "ev_petition_lost", seats=[before], sectio=sectio)


def _prompt(s: State, a: Ask) -> tuple[str, dict]:
    return "pr_petition", {"favour": board.spendable_favour(s, a.seat), "cost": petition_cost(s, a.seat)}


def _label(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "victory":
        return "lb_petition_victory", {"sectio": x.a}
    if x.do == "favour":
        return "lb_petition_favour", {"sectio": x.a, "favour": petition_cost(s, a.seat)}
    return "lb_petition_done", {}


def _group(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "victory":
        return "grp_petition_victory", {}
    if x.do == "favour":
        return "grp_petition_favour", {}
    return "grp_petition_done", {}


question(
    "petition",
    legal=_legal,
    answer=_answer,
    prompt=_prompt,
    label=_label,
    passive=lambda s, a: Action(do="done"),
    group=_group,
)


# -- consent (12.3.3) ------------------------------------------------------------------------


def _consent_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    close(s, a)
    d = a.data
    by, sectio = d["by"], d["sectio"]
    tried, refused = list(d.get("tried", [])), list(d.get("refused", []))
    if x.do == "no":
        refused.append(sectio)
        tell(s, ev, "ev_consent_refused", seat=a.seat, seats=[by], sectio=sectio)
        _again(s, by, tried, refused)
        return
    tell(s, ev, "ev_consent_given", seat=a.seat, seats=[by], sectio=sectio)
    if d.get("wait"):
        ask(s, d["wait"][0], "consent", kind="reaction", by=by, sectio=sectio,
            victory=d["victory"], wait=d["wait"][1:], tried=tried, refused=refused)
        return
    _resolve(s, by, sectio, bool(d["victory"]), tried, ev)
    _again(s, by, tried, refused)


question(
    "consent",
    legal=lambda s, a: [Action(do="yes"), Action(do="no")],
    answer=_consent_answer,
    prompt=lambda s, a: ("pr_consent_victory" if a.data["victory"] else "pr_consent_favour",
                         {"seats": [a.data["by"]], "sectio": a.data["sectio"]}),
    label=lambda s, a, x: ("lb_consent_yes", {}) if x.do == "yes" else ("lb_consent_no", {}),
    passive=lambda s, a: Action(do="no"),
)


# -- elimination rescue (12.3.1) ---------------------------------------------------------------


def _strength(s: State, sectio: int) -> int:
    """Units that count for the rescue: legions and lieutenants, not hounds."""
    return sum(1 for u in board.units_at(s, sectio) if u.kind in ("legion", "lieutenant"))


def rescue_candidates(s: State, seat: int) -> list[int]:
    """The sectios with the most legions and lieutenants (at least one) that
    are not their owner's last sectio."""
    best, out = 0, []
    for sectio in range(len(data.SECTIOS)):
        owner = s.owner[sectio]
        if owner == seat:
            continue
        if owner is not None and 0 <= owner < s.seats and len(board.owned(s, owner)) <= 1:
            continue
        n = _strength(s, sectio)
        if n > best:
            best, out = n, [sectio]
        elif n == best and n > 0:
            out.append(sectio)
    return out


def rescue(s: State, ev: Events) -> None:
    """12.3.1 for every live triumvirate without a sectio, in seat order."""
    for seat in live(s):
        if s.over or board.owned(s, seat) or s.players[seat].out:
            continue
        candidates = rescue_candidates(s, seat)
        if not candidates:
            eliminate(s, seat, ev)
            continue
        sectio = candidates[pick(s, len(candidates))]
        before = s.owner[sectio]
        s.owner[sectio] = seat
        if before is not None and 0 <= before < s.seats:
            tell(s, ev, "ev_petition_lost", seats=[before], sectio=sectio)
        here = [u for u in board.units_at(s, sectio) if u.kind in ("legion", "lieutenant")]
        # Lieutenants first: they take the legions they lead with them.
        for u in sorted(here, key=lambda u: u.kind != "lieutenant"):
            if u.owner != seat and board.unit(s, u.id) is not None:
                board.switch(s, u, seat)
        # A tamed hound follows its keeper (also a keeper led by a switched lieutenant).
        for u in board.units_at(s, sectio):
            keeper = board.unit(s, u.keeper) if u.kind == "hound" and u.keeper is not None else None
            if keeper is not None:
                u.owner = keeper.owner
        souls = 2 * data.SECTIOS[sectio].souls
        s.players[seat].souls += souls
        tell(s, ev, "ev_rescue", seat=seat, sectio=sectio, units=len(here), souls=souls)


def eliminate(s: State, seat: int, ev: Events) -> None:
    """The triumvirate leaves the game: its units leave the board, its demons
    die (off the rank track, their cards under the Daemon deck, 3.1), its
    cards go under the arcana deck."""
    p = s.players[seat]
    p.out = True
    mine = [u for u in s.units if u.owner == seat]
    for u in sorted(mine, key=lambda u: ("hound", "lieutenant", "legion").index(u.kind)):
        if board.unit(s, u.id) is not None:
            board.remove(s, u)
    for i, d in enumerate(s.demons):
        if d.owner == seat:
            board.demon_dies(s, i)  # under the Daemon deck (3.1); the dead ones are there already
    s.arcana += p.hand
    p.hand = []
    s.drafts.pop(seat, None)
    s.orders.pop(seat, None)
    s.asks = [a for a in s.asks if a.seat != seat]
    s.petitioners = [x for x in s.petitioners if x != seat]
    tell(s, ev, "ev_eliminated", seat=seat)
    left = live(s)
    if len(left) <= 1:
        victory.finish(s, left, "last_standing", ev)
