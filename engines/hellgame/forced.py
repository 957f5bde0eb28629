"""A test-only option: Uriel and Lilith brought into play in a given round
(``beings_round``), so random test games meet them without waiting for their
cards. At the end of that round's Summoning phase Uriel is summoned (as by
Call for Uriel: he does not leave when a card is replaced) and Lilith
appears in Antehell; both then follow their rules (:mod:`uriel`,
:mod:`lilith`). Players never set it."""

from __future__ import annotations

from engines.hellgame.beings import lilith, uriel
from engines.hellgame.core import flow
from engines.hellgame.core.flow import Events
from engines.hellgame.core.model import State


def bring_beings(state: State, events: Events, ended: str) -> None:
    if ended == "summon" and state.round == state.options.get("beings_round"):
        if state.uriel is None:
            uriel.summon(state, events)
        if state.lilith is None:
            lilith.appear(state, events)


flow.PHASE_END.append(bring_beings)
