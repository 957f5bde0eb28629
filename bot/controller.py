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
from bot import components as c
from bot import present
from bot.messages import BOT, choose_locale, normalise_locale, t
from bot.service import MatchService, MoveOutcome, Outdated, ServiceError
from bot.slow import SlowPlay, board_link
from bot.storage import Match, Store, Timer

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
            await self.reply(interaction, self.reason(err, locale))
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
        self.slow = SlowPlay(store, service)
        self._board_locks: dict[int, asyncio.Lock] = {}
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
    def reason(err: ServiceError, locale: str) -> str:
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
        the previous one, which loses its buttons. One at a time per match,
        from a fresh read, so racing announcements never leave an older board
        marked as the current one."""
        async with self._board_locks.setdefault(match.id, asyncio.Lock()):
            await self._post_board(await self.service.get(match.id), notes)

    async def _post_board(self, match: Match, notes: list[str]) -> None:
        locale = self.channel_locale(match)
        totals = await self.service.series_totals(match) if match.status == "finished" else None
        since = [
            e for entry in await self.service.log(match.id)
            if entry.counter > match.board_counter and entry.undone_by is None for e in entry.events
        ]
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
            notice = await self.notice_text(match, seat, "turn_notice", locale)
            payload = present.picker(match, seat, locale, notice=[notice])
            if not await self.dm(user_id, payload.content, files=payload.files, view=payload.view):
                fallback.append(user_id)
        if fallback:
            locale = self.channel_locale(match)
            channel = await self.channel(match.channel_id)
            await channel.send(
                "\n".join(t("dm_fallback", locale, user=f"<@{u}>") for u in fallback),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in fallback]),
            )

    async def after_start(self, match: Match) -> None:
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        waiting = engine.to_act(state)
        secret = [s for s in waiting if engine.prompt(state, s).secret]
        await self._announce(MoveOutcome(match=match, seat=-1, action=None, before=state, after=state, events=[],
                                         board_post=True, secret_opened=secret, newly_due=waiting))

    async def reconcile(self) -> None:
        """After a crash between a move and its announcement, post the board
        that was never posted."""
        for match in await self.service.unannounced():
            await self._safely(self.post_board(match), "board post after restart", match)

    # -- slash commands ----------------------------------------------------------

    @guarded
    async def cmd_new(self, interaction: discord.Interaction, game: str, here: bool = False, reminder_hours: int = 24,
                      deadline_hours: int | None = None, deadline_policy: str = "skip", players: int | None = None,
                      options: dict | None = None) -> None:
        locale = await self.locale(interaction)
        if interaction.guild_id is None:
            raise ServiceError("guild_only")
        target = interaction.channel
        in_thread = not here and isinstance(target, discord.TextChannel)
        await self.service.check_new(
            guild_id=interaction.guild_id, channel_id=None if in_thread else interaction.channel_id, game=game,
            host_id=interaction.user.id, options=options, players=players,
        )
        engine = engines.get(game)
        await interaction.response.defer(thinking=True)
        if in_thread:
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
            guild_id=interaction.guild_id, channel_id=target.id, game=game, host_id=interaction.user.id,
            reminder_hours=reminder_hours, deadline_hours=deadline_hours, deadline_policy=deadline_policy,
            players=players, options=options,
        )
        lobby = present.lobby_post(match, locale)
        if target.id != interaction.channel_id:
            await target.send(**lobby.send_kwargs())
            lobby.content = t("lobby_thread", locale, thread=f"<#{target.id}>") + "\n" + lobby.content
        await interaction.edit_original_response(content=lobby.content, view=lobby.view)
        if match.status == "running":  # a solo game starts at once
            await self.after_start(match)

    @guarded
    async def cmd_scores(self, interaction: discord.Interaction, game: str, hierarchy: bool = False) -> None:
        locale = await self.locale(interaction)
        variants = {"hierarchy": hierarchy} if "hierarchy" in engines.get(game).Options.model_fields else None
        engine = engines.get(game)
        day = self.service.today()
        lines = [t("scores_head", locale, title=engine.title(locale))]
        for key, rows in (
            ("scores_today", await self.service.daily_scores(interaction.guild_id, game, day, variants)),
            ("scores_best", await self.service.daily_scores(interaction.guild_id, game, None, variants)),
        ):
            lines.append(t(key, locale, day=day))
            lines += [f"{n}. <@{user}> {score}" + ("" if key == "scores_today" else f" ({when})")
                      for n, (score, user, when) in enumerate(rows[:10], 1)] or [t("scores_none", locale)]
        await self.reply(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

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
            match = await self.service.open_match(interaction.channel_id) or await self.store.latest_match(interaction.channel_id)
            game = match.game if match else engines.ids()[0]
        if game not in engines.ids():
            raise ServiceError("unknown_game", game=game)
        pages = present.rules_pages(game, locale)
        view = c.rules_view(game, locale, 0, len(pages))
        await self.reply(interaction, pages[0], **({"view": view} if view else {}))

    @guarded
    async def on_rules_page(self, interaction: discord.Interaction, game: str, locale: str, page: int) -> None:
        pages = present.rules_pages(game, locale)
        page = min(max(page, 0), len(pages) - 1)
        await interaction.response.edit_message(content=pages[page], view=c.rules_view(game, locale, page, len(pages)))

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
            await interaction.response.defer()
            await self._refresh_picker(interaction, match, seat, locale, [t("outdated", locale)])
            return
        payload = present.picker(match, seat, locale, group=group, page=page, with_image=False)
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
        """Tell the channel and the players about a move that is already
        stored: a failure here is logged, never reported as a failed move."""
        match = outcome.match
        if outcome.board_post:
            await self._safely(self.post_board(match), "board post", match)
            match = await self.service.get(match.id)
        if match.status != "running":
            return
        if outcome.secret_opened:
            await self._safely(self.send_secret_dms(match, outcome.secret_opened), "secret DMs", match)
        for seat in outcome.newly_due:
            if seat not in outcome.secret_opened:
                await self._safely(self.notify_turn(match, seat), "turn notice", match)
        engine = present.engine_of(match)
        for seat in range(len(match.seats)):
            if any(e.key in engine.dm_events and e.visible_to == [seat] for e in outcome.events):
                await self._safely(self.send_private_view(match, seat), "private view by DM", match)

    async def send_private_view(self, match: Match, seat: int) -> None:
        user_id = match.seats[seat]
        locale = await self.user_locale(user_id, self.channel_locale(match))
        payload = present.private_view(match, user_id, locale)
        await self.dm(user_id, payload.content, files=payload.files)

    @staticmethod
    async def _safely(step: Awaitable[Any], what: str, match: Match) -> None:
        try:
            await step
        except Exception:
            log.exception("%s for match %s failed", what, match.id)

    # -- notices and timers ------------------------------------------------------

    async def notice_text(self, match: Match, seat: int, key: str, locale: str) -> str:
        """A notice for a seat: what is asked, where the board is, and what
        happened since its last move (only what it may see)."""
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        prompt = engine.prompt(state, seat)
        lines = [t(key, locale, title=engine.title(locale), channel=f"<#{match.channel_id}>",
                   prompt=engine.text(prompt.key, prompt.params, locale))]
        link = board_link(match)
        if link:
            lines.append(t("board_link", locale, link=link))
        digest = present.event_lines(engine, await self.slow.digest(match, seat), seat, locale)
        if digest:
            lines.append(t("since_head", locale))
            lines += [f"• {line}" for line in digest]
        return "\n".join(lines)[:2000]

    async def dm(self, user_id: int, content: str, **kwargs: Any) -> bool:
        """Send a DM; False when it could not be delivered. A user who does
        not take DMs is remembered (plain turn notices then skip the DM)."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            channel = user.dm_channel or await user.create_dm()
            await channel.send(content, **kwargs)
        except discord.Forbidden as err:
            if err.code in DM_CLOSED_CODES:
                await self.store.update_user(user_id, dm_closed=1)
            else:
                log.warning("DM to %s refused: %s", user_id, err.code)
            return False
        except discord.HTTPException as err:
            log.warning("DM to %s failed: %s", user_id, err.status)
            return False
        await self.store.update_user(user_id, dm_closed=0)
        return True

    async def notify_turn(self, match: Match, seat: int) -> None:
        """A DM when a seat becomes due, unless its player chose otherwise; the
        board post's mention is the notice then."""
        user_id = match.seats[seat]
        user = await self.store.get_user(user_id)
        if user is not None and (user.notify != "turn" or user.dm_closed):
            return
        locale = await self.user_locale(user_id, self.channel_locale(match))
        await self.dm(user_id, await self.notice_text(match, seat, "turn_notice", locale))

    async def fire_timer(self, timer: Timer) -> None:
        fired = await self.slow.fire(timer)
        if fired is None:
            return
        match, locale = fired.match, self.channel_locale(fired.match)
        channel = await self.channel(match.channel_id)
        if fired.kind == "reminder":
            user_id = match.seats[fired.seat]
            user = await self.store.get_user(user_id)
            dm_locale = await self.user_locale(user_id, locale)
            sent = (user is None or user.notify != "off") and await self.dm(
                user_id, await self.notice_text(match, fired.seat, "reminder", dm_locale)
            )
            if not sent:
                await channel.send(t("reminder_channel", locale, user=f"<@{user_id}>"),
                                   allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))
        elif fired.kind == "skipped":
            await channel.send(t("skipped", locale, player=f"<@{match.seats[fired.seat]}>"),
                               allowed_mentions=discord.AllowedMentions.none())
            for outcome in fired.moves:
                await self._announce(outcome)
        elif fired.kind == "forfeit":
            await self.post_board(match)
        elif fired.kind == "paused":
            await channel.send(t("paused_by_deadline", locale, player=f"<@{match.seats[fired.seat]}>"),
                               allowed_mentions=discord.AllowedMentions.none())
        elif fired.kind in ("abandon_warning", "abandoned"):
            await channel.send(t(fired.kind, locale))
            if fired.kind == "abandoned" and match.board_message_id:
                await self.strip_buttons(match.board_channel_id, match.board_message_id)

    # -- playing over days ---------------------------------------------------------

    @guarded
    async def cmd_pause(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        match, paused = await self.slow.pause(interaction.channel_id, interaction.user.id)
        if paused:
            await interaction.response.send_message(t("paused", locale))
            return
        missing = [u for u, voted in zip(match.seats, match.pause_votes) if not voted]
        await interaction.response.send_message(
            t("pause_vote", locale, player=interaction.user.mention, missing=", ".join(f"<@{u}>" for u in missing)),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in missing]),
        )

    @guarded
    async def cmd_resume(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        await interaction.response.defer(thinking=True)
        match = await self.slow.resume(interaction.channel_id, interaction.user.id)
        await interaction.edit_original_response(content=t("resumed", locale))
        await self.post_board(match)

    @guarded
    async def cmd_away(self, interaction: discord.Interaction, days: int) -> None:
        locale = await self.locale(interaction)
        match = await self.slow.away(interaction.channel_id, interaction.user.id, days)
        until = match.away_until[match.seat_of(interaction.user.id)]
        await self.reply(interaction, t("away_set", locale, when=f"<t:{int(until)}:f>"))

    @guarded
    async def cmd_notify(self, interaction: discord.Interaction, mode: str) -> None:
        locale = await self.locale(interaction)
        await self.slow.set_notify(interaction.user.id, mode)
        await self.reply(interaction, t("notify_set", locale, mode=t(f"notify_{mode}", locale)))

    @guarded
    async def cmd_undo(self, interaction: discord.Interaction) -> None:
        locale = self.channel_locale(await self.service.channel_match(interaction.channel_id))
        match = await self.slow.request_undo(interaction.channel_id, interaction.user.id)
        others = [u for u, voted in zip(match.seats, match.undo_votes) if not voted]
        await interaction.response.send_message(
            t("undo_request", locale, player=interaction.user.mention, others=", ".join(f"<@{u}>" for u in others)),
            view=c.undo_view(match, locale),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in others]),
        )

    @guarded
    async def on_undo_button(self, interaction: discord.Interaction, op: str, match_id: int, counter: int) -> None:
        locale = await self.locale(interaction)
        match, result = await self.slow.vote_undo(match_id, interaction.user.id, counter, agree=op == "yes")
        if result == "pending":
            await self.reply(interaction, t("undo_pending", locale))
            return
        text = t("undo_done", locale) if result == "done" else t("undo_refused", locale, player=interaction.user.mention)
        await interaction.response.edit_message(content=text, view=None)
        if result == "done":
            await self.post_board(match)

    @guarded
    async def cmd_mine(self, interaction: discord.Interaction) -> None:
        locale = await self.locale(interaction)
        lines = []
        for match, waiting, since in await self.slow.waiting_matches(interaction.user.id):
            engine = present.engine_of(match)
            if match.status == "lobby":
                state = t("mine_lobby", locale)
            elif match.paused:
                state = t("mine_paused", locale)
            else:
                players = ", ".join(present.player(engine, match, s, locale) for s in waiting)
                state = t("mine_waiting", locale, players=players, since=f"<t:{int(since or 0)}:R>")
            lines.append("• " + t("mine_line", locale, title=engine.title(locale),
                                  channel=board_link(match) or f"<#{match.channel_id}>", state=state))
        await self.reply(interaction, "\n".join(lines)[:2000] if lines else t("mine_empty", locale),
                         allowed_mentions=discord.AllowedMentions.none())
