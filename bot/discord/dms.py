"""What the bot tells one player privately, by DM: secret choices, private
views, turn notices, reminders and digests; and what stands in when a DM
cannot go.

Only Discord's refusal makes the bot speak in the match channel instead: DMs
closed (50007, 50278), or opened too fast (40003, after which DMs to that
user back off). The bot's own budget per user (:data:`bot.play.limits.DM_BUDGET`)
is no refusal: a notice past it is held (per user, the newest one per
match) and goes out merged into the next DM to that user, or on its own as
soon as the budget allows. Held notices live in this process's memory; the
outbox entries of a move whose notice is held are marked sent only when it
goes out, so after a restart :meth:`Announcer.deliver_pending` delivers them.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Hashable

import discord

from bot import metrics
from bot.discord import clocks, pages, pickers, present
from bot.discord.messages import t
from bot.play.slow import told_by_dm
from bot.store import Match

log = logging.getLogger("brettbote")

#: Discord's answers for a user who takes no DMs (closed, or no shared server).
DM_CLOSED_CODES = {50007, 50278}
#: "You are opening direct messages too fast."
DM_TOO_FAST = 40003
#: Discord's longest message.
DM_LENGTH = 2000
#: Seconds before held notices are tried again after a DM failed for another reason.
HELD_RETRY = 60.0


@dataclass
class Held:
    """A notice waiting for the user's DM budget; ``counters``: the outbox
    range (first, last) of the match's moves that is marked sent with it."""

    text: str
    counters: tuple[int, int] | None = None


class HeldNotices:
    """Per user, what waits for the next DM: at most one notice per key (a
    match id; a newer notice of a match replaces the older one)."""

    def __init__(self) -> None:
        self.by_user: dict[int, dict[Hashable, Held]] = {}
        self.task: asyncio.Task | None = None
        self.wake = asyncio.Event()

    def hold(self, user_id: int, key: Hashable, text: str) -> None:
        held = self.by_user.setdefault(user_id, {})
        old = held.pop(key, None)  # re-inserted last: the newest goes closest to the new DM
        held[key] = Held(text[:DM_LENGTH], old.counters if old else None)
        self.wake.set()

    def take(self, user_id: int) -> dict[Hashable, Held]:
        return self.by_user.pop(user_id, {})

    def put_back(self, user_id: int, held: dict[Hashable, Held]) -> None:
        """Notices that did not go out wait again (behind any newer ones of the same key)."""
        if held:
            self.by_user[user_id] = {**held, **self.by_user.get(user_id, {})}

    def waiting(self, match_id: int) -> bool:
        return any(match_id in held for held in self.by_user.values())

    def owe(self, match_id: int, first: int, last: int) -> None:
        """The outbox range of ``match_id`` that waits for its held notices."""
        for held in self.by_user.values():
            if match_id in held:
                old = held[match_id].counters
                held[match_id].counters = (min(first, old[0]), max(last, old[1])) if old else (first, last)


def merged(held: dict[Hashable, Held], content: str) -> tuple[str, dict[Hashable, Held]]:
    """``content`` with as many held notices before it as fit into one DM
    (the newest first); returns the text and the notices left over."""
    parts, taken = [content] if content else [], set()
    for key in reversed(list(held)):
        if len("\n\n".join([held[key].text, *parts])) <= DM_LENGTH:
            parts.insert(0, held[key].text)
            taken.add(key)
    return "\n\n".join(parts), {key: h for key, h in held.items() if key not in taken}


