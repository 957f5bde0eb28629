"""The one path from a failure to the user.

Every cog entry point (slash command, button, menu) runs under
:func:`guarded`, which acknowledges the interaction before the handler does
any database or engine work (Discord drops an interaction not answered
within 3 s, and a store starved by a burst of moves must not make a click
fail: the acknowledgement needs nothing but the event loop). How it
acknowledges is the handler's ``ack``: :data:`PRIVATE`, :data:`PUBLIC`,
:data:`UPDATE` or :data:`IN_PLACE`. A :class:`ServiceError` becomes a short ephemeral reason in
the reader's language, anything unexpected an apology with an error id that
is also in the log (with the traceback). It also counts the interactions in
flight, so a shutdown (and a test) can wait until they are done, and times
each interaction's first answer (:class:`AckTimed`).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import time
import uuid
from datetime import datetime, timezone
from typing import Any, Awaitable, Callable

import discord

import engines
from bot import metrics
from bot.discord.components import BoardButton
from bot.discord.messages import BOT, choose_locale, t
from bot.discord.option_checks import ForgedOption
from bot.discord.translator import command_text
from bot.play.errors import ServiceError, Stale

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


#: An answer later than this is worth a warning: Discord gives up at 3 s.
LATE_ACK_SECONDS = 1.0
#: At most one warning line in this many seconds, however many answers were
#: late meanwhile (an overloaded bot must not flood its own log).
LATE_ACK_EVERY = 10.0


class LateAcks:
    """Late first answers, told in one warning line per :data:`LATE_ACK_EVERY`
    seconds: how many, and the latest of them."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.count = 0
        self.worst = 0.0
        self.told_at: float | None = None

    def seen(self, seconds: float) -> None:
        if seconds <= LATE_ACK_SECONDS:
            return
        self.count += 1
        self.worst = max(self.worst, seconds)
        now = self.clock()
        if self.told_at is None or now - self.told_at >= LATE_ACK_EVERY:
            log.warning("%d interaction(s) answered later than %.0f s (the slowest after %.1f s): the bot is "
                        "overloaded", self.count, LATE_ACK_SECONDS, self.worst)
            self.told_at, self.count, self.worst = now, 0, 0.0


LATE_ACKS = LateAcks()


def _observe_ack(created_at: datetime) -> None:
    metrics.observe_ack(created_at)
    LATE_ACKS.seen((datetime.now(timezone.utc) - created_at).total_seconds())


class AckTimed(discord.InteractionResponse):
    """``interaction.response`` that records, at the first answer (whichever
    of defer, message, edit or modal it is), how long after Discord created
    the interaction it went out; an answer Discord refused (too late: 10062)
    counts too, it is the slowest kind."""

    __slots__ = ()


def _acknowledging(name: str) -> Callable[..., Awaitable[Any]]:
    answer = getattr(discord.InteractionResponse, name)

    @functools.wraps(answer)
    async def timed_answer(self: AckTimed, *args: Any, **kwargs: Any) -> Any:
        first = not self.is_done()
        try:
            result = await answer(self, *args, **kwargs)
        except discord.HTTPException:
            if first:
                _observe_ack(self._parent.created_at)
            raise
        if first and self.is_done():
            _observe_ack(self._parent.created_at)
        return result

    return timed_answer


for _name in ("defer", "send_message", "edit_message", "send_modal"):
    setattr(AckTimed, _name, _acknowledging(_name))


def time_the_ack(interaction: discord.Interaction) -> None:
    """From now on the interaction's first answer is timed (once, however
    many handlers it passes)."""
    if type(interaction.response) is discord.InteractionResponse and not interaction.response.is_done():
        interaction._cs_response = AckTimed(interaction)  # the slot behind discord.py's cached ``response``


