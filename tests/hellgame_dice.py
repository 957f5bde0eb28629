"""Forced dice for HellGame rule tests: every die the engine rolls comes
from a queue the test fills, in order, and a die the test did not expect
fails it. Import the fixture into a test module to use it."""

from __future__ import annotations

import pytest

from engines.hellgame.core import dice


class Dice(list):
    """``dice.roll`` replaced: the dice to come (this list; ``queue`` names
    it too) and a log of who rolled what."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[tuple[int | None, list[int]]] = []

    @property
    def queue(self) -> "Dice":
        return self

    @queue.setter
    def queue(self, values: list[int]) -> None:
        self[:] = values

    def __call__(self, state, seat: int | None, n: int = 1) -> list[int]:
        assert len(self) >= n, f"a die was rolled that the test did not expect ({seat} wants {n}; so far {self.log})"
        out = [self.pop(0) for _ in range(n)]
        self.log.append((seat, out))
        return out


@pytest.fixture
def rolls(monkeypatch) -> Dice:
    """``rolls.extend([...])``: the dice to come (rule modules roll through
    ``engines.hellgame.core.dice``, so the patch reaches all of them)."""
    d = Dice()
    monkeypatch.setattr(dice, "roll", d)
    return d
