"""Starting the web view (:mod:`bot.web`) in the bot's process: the key its
links are signed with (``WEB_SECRET``, else one generated once and kept in
the database, so every process of a deployment and every restart signs
alike), the public address, and people's names as this client knows them."""

from __future__ import annotations

import asyncio
import ipaddress
import time

import discord

from bot.discord import web_links
from bot.logs import redact_also
from bot.web.links import Links, new_key
from bot.web.routes import Pages
from bot.web.server import WebServer, templates


#: How long a page waits for Discord to tell a name it does not know yet,
#: and how long after a failure it asks again.
NAME_SECONDS, NAME_RETRY_SECONDS = 2.0, 600.0


async def start_web(bot) -> WebServer:
    settings = bot.settings
    candidate = new_key()
    # the key never reaches a log line: not even the statement that keeps it (aiosqlite's payload log)
    redact_also(candidate)
    key = settings.web_secret.get_secret_value() or await bot.store.secret("web", candidate)
    redact_also(key)

    known: dict[int, str] = {}
    failed: dict[int, float] = {}  # user id -> when Discord may be asked again

    async def fetch(user_id: int) -> None:
        user = bot.get_user(user_id)
        if user is None:
            try:
                user = await asyncio.wait_for(bot.fetch_user(user_id), NAME_SECONDS)
            except (discord.HTTPException, asyncio.TimeoutError):
                failed[user_id] = time.monotonic() + NAME_RETRY_SECONDS
                return
        known[user_id] = user.display_name

    async def names(user_ids: list[int]) -> dict[int, str]:
        """Names by user id: the client's cache, else asked of Discord once
        per process, all at once; a name that could not be had is asked again
        only after a while (a page's reader cannot make the bot ask Discord
        at every load)."""
        if len(known) > 10_000 or len(failed) > 10_000:
            known.clear(), failed.clear()
        now = time.monotonic()
        await asyncio.gather(*(fetch(u) for u in set(user_ids) if u not in known and failed.get(u, 0) <= now))
        return {u: known[u] for u in user_ids if u in known}

    # the public address is known only once the port is: a free port (0) is the tests' case
    pages = Pages(bot.store, Links(key, settings.public_url or "http://unset"), bot.clock, names, templates())
    proxies = tuple(ipaddress.ip_network(p, strict=False) for p in settings.web_proxies or ())
    server = await WebServer.start(pages, settings.web_host, settings.web_port, proxies)
    host = settings.web_host if ":" not in settings.web_host else f"[{settings.web_host}]"
    pages.links.base = (settings.public_url or f"http://{host}:{server.port}").rstrip("/")
    web_links.configure(pages.links, pages)
    return server
