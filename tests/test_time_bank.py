"""Time banks (``/game new bank: increment:``) and vacation across all
matches (``/game away``, ``days:0`` to come back), through the real client and the
fake Discord with a clock moved by hand, on both databases."""

from __future__ import annotations

from bot_harness import Table

import engines

E = engines.get("himmel-und-hoelle")
HOUR, DAY = 3600, 86400


def public(fake, table) -> list[str]:
    return [m.content for m in fake.messages(table.channel)]


async def test_an_empty_bank_skips_and_the_increment_is_added(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, bank=1, increment=12, policy="skip")
    board = table.board().content
    start = clock.now()
    # Alice's clock runs (a countdown), Bob's stands at his full bank
    assert f"<@{w.alice.id}> <t:{int(start + DAY)}:R>" in board and f"<@{w.bob.id}> 1 T 0 Std" in board
    await table.fire_timers(clock, HOUR)
    await table.turn(w.alice, "Ziehen B1 → B2")
    await table.fire_timers(clock, HOUR)
    await table.turn(w.alice, "Zug beenden")  # one turn of two actions: one increment
    match, _ = await stored()
    alice, bob = match.seats
    assert alice.bank_left == DAY - 2 * HOUR + 12 * HOUR and alice.clock_from is None
    assert bob.clock_from == clock.now() and bob.bank_left == DAY
    board = table.board().content
    assert f"<@{w.alice.id}> 1 T 10 Std" in board and f"<t:{int(clock.now() + DAY)}:R>" in board
    assert f"<t:{int(clock.now() + DAY)}:R>" in fake.dm_messages(w.bob)[-1].content  # the turn notice shows it too
    await table.fire_timers(clock, DAY - 60)
    assert len((await stored())[1]) == 2  # Bob's bank is not empty yet
    await table.fire_timers(clock, 61)
    match, actions = await stored()
    assert actions[-1].seat == 1 and E.parse_action(actions[-1].action).kind == "end"
    assert match.seats[1].bank_left == 12 * HOUR  # empty, then the increment of the decision done late
    assert any("⌛" in text for text in public(fake, table))


async def test_an_empty_bank_forfeits(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, bank=2, policy="forfeit")
    await table.fire_timers(clock, 2 * DAY - 60)
    assert (await stored())[0].status == "running"
    await table.fire_timers(clock, 61)
    match, _ = await stored()
    assert match.status == "finished" and match.outcome["reason"] == "forfeit" and match.outcome["winners"] == [1]


async def test_a_pause_stops_the_clocks(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, bank=1, policy="skip")
    await table.fire_timers(clock, 2 * HOUR)
    await table.command(w.alice, "game pause")
    await table.command(w.bob, "game pause")
    await table.fire_timers(clock, 5 * DAY)
    match, _ = await stored()
    assert match.counter == 0 and match.seats[0].bank_left == DAY - 2 * HOUR and match.seats[0].clock_from is None
    await table.command(w.bob, "game resume")
    await table.fire_timers(clock, 22 * HOUR - 60)
    assert (await stored())[0].counter == 0
    await table.fire_timers(clock, 61)
    assert (await stored())[0].counter == 1


async def test_bad_bank_options_are_refused(fake, table, stored):
    w = fake.world
    channel = fake.world.channel("spiele")
    for options, expected in (
        ({"bank": 3, "deadline": 12}, "Zeitkonto oder eine Frist"),
        ({"increment": 6}, "Zuschlag"),
        ({"bank": 31}, "30"),  # a forged value outside the command's range
        ({"bank": 2, "increment": 73}, "72"),
    ):
        handle = await table.run(await fake.slash(w.alice, "game new", {"game": "himmel-und-hoelle", "here": True,
                                                                         **options}, channel=channel))
        answer = await handle.wait_ephemeral()
        assert expected in answer.content, options
    assert (await stored())[0] is None


