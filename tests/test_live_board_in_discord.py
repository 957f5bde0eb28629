"""The HellGame over weeks, through the real client and the fake Discord:
one live board per phase (edited in place as decisions come in, a new post
only when a phase starts), decisions answered in the DM that asks for them,
a person told by DM or by mention but never both, the board marking whose
orders are in (never what), and one post per round summary."""

from __future__ import annotations

import random

import pytest
from hellgame_driver import choose
from hellgame_table import GAME, action_buttons, click_index, decide, open_match

import engines
from bot.verify import verify
from engines.hellgame.core import flow

E = engines.get(GAME)


@pytest.fixture(autouse=True)
def more_players(fake):
    for name in ("dave", "erin"):
        fake.world.add_user(name, locale="en-US")


def pickers(table, user) -> list:
    """The DMs that asked ``user`` for a decision (private views aside:
    what only they may see always comes by DM)."""
    return [m for m in table.dms(user) if any(c.startswith(("bb:a:", "bb:c:")) for c in m.custom_ids()) or m.history
            and any("bb:a:" in str(h) or "bb:c:" in str(h) for h in m.history)]


def thread_posts(fake, table) -> list:
    return [m for m in fake.messages(table.channel) if m.author is fake.world.bot_user]


async def test_one_live_board_per_phase_edited_in_place(fake, table, stored, bot):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_match(fake, table, users, seed=3)
    rnd, by_id = random.Random(3), {u.id: u for u in users}
    phases, edits = 0, 0
    for _ in range(400):
        match, _ = await stored()
        state = E.load_state(match.state)
        if state.round > 2 or match.status != "running":
            break
        board, posts = table.board(), len(thread_posts(fake, table))
        seen_edits = len(board.history)
        phase, stage, asked = E.board_phase(state), E.stage(state), E.to_act(state)
        await decide(table, match, state, by_id[match.user(asked[0])], rnd)
        match, _ = await stored()
        after = E.load_state(match.state)
        if E.board_phase(after) == phase:
            # within a phase: no new post of any kind, the board is the same message
            assert table.board().id == board.id and len(thread_posts(fake, table)) == posts
            if E.stage(after) != stage or E.to_act(after) != asked:
                assert len(board.history) > seen_edits, "the board was not brought up to date"
                assert board.attachment("board.png").data.startswith(b"\x89PNG")
                edits += 1
        else:
            assert table.board().id != board.id
            assert not any(":act:" in c for c in board.custom_ids()), "the old board kept its buttons"
            assert board.attachment("board.png") is not None  # and its picture
            phases += 1
    assert phases >= 6 and edits >= 10
    assert await verify(bot.store) == 0


async def test_a_decision_comes_by_dm_with_its_picker_and_is_answered_there(fake, table, stored, bot):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_match(fake, table, users, seed=3)
    rnd, by_id = random.Random(3), {u.id: u for u in users}
    for _ in range(400):  # on to a question that is not a secret order
        match, _ = await stored()
        state = E.load_state(match.state)
        seat = E.to_act(state)[0]
        if not E.prompt(state, seat).secret:
            break
        await decide(table, match, state, by_id[match.user(seat)], rnd)
    user = by_id[match.user(seat)]
    counter = match.seats[seat].decision_counter
    dm = next(m for m in reversed(table.dms(user)) if action_buttons(m, match.id, counter))
    # the board names the player but does not ping them: the DM told them
    assert f"<@{user.id}>" in table.board().content and user not in table.board().pinged
    before = len(table.dms(user))
    index = 0
    await click_index(table, user, dm, match.id, counter, index)
    match, log = await stored()
    assert log[-1].seat == seat and not log[-1].automatic
    assert len(table.dms(user)) >= before  # the DM picker itself was updated
    # a forged index in a DM is refused like in the channel: nothing is applied
    await table.run(await fake.forge(user, dm, f"bb:a:{match.id}:{counter}:{index}:00000000"))
    assert len((await stored())[1]) == len(log)


async def test_with_notify_mention_the_channel_mentions_and_no_dm_comes(fake, table, stored, bot):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_match(fake, table, users, seed=3)
    for user in users:
        await table.command(user, "game notify", mode="mention")
    rnd, by_id = random.Random(3), {u.id: u for u in users}
    mentioned = lines = 0
    for _ in range(300):
        match, _ = await stored()
        state = E.load_state(match.state)
        if state.round > 1 or match.status != "running":
            break
        asked = E.to_act(state)
        board = table.board()
        dms = {u.id: len(pickers(table, u)) for u in users}
        posts = len(thread_posts(fake, table))
        await decide(table, match, state, by_id[match.user(asked[0])], rnd)
        match, _ = await stored()
        after = E.load_state(match.state)
        for seat in E.to_act(after):
            if seat in asked or E.prompt(after, seat).secret:
                continue  # not newly asked, or a secret order (always by DM)
            user = by_id[match.user(seat)]
            assert len(pickers(table, user)) == dms[user.id], "a DM despite /game notify mention"
            new = thread_posts(fake, table)[posts:]
            pings = [m for m in new if user in m.pinged]
            assert len(pings) == 1, "told by exactly one mention"
            if table.board().id == board.id:  # the board was edited: a short line mentions them
                line = pings[0]
                assert line is not table.board() and not line.attachments and not line.custom_ids()
                # that it is their turn, never the prompt (it may name what only they may see)
                assert any(w in line.content for w in ("Handeln", "Act"))
                assert all(E.text(E.prompt(after, seat).key, E.prompt(after, seat).params, lang) not in line.content
                           for lang in ("de", "en"))
                lines += 1
            mentioned += 1
    assert mentioned >= 3 and lines >= 1


