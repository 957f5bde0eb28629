"""Servers: their settings (``/brettbote settings``) and what their
moderators may do to matches. No Discord here: who is a manager or a
moderator is decided by the Discord layer (:mod:`bot.discord.servers`), which
calls these only for such members.

Settings (stored per server, migration 0012): the games allowed there, the
defaults ``/game new`` uses when the host gives none (reminder, deadline,
deadline policy, thread or not), the moderator role and the announcement
channel.

Moderation:

- *cancel*: the match of a channel ends at once without a result (no vote);
- *remove*: a player leaves as if they had left by themselves
  (:meth:`MatchService.leave`: a lobby seat is freed; in a running match of
  three or more the seat goes on autopilot and the table votes on it). In a
  match of two, leaving is resigning, so the removed player forfeits;
- *pause-all* / *resume-all*: every running match of the server at once,
  each as if its table had agreed (``/game pause``, ``/game resume``).

A moderator acts on their own server's matches only: *cancel* and *remove*
name a channel, which a modified client can set to a channel of another
server, so the match's server must be the one the command came from.
Computer seats are not removed (they never go inactive; the host removes
them in the lobby, and a running match can be cancelled).
"""

from __future__ import annotations

import dataclasses

import engines
from bot.play.errors import ServiceError
from bot.play.lobby import (
    DEADLINE_HOURS, DEFAULT_POLICY, DEFAULT_REMINDER_HOURS, POLICIES, REMINDER_HOURS, check_range,
)
from bot.play.service import MatchService
from bot.play.slow import SlowPlay
from bot.store import GuildSettings, Match, Store

#: The ``games`` value that allows every game again.
ALL_GAMES = "all"


