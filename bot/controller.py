"""The flows behind every slash command and component: ask the match service,
then show the result with :mod:`bot.present`.

Every entry point runs under :func:`guarded`, the one place that turns a
refusal into a short ephemeral reason and an unexpected error into an apology
with an error id that is also in the log. Work that may take a moment (the
database, rendering) happens after the interaction has been acknowledged.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import uuid
from typing import Any, Awaitable, Callable

import discord

import engines
from bot import present
from bot.components import rules_view
from bot.messages import BOT, choose_locale, normalise_locale, t
from bot.service import MatchService, MoveOutcome, Outdated, ServiceError
from bot.storage import Match, Store

log = logging.getLogger("brettbote")

DM_CLOSED_CODES = {50007, 50278}


def guarded(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def wrapper(self: "Controller", interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
        self._inflight += 1
        self._idle.clear()
        try:
            await method(self, interaction, *args, **kwargs)
        except ServiceError as err:
            locale = await self.locale(interaction)
            await self.reply(interaction, self.reason(err, locale, kwargs.get("game")))
        except Exception:
            error_id = uuid.uuid4().hex[:8]
            log.exception("error %s in %s", error_id, method.__name__)
            locale = choose_locale(None, interaction.locale, interaction.guild_locale)
            try:
                await self.reply(interaction, t("error", locale, error_id=error_id))
            except discord.HTTPException:
                log.warning("could not report error %s to the user", error_id)
        finally:
            self._inflight -= 1
            if self._inflight == 0:
                self._idle.set()

    return wrapper


class Controller:
    def __init__(self, bot: discord.Client, store: Store, service: MatchService) -> None:
        self.bot = bot
        self.store = store
        self.service = service
        self._inflight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def drain(self, timeout: float) -> None:
        """Wait until no interaction is being handled (for a clean shutdown)."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except asyncio.TimeoutError:
            log.warning("shutdown: %d interactions still in flight", self._inflight)

    # -- helpers -------------------------------------------------------------

    async def locale(self, interaction: discord.Interaction) -> str:
        """The reader's language; remembers the client's locale for later DMs."""
        user = await self.store.get_user(interaction.user.id)
        seen = normalise_locale(interaction.locale)
        if seen and (user is None or user.last_locale != seen):
            await self.store.update_user(interaction.user.id, last_locale=seen)
        return choose_locale(user.locale if user else None, interaction.locale, interaction.guild_locale)

    async def user_locale(self, user_id: int, fallback: str) -> str:
        user = await self.store.get_user(user_id)
        return choose_locale(user.locale if user else None, user.last_locale if user else None, fallback)

    def channel_locale(self, match: Match) -> str:
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        return choose_locale(None, None, guild.preferred_locale if guild else None)

    @staticmethod
    def reason(err: ServiceError, locale: str, game: str | None = None) -> str:
        if err.key in BOT:
            return t(err.key, locale, **err.params)
        for engine in engines.all():
            if err.key in engine.messages:
                return engine.text(err.key, err.params, locale)
        return t("not_legal", locale)

    @staticmethod
    async def reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        """Ephemeral, whether or not the interaction was answered already."""
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(content, ephemeral=True, **kwargs)

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        return channel

    async def post_board(self, match: Match, notes: list[str] = ()) -> None:
        """A new board post in the match channel, telling what happened since
        the previous one, which loses its buttons."""
        locale = self.channel_locale(match)
        totals = await self.service.series_totals(match) if match.status == "finished" else None
        since = [e for entry in await self.service.log(match.id) if entry.counter > match.board_counter for e in entry.events]
        payload = present.board_post(match, locale, events=since, totals=totals, notes=notes)
        channel = await self.channel(match.channel_id)
        message = await channel.send(**payload.send_kwargs())
        previous = (match.board_channel_id, match.board_message_id)
        await self.service.mark_board(match.id, channel.id, message.id, match.counter)
        if previous[1]:
            await self.strip_buttons(*previous)

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        try:
            old_channel = await self.channel(channel_id)
            await old_channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException:
            log.info("could not remove the buttons of message %s", message_id)

    async def send_secret_dms(self, match: Match, seats: list[int]) -> None:
        """Each seat of a secret decision gets the choice by DM; if DMs are
        closed, the channel gets a mention pointing to the Act button (never
        the secret itself)."""
        fallback: list[int] = []
        for seat in seats:
            user_id = match.seats[seat]
            locale = await self.user_locale(user_id, self.channel_locale(match))
            engine = present.engine_of(match)
            intro = t("dm_intro", locale, title=engine.title(locale), channel=f"<#{match.channel_id}>", prompt="")
            payload = present.picker(match, seat, locale, notice=[intro.rstrip(": ")])
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                dm = user.dm_channel or await user.create_dm()
                await dm.send(**payload.send_kwargs())
                await self.store.update_user(user_id, dm_closed=0)
            except discord.Forbidden as err:
                if err.code not in DM_CLOSED_CODES:
                    raise
                await self.store.update_user(user_id, dm_closed=1)
                fallback.append(user_id)
        if fallback:
            locale = self.channel_locale(match)
            channel = await self.channel(match.channel_id)
            await channel.send(
                "\n".join(t("dm_fallback", locale, user=f"<@{u}>") for u in fallback),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in fallback]),
            )

    async def after_start(self, match: Match) -> None:
        await self.post_board(match)
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        secret = [s for s in engine.to_act(state) if engine.prompt(state, s).secret]
        if secret:
            await self.send_secret_dms(match, secret)

    # -- slash commands ----------------------------------------------------------

    @guarded
    async def cmd_new(self, interaction: discord.Interaction, game: str, here: bool = False) -> None:
        locale = await self.locale(interaction)
        await interaction.response.defer(thinking=True)
        engine = engines.get(game) if game in engines.ids() else None
        if engine is None:
            raise ServiceError("unknown_game", game=game)
        target = interaction.channel
        if not here and isinstance(target, discord.TextChannel):
            try:
                target = await target.create_thread(
                    name=f"{engine.title(locale)} – {interaction.user.display_name}"[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            except discord.HTTPException:
                log.info("no thread in channel %s; playing in the channel", interaction.channel_id)
                target = interaction.channel
        match = await self.service.new_match(
            guild_id=interaction.guild_id, channel_id=target.id, game=game, host_id=interaction.user.id
        )
        lobby = present.lobby_post(match, locale)
        if target.id != interaction.channel_id:
            await target.send(**lobby.send_kwargs())
            lobby.content = t("lobby_thread", locale, thread=f"<#{target.id}>") + "\n" + lobby.content
        await interaction.edit_original_response(content=lobby.content, view=lobby.view)

    @guarded
    async def cmd_join(self, interaction: discord.Interaction) -> None:
        await self._lobby_op(interaction, "join", await self._open_id(interaction))

    @guarded
    async def cmd_leave(self, interaction: discord.Interaction) -> None:
        await self._lobby_op(interaction, "leave", await self._open_id(interaction))

    @guarded
    async def cmd_start(self, interaction: discord.Interaction) -> None:
        await self._lobby_op(interaction, "start", await self._open_id(interaction))

    async def _open_id(self, interaction: discord.Interaction) -> int:
        match = await self.service.open_match(interaction.channel_id)
        if match is None:
            raise ServiceError("no_match")
        return match.id

    @guarded
    async def on_lobby_button(self, interaction: discord.Interaction, op: str, match_id: int) -> None:
        await self._lobby_op(interaction, op, match_id, edit=True)

    async def _lobby_op(self, interaction: discord.Interaction, op: str, match_id: int, edit: bool = False) -> None:
        locale = await self.locale(interaction)
        match = await self.service.get(match_id)
        user = interaction.user.id
        started = False
        if op == "join":
            match, started = await self.service.join(match.channel_id, user)
        elif op == "leave":
            match = await self.service.leave(match.channel_id, user)
        else:
            match = await self.service.start(match.channel_id, user)
            started = True
        lobby = present.lobby_post(match, locale)
        if match.channel_id != interaction.channel_id:
            lobby.content = t("lobby_thread", locale, thread=f"<#{match.channel_id}>") + "\n" + lobby.content
        if edit:
            await interaction.response.edit_message(content=lobby.content, view=lobby.view)
        else:
            await interaction.response.send_message(content=lobby.content, view=lobby.view or discord.utils.MISSING)
        if started:
            await self.after_start(match)

    @guarded
    async def cmd_board(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.channel_match(interaction.channel_id)
        if match.status == "lobby":
            lobby = present.lobby_post(match, locale)
            await interaction.edit_original_response(content=lobby.content)
            return
        await self.post_board(match)
        await interaction.edit_original_response(content="⬇")

    @guarded
    async def cmd_hand(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.channel_match(interaction.channel_id)
        await self._send_private_view(interaction, match, locale)

    async def _send_private_view(self, interaction: discord.Interaction, match: Match, locale: str, notice: str | None = None) -> None:
        if match.state is None:
            raise ServiceError("not_running")
        payload = present.private_view(match, interaction.user.id, locale, notice)
        await interaction.followup.send(payload.content, files=payload.files, ephemeral=True)

    @guarded
    async def cmd_log(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        match = await self.service.channel_match(interaction.channel_id)
        await self._send_log(interaction, match, locale)

    async def _send_log(self, interaction: discord.Interaction, match: Match, locale: str) -> None:
        entries = await self.service.log(match.id)
        text = present.log_text(match, entries, match.seat_of(interaction.user.id), locale)
        await self.reply(interaction, text)

    @guarded
    async def cmd_resign(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.resign(interaction.channel_id, interaction.user.id)
        await self.post_board(match)
        await interaction.edit_original_response(content=t("result_resigned", locale, player=interaction.user.mention))

    @guarded
    async def cmd_cancel(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        match, cancelled = await self.service.cancel(interaction.channel_id, interaction.user.id)
        if cancelled:
            await interaction.response.send_message(t("cancelled", locale))
            if match.board_message_id:
                await self.strip_buttons(match.board_channel_id, match.board_message_id)
            return
        missing = [f"<@{u}>" for u, voted in zip(match.seats, match.cancel_votes) if not voted]
        await interaction.response.send_message(
            t("cancel_vote", locale, player=interaction.user.mention, missing=", ".join(missing)),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u, v in zip(match.seats, match.cancel_votes) if not v]),
        )

    @guarded
    async def cmd_rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        locale = await self.locale(interaction)
        if game is None:
            match = await self.store.latest_match(interaction.channel_id)
            game = match.game if match else engines.ids()[0]
        if game not in engines.ids():
            raise ServiceError("unknown_game", game=game)
        pages = present.rules_pages(game, locale)
        view = rules_view(game, locale, 0, len(pages))
        await self.reply(interaction, pages[0], **({"view": view} if view else {}))

    @guarded
    async def on_rules_page(self, interaction: discord.Interaction, game: str, locale: str, page: int) -> None:
        pages = present.rules_pages(game, locale)
        page = min(max(page, 0), len(pages) - 1)
        await interaction.response.edit_message(content=pages[page], view=rules_view(game, locale, page, len(pages)))

    @guarded
    async def cmd_help(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        games = ", ".join(f"`{e.id}` ({e.title(locale)})" for e in engines.all())
        await self.reply(interaction, t("help", locale, games=games))

    @guarded
    async def cmd_language(self, interaction: discord.Interaction, language: str) -> None:
        await self.store.update_user(interaction.user.id, locale=language)
        await self.reply(interaction, t("language_set", language))

    # -- the board and the picker ----------------------------------------------

    @guarded
    async def on_board_button(self, interaction: discord.Interaction, op: str, match_id: int, counter: int) -> None:
        locale = await self.locale(interaction)
        match = await self.service.get(match_id)
        if op == "log":
            await self._send_log(interaction, match, locale)
            return
        if op == "rematch":
            await interaction.response.defer(ephemeral=True, thinking=True)
            rematch = await self.service.rematch(match_id, interaction.user.id)
            await self.strip_buttons(interaction.channel_id, interaction.message.id)
            await self.after_start(rematch)
            await interaction.edit_original_response(content=t("started", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if counter != match.board_counter or match.status != "running":
            await self._send_private_view(interaction, match, locale, notice=t("outdated", locale))
            return
        if op == "view":
            await self._send_private_view(interaction, match, locale)
            return
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise ServiceError("not_a_player")
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        if seat not in engine.to_act(state):
            prompt = engine.prompt(state, seat)
            raise ServiceError(prompt.key if prompt.key in engine.messages else "not_your_turn", **prompt.params)
        payload = present.picker(match, seat, locale)
        await interaction.followup.send(payload.content, files=payload.files, view=payload.view, ephemeral=True)

    @guarded
    async def on_page(self, interaction: discord.Interaction, match_id: int, counter: int, group: int, page: int) -> None:
        locale = await self.locale(interaction)
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise ServiceError("not_a_player")
        if counter != match.decision_counters[seat] or match.status != "running":
            raise Outdated()
        payload = present.picker(match, seat, locale, group=group, page=page)
        await interaction.response.edit_message(content=payload.content, view=payload.view)

    @guarded
    async def on_action(self, interaction: discord.Interaction, match_id: int, counter: int, index: int, token: str) -> None:
        locale = await self.locale(interaction)
        await interaction.response.defer()
        try:
            outcome = await self.service.act(match_id, interaction.user.id, counter, index, token)
        except Outdated:
            match = await self.service.get(match_id)
            seat = match.seat_of(interaction.user.id)
            await self._refresh_picker(interaction, match, seat, locale, [t("outdated", locale)])
            return
        await self._refresh_picker(interaction, outcome.match, outcome.seat, locale,
                                   present.event_lines(present.engine_of(outcome.match), outcome.events, outcome.seat, locale))
        await self._announce(outcome)

    async def _refresh_picker(self, interaction: discord.Interaction, match: Match, seat: int | None, locale: str, notice: list[str]) -> None:
        if seat is None or match.state is None:
            await interaction.followup.send("\n".join(notice), ephemeral=True)
            return
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        if match.status == "running" and seat in engine.to_act(state):
            payload = present.picker(match, seat, locale, notice=notice[-8:])
        else:
            payload = present.done_payload(match, seat, locale, notice[-8:])
        await interaction.edit_original_response(**payload.edit_kwargs())

    async def _announce(self, outcome: MoveOutcome) -> None:
        match = outcome.match
        if outcome.board_post:
            await self.post_board(match)
        if outcome.secret_opened and match.status == "running":
            await self.send_secret_dms(match, outcome.secret_opened)
