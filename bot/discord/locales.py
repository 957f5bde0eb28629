"""Which language to speak with whom: a user's own choice, else the locale
their client last showed, else the server's; English by default (see
``bot.discord.messages.choose_locale``)."""

from __future__ import annotations

import discord

from bot.discord.messages import choose_locale, normalise_locale
from bot.store import Match, Store


class Locales:
    def __init__(self, client: discord.Client, store: Store) -> None:
        self.client = client
        self.store = store

    async def of_interaction(self, interaction: discord.Interaction) -> str:
        """The reader's language; remembers the client's locale for later DMs."""
        user = await self.store.get_user(interaction.user.id)
        seen = normalise_locale(interaction.locale)
        if seen and (user is None or user.last_locale != seen):
            await self.store.update_user(interaction.user.id, last_locale=seen)
        return choose_locale(user.locale if user else None, interaction.locale, interaction.guild_locale)

    async def of_user(self, user_id: int, fallback: str) -> str:
        """For DMs and reminders, which come without an interaction."""
        user = await self.store.get_user(user_id)
        return choose_locale(user.locale if user else None, user.last_locale if user else None, fallback)

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
