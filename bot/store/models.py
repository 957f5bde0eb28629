"""What the store hands out: plain data classes, one per table, and nothing
that talks to a database. A ``Match`` comes with its seats and its votes, read
together in one query, so a caller never has to ask for them one by one."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Seat:
    """One player's place in a match (seat numbers count from 0)."""

    seat: int
    user_id: int
    #: The move counter at which this seat's current decision opened: a button
    #: for that decision carries it, so another seat's simultaneous choice
    #: does not make it outdated.
    decision_counter: int = 0
    #: When the current decision opened (clock seconds), for reminders and deadlines.
    decision_at: float | None = None
    #: Deadlines and the bank clock wait until then: the player's vacation
    #: (``/game away``), copied here for every match they play.
    away_until: float | None = None
    #: The days of away time taken with the old once-per-match ``/game away``
    #: (kept for matches stored then; vacation is per user now).
    away_used: int = 0
    #: The player left; the game's default choices play this seat.
    autopilot: bool = False
    #: The person who held the seat before a substitute or the computer took
    #: it over, and who may take it back (see :mod:`bot.play.leavers`).
    original_user_id: int | None = None
    #: ``"vote"`` while the others vote on this seat (its player left or
    #: vanished), ``"open"`` while it is offered to a substitute, ``"return"``
    #: while its original player asks the substitute for it back.
    handover: str | None = None
    #: Deadlines this seat's player missed in a row.
    missed: int = 0
    #: Time bank left in seconds as of ``clock_from`` (``None``: the full bank).
    bank_left: float | None = None
    #: When the seat's running bank clock started (``None``: stopped).
    clock_from: float | None = None

    @property
    def computer(self) -> bool:
        """Played by the computer player: its user id is negative (see
        :func:`computer_id`), so it never matches a Discord user."""
        return self.user_id < 0

    @property
    def person(self) -> bool:
        """Played by a person now: neither the computer nor the autopilot."""
        return not self.computer and not self.autopilot


def computer_id(seats: list[Seat]) -> int:
    """A user id for one more computer in a match: -1, -2, ... (the number in
    its name), never one a seat already has."""
    return min((s.user_id for s in seats if s.user_id < 0), default=0) - 1


@dataclass
class SeatVote:
    """What ``voter`` (a seat) wants done with ``seat``, whose player left or
    vanished: ``wait``, ``substitute`` or ``computer``."""

    seat: int
    voter: int
    choice: str


@dataclass
class Stint:
    """A stretch in which a person held a seat, with how it ended: ``left``,
    ``vanished``, ``resigned``, ``forfeit``, ``handed_back``, or, while they
    still hold it, the match's status (``finished``, ``cancelled``, ``running``)."""

    match_id: int
    guild_id: int | None
    game: str
    seat: int
    user_id: int
    started_at: str
    ended_at: str | None
    ending: str
    #: The match's outcome (winners, scores), once it has one.
    outcome: dict | None = None


@dataclass
class Vote:
    """A seat's vote of one kind (``cancel``, ``pause``, ``undo``), cast when
    the match's move counter was ``counter``; see :mod:`bot.play.votes`."""

    kind: str
    seat: int
    counter: int


@dataclass
class Talk:
    """A private talk thread of some players of a match (``/game talk``, see
    :mod:`bot.play.talks`): the Discord thread and its people, sorted."""

    thread_id: int
    members: tuple[int, ...]


