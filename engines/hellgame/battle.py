"""The mechanics of one battle (chapter 11): who fights whom, targets,
attacks, saves and losses. The procedure around them (questions, order of
battles, flight) is in :mod:`engines.hellgame.combat`.

Vocabulary: a *party* is a seat, the freebooters, or one wild hound (key
``-1 - unit id``); a *force* is a :class:`Side` of allied parties
(``Battle.sides``); the *groups* of a combat round are the forces plus every
wild hound that fights alone that round (it joins a force by a 50-50 roll only
while two forces stand against each other, 11.3.2, G59).

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
- Dice: each seat rolls all its attacks at once, then all its saves (units
  by id, a unit's hits together); a wild hound rolls for no seat. A unit
  hit several times rolls once per hit, any failure destroys it (G42).
- Events: every roll is a public event (a save line names the value
  needed); the round summary keeps only what changed the board (start,
  sides, demons, saves with losses, keepers and lieutenants lost, flight,
  the winner).
- A hound whose keeper died runs amok after the saves, before the
  lieutenants roll; if it stays it is a wild party from the next round on.
- Lieutenants' bonuses (11.2.2): each lieutenant commands up to his
  leadership of his owner's attacking legions in the battle (keepers do not
  attack), whether or not they moved with him: the legions he leads first,
  then unled ones, then any other; the highest bonus chooses first. A
  lieutenant rolls once per destroyed legion that attacked with his bonus,
  stopping at the first 6. Freebooter lieutenants give their bonus to saves
  only and never roll.
"""

from __future__ import annotations

from typing import Any, Callable

from engines.hellgame import board, data, dice
from engines.hellgame.flow import Events, ask, close, question, tell
from engines.hellgame.model import FREEBOOTERS, Action, Ask, Battle, Side, State, Unit

#: Part 2: extra combat roll modifiers (Temper, Frenzy): ``(state, battle, unit) -> int``.
ATTACK_BONUS: list[Callable[[State, Battle, Unit], int]] = []
#: Part 2: extra save modifiers (Iron Skin): ``(state, battle, unit) -> int`` (+1 saves on one more).
SAVE_BONUS: list[Callable[[State, Battle, Unit], int]] = []

HIT = 6
HOUND_SAVE = 4
LIEUTENANT_SURVIVES = 5


def party(u: Unit) -> int:
    return u.owner if u.owner is not None else -1 - u.id


def fights(u: Unit) -> bool:
    """Only legions and hounds attack and can be attacked (11.2.2)."""
    return u.kind in ("legion", "hound")


def parties_at(state: State, at: int) -> dict[int, list[Unit]]:
    out: dict[int, list[Unit]] = {}
    for u in board.units_at(state, at):
        if fights(u):
            out.setdefault(party(u), []).append(u)
    return out


def has_battle(state: State, at: int) -> bool:
    """G39: hostile parties with legions or hounds share the place (a lone
    lieutenant is no party: he can neither attack nor be attacked)."""
    return len(parties_at(state, at)) >= 2


def queue_battle(state: State, at: int | None, events: Events) -> None:
    """Flight or a hound running amok brought units to ``at``: a new battle
    there is fought later in this phase (11.2.4)."""
    if at is None or at in state.battles or (state.battle and state.battle.at == at) or not has_battle(state, at):
        return
    if at in state.avoided:
        state.avoided.remove(at)
    # 11: the rampaging hounds' battles come after all triumvirates' battles,
    # also when flight creates a new triumvirates' battle.
    pos = len(state.battles)
    if triumvirates(state, at):
        pos = next((i for i, x in enumerate(state.battles) if not triumvirates(state, x)), pos)
    state.battles.insert(pos, at)
    tell(state, events, "ev_battle_added", sectio=at)


def triumvirates(state: State, at: int) -> bool:
    """A battle of triumvirates (or freebooters): two such parties take part;
    otherwise it is a battle of rampaging hounds (11)."""
    return sum(1 for p in parties_at(state, at) if p >= 0) >= 2


