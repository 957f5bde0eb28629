"""Board posts as Components V2 messages (``LayoutView``): one container with
the title, the board image in a media gallery (with its alt text), the text
and the buttons; through the real client and the fake Discord."""

from __future__ import annotations

from fake_discord.world import FLAG_COMPONENTS_V2, FakeMessage

TYPES = {"container": 17, "gallery": 12, "text": 10, "row": 1, "button": 2}


def parts(message: FakeMessage, kind: str) -> list[dict]:
    return [c for c in message.iter_components() if c["type"] == TYPES[kind]]


def board_requests(fake) -> list:
    return [r for r in fake.requests if r.method == "POST" and r.route == "/channels/{channel_id}/messages"
            and r.body and r.body.get("flags", 0) & FLAG_COMPONENTS_V2]


async def test_a_board_post_is_one_v2_message_with_image_text_and_buttons(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob, deadline=12, policy="skip")
    board = table.board()
    assert board.flags & FLAG_COMPONENTS_V2 and board.to_payload()["content"] == ""
    # One container holds everything, in reading order on a phone.
    [container] = board.components
    assert container["type"] == TYPES["container"]
    kinds = [c["type"] for c in container["components"]]
    assert kinds == [TYPES["text"], TYPES["gallery"], TYPES["text"], TYPES["row"]]
    [gallery] = parts(board, "gallery")
    [item] = gallery["items"]
    image = board.attachment("board.png")
    assert image.data.startswith(b"\x89PNG") and item["media"]["url"] == image.url
    assert item["description"] and item["description"] == image.description  # the alt text, kept
    # Whose turn, with the deadline as a Discord timestamp; not pinged, as
    # her turn came by DM with its picker (told once, not twice).
    status = parts(board, "text")[-1]["content"]
    assert f"<@{w.alice.id}>" in status and "<t:" in status
    assert board.pinged == [] and any(m.buttons() for m in table.dms(w.alice))
    assert [c.split(":")[2] for c in board.custom_ids()] == ["act", "view", "log"]
    assert all(r["components"][0]["type"] == TYPES["button"] for r in parts(board, "row"))
    # The request itself had no content (Discord refuses it beside the flag).
    assert board_requests(fake) and all(not r.body.get("content") for r in board_requests(fake))


async def test_an_outdated_v2_board_keeps_picture_and_text_and_loses_its_buttons(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    old = table.board()
    text, image = old.content, old.attachment("board.png")
    await table.turn(w.alice, "Zug beenden")
    assert table.board().id != old.id and table.board().flags & FLAG_COMPONENTS_V2
    assert old.custom_ids() == [] and parts(old, "row") == []
    assert old.content == text and old.attachment("board.png") is image
    assert parts(old, "gallery")[0]["items"][0]["media"]["url"] == image.url


async def test_posting_the_board_again_gives_a_new_v2_board(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    first = table.board()
    await (await table.command(w.bob, "game board")).wait_ephemeral()
    second = table.board()
    assert second.id != first.id and second.flags & FLAG_COMPONENTS_V2
    assert first.custom_ids() == [] and first.content == second.content
    assert second.pinged == []  # Alice hears of her turn by DM


async def test_a_player_told_by_mention_is_pinged_by_the_board(fake, table):
    w = fake.world
    await (await table.command(w.alice, "game notify", mode="mention")).wait_ephemeral()
    await table.open_match(w.alice, w.bob)
    assert table.board().pinged == [w.alice]
    assert not any(m.buttons() for m in table.dms(w.alice))  # and no DM picker
