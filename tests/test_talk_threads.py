"""Private talk threads (``/game talk with:@a @b``) through the real client
and the fake Discord, on both databases: a player opens a private thread for
some players of a match of three or more, the same people get the same thread
again, the board lists who talks with whom, the match's end archives and
locks the threads; refusals are private and say why (a player who is not one,
a match of two, the bot without the permission, or Discord refusing). A talk
follows the seats: whoever leaves the match or loses the seat leaves its
talks (a talk of two is archived then), whoever takes a seat over is not let
in, and what a crash or Discord left undone is repaired. And ``/game away
days:0``, which took ``/game back``'s place in the command list."""

from __future__ import annotations

import re

import discord
import pytest
from bot_harness import Table
from postgres_fixtures import copied_to_postgres
from fake_discord.world import CREATE_PRIVATE_THREADS, MANAGE_THREADS, PRIVATE_THREAD, SEND_MESSAGES_IN_THREADS

from bot.play import talks
from bot.play.errors import ServiceError
from bot.store import Talk, open_store

DAY = 86400
THREAD_ROUTE = "/channels/{channel_id}/threads"
MEMBER_ROUTE = "/channels/{channel_id}/thread-members/{user_id}"
#: The line a talk's thread gets when one of its people left the match (the server's language).
LEFT = "hat die Partie verlassen und ist damit auch nicht mehr in dieser Absprache"


@pytest.fixture(autouse=True)
def more_players(fake):
    """A third and a fourth person for the table (before the bot connects)."""
    for name in ("dave", "erin"):
        fake.world.add_user(name, locale="en-US")


async def three_players(fake, table: Table, *, here: bool = True):
    """A running Halleluja match of Alice (host), Bob and Dave."""
    w = fake.world
    channel = w.channel("spiele")
    options = {"game": "halleluja", "here": here, "players": 3}
    await table.run(await fake.slash(w.alice, "game new", options, channel=channel))
    table.channel = channel if here else w.threads[-1]
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    for user in (w.bob, w.user("dave")):
        await table.run(await fake.click(user, lobby, join))
    return w.alice, w.bob, w.user("dave")


async def talk(table: Table, user, names: str):
    return await (await table.command(user, "game talk", **{"with": names})).wait_ephemeral()


def mentions(*users) -> str:
    return " ".join(u.mention for u in users)


def thread_of(fake, reply):
    found = re.search(r"<#(\d+)>", reply.content)
    assert found, reply.content
    return fake.world.channels[int(found.group(1))]


def people(fake, thread) -> set[int]:
    return thread.member_ids - {fake.world.bot_user.id}


async def test_a_talk_is_a_private_thread_of_exactly_its_people_listed_on_the_board(fake, table, stored):
    w = fake.world
    alice, bob, dave = await three_players(fake, table)
    board = table.board()
    reply = await talk(table, alice, mentions(bob, dave))
    assert reply.ephemeral and "Absprache ist offen" in reply.content
    thread = thread_of(fake, reply)
    assert thread.type == PRIVATE_THREAD and not thread.invitable and thread.parent_id == table.channel.id
    assert people(fake, thread) == {alice.id, bob.id, dave.id}
    assert thread.name.startswith("Halleluja #1 – ") and len(thread.name) <= 100
    assert thread.name == "Halleluja #1 – Alice + Bob + dave"  # names on the server, in the order of the ids
    first = fake.messages(thread)[0]  # who talks, and that the bot enforces nothing (the server's language)
    assert all(u.mention in first.content for u in (alice, bob, dave)) and "setzt nicht durch" in first.content
    assert {u.id for u in first.pinged} == {alice.id, bob.id, dave.id}
    # the board lists the talk, edited in place (no new post, no ping)
    assert table.board().id == board.id
    trio = " + ".join(u.mention for u in sorted((alice, bob, dave), key=lambda u: u.id))
    assert f"🤝 Absprachen: {trio}" in table.board().content
    # the same people again (another of them asking): the same thread, nothing new
    threads = len(w.threads)
    again = await talk(table, bob, mentions(dave, alice))
    assert "already have this talk" in again.content and thread_of(fake, again) is thread
    assert len(w.threads) == threads and len(fake.messages(thread)) == 1
    # another set of people: another thread, and both on the board
    pair = await talk(table, alice, bob.mention)
    second = thread_of(fake, pair)
    assert second is not thread and people(fake, second) == {alice.id, bob.id}
    assert f"🤝 Absprachen: {trio}; {alice.mention} + {bob.mention}" in table.board().content
    match, _ = await stored()
    assert [t.thread_id for t in match.talks] == [thread.id, second.id]
    # nobody else was let in, and carol (not playing) sees neither thread
    assert w.carol.id not in thread.member_ids | second.member_ids


