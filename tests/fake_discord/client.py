"""Pointing the unmodified discord.py client at a FakeDiscord."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, AsyncIterator, Iterator, TypeVar

import discord
import yarl

if TYPE_CHECKING:
    from .server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.contextmanager
def patch_discord_py(fake: "FakeDiscord") -> Iterator[None]:
    """Route discord.py's REST and gateway traffic to ``fake`` (process-wide) and restore after.

    Both settings are class attributes read when a request/connection is made, so this must
    stay active for the bot's whole lifetime, including ``close()``.
    """
    route = discord.http.Route
    websocket = discord.gateway.DiscordWebSocket
    old_base, old_gateway = route.BASE, websocket.DEFAULT_GATEWAY
    route.BASE = fake.api_url
    websocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        route.BASE, websocket.DEFAULT_GATEWAY = old_base, old_gateway


@contextlib.asynccontextmanager
async def running_bot(fake: "FakeDiscord", bot: ClientT, *, timeout: float = 30.0) -> AsyncIterator[ClientT]:
    """Start ``bot`` against ``fake``, wait until it is ready, and close it afterwards.

    Tip: create test bots with ``guild_ready_timeout=0.05``; discord.py otherwise waits 2 s
    after the last GUILD_CREATE before it fires on_ready.
    """
    with patch_discord_py(fake):
        runner = asyncio.create_task(bot.start(fake.token), name=f"bot-{id(bot)}")
        ready = asyncio.create_task(bot.wait_until_ready())
        try:
            done, _ = await asyncio.wait({runner, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if runner in done:
                runner.result()  # Raises the start-up error (login, setup_hook, ...).
                raise RuntimeError("bot stopped during start-up")
            if ready not in done:
                raise TimeoutError(f"bot not ready after {timeout}s{fake.diagnostics()}")
            yield bot
        finally:
            ready.cancel()
            await bot.close()
            try:
                await asyncio.wait_for(runner, timeout)
            except asyncio.CancelledError:
                pass
