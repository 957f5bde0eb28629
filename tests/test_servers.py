"""Servers: ``/brettbote settings`` (stored per server on both databases),
``/game new`` under them, the announcement channel, and moderators
cancelling a match, removing a player and pausing every match of the server;
each through the real client and the fake Discord, with refusals for those
who may not."""

from __future__ import annotations

import pytest
from test_bot_generic_games import open_toy
from test_contract_properties import toy_registered  # noqa: F401 - module-wide fixture: the toy game is registered

from bot.play.errors import ServiceError
from bot.play.servers import Servers
from bot.play.slow import SlowPlay
from bot.store import GuildSettings

GUILD, OTHER_GUILD = 10, 20


@pytest.fixture(autouse=True)
def members(fake):
    """Before the bot connects (so its cache knows the roles): a moderator
    role (dave), and a helpers role (erin) that the server's admins allowed
    ``/brettbote`` to without making it the moderator role."""
    w = fake.world
    w.mods = w.add_role("mods")
    w.helpers = w.add_role("helpers")
    w.add_user("dave", roles=(w.mods,))
    w.add_user("erin", roles=(w.helpers,))
    w.command_permissions["brettbote"] = {w.mods.id, w.helpers.id}


# -- the store and the rules, on both databases ---------------------------------------


async def test_settings_are_stored_per_server(store, service):
    assert await store.guild_settings(GUILD) == GuildSettings(GUILD)
    await store.update_guild_settings(GUILD, games=["toy", "himmel-und-hoelle"], reminder_hours=5, deadline_hours=48,
                                      deadline_policy="pause", threads=False, moderator_role_id=2**62,
                                      announce_channel_id=2**61)
    assert await store.guild_settings(GUILD) == GuildSettings(GUILD, ["toy", "himmel-und-hoelle"], 5, 48, "pause",
                                                              False, 2**62, 2**61)
    assert await store.guild_settings(OTHER_GUILD) == GuildSettings(OTHER_GUILD)
    await store.update_guild_settings(GUILD, games=None, moderator_role_id=None)
    found = await store.guild_settings(GUILD)
    assert found.games is None and found.moderator_role_id is None and found.reminder_hours == 5
    with pytest.raises(ValueError):
        await store.update_guild_settings(GUILD, **{"guild_id=0, games": "x"})
    for guild, channel in ((GUILD, 1), (GUILD, 2), (OTHER_GUILD, 3)):
        await service.new_match(guild_id=guild, channel_id=channel, game="toy", host_id=7)
    assert [m.channel_id for m in await store.guild_matches(GUILD, "lobby")] == [1, 2]
    assert await store.guild_matches(GUILD, "running") == []


@pytest.mark.parametrize("values, key", [
    ({"games": "toy, chess"}, "games_unknown"),
    ({"games": " , "}, "games_empty"),
    ({"games": "toy", "reminder_hours": 0}, "bad_range"),  # a forged value past the command's range
    ({"deadline_hours": 11}, "bad_range"),
    ({"deadline_policy": "explode"}, "bad_policy"),
    ({"clear": "everything"}, "bad_clear"),
    ({"moderator_role_id": 5, "clear": "moderator"}, "clear_and_set"),
])
async def test_bad_settings_are_refused_and_change_nothing(store, service, values, key):
    servers = Servers(store, service, SlowPlay(store, service))
    await servers.change(GUILD, reminder_hours=6)
    with pytest.raises(ServiceError) as refused:
        await servers.change(GUILD, **values)
    assert refused.value.key == key
    assert await store.guild_settings(GUILD) == GuildSettings(GUILD, reminder_hours=6)


async def test_games_are_named_by_id_or_title_and_all_allows_every_game(store, service):
    servers = Servers(store, service, SlowPlay(store, service))
    assert (await servers.change(GUILD, games="Spielzeug, himmel-und-hoelle, TOY")).games == ["toy", "himmel-und-hoelle"]
    assert (await servers.change(GUILD, games="all", deadline_hours=0)).games is None


async def test_a_removed_player_leaves_a_lobby_and_forfeits_a_match_of_two(store, service):
    servers = Servers(store, service, SlowPlay(store, service))
    await service.new_match(guild_id=GUILD, channel_id=1, game="toy", host_id=7)
    await service.join(1, 8)
    assert (await servers.remove(1, 8, guild_id=GUILD)).user_ids == [7]  # the lobby's seat is free again
    await service.new_match(guild_id=GUILD, channel_id=2, game="himmel-und-hoelle", host_id=7)
    _, started = await service.join(2, 8)
    assert started
    match = await servers.remove(2, 8, guild_id=GUILD)
    assert match.status == "finished" and match.outcome["winners"] == [match.seat_of(7)]
    with pytest.raises(ServiceError) as refused:
        await servers.remove(2, 8, guild_id=GUILD)  # the match is over: nothing here to remove from
    assert refused.value.key == "no_match"


