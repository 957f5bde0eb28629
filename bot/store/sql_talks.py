"""The statements of talk threads (:mod:`bot.store.base_talks`). A part of
:class:`bot.store.sql.SqlTransaction`."""

from __future__ import annotations

import json

from bot.store.models import Talk
from bot.store.rows import OPEN_SQL, now, talk_from_json


class TalkStatements:
    async def add_talk(self, match_id: int, thread_id: int, members: tuple[int, ...], opened_by: int) -> None:
        await self.execute(
            "INSERT INTO talks (thread_id, match_id, members, opened_by, created_at) VALUES (?,?,?,?,?)",
            (thread_id, match_id, json.dumps(sorted(members)), opened_by, now()),
        )

    async def set_talk_members(self, thread_id: int, members: tuple[int, ...]) -> None:
        await self.execute("UPDATE talks SET members=? WHERE thread_id=? AND status='open'",
                           (json.dumps(sorted(members)), thread_id))

    async def end_talk(self, thread_id: int) -> None:
        await self.execute("UPDATE talks SET status='archived' WHERE thread_id=?", (thread_id,))

    async def talks_of_ended_matches(self) -> list[tuple[int, Talk]]:
        rows = await self.fetch(
            "SELECT t.match_id, t.thread_id, t.members FROM talks t JOIN matches m ON m.id = t.match_id"
            f" WHERE t.status='open' AND m.status NOT IN {OPEN_SQL} ORDER BY t.match_id, t.thread_id",
        )
        return [(r["match_id"], talk_from_json(r)) for r in rows]

    async def talks_left_behind(self, idle_before: str | None = None) -> list[tuple[int, Talk]]:
        running = "m.status='running'" + (" AND m.updated_at<?" if idle_before is not None else "")
        args = (idle_before,) if idle_before is not None else ()
        rows = await self.fetch(
            "SELECT t.match_id, t.thread_id, t.members FROM talks t JOIN matches m ON m.id = t.match_id"
            f" WHERE t.status='open' AND {running} ORDER BY t.match_id, t.thread_id", args,
        )
        if not rows:
            return []
        seated: dict[int, set[int]] = {}
        for r in await self.fetch(
            "SELECT s.match_id, s.user_id FROM seats s JOIN matches m ON m.id = s.match_id"
            f" WHERE s.autopilot=0 AND s.user_id>0 AND {running}"
            " AND s.match_id IN (SELECT match_id FROM talks WHERE status='open')", args,
        ):
            seated.setdefault(r["match_id"], set()).add(r["user_id"])
        found = [(r["match_id"], talk_from_json(r)) for r in rows]
        # fewer than two: the talk ends (bot.play.talks.MIN_MEMBERS)
        return [(match_id, talk) for match_id, talk in found
                if not set(talk.members) <= seated.get(match_id, set()) or len(talk.members) < 2]
