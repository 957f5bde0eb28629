"""The SQLite statements of undo: the takeback run, the verdicts stored with
each move, and the snapshots undo replays from (see :mod:`bot.play.slow`).
A part of :class:`bot.store.sqlite.SqliteTransaction`."""

from __future__ import annotations

import aiosqlite

from bot.store.models import LoggedAction
from bot.store.sqlite_rows import action_from_row


class UndoStatements:
    conn: aiosqlite.Connection

    async def _logged(self, sql: str, args: tuple) -> list[LoggedAction]:
        rows = await (await self.conn.execute(sql, args)).fetchall()
        return [action_from_row(r) for r in rows]

    async def takeback_run(self, match_id: int, seat: int) -> list[LoggedAction]:
        return await self._logged(
            "SELECT * FROM actions WHERE match_id=? AND undone_by IS NULL AND counter > coalesce("
            "(SELECT max(counter) FROM actions WHERE match_id=? AND undone_by IS NULL AND seat<>?), -1)"
            " ORDER BY counter",
            (match_id, match_id, seat),
        )

    async def actions_after(self, match_id: int, counter: int, until: int | None = None) -> list[LoggedAction]:
        return await self._logged("SELECT * FROM actions WHERE match_id=? AND counter>? AND counter<=? ORDER BY counter",
                                  (match_id, counter, until if until is not None else 1 << 62))

    async def set_undoable(self, match_id: int, verdicts: dict[int, bool]) -> None:
        await self.conn.executemany(
            "UPDATE actions SET undoable=? WHERE match_id=? AND counter=? AND undoable IS NULL",
            [(int(v), match_id, c) for c, v in verdicts.items()],
        )

    async def add_snapshot(self, match_id: int, counter: int, state: str) -> None:
        await self.conn.execute(
            "INSERT OR REPLACE INTO snapshots (match_id, counter, state) VALUES (?,?,?)", (match_id, counter, state)
        )

    async def last_snapshot_counter(self, match_id: int) -> int | None:
        return (await (await self.conn.execute("SELECT max(counter) FROM snapshots WHERE match_id=?", (match_id,))).fetchone())[0]

    async def snapshot_before(self, match_id: int, counter: int) -> tuple[int, str] | None:
        row = await (
            await self.conn.execute(
                "SELECT counter, state FROM snapshots WHERE match_id=? AND counter<? ORDER BY counter DESC LIMIT 1",
                (match_id, counter),
            )
        ).fetchone()
        return (row[0], row[1]) if row else None

    async def drop_snapshots(self, match_id: int, since: int) -> None:
        await self.conn.execute("DELETE FROM snapshots WHERE match_id=? AND counter>=?", (match_id, since))
