"""Every click answered, every owed board posted once, and the bot's own DM
budget never turned into a public "I can't DM you": through the real client
and the fake Discord, on both databases.

Where a race needs a slow first board to show, the board post waits for the
test (as a slow render would) while the other clicks are handled."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import pytest
from bot_harness import stale_copy
from test_bot_generic_games import open_toy
from test_contract_properties import toy_registered  # noqa: F401 - module-wide fixture: the toy game is registered

import engines
from bot.discord import errors
from bot.discord.messages import t
from bot.play.errors import Stale
from bot.play.limits import DM_BUDGET_SECONDS


@pytest.fixture(autouse=True)
def more_users(fake):
    for name in ("dave", "erin"):
        fake.world.add_user(name, locale="en-US")


@pytest.fixture
def held_board(bot, monkeypatch) -> asyncio.Event:
    """Board posts wait until the returned event is set."""
    release = asyncio.Event()
    post = bot.announcer._post_board

    async def slow_post(match, notes):
        await release.wait()
        await post(match, notes)

    monkeypatch.setattr(bot.announcer, "_post_board", slow_post)
    return release


def answered(handle) -> bool:
    """The click updated its message, or its clicker got a private answer."""
    return handle.updated or any(m.content and not m.loading for m in handle.ephemeral_messages)


def board_posts(fake, channel) -> list:
    return [m for m in fake.messages(channel) if m.attachments and not m.ephemeral]


# -- every click answered -------------------------------------------------------


async def test_racing_joins_for_the_last_seat_are_all_answered(fake, table, stored, held_board):
    w = fake.world
    dave, erin = w.user("dave"), w.user("erin")
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="halleluja", here=True, players=3)
    lobby = fake.messages(table.channel)[-1]
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    await table.run(await fake.click(w.bob, lobby, join))
    seen = stale_copy(lobby)  # the lobby as the other two still see it
    # Carol takes the last seat; Dave and Erin press Join at once while the first board is still being made.
    first = await fake.click(w.carol, lobby, join)
    # acknowledged before the join is stored (bot/discord/errors.py): her seat is hers once the lobby shows it
    await fake.wait_until(lambda: first.updated, what="Carol's join shown")
    late = await asyncio.gather(*(fake.click(user, seen, join) for user in (dave, erin)))
    await fake.wait_until(lambda: all(answered(h) for h in late), what="both late clicks answered")
    held_board.set()
    await table.settle()
    assert all(answered(h) for h in (first, *late))
    match, _ = await stored()
    assert match.status == "running" and match.user_ids == [w.alice.id, w.bob.id, w.carol.id]
    assert len(board_posts(fake, table.channel)) == 1


async def test_racing_add_computer_clicks_are_all_answered(fake, table, stored, held_board):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="halleluja", here=True, players=4)
    lobby = fake.messages(table.channel)[-1]
    add = next(c for c in lobby.custom_ids() if ":computer:" in c)
    clicks = await asyncio.gather(*(fake.click(w.alice, lobby, add) for _ in range(4)))
    await fake.wait_until(lambda: all(answered(h) for h in clicks), what="all four clicks answered")
    held_board.set()
    await table.settle()
    match, _ = await stored()
    assert match.status == "running" and match.user_ids == [w.alice.id, -1, -2, -3]
    refused = [h for h in clicks if not h.updated]
    assert len(refused) == 1 and "veraltet" in refused[0].ephemeral_messages[0].content


class StubResponse:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str, **kwargs) -> None:
        self.sent.append(content)


class StubLocales:
    async def of_interaction(self, interaction) -> str:
        return "en"


class StubService:
    async def latest_match(self, channel_id):
        return None


class StubCog:
    """What ``guarded`` needs of a cog: ``bot`` with ``inflight`` and ``locales``, and ``service``."""

    def __init__(self) -> None:
        self.bot = SimpleNamespace(inflight=errors.InFlight(), locales=StubLocales())
        self.service = StubService()

    @errors.guarded
    async def on_click(self, interaction) -> None:
        raise Stale(1)


def stub_interaction():
    return SimpleNamespace(id=1, channel_id=5, locale="en-US", guild_locale=None, extras={}, response=StubResponse())


@pytest.mark.parametrize("broken", ["reason", "fresh_board"])
async def test_the_handler_answers_when_building_its_answer_fails(monkeypatch, caplog, broken):
    """Telling a refusal fails (its text, its board button): the user gets
    the apology with a code, the log has the failure once, nothing escapes."""

    def boom(*args, **kwargs):
        raise ValueError("cannot build this answer")

    monkeypatch.setattr(errors, broken, boom)
    cog, interaction = StubCog(), stub_interaction()
    with caplog.at_level(logging.WARNING, logger="brettbote"):
        await cog.on_click(interaction)
    assert len(interaction.response.sent) == 1
    code = interaction.response.sent[0].split("`")[1]
    assert len(code) == 8
    logged = [r for r in caplog.records if code in r.getMessage()]
    assert len(logged) == 1 and logged[0].exc_info
    assert cog.bot.inflight.count == 0


async def test_the_handler_never_raises_when_even_the_apology_fails(caplog):
    cog, interaction = StubCog(), stub_interaction()

    async def unreachable(content, **kwargs):
        raise ConnectionError("Discord is gone")

    interaction.response.send_message = unreachable
    with caplog.at_level(logging.WARNING, logger="brettbote"):
        await cog.on_click(interaction)  # does not raise
    assert any("could not report error" in r.getMessage() for r in caplog.records)
    assert cog.bot.inflight.count == 0


# -- a board owed by a move is posted once ----------------------------------------


async def test_the_start_up_repair_racing_a_moves_announcement_posts_its_board_once(fake, table, stored, bot,
                                                                                     held_board, monkeypatch):
    """Interactions handled before ``on_ready`` (guilds still streaming in):
    the match's first board is being announced when the start-up repair runs."""
    w = fake.world
    table.channel = w.channel("spiele")
    listed = asyncio.Event()
    unannounced = bot.service.unannounced

    async def listing(idle_before=None):
        found = await unannounced(idle_before)
        listed.set()
        return found

    monkeypatch.setattr(bot.service, "unannounced", listing)
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    lobby = fake.messages(table.channel)[-1]
    join = await fake.click(w.bob, lobby, next(c for c in lobby.custom_ids() if ":join:" in c))
    await join.wait_acknowledged()  # the match started; its first board is being made
    repair = asyncio.create_task(bot.announcer.reconcile())
    await listed.wait()  # the repair saw the board as owed
    held_board.set()
    await repair
    await table.settle()
    match, _ = await stored()
    boards = board_posts(fake, table.channel)
    assert len(boards) == 1 and match.board_message_id == boards[0].id and not match.board_due


