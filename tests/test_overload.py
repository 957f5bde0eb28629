"""Under overload no click fails: every interaction is acknowledged before
its handler touches the store (bot/discord/errors.py ``guarded``), because
under load the store waits for a connection and the event loop for the
cores, and Discord drops a click not answered within 3 s. Not timed: the
bot's store is wrapped, and every call made while a guarded handler runs
checks that the handler's interaction was answered already. Also: a user's
language comes from memory once known (bot/discord/locales.py), late answers
are told in one warning line, and the event loop's lag is measured
(bot/loop_lag.py)."""

from __future__ import annotations

import functools
import inspect
import logging

import pytest
from bot_harness import stale_copy

from bot.discord import errors
from bot.discord.locales import TRUST_SECONDS, Locales


class AckWatch:
    """The store's calls made under a guarded handler: the ones made before
    the handler's interaction was answered are ``early``."""

    def __init__(self) -> None:
        self.calls = 0
        self.early: list[str] = []

    def check(self, name: str) -> None:
        interaction = errors.HANDLING.get()
        if interaction is None:  # a timer, the start-up repair, a background post: no click waits
            return
        self.calls += 1
        if not interaction.response.is_done():
            self.early.append(f"{name} in {interaction.data.get('name') or interaction.data.get('custom_id')}")


def watch_store(store, monkeypatch) -> AckWatch:
    found = AckWatch()
    for name in dir(type(store)):
        if name.startswith("_") or name == "close":
            continue
        method = getattr(store, name)
        if inspect.iscoroutinefunction(method):
            async def checked(*args, __method=method, __name=name, **kwargs):
                found.check(__name)
                return await __method(*args, **kwargs)
            monkeypatch.setattr(store, name, functools.wraps(method)(checked))
        elif name == "transaction":
            def opened(*args, __method=method, **kwargs):
                found.check("transaction")
                return __method(*args, **kwargs)
            monkeypatch.setattr(store, name, opened)
    return found


async def test_every_click_and_command_is_answered_before_the_first_store_call(fake, bot, table, monkeypatch):
    watch = watch_store(bot.store, monkeypatch)
    w = fake.world
    await table.open_match(w.alice, w.bob)  # /game new (public), Join (the lobby edited in place)
    for command, options in (("game board", {}), ("game hand", {}), ("game log", {}), ("game help", {}),
                             ("game mine", {}), ("game stats", {}), ("game notify", {"mode": "turn"}),
                             ("brettbote settings", {}), ("game pause", {}), ("game resume", {})):
        await table.command(w.alice, command, **options)
    rules = await (await table.command(w.alice, "game rules")).wait_ephemeral()
    forward = next(b["custom_id"] for b in rules.buttons() if b["custom_id"].startswith("bb:r:") and not b.get("disabled"))
    await table.run(await fake.click(w.alice, rules, forward))
    board = table.board()
    await table.click_board(w.alice, "log", board)
    await table.click_board(w.alice, "view", board)
    for player in (w.alice, w.bob):  # whoever is asked
        picker = await table.open_picker(player)
        if any(c.startswith("bb:a:") for c in picker.custom_ids()):
            break
    pages = [c for c in picker.custom_ids() if c.startswith("bb:p")]
    if pages:  # another page of the picker, in place
        await table.run(await fake.click(player, picker, pages[0]))
    move = next(c for c in picker.custom_ids() if c.startswith("bb:a:"))
    await table.run(await fake.click(player, picker, move))
    await table.run(await fake.click(player, board, next(c for c in board.custom_ids() if ":act:" in c)))  # outdated
    other = w.bob if player is w.alice else w.alice
    request = await (await table.command(player, "game undo")).wait_answer()
    await table.run(await fake.click(other, request, next(c for c in request.custom_ids() if ":yes:" in c)))
    await table.command(w.alice, "game cancel")
    assert watch.calls >= 20, "the watch saw the handlers' store calls"
    assert watch.early == [], "answered only after the store was asked"


async def test_a_forged_or_refused_click_is_answered_before_the_store_too(fake, bot, table, monkeypatch):
    watch = watch_store(bot.store, monkeypatch)
    w = fake.world
    table.channel = w.channel("spiele")
    lobby = await (await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)).wait_response()
    seen = stale_copy(lobby)  # the lobby as Carol still sees it
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    await table.run(await fake.click(w.bob, lobby, join))
    handle = await table.run(await fake.click(w.carol, seen, join))  # the lobby has started: refused privately
    assert (await handle.wait_ephemeral()).content
    await table.command(w.carol, "game resign")  # not a player: refused
    assert watch.calls > 0 and watch.early == []


