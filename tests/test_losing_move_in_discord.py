"""A move that ends the match at once with its mover losing asks first
(bot/discord/confirm.py), through the real client and the fake Discord.

The position (Himmel und Hölle, put into a running match as a developer's
terminal could, so these tests leave ``brettbote verify`` out): Hell (Alice,
German client) has one die in play, a 2 on B10 next to its Zielfeld, and two
dice in its Zielfeld (2 and 1); Heaven has 6 and 5 in its own. Moving the die
into the Zielfeld is Hell's third die there: the game ends at once, 5 to 11,
and Hell loses. Every other choice (raising it, lowering it for free, moving
it, bringing in a die, ending the turn) lets the match go on.

Clicking the losing button asks privately and changes nothing; "cancel"
shows the picker again; "confirm" applies exactly that move; a confirm
button of an older decision is refused as outdated; a forged confirm id is
refused privately (no error code, no traceback in the log); the question
still works after a restart; a choice made in a choice menu asks the same."""

from __future__ import annotations

import logging

from bot_harness import Table, started
from fake_discord import FakeMessage

import engines
from engines.himmel_und_hoelle.model import Die, EndTurn, Finish, Lower, State
from engines.rng import Rng
from bot.play.moves import action_token

E = engines.get("himmel-und-hoelle")
ASKED = "beendet die Partie sofort, und du verlierst sie"  # Alice reads German
OUTDATED = "veraltet"


def losing_position() -> State:
    return State(
        rng=Rng.from_seed(5),
        dice=[Die(side=0, field="B10", value=2), Die(side=1, field="B5", value=4), Die(side=1, field="A3", value=3)],
        start=[2, 1], goal=[[2, 1], [6, 5]], hands=[list(range(13)), list(range(13))], active=0, ap=1, turn=41,
    )


def test_the_position_has_one_losing_move_among_many():
    state = losing_position()
    legal = E.legal_actions(state, 0)
    losing = [a for a in legal if E.loses_at_once(state, 0, a)]
    assert losing == [Finish(side=0, at="B10")] and len(legal) > 5
    assert E.result(E.apply(state, 0, losing[0])[0]).winners == [1]


async def put(raw_sql, stored, state) -> None:
    match, _ = await stored()
    await raw_sql("UPDATE matches SET state=? WHERE id=?", E.dump_state(state), match.id)


def action_id(match, state, seat: int, action) -> str:
    counter = match.seats[seat].decision_counter
    index = E.legal_actions(state, seat).index(action)
    return f"bb:a:{match.id}:{counter}:{index}:{action_token(E, action)}"


def seen(fake, user, message: FakeMessage) -> list[str]:
    """Every text the message showed, its edits included."""
    live = next(m for m in fake.ephemeral_messages(user) if m.id == message.id)
    return [v.get("content") or "" for v in [*live.history, {"content": live.content}]]


async def unchanged(stored, before) -> None:
    match, log = await stored()
    assert (match.counter, match.state, match.status, len(log)) == (before[0].counter, before[0].state, "running",
                                                                     len(before[1]))


