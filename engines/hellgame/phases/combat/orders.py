"""Standing orders for a battle: the combat rounds run without questions.

Over Discord every answer costs hours, and a battle asks each side after
every combat round whether it flees (11.2.4) and, where its demons took cards
along, in every magic step whether it casts (11.2.1). So once per battle,
just before its first such question, every player taking part is asked one
secret, simultaneous question ``combat_orders``, built step by step in a
private draft (:class:`Draft`; ``back`` undoes a step, ``submit`` ends it):

1. flight: ``fight`` (to the end: never flee), ``flee_at`` a=N (flee as
   soon as the seat's legions there are down to N; N from 1 to one less than
   it has there now), or ``ask`` (ask me each round, as without orders);
2. only for a seat whose demons took arcana cards into this battle (public:
   the others learn how many): combat magic: ``spell`` a=i (cast the i-th
   Combat spell of :data:`COMBAT_SPELLS` whenever able), ``never``, or
   ``ask``. The choices are the five Combat spells of the rules, never the
   cards the seat holds, so the question shows nothing of the hand;
3. only after ``spell`` or ``ask`` in step 2: who casts first when the
   seat's demon has the most skulls (11.2.1): ``cast_first``,
   ``enemy_first`` or ``ask``.

``submit`` is legal at every step and leaves every part not chosen at "ask
me"; the choice of the last part submits at once (no extra click to
confirm). ``submit`` is the question's passive choice, so a player who lets the deadline
pass (or never opens it) is asked every round as before. Orders that say
"ask me" for everything are not kept at all.

A seat whose Action phase orders said "fight every battle of this round"
(``ActOrders.battle``, :mod:`engines.hellgame.phases.action.orders`) is not
asked: when the question would come, its orders are set to fight to the
end, cast whenever able with any Combat spell (``spell`` "any": the first
castable card of those its demons took along) and cast first, and told to
it alone as if it had answered. A battle whose every seat has such orders
asks nothing. (The others can tell such a seat from its not being asked, as
they can tell any standing order from how fast its answer comes.)

The orders are kept in ``Battle.orders`` (no view shows the battle's
bookkeeping; the seat's own view lists its orders as its pending order) and
told to the seat alone (``ev_battle_orders``). They act through
:data:`engines.hellgame.core.hooks.STANDING`: :meth:`HellGame.automatic`
answers the seat's flight question from them (here) and its magic question
(:mod:`engines.hellgame.magic.warcraft`), and the bot applies such answers
in the same move. The others learn the orders only from what they do.

Rule decisions (the rules know no standing orders; the orders only answer
the questions the rules ask, with the same choices):

- When: before the first magic step if a demon took cards along (public),
  else after the first combat round's attacks, before the first flight
  decision; never for a battle that ends before (a quick battle, 11.3.5, or
  one over in its first round). The three-round limit (11.3.6) stays as it
  is: orders answer the flight questions of rounds 1-3.
- Flight: "flee at N" counts the seat's legions in the battle's sectio after
  the round's losses (a keeper counts, a lieutenant or hound does not); it
  flees as soon as there are N or fewer. The decider of 11.2.4 with orders
  announces at once (stay or flee) and never lets the other side announce
  first.
- Magic, "cast X whenever able": in each magic step the seat casts one card
  of spell X that its demons took along and can cast now, at most one per
  combat round, aimed at the first target the question lists; otherwise it
  passes. Other Combat cards are not cast. Whether the hand holds X shows
  only when it is cast: the answer is automatic in every case.
- Who casts first (11.2.1): the side whose demon has the most skulls decides
  who begins; the engine asks that demon's owner first and lets him begin or
  let the other side begin (``later``). The order answers that choice:
  "I cast first" begins (casting or passing by the spell order), "enemy
  first" lets the other side begin, "ask" asks. A seat that never casts
  begins (it passes at once). For a seat that does not decide, this part
  does nothing.
"""

from __future__ import annotations

from typing import Any

from engines.hellgame.core import board, data, hooks
from engines.hellgame.core.flow import Events, ask, ask_of, close, draft_step, question, tell_seat
from engines.hellgame.core.model import Action, Ask, Battle, BattleOrders, State
from engines.hellgame.phases.combat.forces import fights, in_side, legions_of, players, side_of

