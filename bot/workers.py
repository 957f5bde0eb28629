"""Where CPU work goes: board pictures, undo replays, recaps and the computer
player's search never run on the event loop. Two pools: ``render`` (board
pictures, undo replays and recaps, ``RENDER_WORKERS``) and ``think`` (the computer
player, ``COMPUTER_WORKERS``), so that a computer thinking for seconds never
holds up another match's board (its searches take turns in
:mod:`bot.discord.think_queue` before they reach the pool). With a count > 0 a pool is that many
processes (true parallelism, and slow work cannot delay another match's
interaction); with 0, its work runs in a thread of the bot's process.

The pool belongs to the process, not to a client: it is made on first use,
kept for the life of the process and shared by every client in it (tests
start many). Its processes are forked from a ``forkserver`` that has already
imported the engines and the renderer, so a new worker starts in
milliseconds, and nothing of the bot's event loop or connections is copied
into it. A worker that dies (killed, out of memory) breaks the pool; the next
job makes a new one and the job is tried once more.

Workers run at a lower CPU priority than the bot (``WORKER_NICE``, added to
the bot's own niceness): a board drawn or a search run is work a user
waits for anyway, while the event loop answers clicks, and Discord drops a
click not answered within 3 s. Without it, on a busy machine, the workers
(CPU-bound) and the loop share the cores evenly and every database round trip
of a move waits for the loop's next time slice.

Nothing outlives the bot, even a ``kill -9``: the fork server (a child of the
bot) and every worker (a child of the fork server) ask the kernel for a
parent-death signal (Linux ``PR_SET_PDEATHSIG``), so the bot's death ends the
fork server and the fork server's ends its workers (the kernel ties the signal
to the thread that started the process: the fork server is started by the
event loop's thread, which lives as long as the bot). The resource tracker, the
bot's other child, ends by itself once no process holds its pipe any more.
(Without this a worker waits forever on its job queue, whose write end it holds
itself, and keeps the fork server and the tracker alive with it.)
"""

from __future__ import annotations

import asyncio
import atexit
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, TypeVar

log = logging.getLogger("brettbote.workers")

T = TypeVar("T")
#: Imported once in the fork server, inherited by every worker (the first
#: ties the fork server's life to the bot's).
PRELOAD = ["bot.fork_server", "engines", "engines.ai", "render", "bot.discord.present", "bot.play.slow",
           "bot.play.recap"]
POOLS = ("render", "think")

#: How much lower the workers' priority is than the bot's (``os.nice``).
NICE = 10

_counts: dict[str, int] = {name: 0 for name in POOLS}
_nice: dict[str, int] = {name: NICE for name in POOLS}
_pools: dict[str, ProcessPoolExecutor] = {}


def configure(count: int, pool: str = "render", nice: int = NICE) -> None:
    """Use ``count`` worker processes for ``pool`` from now on (0: a thread),
    ``nice`` steps below the bot's priority."""
    if (count, nice) != (_counts[pool], _nice[pool]):
        shutdown(pool)
        _counts[pool], _nice[pool] = count, nice


def default_count(processes: int, cores: int | None = None) -> int:
    """Render workers for one of ``processes`` bot processes sharing this
    machine: its share of the cores, at least one (drawing in a thread
    would hold the event loop through the GIL)."""
    if cores is None:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cores // max(1, processes))


def size(pool: str) -> int:
    """The worker processes ``pool`` has (0: its work runs in a thread)."""
    return _counts[pool]


#: prctl's option for the signal a process gets when its parent ends (linux/prctl.h).
PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int | None = None) -> None:
    """Have the kernel kill this process when its parent ends (Linux; elsewhere
    nothing happens). ``parent``: the pid the parent should have; if the parent
    ended before the signal was set, this process has another one by now, and
    ends at once."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # not Linux
        return
    if prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        log.warning("no parent-death signal: %s", os.strerror(ctypes.get_errno()))
        return
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def _worker_started(nice: int = 0) -> None:
    """The initialiser of every worker: it dies with the fork server that
    forked it (whose pid the preloaded :mod:`bot.fork_server` left behind),
    and steps down ``nice`` in priority (see the module docstring)."""
    fork_server = sys.modules.get("bot.fork_server")
    die_with_parent(fork_server.PID if fork_server is not None else None)
    if nice:
        os.nice(nice)


def _new_pool(pool: str) -> ProcessPoolExecutor:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return ProcessPoolExecutor(_counts[pool], mp_context=context, initializer=_worker_started,
                               initargs=(_nice[pool],))


async def run(fn: Callable[..., T], /, *args: Any, pool: str = "render") -> T:
    """``fn(*args)`` off the event loop, in ``pool``; ``fn`` and its arguments
    must pickle when workers are processes (module-level functions and
    pydantic models do)."""
    if _counts[pool] == 0:
        return await asyncio.to_thread(fn, *args)
    loop = asyncio.get_running_loop()
    for attempt in (1, 2):
        executor = _pools.get(pool) or _pools.setdefault(pool, _new_pool(pool))
        try:
            return await loop.run_in_executor(executor, fn, *args)
        except BrokenProcessPool:
            log.warning("a %s worker died; starting new ones (attempt %d)", pool, attempt)
            if _pools.get(pool) is executor:
                del _pools[pool]
            # wait until the broken pool has closed its pipes before the next
            # one opens its own: closing them while new ones reuse their
            # numbers hands the fork server a closed descriptor
            await asyncio.to_thread(_close_broken, executor)
            if attempt == 2:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _close_broken(executor: ProcessPoolExecutor) -> None:
    """Shut a broken pool down, killing its workers first. A worker started
    for a job submitted while the pool broke is missed by the pool's own
    clean-up (it terminates the workers it knew, then waits for all of them),
    and would keep the shutdown, and the job, waiting for ever."""
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        process.kill()  # a worker already gone is passed over
    executor.shutdown(wait=True, cancel_futures=True)


def shutdown(pool: str | None = None) -> None:
    """Stop the worker processes of ``pool`` (of every pool if None); a later
    job starts new ones."""
    for name in [pool] if pool else list(_pools):
        executor = _pools.pop(name, None)
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown)