# -- forces and groups -------------------------------------------------------------


def in_side(u: Unit, side: Side) -> bool:
    return (u.owner is not None and u.owner in side.seats) or u.id in side.wild


def members(state: State, b: Battle, side: Side) -> list[Unit]:
    return [u for u in board.units_at(state, b.at) if in_side(u, side)]


def forces_alive(state: State, b: Battle) -> list[int]:
    return [i for i, side in enumerate(b.sides) if any(fights(u) for u in members(state, b, side))]


def wild_alive(state: State, b: Battle) -> list[Unit]:
    return [u for u in board.units_at(state, b.at) if u.id in b.wild]


def over(state: State, b: Battle) -> bool:
    """11.3.3: one force is left, and no wild hound beside it."""
    return len(forces_alive(state, b)) + len(wild_alive(state, b)) <= 1


def groups(state: State, b: Battle) -> list[Side]:
    """The sides of the current combat round: the forces, then every wild
    hound not fighting with a force this round."""
    joined = {h for side in b.sides for h in side.wild}
    return list(b.sides) + [Side(wild=[h.id]) for h in wild_alive(state, b) if h.id not in joined]


def roll_hound_sides(state: State, b: Battle, events: Events) -> None:
    """11.3.2, G59: every combat round each wild hound rolls: 1-3 it fights with
    the first force, 4-6 with the second (only while both still stand)."""
    for side in b.sides:
        side.wild = []
    if len(b.sides) != 2 or len(forces_alive(state, b)) != 2:
        return
    for h in wild_alive(state, b):
        r = dice.d6(state, None)
        side = b.sides[0 if r <= 3 else 1]
        side.wild.append(h.id)
        tell(state, events, "ev_battle_hound_side", chronicle=False, sectio=b.at, attacks=h.card, roll=r,
             seats=list(side.seats))


def skulls(state: State, side: Side) -> int:
    """The most skulls among the side's demons in the battle (0: none, G41)."""
    return max((data.DEMONS[state.demons[d].card].skulls for d in side.demons), default=0)


# -- targets -------------------------------------------------------------------------


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


# -- attacks, saves, losses ----------------------------------------------------------


def bonuses(state: State, at: int) -> dict[int, Unit]:
    """Legion id -> the lieutenant whose combat bonus it adds (11.2.2): "as
    many legions as his leadership" of his owner's attacking legions there,
    not only those that moved with him; his own group first, then unled
    legions, then the rest; the highest bonus first. Freebooters'
    lieutenants help their saves only (ruling)."""
    here = board.units_at(state, at)
    out: dict[int, Unit] = {}
    lts = [u for u in here if u.kind == "lieutenant" and u.owner not in (None, FREEBOOTERS)]
    for lt in sorted(lts, key=lambda u: (-data.LIEUTENANTS[u.card].combat_bonus, u.id)):
        free = [x for x in here if x.kind == "legion" and x.owner == lt.owner and x.id not in out and attacks(state, x)]
        free.sort(key=lambda x: (x.leader != lt.id, x.leader is not None, x.id))
        for x in free[:data.LIEUTENANTS[lt.card].leadership]:
            out[x.id] = lt
    return out


def save_value(state: State, b: Battle, side: Side, u: Unit) -> int:
    """11.2.3: hounds on 4 or less; a side with a demon on its best demon's
    skulls (G41), without one on a 1; freebooters on their lieutenant's bonus."""
    if u.kind == "hound":
        base = HOUND_SAVE
    elif u.owner == FREEBOOTERS:
        base = max((data.LIEUTENANTS[x.card].combat_bonus for x in board.units_at(state, b.at)
                    if x.kind == "lieutenant" and x.owner == FREEBOOTERS), default=1)
    else:
        base = skulls(state, side) or 1
    return base + sum(hook(state, b, u) for hook in SAVE_BONUS)