async def test_a_match_in_a_thread_talks_in_threads_of_its_channel(fake, table):
    alice, bob, dave = await three_players(fake, table, here=False)
    assert table.channel.type == 11  # the match's own public thread
    thread = thread_of(fake, await talk(table, dave, alice.mention))
    assert thread.parent_id == fake.world.channel("spiele").id and people(fake, thread) == {alice.id, dave.id}


async def test_without_the_permission_the_talk_is_refused_naming_it(fake, table, stored):
    w = fake.world
    alice, bob, dave = await three_players(fake, table)
    requests = len(fake.requests)
    w.set_overwrite(table.channel, w.bot_user, deny=CREATE_PRIVATE_THREADS)
    refused = await talk(table, alice, bob.mention)
    assert refused.ephemeral and "„Private Threads erstellen“" in refused.content, refused.content
    w.set_overwrite(table.channel, w.bot_user, deny=SEND_MESSAGES_IN_THREADS)
    refused = await talk(table, bob, alice.mention)
    assert "“Send Messages in Threads”" in refused.content, refused.content
    assert not [r for r in fake.requests[requests:] if r.route == THREAD_ROUTE]  # asked the interaction, not Discord
    # Discord refuses although the interaction said yes (taken away meanwhile): the same refusal
    w.set_overwrite(table.channel, w.bot_user)
    fake.refuse("POST", THREAD_ROUTE)
    refused = await talk(table, alice, bob.mention)
    assert "„Private Threads erstellen“" in refused.content and "Fehler" not in refused.content
    assert [r.status for r in fake.requests if r.route == THREAD_ROUTE] == [403]
    assert not w.threads and not (await stored())[0].talks
    # and once it is back, the talk opens
    assert people(fake, thread_of(fake, await talk(table, alice, bob.mention))) == {alice.id, bob.id}


async def test_the_fake_denies_the_bot_a_thread_it_may_not_create(fake, table):
    """The fake Discord itself answers 403/50013 when the bot lacks Create
    Private Threads in the channel (what the bot's own check spares it)."""
    w = fake.world
    alice, bob, dave = await three_players(fake, table)
    w.set_overwrite(table.channel, w.bot_user, deny=CREATE_PRIVATE_THREADS)
    channel = table.bot.get_channel(table.channel.id)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.create_thread(name="geheim", type=discord.ChannelType.private_thread)
    assert refused.value.code == 50013 and refused.value.status == 403


@pytest.mark.parametrize("who, names, expected", [
    ("alice", "<@{carol}>", "spielt in dieser Partie nicht mit"),
    ("alice", "<@{bot}>", "spielt in dieser Partie nicht mit"),
    ("carol", "<@{alice}>", "You are not playing in this match"),
    ("alice", "<@{bob}> <@{bob}>", "doppelt"),
    ("alice", "<@{alice}>", "sowieso dabei"),
    ("alice", "bob", "@Erwähnungen"),
    ("alice", "<@{bob}> und <@{dave}>", "@Erwähnungen"),
    ("alice", "<@&{role}>", "@Erwähnungen"),
])
async def test_a_talk_with_the_wrong_people_is_refused_privately(fake, table, stored, who, names, expected):
    w = fake.world
    await three_players(fake, table)
    ids = {"carol": w.carol.id, "bot": w.bot_user.id, "alice": w.alice.id, "bob": w.bob.id,
           "dave": w.user("dave").id, "role": w.guild.roles[1].id}
    refused = await talk(table, w.user(who), names.format(**ids))
    assert refused.ephemeral and expected in refused.content, refused.content
    assert not w.threads and not (await stored())[0].talks


