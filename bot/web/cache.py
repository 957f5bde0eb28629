"""A small in-process cache for the web view's pictures and pages, with one
computation per key at a time: ten readers of a new board wait for one
drawing instead of starting ten. Everything cached is keyed by what it was
made from (the match's move counter, its last change, the language), so an
entry is never stale, only unused; the oldest unused ones go first."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any, Awaitable, Callable, Hashable


class Cache:
    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._making: dict[Hashable, asyncio.Future] = {}

    def get(self, key: Hashable) -> Any | None:
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        return None

    def put(self, key: Hashable, value: Any) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    async def get_or_make(self, key: Hashable, make: Callable[[], Awaitable[Any]]) -> Any:
        found = self.get(key)
        if found is not None:
            return found
        # The making runs as a task of its own: a reader who goes away (its
        # request cancelled) cancels neither the making nor the other readers.
        task = self._making.get(key)
        if task is None:
            task = asyncio.ensure_future(self._make(key, make))
            # a failure every reader left before is still retrieved (no "never retrieved" warning)
            task.add_done_callback(lambda done: done.cancelled() or done.exception())
            self._making[key] = task
        return await asyncio.shield(task)

    async def _make(self, key: Hashable, make: Callable[[], Awaitable[Any]]) -> Any:
        try:
            value = await make()
        finally:
            self._making.pop(key, None)
        self.put(key, value)
        return value