async def test_the_board_marks_whose_orders_are_in_never_what(fake, table, stored, bot):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_match(fake, table, users, seed=5)
    rnd, by_id = random.Random(5), {u.id: u for u in users}
    for _ in range(400):  # on to a secret order of all three
        match, _ = await stored()
        state = E.load_state(match.state)
        asks = flow.open_asks(state)
        if len(asks) == 3 and all(a.secret for a in asks) and not E.submitted(state):
            break
        await decide(table, match, state, by_id[match.user(E.to_act(state)[0])], rnd)
    board = table.board()
    assert "Befehle abgegeben" not in board.content
    for _ in range(40):  # the first seat builds and submits its order
        match, _ = await stored()
        state = E.load_state(match.state)
        if E.submitted(state):
            break
        await decide(table, match, state, by_id[match.user(E.to_act(state)[0])], rnd)
    done = E.submitted(state)
    assert len(done) == 1 and table.board().id == board.id
    name = E.seat_name(done[0], "de")
    status = board.content.split("Befehle abgegeben:")[1].split("\n")[0]
    assert name in status
    # never what: the spectators' text of the board is that of a state without the order's contents
    assert all(E.seat_name(s, "de") not in status for s in E.to_act(state))


async def test_a_board_edit_lost_in_a_crash_is_made_at_start_up(fake, table, stored, bot, raw_sql, monkeypatch):
    """The move is stored and the process dies before announcing it: the
    move's outbox holds the board edit it owes, and the start-up repair
    makes it."""
    w = fake.world
    users = [w.alice, w.bob, w.user("dave")]
    await open_match(fake, table, users, seed=3)
    rnd, by_id = random.Random(3), {u.id: u for u in users}
    for _ in range(400):  # on to a decision that edits the board rather than posting one
        match, _ = await stored()
        state = E.load_state(match.state)
        seat = E.to_act(state)[0]
        twin = random.Random()
        twin.setstate(rnd.getstate())  # what ``decide`` will choose with ``rnd``
        after, _ = E.apply(state, seat, choose(state, seat, twin))
        if not E.prompt(state, seat).secret and E.board_phase(after) == E.board_phase(state) \
                and E.to_act(after) != E.to_act(state) and not E.automatic(after, E.to_act(after)[0]):
            break
        await decide(table, match, state, by_id[match.user(seat)], rnd)
    board = table.board()
    edits = len(board.history)

    async def died(outcome) -> None:  # the process is gone before it announces anything
        return None

    with monkeypatch.context() as m:
        m.setattr(bot.announcer, "announce", died)
        await decide(table, match, state, by_id[match.user(seat)], rnd)
    assert len(board.history) == edits
    assert ("board",) in [tuple(r) for r in await raw_sql("SELECT kind FROM outbox WHERE sent_at IS NULL")]
    await bot.announcer.reconcile()  # what start-up does
    await table.settle()
    assert table.board().id == board.id and len(board.history) > edits
    assert not await raw_sql("SELECT kind FROM outbox WHERE sent_at IS NULL AND kind = 'board'")
    assert await verify(bot.store) == 0


async def test_a_round_summary_is_one_post(fake, table, stored, bot):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave"), w.user("erin")]
    await open_match(fake, table, users, seed=1)
    rnd, by_id = random.Random(1), {u.id: u for u in users}
    for _ in range(800):
        match, _ = await stored()
        state = E.load_state(match.state)
        if state.round > 1 or match.status != "running":
            break
        await decide(table, match, state, by_id[match.user(E.to_act(state)[0])], rnd)
    head = E.text("round_summary", {"round": 1, "lines": []}, "de").split("\n")[0]
    summaries = [m for m in thread_posts(fake, table) if m.content.startswith(head)]
    assert len(summaries) == 1
    post = summaries[0]
    assert len(post.content) <= 2000 and not post.custom_ids()
    if post.attachments:  # a long summary keeps all of itself in a text file
        text = post.attachments[0].data.decode()
        assert text.startswith(head) and len(text) > len(post.content)


async def test_a_player_whose_dms_are_closed_is_mentioned_in_the_channel_once(fake, table, stored, bot):
    """The board leaves out whoever it expects to tell by DM; when that DM
    turns out closed, the channel mentions them instead: told once, not
    never."""
    w = fake.world
    w.bob.dms_closed = True
    await table.open_match(w.alice, w.bob)  # Himmel und Hölle: Alice's turn
    posts = len(thread_posts(fake, table))
    await table.turn(w.alice, "Zug beenden")  # Bob's turn: a new board
    new = thread_posts(fake, table)[posts:]
    assert sum(w.bob in m.pinged for m in new) == 1
    assert not any(m.buttons() for m in table.dms(w.bob))
