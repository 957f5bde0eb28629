"""Standing orders for the Action phase: the rank track runs without questions.

The rank track (9.1) asks demon after demon, and a move asks the players
whose units it enters (9.5); over Discord every answer costs hours. So when
the phase starts, every player with a demon on the track is asked one
secret, simultaneous question ``act_orders``, built step by step in a
private draft (``back`` undoes a step, ``submit`` ends it):

1. for each of the seat's demons on the track, in rank order: ``go``
   a=unit b=sectio (move that unit to that destination, by the canonical
   path of :func:`engines.hellgame.phases.action.paths.destinations`; a
   lieutenant carries all the legions he can), ``spell`` a=card b=target
   (cast that Action card of the hand at that target, 9.8; the kind is
   magic's, :mod:`engines.hellgame.magic.casting`, registered in
   :data:`KINDS`), ``rest`` (do nothing: the wait of 9.3), or
   ``ask`` (ask me when its turn comes, as without orders);
2. the rules below, all three in one step: ``rules`` a, b, c (the
   first or second choice of each of 3., 4., 5.), ``ask`` (ask me for all
   three), or ``one_by_one`` (then 3.-5. are asked one after another, each
   with "ask me" too);
3. entries: when another player's units enter a sectio where the seat's
   units stand: ``block`` (stay: no further), ``let_pass`` (grant passage
   where it is offered, else stay), or ``ask``;
4. the battles of this round's Combat phase (11.1): ``send_best`` (when
   asked to send demons, send the seat's demon with the most skulls that
   may join, with as many of its Combat cards as the demon's stars allow,
   then no more), ``send_none``, or ``ask``;
5. battles that may be avoided (11.3.1) in this round's Combat phase:
   ``avoid`` (agree to stay without fighting), ``no_avoid`` (refuse: fight),
   or ``ask``;
6. the orders of each battle of this round's Combat phase, last and on its
   own: ``fight_all`` (fight every battle to the end and cast the Combat
   cards the seat's demons take along whenever able, casting first: the
   orders :mod:`engines.hellgame.phases.combat.orders` would ask for,
   given in advance) or ``ask`` (asked at each battle, as without them).

``submit`` is legal at every step and leaves every part not chosen at "ask
me"; it is the passive choice, so a player who lets the deadline pass is
asked as before. The choice of the last part submits the orders at once (no
extra click to confirm; ``back`` undoes any earlier step). Orders that say
"ask me" for everything are not kept. The question is one more simultaneous
wait at the start of each Action phase; a
table that does not want it turns it off with the match option
``action_orders`` (then every demon is asked in its turn).

The orders are kept in ``State.plans`` (no other view shows them; the seat's
own view lists them as its pending orders): the demons' and the entry rule
until the Action phase ends, the battle parts until the Combat phase ends.
They act through :data:`engines.hellgame.core.hooks.STANDING`: when the
demon's turn comes, :meth:`HellGame.automatic` answers its "act" question
(``wait``, or the verb ``order`` this module adds: carry out the ordered
move) and the seat's entry questions from them; the Combat phase answers
its ``combat_demon`` and ``combat_avoid`` questions from them
(:mod:`engines.hellgame.phases.combat.lineup`). The bot applies those
answers in the same move. Every such answer is checked against the
question's legal choices at that time.

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
- A spell order is cast as the cast question would cast it with that
  target and no supporters, costs and counter window included; it is offered
  only for the seat's castable Action cards whose target is one choice of
  one part (no Secret Tunnel) and that need no more hearts than the demon
  has (support, 9.8.3.2, is asked in the turn). In the demon's turn it is
  carried out if the card is still in hand and castable and the target still
  offered; otherwise the player is asked.
- "Do nothing" is the wait of 9.3. Diplomacy, Walk the Earth and pass cards
  are never standing orders: a demon meant for them is "ask me".
- Flight from an entry (9.5.1) is never a standing answer.
- Sending demons (11.1): "the best" is the demon with the most skulls
  (ties: the lowest index in the state's list of demons) among those that
  may join this battle; it takes the seat's Combat cards not taken along
  by another of its demons here, in hand order, up to its stars (other
  cards cannot be cast in a battle). After it, and in a battle where the
  seat sent a demon already, the order passes. It answers every battle of
  the round alike; a demon that fought cannot join another (11.1).
- A battle's orders by ``fight_all`` are the battle question's "fight to
  the end", "cast whenever able" with any Combat spell (one card a combat
  round, the first castable card of those taken along, at the first target
  listed) and "I cast first". They are set for the seat when the battle
  would ask for its orders, and told to the seat alone, as if it had
  answered; the other seats in the battle are asked as always.
- Avoiding combat (11.3.1) is asked in the Combat phase, after the random
  moves (10) and other battles' flights: the order answers every such
  question of this round's Combat phase alike, whichever battle; a battle
  is avoided only if every side agrees, by order or by answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engines.hellgame.core import board, data, flow, hooks
from engines.hellgame.core.flow import Events, ask, ask_of, close, draft_step, legal, question, tell, tell_seat
from engines.hellgame.core.model import Action, ActOrders, Ask, State
from engines.hellgame.phases.action import actions, movement
from engines.hellgame.phases.action.actions import card_of, fall_home, verb
from engines.hellgame.phases.action.movement import unit_label
from engines.hellgame.phases.action.paths import reach, unit_choices

Q = "act_orders"
ENTRY = ("block", "let_pass")
AVOID = ("avoid", "no_avoid")
SEND = ("send_best", "send_none")
#: The parts after the demons', in the order asked, and their choices (besides "ask").
RULES = {"entry": ENTRY, "send": SEND, "avoid": AVOID}
#: The last part: this round's battles, "fight_all" or "ask" (``ActOrders.battle``).
BATTLE = "battle"
#: Per part of :data:`RULES`: its prompt and the label of its "ask me".
RULE_WORDS = {"entry": ("pr_plan_entry", "lb_plan_ask_entry"), "send": ("pr_plan_send", "lb_plan_ask_send"),
              "avoid": ("pr_plan_avoid", "lb_plan_ask_avoid")}
#: The labels of the choices that carry no parameters.
LABELS = {"rest": "lb_plan_rest", "back": "lb_plan_back", "block": "lb_plan_block", "let_pass": "lb_plan_let_pass",
          "avoid": "lb_plan_avoid", "no_avoid": "lb_plan_no_avoid", "send_best": "lb_plan_send_best",
          "send_none": "lb_plan_send_none", "fight_all": "lb_plan_battle_fight"}
Label = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Kind:
    """A kind of standing order for a demon besides "do nothing" and "ask
    me". An order is stored as ``[kind, a, b]`` (the choice's numbers); the
    choice of the question is ``Action(do=kind, a=..., b=...)``."""

    #: ``(state, seat, demon) -> choices`` when the orders are given.
    offer: Callable[[State, int, int], list[Action]]
    #: ``(state, demon, order)``: can it be carried out now, in the demon's turn?
    ready: Callable[[State, int, list], bool]
    #: ``(state, ask, order, events)``: carry it out (the demon's turn question ``ask``).
    carry_out: Callable[[State, Ask, list, Events], None]
    #: ``(state, seat, choice)``: its label and its menu group in the question.
    label: Callable[[State, int, Action], Label]
    group: Callable[[State, int, Action], Label]
    #: ``(state, demon, order)``: the order in words (the seat's view, the turn's answer).
    line: Callable[[State, int, list], Label]


#: The kinds of orders, offered in this order: moves here, spells by magic
#: (:mod:`engines.hellgame.magic.casting`).
KINDS: dict[str, Kind] = {}


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
    """The demon (state index) the next step is for, "rules" (all three
    rules at once), a part of :data:`RULES` (one by one), :data:`BATTLE`,
    or None when done."""
    demons = len(a.data["demons"])
    if len(steps) < demons:
        return a.data["demons"][len(steps)]
    if len(steps) == demons:
        return "rules"
    rules = 1 + (len(RULES) if steps[demons][0] == "one_by_one" else 0)  # the steps the rules take
    k = len(steps) - demons - 1
    if len(steps) < demons + rules:
        return list(RULES)[k]
    return BATTLE if len(steps) == demons + rules else None


def _combined() -> list[Action]:
    """The one-step choices of all three rules: each rule's first or second choice."""
    return [Action(do="rules", a=e, b=b, c=v) for e in (0, 1) for b in (0, 1) for v in (0, 1)]


