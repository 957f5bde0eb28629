"""The web view's pages: a match page per match (spectators) and a private
page per seat, each with its JSON (what the page's script reads when a move
is made) and its pictures.

Every wrong request gets the same 404 (:class:`NotFound`): an unknown
match, a bad signature, an expired link, a seat that changed hands, a server
that turned the web view off, a match still in its lobby. A board picture's
address names the move counter it shows (``?v=``): the one of the current
move is drawn (once, however many readers ask: :class:`bot.web.cache.Cache`),
an older one is served while it is still cached, else the reader is sent to
the current one. The replay's pictures are cached by the counter and the
frame's number (an undo renumbers the frames).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from typing import Awaitable, Callable

import jinja2
from aiohttp import web

from bot import workers
from bot.discord.messages import t
from bot.play import recap
from bot.play.clock import Clock
from bot.store import Match, Store
from bot.web import content, pictures
from bot.web.cache import Cache
from bot.web.links import Links, Private
from bot.discord.present import engine_of
from engines import registry
from engines.i18n import LOCALES

#: How long a server's web setting is trusted before it is read again: the
#: link buttons of other processes follow a change within this time, the
#: pages themselves at once in the process that changed it.
GUILD_SECONDS = 30.0
#: Seconds between the page's looks for a new move.
POLL_SECONDS = 4


class NotFound(Exception):
    """Answered with the one plain 404 of the web view."""


def locale_of(request: web.Request) -> str:
    """``?lang=`` if it names one of ours, else the browser's first language
    we have, else English."""
    asked = request.query.get("lang", "")
    if asked in LOCALES:
        return asked
    for part in request.headers.get("Accept-Language", "")[:200].split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LOCALES:
            return code
    return "en"


def number(raw: str) -> int | None:
    """A small whole number written in ASCII digits, else ``None`` (``str.isdigit``
    takes other scripts' digits too, which ``int`` may refuse)."""
    return int(raw) if re.fullmatch(r"[0-9]{1,9}", raw) else None


def _version(request: web.Request) -> int | None:
    return number(request.query.get("v", ""))


class Pages:
    def __init__(self, store: Store, links: Links, clock: Clock, names: Callable[[list[int]], Awaitable[dict[int, str]]],
                 templates: jinja2.Environment) -> None:
        self.store, self.links, self.clock, self.names, self.templates = store, links, clock, names, templates
        self.pages = Cache(256)
        self.boards = Cache(48)
        self.frames = Cache(8)
        # the replay's pictures apart: stepping through one never evicts the live boards
        self.frame_pictures = Cache(64)
        self._guilds: dict[int, tuple[bool, float]] = {}

    # -- finding the match ------------------------------------------------------

    async def web_on(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return True
        known = self._guilds.get(guild_id)
        if known is not None and known[1] > time.monotonic():
            return known[0]
        on = (await self.store.guild_settings(guild_id)).web
        if len(self._guilds) > 10_000:
            self._guilds.clear()
        self._guilds[guild_id] = (on, time.monotonic() + GUILD_SECONDS)
        return on

    def forget_guild(self, guild_id: int) -> None:
        """The server's web setting changed (in this process)."""
        self._guilds.pop(guild_id, None)

    async def _shown(self, match_id: int) -> Match:
        match = await self.store.get_match(match_id)
        if match is None or match.state is None or not await self.web_on(match.guild_id):
            raise NotFound
        return match

    async def spectated(self, request: web.Request) -> Match:
        match_id = self.links.spectator(request.match_info["token"])
        if match_id is None:
            raise NotFound
        return await self._shown(match_id)

    async def owned(self, request: web.Request) -> tuple[Match, Private]:
        link = self.links.private(request.match_info["token"], self.clock.now())
        if link is None:
            raise NotFound
        match = await self._shown(link.match_id)
        if not 0 <= link.seat < len(match.seats) or match.seats[link.seat].user_id != link.user_id \
                or not match.seats[link.seat].person:
            raise NotFound
        if await self.store.seat_stint(match.id, link.seat) != (link.stint, link.user_id):
            raise NotFound  # the seat changed hands since the link was made
        return match, link

    async def people(self, match: Match) -> content.People:
        persons = [s.user_id for s in match.seats if s.user_id > 0]
        persons += [s.original_user_id for s in match.seats if s.original_user_id]
        users = await self.store.users([s.user_id for s in match.seats if s.person])
        return content.People((await self.names(persons)).get, users)

    # -- the match page -----------------------------------------------------------

    def _html(self, template: str, locale: str, **values) -> str:
        return self.templates.get_template(template).render(locale=locale, t=lambda key, **p: t(key, locale, **p),
                                                            poll=POLL_SECONDS, **values)

    def match_html(self, match: Match, people: content.People, now: float, locale: str, base: str) -> str:
        """The match page itself (its state comes with :meth:`match_json`)."""
        engine = engine_of(match)
        state = engine.load_state(match.state)
        return self._html(
            "match.html", locale, base=base, counter=match.counter, title=engine.title(locale),
            stage=engine.render_text(engine.view(state, None).header.stage, locale),
            lines=content.status_lines(match, locale, people, now),
            players=content.players(match, state, locale, people),
        )

    @staticmethod
    def match_json(match: Match, entries, people: content.People, now: float, locale: str,
                   size: tuple[int, int]) -> bytes:
        """The match page's state; ``size``: the board picture's at scale 1."""
        data = content.spectator(match, entries, people, now, locale)
        data["board"] = {"v": match.counter, "width": size[0], "height": size[1]}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()

    async def match_page(self, request: web.Request) -> web.Response:
        match = await self.spectated(request)
        locale = locale_of(request)
        html = self.match_html(match, await self.people(match), self.clock.now(), locale,
                               f"/m/{request.match_info['token']}")
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    def _etag(self, match: Match, locale: str, *extra) -> str:
        # the minute: lines that depend on the time (a vacation over) follow within it; the seats:
        # a seat changing hands does not touch the match's row
        seats = [(s.user_id, s.autopilot, s.handover, s.away_until, s.bank_left, s.clock_from) for s in match.seats]
        raw = (f"{match.id}|{match.counter}|{match.updated_at}|{match.paused}|{seats}|{locale}|"
               f"{int(self.clock.now() // 60)}|{extra}")
        return '"' + hashlib.sha256(raw.encode()).hexdigest()[:20] + '"'

    async def _json(self, request: web.Request, etag: str, make) -> web.Response:
        asked = request.headers.get("If-None-Match", "")
        # a proxy that compresses the answer marks its tag weak ("W/"); a list names several
        if etag in (tag.strip().removeprefix("W/") for tag in asked.split(",")):
            return web.Response(status=304, headers={"ETag": etag})
        body = await self.pages.get_or_make(etag, make)
        return web.Response(body=body, content_type="application/json", headers={"ETag": etag})

    async def match_state(self, request: web.Request) -> web.Response:
        match = await self.spectated(request)
        locale = locale_of(request)

        async def make() -> bytes:
            _, width, height = await self._board(match, None, locale)
            return self.match_json(match, await self.store.actions(match.id), await self.people(match),
                                   self.clock.now(), locale, (width, height))

        return await self._json(request, self._etag(match, locale, "spectator"), make)

    async def _board(self, match: Match, seat: int | None, locale: str) -> tuple[bytes, int, int]:
        key = (match.id, match.counter, seat, locale)

        async def draw():
            engine = engine_of(match)
            view = engine.view(engine.load_state(match.state), seat).model_dump_json()
            return await workers.run(pictures.board, match.game, view, locale, pictures.BOARD_SCALE)

        return await self.boards.get_or_make(key, draw)

    def _png(self, png: bytes, private: bool) -> web.Response:
        cache = "private, no-store" if private else "public, max-age=31536000, immutable"
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": cache})

    async def match_board(self, request: web.Request) -> web.Response:
        match = await self.spectated(request)
        locale, asked = locale_of(request), _version(request)
        if asked is not None and asked != match.counter:
            older = self.boards.get((match.id, asked, None, locale))
            if older is not None:
                return self._png(older[0], private=False)
            raise web.HTTPFound(f"/m/{request.match_info['token']}/board.png?v={match.counter}&lang={locale}")
        if asked is None:
            raise web.HTTPFound(f"/m/{request.match_info['token']}/board.png?v={match.counter}&lang={locale}")
        return self._png((await self._board(match, None, locale))[0], private=False)

    # -- the replay ---------------------------------------------------------------

    async def _frame_views(self, match: Match) -> list[str]:
        async def replay() -> list[str]:
            return await workers.run(pictures.frame_views, await recap.load(self.store, match))

        return await self.frames.get_or_make((match.id, match.counter), replay)

    async def match_frames(self, request: web.Request) -> web.Response:
        match = await self.spectated(request)
        views = await self._frame_views(match)
        return web.json_response({"v": match.counter, "count": len(views)})

    async def match_frame(self, request: web.Request) -> web.Response:
        match = await self.spectated(request)
        locale, raw = locale_of(request), request.match_info["index"]
        views = await self._frame_views(match)
        index = number(raw)
        if index is None or not index < len(views):
            raise NotFound
        # by the move counter too: an undo changes which view a frame number shows
        key = (match.id, match.counter, index, locale)
        png = await self.frame_pictures.get_or_make(key, lambda: workers.run(pictures.board, match.game, views[index],
                                                                               locale, 1.0))
        return self._png(png[0], private=False)

    # -- the private page -----------------------------------------------------------

    async def private_page(self, request: web.Request) -> web.Response:
        match, link = await self.owned(request)
        locale = locale_of(request)
        data = content.private(match, link.seat, await self.people(match), locale)
        html = self._html("private.html", locale, base=f"/p/{request.match_info['token']}", data=data,
                          counter=match.counter)
        return web.Response(text=html, content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "private, no-store"})

    async def private_state(self, request: web.Request) -> web.Response:
        match, link = await self.owned(request)
        locale = locale_of(request)
        data = content.private(match, link.seat, await self.people(match), locale)
        _, width, height = await self._board(match, link.seat, locale)
        data["board"] = {"v": match.counter, "width": width, "height": height}
        return web.json_response(data, headers={"Cache-Control": "private, no-store"})

    async def private_board(self, request: web.Request) -> web.Response:
        match, link = await self.owned(request)
        return self._png((await self._board(match, link.seat, locale_of(request)))[0], private=True)

    async def private_hand(self, request: web.Request) -> web.Response:
        match, link = await self.owned(request)
        if registry.game(match.game).hand_png is None:
            raise NotFound
        engine = engine_of(match)
        view = engine.view(engine.load_state(match.state), link.seat).model_dump_json()
        png = await workers.run(pictures.hand, match.game, view, locale_of(request))
        if png is None:
            raise NotFound
        return self._png(png, private=True)
