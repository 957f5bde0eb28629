"""The SQLite statements of the outbox: the notifications a move owes,
written in the move's own transaction and marked sent after delivery, so a
crash in between loses none (start-up delivers what is pending). A part of
:class:`bot.store.sqlite.SqliteTransaction`."""

from __future__ import annotations

import time

import aiosqlite

from bot.store.models import Notice


class OutboxStatements:
    conn: aiosqlite.Connection

    async def add_notices(self, match_id: int, counter: int, notices: list[tuple[str, int | None]]) -> None:
        await self.conn.executemany(
            "INSERT INTO outbox (match_id, counter, kind, seat) VALUES (?,?,?,?)",
            [(match_id, counter, kind, seat) for kind, seat in notices],
        )

    async def pending_notices(self) -> list[Notice]:
        rows = await (
            await self.conn.execute("SELECT * FROM outbox WHERE sent_at IS NULL ORDER BY match_id, counter, id")
        ).fetchall()
        return [Notice(r["id"], r["match_id"], r["counter"], r["kind"], r["seat"]) for r in rows]

    async def notices_sent(self, match_id: int, first: int, last: int) -> None:
        await self.conn.execute(
            "UPDATE outbox SET sent_at=? WHERE match_id=? AND counter BETWEEN ? AND ? AND sent_at IS NULL",
            (time.time(), match_id, first, last),
        )
