"""Long private texts in pages: a player's whole view as text (``/game
hand``, **My view**, the DM of a new hand) and the whole match log (``/game
log``, **Log**). A page is cut between lines, never inside one (a line
longer than a page is the only thing cut). The page buttons carry only the
match and the page: the text is made anew for whoever clicks, from what
that person may see, so a forwarded or forged button shows nobody anything
but their own view."""

from __future__ import annotations

import io

import discord

import render
from bot import workers
from engines import registry
from bot.discord import components as c
from bot.discord import web_links
from bot.discord.messages import t
from bot.discord.present import Payload, engine_of, pictures, split_posts, you_are
from bot.play.errors import ServiceError
from bot.store import Match

#: Characters of text per page, and at most of the lines above it (a message
#: holds 2,000; a code block and the page line need the rest).
PAGE, HEAD = 1500, 420


def pages(lines: list[str], limit: int = PAGE) -> list[str]:
    """``lines`` in pages of at most ``limit`` characters, cut between lines."""
    return split_posts(lines, limit) or [""]


def page_view(kind: str, match_id: int, page: int, count: int, locale: str) -> discord.ui.View | None:
    """The buttons to the page before and after (none for a single page)."""
    if count <= 1:
        return None
    ui = discord.ui.View(timeout=None)
    ui.add_item(c.TextPageButton(kind, match_id, page - 1, t("btn_prev", locale), disabled=page <= 0))
    ui.add_item(c.TextPageButton(kind, match_id, page + 1, t("btn_next", locale), disabled=page >= count - 1))
    return ui


def clamp(page: int, count: int) -> int:
    """Page ``page`` of ``count``; -1 and anything past the end: the last."""
    return count - 1 if page < 0 or page >= count else page


def footer(page: int, count: int, locale: str) -> str:
    return t("page_of", locale, page=page + 1, pages=count) if count > 1 else ""


async def private_view(match: Match, user_id: int, locale: str, notice: str | None = None,
                       page: int = 0, with_pictures: bool = True) -> Payload:
    """Everything the user may see that others may not (``/game hand``):
    the pictures and the whole state as text, in pages cut between lines;
    ``page`` of them, the first by default. ``with_pictures`` False: the
    text only (a page turned in a message that has the pictures)."""
    engine = engine_of(match)
    seat = match.seat_of(user_id)
    state = engine.load_state(match.state)
    view = engine.view(state, seat)
    lines = [notice] if notice else []
    lines += you_are(engine, match, seat, locale)
    if seat is not None and match.status == "running":
        prompt = engine.prompt(state, seat)
        lines.append(engine.text(prompt.key, prompt.params, locale))
    if with_pictures:
        files, text = await pictures(match, view, locale, hand=seat is not None)
    else:
        files, text = [], render.board_text(match.game, view, locale)
    head = "\n".join(lines)[:HEAD]
    texts = pages(text.split("\n"))
    page = clamp(page, len(texts)) if page >= 0 else 0
    body = "```\n" + texts[page] + "\n```"
    content = "\n".join(part for part in (head, body, footer(page, len(texts), locale)) if part)
    ui = page_view("view", match.id, page, len(texts), locale)
    quarters = registry.game(match.game).quarters
    if quarters:  # the board's quarters enlarged, one click from "My view" on the board
        ui = ui or discord.ui.View(timeout=None)
        for n in range(1, quarters + 1):
            ui.add_item(c.TextPageButton("quarter", match.id, n, t("btn_quarter", locale, n=n)))
    ui = web_links.with_button(ui, await web_links.private_button(match, user_id, locale))
    return Payload(content=content, files=files, view=ui)


def card_texts(match: Match, user_id: int, locale: str, page: int = 0) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` of what the cards the user's open question offers do
    (``Engine.card_texts``), or a line saying there are none now."""
    engine = engine_of(match)
    seat = match.seat_of(user_id)
    state = engine.load_state(match.state) if match.state is not None and match.status == "running" else None
    lines = engine.card_texts(state, seat, locale) if state is not None and seat is not None else []
    if not lines:
        return t("card_texts_none", locale), None
    texts = pages(lines)
    page = clamp(page, len(texts))
    content = "\n".join(part for part in (texts[page], footer(page, len(texts), locale)) if part)
    return content, page_view("cardpage", match.id, page, len(texts), locale)


async def quarter(match: Match, user_id: int, number: int, locale: str) -> Payload:
    """``/game board quarter:`` - one quarter of the board enlarged, for the
    asker alone (their own view: a player sees what their seat sees)."""
    if match.state is None:
        raise ServiceError("quarter_no_board")
    engine = engine_of(match)
    view = engine.view(engine.load_state(match.state), match.seat_of(user_id))
    try:
        png = await workers.run(render.quarter_png, match.game, view, number, locale)
    except ValueError:  # a quarter the board does not have
        raise ServiceError("quarter_unknown", n=number) from None
    if png is None:
        raise ServiceError("quarter_none", title=engine.title(locale))
    name = f"quarter{number}.png"
    return Payload(content=t("quarter_head", locale, n=number),
                   files=[discord.File(io.BytesIO(png), filename=name, description=t("quarter_alt", locale, n=number))])
