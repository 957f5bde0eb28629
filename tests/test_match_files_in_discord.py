"""``/game export`` through the real client and the fake Discord: a
private reply with the match file attached, the whole match once finished,
each asker's own share of a running one; and the operator's ``brettbote
export`` of the same running match, which holds everything."""

from __future__ import annotations

import asyncio
import json
import random

from bot_harness import play_alone_to_the_end, play_to_conflict

import engines
from bot import cli
from bot.play import match_file
from bot.play.match_file import MatchFile, SeatFile


async def export(table, user):
    """The reply to ``user``'s export, checked to be theirs alone, and its file."""
    handle = await table.command(user, "game export")
    message = await handle.wait_ephemeral()
    assert message.visible_to is user
    assert not [m for m in handle.public_messages if m.attachments]
    (attachment,) = message.attachments
    assert attachment.filename.endswith(".json")
    return message, attachment


async def test_a_finished_match_comes_whole_and_replays(fake, table, stored):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await table.turn(w.alice, "Ziehen B1 → B2", "Zug beenden")
    await table.command(w.bob, "game resign")
    match, log = await stored()
    assert match.status == "finished"
    message, attachment = await export(table, w.carol)  # anyone in the channel, as for a recap
    assert attachment.filename == f"brettbote-himmel-und-hoelle-{match.id}.json"
    assert "brettbote replay" in message.content
    file = match_file.load(attachment.data)
    assert isinstance(file, MatchFile) and file.seed == match.seed and len(file.log) == len(log) == 2
    replayed = match_file.check(file)
    assert replayed.result.winners == [0] and file.outcome["conceded"] == 1
    assert match_file.digest(replayed.final) == match_file.digest(engines.get(match.game).load_state(match.state))


async def test_a_running_match_gives_each_asker_only_what_they_may_see(fake, table, stored, db, tmp_path, monkeypatch):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    await play_to_conflict(table, w.alice, w.bob)
    await table.choose(w.alice, fake.dm_messages(w.alice)[-1], "Karte 11")  # Hell's secret card
    match, log = await stored()
    engine = engines.get(match.game)
    state = engine.load_state(match.state)
    secret = {"kind": "play", "card": 11}

    message, attachment = await export(table, w.bob)
    assert "cannot be replayed" in message.content
    bob = match_file.load(attachment.data)
    assert isinstance(bob, SeatFile) and bob.seat == 1 and not bob.replayable
    assert attachment.filename == f"brettbote-himmel-und-hoelle-{match.id}-seat1.json"
    text = attachment.data.decode()
    assert '"seed"' not in text and str(match.seed) not in text
    assert bob.view == engine.view(state, 1).model_dump(mode="json") and bob.view["conflict"]["own_card"] is None
    assert secret not in [move.action for move in bob.log]
    assert "ev_card_chosen_own" not in text

    message, attachment = await export(table, w.carol)  # no seat: the spectators' view
    carol = match_file.load(attachment.data)
    assert "spectators" in message.content
    assert carol.seat is None and carol.view == engine.view(state, None).model_dump(mode="json")
    assert all(move.action is None for move in carol.log) and str(match.seed) not in attachment.data.decode()

    _, attachment = await export(table, w.alice)  # her own card is hers to see
    alice = match_file.load(attachment.data)
    assert alice.view["conflict"]["own_card"] == 11 and alice.log[-1].action == secret

    # the operator's export of the same running match holds everything, and replays
    monkeypatch.setenv("DATABASE_URL", db)
    path = tmp_path / "operator.json"
    assert await asyncio.to_thread(cli.main, ["export", str(match.id), "--out", str(path)]) == 0
    whole = match_file.load(path.read_bytes())
    assert whole.replayable and whole.seed == match.seed and whole.log[-1].action == secret
    assert len(whole.log) == len(log) == 14
    assert match_file.check(whole).result is None  # still running
    assert json.loads(path.read_text(encoding="utf-8"))["status"] == "running"


async def test_export_refusals_are_private_with_the_reason(fake, table):
    w = fake.world

    async def refused(text: str) -> None:
        handle = await table.command(w.bob, "game export")
        message = await handle.wait_ephemeral()
        assert text in message.content, message.content
        assert not message.attachments and not handle.public_messages

    table.channel = w.channel("turniere")
    await refused("There is no match here")
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="himmel-und-hoelle", here=True)
    await refused("has not started yet: there is nothing to export")
    # /game log is what it always was: the moves, as text
    lobby = fake.messages(table.channel)[-1]
    await table.run(await fake.click(w.bob, lobby, next(c for c in lobby.custom_ids() if ":join:" in c)))
    await table.turn(w.alice, "Ziehen B1 → B2")
    message = await (await table.command(w.bob, "game log")).wait_ephemeral()
    assert "The match's moves" in message.content and not message.attachments


async def test_a_daily_challenge_comes_whole_once_no_daily_of_its_day_is_played(fake, table, stored, clock):
    """Its seed is the dice of every daily of that server, game and day: not
    while its day lasts, nor while a daily of that day is still being played
    the day after (up to the abandon timer)."""
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.bob, "game new", game="hoch-und-hoeher", here=True, daily=True)
    match = await play_alone_to_the_end(table, stored, w.bob, random.Random(5))
    assert match.status == "finished" and match.daily_date
    table.channel = w.channel("turniere")
    await table.command(w.alice, "game new", game="hoch-und-hoeher", here=True, daily=True)  # the same dice
    alice, _ = await stored(2)
    assert alice.status == "running" and alice.seed == match.seed

    table.channel = w.channel("spiele")
    message, attachment = await export(table, w.bob)
    assert "until its day is over" in message.content
    assert isinstance(match_file.load(attachment.data), SeatFile) and str(match.seed) not in attachment.data.decode()

    clock.advance(86400)  # the day is over, Alice still plays that day's challenge
    message, attachment = await export(table, w.bob)
    assert "still being played" in message.content and "cannot be replayed" in message.content
    assert isinstance(match_file.load(attachment.data), SeatFile) and str(match.seed) not in attachment.data.decode()

    table.channel = w.channel("turniere")
    await table.command(w.alice, "game cancel")
    assert (await stored(2))[0].status == "cancelled"
    table.channel = w.channel("spiele")
    message, attachment = await export(table, w.bob)
    assert "brettbote replay" in message.content
    whole = match_file.load(attachment.data)
    assert isinstance(whole, MatchFile) and whole.seed == match.seed
