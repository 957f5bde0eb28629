"""Brettbote end to end: the real discord.py client against the fake Discord
on 127.0.0.1, driven by the interactions users would make."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from bot_harness import Table, play_to_conflict, started, stale_copy
from fake_discord import FakeDiscord
from fake_discord.world import FLAG_COMPONENTS_V2, walk_components

import engines
import render
from bot.play.service import MatchService
from bot.store import open_store
from engines.himmel_und_hoelle.model import Die

E = engines.get("himmel-und-hoelle")
MENTION = re.compile(r"<[@#!&]*\d+>|\d{5,}")  # mentions and ids hold digits of their own


def public_texts(fake: FakeDiscord, since: int) -> list[str]:
    """Content, text displays and image alt texts (of attachments and of
    gallery items) of channel messages (not DMs, not ephemeral replies) the
    bot posted or edited after request number ``since``."""
    texts = []
    for request in fake.requests[since:]:
        if request.route not in ("/channels/{channel_id}/messages", "/channels/{channel_id}/messages/{message_id}"):
            continue
        if request.method not in ("POST", "PATCH") or fake.world.channels[int(request.path.split("/")[2])].type == 1:
            continue
        body = request.body or {}
        texts.append(MENTION.sub("", body.get("content") or ""))
        texts += [a.get("description") or "" for a in body.get("attachments") or []]
        for component in walk_components(body.get("components") or []):
            texts.append(MENTION.sub("", component.get("content") or ""))
            texts += [item.get("description") or "" for item in component.get("items") or []]
    return texts


async def test_scenario_1_open_join_play_and_fight_a_conflict_by_dm(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob, here=False)
    # The match went into a thread of its own, announced in the channel.
    assert table.channel.is_thread and len(table.boards()) == 1
    assert any(table.channel.mention in m.content for m in fake.messages(w.channel("spiele")))
    mark = len(fake.requests)
    await play_to_conflict(table, w.alice, w.bob)
    # The conflict opened: a new board post, and each player got a DM with the cards.
    assert "Konflikt" in table.board().content
    alice_dm, bob_dm = table.dms(w.alice)[-1], table.dms(w.bob)[-1]
    assert "Karte 11" in [b["label"] for b in alice_dm.buttons()]
    assert "Card 7" in [b["label"] for b in bob_dm.buttons()]
    await table.choose(w.alice, alice_dm, "Karte 11")
    assert "11" in alice_dm.content  # only Alice's DM says what she chose
    secret_phase = public_texts(fake, mark)
    await table.choose(w.bob, bob_dm, "Card 7")
    revealed = table.board()
    # Nothing secret reached a channel before the reveal (no field or turn
    # number here contains 11); afterwards both cards are public.
    assert secret_phase and not any("11" in text for text in secret_phase)
    assert "11" in revealed.content and "7" in revealed.content
    assert "Hölle gewinnt" in revealed.content
    # Every board post carried a PNG of the board.
    for post in table.boards():
        assert post.attachment("board.png").data.startswith(b"\x89PNG")
    match, actions = await stored()
    state = E.load_state(match.state)
    assert state.last_reveal.cards == [11, 7] and state.pending == "bonus"
    assert len(actions) == match.counter == 15


async def test_scenario_2_outdated_board_click_is_answered_and_changes_nothing(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    old = stale_copy(table.board())
    await table.turn(w.alice, "Zug beenden")
    assert table.board().id != old.id
    superseded = next(m for m in fake.messages(table.channel) if m.id == old.id)
    assert superseded.custom_ids() == []  # the superseded post lost its buttons
    before, _ = await stored()
    reply = await (await table.click_board(w.bob, "act", board=old)).wait_ephemeral()
    assert "outdated" in reply.content and reply.attachment("board.png")
    after, _ = await stored()
    assert after.counter == before.counter and after.state == before.state


async def test_scenario_3_racing_clicks_apply_one_move(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    picker = await table.open_picker(w.alice)
    button = next(b for b in picker.buttons() if b["label"] == "Ziehen B1 → B2")
    clicks = await asyncio.gather(*(fake.click(w.alice, picker, button["custom_id"]) for _ in range(2)))
    for click in clicks:
        await click.wait_acknowledged()
    await table.settle()
    match, actions = await stored()
    assert match.counter == 1 and len(actions) == 1
    assert E.load_state(match.state).dice[0].field == "B2"
    # the losing click was told so; both clicks edit the same picker, so the
    # winner's fresh picker may come last: look at every version of it
    seen = [v.get("content") or "" for m in fake.ephemeral_messages(w.alice) for v in [*m.history, {"content": m.content}]]
    assert any("veraltet" in text for text in seen)


async def test_scenario_4_a_post_from_before_a_restart_still_works(fake, db, stored):
    w = fake.world
    async with started(fake, db) as bot:
        table = Table(fake, bot)
        await table.open_match(w.alice, w.bob)
        board = table.board()
        assert board.flags & FLAG_COMPONENTS_V2  # buttons inside a V2 container, too
    async with started(fake, db) as bot:
        table.bot = bot
        picker = await table.open_picker(w.alice)
        assert table.board().id == board.id
        await table.choose(w.alice, picker, "Ziehen B1 → B2")
    match, actions = await stored()
    assert match.counter == 1 and E.parse_action(actions[0].action).kind == "move"
    assert table.board().flags & FLAG_COMPONENTS_V2


async def test_scenario_5_act_by_a_non_player_or_out_of_turn_is_refused(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    before, _ = await stored()
    stranger = await (await table.click_board(w.carol, "act")).wait_ephemeral()
    assert "not playing" in stranger.content and not stranger.buttons()
    early = await (await table.click_board(w.bob, "act")).wait_ephemeral()
    assert "Waiting for Hell" in early.content and not early.buttons()
    after, _ = await stored()
    assert (after.counter, after.state) == (before.counter, before.state)


async def test_scenario_6_closed_dms_fall_back_to_a_mention_and_act(fake, bot, table):
    w = fake.world
    await table.open_match(w.alice, w.carol)
    await play_to_conflict(table, w.alice, w.carol)
    notice = fake.last_message(table.channel)
    assert w.carol.mention in notice.content and "DM" in notice.content
    assert table.dms(w.carol) == []
    picker = await table.open_picker(w.carol)
    assert picker.ephemeral and "Card 12" in [b["label"] for b in picker.buttons()]
    await table.choose(w.carol, picker, "Card 12")
    assert "12" in picker.content
    assert not any("12" in MENTION.sub("", m.content) for m in fake.messages(table.channel))
    assert (await bot.store.get_user(w.carol.id)).dm_closed


async def test_lobby_commands_and_refusals(fake, table):
    w = fake.world
    channel = w.channel("turniere")

    async def say(user, command, **options):
        handle = await table.run(await fake.slash(user, command, options or None, channel=channel))
        return handle

    none = await (await say(w.bob, "game join")).wait_ephemeral()
    assert "no match" in none.content
    await say(w.alice, "game new", game="himmel-und-hoelle", here=True)
    again = await (await say(w.alice, "game join")).wait_ephemeral()
    assert "schon am Tisch" in again.content
    early = await (await say(w.alice, "game start")).wait_ephemeral()
    assert "mindestens 2" in early.content
    await say(w.bob, "game join")
    assert any(m.attachments for m in fake.messages(channel))  # the full lobby started
    rules = await (await say(w.bob, "game rules")).wait_ephemeral()
    assert "Heaven and Hell" in rules.content
    hand = await (await say(w.alice, "game hand")).wait_ephemeral()
    assert "Deine Karten: 0, 1, 2" in hand.content
    help_text = await (await say(w.bob, "game help")).wait_ephemeral()
    assert "/game new" in help_text.content
    await say(w.bob, "game resign")
    posts = [m for m in fake.messages(channel) if any(":rematch:" in c for c in m.custom_ids())]
    assert posts and "aufgegeben" in posts[-1].content


async def test_commands_are_synced_with_german_names(fake, bot):
    commands = fake.commands.list(None)
    game = next(c for c in commands if c["name"] == "game")
    assert game["name_localizations"]["de"] == "spiel"
    names = {o["name"]: o for o in game["options"]}
    assert {"new", "join", "leave", "start", "board", "hand", "resign", "cancel", "log", "rules", "help"} <= set(names)
    assert names["resign"]["name_localizations"]["de"] == "aufgeben"
    # Discord takes at most 25 subcommands in a group: the language is a setting, the match file a command
    assert len(game["options"]) <= 25 and all(o["type"] == 1 for o in game["options"])
    assert "export" in names and "language" not in names
    assert not names["log"]["options"] and not names["export"]["options"]
    settings = {o["name"]: o for o in names["settings"]["options"]}
    assert list(settings) == ["language", "zone", "quiet_from", "quiet_to", "digest"]
    assert settings["language"]["name_localizations"]["de"] == "sprache" and not settings["language"].get("required")
    assert [c["value"] for c in settings["language"]["choices"]] == ["de", "en"]


async def test_the_language_is_one_of_the_settings(fake, table, bot):
    """``/game settings language:…`` alone is what ``/game language`` was: the
    choice is stored and the reply already speaks it. With no options the
    settings show the language with the rest; given with other settings, it
    is saved with them, and a refusal of one keeps the language too."""
    w = fake.world

    async def settings(**options):
        return await (await table.command(w.alice, "game settings", **options)).wait_ephemeral()

    shown = await settings()
    assert shown.content.startswith("Deine Einstellungen:\nSprache: Deutsch (nicht gewählt:"), shown.content
    assert "Zeitzone: UTC" in shown.content
    english = await settings(language="en")
    assert english.ephemeral and english.content == "I'll speak English with you now."
    assert (await bot.store.get_user(w.alice.id)).locale == "en"
    shown = await settings()
    assert shown.content.startswith("Your settings:\nLanguage: English\nTime zone: UTC"), shown.content
    handle = await table.command(w.alice, "game help")
    await handle.wait_ephemeral()
    help_text = "\n".join(m.content for m in handle.ephemeral_messages)  # in parts of at most 2000 characters
    assert "/game new" in help_text and "/game settings" in help_text
    both = await settings(language="de", zone="Europe/Berlin")
    assert both.content.startswith("Ich spreche jetzt Deutsch mit dir.\nGespeichert."), both.content
    assert "Sprache: Deutsch\nZeitzone: Europe/Berlin" in both.content
    refused = await settings(language="en", zone="Mars/Olympus")
    assert "Unbekannte Zeitzone" in refused.content
    user = await bot.store.get_user(w.alice.id)
    assert (user.locale, user.tz) == ("de", "Europe/Berlin")


async def test_many_choices_come_as_menus_with_every_move_one_click_away(fake, db, stored):
    """Five dice in play give more choices than fit on buttons: menus of
    moves, each entry naming its die, so any move is one selection."""
    w = fake.world
    store = await open_store(db)
    service = MatchService(store, rng=random.Random(3))
    channel = w.channel("spiele")
    await service.new_match(guild_id=w.guild.id, channel_id=channel.id, game="himmel-und-hoelle", host_id=w.alice.id)
    match, _ = await service.join(channel.id, w.bob.id)
    state = E.load_state(match.state)
    state.dice = [Die(side=0, field=f, value=4) for f in ("A2", "B3", "C4", "A5", "B6")] + [Die(side=1, field="B10", value=3)]
    state.start, state.ap = [0, 4], 5
    async with store.transaction() as tx:
        await tx.update_match(match.id, state=E.dump_state(state))
    await store.close()
    async with started(fake, db) as bot:
        table = Table(fake, bot)
        table.channel = channel
        await table.run(await fake.slash(w.alice, "game board", channel=channel))
        picker = await table.open_picker(w.alice)
        menus = [c for c in picker.iter_components() if c["type"] == 3]
        assert menus and all(c["custom_id"].startswith("bb:c:") for c in menus)
        assert menus[0]["placeholder"].startswith("Würfel A2 (4) · Würfel B3 (4)")
        entry = next(o for m in menus for o in m["options"] if o["label"] == "Ziehen B3 → B4")
        assert entry["description"] == "Würfel B3 (4)"
        clicks = len(fake.interactions.handles)
        await table.choose(w.alice, picker, "Ziehen B3 → B4")
        assert len(fake.interactions.handles) == clicks + 1  # one selection makes the move
    match, actions = await stored()
    assert len(actions) == 1 and E.parse_action(actions[0].action).dst == "B4"


async def test_rematch_swaps_sides(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await table.run(await fake.slash(w.bob, "game resign", channel=table.channel))
    final = table.board()
    assert "aufgegeben" in final.content and "Hölle" in final.content
    await table.click_board(w.alice, "rematch", board=final)
    rematch = table.board()
    assert rematch.id != final.id
    assert f"{w.bob.mention} (Hölle)" in rematch.content  # Bob now plays Hell and begins
    assert "Serie" not in rematch.content  # totals are shown with results only
    match, _ = await stored(2)
    assert match.user_ids == [w.bob.id, w.alice.id] and match.series_id == 1


async def test_unexpected_errors_get_an_apology_with_an_error_id(fake, monkeypatch, caplog, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)

    def broken(*args, **kwargs):
        raise RuntimeError("renderer exploded")

    monkeypatch.setattr(render, "board_png", broken)
    reply = await (await table.click_board(w.alice, "act")).wait_ephemeral()
    error_id = re.search(r"Fehler-ID `([0-9a-f]{8})`", reply.content).group(1)
    assert "Traceback" not in reply.content and "exploded" not in reply.content
    assert any(error_id in r.getMessage() and r.exc_info for r in caplog.records)


async def test_language_choice_beats_the_client_locale(fake, table):
    w = fake.world
    german = await (await table.run(await fake.slash(w.alice, "game help"))).wait_ephemeral()
    assert "/spiel neu" in german.content
    await table.run(await fake.slash(w.alice, "game settings", {"language": "en"}))
    english = await (await table.run(await fake.slash(w.alice, "game help"))).wait_ephemeral()
    assert "/game new" in english.content


@pytest.mark.parametrize("language", ["de", "en"])
async def test_the_help_is_sent_whole_in_messages_discord_takes(fake, table, language):
    """The help outgrew Discord's 2000 characters: it comes in parts, all
    private, each within the limit (the fake checks every request against
    the OpenAPI spec), and none of it is lost."""
    w = fake.world
    await table.run(await fake.slash(w.alice, "game settings", {"language": language}))
    handle = await table.run(await fake.slash(w.alice, "game help"))
    first = await handle.wait_ephemeral()
    rest: list = []
    while "himmel-und-hoelle" not in ([first] + rest)[-1].content and len(rest) < 4:
        rest = await handle.wait_followups(len(rest) + 1)  # as many parts as it takes, the games last
    text = "\n".join([first.content] + [m.content for m in rest])
    assert first.ephemeral and all(m.ephemeral for m in rest)
    assert "/brettbote" in text and "himmel-und-hoelle" in text.split("\n")[-1]  # the list of games, last
    assert len(first.content) <= 2000 and all(len(m.content) <= 2000 for m in rest)


async def test_refusals_of_new_are_private_and_a_cancelled_lobby_is_no_match(fake, table):
    w = fake.world
    channel = w.channel("turniere")
    table.channel = channel
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    again = await (await table.command(w.bob, "game new", game="himmel-und-hoelle", here=True)).wait_ephemeral()
    assert "already has an open match" in again.content
    assert not any("already has" in m.content for m in fake.messages(channel))
    await table.command(w.alice, "game cancel")
    board = await (await table.command(w.alice, "game board")).wait_ephemeral()
    assert "keine Partie" in board.content


async def test_a_board_post_lost_in_a_crash_is_made_at_the_next_start(fake, db, stored):
    w = fake.world
    async with started(fake, db) as bot:
        table = Table(fake, bot)
        await table.open_match(w.alice, w.bob)
        await table.turn(w.alice, "Zug beenden")
        lost = table.board()
    lost.deleted = True  # as if the bot died before the post reached Discord
    posts = len(table.boards())
    store = await open_store(db)
    async with store.transaction() as tx:
        await tx.update_match(1, board_due=1)
    await store.close()
    async with started(fake, db) as bot:
        table.bot = bot
        await fake.wait_until(lambda: len(table.boards()) == posts + 1 or None, timeout=30, what="the repaired post")
    match, _ = await stored()
    assert not match.board_due and match.board_message_id == table.board().id


async def test_log_and_my_view_buttons_leave_and_cancel(fake, table, stored):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    await table.command(w.bob, "game join")
    # a running match cannot be left, only resigned or cancelled by all
    refused = await (await table.command(w.bob, "game leave")).wait_ephemeral()
    assert "resign" in refused.content
    await table.turn(w.alice, "Ziehen B1 → B2")
    log = await (await table.click_board(w.bob, "log")).wait_ephemeral()
    assert "Hell moves B1 → B2" in log.content
    mine = await (await table.click_board(w.alice, "view")).wait_ephemeral()
    assert "Deine Karten: 0, 1, 2" in mine.content and mine.attachment("board.png")
    spectator = await (await table.click_board(w.carol, "view")).wait_ephemeral()
    assert "watching" in spectator.content and "Your cards" not in spectator.content
    first = await (await table.command(w.alice, "game cancel")).wait_answer()
    assert w.bob.mention in first.content
    await table.command(w.bob, "game cancel")
    match, _ = await stored()
    assert match.status == "cancelled"
    assert table.boards() == []  # the board lost its buttons


async def test_a_host_leaving_the_lobby_passes_it_on(fake, stored, table):
    w = fake.world
    channel = w.channel("turniere")
    table.channel = channel
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True, players=2)
    store_match, _ = await stored()
    assert store_match.status == "lobby"
    await table.command(w.alice, "game leave")
    match, _ = await stored()
    assert match.status == "cancelled"  # nobody left in it
    await table.command(w.bob, "game new", game="halleluja", here=True, players=3)
    await table.command(w.alice, "game join")
    await table.command(w.bob, "game leave")
    second, _ = await stored(2)
    assert second.status == "lobby" and second.host_id == w.alice.id and second.user_ids == [w.alice.id]
