"""Computer players through the real client and the fake Discord: a lone
player against the computer, "Add computer player" in the lobby, and a
3-player match in which one player vanishes, the table votes the seat to the
computer, and the match finishes; substitutes, handing back, forged seat
buttons, and a computer move owed across a restart."""

from __future__ import annotations

import asyncio
import random

import pytest
from bot_harness import Table, click_random_choice, stale_copy, started
from scale_harness import poll_until
from test_bot_generic_games import open_toy
from test_contract_properties import toy_registered  # noqa: F401 - module-wide fixture: the toy game is registered

import engines
from bot.discord.computers import Computers
from bot.verify import verify

HOUR = 3600


@pytest.fixture(autouse=True)
def more_users(fake):
    for name in ("dave", "erin"):
        fake.world.add_user(name, locale="en-US")


def person_due(match) -> list[int]:
    engine = engines.get(match.game)
    return [s for s in engine.to_act(engine.load_state(match.state)) if match.seats[s].person]


async def play_on(table: Table, stored, users, rnd: random.Random, *, clock=None, vanished=None, until=None,
                  steps: int = 600):
    """The people click random choices until ``until(match)`` or the end; a
    ``vanished`` user never moves: when only they are asked, the clock runs
    past their deadline."""
    by_id = {u.id: u for u in users}
    for _ in range(steps):
        match, _ = await stored()
        if match.status != "running" or until is not None and until(match):
            return match
        due = person_due(match)
        others = [s for s in due if vanished is None or match.user(s) != vanished.id]
        if others:
            user = by_id[match.user(others[0])]
            await click_random_choice(table, user, await table.open_picker(user), rnd)
        elif due:
            await table.fire_timers(clock, 13 * HOUR)
        else:
            await table.settle()
    raise AssertionError(f"the match did not get there; the computer's troubles: {table.bot.announcer.computers.refusals}")


async def test_a_lone_player_plays_a_whole_match_against_the_computer(fake, table, stored, bot):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="hoch-und-hoeher", here=True, computer=1, thinking=1)
    match, _ = await stored()
    assert match.status == "running" and match.user_ids == [w.alice.id, -1] and match.computer_ms == 1000
    match = await play_on(table, stored, [w.alice], random.Random(1))
    assert match.status == "finished"
    _, log = await stored()
    assert {entry.seat for entry in log} == {0, 1}  # the computer made moves of its own
    # it is named, and marked as a computer player, where the board lists it
    assert any("🤖 Computer 1" in board.content for board in table.boards())
    assert all("<@-1>" not in m.content for m in fake.messages(table.channel))
    assert await verify(bot.store) == 0


async def test_add_computer_player_in_the_lobby_starts_a_full_table(fake, table, stored):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    lobby = fake.messages(table.channel)[-1]
    add = next(c for c in lobby.custom_ids() if ":computer:" in c)
    refused = await (await table.run(await fake.click(w.bob, lobby, add))).wait_ephemeral()
    assert refused.content  # only the host seats the computer
    await table.run(await fake.click(w.alice, lobby, add))
    match, _ = await stored()
    assert match.status == "running" and match.user_ids == [w.alice.id, -1]
    assert "🤖 Computer 1" in fake.messages(table.channel)[0].content  # the lobby post names it
    assert table.boards()  # the match began with a board


