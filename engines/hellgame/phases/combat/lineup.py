"""A battle's line-up before its first round (chapter 11): avoiding combat by
agreement (11.3.1), choosing sides with three or more triumvirates (11.3.2)
and the demons joining (11.1). These are the first stages of
:data:`engines.hellgame.phases.combat.combat.STAGES` (:data:`STAGES` here); then the
optional quick battle and the combat rounds.

Rule decisions where the sources are silent (see also :mod:`engines.hellgame.phases.combat.combat`):

- 11.1 order: most legions first (ties by die), then the others in turn,
  again and again, until every seat passed in a row. A seat's turn lasts
  until it passes: it sends its demons one after another (the rulebook:
  "senden alle Dämonen, die sie schicken wollen", they send all the demons
  they want to send) and is asked at once again after each, so it never
  waits for the others between two of its own demons. Seats without
  an eligible demon pass without being asked. The side's demon with the most
  skulls gives the save value of all its legions (G41).
- 11.1 cards (part 2): a joining demon with stars takes up to its stars of
  the seat's arcana cards along, chosen in a private draft after "join"
  (any cards of the hand not taken by another of its demons in this battle;
  only Combat cards can be cast, :mod:`engines.hellgame.magic.warcraft`). They
  stay in hand (G53) and are listed in ``Battle.cards``; the others learn
  only how many.
- 11.3.2: the seat with most units (ties by die) names the enemy; the others
  choose by units. A seat that does not answer joins the stronger side (more
  units; ties: the namer's). Freebooters roll once per battle, wild hounds
  every round (1-3 the namer's side, 4-6 the other); with fewer than two
  forces standing each wild hound fights everyone on its own.
"""

from __future__ import annotations

from typing import Callable

from engines.hellgame.core import board, data, dice, hooks
from engines.hellgame.core.flow import Events, ask, ask_of, close, question, tell
from engines.hellgame.core.model import ANTEHELL, Action, Ask, Battle, Draft, FREEBOOTERS, Side, State
from engines.hellgame.phases.combat.forces import players, ranked, side_of, units_of


# -- 11.3.1 avoiding combat ------------------------------------------------------------


def _avoid(s: State, b: Battle, ev: Events) -> None:
    seats = players(b.parties)
    legions = sum(1 for u in board.units_at(s, b.at) if u.kind == "legion")
    souls = data.SECTIOS[b.at].souls if b.at != ANTEHELL else 0
    b.step = "sides"
    if b.wild or FREEBOOTERS in b.parties or len(seats) < 2 or legions > souls:
        return
    for seat in seats:
        ask(s, seat, "combat_avoid", kind="reaction", sectio=b.at, legions=legions, souls=souls)
    b.step = "avoid_result"


def _avoid_result(s: State, b: Battle, ev: Events) -> None:
    refused = [seat for seat in players(b.parties) if not b.votes.get(seat)]
    if refused:
        tell(s, ev, "ev_battle_not_avoided", sectio=b.at, seats=refused)
        b.step = "sides"
        return
    tell(s, ev, "ev_battle_avoided", sectio=b.at, seats=players(b.parties))
    if b.at not in s.avoided:
        s.avoided.append(b.at)
    s.battle = None
    s.step = "combat_next"


def _avoid_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    s.battle.votes[a.seat] = x.do == "agree"
    close(s, a)


question(
    "combat_avoid",
    legal=lambda s, a: [Action(do="agree"), Action(do="refuse")],
    answer=_avoid_answer,
    prompt=lambda s, a: ("pr_combat_avoid", {"sectio": a.data["sectio"], "legions": a.data["legions"],
                                              "souls": a.data["souls"],
                                              "seats": [p for p in players(s.battle.parties) if p != a.seat]}),
    label=lambda s, a, x: ("lb_combat_agree", {}) if x.do == "agree" else ("lb_combat_refuse", {}),
    passive=lambda s, a: Action(do="refuse"),
)


# -- 11.3.2 choosing sides -------------------------------------------------------------


def _sides(s: State, b: Battle, ev: Events) -> None:
    seats = players(b.parties)
    if len(seats) >= 3:
        b.queue = ranked(s, seats, lambda p: units_of(s, b.at, p), lambda p: p)
        b.step = "sides_pick"
        ask(s, b.queue[0], "combat_enemy", sectio=b.at)
        return
    b.sides = [Side(seats=[p]) for p in seats]
    _sides_done(s, b, ev)


def _sides_pick(s: State, b: Battle, ev: Events) -> None:
    if b.queue:
        ask(s, b.queue[0], "combat_side", sectio=b.at)
        return
    for i, side in enumerate(b.sides):
        tell(s, ev, "ev_battle_side", sectio=b.at, n=i + 1, seats=list(side.seats))
    _sides_done(s, b, ev)


