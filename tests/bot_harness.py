"""Playing Brettbote through the fake Discord: start the real bot on a test
database and click through matches the way users do."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import random
from pathlib import Path
from typing import AsyncIterator

from fake_discord import FakeDiscord, FakeMessage, FakeUser, InteractionHandle, running_bot
from fake_discord.handles import WAIT

import engines
from bot.discord.app import Brettbote
from bot.play.clock import Clock
from bot.config import Settings


def make_bot(db: str | Path, clock: Clock | None = None, run_scheduler: bool = False, **settings) -> Brettbote:
    """A bot on a test database (a URL, or a SQLite file's path); timers fire
    only when a test says so (``bot.scheduler.run_due()``, or
    ``Table.fire_timers``) unless ``run_scheduler`` is set."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    # Pictures are drawn and computer players think in a thread here, so a
    # test can swap the renderer (and use the toy game, registered in this
    # process only); the bot processes of test_scale_out use worker
    # processes. Computer players think 20 ms a decision. ``settings``: more
    # settings by field name (``web_port=0``: the web view on a free port).
    chosen = Settings(database_url=url, render_workers=0, computer_workers=0, computer_max_ms=20, **settings)
    return Brettbote(chosen, clock=clock, run_scheduler=run_scheduler, guild_ready_timeout=0.05)


@contextlib.asynccontextmanager
async def started(fake: FakeDiscord, db: str | Path, clock: Clock | None = None, run_scheduler: bool = False,
                  **settings) -> AsyncIterator[Brettbote]:
    async with running_bot(fake, make_bot(db, clock, run_scheduler, **settings)) as bot:
        yield bot


class Table:
    """One match channel seen from the test: who sits where, and the posts."""

    def __init__(self, fake: FakeDiscord, bot: Brettbote) -> None:
        self.fake = fake
        self.bot = bot
        self.channel = None

    async def settle(self) -> None:
        """Wait until the bot has finished handling every interaction so far
        (generously: a loaded machine is slow, not wrong)."""
        await asyncio.sleep(0)
        await self.bot.inflight.drain(WAIT)
        while self.bot.announcer.computers.busy:  # their moves, and what those start
            await self.bot.announcer.computers.idle()
            await self.bot.inflight.drain(WAIT)

    async def run(self, handle: InteractionHandle) -> InteractionHandle:
        await handle.wait_acknowledged()
        await self.settle()
        return handle

    async def open_match(self, host: FakeUser, guest: FakeUser, *, here: bool = True, channel_name: str = "spiele", **extra):
        channel = self.fake.world.channel(channel_name)
        options = {"game": "himmel-und-hoelle", "here": here, **extra}
        lobby = await (await self.run(await self.fake.slash(host, "game new", options, channel=channel))).wait_response()
        join = next(c for c in lobby.custom_ids() if ":join:" in c)
        await self.run(await self.fake.click(guest, lobby, join))
        self.channel = channel if here else self.fake.world.threads[-1]
        return lobby

    def boards(self) -> list[FakeMessage]:
        return [m for m in self.fake.messages(self.channel) if m.attachments and any(":act:" in c or ":rematch:" in c for c in m.custom_ids())]

    def board(self) -> FakeMessage:
        return self.boards()[-1]

    async def click_board(self, user: FakeUser, op: str, board: FakeMessage | None = None) -> InteractionHandle:
        board = board or self.board()
        custom_id = next(c for c in board.custom_ids() if f":{op}:" in c)
        return await self.run(await self.fake.click(user, board, custom_id))

    async def open_picker(self, user: FakeUser) -> FakeMessage:
        handle = await self.click_board(user, "act")
        return await handle.wait_ephemeral()

    async def choose(self, user: FakeUser, message: FakeMessage, label: str) -> InteractionHandle:
        """Click the choice ``label``: a button, or an entry of a picker's choice menu."""
        button = next((b for b in message.buttons() if b.get("label") == label), None)
        if button is not None:
            return await self.run(await self.fake.click(user, message, button["custom_id"]))
        for menu in choice_menus(message):
            option = next((o for o in menu["options"] if o.get("label") == label), None)
            if option is not None:
                return await self.run(await self.fake.select(user, message, menu["custom_id"], [option["value"]]))
        labels = [b.get("label") for b in message.buttons()] + [o.get("label") for m in choice_menus(message)
                                                                for o in m["options"]]
        raise AssertionError(f"no choice {label!r}; have {labels}")

    async def command(self, user: FakeUser, command: str, /, **options) -> InteractionHandle:
        """Positional ``user`` and ``command``: a command's own option may be named ``user``."""
        return await self.run(await self.fake.slash(user, command, options or None, channel=self.channel))

    async def fire_timers(self, clock, seconds: float) -> int:
        """Move the clock on and fire what became due."""
        clock.advance(seconds)
        fired = await self.bot.scheduler.run_due()
        await self.settle()
        return fired

    async def turn(self, user: FakeUser, *labels: str) -> FakeMessage:
        """Open the picker from the current board and click through ``labels``."""
        picker = await self.open_picker(user)
        for label in labels:
            await self.choose(user, picker, label)
        return picker

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        return self.fake.dm_messages(user)


def choice_menus(message: FakeMessage) -> list[dict]:
    """A picker's menus whose entries are choices (``bb:c:``), not groups."""
    return [c for c in message.iter_components() if c.get("type") == 3 and c["custom_id"].startswith("bb:c:")]


async def click_random_choice(table: Table, user, picker, rnd: random.Random) -> None:
    """One decision through the picker: one of its choices (a button or an
    entry of a choice menu), after picking a group from the group menu if
    there is one; a choice that loses the match at once is confirmed (the
    picker asks first: bot/discord/confirm.py)."""
    await _choose_in(table, user, picker, rnd)
    confirm = next((b for b in picker.buttons() if b["custom_id"].startswith("bb:a:")
                    and b["custom_id"].endswith(":y")), None)
    if confirm is not None:
        await table.run(await table.fake.click(user, picker, confirm["custom_id"]))


async def _choose_in(table: Table, user, picker, rnd: random.Random) -> None:
    menus = choice_menus(picker)
    buttons = [b for b in picker.buttons() if b["custom_id"].startswith("bb:a:")]
    if menus:
        pick = rnd.randrange(len(buttons) + sum(len(m["options"]) for m in menus))
        if pick < len(buttons):
            await table.run(await table.fake.click(user, picker, buttons[pick]["custom_id"]))
            return
        options = [(m, o) for m in menus for o in m["options"]]
        menu, option = options[pick - len(buttons)]
        await table.run(await table.fake.select(user, picker, menu["custom_id"], [option["value"]]))
        return
    select = next((c for c in picker.iter_components() if c["type"] == 3), None)
    if select is not None:
        value = rnd.choice(select["options"])["value"]
        await table.run(await table.fake.select(user, picker, select["custom_id"], [value]))
    buttons = [b for b in picker.buttons() if b["custom_id"].startswith("bb:a:")]
    assert buttons, picker.content
    await table.run(await table.fake.click(user, picker, rnd.choice(buttons)["custom_id"]))


async def play_alone_to_the_end(table: Table, stored, user, rnd: random.Random, clicks: int = 60):
    """A one-player match (a daily challenge) played by random clicks until
    it is over or ``clicks`` decisions were made; returns the stored match."""
    for _ in range(clicks):
        match, _ = await stored()
        if match.status != "running":
            return match
        await click_random_choice(table, user, await table.open_picker(user), rnd)
    match, _ = await stored()
    return match


async def open_first_battle(table: Table, stored) -> None:
    """A Hektor und Achill match of Alice and Bob in #spiele, played by the
    attacker's random opening choices (the vanguard, the number if it was a
    4, the fate tile) up to the first battle, when both hands come by DM."""
    fake, w = table.fake, table.fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="hektor-und-achill", here=True)
    lobby = fake.messages(table.channel)[-1]
    await table.run(await fake.click(w.bob, lobby, next(c for c in lobby.custom_ids() if ":join:" in c)))
    rnd = random.Random(2)
    for _ in range(3):
        match, _ = await stored()
        if engines.get(match.game).load_state(match.state).phase not in ("vanguard", "front", "orient"):
            break
        await click_random_choice(table, w.alice, await table.open_picker(w.alice), rnd)


def stale_copy(message: FakeMessage) -> FakeMessage:
    """The message as a client that has not yet seen later edits shows it."""
    return copy.deepcopy(message)


async def play_to_conflict(table: Table, hell: FakeUser, heaven: FakeUser) -> None:
    """Hell (German client) and Heaven (English client) walk their dice into
    each other on B6; both dice show 1, Hell attacks. A turn with nothing
    left but "End turn" ends by itself (an automatic answer)."""
    await table.turn(hell, "Ziehen B1 → B2", "Herunterdrehen und ziehen B2 → B3 (3 → 2, gratis)",
                     "Herunterdrehen und ziehen B3 → B4 (2 → 1, gratis)")
    await table.turn(heaven, "Move B10 → B9", "Lower and move B9 → B8 (3 → 2, free)",
                     "Lower and move B8 → B7 (2 → 1, free)")
    await table.turn(hell, "Ziehen B4 → B5")
    await table.turn(heaven, "Move B7 → B6")
    await table.turn(hell, "Ziehen B5 → B6")
