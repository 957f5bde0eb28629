"""Two bot processes on one PostgreSQL database against the fake Discord:
how fast interactions are acknowledged below, at and above the load this
machine can carry.

    python -m bench.scale_acks [--matches 200] [--seconds 30] [--capacity-seconds 25] [--warm-up 5]
                               [--timers 100] [--even] [--seed 1] [--quick]

The bench starts a private PostgreSQL server (its defaults, fsync on), opens
``--matches`` matches in the database (a channel and two players of its own,
whose DMs are closed, so they play from the board), starts two bot processes
(``python -m bot.cli``), which post the boards, and runs the fake Discord and
the players in its own process. A move is what a player does: the Act click
on the match's live board, then a random move in the picker it opens; the
move is made when the picker shows what follows it (a move that loses at once
is asked about first: the player says yes, a third click). A match that has
ended is followed by a rematch, the final board's button, as part of the next
move. Each interaction goes to the other process than the one before, as a
load balancer's round robin would. A match makes one move at a time.

1. Capacity: every match moves again as soon as its move is made (a closed
   loop, no pause), which keeps both processes as busy as they can be.
   After ``--warm-up`` seconds, the moves made in the next
   ``--capacity-seconds`` per second are the capacity: moves/s at saturation.
2. Three loads of ``--seconds`` each: 0.5, 1 and 1.5 times the capacity
   offered in moves/s, open loop: moves are offered at that rate whether or
   not the earlier ones are done (at Poisson arrival times, seeded; evenly
   spaced with ``--even``), each in a random match with no move under way.
   An offer that finds every match busy is counted as offered but not
   started (at 1.5x it says how far the backlog grew). After a load's time
   the moves under way are finished; their acknowledgements count with the
   load they started in. Achieved moves/s: moves made within the load's time.
3. In every measured stretch ``--timers`` reminders fall due, spread over
   it; a timer's lag is its claim time minus its due time.

An acknowledgement time is the fake Discord's: from sending the interaction
to the bot's first answer (Discord refuses one after 3 s; an interaction
never answered counts as later than that, and as infinite in the
percentiles). CPU is read from ``/proc``: the bot processes with their
workers, the PostgreSQL server with its backends, and this process, which is
the fake Discord and the players (they read whose turn it is from the
database, one query a move, which PostgreSQL's figure includes). All share
the machine's cores: the fake's own work is load the bots do not have in
production, which is why it is shown apart. The goals (the issue "Overload:
acknowledge first, never drop an interaction"): acknowledgement p99 under
50 ms at half the capacity; under 500 ms and none later than 2.5 s at the
capacity and at 1.5 times it.

The defaults take about three minutes on a two-core machine; ``--quick``
(4 matches, 2 s stretches) a few seconds of measuring, for a smoke test.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

import asyncpg

import engines
from bot.play.service import MatchService
from bot.store import Store, open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fake_discord import FakeDiscord  # noqa: E402  (lives with the tests)
from postgres_server import PostgresServer  # noqa: E402
from scale_harness import bot_processes  # noqa: E402

from bench.scale import percentile  # noqa: E402

GAME = "himmel-und-hoelle"
E = engines.get(GAME)

#: Offered loads, as shares of the capacity found.
LOADS = (0.5, 1.0, 1.5)
#: Discord refuses a first answer after this many seconds; the issue wants
#: every one within the margin.
DEADLINE, MARGIN = 3.0, 2.5
#: Acknowledgement goals per load: p99 under this many ms, and whether none
#: may be later than the margin.
GOALS = {0.5: (50.0, False), 1.0: (500.0, True), 1.5: (500.0, True)}
#: A step of a move (a board, an answer, the picker's change) waited for this
#: long at most before the move counts as failed.
STEP_TIMEOUT = 30.0
#: The two bot processes share this machine: set as the README says a
#: deployment of several processes on one machine should (their render
#: workers together as many as the cores).
BOT_ENV = {"BOT_PROCESSES": "2"}
#: Act clicks answered without moves (the new board still on its way) before
#: a move gives up.
RETRIES = 50
#: A measured stretch with no move made is extended by up to this much, since
#: the loads are shares of what it finds.
LONGEST_CAPACITY = 60.0
#: How long after a stretch its reminders may still be claimed.
TIMER_WAIT = 30.0


@dataclass(frozen=True)
class Options:
    matches: int = 200
    seconds: float = 30.0
    capacity_seconds: float = 25.0
    warm_up: float = 5.0
    timers: int = 100
    poisson: bool = True
    seed: int = 1
    #: Settings of both bot processes (``--bot VAR=VALUE``), over :data:`BOT_ENV`.
    bot_env: tuple[tuple[str, str], ...] = ()


QUICK = dict(matches=4, seconds=2.0, capacity_seconds=2.0, warm_up=1.0, timers=4)


# -- CPU from /proc --------------------------------------------------------------------

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int | str) -> list[bytes] | None:
    """The fields of /proc/<pid>/stat after the name (which may hold spaces):
    [0] state, [1] parent, [11:15] utime, stime, cutime, cstime."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            raw = f.read()
    except OSError:  # gone meanwhile, or no /proc
        return None
    return raw[raw.rindex(b")") + 2:].split()


