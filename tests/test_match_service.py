"""The match service and its storage, without Discord."""

from __future__ import annotations

import asyncio
import io
import json

import pytest

import engines
from bot.play import votes
from bot.play.moves import needs_board_edit
from bot.play.service import Outdated, ServiceError, action_token, needs_board_post
from bot.store import migrations
from bot.verify import verify
from engines.himmel_und_hoelle.model import EndTurn, Move, Play

E = engines.get("himmel-und-hoelle")
CH, ALICE, BOB, CAROL = 100, 1, 2, 3


async def running(service) -> int:
    await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=ALICE)
    match, started = await service.join(CH, BOB)
    assert started
    return match.id


async def act(service, match_id: int, user: int, action) -> object:
    match = await service.get(match_id)
    seat = match.seat_of(user)
    for index, token, a in service.choices(match, seat):
        if a == action:
            return await service.act(match_id, user, match.seats[seat].decision_counter, index, token)
    raise AssertionError(f"{action} is not legal")


async def test_migrations_are_numbered_and_applied_once(store):
    numbers = [n for n, _ in migrations()]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1
    assert await store.migrate() == numbers[-1]


async def test_lobby_join_full_starts_by_itself(service):
    match = await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=ALICE)
    assert match.status == "lobby" and match.user_ids == [ALICE]
    with pytest.raises(ServiceError) as err:
        await service.join(CH, ALICE)
    assert err.value.key == "already_joined"
    match, started = await service.join(CH, BOB)
    assert started and match.status == "running" and match.user_ids == [ALICE, BOB]
    with pytest.raises(ServiceError) as err:
        await service.join(CH, CAROL)
    assert err.value.key == "already_running"


async def test_one_open_match_per_channel(service):
    await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=ALICE)
    with pytest.raises(ServiceError) as err:
        await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=BOB)
    assert err.value.key == "match_exists"
    other = await service.new_match(guild_id=1, channel_id=CH + 1, game="himmel-und-hoelle", host_id=BOB)
    assert other.channel_id == CH + 1


async def test_unknown_game_and_no_match(service):
    with pytest.raises(ServiceError) as err:
        await service.new_match(guild_id=1, channel_id=CH, game="chess", host_id=ALICE)
    assert err.value.key == "unknown_game"
    with pytest.raises(ServiceError) as err:
        await service.join(CH, BOB)
    assert err.value.key == "no_match"


async def test_start_needs_host_and_enough_players(service):
    await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=ALICE)
    with pytest.raises(ServiceError) as err:
        await service.start(CH, BOB)
    assert err.value.key == "not_host"
    with pytest.raises(ServiceError) as err:
        await service.start(CH, ALICE)
    assert err.value.key == "not_enough_players"


async def test_leave_passes_host_and_empty_lobby_closes(service):
    await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=ALICE)
    match = await service.leave(CH, ALICE)
    assert match.status == "cancelled"
    assert await service.open_match(CH) is None


async def test_a_move_is_applied_logged_and_counted(service):
    match_id = await running(service)
    outcome = await act(service, match_id, ALICE, Move(side=0, src="B1", dst="B2"))
    assert outcome.match.counter == 1 and not outcome.board_post
    log = await service.log(match_id)
    assert [(a.counter, a.seat) for a in log] == [(1, 0)]
    assert E.parse_action(log[0].action) == Move(side=0, src="B1", dst="B2")
    outcome = await act(service, match_id, ALICE, EndTurn())
    assert outcome.board_post  # the turn passes to Heaven


async def test_outdated_and_wrong_token_are_refused(service):
    match_id = await running(service)
    match = await service.get(match_id)
    choices = service.choices(match, 0)
    index, token, _ = choices[0]
    await service.act(match_id, ALICE, 0, index, token)
    with pytest.raises(Outdated):
        await service.act(match_id, ALICE, 0, index, token)  # the same old button again
    match = await service.get(match_id)
    with pytest.raises(Outdated):
        await service.act(match_id, ALICE, match.seats[0].decision_counter, 0, "00000000")
    assert (await service.get(match_id)).counter == 1


async def test_not_a_player_and_not_your_turn(service):
    match_id = await running(service)
    with pytest.raises(ServiceError) as err:
        await service.act(match_id, CAROL, 0, 0, "x")
    assert err.value.key == "not_a_player"
    with pytest.raises(ServiceError) as err:
        await service.act(match_id, BOB, 0, 0, "x")
    assert err.value.key == "not_your_turn"
    assert (await service.get(match_id)).counter == 0


