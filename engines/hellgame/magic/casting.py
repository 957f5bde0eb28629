"""The Magic action (9.8): the verb ``cast`` of the "act" question.

A demon plays an Action card of its owner's hand for its major spell
(:data:`engines.hellgame.magic.spells.EFFECTS`). Only cards that can be cast now
are offered (their requirements met, a target there; the reasons are
``spells.refusal_of``). The order is built step by step in a :class:`Draft`
(``q="act"``, ``data={"verb": "cast", "demon": index, "card": id}``):

- ``cast`` a=card (the act question): opens the draft;
- ``target`` a=value: the target (a demon, unit, sectio, seat, -1 for a
  disfavour; skipped when there is one choice or none is needed);
- ``to`` a=sectio: the second part of a two-part target (Secret Tunnel);
- ``support`` a=demon: a demon counted on as supporter (9.8.3.2), while
  the spell needs more hearts (Love for Lilith);
- ``submit`` casts it, ``back`` undoes the last step (or leaves the draft).

Casting: a demon on Earth casting a Hell spell falls home first (9.6, 9.8.1);
an Earth or "any" spell keeps it where it is. The costs are paid (souls,
spendable favour), the card goes under the arcana deck, the demon's action is
used, the spell is announced publicly and the counter window opens
(:func:`engines.hellgame.magic.counters.announce`, resume ``"action"``).

Support (9.8.3.2; hellgame.md ruling: declared in the casting step itself,
only by demons in the place where the spell is cast): the owner of each
other player's supporter is asked the reaction question ``support``
(``yes``/``no``; ``no`` is the passive choice, promises are not enforced);
the caster's own supporters need no question. Every demon that supports
gives up its action. If the caster then lacks the hearts, the spell is not
cast: it costs nothing, the card stays in hand and the caster chooses its
action again; the supporters lost theirs.

The act question also offers ``counters_on`` to a player who chose "always
pass" in a counter window: counter questions are asked again (not an action).
"""

from __future__ import annotations

from typing import Any

from engines.hellgame.core import board, data
from engines.hellgame.core.flow import Events, ask, close, question, tell, tell_seat
from engines.hellgame.core.model import ANTEHELL, Action, Ask, Casting, Draft, State
from engines.hellgame.magic import counters, spells
from engines.hellgame.magic.spells_action import DISFAVOUR, led, supporters
from engines.hellgame.phases.action import actions, orders
from engines.hellgame.phases.action.actions import Label, card_of, verb

RESUME = "action"


def _key(card: int) -> str:
    return data.ARCANA[card].major


def hearts_of(s: State, demon: int) -> int:
    return data.DEMONS[s.demons[demon].card].hearts


# -- the draft -------------------------------------------------------------------------------------


def _plan(s: State, a: Ask, draft: Draft) -> tuple[dict[str, Any], str, list[Action]]:
    """Replay the stored steps (single target choices are taken by
    themselves); returns the plan, the next step's name and its choices."""
    demon, card = a.data["demon"], draft.data["card"]
    key = _key(card)
    need = data.MAJORS[key].hearts_needed
    targets = [tuple(t) for t in spells.EFFECTS[key].targets(s, demon)]
    plan: dict[str, Any] = {"target": None, "supporters": [], "hearts": hearts_of(s, demon), "need": need}
    first: int | None = None
    stored = list(draft.steps)
    while True:
        auto = True
        if plan["target"] is None and targets == [()]:
            plan["target"] = []
            continue
        if plan["target"] is None and first is None:
            name = "target"
            choices = [Action(do="target", a=v) for v in dict.fromkeys(t[0] for t in targets)]
        elif plan["target"] is None:
            name = "to"
            choices = [Action(do="to", a=t[1]) for t in targets if t[0] == first]
        elif need:
            name, auto = "support", False
            choices = [Action(do="support", a=d) for d in supporters(s, demon, key) if d not in plan["supporters"]]
            if plan["hearts"] >= need:
                choices.append(Action(do="submit"))
        else:
            return plan, "submit", [Action(do="submit")]
        if auto and len(choices) == 1:
            chosen = choices[0]
        elif stored:
            do, value = stored.pop(0)
            chosen = Action(do=do, a=value)
        else:
            return plan, name, choices
        if chosen.do == "target":
            first = chosen.a
            if (first,) in targets:
                plan["target"] = [first]
        elif chosen.do == "to":
            plan["target"] = [first, chosen.a]
        elif chosen.do == "support":
            plan["supporters"].append(chosen.a)
            plan["hearts"] += hearts_of(s, chosen.a)
        else:
            return plan, "submit", [Action(do="submit")]


