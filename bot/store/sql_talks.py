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

    async def end_talk(self, thread_id: int) -> None:
        await self.execute("UPDATE talks SET status='archived' WHERE thread_id=?", (thread_id,))

    async def talks_of_ended_matches(self) -> list[tuple[int, Talk]]:
        rows = await self.fetch(
            "SELECT t.match_id, t.thread_id, t.members FROM talks t JOIN matches m ON m.id = t.match_id"
            f" WHERE t.status='open' AND m.status NOT IN {OPEN_SQL} ORDER BY t.match_id, t.thread_id",
        )
        return [(r["match_id"], talk_from_json(r)) for r in rows]