def _roll_attacks(state: State, b: Battle, who: int | None, units: list[Unit], lts: dict[int, Unit],
                  hits: dict[int, int], used: dict[int, int], events: Events) -> None:
    plan = [(u, t) for u in units for t in b.targets.get(u.id, [])]
    if not plan:
        return
    rolls = dice.roll(state, who, len(plan))
    totals, scored = [], 0
    for (u, target), r in zip(plan, rolls):
        mod = sum(hook(state, b, u) for hook in ATTACK_BONUS)
        if u.id in lts:
            mod += data.LIEUTENANTS[lts[u.id].card].combat_bonus
            used[u.id] = lts[u.id].id
        totals.append(r + mod)
        if r + mod >= HIT:
            hits[target] = hits.get(target, 0) + 1
            scored += 1
    # With bonuses the text shows the modified results; "dice" keeps the dice.
    params = {"sectio": b.at, "rolls": totals, "dice": rolls, "hits": scored}
    if who is None:
        tell(state, events, "ev_battle_attack_wild_bonus" if totals != rolls else "ev_battle_attack_wild",
             chronicle=False, attacks=units[0].card, **params)
    else:
        tell(state, events, "ev_battle_attack_bonus" if totals != rolls else "ev_battle_attack", chronicle=False,
             seat=who, **params)


def _roll_saves(state: State, b: Battle, who: int | None, side: Side, hit: list[Unit], hits: dict[int, int],
                dead: list[Unit], events: Events) -> None:
    if not hit:
        return
    rolls = dice.roll(state, who, sum(hits[u.id] for u in hit))
    # One line per save value (a seat's hounds save on 4, its legions on the
    # demon's skulls or 1), so the rolls can be checked against it.
    by_need: dict[int, list[int]] = {}
    i = 0
    for u in hit:
        mine = rolls[i:i + hits[u.id]]
        i += hits[u.id]
        need = save_value(state, b, side, u)
        line = by_need.setdefault(need, [0, 0])
        line.extend(mine)
        if any(r > need for r in mine):
            dead.append(u)
            line[1] += 1
        else:
            line[0] += 1
    if who is None:
        killed = any(u is hit[0] for u in dead)
        tell(state, events, "ev_battle_hound_killed" if killed else "ev_battle_save_wild", chronicle=killed,
             sectio=b.at, attacks=hit[0].card, rolls=rolls)
        return
    for need, (saved, lost, *mine) in by_need.items():
        tell(state, events, "ev_battle_save", chronicle=lost > 0, seat=who, sectio=b.at, need=need, rolls=mine,
             saved=saved, lost=lost)


def fight_round(state: State, b: Battle, grps: list[Side], events: Events) -> None:
    """11.2.2-11.2.3: simultaneous attacks, saves per hit (G42), removal, the
    hounds that lost their keeper, and the lieutenants' survival rolls."""
    lts = bonuses(state, b.at)
    hits: dict[int, int] = {}
    used: dict[int, int] = {}
    for side in grps:
        for seat in side.seats:
            _roll_attacks(state, b, seat, attackers(state, b, seat), lts, hits, used, events)
        for h in wild_alive(state, b):
            if h.id in side.wild:
                _roll_attacks(state, b, None, [h], lts, hits, used, events)
    dead: list[Unit] = []
    for side in grps:
        for seat in side.seats:
            hit = sorted((u for u in members(state, b, side) if u.owner == seat and hits.get(u.id)), key=lambda u: u.id)
            _roll_saves(state, b, seat, side, hit, hits, dead, events)
        for h in wild_alive(state, b):
            if h.id in side.wild and hits.get(h.id):
                _roll_saves(state, b, None, side, [h], hits, dead, events)
    led = {u.id: used[u.id] for u in dead if u.id in used}
    destroy(state, b, dead, events)
    falls: dict[int, int] = {}
    for lt_id in led.values():
        falls[lt_id] = falls.get(lt_id, 0) + 1
    for lt_id in sorted(falls):
        lt = board.unit(state, lt_id)
        if lt is None:
            continue
        rolls = []
        for _ in range(falls[lt_id]):
            rolls.append(dice.d6(state, lt.owner))
            if rolls[-1] > LIEUTENANT_SURVIVES:
                break
        if rolls[-1] > LIEUTENANT_SURVIVES:
            tell(state, events, "ev_battle_lt_falls", seat=lt.owner, lt=lt.card, sectio=b.at, rolls=rolls)
            b.lost.append(party(lt))
            board.remove(state, lt)
        else:
            tell(state, events, "ev_battle_lt_survives", chronicle=False, seat=lt.owner, lt=lt.card, sectio=b.at,
                 rolls=rolls)


