"""The one path from a failure to the user.

Every cog entry point (slash command, button, menu) runs under
:func:`guarded`: a :class:`ServiceError` becomes a short ephemeral reason in
the reader's language, anything unexpected an apology with an error id that
is also in the log (with the traceback). It also counts the interactions in
flight, so a shutdown (and a test) can wait until they are done.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import uuid
from typing import Any, Awaitable, Callable

import discord

import engines
from bot.discord.messages import BOT, choose_locale, t
from bot.play.errors import ServiceError

log = logging.getLogger("brettbote")


class InFlight:
    """How many interactions are being handled right now."""

    def __init__(self) -> None:
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def enter(self) -> None:
        self.count += 1
        self._idle.clear()

    def leave(self) -> None:
        self.count -= 1
        if self.count == 0:
            self._idle.set()

    async def drain(self, timeout: float) -> None:
        """Wait until no interaction is being handled (for a clean shutdown)."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except asyncio.TimeoutError:
            log.warning("shutdown: %d interactions still in flight", self.count)


def reason(err: ServiceError, locale: str) -> str:
    """A refusal in words: the game's own message when the refusal names its
    game (never another game's text for the same key), else the bot's."""
    if err.game is not None:
        engine = engines.get(err.game)
        if err.key in engine.messages:
            return engine.text(err.key, err.params, locale)
    if err.key in BOT:
        return t(err.key, locale, **err.params)
    return t("not_legal", locale)


async def reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Ephemeral, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


def guarded(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """Wrap a cog's handler ``(self, interaction, ...)``; the cog has ``bot``."""

    @functools.wraps(method)
    async def wrapper(cog: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
        inflight: InFlight = cog.bot.inflight
        inflight.enter()
        try:
            await method(cog, interaction, *args, **kwargs)
        except ServiceError as err:
            locale = await cog.bot.locales.of_interaction(interaction)
            await reply(interaction, reason(err, locale))
        except Exception:
            error_id = uuid.uuid4().hex[:8]
            log.exception("error %s in %s", error_id, method.__qualname__)
            locale = choose_locale(None, interaction.locale, interaction.guild_locale)
            try:
                await reply(interaction, t("error", locale, error_id=error_id))
            except discord.HTTPException:
                log.warning("could not report error %s to the user", error_id)
        finally:
            inflight.leave()

    return wrapper
