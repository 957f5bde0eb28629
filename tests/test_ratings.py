"""Ratings and stats (:mod:`bot.play.ratings`): who is rated at which
place, the store on both databases, and ``/game ratings``, ``/game stats``
and the ``rated`` option of ``/game new`` through the real client."""

from __future__ import annotations

import pytest
from test_bot_generic_games import open_toy, third_player  # noqa: F401 - autouse fixture: a third user
from test_contract_properties import toy_registered  # noqa: F401 - module-wide fixture: the toy game is registered

import engines
from bot.play.errors import ServiceError
from bot.play.moves import action_token
from bot.play.ratings import MODEL, places, player_stats, rate
from bot.store import Match, Rating, Seat, Stint

GUILD = 7


def stint(seat: int, user: int, ending: str) -> Stint:
    return Stint(1, GUILD, "toy", seat, user, "2026-01-01T00:00:00+00:00", None, ending)


def finished(outcome: dict, seats: int = 3) -> Match:
    return Match(1, GUILD, 2, "toy", {}, 0, "finished", 10, None, 0, 0, None, None, outcome, None, "", "",
                 rated=True, seats=[Seat(s, 10 + s) for s in range(seats)])


# -- places ---------------------------------------------------------------------


def test_winners_share_the_first_place_and_the_rest_follow_by_score():
    match = finished({"scores": [0, 2, 1, 2], "winners": [1, 3]}, seats=4)
    stints = [stint(s, 10 + s, "finished") for s in range(4)]
    assert places(match, stints) == {11: 1, 13: 1, 12: 2, 10: 3}


def test_who_left_is_last_a_substitute_plays_for_the_seat_and_one_who_handed_back_is_not_rated():
    match = finished({"scores": [3, 0, 1], "winners": [0]})
    stints = [
        stint(0, 10, "vanished"), stint(0, 20, "finished"),  # a substitute finished seat 0 and won it
        stint(1, 11, "resigned"),  # left: below every seat still played
        stint(2, 12, "vanished"), stint(2, 21, "handed_back"), stint(2, 12, "finished"),  # 12 took the seat back
    ]
    assert places(match, stints) == {20: 1, 12: 2, 10: 3, 11: 3}


def test_a_seat_on_autopilot_or_conceded_is_behind_even_with_more_points():
    match = finished({"scores": [0, 5, 1], "winners": [0], "left": [1]})
    assert places(match, [stint(s, 10 + s, "finished") for s in range(3)]) == {10: 1, 12: 2, 11: 3}


# -- the store, on both databases -----------------------------------------------


async def everyone_moves(service, match_id: int) -> None:
    """Each person makes a move of their own (the game's default choice, but
    chosen by them): only then can the match be rated."""
    moved: set[int] = set()
    for _ in range(50):
        match = await service.get(match_id)
        if len(moved) == len(match.seats) or match.status != "running":
            return
        engine = engines.get(match.game)
        state = engine.load_state(match.state)
        due = engine.to_act(state)
        seat = next((s for s in due if s not in moved), due[0])
        action = engine.default_action(state, seat)
        index = engine.legal_actions(state, seat).index(action)
        await service.act(match.id, match.user(seat), match.seats[seat].decision_counter, index,
                          action_token(engine, action))
        moved.add(seat)
    raise AssertionError("not everyone got to move")


async def _finished_match(service, users: list[int], winner_seat: int, moves: bool = True) -> Match:
    """A rated two-or-more-player lobby started and ended by the service;
    with ``moves``, after a move of each player (else unrated: nobody moved)."""
    match = await service.new_match(guild_id=GUILD, channel_id=100 + users[0], game="himmel-und-hoelle",
                                     host_id=users[0])
    await service.join(match.channel_id, users[1])
    if moves:
        await everyone_moves(service, match.id)
    return await service.resign(match.channel_id, users[1 - winner_seat])


