"""``/game recap`` through the real client and the fake Discord: a finished
match, a running one with a secret card, and every refusal."""

from __future__ import annotations

import io

import fake_discord.interactions
from bot_harness import play_to_conflict
from fake_discord.handles import DEFERRED_CHANNEL_MESSAGE
from PIL import Image

from bot.play.limits import RECAP_SECONDS


def gif_of(message) -> Image.Image:
    (attachment,) = message.attachments
    assert attachment.filename == "recap.gif" and attachment.description
    im = Image.open(io.BytesIO(attachment.data))
    assert im.format == "GIF"
    return im


async def recap(table, user):
    handle = await table.command(user, "game recap")
    return handle, await handle.wait_response()


async def test_recap_of_a_finished_match(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await table.turn(w.alice, "Ziehen B1 → B2", "Zug beenden")
    await table.command(w.bob, "game resign")
    match, _ = await stored()
    assert match.status == "finished"
    handle, message = await recap(table, w.carol)  # a spectator may ask too
    assert handle.callback_type == DEFERRED_CHANNEL_MESSAGE  # deferred before the building
    assert message.visible_to is None and message.channel_id == table.channel.id
    assert "2" in message.content and "3" in message.content
    assert gif_of(message).n_frames == 3  # the start and both moves


async def test_recap_of_a_running_match_leaves_out_the_secret_card(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await play_to_conflict(table, w.alice, w.bob)
    await table.choose(w.alice, fake.dm_messages(w.alice)[-1], "Karte 11")
    _, log = await stored()
    assert len(log) == 14  # 13 public moves and Hell's secret card
    _, message = await recap(table, w.bob)
    assert "13" in message.content and "14" in message.content  # 13 moves, 14 pictures
    assert gif_of(message).n_frames == 14
    assert "11" not in message.content and "11" not in message.attachments[0].description


async def test_recap_refusals_are_private_with_the_reason(fake, table, clock, monkeypatch):
    w = fake.world

    async def refused(text: str) -> None:
        handle = await table.command(w.bob, "game recap")
        message = await handle.wait_ephemeral()
        assert text in message.content, message.content
        assert not [m for m in handle.public_messages if m.attachments]

    table.channel = w.channel("turniere")
    await refused("There is no match here")
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    await refused("has not started yet")
    lobby = fake.messages(table.channel)[-1]
    await table.run(await fake.click(w.bob, lobby, next(c for c in lobby.custom_ids() if ":join:" in c)))
    await refused("no public move")
    await table.turn(w.alice, "Ziehen B1 → B2")
    other = table.bot.get_cog("recap")
    other.building.add(1)  # another channel's recap being built in this process
    await refused("Another recap is being made")
    other.building.clear()
    _, first = await recap(table, w.bob)
    assert gif_of(first).n_frames == 2
    await refused("possible again")  # a second click, in the cooldown
    clock.advance(RECAP_SECONDS + 1)
    posts = len(fake.messages(table.channel))
    monkeypatch.setattr(fake_discord.interactions, "ATTACHMENT_SIZE_LIMIT", 2000)
    await refused("too long for a recap")
    # the public "thinking" placeholder went away with the refusal
    assert len([m for m in fake.messages(table.channel) if not m.deleted]) == posts