def process_table() -> dict[int, tuple[int, float]]:
    """Every process's parent and CPU seconds: its own, and its children's
    that it has waited for (so a tree's sum counts ended workers too)."""
    table = {}
    for name in os.listdir("/proc") if os.path.isdir("/proc") else ():
        fields = _stat(name) if name.isdigit() else None
        if fields is not None:
            table[int(name)] = (int(fields[1]), sum(int(v) for v in fields[11:15]) / CLOCK_TICKS)
    return table


def tree_seconds(table: dict[int, tuple[int, float]], root: int) -> float:
    children = defaultdict(list)
    for pid, (parent, _) in table.items():
        children[parent].append(pid)
    total, todo = 0.0, [root] if root in table else []
    while todo:
        pid = todo.pop()
        total += table[pid][1]
        todo += children[pid]
    return total


async def postmaster_pid(url: str) -> int | None:
    """The PostgreSQL server's main process if it runs on this machine: the
    parent of the backend serving a connection of ours."""
    conn = await asyncpg.connect(url)
    try:
        backend = await conn.fetchval("SELECT pg_backend_pid()")
        fields = _stat(backend)
        parent = int(fields[1]) if fields else None
        try:
            with open(f"/proc/{parent}/comm") as f:
                return parent if f.read().strip() in ("postgres", "postmaster") else None
        except OSError:
            return None
    finally:
        await conn.close()


@dataclass
class CpuMeter:
    bots: list[int]
    postgres: int | None

    def read(self) -> dict[str, float | None]:
        table = process_table()
        return {"bots": sum(tree_seconds(table, pid) for pid in self.bots),
                "postgres": tree_seconds(table, self.postgres) if self.postgres else None,
                # this process: the fake Discord and the players (its children are the bots)
                "fake": time.process_time()}


# -- the players -----------------------------------------------------------------------


@dataclass
class Table:
    """A channel and its two players, who play one match after another in it."""

    channel: object
    players: tuple
    match_id: int
    rng: random.Random
    games: int = 1


@dataclass
class Move:
    started: float
    ended: float
    ok: bool
    handles: list = field(default_factory=list)


def button(channel, prefix: str):
    """The newest message everyone sees in ``channel`` with a button whose id
    starts with ``prefix``, and that id; None if there is none. Newest first,
    since this is a predicate every waiter's check calls."""
    for message in reversed(channel.messages):
        if not message.deleted and message.visible_to is None:
            found = next((c for c in message.custom_ids() if c.startswith(prefix)), None)
            if found:
                return message, found
    return None


