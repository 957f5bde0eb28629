"""The computer players' moves, made and announced like a person's.

When a seat the computer plays is asked (after any move, a start, a seat
handed to the computer, a restart), :meth:`Computers.kick` starts one task for
that match in this process. The task thinks in a worker process
(:mod:`bot.workers`, pool ``think``), so the event loop and every other match
go on meanwhile, taking turns with the other matches and servers
(:mod:`bot.discord.think_queue`: a server with many matches waiting thinks
less a decision), and applies the move through the match service with the same
checks as a click (the seat's decision counter and the action's token): if the
match changed while it thought (an undo, another process's move, the seat
taken back), that decision is dropped and it thinks again from the new state.
A kick while the task runs makes it look once more before it ends, so no
due move is missed; a crash loses nothing either, because the announcer's
repair at start-up kicks every match waiting on a computer.

A paused match waits: the computer moves again when it is resumed.
"""

from __future__ import annotations

import asyncio
import logging

import engines
from bot import workers
from bot.discord import think_queue
from bot.play.errors import ServiceError
from bot.play.moves import action_token
from bot.play.service import MatchService
from bot.store import Match
from engines.ai.turn import decide

log = logging.getLogger("brettbote")

#: Moves the computer makes in one go at most (a guard: people are asked long before).
MAX_MOVES = 500
#: Refusals of its move in a row after which a task gives up (the next kick
#: or the start-up repair tries again): a match changing under it that often
#: is not moving on, something refuses the move.
MAX_REFUSALS = 3
#: Seconds beyond its budget a search may take before the game's default
#: choice is played instead (a worker lost or overloaded must not stall a match).
THINK_SLACK = 60.0


def seed_for(match: Match, seat: int) -> int:
    """The search's seed for this decision: the same decision in the same
    match thinks the same way (after a crash, in another process)."""
    return (match.seed * 1_000_003 + match.counter * 101 + seat) % 2**63


class Computers:
    def __init__(self, service: MatchService, announcer, max_ms: int | None = None,
                 queue: think_queue.ThinkQueue | None = None) -> None:
        self.service = service
        self.announcer = announcer
        #: Where the searches wait for their turn (the process's shared queue unless given).
        self.queue = queue
        #: A cap on every match's thinking time (``COMPUTER_MAX_MS``).
        self.max_ms = max_ms
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self._closed = False
        #: What went wrong with the computer's last moves (a refusal's key, or
        #: "timeout"), newest last: for the log and the tests.
        self.refusals: list[str] = []

    def kick(self, match: Match) -> None:
        """Make the computer's moves that are due in ``match``, if any."""
        if self._closed or match.status != "running" or not any(s.computer for s in match.seats):
            return
        if match.id in self._tasks:
            self._again.add(match.id)
            return
        self._tasks[match.id] = asyncio.get_running_loop().create_task(self._drive(match.id))

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    async def idle(self, timeout: float = 120.0) -> None:
        """Wait until no computer is thinking (tests, shutdown)."""
        async with asyncio.timeout(timeout):
            while self._tasks:
                await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def close(self) -> None:
        """Stop thinking (shutdown): a move not made yet is made after the
        restart, by the announcer's repair."""
        self._closed = True
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _drive(self, match_id: int) -> None:
        try:
            while True:
                self._again.discard(match_id)
                await self._play(match_id)
                if match_id not in self._again:
                    return
        except Exception:
            log.exception("the computer's move in match %s failed", match_id)
        finally:
            self._tasks.pop(match_id, None)

    async def _play(self, match_id: int) -> None:
        refused = 0
        for _ in range(MAX_MOVES):
            match = await self.service.get(match_id)
            if match.status != "running" or match.paused:
                return
            engine = engines.get(match.game)
            state = engine.load_state(match.state)
            due = [s for s in engine.to_act(state) if match.seats[s].computer]
            if not due:
                return
            seat = due[0]
            place = match.seats[seat]
            budget_ms = min(match.computer_ms, self.max_ms or match.computer_ms)
            legal = engine.legal_actions(state, seat)
            async with (self.queue or think_queue.shared()).turn(match.guild_id, match.id) as share:
                budget_s = budget_ms * share / 1000
                try:
                    index = await asyncio.wait_for(
                        workers.run(decide, match.game, match.state, seat, budget_s, seed_for(match, seat),
                                    pool="think"),
                        budget_s + THINK_SLACK)
                except asyncio.TimeoutError:
                    log.warning("the computer took too long in match %s; it plays the default choice", match_id)
                    self.refusals = (self.refusals + ["timeout"])[-20:]
                    index = legal.index(engine.default_action(state, seat))
            token = action_token(engine, legal[index])
            try:
                outcome = await self.service.act(match.id, place.user_id, place.decision_counter, index, token)
            except ServiceError as err:
                # the match moved on while it thought: think again from where it is now
                self.refusals = (self.refusals + [err.key])[-20:]
                refused += 1
                if refused >= MAX_REFUSALS:
                    log.warning("the computer's moves in match %s were refused %d times (%s); stopping for now",
                                match_id, refused, err.key)
                    return
                continue
            refused = 0
            await self.announcer.announce(outcome)
