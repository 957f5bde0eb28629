"""Targets in a combat round (11.2.2): what a unit attacks, chosen by the
engine or (option ``auto_targets`` off) by the players through the
``combat_target`` question, and the spread rule (every enemy once before
any twice) that binds their choices.

Rule decisions where the sources are silent:

- Targets (11.2.2), automatic: a side's attacks (legions by unit id, then a
  tame hound's attacks, seat after seat) are dealt round in turn over the
  enemy units, largest enemy party first, legions before hounds; so every
  enemy is attacked once before any twice. A wild hound attacks enemy hounds
  first (11.3.4, for rampaging hounds only), else spreads its attacks.
- Targets by the players (option ``auto_targets`` off): a question per
  attacking unit, per attack for a hound. The rule binds only the first
  attack of each unit (the Sugar Hill example counts a hound's attacks as one
  choice): the player's attackers must attack every enemy unit once, as far
  as they go, before any unit a second time; once each enemy is covered the
  others may go anywhere, and so may a hound's further attacks (a tame hound
  may split). Wild hounds and freebooters are always aimed by the engine.
"""

from __future__ import annotations

from typing import Any

from engines.hellgame.core import board
from engines.hellgame.core.flow import Events, ask, close, question
from engines.hellgame.core.model import Action, Ask, Battle, FREEBOOTERS, Side, State, Unit
from engines.hellgame.phases.combat.forces import fights, groups, in_side, party, wild_alive


def attacks(state: State, u: Unit) -> int:
    """A legion rolls once, a hound its number; a keeper does not attack (11.2.2)."""
    if u.kind == "hound":
        return u.card
    if u.kind == "legion" and board.hound_of(state, u) is None:
        return 1
    return 0


def attackers(state: State, b: Battle, seat: int) -> list[Unit]:
    return sorted((u for u in board.units_at(state, b.at) if u.owner == seat and attacks(state, u)),
                  key=lambda u: u.id)


def enemies(state: State, b: Battle, grps: list[Side], gi: int) -> list[Unit]:
    """The units side ``gi`` may attack, the largest enemy party first, legions
    before hounds (lieutenants are never targets)."""
    sizes: dict[int, int] = {}
    here = [u for u in board.units_at(state, b.at) if fights(u)]
    for u in here:
        sizes[party(u)] = sizes.get(party(u), 0) + 1
    mine = grps[gi]
    foes = [u for u in here if not in_side(u, mine)]
    return sorted(foes, key=lambda u: (-sizes[party(u)], u.owner is None, party(u), u.kind != "legion", u.id))


def auto_targets(state: State, b: Battle, grps: list[Side], seats: list[int] | None = None) -> None:
    """11.2.2: every enemy unit once before any twice, the side's attacks dealt
    round in turn (a hound with a keeper splits its attacks the same way);
    11.3.4: a wild hound goes for enemy hounds first, else spreads its attacks."""
    for gi, side in enumerate(grps):
        foes = enemies(state, b, grps, gi)
        if not foes:
            continue
        i = 0
        for seat in side.seats:
            if seats is not None and seat not in seats:
                continue
            for u in attackers(state, b, seat):
                b.targets[u.id] = []
                for _ in range(attacks(state, u)):
                    b.targets[u.id].append(foes[i % len(foes)].id)
                    i += 1
        for h in wild_alive(state, b):
            if h.id in side.wild:
                prey = [f for f in foes if f.kind == "hound"] or foes
                b.targets[h.id] = [prey[k % len(prey)].id for k in range(h.card)]


def spread_ok(counts: list[int], left: int) -> bool:
    """11.2.2, every enemy once before any twice (as far as possible): with
    ``counts`` attacks chosen per enemy and ``left`` attackers still to aim,
    can the attackers still reach every enemy they are enough for? Beyond
    that the rule sets no limit (2 enemies, 5 legions: 4 + 1 is legal)."""
    unattacked = sum(1 for c in counts if c == 0)
    return unattacked <= left + max(0, len(counts) - sum(counts) - left)