def reason(err: ServiceError, locale: str) -> str:
    """A refusal in words: the game's own message when the refusal names its
    game (never another game's text for the same key), else the bot's."""
    if err.game is not None:
        engine = engines.get(err.game)
        if err.key in engine.messages:
            return engine.text(err.key, err.params, locale)
    if err.key in BOT:
        params = dict(err.params)
        if isinstance(params.get("option"), str):  # an option's name as the reader's client shows it
            params["option"] = command_text(params["option"], locale) or params["option"]
        return t(err.key, locale, **params)
    return t("not_legal", locale)


#: Set in ``interaction.extras`` by a handler that deferred publicly ("thinking"):
#: a refusal must then remove that public placeholder before answering privately.
PUBLIC_DEFER = "public_defer"


async def reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Ephemeral, whether or not the interaction was answered already; after
    a public deferral the public placeholder goes first, so that a refusal is
    never shown to the channel."""
    if interaction.response.is_done() and interaction.extras.pop(PUBLIC_DEFER, False):
        await _end_placeholder(interaction)
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def _end_placeholder(interaction: discord.Interaction) -> None:
    """Remove the public "thinking" placeholder, so that the next follow-up is
    a message of its own (the first follow-up would replace the placeholder,
    in public, and an edit pings nobody). If it cannot be removed it is
    finished with a dash instead: the follow-up is a message of its own all
    the same."""
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.info("could not remove the public placeholder of interaction %s", interaction.id)
        try:
            await interaction.edit_original_response(content="–")
        except discord.HTTPException:
            log.info("could not finish the public placeholder of interaction %s", interaction.id)


async def fresh_board(cog: Any, interaction: discord.Interaction, locale: str) -> dict[str, Any]:
    """A button to the current board of the channel's match, for an answer
    to an out-of-date control; nothing when the channel has no running match,
    or when its first board is not posted yet (a lobby that just filled)."""
    match = await cog.service.latest_match(interaction.channel_id) if interaction.channel_id else None
    if match is None or match.status != "running" or match.board_counter < 0:
        return {}
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton("view", match.id, match.board_counter, t("btn_current", locale)))
    return {"view": view}


async def on_app_command_error(interaction: discord.Interaction, error: Exception) -> None:
    """Whatever goes wrong before a command reaches its cog. An option value
    the command does not declare (sent by a modified client: see
    :mod:`bot.discord.option_checks`), or one a transformer refuses, is
    refused privately with the reason and logged as information, not as an
    error. Anything else (a command this version does not know) gets an
    apology with a reference code, which the log has with the traceback."""
    time_the_ack(interaction)
    if isinstance(error, (ForgedOption, discord.app_commands.TransformerError)):
        command = getattr(interaction.command, "qualified_name", "?")
        log.info("refused an option value of command %s: %s", command, error)
        refusal = (error.refusal if isinstance(error, ForgedOption)
                   else ServiceError("bad_value", value=str(error.value)[:60]))
        try:
            locale = await interaction.client.locales.of_interaction(interaction)
        except Exception:  # no store at hand: the client's language
            locale = choose_locale(None, interaction.locale, interaction.guild_locale)
        try:
            await reply(interaction, reason(refusal, locale))
        except Exception as err:
            log.warning("could not tell the refusal in command %s to the user: %r", command, err)
        return
    error_id = uuid.uuid4().hex[:8]
    log.error("error %s in command %s", error_id, getattr(interaction.command, "qualified_name", "?"),
              exc_info=(type(error), error, error.__traceback__))
    await apologise(interaction, error_id)


async def apologise(interaction: discord.Interaction, error_id: str) -> None:
    """The apology with its reference code; never raises (it is the last
    answer there is: a failure here is logged as a line, not a traceback)."""
    try:
        locale = choose_locale(None, interaction.locale, interaction.guild_locale)
        await reply(interaction, t("error", locale, error_id=error_id))
    except Exception as err:
        log.warning("could not report error %s to the user: %r", error_id, err)


async def answer_failure(cog: Any, interaction: discord.Interaction, error: Exception, where: str) -> None:
    """Tell the user what went wrong: a refusal's reason (and, for an
    out-of-date control, the current board), else an apology with a code.
    Never raises, whatever the state of the match: when telling the reason
    fails too, the user gets the apology and the log has that failure once."""
    if isinstance(error, ServiceError):
        try:
            locale = await cog.bot.locales.of_interaction(interaction)
            extra = await fresh_board(cog, interaction, locale) if isinstance(error, Stale) else {}
            await reply(interaction, reason(error, locale), **extra)
            return
        except Exception:
            error_id = uuid.uuid4().hex[:8]
            log.exception("error %s answering refusal %r in %s", error_id, error.key, where)
    else:
        error_id = uuid.uuid4().hex[:8]
        log.error("error %s in %s", error_id, where, exc_info=(type(error), error, error.__traceback__))
    await apologise(interaction, error_id)


#: How :func:`guarded` acknowledges: a private "thinking" answer to follow
#: (the default); a public one (the placeholder becomes the handler's public
#: answer, a refusal removes it first: :data:`PUBLIC_DEFER`); an update of
#: the message the component sits on (edited later, in place); or, for a
#: picker's controls, in place on a private message and a new private answer
#: on a public one (:func:`on_private_message`).
PRIVATE, PUBLIC, UPDATE, IN_PLACE = "private", "public", "update", "in_place"

#: The interaction a guarded handler is answering, so that what runs under it
#: (and a test) can tell a click's work from a timer's. None elsewhere, apart
#: from tasks a handler starts (they inherit it, after the acknowledgement).
HANDLING: contextvars.ContextVar[discord.Interaction | None] = contextvars.ContextVar("handling", default=None)


def on_private_message(interaction: discord.Interaction) -> bool:
    """Whether the component sits on a message only this user sees (an
    ephemeral answer, or a DM): only such a message may turn into private
    content. A (forged) picker control on a public board never edits it."""
    message = interaction.message
    return interaction.guild_id is None or (message is not None and message.flags.ephemeral)


async def acknowledge(interaction: discord.Interaction, how: str) -> None:
    """The first answer, before any work (see the module docstring)."""
    if how == PUBLIC:
        interaction.extras[PUBLIC_DEFER] = True  # a refusal removes the public placeholder first
        await interaction.response.defer(thinking=True)
    elif how == UPDATE and interaction.message is not None:
        await interaction.response.defer()
    elif how == IN_PLACE and on_private_message(interaction):
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def said(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """The handler's answer, where its acknowledgement put it: after a public
    one a new public message in place of the placeholder (a new message, so
    that its mentions ping: an edit of the placeholder would not), else a
    private one."""
    public = interaction.extras.pop(PUBLIC_DEFER, False)
    if public:
        await _end_placeholder(interaction)
    await interaction.followup.send(content, ephemeral=not public, **kwargs)


def guarded(method: Callable[..., Awaitable[Any]] | None = None, *,
            ack: str | Callable[..., str] = PRIVATE) -> Any:
    """Wrap a cog's handler ``(self, interaction, ...)``; the cog has ``bot``.
    The interaction is acknowledged (``ack``, or ``ack(*args)`` of the
    handler's arguments after the interaction) before the handler runs. A
    click Discord dropped already (too late to acknowledge) is let go with a
    line in the log: nobody sees an answer to it any more."""

    def wrap(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(method)
        async def wrapper(cog: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
            time_the_ack(interaction)
            inflight: InFlight = cog.bot.inflight
            inflight.enter()
            handling = HANDLING.set(interaction)
            try:
                if not interaction.response.is_done():
                    try:
                        await acknowledge(interaction, ack(*args, **kwargs) if callable(ack) else ack)
                    except discord.NotFound:
                        log.info("interaction %s in %s was dropped before its answer", interaction.id,
                                 method.__qualname__)
                        return
                await method(cog, interaction, *args, **kwargs)
            except Exception as err:
                await answer_failure(cog, interaction, err, method.__qualname__)
            finally:
                HANDLING.reset(handling)
                inflight.leave()

        return wrapper

    return wrap(method) if method is not None else wrap
