"""Settings from the environment, with a ``.env`` file as fallback.

The token is a ``SecretStr`` so that it never shows up in a repr or a log line.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, SecretStr

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"


class Settings(BaseModel):
    discord_token: SecretStr = SecretStr("")
    db_path: Path = Path("./data/brettbote.sqlite3")
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    api_base: str = DISCORD_API_BASE
    gateway_url: str = DISCORD_GATEWAY_URL
    abandon_days: float = 30


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; ``#`` comments and blank lines are skipped, quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def load_settings(env: dict[str, str] | None = None, env_file: Path | None = Path(".env")) -> Settings:
    """The environment wins over ``.env``; empty values mean "use the default"."""
    merged = read_env_file(env_file) if env_file else {}
    merged.update(os.environ if env is None else env)

    def get(key: str) -> str | None:
        value = merged.get(key, "").strip()
        return value or None

    data: dict = {}
    for key, field in (
        ("DISCORD_TOKEN", "discord_token"),
        ("BRETTBOTE_DB", "db_path"),
        ("LOG_LEVEL", "log_level"),
        ("DEV_GUILD_ID", "dev_guild_id"),
        ("DISCORD_API_BASE", "api_base"),
        ("DISCORD_GATEWAY_URL", "gateway_url"),
        ("BRETTBOTE_ABANDON_DAYS", "abandon_days"),
    ):
        value = get(key)
        if value is not None:
            data[field] = value
    return Settings.model_validate(data)
