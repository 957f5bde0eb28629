"""How a match is read from SQLite in one statement, and rows become models.

The seats and votes of a match come along as JSON arrays from correlated
subqueries, so a list of matches costs one query, not one more per seat.
"""

from __future__ import annotations

import json

import aiosqlite

from bot.store.base import OPEN
from bot.store.models import LoggedAction, Match, Seat, Timer, Vote

OPEN_SQL = "('" + "','".join(OPEN) + "')"

#: Every column of a match, plus its seats and votes as JSON arrays.
MATCH_SELECT = """
SELECT m.*,
    (SELECT json_group_array(json_object(
        'seat', s.seat, 'user_id', s.user_id, 'decision_counter', s.decision_counter,
        'decision_at', s.decision_at, 'away_until', s.away_until, 'away_used', s.away_used,
        'autopilot', s.autopilot))
     FROM seats s WHERE s.match_id = m.id) AS seats_json,
    (SELECT json_group_array(json_object('kind', v.kind, 'seat', v.seat, 'counter', v.counter))
     FROM votes v WHERE v.match_id = m.id) AS votes_json
FROM matches m
"""


def match_from_row(row: aiosqlite.Row) -> Match:
    # json_group_array promises no order: seats are put in order here
    seats = sorted((Seat(**{**s, "autopilot": bool(s["autopilot"])}) for s in json.loads(row["seats_json"])),
                   key=lambda s: s.seat)
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
        seats=seats,
        votes=[Vote(**v) for v in json.loads(row["votes_json"])],
    )


def timer_from_row(row: aiosqlite.Row) -> Timer:
    return Timer(row["id"], row["match_id"], row["kind"], row["seat"], row["counter"], row["epoch"], row["due_at"])


def action_from_row(row: aiosqlite.Row) -> LoggedAction:
    undoable = row["undoable"]
    return LoggedAction(row["counter"], row["seat"], row["action"], json.loads(row["events"]), row["created_at"],
                        row["undone_by"], None if undoable is None else bool(undoable))
