"""A bot process killed with ``kill -9`` leaves nothing behind: its fork
server, its resource tracker and the render and think workers all end with
it (a real ``python -m bot.cli`` against the fake Discord, with worker
processes for both pools)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from scale_harness import bot_processes, live_board, poll_until

WAIT = 30  # seconds: generous; the processes end within moments


def stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state, start time) of a process, None when there is none."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()  # the name in brackets may hold spaces
    return int(fields[1]), fields[0], int(fields[19])


def descendants(root: int) -> dict[int, int]:
    """Every living process below ``root``, by pid, with its start time."""
    parents: dict[int, tuple[int, int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (found := stat(int(entry))) is not None and found[1] != "Z":
            parents[int(entry)] = (found[0], found[2])
    below: dict[int, int] = {}
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, (ppid, started) in parents.items():
            if ppid == parent and pid not in below:
                below[pid] = started
                frontier.append(pid)
    return below


def alive(pid: int, started: int) -> bool:
    """The same process (not a new one with a reused pid), and not a zombie."""
    found = stat(pid)
    return found is not None and found[2] == started and found[1] != "Z"


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "?"


async def test_kill_9_leaves_no_worker_fork_server_or_tracker_behind(fake, tmp_path):
    w = fake.world
    channel = w.channel("spiele")
    url = f"sqlite:///{tmp_path / 'brettbote.sqlite3'}"
    left: dict[int, int] = {}
    try:
        async with bot_processes(fake, url, [{"RENDER_WORKERS": "1", "COMPUTER_WORKERS": "1"}]) as (bot,):
            await fake.wait_until(lambda: fake.commands.list(None), timeout=WAIT, what="commands synced")
            # a HellGame against the computer: its board is drawn in a render
            # worker, and the computer (asked at once) thinks in a think worker
            await (await fake.slash(w.alice, "game new", {"game": "hellgame", "here": True, "computer": 1},
                                    channel=channel, to=bot.session)).wait_response(timeout=WAIT)
            await fake.wait_until(lambda: live_board(fake, channel), timeout=WAIT, what="the first board")

            async def all_started():
                found = descendants(bot.proc.pid)
                # the resource tracker, the fork server and a worker of each pool
                return found if len(found) >= 4 else None

            started = await poll_until(all_started, timeout=WAIT, what="the bot's worker processes")
            await bot.kill()
            left.update(started)

            async def all_gone():
                return not any(alive(pid, since) for pid, since in left.items())

            try:
                await poll_until(all_gone, timeout=WAIT, what="the bot's processes to end")
            except AssertionError:
                still = [f"{pid}: {command_line(pid)[:200]}" for pid, since in left.items() if alive(pid, since)]
                raise AssertionError("left behind after kill -9:\n" + "\n".join(still)) from None
    finally:
        for pid, since in left.items():  # what an unfixed bot leaves, so that the next test does not inherit it
            if alive(pid, since):
                os.kill(pid, signal.SIGKILL)
