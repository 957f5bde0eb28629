"""The bot is generic over the engine contract: a game registered at run time
(the toy game of the contract tests, never named in ``bot/``) gets its choice
in the slash commands and its options, and plays end to end through the real
client and the fake Discord: a multi-step order in one private picker,
simultaneous secret orders by DM, round summaries as messages of their own,
eliminated seats, and seats on autopilot after their player left. Refusals
are worded by the match's own game."""

from __future__ import annotations

import asyncio

import pytest
from bot_harness import stale_copy
from scale_harness import poll_until
from test_contract_properties import toy_registered  # noqa: F401 - module-wide fixture: the toy game is registered

import engines

@pytest.fixture(autouse=True)
def third_player(fake):
    fake.world.add_user("dave", locale="en-US")


async def open_toy(fake, table, stored, users, **options):
    """A running toy match of ``users`` in #spiele; returns the leader's user."""
    w = fake.world
    table.channel = w.channel("spiele")
    for user in users:  # private answers in English; the channel speaks the server's German
        await table.command(user, "game settings", language="en")
    await table.command(users[0], "game new", game="toy", here=True, players=len(users), **options)
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    for user in users[1:]:
        await table.run(await fake.click(user, lobby, join))
    match, _ = await stored()
    assert match.status == "running"
    leader = engines.get("toy").load_state(match.state).leader
    return next(u for u in users if u.id == match.user(leader))


def channel_text(key: str, **params) -> str:
    """A toy text as the (German) channel shows it."""
    return engines.get("toy").text(key, params, "de")


def labels(message) -> list[str]:
    return [b.get("label") for b in message.buttons()]


