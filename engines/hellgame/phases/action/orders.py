"""Standing orders for the Action phase: the rank track runs without questions.

The rank track (9.1) asks demon after demon, and a move asks the players
whose units it enters (9.5); over Discord every answer costs hours. So when
the phase starts, every player with a demon on the track is asked one
secret, simultaneous question ``act_orders``, built step by step in a
private draft (``back`` undoes a step, ``submit`` ends it):

1. for each of the seat's demons on the track, in rank order: ``go``
   a=unit b=sectio (move that unit to that destination, by the canonical
   path of :func:`engines.hellgame.phases.action.paths.destinations`; a
   lieutenant carries all the legions he can), ``rest`` (do nothing: the
   wait of 9.3), or
   ``ask`` (ask me when its turn comes, as without orders);
2. entries: when another player's units enter a sectio where the seat's
   units stand: ``block`` (stay: no further), ``let_pass`` (grant passage
   where it is offered, else stay), or ``ask``.

``submit`` is legal at every step and leaves every part not chosen at "ask
me"; it is the passive choice, so a player who lets the deadline pass is
asked as before. Orders that say "ask me" for everything are not kept. The
question is one more simultaneous wait at the start of each Action phase; a
table that does not want it turns it off with the match option
``action_orders`` (then every demon is asked in its turn).

The orders are kept in ``State.plans`` (no other view shows them; the seat's
own view lists them as its pending orders) until the phase ends, and act
through :data:`engines.hellgame.core.hooks.STANDING`: when the demon's turn
comes, :meth:`HellGame.automatic` answers its "act" question (``wait``, or
the verb ``order`` this module adds: carry out the ordered move) and the
seat's entry questions from them, and the bot applies those answers in the
same move. Every such answer is checked against the question's legal choices
at that time.

Rule decisions (the rules know no standing orders; the orders only answer
the questions the rules ask, with the same choices):

- The destinations offered are those of the position when the phase starts.
  The verb ``order`` is offered in the demon's turn only while the order can
  be carried out: the unit is offered by the unit question (it stands, this
  demon may move it) and the destination is among its destinations then.
  Otherwise the player is asked the turn question, as without orders, and
  chooses anything (the order is not used).
- Carried out, the move is the one the step questions would give (9.5): the
  unit, a lieutenant carrying all the legions he can, the canonical path; a
  demon walking the Earth falls home first (9.6), as for any move. The other
  players are asked at each entry as always; a holder who stays, a forced
  stop or flight ends it there. Then the demon's move ends: an order moves
  one unit (the demon's other skulls stay unused).
- "Do nothing" is the wait of 9.3. Spells, diplomacy, Walk the Earth and
  pass cards are never standing orders: a demon meant for them is "ask me".
- Flight from an entry (9.5.1) is never a standing answer.
"""

from __future__ import annotations

from typing import Any

from engines.hellgame.core import board, data, hooks
from engines.hellgame.core.flow import Events, ask, ask_of, close, draft_step, legal, question, tell, tell_seat
from engines.hellgame.core.model import Action, ActOrders, Ask, State
from engines.hellgame.phases.action import actions, movement
from engines.hellgame.phases.action.actions import card_of, fall_home, verb
from engines.hellgame.phases.action.movement import unit_label
from engines.hellgame.phases.action.paths import reach, unit_choices

Q = "act_orders"
ENTRY = ("block", "let_pass")
#: The labels of the choices that carry no parameters.
LABELS = {"rest": "lb_plan_rest", "back": "lb_plan_back", "block": "lb_plan_block", "let_pass": "lb_plan_let_pass"}


# -- when the question is asked -------------------------------------------------------


def ask_orders(s: State) -> bool:
    """At the start of the Action phase: ask every seat with a demon on the
    track for its standing orders (unless the match's option
    ``action_orders`` is off). True if anyone was asked."""
    s.plans = {}
    if not s.options.get("action_orders", True):
        return False
    seats: dict[int, list[int]] = {}
    for i in s.track:
        d = s.demons[i]
        if not d.acted and d.status == "active" and not s.players[d.owner].out and d.owner < s.seats:
            seats.setdefault(d.owner, []).append(i)
    for seat in sorted(seats):
        ask(s, seat, Q, kind="simultaneous", secret=True, demons=seats[seat])
    return bool(seats)


# -- the question -----------------------------------------------------------------------


def _steps(s: State, seat: int) -> list[list]:
    d = s.drafts.get(seat)
    return list(d.steps) if d is not None and d.q == Q else []


def _part(a: Ask, steps: list[list]) -> str | int | None:
    """The demon (state index) the next step is for, "entry", or None when done."""
    demons = a.data["demons"]
    if len(steps) < len(demons):
        return demons[len(steps)]
    return "entry" if len(steps) == len(demons) else None


def _goes(s: State, seat: int) -> list[Action]:
    out = []
    for x in unit_choices(s, seat):
        u = board.unit(s, x.a)
        out += [Action(do="go", a=u.id, b=to) for to in reach(s, seat, u)]
    return out


def _legal(s: State, a: Ask) -> list[Action]:
    steps = _steps(s, a.seat)
    part = _part(a, steps)
    out: list[Action] = []
    if part == "entry":
        out = [Action(do=x) for x in ENTRY] + [Action(do="ask")]
    elif part is not None:
        out = _goes(s, a.seat) + [Action(do="rest"), Action(do="ask")]
    return out + ([Action(do="back")] if steps else []) + [Action(do="submit")]


