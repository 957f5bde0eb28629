"""Private talk threads (``/game talk with:@a @b``): some players of a
running match of three or more seats negotiate in a Discord private thread
that only they (and the server's moderators) see.

What is decided here, without Discord: who may open a talk with whom, which
open talk the same people already have, how many a match may have, and what
the thread is called. The Discord layer (:mod:`bot.discord.talks`) opens,
fills and archives the threads.

Decisions: a talk belongs to a running match (a lobby's seats still change,
and a finished match has nothing left to negotiate); its people are persons
holding a seat now (not a computer, not a seat on autopilot, whose player
left), named with mentions, each once, the caller not among them; the same
set of people always gets its one open thread back; and a match has at most
:data:`MAX_OPEN_TALKS` open talks, so one player cannot flood the server
with threads (every set of people of a four-player game still fits).

A talk follows the seats (:func:`left_behind`): whoever no longer holds a
seat as a person (left, removed, resigned into autopilot, replaced by a
substitute or the computer) leaves every talk of the match, and a talk with
fewer than two such people left ends. Whoever takes a seat over is not let
in: the others may not want to talk with them, and they can ask for a talk
of their own.
"""

from __future__ import annotations

import re

from bot.play.errors import ServiceError
from bot.store import Match, Store, Talk

#: Talks are for games of this many seats or more: in a match of two, every
#: talk would be with the only other player, who can be written to anyway.
MIN_SEATS = 3
#: Open talks per match: enough for every set of two or more people of a
#: four-player game (6 pairs, 4 threes, the whole table: 11), few enough that
#: a player cannot fill the server's thread list.
MAX_OPEN_TALKS = 12
#: A talk with fewer people holding a seat ends: nobody is left to talk with.
MIN_MEMBERS = 2
#: Discord's longest channel name.
NAME_LIMIT = 100

_MENTION = re.compile(r"<@!?(\d+)>")


def named_users(text: str) -> list[int]:
    """The user ids mentioned in ``text``, in order (duplicates kept, so they
    can be refused); anything else in it but spaces and commas is refused."""
    rest = _MENTION.sub(" ", text or "").replace(",", " ").strip()
    found = [int(m) for m in _MENTION.findall(text or "")]
    if rest or not found:
        raise ServiceError("talk_names")
    return found


def members_of(match: Match, caller: int, named: list[int]) -> tuple[int, ...]:
    """The talk's people (sorted, the caller included) once every check passed."""
    if match.status != "running":
        raise ServiceError("talk_not_running")
    if len(match.seats) < MIN_SEATS:
        raise ServiceError("talk_two_seats", seats=MIN_SEATS)
    playing = {s.user_id for s in match.seats if s.person}
    if caller not in playing:
        raise ServiceError("not_a_player")
    seen: set[int] = set()
    for user in named:
        if user == caller:
            raise ServiceError("talk_self")
        if user in seen:
            raise ServiceError("talk_duplicate", player=f"<@{user}>")
        if user not in playing:
            key = "talk_not_playing" if user in match.user_ids else "talk_not_player"
            raise ServiceError(key, player=f"<@{user}>")
        seen.add(user)
    return tuple(sorted({caller, *named}))


def open_talk(match: Match, members: tuple[int, ...]) -> Talk | None:
    """The open talk of exactly these people, if they have one."""
    return next((talk for talk in match.talks if talk.members == members), None)


def staying(match: Match, talk: Talk) -> tuple[int, ...]:
    """The talk's people who still hold a seat of the match as persons."""
    seated = {s.user_id for s in match.seats if s.person}
    return tuple(user for user in talk.members if user in seated)


def left_behind(match: Match) -> list[tuple[Talk, tuple[int, ...]]]:
    """The open talks of a running match that no longer fit its seats, each
    with the people who stay in it: someone in it left the match or lost the
    seat, or fewer than :data:`MIN_MEMBERS` who hold seats are left (the talk
    ends then). An ended match archives all of its talks anyway."""
    if match.status != "running":
        return []
    found = []
    for talk in match.talks:
        stay = staying(match, talk)
        if stay != talk.members or len(stay) < MIN_MEMBERS:
            found.append((talk, stay))
    return found


def check_room(match: Match) -> None:
    """Refuses a new talk when the match has :data:`MAX_OPEN_TALKS` open."""
    if len(match.talks) >= MAX_OPEN_TALKS:
        raise ServiceError("talk_limit", max=MAX_OPEN_TALKS)


def thread_name(title: str, match_id: int, names: list[str]) -> str:
    """``<game title> #12 – Alice + Bob + Carol`` within Discord's 100
    characters: long names are cut, each to an equal share, so that every
    person keeps a recognisable part of theirs."""
    head = f"{title} #{match_id} – "
    glue = " + "
    share = max(1, (NAME_LIMIT - len(head) - len(glue) * (len(names) - 1)) // max(1, len(names)))
    name = head + glue.join(n if len(n) <= share else n[: max(1, share - 1)] + "…" for n in names)
    return name[:NAME_LIMIT]


async def add(store: Store, match: Match, thread_id: int, members: tuple[int, ...], opened_by: int) -> None:
    async with store.transaction() as tx:
        await tx.add_talk(match.id, thread_id, members, opened_by)


async def set_members(store: Store, thread_id: int, members: tuple[int, ...]) -> None:
    async with store.transaction() as tx:
        await tx.set_talk_members(thread_id, members)


async def end(store: Store, thread_id: int) -> None:
    async with store.transaction() as tx:
        await tx.end_talk(thread_id)


async def of_ended_matches(store: Store) -> list[tuple[int, Talk]]:
    async with store.transaction() as tx:
        return await tx.talks_of_ended_matches()


async def matches_left_behind(store: Store, idle_before: str | None = None) -> list[int]:
    """Ids of running matches with a talk that does not fit the seats any
    more: the process died between the handover and the talk's change."""
    async with store.transaction() as tx:
        return sorted({match_id for match_id, _ in await tx.talks_left_behind(idle_before)})
