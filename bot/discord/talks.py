"""The talk cog: ``/game talk with:@a @b`` opens a private thread for some
players of the match here (what may be asked is :mod:`bot.play.talks`), and
the match's end archives its talk threads (:func:`archive_talks`, called by
the announcer where a match's end is told).

A talk thread is a private thread (type 12) under the match's channel, or
under the parent of the match's thread (Discord has no threads in threads).
It is not invitable: its members cannot let anyone else in, only the bot
adds people (those named, and nobody else). Its first line says who talks,
and that the bot does not enforce what they agree.

A talk follows the seats (:func:`follow_seats`, called where a seat changed
hands): whoever no longer holds a seat is taken out of the match's talk
threads, with a line saying why, and a talk with fewer than two people
holding seats is archived and locked; whoever took the seat over is not let
in. A crash or Discord failing in between is repaired by
:func:`follow_leftovers`, from the store: the thread is changed first, the
store after, so what the store still lists is done again.

Why a lock per match in this process (:func:`talk_lock`): two requests of
the same people at once would otherwise both find no open thread and open
two, and a talk opened while one of its people leaves could keep them.
Interactions of one server always reach the process holding its shard, so a
lock here is enough on several processes too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.discord import board_status, present
from bot.discord.errors import guarded, reply
from bot.discord.messages import t
from bot.discord.room import Room
from bot.play import talks
from bot.play.errors import ServiceError
from bot.store import Match, Talk

log = logging.getLogger("brettbote")

#: A talk thread closes itself after a week without a message (Discord's
#: longest); the bot opens it again when its people ask again.
ARCHIVE_MINUTES = 10080
#: The permissions a talk needs in the match's channel, with their names'
#: message keys: the thread itself, then adding people and the first line.
CREATE = ("create_private_threads", "perm_create_private_threads")
SEND = ("send_messages_in_threads", "perm_send_messages_in_threads")


def refusal(permission: tuple[str, str], locale: str) -> ServiceError:
    return ServiceError("talk_permission", permission=t(permission[1], locale))


def talk_lock(announcer, match_id: int) -> asyncio.Lock:
    """Held while a talk of the match opens, or its people change."""
    return announcer.talk_locks.setdefault(match_id, asyncio.Lock())


class TalkCog(Room, name="talk"):
    @guarded
    async def talk(self, interaction: discord.Interaction, names: str) -> None:
        locale = await self.locales.of_interaction(interaction)
        if interaction.guild_id is None:
            raise ServiceError("guild_only")
        match = await self.service.channel_match(interaction.channel_id)
        named = talks.named_users(names)
        members = talks.members_of(match, interaction.user.id, named)
        # asked before trying: a refusal names what is missing, not just "forbidden"
        for permission in (CREATE, SEND):
            if not getattr(interaction.app_permissions, permission[0]):
                raise refusal(permission, locale)
        async with talk_lock(self.announcer, match.id):
            match = await self.service.get(match.id)  # a talk opened meanwhile is in it now
            members = talks.members_of(match, interaction.user.id, named)  # and someone may have left
            talk = talks.open_talk(match, members)
            thread = await self._existing(talk) if talk else None
            if thread is None:
                talks.check_room(match)
                thread = await self._open(interaction, match, members, locale)
                opened = True
            else:
                opened = False
            await self._let_in(thread, members, locale)
            if opened:
                await self._first_line(thread, match, members, locale)
        key = "talk_opened_reply" if opened else "talk_again"
        await reply(interaction, t(key, locale, thread=thread.mention), allowed_mentions=discord.AllowedMentions.none())
        if opened:  # the board lists the match's talks: edited in place, no ping
            await self.announcer.safely(board_status.restate(self.announcer, match), "board after talk", match)

    async def _existing(self, talk: Talk) -> discord.Thread | None:
        """The talk's thread, open again if Discord archived it for quiet;
        ``None`` (and the talk ended) if it is gone or was locked by someone.
        Read from Discord, not the cache: an archive for quiet may not have
        reached this process."""
        try:
            thread = await self.bot.fetch_channel(talk.thread_id)
            if isinstance(thread, discord.Thread) and not thread.locked:
                if thread.archived:
                    thread = await thread.edit(archived=False)
                return thread
        except (discord.NotFound, discord.Forbidden) as err:
            log.info("talk thread %s is gone: %s", talk.thread_id, err)
        await talks.end(self.service.store, talk.thread_id)
        return None

    async def _open(self, interaction: discord.Interaction, match: Match, members: tuple[int, ...],
                    locale: str) -> discord.Thread:
        here = interaction.channel
        parent_id = here.parent_id if isinstance(here, discord.Thread) else interaction.channel_id
        parent = await self.announcer.channel(parent_id)
        shared = self.locales.of_channel(match)  # the thread's name is the same for everyone in it
        title = present.engine_of(match).title(shared)
        name = talks.thread_name(title, match.id, await self._names(interaction, match, members, shared))
        try:
            thread = await parent.create_thread(name=name, type=discord.ChannelType.private_thread, invitable=False,
                                                auto_archive_duration=ARCHIVE_MINUTES)
        except discord.Forbidden as err:  # the permission was taken since the interaction was sent
            raise refusal(CREATE, locale) from err
        # stored before the people are added: asking again finds it and adds whoever is missing
        await talks.add(self.service.store, match, thread.id, members, interaction.user.id)
        return thread

    async def _let_in(self, thread: discord.Thread, members: tuple[int, ...], locale: str) -> None:
        """Adds the talk's people (again: someone who left the thread comes back)."""
        try:
            for user_id in members:
                await thread.add_user(discord.Object(user_id))
        except discord.Forbidden as err:
            raise refusal(SEND, locale) from err

    async def _first_line(self, thread: discord.Thread, match: Match, members: tuple[int, ...], locale: str) -> None:
        """Who talks here, and that promises bind only the players: in the
        server's language (the thread is shared); pings the people."""
        _, allowed = present.mentions(list(members))
        shared = self.locales.of_channel(match)
        text = t("talk_first_line", shared, players=" + ".join(f"<@{u}>" for u in members),
                 title=present.engine_of(match).title(shared))
        try:
            await thread.send(text, allowed_mentions=allowed)
        except discord.Forbidden as err:
            raise refusal(SEND, locale) from err

    async def _names(self, interaction: discord.Interaction, match: Match, members: tuple[int, ...],
                     locale: str) -> list[str]:
        """The people's names on the server, for the thread's name; a seat's
        name where a member cannot be looked up."""
        engine, names = present.engine_of(match), []
        for user_id in members:
            member = interaction.user if user_id == interaction.user.id else None
            if member is None and interaction.guild is not None:
                member = interaction.guild.get_member(user_id)
                if member is None:
                    with contextlib.suppress(discord.HTTPException):
                        member = await interaction.guild.fetch_member(user_id)
            names.append(member.display_name if member else engine.seat_name(match.seat_of(user_id), locale))
        return names