def _legal(s: State, a: Ask) -> list[Action]:
    steps = _steps(s, a.seat)
    part = _part(a, steps)
    out: list[Action] = []
    if part == "rules":
        out = _combined() + [Action(do="ask"), Action(do="one_by_one")]
    elif part in RULES:
        out = [Action(do=x) for x in RULES[part]] + [Action(do="ask")]
    elif part == BATTLE:
        out = [Action(do="fight_all"), Action(do="ask")]
    elif part is not None:
        out = [x for kind in KINDS.values() for x in kind.offer(s, a.seat, part)]
        out += [Action(do="rest"), Action(do="ask")]
    return out + ([Action(do="back")] if steps else []) + [Action(do="submit")]


def orders_of(a: Ask, steps: list[list]) -> ActOrders:
    """The orders a draft's steps give (parts not chosen: ask me)."""
    o = ActOrders()
    for demon, st in zip(a.data["demons"], steps):
        if st[0] in KINDS:
            o.demons[demon] = list(st)
        elif st[0] == "rest":
            o.demons[demon] = ["rest"]
    rules = steps[len(a.data["demons"]):]
    if rules and rules[0][0] == "rules":
        for part, i in zip(RULES, rules[0][1:]):
            setattr(o, part, RULES[part][i])
    for part, st in zip(RULES, rules[1:] if rules and rules[0][0] == "one_by_one" else []):
        if st[0] in RULES[part]:
            setattr(o, part, str(st[0]))
    if any(st[0] == "fight_all" for st in rules):
        o.battle = "fight"
    return o


