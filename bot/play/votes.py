"""One way to vote, for everything the players must agree on: cancelling a
running match, pausing it, taking back a move.

A vote is a row (match, kind, seat, counter). It counts only while the match's
move counter is still the one it was cast at: once a move has been made, the
table may see things differently and must vote again. A vote of one kind is
complete when every seat still played by a person has a current one (a seat
on autopilot or played by the computer has no say).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.play.errors import ServiceError
from bot.store import Match, Transaction

CANCEL = "cancel"
PAUSE = "pause"
UNDO = "undo"


@dataclass(frozen=True)
class Tally:
    #: Seats with a current vote, and seats still missing, in seat order.
    voted: list[int]
    missing: list[int]

    @property
    def complete(self) -> bool:
        return not self.missing


def tally(match: Match, kind: str) -> Tally:
    """The current votes of ``kind``; votes cast at an older counter do not count."""
    current = {v.seat for v in match.votes if v.kind == kind and v.counter == match.counter}
    seats = [s.seat for s in match.seats if s.person]
    return Tally(voted=[s for s in seats if s in current], missing=[s for s in seats if s not in current])


def missing_users(match: Match, kind: str) -> list[int]:
    """User ids of the seats whose vote is still needed (to mention them)."""
    return [match.user(s) for s in tally(match, kind).missing]


async def cast(tx: Transaction, match: Match, seat: int, kind: str) -> Match:
    """The seat votes for ``kind`` now; returns the match with its votes. A
    second vote of the same seat while its first still counts is refused, so
    the others are asked (pinged) once per vote, not once per click."""
    if seat in tally(match, kind).voted:
        raise ServiceError("vote_pending")
    await tx.cast_vote(match.id, kind, seat, match.counter)
    return await tx.match(match.id)


async def clear(tx: Transaction, match_id: int, kind: str) -> None:
    """Forget every vote of ``kind`` (after it passed, or was refused)."""
    await tx.clear_votes(match_id, kind)
