"""Storage: the interface (:mod:`.base`), the data classes (:mod:`.models`),
the SQLite driver (:mod:`.sqlite`) and its numbered migrations. All SQL of
the bot lives in this package."""

from bot.store.base import OPEN, Store, Transaction
from bot.store.models import LoggedAction, Match, Notice, Seat, Timer, User, Vote
from bot.store.sqlite import SqliteStore, migrations

__all__ = ["OPEN", "LoggedAction", "Match", "Notice", "Seat", "SqliteStore", "Store", "Timer", "Transaction", "User", "Vote", "migrations"]
