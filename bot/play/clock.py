"""Time for timers, behind one small interface so tests can move it by hand."""

from __future__ import annotations

import asyncio
import time

HOUR = 3600.0
DAY = 24 * HOUR


class Clock:
    """Wall-clock seconds (``time.time``): timers are stored as such, so they
    survive a restart."""

    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float, wake: asyncio.Event) -> None:
        """Sleep up to ``seconds``, or until ``wake`` is set."""
        try:
            await asyncio.wait_for(wake.wait(), max(seconds, 0))
        except asyncio.TimeoutError:
            pass


class ManualClock(Clock):
    """A clock that only moves when told to (tests, simulations)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._moved = asyncio.Event()

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
        self._moved.set()

    async def sleep(self, seconds: float, wake: asyncio.Event) -> None:
        if seconds <= 0:
            return
        self._moved.clear()
        waiters = [asyncio.ensure_future(wake.wait()), asyncio.ensure_future(self._moved.wait())]
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in waiters:
                waiter.cancel()
