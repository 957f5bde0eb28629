"""Scoring of Halleluja: captured stones grouped into sets, plus the ladder.

Each captured stone belongs to exactly one set: three different colours score
7, two different colours 3, a single stone 1. The engine searches for the
grouping with the most points; a greedy grouping is not always best (four
colours three times each: four sets of three, 28 points, not three sets of
the same three colours and three singles, 24).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from engines.halleluja.model import SET_POINTS
from engines.halleluja.reconstruction import LADDER_POINTS


def best_sets(counts: list[int]) -> tuple[int, list[list[int]]]:
    """The highest set score of stones counted per colour, and one grouping
    that reaches it (each set a sorted list of colours, bigger sets first)."""
    order = sorted(range(len(counts)), key=lambda c: (-counts[c], c))
    points, shape = _best(tuple(counts[c] for c in order))
    sets = [sorted(order[i] for i in group) for group in shape]
    sets.sort(key=lambda s: (-len(s), s))
    return points, sets


@lru_cache(maxsize=4096)
def _best(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Best points for ``counts`` (positions are colours) and the sets used.

    Memoised search: the first colour that still has stones must be in some
    set, so try every set that contains it. Counts are at most 9 per colour,
    so the table stays tiny."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return 0, ()
    others = [i for i, n in enumerate(counts) if n and i != first]
    best: tuple[int, tuple[tuple[int, ...], ...]] = (-1, ())
    for size in (3, 2, 1):
        for partners in combinations(others, size - 1):
            group = (first, *partners)
            rest = list(counts)
            for i in group:
                rest[i] -= 1
            points, sets = _best(tuple(rest))
            points += SET_POINTS[size]
            if points > best[0]:
                best = (points, (group, *sets))
    return best


def ladder_points(step: int) -> int:
    return LADDER_POINTS[step]


def score(captured: list[int], step: int) -> int:
    return best_sets(captured)[0] + ladder_points(step)
