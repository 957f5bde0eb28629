"""Automatic answers through the real client and the fake Discord: a
question with nothing to choose is never asked (no picker buttons, no DM, no
mention), the log says "(automatic)" in the reader's language, and the match
replays with those answers like any other."""

from __future__ import annotations

import engines
from bot.play import match_file
from bot.verify import verify

E = engines.get("himmel-und-hoelle")


async def test_a_turn_with_nothing_left_but_ending_it_ends_by_itself(fake, table, stored, bot):
    w = fake.world
    await table.open_match(w.alice, w.bob)  # Alice plays Hell with a German client, Bob Heaven in English
    picker = await table.open_picker(w.alice)
    await table.choose(w.alice, picker, "Ziehen B1 → B2")
    # two real choices (another move, or end the turn): still asked
    labels = [b.get("label") for b in picker.buttons()]
    assert "Zug beenden" in labels and len(labels) >= 2
    dms = len(table.dms(w.alice))
    await table.choose(w.alice, picker, "Herunterdrehen und ziehen B2 → B3 (3 → 2, gratis)")
    await table.choose(w.alice, picker, "Herunterdrehen und ziehen B3 → B4 (2 → 1, gratis)")
    # nothing left but "End turn": the turn ended without asking
    assert picker.buttons() == []
    match, log = await stored()
    assert log[-1].automatic and log[-1].seat == 0 and E.parse_action(log[-1].action).kind == "end"
    assert not any(entry.automatic for entry in log[:-1])
    assert E.to_act(E.load_state(match.state)) == [1]
    board = table.board()
    assert f"<@{w.bob.id}>" in board.content and f"<@{w.alice.id}>" not in board.content
    assert len(table.dms(w.alice)) == dms
    # /game log says so, in each reader's language
    german = await (await table.command(w.alice, "game log")).wait_ephemeral()
    english = await (await table.command(w.bob, "game log")).wait_ephemeral()
    assert german.content.count("(automatisch)") == 1 and english.content.count("(automatic)") == 1
    # the match file keeps the mark, and the answer replays as an ordinary action
    stored_match, entries = await match_file.read(bot.store, match.id)
    whole = match_file.whole(stored_match, entries)
    assert [m.automatic for m in whole.log] == [False] * (len(whole.log) - 1) + [True]
    again = match_file.load_replayable(match_file.dumps(whole))
    assert again.log[-1].automatic
    match_file.check(again)
    assert await verify(bot.store) == 0