#: The Combat spells (major keys), in the data's order: the choices of step 2.
COMBAT_SPELLS: tuple[str, ...] = tuple(k for k, m in data.MAJORS.items() if m.timing == "combat")
#: The label of "cast this spell whenever able", per spell.
SPELL_LABELS = {
    "frenzy": "lb_orders_spell_frenzy",
    "demonic_distraction": "lb_orders_spell_distraction",
    "iron_skin": "lb_orders_spell_iron_skin",
    "hellfire": "lb_orders_spell_hellfire",
    "reinforcements": "lb_orders_spell_reinforcements",
}
Q = "combat_orders"


# -- when the question is asked -------------------------------------------------------


def cards_along(s: State, seat: int) -> list[int]:
    """The arcana cards the seat's demons in the battle took along and still hold."""
    b = s.battle
    hand = s.players[seat].hand
    return [c for side in b.sides for d in side.demons if s.demons[d].owner == seat
            for c in b.cards.get(d, []) if c in hand]


def _taking_part(s: State, b: Battle) -> list[int]:
    """The seats with fighting units in the battle, side after side."""
    here = [u for u in board.units_at(s, b.at) if fights(u)]
    return [p for side in b.sides for p in players(side.seats)
            if 0 <= p < s.seats and any(u.owner == p for u in here)]


def ask_orders(s: State, b: Battle, ev: Events, magic: bool = False) -> bool:
    """Ask every seat taking part for its standing orders, once per battle:
    at the magic step (``magic``) only if a demon took cards along. True if
    asked (the battle's step stays, and runs again once all have answered)."""
    if b.ordered:
        return False
    seats = _taking_part(s, b)
    if magic and not any(cards_along(s, p) for p in seats):
        return False
    b.ordered = True
    asked = False
    for seat in seats:
        along = bool(cards_along(s, seat))
        plan = s.plans.get(seat)
        if plan is not None and plan.battle == "fight":  # given in advance, with the Action phase's orders
            o = BattleOrders(flee=0, spell="any", first="me")
            o.lines = lines(o, along)
            b.orders[seat] = o
            tell_seat(ev, seat, "ev_battle_orders", sectio=b.at)
            continue
        ask(s, seat, Q, kind="simultaneous", secret=True, sectio=b.at, magic=int(along))
        asked = True
    return asked


# -- the question -----------------------------------------------------------------------


def _steps(s: State, seat: int) -> list[list]:
    d = s.drafts.get(seat)
    return list(d.steps) if d is not None and d.q == Q else []


def _parts(a: Ask, steps: list[list]) -> list[str]:
    """The parts of this seat's orders, the third only after "cast" or "ask" in the second."""
    if not a.data.get("magic"):
        return ["flee"]
    if len(steps) >= 2 and steps[1][0] == "never":
        return ["flee", "spell"]
    return ["flee", "spell", "first"]


def _part(a: Ask, steps: list[list]) -> str | None:
    parts = _parts(a, steps)
    return parts[len(steps)] if len(steps) < len(parts) else None


def _legal(s: State, a: Ask) -> list[Action]:
    steps = _steps(s, a.seat)
    part = _part(a, steps)
    out: list[Action] = []
    if part == "flee":
        mine = legions_of(s, s.battle.at, a.seat)
        out = [Action(do="fight")] + [Action(do="flee_at", a=n) for n in range(1, min(mine, 12))] + [Action(do="ask")]
    elif part == "spell":
        out = [Action(do="spell", a=i) for i in range(len(COMBAT_SPELLS))] + [Action(do="never"), Action(do="ask")]
    elif part == "first":
        out = [Action(do="cast_first"), Action(do="enemy_first"), Action(do="ask")]
    return out + ([Action(do="back")] if steps else []) + [Action(do="submit")]


def orders_of(steps: list[list]) -> BattleOrders:
    """The orders a draft's steps give (parts not chosen: ask me)."""
    o = BattleOrders()
    for i, (verb, n) in enumerate((st[0], st[1] if len(st) > 1 else None) for st in steps):
        if i == 0:
            o.flee = 0 if verb == "fight" else n if verb == "flee_at" and isinstance(n, int) else -1
        elif i == 1:
            if verb == "spell" and isinstance(n, int):
                o.spell = COMBAT_SPELLS[n]
            elif verb == "never":
                o.spell = "never"
            if o.spell == "never":
                o.first = "me"  # it passes at once: nothing to let the enemy do first
        elif i == 2:
            o.first = {"cast_first": "me", "enemy_first": "enemy"}.get(str(verb), "ask")
    return o


