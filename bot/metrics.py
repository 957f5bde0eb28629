"""What an operator needs to see when the bot feels slow or quiet, for
Prometheus, and the small HTTP endpoint (``/metrics``, ``/healthz``) that
serves it.

Why each metric exists:

* ``brettbote_interaction_ack_seconds``: Discord drops an interaction that
  is not answered within 3 seconds ("This interaction failed"). Measured
  from the interaction's creation (its snowflake time, so the gateway's
  delivery counts too) to the bot's first response or defer, it shows how
  close the bot comes to that limit, long before users see failures.
* ``brettbote_move_commit_seconds``: every move is one database
  transaction (with a compare-and-swap on the move counter); its duration is
  the database's share of a click, and the first sign of lock contention or
  a slow database.
* ``brettbote_timer_lag_seconds``: how late reminders, deadlines and other
  timers fire after their due time: a scheduler that fell behind, a busy
  event loop, or a lease held too long by a process that died.
* ``brettbote_dm_failures_total``: DMs Discord refused (closed DMs, DMs
  opened too fast, other errors). A rise means players miss their turn
  notices and the hands dealt to them by DM.
* ``brettbote_matches_active``: running matches, set at each health check:
  the load, and whether matches end or pile up.
* ``brettbote_db_pool_wait_seconds`` (by ``pool``): how long a statement
  waited for a pooled PostgreSQL connection before it could be sent. A full
  ``transactions`` pool shows here first (moves queue for connections); the
  ``reads`` pool is kept apart so that plain reads never wait behind moves.
* ``brettbote_event_loop_lag_seconds``: how late the event loop runs a
  callback scheduled for now. Every round trip to the database and every
  acknowledgement waits for the loop as well, so a lagging loop makes
  everything slow at once.

The instruments live in a registry of their own, :data:`REGISTRY`, not
prometheus_client's global one, so ``/metrics`` shows exactly these and a
library that registers its own metrics globally cannot collide with them.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import time
from datetime import datetime, timezone
from typing import AsyncIterator, Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

log = logging.getLogger("brettbote")

REGISTRY = CollectorRegistry()

INTERACTION_ACK = Histogram(
    "brettbote_interaction_ack_seconds",
    "Seconds from Discord creating an interaction to the bot's first response or defer (Discord allows 3 s)",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
    registry=REGISTRY,
)
MOVE_COMMIT = Histogram(
    "brettbote_move_commit_seconds",
    "Seconds a move's database transaction took, from its start to its commit",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
    registry=REGISTRY,
)
TIMER_LAG = Histogram(
    "brettbote_timer_lag_seconds",
    "Seconds a timer fired after its due time",
    buckets=(0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0),
    registry=REGISTRY,
)
DM_FAILURES = Counter(
    "brettbote_dm_failures_total",
    "Direct messages that could not be delivered",
    registry=REGISTRY,
)
POOL_WAIT = Histogram(
    "brettbote_db_pool_wait_seconds",
    "Seconds spent waiting for a pooled database connection",
    ["pool"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=REGISTRY,
)
LOOP_LAG = Histogram(
    "brettbote_event_loop_lag_seconds",
    "Seconds the event loop ran a callback later than it was scheduled",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=REGISTRY,
)
MATCHES_ACTIVE = Gauge(
    "brettbote_matches_active",
    "Running matches (as of the last health check)",
    registry=REGISTRY,
)


def observe_ack(created_at: datetime) -> None:
    """One interaction answered now; ``created_at`` is its snowflake time."""
    INTERACTION_ACK.observe(max(0.0, (datetime.now(timezone.utc) - created_at).total_seconds()))


@contextlib.asynccontextmanager
async def timed(histogram: Histogram) -> AsyncIterator[None]:
    """``async with timed(MOVE_COMMIT), store.transaction() as tx:`` observes
    how long the block took. A block that raises (a refused move, a rollback)
    committed nothing and is not observed."""
    start = time.perf_counter()
    yield
    histogram.observe(time.perf_counter() - start)


async def listen(app: web.Application, host: str, port: int) -> tuple[web.AppRunner, int]:
    """Serve ``app`` on ``host:port`` without an access log (paths can carry
    secrets); port 0 takes a free port. Returns the runner and the port."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner, runner.addresses[0][1]


async def _metrics(request: web.Request) -> web.Response:
    return web.Response(body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST})


async def _healthz(health: Callable[[], Awaitable[dict]], request: web.Request) -> web.Response:
    try:
        report = dict(await health())
    except Exception:  # a broken check is an unhealthy bot, not a 500 page
        log.warning("health check failed", exc_info=True)
        report = {"ok": False}
    ok = bool(report.get("ok"))
    return web.json_response(report, status=200 if ok else 503, dumps=functools.partial(json.dumps, default=str))


class MetricsServer:
    """``GET /metrics`` (Prometheus' text format) and ``GET /healthz`` (the
    health report as JSON: 200 when ``ok``, else 503) on one TCP port.

    Neither asks for authentication, so the server listens on 127.0.0.1 unless
    told otherwise (``METRICS_HOST``)."""

    def __init__(self, runner: web.AppRunner, port: int) -> None:
        self._runner = runner
        self.port = port

    @classmethod
    async def start(cls, port: int, health: Callable[[], Awaitable[dict]], host: str = "127.0.0.1") -> "MetricsServer":
        """Listen on ``host:port``; port 0 takes a free port (see :attr:`port`)."""
        app = web.Application()
        app.router.add_get("/metrics", _metrics)
        app.router.add_get("/healthz", functools.partial(_healthz, health))
        runner, bound = await listen(app, host, port)
        log.info("metrics on %s:%d (/metrics, /healthz)", host, bound)
        return cls(runner, bound)

    @property
    def addresses(self) -> list:
        """The addresses the listening sockets are bound to (``getsockname``)."""
        return list(self._runner.addresses)

    async def stop(self) -> None:
        await self._runner.cleanup()
