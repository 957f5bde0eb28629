"""Few round trips inside a transaction: the matches it locked are kept in
memory, and its writes wait to be sent together. A part of
:class:`bot.store.sql.SqlTransaction`.

Under load each statement waits twice, for the database and for a busy event
loop, and a move holds its pooled connection (and its match's lock) through
all of them. So inside a transaction:

- A match read with its lock (``match``, ``open_match``) is *kept*: no other
  transaction changes it before this one ends (PostgreSQL's row lock,
  SQLite's single writer), so this transaction's own changes of its row and
  seats (``update_match``, ``update_seat``, ``set_decision_counters``,
  ``advance``, ``add_snapshot``) are made to the kept copy, and reading the match
  again is answered from it.
- Those changes wait, and so do the writes that return nothing and that a
  match read does not show (the action log, timers, the outbox, stints, seat
  votes, snapshots): they are sent before the next other statement, and at
  the latest before the commit, as one UPDATE per changed match (with the
  compare-and-swap on its move counter), one for all of its changed seats,
  and one ``executemany`` per run of the same statement.
- Every other statement is sent after them, so it sees them; one that may
  change what a match read shows makes the transaction forget the matches it
  kept (asked for again, they are read again).

A write that waits reports a broken rule (:class:`~bot.store.base.Conflict`)
at the commit instead of at its call; no caller catches one of those.
Outside a transaction every statement is sent at once and nothing is kept.
"""

from __future__ import annotations

import json
import re
from abc import abstractmethod
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from bot.store.base import Conflict
from bot.store.models import Match
from bot.store.rows import Row, assignments, match_from_parts, match_from_row

#: The tables a match read shows: a statement that may change them makes kept matches stale.
SHOWN = re.compile(r"\b(matches|seats|votes|talks|snapshots)\b", re.IGNORECASE)


