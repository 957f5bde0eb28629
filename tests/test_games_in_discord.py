"""Every game through Discord: matches started with /game new and played by
clicking the pickers the way players do; plus what is special about a game in
the bot (solo and daily challenges, hands by DM)."""

from __future__ import annotations

import random

import pytest
from bot_harness import Table, click_random_choice, open_first_battle, play_alone_to_the_end

import engines
from bot.verify import verify

STEPS = 25


@pytest.fixture(autouse=True)
def more_players(fake):
    """Halleluja seats up to four."""
    for name in ("dave", "erin"):
        fake.world.add_user(name, locale="en-US")


async def play_steps(table: Table, stored, users, steps: int, rnd: random.Random) -> None:
    for _ in range(steps):
        match, _ = await stored()
        if match.status != "running":
            return
        engine = engines.get(match.game)
        seat = engine.to_act(engine.load_state(match.state))[0]
        user = next(u for u in users if u.id == match.user(seat))
        picker = await table.open_picker(user)
        await click_random_choice(table, user, picker, rnd)


@pytest.mark.parametrize("game", [e.id for e in engines.all()])
async def test_every_game_is_played_through_discord(fake, game, stored, bot, table):
    engine = engines.get(game)
    w = fake.world
    users = [w.alice, w.bob, w.user("dave"), w.user("erin")][: engine.max_seats]
    players = max(engine.min_seats, 2) if engine.max_seats >= 2 else 1
    table.channel = w.channel("spiele")
    await table.command(users[0], "game new", game=game, here=True, players=players)
    if players > 1:
        lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
        join = next(c for c in lobby.custom_ids() if ":join:" in c)
        for user in users[1:players]:
            await table.run(await fake.click(user, lobby, join))
    assert table.board().attachment("board.png").data.startswith(b"\x89PNG")
    await play_steps(table, stored, users[:players], STEPS, random.Random(game))
    match, actions = await stored()
    assert len(actions) >= min(STEPS, 5) or match.status == "finished"
    for post in table.boards():
        assert post.attachment("board.png").description  # alt text from the text board
    # Whoever must decide, on turn or not, is mentioned in the board post.
    last = table.board()
    if match.status == "running":
        waiting = engine.to_act(engine.load_state(match.state))
        assert all(f"<@{match.user(s)}>" in last.content for s in waiting)
    assert await verify(bot.store) == 0


async def test_solo_daily_challenge_once_a_day_with_scores(fake, stored, clock, table):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.bob, "game new", game="hoch-und-hoeher", here=True, daily=True)
    match, _ = await stored()
    assert match.status == "running" and match.user_ids == [w.bob.id] and match.daily_date
    assert w.bob.mention in table.board().content  # started at once, Bob to act
    assert "Team" not in table.board().content  # a solo player is not named a team
    match = await play_alone_to_the_end(table, stored, w.bob, random.Random(5))
    assert match.status == "finished"
    again = await (await table.command(w.bob, "game new", game="hoch-und-hoeher", here=True, daily=True)).wait_ephemeral()
    assert "already played today" in again.content
    # Cancelling does not buy a second try with the dice now known.
    table.channel = w.channel("allgemein")
    await table.command(w.user("dave"), "game new", game="hoch-und-hoeher", here=True, daily=True)
    await table.command(w.user("dave"), "game cancel")
    retry = await (await table.command(w.user("dave"), "game new", game="hoch-und-hoeher", here=True, daily=True)).wait_ephemeral()
    assert "already played today" in retry.content
    # Alice gets the same dice: the seed comes from the server and the day.
    table.channel = w.channel("turniere")
    await table.command(w.alice, "game new", game="hoch-und-hoeher", here=True, daily=True)
    alice_match = next(m for m in [(await stored(i))[0] for i in (2, 3, 4)] if m and m.user_ids == [w.alice.id])
    assert alice_match.seed == match.seed
    scores = await (await table.command(w.bob, "game scores", game="hoch-und-hoeher")).wait_ephemeral()
    score = match.outcome["scores"][0]
    assert f"1. {w.bob.mention} {score}" in scores.content
    clock.advance(86400)
    table.channel = w.channel("allgemein")
    await table.command(w.bob, "game new", game="hoch-und-hoeher", here=True, daily=True)
    tomorrow, _ = await stored(4)
    assert tomorrow.status == "running" and tomorrow.seed != match.seed and tomorrow.user_ids == [w.bob.id]


async def test_hektor_hands_come_by_dm_at_the_start_of_a_battle(fake, table, stored):
    w = fake.world
    await open_first_battle(table, stored)
    for user in (w.alice, w.bob):
        dm = [m for m in fake.dm_messages(user) if any(a.filename == "hand.png" for a in m.attachments)]
        assert dm, f"no hand for {user.username}: {[(m.content[:50], [a.filename for a in m.attachments]) for m in fake.dm_messages(user)]}"
        assert dm[-1].attachment("hand.png").data.startswith(b"\x89PNG")
    view = await (await table.click_board(w.bob, "view")).wait_ephemeral()
    assert {a.filename for a in view.attachments} == {"board.png", "hand.png"}


async def test_halleluja_mentions_the_owner_of_a_marked_stone_when_it_decides(fake, db, stored, table):
    """A marked stone's owner decides its move even when it is not their turn."""
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    engine = engines.get("halleluja")
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="halleluja", here=True, players=3, quick_setup=True)
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    for user in users[1:]:
        await table.run(await fake.click(user, lobby, join))
    rnd = random.Random(8)
    for _ in range(120):
        match, _ = await stored()
        state = engine.load_state(match.state)
        (seat,) = engine.to_act(state)
        if seat != state.active:
            break
        await play_steps(table, stored, users, 1, rnd)
    else:
        pytest.fail("no out-of-turn decision came up")
    decider = f"<@{match.user(seat)}>"
    assert decider in table.board().content
    picker = await table.open_picker(next(u for u in users if u.id == match.user(seat)))
    assert picker.buttons()
