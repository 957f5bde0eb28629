"""The statements of the outbox: the notifications a move owes, written in
the move's own transaction and marked sent after delivery, so a crash in
between loses none (start-up delivers what is pending). A part of
:class:`bot.store.sql.SqlTransaction`."""

from __future__ import annotations

import time

from bot.store.models import Notice


class OutboxStatements:
    async def add_notices(self, match_id: int, counter: int, notices: list[tuple[str, int | None]]) -> None:
        await self.later(
            "INSERT INTO outbox (match_id, counter, kind, seat) VALUES (?,?,?,?)",
            [(match_id, counter, kind, seat) for kind, seat in notices],
        )

    async def pending_notices(self, idle_before: str | None = None) -> list[Notice]:
        """Undelivered notices (of matches nobody touched since ``idle_before``,
        an ISO time, if given: those whose process died)."""
        where, args = "", ()
        if idle_before is not None:
            where, args = " AND match_id IN (SELECT id FROM matches WHERE updated_at<?)", (idle_before,)
        rows = await self.fetch(f"SELECT * FROM outbox WHERE sent_at IS NULL{where} ORDER BY match_id, counter, id", args)
        return [Notice(r["id"], r["match_id"], r["counter"], r["kind"], r["seat"]) for r in rows]

    async def notices_sent(self, match_id: int, first: int, last: int) -> None:
        await self.execute(
            "UPDATE outbox SET sent_at=? WHERE match_id=? AND counter BETWEEN ? AND ? AND sent_at IS NULL",
            (time.time(), match_id, first, last),
        )
