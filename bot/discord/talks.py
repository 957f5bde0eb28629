"""The talk cog: ``/game talk with:@a @b`` opens a private thread for some
players of the match here (what may be asked is :mod:`bot.play.talks`), and
the match's end archives its talk threads (:func:`archive_talks`, called by
the announcer where a match's end is told).

A talk thread is a private thread (type 12) under the match's channel, or
under the parent of the match's thread (Discord has no threads in threads).
It is not invitable: its members cannot let anyone else in, only the bot
adds people (those named, and nobody else). Its first line says who talks,
and that the bot does not enforce what they agree.

Why a lock per match in this process: two requests of the same people at
once would otherwise both find no open thread and open two. Interactions of
one server always reach the process holding its shard, so a lock here is
enough on several processes too.
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


class TalkCog(Room, name="talk"):
    def __init__(self, bot) -> None:
        super().__init__(bot)
        self._locks: dict[int, asyncio.Lock] = {}

    @guarded
    async def talk(self, interaction: discord.Interaction, names: str) -> None:
        locale = await self.locales.of_interaction(interaction)
        if interaction.guild_id is None:
            raise ServiceError("guild_only")
        match = await self.service.channel_match(interaction.channel_id)
        members = talks.members_of(match, interaction.user.id, talks.named_users(names))
        # asked before trying: a refusal names what is missing, not just "forbidden"
        for permission in (CREATE, SEND):
            if not getattr(interaction.app_permissions, permission[0]):
                raise refusal(permission, locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self._locks.setdefault(match.id, asyncio.Lock()):
            match = await self.service.get(match.id)  # a talk opened meanwhile is in it now
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


async def _archive(announcer, match: Match, talk: Talk) -> None:
    try:
        thread = await announcer.channel(talk.thread_id)
        with contextlib.suppress(discord.Forbidden):  # a moderator locked it: no last line
            await thread.send(t("talk_closed", announcer.locales.of_channel(match)),
                              allowed_mentions=discord.AllowedMentions.none())
        try:
            await thread.edit(archived=True, locked=True)
        except discord.Forbidden:  # locking takes Manage Threads; the thread's creator may archive it
            await thread.edit(archived=True)
    except (discord.NotFound, discord.Forbidden) as err:
        log.info("talk thread %s of match %s cannot be archived: %s", talk.thread_id, match.id, err)
    await talks.end(announcer.store, talk.thread_id)