class Players:
    """The players of every table, clicking in the fake Discord; every move
    is recorded with its interactions. An interaction goes to the other
    process than the one before."""

    def __init__(self, fake: FakeDiscord, store: Store, sessions: list, tables: list[Table]) -> None:
        self.fake, self.store, self.sessions = fake, store, sessions
        self.idle = list(tables)  # no move under way, match running
        self.moves: list[Move] = []
        self.ended = 0
        self._sent = 0

    def session(self):
        self._sent += 1
        return self.sessions[self._sent % len(self.sessions)]

    async def click(self, user, message, custom_id: str, handles: list):
        handle = await self.fake.click(user, message, custom_id, to=self.session())
        handles.append(handle)
        return handle

    async def move(self, table: Table) -> bool:
        """One move at ``table`` (after a rematch if its match is over),
        recorded; False if no match runs there any more."""
        started, handles = time.monotonic(), []
        try:
            match = await self.store.get_match(table.match_id)
            if match.status == "finished":
                match = await self.rematch(table, handles)
            if match is None or match.status != "running":
                self.ended += 1
                return False
            user = self.fake.world.user(match.user(E.to_act(E.load_state(match.state))[0]))
            picker = await self.open_picker(table, user, handles)
            await self.choose(picker, user, table.rng, handles)
            ok = True
        except AssertionError:  # an answer too late (refused) or none: in the figures
            ok = False
        self.moves.append(Move(started, time.monotonic(), ok, handles))
        return True

    async def rematch(self, table: Table, handles: list):
        """The next match at the table, by the final board's rematch button
        (the players take turns asking: each may ask a few times an hour);
        None if the bot refused it."""
        board, rematch = await self.fake.wait_until(lambda: button(table.channel, f"bb:b:rematch:{table.match_id}:"),
                                                    timeout=STEP_TIMEOUT, what="the final board")
        asked = await self.click(table.players[table.games % 2], board, rematch, handles)
        await asked.wait_response(timeout=STEP_TIMEOUT)
        match = await self.store.open_match(table.channel.id)
        if match is not None:
            table.match_id, table.games = match.id, table.games + 1
        return match

    async def open_picker(self, table: Table, user, handles: list):
        """The picker the match's live board's Act button opens; right after a
        move the new board may still be on its way, and the old one's Act
        offers no moves."""
        for _ in range(RETRIES):
            board, act = await self.fake.wait_until(lambda: button(table.channel, f"bb:b:act:{table.match_id}:"),
                                                    timeout=STEP_TIMEOUT, what="a live board")
            opened = await self.click(user, board, act, handles)
            picker = await opened.wait_ephemeral(timeout=STEP_TIMEOUT)
            if any(c.startswith("bb:a:") for c in picker.custom_ids()):
                return picker
            await asyncio.sleep(0.1)
        raise AssertionError("no picker with moves")

    async def choose(self, picker, user, rng: random.Random, handles: list) -> None:
        """A random move, made when the picker shows what follows it. A move
        that loses at once is asked about first: the player says yes (else a
        match with only such moves left would never end)."""
        move = rng.choice([c for c in picker.custom_ids() if c.startswith("bb:a:")])
        for _ in range(2):
            edits = len(picker.history)
            clicked = await self.click(user, picker, move, handles)
            await clicked.wait_acknowledged(timeout=STEP_TIMEOUT)
            await self.fake.wait_until(lambda: len(picker.history) > edits, timeout=STEP_TIMEOUT,
                                       what="the picker after the move")
            move = next((c for c in picker.custom_ids() if c.startswith("bb:a:") and c.endswith(":y")), None)
            if move is None:
                return

    async def keep_moving(self, table: Table, stop: asyncio.Event) -> None:
        """The closed loop: the next move as soon as one is made."""
        self.idle.remove(table)
        while not stop.is_set():
            if not await self.move(table):
                return
        self.idle.append(table)

    async def move_then_rest(self, table: Table) -> None:
        if await self.move(table):
            self.idle.append(table)

    def take_idle(self, rng: random.Random) -> Table | None:
        if not self.idle:
            return None
        pick = rng.randrange(len(self.idle))
        self.idle[pick], self.idle[-1] = self.idle[-1], self.idle[pick]
        return self.idle.pop()