class DirectMessages:
    """The DM half of :class:`bot.discord.announcer.Announcer`, which has
    ``client``, ``store``, ``service``, ``slow``, ``locales``, ``user_time``,
    ``held`` (:class:`HeldNotices`), ``channel`` and ``notice``."""

    async def dm(self, user_id: int, content: str, *, about: int | None = None, held: str | None = None,
                 hold: bool = True, **kwargs: Any) -> bool:
        """Send a DM; False when it could not be delivered. A user who does
        not take DMs is remembered (plain turn notices then skip the DM); when
        Discord says DMs are being opened too fast (40003), DMs to that user
        wait, longer each time, and the callers fall back as for closed DMs.

        Past the user's budget, ``held`` (else the content) waits, unless
        ``hold`` is off, and this counts as delivered. ``about``: the match
        it is about; a held notice of that match is replaced by this DM, the
        others go with it."""
        limits = self.service.limits
        wait = limits.dm_wait(user_id)
        if wait is not None:
            if wait[0] != "budget" or not hold:
                return False
            self.held.hold(user_id, about, held or content)
            self._deliver_held_later()
            return True
        waiting = self.held.take(user_id)
        superseded = {about: waiting.pop(about)} if about is not None and about in waiting else {}
        text, left = merged(waiting, content)
        self.held.put_back(user_id, left)
        try:
            if text:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                channel = user.dm_channel or await user.create_dm()
                await channel.send(text, **kwargs)
        except discord.HTTPException as err:
            metrics.DM_FAILURES.inc()
            if err.code in DM_CLOSED_CODES:
                # nothing held goes through either; what a move owed stays in the outbox, and its
                # repair falls back to the channel as for any closed DMs
                self.held.take(user_id)
                await self.store.update_user(user_id, dm_closed=1)
            else:
                self.held.put_back(user_id, {**waiting, **superseded})  # to be told later after all
                self._deliver_held_later()
                if err.code == DM_TOO_FAST:
                    limits.dm_too_fast(user_id)
                    log.info("DMs to %s are being opened too fast: backing off", user_id)
                else:
                    log.warning("DM to %s failed: %s %s", user_id, err.status, err.code)
            return False
        except Exception:
            self.held.put_back(user_id, {**waiting, **superseded})
            raise
        if not text:
            return True
        limits.dm_delivered(user_id)
        await self.store.update_user(user_id, dm_closed=0)
        for key, told in {**waiting, **superseded}.items():
            if key not in left and told.counters:
                await self.service.notices_sent(key, *told.counters)
        return True

    def _deliver_held_later(self) -> None:
        if self.held.task is None or self.held.task.done():
            self.held.task = asyncio.create_task(self._deliver_held(), name="brettbote-held-dms")

    async def _deliver_held(self) -> None:
        """Held notices go out on their own once their user's budget allows
        (unless a DM took them along before)."""
        limits, clock = self.service.limits, self.service.limits.clock
        while self.held.by_user:
            self.held.wake.clear()
            failed = set()
            for user_id in list(self.held.by_user):
                while user_id in self.held.by_user and limits.dm_wait(user_id) is None:
                    try:
                        if not await self.dm(user_id, "", allowed_mentions=discord.AllowedMentions.none()):
                            failed.add(user_id)
                            break
                    except Exception:
                        log.exception("held DMs to %s failed", user_id)
                        self.held.take(user_id)
            now = clock.now()
            until = [now + HELD_RETRY if u in failed else (w[1] if (w := limits.dm_wait(u)) else now)
                     for u in self.held.by_user]
            if until:
                await clock.sleep(min(until) - now, self.held.wake)

    async def send_secret_dms(self, match: Match, seats: list[int], hand: set[int] = frozenset()) -> set[int]:
        """Each seat of a secret decision gets the choice by DM; if DMs are
        closed, the channel gets a mention pointing to the Act button (never
        the secret itself). Returns the seats told by DM; those in ``hand``
        see their hand in it."""
        fallback: list[int] = []
        told: set[int] = set()
        for seat in seats:
            user_id = match.user(seat)
            if await self.picker_dm(match, seat, hand=seat in hand):
                told.add(seat)
            else:
                fallback.append(user_id)
        if fallback:
            locale = self.locales.of_channel(match)
            channel = await self.channel(match.channel_id)
            await channel.send(
                "\n".join(t("dm_fallback", locale, user=f"<@{u}>") for u in fallback),
                allowed_mentions=present.mentions(fallback)[1],
            )
        return told

    async def picker_dm(self, match: Match, seat: int, *, hand: bool = False) -> bool:
        """The seat's decision by DM with its picker (answered right there,
        with the same checks as in the channel); False if it could not go."""
        user_id = match.user(seat)
        locale = await self.locales.of_user(user_id, self.locales.of_channel(match))
        notice = await self.notice_text(match, seat, "turn_notice", locale)
        payload = await pickers.picker(match, seat, locale, notice=[notice], hand=hand)
        return await self.dm(user_id, payload.content, about=match.id, held=notice, files=payload.files,
                             view=payload.view)

    async def send_private_view(self, match: Match, seat: int) -> None:
        """Not held past the budget: it goes stale, and ``/game hand`` shows it."""
        user_id = match.user(seat)
        locale = await self.locales.of_user(user_id, self.locales.of_channel(match))
        payload = await pages.private_view(match, user_id, locale)
        await self.dm(user_id, payload.content, about=match.id, hold=False, files=payload.files,
                      view=payload.view or discord.utils.MISSING)

    async def notice_text(self, match: Match, seat: int, key: str, locale: str) -> str:
        """A notice for a seat: what is asked, where the board is, and what
        happened since its last move (only what it may see)."""
        engine = present.engine_of(match)
        state = engine.load_state(match.state)
        prompt = engine.prompt(state, seat)
        lines = [t(key, locale, title=engine.title(locale), channel=f"<#{match.channel_id}>",
                   prompt=engine.text(prompt.key, prompt.params, locale))]
        link = present.board_link(match)
        if link:
            lines.append(t("board_link", locale, link=link))
        lines += clocks.lines(match, locale, self.slow.clock.now())
        digest = present.event_lines(engine, await self.slow.digest(match, seat), seat, locale)
        if digest:
            lines.append(t("since_head", locale))
            lines += [f"• {line}" for line in digest]
        return "\n".join(lines)[:DM_LENGTH]

    async def notify_turn(self, match: Match, seat: int, *, pinged: bool = True, hand: bool = False) -> bool:
        """A seat became due: by DM carrying the picker itself (``/game
        notify`` "turn", the default), so the decision is answered where it
        arrives; otherwise by a mention in the match channel, which the new
        board post made already when ``pinged`` (a board edited in place
        pings no one, so a line with the mention goes out instead). Never
        both: the board post leaves out whoever is told by DM
        (:func:`bot.play.slow.told_by_dm`). True when the picker went by DM (with
        the hand in its picture if ``hand``)."""
        user_id = match.user(seat)
        user = await self.store.get_user(user_id)
        if told_by_dm(user):
            if await self.user_time.hold_turn(user, self.service.clock.now()):
                return False  # the daily digest, or the notice at the end of the quiet hours, tells instead
            if await self.picker_dm(match, seat, hand=hand):
                return True
            # the DM did not go (closed): the board left them out for it, so the channel tells
            user, pinged = await self.store.get_user(user_id), False
        if not pinged and (user is None or user.notify in ("turn", "mention")):
            # only that it is their turn: a prompt may name what only they may see (their cards)
            await self.notice(match, "turn_mention", mention=user_id, user=f"<@{user_id}>",
                              title=present.engine_of(match).title(self.locales.of_channel(match)))
        return False

    async def remind(self, match: Match, seat: int) -> None:
        """A reminder by DM, or as a mention in the channel when no DM gets through
        (or the player turned notices off)."""
        user_id = match.user(seat)
        user = await self.store.get_user(user_id)
        dm_locale = await self.locales.of_user(user_id, self.locales.of_channel(match))
        sent = (user is None or user.notify != "off") and await self.dm(
            user_id, await self.notice_text(match, seat, "reminder", dm_locale), about=match.id
        )
        if not sent:
            await self.notice(match, "reminder_channel", mention=user_id, user=f"<@{user_id}>")
