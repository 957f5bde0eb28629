"""A match's current board edited in place: as a board phase goes on
(:func:`refresh`, the whole board drawn anew), and when only its status
changes (:func:`restate`: a player goes away or comes back,
:mod:`bot.play.away`): the status text is
composed again as a new post would have it (who acts, deadlines, clocks, who
is away until when), and the rest of the post stays as it was, picture and
what happened since the previous board included.

Why not a new post: a new board pings every player it asks, once per match
and per call, so a player going away and coming back again and again would
flood every server they play in. An edit pings no one. A board that is owed
anyway (``board_due``) or was posted before boards were Components V2 is
left to the next post, which shows the same lines.
"""

from __future__ import annotations

import dataclasses
import logging

import discord

from bot.discord import clocks, present
from bot.discord import components as c
from bot.discord import web_links
from bot.store import Match

log = logging.getLogger("brettbote")


async def restate(announcer, match: Match) -> None:
    """Edit the status of ``match``'s current board (under the lock its
    posts take, so the edit never lands on a board just replaced)."""
    async with announcer.board_lock(match.id):
        match = await announcer.service.get(match.id)
        if match is None or match.status != "running" or not match.board_message_id or match.board_due:
            return
        try:
            channel = await announcer.channel(match.board_channel_id)
            message = await channel.fetch_message(match.board_message_id)
            locale = announcer.locales.of_channel(match)
            layout = _restated(match, message, await _status(announcer, match, locale), locale,
                               await web_links.board_button(match, locale))
            if layout is not None:
                await message.edit(view=layout, attachments=message.attachments,
                                   allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as err:  # the board was deleted, or the channel is gone
            log.info("could not edit the board %s of match %s: %s", match.board_message_id, match.id, err)


async def refresh(announcer, match_id: int) -> None:
    """Edit the current board to show the match as it stands: its picture,
    the phase's news and the status (a game's board phase goes on, see
    ``Engine.board_phase``). The buttons keep the counter of the board's post,
    so they stay valid through the phase.

    Coalesced: at most one edit per match runs and one waits for it; a
    further request while one waits is dropped, because the waiting edit
    reads the match only when its turn comes and so shows that move too.
    Discord's rate limits are kept by discord.py, and a burst of moves makes
    one or two edits, not one each."""
    if match_id in announcer.edits_waiting:
        return
    announcer.edits_waiting.add(match_id)
    waiting = True  # this call's mark, until it holds the lock (then a later call may wait)
    try:
        async with announcer.board_lock(match_id):
            announcer.edits_waiting.discard(match_id)
            waiting = False
            match = await announcer.service.get(match_id)
            if match is None or match.status != "running" or not match.board_message_id or match.board_due:
                return  # a board is owed anyway: its post shows all this
            as_posted = dataclasses.replace(match, counter=match.board_counter)
            payload = await announcer.board_payload(as_posted)
            try:
                channel = await announcer.channel(match.board_channel_id)
                await channel.get_partial_message(match.board_message_id).edit(
                    **payload.edit_kwargs(), allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as err:  # the board was deleted, or the channel is gone
                log.info("could not edit the board %s of match %s: %s", match.board_message_id, match.id, err)
    finally:
        if waiting:  # cancelled before its turn: its mark goes, a later caller's stays
            announcer.edits_waiting.discard(match_id)


async def _status(announcer, match: Match, locale: str) -> present.BoardText:
    users = await announcer.store.users([s.user_id for s in match.seats if s.person])
    notes = clocks.lines(match, locale, announcer.slow.clock.now())
    return present.board_text(match, locale, notes=notes, users=users)


def _restated(match: Match, message: discord.Message, text: present.BoardText,
              locale: str, web: discord.ui.Button | None = None) -> discord.ui.LayoutView | None:
    """The board's layout with its last text (the status) replaced and its
    buttons made again as the post made them (the same custom_ids, so the
    buttons keep working, and dynamic items, so nothing is kept in memory)."""
    if not message.flags.components_v2:
        return None
    layout = c.without_buttons(message)
    container = next((i for i in layout.children if isinstance(i, discord.ui.Container)), None)
    texts = [i for i in container.children if isinstance(i, discord.ui.TextDisplay)] if container else []
    if len(texts) < 2:  # the title alone: not a board this module knows
        return None
    texts[-1].content = present.status_text(text)
    # the buttons carry the move counter of the board's post, which later moves may have passed
    as_posted = dataclasses.replace(match, counter=match.board_counter)
    rows = c.board_rows(as_posted, locale, finished=False, seats=text.seat_buttons)
    if web is not None:
        rows[0].append(web)
    for row in rows:
        container.add_item(discord.ui.ActionRow(*row))
    return layout
