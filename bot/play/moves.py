"""What a move means beyond the game's own rules, as plain functions over
engine states: which buttons it makes outdated, whether the channel needs a
new board post, whose secret decision it opens. No storage, no Discord.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

import engines
from bot.play.clock import HOUR
from bot.store import Match
from engines import Engine, Event, Result


@dataclass
class MoveOutcome:
    match: Match
    seat: int
    action: Any
    before: BaseModel
    after: BaseModel
    events: list[Event]
    #: True when the channel should get a new board post (see ``needs_board_post``).
    board_post: bool
    #: True when the current board is to be edited in place instead (the
    #: game's board phase goes on; see ``Engine.board_phase``).
    board_edit: bool = False
    #: Seats whose secret decision opened with this move (they get a DM).
    secret_opened: list[int] = field(default_factory=list)
    #: Seats that were not asked before this move and are now (a turn notice).
    newly_due: list[int] = field(default_factory=list)
    #: The move counter of the first move this outcome tells of (with the
    #: autopilot's moves after it, ``match.counter`` is the last one's).
    first_counter: int | None = None

    @property
    def counters(self) -> tuple[int, int]:
        last = self.match.counter
        return (last if self.first_counter is None else self.first_counter), last


def owed_notices(engine: Engine, outcome: MoveOutcome) -> list[tuple[str, int | None]]:
    """What the players are owed for a move, as outbox entries (kind, seat):
    secret choices and turn notices for people newly asked, private views by
    DM, round summaries. Seats on autopilot or played by the computer are
    owed nothing."""
    people = {s.seat for s in outcome.match.seats if s.person}
    notices: list[tuple[str, int | None]] = [("secret", s) for s in outcome.secret_opened if s in people]
    notices += [("turn", s) for s in outcome.newly_due if s in people and s not in outcome.secret_opened]
    notices += [("private", s) for s in sorted(people)
                if any(e.key in engine.dm_events and e.visible_to == [s] for e in outcome.events)]
    if any(e.summary for e in outcome.events):
        notices.append(("summary", None))
    if outcome.board_edit and not outcome.board_post:
        notices.append(("board", None))
    return notices


def merged(engine: Engine, first: MoveOutcome, rest: list[MoveOutcome]) -> MoveOutcome:
    """A move and the autopilot moves after it, announced as one: one board
    post, and the DMs and notices of the state they end in."""
    if not rest:
        return first
    last = rest[-1]
    due = engine.to_act(last.after)
    opened = {s for o in (first, *rest) for s in o.secret_opened}
    return MoveOutcome(
        match=last.match,
        seat=first.seat,
        action=first.action,
        before=first.before,
        after=last.after,
        events=[e for o in (first, *rest) for e in o.events],
        board_post=any(o.board_post for o in (first, *rest)),
        board_edit=any(o.board_edit for o in (first, *rest)) and not any(o.board_post for o in (first, *rest)),
        secret_opened=[s for s in due if s in opened],
        newly_due=[s for s in due if s not in engine.to_act(first.before) or any(s in o.newly_due for o in rest)],
        first_counter=first.first_counter,
    )


def action_token(engine: Engine, action: Any) -> str:
    """A short fingerprint of an action, carried in a button next to its index
    so that a stale index can never apply a different action."""
    return hashlib.blake2s(engine.dump_action(action).encode(), digest_size=4).hexdigest()


def daily_seed(guild_id: int | None, game: str, day: str) -> int:
    """The same dice for everyone in a server on one day."""
    digest = hashlib.blake2b(f"{guild_id}:{game}:{day}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def needs_board_post(engine: Engine, before: BaseModel, after: BaseModel) -> bool:
    """A new board post when the game's board phase changes (see
    ``Engine.board_phase``; by default its public stage) or the game ends;
    not on every step of one player's turn, nor while the seats of one
    simultaneous decision choose one after the other."""
    return not engine.to_act(after) or engine.board_phase(before) != engine.board_phase(after)


def needs_board_edit(engine: Engine, before: BaseModel, after: BaseModel) -> bool:
    """Within one board phase, the current board is edited in place when the
    public stage moves on (the next demon acts, a combat round is over) or
    the people asked change (an order came in: the board marks it)."""
    if needs_board_post(engine, before, after):
        return False
    return (engine.stage(before) != engine.stage(after) or engine.to_act(before) != engine.to_act(after)
            or engine.submitted(before) != engine.submitted(after))


def secret_opened(engine: Engine, before: BaseModel, after: BaseModel, mover: int) -> list[int]:
    """Seats that now owe a secret decision they did not owe before, or that
    owe a new one right after their own (the next conflict round), unless
    they are only taking the next step of an order they are building."""
    was = {d.seat for d in engine.decisions(before) if d.secret}
    return [d.seat for d in engine.decisions(after)
            if d.secret and (d.seat not in was or d.seat == mover and not d.continues)]


def decision_counters(engine: Engine, match: Match, before, after, mover: int, counter: int) -> list[int]:
    """A seat's decision opens anew when it starts to be asked, or when it
    has just moved and is asked again, and closes when it is no longer
    asked; otherwise (another seat chose in a simultaneous decision) its
    buttons stay valid."""
    was, now = set(engine.to_act(before)), set(engine.to_act(after))
    out = [s.decision_counter for s in match.seats]
    for seat in range(len(out)):
        if seat in now and (seat not in was or seat == mover) or seat in was and seat not in now:
            out[seat] = counter
    return out


def table_result(match: Match, result: Result) -> dict:
    """The game's result as the table sees it: a seat on autopilot (its
    player left) never wins; if the game named only such seats, the players
    (people and computers) with the best score among the rest win."""
    left = [s.seat for s in match.seats if s.autopilot]
    winners = [w for w in result.winners if w not in left]
    if not winners:
        people = [s.seat for s in match.seats if not s.autopilot]
        best = max((result.scores[p] for p in people), default=None)
        winners = [p for p in people if result.scores[p] == best]
    out = result.model_dump() | {"winners": winners}
    return out | {"left": left} if left else out


def current_scores(engine: Engine, state, seats: int) -> list[int]:
    """The game's scores so far (the view header's), for a match that ends
    early (resigned, forfeited); zeros for a game that keeps none."""
    scores = engine.header(state).scores
    return list(scores) if scores else [0] * seats


def move_deadline(match: Match, seat: int, opened: float) -> float | None:
    """When the seat's decision, opened at ``opened``, reaches the match's
    per-move deadline, held past the player's vacation (None: no deadline)."""
    if not match.deadline_hours:
        return None
    return max(opened + match.deadline_hours * HOUR, match.seats[seat].away_until or 0)


def own_deadline_hours(match: Match) -> dict[int, float]:
    """Seats whose current decision the game gives a deadline of its own
    (``Engine.own_deadline``), with its hours."""
    if match.state is None:
        return {}
    engine = engines.get(match.game)
    state = engine.load_state(match.state)
    out = {}
    for seat in engine.to_act(state):
        hours = engine.own_deadline(state, seat)
        if hours:
            out[seat] = hours
    return out