async def test_a_registered_game_brings_its_choice_and_options_to_the_commands(fake, bot):
    game = next(c for c in fake.commands.list(None) if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    assert {"name": "Toy", "value": "toy"}.items() <= next(
        c for c in options["game"]["choices"] if c["value"] == "toy"
    ).items()
    # the toy's options, with the range its model declares; its test-only cap is not offered
    assert options["dodges"]["min_value"] == 0 and options["dodges"]["max_value"] == 3
    assert options["guards"]["type"] == 5  # boolean
    assert "max_rounds" not in options
    # the real games' options come the same way, described per game in both languages
    assert {"hierarchy", "daily", "quick_setup"} <= set(options)
    assert options["hierarchy"]["description"] == "High and Higher: The hierarchy variant"
    assert options["quick_setup"]["description_localizations"]["de"].startswith("Halleluja: ")
    assert options["hierarchy"]["name_localizations"]["de"] == "hierarchie"
    scores = next(o for o in game["options"] if o["name"] == "scores")
    assert [o["name"] for o in scores["options"]] == ["game", "hierarchy"]


async def test_an_order_built_in_steps_stays_in_one_private_picker(fake, table, stored):
    """Draft steps update the leader's picker in place: no board post and no
    DM per step, Back undoes a step, and nothing is public before Submit."""
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    leader = await open_toy(fake, table, stored, users)
    boards = len([m for m in fake.messages(table.channel) if m.attachments])
    dms = {u.id: len(table.dms(u)) for u in users}
    picker = await table.open_picker(leader)
    assert labels(picker) == ["Seat 1", "Seat 2", "Seat 3"]
    await table.choose(leader, picker, "Seat 2")
    assert labels(picker) == ["Seat 1", "Seat 3", "Back"]
    await table.choose(leader, picker, "Back")
    assert labels(picker) == ["Seat 1", "Seat 2", "Seat 3"]
    for label in ("Seat 3", "Seat 1", "Seat 2", "Lucky 4"):
        await table.choose(leader, picker, label)
    assert labels(picker) == ["Submit", "Back"]
    assert len([m for m in fake.messages(table.channel) if m.attachments]) == boards  # one stage: no post per step
    assert {u.id: len(table.dms(u)) for u in users} == dms  # and no DM per step
    order_set = channel_text("ev_order_set", seats=[2, 0, 1], lucky=4)
    assert all(order_set not in m.content for m in fake.messages(table.channel))
    await table.choose(leader, picker, "Submit")
    assert len([m for m in fake.messages(table.channel) if m.attachments]) == boards + 1
    assert order_set in table.board().content
    # the orders are secret and simultaneous: everyone is asked by DM at once
    for user in users:
        assert labels(table.dms(user)[-1])[-1] == "Guard"


async def test_round_summaries_are_posted_as_messages_of_their_own(fake, table, stored):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    leader = await open_toy(fake, table, stored, users)
    picker = await table.open_picker(leader)
    for label in ("Seat 1", "Seat 2", "Seat 3", "Lucky 1", "Submit"):
        await table.choose(leader, picker, label)
    before = len(fake.messages(table.channel))
    for user in users:
        await table.choose(user, table.dms(user)[-1], "Guard")
    posted = fake.messages(table.channel)[before:]
    summary = channel_text("ev_round_summary", round=1, seats=[0, 1, 2])
    summaries = [m for m in posted if m.content == summary]
    assert len(summaries) == 1 and not summaries[0].attachments and not summaries[0].custom_ids()
    # the board that follows tells the round's events but not the summary again
    assert summary not in table.board().content
    assert channel_text("ev_reveal_guard", seat=0) in table.board().content
    assert posted.index(summaries[0]) < posted.index(table.board())


async def test_a_player_who_leaves_a_game_of_three_is_played_by_autopilot(fake, table, stored):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    leader = await open_toy(fake, table, stored, users)
    leaver = next(u for u in users if u is not leader)
    handle = await table.command(leaver, "game leave")
    notice = await handle.wait_answer()
    assert "(Autopilot)" in notice.content and not notice.ephemeral  # public: in the server's language
    match, _ = await stored()
    seat = match.seat_of(leaver.id)
    assert match.seats[seat].autopilot
    picker = await table.open_picker(leader)
    for label in ("Seat 1", "Seat 2", "Seat 3", "Lucky 1", "Submit"):
        await table.choose(leader, picker, label)
    # the board names the seat's autopilot wherever it lists the seat
    # the board says who is on autopilot; the seat's order was given at once
    assert f"Mit Autopilot: <@{leaver.id}> ({channel_text('seat', n=seat + 1)})" in table.board().content
    assert channel_text("ev_ordered", seat=seat) in table.board().content
    dms_before = len(table.dms(leaver))
    for user in users:
        if user is not leaver:
            await table.choose(user, table.dms(user)[-1], "Guard")
    match, log = await stored()
    # the autopilot gave the seat's default order (Guard) and got no DM for it
    assert any(entry.seat == seat and '"guard"' in entry.action for entry in log)
    assert len(table.dms(leaver)) == dms_before
    summary = channel_text("ev_round_summary", round=1, seats=[0, 1, 2])
    assert summary in [m.content for m in fake.messages(table.channel)]
    # a seat on autopilot has no vote: the two people left can cancel alone
    for user in users:
        if user is not leaver:
            await table.command(user, "game cancel")
    match, _ = await stored()
    assert match.status == "cancelled"


async def test_leaving_is_resigning_with_two_and_an_old_lobby_button_never_leaves(fake, table, stored):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    old = stale_copy(lobby)
    await table.run(await fake.click(w.bob, lobby, next(c for c in lobby.custom_ids() if ":join:" in c)))
    refusal = await (await table.command(w.bob, "game leave")).wait_ephemeral()
    assert "/game resign" in refusal.content
    leave = next(c for c in old.custom_ids() if ":leave:" in c)
    stale = await (await table.run(await fake.click(w.bob, old, leave))).wait_ephemeral()
    assert stale.content
    match, _ = await stored()
    assert match.status == "running" and not any(s.autopilot for s in match.seats)


async def test_resigning_with_three_leaves_the_table_and_the_last_person_wins(fake, table, stored):
    """Resigning (like leaving) puts the seat on autopilot and the match goes
    on; once one person is left, they win."""
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_toy(fake, table, stored, users)
    await table.command(users[0], "game resign")
    match, _ = await stored()
    assert match.status == "running" and match.seats[0].autopilot
    assert f"Mit Autopilot: <@{users[0].id}>" in table.board().content
    await table.command(users[1], "game leave")
    match, _ = await stored()
    assert match.status == "finished"
    assert match.outcome["winners"] == [2] and match.outcome["reason"] == "last_player"
    assert f"<@{users[2].id}>" in table.board().content.split("\n", 2)[-1]


async def test_a_missed_deadline_under_forfeit_with_three_puts_the_seat_on_autopilot(fake, table, stored, clock):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    leader = await open_toy(fake, table, stored, users, deadline=12, policy="forfeit")
    await table.fire_timers(clock, 13 * 3600)
    match, log = await stored()
    seat = match.seat_of(leader.id)
    assert match.status == "running" and match.seats[seat].autopilot
    # the autopilot built the leader's order at once (picks, lucky number,
    # submit) and gave the seat's secret order; then the people are asked
    assert [entry.seat for entry in log] == [seat] * len(log)
    assert '"submit"' in log[-2].action and log[-1].action == '{"kind":"guard"}'
    state = engines.get("toy").load_state(match.state)
    assert sorted(engines.get("toy").to_act(state)) == sorted({0, 1, 2} - {seat})


def test_a_seat_on_autopilot_never_wins():
    from bot.play.moves import table_result
    from bot.store import Match, Seat
    from engines import Result

    match = Match(id=1, guild_id=1, channel_id=1, game="toy", options={}, seed=1, status="running", host_id=1,
                  state=None, counter=0, board_counter=0, board_channel_id=None, board_message_id=None, outcome=None,
                  series_id=1, created_at="", updated_at="",
                  seats=[Seat(0, 10, autopilot=True), Seat(1, 11), Seat(2, 12)])
    assert table_result(match, Result(scores=[3, 2, 1], winners=[0]))["winners"] == [1]
    assert table_result(match, Result(scores=[3, 2, 2], winners=[0]))["winners"] == [1, 2]
    assert table_result(match, Result(scores=[1, 3, 2], winners=[1]))["winners"] == [1]
    assert table_result(match, Result(scores=[1, 3, 2], winners=[1]))["left"] == [0]


async def test_a_refusal_is_worded_by_the_matchs_own_game(fake, table, stored):
    """Hektor und Achill's "waiting" text, not Himmel und Hölle's ("Waiting
    for Hell.") that shares its key; Halleluja's formatted, not "{side}"."""
    w = fake.world
    await table.open_match(w.alice, w.bob, game="hektor-und-achill")
    match, _ = await stored()
    engine = engines.get("hektor-und-achill")
    state = engine.load_state(match.state)
    waiting = next(u for u in (w.alice, w.bob) if match.seat_of(u.id) not in engine.to_act(state))
    answer = await (await table.click_board(waiting, "act")).wait_ephemeral()
    expected = engine.text("pr_wait", engine.prompt(state, match.seat_of(waiting.id)).params, "en")
    assert expected in answer.content or engine.text(
        "pr_wait", engine.prompt(state, match.seat_of(waiting.id)).params, "de") in answer.content
    assert "Hell" not in answer.content and "Hölle" not in answer.content and "{" not in answer.content


async def test_halleluja_says_whom_it_waits_for_in_its_own_words(fake, table, stored):
    """Halleluja names the seat by colour; no other game's template, no "{side}"."""
    w = fake.world
    await table.open_match(w.alice, w.bob, game="halleluja", players=2)
    match, _ = await stored()
    engine = engines.get("halleluja")
    state = engine.load_state(match.state)
    waiting = next(u for u in (w.alice, w.bob) if match.seat_of(u.id) not in engine.to_act(state))
    answer = await (await table.click_board(waiting, "act")).wait_ephemeral()
    texts = {engine.text("pr_wait", engine.prompt(state, match.seat_of(waiting.id)).params, lang) for lang in ("de", "en")}
    assert any(text in answer.content for text in texts) and "{" not in answer.content


def test_a_long_summary_is_split_at_discords_limit():
    from bot.discord.present import summary_posts
    from engines import Event

    engine = engines.get("toy")
    long_event = Event(key="ev_round_summary", params={"round": 1, "seats": list(range(3))}, summary=True)
    line = engine.text(long_event.key, long_event.params, "en")
    posts = summary_posts(engine, [long_event] * 200 + [Event(key="ev_roll", params={"roll": 3})], "en", limit=500)
    assert all(len(p) <= 500 for p in posts) and len(posts) > 1
    assert "\n".join(posts).split("\n") == [line] * 200  # every summary line once, nothing else
    assert summary_posts(engine, [Event(key="ev_roll", params={"roll": 3})], "en") == []


async def _toy_with_leader_gone(service, players: int = 3):
    """A running toy match on channel 100 whose leader has just left (the
    autopilot has not moved yet); returns the match and the leader's seat."""
    await service.new_match(guild_id=1, channel_id=100, game="toy", host_id=1, players=players)
    for user in range(2, players + 1):
        await service.join(100, user)
    match = await service.get(1)
    leader = engines.get("toy").load_state(match.state).leader
    return await service.leave(100, match.user(leader)), leader


async def test_two_requests_playing_the_autopilot_at_once_both_end_well(service):
    """Whoever gets there second finds the seat moved on and stops: a move
    already saved is never reported as outdated."""
    match, leader = await _toy_with_leader_gone(service)
    first, second = await asyncio.gather(service.autopilot(match.id), service.autopilot(match.id))
    state = engines.get("toy").load_state((await service.get(match.id)).state)
    assert first or second
    assert state.phase == "orders" and leader not in engines.get("toy").to_act(state)  # draft done, order given


async def test_the_autopilot_a_crash_left_waiting_plays_on_at_the_next_start(fake, db, stored):
    from bot_harness import started

    from bot.play.service import MatchService
    from bot.store import open_store

    store = await open_store(db)
    await _toy_with_leader_gone(MatchService(store))
    await store.close()
    async def in_orders() -> bool:
        match, _ = await stored()
        return engines.get("toy").load_state(match.state).phase == "orders"

    async with started(fake, db):
        await poll_until(in_orders, timeout=60, what="the repair to play the autopilot's move")
    assert await in_orders()


async def test_a_decision_with_a_deadline_of_its_own_lapses_to_its_default(fake, table, stored, clock, bot, raw_sql):
    """A game may give a short decision (a counter window, a dodge) its own
    deadline: in a match without deadlines it lapses after those hours to
    the seat's default action, shown on the board, and never forfeits."""
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    leader = await open_toy(fake, table, stored, users, dodge_hours=2)
    picker = await table.open_picker(leader)
    for label in ("Seat 1", "Seat 2", "Seat 3", "Lucky 1", "Submit"):
        await table.choose(leader, picker, label)
    match, _ = await stored()
    for user in users:  # everyone attacks the next seat: the targets are asked to dodge
        target = (match.seat_of(user.id) + 1) % 3
        await table.choose(user, table.dms(user)[-1], f"Attack Seat {target + 1}")
    match, _ = await stored()
    engine = engines.get("toy")
    state = engine.load_state(match.state)
    assert state.phase == "react"
    (target,) = engine.to_act(state)
    assert match.deadline_hours is None
    assert "Frist für <@" in table.board().content  # the dodge's own deadline is shown
    # a crash that lost the lapse timer (claimed, not yet replaced): the next start sets it again
    assert await bot.service.rearm() == 0
    await raw_sql("DELETE FROM timers WHERE kind='lapse'")
    assert await bot.service.rearm() == 1
    await table.fire_timers(clock, 1.5 * 3600)
    match, log = await stored()
    assert engine.to_act(engine.load_state(match.state)) == [target] and len(log) == 8
    await table.fire_timers(clock, 1 * 3600)
    match, log = await stored()
    assert log[8].seat == target and "\"take\"" in log[8].action  # the default, not a forfeit
    assert match.status == "running" and not match.seats[target].autopilot


async def test_without_its_own_deadline_a_reaction_waits(fake, table, stored, clock):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    leader = await open_toy(fake, table, stored, users)
    picker = await table.open_picker(leader)
    for label in ("Seat 1", "Seat 2", "Seat 3", "Lucky 1", "Submit"):
        await table.choose(leader, picker, label)
    match, _ = await stored()
    for user in users:
        target = (match.seat_of(user.id) + 1) % 3
        await table.choose(user, table.dms(user)[-1], f"Attack Seat {target + 1}")
    assert "Frist für" not in table.board().content
    await table.fire_timers(clock, 20 * 3600)
    match, log = await stored()
    assert len(log) == 8
