"""Replaying a stretch of a match's log (the one replayer): for a takeback
(:mod:`bot.play.slow`) and for a recap (:mod:`bot.play.recap`). Pure engine
work on values read from the store beforehand, so it runs in a worker."""

from __future__ import annotations

from dataclasses import dataclass

import engines
from bot.store import LoggedAction


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

    def steps(self):
        """Each action of the stretch applied in turn: (entry, state before,
        state after, events). The one replayer of the log: undo, takeback
        verdicts and recaps (:mod:`bot.play.recap`) all walk it."""
        engine, state = self.start()
        for entry in self.log:
            before = state
            state, events = engine.apply(state, entry.seat, engine.parse_action(entry.action))
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
