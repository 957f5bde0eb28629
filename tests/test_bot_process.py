"""The bot as a process and as a service: `brettbote` with only a token (and
where Discord is) starts, serves and stops cleanly on SIGTERM; a move in flight
finishes before shutdown; `brettbote verify` checks stored matches."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys

from bot_harness import Table, started
from fake_discord import FakeDiscord

import engines
from bot import cli
from bot.play.service import MatchService
from bot.store import SqliteStore

E = engines.get("himmel-und-hoelle")


async def test_brettbote_serves_with_only_a_token_and_stops_on_sigterm(tmp_path):
    async with FakeDiscord() as fake:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BRETTBOTE_"))}
        env["DISCORD_TOKEN"] = fake.token
        env.update(DISCORD_API_BASE=fake.api_url, DISCORD_GATEWAY_URL=fake.gateway_url)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )
        try:
            await fake.wait_until(lambda: fake.commands.list(None), timeout=60, what="commands synced")
            await fake.wait_for_client(timeout=60)
            reply = await (await fake.slash(fake.world.bob, "game help")).wait_ephemeral(timeout=60)
            assert "/game new" in reply.content
            proc.send_signal(signal.SIGTERM)
            code = await asyncio.wait_for(proc.wait(), 60)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        output = (await proc.stdout.read()).decode()
        assert code == 0, output
        assert "shutting down" in output
        assert fake.token not in output  # the token is never logged
        assert (tmp_path / "data" / "brettbote.sqlite3").exists()  # SQLite under ./data by default
        fake.assert_clean()


async def test_run_without_token_says_what_is_missing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert cli.main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


async def test_a_move_in_flight_finishes_before_shutdown(tmp_path):
    db = tmp_path / "db.sqlite3"
    async with FakeDiscord() as fake:
        async with started(fake, db) as bot:
            table = Table(fake, bot)
            await table.open_match(fake.world.alice, fake.world.bob)
            picker = await table.open_picker(fake.world.alice)
            button = next(b for b in picker.buttons() if b["label"] == "Ziehen B1 → B2")
            click = await fake.click(fake.world.alice, picker, button["custom_id"])
            await click.wait_acknowledged()
            await bot.close()
    store = await SqliteStore.open(db)
    try:
        assert len(await store.actions(1)) == 1
        assert E.load_state((await store.get_match(1)).state).dice[0].field == "B2"
    finally:
        await store.close()


async def test_verify_command_exit_codes(tmp_path, monkeypatch, capsys):
    db = tmp_path / "db.sqlite3"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{db}")
    assert await asyncio.to_thread(cli.main, ["verify"]) == 0 and not db.exists()  # nothing to check, nothing created
    store = await SqliteStore.open(db)
    service = MatchService(store, rng=random.Random(1))
    await service.new_match(guild_id=1, channel_id=5, game="himmel-und-hoelle", host_id=1)
    await service.join(5, 2)
    match = await service.get(1)
    index, token, _ = service.choices(match, 0)[0]
    await service.act(1, 1, 0, index, token)
    await store.close()
    assert await asyncio.to_thread(cli.main, ["verify"]) == 0
    assert "1 matches checked, 0 mismatched" in capsys.readouterr().out
    store = await SqliteStore.open(db)
    async with store.transaction() as tx:
        await tx.execute("UPDATE matches SET state=? WHERE id=1", (E.dump_state(E.setup(2, 99)),))
    await store.close()
    assert await asyncio.to_thread(cli.main, ["verify"]) == 1


async def test_brettbote_without_its_database_says_so_in_one_line(tmp_path):
    from postgres_server import free_port

    async with FakeDiscord() as fake:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BRETTBOTE_", "DATABASE_"))}
        env.update(DISCORD_TOKEN=fake.token, DISCORD_API_BASE=fake.api_url, DISCORD_GATEWAY_URL=fake.gateway_url,
                   DATABASE_URL=f"postgresql://bot:hunter2@127.0.0.1:{free_port()}/brettbote")
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        _, err = await asyncio.wait_for(proc.communicate(), 60)
    text = err.decode()
    assert proc.returncode == 1, text
    assert "brettbote: the database postgresql://bot:***@127.0.0.1" in text
    assert "hunter2" not in text and "Traceback" not in text