def arrivals(rate: float, seconds: float, rng: random.Random, poisson: bool) -> list[float]:
    """When moves are offered, in seconds from the start of a load: a Poisson
    process of ``rate`` a second, or evenly spaced from 0."""
    if not poisson:
        return [k / rate for k in range(math.ceil(rate * seconds - 1e-9))]
    times, at = [], rng.expovariate(rate)
    while at < seconds:
        times.append(at)
        at += rng.expovariate(rate)
    return times


async def offer(players: Players, times: list[float], rng: random.Random) -> tuple[list[asyncio.Task], int]:
    """A move at each of ``times`` in a random idle match: the tasks, and how
    many offers found every match busy. A driver that falls behind catches up
    at once rather than smoothing the offers out."""
    start = time.monotonic()
    tasks, not_started = [], 0
    for at in times:
        delay = start + at - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        table = players.take_idle(rng)
        if table is None:
            not_started += 1
        else:
            tasks.append(asyncio.create_task(players.move_then_rest(table)))
    return tasks, not_started


# -- measured stretches ---------------------------------------------------------------


def ack_seconds(handle) -> float:
    """The first answer's delay, also of one refused as too late; infinite if none came."""
    if handle.callback is not None:
        return handle.callback.latency
    late = [r.latency for r in handle.refused if r.status == 404]
    return min(late) if late else math.inf


def ack_figures(moves: list[Move]) -> dict:
    acks = sorted(ack_seconds(h) * 1000 for m in moves for h in m.handles)
    spread = [percentile(acks, 50), percentile(acks, 99), acks[-1]] if acks else [math.nan] * 3
    return {"interactions": len(acks), **dict(zip(("ack_p50", "ack_p99", "ack_max"), spread)),
            "over_margin": sum(1 for a in acks if a > MARGIN * 1000),
            "over_deadline": sum(1 for a in acks if a > DEADLINE * 1000),
            "unanswered": sum(1 for a in acks if a == math.inf)}


def cpu_figures(before: dict, after: dict, moves: int, seconds: float) -> dict:
    """CPU seconds per move and cores kept busy, for each of the three."""
    out = {}
    for name in ("bots", "postgres", "fake"):
        used = None if before[name] is None else after[name] - before[name]
        out[f"cpu_{name}"] = None if used is None or not moves else used / moves
        out[f"cores_{name}"] = None if used is None else used / seconds
    return out


