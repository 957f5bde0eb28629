"""The web view's buttons in Discord: **Web view** on every board post (the
match page) and **Open my view** in private views and DMs (the seat's own
page, by a link signed for that match, seat, person and stint; see
:mod:`bot.web.links`). Link buttons carry only their URL, so they keep working
after a restart and need no handler. Without a web view (``WEB_PORT`` unset)
or on a server that turned it off, there are none."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord.messages import t
from bot.store import Match
from bot.web.links import PRIVATE_SECONDS, Links, Private

if TYPE_CHECKING:  # the pages import the Discord layer's texts, which import this
    from bot.web.routes import Pages

_web: tuple[Links, Pages] | None = None


def configure(links: Links | None, pages: Pages | None) -> None:
    """The running web view's links and pages (``None``: no web view)."""
    global _web
    _web = (links, pages) if links is not None and pages is not None else None


async def _links(match: Match) -> Links | None:
    if _web is None or match.state is None:
        return None
    links, pages = _web
    return links if await pages.web_on(match.guild_id) else None


def forget_guild(guild_id: int) -> None:
    """The server's settings changed here: its web setting is read anew."""
    if _web is not None:
        _web[1].forget_guild(guild_id)


def _button(url: str, label: str) -> discord.ui.Button:
    return discord.ui.Button(style=discord.ButtonStyle.link, url=url, label=label)


async def board_button(match: Match, locale: str) -> discord.ui.Button | None:
    """**Web view**: the match page, for everyone who sees the board."""
    links = await _links(match)
    return None if links is None else _button(links.spectator_url(match.id), t("btn_web", locale))


async def private_url(match: Match, user_id: int) -> str | None:
    """The user's own page of the match, good for 7 days and only while the
    user's present stint in the seat lasts; ``None`` for someone without a
    seat held in person."""
    links = await _links(match)
    seat = match.seat_of(user_id)
    if links is None or seat is None or not match.seats[seat].person:
        return None
    pages = _web[1]
    stint = await pages.store.seat_stint(match.id, seat)
    if stint is None or stint[1] != user_id:
        return None
    return links.private_url(Private(match.id, seat, user_id, stint[0], int(pages.clock.now()) + PRIVATE_SECONDS))


async def private_button(match: Match, user_id: int, locale: str) -> discord.ui.Button | None:
    """**Open my view**, for the user alone (private replies and DMs only)."""
    url = await private_url(match, user_id)
    return None if url is None else _button(url, t("btn_my_web", locale))


def with_button(view: discord.ui.View | None, button: discord.ui.Button | None) -> discord.ui.View | None:
    """``view`` with ``button`` added (a new view if there was none)."""
    if button is None:
        return view
    view = view or discord.ui.View(timeout=None)
    view.add_item(button)
    return view