def orders_of(a: Ask, steps: list[list]) -> ActOrders:
    """The orders a draft's steps give (parts not chosen: ask me)."""
    o = ActOrders()
    for demon, st in zip(a.data["demons"], steps):
        if st[0] == "go":
            o.demons[demon] = [int(st[1]), int(st[2])]
        elif st[0] == "rest":
            o.demons[demon] = []
    if len(steps) > len(a.data["demons"]) and steps[-1][0] in ENTRY:
        o.entry = str(steps[-1][0])
    return o


def lines(s: State, o: ActOrders) -> list[list[Any]]:
    """The orders in words, for the seat's own view."""
    out: list[list[Any]] = []
    for demon, order in o.demons.items():
        card = s.demons[demon].card
        if order:
            unit = board.unit(s, order[0])
            out.append(["lb_plan_line_go", {"demon": card, "from": unit.at, "to": order[1]}])
        else:
            out.append(["lb_plan_line_wait", {"demon": card}])
    if o.entry != "ask":
        out.append([LABELS[o.entry], {}])
    return out


def _submit(s: State, a: Ask, ev: Events) -> None:
    o = orders_of(a, _steps(s, a.seat))
    s.drafts.pop(a.seat, None)
    if o.demons or o.entry != "ask":
        o.lines = lines(s, o)
        s.plans[a.seat] = o
        tell_seat(ev, a.seat, "ev_plan_set")
    else:
        tell_seat(ev, a.seat, "ev_plan_none")
    close(s, a)


def _answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    if x.do == "submit":
        _submit(s, a, ev)
        return
    draft_step(s, a.seat, Q, x, [x.do, x.a, x.b])


def _prompt(s: State, a: Ask) -> tuple[str, dict[str, Any]]:
    part = _part(a, _steps(s, a.seat))
    if part == "entry":
        return "pr_plan_entry", {}
    if part is None:
        return "pr_plan_done", {}
    key = "pr_plan_demon_earth" if s.demons[part].on_earth else "pr_plan_demon"
    return key, {"demon": s.demons[part].card, "skulls": data.DEMONS[s.demons[part].card].skulls,
                 "souls": s.players[a.seat].souls}


def _label(s: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    if x.do == "go":
        route = reach(s, a.seat, board.unit(s, x.a))[x.b]
        if len(route) == 1:
            return "lb_move_dest_1", {"to": x.b}
        return "lb_move_dest", {"to": x.b, "n": len(route), "via": route[:-1]}
    if x.do == "submit":
        return ("lb_plan_submit", {}) if _steps(s, a.seat) else ("lb_plan_ask_all", {})
    if x.do == "ask":
        return ("lb_plan_ask_entry", {}) if _part(a, _steps(s, a.seat)) == "entry" else ("lb_plan_ask", {})
    return LABELS[x.do], {}


def _group(s: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    if x.do == "go":
        return unit_label(s, x.a)
    return "grp_plan_other", {}


question(
    Q,
    legal=_legal,
    answer=_answer,
    prompt=_prompt,
    label=_label,
    group=_group,
    # A missed deadline: "ask me" for every part not chosen yet (no orders at all if none was).
    passive=lambda s, a: Action(do="submit"),
)


# -- the orders answer the questions of the phase ---------------------------------------


def _ordered_move(s: State, demon: int) -> tuple[int, int] | None:
    """The move a demon's standing order names, if it can be carried out now:
    the unit is offered by the unit question and the destination among its
    destinations (with all the legions a lieutenant can carry)."""
    seat = s.demons[demon].owner
    o = s.plans.get(seat)
    order = o.demons.get(demon) if o is not None else None
    if not order or s.move is not None:
        return None
    unit, to = order
    if Action(do="unit", a=unit) not in unit_choices(s, seat) or to not in reach(s, seat, board.unit(s, unit)):
        return None
    return unit, to


def _order_apply(s: State, a: Ask, x: Action, ev: Events) -> None:
    demon = a.data["demon"]
    unit, to = _ordered_move(s, demon)
    fall_home(s, ev, demon)
    tell(s, ev, "ev_act_move", demon=card_of(s, demon), seat=a.seat)
    s.drafts.pop(a.seat, None)
    close(s, a)
    movement.go(s, demon, unit, to, ev)  # sets acted when the move is over


verb("order", offer=lambda s, i: [Action(do="order")] if _ordered_move(s, i) else [], apply=_order_apply,
     label=lambda s, a, x: ("lb_act_order", {"to": _ordered_move(s, a.data["demon"])[1]}))


def _by_orders(s: State, seat: int) -> Action | None:
    """The answer the seat's standing orders give to its open question: the
    demon's turn (carry out the move, or wait) and another player's entry."""
    a = ask_of(s, seat)
    o = s.plans.get(seat)
    if a is None or o is None:
        return None
    if a.q == "entry":
        if o.entry == "ask":
            return None
        if o.entry == "let_pass" and Action(do="let_pass") in legal(s, seat):
            return Action(do="let_pass")
        return Action(do="stay")
    if a.q == "act":
        draft = s.drafts.get(seat)
        order = o.demons.get(a.data["demon"])
        if order is None or (draft is not None and draft.q == "act"):
            return None
        return Action(do="order") if order else Action(do="wait")  # not offered when it cannot be: asked
    return None


hooks.STANDING.append(_by_orders)
actions.PHASE_START.append(ask_orders)
