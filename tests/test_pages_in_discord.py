"""Long private texts in pages (bot/discord/pages.py), through the real
client: a 6-player HellGame's whole state as text is longer than a message,
so ``/game hand`` shows it in pages cut between lines, and the page buttons
turn them in place; the whole log pages back from the newest moves. A page
button shows whoever clicks it their own view, never the view of the
player it was made for."""

from __future__ import annotations

import random

import pytest
from hellgame_table import GAME, decide, open_match

import engines
import render
from bot.discord import pages
from bot.discord import game_log
from bot.discord.game_log import log_lines

E = engines.get(GAME)


@pytest.fixture(autouse=True)
def six_players(fake):
    for name in ("dave", "erin", "frank", "gina"):
        fake.world.add_user(name, locale="en-US")


def test_pages_are_cut_between_lines_and_hold_everything():
    lines = [f"line {i} " + "x" * (i % 70) for i in range(200)]
    texts = pages.pages(lines, 500)
    assert len(texts) > 1 and all(len(p) <= 500 for p in texts)
    assert "\n".join(texts).split("\n") == lines  # nothing lost, nothing cut inside a line
    assert pages.pages([]) == [""] and pages.clamp(-1, 3) == 2 and pages.clamp(7, 3) == 2 and pages.clamp(1, 3) == 1


def code_lines(content: str) -> list[str]:
    body = content.split("```\n", 1)[1].rsplit("\n```", 1)[0]
    return body.split("\n")


async def test_the_whole_state_as_text_comes_in_pages_that_turn_in_place(fake, table, stored):
    w = fake.world
    users = [w.alice, w.bob] + [w.user(n) for n in ("dave", "erin", "frank", "gina")]
    await open_match(fake, table, users, seed=2)
    match, _ = await stored()
    state = E.load_state(match.state)
    whole = render.board_text(GAME, E.view(state, 2), "en").split("\n")  # Dave reads English
    dave = w.user("dave")
    message = await (await table.command(dave, "game hand")).wait_ephemeral()
    assert len(message.content) <= 2000 and "Page 1 of " in message.content
    shown = code_lines(message.content)
    assert shown == whole[:len(shown)] and len(shown) < len(whole)  # whole lines, the first ones
    nxt = next(b for b in message.buttons() if b["custom_id"].startswith("bb:t:view:") and not b.get("disabled"))
    await table.run(await fake.click(dave, message, nxt["custom_id"]))
    assert "Page 2 of " in message.content and message.attachments  # the same message, its pictures kept
    second = code_lines(message.content)
    assert second == whole[len(shown):len(shown) + len(second)]
    # Bob puts a copy of Dave's button on the public board: the board is left alone, and the
    # answer, privately, is Bob's own view (his seat, his language), never Dave's
    board = table.board()
    before = board.content
    first = f"bb:t:view:{match.id}:0"
    assert first in [b["custom_id"] for b in message.buttons()]
    handle = await table.run(await fake.forge(w.bob, board, first))
    answer = await handle.wait_ephemeral()
    assert board.content == before and answer.visible_to is w.bob
    bobs = render.board_text(GAME, E.view(state, 1), "en").split("\n")
    assert code_lines(answer.content) == pages.pages(bobs)[0].split("\n") != shown


async def test_the_whole_log_pages_back_from_the_newest_moves(fake, table, stored):
    w = fake.world
    users = [w.alice, w.bob] + [w.user(n) for n in ("dave", "erin", "frank", "gina")]
    await open_match(fake, table, users, seed=2)
    rnd, by_id = random.Random(2), {u.id: u for u in users}
    for _ in range(80):
        match, _ = await stored()
        state = E.load_state(match.state)
        await decide(table, match, state, by_id[match.user(E.to_act(state)[0])], rnd)
    match, log = await stored()
    message = await (await table.command(w.bob, "game log")).wait_ephemeral()
    assert "Page " in message.content and len(message.content) <= 2000
    # the newest move Bob may see (the newest of all may be another seat's secret order)
    newest = log_lines(match, log, match.seat_of(w.bob.id), "en")[-1][:5]
    count = int(message.content.rsplit("Page ", 1)[1].split(" of ")[1])
    assert count > 1 and f"Page {count} of {count}" in message.content and newest in message.content  # newest first
    back = next(b for b in message.buttons() if b["custom_id"].startswith("bb:t:log:") and not b.get("disabled"))
    await table.run(await fake.click(w.bob, message, back["custom_id"]))
    assert f"Page {count - 1} of {count}" in message.content and newest not in message.content
    heading, *body = message.content.split("\n")[1:-1]
    assert heading.startswith("**Round ") and " · " in heading  # the HellGame's log goes by round and phase
    assert body and all(line.startswith("`") for line in body)  # whole log lines: none cut at a page's edge
    # every page holds one chapter (a round's phase) under its heading; the whole log is there, oldest first
    seat = match.seat_of(w.bob.id)
    texts = [game_log.log_page(match, log, seat, "en", page)[0].split("\n")[1:-1] for page in range(count)]
    assert all(sum(line.startswith("**Round ") for line in text) <= 1 for text in texts)
    assert texts[0][0] == "**The start of the match**"
    assert all(text[0].startswith("**") and not text[0].startswith("`") for text in texts)  # a heading first
    shown = [line for text in texts for line in text if line.startswith("`")]
    assert shown == [line for line in log_lines(match, log, seat, "en") if line.startswith("`")]
    assert {line for text in texts for line in text if line.startswith("**")} == {
        line for line in log_lines(match, log, seat, "en") if line.startswith("**")}


def test_a_phase_begun_by_a_taken_back_move_opens_no_chapter():
    """The chapter event of an undone move is left out: the moves that
    replaced it stay under the phase they were made in."""
    from types import SimpleNamespace

    from bot.store import LoggedAction

    chapter = {"key": "ev_chapter", "params": {"round": 2, "phase": 4}}
    moved = {"key": "ev_gift_souls", "params": {"seat": 0, "seats": [1], "n": 3}}
    entries = [LoggedAction(1, 0, "{}", [moved], "t"),
               LoggedAction(2, 0, "{}", [moved, chapter], "t", undone_by=3),
               LoggedAction(4, 0, "{}", [moved], "t")]
    chapters = game_log.log_chapters(SimpleNamespace(game=GAME), entries, 0, "en")
    assert len(chapters) == 1 and chapters[0][0] == "**The start of the match**"
    assert [line[:5] for line in chapters[0][1:]] == ["`  1`", "`  2`", "`  4`"]
    entries[1].undone_by = None  # not taken back: the phase began with it
    chapters = game_log.log_chapters(SimpleNamespace(game=GAME), entries, 0, "en")
    assert [c[0] for c in chapters] == ["**The start of the match**", "**Round 2 · Action phase**"]
