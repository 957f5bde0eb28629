"""Scores of Hoch und höher (Spielregel IV.2, IV.2.1, IV.3, IV.3.1).

A pawn scores the height of the tower it stands on; an unplaced pawn scores 0
and counts as height 0 for the hierarchy. The hierarchy compares heights, not
points: in the rulebook's closing example green (5) stands higher than brown
(3) and scores 0 although yellow (8), between them, scores 0 as well.
"""

from __future__ import annotations

from engines.hoch_und_hoeher.model import PAWNS, TEAM_B, TEAM_G, TEAM_PAWNS, State, owner


def heights(state: State) -> dict[str, int]:
    """Height under every pawn; 0 for an unplaced one."""
    out = dict.fromkeys(PAWNS, 0)
    for tower in state.towers:
        if tower.pawn is not None:
            out[tower.pawn] = tower.height
    return out


def points(state: State) -> dict[str, int]:
    """What each pawn scores, with the hierarchy variant applied if it is on."""
    h = heights(state)
    if not state.hierarchy:
        return h
    if state.players == 1:
        return solo_hierarchy(h)
    return team_hierarchy(h)


def solo_hierarchy(h: dict[str, int]) -> dict[str, int]:
    """IV.3.1: a pawn standing higher than any pawn before it in the order
    blue, brown, yellow, green scores nothing."""
    out = {}
    for i, pawn in enumerate(PAWNS):
        ahead = [h[p] for p in PAWNS[:i]]
        out[pawn] = 0 if any(h[pawn] > a for a in ahead) else h[pawn]
    return out


def team_hierarchy(h: dict[str, int]) -> dict[str, int]:
    """IV.2.1: brown higher than blue, or green higher than yellow: only the
    leading pawn (blue, yellow) of that team scores."""
    out = dict(h)
    for leader, follower in TEAM_PAWNS.values():
        if h[follower] > h[leader]:
            out[follower] = 0
    return out


def scores(state: State) -> list[int]:
    """Sum of the points of each seat's pawns."""
    totals = [0] * state.players
    for pawn, value in points(state).items():
        totals[owner(pawn, state.players)] += value
    return totals


def best_pawn(state: State, seat: int) -> int:
    """Points of the seat's single best-scoring pawn (the tie-break of IV.2)."""
    p = points(state)
    return max(p[pawn] for pawn in TEAM_PAWNS[seat])


def ranking(state: State) -> tuple[list[int], bool]:
    """The winners and whether the tie-break decided.

    Two players: the higher sum wins; equal sums: the team owning the
    highest-scoring pawn; equal again: a draw, both win. Solo: seat 0.
    """
    if state.players == 1:
        return [TEAM_B], False
    s = scores(state)
    if s[TEAM_B] != s[TEAM_G]:
        return [TEAM_B if s[TEAM_B] > s[TEAM_G] else TEAM_G], False
    best = [best_pawn(state, TEAM_B), best_pawn(state, TEAM_G)]
    if best[TEAM_B] != best[TEAM_G]:
        return [TEAM_B if best[TEAM_B] > best[TEAM_G] else TEAM_G], True
    return [TEAM_B, TEAM_G], False
