"""The discord.py client: wiring at start-up, a clean shutdown, and ``run``."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord
import yarl
from discord.ext import commands

from bot.clock import Clock
from bot.commands import GameCommands
from bot.components import ALL_ITEMS
from bot.config import Settings, load_settings
from bot.controller import Controller
from bot.scheduler import Scheduler
from bot.service import MatchService
from bot.storage import Store
from bot.translator import Translator

log = logging.getLogger("brettbote")

#: How long a shutdown waits for interactions in flight.
DRAIN_SECONDS = 10.0


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
        self.store: Store | None = None
        self.controller: Controller | None = None
        self.scheduler: Scheduler | None = None
        self._reconciled = False

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.db_path)
        service = MatchService(self.store, clock=self.clock, abandon_days=self.settings.abandon_days)
        self.controller = Controller(self, self.store, service)
        self.scheduler = Scheduler(self.store, self.clock, self.controller.fire_timer)
        await service.rearm()
        if self.run_scheduler:
            self.scheduler.start()
        self.add_dynamic_items(*ALL_ITEMS)
        self.tree.add_command(GameCommands())
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
            await self.controller.reconcile()

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        if self.controller is not None:
            await self.controller.drain(DRAIN_SECONDS)
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


def run() -> int:
    settings = load_settings()
    discord.utils.setup_logging(level=getattr(logging, settings.log_level.upper(), logging.INFO), root=True)
    # discord.http logs request bodies at DEBUG: those would include DM pickers
    logging.getLogger("discord.http").setLevel(max(logging.INFO, logging.getLogger().level))
    if not settings.discord_token.get_secret_value():
        print("brettbote: DISCORD_TOKEN is not set (put it in .env or the environment; see .env.example)", file=sys.stderr)
        return 2
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        print("brettbote: Discord refused the token (DISCORD_TOKEN)", file=sys.stderr)
        return 1
    return 0