# -- the match's end -------------------------------------------------------------


async def archive_talks(announcer, match: Match) -> None:
    """``match`` (as read when it ended) is over: finished, cancelled or
    abandoned. Each open talk thread gets a last line and is archived and
    locked. A thread that cannot be reached now stays open in the database
    and is tried again by :func:`archive_leftovers`."""
    for talk in match.talks:
        await announcer.safely(_archive(announcer, match, talk), "talk thread archive", match)


async def archive_leftovers(announcer) -> None:
    """Talks still open of matches that are over: the process died between
    the end and the archive, or Discord did not answer then (at start-up,
    and in the scheduler's repairs). Never raises: it is a repair."""
    try:
        for match_id, talk in await talks.of_ended_matches(announcer.store):
            match = await announcer.service.get(match_id)
            await announcer.safely(_archive(announcer, match, talk), "talk thread archive", match)
    except Exception:
        log.exception("archiving the talk threads of ended matches failed")


async def _archive(announcer, match: Match, talk: Talk, last_line: str | None = "talk_closed") -> None:
    try:
        thread = await announcer.channel(talk.thread_id)
        with contextlib.suppress(discord.Forbidden):  # a moderator locked it: no last line
            if last_line:
                await thread.send(t(last_line, announcer.locales.of_channel(match)),
                                  allowed_mentions=discord.AllowedMentions.none())
        try:
            await thread.edit(archived=True, locked=True)
        except discord.Forbidden:  # locking takes Manage Threads; the thread's creator may archive it
            await thread.edit(archived=True)
    except (discord.NotFound, discord.Forbidden) as err:
        log.info("talk thread %s of match %s cannot be archived: %s", talk.thread_id, match.id, err)
    await talks.end(announcer.store, talk.thread_id)