def line(s: State, demon: int, order: list) -> Label:
    """One demon's order in words."""
    if order[0] in KINDS:
        return KINDS[order[0]].line(s, demon, order)
    return "lb_plan_line_wait", {"demon": s.demons[demon].card}


def lines(s: State, o: ActOrders) -> list[list[Any]]:
    """The orders in words, for the seat's own view."""
    out: list[list[Any]] = [list(line(s, demon, order)) for demon, order in o.demons.items()]
    out += [[LABELS[rule], {}] for rule in (getattr(o, part) for part in RULES) if rule != "ask"]
    if o.battle == "fight":
        out.append([LABELS["fight_all"], {}])
    return out


def kept(o: ActOrders) -> bool:
    """Orders with anything but "ask me" in them (others are not kept)."""
    return bool(o.demons) or any(getattr(o, part) != "ask" for part in RULES) or o.battle != "ask"


def _submit(s: State, a: Ask, ev: Events) -> None:
    o = orders_of(a, _steps(s, a.seat))
    s.drafts.pop(a.seat, None)
    if kept(o):
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
    draft_step(s, a.seat, Q, x, [x.do, x.a, x.b, x.c] if x.do == "rules" else [x.do, x.a, x.b])
    if _part(a, _steps(s, a.seat)) is None:
        _submit(s, a, ev)  # the last part chosen: the orders are complete


def _prompt(s: State, a: Ask) -> tuple[str, dict[str, Any]]:
    part = _part(a, _steps(s, a.seat))
    if part == "rules":
        return "pr_plan_rules", {}
    if part in RULES:
        return RULE_WORDS[part][0], {}
    if part == BATTLE:
        return "pr_plan_battle", {}
    if part is None:
        return "pr_plan_done", {}
    key = "pr_plan_demon_earth" if s.demons[part].on_earth else "pr_plan_demon"
    return key, {"demon": s.demons[part].card, "skulls": data.DEMONS[s.demons[part].card].skulls,
                 "souls": s.players[a.seat].souls}


