"""The bot killed (SIGKILL, as ``kill -9``) at the worst moment, as a real
process against the fake Discord, then started again: nothing is lost and
nothing is doubled."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import sys
from pathlib import Path
from typing import AsyncIterator

import pytest
from fake_discord import FakeDiscord
from scale_harness import poll_until

from bot.faults import VARIABLE
from bot.store import SqliteStore


@contextlib.asynccontextmanager
async def bot_process(fake: FakeDiscord, db: Path, crash_at: str | None = None) -> AsyncIterator[asyncio.subprocess.Process]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BRETTBOTE_"))}
    env["DISCORD_TOKEN"] = fake.token  # the fake's own, made up per test
    env.update(DISCORD_API_BASE=fake.api_url, DISCORD_GATEWAY_URL=fake.gateway_url, DATABASE_URL=f"sqlite:///{db}")
    if crash_at:
        env[VARIABLE] = crash_at
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", cwd=db.parent, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        yield proc
    finally:
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 60)
            except asyncio.TimeoutError:
                proc.kill()
                await proc.wait()


async def start_match(fake: FakeDiscord, channel) -> None:
    """Alice opens Himmel und Hölle in ``channel`` and Bob joins: it starts."""
    w = fake.world
    await fake.wait_until(lambda: fake.commands.list(None), timeout=60, what="commands synced")
    lobby = await (await fake.slash(w.alice, "game new", {"game": "himmel-und-hoelle", "here": True},
                                    channel=channel)).wait_response(timeout=60)
    await fake.click(w.bob, lobby, next(c for c in lobby.custom_ids() if ":join:" in c))


async def stored_match(db: Path):
    store = await SqliteStore.open(db)
    try:
        return await store.get_match(1)
    finally:
        await store.close()


def live_boards(fake: FakeDiscord, channel) -> list:
    return [m for m in fake.messages(channel) if m.attachments and any(":act:" in c for c in m.custom_ids())]


@pytest.mark.parametrize("window", [300.0, 0.0], ids=["retry-within-the-nonce-window", "after-a-long-outage"])
async def test_killed_between_sending_the_board_and_recording_it(tmp_path, window):
    """Within Discord's nonce window the retry returns the first post; after
    it, the retry makes a new post and the orphan loses its buttons. Either
    way one live board, and it is the recorded one."""
    db = tmp_path / "brettbote.sqlite3"
    async with FakeDiscord() as fake:
        w = fake.world
        channel = w.channel("spiele")
        async with bot_process(fake, db, crash_at="board_sent") as proc:
            await start_match(fake, channel)
            assert await asyncio.wait_for(proc.wait(), 60) == -9  # killed right after sending the first board
        assert len(live_boards(fake, channel)) == 1
        assert (await stored_match(db)).board_message_id is None  # sent, never recorded
        fake.nonce_window = window
        async with bot_process(fake, db):
            recorded = await poll_until(_recorded(db), timeout=60, what="the board recorded after the restart")
            await fake.wait_until(lambda: len(live_boards(fake, channel)) == 1 or None, timeout=60, what="one live board")
        boards = [m for m in fake.messages(channel) if m.attachments]
        assert len(boards) == (1 if window else 2)
        assert [m.id for m in live_boards(fake, channel)] == [recorded]


def _recorded(db: Path):
    """A check for poll_until (the database changes without the fake
    Discord seeing it, so its event-driven wait_until would not look again):
    the board's message id once the match has one recorded and owes no post."""

    async def check():
        with sqlite3.connect(db) as conn:
            row = conn.execute("SELECT board_message_id, board_due FROM matches WHERE id=1").fetchone()
        return row[0] if row and row[0] and not row[1] else None

    return check


async def test_killed_between_committing_a_move_and_its_notices(tmp_path):
    """Hell ends its turn and the process dies before anything is announced:
    after the restart Heaven gets its turn notice by DM (from the outbox) and
    the board that was owed is posted; the outbox is empty again."""
    db = tmp_path / "brettbote.sqlite3"
    async with FakeDiscord() as fake:
        w = fake.world
        channel = w.channel("spiele")
        async with bot_process(fake, db, crash_at="move_committed") as proc:
            await start_match(fake, channel)
            board = await fake.wait_until(lambda: (live_boards(fake, channel) or [None])[-1], timeout=60, what="board")
            # the start is told in full (Alice's turn came by DM) before she moves
            await poll_until(_no_pending(db), timeout=60, what="the start's notices told")
            act = next(c for c in board.custom_ids() if ":act:" in c)
            picker = await (await fake.click(w.alice, board, act)).wait_ephemeral(timeout=60)
            end_turn = next(b["custom_id"] for b in picker.buttons() if b["label"] == "Zug beenden")
            dms_before = len(fake.dm_messages(w.bob))
            await fake.click(w.alice, picker, end_turn)
            assert await asyncio.wait_for(proc.wait(), 60) == -9  # killed right after the move's commit
        assert len(fake.dm_messages(w.bob)) == dms_before  # nothing was announced
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT kind FROM outbox WHERE sent_at IS NULL").fetchall() == [("turn",)]
        async with bot_process(fake, db):
            notice = await fake.wait_until(
                lambda: next((m for m in fake.dm_messages(w.bob)[dms_before:] if m.content), None),
                timeout=60, what="the turn notice after the restart")
            await poll_until(_no_pending(db), timeout=60, what="the outbox emptied")
            await poll_until(_recorded(db), timeout=60, what="the owed board")
        assert "<#" in notice.content  # points to the match channel
        assert len(live_boards(fake, channel)) == 1


def _no_pending(db: Path):
    async def check():
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT count(*) FROM outbox WHERE sent_at IS NULL").fetchone()[0] == 0 or None

    return check
