"""The special rolls of 3.2, shared by every rule module.

Every die is rolled through :func:`roll`, which also keeps the optional Curse
of the Dice (3.2.1): a player who rolls six 1s in a row (every die rolled for
them counts, in order; the streak restarts after each sixth 1) gains 1 favour.

A test position (:mod:`engines.hellgame.position`) may queue dice in the
state (``State.dice_queue``): they are rolled first, in order, and count for
the Curse like any die; then the seeded generator goes on, or, with
``State.dice_strict``, a further die is an error (:class:`UnqueuedDie`).
"""

from __future__ import annotations

from engines.hellgame.core.model import State


class UnqueuedDie(AssertionError):
    """A die was rolled after a strict position's queued dice ran out."""


def _die(state: State, seat: int | None) -> int:
    if state.dice_queue:
        return state.dice_queue.pop(0)
    if state.dice_strict:
        raise UnqueuedDie(f"a die was rolled for {seat!r} after the queued dice ran out (strict dice, "
                          f"step {state.step!r})")
    return state.rng.randint(1, 6)


def roll(state: State, seat: int | None, n: int = 1) -> list[int]:
    """``n`` dice for ``seat`` (None: for no player, e.g. a wild hound)."""
    out = [_die(state, seat) for _ in range(n)]
    if seat is not None and 0 <= seat < state.seats and state.options.get("curse_of_dice"):
        player = state.players[seat]
        for d in out:
            player.ones = player.ones + 1 if d == 1 else 0
            if player.ones == 6:
                player.favour += 1
                player.ones = 0
    return out


def d6(state: State, seat: int | None) -> int:
    return roll(state, seat)[0]


def against(state: State, seat: int | None, value: int, modifier: int = 0) -> tuple[bool, int]:
    """Roll against hearts, skulls or stars: success on ``roll + modifier <= value``."""
    r = d6(state, seat)
    return r + modifier <= value, r


def disfavour_roll(state: State, seat: int) -> tuple[bool, int | None]:
    """Success on a result higher than the disfavour held; no roll without
    disfavour (and none can succeed with 6 or more)."""
    held = state.players[seat].disfavour
    if held == 0:
        return True, None
    r = d6(state, seat)
    return r > held, r


def duel(state: State, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, list[list[int]]]:
    """A duel of hearts, skulls or stars between two (seat, count) pairs:
    each rolls its count of dice and adds them; a tie rolls again. Returns 0
    or 1 for the winner and every roll made, in order."""
    rolls: list[list[int]] = []
    while True:
        ra, rb = roll(state, a[0], a[1]), roll(state, b[0], b[1])
        rolls += [ra, rb]
        if sum(ra) != sum(rb):
            return (0 if sum(ra) > sum(rb) else 1), rolls


def duel_totals(first: list[int], second: list[int]) -> int | None:
    """Who wins a duel with these dice (0 or 1), None for a tie (roll again)."""
    if sum(first) == sum(second):
        return None
    return 0 if sum(first) > sum(second) else 1


def reroll_ties(state: State, seats: list[int]) -> list[int]:
    """Order seats by a die each, highest first, tied groups rolling again (G46)."""
    rolls = {s: d6(state, s) for s in seats}
    groups: dict[int, list[int]] = {}
    for s in seats:
        groups.setdefault(rolls[s], []).append(s)
    out: list[int] = []
    for value in sorted(groups, reverse=True):
        tied = groups[value]
        out += tied if len(tied) == 1 else reroll_ties(state, tied)
    return out
