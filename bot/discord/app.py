"""The discord.py client: wiring at start-up, a clean shutdown, and ``serve``.

``setup_hook`` only assembles: the store, the match service and slow play
(``bot.play``), the announcer, the cogs, the dynamic components, the
``/game`` commands with their translator, the render workers, the metrics
endpoint and the web view; then it syncs the commands.

With ``SHARD_COUNT`` the client is discord.py's ``AutoShardedBot`` for the
shards in ``SHARD_IDS`` (all of them if empty). Any process can serve any
match: interactions are answered through their own tokens, and timers and
notices reach channels and DMs over REST, so a process fires timers of
matches whose server another process holds. Only the process with shard 0
(or the only process) syncs the slash commands.
"""

from __future__ import annotations

import asyncio
import logging
import signal

import aiohttp
import discord
import yarl
from discord.ext import commands

from bot.config import Settings
from bot.discord.announcer import Announcer
from bot.discord.commands import GameCommands
from bot.discord.components import ALL_ITEMS
from bot.discord.errors import InFlight, on_app_command_error
from bot.discord.export import ExportCog
from bot.discord.option_checks import CheckedTree
from bot.discord.help import HelpCog
from bot.discord.lobby import LobbyCog
from bot.discord.locales import Locales
from bot.discord.computers import Computers
from bot.discord.play import PlayCog
from bot.discord.ratings import RatingsCog
from bot.discord.recap import RecapCog
from bot.discord.seats import SeatsCog
from bot.discord.server_commands import BrettboteCommands
from bot.discord.servers import ServersCog
from bot.discord.slow import SlowCog
from bot.discord.talks import TalkCog
from bot.discord.user_time import TimeCog
from bot.play.clock import Clock
from bot.play.scheduler import Scheduler
from bot.play.servers import Servers
from bot.play.service import MatchService
from bot.play.slow import SlowPlay
from bot.store import Store, open_store, redacted, sqlite_path
from bot.discord.translator import Translator
from bot.discord import web_links
from bot.discord.web import start_web
from bot.web.server import WebServer
from bot import metrics, workers
from bot.loop_lag import LoopLag

log = logging.getLogger("brettbote")

#: How long a shutdown waits for interactions in flight.
DRAIN_SECONDS = 10.0
#: Seconds before the next attempt to reach Discord at start: doubling from
#: the first to the last.
FIRST_RETRY, LAST_RETRY = 1.0, 60.0
#: What a start raises when Discord cannot be reached (no connection, no name,
#: no answer in time, Discord's own 5xx); a refused token (LoginFailure) is not one.
UNREACHABLE = (OSError, aiohttp.ClientError, asyncio.TimeoutError, discord.DiscordServerError)
COGS = (LobbyCog, PlayCog, SlowCog, SeatsCog, ServersCog, HelpCog, RecapCog, ExportCog, RatingsCog, TimeCog, TalkCog)