def _label(s: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    if x.do in KINDS:
        return KINDS[x.do].label(s, a.seat, x)
    if x.do == "submit":
        return ("lb_plan_submit", {}) if _steps(s, a.seat) else ("lb_plan_ask_all", {})
    if x.do == "ask":
        part = _part(a, _steps(s, a.seat))
        if part == BATTLE:
            return "lb_plan_ask_battle", {}
        return (RULE_WORDS[part][1], {}) if part in RULES else ("lb_plan_ask_rules", {}) if part == "rules" else (
            "lb_plan_ask", {})
    if x.do == "rules":
        return "lb_plan_rules", {"rule_entry": x.a, "rule_send": x.b, "rule_avoid": x.c}  # words: core.text
    if x.do == "one_by_one":
        return "lb_plan_one_by_one", {}
    return LABELS[x.do], {}


def _group(s: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    if x.do in KINDS:
        return KINDS[x.do].group(s, a.seat, x)
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


def order_of(s: State, demon: int) -> list | None:
    """The demon's standing order if it is of a kind that can be carried out now."""
    o = s.plans.get(s.demons[demon].owner)
    order = o.demons.get(demon) if o is not None else None
    if not order or order[0] not in KINDS or s.move is not None:
        return None
    return order if KINDS[order[0]].ready(s, demon, order) else None


def _order_apply(s: State, a: Ask, x: Action, ev: Events) -> None:
    order = order_of(s, a.data["demon"])
    KINDS[order[0]].carry_out(s, a, order, ev)


verb("order", offer=lambda s, i: [Action(do="order")] if order_of(s, i) else [], apply=_order_apply,
     label=lambda s, a, x: line(s, a.data["demon"], order_of(s, a.data["demon"])))


def _by_orders(s: State, seat: int) -> Action | None:
    """The answer the seat's standing orders give to its open question: the
    demon's turn (carry out the order, or wait) and another player's entry."""
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
        # "order" is offered only while it can be carried out; else nothing is legal here and the seat is asked
        return Action(do="wait") if order[0] == "rest" else Action(do="order")
    return None


# -- moves --------------------------------------------------------------------------------


def _go_offer(s: State, seat: int, demon: int) -> list[Action]:
    out = []
    for x in unit_choices(s, seat):
        u = board.unit(s, x.a)
        out += [Action(do="go", a=u.id, b=to) for to in reach(s, seat, u)]
    return out


def _go_ready(s: State, demon: int, order: list) -> bool:
    """The unit is offered by the unit question and the destination among
    its destinations (with all the legions a lieutenant can carry)."""
    _, unit, to = order
    seat = s.demons[demon].owner
    return Action(do="unit", a=unit) in unit_choices(s, seat) and to in reach(s, seat, board.unit(s, unit))


def _go_carry_out(s: State, a: Ask, order: list, ev: Events) -> None:
    demon = a.data["demon"]
    _, unit, to = order
    fall_home(s, ev, demon)
    tell(s, ev, "ev_act_move", demon=card_of(s, demon), seat=a.seat)
    s.drafts.pop(a.seat, None)
    close(s, a)
    movement.go(s, demon, unit, to, ev)  # sets acted when the move is over


def _go_label(s: State, seat: int, x: Action) -> Label:
    route = reach(s, seat, board.unit(s, x.a))[x.b]
    if len(route) == 1:
        return "lb_move_dest_1", {"to": x.b}
    return "lb_move_dest", {"to": x.b, "n": len(route), "via": route[:-1]}


def _go_line(s: State, demon: int, order: list) -> Label:
    unit = board.unit(s, order[1])
    return "lb_plan_line_go", {"demon": s.demons[demon].card, "from": unit.at if unit else order[2], "to": order[2]}


KINDS["go"] = Kind(offer=_go_offer, ready=_go_ready, carry_out=_go_carry_out, label=_go_label,
                   group=lambda s, seat, x: unit_label(s, x.a), line=_go_line)
def _phase_end(s: State, ev: Events, phase: str) -> None:
    """The demons' orders and the entry rule end with the Action phase; the
    battle parts with the Combat phase."""
    if phase == "combat":
        s.plans = {}
    elif phase == "action":
        battle = {seat: ActOrders(send=o.send, avoid=o.avoid, battle=o.battle) for seat, o in s.plans.items()}
        s.plans = {seat: o.model_copy(update={"lines": lines(s, o)}) for seat, o in battle.items() if kept(o)}


hooks.STANDING.append(_by_orders)
actions.PHASE_START.append(ask_orders)
flow.PHASE_END.append(_phase_end)
