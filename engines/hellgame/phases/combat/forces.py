"""Who fights whom in a battle (chapter 11): the parties at a place, the
forces (sides) they form, the groups of a combat round, and the queue of
battles flight adds to the phase. The mechanics of a round are in
:mod:`engines.hellgame.phases.combat.battle`, the procedure in :mod:`engines.hellgame.phases.combat.combat`.

Vocabulary: a *party* is a seat, the freebooters, or one wild hound (key
``-1 - unit id``); a *force* is a :class:`Side` of allied parties
(``Battle.sides``); the *groups* of a combat round are the forces plus every
wild hound that fights alone that round (it joins a force by a 50-50 roll only
while two forces stand against each other, 11.3.2, G59).

Rule decisions where the sources are silent:

- A party is a seat, the freebooters or one wild hound with legions or hounds
  there; a lone lieutenant is none (the phase's end catches him).
- Ties in an order of battles or of seats are broken by a die each, rolled
  again among the still tied (G46; :func:`ranked`).
"""

from __future__ import annotations

from typing import Any, Callable

from engines.hellgame.core import board, data, dice
from engines.hellgame.core.flow import Events, tell
from engines.hellgame.core.model import Battle, FREEBOOTERS, Side, State, Unit


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


# -- counting and ranking parties ----------------------------------------------------


def ranked(state: State, items: list[int], key: Callable[[int], Any], seat: Callable[[int], int | None]) -> list[int]:
    """Highest key first; ties broken by a die each, rolled again among the still tied (G46)."""
    tiers: dict[Any, list[int]] = {}
    for it in items:
        tiers.setdefault(key(it), []).append(it)
    out: list[int] = []
    for k in sorted(tiers, reverse=True):
        tied = tiers[k]
        if len(tied) == 1:
            out += tied
        else:
            rolls = {it: dice.d6(state, seat(it)) for it in tied}
            out += ranked(state, tied, rolls.__getitem__, seat)
    return out


def legions_of(state: State, at: int, seat: int) -> int:
    return sum(1 for u in board.units_at(state, at) if u.kind == "legion" and u.owner == seat)


def units_of(state: State, at: int, seat: int) -> int:
    return sum(1 for u in board.units_at(state, at) if u.owner == seat)


def players(seats: list[int]) -> list[int]:
    return [s for s in seats if s != FREEBOOTERS]


def side_of(b: Battle, seat: int) -> Side:
    return next(side for side in b.sides if seat in side.seats)
