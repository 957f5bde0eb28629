"""Forced dice for HellGame rule tests: every die the engine rolls comes
from a queue the test fills, in order, and a die the test did not expect
fails it. Import the fixture into a test module to use it."""

from __future__ import annotations

import pytest

from engines.hellgame import dice


@pytest.fixture
def rolls(monkeypatch) -> list[int]:
    """``rolls.extend([...])``: the dice to come (rule modules roll through
    ``engines.hellgame.dice``, so the patch reaches all of them)."""
    queue: list[int] = []

    def roll(state, seat, n=1):
        assert len(queue) >= n, "a die was rolled that the test did not expect"
        return [queue.pop(0) for _ in range(n)]

    monkeypatch.setattr(dice, "roll", roll)
    return queue
