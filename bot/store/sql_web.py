"""The statements the web view needs (migration 0021): the key its links are
signed with, and who holds a seat now. A part of
:class:`bot.store.sql.SqlTransaction`, with :class:`WebReads` the store's side."""

from __future__ import annotations


class WebStatements:
    async def secret(self, name: str, candidate: str) -> str:
        # The first writer wins; every process then reads the same value.
        await self.execute("INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                           (name, candidate))
        row = await self.fetchrow("SELECT value FROM secrets WHERE name=?", (name,))
        return row["value"]

    async def seat_stint(self, match_id: int, seat: int) -> tuple[int, int] | None:
        row = await self.fetchrow("SELECT n, user_id FROM stints WHERE match_id=? AND seat=? AND ending IS NULL"
                                  " ORDER BY n DESC LIMIT 1", (match_id, seat))
        return None if row is None else (row["n"], row["user_id"])


class WebReads:
    """The store's side: each call on a connection or transaction of its own."""

    async def secret(self, name: str, candidate: str) -> str:
        """The secret called ``name``: ``candidate`` if none was kept yet
        (then it is kept), else the one kept first."""
        async with self.transaction() as tx:
            return await tx.secret(name, candidate)

    async def seat_stint(self, match_id: int, seat: int) -> tuple[int, int] | None:
        """``(n, user_id)`` of the stint in which a person holds ``seat`` now
        (``n`` numbers a match's stints), ``None`` when no person does (the
        computer, or the autopilot after its player left)."""
        async with self._reading() as sql:
            return await sql.seat_stint(match_id, seat)