@dataclass
class Kept:
    """A match this transaction locked, with its changes made, and which of
    them are still to be written."""

    #: The columns of its row (and ``snapshot_counter``) as the transaction sees them.
    row: dict[str, Any]
    #: Its seats' columns by seat number, likewise.
    seats: dict[int, dict[str, Any]]
    votes: list[dict[str, Any]]
    talks: list[dict[str, Any]]
    #: The move counter as stored: the compare-and-swap of the waiting UPDATE.
    stored_counter: int
    changed: dict[str, Any] = field(default_factory=dict)
    seats_changed: dict[int, set[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, row: Row) -> "Kept":
        seats = {s["seat"]: dict(s) for s in json.loads(row["seats_json"])}
        return cls({k: row[k] for k in row.keys()}, seats, json.loads(row["votes_json"]),
                   json.loads(row["talks_json"]), row["counter"])

    def match(self) -> Match:
        return match_from_parts(self.row, self.seats.values(), self.votes, self.talks)

    def set(self, values: dict[str, Any]) -> None:
        self.row.update(values)
        self.changed.update(values)

    def set_seat(self, seat: int, values: dict[str, Any]) -> None:
        place = self.seats[seat]
        names = {k for k, v in values.items() if place[k] != v}  # a value it already has needs no write
        place.update(values)
        if names:
            self.seats_changed.setdefault(seat, set()).update(names)


class Batched:
    """Kept matches and waiting writes, as described above."""

    def __init__(self, *, in_transaction: bool) -> None:
        #: Inside a transaction (the driver's ``transaction()``): writes may wait, matches are kept.
        self.in_transaction = in_transaction
        self._kept: dict[int, Kept] = {}
        self._waiting: list[tuple[str, list[tuple]]] = []

    # -- the driver's primitives: one round trip each ------------------------------

    @abstractmethod
    async def _fetch(self, sql: str, args: Sequence) -> list[Row]: ...

    @abstractmethod
    async def _fetchrow(self, sql: str, args: Sequence) -> Row | None: ...

    @abstractmethod
    async def _execute(self, sql: str, args: Sequence) -> int: ...

    @abstractmethod
    async def _executemany(self, sql: str, rows: list[tuple]) -> None: ...

    # -- any other statement, after the waiting writes --------------------------------

    async def fetch(self, sql: str, args: Sequence = ()) -> list[Row]:
        await self._before(sql)
        return await self._fetch(sql, args)

    async def fetchrow(self, sql: str, args: Sequence = ()) -> Row | None:
        await self._before(sql)
        return await self._fetchrow(sql, args)

    async def execute(self, sql: str, args: Sequence = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        await self._before(sql)
        return await self._execute(sql, args)

    async def executemany(self, sql: str, rows: Iterable[Sequence]) -> None:
        await self._before(sql)
        await self._send(sql, [tuple(r) for r in rows])

    async def _before(self, sql: str) -> None:
        await self.flush()
        if SHOWN.search(sql) and not sql.lstrip().upper().startswith("SELECT"):
            self._kept.clear()

    async def _send(self, sql: str, rows: list[tuple]) -> None:
        if len(rows) == 1:
            await self._execute(sql, rows[0])
        elif rows:
            await self._executemany(sql, rows)

    # -- waiting writes ----------------------------------------------------------------

    async def later(self, sql: str, rows: Iterable[Sequence]) -> None:
        """Writes of a statement that returns nothing and changes nothing a
        match read shows: sent with the next statement or the commit (at once
        outside a transaction)."""
        rows = [tuple(r) for r in rows]
        if not self.in_transaction:
            await self._send(sql, rows)
        elif self._waiting and self._waiting[-1][0] == sql:
            self._waiting[-1][1].extend(rows)
        elif rows:
            self._waiting.append((sql, rows))

    async def flush(self) -> None:
        """Send every waiting write: the kept matches' changes first (the
        other waiting writes neither read nor change their rows), then the
        others in the order they were made."""
        for match_id, kept in self._kept.items():
            await self._write_kept(match_id, kept)
        waiting, self._waiting = self._waiting, []
        for sql, rows in waiting:
            await self._send(sql, rows)

    async def _write_kept(self, match_id: int, kept: Kept) -> None:
        if kept.changed:
            changed = await self._execute(f"UPDATE matches SET {assignments(kept.changed)} WHERE id=? AND counter=?",
                                          (*kept.changed.values(), match_id, kept.stored_counter))
            if changed != 1:  # only a write around the lock could do this: never commit over it
                raise Conflict(f"match {match_id} changed while locked")
            kept.changed, kept.stored_counter = {}, kept.row["counter"]
        if kept.seats_changed:
            # One statement for every changed seat, whichever columns each
            # changed: a column another seat changed keeps its stored value.
            names = sorted(set().union(*kept.seats_changed.values()))
            sets = ", ".join(f"{n}=CASE WHEN ? THEN ? ELSE {n} END" for n in names)
            rows = [(*(x for n in names for x in (n in changed, kept.seats[seat][n] if n in changed else None)),
                     match_id, seat)
                    for seat, changed in sorted(kept.seats_changed.items())]
            kept.seats_changed = {}
            await self._send(f"UPDATE seats SET {sets} WHERE match_id=? AND seat=?", rows)

    # -- the kept matches --------------------------------------------------------------

    def _kept_match(self, row: Row) -> Match:
        """The match of a row read with its lock (kept inside a transaction)."""
        if not self.in_transaction:
            return match_from_row(row)
        kept = self._kept[row["id"]] = Kept.of(row)
        return kept.match()

    async def _set_match(self, match_id: int, values: dict[str, Any]) -> None:
        kept = self._kept.get(match_id)
        if kept is not None:
            kept.set(values)
        else:
            await self.execute(f"UPDATE matches SET {assignments(values)} WHERE id=?", (*values.values(), match_id))

    async def _set_seats(self, match_id: int, changes: dict[int, dict[str, Any]]) -> None:
        """Set columns of seats: ``{seat: {column: value}}``."""
        kept = self._kept.get(match_id)
        if kept is not None and all(seat in kept.seats and values.keys() <= kept.seats[seat].keys()
                                    for seat, values in changes.items()):
            for seat, values in changes.items():
                kept.set_seat(seat, values)
            return
        alike: dict[tuple[str, ...], list[tuple]] = {}
        for seat, values in changes.items():
            alike.setdefault(tuple(values), []).append((*values.values(), match_id, seat))
        for names, rows in alike.items():
            await self.executemany(f"UPDATE seats SET {assignments(dict.fromkeys(names))} WHERE match_id=? AND seat=?",
                                   rows)
