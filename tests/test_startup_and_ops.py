"""What an operator meets when starting and running the bot: where the
metrics endpoint listens, time zones from the tzdata package (not the host),
a Discord that cannot be reached at the start, a quiet start-up log, and the
database's absolute path in it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import aiohttp
import pytest
import yaml
from bot_harness import Table
from fake_discord import FakeDiscord, running_bot
from postgres_server import free_port

from bot.config import VARIABLES, SettingsError, load_settings
from bot.discord.app import Brettbote
from bot.play import quiet

ROOT = Path(__file__).resolve().parents[1]
#: Generous: a loaded machine may take seconds to import the bot.
PATIENCE = 60.0


# -- the metrics endpoint ----------------------------------------------------------


@pytest.mark.parametrize("host, bound", [(None, "127.0.0.1"), ("0.0.0.0", "0.0.0.0")])
async def test_the_metrics_server_listens_on_127_0_0_1_unless_metrics_host_says_otherwise(
        fake, tmp_path, monkeypatch, host, bound):
    port = free_port()
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    monkeypatch.setenv("RENDER_WORKERS", "0")
    monkeypatch.setenv("COMPUTER_WORKERS", "0")
    monkeypatch.setenv("METRICS_PORT", str(port))
    if host is not None:
        monkeypatch.setenv("METRICS_HOST", host)
    settings = load_settings(env_file=None)
    async with running_bot(fake, Brettbote(settings, run_scheduler=False, guild_ready_timeout=0.05)) as bot:
        # the addresses the kernel bound the listening sockets to
        assert {address[0] for address in bot.metrics_server.addresses} == {bound}
        async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/healthz") as response:
            assert response.status == 200


def test_a_metrics_host_that_is_no_address_is_refused_in_one_line(monkeypatch):
    monkeypatch.setenv("METRICS_HOST", "every interface")
    with pytest.raises(SettingsError, match=r"^METRICS_HOST=every interface is not allowed: it must be an IP address"):
        load_settings(env_file=None)


def test_compose_opens_the_metrics_port_only_where_it_is_published():
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    published = {name: s for name, s in compose["services"].items() if "METRICS_PORT" in s.get("environment", {})}
    assert published
    for name, service in published.items():
        # inside a container 127.0.0.1 is not reachable through a published port
        assert service["environment"]["METRICS_HOST"] == "0.0.0.0", name
        assert all(str(p).startswith("127.0.0.1:") for p in service["ports"]), name  # the host keeps it local


# -- time zones --------------------------------------------------------------------


async def settings_reply(table: Table, user, **options):
    return await (await table.command(user, "game settings", **options)).wait_ephemeral()


async def test_only_canonical_zones_are_offered_and_accepted(fake, table, bot):
    w = fake.world
    for link in ("localtime", "posixrules", "Factory", "US/Pacific"):
        refusal = await settings_reply(table, w.bob, zone=link)
        assert "Unknown time zone" in refusal.content and link in refusal.content, refusal.content
    user = await bot.store.get_user(w.bob.id)
    assert user is None or user.tz is None  # nothing stored
    for typed in ("local", "posix", "factory", "us/pac", ""):
        handle = await fake.autocomplete(w.bob, "game settings", {"zone": typed}, "zone")
        await handle.wait_acknowledged()  # wait_choices would wait on for an empty list
        offered = {c["value"] for c in handle.choices}
        assert offered <= set(quiet.zone_names()), offered
        assert not offered & {"localtime", "posixrules", "Factory", "US/Pacific"}, (typed, offered)
    saved = await settings_reply(table, w.bob, zone="America/Los_Angeles")
    assert "America/Los_Angeles" in saved.content
    assert (await bot.store.get_user(w.bob.id)).tz == "America/Los_Angeles"


def test_zones_come_from_tzdata_not_from_the_host():
    names = set(quiet.zone_names())
    assert {"UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata"} <= names
    assert not names & {"localtime", "posixrules", "Factory", "posix/Europe/Berlin", "US/Pacific", "Etc/UTC"}
    berlin = quiet.load_zone("Europe/Berlin")
    assert berlin.key == "Europe/Berlin" and quiet.load_zone("localtime").key == "UTC"


# -- the bot process ---------------------------------------------------------------


def bot_env(token: str, **settings: str) -> dict[str, str]:
    """The bot's environment: ``token`` made up for the test (a fake's own, or
    one Discord refuses), the other settings by their variables' names."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DISCORD_", "BRETTBOTE_", "DATABASE_", "METRICS_", "SHARD_"))}
    env.update(RENDER_WORKERS="0", COMPUTER_WORKERS="0", **settings)
    env[VARIABLES["discord_token"]] = token
    # the code next to these tests, whichever checkout the installed package points at
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


