"""Application commands as synced by the bot (global and per guild)."""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional

from .errors import DiscordAPIError, UNKNOWN_COMMAND, invalid_form, not_found

CHAT_INPUT = 1

# Scope: None for global commands, else the guild id.
Scope = Optional[int]


class CommandRegistry:
    def __init__(self, application_id: int, new_id: Callable[[], int]) -> None:
        self.application_id = application_id
        self._new_id = new_id
        self._commands: dict[Scope, dict[int, dict[str, Any]]] = {}
        # Discord keeps a command's id when a bulk overwrite re-sends the same name and type.
        self._ids: dict[tuple[Scope, str, int], int] = {}
        # How often each scope was bulk-overwritten, so tests can see a (re)sync happened.
        self.sync_count: dict[Scope, int] = {}

    def list(self, scope: Scope) -> list[dict[str, Any]]:
        return [copy.deepcopy(c) for c in self._commands.get(scope, {}).values()]

    def get(self, scope: Scope, command_id: int) -> dict[str, Any]:
        try:
            return copy.deepcopy(self._commands[scope][command_id])
        except KeyError:
            raise not_found(UNKNOWN_COMMAND, "application command") from None

    def _build(self, scope: Scope, body: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(body, dict) or not body.get("name"):
            raise invalid_form("name", "This field is required")
        ctype = int(body.get("type") or CHAT_INPUT)
        key = (scope, body["name"], ctype)
        command_id = self._ids.setdefault(key, self._new_id())
        command: dict[str, Any] = {
            "id": str(command_id),
            "application_id": str(self.application_id),
            "version": str(self._new_id()),
            "type": ctype,
            "name": body["name"],
            "name_localizations": body.get("name_localizations"),
            "description": body.get("description") or "",
            "description_localizations": body.get("description_localizations"),
            "options": copy.deepcopy(body.get("options") or []),
            "default_member_permissions": body.get("default_member_permissions"),
            "nsfw": bool(body.get("nsfw", False)),
            "contexts": body.get("contexts"),
            "integration_types": body.get("integration_types") or [0],
        }
        if scope is not None:
            command["guild_id"] = str(scope)
        else:
            command["dm_permission"] = body.get("dm_permission", True)
        return command

    def bulk_overwrite(self, scope: Scope, bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if not isinstance(bodies, list):
            raise invalid_form("(body)", "Expected an array of commands")
        names = [(b.get("name"), int(b.get("type") or CHAT_INPUT)) for b in bodies]
        if len(set(names)) != len(names):
            raise DiscordAPIError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "_errors": [
                        {
                            "code": "APPLICATION_COMMANDS_DUPLICATE_NAME",
                            "message": "Application command names must be unique",
                        }
                    ]
                },
            )
        commands = [self._build(scope, body) for body in bodies]
        self._commands[scope] = {int(c["id"]): c for c in commands}
        self.sync_count[scope] = self.sync_count.get(scope, 0) + 1
        return copy.deepcopy(commands)

    def upsert(self, scope: Scope, body: dict[str, Any]) -> dict[str, Any]:
        command = self._build(scope, body)
        self._commands.setdefault(scope, {})[int(command["id"])] = command
        return copy.deepcopy(command)

    def edit(self, scope: Scope, command_id: int, body: dict[str, Any]) -> dict[str, Any]:
        current = self.get(scope, command_id)
        merged = {**current, **body}
        return self.upsert(scope, merged)

    def delete(self, scope: Scope, command_id: int) -> None:
        self.get(scope, command_id)
        del self._commands[scope][command_id]

    def lookup(self, name: str, *, guild_id: Optional[int], ctype: int = CHAT_INPUT) -> dict[str, Any]:
        """The command a user would pick: guild commands shadow global ones."""
        for scope in ([guild_id] if guild_id is not None else []) + [None]:
            for command in self._commands.get(scope, {}).values():
                if command["name"] == name and command["type"] == ctype:
                    return command
        synced = sorted({c["name"] for cmds in self._commands.values() for c in cmds.values()})
        raise LookupError(f"command {name!r} was not synced by the bot (synced: {synced})")
