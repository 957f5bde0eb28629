"""The one source of randomness for engines.

The generator's whole state is a single integer stored inside the game state,
so a match replays exactly from its seed and action log. SplitMix64 is small,
well understood and identical on every platform.
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

from pydantic import BaseModel

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng(BaseModel):
    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        """Advance the generator (mutates: call it on a state copy only)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