async def test_away_stops_every_match_and_back_ends_it(fake, clock, table, stored):
    w = fake.world
    second = Table(fake, table.bot)
    await table.open_match(w.alice, w.bob, deadline=12)
    await second.open_match(w.alice, w.bob, channel_name="turniere", bank=1)
    until = int(clock.now() + 3 * DAY)
    reply = await (await table.command(w.alice, "game away", days=3)).wait_ephemeral()
    assert f"<t:{until}:f>" in reply.content and "2 Partien" in reply.content
    for board in (table.board(), second.board()):  # every board shows it
        assert f"<@{w.alice.id}> ist abwesend bis <t:{until}:f>" in board.content
    assert "1 T 0 Std" in second.board().content  # her clock is held, not counting down
    await table.fire_timers(clock, 2 * DAY)
    assert (await stored(1))[0].counter == 0 and (await stored(2))[0].counter == 0
    back = await (await table.command(w.alice, "game away", days=0)).wait_ephemeral()
    assert "1 ungenutzte" in back.content
    assert "abwesend bis" not in table.board().content and "abwesend bis" not in second.board().content
    await table.fire_timers(clock, 60)  # the per-move deadline passed long ago
    assert (await stored(1))[0].counter == 1 and (await stored(2))[0].counter == 0
    await table.fire_timers(clock, DAY - 120)
    assert (await stored(2))[0].counter == 0  # the bank runs from the return, whole
    await table.fire_timers(clock, 120)
    assert (await stored(2))[0].counter == 1
    again = await (await table.command(w.alice, "game away", days=0)).wait_ephemeral()
    assert "nicht abwesend" in again.content


async def test_the_monthly_limit_refuses_with_what_is_left(fake, clock, table, stored):
    w = fake.world
    await table.command(w.bob, "game away", days=10)
    await table.fire_timers(clock, DAY + HOUR)
    await table.command(w.bob, "game away", days=0)  # 8 whole days not begun come back: 2 used
    refused = await (await table.command(w.bob, "game away", days=13)).wait_ephemeral()
    assert "14" in refused.content and "12 left" in refused.content
    await table.command(w.bob, "game away", days=12)
    twice = await (await table.command(w.bob, "game away", days=1)).wait_ephemeral()
    assert "already away" in twice.content
    # a match that starts while he is away holds his deadlines too
    await table.open_match(w.alice, w.bob, deadline=12)
    match, _ = await stored()
    assert match.seats[1].away_until == clock.now() + 12 * DAY and match.seats[0].away_until is None
    assert f"<@{w.bob.id}> ist abwesend bis" in table.board().content


async def test_an_undo_gives_no_time_back(fake, clock, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, bank=1, increment=12)
    await table.fire_timers(clock, 3 * HOUR)
    await table.turn(w.alice, "Ziehen B1 → B2", "Zug beenden")
    await table.fire_timers(clock, HOUR)
    request = await (await table.command(w.alice, "game undo")).wait_answer()
    await table.run(await fake.click(w.bob, request, next(c for c in request.custom_ids() if ":yes:" in c)))
    match, _ = await stored()
    assert match.seats[0].clock_from == clock.now()  # Alice is asked again, her clock runs on
    assert match.seats[0].bank_left == DAY - 3 * HOUR + 12 * HOUR  # the increment stays, nothing refunded
    assert match.seats[1].bank_left == DAY - HOUR and match.seats[1].clock_from is None  # Bob's hour is spent


async def test_no_reminders_while_away_the_first_at_its_end(fake, clock, table):
    w = fake.world
    await table.open_match(w.alice, w.bob, reminder=2)
    await table.command(w.alice, "game away", days=1)
    reminders = lambda: sum("Erinnerung" in m.content for m in table.dms(w.alice))  # noqa: E731
    await table.fire_timers(clock, DAY - 60)
    assert reminders() == 0  # twelve intervals passed on vacation: nothing
    await table.fire_timers(clock, 120)
    assert reminders() == 1  # the vacation ended: one reminder, then the interval again
    await table.fire_timers(clock, 2 * HOUR)
    assert reminders() == 2