def _offer(s: State, demon: int) -> list[Action]:
    return [Action(do="cast", a=c) for c in spells.castable(s, demon)]


def _open(s: State, a: Ask, x: Action, ev: Events) -> None:
    s.drafts[a.seat] = Draft(q="act", data={"verb": "cast", "demon": a.data["demon"], "card": x.a})


def _draft_legal(s: State, a: Ask, draft: Draft) -> list[Action]:
    return _plan(s, a, draft)[2] + [Action(do="back")]


def _draft_answer(s: State, a: Ask, draft: Draft, x: Action, ev: Events) -> None:
    actions.step_draft(s, a, draft, x, lambda: _submit(s, a, draft, _plan(s, a, draft)[0], ev))


# -- casting -----------------------------------------------------------------------------------------


def _submit(s: State, a: Ask, draft: Draft, plan: dict[str, Any], ev: Events) -> None:
    demon, card = a.data["demon"], draft.data["card"]
    c = Casting(caster=demon, seat=a.seat, card=card, key=_key(card), target=list(plan["target"]),
                resume=RESUME, supporters=list(plan["supporters"]))
    s.drafts.pop(a.seat, None)
    close(s, a)
    s.step = RESUME
    if not c.supporters:
        cast(s, ev, c)
        return
    c.support = [d for d in c.supporters if s.demons[d].owner == a.seat]
    c.to_support = [d for d in c.supporters if s.demons[d].owner != a.seat]
    s.casting = c
    tell(s, ev, "ev_magic_support_call", seat=a.seat, demon=card_of(s, demon), card=card,
         need=plan["need"], n=len(c.supporters))
    _next_support(s, ev)


def cast(s: State, ev: Events, c: Casting) -> None:
    """The spell is cast: fall home if needed, pay, play the card, use the
    demon's action, announce it, open the counter window."""
    key = c.key
    if data.MAJORS[key].where == "hell":
        actions.fall_home(s, ev, c.caster)
    souls, favour = spells.pay(s, c.seat, key)
    s.players[c.seat].hand.remove(c.card)
    s.arcana.append(c.card)
    s.demons[c.caster].acted = True
    suffix, params = counters.describe(s, c)
    tell(s, ev, "ev_magic_cast" + suffix, **params)
    if souls or favour:
        tell(s, ev, "ev_magic_paid", chronicle=False, seat=c.seat, souls=souls, favour=favour)
    s.last_spell = [c.seat, c.card, key, list(c.target)]
    s.step = c.resume
    counters.announce(s, ev, c)


def _next_support(s: State, ev: Events) -> None:
    c = s.casting
    while c.to_support:
        d = c.to_support.pop(0)
        if d in supporters(s, c.caster, c.key):
            ask(s, s.demons[d].owner, "support", kind="reaction", demon=d, caster=c.caster, card=c.card)
            return
    _evaluate(s, ev)


def _evaluate(s: State, ev: Events) -> None:
    """9.8.3.2: the supporters gave up their action; enough hearts, or the project fails."""
    c = s.casting
    for d in c.support:
        s.demons[d].acted = True
    need = data.MAJORS[c.key].hearts_needed
    total = hearts_of(s, c.caster) + sum(hearts_of(s, d) for d in c.support)
    params = {"seat": c.seat, "demon": card_of(s, c.caster), "card": c.card, "hearts": total, "need": need}
    if total >= need and spells.base_refusal(s, c.caster, c.key) is None:
        tell(s, ev, "ev_magic_support_enough", **params)
        cast(s, ev, c)
        return
    tell(s, ev, "ev_magic_support_failed", **params)
    s.casting = None
    s.step = RESUME  # the caster chooses its action again


def _support_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    c = s.casting
    d = a.data["demon"]
    close(s, a)
    if x.do == "yes":
        c.support.append(d)
        tell(s, ev, "ev_magic_support_yes", seat=a.seat, demon=card_of(s, d), caster=card_of(s, c.caster))
    else:
        tell(s, ev, "ev_magic_support_no", seat=a.seat, demon=card_of(s, d), caster=card_of(s, c.caster))
    _next_support(s, ev)


