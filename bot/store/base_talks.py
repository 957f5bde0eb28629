"""The talk threads' part of the storage interface (a base of
:class:`bot.store.base.Transaction`; the statements are
:mod:`bot.store.sql_talks`). A match's open talks come with the match
(``Match.talks``); these are the writes, and the one read the start-up
repair needs."""

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
    async def talks_of_ended_matches(self) -> list[tuple[int, Talk]]:
        """(match id, talk) of every talk still open whose match is over
        (its end was not told to Discord: the process died in between)."""
