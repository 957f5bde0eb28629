"""Diplomacy (9.7) as verbs of the "act" question: beg and plead (9.7.2),
evil deeds (9.7.4) and influencing units with bribery (9.7.1, 9.7.1.2).
Conspiracy (9.7.3) comes with part 2.

Influence is built step by step in a :class:`Draft` (``q="act"``,
``data={"verb": "influence", "demon": index}``), each step one action:

- ``target`` a=unit id: a legion not led by a lieutenant, or a lieutenant, of
  another triumvirate (legions alike in place, owner and hound are offered
  once; menu groups by sectio);
- ``goal`` a=rolls (legions only): 1 = disband, 2 = switch sides; a lieutenant
  always takes 3 rolls (successes up to the first failure: 3 he switches with
  his units, 2 he leaves for the Return box, 0-1 nothing);
- ``owner`` a=seat: who a switching unit joins (the influencer or another
  player; freebooters in part 3 via :data:`EXTRA_OWNERS`);
- ``bribe`` a=souls, once per roll: -1 on that roll per soul (offered: 0 and
  the amounts that leave a die able to succeed, see :func:`bribes`);
- ``submit`` carries it out, ``back`` undoes the last step (or leaves the draft).

A step with a single choice is taken by itself and is not stored, so
``back`` always returns to the last real choice.
"""

from __future__ import annotations

from typing import Any, Callable

from engines.hellgame.core import board, dice
from engines.hellgame.core.flow import Events, tell
from engines.hellgame.core.model import Action, Ask, Draft, FREEBOOTERS, State, Unit
from engines.hellgame.phases.action import movement
from engines.hellgame.phases.action.actions import Label, card_of, done, fall_home, hearts, step_draft, verb
from engines.hellgame.phases.hell import hellcards

# -- 9.7.2 beg and plead ---------------------------------------------------------------

INCAPACITATED = -1
#: Hearts row -> result per 2d6 column (2-4, 5-6, 7-8, 9-10, 11-12): disfavour
#: removed, or INCAPACITATED. Literal rulebook table (G26).
BEG_TABLE: dict[int, tuple[int, ...]] = {
    1: (INCAPACITATED, 0, 0, 1, 1),
    2: (INCAPACITATED, 0, 1, 1, 2),
    3: (INCAPACITATED, 0, 1, 1, 2),
    4: (INCAPACITATED, 0, 1, 1, 2),
    5: (INCAPACITATED, INCAPACITATED, 0, 2, 3),
    6: (INCAPACITATED, INCAPACITATED, 0, 2, 3),
}


def beg_result(heart_count: int, total: int) -> int:
    row = BEG_TABLE[min(6, max(1, heart_count))]
    return row[0 if total <= 4 else 1 if total <= 6 else 2 if total <= 8 else 3 if total <= 10 else 4]


def _beg(s: State, a: Ask, x: Action, ev: Events) -> None:
    demon = a.data["demon"]
    fall_home(s, ev, demon)
    first, second = dice.roll(s, a.seat, 2)
    result = beg_result(hearts(s, demon), first + second)
    params = {"demon": card_of(s, demon), "seat": a.seat, "first": first, "second": second,
              "total": first + second}
    if result == INCAPACITATED:
        s.demons[demon].status = "incapacitated"
        tell(s, ev, "ev_act_beg_incapacitated", **params)
    elif result == 0:
        tell(s, ev, "ev_act_beg_nothing", **params)
    else:
        player = s.players[a.seat]
        removed = min(result, player.disfavour)  # never below 0
        player.disfavour -= removed
        tell(s, ev, "ev_act_beg_forgiven", **params, granted=result, removed=removed)
    done(s, a, demon)


verb("beg", offer=lambda s, i: [Action(do="beg")], apply=_beg,
     label=lambda s, a, x: ("lb_act_beg", {"hearts": hearts(s, a.data["demon"])}))


# -- 9.7.4 evil deeds ----------------------------------------------------------------------


def deed_face(s: State) -> int:
    """The lowest die face that earns a favour. Hook: Age of Sin (5, part 2)."""

    return hellcards.setting(s, "deed_face", 6)


