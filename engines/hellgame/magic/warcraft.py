"""Combat magic (11.1, 11.2.1): the magic step of every combat round and the
five Combat spells of hellgame.md's catalogue (17-21).

A demon that joins a battle takes up to its stars of arcana cards along
(:mod:`engines.hellgame.phases.combat.lineup`, ``Battle.cards``). In the magic step of each
combat round (hook :data:`engines.hellgame.phases.combat.combat.MAGIC`) the seats whose
demons brought cards are asked, side after side, question ``combat_magic``:
``cast`` a=card b/c=target, ``done`` (pass) or, once, ``later``. A cast plays
the card (to the bottom of the arcana deck) and goes through
:func:`engines.hellgame.magic.counters.announce` with ``resume="combat_battle"``;
the spell's effect is :data:`engines.hellgame.magic.spells.EFFECTS` ``[key].apply``.

Rule decisions where the sources are silent:

- Order (11.2.1, G40): the side whose joined demon has the most skulls (alone)
  casts first; that demon's owner is asked first and may let the other side
  begin (``later``). Tied skulls: the side with more legions begins (as for
  flight, 11.2.4). Then the sides alternate, one seat's decision per turn
  (within a side the seat holding the top demon, then seat order). The step
  ends when every seat that may still cast has passed since the last spell.
- Secrecy: every seat with a demon in the battle that still has brought cards
  is asked, whether or not one of them can be cast now, so the question does
  not tell whether the cards are Combat cards.
- Only cards the demon brought and still in hand, with timing "combat", whose
  requirement holds (:attr:`Spell.refusal`) and which have a target.
- G43: the spells of a demon removed from the battle are void at once (Frenzy,
  Iron Skin stop counting); what already happened (a legion burnt by Hellfire,
  a legion come as Reinforcements) stays. Its unplayed cards go back to the
  hand (hellgame.md, Rulings): they stay in hand, no longer marked.
- Frenzy and Iron Skin count for the units of the caster's side's seats
  (freebooters allied by their roll included), not for wild hounds that joined
  the side by chance; two such spells add up. Iron Skin also helps a side's
  tamed hounds (4 + 1).
- Hellfire: the caster picks an enemy legion by kind (per owner: unled, led by
  a lieutenant, keeper of a hound); a keeper's hound runs amok at once.
- Reinforcements: one legion of the caster's seat from an adjacent sectio
  (not from Antehell, which is left only by the re-entry roll), an unled one
  first, then a led one (it leaves its lieutenant's group), then a keeper with
  its hound; it counts as having entered from there (for flight), and it is
  refused where the seat's units may not enter (Ward).
- Standing orders (:mod:`engines.hellgame.phases.combat.orders`) answer
  ``combat_magic`` by themselves (``core.hooks.STANDING``): the decider's
  "later" by the order on who casts first; then "cast X whenever able":
  one card of X per combat round (``BattleOrders.cast``), the first target
  listed, else ``done`` (X "any": any Combat card taken along); "never": ``done``. The answer is automatic whether
  or not the hand holds X, so only a cast shows it; "ask me" asks.
"""

from __future__ import annotations

from typing import Any

from engines.hellgame.core import board, data, flight, hooks
from engines.hellgame.core.flow import Events, ask, ask_of, close, question, tell
from engines.hellgame.core.model import ANTEHELL, Action, Ask, Battle, Casting, FREEBOOTERS, Side, State, Unit
from engines.hellgame.magic import counters, spells
from engines.hellgame.phases.combat import battle, combat, orders
from engines.hellgame.phases.combat.forces import legions_of, over, players, skulls

FRENZY, DISTRACTION, IRON_SKIN, HELLFIRE, REINFORCEMENTS = (
    "frenzy", "demonic_distraction", "iron_skin", "hellfire", "reinforcements")
RESUME = "combat_battle"


# -- who fights where ------------------------------------------------------------------


def side_of_demon(s: State, demon: int) -> int | None:
    """The index of the side the demon fights for in the current battle."""
    b = s.battle
    if b is None:
        return None
    return next((i for i, side in enumerate(b.sides) if demon in side.demons), None)


def brought(s: State, seat: int) -> list[tuple[int, int]]:
    """(demon, card) of the cards the seat's demons in the battle took along, still in hand."""
    b = s.battle
    hand = s.players[seat].hand
    return [(d, c) for side in b.sides for d in side.demons if s.demons[d].owner == seat
            for c in b.cards.get(d, []) if c in hand]


def _enemy_sides(s: State, demon: int) -> list[Side]:
    i = side_of_demon(s, demon)
    return [side for j, side in enumerate(s.battle.sides) if j != i]


