"""Option values that Discord's own client never sends, as a modified client
can: a value outside a choice list, ``true`` where hours belong, ``0`` where
the least is 1, a number or an id longer than the database holds, text where
yes or no belongs, and custom ids with such numbers or an unknown game. Each
is refused privately with the reason, nothing is stored or posted, and the
log has no error (see :mod:`bot.discord.option_checks`)."""

from __future__ import annotations

import logging

import pytest
from fake_discord.handles import APPLICATION_COMMAND, InteractionHandle
from test_contract_properties import toy_registered  # noqa: F401 - module-wide fixture: the toy game is registered

HUGE = "9" * 30


async def forged_command(fake, user, command: str, options: dict, /, *, channel, raw: dict | None = None,
                         resolved: dict | None = None, payload: dict | None = None,
                         locale: str | None = None) -> InteractionHandle:
    """``/command`` as a modified client sends it: built from ``options`` as
    Discord's client would, then the values of ``raw`` (any JSON) put in
    unchecked in place of those options' values, ``resolved`` entries (users
    by id, ...) added, and the top-level fields of ``payload``
    (``channel_id``, ...) replacing the interaction's own."""
    interactions = fake.interactions
    data, label = interactions._command_data(user, command, options, channel)
    for kind, entries in (resolved or {}).items():
        data.setdefault("resolved", {}).setdefault(kind, {}).update(entries)
    leaf = data
    while leaf.get("options") and leaf["options"][0]["type"] in (1, 2):  # down the subcommands
        leaf = leaf["options"][0]
    for name, value in (raw or {}).items():
        next(o for o in leaf["options"] if o["name"] == name)["value"] = value
    handle = InteractionHandle(interactions, type=APPLICATION_COMMAND, user=user, channel=channel, data=data,
                               label=f"forged {label}")
    return await interactions._dispatch(handle, locale=locale, extra=payload)


async def stored_settings(bot, user) -> tuple:
    """The user's and the server's settings as stored (without the language
    last seen, which every interaction records)."""
    found = await bot.store.get_user(user.id)
    mine = {k: v for k, v in found.__dict__.items() if k != "last_locale"}
    return mine, await bot.store.guild_settings(bot.get_guild(fake_guild_id(bot)).id)


def fake_guild_id(bot) -> int:
    return bot.guilds[0].id


NEW = {"game": "toy", "here": True}

#: (command, options as the client sends them, forged values, words the answer must have)
CASES = [
    ("game new", NEW, {"game": "chess"}, ("toy", "himmel-und-hoelle")),
    ("game new", {**NEW, "policy": "skip", "deadline": 24}, {"policy": "explode"}, ("skip", "forfeit", "pause")),
    ("game new", {**NEW, "computer": 1, "thinking": 3}, {"thinking": 0}, ("thinking", "1", "10")),
    ("game new", {**NEW, "thinking": 3}, {"thinking": True}, ("thinking", "1", "10")),
    ("game new", {**NEW, "reminder": 5}, {"reminder": True}, ("1", "168")),
    ("game new", {**NEW, "reminder": 5}, {"reminder": int(HUGE)}, ("1", "168")),
    ("game new", {**NEW, "deadline": 24}, {"deadline": False}, ("12", "336")),
    ("game new", {**NEW, "computer": 1}, {"computer": False}, ("computer",)),
    ("game new", {**NEW, "increment": 1, "bank": 2}, {"increment": True}, ("increment",)),
    ("game new", {**NEW, "dodges": 1}, {"dodges": True}, ("dodges",)),
    ("game new", {**NEW, "players": 2}, {"players": "2"}, ("players",)),
    ("game new", {**NEW, "rated": True}, {"rated": 1}, ("rated", "true", "false")),
    ("game new", NEW, {"here": "yes"}, ("here", "true", "false")),
    ("game scores", {"game": "toy"}, {"game": "chess"}, ("toy",)),
    ("game ratings", {"game": "toy"}, {"game": "chess"}, ("toy",)),
    ("game rules", {"game": "toy"}, {"game": "chess"}, ("toy",)),
    ("game rules", {"card": "A Damn Good Day"}, {"card": 5}, ("card",)),
    ("game board", {"quarter": 2}, {"quarter": True}, ("1", "9")),
    ("game board", {"quarter": 2}, {"quarter": "two"}, ("quarter",)),
    ("game rules", {"card": "A Damn Good Day"}, {"card": "x" * 101}, ("card", "100")),
    ("game settings", {"language": "en"}, {"language": "fr"}, ("de", "en")),
    ("game notify", {"mode": "off"}, {"mode": "loud"}, ("turn", "reminders", "off")),
    ("game settings", {"digest": "off"}, {"digest": "25"}, ("off", "23")),
    ("game settings", {"quiet_from": 3, "quiet_to": 4}, {"quiet_from": True, "quiet_to": False}, ("0", "23")),
    ("game settings", {"zone": "Europe/Berlin"}, {"zone": 5}, ("zone",)),
    ("game away", {"days": 3}, {"days": True}, ("0", "14")),
    ("game stats", {"user": "alice"}, {"user": HUGE}, ("user",)),
    ("game stats", {"user": "alice"}, {"user": "12345"}, ("user",)),  # an id the payload does not resolve
    ("game stats", {"user": "alice"}, {"user": "alice"}, ("user",)),  # no id at all: discord.py would raise
    ("brettbote settings", {"reminder": 5}, {"reminder": True}, ("1", "168")),
    ("brettbote settings", {"deadline": 24}, {"deadline": False}, ("0", "336")),
    ("brettbote settings", {"policy": "skip"}, {"policy": "explode"}, ("skip", "forfeit", "pause")),
    ("brettbote settings", {"clear": "all"}, {"clear": "everything"}, ("moderator", "announcements", "all")),
    ("brettbote settings", {"threads": True}, {"threads": "no"}, ("threads",)),
    ("brettbote settings", {"games": "toy"}, {"games": ["toy"]}, ("games", "300")),
]