def _deeds(s: State, a: Ask, x: Action, ev: Events) -> None:
    demon = a.data["demon"]
    rolled = dice.roll(s, a.seat, hearts(s, demon))
    gained = sum(1 for r in rolled if r >= deed_face(s))
    s.players[a.seat].favour += gained  # no disfavour roll (G55)
    tell(s, ev, "ev_act_deeds", demon=card_of(s, demon), seat=a.seat, rolls=rolled, favour=gained)
    done(s, a, demon)


verb("deeds", offer=lambda s, i: [Action(do="deeds")] if s.demons[i].on_earth else [], apply=_deeds,
     label=lambda s, a, x: ("lb_act_deeds", {"dice": hearts(s, a.data["demon"])}))


# -- 9.7.1 influencing units -------------------------------------------------------------------

#: Part 3 hooks: more owners a switching unit may join (freebooters), given
#: ``(state, influencer seat, unit)``.
EXTRA_OWNERS: list[Callable[[State, int, Unit], list[int]]] = []


def influenceable(s: State, seat: int, u: Unit) -> bool:
    """A unit of another triumvirate: a legion not led by a lieutenant, or a
    lieutenant; never a hellhound (freebooters: part 3)."""
    if u.owner is None or u.owner in (seat, FREEBOOTERS) or u.kind == "hound":
        return False
    if u.kind == "legion" and u.leader is not None:
        lt = board.unit(s, u.leader)
        if lt is not None and lt.at == u.at:
            return False
    return True


def at_home(s: State, u: Unit) -> bool:
    return u.at < len(s.owner) and s.owner[u.at] == u.owner


def _hound(s: State, u: Unit) -> Unit | None:
    return board.hound_of(s, u) if u.kind == "legion" else None


def targets(s: State, seat: int) -> list[int]:
    """Unit ids to offer: one legion for each (owner, place, kept hound), each
    lieutenant; at-home units only while a spendable favour is there."""
    favour = board.spendable_favour(s, seat) >= 1
    seen: dict[tuple, int] = {}
    for u in sorted(s.units, key=lambda u: u.id):
        if not influenceable(s, seat, u) or (at_home(s, u) and not favour):
            continue
        hound = _hound(s, u)
        key = ("lt", u.id) if u.kind == "lieutenant" else ("legion", u.owner, u.at, hound.id if hound else None)
        seen.setdefault(key, u.id)
    units = [board.unit(s, i) for i in seen.values()]
    units.sort(key=lambda u: (u.at, u.owner, u.kind != "lieutenant", u.id))
    return [u.id for u in units]


def owners(s: State, seat: int, u: Unit) -> list[int]:
    out = [seat] + [p for p in range(s.seats) if p not in (seat, u.owner) and not s.players[p].out]
    for hook in EXTRA_OWNERS:
        out += [p for p in hook(s, seat, u) if p not in out]
    return out


def bribes(s: State, demon: int, u: Unit, souls: int) -> list[int]:
    """The bribes worth offering for one roll: none, and every amount the
    player can pay that leaves a die able to succeed (need 1-6). More than
    that changes nothing (any die succeeds); less, against a lieutenant's
    bonus souls, is wasted (no die succeeds). At most 7 choices."""
    low = max(1, u.bonus - hearts(s, demon) + 1)
    top = min(souls, u.bonus - hearts(s, demon) + 6)
    return [0] + list(range(low, top + 1))


def need(s: State, demon: int, u: Unit, bribe: int) -> int:
    """The highest die that succeeds (0: none, 6: any)."""
    return max(0, min(6, hearts(s, demon) - u.bonus + bribe))


def _plan(s: State, a: Ask, draft: Draft) -> tuple[dict[str, Any], str, list[Action]]:
    """Replay the stored steps (taking single choices by themselves); returns
    the plan, the next step's name and its choices."""
    demon, seat = a.data["demon"], a.seat
    plan: dict[str, Any] = {"target": None, "rolls": None, "owner": None, "bribes": []}
    stored = list(draft.steps)
    while True:
        u = board.unit(s, plan["target"]) if plan["target"] is not None else None
        if u is None:
            name, choices = "target", [Action(do="target", a=i) for i in targets(s, seat)]
        elif plan["rolls"] is None:
            name, choices = "goal", [Action(do="goal", a=1), Action(do="goal", a=2)]
        elif plan["rolls"] >= 2 and plan["owner"] is None:
            name, choices = "owner", [Action(do="owner", a=p) for p in owners(s, seat, u)]
        elif len(plan["bribes"]) < plan["rolls"]:
            left = s.players[seat].souls - sum(plan["bribes"])
            name, choices = "bribe", [Action(do="bribe", a=n) for n in bribes(s, demon, u, left)]
        else:
            return plan, "submit", [Action(do="submit")]
        if len(choices) == 1:
            chosen = choices[0]
        elif stored:
            do, value = stored.pop(0)
            chosen = Action(do=do, a=value)
        else:
            return plan, name, choices
        if chosen.do == "target":
            plan["target"] = chosen.a
            if board.unit(s, chosen.a).kind == "lieutenant":
                plan["rolls"] = 3
        elif chosen.do == "goal":
            plan["rolls"] = chosen.a
        elif chosen.do == "owner":
            plan["owner"] = chosen.a
        else:
            plan["bribes"].append(chosen.a)