async def start_bot(tmp_path: Path, env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )


async def stop_bot(proc: asyncio.subprocess.Process) -> tuple[int, str]:
    """SIGTERM (kill when that does not do), then its exit code and all of stderr."""
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
    try:
        _, err = await asyncio.wait_for(proc.communicate(), PATIENCE)
    except asyncio.TimeoutError:
        proc.kill()
        _, err = await proc.communicate()
    return proc.returncode, err.decode(errors="replace")


async def test_an_unreachable_discord_is_one_line_per_attempt_and_retried(tmp_path):
    api = f"http://127.0.0.1:{free_port()}/api/v10"  # nothing listens there
    proc = await start_bot(tmp_path, bot_env("unused", DISCORD_API_BASE=api))
    seen: list[str] = []
    try:
        async def two_attempts() -> None:
            while sum("cannot reach Discord" in line for line in seen) < 2:
                line = await proc.stderr.readline()
                if not line:  # the process ended
                    return
                seen.append(line.decode(errors="replace"))

        await asyncio.wait_for(two_attempts(), PATIENCE)
    finally:
        code, rest = await stop_bot(proc)
    output = "".join(seen) + rest
    attempts = [line for line in output.splitlines() if "cannot reach Discord" in line]
    assert len(attempts) >= 2, output
    assert all(api in line and "Connect call failed" in line for line in attempts), attempts
    assert "Traceback" not in output
    assert code == 0, output  # SIGTERM while waiting for the next attempt is a clean stop


async def test_a_refused_token_stops_at_once_with_one_line(tmp_path):
    async with FakeDiscord() as fake:
        proc = await start_bot(tmp_path, bot_env("refused", DISCORD_API_BASE=fake.api_url,
                                                 DISCORD_GATEWAY_URL=fake.gateway_url))
        _, err = await asyncio.wait_for(proc.communicate(), PATIENCE)
    output = err.decode(errors="replace")
    assert proc.returncode == 1, output
    assert "brettbote: Discord refused the token (DISCORD_TOKEN)" in output
    assert "Traceback" not in output and "cannot reach Discord" not in output
    assert output.count("logging in") == 1  # not tried again


async def test_the_start_up_log_names_the_database_and_says_nothing_about_voice(tmp_path):
    async with FakeDiscord() as fake:
        proc = await start_bot(tmp_path, bot_env(fake.token, DISCORD_API_BASE=fake.api_url,
                                                 DISCORD_GATEWAY_URL=fake.gateway_url))
        try:
            await fake.wait_until(lambda: fake.commands.list(None), timeout=PATIENCE, what="commands synced")
            await fake.wait_for_client(timeout=PATIENCE)
        finally:
            code, output = await stop_bot(proc)
    assert code == 0, output
    assert "PyNaCl" not in output and "voice will NOT be supported" not in output, output
    database = (tmp_path / "data" / "brettbote.sqlite3").resolve()
    # absolute, though the default is relative to the working directory
    assert any(line.rstrip().endswith(f"database {database}") for line in output.splitlines()), output
    assert fake.token not in output
