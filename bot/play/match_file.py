"""Match files: a match as a JSON file, for bug reports and for tests
(``/game export``, ``brettbote export``, ``brettbote replay``).

Two kinds, told apart by ``replayable``:

- The whole match (:class:`MatchFile`): the game and the engine version the match was started with
  (:attr:`engines.registry.Game.version` then, kept with the match; 0 for a match started before versions were
  kept, older than any versioned engine), the seat count, the options, the seed, every logged action with its
  seat and counter (moves taken back stay in, marked with the undo that took them back; the engine's automatic
  answers are marked ``automatic`` and replayed like the others), the outcome and a digest of the final state.
  The seed fixes every shuffle and roll still to come and the log holds every secret choice, so players get
  this only of a finished match (:func:`whole_for_players`); the operator's ``brettbote export`` gives it of
  any match.
- One person's share of a match that is not finished (:class:`SeatFile`):
  what they may see now and nothing else. The options players choose, their
  seat's view (the spectators' view for someone without a seat), and the
  moves as their ``/game log`` shows them (the events shown to them, their
  own actions). No seed, no other seat's action, and no digest either: the
  digest of a state with little hidden in it (one secret card of 13) could
  be matched by trying every possibility. It cannot be replayed.

:func:`load` checks a file completely before anything runs (structure,
format version, game, engine version, seat count, options, every action)
and says what is wrong in one line (:class:`MatchFileError`); :func:`check`
then replays it with :class:`bot.play.replay.Replay`, the one replayer,
requiring every action to be legal when it was made, and compares the end
with the recorded digest and outcome.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

import engines
from bot.play.replay import NotLegal, Replay
from bot.store import OPEN, LoggedAction, Match, Store
from engines.contract import Engine, Event, Result, canonical_json, player_options
from engines.registry import game as registry_entry

FORMAT = "brettbote-match"
FORMAT_VERSION = 1


class MatchFileError(ValueError):
    """A file that is not a match file this Brettbote can replay; the
    message says why in one line."""


class _Strict(BaseModel):
    # A field nobody wrote is a forgery or a newer format: refused, not ignored;
    # and a value of the wrong JSON type is not converted ("161" or true for a number).
    model_config = ConfigDict(extra="forbid", strict=True)


class Move(_Strict):
    """One logged action."""

    counter: int = Field(ge=1)
    seat: int = Field(ge=0)
    action: dict[str, Any]
    #: The counter of the undo that took this action back (not replayed).
    undone_by: int | None = None
    #: Answered by the engine without asking (``Engine.automatic``), replayed as any other.
    automatic: bool = False


class _Header(_Strict):
    """What both kinds of file start with."""

    format: Literal["brettbote-match"] = FORMAT
    format_version: int = FORMAT_VERSION
    #: Which kind it is; each kind fixes it (a reader sees it near the top).
    replayable: bool
    game: str
    #: The version of the game's engine the match was started with;
    #: :data:`UNVERSIONED` before Brettbote kept it with the match.
    engine_version: int = Field(ge=0)
    match_id: int | None = None
    status: Literal["running", "finished", "cancelled"]
    seats: int = Field(ge=1)
    options: dict[str, Any]


class MatchFile(_Header):
    """The whole match (see the module docstring)."""

    replayable: Literal[True] = True
    seed: int
    log: list[Move]
    #: The match's outcome as the table saw it (``Match.outcome``).
    outcome: dict[str, Any] | None
    final_digest: str = Field(pattern=r"^sha256:[0-9a-f]{64}$")


class SeenEvent(_Strict):
    key: str
    params: dict[str, Any] = {}


class SeenMove(_Strict):
    """A move as one person's ``/game log`` shows it (seat and action only of their own)."""

    counter: int = Field(ge=1)
    seat: int | None = None
    action: dict[str, Any] | None = None
    events: list[SeenEvent]
    undone: bool = False
    automatic: bool = False


