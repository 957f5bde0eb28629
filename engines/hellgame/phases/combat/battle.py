"""The mechanics of a combat round (chapter 11): attacks, saves and losses,
the hounds that lose their keeper, the lieutenants' bonuses and survival
rolls; and the quick ways to end a battle (11.3.5, 11.3.6). Who fights whom
is in :mod:`engines.hellgame.phases.combat.forces`, the targets in
:mod:`engines.hellgame.phases.combat.targets`, the procedure around a round (questions,
order of battles, flight) in :mod:`engines.hellgame.phases.combat.combat`.

Rule decisions where the sources are silent:

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
- 11.3.5 needs exactly two forces of 1-2 legions each and nothing else in
  the sectio (no lieutenant, hound or demon); it is checked after 11.1.
- 11.3.6: after the flight decisions of round 3, one unit of each standing
  side (each wild hound a side of its own) goes into the cup: every side has
  the same chance; all units of the other sides there are destroyed,
  lieutenants included.
"""

from __future__ import annotations

from engines.hellgame.core import board, data, dice
from engines.hellgame.core.flow import Events, tell
# Part 2's roll and save modifiers (Temper, Frenzy, Iron Skin) are core hooks: the Hell phase fills one
from engines.hellgame.core.hooks import ATTACK_BONUS, SAVE_BONUS
from engines.hellgame.core.model import Battle, FREEBOOTERS, Side, State, Unit
from engines.hellgame.phases.action import movement
from engines.hellgame.phases.combat.forces import forces_alive, members, party, queue_battle, skulls, wild_alive
from engines.hellgame.phases.combat.targets import attackers, attacks
from engines.hellgame.phases.combat.targets import spread_ok  # noqa: F401  (tests use it from here)


HIT = 6
HOUND_SAVE = 4
LIEUTENANT_SURVIVES = 5


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
