"""Several bot processes (``python -m bot.cli``) against one database and one
fake Discord, the way a sharded deployment runs: each process is started with
its own environment and found by the gateway session it opens, so a test can
send an interaction to the process of its choice (``to=proc.session``).
Used by ``test_scale_out`` and the scale-out benchmark."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import AsyncIterator, Awaitable, Callable

from fake_discord import FakeDiscord
from fake_discord.gateway import GatewaySession

from bot.faults import VARIABLE as CRASH_AT


@dataclass
class BotProcess:
    proc: asyncio.subprocess.Process
    session: GatewaySession
    log: Path

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    async def kill(self) -> None:
        """``kill -9``: nothing flushed, closed or rolled back."""
        if self.proc.returncode is None:
            self.proc.kill()
        await self.proc.wait()


def environment(fake: FakeDiscord, url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DISCORD_", "BRETTBOTE_", "SHARD_", "DATABASE_", "METRICS_", "RENDER_"))}
    env.update(DISCORD_TOKEN=fake.token, DISCORD_API_BASE=fake.api_url, DISCORD_GATEWAY_URL=fake.gateway_url,
               DATABASE_URL=url, **extra)
    return env


@contextlib.asynccontextmanager
async def bot_processes(fake: FakeDiscord, url: str, envs: list[dict[str, str]]) -> AsyncIterator[list[BotProcess]]:
    """One process per entry of ``envs`` (extra variables: ``SHARD_IDS``,
    ``BRETTBOTE_CRASH_AT``, …), started one after the other; each is ready
    when its gateway session is. Stopped with SIGTERM at the end."""
    folder = Path(tempfile.mkdtemp(prefix="brettbote-procs-"))
    started: list[BotProcess] = []
    try:
        for number, extra in enumerate(envs):
            known = set(map(id, fake.gateway.sessions))
            log = folder / f"bot{number}.log"
            with log.open("wb") as out:
                proc = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "bot.cli", cwd=folder, env=environment(fake, url, **extra),
                    stdout=out, stderr=asyncio.subprocess.STDOUT,
                )
            try:
                session = await fake.wait_until(
                    lambda: next((s for s in fake.gateway.live_sessions if id(s) not in known), None),
                    timeout=30, what=f"bot process {number} on the gateway")
            except AssertionError:
                proc.kill()
                await proc.wait()
                raise AssertionError(f"bot process {number} did not connect:\n{log.read_text()[-3000:]}") from None
            started.append(BotProcess(proc, session, log))
        yield started
    finally:
        for bot in started:
            if bot.proc.returncode is None:
                bot.proc.terminate()
        for bot in started:
            try:
                await asyncio.wait_for(bot.proc.wait(), 60)
            except asyncio.TimeoutError:
                await bot.kill()
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


def live_board(fake: FakeDiscord, channel):
    """The channel's newest board that still has its buttons, if any."""
    boards = [m for m in fake.messages(channel) if m.attachments and any(":act:" in c for c in m.custom_ids())]
    return boards[-1] if boards else None


async def run_until_killed(fake: FakeDiscord, url: str, extra: dict[str, str], *, timeout: float) -> int:
    """A process meant to die at a crash point before it reaches the gateway;
    returns its exit code."""
    with tempfile.TemporaryDirectory(prefix="brettbote-proc-") as folder:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", cwd=folder, env=environment(fake, url, **extra),
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )
        try:
            return await asyncio.wait_for(proc.wait(), timeout)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()


async def poll_until(check: Callable[[], Awaitable[object]], *, timeout: float, what: str, every: float = 0.1):
    """For conditions outside the fake (the database): ask until true."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = await check()
        if result:
            return result
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(every)