class Run:
    """The measured stretches of one run, on started processes."""

    def __init__(self, opts: Options, fake: FakeDiscord, store: Store, players: Players, meter: CpuMeter) -> None:
        self.opts, self.fake, self.store, self.players, self.meter = opts, fake, store, players, meter
        self.rng = random.Random(opts.seed)

    async def add_reminders(self, seconds: float) -> tuple[float, float]:
        """``--timers`` reminders for seats to act, due over the next
        ``seconds``; returns the due times' span (clock seconds)."""
        start = time.time() + 0.2
        if not self.opts.timers:
            return start, start + seconds
        async with self.store.transaction() as tx:
            running = await tx.running_matches()
            for n in range(self.opts.timers if running else 0):
                match = running[n % len(running)]
                seat = E.to_act(E.load_state(match.state))[0]
                await tx.add_timer(match.id, "reminder", seat, match.seats[seat].decision_counter, match.timer_epoch,
                                   start + self.rng.random() * seconds)
        return start, start + seconds

    async def reminder_lags(self, span: tuple[float, float]) -> list[float]:
        """Claim minus due time of the reminders due in ``span``, once all are claimed (or TIMER_WAIT passed)."""
        deadline = time.monotonic() + TIMER_WAIT
        while True:
            async with self.store.transaction() as tx:
                rows = await tx.fetch("SELECT claimed_at - due_at AS lag FROM timers"
                                      " WHERE kind='reminder' AND due_at BETWEEN ? AND ?", span)
            lags = [r["lag"] for r in rows]
            if None not in lags or time.monotonic() > deadline:
                return sorted(lag for lag in lags if lag is not None)
            await asyncio.sleep(0.5)

    async def capacity(self) -> dict:
        """The closed loop; its figures, ``achieved`` being the capacity."""
        stop = asyncio.Event()
        movers = asyncio.gather(*(self.players.keep_moving(t, stop) for t in list(self.players.idle)))
        try:
            await asyncio.sleep(self.opts.warm_up)
            span = await self.add_reminders(self.opts.capacity_seconds)
            start, before = time.monotonic(), self.meter.read()
            await asyncio.sleep(self.opts.capacity_seconds)
            while not self.made(start, time.monotonic()) and time.monotonic() < start + LONGEST_CAPACITY:
                await asyncio.sleep(0.1)  # the loads are shares of this: it must not be 0
            end, after = time.monotonic(), self.meter.read()
        finally:
            stop.set()
            await movers
        figures = self.figures(start, end, [m for m in self.players.moves if start <= m.started < end])
        # the steady state: the window's CPU for the moves made in it
        cpu = cpu_figures(before, after, figures["completed"], end - start)
        return {**figures, **cpu, "factor": None, "warm_up": self.opts.warm_up, "lags": await self.reminder_lags(span)}

    async def load(self, factor: float, capacity: float) -> dict:
        """``factor`` times the capacity offered, open loop; its figures."""
        rate = factor * capacity
        times = arrivals(rate, self.opts.seconds, self.rng, self.opts.poisson)
        span = await self.add_reminders(self.opts.seconds)
        start, before, first = time.monotonic(), self.meter.read(), len(self.players.moves)
        tasks, not_started = await offer(self.players, times, self.rng)
        await asyncio.sleep(max(0.0, start + self.opts.seconds - time.monotonic()))
        end = time.monotonic()
        await asyncio.gather(*tasks)  # the moves under way finish and count here
        drained, after = time.monotonic(), self.meter.read()
        # the moves this load offered (one that started late included): those since it began
        figures = self.figures(start, end, self.players.moves[first:])
        # all the CPU the load's moves took, to their end
        cpu = cpu_figures(before, after, figures["moves"], drained - start)
        return {**figures, **cpu, "factor": factor, "offered": rate, "due": len(times), "started": len(tasks),
                "not_started": not_started, "drain": drained - end, "lags": await self.reminder_lags(span)}

    def made(self, start: float, end: float) -> int:
        return sum(1 for m in self.players.moves if m.ok and start <= m.ended < end)

    def figures(self, start: float, end: float, moves: list[Move]) -> dict:
        """Moves made in [start, end), and what ``moves`` did."""
        made = self.made(start, end)
        ok = sum(1 for m in moves if m.ok)
        return {"seconds": end - start, "completed": made, "achieved": made / (end - start),
                "started": len(moves), "moves": ok, "failed": len(moves) - ok, **ack_figures(moves)}


# -- setting up ------------------------------------------------------------------------


async def prepare(fake: FakeDiscord, url: str, matches: int, seed: int) -> list[Table]:
    """``matches`` two-seat matches started in the database, each in a channel
    of its own between two players of its own (one who reads German, one
    English) whose DMs are closed, so they play from the board."""
    w = fake.world
    store = await open_store(url)
    rng = random.Random(seed)
    tables = []
    try:
        service = MatchService(store, rng=random.Random(seed))
        for i in range(matches):
            channel = w.add_text_channel(f"partie-{i}")
            players = (w.add_user(f"spieler-{i}-a", locale="de", dms_closed=True),
                       w.add_user(f"player-{i}-b", locale="en-US", dms_closed=True))
            match = await service.new_match(guild_id=w.guild.id, channel_id=channel.id, game=GAME,
                                            host_id=players[0].id)
            await service.join(channel.id, players[1].id)
            tables.append(Table(channel, players, match.id, random.Random(rng.random())))
        async with store.transaction() as tx:
            await tx.execute("UPDATE outbox SET sent_at=1")  # the opening turn notices: not part of the load
    finally:
        await store.close()
    return tables