@pytest.mark.parametrize("command, options, raw, words", CASES, ids=[f"{c[0]}-{'-'.join(c[2])}" for c in CASES])
async def test_a_forged_option_value_is_refused_privately_with_the_reason(fake, table, bot, stored, caplog,
                                                                          command, options, raw, words):
    w = fake.world
    channel = w.channel("spiele")
    user = w.alice  # the server's owner, who may use /brettbote settings too
    await table.run(await fake.slash(user, "game settings", {"language": "en"}, channel=channel))
    before = await stored_settings(bot, user)
    public = len([m for m in fake.messages(channel) if not m.ephemeral])
    with caplog.at_level(logging.INFO):
        handle = await table.run(await forged_command(fake, user, command, options, channel=channel, raw=raw,
                                                      locale="en-US"))
        answer = await handle.wait_ephemeral()
    assert answer.ephemeral and all(word in answer.content for word in words), answer.content
    assert "error id" not in answer.content
    assert [m for m in handle.messages if not m.ephemeral] == []
    assert len([m for m in fake.messages(channel) if not m.ephemeral]) == public
    assert (await stored())[0] is None  # no match was opened
    assert await stored_settings(bot, user) == before
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_the_reason_names_the_option_in_the_readers_language(fake, table, caplog):
    w = fake.world
    channel = w.channel("spiele")
    with caplog.at_level(logging.INFO):
        handle = await table.run(await forged_command(fake, w.alice, "game notify", {"mode": "off"}, channel=channel,
                                                      raw={"mode": "laut"}, locale="de"))
        answer = await handle.wait_ephemeral()
    assert "muss eines davon sein" in answer.content and "off" in answer.content, answer.content
    assert any("notify" in r.getMessage() and r.levelno == logging.INFO for r in caplog.records)


CONTROLS = [
    f"bb:b:view:{HUGE}:0",
    f"bb:b:act:1:{HUGE}",
    f"bb:l:join:{HUGE}:0",
    f"bb:s:wait:1:{HUGE}",
    f"bb:u:yes:{HUGE}:0",
    f"bb:a:{HUGE}:0:0:abcdef12",
    f"bb:p:{HUGE}:0:0:0",
    f"bb:g:{HUGE}:0",
    f"bb:c:{HUGE}:0:0",
    f"bb:c:1:0:{HUGE}",
    f"bb:t:view:{HUGE}:0",
    f"bb:t:log:1:{HUGE}",
    f"bb:t:cards:{HUGE}:0",
    f"bb:t:cardpage:1:{HUGE}",
    f"bb:r:toy:en:{HUGE}",
]


async def test_controls_with_numbers_past_the_database_are_answered_as_outdated(fake, table, stored, caplog):
    """A custom_id with a 30-digit match id (or counter, seat, page) would
    overflow the database's 64-bit integers: it is no control the bot made."""
    w = fake.world
    await table.open_match(w.alice, w.bob)
    board = table.board()
    before = await stored()
    with caplog.at_level(logging.INFO):
        for custom_id in CONTROLS:
            handle = await table.run(await fake.forge(w.bob, board, custom_id))
            answer = await handle.wait_ephemeral()
            assert "out of date" in answer.content, (custom_id, answer.content)
            assert [m for m in handle.messages if not m.ephemeral] == []
    assert await stored() == before
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_rules_page_of_an_unknown_game_says_so(fake, table, caplog):
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.bob, "game rules", game="toy")
    rules = fake.ephemeral_messages(w.bob)[-1]
    with caplog.at_level(logging.INFO):
        handle = await table.run(await fake.forge(w.bob, rules, "bb:r:chess:en:1"))
        answer = await handle.wait_ephemeral()
    assert "chess" in answer.content and "error id" not in answer.content, answer.content
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_page_button_for_a_player_with_nothing_to_choose_shows_the_prompt(fake, table, stored, caplog):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    match, _ = await stored()
    waiting = next(u for u in (w.alice, w.bob) if match.seat_of(u.id) != 0)  # seat 0 moves first
    seat = match.seat_of(waiting.id)
    with caplog.at_level(logging.INFO):
        page = f"bb:p:{match.id}:{match.seats[seat].decision_counter}:0:1"
        handle = await table.run(await fake.forge(waiting, table.board(), page))
        answer = await handle.wait_ephemeral()
    assert answer.content and answer.custom_ids() == []
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_value_the_transformer_refuses_is_refused_with_the_reason(fake, table, bot, caplog):
    """A thread where the announcements need a text channel: the payload
    resolves it, discord.py's transformer refuses it."""
    w = fake.world
    channel = w.channel("spiele")
    thread = w.add_thread(channel, "faden")
    with caplog.at_level(logging.INFO):
        handle = await forged_command(fake, w.alice, "brettbote settings", {"announcements": thread.id},
                                      channel=channel, locale="en-US")
        answer = await (await table.run(handle)).wait_ephemeral()
    assert "faden" in answer.content and "error id" not in answer.content, answer.content
    assert (await bot.store.guild_settings(w.guild.id)).announce_channel_id is None
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
