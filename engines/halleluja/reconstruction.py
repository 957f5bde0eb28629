"""Every point of Halleluja that the project had to reconstruct.

Only a review of the game survives (``seeds/003_b469b2fe80456ce2.txt``); the
points marked **(R)** in ``rules/halleluja.md`` are the project's guesses where
no source was found. Each lives here and nowhere else, so that a correction
found later in a real rulebook is a change to this module only. The rules
module and the rules help read from here.
"""

from __future__ import annotations

#: (R) The labels of the tile's four arrows, read clockwise starting with the
#: arrow labelled 1 ("1, 2, 3, 4 clockwise"). The label of an arrow is both the
#: distance its marked stone moves and its place in the moving order.
ARROW_LABELS_CLOCKWISE: tuple[int, int, int, int] = (1, 2, 3, 4)

#: (R) The default of the option ``max_rounds``: the game also ends after this
#: many full rounds, a guard against endless play.
MAX_ROUNDS_DEFAULT = 40

#: (R) Ladder points: step k (0-8) scores ``LADDER_POINTS[k]``; the printed
#: values of the heaven ladder are unknown, so step k scores k.
LADDER_POINTS: tuple[int, ...] = tuple(range(9))

#: (R) A neutral stone (a colour nobody plays) is moved or left by the
#: active player.
NEUTRAL_STONES_DECIDED_BY_ACTIVE = True

#: (R) A marked stack that an earlier move of the same turn emptied or took
#: over (a moved stone now sits on it) is skipped: a stone moves at most once
#: per turn.
SKIP_STACKS_CHANGED_THIS_TURN = True

#: (R) A neutral capturer's prey leaves the game; nobody gets it and nobody
#: climbs the ladder for it.
NEUTRAL_CAPTURES_LEAVE_THE_GAME = True

#: (R) The capturer takes only the top stone of the stack it lands on and then
#: sits on what remains of that stack (rather than taking the whole stack).
CAPTURE_TAKES_ONLY_THE_TOP_STONE = True


def tower_order(seats: int, colours: int = 4, towers_per_colour: int = 3) -> list[tuple[int, int]]:
    """(R) Who places which colour's tower, one tower at a time.

    Players in turn order place their own colour's towers first (one each per
    round, three rounds); then the players, continuing in turn, place the
    neutral towers, the neutral colours taking turns too. Returns
    ``(placing seat, colour)`` for each of the towers in order.
    """
    order = [(i % seats, i % seats) for i in range(seats * towers_per_colour)]
    neutral = list(range(seats, colours))
    for j in range(len(neutral) * towers_per_colour):
        order.append(((len(order)) % seats, neutral[j % len(neutral)]))
    return order


def stone_decider(colour: int, active: int, seats: int) -> int:
    """(R) The seat that decides a marked stone's move: its owner, or for a
    neutral stone the active player."""
    if colour < seats:
        return colour
    assert NEUTRAL_STONES_DECIDED_BY_ACTIVE
    return active


#: The (R) points in words, for the rules help, are the keys
#: ``reconstructed.1`` … ``reconstructed.{POINT_COUNT}`` of the game's catalogue, in
#: the order of the constants above; a new (R) point adds one there.
POINT_COUNT = 7
