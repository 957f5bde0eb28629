"""The talk threads' part of the storage interface (a base of
:class:`bot.store.base.Transaction`; the statements are
:mod:`bot.store.sql_talks`). A match's open talks come with the match
(``Match.talks``); these are the writes, and the reads the repairs need."""

from __future__ import annotations

from abc import ABC, abstractmethod

from bot.store.models import Talk


class TalkMethods(ABC):
    @abstractmethod
    async def add_talk(self, match_id: int, thread_id: int, members: tuple[int, ...], opened_by: int) -> None:
        """A talk thread opened for ``members`` (sorted user ids, the caller included)."""

    @abstractmethod
    async def end_talk(self, thread_id: int) -> None:
        """The talk is over: its thread was archived, or is gone."""

    @abstractmethod
    async def set_talk_members(self, thread_id: int, members: tuple[int, ...]) -> None:
        """The talk's people now (sorted user ids): some left the match."""

    @abstractmethod
    async def talks_of_ended_matches(self) -> list[tuple[int, Talk]]:
        """(match id, talk) of every talk still open whose match is over
        (its end was not told to Discord: the process died in between)."""

    @abstractmethod
    async def talks_left_behind(self, idle_before: str | None = None) -> list[tuple[int, Talk]]:
        """(match id, talk) of every open talk of a running match that lists
        someone no longer holding a seat of it as a person, or fewer than two
        who do (the process died between the handover and the talk's
        change); with ``idle_before`` only of matches untouched since then."""
