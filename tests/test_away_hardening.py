"""``/game away`` (``days:0``: coming back) hardened, through the real client
and the fake Discord on both databases: going away and coming back edits the current
boards in place (no new post, no ping, however often it is done), and the
allowance counts the days away in any 30 days, not per calendar month."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

from bot_harness import Table
from postgres_fixtures import copied_to_postgres

from bot.store import migrations, open_store

DAY = 86400


def posts(fake) -> list:
    """Every message anyone but its author sees: channels, threads and DMs."""
    return [m for m in fake.world.messages.values() if not m.ephemeral]


def board_edits(fake) -> list:
    route = "/channels/{channel_id}/messages/{message_id}"
    return [r for r in fake.requests if r.method == "PATCH" and r.route == route]


async def test_away_and_back_edit_the_boards_in_place_without_posts_or_pings(fake, clock, table, stored):
    w = fake.world
    tables = [table, Table(fake, table.bot), Table(fake, table.bot)]
    await tables[0].open_match(w.alice, w.bob, deadline=12)
    await tables[1].open_match(w.bob, w.alice, channel_name="turniere", bank=2)
    await tables[2].open_match(w.alice, w.bob, here=False)  # a thread
    boards = [t.board() for t in tables]
    before, edits_before = len(posts(fake)), len(board_edits(fake))
    for _ in range(4):
        clock.advance(DAY)  # four days begun in all: well within the allowance
        until = int(clock.now() + 2 * DAY)
        away = await (await table.command(w.alice, "game away", days=2)).wait_ephemeral()
        clock.advance(3600)  # the first day begins: it counts, the second is given back
        assert f"<t:{until}:f>" in away.content and "3 Partien" in away.content
        for t, board in zip(tables, boards):
            assert t.board().id == board.id  # the same post, edited
            assert f"<@{w.alice.id}> ist abwesend bis <t:{until}:f>" in t.board().content
        back = await (await table.command(w.alice, "game away", days=0)).wait_ephemeral()
        assert "1 ungenutzte" in back.content
        for t, board in zip(tables, boards):
            assert t.board().id == board.id and "abwesend bis" not in t.board().content
    assert len(posts(fake)) == before  # not one new message in any channel, thread or DM
    edits = board_edits(fake)[edits_before:]
    assert len(edits) == 4 * 2 * 3  # each call edited each board once
    assert all(e.body["allowed_mentions"] == {"parse": []} for e in edits)  # an edit pings no one
    # the boards keep their picture and their working buttons: the current board's Act opens the picker
    for t, board in zip(tables, boards):
        assert t.board().attachments and t.board().custom_ids() == board.custom_ids()
    match, _ = await stored(1)
    assert match.board_message_id == boards[0].id
    picker = await tables[0].open_picker(w.alice)
    assert picker.ephemeral and picker.buttons()


async def test_a_board_edit_keeps_the_buttons_of_a_board_later_moves_did_not_replace(fake, clock, table, stored):
    """A board stays current across moves that owe no new post: its buttons
    carry the counter of its post, and the edit keeps that counter."""
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await table.turn(w.alice, "Ziehen B1 → B2")  # one action of a turn of two: no new board
    match, _ = await stored()
    board = table.board()
    assert match.counter > match.board_counter and match.board_message_id == board.id
    await table.command(w.bob, "game away", days=1)
    assert table.board().id == board.id and "abwesend bis" in table.board().content
    assert table.board().custom_ids() == board.custom_ids()
    await table.turn(w.alice, "Zug beenden")  # the edited board's Act still plays
    assert (await stored())[0].counter == match.counter + 1


def at(year: int, month: int, day: int) -> float:
    return datetime(year, month, day, tzinfo=timezone.utc).timestamp()


async def test_two_vacations_across_a_month_boundary_are_refused(fake, clock, table, stored):
    w = fake.world
    clock.advance(at(2027, 1, 18) - clock.now())
    start = clock.now()
    await table.open_match(w.alice, w.bob)
    await table.command(w.bob, "game away", days=14)
    await table.fire_timers(clock, 14 * DAY)  # back on the 1st of February, a new month
    refused = await (await table.command(w.bob, "game away", days=14)).wait_ephemeral()
    assert refused.ephemeral
    # what is left now (nothing), and when the 14 days fit: 30 days after the first vacation began
    assert "at most 14 days in any 30 days: 0 left now" in refused.content, refused.content
    assert f"14 days fit from <t:{int(start + 30 * DAY)}:f>" in refused.content
    match, _ = await stored()
    assert match.seats[1].away_until == start + 14 * DAY  # the vacation that ended: nothing new applied
    others = await (await table.command(w.alice, "game away", days=3)).wait_ephemeral()  # Alice has all 14
    assert "Abwesend bis" in others.content
    await table.command(w.alice, "game away", days=0)
    clock.advance(16 * DAY - 3600)
    one_hour_early = await (await table.command(w.bob, "game away", days=14)).wait_ephemeral()
    assert "0 left now" in one_hour_early.content
    clock.advance(3600)  # the first vacation has left every window a new one touches
    allowed = await (await table.command(w.bob, "game away", days=14)).wait_ephemeral()
    assert f"<t:{int(clock.now() + 14 * DAY)}:f>" in allowed.content
    assert (await stored())[0].seats[1].away_until == clock.now() + 14 * DAY


async def test_back_gives_the_days_not_begun_back_to_the_window(fake, clock, table, stored):
    w = fake.world
    clock.advance(at(2027, 1, 25) - clock.now())
    await table.command(w.alice, "game away", days=14)
    clock.advance(DAY + DAY // 2)
    back = await (await table.command(w.alice, "game away", days=0)).wait_ephemeral()
    assert "12 ungenutzte" in back.content  # two days begun, twelve given back
    clock.advance(at(2027, 2, 1) - clock.now())  # a new month does not refill the allowance
    refused = await (await table.command(w.alice, "game away", days=13)).wait_ephemeral()
    assert "höchstens 14 Tage" in refused.content and "jetzt bleiben 12" in refused.content, refused.content
    allowed = await (await table.command(w.alice, "game away", days=12)).wait_ephemeral()
    assert f"<t:{int(clock.now() + 12 * DAY)}:f>" in allowed.content


async def test_vacations_are_copied_between_databases(tmp_path, clock, postgres):
    source = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = await open_store(source)
    try:
        async with store.transaction() as tx:
            await tx.update_user(7, away_until=clock.now() + 5 * DAY)
            await tx.add_away_period(7, clock.now(), clock.now() + 5 * DAY, forget_before=0)
    finally:
        await store.close()
    async with copied_to_postgres(source, postgres) as copy:
        async with copy.transaction() as tx:
            assert await tx.away_periods(7, 0) == [(clock.now(), clock.now() + 5 * DAY)]


async def test_a_vacation_running_at_the_upgrade_keeps_counting(tmp_path, clock):
    path = tmp_path / "v14.sqlite3"
    conn = sqlite3.connect(path)
    for number, sql in migrations():
        if number <= 14:
            conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
    until = clock.now() + 4 * DAY
    conn.execute("INSERT INTO users (user_id, updated_at, away_until, away_month, away_days)"
                 " VALUES (7, 'x', ?, '2027-01', 6)", (until,))
    conn.commit()
    conn.close()
    store = await open_store(f"sqlite:///{path}")
    try:
        await store.migrate()
        async with store.transaction() as tx:
            assert await tx.away_periods(7, 0) == [(until - 6 * DAY, until)]
    finally:
        await store.close()
