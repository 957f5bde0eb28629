"""Where a tower may stand during the setup of Halleluja.

Not in the tile's row or column, not orthogonally next to another tower, and
(the engine's decision, see ``rules``) only where the towers still to come
can still be placed: greedy placement could otherwise fill the board after
ten towers. The check is exact and cheap: the fields form a bipartite grid, so
the largest set of fields no two of which touch is the number of fields minus
a maximum matching (König's theorem).
"""

from __future__ import annotations

from engines.halleluja.model import COLOURS, FIELDS, ORTHOGONAL, SIZE, TOWERS_PER_COLOUR, State, index, row_col, step

TOTAL_TOWERS = COLOURS * TOWERS_PER_COLOUR


def tower_fields(s: State) -> list[str]:
    """Setup: fields for the next tower. Not in the tile's row or column, not
    orthogonally next to a tower, and leaving room for the towers to come."""
    tile_r, tile_c = row_col(s.tile)
    free = []
    for i, field in enumerate(FIELDS):
        r, c = divmod(i, SIZE)
        if r == tile_r or c == tile_c or s.board[i]:
            continue
        if any(n is not None and s.board[index(n)] for n in (step(field, d) for d in ORTHOGONAL)):
            continue
        free.append(i)
    still_to_come = TOTAL_TOWERS - s.towers - 1
    out = []
    for i in free:
        rest = [j for j in free if j != i and not _touch(i, j)]
        if _room_for(rest, still_to_come):
            out.append(FIELDS[i])
    return out


def _touch(i: int, j: int) -> bool:
    (ri, ci), (rj, cj) = divmod(i, SIZE), divmod(j, SIZE)
    return abs(ri - rj) + abs(ci - cj) == 1


def _room_for(fields: list[int], towers: int) -> bool:
    """Can ``towers`` towers stand on ``fields``, no two orthogonally adjacent?"""
    if towers <= 0:
        return True
    if len(fields) < towers:
        return False
    dark = [i for i in fields if sum(divmod(i, SIZE)) % 2 == 0]
    if max(len(dark), len(fields) - len(dark)) >= towers:
        return True  # one colour class of the checkerboard is never adjacent
    light = set(fields) - set(dark)
    return len(fields) - _max_matching(dark, light) >= towers


def _max_matching(left: list[int], right: set[int]) -> int:
    partner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in (i - SIZE, i + SIZE, i - 1, i + 1):
            if j in right and _touch(i, j) and j not in seen:
                seen.add(j)
                if j not in partner or augment(partner[j], seen):
                    partner[j] = i
                    return True
        return False

    return sum(augment(i, set()) for i in left)
