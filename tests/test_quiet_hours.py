"""Quiet hours, time zones and the daily digest (``/game settings``), through
the fake Discord with a clock moved by hand. The manual clock starts at
2027-01-15 08:00 UTC."""

from __future__ import annotations

from datetime import datetime, timezone

from bot_harness import Table
from test_slow_play import dm_texts

import pytest

from bot.discord.user_time import hour_of
from bot.play import quiet
from bot.play.errors import ServiceError
from bot.store import User

HOUR, DAY = 3600, 86400


async def settings(table: Table, user, **options):
    return await (await table.command(user, "game settings", **options)).wait_ephemeral()


async def test_settings_show_save_and_refuse_bad_input(fake, table, bot):
    w = fake.world
    shown = await settings(table, w.bob)
    assert "Time zone: UTC" in shown.content and "Quiet hours: none" in shown.content
    assert "Language: English (not chosen" in shown.content  # the language is one of the settings
    saved = await settings(table, w.bob, zone="Europe/Berlin", quiet_from=22, quiet_to=7, digest="8")
    assert "Europe/Berlin" in saved.content and "22:00 to 07:00" in saved.content and "at 08:00" in saved.content
    for bad, reason in (
        ({"zone": "Mars/Olympus"}, "Unknown time zone"),
        ({"zone": "../../etc/passwd"}, "Unknown time zone"),
        ({"quiet_from": 1}, "both the start and the end"),
        ({"digest": "23"}, "lies in your quiet hours"),
        ({"zone": "UTC", "digest": "23"}, "lies in your quiet hours"),  # refused whole: the zone stays
    ):
        refusal = await settings(table, w.bob, **bad)
        assert reason in refusal.content, (bad, refusal.content)
    # forged values Discord itself would not send (a choice or range it does not have)
    for forged in ({"digest": 99}, {"quiet_from": 24, "quiet_to": 7}, {"quiet_from": -1, "quiet_to": 7}, {"zone": 5}):
        with pytest.raises(ServiceError):
            await bot.announcer.user_time.update(w.bob.id, **forged)
    with pytest.raises(ServiceError, match="hour_range"):
        hour_of("99")
    user = await bot.store.get_user(w.bob.id)
    assert (user.tz, user.quiet_from, user.quiet_to, user.digest_hour) == ("Europe/Berlin", 22, 7, 8)
    german = await settings(table, w.alice, zone="Nirgendwo")
    assert "Unbekannte Zeitzone" in german.content
    off = await settings(table, w.bob, digest="off", quiet_from=5, quiet_to=5)
    assert "Quiet hours: none" in off.content and "Daily digest: off" in off.content
    assert (await bot.store.get_user(w.bob.id)).digest_due is None


async def test_zone_names_are_offered_as_you_type(fake, table):
    handle = await fake.autocomplete(fake.world.bob, "game settings", {"zone": "berl"}, "zone")
    choices = await handle.wait_choices()
    assert choices[0]["value"] == "Europe/Berlin" and len(choices) <= 25


async def test_a_reminder_in_quiet_hours_is_sent_at_their_end(fake, clock, table):
    w = fake.world
    await settings(table, w.alice, zone="UTC", quiet_from=10, quiet_to=14)
    await table.open_match(w.alice, w.bob, reminder=3)  # due at 11:00, in her quiet hours
    before = len(dm_texts(fake, w.alice))
    await table.fire_timers(clock, 3 * HOUR + 60)
    assert len(dm_texts(fake, w.alice)) == before
    await table.fire_timers(clock, 2 * HOUR)  # 13:01: still quiet
    assert len(dm_texts(fake, w.alice)) == before
    await table.fire_timers(clock, HOUR)  # 14:01
    assert len(dm_texts(fake, w.alice)) == before + 1 and "Erinnerung" in dm_texts(fake, w.alice)[-1]


async def test_a_deadline_in_quiet_hours_moves_to_their_end(fake, clock, table, stored):
    w = fake.world
    await settings(table, w.alice, zone="UTC", quiet_from=19, quiet_to=23)
    await table.open_match(w.alice, w.bob, deadline=12, policy="skip")  # due at 20:00
    end = int(clock.now() + 15 * HOUR)  # 23:00
    assert f"<t:{end}:R>" in table.board().content
    await table.fire_timers(clock, 12 * HOUR + 60)
    match, actions = await stored()
    assert actions == [] and match.counter == 0
    await table.fire_timers(clock, 3 * HOUR)
    match, actions = await stored()
    assert len(actions) == 1 and actions[0].seat == 0


async def test_a_turn_notice_held_in_the_night_comes_at_its_end_unless_played(fake, clock, table):
    w = fake.world
    await settings(table, w.bob, zone="UTC", quiet_from=6, quiet_to=10)  # now 08:00: quiet
    await table.open_match(w.alice, w.bob, channel_name="spiele")
    await table.open_match(w.alice, w.bob, channel_name="turniere")
    await table.turn(w.alice, "Zug beenden")  # turniere: Bob's turn, in his night
    table.channel = w.channel("spiele")
    await table.turn(w.alice, "Zug beenden")  # spiele: Bob's turn too
    assert dm_texts(fake, w.bob) == []
    await table.turn(w.bob, "End turn")  # Bob plays in spiele before his quiet hours end
    await table.fire_timers(clock, 2 * HOUR + 1)
    texts = dm_texts(fake, w.bob)
    assert len(texts) == 1 and "waiting for your move: 1" in texts[0]
    assert str(w.channel("turniere").id) in texts[0] and str(w.channel("spiele").id) not in texts[0]
    await table.fire_timers(clock, DAY)  # a held notice is sent once; only reminders follow
    assert sum("waiting for your move" in text for text in dm_texts(fake, w.bob)) == 1


