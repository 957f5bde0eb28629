"""The statements of server settings (``guild_settings``, migration 0012)
and of the matches of one server. A part of :class:`bot.store.sql.SqlTransaction`."""

from __future__ import annotations

from typing import Any

from bot.store.models import GuildSettings, Match
from bot.store.rows import assignments, now

#: The columns :meth:`GuildStatements.update_guild_settings` may set.
GUILD_COLUMNS = ("games", "reminder_hours", "deadline_hours", "deadline_policy", "threads", "moderator_role_id",
                 "announce_channel_id", "web")


class GuildStatements:
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self.fetchrow("SELECT * FROM guild_settings WHERE guild_id=?", (guild_id,))
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(
            guild_id, row["games"].split(",") if row["games"] else None, row["reminder_hours"], row["deadline_hours"],
            row["deadline_policy"], row["threads"] != 0, row["moderator_role_id"], row["announce_channel_id"],
            row["web"] != 0,
        )

    async def update_guild_settings(self, guild_id: int, **values: Any) -> None:
        unknown = set(values) - set(GUILD_COLUMNS)
        if unknown:  # column names are never user input; this guards the f-string below
            raise ValueError(f"unknown guild settings {sorted(unknown)}")
        if "games" in values and values["games"] is not None:
            values["games"] = ",".join(values["games"])
        for flag in ("threads", "web"):
            if values.get(flag) is not None:
                values[flag] = int(values[flag])
        await self.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (?, ?)"
                           " ON CONFLICT (guild_id) DO NOTHING", (guild_id, now()))
        values["updated_at"] = now()
        await self.execute(f"UPDATE guild_settings SET {assignments(values)} WHERE guild_id=?",
                           (*values.values(), guild_id))

    async def guild_matches(self, guild_id: int, status: str) -> list[Match]:
        return await self._matches("WHERE m.guild_id=? AND m.status=? ORDER BY m.id", (guild_id, status))
