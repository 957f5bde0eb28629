"""``brettbote migrate`` and ``brettbote verify`` on both databases: the
schema brought up to date, and a whole database copied from SQLite to
PostgreSQL (and back) with every match verified by replay."""

from __future__ import annotations

import asyncio
import random

import pytest
from postgres_fixtures import fresh_database

import engines
from bot import cli
from bot.play.service import MatchService
from bot.play.slow import SlowPlay
from bot.store import migrations, open_store
from engines import registry

CH = 500


async def fill(url: str, matches: int = 4, moves: int = 12) -> None:
    """Matches in several states: played ones (with undo snapshots and a
    takeback; the first one finished, so there are ratings), a lobby, a
    cancelled one; and a user's settings."""
    store = await open_store(url)
    rng = random.Random(7)
    try:
        service = MatchService(store, rng=random.Random(1))
        for i in range(matches):
            await service.new_match(guild_id=1, channel_id=CH + i, game="himmel-und-hoelle", host_id=1)
            match, _ = await service.join(CH + i, 2)
            for _ in range(moves):
                match = await service.get(match.id)
                if match.status != "running":
                    break
                seat = engines.get(match.game).to_act(service.state(match))[0]
                index, token, _ = rng.choice(service.choices(match, seat))
                await service.act(match.id, match.user(seat), match.seats[seat].decision_counter, index, token)
            if i == 0 and (await service.get(match.id)).status == "running":
                await service.resign(CH, 2)  # a finished rated match: ratings to copy
        await service.new_match(guild_id=1, channel_id=CH + 90, game="halleluja", host_id=3)  # a lobby
        await SlowPlay(store, service).set_notify(2, "off")
    finally:
        await store.close()


async def snapshot(url: str) -> list[tuple]:
    store = await open_store(url)
    try:
        out = []
        for match_id in await store.match_ids():
            match = await store.get_match(match_id)
            out.append((match.id, match.game, match.status, match.state, match.counter, match.user_ids,
                        match.engine_version,
                        [(a.counter, a.action, a.undone_by) for a in await store.actions(match_id)]))
        out.append(await store.get_user(2))
        out.append(await store.leaderboard(1, "himmel-und-hoelle"))
        return out
    finally:
        await store.close()


@pytest.fixture
async def pg_url(postgres):
    async with fresh_database(postgres) as url:
        yield url


async def test_migrate_brings_the_configured_database_up_to_date(tmp_path, monkeypatch, capsys, pg_url):
    monkeypatch.chdir(tmp_path)
    for url in (f"sqlite:///{tmp_path / 'a.sqlite3'}", pg_url):
        monkeypatch.setenv("DATABASE_URL", url)
        assert await asyncio.to_thread(cli.main, ["migrate"]) == 0
        assert f"schema version {migrations()[-1][0]}" in capsys.readouterr().out


async def test_a_sqlite_database_copies_to_postgresql_and_back_verified(tmp_path, capsys, postgres):
    source = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    await fill(source)
    before = await snapshot(source)
    assert sorted(r.user_id for r in before[-1]) == [1, 2]  # the ratings come along too
    async with fresh_database(postgres) as pg:
        assert await asyncio.to_thread(cli.main, ["migrate", "--from", source, "--to", pg]) == 0
        out = capsys.readouterr().out
        assert "copied 5 matches, the settings of 1 users" in out and "5 matches verified by replay, 0 mismatched" in out
        assert await snapshot(pg) == before
        # new rows continue after the copied ids
        store = await open_store(pg)
        try:
            service = MatchService(store, rng=random.Random(2))
            match = await service.new_match(guild_id=1, channel_id=CH + 99, game="himmel-und-hoelle", host_id=5)
            assert match.id == 6
        finally:
            await store.close()
        back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
        assert await asyncio.to_thread(cli.main, ["migrate", "--from", pg, "--to", back]) == 0
        assert (await snapshot(back))[:5] == before[:5]
        # and verify reads either
        for url in (pg, back):
            assert await asyncio.to_thread(_verify, url) == 0
        assert "6 matches checked, 0 mismatched" in capsys.readouterr().out


def _verify(url: str) -> int:
    import os

    os.environ["DATABASE_URL"] = url
    try:
        return cli.main(["verify"])
    finally:
        del os.environ["DATABASE_URL"]


async def test_a_copy_never_goes_into_a_database_in_use(tmp_path, capsys, pg_url):
    source = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    await fill(source, matches=1, moves=2)
    await fill(pg_url, matches=1, moves=1)
    before = await snapshot(pg_url)
    assert await asyncio.to_thread(cli.main, ["migrate", "--from", source, "--to", pg_url]) == 1
    assert "not empty" in capsys.readouterr().err
    assert await snapshot(pg_url) == before


async def test_a_copy_that_does_not_replay_is_reported(tmp_path, capsys, pg_url):
    source = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    await fill(source, matches=2, moves=6)
    store = await open_store(source)
    async with store.transaction() as tx:  # a log that no longer leads to the stored state
        await tx.execute("DELETE FROM actions WHERE match_id=2 AND counter=3")
    await store.close()
    assert await asyncio.to_thread(cli.main, ["migrate", "--from", source, "--to", pg_url]) == 1
    out = capsys.readouterr().out
    assert "match 2 (himmel-und-hoelle" in out and "1 mismatched" in out


async def test_a_copy_with_matches_of_an_older_engine_version_passes(tmp_path, capsys, pg_url):
    """Matches started under older rules (here: before versions were
    recorded) need not replay to their state today: copied, reported apart,
    not mismatched."""
    source = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    await fill(source, matches=2, moves=6)
    store = await open_store(source)
    async with store.transaction() as tx:
        other = engines.get("himmel-und-hoelle")
        await tx.execute("UPDATE matches SET engine_version=NULL, state=? WHERE id=2",
                         (other.dump_state(other.setup(2, 99)),))
    await store.close()
    before = await snapshot(source)
    assert await asyncio.to_thread(cli.main, ["migrate", "--from", source, "--to", pg_url]) == 0
    out = capsys.readouterr().out
    assert "1 matches were started with an older engine version: not compared" in out
    assert "3 matches verified by replay, 0 mismatched" in out and "match 2" not in out
    assert await snapshot(pg_url) == before
    assert before[1][6] is None and before[0][6] == registry.game("himmel-und-hoelle").version


@pytest.mark.parametrize("argv, message", [
    (["migrate", "--from", "sqlite:///x.db"], "--from and --to go together"),
    (["migrate", "--from", "mysql://x", "--to", "sqlite:///y.db"], "must be a database URL"),
    (["migrate", "--from", "sqlite:///missing.db", "--to", "sqlite:///y.db"], "no database at"),
])
async def test_wrong_migrate_arguments_say_what_is_wrong(tmp_path, monkeypatch, capsys, argv, message):
    monkeypatch.chdir(tmp_path)
    assert await asyncio.to_thread(cli.main, argv) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "y.db").exists()


async def test_a_database_that_cannot_be_reached_is_one_line_without_its_password(tmp_path, monkeypatch, capsys):
    from postgres_server import free_port

    monkeypatch.chdir(tmp_path)
    url = f"postgresql://bot:hunter2@127.0.0.1:{free_port()}/brettbote"
    monkeypatch.setenv("DATABASE_URL", url)
    for argv in (["migrate"], ["verify"]):
        assert await asyncio.to_thread(cli.main, argv) == 1
        err = capsys.readouterr().err
        assert err.startswith("brettbote: the database postgresql://bot:***@127.0.0.1") and "hunter2" not in err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1