class SeatFile(_Header):
    """One person's share of a match not finished (see the module docstring)."""

    replayable: Literal[False] = False
    #: The asker's seat; ``None``: they hold none and see what spectators see.
    seat: int | None
    #: The move counter when it was exported.
    counter: int
    view: dict[str, Any]
    log: list[SeenMove]
    outcome: dict[str, Any] | None


# -- writing ---------------------------------------------------------------------


async def read(store: Store, match_id: int) -> tuple[Match | None, list[LoggedAction]]:
    """A match and its log as of one moment (one transaction), so the log
    is the one that led to the stored state."""
    async with store.transaction() as tx:
        match = await tx.match(match_id)
        return match, (await tx.actions(match_id) if match is not None else [])


#: The engine version of a match started before Brettbote kept it (older than any versioned engine).
UNVERSIONED = 0


def engine_version(game_id: str) -> int:
    return registry_entry(game_id).version


def digest(state: BaseModel) -> str:
    return "sha256:" + hashlib.sha256(canonical_json(state).encode()).hexdigest()


def whole_for_players(match: Match, today: str, daily_open: bool = False) -> bool:
    """Does a player's export (``/game export``) get the whole match? Once it is
    finished; a daily challenge not before its day is over, as its seed is
    the dice of everyone in the server who plays it that day, nor while a
    daily of that server, game and day is still being played after its day
    (until the abandon timer ends it): ``daily_open``, see :func:`daily_open`."""
    return match.status == "finished" and (match.daily_date is None or (match.daily_date != today and not daily_open))


async def daily_open(store: Store, match: Match) -> bool:
    """Is a daily challenge of ``match``'s server, game and day (so with its
    seed) still in the lobby or running? False for a match that is no daily."""
    return match.daily_date is not None and any(
        other.game == match.game and other.status in OPEN
        for other in await store.daily_matches(match.guild_id, match.daily_date))


def whole(match: Match, log: list[LoggedAction]) -> MatchFile:
    """The whole match (a started one: ``match.state`` is set)."""
    engine = engines.get(match.game)
    return MatchFile(
        game=match.game, engine_version=match.engine_version or UNVERSIONED, match_id=match.id, status=match.status,
        seats=len(match.seats), options=match.options, seed=match.seed,
        log=[Move(counter=e.counter, seat=e.seat, action=json.loads(e.action), undone_by=e.undone_by, automatic=e.automatic)
             for e in log],
        outcome=match.outcome, final_digest=digest(engine.load_state(match.state)),
    )


def seat_share(match: Match, log: list[LoggedAction], user_id: int) -> SeatFile:
    """What ``user_id`` may see of a started match, as a file."""
    engine = engines.get(match.game)
    seat = match.seat_of(user_id)
    public = player_options(engine)
    moves = []
    for entry in log:
        own = seat is not None and entry.seat == seat
        seen = [SeenEvent(key=e.key, params=e.params) for e in map(Event.model_validate, entry.events)
                if e.visible_for(seat)]
        automatic = entry.automatic and (own or not entry.standing)  # else the others learn of standing orders
        if seen or own or automatic:
            moves.append(SeenMove(counter=entry.counter, seat=entry.seat if own else None,
                                  action=json.loads(entry.action) if own else None, events=seen,
                                  undone=entry.undone_by is not None, automatic=automatic))
    return SeatFile(
        game=match.game, engine_version=match.engine_version or UNVERSIONED, match_id=match.id, status=match.status,
        seats=len(match.seats), options={k: v for k, v in match.options.items() if k in public}, seat=seat,
        counter=match.counter, view=engine.view(engine.load_state(match.state), seat).model_dump(mode="json"),
        log=moves, outcome=match.outcome,
    )


