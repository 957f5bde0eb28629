"""The discord.py client: wiring at start-up, a clean shutdown, and ``serve``.

``setup_hook`` only assembles: the store, the match service and slow play
(``bot.play``), the announcer, the cogs, the dynamic components, the
``/game`` commands with their translator; then it syncs the commands.
"""

from __future__ import annotations

import asyncio
import logging
import signal

import discord
import yarl
from discord.ext import commands

from bot.config import Settings
from bot.discord.announcer import Announcer
from bot.discord.commands import GameCommands
from bot.discord.components import ALL_ITEMS
from bot.discord.errors import InFlight, on_app_command_error
from bot.discord.help import HelpCog
from bot.discord.lobby import LobbyCog
from bot.discord.locales import Locales
from bot.discord.play import PlayCog
from bot.discord.slow import SlowCog
from bot.play.clock import Clock
from bot.play.scheduler import Scheduler
from bot.play.service import MatchService
from bot.play.slow import SlowPlay
from bot.store import SqliteStore, Store
from bot.discord.translator import Translator

log = logging.getLogger("brettbote")

#: How long a shutdown waits for interactions in flight.
DRAIN_SECONDS = 10.0
COGS = (LobbyCog, PlayCog, SlowCog, HelpCog)


def point_at(settings: Settings) -> None:
    """Send REST calls and the gateway where the settings say (a proxy, or
    the fake Discord in tests)."""
    discord.http.Route.BASE = settings.api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class Brettbote(commands.Bot):
    def __init__(self, settings: Settings, *, clock: Clock | None = None, run_scheduler: bool = True, **options) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **options)
        self.settings = settings
        self.clock = clock or Clock()
        self.run_scheduler = run_scheduler
        self.inflight = InFlight()
        self.store: Store | None = None
        self.service: MatchService | None = None
        self.slow: SlowPlay | None = None
        self.locales: Locales | None = None
        self.announcer: Announcer | None = None
        self.scheduler: Scheduler | None = None
        self._reconciled = False

    async def setup_hook(self) -> None:
        self.store = await SqliteStore.open(self.settings.db_path)
        self.service = MatchService(self.store, clock=self.clock, abandon_days=self.settings.abandon_days,
                                    matches_per_hour=self.settings.matches_per_hour)
        self.slow = SlowPlay(self.store, self.service)
        self.locales = Locales(self, self.store)
        self.announcer = Announcer(self, self.store, self.service, self.slow, self.locales)
        for cog in COGS:
            await self.add_cog(cog(self))
        self.scheduler = Scheduler(self.store, self.clock, self.get_cog("slow").fire_timer)
        await self.service.rearm()
        if self.run_scheduler:
            self.scheduler.start()
        self.add_dynamic_items(*ALL_ITEMS)
        self.tree.add_command(GameCommands())
        self.tree.on_error = on_app_command_error
        await self.tree.set_translator(Translator())
        if self.settings.dev_guild_id:
            # only there, at once; global commands would show up twice in it
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            self.tree.clear_commands(guild=None)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        log.info("commands synced, database %s", self.settings.db_path)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))
        if not self._reconciled:
            self._reconciled = True
            await self.announcer.reconcile()

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await self.inflight.drain(DRAIN_SECONDS)
        await super().close()
        if self.store is not None:
            await self.store.close()  # waits for a transaction in flight
            self.store = None


async def serve(settings: Settings) -> None:
    """Run until SIGTERM/SIGINT, then finish what is in flight and close."""
    point_at(settings)
    bot = Brettbote(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on the main thread
            pass
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