async def test_a_finished_match_is_rated_once_in_its_own_transaction(service, store):
    match = await _finished_match(service, [1, 2], winner_seat=0)
    assert match.rated and match.status == "finished"
    ratings = await store.ratings(GUILD, "himmel-und-hoelle", [1, 2])
    assert ratings[1].mu > MODEL.mu > ratings[2].mu and ratings[1].matches == ratings[2].matches == 1
    # a second attempt (a retried finish, say) changes nothing
    async with store.transaction() as tx:
        await rate(tx, match.id)
        assert await tx.was_rated(match.id)
    assert await store.ratings(GUILD, "himmel-und-hoelle", [1, 2]) == ratings
    # the next match starts from the stored ratings
    await _finished_match(service, [1, 2], winner_seat=0)
    again = await store.ratings(GUILD, "himmel-und-hoelle", [1, 2])
    assert again[1].mu > ratings[1].mu and again[1].matches == 2
    board = await store.leaderboard(GUILD, "himmel-und-hoelle")
    assert [r.user_id for r in board] == [1, 2] and board[0].ordinal > board[1].ordinal
    assert await store.leaderboard(GUILD + 1, "himmel-und-hoelle") == []
    assert await store.leaderboard(GUILD, "halleluja") == []


async def test_a_crash_in_the_finishing_transaction_loses_the_rating_with_the_finish(service, store):
    match = await service.new_match(guild_id=GUILD, channel_id=300, game="himmel-und-hoelle", host_id=1)
    await service.join(match.channel_id, 2)

    class Crash(Exception):
        pass

    with pytest.raises(Crash):
        async with store.transaction() as tx:
            await service._concede(tx, await tx.match(match.id), 1, "resigned")
            assert await tx.was_rated(match.id)
            raise Crash()
    assert (await store.get_match(match.id)).status == "running"
    assert await store.ratings(GUILD, "himmel-und-hoelle", [1, 2]) == {}


async def test_unrated_cancelled_and_computer_matches_change_no_rating(service, store):
    off = await service.new_match(guild_id=GUILD, channel_id=400, game="himmel-und-hoelle", host_id=1, rated=False)
    await service.join(off.channel_id, 2)
    await service.resign(off.channel_id, 2)
    cancelled = await service.new_match(guild_id=GUILD, channel_id=401, game="himmel-und-hoelle", host_id=1)
    await service.join(cancelled.channel_id, 2)
    for user in (1, 2):
        await service.cancel(cancelled.channel_id, user)
    # a computer added in the lobby after /game new makes the match unrated at the start
    lobby = await service.new_match(guild_id=GUILD, channel_id=402, game="himmel-und-hoelle", host_id=1)
    assert lobby.rated
    started, _ = await service.add_computer(lobby.id, 1)
    assert started.status == "running" and not started.rated
    await service.resign(started.channel_id, 1)
    assert await store.ratings(GUILD, "himmel-und-hoelle", [1, 2]) == {}
    # asking for a rated match that cannot be one is refused, not ignored
    with pytest.raises(ServiceError) as refused:
        await service.new_match(guild_id=GUILD, channel_id=403, game="himmel-und-hoelle", host_id=1, computers=1,
                                rated=True)
    assert refused.value.key == "rated_computers"
    with pytest.raises(ServiceError) as refused:
        await service.new_match(guild_id=GUILD, channel_id=403, game="hoch-und-hoeher", host_id=1, rated=True)
    assert refused.value.key == "rated_solo"
    solo = await service.new_match(guild_id=GUILD, channel_id=404, game="hoch-und-hoeher", host_id=1)
    assert solo.status == "running" and not solo.rated


async def test_leavers_of_a_match_of_three_share_the_last_place(service, store):
    match = await service.new_match(guild_id=GUILD, channel_id=600, game="toy", host_id=1, players=3)
    for user in (2, 3):
        match, _ = await service.join(match.channel_id, user)
    await everyone_moves(service, match.id)
    await service.leave(match.channel_id, 2)
    await service.resign(match.channel_id, 3)  # one person is left: they win
    assert (await store.get_match(match.id)).status == "finished"
    ratings = await store.ratings(GUILD, "toy", [1, 2, 3])
    assert ratings[1].mu > MODEL.mu > ratings[2].mu == ratings[3].mu
    assert (await player_stats(store, GUILD, 2)).unfinished == 1  # left
    assert (await player_stats(store, GUILD, 3)).unfinished == 0  # resigned: not left unfinished