async def test_a_vanished_player_is_voted_to_the_computer_and_the_match_finishes(fake, table, stored, clock, bot):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_toy(fake, table, stored, users, deadline=12)
    vanished = w.bob
    rnd = random.Random(3)
    match = await play_on(table, stored, users, rnd, clock=clock, vanished=vanished,
                          until=lambda m: any(s.handover for s in m.seats))
    seat = match.seat_of(vanished.id)
    assert match.seats[seat].handover == "vote" and match.seats[seat].missed == 2
    board = table.board()
    votes = [c for c in board.custom_ids() if c.startswith("bb:s:")]
    assert sorted(c.split(":")[2] for c in votes) == ["computer", "substitute", "wait"]
    voters = [u for u in users if u is not vanished]
    assert all(u.mention in board.content for u in voters)  # the voters are pinged
    # the vanished player has no say on their own seat
    own = await (await table.run(await fake.click(vanished, board, f"bb:s:computer:1:{seat}"))).wait_ephemeral()
    assert "/game rejoin" in own.content
    for user in voters:
        await table.run(await fake.click(user, board, f"bb:s:computer:1:{seat}"))
    match, log = await stored()
    assert match.seats[seat].computer and match.seats[seat].original_user_id == vanished.id
    handed_at = match.counter
    assert any("Ab jetzt spielt der Computer" in m.content for m in fake.messages(table.channel))
    match = await play_on(table, stored, users, rnd)
    assert match.status == "finished"
    _, log = await stored()
    assert any(entry.seat == seat and entry.counter > handed_at for entry in log)  # the computer played it
    assert any("🤖 Computer 1" in board.content for board in table.boards())  # named as a computer on the board
    stints = await bot.store.stints(vanished.id)
    assert [s.ending for s in stints] == ["vanished"]
    assert {s.ending for u in voters for s in await bot.store.stints(u.id)} == {"finished"}
    assert await verify(bot.store) == 0


async def test_a_substitute_takes_over_and_hands_the_seat_back(fake, table, stored):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_toy(fake, table, stored, users)
    await table.command(w.bob, "game leave")
    match, _ = await stored()
    seat = match.seat_of(w.bob.id)
    for user in (w.alice, w.user("dave")):
        await table.run(await fake.click(user, table.board(), f"bb:s:substitute:1:{seat}"))
    board = table.board()
    take = f"bb:s:take:1:{seat}"
    assert take in board.custom_ids()
    seen_by_dave = stale_copy(board)  # his client has not caught up with what follows
    erin = w.user("erin")
    # someone at the table cannot take a second seat
    refused = await (await table.run(await fake.click(w.alice, board, take))).wait_ephemeral()
    assert refused.content
    await table.run(await fake.click(erin, board, take))
    match, _ = await stored()
    assert match.user(seat) == erin.id and match.seats[seat].original_user_id == w.bob.id
    # a second, late click on the same offer is answered, not applied
    late = await (await table.run(await fake.click(w.user("dave"), seen_by_dave, take))).wait_ephemeral()
    assert late.content
    # the substitute sees that seat's view; the one who left sees a spectator's
    hand = await (await table.command(erin, "game hand")).wait_ephemeral()
    assert "You play" in hand.content
    gone = await (await table.command(w.bob, "game hand")).wait_ephemeral()
    assert "You play" not in gone.content
    # Bob asks for his seat back; Erin hands it back with the board's button
    await table.command(w.bob, "game rejoin")
    back = f"bb:s:back:1:{seat}"
    assert back in table.board().custom_ids()
    wrong = await (await table.run(await fake.click(w.alice, table.board(), back))).wait_ephemeral()
    assert wrong.content
    await table.run(await fake.click(erin, table.board(), back))
    match, _ = await stored()
    assert match.user(seat) == w.bob.id and match.seats[seat].person


@pytest.mark.parametrize("custom_id", [
    "bb:s:computer:1:9",  # no such seat
    "bb:s:take:99:0",  # no such match
    "bb:s:wait:1:0",  # no vote on that seat
])
async def test_forged_seat_buttons_are_answered_and_never_applied(fake, table, stored, custom_id):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_toy(fake, table, stored, users)
    before, _ = await stored()
    answer = await (await table.run(await fake.forge(w.alice, table.board(), custom_id))).wait_ephemeral()
    assert answer.content
    after, _ = await stored()
    assert after.seats == before.seats and after.counter == before.counter


async def test_a_computer_move_owed_when_the_bot_stopped_is_made_after_the_restart(fake, db, stored, monkeypatch):
    w = fake.world
    channel = w.channel("spiele")
    with monkeypatch.context() as patched:
        patched.setattr(Computers, "kick", lambda self, match: None)  # the process dies before the computer moves
        async with started(fake, db) as bot:
            table = Table(fake, bot)
            table.channel = channel
            await table.command(w.alice, "game new", game="hoch-und-hoeher", here=True, computer=1)
            match, _ = await stored()
            for _ in range(20):
                if person_due(match):
                    await click_random_choice(table, w.alice, await table.open_picker(w.alice), random.Random(2))
                    match, _ = await stored()
                else:
                    break
            assert match.status == "running" and not person_due(match)  # the computer is asked
            waiting = match.counter

    async def moved() -> bool:
        match, _ = await stored()
        return match.counter > waiting

    async with started(fake, db) as bot:
        # the repair runs once the client is ready
        await poll_until(moved, timeout=60, what="the restart's repair to make the computer's move")
        await Table(fake, bot).settle()
        match, _ = await stored()
        assert match.counter > waiting  # the restart's repair made the computer's move


