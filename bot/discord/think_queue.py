"""Whose computer player thinks next: the searches of every match in this
process take turns at the think pool (:mod:`bot.workers`, pool ``think``).

At most as many searches run at once as the pool has workers (one when the
computer thinks in a thread); the others wait here, not in the pool's queue,
so that when a worker is free the next search can be chosen fairly: the
server served least recently goes first, and within it the match served
least recently (ties in order of arrival). A match whose five computer
players are all asked gets one turn, then another server's match goes; a
server's single decision waits for at most one search of every other server
with searches waiting, however many matches those servers have queued.

What one server can queue is capped in time rather than in number: when more
than :data:`SERVER_SHARE` of its matches are waiting, each of its decisions
thinks ``SERVER_SHARE / waiting`` of its budget (never less than
:data:`MIN_SHARE`). One round through that server's waiting matches then
costs the pool about as much as :data:`SERVER_SHARE` whole searches, so its
own matches keep moving, and a search of another server that arrives while
one of its searches runs waits that much less. A search already running is
never cut short.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import weakref
from collections import deque
from typing import AsyncIterator, Callable, Hashable

from bot import workers

#: A server's matches that may wait to think with their whole budgets.
SERVER_SHARE = 4
#: The smallest part of its budget a decision thinks, however full its server's queue.
MIN_SHARE = 0.1


class ThinkQueue:
    def __init__(self, slots: Callable[[], int]) -> None:
        #: How many searches may run at once (read at every admission: the pool can be resized).
        self._slots = slots
        #: server -> match -> the futures of the searches waiting, in order of arrival
        self._waiting: dict[Hashable, dict[int, deque[asyncio.Future]]] = {}
        self._running: dict[Hashable, int] = {}
        #: when each server, and each match of a server, was last admitted
        self._server_turn: dict[Hashable, int] = {}
        self._match_turn: dict[Hashable, dict[int, int]] = {}
        self._ticket = itertools.count()

    @contextlib.asynccontextmanager
    async def turn(self, server: Hashable | None, match: int) -> AsyncIterator[float]:
        """Wait for this search's turn and hold a place in the pool while in
        the block; yields the part of its budget the search may use (1.0
        unless its server's queue is long). ``server`` None (a match outside
        any server) counts as a server of its own."""
        key = server if server is not None else ("match", match)
        future = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, {}).setdefault(match, deque()).append(future)
        self._admit()
        try:
            share = await future
        except BaseException:
            if future.done() and not future.cancelled():
                self._release(key)  # admitted, and cancelled before it could start
            else:
                self._forget(key, match, future)
            raise
        try:
            yield share
        finally:
            self._release(key)

    @property
    def waiting(self) -> int:
        return sum(len(futures) for matches in self._waiting.values() for futures in matches.values())

    def _admit(self) -> None:
        while self._waiting and sum(self._running.values()) < max(1, self._slots()):
            server = min(self._waiting, key=lambda s: self._server_turn.get(s, -1))
            matches = self._waiting[server]
            turns = self._match_turn.setdefault(server, {})
            match = min(matches, key=lambda m: turns.get(m, -1))
            share = max(MIN_SHARE, min(1.0, SERVER_SHARE / len(matches)))
            future = matches[match].popleft()
            if not matches[match]:
                del matches[match]
            if not matches:
                del self._waiting[server]
            if future.done():  # cancelled while waiting; its task has not run to forget it yet
                continue
            ticket = next(self._ticket)
            self._server_turn[server] = turns[match] = ticket
            self._running[server] = self._running.get(server, 0) + 1
            future.set_result(share)

    def _release(self, server: Hashable) -> None:
        self._running[server] -= 1
        if not self._running[server]:
            del self._running[server]
            if server not in self._waiting:  # nothing of it left here: forget its turns
                self._server_turn.pop(server, None)
                self._match_turn.pop(server, None)
        self._admit()

    def _forget(self, server: Hashable, match: int, future: asyncio.Future) -> None:
        matches = self._waiting.get(server, {})
        futures = matches.get(match)
        if futures is not None and future in futures:
            futures.remove(future)
            if not futures:
                del matches[match]
            if not matches:
                del self._waiting[server]
                if server not in self._running:
                    self._server_turn.pop(server, None)
                    self._match_turn.pop(server, None)


_queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, ThinkQueue] = weakref.WeakKeyDictionary()


def shared() -> ThinkQueue:
    """The queue in front of this process's think pool (one per event loop:
    the pool is the process's, its waiting searches the loop's)."""
    loop = asyncio.get_running_loop()
    if loop not in _queues:
        _queues[loop] = ThinkQueue(lambda: workers.size("think"))
    return _queues[loop]
