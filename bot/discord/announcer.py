"""Everything the bot sends on its own (with the bot token, not as an answer
to an interaction): board posts, DMs, turn notices, reminders and notices in
the match channel. The cogs call it; nothing else posts.

Announcements follow a change that is already stored, so a failure here is
logged and never reported as a failed move (:meth:`Announcer.safely`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any, Awaitable

import discord

from bot.discord import components as c
from bot.discord import board_status, clocks, present, talks
from bot.discord.dms import DirectMessages, HeldNotices
from bot.discord.locales import Locales
from bot.discord.present import Payload
from bot.discord.messages import t
from bot.faults import crash_point
from bot.play.moves import MoveOutcome, merged, owed_notices
from bot.play.service import MatchService
from bot.play.slow import SlowPlay
from bot.play.user_time import UserTime
from bot.store import Match, Notice, Store

log = logging.getLogger("brettbote")

#: How many recent messages of a match channel are searched for orphan boards.
ORPHAN_SCAN = 50


class Announcer(DirectMessages):
    """Posts in the match channel; what goes to one player by DM is
    :class:`~bot.discord.dms.DirectMessages` (``dm``, ``notify_turn``, ``remind`` …)."""

    def __init__(self, client: discord.Client, store: Store, service: MatchService, slow: SlowPlay,
                 locales: Locales) -> None:
        self.client = client
        self.store = store
        self.service = service
        self.slow = slow
        self.locales = locales
        self.user_time = UserTime(store, slow)
        self._board_locks: dict[int, asyncio.Lock] = {}
        #: Matches whose board edit waits for the board lock (see ``board_status.refresh``).
        self.edits_waiting: set[int] = set()
        #: One change of a match's talk threads at a time (``talks.talk_lock``).
        self.talk_locks: dict[int, asyncio.Lock] = {}
        self.held = HeldNotices()
        #: The computer players' moves (:mod:`bot.discord.computers`), kicked
        #: after every change that may ask a computer.
        self.computers = None

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel

    @staticmethod
    async def safely(step: Awaitable[Any], what: str, match: Match) -> Any:
        """The step's result, or None when it failed (logged)."""
        try:
            return await step
        except Exception:
            log.exception("%s for match %s failed", what, match.id)
            return None

    # -- the match channel -------------------------------------------------------

    async def post_board(self, match: Match, notes: list[str] = (), *, owed: bool = False) -> None:
        """A new board post in the match channel, telling what happened since
        the previous one, which loses its buttons. One at a time per match,
        from a fresh read, so racing announcements never leave an older board
        marked as the current one. ``owed``: the board a change of ``match``
        owes (the move's own announcement, the start-up repair); whichever
        comes second finds it posted and posts nothing."""
        async with self._board_locks.setdefault(match.id, asyncio.Lock()):
            fresh = await self.service.get(match.id)
            if not (owed and not fresh.board_due and fresh.board_counter >= match.counter):
                await self._post_board(fresh, notes)
        self.kick(match)

    def kick(self, match: Match) -> None:
        """The computer players of ``match`` move if they are asked."""
        if self.computers is not None:
            self.computers.kick(match)

    async def board_payload(self, match: Match, notes: list[str] = ()) -> Payload:
        """The board of ``match`` as it stands, with what happened since its
        current board was posted (the phase's news, when the board is edited
        in place; the phase before, when a new one is posted)."""
        locale = self.locales.of_channel(match)
        totals = await self.service.series_totals(match) if match.status == "finished" else None
        since = [
            e for entry in await self.service.log(match.id)
            if entry.counter > match.board_counter and entry.undone_by is None for e in entry.events
        ]
        notes = list(notes) + clocks.lines(match, locale, self.slow.clock.now())
        users = await self.store.users([s.user_id for s in match.seats if s.person])
        return await present.board_post(match, locale, events=since, totals=totals, notes=notes, users=users)

    async def _post_board(self, match: Match, notes: list[str]) -> None:
        payload = await self.board_payload(match, notes)
        channel = await self.channel(match.channel_id)
        # The post a move owes (its intent is recorded as board_due in the
        # move's transaction) carries a nonce made from the match and move:
        # sent again after a crash, Discord returns the first message instead
        # of a second board. A re-post on request gets a fresh nonce. A vote on
        # a seat owes a board without a move: the seats' handovers are part of it.
        handovers = "".join((s.handover or "-")[0] for s in match.seats)
        nonce = f"b{match.id}.{match.counter}.{handovers}"[:25] if match.board_due else None
        message = await channel.send(**payload.send_kwargs(), **({"nonce": nonce} if nonce else {}))
        crash_point("board_sent")
        previous = (match.board_channel_id, match.board_message_id)
        first_result = match.status == "finished" and match.board_counter < match.counter  # not a re-post
        await self.service.mark_board(match.id, channel.id, message.id, match.counter)
        if previous[1] and previous[1] != message.id:
            await self.strip_buttons(*previous)
        if first_result:
            await self.to_server(match, "announce_finished",
                                 link=f"https://discord.com/channels/{match.guild_id}/{channel.id}/{message.id}")
            await talks.archive_talks(self, match)

    async def to_server(self, match: Match, key: str, **params: Any) -> None:
        """A line in the server's announcement channel (``/brettbote
        settings``), if it has one other than the match's; never pings, and
        never stops the match's own posts when it fails."""
        if match.guild_id is None or match.daily_date:  # daily challenges are solo; their scores say enough
            return
        found = await self.store.guild_settings(match.guild_id)
        if found.announce_channel_id in (None, match.channel_id):
            return
        text = t(key, self.locales.of_channel(match), title=present.engine_of(match).title(self.locales.of_channel(match)),
                 **params)

        async def send() -> None:
            channel = await self.channel(found.announce_channel_id)
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())

        await self.safely(send(), "announcement", match)

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """An outdated board loses its buttons. A Components V2 board holds its
        text and picture in its components too: it is read back and edited to
        the same layout without its action rows (a board from before V2 just
        loses its components)."""
        try:
            old_channel = await self.channel(channel_id)
            message = await old_channel.fetch_message(message_id)
            if message.flags.components_v2:
                await message.edit(view=c.without_buttons(message), attachments=message.attachments)
            else:
                await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not remove the buttons of message %s", message_id)

    async def strip_board(self, match: Match) -> None:
        """The match is over without a result post (cancelled, abandoned)."""
        if match.board_message_id:
            await self.strip_buttons(match.board_channel_id, match.board_message_id)
        await talks.archive_talks(self, match)

    async def follow_seats(self, match: Match) -> None:
        """A seat of ``match`` changed hands (stored): whoever lost it leaves
        the match's talk threads (:func:`bot.discord.talks.follow_seats`). Never raises."""
        await talks.follow_seats(self, match)

    async def post(self, channel_id: int, payload: Payload) -> None:
        """A prepared payload (the lobby in a new thread)."""
        channel = await self.channel(channel_id)
        await channel.send(**payload.send_kwargs())

    async def notice(self, match: Match, key: str, *, mention: int | None = None, **params: Any) -> None:
        """A short line in the match channel, in the server's language; only
        ``mention`` (a user id) is pinged, if given."""
        channel = await self.channel(match.channel_id)
        allowed = present.mentions([mention])[1] if mention else discord.AllowedMentions.none()
        await channel.send(t(key, self.locales.of_channel(match), **params), allowed_mentions=allowed)

    # -- after a change ------------------------------------------------------------

    async def after_start(self, match: Match) -> None:
        """A match began: the first board, secret choices by DM, turn notices."""
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        waiting = engine.to_act(state)
        secret = [s for s in waiting if engine.prompt(state, s).secret]
        await self.announce(MoveOutcome(match=match, seat=-1, action=None, before=state, after=state, events=[],
                                        board_post=True, secret_opened=secret, newly_due=waiting))

    async def announce(self, outcome: MoveOutcome, asked_here: int | None = None) -> None:
        """Tell the channel and the players about a move that is already
        stored, then mark what it owed as sent (the move wrote the same list
        to the outbox in its own transaction; see :meth:`reconcile`).
        ``asked_here``: the mover's seat when the picker it clicked already
        shows its next question (then no DM or mention tells it again; a
        private view it is owed still goes)."""
        match = outcome.match
        engine = present.engine_of(match)
        notices = [(kind, seat) for kind, seat in owed_notices(engine, outcome)
                   if not (seat is not None and seat == asked_here and kind in ("secret", "turn"))]
        if ("summary", None) in notices:
            await self.safely(self.post_summaries(match, outcome.events), "round summary", match)
        if outcome.board_post:
            await self.safely(self.post_board(match, owed=True), "board post", match)
            match = await self.service.get(match.id)
        elif ("board", None) in notices:
            await self.safely(board_status.refresh(self, match.id), "board edit", match)
        if match.status == "running":
            await self.deliver(match, notices, pinged=outcome.board_post)
        await self.notices_told(match.id, *outcome.counters)
        self.kick(match)

    async def notices_told(self, match_id: int, first: int, last: int) -> None:
        """The outbox range is told, or waits for a notice held past a DM budget."""
        if self.held.waiting(match_id):
            self.held.owe(match_id, first, last)
        else:
            await self.service.notices_sent(match_id, first, last)

    async def deliver(self, match: Match, notices: list[tuple[str, int | None]], *, pinged: bool = True) -> None:
        """Secret choices and private views by DM, and turn notices
        (``pinged``: a new board post mentioned who is asked)."""
        notices = [(kind, seat) for kind, seat in notices if seat is None or match.seats[seat].person]
        # a seat asked by DM sees its hand in that DM: no second DM for its private view
        private = {seat for kind, seat in notices if kind == "private"}
        told: set[int] = set()
        secret = [seat for kind, seat in notices if kind == "secret"]
        if secret:
            told |= await self.safely(self.send_secret_dms(match, secret, private), "secret DMs", match) or set()
        for kind, seat in notices:
            if kind == "turn":
                if await self.safely(self.notify_turn(match, seat, pinged=pinged, hand=seat in private),
                                     "turn notice", match):
                    told.add(seat)
        for seat in sorted(private - told):
            await self.safely(self.send_private_view(match, seat), "private view by DM", match)

    async def post_summaries(self, match: Match, events: list) -> None:
        """Each round summary is one post: what fits in a message, and the
        whole of a longer one as a text file beside it (a summary spread over
        several posts would bury the boards)."""
        channel = await self.channel(match.channel_id)
        engine = present.engine_of(match)
        for event in events:
            parts = present.summary_posts(engine, [event], self.locales.of_channel(match))
            if not parts:
                continue
            files = [discord.File(io.BytesIO("\n".join(parts).encode()), filename="summary.md")] if len(parts) > 1 else []
            await channel.send(parts[0], files=files, allowed_mentions=discord.AllowedMentions.none())

    async def reconcile(self, idle_before: str | None = None) -> None:
        """After a crash between a move and its announcement, post the board
        that was never posted (or, within Discord's nonce window, find the one
        that was sent but not recorded), and take the buttons off any other
        board of that match: one live board per match.

        At start-up for every match; with ``idle_before`` (an ISO time) only
        for matches untouched since then: what another process died owing
        (see :meth:`bot.play.scheduler.Scheduler.sweep`)."""
        for match in await self.service.unannounced(idle_before):
            await self.safely(self.post_board(match, owed=True), "board post after restart", match)
            await self.safely(self.strip_orphans(await self.service.get(match.id)), "orphan boards", match)
        await self.deliver_pending(idle_before)
        for match in await self.service.waiting_on_machines():
            if idle_before is None or match.updated_at < idle_before:
                await self.safely(self.resume_machines(match), "autopilot and computer after restart", match)
        await talks.archive_leftovers(self)
        await talks.follow_leftovers(self, idle_before)

    async def resume_machines(self, match: Match) -> None:
        """Seats on autopilot or played by the computer that a crash left
        waiting play on."""
        moves = await self.service.autopilot(match.id)
        if moves:
            await self.announce(merged(present.engine_of(match), moves[0], moves[1:]))
        self.kick(match)

    async def deliver_pending(self, idle_before: str | None = None) -> None:
        """What moves owed when the bot died before telling everyone: round
        summaries from the log, and the DMs and notices that still apply (a
        seat that has moved on is not asked again)."""
        by_match: dict[int, list[Notice]] = {}
        for notice in await self.service.pending_notices(idle_before):
            by_match.setdefault(notice.match_id, []).append(notice)
        for match_id, notices in by_match.items():
            if idle_before is not None and self.held.waiting(match_id):
                continue  # held in this process: told when the budget allows
            match = await self.service.get(match_id)
            engine = present.engine_of(match)
            if any(n.kind == "board" for n in notices):
                await self.safely(board_status.refresh(self, match.id), "board edit after restart", match)
            summaries = {n.counter for n in notices if n.kind == "summary"}
            if summaries:
                events = [e for entry in await self.service.log(match.id, last=None) if entry.counter in summaries
                          for e in entry.events]
                await self.safely(self.post_summaries(match, events), "round summary after restart", match)
            if match.status == "running":
                state = engine.load_state(match.state)
                due = set(engine.to_act(state))
                owed = list(dict.fromkeys((n.kind, n.seat) for n in notices if n.kind not in ("summary", "board")))
                # a board only edited pinged no one: who is told by mention gets a line
                await self.deliver(match, [(k, s) for k, s in owed if k == "private" or s in due],
                                   pinged=not any(n.kind == "board" for n in notices))
            await self.notices_told(match.id, min(n.counter for n in notices), max(n.counter for n in notices))

    async def strip_orphans(self, match: Match) -> None:
        """Boards of ``match`` among the channel's recent messages that are not
        its recorded board (sent before a crash, after the nonce window)."""
        channel = await self.channel(match.channel_id)
        async for message in channel.history(limit=ORPHAN_SCAN):
            if message.author.id != self.client.user.id or message.id == match.board_message_id:
                continue
            ids = c.custom_ids(message)
            if any(i.startswith("bb:b:") and i.split(":")[3:4] == [str(match.id)] for i in ids):
                await self.strip_buttons(channel.id, message.id)

    def board_lock(self, match_id: int) -> asyncio.Lock:
        """Held while the match's board is posted (:meth:`post_board`) or
        edited in place (:mod:`bot.discord.board_status`)."""
        return self._board_locks.setdefault(match_id, asyncio.Lock())
