"""Hooks that an earlier part of a round fills for a later one. A permanent
Hell event (:mod:`engines.hellgame.phases.hell.hellcards`) and combat magic
(:mod:`engines.hellgame.magic.warcraft`) change combat rolls: the lists live
here, below both, so that the Hell phase need not import the Combat phase.
Each function is asked per unit and returns a bonus (0 for none).

``STANDING`` holds what a seat decided in advance (a path to walk on, the
Action phase's and a battle's standing orders): :meth:`engines.hellgame.engine.HellGame.automatic`
asks these first, so such a question is answered without asking the seat."""

from __future__ import annotations

from typing import Callable

from engines.hellgame.core.model import Action, Battle, State, Unit

#: Added to a unit's attack rolls in a battle (11.2).
ATTACK_BONUS: list[Callable[[State, Battle, Unit], int]] = []
#: Added to a unit's save value in a battle (11.2).
SAVE_BONUS: list[Callable[[State, Battle, Unit], int]] = []
#: The answer a seat gave in advance to its open question, or None (then it
#: is asked, unless it has no choice). Only a legal action is applied.
STANDING: list[Callable[[State, int], Action | None]] = []
