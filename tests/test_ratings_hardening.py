"""Ratings a second account cannot farm, and ``/game stats`` that shows no
match the asker cannot see (:mod:`bot.play.ratings`,
:mod:`bot.discord.ratings`), through the real client and the fake Discord,
on both databases."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from bot_harness import Table, started
from fake_discord.world import VIEW_CHANNEL

import engines
from bot.play.moves import action_token
from bot.play.ratings import MODEL

GAME = "himmel-und-hoelle"
#: Results between the same people in a game that count within 24 hours (the rule in help).
REPEATS_PER_DAY = 3
#: The button that ends one's turn, in each player's language.
END_TURN = {"de": "Zug beenden", "en-US": "End turn"}


async def rematch(table: Table, user):
    """Press Rematch on the last board; the handle of that click."""
    return await table.click_board(user, "rematch")


async def both_move(table: Table, stored, match_id: int, users) -> None:
    """Each of the two players ends a turn of their own, by the board's buttons."""
    by_id = {u.id: u for u in users}
    engine = engines.get(GAME)
    for _ in range(2):
        match, _ = await stored(match_id)
        user = by_id[match.user(engine.to_act(engine.load_state(match.state))[0])]
        await table.turn(user, END_TURN[user.locale])


async def farm(fake, table: Table, stored, main, alt, matches: int) -> None:
    """The farming loop of the issue: main opens a match, the second account
    alt resigns at move 0 and presses Rematch, again; ``matches`` in all. In
    the third, main makes a move first (still no move of alt's)."""
    await table.open_match(main, alt)
    for n in range(1, matches + 1):
        if n > 1:
            await rematch(table, alt)
            assert (await stored(n))[0].status == "running"
        if n == 3:
            await table.turn(main, END_TURN[main.locale])  # main sits first again in every odd match
        await table.run(await fake.slash(alt, "game resign", channel=table.channel))
        match, _ = await stored(n)
        assert match.status == "finished" and match.rated


async def test_resigning_at_once_and_rematching_farms_no_rating(fake, table, stored, bot, raw_sql):
    w = fake.world
    await farm(fake, table, stored, w.alice, w.bob, 5)
    assert await bot.store.ratings(w.guild.id, GAME, [w.alice.id, w.bob.id]) == {}
    board = await (await table.command(w.bob, "game ratings", game=GAME)).wait_ephemeral()
    assert "No rated match of this game has finished on this server yet." in board.content
    results = await raw_sql("SELECT rating_result FROM matches ORDER BY id")
    assert [r[0] for r in results] == ["undecided"] * 5


async def test_rematches_count_against_the_hourly_limit_of_new_matches(fake, table, stored, clock):
    """Five Rematch presses in an hour are five new matches: the sixth is
    refused privately, nothing is opened, and an hour later it goes through."""
    w = fake.world
    await farm(fake, table, stored, w.alice, w.bob, 6)
    final = table.board()
    refusal = await (await rematch(table, w.bob)).wait_ephemeral()
    assert refusal.content.startswith("You have opened enough matches in the last hour – the next one <t:")
    assert (await stored(7))[0] is None
    assert any(":rematch:" in c for c in table.board().custom_ids()) and table.board().id == final.id
    assert [m for m in fake.messages(table.channel) if "enough matches" in m.content and not m.ephemeral] == []
    # an hour later bob may open matches again
    clock.advance(3601)
    await rematch(table, w.bob)
    assert (await stored(7))[0].status == "running"


async def test_a_real_match_rates_and_repeats_between_the_same_people_count_three_times_a_day(
        fake, table, stored, bot, raw_sql):
    w = fake.world
    alice, bob = w.alice, w.bob
    users = (alice, bob)
    await table.open_match(alice, bob)
    seen = []

    async def play(n: int) -> None:
        """Match ``n``: both move, then bob resigns."""
        if n > 1:
            await rematch(table, alice if n % 2 else bob)
        await both_move(table, stored, n, users)
        await table.run(await fake.slash(bob, "game resign", channel=table.channel))
        match, _ = await stored(n)
        assert match.status == "finished" and match.rated
        seen.append(await bot.store.ratings(w.guild.id, GAME, [alice.id, bob.id]))

    for n in range(1, REPEATS_PER_DAY + 2):
        await play(n)
    # the first three count, one after another
    assert [r[alice.id].matches for r in seen] == [1, 2, 3, 3]
    assert MODEL.mu < seen[0][alice.id].mu < seen[1][alice.id].mu < seen[2][alice.id].mu
    assert seen[1][bob.id].mu < seen[0][bob.id].mu < MODEL.mu
    # the fourth within the day changes nothing
    assert seen[3] == seen[2]
    # a day later (the ratings go by the database's time) the same people count again
    day_ago = (datetime.now(timezone.utc) - timedelta(hours=25)).isoformat(timespec="seconds")
    await raw_sql("UPDATE matches SET rating_at=? WHERE rating_at IS NOT NULL", day_ago)
    await play(REPEATS_PER_DAY + 2)
    assert seen[4][alice.id].matches == 4
    assert seen[4][alice.id].mu > seen[3][alice.id].mu and seen[4][bob.id].mu < seen[3][bob.id].mu
    results = await raw_sql("SELECT rating_result FROM matches ORDER BY id")
    assert [r[0] for r in results] == ["counted"] * 3 + ["repeat", "counted"]
    board = await (await table.command(bob, "game ratings", game=GAME)).wait_ephemeral()
    assert f"only the first {REPEATS_PER_DAY} within 24 hours count" in board.content
    assert "(4 rated matches)" in board.content
    help_text = "\n".join(m.content for m in (await table.command(alice, "game help")).ephemeral_messages)
    assert "Eine Partie zählt nur, wenn alle darin einen eigenen Zug gemacht haben" in help_text


