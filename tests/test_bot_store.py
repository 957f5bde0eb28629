"""The SQLite store: a database of an older version migrates with its votes,
and a match (or a list of them) is read with its seats in one statement."""

from __future__ import annotations

import sqlite3

from bot.store import SqliteStore, migrations

CH, ALICE, BOB = 100, 1, 2


def version_3_database(path) -> None:
    """A database as the bot before the votes table left it: a running match
    with a pending cancel vote, a pause vote and an undo request."""
    conn = sqlite3.connect(path)
    for number, sql in migrations():
        if number <= 3:
            conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
    conn.executescript(
        "INSERT INTO matches (id, channel_id, game, seed, status, host_id, state, counter, created_at, updated_at,"
        " undo_seat, undo_counter) VALUES (1, 100, 'himmel-und-hoelle', 1, 'running', 1, '{}', 4, 'x', 'x', 0, 4);"
        "INSERT INTO seats (match_id, seat, user_id, cancel_vote, pause_vote, undo_vote) VALUES (1, 0, 1, 1, 0, 1);"
        "INSERT INTO seats (match_id, seat, user_id, cancel_vote, pause_vote, undo_vote) VALUES (1, 1, 2, 0, 1, 0);"
    )
    conn.close()


async def test_an_older_database_migrates_with_its_votes(db):
    version_3_database(db)
    store = await SqliteStore.open(db)
    try:
        assert await store.migrate() == migrations()[-1][0]
        match = await store.get_match(1)
    finally:
        await store.close()
    assert match.user_ids == [ALICE, BOB] and match.undo_seat == 0
    assert sorted((v.kind, v.seat, v.counter) for v in match.votes) == [("cancel", 0, 4), ("pause", 1, 4), ("undo", 0, 4)]
    columns = {row[1] for row in sqlite3.connect(db).execute("PRAGMA table_info(seats)")}
    assert not columns & {"cancel_vote", "pause_vote", "undo_vote"}


async def test_a_match_and_lists_of_matches_are_one_statement_each(store, service):
    for channel in (CH, CH + 1, CH + 2):
        await service.new_match(guild_id=1, channel_id=channel, game="himmel-und-hoelle", host_id=ALICE)
        await service.join(channel, BOB)
    statements: list[str] = []
    await store._conn.set_trace_callback(statements.append)
    match = await store.get_match(1)
    mine = await store.user_matches(BOB)
    async with store.transaction() as tx:
        running = await tx.running_matches()
    await store._conn.set_trace_callback(None)
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 3
    assert [s.user_id for s in match.seats] == [ALICE, BOB] and [s.seat for s in match.seats] == [0, 1]
    assert len(mine) == len(running) == 3 and all(m.user_ids == [ALICE, BOB] for m in running)
