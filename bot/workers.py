"""Where CPU work goes: board pictures and undo replays never run on the
event loop. With ``RENDER_WORKERS`` > 0 they run in a pool of that many
processes (true parallelism, and a slow render cannot delay another match's
interaction); with 0, in a thread of the bot's process.

The pool belongs to the process, not to a client: it is made on first use,
kept for the life of the process and shared by every client in it (tests
start many). Its processes are forked from a ``forkserver`` that has already
imported the engines and the renderer, so a new worker starts in
milliseconds, and nothing of the bot's event loop or connections is copied
into it. A worker that dies (killed, out of memory) breaks the pool; the next
job makes a new one and the job is tried once more.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, TypeVar

log = logging.getLogger("brettbote.workers")

T = TypeVar("T")
#: Imported once in the fork server, inherited by every worker.
PRELOAD = ["engines", "render", "bot.discord.present", "bot.play.slow"]

_count = 0
_pool: ProcessPoolExecutor | None = None


def configure(count: int) -> None:
    """Use ``count`` worker processes from now on (0: a thread)."""
    global _count
    if count != _count:
        shutdown()
        _count = count


def _new_pool() -> ProcessPoolExecutor:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return ProcessPoolExecutor(_count, mp_context=context)


async def run(fn: Callable[..., T], /, *args: Any) -> T:
    """``fn(*args)`` off the event loop; ``fn`` and its arguments must pickle
    when workers are processes (module-level functions and pydantic models do)."""
    global _pool
    if _count == 0:
        return await asyncio.to_thread(fn, *args)
    loop = asyncio.get_running_loop()
    for attempt in (1, 2):
        if _pool is None:
            _pool = _new_pool()
        pool = _pool
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            log.warning("a render worker died; starting new ones (attempt %d)", attempt)
            if _pool is pool:
                _pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            if attempt == 2:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def shutdown() -> None:
    """Stop the worker processes (a later job starts new ones)."""
    global _pool
    if _pool is not None:
        pool, _pool = _pool, None
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown)