@dataclass
class Match:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict
    seed: int
    status: str
    host_id: int
    state: str | None
    counter: int
    board_counter: int
    board_channel_id: int | None
    board_message_id: int | None
    outcome: dict | None
    series_id: int | None
    created_at: str
    updated_at: str
    reminder_hours: int = 24
    deadline_hours: int | None = None
    deadline_policy: str = "skip"
    paused: bool = False
    timer_epoch: int = 0
    last_action_at: float | None = None
    board_due: bool = False
    players: int | None = None
    daily_date: str | None = None
    #: How long the computer thinks about one decision, in milliseconds.
    computer_ms: int = 2000
    #: The seat whose last moves a pending undo request would take back.
    undo_seat: int | None = None
    #: Finishing updates the players' ratings (see :mod:`bot.play.ratings`).
    rated: bool = False
    #: A time bank per seat in hours (``None``: no bank; see :mod:`bot.play.bank`).
    bank_hours: int | None = None
    #: Hours added to a seat's bank when its decision is done.
    increment_hours: int = 0
    #: The game's engine version (``engines.registry.Game.version``) when the
    #: match started; ``None`` in the lobby, and for a match started before
    #: versions were recorded (older than any versioned engine).
    engine_version: int | None = None
    #: In seat order.
    seats: list[Seat] = field(default_factory=list)
    votes: list[Vote] = field(default_factory=list)
    #: The open talk threads, oldest first (read with the match, for the board).
    talks: list[Talk] = field(default_factory=list)

    @property
    def user_ids(self) -> list[int]:
        """The players' user ids in seat order."""
        return [s.user_id for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        """The user's seat number, ``None`` for someone not playing."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user(self, seat: int) -> int:
        """The user id of a seat."""
        return self.seats[seat].user_id


@dataclass
class Rating:
    """A person's openskill rating in one game on one server."""

    user_id: int
    mu: float
    sigma: float
    #: Rated matches played.
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The shown rating: a cautious estimate (mu - 3 sigma) that grows as
        the rating gets surer, so one lucky win does not top the board."""
        return self.mu - 3 * self.sigma


@dataclass
class Turn:
    """One action of a person's seat (for the stats): when it was made, and
    when the turn began (the match's previous action, or when the person
    took the seat)."""

    match_id: int
    seat: int
    created_at: str
    previous_at: str


#: ``actions.automatic`` of an answer a standing order gave (1: no other choice).
STANDING = 2


@dataclass
class LoggedAction:
    counter: int
    seat: int
    action: str
    events: list[dict]
    created_at: str
    #: the counter of the undo that took this action back, if any
    undone_by: int | None = None
    #: may it be taken back (``Engine.undoable``, decided when it was made);
    #: ``None`` for actions logged before this was stored
    undoable: bool | None = None
    #: answered by the engine without asking the seat (``Engine.automatic``)
    automatic: bool = False
    #: … by an answer the seat gave in advance (``Engine.standing``: a
    #: standing order), not for want of a choice (stored as automatic = 2)
    standing: bool = False


@dataclass
class Timer:
    id: int
    match_id: int
    kind: str
    seat: int | None
    counter: int
    epoch: int
    due_at: float


@dataclass
class User:
    user_id: int
    locale: str | None
    last_locale: str | None
    dm_closed: bool
    notify: str = "turn"
    #: Vacation across all matches (``/game away``) until then.
    away_until: float | None = None
    #: The calendar month ("2026-11") whose vacation days ``away_days`` counted
    #: before the allowance counted any 30 days (``away_periods``); no longer read.
    away_month: str | None = None
    away_days: int = 0
    #: IANA time zone (None: UTC); quiet hours [quiet_from, quiet_to) in it
    #: (equal: none); the hour of the daily digest (None: a DM per turn).
    tz: str | None = None
    quiet_from: int = 0
    quiet_to: int = 0
    digest_hour: int | None = None
    #: When the next digest DM is due (see :mod:`bot.play.quiet`).
    digest_due: float | None = None


@dataclass
class Notice:
    """A notification a move owes (see the outbox): ``secret`` (a secret
    choice by DM), ``turn`` (a turn notice), ``private`` (a seat's private
    view by DM), ``summary`` (the move's round summaries, ``seat`` None)."""

    id: int
    match_id: int
    counter: int
    kind: str
    seat: int | None


@dataclass
class GuildSettings:
    """A server's settings (``/brettbote settings``); ``None``: the bot's
    default. ``games`` ``None`` allows every game."""

    guild_id: int
    games: list[str] | None = None
    reminder_hours: int | None = None
    deadline_hours: int | None = None
    deadline_policy: str | None = None
    threads: bool = True
    moderator_role_id: int | None = None
    announce_channel_id: int | None = None
    #: The web view of this server's matches (``bot.web``) is on.
    web: bool = True
