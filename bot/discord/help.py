"""The help cog: ``/game rules`` with its pages and ``/game help`` (the
language is one of the settings, :mod:`bot.discord.user_time`)."""

from __future__ import annotations

import discord

import engines
from bot.discord import components as c
from bot.discord import present
from bot.discord.errors import guarded, reply
from bot.discord.room import Room
from bot.discord.messages import t
from bot.play.away import AWAY_DAYS, WINDOW_DAYS
from bot.play.errors import ServiceError


class HelpCog(Room, name="help"):
    @guarded
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        locale = await self.locales.of_interaction(interaction)
        if game is None:  # this channel's game, else the first one
            match = await self.service.latest_match(interaction.channel_id)
            game = match.game if match else engines.ids()[0]
        if game not in engines.ids():
            raise ServiceError("unknown_game", name=game)
        pages = present.rules_pages(game, locale)
        view = c.rules_view(game, locale, 0, len(pages))
        await reply(interaction, pages[0], **({"view": view} if view else {}))

    @guarded
    async def on_rules_page(self, interaction: discord.Interaction, game: str, locale: str, page: int) -> None:
        if game not in engines.ids():  # a forged button, or a game no longer installed
            raise ServiceError("unknown_game", name=game)
        pages = present.rules_pages(game, locale)
        page = min(max(page, 0), len(pages) - 1)
        await interaction.response.edit_message(content=pages[page], view=c.rules_view(game, locale, page, len(pages)))

    @guarded
    async def help(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.of_interaction(interaction)
        games = ", ".join(f"`{e.id}` ({e.title(locale)})" for e in engines.all())
        # the help outgrew one message (2000 characters): the rest follows, privately too
        first, *rest = present.split_posts([t("help", locale, games=games, away_days=AWAY_DAYS,
                                              away_window=WINDOW_DAYS)])
        await reply(interaction, first)
        for part in rest:
            await interaction.followup.send(part, ephemeral=True)