def parse_games(text: str) -> list[str] | None:
    """Game ids from a comma-separated list of ids or titles (in either
    language); ``None`` for "all". Refuses a name no game has."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise ServiceError("games_empty", games=known_games())
    if [n.lower() for n in names] == [ALL_GAMES]:
        return None
    by_name = {}
    for engine in engines.all():
        for name in (engine.id, engine.title("en"), engine.title("de")):
            by_name[name.lower()] = engine.id
    unknown = [n for n in names if n.lower() not in by_name]
    if unknown:
        raise ServiceError("games_unknown", names=", ".join(unknown)[:200], games=known_games())
    return list(dict.fromkeys(by_name[n.lower()] for n in names))


def known_games() -> str:
    return ", ".join(engine.id for engine in engines.all())


def own_match(guild_id: int | None, match: Match | None) -> Match:
    """The channel's open match, if it is one of the moderator's server."""
    if match is None:
        raise ServiceError("no_match")
    if match.guild_id != guild_id:
        raise ServiceError("mod_other_server")
    return match


class Servers:
    def __init__(self, store: Store, service: MatchService, slow: SlowPlay) -> None:
        self.store = store
        self.service = service
        self.slow = slow

    # -- settings ------------------------------------------------------------

    async def settings(self, guild_id: int) -> GuildSettings:
        return await self.store.guild_settings(guild_id)

    async def change(self, guild_id: int, *, games: str | None = None, reminder_hours: int | None = None,
                     deadline_hours: int | None = None, deadline_policy: str | None = None,
                     threads: bool | None = None, moderator_role_id: int | None = None,
                     announce_channel_id: int | None = None, web: bool | None = None,
                     clear: str | None = None) -> GuildSettings:
        """Check every value first (a forged payload skips the command's own
        ranges), then store them together: a refusal changes nothing.
        ``deadline_hours`` 0 removes the default deadline; ``clear`` is
        ``moderator``, ``announcements`` or ``all`` (everything back to the defaults)."""
        values: dict = {}
        if games is not None:
            values["games"] = parse_games(games)
        if reminder_hours is not None:
            check_range("reminder", reminder_hours, *REMINDER_HOURS)
            values["reminder_hours"] = reminder_hours
        if deadline_hours is not None:
            if deadline_hours != 0:
                check_range("deadline", deadline_hours, *DEADLINE_HOURS)
            values["deadline_hours"] = deadline_hours or None
        if deadline_policy is not None:
            if deadline_policy not in POLICIES:
                raise ServiceError("bad_policy", policies=", ".join(POLICIES))
            values["deadline_policy"] = deadline_policy
        if threads is not None:
            values["threads"] = threads
        if moderator_role_id is not None:
            values["moderator_role_id"] = moderator_role_id
        if announce_channel_id is not None:
            values["announce_channel_id"] = announce_channel_id
        if web is not None:
            values["web"] = web
        cleared = {"moderator": ("moderator_role_id",), "announcements": ("announce_channel_id",),
                   "all": tuple(f.name for f in dataclasses.fields(GuildSettings) if f.name != "guild_id")}
        if clear is not None:
            if clear not in cleared:
                raise ServiceError("bad_clear", choices=", ".join(cleared))
            for column in cleared[clear]:
                if column in values:
                    raise ServiceError("clear_and_set")
                values[column] = None
        if values:
            await self.store.update_guild_settings(guild_id, **values)
        return await self.settings(guild_id)

    async def new_match_settings(self, guild_id: int | None, game: str, reminder_hours: int | None,
                                 deadline_hours: int | None, deadline_policy: str | None,
                                 here: bool | None) -> tuple[int, int | None, str, bool]:
        """What ``/game new`` uses on this server: the host's values, else the
        server's defaults, else the bot's; a game the server does not allow is
        refused with the list of those it does."""
        found = await self.settings(guild_id) if guild_id is not None else GuildSettings(0)
        if found.games is not None and game not in found.games:
            titles = ", ".join(engines.get(g).title("en") if g in engines.ids() else g for g in found.games)
            raise ServiceError("game_not_allowed", games=titles)
        return (
            reminder_hours if reminder_hours is not None else found.reminder_hours or DEFAULT_REMINDER_HOURS,
            deadline_hours if deadline_hours is not None else found.deadline_hours,
            deadline_policy or found.deadline_policy or DEFAULT_POLICY,
            here if here is not None else not found.threads,
        )

    # -- moderation ----------------------------------------------------------

    async def cancel(self, channel_id: int, *, guild_id: int | None) -> Match:
        """The lobby or running match of the channel ends now, without a vote."""
        async with self.store.transaction() as tx:
            match = own_match(guild_id, await tx.open_match(channel_id))
            return await self.service.cancel_now(tx, match)

    async def remove(self, channel_id: int, user_id: int, *, guild_id: int | None) -> Match:
        """``user_id`` leaves the match of the channel as if by ``/game
        leave``; in a running match of two they forfeit (leaving is resigning there)."""
        match = own_match(guild_id, await self.service.open_match(channel_id))
        if user_id < 0:  # a computer seat's id (bot.store.models.computer_id)
            raise ServiceError("remove_computer")
        seat = match.seat_of(user_id)
        if seat is None or match.status not in ("lobby", "running"):
            raise ServiceError("remove_not_player")
        if match.status == "running" and len(match.seats) < 3:
            return await self.service.forfeit(match.id, seat)
        return await self.service.leave(channel_id, user_id)

    async def pause_all(self, guild_id: int) -> list[Match]:
        """Every running match of the server that is not paused yet; returns those paused now."""
        return await self._each(guild_id, paused=False, change=self.slow.pause_now)

    async def resume_all(self, guild_id: int) -> list[Match]:
        """Every paused match of the server; returns those resumed now."""
        return await self._each(guild_id, paused=True, change=self.slow.resume_now)

    async def _each(self, guild_id: int, *, paused: bool, change) -> list[Match]:
        done = []
        for listed in await self.store.guild_matches(guild_id, "running"):
            if listed.paused != paused:
                continue
            # one short transaction per match, each on a fresh, locked read:
            # a move in another match never waits for the whole server
            async with self.store.transaction() as tx:
                match = await tx.match(listed.id)
                if match.status == "running" and match.paused == paused:
                    done.append(await change(tx, match))
        return done