async def test_stats_count_matches_wins_leavers_and_the_time_to_move(service, store, raw_sql):
    won = await _finished_match(service, [1, 2], winner_seat=0, moves=False)
    running = await service.new_match(guild_id=GUILD, channel_id=500, game="himmel-und-hoelle", host_id=1)
    await service.join(running.channel_id, 2)
    # the time to move comes from the log: a turn starts at the match's previous action
    await raw_sql("INSERT INTO actions (match_id, counter, seat, action, events, created_at) VALUES"
                  " (?, 1, 0, '{}', '[]', '2030-01-01T10:00:00+00:00'),"
                  " (?, 2, 1, '{}', '[]', '2030-01-01T13:00:00+00:00'),"
                  " (?, 3, 0, '{}', '[]', '2030-01-01T14:00:00+00:00')", running.id, running.id, running.id)
    await raw_sql("UPDATE stints SET started_at='2030-01-01T09:00:00+00:00' WHERE match_id=?", running.id)
    one = await player_stats(store, GUILD, 1)
    assert (one.matches, one.finished, one.wins, one.unfinished) == (2, 1, 1, 0)
    assert one.average_move == pytest.approx((3600 + 3600) / 2)  # 9:00 to 10:00, 13:00 to 14:00
    two = await player_stats(store, GUILD, 2)
    assert (two.matches, two.finished, two.wins) == (2, 0, 0) and two.average_move == pytest.approx(3 * 3600)
    assert await player_stats(store, GUILD + 1, 1) == type(one)(0, 0, 0, 0, None)
    # a forfeit counts as a match left unfinished
    forfeited = await service.new_match(guild_id=GUILD, channel_id=501, game="himmel-und-hoelle", host_id=3)
    await service.join(forfeited.channel_id, 1)
    await service.forfeit(forfeited.id, 1)
    assert (await player_stats(store, GUILD, 1)).unfinished == 1
    assert won.outcome["winners"] == [0]


# -- through the client ------------------------------------------------------------


async def play_toy_to_the_end(fake, table, stored, users) -> Match:
    """Every round the first seat alive is attacked by all the others and
    attacks the second: the toy match ends within a few rounds."""
    toy = engines.get("toy")
    by_id = {u.id: u for u in users}
    for _ in range(40):
        match, _ = await stored()
        if match.status != "running":
            return match
        state = toy.load_state(match.state)
        alive = toy.alive(state)
        if state.phase == "draft":
            await table.turn(by_id[match.user(state.leader)], *[f"Seat {p + 1}" for p in alive], "Lucky 1", "Submit")
            continue
        assert state.phase == "orders"
        for seat in toy.to_act(state):
            user = by_id[match.user(seat)]
            label = f"Attack Seat {(alive[1] if seat == alive[0] else alive[0]) + 1}"
            dm = next(m for m in reversed(table.dms(user)) if label in [b.get("label") for b in m.buttons()])
            await table.choose(user, dm, label)
    raise AssertionError("the toy match did not end")


async def test_a_rated_three_player_match_updates_all_three_ratings(fake, table, stored, bot):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_toy(fake, table, stored, users, dodges=0)
    match = await play_toy_to_the_end(fake, table, stored, users)
    assert match.status == "finished" and match.rated
    ranked = places(match, await _stints(bot, match.id))
    ratings = await bot.store.ratings(w.guild.id, "toy", [u.id for u in users])
    assert set(ratings) == {u.id for u in users} and all(r.matches == 1 for r in ratings.values())
    (winner,) = [u for u, place in ranked.items() if place == 1]
    assert ratings[winner].mu > MODEL.mu and all(r.mu < MODEL.mu for u, r in ratings.items() if u != winner)
    # the leaderboard: privately, best first, with ratings and matches
    board = await (await table.command(users[1], "game ratings", game="toy")).wait_ephemeral()
    lines = board.content.split("\n")
    assert lines[0].startswith("**Toy**") and lines[1].startswith(f"1. <@{winner}> ")
    assert f"{ratings[winner].ordinal:.1f} (1 rated matches)" in lines[1] and len(lines) == 5
    assert lines[4].startswith("A match changes ratings only if everyone rated in it made at least one move")
    # the winner's record
    stats = await (await table.command(users[1], "game stats", user=fake.world.user(winner))).wait_ephemeral()
    assert stats.content.startswith(f"<@{winner}> on this server: 1 matches, 1 played to the end, 1 won, 0 left")
    # without a user: one's own
    loser = next(u for u in users if u.id != winner)
    own = await (await table.command(loser, "game stats")).wait_ephemeral()
    assert own.content.startswith(f"<@{loser.id}> on this server: 1 matches, 1 played to the end, 0 won, 0 left")
    assert "average time to move: 0 min." in own.content  # the log's timestamps are wall-clock seconds apart