def _support_prompt(s: State, a: Ask) -> Label:
    c = s.casting
    d = a.data["demon"]
    return "pr_magic_support", {"seat": c.seat, "caster": card_of(s, c.caster), "card": c.card,
                                "demon": card_of(s, d), "hearts": hearts_of(s, d),
                                "need": data.MAJORS[c.key].hearts_needed}


question("support", legal=lambda s, a: [Action(do="no"), Action(do="yes")], answer=_support_answer,
         prompt=_support_prompt,
         label=lambda s, a, x: ("lb_magic_support_yes", {"demon": card_of(s, a.data["demon"])}) if x.do == "yes"
         else ("lb_magic_support_no", {}),
         passive=lambda s, a: Action(do="no"), group=lambda s, a, x: ("grp_magic_support", {}))


# -- words of the draft ----------------------------------------------------------------------------


def _prompt(s: State, a: Ask, draft: Draft) -> Label:
    demon, card = a.data["demon"], draft.data["card"]
    plan, name, _ = _plan(s, a, draft)
    base = {"demon": card_of(s, demon), "card": card}
    if name == "target":
        return "pr_magic_target", base
    if name == "to":
        return "pr_magic_target_to", base
    if name == "support":
        return "pr_magic_support_pick", {**base, "hearts": plan["hearts"], "need": plan["need"]}
    m = data.MAJORS[_key(card)]
    costs = {**base, "souls": m.souls, "favour": m.favour}
    if m.where == "hell" and s.demons[demon].on_earth:
        return "pr_magic_confirm_fall", costs
    return "pr_magic_confirm", costs


def _unit_label(s: State, uid: int) -> Label:
    u = board.unit(s, uid)
    where = {"sectio": u.at, "defender": u.owner}
    if u.kind == "lieutenant":
        return "lb_magic_unit_lt", {**where, "lt": u.card, "legions": len(board.group(s, u))}
    hound = board.hound_of(s, u)
    if hound is not None:
        return "lb_magic_unit_keeper", {**where, "attacks": hound.card}
    alike = sum(1 for x in board.units_at(s, u.at) if x.kind == "legion" and x.owner == u.owner
                and board.hound_of(s, x) is None and not led(s, x))
    return "lb_magic_unit_legion", {**where, "count": alike}


def _target_label(s: State, key: str, value: int) -> Label:
    aims = spells.EFFECTS[key].aims
    if aims == "demon":
        d = s.demons[value]
        return "lb_magic_demon", {"target_demon": d.card, "defender": d.owner,
                                  "stars": data.DEMONS[d.card].stars}
    if aims in ("unit", "move"):
        return _unit_label(s, value)
    if aims == "seat":
        return "lb_magic_seat", {"defender": value, "n": len(s.players[value].hand)}
    if aims == "absolve":
        if value == DISFAVOUR:
            return "lb_magic_disfavour", {}
        return "lb_magic_recover", {"target_demon": s.demons[value].card}
    if key == "revocation":
        return "lb_magic_sectio_owned", {"sectio": value, "defender": s.owner[value]}
    if key == "plague":
        return "lb_magic_sectio_legions", {"sectio": value, "n": sum(
            1 for u in board.units_at(s, value) if u.kind == "legion")}
    return "lb_magic_sectio", {"sectio": value}


def _step_label(s: State, a: Ask, draft: Draft, x: Action) -> Label:
    if x.do == "back":
        return "lb_magic_back", {}
    if x.do == "submit":
        return "lb_magic_submit", {}
    if x.do == "to":
        return "lb_magic_to", {"to": x.a}
    if x.do == "support":
        d = s.demons[x.a]
        return "lb_magic_supporter", {"target_demon": d.card, "defender": d.owner, "hearts": hearts_of(s, x.a)}
    return _target_label(s, _key(draft.data["card"]), x.a)


def _where_group(at: int) -> Label:
    if at == ANTEHELL:
        return "grp_magic_antehell", {}
    return "grp_magic_circle", {"circle": 9 - data.SECTIOS[at].circle}


def _group(s: State, a: Ask, draft: Draft, x: Action) -> Label:
    aims = spells.EFFECTS[_key(draft.data["card"])].aims
    if x.do == "to" or (x.do == "target" and aims == "sectio"):
        return _where_group(x.a)
    if x.do == "target" and aims in ("unit", "move"):
        return _where_group(board.unit(s, x.a).at)
    if x.do in ("target", "support") and aims in ("demon", "") and x.a >= 0:
        return "grp_magic_seat", {"seat": s.demons[x.a].owner}
    return "grp_magic_choices", {}


