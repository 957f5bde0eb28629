"""Discord-shaped API errors raised by handlers and turned into JSON responses by the server."""

from __future__ import annotations

from typing import Any, Optional

# Discord JSON error codes the fake uses.
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_USER = 10013
UNKNOWN_MEMBER = 10007
UNKNOWN_COMMAND = 10063
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
OPENING_DMS_TOO_FAST = 40003
CANNOT_DM_USER = 50007
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
THREAD_ARCHIVED = 50083
INVALID_FORM_BODY = 50035


class DiscordAPIError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: Optional[dict[str, Any]] = None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            payload["errors"] = self.errors
        return payload


def not_found(code: int, what: str) -> DiscordAPIError:
    return DiscordAPIError(404, code, f"Unknown {what}")


def missing_permissions() -> DiscordAPIError:
    return DiscordAPIError(403, MISSING_PERMISSIONS, "Missing Permissions")


def invalid_form(field: str, message: str, error_code: str = "BASE_TYPE_INVALID") -> DiscordAPIError:
    # Same nesting as Discord ("errors" -> field -> "_errors"), which discord.py flattens into its message.
    return DiscordAPIError(
        400, INVALID_FORM_BODY, "Invalid Form Body", {field: {"_errors": [{"code": error_code, "message": message}]}}
    )
