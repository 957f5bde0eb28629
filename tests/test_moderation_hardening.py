"""Moderators act on their own server's matches only: a ``/brettbote``
command whose channel is forged to name a channel of another server is
refused and changes nothing; and a computer seat is never removed. Through
the real client and the fake Discord, on both databases."""

from __future__ import annotations

import pytest
from test_contract_properties import toy_registered  # noqa: F401 - module-wide fixture: the toy game is registered
from test_forged_options import forged_command

#: The channel of a match on another server (the fake Discord has one server).
ELSEWHERE = 4242


def public(handle) -> list:
    return [m for m in handle.messages if not m.ephemeral]


async def other_servers_match(fake, bot):
    """A running match in a channel of another server, between alice and bob."""
    w = fake.world
    await bot.service.new_match(guild_id=w.guild.id + 1, channel_id=ELSEWHERE, game="himmel-und-hoelle",
                                host_id=w.alice.id)
    _, started = await bot.service.join(ELSEWHERE, w.bob.id)
    assert started


def from_elsewhere(fake, user) -> dict:
    """Payload fields that name the other server's channel as the interaction's own."""
    w = fake.world
    channel = w.channel("spiele")
    return {"channel_id": str(ELSEWHERE),
            "channel": {**channel.to_payload(), "id": str(ELSEWHERE), "permissions": str(w.guild.permissions_of(user))}}


@pytest.mark.parametrize("command, options", [
    ("brettbote cancel", {}),
    ("brettbote remove", {"user": "bob"}),
])
async def test_a_moderator_cannot_act_on_another_servers_match(fake, table, stored, command, options):
    """Alice manages this server; the match is on another one."""
    w = fake.world
    await other_servers_match(fake, table.bot)
    before = await stored()
    handle = await forged_command(fake, w.alice, command, options, channel=w.channel("spiele"),
                                  payload=from_elsewhere(fake, w.alice), locale="en-US")
    answer = await (await table.run(handle)).wait_ephemeral()
    assert "another server" in answer.content, answer.content
    assert public(handle) == []
    assert await stored() == before
    match, _ = before
    assert match.status == "running" and not any(s.autopilot for s in match.seats)


async def test_pause_all_from_a_forged_channel_pauses_only_this_servers_matches(fake, table, stored):
    w = fake.world
    await other_servers_match(fake, table.bot)
    handle = await forged_command(fake, w.alice, "brettbote pause-all", {}, channel=w.channel("spiele"),
                                  payload=from_elsewhere(fake, w.alice), locale="en-US")
    answer = await (await table.run(handle)).wait_ephemeral()
    assert "0" in answer.content
    assert not (await stored())[0].paused


async def computer_match(fake, table, stored, *, full: bool):
    """Alice's toy match with a computer player (seat 1); with ``full``
    Bob joins and it runs."""
    w = fake.world
    table.channel = w.channel("spiele")
    await table.command(w.alice, "game new", game="toy", here=True, players=3, computer=1)
    if full:
        lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
        await table.run(await fake.click(w.bob, lobby, next(c for c in lobby.custom_ids() if ":join:" in c)))
    match, _ = await stored()
    assert match.seats[1].computer and match.status == ("running" if full else "lobby")
    return match


@pytest.mark.parametrize("full", [False, True], ids=["lobby", "running"])
async def test_a_computer_seat_is_not_removed(fake, table, stored, full):
    """Named by its own id (negative: a forged payload) or by the bot's user
    (the only name a moderator's client offers for it)."""
    w = fake.world
    before = await computer_match(fake, table, stored, full=full)
    forged = {**w.bob.to_payload(), "id": "-1", "username": "computer"}
    by_id = await forged_command(fake, w.alice, "brettbote remove", {"user": "bob"}, channel=table.channel,
                                 raw={"user": "-1"}, resolved={"users": {"-1": forged}}, locale="en-US")
    by_bot = await fake.slash(w.alice, "brettbote remove", {"user": w.bot_user}, channel=table.channel,
                              locale="en-US")
    for handle in (by_id, by_bot):
        answer = await (await table.run(handle)).wait_ephemeral()
        assert "Computer players are not removed" in answer.content, answer.content
        assert public(handle) == []
    match, _ = await stored()
    assert match.seats == before.seats and match.status == before.status
