"""What the web pages show, built from a match without any I/O: the store's
reads come in as arguments, so the secrecy tests can build two pages of
twin states and compare them byte for byte.

Everything is taken from what Discord shows too: the board's status lines
(:func:`bot.discord.present.board_text`, with the time-bank lines of
:mod:`bot.discord.clocks`), the log (:func:`bot.discord.game_log.log_chapters`)
and the engine's views. Their Discord markup (mentions, timestamps, bold,
strike-through) becomes HTML here (:func:`markup`), escaped first.

A spectator page gets only ``engine.view(state, None)`` and public log lines;
a private page one seat's view, its prompt and card texts, like ``/game hand``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable

from markupsafe import Markup, escape

import render
from bot.discord import clocks, present
from bot.discord.game_log import log_chapters
from bot.discord.messages import t
from bot.store import LoggedAction, Match, User
from engines import registry

#: Names of people by user id, as the bot's client knows them (``None``: unknown).
Names = Callable[[int], "str | None"]

_MENTION = re.compile(r"&lt;@!?(\d+)&gt;")
_TIME = re.compile(r"&lt;t:(\d{1,12})(?::([tTdDfFR]))?&gt;")
_ROLE_OR_CHANNEL = re.compile(r"&lt;(?:@&amp;|#)\d+&gt;")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_STRUCK = re.compile(r"~~(.+?)~~")
_CODE = re.compile(r"`([^`]+)`")
_ITALIC = re.compile(r"(?<![\w*])\*([^*\n]+)\*(?![\w*])")
_LOG_LINE = re.compile(r"`\s*(\d+)` (~~)?(.*?)(~~)?$", re.S)


@dataclass(frozen=True)
class People:
    """Who the seats' players are, for the page: names by user id, and the
    players' settings (quiet hours move the deadlines the board shows)."""

    names: Names
    users: dict[int, User]

    def name(self, match: Match, user_id: int, locale: str) -> str:
        if user_id < 0:
            return t("computer_name", locale, n=-user_id)
        known = self.names(user_id)
        if known:
            return known
        seat = match.seat_of(user_id)
        return t("web_player", locale, n=seat + 1) if seat is not None else t("web_someone", locale)


def markup(text: str, match: Match, people: People, locale: str) -> Markup:
    """A line of Discord markup as safe HTML: mentions by name, timestamps as
    ``<time>`` (the page's script shows them in the reader's zone)."""
    html = str(escape(text))
    html = _MENTION.sub(lambda m: f'<span class="who">@{escape(people.name(match, int(m[1]), locale))}</span>', html)
    html = _TIME.sub(lambda m: _time(int(m[1]), m[2] or "f"), html)
    html = _ROLE_OR_CHANNEL.sub("…", html)
    html = _CODE.sub(r"<code>\1</code>", html)
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    html = _STRUCK.sub(r"<del>\1</del>", html)
    html = _ITALIC.sub(r"<em>\1</em>", html)
    return Markup(html)


def _time(seconds: int, style: str) -> str:
    at = datetime.fromtimestamp(min(seconds, 253402300799), timezone.utc)
    return (f'<time datetime="{at.isoformat()}" data-style="{style}">'
            f'{at.strftime("%Y-%m-%d %H:%M")} UTC</time>')


def players(match: Match, state, locale: str, people: People) -> list[dict]:
    engine = present.engine_of(match)
    view = engine.view(state, None)
    running = match.status == "running"
    asked = set(engine.to_act(state)) if running else set()
    done = set(engine.submitted(state)) if running else set()
    return [{
        "seat": place.seat,
        "seat_name": engine.seat_name(place.seat, locale),
        "name": people.name(match, place.user_id, locale),
        "computer": place.computer,
        "autopilot": place.autopilot,
        "asked": place.seat in asked,
        "submitted": place.seat in done,
        "out": place.seat in view.header.eliminated,
    } for place in match.seats]


def status_lines(match: Match, locale: str, people: People, now: float) -> dict:
    """The board post's head and status lines (whose turn, deadlines,
    clocks, results) and its news, as HTML."""
    text = present.board_text(match, locale, notes=clocks.lines(match, locale, now), users=people.users)
    return {
        "head": markup(text.head, match, people, locale),
        "status": [markup(line, match, people, locale) for line in text.status],
        "since": [markup(line, match, people, locale) for line in text.since],
    }


def log(match: Match, entries: list[LoggedAction], seat: int | None, locale: str, people: People) -> list[dict]:
    """The log as ``seat`` may see it, oldest first, in chapters (where the
    game marks them, ``Engine.chapter_event``), each move with its counter."""
    out = []
    for chapter in log_chapters(match, entries, seat, locale):
        heading = None if not chapter or chapter[0].startswith("`") else chapter[0]
        moves = []
        for line in chapter[1:] if heading is not None else chapter:
            found = _LOG_LINE.match(line)
            if found is None:  # pragma: no cover - every move line starts with its counter
                continue
            moves.append({"n": int(found[1]), "undone": bool(found[2] and found[4]),
                          "html": markup(found[3], match, people, locale)})
        if heading is not None or moves:
            out.append({"heading": None if heading is None else markup(heading, match, people, locale),
                        "moves": moves})
    return out


def spectator(match: Match, entries: list[LoggedAction], people: People, now: float, locale: str) -> dict:
    """Everything the match page shows, as the JSON the page's script reads
    (HTML fragments as strings)."""
    engine = present.engine_of(match)
    state = engine.load_state(match.state)
    view = engine.view(state, None)
    return {
        "counter": match.counter,
        "status": match.status,
        "paused": match.paused,
        "title": engine.title(locale),
        "stage": engine.render_text(view.header.stage, locale),
        "lines": _strings(status_lines(match, locale, people, now)),
        "players": players(match, state, locale, people),
        "log": [_strings(chapter) for chapter in log(match, entries, None, locale, people)],
        "regions": render.board_regions(match.game, view, locale),
        "text": render.board_text(match.game, view, locale),
    }


def private(match: Match, seat: int, people: People, locale: str) -> dict:
    """What the seat's private page shows: ``/game hand`` on a page."""
    engine = present.engine_of(match)
    state = engine.load_state(match.state)
    view = engine.view(state, seat)
    lines = present.you_are(engine, match, seat, locale)
    if match.status == "running" and seat in engine.to_act(state):
        prompt = engine.prompt(state, seat)
        lines.append(engine.text(prompt.key, prompt.params, locale))
    cards = engine.card_texts(state, seat, locale) if match.status == "running" else []
    return {
        "counter": match.counter,
        "status": match.status,
        "title": engine.title(locale),
        "stage": engine.render_text(view.header.stage, locale),
        "lines": [str(markup(line, match, people, locale)) for line in lines],
        "cards": [str(markup(line, match, people, locale)) for line in cards],
        "hand": registry.game(match.game).hand_png is not None,
        "regions": render.board_regions(match.game, view, locale),
        "text": render.board_text(match.game, view, locale),
    }


def _strings(value):
    """Markup as plain strings, for JSON (already escaped)."""
    if isinstance(value, Markup):
        return str(value)
    if isinstance(value, dict):
        return {k: _strings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_strings(v) for v in value]
    return value