async def test_the_losing_button_asks_cancel_keeps_confirm_applies_stale_and_forged_are_refused(
        fake, table, stored, raw_sql, caplog):
    w = fake.world
    await table.open_match(w.alice, w.bob)  # Alice plays Hell with a German client
    state = losing_position()
    await put(raw_sql, stored, state)
    before = await stored()
    match = before[0]
    assert match.seat_of(w.alice.id) == 0
    finish = action_id(match, state, 0, Finish(side=0, at="B10"))
    cancel = f"bb:p:{match.id}:{match.seats[0].decision_counter}:0:0"
    picker = await table.open_picker(w.alice)
    assert finish in picker.custom_ids()

    # the losing button: the picker turns into the question, privately; nothing moves
    await table.run(await fake.click(w.alice, picker, finish))
    assert ASKED in picker.content and E.label(state, 0, Finish(side=0, at="B10"), "de") in picker.content
    assert picker.visible_to is w.alice and picker.custom_ids() == [finish + ":y", cancel]
    await unchanged(stored, before)

    # cancel: the picker again, nothing moved
    await table.run(await fake.click(w.alice, picker, cancel))
    assert ASKED not in picker.content and finish in picker.custom_ids()
    assert action_id(match, state, 0, EndTurn()) in picker.custom_ids()
    await unchanged(stored, before)

    # forged confirm ids, refused privately without an error code: another token; Bob (not on turn)
    # with Alice's confirm put on the public board; a flag this version does not know
    with caplog.at_level(logging.WARNING, logger="brettbote"):
        wrong = finish.rsplit(":", 1)[0] + ":00000000:y"
        await table.run(await fake.forge(w.alice, picker, wrong))
        assert OUTDATED in picker.content and ASKED not in picker.content
        board = table.board()
        text_before = board.content
        bobs = await (await table.run(await fake.forge(w.bob, board, finish + ":y"))).wait_ephemeral()
        assert bobs.visible_to is w.bob and board.content == text_before
        odd = await (await table.run(await fake.forge(w.alice, table.board(), finish + ":n"))).wait_ephemeral()
        assert odd.visible_to is w.alice
        assert bobs.content == "It is not your turn." and "veraltet" in odd.content  # Bob reads English
        for answer in (bobs, odd):
            assert "Fehler-ID" not in answer.content and "error id" not in answer.content.lower()
    assert not [r for r in caplog.records if r.exc_info], "a forged id must not raise"
    await unchanged(stored, before)

    # asked again; meanwhile Hell lowers its die for free in another picker: the question's confirm is outdated
    await table.run(await fake.click(w.alice, picker, finish))
    assert ASKED in picker.content
    other = await table.open_picker(w.alice)
    await table.run(await fake.click(w.alice, other, action_id(match, state, 0, Lower(at="B10"))))
    lowered, log = await stored()
    assert lowered.counter == match.counter + 1 and lowered.status == "running"
    await table.run(await fake.click(w.alice, picker, finish + ":y"))
    assert any(OUTDATED in text for text in seen(fake, w.alice, picker)) and ASKED not in picker.content
    await unchanged(stored, (lowered, log))

    # asked again for the same move at the new counter; confirm applies exactly it
    now = E.load_state(lowered.state)
    finish = action_id(lowered, now, 0, Finish(side=0, at="B10"))
    picker = await table.open_picker(w.alice)
    await table.run(await fake.click(w.alice, picker, finish))
    assert ASKED in picker.content and picker.custom_ids()[0] == finish + ":y"
    await unchanged(stored, (lowered, log))
    await table.run(await fake.click(w.alice, picker, finish + ":y"))
    over, after = await stored()
    assert over.status == "finished" and over.counter == lowered.counter + 1 and len(after) == len(log) + 1
    assert E.parse_action(after[-1].action) == Finish(side=0, at="B10")
    assert E.result(E.load_state(over.state)).winners == [1]


async def test_a_choice_menu_asks_the_same(fake, table, stored, raw_sql):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    state = losing_position()
    await put(raw_sql, stored, state)
    before = await stored()
    match = before[0]
    counter = match.seats[0].decision_counter
    picker = await table.open_picker(w.alice)
    index = E.legal_actions(state, 0).index(Finish(side=0, at="B10"))
    value = f"{index}:{action_token(E, Finish(side=0, at='B10'))}"
    await table.run(await fake.forge(w.alice, picker, f"bb:c:{match.id}:{counter}:0", values=[value], component_type=3))
    assert ASKED in picker.content and picker.custom_ids()[0] == f"bb:a:{match.id}:{counter}:{value}:y"
    await unchanged(stored, before)


async def test_the_question_works_after_a_restart(fake, db, stored, raw_sql):
    w = fake.world
    async with started(fake, db) as bot:
        table = Table(fake, bot)
        await table.open_match(w.alice, w.bob)
        state = losing_position()
        await put(raw_sql, stored, state)
        match, _ = await stored()
        finish = action_id(match, state, 0, Finish(side=0, at="B10"))
        picker = await table.open_picker(w.alice)
        await table.run(await fake.click(w.alice, picker, finish))
        assert ASKED in picker.content
    async with started(fake, db) as bot:
        table.bot = bot
        await table.run(await fake.click(w.alice, picker, f"bb:p:{match.id}:{match.seats[0].decision_counter}:0:0"))
        assert finish in picker.custom_ids()  # cancel, after the restart
        await table.run(await fake.click(w.alice, picker, finish))
        await table.run(await fake.click(w.alice, picker, finish + ":y"))
    over, _ = await stored()
    assert over.status == "finished" and E.result(E.load_state(over.state)).winners == [1]