async def _stints(bot, match_id):
    async with bot.store.transaction() as tx:
        return await tx.match_stints(match_id)


async def test_a_match_with_a_computer_is_never_rated(fake, table, stored, bot):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.bob, "game settings", language="en")
    refusal = await (await table.command(w.bob, "game new", game="toy", here=True, players=3, computer=1,
                                         rated=True)).wait_ephemeral()
    assert refusal.content == "A match with computer players is never rated: leave out `rated` or the computer players."
    assert (await stored())[0] is None  # nothing was opened
    await table.command(w.bob, "game new", game="toy", here=True, players=3, computer=1)
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    assert lobby.content.endswith("\nNicht gewertet.")  # the lobby is public: in the server's language
    await table.run(await fake.click(w.alice, lobby, next(c for c in lobby.custom_ids() if ":join:" in c)))
    match, _ = await stored()
    assert match.status == "running" and not match.rated
    await table.command(w.alice, "game leave")
    await table.command(w.bob, "game resign")
    match, _ = await stored()
    assert match.status == "finished"
    assert await bot.store.ratings(w.guild.id, "toy", [w.alice.id, w.bob.id]) == {}
    board = await (await table.command(w.bob, "game ratings", game="toy")).wait_ephemeral()
    assert "\nNo rated match of this game has finished on this server yet.\n" in board.content


async def test_ratings_and_stats_of_a_server_without_any_and_of_strangers(fake, table, bot):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.bob, "game settings", language="en")
    # a game with a daily challenge shows its results beside the (empty) ratings
    board = await (await table.command(w.bob, "game ratings", game="hoch-und-hoeher")).wait_ephemeral()
    assert "No rated match of this game has finished on this server yet." in board.content
    assert "daily challenge" in board.content.lower() and "no results yet" in board.content
    # someone who never played, someone not in the server, a bot
    stranger = w.add_user("stranger", member=False)
    answer = await (await table.command(w.bob, "game stats", user=w.bob)).wait_ephemeral()
    assert answer.content == f"<@{w.bob.id}> has not played a match on this server yet."
    # someone else's record counts only matches in channels the asker can see
    answer = await (await table.command(w.bob, "game stats", user=stranger)).wait_ephemeral()
    assert answer.content == f"<@{stranger.id}> has no match on this server in a channel you can see."
    refusal = await (await table.command(w.bob, "game stats", user=w.bot_user)).wait_ephemeral()
    assert refusal.content == "Bots have no stats."
    # in a DM there is no server to look at
    dm = w.dm_channel(w.bob)
    for command, options in (("game ratings", {"game": "toy"}), ("game stats", None)):
        answer = await (await table.run(await fake.slash(w.bob, command, options, channel=dm))).wait_ephemeral()
        assert answer.content == "Ratings and stats are kept per server: ask in a server."
    # a new lobby says it is rated
    lobby = await (await table.command(w.bob, "game new", game="toy", here=True, players=3)).wait_response()
    # the lobby is public: in the server's language
    assert lobby.content.endswith("\nGewertet: Das Ergebnis ändert die Wertungen der Spieler (`/spiel wertungen`).")
    # the German names
    game = next(c for c in fake.commands.list(None) if c["name"] == "game")
    names = {o["name"]: o.get("name_localizations", {}).get("de") for o in game["options"]}
    assert names["ratings"] == "wertungen" and names["stats"] == "statistik"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert next(o for o in new["options"] if o["name"] == "rated")["name_localizations"]["de"] == "gewertet"
