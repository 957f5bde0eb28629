"""How a match is read in one statement, and rows become models.

The seats, votes and open talk threads of a match come along as JSON arrays
from correlated subqueries, so a list of matches costs one query, not one more per seat. The
JSON functions are the one place where the two dialects differ: SQLite has
``json_group_array``, PostgreSQL ``json_agg`` (NULL for no rows, hence the
``coalesce``). Rows of both drivers are read by column name.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping

from bot.store.base import OPEN
from bot.store.models import STANDING, LoggedAction, Match, Seat, Talk, Timer, User, Vote


def now() -> str:
    """A timestamp for the ``created_at``/``updated_at`` columns."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def assignments(values: dict[str, Any]) -> str:
    """``a=?, b=?`` for an UPDATE; column names come from our own code, never from users."""
    return ", ".join(f"{k}=?" for k in values)

OPEN_SQL = "('" + "','".join(OPEN) + "')"

SEAT_COLUMNS = ("seat", "user_id", "decision_counter", "decision_at", "away_until", "away_used", "autopilot",
                "original_user_id", "handover", "missed", "bank_left", "clock_from")
VOTE_COLUMNS = ("kind", "seat", "counter")
TALK_COLUMNS = ("thread_id", "members")


def _select(array: str, obj: str, wrap: str) -> str:
    """Every column of a match, plus its seats, votes and open talks as JSON
    arrays, and the counter of its newest snapshot (a move decides whether it
    takes one without a query of its own)."""
    seat = ", ".join(f"'{c}', s.{c}" for c in SEAT_COLUMNS)
    vote = ", ".join(f"'{c}', v.{c}" for c in VOTE_COLUMNS)
    talk = ", ".join(f"'{c}', t.{c}" for c in TALK_COLUMNS)
    return f"""
SELECT m.*,
    (SELECT {wrap.format(f"{array}({obj}({seat}))")} FROM seats s WHERE s.match_id = m.id) AS seats_json,
    (SELECT {wrap.format(f"{array}({obj}({vote}))")} FROM votes v WHERE v.match_id = m.id) AS votes_json,
    (SELECT {wrap.format(f"{array}({obj}({talk}))")} FROM talks t
        WHERE t.match_id = m.id AND t.status = 'open') AS talks_json,
    (SELECT max(n.counter) FROM snapshots n WHERE n.match_id = m.id) AS snapshot_counter
FROM matches m
"""


SQLITE_MATCH_SELECT = _select("json_group_array", "json_object", "{}")
POSTGRES_MATCH_SELECT = _select("json_agg", "json_build_object", "coalesce({}, '[]'::json)")

Row = Mapping[str, Any]


def match_from_row(row: Row) -> Match:
    return match_from_parts(row, json.loads(row["seats_json"]), json.loads(row["votes_json"]),
                            json.loads(row["talks_json"]))


def match_from_parts(row: Row, seats: Iterable[Mapping[str, Any]], votes: Iterable[Mapping[str, Any]],
                     talks: Iterable[Mapping[str, Any]]) -> Match:
    """A match from its row and its seats, votes and open talks as column
    dicts (what the match select's JSON arrays hold)."""
    # neither aggregate promises an order: seats are put in order here
    ordered = sorted((Seat(**{**s, "autopilot": bool(s["autopilot"])}) for s in seats), key=lambda s: s.seat)
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
        computer_ms=row["computer_ms"],
        undo_seat=row["undo_seat"],
        rated=bool(row["rated"]),
        bank_hours=row["bank_hours"],
        increment_hours=row["increment_hours"],
        engine_version=row["engine_version"],
        seats=ordered,
        votes=[Vote(**v) for v in votes],
        talks=sorted((talk_from_json(t) for t in talks), key=lambda t: t.thread_id),
    )


def talk_from_json(found: Mapping[str, Any]) -> Talk:
    """A talk of the match select, or of a row of ``talks`` (``members`` is
    stored as a JSON array in a text column)."""
    return Talk(int(found["thread_id"]), tuple(json.loads(found["members"])))


def timer_from_row(row: Row) -> Timer:
    return Timer(row["id"], row["match_id"], row["kind"], row["seat"], row["counter"], row["epoch"], row["due_at"])


def action_from_row(row: Row) -> LoggedAction:
    undoable = row["undoable"]
    return LoggedAction(row["counter"], row["seat"], row["action"], json.loads(row["events"]), row["created_at"],
                        row["undone_by"], None if undoable is None else bool(undoable), bool(row["automatic"]),
                        row["automatic"] == STANDING)


def user_from_row(row: Row) -> User:
    return User(row["user_id"], row["locale"], row["last_locale"], bool(row["dm_closed"]), row["notify"],
                away_until=row["away_until"], away_month=row["away_month"], away_days=row["away_days"],
                tz=row["tz"], quiet_from=row["quiet_from"], quiet_to=row["quiet_to"],
                digest_hour=row["digest_hour"], digest_due=row["digest_due"])
