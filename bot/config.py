"""Settings from the environment, with a ``.env`` file as fallback
(pydantic-settings): the environment wins over ``.env``, and an empty value
means the default.

The token is a ``SecretStr`` so that it never shows up in a repr or a log
line. A wrong value stops the start with one line that names the variable and
what it may be (:class:`SettingsError`), never with a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]
LOG_LEVELS = get_args(LogLevel)


class SettingsError(Exception):
    """A setting with a value it may not have; the message is for the operator."""


class Settings(BaseSettings):
    # Each field is read from the variable in its alias; the description says
    # what the variable may hold, and is what a refusal quotes.
    model_config = SettingsConfigDict(
        env_ignore_empty=True, populate_by_name=True, extra="ignore", str_strip_whitespace=True,
    )

    discord_token: SecretStr = Field(SecretStr(""), validation_alias="DISCORD_TOKEN",
                                     description="the bot token from the Discord developer portal")
    db_path: Path = Field(Path("./data/brettbote.sqlite3"), validation_alias="BRETTBOTE_DB",
                          description="a file path")
    log_level: LogLevel = Field("INFO", validation_alias="LOG_LEVEL", description="one of " + ", ".join(LOG_LEVELS))
    log_payloads: bool = Field(False, validation_alias="BRETTBOTE_LOG_PAYLOADS",
                               description="1 or 0 (true or false), or empty")
    dev_guild_id: int | None = Field(None, gt=0, validation_alias="DEV_GUILD_ID",
                                     description="a server id (a positive whole number), or empty")
    api_base: str = Field(DISCORD_API_BASE, pattern=r"^https?://", validation_alias="DISCORD_API_BASE",
                          description="an http:// or https:// URL, or empty for Discord's own")
    gateway_url: str = Field(DISCORD_GATEWAY_URL, pattern=r"^wss?://", validation_alias="DISCORD_GATEWAY_URL",
                             description="a ws:// or wss:// URL, or empty for Discord's own")
    abandon_days: float = Field(30, ge=1, le=365, validation_alias="BRETTBOTE_ABANDON_DAYS",
                                description="a number of days from 1 to 365")
    matches_per_hour: int = Field(5, ge=1, le=100, validation_alias="BRETTBOTE_MATCHES_PER_HOUR",
                                  description="a whole number from 1 to 100 (new matches per user and server in an hour)")

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value


#: The environment variable of each setting.
VARIABLES = {name: field.validation_alias for name, field in Settings.model_fields.items()}


def load_settings(env_file: Path | None = Path(".env")) -> Settings:
    """The settings from the environment and ``env_file`` (if it exists).

    Raises :class:`SettingsError` with one line per wrong variable."""
    try:
        return Settings(_env_file=env_file)
    except ValidationError as err:
        raise SettingsError("\n".join(_explain(e) for e in err.errors())) from None


def _explain(error: dict) -> str:
    name = str(error["loc"][0]) if error["loc"] else ""
    field = Settings.model_fields.get(name) or next(
        (f for f in Settings.model_fields.values() if f.validation_alias == name), None
    )
    if field is None:  # pragma: no cover - every error is about one field
        return error["msg"]
    variable = field.validation_alias
    shown = "" if field.annotation is SecretStr else f"={error.get('input')!s}"
    return f"{variable}{shown} is not allowed: it must be {field.description}"
