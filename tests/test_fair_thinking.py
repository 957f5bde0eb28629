"""The computer players of every match take turns at the think pool: a second
server's single decision goes before the first server's many queued ones are
all served, a server with a long queue thinks less a decision, and never more
searches run than the pool has workers. The search is replaced by one that
waits until the test lets it go, so no test depends on how fast a machine is."""

from __future__ import annotations

import asyncio
import random

import pytest
from test_computer_players_in_discord import play_on

from bot.discord import computers as computers_module
from bot.discord.computers import Computers, seed_for
from bot.play.service import MatchService
from bot.store import open_store

WAIT = 30  # seconds: a loaded machine is slow, not wrong


class Quiet:
    """An announcer that posts nothing (the matches of a server the fake Discord does not have)."""

    async def announce(self, outcome) -> None:
        pass


async def new_hellgame(service, guild_id: int, number: int, computers: int = 1):
    """A running HellGame in which the computer seats are asked at once (every seat chooses at the start)."""
    return await service.new_match(guild_id=guild_id, channel_id=guild_id * 1000 + number, game="hellgame",
                                   host_id=guild_id * 1000 + number, computers=computers)


async def test_a_second_servers_decision_goes_before_the_first_servers_queue_is_served(service, monkeypatch):
    """Server 1 has six matches whose computer is asked, server 2 one: with
    one think worker, server 2's search is the second admitted, not the
    seventh; and while five of server 1's matches wait, its next decision
    thinks 4/5 of its budget, server 2's its whole budget."""
    started: asyncio.Queue = asyncio.Queue()

    async def think(fn, game, state, seat, budget_s, seed, *, pool):
        assert pool == "think"
        release = asyncio.Event()
        await started.put((seed, budget_s, release))
        await release.wait()
        return 0

    monkeypatch.setattr(computers_module.workers, "run", think)
    read = service.get
    reads = {"count": 0, 6: asyncio.Event(), 7: asyncio.Event()}

    async def counting_get(match_id):
        # once a task has read its match it waits for its turn or thinks (no await in between)
        match = await read(match_id)
        reads["count"] += 1
        if reads["count"] in reads:
            reads[reads["count"]].set()
        return match

    monkeypatch.setattr(service, "get", counting_get)
    first_server = [await new_hellgame(service, 1, n) for n in range(6)]
    second_server = await new_hellgame(service, 2, 0)
    whose = {seed_for(m, 1): m.id for m in [*first_server, second_server]}
    computers = Computers(service, Quiet())
    for match in first_server:
        computers.kick(match)
    order = []
    seed, budget, release = await asyncio.wait_for(started.get(), WAIT)  # server 1's first search runs
    order.append((whose[seed], budget))
    await asyncio.wait_for(reads[6].wait(), WAIT)  # and the other five wait for their turns
    computers.kick(second_server)
    await asyncio.wait_for(reads[7].wait(), WAIT)
    while len(order) < 7:
        release.set()
        seed, budget, release = await asyncio.wait_for(started.get(), WAIT)
        order.append((whose[seed], budget))
    release.set()
    await computers.idle(WAIT)
    assert [match for match, _ in order][1] == second_server.id
    assert sorted(match for match, _ in order) == sorted(m.id for m in [*first_server, second_server])
    full = second_server.computer_ms / 1000
    assert order[1][1] == pytest.approx(full)
    assert order[2][1] == pytest.approx(full * 4 / 5)  # five of server 1's matches were waiting
    assert order[-1][1] == pytest.approx(full)  # the last one waited alone
    for match in [*first_server, second_server]:
        assert (await service.get(match.id)).seats[1].decision_counter > match.seats[1].decision_counter


class Gate:
    """Searches that hold their place in the queue until the test releases them."""

    def __init__(self, queue) -> None:
        self.queue = queue
        self.admitted: list[tuple[int, int, float]] = []
        self.running = 0
        self.most = 0
        self._release: dict[tuple[int, int, int], asyncio.Event] = {}
        self._changed = asyncio.Event()

    async def search(self, server: int, match: int, number: int = 0) -> None:
        release = self._release[server, match, number] = asyncio.Event()
        async with self.queue.turn(server, match) as share:
            self.admitted.append((server, match, share))
            self.running += 1
            self.most = max(self.most, self.running)
            self._changed.set()
            await release.wait()
            self.running -= 1

    def release(self, server: int, match: int, number: int = 0) -> None:
        self._release[server, match, number].set()

    async def queued(self, waiting: int) -> None:
        """Until ``waiting`` searches wait for their turn (the tasks just made have run)."""
        async with asyncio.timeout(WAIT):
            while self.queue.waiting < waiting:
                await asyncio.sleep(0)

    async def until(self, admitted: int) -> None:
        async with asyncio.timeout(WAIT):
            while len(self.admitted) < admitted:
                self._changed.clear()
                await self._changed.wait()