# -- through Discord --------------------------------------------------------------------


async def test_a_manager_sees_and_changes_the_settings_others_are_refused(fake, table, stored):
    w = fake.world
    table.channel = w.channel("spiele")
    shown = await (await table.command(w.alice, "brettbote settings")).wait_ephemeral()
    assert "Spiele: alle" in shown.content and "Erinnerung nach: 24 h" in shown.content  # Alice reads German
    changed = await (await table.command(
        w.alice, "brettbote settings", games="toy", reminder=5, deadline=48, policy="forfeit", threads=False,
        moderator=w.mods, announcements=w.channel("allgemein"),
    )).wait_ephemeral()
    assert "gespeichert" in changed.content and f"<@&{w.mods.id}>" in changed.content
    assert f"<#{w.channel('allgemein').id}>" in changed.content and "Frist: 48" in changed.content
    found = await table.bot.store.guild_settings(w.guild.id)
    assert found == GuildSettings(w.guild.id, ["toy"], 5, 48, "forfeit", False, w.mods.id, w.channel("allgemein").id)
    # Discord hides the command from members without Manage Server ...
    with pytest.raises(LookupError):
        await fake.slash(w.bob, "brettbote settings", channel=table.channel)
    # ... and where the admins allowed it to a role, the bot still refuses
    for user in (w.user("erin"), w.user("dave")):  # a helper, and even a moderator
        refused = await (await table.command(user, "brettbote settings", reminder=1)).wait_ephemeral()
        assert "Manage Server" in refused.content
    assert (await table.bot.store.guild_settings(w.guild.id)).reminder_hours == 5
    cleared = await (await table.command(w.alice, "brettbote settings", clear="moderator")).wait_ephemeral()
    assert "Moderatorenrolle: keine" in cleared.content


async def test_new_matches_follow_the_server_settings_and_are_announced(fake, table, stored):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "brettbote settings", games="toy", reminder=5, deadline=48, policy="forfeit",
                        threads=False, announcements=w.channel("allgemein"))
    refused = await (await table.command(w.bob, "game new", game="himmel-und-hoelle")).wait_ephemeral()
    assert "not allowed" in refused.content and "Toy" in refused.content
    assert await table.bot.store.get_match(1) is None
    await table.command(w.bob, "game new", game="toy", players=3)
    match, _ = await stored()
    assert (match.reminder_hours, match.deadline_hours, match.deadline_policy) == (5, 48, "forfeit")
    assert match.channel_id == table.channel.id and w.threads == []  # no thread: the server said so
    announced = fake.messages(w.channel("allgemein"))
    assert len(announced) == 1 and w.bob.mention in announced[0].content
    assert f"/{w.guild.id}/{table.channel.id}" in announced[0].content
    # the host's own values win over the server's
    await table.command(w.bob, "game cancel")
    await table.command(w.alice, "brettbote settings", games="all")
    await table.command(w.bob, "game new", game="himmel-und-hoelle", reminder=3, policy="skip", here=False)
    match, _ = await stored(2)
    assert (match.reminder_hours, match.deadline_policy) == (3, "skip") and match.channel_id == w.threads[-1].id
    # a finished match is announced once, with a link to its result
    await table.run(await fake.click(w.alice, fake.messages(w.threads[-1])[-1],
                                     next(c for c in fake.messages(w.threads[-1])[-1].custom_ids() if ":join:" in c)))
    table.channel = w.threads[-1]
    await table.command(w.alice, "game resign")
    await table.command(w.bob, "game board")  # a re-post is not a second result
    match, _ = await stored(2)
    assert match.status == "finished"
    result_post = next(m for m in fake.messages(table.channel) if "aufgegeben" in m.content)
    announced = [m.content for m in fake.messages(w.channel("allgemein"))]
    assert len(announced) == 3 and announced[2].endswith(f"/{table.channel.id}/{result_post.id}")


