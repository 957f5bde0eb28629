"""Flight (9.5.1, 9.5.2.1, 9.5.2.2), lone lieutenants and hounds that lose
their keeper (10.3): synchronous procedures shared by movement, combat and
(later) Uriel. Nobody is asked anything here.

Rule decisions where the sources are silent:

- A legion (with the hound it keeps) rolls one die on the compass; 5-6, a
  direction into the Pentagram or into the barred sectio fail (G1, G3). A
  unit in Antehell flees by the re-entry roll instead (1-5 the Limbo sectio
  of quarter roll-1, 6 fails; 9.5.2.3 applies to all units).
- A lieutenant rolls two dice; the engine picks for him among the valid
  directions: first one whose sectio holds no unit hostile to him, then one
  that is not Antehell, then the lower die. He takes along up to his
  leadership of the fleeing legions he leads; they share his fate (G15: on a
  failure they all stay). Lieutenants flee first (by unit id), then the
  remaining legions one by one.
- Fleeing into a sectio with hostile units: first every lone lieutenant of
  another player there must flee at once (9.5.2.2; captured on failure), unless
  the fleeing unit is itself a lone lieutenant (he sneaks and hinders nobody);
  then, if hostile units are still there, the fleeing unit must flee again.
  Such a repeated flight is barred only from the sectio it just came from
  (9.5.2.1); the first flight from the sectio(s) given as ``barred``.
- :func:`flee` never captures the units it was given: it returns those whose
  flight failed (their ``at`` tells where they stayed: the start or a sectio
  fled into); the caller decides (a lone lieutenant is captured by
  :func:`flee_lone`). Lone lieutenants met on the way are handled here.
- A hound that loses its keeper in Antehell goes back to the hound stack
  (it rejoins the pack there) instead of making a compass move.
- ``state.entered`` records every entry as ``[seat, from]``; a wild hound's
  entry is recorded with seat ``-1``.
"""

from __future__ import annotations

from typing import Callable, Iterable

from engines.hellgame.core import board, data, dice
from engines.hellgame.core.flow import Events, tell
from engines.hellgame.core.model import ANTEHELL, FREEBOOTERS, State, Unit

#: ``(state, sectio) -> bool``: a hound's compass roll that would lead there is
#: rolled again (Uriel's and Lilith's sectios, part 2).
HOUND_AVOIDS: list[Callable[[State, int], bool]] = []
#: ``(state, sectio) -> bool``: units entering must stop there (Quagmire, Lilith; later parts).
STOP_HOOKS: list[Callable[[State, int], bool]] = []
#: ``(state, seat, sectio) -> bool``: the seat's units may not enter (Uriel, Ward; later parts).
ENTRY_BARS: list[Callable[[State, int, int], bool]] = []
#: Safety net: a chain of flights longer than this fails.
MAX_FLIGHTS = 60
WILD = -1


def record_entry(state: State, at: int, seat: int | None, frm: int) -> None:
    state.entered.setdefault(str(at), []).append([WILD if seat is None else seat, frm])


def stops_here(state: State, sectio: int) -> bool:
    """A phenomenon or being that stops every unit entering (none in part 1)."""
    return any(hook(state, sectio) for hook in STOP_HOOKS)


def entry_barred(state: State, seat: int, sectio: int) -> bool:
    """The seat's units may not move into ``sectio`` (none in part 1)."""
    return any(hook(state, seat, sectio) for hook in ENTRY_BARS)


def forced_stop(state: State, at: int, seat: int, lone: bool) -> str | None:
    """Why a unit of ``seat`` entering ``at`` must stop (9.5), as the event
    key to tell, other players' legions aside (they may grant passage or
    flee); a lone lieutenant sneaks past hostile units."""
    if at == ANTEHELL:
        return "ev_stop_antehell"
    if stops_here(state, at):
        return "ev_stop_phenomenon"
    if lone:
        return None
    if board.wild_at(state, at):
        return "ev_stop_wild"
    if any(u.kind == "legion" and u.owner is not None and u.owner >= state.seats for u in board.units_at(state, at)):
        return "ev_stop_legion"  # freebooters never grant passage
    return None


def hound_avoids(state: State, at: int) -> bool:
    return any(hook(state, at) for hook in HOUND_AVOIDS)


def _target(at: int, roll: int) -> int | None:
    """Where a die leads a fleeing unit from ``at`` (None: nowhere / Pentagram)."""
    if at == ANTEHELL:
        return data.reentry(roll)
    dest = data.compass_step(at, roll)
    return dest if isinstance(dest, int) else None


def _hostile_at(state: State, at: int, seat: int | None) -> list[Unit]:
    return [u for u in board.units_at(state, at) if board.hostile(u, seat)]


def _lone_others(state: State, at: int, seat: int | None) -> list[Unit]:
    """Lone lieutenants of other players at ``at`` (freebooters never flee)."""
    return [u for u in board.units_at(state, at)
            if u.kind == "lieutenant" and u.owner not in (seat, None, FREEBOOTERS) and board.lone_lieutenant(state, u)]


def _barred_set(barred: int | Iterable[int] | None) -> set[int]:
    if barred is None:
        return set()
    if isinstance(barred, int):
        return {barred}
    return set(barred)


def _carry(u: Unit, members: list[Unit], to: int) -> None:
    for x in members:
        x.at = to


def _hounds(state: State, legions: list[Unit]) -> list[Unit]:
    ids = {x.id for x in legions if x.kind == "legion"}
    return [h for h in state.units if h.kind == "hound" and h.keeper in ids]