def destroy(state: State, b: Battle, dead: list[Unit], events: Events) -> None:
    """Remove destroyed units (hounds first); a hound whose keeper died runs
    amok at once (10.3): if it stays, it fights on as a wild party (11.2.3)."""
    from engines.hellgame import movement

    loose: list[tuple[Unit, int | None]] = []
    for u in sorted(dead, key=lambda u: (u.kind != "hound", u.kind == "lieutenant", u.id)):
        if board.unit(state, u.id) is None:
            continue
        b.lost.append(party(u))
        owner = u.owner
        loose += [(h, owner) for h in board.remove(state, u)]
    for h, owner in loose:
        if board.unit(state, h.id) is None:
            continue
        tell(state, events, "ev_battle_keeper_lost", seat=owner, sectio=b.at, attacks=h.card)
        movement.run_amok(state, h, events)
        if board.unit(state, h.id) is None:
            continue
        if h.at == b.at:
            b.wild.append(h.id)
            tell(state, events, "ev_battle_hound_wild", sectio=b.at, attacks=h.card)
        else:
            queue_battle(state, h.at, events)


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


# -- 11.3.5 / 11.3.6 quick combat -----------------------------------------------------


def quick(s: State, b: Battle, ev: Events) -> bool:
    """11.3.5 (option ``quick_small``): 1-2 legions against 1-2 legions, nothing
    else there and no demon: a die per legion, the higher sum wins, the
    loser's legions are destroyed; a tie rolls again (G46). True if fought."""
    here = board.units_at(s, b.at)
    if (not s.options.get("quick_small") or len(b.sides) != 2 or b.wild
            or any(u.kind != "legion" for u in here) or any(side.demons for side in b.sides)
            or not all(1 <= len(members(s, b, side)) <= 2 for side in b.sides)):
        return False
    while True:
        totals = []
        for side in b.sides:
            total = 0
            for seat in side.seats:
                n = sum(1 for u in here if u.owner == seat)
                if n:
                    rolls = dice.roll(s, seat, n)
                    total += sum(rolls)
                    tell(s, ev, "ev_battle_quick", chronicle=False, sectio=b.at, seat=seat, rolls=rolls,
                         total=sum(rolls))
            totals.append(total)
        if totals[0] != totals[1]:
            break
        tell(s, ev, "ev_battle_quick_tie", chronicle=False, sectio=b.at)
    loser = b.sides[0 if totals[0] < totals[1] else 1]
    destroy(s, b, members(s, b, loser), ev)
    return True


def lucifer(s: State, b: Battle, ev: Events) -> None:
    """11.3.6: one unit of each side into the cup; the drawn side wins."""
    cup: list[Side] = [b.sides[i] for i in forces_alive(s, b)] + [Side(wild=[h.id]) for h in wild_alive(s, b)]
    drawn = cup[s.rng.below(len(cup))]
    if drawn.seats:
        tell(s, ev, "ev_battle_lucifer", sectio=b.at, seats=[p for p in drawn.seats if p != FREEBOOTERS])
    else:
        tell(s, ev, "ev_battle_lucifer_hound", sectio=b.at, attacks=board.unit(s, drawn.wild[0]).card)
    dead = [u for side in cup if side is not drawn for u in members(s, b, side)]
    destroy(s, b, dead, ev)
