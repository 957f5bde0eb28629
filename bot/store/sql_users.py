"""The statements of users' time settings and their digest, a per-user
timer claimed like the timers of matches (see :mod:`bot.play.quiet`), and
their vacations (see :mod:`bot.play.away`). A part
of :class:`bot.store.sql.SqlTransaction` and :class:`bot.store.sql.SqlStore`."""

from __future__ import annotations

from bot.store.models import User
from bot.store.rows import user_from_row


class UserStatements:
    async def users(self, user_ids: list[int]) -> dict[int, User]:
        if not user_ids:
            return {}
        marks = ",".join("?" for _ in user_ids)
        rows = await self.fetch(f"SELECT * FROM users WHERE user_id IN ({marks})", list(user_ids))
        return {row["user_id"]: user_from_row(row) for row in rows}

    async def digest_due_by(self, user_id: int, at: float) -> None:
        await self.update_user(user_id)
        await self.execute(
            "UPDATE users SET digest_due=? WHERE user_id=? AND (digest_due IS NULL OR digest_due>?)", (at, user_id, at)
        )
        await self._timer_added()

    async def next_digest(self) -> float | None:
        row = await self.fetchrow("SELECT min(digest_due) AS due FROM users WHERE digest_claimed_at IS NULL")
        return row["due"] if row else None

    async def claim_digests(self, at: float, limit: int) -> list[User]:
        rows = await self.fetch(
            "UPDATE users SET digest_claimed_at=? WHERE user_id IN (SELECT user_id FROM users WHERE"
            f" digest_claimed_at IS NULL AND digest_due<=? ORDER BY digest_due LIMIT ?{self.SKIP_LOCKED}) RETURNING *",
            (at, at, limit),
        )
        return [user_from_row(r) for r in rows]

    async def finish_digest(self, user_id: int, next_due: float | None) -> None:
        await self.execute("UPDATE users SET digest_claimed_at=NULL, digest_due=? WHERE user_id=?", (next_due, user_id))

    async def expire_stale_digests(self, claimed_before: float) -> int:
        return await self.execute(
            "UPDATE users SET digest_claimed_at=NULL WHERE digest_claimed_at<?", (claimed_before,)
        )

    # -- vacations (away_periods, migration 0016; see bot.play.away) -------------

    async def away_periods(self, user_id: int, ended_after: float) -> list[tuple[float, float]]:
        """The user's vacations as (start, end) that end after ``ended_after``, oldest first."""
        rows = await self.fetch(
            "SELECT started_at, ended_at FROM away_periods WHERE user_id=? AND ended_at>? ORDER BY started_at",
            (user_id, ended_after),
        )
        return [(row["started_at"], row["ended_at"]) for row in rows]

    async def add_away_period(self, user_id: int, started_at: float, ended_at: float, forget_before: float) -> None:
        """A new vacation; those that ended before ``forget_before`` count no more and go."""
        await self.execute("DELETE FROM away_periods WHERE user_id=? AND ended_at<?", (user_id, forget_before))
        await self.execute("INSERT INTO away_periods (user_id, started_at, ended_at) VALUES (?,?,?)",
                           (user_id, started_at, ended_at))

    async def end_away_period(self, user_id: int, at: float, ended_at: float) -> None:
        """The vacation running at ``at`` ends at ``ended_at`` (no later than
        planned); one that would end before it began is gone."""
        await self.execute("UPDATE away_periods SET ended_at=? WHERE user_id=? AND started_at<=? AND ended_at>?",
                           (ended_at, user_id, at, at))
        await self.execute("DELETE FROM away_periods WHERE user_id=? AND ended_at<=started_at", (user_id,))



class UserReads:
    """The store's side: each call on a connection or transaction of its own."""

    async def users(self, user_ids: list[int]) -> dict[int, User]:
        async with self._reading() as sql:
            return await sql.users(user_ids)

    async def next_digest(self) -> float | None:
        async with self._reading() as sql:
            return await sql.next_digest()

    async def claim_digests(self, at: float, limit: int = 20) -> list[User]:
        async with self.transaction() as tx:
            return await tx.claim_digests(at, limit)

    async def finish_digest(self, user_id: int, next_due: float | None) -> None:
        async with self.transaction() as tx:
            await tx.finish_digest(user_id, next_due)

    async def digest_due_by(self, user_id: int, at: float) -> None:
        async with self.transaction() as tx:
            await tx.digest_due_by(user_id, at)

    async def expire_stale_digests(self, claimed_before: float) -> int:
        async with self.transaction() as tx:
            return await tx.expire_stale_digests(claimed_before)