#: The label of each Action spell's card in the act question (it names the spell).
CAST_LABELS = {
    "deflection": "lb_magic_cast_deflection", "incubus": "lb_magic_cast_incubus",
    "binding": "lb_magic_cast_binding", "love_for_lilith": "lb_magic_cast_love_for_lilith",
    "call_for_uriel": "lb_magic_cast_call_for_uriel", "raise_the_dead": "lb_magic_cast_raise_the_dead",
    "plague": "lb_magic_cast_plague", "fast_souls": "lb_magic_cast_fast_souls",
    "intrigue": "lb_magic_cast_intrigue", "secret_tunnel": "lb_magic_cast_secret_tunnel",
    "ward": "lb_magic_cast_ward", "revocation": "lb_magic_cast_revocation",
    "pack_of_hounds": "lb_magic_cast_pack_of_hounds", "lore": "lb_magic_cast_lore",
    "absolution": "lb_magic_cast_absolution", "confusion": "lb_magic_cast_confusion",
}


def _cast_label(s: State, a: Ask, x: Action) -> Label:
    m = data.MAJORS[_key(x.a)]
    return CAST_LABELS.get(m.key, "lb_magic_cast"), {"card": x.a, "souls": m.souls, "favour": m.favour}


verb("cast", offer=_offer, apply=_open, label=_cast_label,
     legal=_draft_legal, answer=_draft_answer, prompt=_prompt, step_label=_step_label, group=_group)


# -- asked again after "always pass" ------------------------------------------------------------------


def _counters_on(s: State, a: Ask, x: Action, ev: Events) -> None:
    s.players[a.seat].always_pass = False
    tell_seat(ev, a.seat, "ev_magic_counters_on")  # not an action: the demon still chooses one


verb("counters_on", offer=lambda s, i: [Action(do="counters_on")] if s.players[s.demons[i].owner].always_pass else [],
     apply=_counters_on, label=lambda s, a, x: ("lb_magic_counters_on", {}))


# -- standing orders: a spell cast in the demon's turn -------------------------------------------------


def _order_targets(s: State, demon: int, card: int) -> list[int | None] | None:
    """The targets a standing order may name for ``card`` cast by ``demon``
    (``[None]``: it needs none), or None when it cannot be ordered: a target
    of two parts, or more hearts needed than the demon has (support is asked
    in the turn, 9.8.3.2)."""
    key = _key(card)
    need = data.MAJORS[key].hearts_needed
    if need and hearts_of(s, demon) < need:
        return None
    targets = [tuple(t) for t in spells.EFFECTS[key].targets(s, demon)]
    if targets == [()]:
        return [None]
    if not targets or any(len(t) != 1 for t in targets):
        return None
    return list(dict.fromkeys(t[0] for t in targets))


def _spell_offer(s: State, seat: int, demon: int) -> list[Action]:
    return [Action(do="spell", a=c, b=t) for c in spells.castable(s, demon)
            for t in (_order_targets(s, demon, c) or [])]


def _spell_ready(s: State, demon: int, order: list) -> bool:
    _, card, target = order
    return (card in s.players[s.demons[demon].owner].hand and card in spells.castable(s, demon)
            and target in (_order_targets(s, demon, card) or []))


def _spell_carry_out(s: State, a: Ask, order: list, ev: Events) -> None:
    """As the cast question's submit with that target and no supporters."""
    _, card, target = order
    c = Casting(caster=a.data["demon"], seat=a.seat, card=card, key=_key(card),
                target=[] if target is None else [target], resume=RESUME)
    s.drafts.pop(a.seat, None)
    close(s, a)
    s.step = RESUME
    cast(s, ev, c)


def _spell_label(s: State, seat: int, x: Action) -> Label:
    if x.b is None:
        return "lb_plan_spell", {"card": x.a}
    return _target_label(s, _key(x.a), x.b)


orders.KINDS["spell"] = orders.Kind(
    offer=_spell_offer, ready=_spell_ready, carry_out=_spell_carry_out, label=_spell_label,
    group=lambda s, seat, x: _cast_label(s, None, Action(do="cast", a=x.a)),
    line=lambda s, demon, order: ("lb_plan_line_spell", {"demon": s.demons[demon].card, "card": order[1]}))
