"""Forced dice for HellGame rule tests: every die the engine rolls comes
from a queue the test fills, in order, and a die the test did not expect
fails it. Import the fixture into a test module to use it. The fixture
lives in the shared driver (:mod:`hellgame_driver`); this module keeps the
old import working."""

from __future__ import annotations

from hellgame_driver import Dice, rolls  # noqa: F401 - the fixture, re-exported

__all__ = ["Dice", "rolls"]