async def test_racing_clicks_apply_exactly_once(service):
    match_id = await running(service)
    match = await service.get(match_id)
    index, token, _ = service.choices(match, 0)[0]
    results = await asyncio.gather(
        *(service.act(match_id, ALICE, 0, index, token) for _ in range(5)), return_exceptions=True
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    assert len(applied) == 1 and all(isinstance(r, Outdated) for r in results if r not in applied)
    assert len(await service.log(match_id)) == 1


async def drive_to_conflict(service, match_id: int) -> None:
    """Hell walks its die B1 to B9 next to Heaven's B10 over several turns,
    then steps onto it."""
    for step in range(2, 11):
        await act(service, match_id, ALICE, Move(side=0, src=f"B{step - 1}", dst=f"B{step}"))
        if step < 10:
            await act(service, match_id, ALICE, EndTurn())
            await act(service, match_id, BOB, EndTurn())


async def test_simultaneous_secret_choice_keeps_the_other_button_valid(service):
    match_id = await running(service)
    await drive_to_conflict(service, match_id)
    match = await service.get(match_id)
    state = service.state(match)
    assert state.conflict is not None and sorted(E.to_act(state)) == [0, 1]
    heaven_counter = match.seats[1].decision_counter
    first = await act(service, match_id, ALICE, Play(card=5))
    # nothing to show until Heaven has chosen, but that Hell's card is in (the board is edited)
    assert not first.board_post and first.board_edit
    match = await service.get(match_id)
    assert match.seats[1].decision_counter == heaven_counter  # Bob's DM button still works
    second = await act(service, match_id, BOB, Play(card=0))
    # revealed: the turn's board (one per turn) is brought up to date in place
    assert second.board_edit and not second.board_post
    assert any(e.key == "ev_reveal" and e.visible_to is None for e in second.events)


async def test_board_post_rule():
    s0 = E.setup(2, 1)
    s1, _ = E.apply(s0, 0, E.legal_actions(s0, 0)[0])
    assert not needs_board_post(E, s0, s1)
    s2, _ = E.apply(s1, 0, EndTurn())
    assert needs_board_post(E, s1, s2)


async def test_board_edit_rule_within_a_turn():
    """Himmel und Hölle keeps one board per turn: a move that changes who is
    asked within the turn (a conflict's cards) edits it; a move of the same
    player on the same stage needs neither."""
    s0 = E.setup(2, 1)
    s1, _ = E.apply(s0, 0, E.legal_actions(s0, 0)[0])
    assert not needs_board_edit(E, s0, s1) and not needs_board_post(E, s0, s1)
    s2, _ = E.apply(s1, 0, EndTurn())
    assert not needs_board_edit(E, s1, s2)  # a new turn is a new post, not an edit


async def test_resign_ends_with_the_other_seat_winning(service):
    match_id = await running(service)
    match = await service.resign(CH, BOB)
    assert match.status == "finished" and match.outcome["winners"] == [0] and match.outcome["conceded"] == 1 and match.outcome["reason"] == "resigned"
    with pytest.raises(Outdated):
        await service.act(match_id, ALICE, 0, 0, "x")


async def test_cancel_needs_every_player_in_a_running_match(service):
    await running(service)
    match, cancelled = await service.cancel(CH, ALICE)
    assert not cancelled and match.status == "running"
    match, cancelled = await service.cancel(CH, BOB)
    assert cancelled and match.status == "cancelled"


async def test_a_cancel_vote_lapses_with_the_next_move(service):
    match_id = await running(service)
    match, cancelled = await service.cancel(CH, BOB)
    assert not cancelled and votes.tally(match, votes.CANCEL).voted == [1]
    await act(service, match_id, ALICE, EndTurn())
    match, cancelled = await service.cancel(CH, ALICE)  # Bob's vote was cast before the move
    assert not cancelled and votes.missing_users(match, votes.CANCEL) == [BOB]
    match, cancelled = await service.cancel(CH, BOB)
    assert cancelled and match.status == "cancelled"


async def test_cancel_lobby_is_for_the_host(service):
    await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=ALICE)
    with pytest.raises(ServiceError) as err:
        await service.cancel(CH, BOB)
    assert err.value.key == "not_host"
    _, cancelled = await service.cancel(CH, ALICE)
    assert cancelled


async def test_rematch_swaps_seats_and_keeps_series_totals(service):
    match_id = await running(service)
    await service.resign(CH, BOB)
    rematch = await service.rematch(match_id, BOB)
    assert rematch.user_ids == [BOB, ALICE] and rematch.status == "running"
    assert rematch.series_id == match_id
    totals = await service.series_totals(rematch)
    assert set(totals) == {ALICE, BOB}


