"""The Random Move phase (10, 10.3): the independent beings move after the
Action phase: Uriel, then Lilith (later parts, through :data:`BEINGS`), then
every rampaging hellhound, strongest first.

Rule decisions where the sources are silent:

- Hounds of equal strength move in the order of a die each, highest first,
  tied ones rolling again (G37, G46); the order is fixed before any moves.
- A hound that starts its move in a sectio with any other unit stays there
  (and ends its move) on a first roll of 5-6; on 1-4 it moves off and goes on.
  Otherwise a 5-6 is a roll without movement and it rolls again, six rolls in
  all; it stops on entering a sectio holding any unit (nobody flees, G37).
- A wild hound standing in Antehell when the phase begins rejoins the pack
  (back to the hound stack).
"""

from __future__ import annotations

from typing import Callable

from engines.hellgame.core import board, data, dice
from engines.hellgame.core.flight import hound_avoids, record_entry
from engines.hellgame.core.flow import Events, step, tell
from engines.hellgame.core.model import ANTEHELL, State, Unit

#: ``(state, events)``: beings that move before the hounds (Uriel, Lilith; part 2).
#: They run in the "random" step; one that must ask a player sets ``state.step``.
BEINGS: list[Callable[[State, Events], None]] = []
MOVES = 6


def _wild(state: State) -> list[Unit]:
    return [u for u in state.units if u.kind == "hound" and u.keeper is None and u.owner is None]


def hound_order(state: State, hounds: list[Unit]) -> list[Unit]:
    """Strongest first; equal hounds by a die each, ties rolling again."""
    out: list[Unit] = []
    for attacks in sorted({h.card for h in hounds}, reverse=True):
        out += _by_dice(state, [h for h in hounds if h.card == attacks])
    return out


def _by_dice(state: State, hounds: list[Unit]) -> list[Unit]:
    if len(hounds) <= 1:
        return hounds
    rolls = {h.id: dice.d6(state, None) for h in hounds}
    out: list[Unit] = []
    for value in sorted(set(rolls.values()), reverse=True):
        out += _by_dice(state, [h for h in hounds if rolls[h.id] == value])
    return out


def rampage(state: State, hound: Unit, events: Events) -> None:
    """One wild hound's six compass moves (10.3)."""
    start = hound.at
    if start == ANTEHELL:
        tell(state, events, "ev_hound_pack", attacks=hound.card)
        board.remove(state, hound)
        return
    company = any(u.id != hound.id for u in board.units_at(state, start))
    rolls: list[int] = []
    moved = False
    for i in range(MOVES):
        r = dice.d6(state, None)
        while _avoided(state, hound.at, r):
            r = dice.d6(state, None)
        rolls.append(r)
        dest = data.compass_step(hound.at, r)
        if dest is None:
            if i == 0 and company:
                break
            continue
        if dest == data.PENTAGRAM or dest == ANTEHELL:
            tell(state, events, "ev_hound_run_lost", attacks=hound.card, sectio=start, rolls=rolls)
            board.remove(state, hound)
            return
        frm, hound.at, moved = hound.at, dest, True
        record_entry(state, dest, None, frm)
        if any(u.id != hound.id for u in board.units_at(state, dest)):
            break
    if moved:
        tell(state, events, "ev_hound_run", attacks=hound.card, rolls=rolls, **{"from": start, "to": hound.at})
    else:
        tell(state, events, "ev_hound_run_stays", attacks=hound.card, sectio=start, rolls=rolls)


def _avoided(state: State, at: int, roll: int) -> bool:
    """A roll leading to Uriel or Lilith is rolled again (10.3)."""
    dest = data.compass_step(at, roll)
    return isinstance(dest, int) and dest != ANTEHELL and hound_avoids(state, dest)


@step("random")
def _random(state: State, events: Events) -> None:
    for being in BEINGS:
        being(state, events)
    if state.step == "random":
        state.step = "random_hounds"


@step("random_hounds")
def _hounds(state: State, events: Events) -> None:
    for hound in hound_order(state, _wild(state)):
        if board.unit(state, hound.id) is not None:
            rampage(state, hound, events)
    state.step = "combat"