# -- a seat changes hands --------------------------------------------------------


async def follow_seats(announcer, match: Match) -> bool:
    """``match`` (as stored after a seat changed hands) may have talks with
    someone who no longer holds a seat: they are taken out of the thread with
    a line saying why, and a talk left with fewer than two people holding
    seats is archived and locked. Nobody is let in. Returns whether a talk
    was touched. Never raises: the handover is stored already, and what
    fails here is done again by :func:`follow_leftovers`."""
    if not talks.left_behind(match):  # most changes leave the talks alone: no lock, no read
        return False
    match_id = match.id
    try:
        async with talk_lock(announcer, match_id):
            match = await announcer.service.get(match_id)
            found = talks.left_behind(match)
            for talk, stay in found:
                await announcer.safely(_follow(announcer, match, talk, stay), "talk thread after a seat changed", match)
            return bool(found)
    except Exception:
        log.exception("the talk threads of match %s did not follow its seats", match_id)
        return False


async def follow_leftovers(announcer, idle_before: str | None = None) -> None:
    """Talks of running matches that still list someone who no longer holds
    a seat (the process died between the handover and the talk's change, or
    Discord did not answer then): at start-up, and in the scheduler's repairs
    for matches untouched since ``idle_before``. The board's list of talks is
    edited to match. Never raises: it is a repair."""
    try:
        for match_id in await talks.matches_left_behind(announcer.store, idle_before):
            match = await announcer.service.get(match_id)
            if await follow_seats(announcer, match):
                await announcer.safely(board_status.restate(announcer, match), "board after talk repair", match)
    except Exception:
        log.exception("the talk threads left behind by seats changing hands were not repaired")


async def _follow(announcer, match: Match, talk: Talk, stay: tuple[int, ...]) -> None:
    """The talk keeps only ``stay``: the others are taken out of the thread,
    then out of the store (so that a crash in between takes them out again),
    and the thread hears of each in the server's language."""
    try:
        thread = await announcer.client.fetch_channel(talk.thread_id)  # not the cache: archived for quiet?
        gone_why = "locked by someone" if isinstance(thread, discord.Thread) and thread.locked else None
    except (discord.NotFound, discord.Forbidden) as err:
        gone_why = err
    if gone_why:  # as for /game talk: a thread deleted or locked by a moderator is no talk of ours any more
        log.info("talk thread %s of match %s is gone: %s", talk.thread_id, match.id, gone_why)
        await talks.end(announcer.store, talk.thread_id)
        return
    if thread.archived:  # nobody is taken out of an archived thread
        thread = await thread.edit(archived=False)
    gone = [user for user in talk.members if user not in stay]
    for user in gone:
        with contextlib.suppress(discord.NotFound):  # not in it any more
            await thread.remove_user(discord.Object(user))
    if gone:
        await talks.set_members(announcer.store, talk.thread_id, stay)
    shared = announcer.locales.of_channel(match)
    with contextlib.suppress(discord.Forbidden):
        for user in gone:
            await thread.send(t("talk_left", shared, player=f"<@{user}>"), allowed_mentions=discord.AllowedMentions.none())
    if len(stay) < talks.MIN_MEMBERS:
        await _archive(announcer, match, talk, last_line=None)