def _sides_done(s: State, b: Battle, ev: Events) -> None:
    if FREEBOOTERS in b.parties:
        if len(b.sides) == 2:
            r = dice.d6(s, None)
            side = b.sides[0 if r <= 3 else 1]
            side.seats.append(FREEBOOTERS)
            tell(s, ev, "ev_battle_freebooters_side", sectio=b.at, roll=r, seats=players(side.seats))
        else:
            b.sides.append(Side(seats=[FREEBOOTERS]))
    b.step = "demons"


def _enemy_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    b.queue.pop(0)
    b.queue.remove(x.a)
    b.sides = [Side(seats=[a.seat]), Side(seats=[x.a])]
    b.declared = [a.seat, x.a]
    tell(s, ev, "ev_battle_enemy", sectio=b.at, seat=a.seat, seats=[x.a])
    close(s, a)


def _side_strength(s: State, b: Battle, side: Side) -> int:
    return sum(units_of(s, b.at, p) for p in side.seats)


def _side_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    b.queue.pop(0)
    tell(s, ev, "ev_battle_joins_side", sectio=b.at, seat=a.seat, seats=list(b.sides[x.a].seats))
    b.sides[x.a].seats.append(a.seat)
    b.declared.append(a.seat)
    close(s, a)


question(
    "combat_enemy",
    legal=lambda s, a: [Action(do="enemy", a=p) for p in s.battle.queue[1:]],
    answer=_enemy_answer,
    prompt=lambda s, a: ("pr_combat_enemy", {"sectio": a.data["sectio"]}),
    label=lambda s, a, x: ("lb_combat_enemy", {"seat": x.a, "units": units_of(s, s.battle.at, x.a)}),
    passive=lambda s, a: Action(do="enemy", a=s.battle.queue[1]),
)

question(
    "combat_side",
    legal=lambda s, a: [Action(do="side", a=0), Action(do="side", a=1)],
    answer=_side_answer,
    prompt=lambda s, a: ("pr_combat_side", {"sectio": a.data["sectio"]}),
    label=lambda s, a, x: ("lb_combat_side", {"seats": list(s.battle.sides[x.a].seats),
                                              "units": _side_strength(s, s.battle, s.battle.sides[x.a])}),
    passive=lambda s, a: Action(do="side", a=0 if _side_strength(s, s.battle, s.battle.sides[0])
                                >= _side_strength(s, s.battle, s.battle.sides[1]) else 1),
)


# -- 11.1 demons join ------------------------------------------------------------------


def eligible_demons(s: State, seat: int) -> list[int]:
    """Active demons in Hell that have not fought this round (11.1)."""
    return [i for i in board.active_demons(s, seat) if not s.demons[i].on_earth and not s.demons[i].fought]


def _demons(s: State, b: Battle, ev: Events) -> None:
    b.queue = [p for p in b.parties if 0 <= p < s.seats]
    b.passes = 0
    b.step = "demons_ask"
    _demons_ask(s, b, ev)


def _demons_ask(s: State, b: Battle, ev: Events) -> None:
    while b.passes < len(b.queue):
        seat = b.queue[0]
        if eligible_demons(s, seat):
            ask(s, seat, "combat_demon", sectio=b.at)
            return
        b.passes += 1
        b.queue.append(b.queue.pop(0))
    b.step = "quick"


def cards_free(s: State, seat: int) -> list[int]:
    """11.1: the seat's arcana cards not yet taken along by another of its
    demons in this battle (they stay in hand and count for the limit, G53)."""
    taken = {c for cards in s.battle.cards.values() for c in cards}
    return [c for c in s.players[seat].hand if c not in taken]


def _demon_legal(s: State, a: Ask) -> list[Action]:
    d = s.drafts.get(a.seat)
    if d is None:
        return [Action(do="join", a=i) for i in eligible_demons(s, a.seat)] + [Action(do="pass_battle")]
    chosen = [c for _, c in d.steps[1:]]
    out: list[Action] = []
    if len(chosen) < data.DEMONS[s.demons[d.steps[0][1]].card].stars:
        out = [Action(do="take", a=c) for c in cards_free(s, a.seat) if c not in chosen]
    return out + [Action(do="back"), Action(do="submit")]