async def test_verify_replays_every_match_and_finds_tampering(service, store):
    match_id = await running(service)
    for _ in range(3):
        match = await service.get(match_id)
        seat = service.state(match).active
        user = match.user(seat)
        index, token, _ = service.choices(match, seat)[-1]
        await service.act(match_id, user, match.seats[seat].decision_counter, index, token)
    out = io.StringIO()
    assert await verify(store, out) == 0
    async with store.transaction() as tx:
        await tx.execute("DELETE FROM actions WHERE match_id=? AND counter=3", (match_id,))
    assert await verify(store, out) == 1
    assert f"match {match_id}" in out.getvalue()


async def test_verify_compares_states_as_the_engine_reads_them(service, store):
    """A field the game's state gained later (with a default) is missing from
    states stored before: no mismatch, nor is another order of the fields."""
    match_id = await running(service)
    for _ in range(3):
        match = await service.get(match_id)
        seat = service.state(match).active
        index, token, _ = service.choices(match, seat)[-1]
        await service.act(match_id, match.user(seat), match.seats[seat].decision_counter, index, token)
    older = json.loads((await service.get(match_id)).state)
    assert older.pop("filled") == [0, 0]
    async with store.transaction() as tx:
        await tx.execute("UPDATE matches SET state=? WHERE id=?", (json.dumps(dict(reversed(older.items()))), match_id))
    out = io.StringIO()
    assert await verify(store, out) == 0, out.getvalue()
    async with store.transaction() as tx:  # a state that does differ still does
        await tx.execute("UPDATE matches SET state=? WHERE id=?", (E.dump_state(E.setup(2, 99)), match_id))
    assert await verify(store, out) == 1


async def test_verify_leaves_out_matches_of_another_engine_version(service, store):
    """A match started under other rules need not replay to its state today:
    reported apart, not counted as broken."""
    old = await running(service)
    await service.new_match(guild_id=1, channel_id=CH + 1, game="himmel-und-hoelle", host_id=CAROL)
    await service.join(CH + 1, BOB)
    other = E.dump_state(E.setup(2, 99))  # what the older rules would have reached, say
    async with store.transaction() as tx:
        await tx.execute("UPDATE matches SET engine_version=NULL, state=? WHERE id=?", (other, old))
    out = io.StringIO()
    assert await verify(store, out) == 0, out.getvalue()
    assert out.getvalue() == "1 matches were started with an older engine version: not compared\n"
    async with store.transaction() as tx:  # a version newer than this Brettbote's (it was downgraded)
        await tx.execute("UPDATE matches SET engine_version=99 WHERE id=?", (old,))
    out = io.StringIO()
    assert await verify(store, out) == 0
    assert out.getvalue() == "1 matches were started with a newer engine version: not compared\n"


async def test_action_token_tells_actions_apart():
    s = E.setup(2, 1)
    tokens = {action_token(E, a) for a in E.legal_actions(s, 0)}
    assert len(tokens) == len(E.legal_actions(s, 0))


async def test_an_older_post_never_clears_the_board_flag_of_a_later_move(store, service):
    """mark_board of move c-1 finishing after move c was stored (racing
    announcements): move c still owes its board."""
    await service.new_match(guild_id=1, channel_id=55, game="himmel-und-hoelle", host_id=1)
    await service.join(55, 2)
    match = await service.get(1)
    end_turn = next((i, t) for i, t, a in service.choices(match, 0) if a.kind == "end")
    moved = await service.act(1, 1, match.seats[0].decision_counter, *end_turn)
    assert moved.board_post and (await service.get(1)).board_due
    await service.mark_board(1, 55, 900, moved.match.counter - 1)
    assert (await service.get(1)).board_due
    await service.mark_board(1, 55, 901, moved.match.counter)
    assert not (await service.get(1)).board_due


async def test_notices_are_marked_sent_only_for_the_moves_told_of(store):
    async with store.transaction() as tx:
        match_id = await tx.insert_match(guild_id=1, channel_id=56, game="himmel-und-hoelle", options={}, seed=1,
                                         host_id=1)
        await tx.add_notices(match_id, 5, [("turn", 0)])
        await tx.add_notices(match_id, 6, [("secret", 1), ("summary", None)])
        await tx.notices_sent(match_id, 6, 6)
        pending = await tx.pending_notices()
    assert [(n.counter, n.kind, n.seat) for n in pending] == [(5, "turn", 0)]
