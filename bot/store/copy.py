"""Moving a whole database to another (``brettbote migrate --from … --to …``),
in either direction between SQLite and PostgreSQL.

Both schemas have the same tables and columns (the same numbered
migrations), so rows are copied column by column: users first, then matches
in batches, each batch with everything that belongs to its matches. Ids are
kept (buttons in Discord carry match ids), and afterwards the target's id
counters continue after the highest copied id. The target must be empty: a
copy never merges into a database in use.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.sql import SqlStore

#: Tables that belong to a match, in an order their references allow.
MATCH_TABLES = ("seats", "actions", "undos", "votes", "snapshots", "timers", "outbox", "seat_votes", "stints",
                "rating_changes", "talks")
#: Matches copied per transaction.
BATCH = 200


@dataclass
class Copied:
    users: int = 0
    matches: int = 0
    rows: int = 0


class TargetNotEmpty(Exception):
    """The target database already holds matches or users."""


async def _insert(tx, table: str, rows) -> int:
    if not rows:
        return 0
    columns = list(rows[0].keys())
    marks = ",".join("?" for _ in columns)
    await tx.executemany(f"INSERT INTO {table} ({','.join(columns)}) VALUES ({marks})",
                         [tuple(row[c] for c in columns) for row in rows])
    return len(rows)


async def copy_database(source: SqlStore, target: SqlStore) -> Copied:
    """Copy every row of ``source`` into the empty ``target``."""
    async with target.transaction() as tx:
        found = await tx.fetchrow("SELECT (SELECT count(*) FROM matches) + (SELECT count(*) FROM users) AS n")
        if found["n"]:
            raise TargetNotEmpty("the target database is not empty")
    copied = Copied()
    async with source.transaction() as src:
        users = await src.fetch("SELECT * FROM users ORDER BY user_id")
        away = await src.fetch("SELECT * FROM away_periods ORDER BY user_id, started_at")
        guilds = await src.fetch("SELECT * FROM guild_settings ORDER BY guild_id")
        ratings = await src.fetch("SELECT * FROM ratings ORDER BY guild_id, game, user_id")
        # the web view's link key: links handed out before the move keep working
        secrets = await src.fetch("SELECT * FROM secrets ORDER BY name")
    async with target.transaction() as tx:
        copied.users = await _insert(tx, "users", users)
        copied.rows += await _insert(tx, "away_periods", away)
        copied.rows += await _insert(tx, "guild_settings", guilds)
        copied.rows += await _insert(tx, "ratings", ratings)
        copied.rows += await _insert(tx, "secrets", secrets)
    last = -1
    while True:
        async with source.transaction() as src:
            matches = await src.fetch("SELECT * FROM matches WHERE id>? ORDER BY id LIMIT ?", (last, BATCH))
            if not matches:
                break
            last = matches[-1]["id"]
            ids = [m["id"] for m in matches]
            marks = ",".join("?" for _ in ids)
            belonging = {t: await src.fetch(f"SELECT * FROM {t} WHERE match_id IN ({marks})", ids) for t in MATCH_TABLES}
        async with target.transaction() as tx:
            copied.matches += await _insert(tx, "matches", matches)
            for table in MATCH_TABLES:
                copied.rows += await _insert(tx, table, belonging[table])
    await target.continue_ids()
    return copied