async def test_a_moderators_cancel_works_and_a_non_moderators_is_refused(fake, table, stored):
    w = fake.world
    dave, erin = w.user("dave"), w.user("erin")
    await table.command(w.alice, "brettbote settings", moderator=w.mods)
    await table.open_match(w.alice, w.bob)
    board = table.board()
    refused = await (await table.command(erin, "brettbote cancel")).wait_ephemeral()
    assert "moderator" in refused.content.lower()
    with pytest.raises(LookupError):  # a plain member does not even see /brettbote
        await fake.slash(w.bob, "brettbote cancel", channel=table.channel)
    match, _ = await stored()
    assert match.status == "running"
    await table.command(dave, "brettbote cancel")
    match, _ = await stored()
    assert match.status == "cancelled"
    said = fake.messages(table.channel)[-1]
    assert dave.mention in said.content and not said.ephemeral
    assert fake.world.messages[board.id].custom_ids() == []  # the board's buttons are gone
    again = await (await table.command(dave, "brettbote cancel")).wait_ephemeral()  # nothing left to cancel
    assert again.content and (await stored())[0].status == "cancelled"


async def test_a_moderator_removes_a_player_and_the_table_votes_on_the_seat(fake, table, stored):
    w = fake.world
    dave, erin = w.user("dave"), w.user("erin")
    await table.command(w.alice, "brettbote settings", moderator=w.mods)
    for user in (dave, erin):
        await table.command(user, "game settings", language="en")
    await open_toy(fake, table, stored, [w.alice, w.bob, erin])
    not_playing = await (await table.command(dave, "brettbote remove", user=w.carol)).wait_ephemeral()
    assert "does not play" in not_playing.content
    not_allowed = await (await table.command(erin, "brettbote remove", user=w.bob)).wait_ephemeral()
    assert "moderator" in not_allowed.content.lower()
    assert not (await stored())[0].seats[1].autopilot
    await table.command(dave, "brettbote remove", user=w.bob)
    match, _ = await stored()
    seat = match.seat_of(w.bob.id)
    assert match.seats[seat].autopilot and match.seats[seat].handover == "vote"
    assert any(dave.mention in m.content and w.bob.mention in m.content for m in fake.messages(table.channel))
    assert f"bb:s:computer:1:{seat}" in table.board().custom_ids()  # the vote is on the board
    twice = await (await table.command(dave, "brettbote remove", user=w.bob)).wait_ephemeral()
    assert twice.content and (await stored())[0].seats[seat].handover == "vote"


async def test_pause_all_pauses_this_servers_matches_only(fake, table, stored):
    w = fake.world
    dave = w.user("dave")
    await table.command(w.alice, "brettbote settings", moderator=w.mods)
    await table.open_match(w.alice, w.bob)
    await table.open_match(w.alice, w.bob, channel_name="turniere")
    service = table.bot.service
    await service.new_match(guild_id=w.guild.id + 1, channel_id=4242, game="himmel-und-hoelle", host_id=w.alice.id)
    _, started = await service.join(4242, w.bob.id)
    assert started  # a running match of another server
    refused = await (await table.command(w.user("erin"), "brettbote pause-all")).wait_ephemeral()
    assert "moderator" in refused.content.lower()
    assert [(await stored(n))[0].paused for n in (1, 2, 3)] == [False, False, False]
    done = await (await table.command(dave, "brettbote pause-all")).wait_ephemeral()
    assert "2" in done.content
    assert [(await stored(n))[0].paused for n in (1, 2, 3)] == [True, True, False]
    for name in ("spiele", "turniere"):
        assert dave.mention in fake.messages(w.channel(name))[-1].content
    again = await (await table.command(dave, "brettbote pause-all")).wait_ephemeral()  # a double click
    assert "0" in again.content
    await table.command(dave, "brettbote resume-all")
    assert [(await stored(n))[0].paused for n in (1, 2, 3)] == [False, False, False]


async def test_a_time_bank_replaces_the_servers_default_deadline(fake, table, stored):
    """The server's default deadline applies only to matches without a bank:
    ``bank`` and a deadline of the host's own are refused together, but the
    server's default must not make every bank match impossible."""
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "brettbote settings", deadline=48)
    await table.command(w.bob, "game new", game="himmel-und-hoelle", here=True, bank=7, increment=12)
    match, _ = await stored()
    assert (match.bank_hours, match.increment_hours, match.deadline_hours) == (7 * 24, 12, None)
    await table.command(w.bob, "game cancel")
    await table.command(w.bob, "game new", game="himmel-und-hoelle", here=True)
    match, _ = await stored(2)
    assert (match.bank_hours, match.deadline_hours) == (None, 48)