def build(match: Match, log: list[LoggedAction], user_id: int, today: str,
          daily_open: bool = False) -> tuple[str, str, bool]:
    """A player's export for ``user_id``: the file's text, its name, and
    whether it is the whole match (see :func:`whole_for_players`). A
    module-level function of picklable arguments, so that a long match is
    written in a worker (:mod:`bot.workers`)."""
    complete = whole_for_players(match, today, daily_open)
    file = whole(match, log) if complete else seat_share(match, log, user_id)
    return dumps(file), filename(file), complete


def dumps(file: MatchFile | SeatFile) -> str:
    """The file as JSON text, one logged move a line, so that a bug report
    can point at a line and two files compare line by line."""
    data = file.model_dump(mode="json")
    lines = []
    for key, value in data.items():
        if key == "log" and value:
            # fields at their default (no undo, not taken back) left out: a move stays one short line
            entries = ",\n".join("  " + json.dumps({k: v for k, v in move.items() if v is not None and v is not False},
                                                   ensure_ascii=False) for move in value)
            lines.append(f' "log": [\n{entries}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def filename(file: MatchFile | SeatFile) -> str:
    name = f"brettbote-{file.game}-{file.match_id}"
    if isinstance(file, SeatFile):
        name += f"-seat{file.seat}" if file.seat is not None else "-spectator"
    return name + ".json"


# -- reading ---------------------------------------------------------------------


def load(text: str | bytes) -> MatchFile | SeatFile:
    """A checked match file; :class:`MatchFileError` for anything else."""
    data = _json(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MatchFileError(f'not a Brettbote match file (it lacks "format": "{FORMAT}")')
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        newer = isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION
        raise MatchFileError(f"match file format {version!r} {'is newer than' if newer else 'is not'} the format "
                             f"this Brettbote reads ({FORMAT_VERSION})")
    model = SeatFile if data.get("replayable") is False else MatchFile
    try:
        file = model.model_validate(data)
    except ValidationError as err:
        raise MatchFileError(f"not a valid match file: {_first_problem(err)}") from None
    if isinstance(file, MatchFile):
        _check_contents(file)
    return file


def load_replayable(text: str | bytes) -> MatchFile:
    file = load(text)
    if isinstance(file, SeatFile):
        who = f"seat {file.seat}" if file.seat is not None else "a spectator"
        raise MatchFileError(f"this file holds only what {who} could see of a match of {file.game} that was "
                             f"{file.status} (exported without the seed and the others' choices): "
                             "it cannot be replayed")
    return file


def _json(text: str | bytes) -> Any:
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")  # an editor may have saved it with a byte-order mark
    except UnicodeDecodeError:
        raise MatchFileError("not a Brettbote match file: not UTF-8 text") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise MatchFileError("empty file: it holds no match; export it again")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        # a file cut short fails at its very end, or inside a string never closed
        if err.pos >= len(text.rstrip()) or err.msg.startswith("Unterminated string"):
            raise MatchFileError(f"the file is cut off: its JSON ends early (line {err.lineno}, column "
                                 f"{err.colno}); export it again") from None
        raise MatchFileError(f"not a Brettbote match file: not JSON ({err.msg} at line {err.lineno}, "
                             f"column {err.colno})") from None


def _first_problem(err: ValidationError) -> str:
    problems = err.errors()
    first = problems[0]
    where = ".".join(str(part) for part in first["loc"]) or "the file"
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"{where}: {first['msg']}{more}"


def _check_contents(file: MatchFile) -> None:
    """What the structure alone does not say: the game, its version, the
    seats, the options and every action, before anything is replayed."""
    if file.game not in engines.ids():
        raise MatchFileError(f"unknown game {file.game!r}; known games: {', '.join(engines.ids())}")
    ours = engine_version(file.game)
    if file.engine_version != ours:
        hint = "" if file.engine_version < ours else " (a newer Brettbote made it)"
        made = (f"made with an engine of {file.game} older than engine versions (the match started before "
                "Brettbote kept them)" if file.engine_version == UNVERSIONED
                else f"made with engine version {file.engine_version} of {file.game}")
        raise MatchFileError(f"{made}, this is version {ours}: it cannot be replayed faithfully{hint}")
    engine = engines.get(file.game)
    if not engine.min_seats <= file.seats <= engine.max_seats:
        raise MatchFileError(f"{file.seats} seats, but {file.game} is for {engine.min_seats}-{engine.max_seats}")
    try:
        engine.parse_options(file.options)
    except ValidationError as err:
        raise MatchFileError(f"options: {_first_problem(err)}") from None
    last = 0
    for move in file.log:
        where = f"log entry at counter {move.counter}"
        if move.counter <= last:
            raise MatchFileError(f"{where}: counters must rise (after {last})")
        if move.seat >= file.seats:
            raise MatchFileError(f"{where}: seat {move.seat} in a match of {file.seats} seats")
        if move.undone_by is not None and move.undone_by <= move.counter:
            raise MatchFileError(f"{where}: taken back at counter {move.undone_by}, before it was made")
        try:
            engine.parse_action(move.action)
        except ValidationError as err:
            raise MatchFileError(f"{where}: not an action of {file.game}: {_first_problem(err)}") from None
        last = move.counter


# -- replaying -------------------------------------------------------------------


@dataclass
class Replayed:
    """A match file replayed to its end and found to agree with itself."""

    file: MatchFile
    replay: Replay
    engine: Engine
    final: BaseModel
    #: The outcome the file records, as a result (None while it ran, or cancelled).
    result: Result | None


def replay_of(file: MatchFile) -> Replay:
    """The file's log as the one replayer takes it, moves taken back left out."""
    log = [LoggedAction(m.counter, m.seat, json.dumps(m.action), [], "") for m in file.log if m.undone_by is None]
    return Replay(file.game, file.seats, file.seed, file.options, None, log)


def check(file: MatchFile) -> Replayed:
    """Replay ``file`` silently to its end: every action legal, the final
    state the recorded one, the outcome the recorded one; else
    :class:`MatchFileError` naming the first thing that differs."""
    replay = replay_of(file)
    engine, final = replay.start()
    done = 0
    try:
        for _, _, final, _ in replay.steps(checked=True):
            done += 1
    except NotLegal as err:
        raise MatchFileError(f"{err}: the file was changed or damaged") from None
    except Exception as err:  # IllegalAction, or whatever else a forged action trips over in apply
        entry = replay.log[done]
        raise MatchFileError(f"the action at counter {entry.counter} (seat {entry.seat}) was refused by the "
                             f"engine ({err}): the file was changed or damaged") from None
    if digest(final) != file.final_digest:
        raise MatchFileError("the replay does not reach the final state the file records (its digest differs): "
                             "the log or the digest was changed")
    return Replayed(file, replay, engine, final, _agreed_result(file, engine, final))


def _agreed_result(file: MatchFile, engine: Engine, final: BaseModel) -> Result | None:
    outcome = file.outcome or {}
    reached = engine.result(final)
    if file.status != "finished":
        if reached is not None:
            raise MatchFileError(f"the replay reaches the end of the game, but the file says it was {file.status}")
        return None
    try:
        recorded = Result.model_validate(outcome)
    except ValidationError as err:
        raise MatchFileError(f"outcome: {_first_problem(err)}") from None
    if "conceded" in outcome:  # resigned or forfeited: the rules had not ended it
        if reached is not None:
            raise MatchFileError("the file says a player gave up, but the replay reaches the end of the game")
        return recorded
    if reached is None:
        raise MatchFileError("the file says the match was finished, but the replay does not reach the end of the game")
    # a seat whose player left never wins (bot.play.moves.table_result): then the winners may differ
    winners_differ = "left" not in outcome and sorted(reached.winners) != sorted(recorded.winners)
    if reached.scores != recorded.scores or winners_differ:
        raise MatchFileError(f"the replay ends with scores {reached.scores} and winners {reached.winners}, the file "
                             f"records scores {recorded.scores} and winners {recorded.winners}")
    return recorded
