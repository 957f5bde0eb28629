"""Storage: the interface (:mod:`.base`), the data classes (:mod:`.models`),
the statements written once (:mod:`.sql`) for two drivers (:mod:`.sqlite`,
:mod:`.postgres`), and the numbered migrations of both (:mod:`.schema`). All
SQL of the bot lives in this package."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

from bot.store.base import OPEN, Conflict, Store, Transaction
from bot.store.models import (
    GuildSettings, LoggedAction, Match, Notice, Rating, Seat, SeatVote, Stint, Talk, Timer, Turn, User, Vote, computer_id,
)
from bot.store.schema import migrations
from bot.store.sqlite import SqliteStore

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///path`` URL (``sqlite:////abs`` for an
    absolute path), ``None`` for any other URL."""
    return Path(url[len(SQLITE_PREFIX):]) if url.startswith(SQLITE_PREFIX) else None


def check_url(url: str) -> str:
    """The URL if a driver takes it, else ValueError saying what would do."""
    if (url.startswith(SQLITE_PREFIX) and len(url) > len(SQLITE_PREFIX)) or url.startswith(POSTGRES_PREFIXES):
        return url
    raise ValueError("a database URL: sqlite:///path/to/file or postgresql://user@host:port/database")


def redacted(url: str) -> str:
    """The URL with any password replaced, for logs and messages."""
    return re.sub(r"(://[^:/@]+:)[^/]*@", r"\1***@", url)


class StoreUnavailable(Exception):
    """The database cannot be opened; the message (for the operator) names it
    without its password and says why."""


async def open_store(url: str) -> Store:
    """The store at ``url`` (created and migrated as needed); raises
    :class:`StoreUnavailable` when it cannot be reached or opened."""
    check_url(url)
    path = sqlite_path(url)
    try:
        if path is not None:
            return await SqliteStore.open(path)
        from bot.store.postgres import PostgresStore  # asyncpg only when asked for

        return await PostgresStore.open(url)
    except (OSError, sqlite3.Error, asyncio.TimeoutError) as err:
        raise StoreUnavailable(f"the database {redacted(url)} cannot be opened: {err}") from err
    except Exception as err:  # asyncpg's own errors (refused login, unknown database)
        if type(err).__module__.startswith("asyncpg"):
            raise StoreUnavailable(f"the database {redacted(url)} cannot be opened: {err}") from err
        raise


__all__ = ["OPEN", "Conflict", "GuildSettings", "LoggedAction", "Match", "Notice", "Rating", "Seat", "SeatVote", "SqliteStore", "Stint", "Store", "Talk", "Timer", "Turn",
           "Transaction", "User", "Vote", "StoreUnavailable", "check_url", "computer_id", "migrations", "open_store", "redacted", "sqlite_path"]