def _refusal(s: State, demon: int) -> str | None:
    """Every Combat spell: a demon fighting in the current battle (never one on Earth)."""
    if s.demons[demon].on_earth:
        return "why_warcraft_on_earth"
    if s.demons[demon].status != "active" or side_of_demon(s, demon) is None:
        return "why_warcraft_not_in_battle"
    return None


# -- the five spells -------------------------------------------------------------------


def _lasting(key: str, event: str):
    """Frenzy, Iron Skin: in force for the caster's side this combat round."""

    def apply(s: State, ev: Events, c: Casting) -> None:
        b = s.battle
        if b is None or side_of_demon(s, c.caster) is None:
            return
        b.spells.setdefault(key, []).append(c.caster)
        tell(s, ev, event, seat=c.seat, sectio=b.at, demon=s.demons[c.caster].card)

    return apply


def _bonus(key: str, value: int):
    """ATTACK_BONUS / SAVE_BONUS hook: ``value`` per spell in force whose caster still fights on the unit's side."""

    def hook(s: State, b: Battle, u: Unit) -> int:
        return value * sum(1 for d in b.spells.get(key, []) for side in b.sides
                           if d in side.demons and u.owner is not None and u.owner in side.seats)

    return hook


def _enemy_demons(s: State, demon: int) -> list[int]:
    return [d for side in _enemy_sides(s, demon) for d in side.demons]


def _distraction_refusal(s: State, demon: int) -> str | None:
    return _refusal(s, demon) or (None if _enemy_demons(s, demon) else "why_warcraft_no_enemy_demon")


def _distraction(s: State, ev: Events, c: Casting) -> None:
    """One enemy demon leaves the battle; its spells are void (G43), its unplayed cards back to the hand."""
    b = s.battle
    target = c.target[0]
    i = side_of_demon(s, target)
    if b is None or i is None:
        return
    b.sides[i].demons.remove(target)
    back = [x for x in b.cards.pop(target, []) if x in s.players[s.demons[target].owner].hand]
    for key in list(b.spells):
        b.spells[key] = [d for d in b.spells[key] if d != target]
    tell(s, ev, "ev_warcraft_distraction", seat=c.seat, sectio=b.at, demon=s.demons[target].card,
         defender=s.demons[target].owner, n=len(back))


def _enemy_legions(s: State, demon: int) -> list[Unit]:
    seats = {p for side in _enemy_sides(s, demon) for p in side.seats}
    return [u for u in board.units_at(s, s.battle.at) if u.kind == "legion" and u.owner in seats]


def _kind(s: State, u: Unit) -> tuple:
    """A legion's kind for Hellfire's choice: owner, its lieutenant, its hound."""
    lead = board.unit(s, u.leader) if u.leader is not None else None
    hound = board.hound_of(s, u)
    return (u.owner, lead.id if lead and lead.at == u.at else None, hound.id if hound else None)


def _hellfire_targets(s: State, demon: int) -> list[tuple]:
    if _refusal(s, demon):
        return []
    seen: dict[tuple, int] = {}
    for u in _enemy_legions(s, demon):
        seen.setdefault(_kind(s, u), u.id)
    return [(uid,) for uid in seen.values()]


def _hellfire_refusal(s: State, demon: int) -> str | None:
    return _refusal(s, demon) or (None if _enemy_legions(s, demon) else "why_warcraft_no_enemy_legion")


def _hellfire(s: State, ev: Events, c: Casting) -> None:
    """One enemy legion is destroyed, no save (a keeper's hound runs amok)."""
    b = s.battle
    u = board.unit(s, c.target[0])
    if b is None or u is None or u.at != b.at:
        return
    if u.owner == FREEBOOTERS:
        tell(s, ev, "ev_warcraft_hellfire_freebooters", seat=c.seat, sectio=b.at)
    else:
        tell(s, ev, "ev_warcraft_hellfire", seat=c.seat, sectio=b.at, defender=u.owner)
    battle.destroy(s, b, [u], ev)


def _fresh(s: State, seat: int, at: int) -> Unit | None:
    """The legion Reinforcements brings from ``at``: unled first, then led, then a keeper."""
    mine = [u for u in board.units_at(s, at) if u.kind == "legion" and u.owner == seat]
    mine.sort(key=lambda u: (board.hound_of(s, u) is not None, u.leader is not None, u.id))
    return mine[0] if mine else None