def _flee_group(state: State, seat: int | None, members: list[Unit], barred: set[int], events: Events) -> bool:
    """One group (a lieutenant with legions, or one legion) flees, again and
    again while it lands among hostile units. True if it got away."""
    head = members[0]
    lone = head.kind == "lieutenant" and len(members) == 1
    everyone = members + _hounds(state, members)
    for _ in range(MAX_FLIGHTS):
        at = head.at
        if head.kind == "lieutenant":
            rolls = dice.roll(state, seat, 2)
            options = [(r, _target(at, r)) for r in rolls]
            options = [(r, t) for r, t in options if t is not None and t not in barred]
            options.sort(key=lambda o: (bool(_hostile_at(state, o[1], seat)), o[1] == ANTEHELL, o[0]))
            dest = options[0][1] if options else None
            params = {"seat": seat, "lt": head.card, "n": len(members) - 1, "rolls": rolls}
        else:
            r = dice.d6(state, seat)
            dest = _target(at, r)
            if dest in barred:
                dest = None
            params = {"seat": seat, "roll": r}
        if dest is None:
            key = ("ev_flee_failed" if head.kind == "legion"
                   else "ev_flee_lt_alone_failed" if lone else "ev_flee_lt_failed")
            tell(state, events, key, sectio=at, **params)
            return False
        _carry(head, everyone, dest)
        record_entry(state, dest, seat, at)
        key = "ev_flee" if head.kind == "legion" else "ev_flee_lt_alone" if len(members) == 1 else "ev_flee_lt"
        tell(state, events, key, **{"from": at, "to": dest}, **params)
        if not lone:
            for other in _lone_others(state, dest, seat):
                flee_lone(state, other, at, events)
        if not _hostile_at(state, dest, seat):
            return True
        barred = {at}
    return False


def _groups(state: State, units: list[Unit]) -> list[list[Unit]]:
    ids = {u.id for u in units}
    taken: set[int] = set()
    groups: list[list[Unit]] = []
    for lt in sorted((u for u in units if u.kind == "lieutenant"), key=lambda u: u.id):
        led = [x for x in board.group(state, lt) if x.id in ids and x.id not in taken]
        led = led[:data.LIEUTENANTS[lt.card].leadership]
        taken |= {x.id for x in led} | {lt.id}
        groups.append([lt] + led)
    for u in sorted((u for u in units if u.kind == "legion" and u.id not in taken), key=lambda u: u.id):
        u.leader = None  # flees without its lieutenant: it leaves his group
        groups.append([u])
    return groups


def flee(state: State, seat: int | None, units: list[Unit], barred: int | Iterable[int] | None,
         events: Events) -> list[Unit]:
    """``units`` of ``seat`` try to flee from where they stand (9.5.1); a
    direction into ``barred`` (the sectio the attacker came from; an int,
    several or None) fails. Hounds go with their keepers (a hound without its
    keeper among ``units`` stays). Returns the units whose flight failed."""
    failed: list[Unit] = []
    for members in _groups(state, units):
        if not all(board.unit(state, x.id) is not None for x in members):
            continue  # captured on the way (cannot happen to own units; kept safe)
        if not _flee_group(state, seat, members, _barred_set(barred), events):
            failed += members + [h for h in _hounds(state, members) if h in units]
    return failed


def capture(state: State, lt: Unit, events: Events) -> None:
    """A lieutenant is taken off the board to the Return box (9.5.2.2)."""
    tell(state, events, "ev_captured", seat=lt.owner, lt=lt.card, sectio=lt.at)
    board.remove(state, lt)


def flee_lone(state: State, lt: Unit, barred: int | Iterable[int] | None, events: Events) -> bool:
    """A lone lieutenant must flee at once; captured if he fails (also when
    he fails to flee on from an occupied sectio he fled into). True if he got
    away."""
    if _flee_group(state, lt.owner, [lt], _barred_set(barred), events):
        return True
    capture(state, lt, events)
    return False


def lone_lieutenants(state: State, events: Events) -> None:
    """End of the Combat phase: every lieutenant without an own legion in a
    sectio where enemy units stand must flee, or is captured. His flight is
    barred from the sectios enemy units entered his sectio from this round."""
    for lt in sorted((u for u in state.units if u.kind == "lieutenant"), key=lambda u: (u.owner or 0, u.id)):
        if board.unit(state, lt.id) is None or lt.owner in (None, FREEBOOTERS):
            continue
        if not board.lone_lieutenant(state, lt) or not _hostile_at(state, lt.at, lt.owner):
            continue
        barred = [frm for who, frm in state.entered.get(str(lt.at), []) if who != lt.owner]
        flee_lone(state, lt, barred, events)


def run_amok(state: State, hound: Unit, events: Events) -> None:
    """A hound that just lost its keeper makes one compass move at once; it
    causes no flight. Into Antehell or the Pentagram: destroyed (10.3)."""
    hound.owner, hound.keeper = None, None
    at = hound.at
    if at == ANTEHELL:
        tell(state, events, "ev_hound_pack", attacks=hound.card)
        board.remove(state, hound)
        return
    r = dice.d6(state, None)
    while True:
        dest = data.compass_step(at, r)
        if not (isinstance(dest, int) and dest != ANTEHELL and hound_avoids(state, dest)):
            break
        r = dice.d6(state, None)
    if dest is None:
        tell(state, events, "ev_hound_amok_stays", attacks=hound.card, sectio=at, roll=r)
    elif dest == data.PENTAGRAM or dest == ANTEHELL:
        tell(state, events, "ev_hound_amok_lost", attacks=hound.card, sectio=at, roll=r)
        board.remove(state, hound)
    else:
        hound.at = dest
        record_entry(state, dest, None, at)
        tell(state, events, "ev_hound_amok", attacks=hound.card, roll=r, **{"from": at, "to": dest})
