"""Freebooters (10.4): units that left every player's control.

What this module adds (the rest is already in the shared code):

- Influence (9.7.1): a switching unit may become a freebooter; :func:`offer`
  adds :data:`FREEBOOTERS` after the players to the owner choice of the
  influence draft (hook :data:`diplomacy.EXTRA_OWNERS`; its label and events
  name the freebooters through the seat name ``seat.6`` of this module's
  catalogue); so a switch always asks who gains the unit.
- Petitions phase (12, ruling "freebooters take sectios after the players'
  petitions"): every sectio in which freebooters stand alone (their legions or
  lieutenants, no unit of anyone else) and which they do not own yet becomes
  theirs; the previous owner loses it, and the elimination rescue (12.3.1)
  then runs for whoever was left without a sectio (hook
  :data:`petition.AFTER_PETITIONS`).

Already handled elsewhere (checked by this module's tests): freebooters never
move (no demon orders them), are never asked to grant passage or to flee
(movement asks seats only, flight skips them, ``flight.forced_stop`` stops a
unit entering a sectio with a freebooter legion), save on their lieutenant's
combat bonus or on a 1 (``battle.save_value``), and their targets are picked by
the engine, largest enemy party first (``targets.auto_targets``). A sectio
owned by the freebooters is petitioned like an unowned one (ruling; no
consent is asked and nobody is told of a loss).
"""

from __future__ import annotations

from engines.hellgame.core import board, data
from engines.hellgame.core.flow import Events, tell
from engines.hellgame.core.model import FREEBOOTERS, State, Unit
from engines.hellgame.phases import petition
from engines.hellgame.phases.action import diplomacy


def offer(state: State, seat: int, u: Unit) -> list[int]:
    """9.7.1: a switching unit may also become a freebooter (10.4)."""
    return [FREEBOOTERS]


def holds(state: State, sectio: int) -> bool:
    """Freebooter legions or lieutenants stand in ``sectio`` with nobody else."""
    here = board.units_at(state, sectio)
    return (any(u.owner == FREEBOOTERS and u.kind in ("legion", "lieutenant") for u in here)
            and all(u.owner == FREEBOOTERS for u in here))


def take_sectios(state: State, events: Events) -> None:
    """10.4: surviving freebooters take their sectios after the players'
    petitions; then the rescue (12.3.1) for anyone left without a sectio."""
    taken = False
    for sectio in range(len(data.SECTIOS)):
        if state.owner[sectio] == FREEBOOTERS or not holds(state, sectio):
            continue
        before = state.owner[sectio]
        state.owner[sectio] = FREEBOOTERS
        taken = True
        if before is not None and 0 <= before < state.seats:
            tell(state, events, "ev_free_take_from", seats=[before], sectio=sectio)
        else:
            tell(state, events, "ev_free_take", sectio=sectio)
    if taken:
        petition.rescue(state, events)


petition.AFTER_PETITIONS.append(take_sectios)
diplomacy.EXTRA_OWNERS.append(offer)
