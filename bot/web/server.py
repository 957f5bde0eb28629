"""The web view's HTTP server (aiohttp, in the bot's own process): routes,
the headers every answer carries, the request budget, and the plain 404.

Safety, in one place:

* Only ``GET`` and ``HEAD`` routes exist and no request may carry a body
  over :data:`MAX_BODY` bytes; aiohttp refuses request lines and headers
  over its limits (8 KiB) before any of our code runs.
* Static files are a fixed table read at start (:data:`STATIC`): a path is
  looked up by name, never joined to a directory, so ``..`` cannot walk out.
* Content-Security-Policy allows scripts, styles, images and fetches from
  this server only, and no inline script; no framing; no referrer (a link's
  token never leaks to another site); ``nosniff``.
* No access log, and errors are logged without the path: the path holds the
  link's token, which is never logged.
* Behind a reverse proxy named in ``WEB_PROXIES`` the budget counts per
  address that proxy added last to ``X-Forwarded-For``; otherwise per peer
  (so without that setting, all readers behind one proxy share one budget).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from pathlib import Path

import jinja2
from aiohttp import web

from bot.metrics import listen
from bot.web.limits import Budget
from bot.web.routes import NotFound, Pages

log = logging.getLogger("brettbote")

HERE = Path(__file__).resolve().parent
MAX_BODY = 1024
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Vary": "Accept-Language",
    "Server": "Brettbote",
}
TYPES = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml", ".png": "image/png"}
#: The static files by name, read once.
STATIC = {path.name: (path.read_bytes(), TYPES[path.suffix]) for path in sorted((HERE / "static").iterdir())
          if path.suffix in TYPES}
NOT_FOUND = "Not found\n"


def not_found() -> web.Response:
    return web.Response(status=404, text=NOT_FOUND, content_type="text/plain")


def address(request: web.Request, proxies: tuple = ()) -> str:
    """Whom a request's budget is counted against: the peer, or behind a
    trusted proxy (``WEB_PROXIES``) the address that proxy put last into
    ``X-Forwarded-For`` (what a client wrote there itself comes before it)."""
    peer = request.remote or ""
    try:
        trusted = any(ipaddress.ip_address(peer) in network for network in proxies)
    except ValueError:
        trusted = False
    forwarded = request.headers.getall("X-Forwarded-For", [])
    if trusted and forwarded:
        last = forwarded[-1].split(",")[-1].strip()
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            return peer
    return peer


def make_app(pages: Pages, budget: Budget, proxies: tuple = ()) -> web.Application:
    @web.middleware
    async def guard(request: web.Request, handler) -> web.StreamResponse:
        wait = budget.take(address(request, proxies), time.monotonic())
        if wait:
            response: web.StreamResponse = web.Response(status=429, text="Too many requests\n",
                                                        headers={"Retry-After": str(int(wait) + 1)})
        elif request.content_length and request.content_length > MAX_BODY:
            response = web.Response(status=413, text="Too large\n")
        else:
            try:
                response = await handler(request)
            except NotFound:
                response = not_found()
            except web.HTTPNotFound:
                response = not_found()
            except web.HTTPException as err:  # redirects, 405
                response = web.Response(status=err.status, headers=err.headers, text=err.text)
            except asyncio.CancelledError:
                raise
            except Exception:
                # the path carries the token: the route's name is enough to find the fault
                route = request.match_info.route.name if request.match_info.route else None
                log.exception("web view: %s failed", route or "a request")
                response = web.Response(status=500, text="Server error\n")
        for name, value in HEADERS.items():
            response.headers[name] = value
        response.headers.setdefault("Cache-Control", "no-cache")
        return response

    app = web.Application(middlewares=[guard], client_max_size=MAX_BODY, handler_args={"access_log": None})
    routes = [
        ("/m/{token}", pages.match_page, "match"),
        ("/m/{token}/state.json", pages.match_state, "match_state"),
        ("/m/{token}/board.png", pages.match_board, "match_board"),
        ("/m/{token}/frames.json", pages.match_frames, "match_frames"),
        ("/m/{token}/frame/{index}.png", pages.match_frame, "match_frame"),
        ("/p/{token}", pages.private_page, "private"),
        ("/p/{token}/state.json", pages.private_state, "private_state"),
        ("/p/{token}/board.png", pages.private_board, "private_board"),
        ("/p/{token}/hand.png", pages.private_hand, "private_hand"),
        ("/static/{name}", static, "static"),
    ]
    for path, handler, name in routes:
        app.router.add_get(path, handler, name=name)
    return app


async def static(request: web.Request) -> web.Response:
    found = STATIC.get(request.match_info["name"])
    if found is None:
        raise NotFound
    body, kind = found
    return web.Response(body=body, content_type=kind, headers={"Cache-Control": "public, max-age=3600"})


def templates() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                              undefined=jinja2.StrictUndefined)


class WebServer:
    """The listening server; :attr:`port` is the one it got (``WEB_PORT=0``: a free one)."""

    def __init__(self, runner: web.AppRunner, port: int, pages: Pages, budget: Budget) -> None:
        self._runner, self.port, self.pages, self.budget = runner, port, pages, budget

    @classmethod
    async def start(cls, pages: Pages, host: str, port: int, proxies: tuple = ()) -> "WebServer":
        budget = Budget()
        runner, bound = await listen(make_app(pages, budget, proxies), host, port)
        log.info("web view on %s:%d", host, bound)
        return cls(runner, bound, pages, budget)

    async def stop(self) -> None:
        await self._runner.cleanup()
