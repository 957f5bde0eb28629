"""The statements of undo: the takeback run, the verdicts stored with each
move, and the snapshots undo replays from (see :mod:`bot.play.slow`). A part
of :class:`bot.store.sql.SqlTransaction`."""

from __future__ import annotations

from bot.store.models import LoggedAction
from bot.store.rows import action_from_row

#: "No upper bound" for a counter range (fits a 64-bit column).
NO_LIMIT = 1 << 62


class UndoStatements:
    async def _logged(self, sql: str, args: tuple) -> list[LoggedAction]:
        return [action_from_row(r) for r in await self.fetch(sql, args)]

    async def takeback_run(self, match_id: int, seat: int) -> list[LoggedAction]:
        # from the seat's first own choice since another seat's last one; the
        # automatic answers after it (any seat's) go with it, those before not
        return await self._logged(
            "SELECT * FROM actions WHERE match_id=? AND undone_by IS NULL AND counter >= coalesce("
            "(SELECT min(counter) FROM actions WHERE match_id=? AND undone_by IS NULL AND seat=? AND automatic=0"
            " AND counter > coalesce((SELECT max(counter) FROM actions WHERE match_id=? AND undone_by IS NULL"
            " AND seat<>? AND automatic=0), -1)), ?) ORDER BY counter",
            (match_id, match_id, seat, match_id, seat, NO_LIMIT),
        )

    async def actions_after(self, match_id: int, counter: int, until: int | None = None) -> list[LoggedAction]:
        return await self._logged("SELECT * FROM actions WHERE match_id=? AND counter>? AND counter<=? ORDER BY counter",
                                  (match_id, counter, until if until is not None else NO_LIMIT))

    async def set_undoable(self, match_id: int, verdicts: dict[int, bool]) -> None:
        await self.executemany(
            "UPDATE actions SET undoable=? WHERE match_id=? AND counter=? AND undoable IS NULL",
            [(int(v), match_id, c) for c, v in verdicts.items()],
        )

    async def add_snapshot(self, match_id: int, counter: int, state: str) -> None:
        await self.later(
            "INSERT INTO snapshots (match_id, counter, state) VALUES (?,?,?)"
            " ON CONFLICT (match_id, counter) DO UPDATE SET state=excluded.state",
            [(match_id, counter, state)],
        )
        kept = self._kept.get(match_id)
        if kept is not None:
            kept.row["snapshot_counter"] = max(kept.row["snapshot_counter"] or counter, counter)

    async def last_snapshot_counter(self, match_id: int) -> int | None:
        kept = self._kept.get(match_id)
        if kept is not None:  # the match select reads it too
            return kept.row["snapshot_counter"]
        row = await self.fetchrow("SELECT max(counter) AS c FROM snapshots WHERE match_id=?", (match_id,))
        return row["c"]

    async def snapshot_before(self, match_id: int, counter: int) -> tuple[int, str] | None:
        row = await self.fetchrow(
            "SELECT counter, state FROM snapshots WHERE match_id=? AND counter<? ORDER BY counter DESC LIMIT 1",
            (match_id, counter),
        )
        return (row["counter"], row["state"]) if row else None

    async def drop_snapshots(self, match_id: int, since: int) -> None:
        await self.execute("DELETE FROM snapshots WHERE match_id=? AND counter>=?", (match_id, since))