def lines(o: BattleOrders, magic: bool = True) -> list[list[Any]]:
    """The orders in words, for the seat's view (``magic``: the seat's
    demons took cards along, so the magic parts count)."""
    out: list[list[Any]] = [["lb_orders_fight", {}] if o.flee == 0 else ["lb_orders_flee_at", {"n": o.flee}]
                            if o.flee > 0 else ["lb_orders_ask_flee", {}]]
    if not magic:
        return out
    out.append([SPELL_LABELS[o.spell], {}] if o.spell in SPELL_LABELS else ["lb_orders_spell_any", {}]
               if o.spell == "any" else ["lb_orders_never", {}]
               if o.spell == "never" else ["lb_orders_ask_spell", {}])
    if o.spell != "never":
        out.append(["lb_orders_cast_first", {}] if o.first == "me" else ["lb_orders_enemy_first", {}]
                   if o.first == "enemy" else ["lb_orders_ask_first", {}])
    return out


def _answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    if x.do != "submit":
        draft_step(s, a.seat, Q, x, [x.do, x.a])
    if x.do == "submit" or _part(a, _steps(s, a.seat)) is None:  # the last part chosen: complete
        o = orders_of(_steps(s, a.seat))
        s.drafts.pop(a.seat, None)
        if (o.flee, o.spell, o.first) != (-1, "ask", "ask"):
            o.lines = lines(o, bool(a.data.get("magic")))
            s.battle.orders[a.seat] = o
            tell_seat(ev, a.seat, "ev_battle_orders", sectio=s.battle.at)
        else:
            tell_seat(ev, a.seat, "ev_battle_orders_none", sectio=s.battle.at)
        close(s, a)


def _prompt(s: State, a: Ask) -> tuple[str, dict[str, Any]]:
    b = s.battle
    part = _part(a, _steps(s, a.seat))
    if part == "flee":
        here = [u for u in board.units_at(s, b.at) if fights(u)]
        side = side_of(b, a.seat)
        return "pr_combat_orders_flee", {"sectio": b.at, "mine": legions_of(s, b.at, a.seat),
                                         "foes": sum(1 for u in here if not in_side(u, side))}
    if part == "spell":
        return "pr_combat_orders_spell", {"sectio": b.at, "cards": cards_along(s, a.seat)}
    if part == "first":
        return "pr_combat_orders_first", {"sectio": b.at}
    return "pr_combat_orders_done", {"sectio": b.at}


def _label(s: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    steps = _steps(s, a.seat)
    if x.do == "submit":
        return ("lb_orders_submit", {}) if steps else ("lb_orders_ask_all", {})
    if x.do == "back":
        return "lb_orders_back", {}
    if x.do == "fight":
        return "lb_orders_fight", {}
    if x.do == "flee_at":
        return "lb_orders_flee_at", {"n": x.a}
    if x.do == "spell":
        return SPELL_LABELS[COMBAT_SPELLS[x.a]], {}
    if x.do == "never":
        return "lb_orders_never", {}
    if x.do == "cast_first":
        return "lb_orders_cast_first", {}
    if x.do == "enemy_first":
        return "lb_orders_enemy_first", {}
    part = _part(a, steps)
    return {"spell": ("lb_orders_ask_spell", {}), "first": ("lb_orders_ask_first", {})}.get(
        part or "", ("lb_orders_ask_flee", {}))


question(
    Q,
    legal=_legal,
    answer=_answer,
    prompt=_prompt,
    label=_label,
    # A missed deadline: "ask me" for every part not chosen yet (no orders at all if none was).
    passive=lambda s, a: Action(do="submit"),
)


# -- the orders answer the flight question ------------------------------------------------


def orders(s: State, seat: int) -> BattleOrders | None:
    """The seat's standing orders in the battle in progress, if any."""
    return s.battle.orders.get(seat) if s.battle is not None else None


def _flight(s: State, seat: int) -> Action | None:
    """11.2.4 by standing orders: stay, or flee once down to N legions."""
    a = ask_of(s, seat)
    o = orders(s, seat)
    if a is None or a.q != "combat_flee" or o is None or o.flee < 0:
        return None
    if o.flee > 0 and legions_of(s, s.battle.at, seat) <= o.flee:
        return Action(do="flee")
    return Action(do="stay")


hooks.STANDING.append(_flight)