def _demon_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    """``join`` a demon: with stars and cards in hand, a private draft picks
    up to its stars of cards to take along (``take``, ``back``, ``submit``)."""
    b = s.battle
    if x.do == "join" and data.DEMONS[s.demons[x.a].card].stars and cards_free(s, a.seat):
        s.drafts[a.seat] = Draft(q="combat_demon", steps=[["join", x.a]])
        return
    if x.do == "take":
        s.drafts[a.seat].steps.append(["take", x.a])
        return
    if x.do == "back":
        d = s.drafts[a.seat]
        d.steps.pop()
        if not d.steps:
            del s.drafts[a.seat]
        return
    if x.do in ("join", "submit"):
        steps = s.drafts.pop(a.seat).steps if x.do == "submit" else [["join", x.a]]
        demon = steps[0][1]
        s.demons[demon].fought = True
        side_of(b, a.seat).demons.append(demon)
        b.cards[demon] = [c for _, c in steps[1:]]  # 11.1: up to its stars, used in the magic step
        cards = len(b.cards[demon])
        tell(s, ev, "ev_battle_demon_cards" if cards else "ev_battle_demon",
             sectio=b.at, seat=a.seat, demon=s.demons[demon].card, cards=cards)
        b.passes = 0  # the seat's turn goes on: it may send another demon (11.1: "all it wants")
    else:
        b.passes += 1
        b.queue.append(b.queue.pop(0))
    close(s, a)


def _demon_prompt(s: State, a: Ask) -> tuple[str, dict]:
    d = s.drafts.get(a.seat)
    if d is None:
        return "pr_combat_demon", {"sectio": a.data["sectio"]}
    demon = s.demons[d.steps[0][1]].card
    chosen = [c for _, c in d.steps[1:]]
    return "pr_warcraft_take", {"sectio": a.data["sectio"], "demon": demon, "cards": chosen,
                                "n": data.DEMONS[demon].stars - len(chosen)}


def _demon_label(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    if x.do == "pass_battle":
        return "lb_combat_pass", {}
    if x.do == "join":
        return "lb_combat_join", {"demon": s.demons[x.a].card, "skulls": data.DEMONS[s.demons[x.a].card].skulls}
    if x.do == "take":
        return "lb_warcraft_take", {"card": x.a}
    if x.do == "back":
        return "lb_warcraft_back", {}
    d = s.drafts[a.seat]
    return "lb_warcraft_bring", {"demon": s.demons[d.steps[0][1]].card, "n": len(d.steps) - 1}


question(
    "combat_demon",
    legal=_demon_legal,
    answer=_demon_answer,
    prompt=_demon_prompt,
    label=_demon_label,
    # A missed deadline: no demon; in the middle of choosing cards, it joins with those chosen.
    passive=lambda s, a: Action(do="submit") if a.seat in s.drafts else Action(do="pass_battle"),
)


# -- answers given in the Action phase's standing orders ------------------------------------


def _by_orders(s: State, seat: int) -> Action | None:
    """The seat's Action phase orders (:mod:`engines.hellgame.phases.action.orders`)
    answer avoiding a battle and sending demons: "the best" joins the demon
    with the most skulls, takes the Combat cards it may (hand order, up to
    its stars), and passes once the seat has a demon in the battle."""
    a = ask_of(s, seat)
    o = s.plans.get(seat)
    if a is None or o is None or s.battle is None:
        return None
    if a.q == "combat_avoid" and o.avoid != "ask":
        return Action(do="agree" if o.avoid == "avoid" else "refuse")
    if a.q != "combat_demon" or o.send == "ask":
        return None
    draft = s.drafts.get(seat)
    if draft is not None and draft.q != "combat_demon":
        return None
    if o.send == "send_none" or (draft is None and any(s.demons[d].owner == seat
                                                      for d in side_of(s.battle, seat).demons)):
        return Action(do="pass_battle")
    if draft is None:
        best = max(eligible_demons(s, seat), key=lambda i: (data.DEMONS[s.demons[i].card].skulls, -i))
        return Action(do="join", a=best)
    chosen = [c for _, c in draft.steps[1:]]
    combat = [c for c in cards_free(s, seat) if c not in chosen
              and data.MAJORS[data.ARCANA[c].major].timing == "combat"]
    stars = data.DEMONS[s.demons[draft.steps[0][1]].card].stars
    return Action(do="take", a=combat[0]) if combat and len(chosen) < stars else Action(do="submit")


hooks.STANDING.append(_by_orders)


#: The stages of ``Battle.step`` up to the quick battle; the rest are in
#: :data:`engines.hellgame.phases.combat.combat.STAGES`, which includes these.
STAGES: dict[str, Callable[[State, Battle, Events], None]] = {
    "avoid": _avoid,
    "avoid_result": _avoid_result,
    "sides": _sides,
    "sides_pick": _sides_pick,
    "demons": _demons,
    "demons_ask": _demons_ask,
}