def point_at(settings: Settings) -> None:
    """Send REST calls and the gateway where the settings say (a proxy, or
    the fake Discord in tests)."""
    discord.http.Route.BASE = settings.api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class BrettboteClient:
    """The bot itself, on top of either discord.py client class (below)."""

    def __init__(self, settings: Settings, *, clock: Clock | None = None, run_scheduler: bool = True, **options) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # discord.py warns at every start that voice needs PyNaCl and davey; the bot has no voice.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=CheckedTree, **options)
        self.settings = settings
        self.clock = clock or Clock()
        self.run_scheduler = run_scheduler
        self.inflight = InFlight()
        self.store: Store | None = None
        self.service: MatchService | None = None
        self.slow: SlowPlay | None = None
        self.servers: Servers | None = None
        self.locales: Locales | None = None
        self.announcer: Announcer | None = None
        self.scheduler: Scheduler | None = None
        self.metrics_server: metrics.MetricsServer | None = None
        self.web_server: WebServer | None = None
        self.loop_lag = LoopLag()
        self._reconciled = False
        #: Set once Discord took the token and the bot assembles itself.
        self.setting_up = False

    async def setup_hook(self) -> None:
        self.setting_up = True
        render = self.settings.render_workers
        if render is None:
            render = workers.default_count(self.settings.bot_processes)
        workers.configure(render, nice=self.settings.worker_nice)
        workers.configure(self.settings.computer_workers, "think", nice=self.settings.worker_nice)
        self.store = await open_store(self.settings.database_url)
        self.service = MatchService(self.store, clock=self.clock, abandon_days=self.settings.abandon_days,
                                    matches_per_hour=self.settings.matches_per_hour,
                                    timer_lease=self.settings.timer_lease_seconds)
        self.slow = SlowPlay(self.store, self.service)
        self.servers = Servers(self.store, self.service, self.slow)
        self.locales = Locales(self, self.store)
        self.announcer = Announcer(self, self.store, self.service, self.slow, self.locales)
        self.announcer.computers = Computers(self.service, self.announcer, self.settings.computer_max_ms)
        for cog in COGS:
            await self.add_cog(cog(self))
        self.scheduler = Scheduler(self.store, self.clock, self.get_cog("slow").fire_timer, recover=self.service.rearm,
                                   repair=self.announcer.reconcile,
                                   lease=self.settings.timer_lease_seconds, observe_lag=metrics.TIMER_LAG.observe,
                                   digest=self.get_cog("time").send_digest)
        await self.service.rearm()
        if self.run_scheduler:
            self.scheduler.start()
        self.add_dynamic_items(*ALL_ITEMS)
        self.tree.add_command(GameCommands())
        self.tree.add_command(BrettboteCommands())
        self.tree.on_error = on_app_command_error
        await self.tree.set_translator(Translator())
        if self.settings.web_port is not None:
            self.web_server = await start_web(self)
        self.loop_lag.start()
        if self.settings.metrics_port:
            self.metrics_server = await metrics.MetricsServer.start(self.settings.metrics_port, self.health,
                                                                    host=self.settings.metrics_host)
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            # only there, at once; global commands would show up twice in it
            self.tree.copy_global_to(guild=guild)
            self.tree.clear_commands(guild=None)
        if self.syncs_commands:
            await self.tree.sync(guild=guild)
        # the database was named at the start (serve), before Discord answered
        log.info("%scommands synced%s",
                 f"shards {self.shard_ids} of {self.shard_count}; " if self.settings.shard_count else "",
                 "" if self.syncs_commands else " by the process of shard 0")

    @property
    def syncs_commands(self) -> bool:
        """One process syncs the commands: the one with shard 0, or the only one."""
        return not self.settings.shard_ids or 0 in self.settings.shard_ids

    async def health(self) -> dict[str, object]:
        """What ``/healthz`` reports: connected to the gateway, and the
        database answering (with the number of running matches)."""
        report: dict[str, object] = {"gateway": self.is_ready() and not self.is_closed()}
        try:
            running = await self.store.count_running() if self.store is not None else None
        except Exception:  # the database is down: unhealthy, not an error page
            log.warning("health check: the database did not answer", exc_info=True)
            running = None
        report["database"] = running is not None
        if running is not None:
            metrics.MATCHES_ACTIVE.set(running)
            report["matches_active"] = running
        report["ok"] = bool(report["gateway"] and report["database"])
        return report

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))
        if not self._reconciled:
            self._reconciled = True
            await self.announcer.reconcile()

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await self.inflight.drain(DRAIN_SECONDS)
        if self.announcer is not None and self.announcer.computers is not None:
            await self.announcer.computers.close()  # a move not made yet is made after the restart
        if self.announcer is not None and self.announcer.held.task is not None:
            # notices held for a DM budget: their outbox entries are still
            # unsent, so the restart's delivery tells them
            self.announcer.held.task.cancel()
        await self.loop_lag.stop()
        if self.metrics_server is not None:
            await self.metrics_server.stop()
            self.metrics_server = None
        if self.web_server is not None:
            web_links.configure(None, None)
            await self.web_server.stop()
            self.web_server = None
        await super().close()
        if self.store is not None:
            await self.store.close()  # waits for a transaction in flight
            self.store = None


class Brettbote(BrettboteClient, commands.Bot):
    """One gateway connection: every server in one process."""


class ShardedBrettbote(BrettboteClient, commands.AutoShardedBot):
    """The shards ``SHARD_IDS`` of ``SHARD_COUNT`` in this process."""


def make_client(settings: Settings, **options) -> BrettboteClient:
    """The client the settings ask for: sharded with ``SHARD_COUNT``."""
    if settings.shard_count is None:
        return Brettbote(settings, **options)
    return ShardedBrettbote(settings, shard_count=settings.shard_count, shard_ids=settings.shard_ids, **options)


def database_place(url: str) -> str:
    """Where the matches are stored, for the start-up line: a SQLite file's
    absolute path (the default one is relative to the working directory),
    else the URL without its password."""
    path = sqlite_path(url)
    return str(path.resolve()) if path is not None else redacted(url)


def one_line(err: BaseException) -> str:
    return " ".join(str(err).split()) or type(err).__name__


async def serve(settings: Settings) -> None:
    """Run until SIGTERM/SIGINT, then finish what is in flight and close.

    While Discord cannot be reached at the start (see :data:`UNREACHABLE`),
    say so in one line and try again after 1, 2, 4 ... up to 60 seconds, as a
    service under a supervisor should; a refused token is not tried again."""
    point_at(settings)
    log.info("database %s", database_place(settings.database_url))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on the main thread
            pass
    delay, attempt = FIRST_RETRY, 1
    while True:
        bot = make_client(settings)
        try:
            await _serve_until(bot, settings, stop)
            return
        except UNREACHABLE as err:
            if bot.setting_up:  # Discord took the token: whatever failed later is not this
                raise
            log.warning("cannot reach Discord at %s (attempt %d: %s); trying again in %g s",
                        settings.api_base, attempt, one_line(err), delay)
        try:
            await asyncio.wait_for(stop.wait(), delay)
            log.info("shutting down")
            return
        except asyncio.TimeoutError:
            delay, attempt = min(2 * delay, LAST_RETRY), attempt + 1


async def _serve_until(bot: BrettboteClient, settings: Settings, stop: asyncio.Event) -> None:
    runner = asyncio.create_task(bot.start(settings.discord_token.get_secret_value()))
    stopper = asyncio.create_task(stop.wait())
    try:
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            runner.result()
        else:
            log.info("shutting down")
    finally:
        stopper.cancel()
        await bot.close()
        if not runner.done():
            runner.cancel()
