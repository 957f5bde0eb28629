"""One task that fires due timers from the database, earliest first.

It sleeps until the earliest unclaimed timer is due, or until a new timer is
added. Each timer is claimed before it is handled, so it fires at most once,
even if the bot crashes halfway through sending.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from bot.play.clock import Clock
from bot.store import Store, Timer

log = logging.getLogger("brettbote.scheduler")

#: Look again at least this often, in case the clock jumped.
MAX_SLEEP = 3600.0


class Scheduler:
    def __init__(self, store: Store, clock: Clock, handle: Callable[[Timer], Awaitable[None]]) -> None:
        self.store = store
        self.clock = clock
        self.handle = handle
        self._task: asyncio.Task | None = None
        #: Set while the loop waits for the next timer with nothing due.
        self.idle = asyncio.Event()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="brettbote-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    async def run_due(self) -> int:
        """Fire every timer due now; returns how many were fired."""
        fired = 0
        while True:
            timer = await self.store.next_timer()
            if timer is None or timer.due_at > self.clock.now():
                return fired
            if await self.store.claim_timer(timer.id, self.clock.now()):
                try:
                    await self.handle(timer)
                except Exception:
                    log.exception("timer %s (%s, match %s) failed", timer.id, timer.kind, timer.match_id)
                await self.store.finish_timer(timer.id)
                fired += 1

    async def _loop(self) -> None:
        while True:
            self.store.timer_added.clear()
            try:
                await self.run_due()
                timer = await self.store.next_timer()
            except Exception:  # the database hiccuped: try again shortly, never die
                log.exception("scheduler round failed")
                timer = None
                await asyncio.sleep(5)
            delay = MAX_SLEEP if timer is None else min(MAX_SLEEP, timer.due_at - self.clock.now())
            self.idle.set()
            await self.clock.sleep(delay, self.store.timer_added)
            self.idle.clear()