async def test_a_player_who_left_is_not_asked_to_talk(fake, table):
    w = fake.world
    alice, bob, dave = await three_players(fake, table)
    await table.command(dave, "game resign")  # three players: the seat goes on autopilot
    refused = await talk(table, alice, dave.mention)
    assert "hat diese Partie verlassen" in refused.content
    refused = await talk(table, dave, alice.mention)
    assert "You are not playing in this match" in refused.content


async def test_a_match_of_two_has_no_talks(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    refused = await talk(table, w.alice, w.bob.mention)
    assert refused.ephemeral and "ab 3 Personen" in refused.content and not w.threads


async def test_a_match_has_a_limit_of_open_talks(fake, table, monkeypatch):
    alice, bob, dave = await three_players(fake, table)
    monkeypatch.setattr(talks, "MAX_OPEN_TALKS", 1)
    first = thread_of(fake, await talk(table, alice, bob.mention))
    refused = await talk(table, alice, dave.mention)
    assert "schon 1 offene Absprachen" in refused.content
    assert thread_of(fake, await talk(table, bob, alice.mention)) is first  # the open one is still found


async def test_a_talk_thread_deleted_or_archived_by_discord_is_handled_when_asked_again(fake, table):
    w = fake.world
    alice, bob, dave = await three_players(fake, table)
    thread = thread_of(fake, await talk(table, alice, bob.mention))
    thread.archived = True  # a week without a message: Discord archived it
    thread.member_ids.discard(bob.id)  # and Bob left it
    again = thread_of(fake, await talk(table, alice, bob.mention))
    assert again is thread and not thread.archived and bob.id in thread.member_ids
    del w.channels[thread.id]  # a moderator deleted it
    new = thread_of(fake, await talk(table, bob, alice.mention))
    assert new is not thread and people(fake, new) == {alice.id, bob.id}
    assert f"{alice.mention} + {bob.mention}" in table.board().content


@pytest.mark.parametrize("ending", ["cancel", "resign"])
async def test_the_talks_are_archived_and_locked_when_the_match_ends(fake, table, stored, ending):
    alice, bob, dave = await three_players(fake, table)
    trio = thread_of(fake, await talk(table, alice, mentions(bob, dave)))
    pair = thread_of(fake, await talk(table, bob, dave.mention))
    if ending == "cancel":
        for user in (alice, bob, dave):
            await table.command(user, "game cancel")
    else:  # two of three resign: the last one left wins
        await table.command(alice, "game resign")
        await table.command(bob, "game resign")
    match, _ = await stored()
    assert match.status == ("cancelled" if ending == "cancel" else "finished")
    for thread in (trio, pair):
        assert thread.archived and thread.locked
        assert "Die Partie ist vorbei" in fake.messages(thread)[-1].content
    assert not match.talks  # none open any more
    assert "Absprachen" not in fake.messages(table.channel)[-1].content


async def test_without_manage_threads_the_talks_are_archived_unlocked(fake, table):
    """Locking takes Manage Threads; the thread's creator may still archive it."""
    w = fake.world
    alice, bob, dave = await three_players(fake, table)
    thread = thread_of(fake, await talk(table, alice, bob.mention))
    w.set_overwrite(table.channel, w.bot_user, deny=MANAGE_THREADS)
    for user in (alice, bob, dave):
        await table.command(user, "game cancel")
    assert thread.archived and not thread.locked


async def test_talks_left_open_when_a_match_ended_are_archived_by_the_repair(fake, table, raw_sql):
    """The process died between a match's end and archiving its talks: the
    start-up repair (the announcer's reconcile) archives them."""
    alice, bob, dave = await three_players(fake, table)
    thread = thread_of(fake, await talk(table, alice, bob.mention))
    await raw_sql("UPDATE matches SET status='cancelled' WHERE id=?", 1)
    assert not thread.archived
    await table.bot.announcer.reconcile()
    assert thread.archived and thread.locked
    assert await raw_sql("SELECT status FROM talks WHERE thread_id=?", thread.id) == [("archived",)]


def left_line(fake, thread, user) -> bool:
    """The thread's last line says that ``user`` left (in the server's language), without a ping."""
    last = fake.messages(thread)[-1]
    return LEFT in last.content and user.mention in last.content and not last.pinged


def pair(*users) -> tuple[int, ...]:
    return tuple(sorted(u.id for u in users))


async def test_a_player_who_leaves_the_match_leaves_its_talks_and_a_substitute_is_not_let_in(fake, table, stored):
    w = fake.world
    alice, bob, dave = await three_players(fake, table)
    thread = thread_of(fake, await talk(table, alice, mentions(bob, dave)))
    await table.command(bob, "game leave")
    assert people(fake, thread) == {alice.id, dave.id}
    assert left_line(fake, thread, bob) and not thread.archived
    match, _ = await stored()
    assert [t.members for t in match.talks] == [pair(alice, dave)]
    assert f"🤝 Absprachen: {alice.mention} + {dave.mention}" in table.board().content
    # the others hand the seat to a substitute: Erin plays it, and is not let in
    seat = match.seat_of(bob.id)
    for user in (alice, dave):
        await table.run(await fake.click(user, table.board(), f"bb:s:substitute:1:{seat}"))
    erin = w.user("erin")
    await table.run(await fake.click(erin, table.board(), f"bb:s:take:1:{seat}"))
    assert (await stored())[0].user(seat) == erin.id
    assert people(fake, thread) == {alice.id, dave.id} and len(w.threads) == 1
    assert [t.members for t in (await stored())[0].talks] == [pair(alice, dave)]
    # she can ask for a talk of her own; Bob, on autopilot, cannot talk any more
    own = thread_of(fake, await talk(table, erin, alice.mention))
    assert own is not thread and people(fake, own) == {alice.id, erin.id}
    assert "You are not playing" in (await talk(table, bob, alice.mention)).content
    assert not any(bob.id in t.member_ids for t in w.threads)


async def test_a_substitute_who_hands_the_seat_back_leaves_the_talks(fake, table, stored):
    w = fake.world
    alice, bob, dave = await three_players(fake, table)
    erin = w.user("erin")
    await table.command(bob, "game leave")
    seat = (await stored())[0].seat_of(bob.id)
    for user in (alice, dave):
        await table.run(await fake.click(user, table.board(), f"bb:s:substitute:1:{seat}"))
    await table.run(await fake.click(erin, table.board(), f"bb:s:take:1:{seat}"))
    trio = thread_of(fake, await talk(table, erin, mentions(alice, dave)))
    await table.command(bob, "game rejoin")
    await table.run(await fake.click(erin, table.board(), f"bb:s:back:1:{seat}"))
    assert (await stored())[0].user(seat) == bob.id
    assert people(fake, trio) == {alice.id, dave.id} and left_line(fake, trio, erin)
    assert [t.members for t in (await stored())[0].talks] == [pair(alice, dave)]  # Bob, back, is not let in


@pytest.mark.parametrize("how", ["leave", "resign", "remove"])
async def test_a_talk_of_two_ends_when_one_of_them_leaves_the_match(fake, table, stored, how):
    alice, bob, dave = await three_players(fake, table)
    two = thread_of(fake, await talk(table, alice, bob.mention))
    trio = thread_of(fake, await talk(table, dave, mentions(alice, bob)))
    trio.archived = True  # quiet for a week: Discord archived it; it is opened to take Bob out
    if how == "remove":  # by a moderator (Alice owns the server)
        await table.command(alice, "brettbote remove", user=bob)
    else:
        await table.command(bob, f"game {how}")
    match, _ = await stored()
    assert match.status == "running" and match.seats[match.seat_of(bob.id)].autopilot
    assert people(fake, two) == {alice.id} and left_line(fake, two, bob)
    assert two.archived and two.locked  # as at the match's end
    assert people(fake, trio) == {alice.id, dave.id} and left_line(fake, trio, bob) and not trio.archived
    assert [(t.thread_id, t.members) for t in match.talks] == [(trio.id, pair(alice, dave))]
    assert f"🤝 Absprachen: {alice.mention} + {dave.mention}" in table.board().content
    assert thread_of(fake, await talk(table, alice, dave.mention)) is trio  # the talk of those still in it


async def test_a_vanished_player_voted_to_the_computer_leaves_the_talks(fake, table, stored, raw_sql):
    alice, bob, dave = await three_players(fake, table)
    thread = thread_of(fake, await talk(table, alice, mentions(bob, dave)))
    seat = (await stored())[0].seat_of(bob.id)
    # Bob missed his deadlines: the others vote on his seat (he still holds it meanwhile)
    await raw_sql("UPDATE seats SET handover='vote' WHERE match_id=1 AND seat=?", seat)
    await table.bot.announcer.post_board((await stored())[0])
    assert bob.id in thread.member_ids
    for user in (alice, dave):
        await table.run(await fake.click(user, table.board(), f"bb:s:computer:1:{seat}"))
    assert (await stored())[0].seats[seat].computer
    assert people(fake, thread) == {alice.id, dave.id} and left_line(fake, thread, bob)


@pytest.mark.parametrize("fault", ["discord refuses", "crash"])
async def test_a_talk_left_behind_by_a_failure_or_a_crash_is_repaired(fake, table, stored, raw_sql, fault):
    """Discord refused to take Bob out (the handover goes on regardless), or
    the process died between the handover and the talk's change: the
    announcer's repair (at start-up, and in the scheduler's sweeps) takes him
    out, from what the store still lists."""
    alice, bob, dave = await three_players(fake, table)
    thread = thread_of(fake, await talk(table, alice, mentions(bob, dave)))
    two = thread_of(fake, await talk(table, bob, dave.mention))
    seat = (await stored())[0].seat_of(bob.id)
    if fault == "crash":
        await raw_sql("UPDATE seats SET autopilot=1 WHERE match_id=1 AND seat=?", seat)
    else:
        fake.refuse("DELETE", MEMBER_ROUTE, times=2)
        left = await (await table.command(bob, "game leave")).wait_answer()
        assert "autopilot" in left.content.lower(), left.content
        assert f"bb:s:computer:1:{seat}" in table.board().custom_ids()  # the vote on the seat is shown
    match, _ = await stored()
    assert match.seats[seat].autopilot and bob.id in thread.member_ids and bob.id in two.member_ids
    assert [t.members for t in match.talks] == [pair(alice, bob, dave), pair(bob, dave)]
    await table.bot.announcer.reconcile()
    assert people(fake, thread) == {alice.id, dave.id} and left_line(fake, thread, bob)
    assert two.archived and two.locked and people(fake, two) == {dave.id}
    assert [t.members for t in (await stored())[0].talks] == [pair(alice, dave)]
    assert f"🤝 Absprachen: {alice.mention} + {dave.mention}" in table.board().content
    requests = len(fake.requests)
    await table.bot.announcer.reconcile()  # nothing left to do
    assert not [r for r in fake.requests[requests:] if r.route == MEMBER_ROUTE]


async def test_away_days_zero_comes_back_as_back_did(fake, table, clock, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    away = await (await table.command(w.alice, "game away", days=3)).wait_ephemeral()
    assert "Abwesend bis" in away.content and "abwesend bis" in table.board().content
    clock.advance(DAY + 3600)  # the second day has begun: one day is given back
    back = await (await table.command(w.alice, "game away", days=0)).wait_ephemeral()
    assert back.ephemeral and "Willkommen zurück" in back.content and "1 ungenutzte" in back.content, back.content
    assert "abwesend bis" not in table.board().content
    match, _ = await stored()
    assert match.seats[0].away_until is None
    again = await (await table.command(w.alice, "game away", days=0)).wait_ephemeral()
    assert again.content == "Du bist nicht abwesend."
    refused = await (await table.command(w.alice, "game away", days=2)).wait_ephemeral()
    assert "Abwesend bis" in refused.content  # the days not used are free again


async def test_the_game_commands_hold_talk_instead_of_back(fake, bot):
    game = next(c for c in fake.commands.list(None) if c["name"] == "game")
    names = {o["name"]: o for o in game["options"]}
    assert "back" not in names and "talk" in names and len(names) <= 25
    talk_option = names["talk"]["options"][0]
    assert talk_option["name"] == "with" and talk_option["name_localizations"]["de"] == "mit"
    assert talk_option["type"] == 3 and talk_option["required"]
    assert names["talk"]["name_localizations"]["de"] == "absprache"
    days = names["away"]["options"][0]
    assert days["min_value"] == 0 and days["max_value"] == 14


async def help_text(fake, user) -> str:
    handle = await fake.slash(user, "game help")
    first = await handle.wait_ephemeral()
    if "himmel-und-hoelle" not in first.content:  # the rest follows in a message of its own
        await fake.wait_until(lambda: len([m for m in handle.ephemeral_messages if not m.loading]) >= 2,
                              what="the rest of the help")
    return "\n".join(m.content for m in handle.ephemeral_messages)


async def test_the_help_explains_talk_threads_in_both_languages(fake, bot):
    german = await help_text(fake, fake.world.alice)
    assert "`/spiel absprache mit: @a @b`" in german and "`/spiel abwesend tage:0` beendet es" in german
    assert "wieder-da" not in german
    english = await help_text(fake, fake.world.bob)
    assert "`/game talk with: @a @b`" in english and "`/game away days:0` ends it" in english
    assert "/game back" not in english


async def test_talks_are_copied_between_databases(tmp_path, postgres):
    source = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = await open_store(source)
    try:
        async with store.transaction() as tx:
            match_id = await tx.insert_match(guild_id=1, channel_id=5, game="halleluja", options={}, seed=3, host_id=7)
            await tx.add_talk(match_id, 2**62 + 1, (7, 8), 7)
            await tx.add_talk(match_id, 2**62 + 2, (7, 9), 7)
            await tx.end_talk(2**62 + 2)
    finally:
        await store.close()
    async with copied_to_postgres(source, postgres) as copy:
        assert (await copy.get_match(match_id)).talks == [Talk(2**62 + 1, (7, 8))]  # the open one


# -- without Discord -----------------------------------------------------------------


def test_mentions_are_read_and_anything_else_refused():
    assert talks.named_users("<@12> <@!34>, <@12>") == [12, 34, 12]
    for text in ("", "bob", "<@12> bob", "<@&5>", "<#7>"):
        with pytest.raises(ServiceError) as refused:
            talks.named_users(text)
        assert refused.value.key == "talk_names"


def test_a_thread_name_keeps_a_part_of_every_name_within_100_characters():
    assert talks.thread_name("Halleluja", 12, ["Alice", "Bob"]) == "Halleluja #12 – Alice + Bob"
    long = talks.thread_name("HellGame", 123456, ["x" * 32] * 6)
    assert len(long) <= 100 and long.count("x") >= 6 * 5 and long.count(" + ") == 5