def _influence_offer(s: State, demon: int) -> list[Action]:
    return [Action(do="influence")] if targets(s, s.demons[demon].owner) else []


def _influence_open(s: State, a: Ask, x: Action, ev: Events) -> None:
    s.drafts[a.seat] = Draft(q="act", data={"verb": "influence", "demon": a.data["demon"]})


def _draft_legal(s: State, a: Ask, draft: Draft) -> list[Action]:
    return _plan(s, a, draft)[2] + [Action(do="back")]


def _draft_answer(s: State, a: Ask, draft: Draft, x: Action, ev: Events) -> None:
    step_draft(s, a, draft, x, lambda: _resolve(s, a, _plan(s, a, draft)[0], ev))


def _run_amok(s: State, ev: Events, hounds: list[Unit]) -> None:
    """Hounds whose keeper left the board run amok at once (9.7.1, G38)."""

    for hound in hounds:
        tell(s, ev, "ev_act_hound_loose", sectio=hound.at, attacks=hound.card)
        movement.run_amok(s, hound, ev)


def _switch(s: State, ev: Events, u: Unit, owner: int) -> None:
    """``u`` joins ``owner`` with what it leads and keeps (board.switch); the
    hounds kept by a lieutenant's legions go along too. Legions beyond the
    new owner's 12 are lost (G45); their hounds run amok."""
    led = [x.id for x in s.units if x.leader == u.id] if u.kind == "lieutenant" else []
    mine = [u.id] + led
    kept = [x for x in s.units if x.kind == "hound" and x.keeper in mine]
    board.switch(s, u, owner)
    for hound in kept:
        if hound.keeper is not None:
            hound.owner = owner
    lost = sum(1 for i in mine if board.unit(s, i) is None)
    if lost:
        tell(s, ev, "ev_act_inf_over_limit", seat=owner, lost=lost)
    _run_amok(s, ev, [h for h in kept if h.keeper is None])


def _resolve(s: State, a: Ask, plan: dict[str, Any], ev: Events) -> None:
    demon, seat = a.data["demon"], a.seat
    u = board.unit(s, plan["target"])
    player = s.players[seat]
    fall_home(s, ev, demon)
    params = {"demon": card_of(s, demon), "seat": u.owner, "sectio": u.at}
    if u.kind == "lieutenant":
        tell(s, ev, "ev_act_inf_lt", **params, lt=u.card)
    else:
        tell(s, ev, "ev_act_inf_disband" if plan["rolls"] == 1 else "ev_act_inf_switch", **params)
    if at_home(s, u):
        player.favour -= 1
        tell(s, ev, "ev_act_inf_home", demon=card_of(s, demon), seat=seat)
    player.souls -= sum(plan["bribes"])  # all bribes are paid before rolling
    if sum(plan["bribes"]):
        tell(s, ev, "ev_act_inf_bribe", seat=seat, souls=sum(plan["bribes"]))
    successes = 0
    for n, bribe in enumerate(plan["bribes"], start=1):
        ok, die = dice.against(s, seat, hearts(s, demon), u.bonus - bribe)
        tell(s, ev, "ev_act_inf_roll_ok" if ok else "ev_act_inf_roll_failed", n=n, die=die,
             bribe=bribe, bonus=u.bonus, total=die + u.bonus - bribe, hearts=hearts(s, demon))
        if not ok:
            break
        successes += 1
    if u.kind == "lieutenant" and successes == 3:
        legions = len(board.group(s, u))
        _switch(s, ev, u, plan["owner"])
        tell(s, ev, "ev_act_inf_lt_switched", lt=u.card, seat=plan["owner"], sectio=u.at, legions=legions)
    elif u.kind == "lieutenant" and successes == 2:
        board.remove(s, u)
        tell(s, ev, "ev_act_inf_lt_left", lt=u.card, sectio=u.at)
    elif u.kind == "legion" and successes == plan["rolls"] == 1:
        tell(s, ev, "ev_act_inf_disbanded", seat=u.owner, sectio=u.at)
        _run_amok(s, ev, board.remove(s, u))
    elif u.kind == "legion" and successes == plan["rolls"] == 2:
        tell(s, ev, "ev_act_inf_switched", seat=plan["owner"], sectio=u.at)
        _switch(s, ev, u, plan["owner"])
    else:
        tell(s, ev, "ev_act_inf_failed", demon=card_of(s, demon))
    done(s, a, demon)