async def boards_posted(fake: FakeDiscord, tables: list[Table]) -> None:
    """Every table's first board, one table after the other: a waiter per
    board costs a check per change, one for all of them would check them all."""
    deadline = time.monotonic() + 300
    for t in tables:
        await fake.wait_until(lambda: button(t.channel, f"bb:b:act:{t.match_id}:"),
                              timeout=max(0.0, deadline - time.monotonic()), what=f"the board in {t.channel.name}")


async def run(opts: Options, url: str, out: Callable[[str], None]) -> dict:
    """Everything on the empty database at ``url``; each line goes to ``out`` when known."""
    result: dict = {"matches": opts.matches, "seconds": opts.seconds, "poisson": opts.poisson, "loads": []}
    # Discord checks request bodies on its own machines: the fake's check
    # (a JSON Schema per request) would take this machine's cores from the bots
    async with FakeDiscord(validate=False) as fake:
        tables = await prepare(fake, url, opts.matches, opts.seed)
        env = BOT_ENV | dict(opts.bot_env)
        async with bot_processes(fake, url, [env, env]) as procs:
            await boards_posted(fake, tables)
            meter = CpuMeter([p.proc.pid for p in procs], await postmaster_pid(url))
            store = await open_store(url)
            try:
                measured = Run(opts, fake, store, Players(fake, store, [p.session for p in procs], tables), meter)
                out(header(result))
                result["capacity"] = await measured.capacity()
                emit(out, capacity_lines(result["capacity"], opts.matches))
                for factor in LOADS:
                    result["loads"].append(await measured.load(factor, result["capacity"]["achieved"]))
                    emit(out, load_lines(result["loads"][-1]))
                result["ended"] = measured.players.ended
                result["rematches"] = sum(t.games - 1 for t in tables)
                out(summary(result))
            finally:
                await store.close()
    return result


async def bench(opts: Options, url: str | None = None, out: Callable[[str], None] = lambda line: None) -> dict:
    """On the empty database at ``url``, or on a private PostgreSQL server started for it."""
    if url is not None:
        return await run(opts, url, out)
    server = PostgresServer(durable=True).start()
    try:
        admin = await asyncpg.connect(server.url)
        await admin.execute("CREATE DATABASE bench")
        await admin.close()
        return await run(opts, server.database_url("bench"), out)
    finally:
        server.stop()


# -- the figures as lines --------------------------------------------------------------


def emit(out: Callable[[str], None], found: list[str]) -> None:
    for line in found:
        out(line)


def header(r: dict) -> str:
    arrivals_are = "Poisson" if r["poisson"] else "evenly spaced"
    return (f"2 bot processes on PostgreSQL, {r['matches']} matches, the fake Discord and the players in this process;"
            f" loads {' / '.join(f'{f:g}' for f in LOADS)} x capacity, {r['seconds']:g} s each, {arrivals_are} offers")


def _number(value: float | None, digits: int) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def ack_line(f: dict, goal: str = "") -> str:
    return (f"  acks of {f['interactions']:,} interactions ms p50 {f['ack_p50']:.1f} p99 {f['ack_p99']:.1f}"
            f" max {f['ack_max']:.1f}; over {MARGIN:g} s: {f['over_margin']}, over {DEADLINE:g} s: {f['over_deadline']}"
            f" ({f['unanswered']} never answered){goal}")


