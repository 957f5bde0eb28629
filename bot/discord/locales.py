"""Which language to speak with whom: a user's own choice, else the locale
their client last showed, else the server's; English by default (see
``bot.discord.messages.choose_locale``).

A user's two locales are kept in memory (:class:`Locales`), so that
answering a click does not wait for the database under load; a change made
in this process is written through (:meth:`Locales.set_choice`). Another
process (a shard) may change a user's choice too: an entry is trusted for
:data:`TRUST_SECONDS` only, so such a change shows here within that time.
"""

from __future__ import annotations

import time
from typing import Callable

import discord

from bot.discord.messages import choose_locale, normalise_locale
from bot.store import Match, Store


#: How long a user's remembered locales are trusted (another process may
#: have changed them).
TRUST_SECONDS = 60.0
#: Users remembered at most (those read from the database longest ago are dropped first).
REMEMBERED = 50_000


class Locales:
    def __init__(self, client: discord.Client, store: Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.store = store
        self.clock = clock
        #: user -> (own choice, last client locale, read at)
        self._known: dict[int, tuple[str | None, str | None, float]] = {}

    async def _locales(self, user_id: int) -> tuple[str | None, str | None]:
        known = self._known.get(user_id)
        if known is not None and self.clock() - known[2] < TRUST_SECONDS:
            return known[0], known[1]
        asked = self.clock()
        user = await self.store.get_user(user_id)
        choice, last = (user.locale, user.last_locale) if user else (None, None)
        newer = self._known.get(user_id)
        if newer is not None and newer[2] >= asked:  # written through while this read was on its way
            return newer[0], newer[1]
        self._remember(user_id, choice, last)
        return choice, last

    def _remember(self, user_id: int, choice: str | None, last: str | None) -> None:
        self._known.pop(user_id, None)  # re-inserted: the newest last
        if len(self._known) >= REMEMBERED:
            del self._known[next(iter(self._known))]
        self._known[user_id] = (choice, last, self.clock())

    async def set_choice(self, user_id: int, locale: str | None) -> None:
        """The user's own language, stored and remembered at once."""
        await self.store.update_user(user_id, locale=locale)
        _, last = await self._locales(user_id)
        self._remember(user_id, locale, last)

    async def of_interaction(self, interaction: discord.Interaction) -> str:
        """The reader's language; remembers the client's locale for later DMs."""
        choice, last = await self._locales(interaction.user.id)
        seen = normalise_locale(interaction.locale)
        if seen and last != seen:
            await self.store.update_user(interaction.user.id, last_locale=seen)
            # the own choice as it is now: it may have been set while this was written
            known = self._known.get(interaction.user.id)
            choice = known[0] if known is not None else choice
            self._remember(interaction.user.id, choice, seen)
        return choose_locale(choice, interaction.locale, interaction.guild_locale)

    async def of_user(self, user_id: int, fallback: str) -> str:
        """For DMs and reminders, which come without an interaction."""
        choice, last = await self._locales(user_id)
        return choose_locale(choice, last, fallback)

    def of_channel(self, match: Match) -> str:
        """For posts in the match channel: the server's language."""
        return self.of_guild(match.guild_id)

    async def public(self, interaction: discord.Interaction) -> str:
        """For a public answer to an interaction: the server's language (the
        clicker's own is remembered as ever, for their DMs)."""
        await self.of_interaction(interaction)
        return self.of_guild(interaction.guild_id)

    def of_guild(self, guild_id: int | None) -> str:
        """For what everyone in a server reads (public posts and answers):
        its language, whoever caused them."""
        guild = self.client.get_guild(guild_id) if guild_id else None
        return choose_locale(None, None, guild.preferred_locale if guild else None)
