"""The statements of seats whose player has gone: the votes on what becomes
of such a seat, and the stints (who held which seat when, and how it ended)
that the stats read. A part of :class:`bot.store.sql.SqlTransaction`."""

from __future__ import annotations

import json

from bot.store.models import SeatVote, Stint
from bot.store.rows import now


class SeatStatements:
    async def seat_votes(self, match_id: int, seat: int) -> list[SeatVote]:
        rows = await self.fetch("SELECT seat, voter, choice FROM seat_votes WHERE match_id=? AND seat=? ORDER BY voter",
                                (match_id, seat))
        return [SeatVote(r["seat"], r["voter"], r["choice"]) for r in rows]

    async def cast_seat_vote(self, match_id: int, seat: int, voter: int, choice: str) -> None:
        await self.execute(
            "INSERT INTO seat_votes (match_id, seat, voter, choice, created_at) VALUES (?,?,?,?,?)"
            " ON CONFLICT (match_id, seat, voter) DO UPDATE SET choice=excluded.choice, created_at=excluded.created_at",
            (match_id, seat, voter, choice, now()),
        )

    async def clear_seat_votes(self, match_id: int, seat: int) -> None:
        await self.later("DELETE FROM seat_votes WHERE match_id=? AND seat=?", [(match_id, seat)])

    async def start_stint(self, match_id: int, seat: int, user_id: int) -> None:
        row = await self.fetchrow("SELECT coalesce(max(n), -1) + 1 AS n FROM stints WHERE match_id=?", (match_id,))
        await self.execute("INSERT INTO stints (match_id, n, seat, user_id, started_at) VALUES (?,?,?,?,?)",
                           (match_id, row["n"], seat, user_id, now()))

    async def end_stint(self, match_id: int, seat: int, ending: str) -> None:
        await self.execute("UPDATE stints SET ended_at=?, ending=? WHERE match_id=? AND seat=? AND ending IS NULL",
                           (now(), ending, match_id, seat))

    async def stints(self, user_id: int, guild_id: int | None = None) -> list[Stint]:
        where, args = "t.user_id=?", [user_id]
        if guild_id is not None:
            where, args = "t.user_id=? AND m.guild_id=?", [user_id, guild_id]
        return await self._stints(where, args)

    async def match_stints(self, match_id: int) -> list[Stint]:
        return await self._stints("t.match_id=?", [match_id])

    async def _stints(self, where: str, args: list) -> list[Stint]:
        rows = await self.fetch(
            "SELECT t.match_id, m.guild_id, m.game, t.seat, t.user_id, t.started_at, t.ended_at,"
            " coalesce(t.ending, m.status) AS ending, m.outcome FROM stints t JOIN matches m ON m.id = t.match_id"
            f" WHERE {where} ORDER BY t.match_id, t.n",
            args,
        )
        return [Stint(r["match_id"], r["guild_id"], r["game"], r["seat"], r["user_id"], r["started_at"], r["ended_at"],
                      r["ending"], json.loads(r["outcome"]) if r["outcome"] else None) for r in rows]