async def test_round_robin_by_server_then_by_match_within_the_pools_size():
    from bot.discord.think_queue import ThinkQueue

    gate = Gate(ThinkQueue(lambda: 2))
    tasks = [asyncio.create_task(gate.search(1, m)) for m in range(1, 5)]
    tasks += [asyncio.create_task(gate.search(1, 1, n)) for n in (1, 2)]  # match 1 asks twice more
    await gate.until(2)
    tasks += [asyncio.create_task(gate.search(2, 10)), asyncio.create_task(gate.search(3, 20))]
    await gate.queued(6)
    assert [a[:2] for a in gate.admitted] == [(1, 1), (1, 2)]  # two workers: two searches, the rest wait
    assert gate.queue.waiting == 6
    gate.release(1, 1)
    await gate.until(3)
    gate.release(1, 2)
    await gate.until(4)
    assert [a[:2] for a in gate.admitted[2:]] == [(2, 10), (3, 20)]  # each other server before server 1's rest
    for server, match, number in [(2, 10, 0), (3, 20, 0), (1, 3, 0), (1, 4, 0), (1, 1, 1)]:
        gate.release(server, match, number)
        await gate.until(min(8, len(gate.admitted) + 1))
    gate.release(1, 1, 2)
    await asyncio.gather(*tasks)
    # within server 1, matches 3 and 4 (never served) before match 1's further searches
    assert [a[:2] for a in gate.admitted[4:]] == [(1, 3), (1, 4), (1, 1), (1, 1)]
    assert gate.most == 2 and gate.queue.waiting == 0


async def test_a_server_with_a_long_queue_thinks_less_a_decision():
    from bot.discord.think_queue import MIN_SHARE, SERVER_SHARE, ThinkQueue

    gate = Gate(ThinkQueue(lambda: 1))
    blocker = asyncio.create_task(gate.search(9, 900))  # another server's search holds the worker
    await gate.until(1)
    many = 12 * SERVER_SHARE
    tasks = [asyncio.create_task(gate.search(1, m)) for m in range(many)]
    tasks.append(asyncio.create_task(gate.search(2, 100)))
    await gate.queued(many + 1)
    gate.release(9, 900)
    served = 1
    while served < many + 2:
        await gate.until(served + 1)
        server, match, _ = gate.admitted[served]
        gate.release(server, match)
        served += 1
    await asyncio.gather(blocker, *tasks)
    shares = {(server, match): share for server, match, share in gate.admitted}
    first = [shares[1, m] for m in range(many)]
    # the first of server 1's decisions: many waiting, a tenth of the budget at least
    assert first[0] == pytest.approx(max(MIN_SHARE, SERVER_SHARE / many)) and first[0] < 1
    assert first == sorted(first)  # it grows back as the queue shortens
    assert first[-SERVER_SHARE:] == [1.0] * SERVER_SHARE
    assert shares[2, 100] == 1.0  # the other server's single decision thinks its whole budget
    assert [a[0] for a in gate.admitted[1:3]] == [1, 2]  # and goes second, after one of server 1's


async def test_a_search_cancelled_while_waiting_gives_its_place_back():
    from bot.discord.think_queue import ThinkQueue

    gate = Gate(ThinkQueue(lambda: 1))
    running = asyncio.create_task(gate.search(1, 1))
    await gate.until(1)
    gone = asyncio.create_task(gate.search(2, 2))
    after = asyncio.create_task(gate.search(3, 3))
    await gate.queued(2)
    gone.cancel()
    gate.release(1, 1)
    await gate.until(2)
    assert gate.admitted[1][:2] == (3, 3)
    gate.release(3, 3)
    await asyncio.gather(running, after)
    assert gone.cancelled() and gate.queue.waiting == 0


async def test_two_servers_computers_take_turns_through_the_real_client(fake, table, stored, bot, tmp_path):
    """A lone player in the fake Discord's server finishes a match against the
    computer while another server's six HellGames, five computers each, share
    this process's think queue; every one of those computers gets its
    decision too. (The other server's matches live in a database of their
    own, so that the bot's start-up repair does not drive them as well.)"""
    w = fake.world
    other_store = await open_store(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    try:
        other_service = MatchService(other_store)
        others = [await new_hellgame(other_service, 424242, n, computers=5) for n in range(6)]
        other_server = Computers(other_service, Quiet(), bot.settings.computer_max_ms)
        for match in others:
            other_server.kick(match)
        table.channel = w.channel("spiele")
        await table.command(w.alice, "game new", game="hoch-und-hoeher", here=True, computer=1, thinking=1)
        match = await play_on(table, stored, [w.alice], random.Random(7))
        assert match.status == "finished"
        _, log = await stored()
        assert any(entry.seat == 1 for entry in log)  # the computer moved in it
        await other_server.idle(120)
        for other in others:
            seats = {entry.seat for entry in await other_store.actions(other.id)}
            assert {1, 2, 3, 4, 5} <= seats  # each computer seat made its first choice
    finally:
        await other_store.close()