async def test_the_daily_digest_lists_every_waiting_match_and_replaces_turn_dms(fake, clock, table, bot):
    w = fake.world
    await settings(table, w.bob, zone="Europe/Berlin", digest="11")  # 10:00 UTC in winter
    for name in ("allgemein", "spiele", "turniere"):
        await table.open_match(w.alice, w.bob, channel_name=name, reminder=168)
    for name in ("spiele", "turniere"):
        table.channel = w.channel(name)
        await table.turn(w.alice, "Ziehen B1 → B2", "Zug beenden")
    assert dm_texts(fake, w.bob) == []  # no DM per turn
    await table.fire_timers(clock, HOUR)  # 09:00 UTC: not yet
    assert dm_texts(fake, w.bob) == []
    await table.fire_timers(clock, HOUR)
    texts = dm_texts(fake, w.bob)
    assert len(texts) == 1 and "waiting for your move: 2" in texts[0]
    lines = texts[0].splitlines()[1:]
    assert len(lines) == 2 and all("Hell ends the turn" in line for line in lines)
    for name in ("spiele", "turniere"):
        assert str(w.channel(name).id) in texts[0]
    assert str(w.channel("allgemein").id) not in texts[0]
    # The next day again, one DM: the digest's timer is set once per day.
    await table.fire_timers(clock, DAY)
    assert len(dm_texts(fake, w.bob)) == 2
    user = await bot.store.get_user(w.bob.id)
    assert user.digest_due == clock.now() + DAY  # tomorrow 10:00 UTC again


@pytest.mark.parametrize("sent_before_the_crash", [False, True])
async def test_a_digest_claimed_by_a_dead_process_is_sent_once(fake, clock, table, bot, sent_before_the_crash):
    w = fake.world
    await settings(table, w.bob, zone="UTC", digest="9")
    await table.open_match(w.bob, w.alice, reminder=168)  # Bob begins
    clock.advance(HOUR)
    [claimed] = await bot.store.claim_digests(clock.now())
    assert await bot.store.claim_digests(clock.now()) == []  # a claim is handed out once
    assert await bot.scheduler.run_due() == 0 and dm_texts(fake, w.bob) == []
    if sent_before_the_crash:  # the process died after the DM, before releasing the claim
        await bot.get_cog("time").send_digest(claimed)
        assert len(dm_texts(fake, w.bob)) == 1
    clock.advance(bot.scheduler.lease + 1)
    assert await bot.scheduler.sweep()
    assert await bot.scheduler.run_due() == 1
    await table.settle()
    assert len(dm_texts(fake, w.bob)) == 1 and claimed.user_id == w.bob.id


async def test_mine_puts_your_turns_first_longest_waiting_first(fake, clock, table):
    w = fake.world
    await table.open_match(w.bob, w.alice, channel_name="spiele")  # waits for Bob
    clock.advance(HOUR)
    await table.open_match(w.alice, w.bob, channel_name="turniere")  # waits for Alice
    clock.advance(HOUR)
    await table.open_match(w.alice, w.bob, channel_name="allgemein")  # waits for Alice, not as long
    mine = await (await table.command(w.alice, "game mine")).wait_ephemeral()
    lines = mine.content.splitlines()
    order = [name for line in lines for name in ("spiele", "turniere", "allgemein") if str(w.channel(name).id) in line]
    assert order == ["turniere", "allgemein", "spiele"]


def test_hours_follow_the_clock_change():
    berlin = User(1, None, None, False, tz="Europe/Berlin", quiet_from=1, quiet_to=3)
    before = datetime(2026, 3, 28, 23, 30, tzinfo=timezone.utc).timestamp()  # 00:30 CET, the night of the change
    # 02:00 does not exist that night: the quiet hours end at 03:00 CEST, 01:00 UTC
    at = datetime(2026, 3, 29, 0, 30, tzinfo=timezone.utc).timestamp()  # 01:30 CET: quiet
    assert quiet.is_quiet(berlin, at)
    assert quiet.quiet_end(berlin, at) == datetime(2026, 3, 29, 1, 0, tzinfo=timezone.utc).timestamp()
    # a daily hour comes once a day, in local time on both sides of the change
    daily = User(1, None, None, False, tz="Europe/Berlin", digest_hour=9)
    first = quiet.next_digest(daily, before)
    assert first == datetime(2026, 3, 29, 7, 0, tzinfo=timezone.utc).timestamp()  # 09:00 CEST
    assert quiet.next_digest(daily, first) - first == DAY
    assert quiet.next_digest(daily, before - DAY) == datetime(2026, 3, 28, 8, 0, tzinfo=timezone.utc).timestamp()