async def _finish_elsewhere(service, guild_id: int, channel_id: int, host: int, guest: int) -> None:
    """A match of another server between the same people: both move, the guest resigns."""
    match = await service.new_match(guild_id=guild_id, channel_id=channel_id, game=GAME, host_id=host)
    match, _ = await service.join(channel_id, guest)
    engine = engines.get(GAME)
    for _ in range(2):
        match = await service.get(match.id)
        state = engine.load_state(match.state)
        seat = engine.to_act(state)[0]
        action = engine.default_action(state, seat)
        await service.act(match.id, match.user(seat), match.seats[seat].decision_counter,
                          engine.legal_actions(state, seat).index(action), action_token(engine, action))
    await service.resign(channel_id, guest)


async def test_stats_of_someone_else_count_only_matches_in_channels_the_asker_can_see(fake, db, clock):
    w = fake.world
    alice, bob = w.alice, w.bob
    dave = w.add_user("dave")
    insider = w.add_role("insider")
    erin = w.add_user("erin", roles=(insider,))
    # a channel only alice, bob, the "insider" role and the bot see (alice owns the server)
    hidden = w.add_text_channel("geheim")
    w.set_overwrite(hidden, w.guild.everyone, deny=VIEW_CHANNEL)
    w.set_overwrite(hidden, bob, allow=VIEW_CHANNEL)
    w.set_overwrite(hidden, insider, allow=VIEW_CHANNEL)
    w.set_overwrite(hidden, w.guild.roles[1], allow=VIEW_CHANNEL)
    assert not w.permissions_in(hidden, dave) & VIEW_CHANNEL and w.permissions_in(hidden, erin) & VIEW_CHANNEL
    async with started(fake, db, clock) as bot:
        table = Table(fake, bot)
        for name in ("spiele", "geheim"):  # alice wins one match in each
            await table.open_match(alice, bob, channel_name=name)
            await table.run(await fake.slash(bob, "game resign", channel=table.channel))
        await table.open_match(erin, bob, channel_name="geheim")  # erin plays only there
        await table.run(await fake.slash(bob, "game resign", channel=table.channel))
        # and one in another server, in a channel with the id of one this server has
        await _finish_elsewhere(bot.service, w.guild.id + 1, w.channel("turniere").id, alice.id, bob.id)
        table.channel = w.channel("allgemein")

        async def stats(asker, user=alice) -> str:
            return (await (await table.command(asker, "game stats", user=user)).wait_ephemeral()).content

        mention = f"<@{alice.id}> on this server: "
        shown = await stats(dave)
        assert shown.startswith(mention + "1 matches, 1 played to the end, 1 won, 0 left unfinished")
        assert shown.endswith("\n(Only matches in channels you can see are counted.)")
        for asker in (bob, erin):  # by a member overwrite, and by a role's
            assert (await stats(asker)).startswith(mention + "2 matches, 2 played to the end, 2 won")
        own = await (await table.command(alice, "game stats")).wait_ephemeral()
        assert own.content.startswith(f"<@{alice.id}> auf diesem Server: 2 Partien")
        assert "\n" not in own.content  # one's own record: no note about hidden channels
        # someone whose only match dave cannot see: nothing, and no hint that there is one
        assert await stats(dave, erin) == f"<@{erin.id}> has no match on this server in a channel you can see."
        assert (await stats(bob, erin)).startswith(f"<@{erin.id}> on this server: 1 matches, 1 played to the end")
        assert (await stats(dave, bob)).startswith(f"<@{bob.id}> on this server: 1 matches, 0 played to the end, 0 won")