def _reinforcement_targets(s: State, demon: int) -> list[tuple]:
    if _refusal(s, demon):
        return []
    seat, at = s.demons[demon].owner, s.battle.at
    if flight.entry_barred(s, seat, at):
        return []
    return [(frm,) for frm in data.NEIGHBOURS[at] if frm != ANTEHELL and _fresh(s, seat, frm)]


def _reinforcement_refusal(s: State, demon: int) -> str | None:
    return _refusal(s, demon) or (None if _reinforcement_targets(s, demon) else "why_warcraft_no_legion_adjacent")


def _reinforcements(s: State, ev: Events, c: Casting) -> None:
    """One own legion from an adjacent sectio joins this battle."""
    b = s.battle
    seat = s.demons[c.caster].owner
    u = _fresh(s, seat, c.target[0]) if b is not None else None
    if u is None:
        return
    frm = u.at
    hound = board.hound_of(s, u)
    u.at, u.leader = b.at, None
    if hound is not None:
        hound.at = b.at
    flight.record_entry(s, b.at, seat, frm)
    tell(s, ev, "ev_warcraft_reinforcements", seat=seat, sectio=b.at, **{"from": frm})


for _key, _event in ((FRENZY, "ev_warcraft_frenzy"), (IRON_SKIN, "ev_warcraft_iron_skin")):
    spells.spell(_key, targets=lambda s, d: [] if _refusal(s, d) else [()], refusal=_refusal, apply=_lasting(_key, _event))
spells.spell(DISTRACTION, targets=lambda s, d: [] if _distraction_refusal(s, d) else [(e,) for e in _enemy_demons(s, d)],
             refusal=_distraction_refusal, apply=_distraction, aims="demon")
spells.spell(HELLFIRE, targets=_hellfire_targets, refusal=_hellfire_refusal, apply=_hellfire, aims="unit")
spells.spell(REINFORCEMENTS, targets=_reinforcement_targets, refusal=_reinforcement_refusal, apply=_reinforcements)
battle.ATTACK_BONUS.append(_bonus(FRENZY, 2))
battle.SAVE_BONUS.append(_bonus(IRON_SKIN, 1))


# -- 11.2.1 the magic step ---------------------------------------------------------------


def castable(s: State, seat: int) -> list[Action]:
    """``cast`` a=card b, c=target of every brought Combat card that can be cast now."""
    out = []
    for d, card in brought(s, seat):
        key = data.ARCANA[card].major
        eff = spells.EFFECTS.get(key)
        if data.MAJORS[key].timing != "combat" or eff is None or eff.refusal(s, d) is not None:
            continue
        for t in eff.targets(s, d):
            t = tuple(t) + (None, None)
            out.append(Action(do="cast", a=card, b=t[0], c=t[1]))
    return out


def _able(s: State) -> list[int]:
    """Seats still to be asked: a demon in the battle with brought cards, not passed since the last spell."""
    b = s.battle
    return [p for side in b.sides for p in players(side.seats)
            if p not in b.magic_passed and brought(s, p)]


def _begin(s: State, b: Battle) -> None:
    """11.2.1: the side whose demon has the most skulls decides who casts first."""
    b.magic_round, b.spells, b.magic_passed, b.magic_decider = b.round, {}, [], None
    order = sorted(range(len(b.sides)), key=lambda i: (
        -skulls(s, b.sides[i]), -sum(legions_of(s, b.at, p) for p in players(b.sides[i].seats)), i))
    b.magic_side = order[0] if order else 0
    if len(order) >= 2 and skulls(s, b.sides[order[0]]) > skulls(s, b.sides[order[1]]):
        side = b.sides[order[0]]
        top = max(side.demons, key=lambda d: (data.DEMONS[s.demons[d].card].skulls, -d))
        b.magic_decider = s.demons[top].owner


def magic(s: State, ev: Events) -> bool:
    """The hook of :data:`combat.MAGIC`: ask the next seat, or end the step (False)."""
    b = s.battle
    if over(s, b):
        b.step = "end"  # Hellfire burnt the last enemy legion
        return True
    if b.magic_round != b.round:
        _begin(s, b)
    able = _able(s)
    n = len(b.sides)
    for k in range(n):
        i = (b.magic_side + k) % n
        seats = [p for p in b.sides[i].seats if p in able]
        if seats:
            b.magic_side = i
            seat = b.magic_decider if b.magic_decider in seats else seats[0]
            ask(s, seat, "combat_magic", sectio=b.at, round=b.round)
            return True
    return False


combat.MAGIC.append(magic)


def _may_wait(s: State, a: Ask) -> bool:
    b = s.battle
    return b.magic_decider == a.seat and any(p not in b.sides[b.magic_side].seats for p in _able(s))