def cpu_line(f: dict) -> str:
    lags = f["lags"]
    timers = (f"timer lag ({len(lags)} reminders) s p50 {percentile(lags, 50):.3f} p99 {percentile(lags, 99):.3f}"
              if lags else "no reminders claimed")
    return (f"  CPU s per move: bots {_number(f['cpu_bots'], 4)}, PostgreSQL {_number(f['cpu_postgres'], 4)},"
            f" fake Discord+driver {_number(f['cpu_fake'], 4)} (cores busy {_number(f['cores_bots'], 2)}"
            f" / {_number(f['cores_postgres'], 2)} / {_number(f['cores_fake'], 2)}); {timers}")


def goal_text(f: dict) -> str:
    p99_ms, none_late = GOALS[f["factor"]]
    met = f["ack_p99"] < p99_ms and (not none_late or f["over_margin"] == 0)
    wanted = f"p99 < {p99_ms:g} ms" + (f", none over {MARGIN:g} s" if none_late else "")
    return f" (goal {wanted}: {'met' if met else 'MISSED'})"


def capacity_lines(f: dict, matches: int) -> list[str]:
    return [f"capacity: {matches} matches moving without a pause, {f['completed']:,} moves in {f['seconds']:.1f} s"
            f" after {f['warm_up']:g} s warm-up = {f['achieved']:.1f} moves/s ({f['failed']} failed)",
            ack_line(f), cpu_line(f)]


def load_lines(f: dict) -> list[str]:
    return [f"load {f['factor']:g}x capacity: offered {f['offered']:.1f} moves/s ({f['due']:,} offers,"
            f" {f['not_started']:,} offered but not started), achieved {f['achieved']:.1f} moves/s"
            f" ({f['completed']:,} moves in {f['seconds']:.1f} s, {f['failed']} failed;"
            f" the last under way done {f['drain']:.1f} s later)",
            ack_line(f, goal_text(f)), cpu_line(f)]


def summary(r: dict) -> str:
    return (f"{r['rematches']} matches ended and were followed by a rematch;"
            f" {r['ended']} tables found no match to go on with")


def lines(r: dict) -> list[str]:
    out = [header(r), *capacity_lines(r["capacity"], r["matches"])]
    for f in r["loads"]:
        out += load_lines(f)
    return out + [summary(r)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale_acks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, help="matches played at once (default 200)")
    parser.add_argument("--seconds", type=float, help="length of each load (default 30)")
    parser.add_argument("--capacity-seconds", type=float, help="the capacity's measured time (default 25)")
    parser.add_argument("--warm-up", type=float, help="the closed loop before that (default 5)")
    parser.add_argument("--timers", type=int, help="reminders falling due in each measured stretch (default 100)")
    parser.add_argument("--even", action="store_true", help="moves offered evenly spaced, not at Poisson times")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="4 matches, 2 s stretches: a smoke test")
    parser.add_argument("--bot", action="append", default=[], metavar="VAR=VALUE",
                        help="a setting of both bot processes (e.g. RENDER_WORKERS=2), repeatable")
    args = parser.parse_args(argv)
    given = {name: getattr(args, name) for name in ("matches", "seconds", "capacity_seconds", "warm_up", "timers")
             if getattr(args, name) is not None}
    opts = replace(Options(), **{**(QUICK if args.quick else {}), **given}, poisson=not args.even, seed=args.seed,
                   bot_env=tuple(tuple(pair.split("=", 1)) for pair in args.bot))
    if any(len(pair) != 2 for pair in opts.bot_env):
        parser.error("--bot takes VAR=VALUE")
    if opts.matches < 1 or opts.seconds <= 0 or opts.capacity_seconds <= 0 or opts.warm_up < 0 or opts.timers < 0:
        parser.error("at least 1 match, stretches longer than 0 s, no negative warm-up or timers")
    asyncio.run(bench(opts, out=lambda line: print(line, flush=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
