"""The zoomed picture beside a HellGame question about places, through the
real client (``Engine.focus``, ``render.focus_png``; bot/discord/present.py
``pictures``): the picker of a question whose choices name a few sectios
shows ``zoom.png`` first, an enlarged crop with those places marked, then
the board; a question about no places (or about places all over the map)
shows the board only. The picture goes to the asked player alone."""

from __future__ import annotations

import io

from hellgame_table import open_match
from PIL import Image
from test_hellgame_action_orders import SPIES, phase
from test_hellgame_over_weeks_in_discord import put

import engines
from engines.hellgame import position as P
from fake_discord.world import DM

E = engines.get("hellgame")


async def test_a_question_about_a_few_places_shows_them_enlarged_first(fake, table, stored, bot, raw_sql):
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    s = phase({SPIES: P.Units(legions={0: 1})}, demons=(["Balban"], ["Ukobach"]), halt=False)
    focus = E.focus(s, 0)
    assert focus is not None and SPIES not in focus["targets"] and len(focus["targets"]) >= 3
    await put(raw_sql, stored, s)
    picker = await table.open_picker(w.alice)
    assert picker.visible_to is w.alice
    names = [a.filename for a in picker.attachments]
    assert names[:2] == ["zoom.png", "board.png"]
    zoom = picker.attachment("zoom.png")
    assert zoom.description == "Das Brett um die Orte dieser Frage, vergrößert"  # Alice reads German
    image = Image.open(io.BytesIO(zoom.data))
    assert image.width >= 1000  # drawn at twice the board's scale or more, so readable when shrunk to a phone's width
    # Bob's demon has no unit to send and nothing to cast: no places, no zoom
    assert E.focus(s, 1) is None
    bobs = await table.open_picker(w.bob)
    assert [a.filename for a in bobs.attachments][:1] == ["board.png"]
    # the zoom is Alice's alone: in her picker or her DMs, never where everyone or Bob reads
    for m in w.messages.values():
        if any(a.filename == "zoom.png" for a in m.attachments):
            channel = w.channels[m.channel_id]
            assert m.visible_to is w.alice or (channel.type == DM and channel.recipient is w.alice)


async def test_one_quarter_of_the_board_enlarged_for_the_asker_alone(fake, table, stored, bot):
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    answer = await (await table.command(w.bob, "game board", quarter=3)).wait_ephemeral()
    assert answer.visible_to is w.bob and "Quarter 3 of the board" in answer.content
    image = Image.open(io.BytesIO(answer.attachment("quarter3.png").data))
    assert image.width >= 1000
    other = await (await table.command(w.bob, "game board", quarter=2)).wait_ephemeral()
    assert other.attachment("quarter2.png").data != answer.attachment("quarter3.png").data
    none = await (await table.command(w.bob, "game board", quarter=7)).wait_ephemeral()
    assert "no quarter 7" in none.content and not none.attachments


async def test_a_board_without_quarters_and_a_lobby_say_so(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)  # Himmel und Hölle
    plain = await (await table.command(w.bob, "game board", quarter=1)).wait_ephemeral()
    assert "has no quarters to enlarge" in plain.content
    table.channel = w.channel("turniere")
    await table.command(w.bob, "game new", game="hellgame", here=True, players=3)
    lobby = await (await table.command(w.bob, "game board", quarter=1)).wait_ephemeral()
    assert "no board yet" in lobby.content


async def test_the_quarters_are_one_click_from_my_view_on_the_board(fake, table, stored, bot):
    """The board's "My view" answer carries a button per quarter; each shows
    that quarter enlarged in a message of its own, to the clicker alone."""
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    board = table.board()
    view = next(b for b in board.buttons() if b["custom_id"].startswith("bb:b:view:"))
    mine = await (await table.run(await fake.click(w.bob, board, view["custom_id"]))).wait_ephemeral()
    quarters = [b for b in mine.buttons() if b["custom_id"].startswith("bb:t:quarter:")]
    assert [b["label"] for b in quarters] == [f"Quarter {n}" for n in range(1, 6)]
    handle = await table.run(await fake.click(w.bob, mine, quarters[4]["custom_id"]))
    picture = [m for m in handle.messages if m.attachments][-1]
    assert picture.visible_to is w.bob and picture.attachments[0].filename == "quarter5.png"
    # a forged quarter beyond the board's is refused in words
    forged = await table.run(await fake.forge(w.bob, mine, quarters[0]["custom_id"][:-1] + "9"))
    assert "no quarter 9" in (await forged.wait_ephemeral()).content
