"""SQLite storage of matches, seats, the action log and users (aiosqlite).

One connection per process, used by one transaction at a time: an asyncio
lock serialises transactions, because two coroutines sharing a connection
would otherwise interleave their statements inside one transaction.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import AsyncIterator

import aiosqlite

OPEN = ("lobby", "running")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class Match:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict
    seed: int
    status: str
    host_id: int
    state: str | None
    counter: int
    board_counter: int
    board_channel_id: int | None
    board_message_id: int | None
    outcome: dict | None
    series_id: int | None
    created_at: str
    updated_at: str
    reminder_hours: int = 24
    deadline_hours: int | None = None
    deadline_policy: str = "skip"
    paused: bool = False
    timer_epoch: int = 0
    last_action_at: float | None = None
    board_due: bool = False
    players: int | None = None
    daily_date: str | None = None
    undo_seat: int | None = None
    undo_counter: int | None = None
    #: user ids by seat
    seats: list[int] = field(default_factory=list)
    decision_counters: list[int] = field(default_factory=list)
    cancel_votes: list[bool] = field(default_factory=list)
    decision_at: list[float | None] = field(default_factory=list)
    pause_votes: list[bool] = field(default_factory=list)
    undo_votes: list[bool] = field(default_factory=list)
    away_until: list[float | None] = field(default_factory=list)
    away_used: list[int] = field(default_factory=list)

    def seat_of(self, user_id: int) -> int | None:
        return self.seats.index(user_id) if user_id in self.seats else None


@dataclass
class LoggedAction:
    counter: int
    seat: int
    action: str
    events: list[dict]
    created_at: str
    #: the counter of the undo that took this action back, if any
    undone_by: int | None = None


@dataclass
class Timer:
    id: int
    match_id: int
    kind: str
    seat: int | None
    counter: int
    epoch: int
    due_at: float


@dataclass
class User:
    user_id: int
    locale: str | None
    last_locale: str | None
    dm_closed: bool
    notify: str = "turn"


def _timer(row) -> Timer:
    return Timer(row["id"], row["match_id"], row["kind"], row["seat"], row["counter"], row["epoch"], row["due_at"])


def migrations() -> list[tuple[int, str]]:
    """Numbered SQL files shipped in ``bot/migrations``, in order."""
    folder = Path(__file__).with_name("migrations")
    return sorted((int(f.name.split("_", 1)[0]), f.read_text(encoding="utf-8")) for f in folder.glob("*.sql"))


class Store:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        #: Set whenever a timer is added, so the scheduler can look again.
        self.timer_added = asyncio.Event()

    @classmethod
    async def open(cls, path: Path | str) -> "Store":
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA synchronous=NORMAL")
        store = cls(conn)
        await store.migrate()
        return store

    async def close(self) -> None:
        async with self._lock:  # let a transaction in flight finish first
            await self._conn.close()

    async def migrate(self) -> int:
        async with self._lock:
            (version,) = await (await self._conn.execute("PRAGMA user_version")).fetchone()
            for number, sql in migrations():
                if number > version:
                    await self._conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
                    version = number
            return version

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` .. ``COMMIT``; rolled back on any exception."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")

    # -- reading -----------------------------------------------------------

    async def _match_from_row(self, conn: aiosqlite.Connection, row) -> Match:
        seats = await (await conn.execute("SELECT * FROM seats WHERE match_id=? ORDER BY seat", (row["id"],))).fetchall()
        return Match(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            status=row["status"],
            host_id=row["host_id"],
            state=row["state"],
            counter=row["counter"],
            board_counter=row["board_counter"],
            board_channel_id=row["board_channel_id"],
            board_message_id=row["board_message_id"],
            outcome=json.loads(row["outcome"]) if row["outcome"] else None,
            series_id=row["series_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            reminder_hours=row["reminder_hours"],
            deadline_hours=row["deadline_hours"],
            deadline_policy=row["deadline_policy"],
            paused=bool(row["paused"]),
            timer_epoch=row["timer_epoch"],
            last_action_at=row["last_action_at"],
            board_due=bool(row["board_due"]),
            players=row["players"],
            daily_date=row["daily_date"],
            undo_seat=row["undo_seat"],
            undo_counter=row["undo_counter"],
            seats=[s["user_id"] for s in seats],
            decision_counters=[s["decision_counter"] for s in seats],
            cancel_votes=[bool(s["cancel_vote"]) for s in seats],
            decision_at=[s["decision_at"] for s in seats],
            pause_votes=[bool(s["pause_vote"]) for s in seats],
            undo_votes=[bool(s["undo_vote"]) for s in seats],
            away_until=[s["away_until"] for s in seats],
            away_used=[s["away_used"] for s in seats],
        )

    async def fetch_match(self, conn: aiosqlite.Connection, match_id: int) -> Match | None:
        row = await (await conn.execute("SELECT * FROM matches WHERE id=?", (match_id,))).fetchone()
        return await self._match_from_row(conn, row) if row else None

    async def fetch_open_match(self, conn: aiosqlite.Connection, channel_id: int) -> Match | None:
        row = await (
            await conn.execute(
                "SELECT * FROM matches WHERE channel_id=? AND status IN ('lobby','running')", (channel_id,)
            )
        ).fetchone()
        return await self._match_from_row(conn, row) if row else None

    async def get_match(self, match_id: int) -> Match | None:
        async with self._lock:
            return await self.fetch_match(self._conn, match_id)

    async def open_match(self, channel_id: int) -> Match | None:
        async with self._lock:
            return await self.fetch_open_match(self._conn, channel_id)

    async def latest_match(self, channel_id: int) -> Match | None:
        """The open match of a channel, else its most recent one."""
        async with self._lock:
            row = await (
                await self._conn.execute(
                    "SELECT * FROM matches WHERE channel_id=? ORDER BY status IN ('lobby','running') DESC, id DESC LIMIT 1",
                    (channel_id,),
                )
            ).fetchone()
            return await self._match_from_row(self._conn, row) if row else None

    async def match_ids(self) -> list[int]:
        async with self._lock:
            rows = await (await self._conn.execute("SELECT id FROM matches ORDER BY id")).fetchall()
            return [r[0] for r in rows]

    async def series(self, series_id: int) -> list[Match]:
        async with self._lock:
            rows = await (
                await self._conn.execute("SELECT * FROM matches WHERE series_id=? ORDER BY id", (series_id,))
            ).fetchall()
            return [await self._match_from_row(self._conn, r) for r in rows]

    async def actions(self, match_id: int, last: int | None = None) -> list[LoggedAction]:
        async with self._lock:
            return await self.fetch_actions(self._conn, match_id, last)

    async def fetch_actions(self, conn, match_id: int, last: int | None = None) -> list[LoggedAction]:
        if last is None:
            sql, args = "SELECT * FROM actions WHERE match_id=? ORDER BY counter", (match_id,)
        else:
            sql = "SELECT * FROM (SELECT * FROM actions WHERE match_id=? ORDER BY counter DESC LIMIT ?) ORDER BY counter"
            args = (match_id, last)
        rows = await (await conn.execute(sql, args)).fetchall()
        return [
            LoggedAction(r["counter"], r["seat"], r["action"], json.loads(r["events"]), r["created_at"], r["undone_by"])
            for r in rows
        ]

    # -- writing (inside a transaction) ------------------------------------

    async def insert_match(
        self, conn, *, guild_id, channel_id, game, options, seed, host_id, series_id=None, status="lobby", state=None
    ) -> int:
        stamp = now()
        cur = await conn.execute(
            "INSERT INTO matches (guild_id, channel_id, game, options, seed, status, host_id, state, series_id,"
            " created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (guild_id, channel_id, game, json.dumps(options), seed, status, host_id, state, series_id, stamp, stamp),
        )
        return cur.lastrowid

    async def set_seats(self, conn, match_id: int, user_ids: list[int]) -> None:
        await conn.execute("DELETE FROM seats WHERE match_id=?", (match_id,))
        await conn.executemany(
            "INSERT INTO seats (match_id, seat, user_id) VALUES (?,?,?)",
            [(match_id, seat, uid) for seat, uid in enumerate(user_ids)],
        )

    async def update_match(self, conn, match_id: int, **values) -> None:
        for key in ("options", "outcome"):
            if key in values and not isinstance(values[key], (str, type(None))):
                values[key] = json.dumps(values[key])
        values["updated_at"] = now()
        assignments = ", ".join(f"{k}=?" for k in values)
        await conn.execute(f"UPDATE matches SET {assignments} WHERE id=?", (*values.values(), match_id))

    async def advance(self, conn, match_id: int, expected_counter: int, state: str, status: str, outcome) -> bool:
        """Compare-and-swap on the move counter: False if another move won the race."""
        cur = await conn.execute(
            "UPDATE matches SET state=?, counter=counter+1, status=?, outcome=?, updated_at=?"
            " WHERE id=? AND counter=?",
            (state, status, json.dumps(outcome) if outcome else None, now(), match_id, expected_counter),
        )
        return cur.rowcount == 1

    async def append_action(self, conn, match_id: int, counter: int, seat: int, action: str, events: list[dict]) -> None:
        await conn.execute(
            "INSERT INTO actions (match_id, counter, seat, action, events, created_at) VALUES (?,?,?,?,?,?)",
            (match_id, counter, seat, action, json.dumps(events, ensure_ascii=False), now()),
        )

    async def set_decision_counters(self, conn, match_id: int, counters: list[int]) -> None:
        await conn.executemany(
            "UPDATE seats SET decision_counter=? WHERE match_id=? AND seat=?",
            [(c, match_id, seat) for seat, c in enumerate(counters)],
        )

    async def set_cancel_vote(self, conn, match_id: int, seat: int) -> None:
        await conn.execute("UPDATE seats SET cancel_vote=1 WHERE match_id=? AND seat=?", (match_id, seat))

    async def update_seat(self, conn, match_id: int, seat: int, **values) -> None:
        assignments = ", ".join(f"{k}=?" for k in values)
        await conn.execute(f"UPDATE seats SET {assignments} WHERE match_id=? AND seat=?", (*values.values(), match_id, seat))

    async def update_seats(self, conn, match_id: int, **values) -> None:
        """The same values for every seat of a match (clearing votes)."""
        assignments = ", ".join(f"{k}=?" for k in values)
        await conn.execute(f"UPDATE seats SET {assignments} WHERE match_id=?", (*values.values(), match_id))

    # -- timers ------------------------------------------------------------

    async def add_timer(self, conn, match_id: int, kind: str, seat: int | None, counter: int, epoch: int, due_at: float) -> None:
        await conn.execute(
            "INSERT INTO timers (match_id, kind, seat, counter, epoch, due_at) VALUES (?,?,?,?,?,?)",
            (match_id, kind, seat, counter, epoch, due_at),
        )
        self.timer_added.set()

    async def replace_abandon_timer(self, conn, match_id: int, counter: int, due_at: float) -> None:
        """One abandonment timer per match: a new one replaces the old timer
        and any pending close, so a match is warned about once."""
        await conn.execute(
            "DELETE FROM timers WHERE match_id=? AND kind IN ('abandon','close') AND claimed_at IS NULL", (match_id,)
        )
        await self.add_timer(conn, match_id, "abandon", None, counter, 0, due_at)

    async def pending_kinds(self, conn, match_id: int, seat: int, counter: int, epoch: int) -> set[str]:
        rows = await (
            await conn.execute(
                "SELECT kind FROM timers WHERE match_id=? AND seat=? AND counter=? AND epoch=? AND claimed_at IS NULL",
                (match_id, seat, counter, epoch),
            )
        ).fetchall()
        return {r[0] for r in rows}

    async def fetch_running(self, conn) -> list[Match]:
        rows = await (await conn.execute("SELECT * FROM matches WHERE status='running' ORDER BY id")).fetchall()
        return [await self._match_from_row(conn, r) for r in rows]

    async def next_timer(self) -> Timer | None:
        async with self._lock:
            row = await (
                await self._conn.execute("SELECT * FROM timers WHERE claimed_at IS NULL ORDER BY due_at, id LIMIT 1")
            ).fetchone()
            return _timer(row) if row else None

    async def claim_timer(self, timer_id: int, at: float) -> bool:
        """True for exactly one caller: a claimed timer is never fired again."""
        async with self.transaction() as conn:
            cur = await conn.execute("UPDATE timers SET claimed_at=? WHERE id=? AND claimed_at IS NULL", (at, timer_id))
            return cur.rowcount == 1

    async def finish_timer(self, timer_id: int) -> None:
        async with self.transaction() as conn:
            await conn.execute("UPDATE timers SET done=1 WHERE id=?", (timer_id,))

    async def pending_timers(self, match_id: int) -> list[Timer]:
        async with self._lock:
            rows = await (
                await self._conn.execute(
                    "SELECT * FROM timers WHERE match_id=? AND claimed_at IS NULL ORDER BY due_at", (match_id,)
                )
            ).fetchall()
            return [_timer(r) for r in rows]

    async def daily_matches(self, guild_id: int | None, date: str | None = None) -> list[Match]:
        """Daily challenges of a server, of one day or of all days."""
        async with self._lock:
            sql = "SELECT * FROM matches WHERE guild_id IS ? AND daily_date IS NOT NULL"
            args: tuple = (guild_id,)
            if date is not None:
                sql += " AND daily_date=?"
                args += (date,)
            rows = await (await self._conn.execute(sql + " ORDER BY id", args)).fetchall()
            return [await self._match_from_row(self._conn, r) for r in rows]

    async def board_due_matches(self) -> list[Match]:
        async with self._lock:
            rows = await (
                await self._conn.execute("SELECT * FROM matches WHERE status IN ('running','finished') AND board_due=1")
            ).fetchall()
            return [await self._match_from_row(self._conn, r) for r in rows]

    async def user_matches(self, user_id: int) -> list[Match]:
        async with self._lock:
            rows = await (
                await self._conn.execute(
                    "SELECT m.* FROM matches m JOIN seats s ON s.match_id = m.id"
                    " WHERE s.user_id=? AND m.status IN ('lobby','running') ORDER BY m.id",
                    (user_id,),
                )
            ).fetchall()
            return [await self._match_from_row(self._conn, r) for r in rows]

    # -- users -------------------------------------------------------------

    async def get_user(self, user_id: int) -> User | None:
        async with self._lock:
            row = await (await self._conn.execute("SELECT * FROM users WHERE user_id=?", (user_id,))).fetchone()
            if row is None:
                return None
            return User(row["user_id"], row["locale"], row["last_locale"], bool(row["dm_closed"]), row["notify"])

    async def update_user(self, user_id: int, **values) -> None:
        async with self._lock:
            await self._conn.execute(
                "INSERT INTO users (user_id, updated_at) VALUES (?, ?) ON CONFLICT(user_id) DO NOTHING",
                (user_id, now()),
            )
            values["updated_at"] = now()
            assignments = ", ".join(f"{k}=?" for k in values)
            await self._conn.execute(f"UPDATE users SET {assignments} WHERE user_id=?", (*values.values(), user_id))
