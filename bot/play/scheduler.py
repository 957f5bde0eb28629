"""One task per process that fires due timers from the database, earliest first.

It sleeps until the earliest unclaimed timer is due, until a timer is added
(by this process, or by any on PostgreSQL), or for the store's polling
interval. Timers are claimed before they are handled; the store hands each
timer to exactly one claimer however many processes ask, so a timer fires
once.

A process can die (``kill -9``) between any two steps. Every ``lease / 2``
seconds one process at a time (:meth:`Store.exclusive`) sweeps up after such
a death, as the dead process's own restart would: claims older than
``lease`` are given up and ``recover`` (the service's ``rearm``) sets again
whatever waiting seats lack; then ``repair`` (the announcer's ``reconcile``)
posts the boards and delivers the notices that matches untouched for
``lease`` seconds still owe.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timezone
from typing import Awaitable, Callable

from bot.play.clock import Clock
from bot.store import Store, Timer

log = logging.getLogger("brettbote.scheduler")

#: Timers claimed at a time: few, because a crash holds them until the lease ends.
BATCH = 10
#: How long a claimed timer may take before its process is taken for dead.
LEASE_SECONDS = 300.0


class Scheduler:
    def __init__(self, store: Store, clock: Clock, handle: Callable[[Timer], Awaitable[None]], *,
                 recover: Callable[[], Awaitable[object]] | None = None,
                 repair: Callable[[str], Awaitable[object]] | None = None, lease: float = LEASE_SECONDS,
                 observe_lag: Callable[[float], None] | None = None) -> None:
        self.store = store
        self.clock = clock
        self.handle = handle
        self.recover = recover
        self.repair = repair
        self.lease = lease
        self.observe_lag = observe_lag
        self._task: asyncio.Task | None = None
        self._next_expiry = 0.0
        #: Set while the loop waits for the next timer with nothing due.
        self.idle = asyncio.Event()

    def start(self) -> None:
        if self._task is None:
            # the first sweep waits: a starting process reconciles on its own
            self._next_expiry = self.clock.now() + self.lease / 2
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
        """Fire every timer due now; returns how many this process fired."""
        fired = 0
        while True:
            timers = await self.store.claim_due(self.clock.now(), BATCH)
            if not timers:
                return fired
            for timer in timers:
                if self.observe_lag is not None:
                    self.observe_lag(max(0.0, self.clock.now() - timer.due_at))
                try:
                    await self.handle(timer)
                except Exception:
                    log.exception("timer %s (%s, match %s) failed", timer.id, timer.kind, timer.match_id)
                await self.store.finish_timer(timer.id)
                fired += 1

    async def sweep(self) -> bool:
        """Clean up after a process that died, unless another process is at
        it; returns whether this one swept."""
        async with self.store.exclusive("sweep") as mine:
            if not mine:
                return False
            expired = await self.store.expire_stale_claims(self.clock.now() - self.lease)
            if expired:
                log.warning("%d timers were claimed by a process that stopped; setting them again", expired)
                if self.recover is not None:
                    await self.recover()
            if self.repair is not None:
                # updated_at is wall-clock time, whatever clock the scheduler has
                cutoff = datetime.fromtimestamp(datetime.now(timezone.utc).timestamp() - self.lease, timezone.utc)
                await self.repair(cutoff.isoformat(timespec="seconds"))
            return True

    async def _loop(self) -> None:
        while True:
            self.store.timer_added.clear()
            try:
                if self.clock.now() >= self._next_expiry:
                    self._next_expiry = self.clock.now() + self.lease / 2
                    await self.sweep()
                await self.run_due()
                timer = await self.store.next_timer()
            except Exception:  # the database hiccuped: try again shortly, never die
                log.exception("scheduler round failed")
                timer = None
                await asyncio.sleep(5)
            delay = self.store.poll_seconds
            if timer is not None:
                delay = min(delay, timer.due_at - self.clock.now())
            self.idle.set()
            await self.clock.sleep(delay, self.store.timer_added)
            self.idle.clear()
