"""Hostile and careless input through the real client and the fake Discord:
forged option values, stale and forged components, garbled values, refusals
that must stay private, and private content that must never replace a public
message. Each answer is checked, and that nothing was applied."""

from __future__ import annotations

import logging

import pytest
from bot_harness import stale_copy
from test_contract_properties import toy_registered  # noqa: F401 - module-wide fixture: the toy game is registered

import bot.discord.commands
from bot.play.errors import ServiceError


def public_messages(fake, channel) -> list:
    return [m for m in fake.messages(channel) if not m.ephemeral]


@pytest.mark.parametrize(
    "options, words",
    [
        ({"reminder": 0}, ("1", "168")),
        ({"deadline": -5}, ("12", "336")),
        ({"players": 9}, ("2", "2")),
        ({"game": "toy", "players": 3, "dodges": 9}, ("0", "3")),
    ],
)
async def test_forged_option_values_are_refused_privately_naming_the_range(fake, table, stored, options, words):
    """A payload that skips the command's own ranges (issue: reminder:0 sent
    364 DMs, deadline:-5 played 442 moves): the service checks every value."""
    w = fake.world
    channel = w.channel("spiele")
    before = len(public_messages(fake, channel))
    handle = await table.command(w.alice, "game new", **{"game": "himmel-und-hoelle", "here": True, **options})
    answer = await handle.wait_ephemeral()
    assert all(word in answer.content for word in words), answer.content
    assert len(public_messages(fake, channel)) == before
    match, _ = await stored()
    assert match is None


async def test_an_old_lobbys_join_button_never_seats_anyone_in_the_next_lobby(fake, table, stored):
    w = fake.world
    table.channel = channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    first = stale_copy(next(m for m in fake.messages(channel) if any(":join:" in c for c in m.custom_ids())))
    await table.command(w.alice, "game cancel")
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    join = next(c for c in first.custom_ids() if ":join:" in c)
    answer = await (await table.run(await fake.click(w.bob, first, join))).wait_ephemeral()
    assert "out of date" in answer.content or "veraltet" in answer.content
    second, _ = await stored(2)
    assert second.status == "lobby" and second.user_ids == [w.alice.id]


