"""Replaying a stretch of a match's log (the one replayer): for a takeback
(:mod:`bot.play.slow`), a recap (:mod:`bot.play.recap`) and a match file
(:mod:`bot.play.match_file`). Pure engine work on values read from the store
(or a file) beforehand, so it runs in a worker."""

from __future__ import annotations

from dataclasses import dataclass

import engines
from bot.store import LoggedAction


class NotLegal(Exception):
    """A logged action the replayed position does not allow (a forged or
    damaged match file): raised by :meth:`Replay.steps` with ``checked``."""

    def __init__(self, entry: LoggedAction, why: str) -> None:
        super().__init__(f"the action at counter {entry.counter} (seat {entry.seat}) {why}")
        self.entry = entry


@dataclass
class Replay:
    """A stretch of a match's log to replay, read in one transaction and
    replayed outside it by :mod:`bot.workers` (pure engine work, no store)."""

    game: str
    seats: int
    seed: int
    options: dict
    #: The newest usable snapshot (counter, state); ``None``: from the setup.
    snapshot: tuple[int, str] | None
    #: The actions not taken back after the snapshot, in order.
    log: list[LoggedAction]

    def start(self):
        """The engine and the state the stretch starts from."""
        engine = engines.get(self.game)
        if self.snapshot is None:
            return engine, engine.setup(self.seats, self.seed, self.options)
        return engine, engine.load_state(self.snapshot[1])

    def steps(self, checked: bool = False):
        """Each action of the stretch applied in turn: (entry, state before,
        state after, events). The one replayer of the log: undo, takeback
        verdicts and recaps (:mod:`bot.play.recap`) all walk it.

        ``checked``: for a log from outside the store (a match file), each
        action must be one the seat was asked for, as the match service
        demands of every move, else :class:`NotLegal`; an engine's own checks
        in ``apply`` need not catch every forgery."""
        engine, state = self.start()
        for entry in self.log:
            before = state
            action = engine.parse_action(entry.action)
            if checked:
                if engine.result(state) is not None:
                    raise NotLegal(entry, "comes after the end of the game")
                if entry.seat not in engine.to_act(state):
                    raise NotLegal(entry, "is not that seat's to make here")
                if action not in engine.legal_actions(state, entry.seat):
                    raise NotLegal(entry, "is not legal here")
            state, events = engine.apply(state, entry.seat, action)
            yield entry, before, state, events

    def state(self) -> str:
        """The state after the whole stretch, dumped."""
        final = None
        for _, _, final, _ in self.steps():
            pass
        return engines.get(self.game).dump_state(final if final is not None else self.start()[1])

    def verdicts(self, counters: set[int]) -> dict[int, bool]:
        """``Engine.undoable`` of the actions counted in ``counters``."""
        engine = engines.get(self.game)
        return {
            entry.counter: engine.undoable(before, after, entry.seat, events)
            for entry, before, after, events in self.steps() if entry.counter in counters
        }
