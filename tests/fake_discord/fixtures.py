"""pytest fixtures; enable with ``pytest_plugins = ["fake_discord.fixtures"]`` or import them."""

from __future__ import annotations

from typing import AsyncIterator

import pytest_asyncio

from .server import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord with the default world; closed after the test."""
    async with FakeDiscord() as fake:
        yield fake
