"""``/game log`` and the board's **Log** button: the match's moves as the
reader may see them, newest last, the whole log in pages (the newest first
shown). A game that marks its chapters (``Engine.chapter_event``, say a
round's phases) has its log paged by chapter: a page never
holds two chapters, and a chapter too long for one page goes on over the
next ones under its heading again. A question the engine answered for want
of a choice is marked "(automatic)" for everyone; an answer a standing order
gave is marked so only for its own seat (to the others it would tell that
the seat has standing orders)."""

from __future__ import annotations

import discord

from bot.discord import pages
from bot.discord.messages import t
from bot.discord.present import engine_of, event_lines
from bot.store import LoggedAction, Match
from engines.contract import Event


def log_page(match: Match, entries: list[LoggedAction], seat: int | None, locale: str,
             page: int = -1) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` of the whole log (-1, the default: the newest), cut
    between lines and between chapters, with the buttons to the pages before
    and after."""
    texts = [text for chapter in log_chapters(match, entries, seat, locale) if any(_is_move(x) for x in chapter)
             for text in _chapter_pages(chapter)]
    if not texts:
        return t("log_empty", locale), None
    page = pages.clamp(page, len(texts))
    content = "\n".join(part for part in (t("log_head", locale), texts[page], pages.footer(page, len(texts), locale))
                        if part)
    return content, pages.page_view("log", match.id, page, len(texts), locale)


def _is_move(line: str) -> bool:
    return line.startswith("`")  # a move's line starts with its counter; a heading does not


def _chapter_pages(chapter: list[str]) -> list[str]:
    """A chapter's pages; its heading (if it has one) opens each of them."""
    if not _is_move(chapter[0]):
        heading, body = chapter[0], chapter[1:]
        return [f"{heading}\n{text}" if text else heading
                for text in pages.pages(body, pages.PAGE - len(heading) - 1)]
    return pages.pages(chapter, pages.PAGE)


def log_lines(match: Match, entries: list[LoggedAction], seat: int | None, locale: str) -> list[str]:
    """Every move of the match as ``seat`` may see it, oldest first, the
    chapters' headings among them."""
    return [line for chapter in log_chapters(match, entries, seat, locale) for line in chapter]


def log_chapters(match: Match, entries: list[LoggedAction], seat: int | None, locale: str) -> list[list[str]]:
    """The log in chapters, oldest first: each opened by its heading (the
    text of the game's chapter event), then its lines, each marked with the
    move's counter. In a game with chapters the moves before the first one
    (a setup, say) have a heading of their own; without chapters the
    log is one chapter without a heading."""
    engine = engine_of(match)
    chapters: list[list[str]] = [[t("log_start", locale)] if engine.chapter_event else []]
    for entry in entries:
        items: list[tuple[bool, str]] = []  # (a heading?, text) in the order of the move's events
        for raw in entry.events:
            event = raw if isinstance(raw, Event) else Event.model_validate(raw)
            heading = event.key == engine.chapter_event
            if heading and entry.undone_by:
                continue  # a phase a taken-back move began did not begin: the moves after it stay in theirs
            items += [(heading, line) for line in event_lines(engine, [event], seat, locale)]
        if entry.automatic and (not entry.standing or entry.seat == seat):
            # no real choice: said so, never hidden; a standing order's answer only to its own seat
            key = "log_standing" if entry.standing else "log_automatic"
            first = next((i for i, (heading, _) in enumerate(items) if not heading), None)
            if first is None:
                items.insert(0, (False, t(f"{key}_move", locale, seat=engine.seat_name(entry.seat, locale))))
                first = 0
            items[first] = (False, f"{items[first][1]} {t(key, locale)}")
        for heading, line in items:
            if heading:
                chapters.append([line])
            else:
                # taken-back moves stay in the log, struck through
                chapters[-1].append(f"`{entry.counter:>3}` ~~{line}~~" if entry.undone_by
                                    else f"`{entry.counter:>3}` {line}")
    return chapters
