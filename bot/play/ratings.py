"""Ratings and stats: openskill (Plackett-Luce) ratings per server and game,
and a player's record in a server.

**Which matches are rated.** ``rated`` is a match option, on by default; a
match that starts with a computer seat or with one seat (solo, the daily
challenge) is never rated (:func:`rated_at_start`). Only finished matches are
rated: a cancelled or abandoned one changes nothing. A match is rated in the
transaction that finishes it (:func:`rate`), so a crash loses no update and,
as the changes are stored per match, none is applied twice.

**Who is rated, and at which place** (from the stints, who held which seat
when): people only, never the computer.

- The person holding a seat at the end gets the seat's place: the winners
  share the first place, the other seats follow by score (higher is better, as
  :func:`bot.play.moves.table_result` reads scores), ties sharing a place. A
  substitute who finished a seat is rated for it.
- Everyone who left a seat before the end (left, vanished, resigned, forfeit)
  and did not take one back shares the last place, below every seat still
  played, whatever the seat did after them (the computer or a substitute
  winning it does not make their leaving a win).
- A substitute who handed the seat back to its player is not rated.
- A seat handed to the computer during the match keeps the match rated for
  the people; the computer itself has no rating.

With fewer than two rated people (everyone else was the computer) nothing
changes. The shown rating is the ordinal, mu - 3 sigma: cautious for new
players, so one lucky win does not top the board.

**Results that change nothing**, against a second account farming wins
(resign at once, rematch, repeat):

- Unless every rated person made a move of their own choice in the match
  (:func:`decided`: not the autopilot's, not a deadline's default; resigning
  is no move), the match changes no rating: a resignation before one's
  first move rates nobody.
- Of the results between exactly the same people in one game on one server,
  only the first :data:`REPEATS_PER_DAY` within any :data:`REPEAT_HOURS`
  change ratings; later ones in that time change nothing. A result that
  changed nothing does not count towards that number.

Each finished rated match notes which of these it was (``counted``,
``repeat``, ``undecided``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from openskill.models import PlackettLuce

from bot.store import Match, Rating, Store, Transaction

#: Endings of a stint that gave the seat up before the match was over.
GAVE_UP = ("left", "vanished", "resigned", "forfeit")
#: Endings that count as leaving a match unfinished in the stats.
UNFINISHED = ("left", "vanished", "forfeit")

MODEL = PlackettLuce()
#: Results between the same people in a game that change ratings within REPEAT_HOURS.
REPEATS_PER_DAY = 3
REPEAT_HOURS = 24


def rated_at_start(match: Match) -> bool:
    """Is the match still rated when it starts? Not with a computer seat
    (added in the lobby after ``/game new``) or a single seat."""
    return match.rated and len(match.seats) > 1 and not any(s.computer for s in match.seats)


def places(match: Match, stints) -> dict[int, int]:
    """The rated people of a finished match with their places (1 is best;
    ties share a place), following the rules above."""
    outcome = match.outcome or {}
    winners = set(outcome.get("winners", []))
    scores = outcome.get("scores") or [0] * len(match.seats)
    last = {s.user_id: s for s in stints}  # each person's latest stint counts
    keys: dict[int, tuple] = {}
    for user, stint in last.items():
        if stint.ending == "finished":
            seat = stint.seat
            behind = seat in outcome.get("left", []) or seat == outcome.get("conceded")
            keys[user] = (2, 0) if behind else (0 if seat in winners else 1, -scores[seat])
        elif stint.ending in GAVE_UP:
            keys[user] = (3, 0)
    order = sorted(set(keys.values()))
    return {user: order.index(key) + 1 for user, key in keys.items()}


async def decided(tx: Transaction, match_id: int, seat: int) -> None:
    """The person holding ``seat`` made a move of their own choice (the
    service calls this for each such move, before the match is rated)."""
    await tx.mark_decided(match_id, seat)


async def rate(tx: Transaction, match_id: int) -> None:
    """Update the ratings of a match that has just finished, in the caller's
    transaction; nothing for an unrated match, one without a server, or one
    already rated, and nothing but a note for a result that does not count
    (see the rules above)."""
    match = await tx.match(match_id)
    if match is None or match.status != "finished" or not match.rated or match.guild_id is None:
        return
    if await tx.was_rated(match.id):
        return
    ranked = places(match, await tx.match_stints(match.id))
    if len(ranked) < 2:
        return
    users = sorted(ranked)
    people = ",".join(str(u) for u in users)
    if not set(users) <= await tx.decided_people(match.id):
        await tx.note_rating(match.id, people, "undecided")
        return
    if await tx.counted_results(match.guild_id, match.game, people, REPEAT_HOURS) >= REPEATS_PER_DAY:
        await tx.note_rating(match.id, people, "repeat")
        return
    await tx.note_rating(match.id, people, "counted")
    old = await tx.ratings(match.guild_id, match.game, users)
    before = [old.get(u) or Rating(u, MODEL.mu, MODEL.sigma) for u in users]
    teams = MODEL.rate([[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before], ranks=[ranked[u] for u in users])
    changes = [(u, ranked[u], b, Rating(u, team[0].mu, team[0].sigma, b.matches + 1))
               for u, b, team in zip(users, before, teams)]
    await tx.record_ratings(match.id, match.guild_id, match.game, changes)


@dataclass
class Stats:
    """A player's record in one server."""

    #: Matches they sat in (running ones too).
    matches: int
    #: Finished matches they played to the end.
    finished: int
    #: Finished matches in which a seat they held at the end won.
    wins: int
    #: Matches they left unfinished (left, vanished, forfeited).
    unfinished: int
    #: Mean seconds from a turn's start to their action; None without actions.
    average_move: float | None


def _seconds(start: str, end: str) -> float:
    return max(0.0, (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds())


async def player_stats(store: Store, guild_id: int, user_id: int,
                       visible: Callable[[int], bool] | None = None) -> Stats:
    """The user's record in the server; with ``visible``, only of the
    matches whose channel id it accepts (the channels the asker can see)."""
    stints = await store.stints(user_id, guild_id)
    turns = await store.turns(user_id, guild_id)
    if visible is not None:
        shown = {m for m, channel in (await store.match_channels(user_id, guild_id)).items() if visible(channel)}
        stints = [s for s in stints if s.match_id in shown]
        turns = [t for t in turns if t.match_id in shown]
    ended = {s.match_id: s for s in stints}  # the latest stint per match says how it ended for them
    finished = [s for s in ended.values() if s.ending == "finished"]
    wins = [s for s in finished if s.seat in ((s.outcome or {}).get("winners") or [])]
    unfinished = {s.match_id for s in stints if s.ending in UNFINISHED}
    average = sum(_seconds(t.previous_at, t.created_at) for t in turns) / len(turns) if turns else None
    return Stats(len(ended), len(finished), len(wins), len(unfinished), average)
