"""The HellGame through the real discord.py client and the fake Discord: a
3-player and a 6-player match in a thread, several rounds each, played by
clicking pickers and DMs the way players do. Secret orders come by DM,
questions to a player off turn (an intruder entering their sectio, a battle)
mention that player in the thread, and each round's summary is a message of
its own."""

from __future__ import annotations

import json
import random
import re

import pytest
from bot_harness import Table
from hellgame_driver import choose

import engines
from bot.verify import verify
from engines.hellgame.core import flow

GAME = "hellgame"


@pytest.fixture(autouse=True)
def six_players(fake):
    for name in ("dave", "erin", "frank", "gina"):
        fake.world.add_user(name, locale="en-US")


def action_buttons(message, match_id: int, counter: int) -> list[dict]:
    prefix = f"bb:a:{match_id}:{counter}:"
    return [b for b in message.buttons() if b["custom_id"].startswith(prefix)]


async def click_index(table: Table, user, message, match_id: int, counter: int, index: int) -> None:
    """Click the button of legal action ``index``, walking the picker's menu
    groups and pages to find it."""
    fake = table.fake
    pattern = re.compile(rf"bb:a:{match_id}:{counter}:{index}:")

    async def find() -> bool:
        for _ in range(12):
            button = next((b for b in message.buttons() if pattern.match(b["custom_id"])), None)
            if button is not None:
                await table.run(await fake.click(user, message, button["custom_id"]))
                return True
            nxt = next((b for b in message.buttons() if b["custom_id"].startswith("bb:p:") and not b.get("disabled")
                        and int(b["custom_id"].rsplit(":", 1)[1]) > 0 and b is message.buttons()[-1]), None)
            if nxt is None:
                return False
            await table.run(await fake.click(user, message, nxt["custom_id"]))
        return False

    select = next((c for c in message.iter_components() if c["type"] == 3), None)
    if select is None:
        assert await find(), f"no button for choice {index}: {message.content}"
        return
    for option in select["options"]:
        await table.run(await fake.select(user, message, select["custom_id"], [option["value"]]))
        if await find():
            return
    raise AssertionError(f"choice {index} in no group of the picker")


async def open_match(fake, table: Table, users, seed: int = 0) -> None:
    """A HellGame lobby in a thread, joined by ``users``. The match's own
    seed is made from ``seed`` (the bot draws it from the system's
    randomness), so the match, and what the test sees happen, is the same
    on every run."""
    w = fake.world
    table.bot.service._rng = random.Random(seed)
    table.channel = w.channel("spiele")
    await table.command(users[0], "game new", game=GAME, players=len(users))
    table.channel = w.threads[-1]
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    for user in users[1:]:
        await table.run(await fake.click(user, lobby, join))


async def play(fake, table: Table, stored, users, rounds: int, seed: int) -> dict:
    """Play until round ``rounds`` is over; returns what was seen."""
    engine = engines.get(GAME)
    rnd = random.Random(seed)
    seen = {"secret_dm": set(), "reaction_mentioned": set(), "asked": set(), "decisions": 0}
    by_id = {u.id: u for u in users}
    for _ in range(3000):
        match, _ = await stored()
        if match.status != "running":
            break
        state = engine.load_state(match.state)
        if state.round > rounds:
            break
        for a in flow.open_asks(state):
            seen["asked"].add(a.q)
            if a.kind == "reaction":
                # the player asked off turn is mentioned in the thread
                assert f"<@{match.user(a.seat)}>" in table.board().content
                seen["reaction_mentioned"].add(a.q)
        seat = engine.to_act(state)[0]
        user = by_id[match.user(seat)]
        counter = match.seats[seat].decision_counter
        action = choose(state, seat, rnd)
        index = engine.legal_actions(state, seat).index(action)
        message = None
        if engine.prompt(state, seat).secret:
            # a secret order is asked by DM (its picker is updated in place)
            message = next((m for m in reversed(table.dms(user)) if action_buttons(m, match.id, counter)), None)
            if message is not None:
                seen["secret_dm"].add(flow.ask_of(state, seat).q)
        if message is None:
            message = await table.open_picker(user)
        await click_index(table, user, message, match.id, counter, index)
        seen["decisions"] += 1
    return seen


# The long matches split the databases between them (every other test
# through Discord runs on both): the suite stays well inside its time.
@pytest.mark.parametrize("players,rounds,seed,db", [(3, 3, 1, "postgresql"), (6, 2, 2, "sqlite")], indirect=["db"])
async def test_a_hellgame_match_in_a_thread(fake, table, stored, bot, players, rounds, seed):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave"), w.user("erin"), w.user("frank"), w.user("gina")][:players]
    await open_match(fake, table, users, seed)
    assert table.board().attachment("board.png").data.startswith(b"\x89PNG")
    seen = await play(fake, table, stored, users, rounds, seed)
    match, log = await stored()
    engine = engines.get(GAME)
    state = engine.load_state(match.state)
    assert state.round > rounds and len(log) == seen["decisions"]
    # the Soul and Summoning orders came by DM, secretly
    assert {"soul", "summon"} <= seen["secret_dm"]
    # a player off turn was asked (an intruder, a battle) and mentioned
    assert seen["reaction_mentioned"] & {"entry", "combat_avoid", "consent", "desert", "accept"}
    # each round's summary is a message of its own, without picture or buttons
    posts = fake.messages(table.channel)
    for n in range(1, rounds + 1):
        head = engine.text("round_summary", {"round": n, "lines": []}, "de").split("\n")[0]
        summaries = [m for m in posts if m.content.startswith(head)]
        assert summaries and not summaries[0].attachments and not summaries[0].custom_ids()
    for post in table.boards():
        assert post.attachment("board.png").description  # alt text from the text board
    assert await verify(bot.store) == 0


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)  # the 6-player match plays on SQLite
async def test_a_four_player_match_to_its_end_with_spells_counters_uriel_and_lilith(fake, table, stored, bot, raw_sql):
    """A whole match through the real client: spells are cast and countered
    or passed in counter windows, Uriel and Lilith come (the test options
    ``beings_round`` and ``max_rounds``, which players never set, are put
    into the stored match before its first move), and the match ends with
    its result on the board."""
    w = fake.world
    users = [w.alice, w.bob, w.user("dave"), w.user("erin")]
    await open_match(fake, table, users, seed=4)
    match, _ = await stored()
    engine = engines.get(GAME)
    options = {**match.options, "max_rounds": 2, "beings_round": 1}
    state = engine.setup(len(users), match.seed, options)
    # what a developer's terminal may set, before any move
    await raw_sql("UPDATE matches SET options=?, state=? WHERE id=?", json.dumps(options), engine.dump_state(state), match.id)
    seen = await play(fake, table, stored, users, rounds=99, seed=4)
    match, log = await stored()
    assert match.status == "finished" and match.outcome["winners"]
    events = {e["key"] if isinstance(e, dict) else e.key for entry in log for e in entry.events}
    assert any(k.startswith("ev_magic_cast") for k in events)
    assert "counter" in seen["asked"]
    assert {"ev_uriel_summoned", "ev_lilith_appears"} <= events
    assert not table.board().custom_ids() or all(":act:" not in c for c in table.board().custom_ids())
    assert await verify(bot.store) == 0
