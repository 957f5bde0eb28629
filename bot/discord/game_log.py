"""``/game log`` and the board's **Log** button: the match's moves as the
reader may see them, newest last, the whole log in pages (the newest first
shown). A question the engine answered for want
of a choice is marked "(automatic)" for everyone; an answer a standing order
gave is marked so only for its own seat (to the others it would tell that
the seat has standing orders)."""

from __future__ import annotations

import discord

from bot.discord import pages
from bot.discord.messages import t
from bot.discord.present import engine_of, event_lines
from bot.store import LoggedAction, Match


def log_page(match: Match, entries: list[LoggedAction], seat: int | None, locale: str,
             page: int = -1) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` of the whole log (-1, the default: the newest), cut
    between lines, with the buttons to the pages before and after."""
    lines = log_lines(match, entries, seat, locale)
    if not lines:
        return t("log_empty", locale), None
    texts = pages.pages(lines, pages.PAGE)
    page = pages.clamp(page, len(texts))
    content = "\n".join(part for part in (t("log_head", locale), texts[page], pages.footer(page, len(texts), locale))
                        if part)
    return content, pages.page_view("log", match.id, page, len(texts), locale)


def log_lines(match: Match, entries: list[LoggedAction], seat: int | None, locale: str) -> list[str]:
    """Every move of the match as ``seat`` may see it, oldest first."""
    engine = engine_of(match)
    lines = []
    for entry in entries:
        shown = event_lines(engine, entry.events, seat, locale)
        if entry.automatic and (not entry.standing or entry.seat == seat):
            # no real choice: said so, never hidden; a standing order's answer only to its own seat
            key = "log_standing" if entry.standing else "log_automatic"
            shown = shown or [t(f"{key}_move", locale, seat=engine.seat_name(entry.seat, locale))]
            shown = [f"{shown[0]} {t(key, locale)}", *shown[1:]]
        for line in shown:
            # taken-back moves stay in the log, struck through
            lines.append(f"`{entry.counter:>3}` ~~{line}~~" if entry.undone_by else f"`{entry.counter:>3}` {line}")
    return lines