async def test_a_users_language_is_read_once_and_written_through(store):
    """The second interaction of a user needs no read; their own choice is
    remembered at once; another process's change shows after TRUST_SECONDS."""
    now = [0.0]
    locales = Locales(None, store, clock=lambda: now[0])
    reads = []
    get_user = store.get_user

    async def counted(user_id):
        reads.append(user_id)
        return await get_user(user_id)

    store.get_user = counted
    seen = type("Seen", (), {"user": type("U", (), {"id": 7})(), "locale": "de", "guild_locale": None})()
    assert await locales.of_interaction(seen) == "de"
    assert await locales.of_interaction(seen) == "de" and reads == [7]
    await locales.set_choice(7, "en")
    assert await locales.of_interaction(seen) == "en" and await locales.of_user(7, "de") == "en"
    assert reads == [7]
    await store.update_user(7, locale="de")  # another process changes it
    assert await locales.of_user(7, "en") == "en"  # trusted a while
    now[0] += TRUST_SECONDS + 1
    assert await locales.of_user(7, "en") == "de" and reads == [7, 7]


def test_late_answers_make_one_warning_line_per_period(caplog):
    now = [100.0]
    late = errors.LateAcks(clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="brettbote"):
        late.seen(0.4)  # in time: nothing
        late.seen(1.5)
        for _ in range(5):
            late.seen(2.2)
        now[0] += errors.LATE_ACK_EVERY
        late.seen(1.1)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2
    assert lines[0].startswith("1 interaction(s) answered later than 1 s (the slowest after 1.5 s)")
    assert lines[1].startswith("6 interaction(s) answered later than 1 s (the slowest after 2.2 s)")


@pytest.mark.parametrize("ack", [errors.PRIVATE, errors.PUBLIC])
async def test_the_answer_goes_where_the_acknowledgement_put_it(ack):
    """``said`` after a public acknowledgement replaces the public
    placeholder; after a private one it is private."""
    sent = []

    class Followup:
        async def send(self, content, **kwargs):
            sent.append((content, kwargs.get("ephemeral")))

    class Interaction:
        extras = {errors.PUBLIC_DEFER: True} if ack == errors.PUBLIC else {}
        followup = Followup()

        async def delete_original_response(self):
            sent.append(("placeholder removed", None))

    await errors.said(Interaction(), "hello")
    # a public answer is a new message (its mentions ping), in place of the placeholder
    expected = [("placeholder removed", None), ("hello", False)] if ack == errors.PUBLIC else [("hello", True)]
    assert sent == expected and errors.PUBLIC_DEFER not in Interaction.extras


async def test_the_event_loops_lag_is_measured():
    """bot/loop_lag.py: a loop held up (in a bot by CPU-bound work, here by a
    busy loop of 0.3 s) shows as a late wake-up of about the hold's length."""
    import asyncio
    import time

    from bot.loop_lag import LoopLag

    seen: list[float] = []
    sampled = asyncio.Event()

    def observe(lag: float) -> None:
        seen.append(lag)
        sampled.set()

    lag = LoopLag(observe=observe, period=0.01)
    lag.start()
    try:
        await sampled.wait()  # the sampler runs
        sampled.clear()
        held_until = time.monotonic() + 0.3
        while time.monotonic() < held_until:  # CPU-bound work on the loop
            pass
        await sampled.wait()  # the first wake-up after the hold
    finally:
        await lag.stop()
    assert seen[-1] >= 0.2 and lag.task is None


async def test_a_burst_of_board_edits_for_one_match_draws_one_board(fake, bot, table, monkeypatch):
    """Shedding (bot/discord/board_status.py ``refresh``): while a match's
    board is being drawn, any number of requests to show newer moves make one
    more drawing, of the match as it stands when its turn comes."""
    import asyncio

    from bot.discord import board_status

    w = fake.world
    await table.open_match(w.alice, w.bob)
    match_id = (await bot.service.channel_match(table.channel.id)).id
    drawn = []
    payload = bot.announcer.board_payload

    async def counted(match, notes=()):
        drawn.append(match.id)
        return await payload(match, notes)

    monkeypatch.setattr(bot.announcer, "board_payload", counted)
    lock = bot.announcer.board_lock(match_id)
    await lock.acquire()  # a board of this match is being drawn
    burst = [asyncio.create_task(board_status.refresh(bot.announcer, match_id)) for _ in range(8)]
    await asyncio.sleep(0)  # every request has arrived
    assert sum(1 for t in burst if t.done()) == 7  # dropped at once: one waits for the lock
    lock.release()
    await asyncio.gather(*burst)
    assert drawn == [match_id]


async def test_a_click_discord_dropped_already_is_let_go_with_one_line(fake, bot, table, caplog):
    """Too late to acknowledge (Discord answers 10062): the handler does not
    run and nothing is tried again; one line at INFO, no error with a
    traceback (an overloaded bot would flood its log with them)."""
    w = fake.world
    await table.open_match(w.alice, w.bob)
    board = table.board()
    fake.interactions.ack_deadline = -1.0  # every first answer comes too late
    try:
        with caplog.at_level(logging.INFO, logger="brettbote"):
            handle = await fake.click(w.alice, board, next(c for c in board.custom_ids() if ":log:" in c))
            await handle.wait_refused()
            await table.settle()
    finally:
        fake.interactions.ack_deadline = 3.0
        fake.deadline_violations.clear()  # on purpose here
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert any("was dropped before its answer" in r.getMessage() for r in caplog.records)
    assert handle.messages == [] and len(handle.refused) == 1