async def test_refusals_of_resume_and_new_are_private(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    before = len(public_messages(fake, table.channel))
    resume = await (await table.command(w.alice, "game resume")).wait_ephemeral()
    again = await (await table.command(w.bob, "game new", game="halleluja", here=True)).wait_ephemeral()
    assert resume.content and again.content
    assert len(public_messages(fake, table.channel)) == before


async def test_a_refusal_after_the_public_placeholder_removes_it_and_answers_privately(fake, table, bot, monkeypatch):
    """A race (another match opened between the check and the start): the
    public "thinking" placeholder goes, the reason comes privately."""
    w = fake.world
    channel = w.channel("spiele")

    async def raced(**kwargs):
        raise ServiceError("match_exists")

    monkeypatch.setattr(bot.service, "new_match", raced)
    before = len(public_messages(fake, channel))
    handle = await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    answer = await handle.wait_ephemeral()
    assert answer.content
    assert len(public_messages(fake, channel)) == before


async def test_a_garbled_menu_value_and_an_unknown_control_are_answered_with_the_current_board(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    board = table.board()
    for custom_id, extra in (
        ("bb:g:1:0", {"values": ["abc"], "component_type": 3}),  # a menu value that does not parse
        ("bb:c:1:0:0", {"values": ["abc"], "component_type": 3}),  # a choice menu's value that does not parse
        ("bb:c:1:0:0", {"values": ["0:00000000", "1:00000000"], "component_type": 3}),  # two at once
        ("g:1:0", {}),  # a button of an older format, after an upgrade
        ("bb:a:1:0:0:zzzzzzzz", {}),  # a forged action token
    ):
        handle = await table.run(await fake.forge(w.alice, board, custom_id, **extra))
        answer = await handle.wait_ephemeral()
        assert "out of date" in answer.content or "veraltet" in answer.content, custom_id
        assert any(":view:" in c for c in answer.custom_ids()), custom_id  # the current board, one click away
    # a choice menu's entry with a well-formed but forged token: answered, never applied
    handle = await table.run(await fake.forge(w.alice, board, "bb:c:1:0:0", values=["0:00000000"], component_type=3))
    assert (await handle.wait_ephemeral()).content
    match, log = await stored()
    assert log == []  # nothing was applied


async def test_a_command_that_fails_before_its_cog_gets_an_apology_with_a_code(fake, table, monkeypatch, caplog):
    w = fake.world

    def broken(interaction, name):
        raise RuntimeError("boom")

    monkeypatch.setattr(bot.discord.commands, "cog", broken)
    with caplog.at_level(logging.ERROR, logger="brettbote"):
        answer = await (await table.command(w.alice, "game help")).wait_ephemeral()
    code = answer.content.split("`")[1]
    assert len(code) == 8
    assert any(code in r.getMessage() and r.exc_info for r in caplog.records)


async def test_a_picker_control_on_a_public_board_never_turns_it_into_a_private_picker(fake, table, stored):
    """A forged picker button clicked on the public board: the board stays as
    it is; what is private comes in a new message only the clicker sees."""
    w = fake.world
    await table.open_match(w.alice, w.bob)
    match, _ = await stored()
    board = table.board()
    content, files = board.content, [a.filename for a in board.attachments]
    mover = next(u for u in (w.alice, w.bob) if match.seat_of(u.id) == 0)
    picker = await table.open_picker(mover)
    action = next(c for c in picker.custom_ids() if c.startswith("bb:a:"))
    page = f"bb:p:{match.id}:{match.seats[0].decision_counter}:0:1"
    for custom_id in (page, action):
        handle = await table.run(await fake.forge(mover, board, custom_id))
        answer = await handle.wait_ephemeral()
        assert answer.ephemeral
        assert board.content == content and [a.filename for a in board.attachments] == files


async def test_the_board_is_reposted_at_most_every_30_seconds(fake, table, clock):
    w = fake.world
    await table.open_match(w.alice, w.bob)

    def posts() -> int:
        return len([m for m in public_messages(fake, table.channel) if m.attachments])

    boards = posts()
    first = await (await table.command(w.alice, "game board")).wait_ephemeral()
    assert posts() == boards + 1 and "<t:" not in first.content
    again = await (await table.command(w.bob, "game board")).wait_ephemeral()
    assert "<t:" in again.content and posts() == boards + 1
    clock.advance(31)
    await table.command(w.bob, "game board")
    assert posts() == boards + 2


async def test_at_most_five_new_matches_per_user_and_hour_in_a_server(fake, table, stored, clock):
    w = fake.world
    channel = w.channel("spiele")
    for _ in range(5):
        await table.command(w.alice, "game new", game="himmel-und-hoelle")  # each in a thread of its own
    threads = len(w.threads)
    answer = await (await fake.slash(w.alice, "game new", {"game": "himmel-und-hoelle"}, channel=channel)).wait_ephemeral()
    await table.settle()
    assert "<t:" in answer.content and len(w.threads) == threads
    assert (await stored(6))[0] is None
    clock.advance(3601)
    await table.command(w.alice, "game new", game="himmel-und-hoelle")
    assert len(w.threads) == threads + 1


async def test_a_second_vote_of_the_same_player_pings_nobody_again(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await table.command(w.alice, "game cancel")
    pings = [m for m in public_messages(fake, table.channel) if f"<@{w.bob.id}>" in m.content]
    again = await (await table.command(w.alice, "game cancel")).wait_ephemeral()
    assert again.content
    assert [m for m in public_messages(fake, table.channel) if f"<@{w.bob.id}>" in m.content] == pings


async def test_dms_opened_too_fast_fall_back_to_the_channel_and_back_off(fake, table, stored, bot):
    """Discord's 40003 for one user: their secret choice is announced in the
    channel (like closed DMs) and further DMs to them wait for a while."""
    w = fake.world
    fake.world.add_user("dave", locale="en-US")
    dave = w.user("dave")
    dave.dms_too_fast = True
    users = [w.alice, w.bob, dave]
    table.channel = w.channel("spiele")
    for user in users:
        await table.command(user, "game settings", language="en")
    await table.command(w.alice, "game new", game="toy", here=True, players=3)
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    for user in users[1:]:
        await table.run(await fake.click(user, lobby, next(c for c in lobby.custom_ids() if ":join:" in c)))
    match, _ = await stored()
    leader = next(u for u in users if u.id == match.user(engines_toy_leader(match)))
    picker = await table.open_picker(leader)
    for label in ("Seat 1", "Seat 2", "Seat 3", "Lucky 1", "Submit"):
        await table.choose(leader, picker, label)
    assert not table.dms(dave)
    assert any(f"<@{dave.id}>" in m.content and "DM" in m.content for m in public_messages(fake, table.channel))
    assert not bot.service.limits.dm_allowed(dave.id)


def engines_toy_leader(match) -> int:
    import engines

    return engines.get("toy").load_state(match.state).leader


@pytest.mark.parametrize("days", [-1, -3, 15])  # 0 is coming back: tests/test_talk_threads.py
async def test_away_days_outside_the_range_are_refused(fake, table, stored, days):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    answer = await (await table.command(w.alice, "game away", days=days)).wait_ephemeral()
    assert "14" in answer.content
    match, _ = await stored()
    assert match.seats[0].away_until is None and match.seats[0].away_used == 0