def _legal(s: State, a: Ask) -> list[Action]:
    return castable(s, a.seat) + [Action(do="done")] + ([Action(do="later")] if _may_wait(s, a) else [])


def _answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    b.magic_decider = None
    b.magic_side = (b.magic_side + 1) % len(b.sides)
    close(s, a)
    if x.do == "later":
        tell(s, ev, "ev_warcraft_later", chronicle=False, seat=a.seat, sectio=b.at)
        return
    if x.do == "done":
        b.magic_passed.append(a.seat)
        tell(s, ev, "ev_warcraft_pass", chronicle=False, seat=a.seat, sectio=b.at)
        return
    b.magic_passed = []
    mine = b.orders.get(a.seat)
    if mine is not None and mine.spell in (data.ARCANA[x.a].major, "any"):
        mine.cast = b.round  # the standing order casts that spell once per combat round
    cast(s, ev, a.seat, x.a, [t for t in (x.b, x.c) if t is not None])


def cast(s: State, ev: Events, seat: int, card: int, target: list[int]) -> None:
    """Play a brought Combat card (no costs, no action used): out of the hand
    and the demon's cards, to the bottom of the deck; announced as any major
    spell (:func:`counters.describe`), then the counter window and the effect."""
    b = s.battle
    demon = next(d for d, c in brought(s, seat) if c == card)
    key = data.ARCANA[card].major
    b.cards[demon].remove(card)
    s.players[seat].hand.remove(card)
    s.arcana.append(card)
    casting = Casting(caster=demon, seat=seat, card=card, key=key, target=target, resume=RESUME)
    suffix, params = counters.describe(s, casting)
    tell(s, ev, "ev_magic_cast" + suffix, **params)
    s.last_spell = [seat, card, key, list(target)]
    s.step = RESUME
    counters.announce(s, ev, casting)


def _prompt(s: State, a: Ask) -> tuple[str, dict[str, Any]]:
    return ("pr_warcraft_magic_first" if _may_wait(s, a) else "pr_warcraft_magic"), {
        "sectio": a.data["sectio"], "round": a.data["round"], "cards": [c for _, c in brought(s, a.seat)]}


def _label(s: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    if x.do == "done":
        return "lb_warcraft_done", {}
    if x.do == "later":
        return "lb_warcraft_later", {}
    key = data.ARCANA[x.a].major
    base = {"card": x.a}
    if key == DISTRACTION:
        return "lb_warcraft_distraction", {**base, "demon": s.demons[x.b].card, "defender": s.demons[x.b].owner}
    if key == HELLFIRE:
        u = board.unit(s, x.b)
        owner, lead, hound = _kind(s, u)
        if owner == FREEBOOTERS:
            return "lb_warcraft_hellfire_freebooters", base
        if hound is not None:
            return "lb_warcraft_hellfire_keeper", {**base, "defender": owner, "attacks": board.unit(s, hound).card}
        if lead is not None:
            return "lb_warcraft_hellfire_led", {**base, "defender": owner, "lt": board.unit(s, lead).card}
        return "lb_warcraft_hellfire", {**base, "defender": owner}
    if key == REINFORCEMENTS:
        return "lb_warcraft_reinforcements", {**base, "from": x.b}
    return "lb_warcraft_cast", base


question(
    "combat_magic",
    legal=_legal,
    answer=_answer,
    prompt=_prompt,
    label=_label,
    passive=lambda s, a: Action(do="done"),
    group=lambda s, a, x: ("grp_warcraft_card", {"card": x.a}) if x.do == "cast" else ("grp_warcraft_other", {}),
)


# -- standing orders (:mod:`engines.hellgame.phases.combat.orders`) -----------------------------


def _standing(s: State, seat: int) -> Action | None:
    """The magic question answered by the seat's standing orders: who casts
    first, then "cast X whenever able" (one card of X per combat round, the
    first target listed; X "any": the first castable card) or pass.
    Automatic whether or not the hand holds X: only a cast shows it."""
    a = ask_of(s, seat)
    mine = orders.orders(s, seat)
    if a is None or a.q != "combat_magic" or mine is None:
        return None
    if _may_wait(s, a) and mine.first != "me":
        return Action(do="later") if mine.first == "enemy" else None
    if mine.spell == "ask":
        return None
    if mine.spell != "never" and mine.cast != s.battle.round:
        chosen = next((x for x in castable(s, seat) if mine.spell in (data.ARCANA[x.a].major, "any")), None)
        if chosen is not None:
            return chosen
    return Action(do="done")


hooks.STANDING.append(_standing)
