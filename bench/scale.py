"""The store at scale: a database holding a big bot's history, on SQLite and
on PostgreSQL, and what the bot does to it all the time.

    python -m bench.scale [--matches 100000] [--moves 2000] [--ticks 200] [--seed 1]

For each store (a SQLite file in a temporary folder, and a database on a
private PostgreSQL server with its defaults, fsync on, so a commit costs
what it costs on a real disk):

1. Fill it with ``--matches`` two-seat Himmel und Hölle matches, 80 %
   finished and 20 % running. The rows are real: a few dozen template
   matches are played through the match service on a scratch SQLite
   database (so seats, decision counters, actions, snapshots, timers and the
   outbox are what the bot writes), and every stored match is a copy of one
   of them with ids, channel, players and times of its own: the running ones
   have their reminder and abandonment timers in the future, the finished
   ones' timers fired long ago (claimed and done) and their notices were
   delivered; a few finished matches keep a timer claimed by a process that
   died. Copies go in with ``executemany`` of many rows per statement, in
   transactions of a few thousand matches, ids included (then
   ``continue_ids``). On PostgreSQL the tables are then vacuumed and analysed
   and a checkpoint is made, which autovacuum and the checkpointer do by
   themselves on a database that has been running for a while.
2. Moves through the match service on random running matches: one
   transaction each (read, apply, compare-and-swap, log, timers, outbox).
3. What the scheduler does at each wake-up, with tens of thousands of
   timers pending in the future and none to three made due before each tick:
   claim what is due (and finish it) until nothing is, then ask for the next
   timer. And the periodic sweep for claims of a dead process, once.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import engines
from engines.contract import settle as settled
from bot.play.lobby import DAY, HOUR
from bot.play.service import MatchService
from bot.store import SqliteStore, Store, open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

GAME = "himmel-und-hoelle"
E = engines.get(GAME)

#: Share of the stored matches still running.
RUNNING_SHARE = 0.2
#: Template matches played through the service, of each kind (fewer for a
#: small store: one per 20 stored matches).
TEMPLATES = 40
#: A finished template is a random game that ended within this many moves
#: (random play can take thousands; a stored history of such logs would
#: mostly measure how fast rows are copied).
FINISHED_MOVES = 40
#: A running template has made up to this many moves.
RUNNING_MOVES = 8
#: Matches copied in per transaction.
BATCH = 5_000
#: Rows per INSERT statement (one statement of many rows is what makes a bulk
#: load fast on both drivers; both allow 32,766 parameters a statement).
ROWS_PER_INSERT = 200
#: One finished match in this many kept a timer claimed by a process that died.
STALE_EVERY = 500
#: Tables that belong to a match, in an order their references allow.
MATCH_TABLES = ("seats", "actions", "undos", "votes", "snapshots", "timers", "outbox")
#: A scheduler's claim batch (``bot.play.scheduler.BATCH``).
CLAIM_BATCH = 10
#: The sweep gives up claims older than this (``bot.play.scheduler.LEASE_SECONDS``).
LEASE_SECONDS = 300.0
#: The move-commit goal for PostgreSQL (ms, 99th percentile).
MOVE_P99_GOAL_MS = 25.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


# -- template matches --------------------------------------------------------------


@dataclass
class Template:
    """One match as the bot stored it: per table, the column names and the rows."""

    finished: bool
    tables: dict[str, tuple[tuple[str, ...], list[list[Any]]]] = field(default_factory=dict)
    #: When it was made (clock seconds): copies shift every time by their own age.
    made_at: float = 0.0


def _walk(rng: random.Random, finish: bool) -> tuple[int, list[tuple[int, int]]]:
    """A seed and random moves (seat, index of the legal action) from its
    start: a whole game of at most FINISHED_MOVES moves, or a few moves of
    one that goes on."""
    while True:
        seed = rng.randrange(1 << 62)
        state, steps = E.setup(2, seed), []
        limit = FINISHED_MOVES if finish else rng.randrange(RUNNING_MOVES + 1)
        while len(steps) < limit and E.result(state) is None:
            seat = rng.choice(E.to_act(state))
            legal = E.legal_actions(state, seat)
            index = rng.randrange(len(legal))
            state = settled(E, E.apply(state, seat, legal[index])[0])  # the bot answers what has no choice
            steps.append((seat, index))
        if (E.result(state) is not None) == finish:
            return seed, steps


async def make_templates(count: int, seed: int) -> list[Template]:
    """``count`` finished and ``count`` running matches, played through the
    match service on a scratch database in memory, read back row by row."""
    rng = random.Random(seed)
    store = await SqliteStore.open(":memory:")
    try:
        service = MatchService(store, rng=random.Random(seed))
        made = []
        for number in range(2 * count):
            finish = number < count
            match_seed, steps = _walk(rng, finish)
            match = await service.new_match(guild_id=1, channel_id=number + 1, game=GAME, host_id=1)
            async with store.transaction() as tx:
                await tx.update_match(match.id, seed=match_seed)
            await service.join(number + 1, 2)
            for seat, index in steps:
                match = await service.get(match.id)
                _, token, _ = service.choices(match, seat)[index]
                await service.act(match.id, match.user(seat), match.seats[seat].decision_counter, index, token)
            made.append((finish, match.id, service.clock.now()))
        templates = []
        async with store.transaction() as tx:
            for finish, match_id, made_at in made:
                template = Template(finish, made_at=made_at)
                for table in ("matches", *MATCH_TABLES):
                    key = "id" if table == "matches" else "match_id"
                    rows = await tx.fetch(f"SELECT * FROM {table} WHERE {key}=?", (match_id,))
                    if rows:
                        template.tables[table] = (tuple(rows[0].keys()), [list(r) for r in rows])
                status = template.tables["matches"][1][0][template.tables["matches"][0].index("status")]
                assert status == ("finished" if finish else "running"), (status, finish)
                templates.append(template)
        return templates
    finally:
        await store.close()


# -- copies of them ------------------------------------------------------------------


@dataclass
class Ids:
    timer: int = 0
    outbox: int = 0


def _stamp(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="seconds")


def _shifted(value: float | None, shift: float) -> float | None:
    return None if value is None else value - shift


def copy_of(template: Template, match_id: int, users: tuple[int, int], guild_id: int, age: float,
            ids: Ids, stale: bool) -> dict[str, list[tuple]]:
    """The template's rows as match ``match_id``, played ``age`` seconds
    before the template was (every clock time moves back by that much)."""
    stamp = _stamp(template.made_at - age)
    out: dict[str, list[tuple]] = {}
    for table, (columns, rows) in template.tables.items():
        at = {c: i for i, c in enumerate(columns)}
        copies = []
        for row in rows:
            row = list(row)
            if table == "matches":
                row[at["id"]] = match_id
                row[at["series_id"]] = match_id
                row[at["channel_id"]] = 1_000_000 + match_id
                row[at["guild_id"]] = guild_id
                row[at["host_id"]] = users[0]
                row[at["created_at"]] = row[at["updated_at"]] = stamp
                row[at["last_action_at"]] = _shifted(row[at["last_action_at"]], age)
                # the board was posted
                row[at["board_due"]] = 0
                row[at["board_counter"]] = row[at["counter"]]
                row[at["board_channel_id"]] = 1_000_000 + match_id
                row[at["board_message_id"]] = 10**15 + match_id
            else:
                row[at["match_id"]] = match_id
                if "created_at" in at:
                    row[at["created_at"]] = stamp
            if table == "seats":
                row[at["user_id"]] = users[row[at["seat"]]]
                row[at["decision_at"]] = _shifted(row[at["decision_at"]], age)
            elif table == "timers":
                ids.timer += 1
                row[at["id"]] = ids.timer
                due = row[at["due_at"]] - age
                row[at["due_at"]] = due
                if template.finished:  # fired long ago (or claimed by a process that then died)
                    row[at["claimed_at"]] = due + 1.0
                    row[at["done"]] = 0 if stale else 1
                    stale = False
            elif table == "outbox":
                ids.outbox += 1
                row[at["id"]] = ids.outbox
                row[at["sent_at"]] = template.made_at - age + 1.0
            copies.append(tuple(row))
        out[table] = copies
    return out


async def insert_rows(tx, table: str, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """``rows`` in statements of ROWS_PER_INSERT rows each (and one for the rest)."""
    names = ",".join(columns)
    mark = "(" + ",".join("?" for _ in columns) + ")"
    full = len(rows) - len(rows) % ROWS_PER_INSERT
    if full:
        sql = f"INSERT INTO {table} ({names}) VALUES " + ",".join([mark] * ROWS_PER_INSERT)
        flat = itertools.chain.from_iterable
        await tx.executemany(sql, [tuple(flat(rows[i:i + ROWS_PER_INSERT])) for i in range(0, full, ROWS_PER_INSERT)])
    if full < len(rows):
        rest = rows[full:]
        await tx.execute(f"INSERT INTO {table} ({names}) VALUES " + ",".join([mark] * len(rest)),
                         tuple(itertools.chain.from_iterable(rest)))


@dataclass
class Filled:
    running: list[int]
    finished: int
    rows: int
    seconds: float


async def fill(store: Store, matches: int, seed: int) -> Filled:
    """``matches`` stored matches, copies of the templates (see the module's doc)."""
    started = time.perf_counter()
    rng = random.Random(seed)
    templates = await make_templates(min(TEMPLATES, max(3, matches // 20)), seed)
    finished_templates = [t for t in templates if t.finished]
    running_templates = [t for t in templates if not t.finished]
    running_count = round(matches * RUNNING_SHARE)
    kinds = [True] * running_count + [False] * (matches - running_count)
    rng.shuffle(kinds)
    players = list(range(1, max(1_000, matches // 10) + 1))
    guilds = 1 + max(1, matches // 200)
    columns = {table: t.tables[table][0] for t in templates for table in t.tables}
    ids, running, rows = Ids(), [], 0
    async with store.transaction() as tx:
        await insert_rows(tx, "users", ("user_id", "updated_at", "notify"),
                          [(u, _stamp(time.time()), "turn") for u in players])
        rows += len(players)
    for first in range(0, matches, BATCH):
        batch: dict[str, list[tuple]] = {table: [] for table in ("matches", *MATCH_TABLES)}
        for match_id in range(first + 1, min(matches, first + BATCH) + 1):
            is_running = kinds[match_id - 1]
            if is_running:
                template = rng.choice(running_templates)
                age = rng.uniform(0, 20 * HOUR)  # reminders (after 24 h) still ahead
                running.append(match_id)
                stale = False
            else:
                template = rng.choice(finished_templates)
                age = rng.uniform(2 * DAY, 365 * DAY)
                stale = rng.randrange(STALE_EVERY) == 0
            users = tuple(rng.sample(players, 2))
            copied = copy_of(template, match_id, users, rng.randrange(1, guilds + 1), age, ids, stale)
            for table, copies in copied.items():
                batch[table] += copies
        async with store.transaction() as tx:
            for table, copies in batch.items():
                if copies:
                    await insert_rows(tx, table, columns[table], copies)
                    rows += len(copies)
    await store.continue_ids()
    return Filled(running, matches - running_count, rows, time.perf_counter() - started)


async def settle(url: str) -> None:
    """On PostgreSQL, what autovacuum and the checkpointer would have done to
    a database that has been up for a while: visibility map and planner
    statistics, and the bulk load written out."""
    if url.startswith(("postgresql://", "postgres://")):
        import asyncpg

        conn = await asyncpg.connect(url)
        try:
            await conn.execute("VACUUM ANALYZE")
            await conn.execute("CHECKPOINT")
        finally:
            await conn.close()


# -- the figures -----------------------------------------------------------------------


async def scalar(store: Store, sql: str, args: tuple = ()) -> Any:
    async with store.transaction() as tx:
        return (await tx.fetchrow(sql, args))["n"]


async def bench_moves(store: Store, running: list[int], moves: int, seed: int) -> tuple[float, list[float]]:
    """Moves per second and the milliseconds of each move's commit through
    the match service, on random running matches."""
    rng = random.Random(seed)
    service = MatchService(store, rng=random.Random(seed))
    running = list(running)
    times: list[float] = []
    start = time.perf_counter()
    for _ in range(10 * moves):
        if len(times) >= moves or not running:
            break
        pick = rng.randrange(len(running))
        match = await service.get(running[pick])
        if match.status != "running":
            running[pick] = running[-1]
            running.pop()
            continue
        state = service.state(match)
        seat = rng.choice(E.to_act(state))
        index, token, _ = rng.choice(service.choices(match, seat))
        t0 = time.perf_counter()
        await service.act(match.id, match.user(seat), match.seats[seat].decision_counter, index, token)
        times.append((time.perf_counter() - t0) * 1000)
    return len(times) / (time.perf_counter() - start), times


async def bench_ticks(store: Store, running: list[int], ticks: int, seed: int) -> tuple[list[float], int, int]:
    """Milliseconds per scheduler wake-up (claim and finish what is due until
    nothing is, then the next timer), with 0–3 timers made due before each;
    also how many were made due and how many fired."""
    rng = random.Random(seed + 1)
    times, made, fired = [], 0, 0
    for _ in range(ticks):
        due = rng.choice((0, 0, 1, 2, 3))
        if due:
            now = time.time()
            async with store.transaction() as tx:
                for match_id in rng.sample(running, min(due, len(running))):
                    await tx.add_timer(match_id, "reminder", rng.randrange(2), 0, 0, now - rng.uniform(0, 1))
                    made += 1
        t0 = time.perf_counter()
        while True:
            claimed = await store.claim_due(time.time(), CLAIM_BATCH)
            if not claimed:
                break
            for timer in claimed:
                await store.finish_timer(timer.id)
                fired += 1
        await store.next_timer()
        times.append((time.perf_counter() - t0) * 1000)
    return times, made, fired


async def bench_store(url: str, matches: int, moves: int, ticks: int, seed: int) -> dict:
    """Fill the empty database at ``url`` and measure; the figures as a dict."""
    store = await open_store(url)
    try:
        if await scalar(store, "SELECT count(*) AS n FROM matches"):
            raise ValueError("bench_store needs an empty database")
        filled = await fill(store, matches, seed)
        await settle(url)
        stored = await scalar(store, "SELECT count(*) AS n FROM matches")
        timers = await scalar(store, "SELECT count(*) AS n FROM timers")
        pending = await scalar(store, "SELECT count(*) AS n FROM timers WHERE claimed_at IS NULL")
        rate, move_times = await bench_moves(store, filled.running, moves, seed)
        tick_times, made_due, fired = await bench_ticks(store, filled.running, ticks, seed)
        t0 = time.perf_counter()
        expired = await store.expire_stale_claims(time.time() - LEASE_SECONDS)
        sweep_ms = (time.perf_counter() - t0) * 1000
        return {
            "dialect": store.dialect,
            "matches": stored,
            "running": len(filled.running),
            "finished": filled.finished,
            "rows": filled.rows,
            "fill_seconds": filled.seconds,
            "timers": timers,
            "pending_timers": pending,
            "moves": len(move_times),
            "moves_per_second": rate,
            "move_ms_median": statistics.median(move_times),
            "move_ms_p99": percentile(move_times, 99),
            "ticks": len(tick_times),
            "timers_made_due": made_due,
            "timers_fired": fired,
            "tick_ms_median": statistics.median(tick_times),
            "tick_ms_p99": percentile(tick_times, 99),
            "sweep_ms": sweep_ms,
            "sweep_expired": expired,
        }
    finally:
        await store.close()


def lines(r: dict) -> list[str]:
    name = r["dialect"]
    move = (f"{name}: moves through the match service ({r['matches']:,} matches stored)  moves/s: "
            f"{r['moves_per_second']:.0f}  ms per move median: {r['move_ms_median']:.2f} p99: {r['move_ms_p99']:.2f}")
    if name == "postgresql":
        met = "met" if r["move_ms_p99"] < MOVE_P99_GOAL_MS else "MISSED"
        move += f"  (goal p99 < {MOVE_P99_GOAL_MS:.0f} ms: {met})"
    return [
        f"{name}: filled {r['matches']:,} matches ({r['finished']:,} finished, {r['running']:,} running;"
        f" {r['rows']:,} rows) in {r['fill_seconds']:.1f} s",
        move,
        f"{name}: scheduler wake-up ({r['pending_timers']:,} of {r['timers']:,} timers pending, 0-3 due per tick,"
        f" {r['ticks']} ticks, {r['timers_fired']} fired)  ms median: {r['tick_ms_median']:.2f}"
        f" p99: {r['tick_ms_p99']:.2f}",
        f"{name}: stale-claim sweep (expire_stale_claims, {r['sweep_expired']} given up)  ms: {r['sweep_ms']:.2f}",
    ]


async def _create_database(admin_url: str, name: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()


def run(matches: int, moves: int, ticks: int, seed: int, out: Callable[[str], None] | None = None) -> list[str]:
    """Both stores; every line is also passed to ``out`` as soon as it is known."""
    printed: list[str] = []

    def emit(found: list[str]) -> None:
        for line in found:
            printed.append(line)
            if out is not None:
                out(line)

    with tempfile.TemporaryDirectory(prefix="brettbote-scale-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'scale.sqlite3'}"
        emit(lines(asyncio.run(bench_store(url, matches, moves, ticks, seed))))
    from postgres_server import PostgresServer, find_binaries  # lives with the tests

    if find_binaries() is None:
        emit(["postgresql: skipped (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin)"])
        return printed
    server = PostgresServer(durable=True)
    try:
        server.start()
        asyncio.run(_create_database(server.url, "bench"))
        emit(lines(asyncio.run(bench_store(server.database_url("bench"), matches, moves, ticks, seed))))
    finally:
        server.stop()
    return printed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100_000, help="matches stored (default 100,000)")
    parser.add_argument("--moves", type=int, default=2_000, help="moves through the match service (default 2,000)")
    parser.add_argument("--ticks", type=int, default=200, help="scheduler wake-ups (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.matches < 5 or args.moves < 1 or args.ticks < 1:
        parser.error("at least 5 matches, 1 move and 1 tick")
    run(args.matches, args.moves, args.ticks, args.seed, out=lambda line: print(line, flush=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
