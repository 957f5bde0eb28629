"""The HellGame through the real discord.py client and the fake Discord: a
3-player and a 6-player match in a thread, several rounds each, played by
clicking pickers and DMs the way players do. Every decision comes by DM with
its picker (the players keep the default ``/game notify``), the board names
a player asked off turn (an intruder entering their sectio, a battle), and
each round's summary is one message of its own."""

from __future__ import annotations

import json
import random

import pytest
from bot_harness import Table
from hellgame_table import GAME, decide, open_match

import engines
from bot.verify import verify
from engines.hellgame.core import flow


#: Answers standing orders give by themselves: a battle's (flight, magic) and
#: the Action phase's (a demon's move or wait, entries halted or let through,
#: the best demon sent with its Combat cards or none, a battle avoided or not).
ORDERS = {"stay", "flee", "done", "cast", "later", "wait", "order", "let_pass", "join", "take", "pass_battle",
          "agree", "refuse"}


@pytest.fixture(autouse=True)
def six_players(fake):
    for name in ("dave", "erin", "frank", "gina"):
        fake.world.add_user(name, locale="en-US")


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
            # a question with nothing to choose is never left open (no picker, no DM, no mention)
            assert engine.automatic(state, a.seat) is None, a.q
            seen["asked"].add(a.q)
            if a.kind == "reaction":
                # the player asked off turn is named on the board (told by DM, so not pinged)
                assert f"<@{match.user(a.seat)}>" in table.board().content
                seen["reaction_mentioned"].add(a.q)
        seat = engine.to_act(state)[0]
        question = flow.ask_of(state, seat).q
        # a secret order is asked by DM (its picker is updated in place)
        if await decide(table, match, state, by_id[match.user(seat)], rnd):
            seen["secret_dm"].add(question)
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
    # every logged action was a decision clicked, or an automatic answer (a lone choice, or
    # what a battle's standing orders answer)
    automatic = [entry for entry in log if entry.automatic]
    assert state.round > rounds and len(log) - len(automatic) == seen["decisions"]
    # (a conspiracy that drew no permanent event: "none"; a walk to a chosen destination: "to")
    assert {engine.parse_action(e.action).do for e in automatic} <= {"submit", "desert", "none", "to"} | ORDERS, [
        engine.parse_action(e.action).do for e in automatic]
    # a step taken by itself walks on to the destination its mover chose (movement, 9.5)
    for i, e in enumerate(log):
        if e.automatic and engine.parse_action(e.action).do == "to":
            own = [x for x in log[:i] if x.seat == e.seat and not x.automatic]
            assert own and engine.parse_action(own[-1].action).do == "dest"
    # the Action phase's standing orders were given by every seat and moved demons
    assert "act_orders" in seen["secret_dm"]
    assert any(e.automatic and engine.parse_action(e.action).do == "order" for e in log)
    # the Soul and Summoning orders came by DM, secretly
    assert {"soul", "summon"} <= seen["secret_dm"]
    # a player off turn was asked (an intruder, a battle) and mentioned
    assert seen["reaction_mentioned"] & {"entry", "combat_avoid", "consent", "desert", "accept", "counter"}
    # each round's summary is one message of its own, without picture or buttons (a long one
    # carries all of itself as a text file)
    posts = fake.messages(table.channel)
    for n in range(1, rounds + 1):
        head = engine.text("round_summary", {"round": n, "lines": []}, "de").split("\n")[0]
        summaries = [m for m in posts if m.content.startswith(head)]
        assert len(summaries) == 1 and not summaries[0].custom_ids()
        assert all(a.filename == "summary.md" for a in summaries[0].attachments)
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