def legal_targets(state: State, b: Battle, grps: list[Side], seat: int, entry: list[int]) -> list[Unit]:
    """Targets a player may give the attack ``entry`` = [attacker, number,
    attacks]: a unit's first attack keeps the once-before-twice rule over the
    player's attackers; the further attacks of a hound may go anywhere (it may
    split)."""
    gi = next(i for i, side in enumerate(grps) if seat in side.seats)
    foes = enemies(state, b, grps, gi)
    if entry[1] > 1:
        return foes
    index = {u.id: i for i, u in enumerate(foes)}
    counts = [0] * len(foes)
    for u in attackers(state, b, seat):
        chosen = b.targets.get(u.id)
        if chosen and chosen[0] in index:
            counts[index[chosen[0]]] += 1
    left = sum(1 for e in b.pending.get(seat, []) if e[1] == 1) - 1
    out = []
    for i, u in enumerate(foes):
        counts[i] += 1
        if spread_ok(counts, left):
            out.append(u)
        counts[i] -= 1
    return out


# -- manual targets (option auto_targets off) ------------------------------------------


def choose_targets(s: State, b: Battle, ev: Events) -> None:
    """11.2.2: targets before the first roll; by the engine (option
    ``auto_targets``) or one question per attacking unit (per attack of a hound)."""
    b.targets, b.pending = {}, {}
    grps = groups(s, b)
    if s.options.get("auto_targets", True):
        auto_targets(s, b, grps)
        return
    auto_targets(s, b, grps, seats=[FREEBOOTERS])
    for gi, side in enumerate(grps):
        if not enemies(s, b, grps, gi):
            continue
        for seat in [p for p in side.seats if 0 <= p < s.seats]:
            entries = [[u.id, k + 1, attacks(s, u)] for u in attackers(s, b, seat) for k in range(attacks(s, u))]
            if entries:
                b.pending[seat] = entries
                _ask_target(s, seat)


def _ask_target(s: State, seat: int) -> None:
    """One question per seat; it stays open (same stage) while the seat gives
    its attackers their targets one by one (``Battle.pending``)."""
    ask(s, seat, "combat_target", kind="simultaneous", sectio=s.battle.at, round=s.battle.round)


def _target_legal(s: State, a: Ask) -> list[Action]:
    b = s.battle
    entry = b.pending[a.seat][0]
    return [Action(do="target", a=u.id) for u in legal_targets(s, b, groups(s, b), a.seat, entry)]


def _target_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    b = s.battle
    entry = b.pending[a.seat].pop(0)
    b.targets.setdefault(entry[0], []).append(x.a)
    if not b.pending[a.seat]:
        del b.pending[a.seat]
        close(s, a)


def _target_prompt(s: State, a: Ask) -> tuple[str, dict[str, Any]]:
    unit, attack, n = s.battle.pending[a.seat][0]
    if board.unit(s, unit).kind == "legion":
        return "pr_combat_target", {"sectio": a.data["sectio"], "unit": unit}
    return "pr_combat_target_hound", {"sectio": a.data["sectio"], "unit": unit, "attack": attack, "attacks": n}


def _target_label(s: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    u = board.unit(s, x.a)
    if u.kind == "hound" and u.owner is None:
        return "lb_combat_target_wild", {"unit": u.id, "attacks": u.card}
    if u.kind == "hound":
        return "lb_combat_target_hound", {"seat": u.owner, "unit": u.id, "attacks": u.card}
    hound = board.hound_of(s, u)
    if hound is not None:
        return "lb_combat_target_keeper", {"seat": u.owner, "unit": u.id, "attacks": hound.card}
    lt = board.unit(s, u.leader) if u.leader is not None else None
    if lt is not None:
        return "lb_combat_target_led", {"seat": u.owner, "unit": u.id, "lt": lt.card}
    return "lb_combat_target_legion", {"seat": u.owner, "unit": u.id}


def _target_group(s: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    u = board.unit(s, x.a)
    return ("grp_combat_wild", {}) if u.owner is None else ("grp_combat_seat", {"seat": u.owner})


question(
    "combat_target",
    legal=_target_legal,
    answer=_target_answer,
    prompt=_target_prompt,
    label=_target_label,
    passive=lambda s, a: _target_legal(s, a)[0],
    group=_target_group,
)