async def test_a_vote_whose_board_was_never_posted_is_posted_after_the_restart(fake, db, stored):
    """The process dies right after a player left (the vote is stored, its
    board not posted): the restart posts the board with the vote's buttons."""
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    async with started(fake, db) as bot:
        table = Table(fake, bot)
        await open_toy(fake, table, stored, users)
        channel = table.channel
        await bot.service.leave(channel.id, w.bob.id)  # stored; no announcement follows
    match, _ = await stored()
    seat = match.seat_of(w.bob.id)
    assert match.board_due and match.seats[seat].handover == "vote"
    assert not any(c.startswith("bb:s:") for m in fake.messages(channel) for c in m.custom_ids())

    async def posted() -> bool:
        match, _ = await stored()
        return not match.board_due

    async with started(fake, db) as bot:
        await poll_until(posted, timeout=60, what="the restart to post the owed board")
        table = Table(fake, bot)
        table.channel = channel
        await table.settle()
        assert f"bb:s:computer:1:{seat}" in table.board().custom_ids()


async def test_a_think_that_never_returns_plays_the_default_choice(fake, table, stored, monkeypatch):
    """A worker that hangs must not stall the match: after the budget and
    the slack the computer plays the game's default choice."""
    import bot.discord.computers as computers

    run = computers.workers.run

    async def hangs(*args, pool="render", **kwargs):
        if pool == "think":
            await asyncio.Event().wait()
        return await run(*args, pool=pool, **kwargs)  # boards are still drawn

    monkeypatch.setattr(computers, "THINK_SLACK", 0.05)
    monkeypatch.setattr(computers.workers, "run", hangs)
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="hoch-und-hoeher", here=True, computer=1)
    match = await play_on(table, stored, [w.alice], random.Random(4), until=lambda m: m.counter > 6)
    _, log = await stored()
    assert any(entry.seat == 1 for entry in log)  # the computer's seat moved all the same
    assert "timeout" in table.bot.announcer.computers.refusals
    assert match.status in ("running", "finished")


async def test_a_computer_whose_moves_are_refused_stops_instead_of_spinning(fake, table, stored, monkeypatch):
    """A move refused again and again (the match changing under it each time)
    ends the task after a few tries; the next kick tries again."""
    import bot.discord.computers as computers
    from bot.play.errors import ServiceError

    w = fake.world
    table.channel = w.channel("spiele")
    tries = []

    async def refuses(*args, **kwargs):
        tries.append(args)
        raise ServiceError("stale")

    computers_ = table.bot.announcer.computers
    with monkeypatch.context() as patched:
        patched.setattr(Computers, "kick", lambda self, match: None)  # the person moves until the computer is asked
        # A fixed deal: with some deals the person's random clicks end the match before the computer is asked.
        patched.setattr(table.bot.service, "_rng", random.Random(5))
        await table.command(w.alice, "game new", game="hoch-und-hoeher", here=True, computer=1)
        match, _ = await stored()
        for _ in range(20):
            if not person_due(match):
                break
            await click_random_choice(table, w.alice, await table.open_picker(w.alice), random.Random(5))
            match, _ = await stored()
    assert match.status == "running" and not person_due(match)
    with monkeypatch.context() as patched:
        patched.setattr(computers_.service, "act", refuses)
        computers_.kick(match)
        await computers_.idle()
    assert len(tries) == computers.MAX_REFUSALS and not computers_.busy
    assert computers_.refusals[-computers.MAX_REFUSALS:] == ["stale"] * computers.MAX_REFUSALS
    match, _ = await stored()
    computers_.kick(match)  # the next kick plays on, with the real service
    await table.settle()
    after, _ = await stored()
    assert after.counter > match.counter
