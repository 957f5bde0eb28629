"""The statements of ratings and stats: openskill ratings per server, game
and person, what each rated match changed (or why it changed nothing), who
made a move of their own, and the turns the stats time. A part of
:class:`bot.store.sql.SqlTransaction`."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from bot.store.models import Rating, Turn
from bot.store.rows import now


class RatingStatements:
    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]:
        if not user_ids:
            return {}
        marks = ",".join("?" for _ in user_ids)
        rows = await self.fetch(
            f"SELECT * FROM ratings WHERE guild_id=? AND game=? AND user_id IN ({marks})", (guild_id, game, *user_ids))
        return {r["user_id"]: Rating(r["user_id"], r["mu"], r["sigma"], r["matches"]) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        rows = await self.fetch(
            "SELECT * FROM ratings WHERE guild_id=? AND game=? ORDER BY mu - 3 * sigma DESC, matches DESC, user_id"
            " LIMIT ?", (guild_id, game, limit))
        return [Rating(r["user_id"], r["mu"], r["sigma"], r["matches"]) for r in rows]

    async def was_rated(self, match_id: int) -> bool:
        """Have the ratings dealt with the match (changed by it, or found it
        should change nothing)?"""
        if await self.fetchrow("SELECT 1 AS found FROM matches WHERE id=? AND rating_result IS NOT NULL",
                               (match_id,)) is not None:
            return True
        return await self.fetchrow("SELECT 1 AS found FROM rating_changes WHERE match_id=? LIMIT 1",
                                   (match_id,)) is not None

    async def mark_decided(self, match_id: int, seat: int) -> None:
        """The person holding the seat now made a move of their own choice."""
        await self.later("UPDATE stints SET decided=1 WHERE match_id=? AND seat=? AND ending IS NULL AND decided=0",
                         [(match_id, seat)])

    async def decided_people(self, match_id: int) -> set[int]:
        """The people who made a move of their own choice in the match."""
        rows = await self.fetch("SELECT DISTINCT user_id FROM stints WHERE match_id=? AND decided=1", (match_id,))
        return {r["user_id"] for r in rows}

    async def counted_results(self, guild_id: int, game: str, people: str, hours: float) -> int:
        """How many results of exactly these ``people`` (see :meth:`note_rating`)
        in the server's game changed ratings in the last ``hours``."""
        since = (datetime.now(timezone.utc) - timedelta(hours=hours)).isoformat(timespec="seconds")
        row = await self.fetchrow(
            "SELECT count(*) AS n FROM matches WHERE guild_id=? AND game=? AND rating_people=? AND rating_at>?"
            " AND rating_result='counted'", (guild_id, game, people, since))
        return row["n"]

    async def note_rating(self, match_id: int, people: str, result: str) -> None:
        """What the ratings made of a finished match: ``counted``, ``repeat``
        or ``undecided``; ``people``: the rated people's sorted ids, comma-separated."""
        await self._set_match(match_id, {"rating_result": result, "rating_people": people, "rating_at": now()})

    async def match_channels(self, user_id: int, guild_id: int) -> dict[int, int]:
        """The channel of each of the server's matches the user sat in, by match id."""
        rows = await self.fetch(
            "SELECT DISTINCT m.id, m.channel_id FROM stints t JOIN matches m ON m.id = t.match_id"
            " WHERE t.user_id=? AND m.guild_id=?", (user_id, guild_id))
        return {r["id"]: r["channel_id"] for r in rows}

    async def record_ratings(self, match_id: int, guild_id: int, game: str,
                             changes: list[tuple[int, int, Rating, Rating]]) -> None:
        stamp = now()
        await self.executemany(
            "INSERT INTO rating_changes (match_id, user_id, rank, mu_before, sigma_before, mu, sigma)"
            " VALUES (?,?,?,?,?,?,?)",
            [(match_id, user, rank, old.mu, old.sigma, new.mu, new.sigma) for user, rank, old, new in changes])
        await self.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, matches, updated_at) VALUES (?,?,?,?,?,1,?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma,"
            " matches=ratings.matches+1, updated_at=excluded.updated_at",
            [(guild_id, game, user, new.mu, new.sigma, stamp) for user, _rank, _old, new in changes])

    async def turns(self, user_id: int, guild_id: int) -> list[Turn]:
        """Every action (not taken back) of a seat while the user held it, in
        the server's matches, with when that turn began: the match's action
        before it, or the user's taking the seat if that came later."""
        rows = await self.fetch(
            # a turn starts at the match's previous action, or when the user took the seat if later
            "SELECT a.match_id, a.seat, a.created_at, CASE WHEN a.previous_at IS NULL OR a.previous_at < t.started_at"
            " THEN t.started_at ELSE a.previous_at END AS previous_at FROM"
            " (SELECT match_id, seat, created_at, undone_by,"
            "  LAG(created_at) OVER (PARTITION BY match_id ORDER BY counter) AS previous_at FROM actions"
            "  WHERE match_id IN (SELECT t.match_id FROM stints t JOIN matches m ON m.id = t.match_id"
            "   WHERE t.user_id=? AND m.guild_id=?)) a"
            " JOIN stints t ON t.match_id = a.match_id AND t.seat = a.seat AND t.user_id=?"
            " AND a.created_at >= t.started_at AND (t.ended_at IS NULL OR a.created_at <= t.ended_at)"
            " WHERE a.undone_by IS NULL ORDER BY a.match_id, a.created_at",
            (user_id, guild_id, user_id))
        return [Turn(r["match_id"], r["seat"], r["created_at"], r["previous_at"]) for r in rows]


class RatingReads:
    """The store's side: each call on a connection of its own."""

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        async with self._reading() as sql:
            return await sql.leaderboard(guild_id, game, limit)

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]:
        async with self._reading() as sql:
            return await sql.ratings(guild_id, game, user_ids)

    async def turns(self, user_id: int, guild_id: int) -> list[Turn]:
        async with self._reading() as sql:
            return await sql.turns(user_id, guild_id)

    async def match_channels(self, user_id: int, guild_id: int) -> dict[int, int]:
        async with self._reading() as sql:
            return await sql.match_channels(user_id, guild_id)
