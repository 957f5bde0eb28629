"""How far the event loop runs behind: a task that asks to wake every
:data:`PERIOD` seconds and records how much later than asked it woke
(``metrics.LOOP_LAG``). A late wake-up means every click, database round trip
and timer of the process waited as long: the first sign of a machine whose
cores are taken (by the render workers, another process, PostgreSQL).
"""

from __future__ import annotations

import asyncio
from typing import Callable

from bot import metrics

#: Seconds between two samples: often enough to see a burst, cheap enough
#: to cost nothing (four wake-ups a second).
PERIOD = 0.25


class LoopLag:
    """Started with the bot, stopped at its close."""

    def __init__(self, observe: Callable[[float], None] | None = None, period: float = PERIOD) -> None:
        self.observe = observe or metrics.LOOP_LAG.observe
        self.period = period
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name="loop-lag")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time() + self.period
            await asyncio.sleep(self.period)
            self.observe(max(0.0, loop.time() - asked))