# -- words of the draft -----------------------------------------------------------------------


def _prompt(s: State, a: Ask, draft: Draft) -> Label:
    demon, seat = a.data["demon"], a.seat
    plan, name, _ = _plan(s, a, draft)
    if name == "target":
        return "pr_act_inf_target", {"demon": card_of(s, demon), "favour": board.spendable_favour(s, seat)}
    u = board.unit(s, plan["target"])
    where = {"seat": u.owner, "sectio": u.at}
    if name == "goal":
        return "pr_act_inf_goal", {"demon": card_of(s, demon), **where}
    if name == "owner":
        return "pr_act_inf_owner", where
    if name == "bribe":
        return "pr_act_inf_bribe", {"n": len(plan["bribes"]) + 1, "rolls": plan["rolls"],
                                    "souls": s.players[seat].souls - sum(plan["bribes"]),
                                    "hearts": hearts(s, demon), "bonus": u.bonus}
    needs = {f"need{i + 1}": need(s, demon, u, b) for i, b in enumerate(plan["bribes"])}
    key = ("pr_act_inf_confirm_1" if plan["rolls"] == 1 else
           "pr_act_inf_confirm_2" if plan["rolls"] == 2 else "pr_act_inf_confirm_3")
    return key, {**needs, "souls": sum(plan["bribes"]), "favour": int(at_home(s, u))}


def _target_label(s: State, u: Unit) -> Label:
    home = at_home(s, u)
    if u.kind == "lieutenant":
        return ("lb_act_inf_lt_home" if home else "lb_act_inf_lt",
                {"lt": u.card, "seat": u.owner, "sectio": u.at, "legions": len(board.group(s, u))})
    hound = _hound(s, u)
    if hound is not None:
        return ("lb_act_inf_keeper_home" if home else "lb_act_inf_keeper",
                {"seat": u.owner, "sectio": u.at, "attacks": hound.card})
    alike = sum(1 for x in s.units if x.kind == "legion" and x.owner == u.owner and x.at == u.at
                and influenceable(s, -1, x) and _hound(s, x) is None)
    return ("lb_act_inf_legion_home" if home else "lb_act_inf_legion",
            {"seat": u.owner, "sectio": u.at, "count": alike})


def _step_label(s: State, a: Ask, draft: Draft, x: Action) -> Label:
    if x.do == "back":
        return "lb_act_back", {}
    if x.do == "submit":
        return "lb_act_submit", {}
    if x.do == "target":
        return _target_label(s, board.unit(s, x.a))
    if x.do == "goal":
        return ("lb_act_inf_goal_disband", {}) if x.a == 1 else ("lb_act_inf_goal_switch", {})
    if x.do == "owner":
        return "lb_act_inf_owner", {"seat": x.a}
    plan = _plan(s, a, draft)[0]
    u = board.unit(s, plan["target"])
    return "lb_act_inf_bribe", {"souls": x.a, "need": need(s, a.data["demon"], u, x.a)}


def _group(s: State, a: Ask, draft: Draft, x: Action) -> Label:
    if x.do == "target":
        return "grp_act_sectio", {"sectio": board.unit(s, x.a).at}
    return "grp_act_actions", {}


verb("influence", offer=_influence_offer, apply=_influence_open,
     label=lambda s, a, x: ("lb_act_influence", {}),
     legal=_draft_legal, answer=_draft_answer, prompt=_prompt, step_label=_step_label, group=_group)

