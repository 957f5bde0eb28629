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

from bot.faults import crash_point
from bot.play import quiet
from bot.play.clock import Clock
from bot.play.lobby import TIMER_LEASE
from bot.store import Store, Timer, User

log = logging.getLogger("brettbote.scheduler")

#: Timers claimed at a time: few, because a crash holds them until the lease ends.
BATCH = 10
#: Timers being handled at once by one process.
IN_FLIGHT = 40


class Scheduler:
    def __init__(self, store: Store, clock: Clock, handle: Callable[[Timer], Awaitable[None]], *,
                 recover: Callable[[], Awaitable[object]] | None = None,
                 repair: Callable[[str], Awaitable[object]] | None = None, lease: float = TIMER_LEASE,
                 observe_lag: Callable[[float], None] | None = None,
                 digest: Callable[[User], Awaitable[float | None]] | None = None) -> None:
        self.store = store
        self.clock = clock
        self.handle = handle
        self.recover = recover
        self.repair = repair
        self.lease = lease
        self.observe_lag = observe_lag
        #: Sends a user's due digest (:mod:`bot.play.quiet`); returns when the next is due.
        self.digest = digest
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
        """Fire every timer due now; returns how many this process fired.

        Claimed timers start at once, side by side (a DM or a board post
        waits on Discord), up to ``IN_FLIGHT`` at a time, and claiming goes
        on while they run, so a slow one never holds up the next due one.
        One match's timers run in due order. Due digests (a timer per
        user, claimed the same way) are sent first."""
        fired = await self.run_digests()
        running: set[asyncio.Task] = set()
        last_of_match: dict[int, asyncio.Task] = {}
        while True:
            free = IN_FLIGHT - len(running)
            timers = await self.store.claim_due(self.clock.now(), min(BATCH, free)) if free > 0 else []
            if timers:
                crash_point("timers_claimed")
                for timer in timers:
                    if self.observe_lag is not None:
                        self.observe_lag(max(0.0, self.clock.now() - timer.due_at))
                    task = asyncio.create_task(self._fire(timer, last_of_match.get(timer.match_id)))
                    last_of_match[timer.match_id] = task
                    running.add(task)
                fired += len(timers)
            elif not running:
                return fired
            else:
                # look for newly due timers now and then while these run
                done, running = await asyncio.wait(running, timeout=0.2, return_when=asyncio.FIRST_COMPLETED)
                last_of_match = {m: t for m, t in last_of_match.items() if t in running}

    async def run_digests(self) -> int:
        if self.digest is None:
            return 0
        sent = 0
        while users := await self.store.claim_digests(self.clock.now(), BATCH):
            for user in users:
                try:
                    next_due = await self.digest(user)
                except Exception:
                    log.exception("digest of user %s failed", user.user_id)
                    next_due = quiet.next_digest(user, self.clock.now())  # the daily one stays
                await self.store.finish_digest(user.user_id, next_due)
            sent += len(users)
        return sent

    async def _fire(self, timer: Timer, after: asyncio.Task | None) -> None:
        if after is not None:
            await asyncio.wait({after})  # the match's earlier timer first, whatever became of it
        try:
            await self.handle(timer)
        except Exception:
            log.exception("timer %s (%s, match %s) failed", timer.id, timer.kind, timer.match_id)
        await self.store.finish_timer(timer.id)

    async def sweep(self) -> bool:
        """Clean up after a process that died, unless another process is at
        it; returns whether this one swept."""
        async with self.store.exclusive("sweep") as mine:
            if not mine:
                return False
            expired = await self.store.expire_stale_claims(self.clock.now() - self.lease)
            # a digest claimed by a dead process is due again (its DM's nonce keeps a resend to one DM)
            await self.store.expire_stale_digests(self.clock.now() - self.lease)
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
                digest_due = await self.store.next_digest() if self.digest is not None else None
            except Exception:  # the database hiccuped: try again shortly, never die
                log.exception("scheduler round failed")
                timer = digest_due = None
                await asyncio.sleep(5)
            delay = self.store.poll_seconds
            if timer is not None:
                delay = min(delay, timer.due_at - self.clock.now())
            if digest_due is not None:
                delay = min(delay, digest_due - self.clock.now())
            self.idle.set()
            await self.clock.sleep(delay, self.store.timer_added)
            self.idle.clear()
