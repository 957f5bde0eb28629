"""Settings from the environment, with a ``.env`` file as fallback
(pydantic-settings): the environment wins over ``.env``, and an empty value
means the default.

The token is a ``SecretStr`` so that it never shows up in a repr or a log
line. A wrong value stops the start with one line that names the variable and
what it may be (:class:`SettingsError`), never with a traceback.
"""

from __future__ import annotations

import ipaddress
import re
from pathlib import Path
from typing import Literal, get_args

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.store import check_url

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"
DEFAULT_DATABASE_URL = "sqlite:///./data/brettbote.sqlite3"
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
    database_url: str = Field(DEFAULT_DATABASE_URL, validation_alias="DATABASE_URL", repr=False,
                              description="sqlite:///path/to/file or postgresql://user:password@host:port/database")
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
    shard_count: int | None = Field(None, ge=1, le=10_000, validation_alias="SHARD_COUNT",
                                    description="the total number of shards (1 to 10000), or empty for no sharding")
    shard_ids: list[int] | None = Field(None, validation_alias="SHARD_IDS",
                                        description="comma-separated shard numbers below SHARD_COUNT (e.g. 0,1), "
                                                    "or empty for all of them")
    render_workers: int | None = Field(None, ge=0, le=64, validation_alias="RENDER_WORKERS",
                                       description="a whole number from 0 to 64 (processes drawing boards; "
                                                   "0 draws in a thread of the bot's process), or empty for "
                                                   "this process's share of the cores (see BOT_PROCESSES)")
    bot_processes: int = Field(1, ge=1, le=1024, validation_alias="BOT_PROCESSES",
                               description="a whole number from 1 to 1024: how many bot processes (shards) share "
                                           "this machine's cores, so that their render workers together do not "
                                           "outnumber the cores")
    worker_nice: int = Field(10, ge=0, le=19, validation_alias="WORKER_NICE",
                             description="a whole number from 0 to 19: how much lower the render and computer "
                                         "workers' CPU priority is than the bot's (0: the same)")
    computer_workers: int = Field(1, ge=0, le=64, validation_alias="COMPUTER_WORKERS",
                                  description="a whole number from 0 to 64 (processes where computer players "
                                              "think; 0 thinks in a thread of the bot's process)")
    computer_max_ms: int | None = Field(None, ge=1, le=10_000, validation_alias="COMPUTER_MAX_MS",
                                        description="milliseconds from 1 to 10000 (a cap on every match's "
                                                    "thinking time, for a small machine), or empty for none")
    metrics_port: int | None = Field(None, ge=1, le=65535, validation_alias="METRICS_PORT",
                                     description="a TCP port (1-65535) for /healthz and /metrics, or empty for none")
    # The endpoints have no authentication: this machine only, unless the
    # operator opens them (in a container whose port is published, 0.0.0.0).
    metrics_host: str = Field("127.0.0.1", validation_alias="METRICS_HOST",
                              description="an IP address or host name for /healthz and /metrics to listen on "
                                          "(e.g. 0.0.0.0 for every interface), or empty for 127.0.0.1 "
                                          "(this machine only)")
    # The web view (bot.web): off unless WEB_PORT is set. Like /metrics it
    # listens on this machine only unless told otherwise; PUBLIC_URL is the
    # address people open (a reverse proxy with TLS in front, normally).
    web_port: int | None = Field(None, ge=0, le=65535, validation_alias="WEB_PORT",
                                 description="a TCP port (1-65535) for the web view of matches, or empty for none "
                                             "(0 takes a free port)")
    web_host: str = Field("127.0.0.1", validation_alias="WEB_HOST",
                          description="an IP address or host name for the web view to listen on "
                                      "(e.g. 0.0.0.0 for every interface), or empty for 127.0.0.1")
    public_url: str | None = Field(None, pattern=r"^https?://[^\s?#]+$", validation_alias="PUBLIC_URL",
                                   description="the http:// or https:// address people open the web view at "
                                               "(e.g. https://brettbote.example.org), or empty for "
                                               "http://WEB_HOST:WEB_PORT")
    web_secret: SecretStr = Field(SecretStr(""), validation_alias="WEB_SECRET",
                                  description="a secret of at least 32 characters that signs the web view's "
                                              "links, or empty for one generated once and kept in the database")
    web_proxies: list[str] | None = Field(None, validation_alias="WEB_PROXIES",
                                   description="comma-separated addresses or networks of reverse proxies whose "
                                               "X-Forwarded-For the web view trusts (e.g. 127.0.0.1,172.16.0.0/12), "
                                               "or empty for none")
    timer_lease_seconds: float = Field(300, ge=1, le=86400, validation_alias="BRETTBOTE_TIMER_LEASE",
                                       description="seconds from 1 to 86400 (how long a claimed timer may take "
                                                   "before its process is taken for dead)")

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str) -> str:
        return check_url(value)

    @field_validator("web_secret")
    @classmethod
    def _long_secret(cls, value: SecretStr) -> SecretStr:
        if value.get_secret_value() and len(value.get_secret_value()) < 32:
            raise ValueError("too short")
        return value

    @field_validator("metrics_host", "web_host")
    @classmethod
    def _address(cls, value: str) -> str:
        try:
            ipaddress.ip_address(value)
        except ValueError:
            if not re.fullmatch(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?", value):
                raise ValueError("not an address") from None
        return value

    @field_validator("web_proxies", mode="before")
    @classmethod
    def _networks(cls, value: object) -> object:
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        for part in value or []:
            ipaddress.ip_network(part, strict=False)  # a ValueError names the setting
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        if isinstance(value, int):
            return [value]
        return value

    @model_validator(mode="after")
    def _web_reachable(self) -> "Settings":
        # links to 0.0.0.0 would lead nowhere: a web view on every interface needs its public address
        if self.web_port is not None and self.public_url is None and self.web_host in ("0.0.0.0", "::"):
            raise ValueError("PUBLIC_URL must be set when WEB_HOST listens on every interface "
                             "(the address people open, e.g. https://brettbote.example.org)")
        return self

    @model_validator(mode="after")
    def _shards_fit(self) -> "Settings":
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if not self.shard_ids or any(not 0 <= i < self.shard_count for i in self.shard_ids) \
                    or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError(f"SHARD_IDS must be different numbers from 0 to {self.shard_count - 1}")
        return self

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
    if not error["loc"]:  # a rule about several settings: its message names them
        return str(error["msg"]).removeprefix("Value error, ")
    name = str(error["loc"][0])
    field = Settings.model_fields.get(name) or next(
        (f for f in Settings.model_fields.values() if f.validation_alias == name), None
    )
    if field is None:  # pragma: no cover - every other error is about one field
        return error["msg"]
    variable = field.validation_alias
    # a token, or a database URL that may carry a password, is never repeated
    shown = "" if field.annotation is SecretStr or variable == "DATABASE_URL" else f"={error.get('input')!s}"
    return f"{variable}{shown} is not allowed: it must be {field.description}"
