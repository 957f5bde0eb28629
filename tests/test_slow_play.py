"""Playing over days, through the fake Discord with a clock moved by hand:
turn notices with a digest, reminders, deadlines and their policies, pause,
takebacks (time banks and vacations: test_time_bank.py), abandoned matches, timers across a restart."""

from __future__ import annotations

import random
import re

from bot_harness import Table, click_random_choice, play_to_conflict, started

import engines
from bot.play.clock import ManualClock
from bot.verify import verify

E = engines.get("himmel-und-hoelle")
HOUR, DAY = 3600, 86400


def dm_texts(fake, user) -> list[str]:
    return [m.content for m in fake.dm_messages(user)]


async def test_turn_notice_by_dm_with_a_digest_and_a_board_link(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    assert any("du bist dran" in text for text in dm_texts(fake, w.alice))  # Alice (de) begins
    await table.turn(w.alice, "Ziehen B1 → B2", "Zug beenden")
    notice = dm_texts(fake, w.bob)[-1]
    assert "it's your turn" in notice and "Since your last move" in notice
    assert "Hell moves B1 → B2" in notice and "Hell ends the turn" in notice
    assert f"/{table.board().id}" in notice  # a link to the current board post


async def test_notify_setting_turns_turn_dms_off(fake, table):
    w = fake.world
    await table.command(w.bob, "game notify", mode="reminders")
    await table.open_match(w.alice, w.bob)
    await table.turn(w.alice, "Zug beenden")
    assert dm_texts(fake, w.bob) == []
    # The board post's mention is the notice.
    assert w.bob.mention in table.board().content


async def test_digest_never_shows_the_other_seats_secret(fake, bot, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await play_to_conflict(table, w.alice, w.bob)
    await table.choose(w.alice, fake.dm_messages(w.alice)[-1], "Karte 11")
    match = await bot.service.get(1)
    for_bob = await bot.announcer.notice_text(match, 1, "reminder", "en")
    assert "Hell moves B5 → B6" in for_bob and "Hell has chosen a card" in for_bob
    assert "11" not in re.sub(r"\d{5,}", "", for_bob)  # ids and links aside


async def test_reminder_after_the_interval_and_again(fake, clock, table):
    w = fake.world
    await table.open_match(w.alice, w.bob, reminder=2)
    before = len(dm_texts(fake, w.alice))
    assert await table.fire_timers(clock, 2 * HOUR - 60) == 0
    assert len(dm_texts(fake, w.alice)) == before
    await table.fire_timers(clock, 120)
    assert "Erinnerung" in dm_texts(fake, w.alice)[-1]
    await table.fire_timers(clock, 2 * HOUR)
    assert sum("Erinnerung" in text for text in dm_texts(fake, w.alice)) == 2
    # Once Alice has moved on, her old reminders fall silent; Bob's start.
    await table.turn(w.alice, "Zug beenden")
    await table.fire_timers(clock, 2 * HOUR + 1)
    assert sum("Erinnerung" in text for text in dm_texts(fake, w.alice)) == 2
    assert "Reminder" in dm_texts(fake, w.bob)[-1]


async def test_reminder_falls_back_to_a_channel_mention_without_dms(fake, clock, table):
    w = fake.world
    await table.open_match(w.carol, w.alice, reminder=1)  # Carol (Hell) does not take DMs
    await table.fire_timers(clock, HOUR + 1)
    last = fake.last_message(table.channel)
    assert w.carol.mention in last.content and "⏰" in last.content


async def test_the_scheduler_task_fires_on_its_own(fake, db, clock):
    w = fake.world
    async with started(fake, db, clock, run_scheduler=True) as bot:
        table = Table(fake, bot)
        await table.open_match(w.alice, w.bob, reminder=1)
        clock.advance(HOUR + 1)
        await fake.wait_until(lambda: any("Erinnerung" in t for t in dm_texts(fake, w.alice)), timeout=30,
                              what="the reminder")


async def test_deadline_skip_makes_the_default_choice(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, deadline=12, policy="skip")
    assert "<t:" in table.board().content  # the deadline as a Discord timestamp
    await table.fire_timers(clock, 12 * HOUR + 1)
    match, actions = await stored()
    assert E.parse_action(actions[-1].action).kind == "end" and actions[-1].seat == 0
    assert E.load_state(match.state).active == 1
    assert any("⌛" in m.content for m in fake.messages(table.channel))
    assert w.bob.mention in table.board().content


async def test_deadline_skip_plays_the_lowest_card_in_a_conflict(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, deadline=12, policy="skip")
    await play_to_conflict(table, w.alice, w.bob)
    await table.choose(w.bob, fake.dm_messages(w.bob)[-1], "Card 5")
    await table.fire_timers(clock, 12 * HOUR + 1)
    match, _ = await stored()
    assert E.load_state(match.state).last_reveal.cards == [0, 5]


async def test_deadline_forfeit_ends_the_match(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, deadline=24, policy="forfeit")
    await table.turn(w.alice, "Zug beenden")
    await table.fire_timers(clock, 24 * HOUR + 1)
    match, _ = await stored()
    assert match.status == "finished" and match.outcome["winners"] == [0] and match.outcome["reason"] == "forfeit"
    assert "Frist verpasst" in table.board().content


async def test_deadline_pause_policy_pauses(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, deadline=12, policy="pause", reminder=1)
    await table.fire_timers(clock, 12 * HOUR + 1)
    match, _ = await stored()
    assert match.paused and match.counter == 0
    dms = len(dm_texts(fake, w.alice))
    assert await table.fire_timers(clock, 3 * DAY) >= 0
    assert len(dm_texts(fake, w.alice)) == dms  # no reminders while paused


async def test_pause_needs_everyone_and_stops_reminders_and_deadlines(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, deadline=12, reminder=1)
    first = await (await table.command(w.alice, "game pause")).wait_answer()
    assert "Noch nötig" in first.content
    assert first.pinged == [w.bob] and not first.ephemeral  # a new public message: the mention pings
    await table.command(w.bob, "game pause")
    dms = len(dm_texts(fake, w.alice))
    await table.fire_timers(clock, 5 * DAY)
    match, actions = await stored()
    assert match.paused and actions == [] and len(dm_texts(fake, w.alice)) == dms
    await table.command(w.bob, "game resume")
    await table.fire_timers(clock, HOUR + 1)
    assert "Erinnerung" in dm_texts(fake, w.alice)[-1]
    await table.fire_timers(clock, 12 * HOUR)
    _, actions = await stored()
    assert len(actions) == 1  # the deadline runs again after the resume


async def test_timers_survive_a_restart(fake, db, clock):
    w = fake.world
    async with started(fake, db, clock) as bot:
        table = Table(fake, bot)
        await table.open_match(w.alice, w.bob, reminder=3)
    later = ManualClock(clock.now() + 3 * HOUR + 1)
    async with started(fake, db, later) as bot:
        table.bot = bot
        assert await bot.scheduler.run_due() >= 1
        await table.settle()
    assert "Erinnerung" in dm_texts(fake, w.alice)[-1]


async def test_undo_needs_everyone_and_keeps_a_record(fake, bot, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await table.turn(w.alice, "Ziehen B1 → B2", "Zug beenden")
    request = await (await table.command(w.alice, "game undo")).wait_answer()
    assert w.bob.mention in request.content and request.pinged == [w.bob]
    no = next(c for c in request.custom_ids() if ":no:" in c)
    await table.run(await fake.click(w.bob, request, no))
    match, actions = await stored()
    assert match.counter == 2 and all(a.undone_by is None for a in actions)
    request = await (await table.command(w.alice, "game undo")).wait_answer()
    yes = next(c for c in request.custom_ids() if ":yes:" in c)
    stranger = await (await table.run(await fake.click(w.carol, request, yes))).wait_ephemeral()
    assert "not playing" in stranger.content
    await table.run(await fake.click(w.bob, request, yes))
    match, actions = await stored()
    state = E.load_state(match.state)
    assert state.active == 0 and state.dice[0].field == "B1" and state.turn == 1
    assert [a.undone_by for a in actions] == [3, 3] and match.counter == 3
    assert "Am Zug: " + w.alice.mention in table.board().content
    log = await (await table.command(w.alice, "game log")).wait_ephemeral()
    assert "~~" in log.content  # the taken-back moves stay in the log
    assert await verify(bot.store) == 0
    await table.turn(w.alice, "Ziehen B1 → C1")
    match, actions = await stored()
    assert actions[-1].counter == 4 and E.load_state(match.state).dice[0].field == "C1"


async def test_undo_never_crosses_a_revealed_secret(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await play_to_conflict(table, w.alice, w.bob)
    await table.choose(w.bob, fake.dm_messages(w.bob)[-1], "Card 7")
    await table.choose(w.alice, fake.dm_messages(w.alice)[-1], "Karte 11")  # Alice's card reveals both
    reply = await (await table.command(w.alice, "game undo")).wait_ephemeral()
    assert "aufgedeckte geheime Wahl" in reply.content
    # Her moves after the reveal belong to the same turn: still refused.
    await table.turn(w.alice, "Bonuspunkt verfallen lassen")
    again = await (await table.command(w.alice, "game undo")).wait_ephemeral()
    assert "aufgedeckte geheime Wahl" in again.content
    match, actions = await stored()
    assert all(a.undone_by is None for a in actions) and match.undo_seat is None


async def test_abandoned_match_is_warned_then_closed(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, reminder=168)
    await table.fire_timers(clock, 30 * DAY + 1)
    assert "💤" in fake.last_message(table.channel).content
    assert (await stored())[0].status == "running"
    await table.fire_timers(clock, 7 * DAY + 1)
    match, _ = await stored()
    assert match.status == "cancelled" and match.outcome["reason"] == "abandoned"


async def test_mine_lists_open_matches_oldest_waiting_first(fake, clock, table):
    w = fake.world
    await table.open_match(w.alice, w.bob, channel_name="spiele")
    clock.advance(HOUR)
    await table.open_match(w.bob, w.alice, channel_name="turniere")
    mine = await (await table.run(await fake.slash(w.alice, "game mine"))).wait_ephemeral()
    lines = mine.content.splitlines()
    assert len(lines) == 2
    assert str(w.channel("spiele").id) in lines[0] and str(w.channel("turniere").id) in lines[1]


async def test_after_a_long_downtime_one_reminder_not_one_per_interval(fake, clock, table):
    w = fake.world
    await table.open_match(w.alice, w.bob, reminder=1)
    before = len(dm_texts(fake, w.alice))
    await table.fire_timers(clock, 3 * DAY)
    assert len(dm_texts(fake, w.alice)) == before + 1
    await table.fire_timers(clock, HOUR + 1)
    assert len(dm_texts(fake, w.alice)) == before + 2


async def test_a_missed_deadline_makes_one_move_in_a_solo_game(fake, clock, table, stored):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.bob, "game new", game="hoch-und-hoeher", here=True, deadline=12)
    await table.fire_timers(clock, 12 * HOUR + 1)
    match, actions = await stored()
    assert len(actions) == 1 and (match.status == "running" or match.outcome)


async def test_no_takeback_in_solo_or_across_a_roll_or_a_drawn_card(fake, table, stored):
    w = fake.world
    # the matches' seeds fixed: with some dice the solo match's first move would end it
    table.bot.service._rng = random.Random(1)
    table.channel = w.channel("spiele")
    await table.command(w.bob, "game new", game="hoch-und-hoeher", here=True)
    picker = await table.open_picker(w.bob)
    await click_random_choice(table, w.bob, picker, random.Random(0))
    solo = await (await table.command(w.bob, "game undo")).wait_ephemeral()
    assert "solo" in solo.content
    # Two players: after a move the next roll is made, so the move stays.
    table.channel = w.channel("turniere")
    await table.command(w.alice, "game new", game="hoch-und-hoeher", here=True, players=2)
    lobby = fake.messages(table.channel)[-1]
    await table.run(await fake.click(w.bob, lobby, next(c for c in lobby.custom_ids() if ":join:" in c)))
    match, _ = await stored(2)
    engine = engines.get("hoch-und-hoeher")
    starter = w.alice if engine.to_act(engine.load_state(match.state)) == [0] else w.bob
    picker = await table.open_picker(starter)
    await click_random_choice(table, starter, picker, random.Random(0))
    rolled = await (await table.command(starter, "game undo")).wait_ephemeral()
    assert "roll" in rolled.content or "Wurf" in rolled.content


async def test_timers_lost_in_a_crash_are_set_again_at_start(fake, db, clock, raw_sql):
    w = fake.world
    async with started(fake, db, clock) as bot:
        table = Table(fake, bot)
        await table.open_match(w.alice, w.bob, reminder=2)
    # claimed, then the bot died before setting the next one
    await raw_sql("UPDATE timers SET claimed_at=1 WHERE kind='reminder'")
    async with started(fake, db, clock) as bot:
        table.bot = bot
        await table.fire_timers(clock, 2 * HOUR + 1)
    assert "Erinnerung" in dm_texts(fake, w.alice)[-1]


async def test_an_abandoned_match_is_warned_about_once(fake, clock, table):
    w = fake.world
    await table.open_match(w.alice, w.bob, reminder=168)
    await table.command(w.alice, "game pause")
    await table.command(w.bob, "game pause")
    await table.command(w.bob, "game resume")
    await table.fire_timers(clock, 31 * DAY)
    warnings = [m for m in fake.messages(table.channel) if "💤" in m.content]
    assert len(warnings) == 1