# -- the bot's DM budget ------------------------------------------------------------


async def test_a_notice_past_the_dm_budget_waits_for_the_next_dm_instead_of_the_channel(fake, table, stored, bot,
                                                                                         clock):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    leader = await open_toy(fake, table, stored, users)
    busy = next(u for u in users if u is not leader)  # their DMs are open
    while bot.service.limits.dm_allowed(busy.id):  # other matches spent the bot's DMs to them
        await bot.announcer.dm(busy.id, "another match")
    before = len(table.dms(busy))
    picker = await table.open_picker(leader)
    for label in ("Seat 1", "Seat 2", "Seat 3", "Lucky 1", "Submit"):
        await table.choose(leader, picker, label)
    match, _ = await stored()
    assert toy_secret_due(match, busy)  # a secret choice to make, told by DM
    fallbacks = {t("dm_fallback", locale, user=f"<@{busy.id}>") for locale in ("de", "en")}
    assert not [m for m in fake.messages(table.channel) if any(f in m.content for f in fallbacks)]
    assert len(table.dms(busy)) == before
    assert await bot.service.pending_notices()  # owed until told: a restart would tell it
    clock.advance(DM_BUDGET_SECONDS + 1)
    told = await fake.wait_until(lambda: table.dms(busy)[before:], what="the held notice by DM")
    assert "your turn" in told[0].content and f"<#{table.channel.id}>" in told[0].content
    await asyncio.wait_for(bot.announcer.held.task, 30)  # what it told is marked sent
    assert not bot.announcer.held.by_user
    assert await bot.service.pending_notices() == []


def toy_secret_due(match, user) -> bool:
    engine = engines.get("toy")
    state = engine.load_state(match.state)
    seat = match.seat_of(user.id)
    return seat in engine.to_act(state) and engine.prompt(state, seat).secret


def test_held_notices_go_before_the_new_dm_newest_first_as_far_as_they_fit():
    from bot.discord.dms import DM_LENGTH, Held, merged

    held = {1: Held("a" * 900), 2: Held("b" * 900), 3: Held("c" * 900)}
    text, left = merged(held, "new")
    assert text == "b" * 900 + "\n\n" + "c" * 900 + "\n\n" + "new" and list(left) == [1]
    text, left = merged({1: Held("x" * DM_LENGTH)}, "")
    assert text == "x" * DM_LENGTH and left == {}
