"""The help cog: ``/game rules`` with its pages, or one card's text
(``card:``, names offered as you type: ``render.card_book``), and ``/game
help``, which names the board's buttons as the board shows them (the
language is one of the settings, :mod:`bot.discord.user_time`)."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

import engines
import render
from bot.discord import components as c
from bot.discord import present
from bot.discord.errors import IN_PLACE, guarded, reply
from bot.discord.room import Room
from bot.discord.messages import t
from bot.play.away import AWAY_DAYS, WINDOW_DAYS
from bot.play.errors import ServiceError

log = logging.getLogger(__name__)
#: Discord shows at most 25 suggestions.
MAX_CHOICES = 25


class HelpCog(Room, name="help"):
    @guarded
    async def rules(self, interaction: discord.Interaction, game: str | None = None, card: str | None = None) -> None:
        locale = await self.locales.of_interaction(interaction)
        game = await self._game(interaction, game, card is not None)
        if game not in engines.ids():
            raise ServiceError("unknown_game", name=game)
        if card is not None:
            await reply(interaction, self._card(game, card, locale))
            return
        pages = present.rules_pages(game, locale)
        view = c.rules_view(game, locale, 0, len(pages))
        await reply(interaction, pages[0], **({"view": view} if view else {}))

    def _buttons(self, interaction: discord.Interaction, locale: str) -> dict[str, str]:
        """The board's buttons as the help names them: as the board shows
        them (in the server's language), with the reader's word first where
        the two differ ("Act („Handeln“)")."""
        server = self.locales.of_guild(interaction.guild_id) if interaction.guild_id else locale
        names = {}
        for name, key in (("act", "btn_act"), ("view", "btn_view"), ("log", "btn_log")):
            mine, shown = t(key, locale), t(key, server)
            names[name] = mine if mine == shown else f"{mine} („{shown}“)"
        return names

    async def _game(self, interaction: discord.Interaction, game: str | None, cards: bool) -> str:
        """The game named, else this channel's, else the first one (with card
        texts, when a card is asked for)."""
        if game is not None:
            return game
        match = await self.service.latest_match(interaction.channel_id)
        if match is not None:
            return match.game
        with_cards = [g for g in engines.ids() if render.card_book(g)] if cards else []
        return (with_cards or engines.ids())[0]

    @staticmethod
    def _card(game: str, name: str, locale: str) -> str:
        book = render.card_book(game, locale)
        if not book:
            raise ServiceError("no_card_texts", title=engines.get(game).title(locale))
        found = book.get(name) or next((text for key, text in book.items() if key.casefold() == name.casefold()),
                                       None)
        if found is None:
            raise ServiceError("unknown_card", name=name)
        return found

    async def card_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The cards whose names hold what was typed, those starting with it first."""
        chosen = getattr(interaction.namespace, "game", None)
        try:
            game = await self._game(interaction, chosen if isinstance(chosen, str) else None, True)
            names = list(render.card_book(game)) if game in engines.ids() else []
        except Exception:  # an autocomplete never fails loudly: no suggestions instead
            log.exception("card names for the autocomplete")
            names = []
        text = (current or "").casefold()
        names = sorted((n for n in names if text in n.casefold()), key=lambda n: (not n.casefold().startswith(text), n))
        return [app_commands.Choice(name=n, value=n) for n in names[:MAX_CHOICES]]

    @guarded(ack=IN_PLACE)  # a (forged) rules button on a public message never overwrites it
    async def on_rules_page(self, interaction: discord.Interaction, game: str, locale: str, page: int) -> None:
        if game not in engines.ids():  # a forged button, or a game no longer installed
            raise ServiceError("unknown_game", name=game)
        pages = present.rules_pages(game, locale)
        page = min(max(page, 0), len(pages) - 1)
        await interaction.edit_original_response(content=pages[page], view=c.rules_view(game, locale, page, len(pages)))

    @guarded
    async def help(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.of_interaction(interaction)
        games = ", ".join(f"`{e.id}` ({e.title(locale)})" for e in engines.all())
        # the help outgrew one message (2000 characters): the rest follows, privately too
        first, *rest = present.split_posts([t("help", locale, games=games, away_days=AWAY_DAYS,
                                              away_window=WINDOW_DAYS, **self._buttons(interaction, locale))])
        await reply(interaction, first)
        for part in rest:
            await interaction.followup.send(part, ephemeral=True)
