"""Computer players in the lobby, and seats whose player has gone: the vote,
substitutes, the computer taking over, handing back, and the stints the stats
read (bot.play.handover), on both databases, without Discord."""

from __future__ import annotations

import random

import pytest

import engines
from bot.play.clock import ManualClock
from bot.play.errors import ServiceError, Stale
from bot.play.handover import decided, voters
from bot.play.service import MatchService
from bot.play.slow import SlowPlay
from bot.store import SeatVote

HOUR = 3600.0
CH = 100
A, B, C, D = 11, 12, 13, 14


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def service(store, clock) -> MatchService:
    return MatchService(store, rng=random.Random(4), clock=clock)


async def three(service, **extra):
    """A running Halleluja match of A, B and C (seats 0, 1, 2)."""
    match = await service.new_match(guild_id=1, channel_id=CH, game="halleluja", host_id=A, players=3, **extra)
    await service.join(CH, B)
    match, started = await service.join(CH, C)
    assert started
    return match


async def move_for(service, match_id: int, user_id: int) -> None:
    """The user's seat makes its default move (a move of their own)."""
    match = await service.get(match_id)
    engine = engines.get(match.game)
    state = engine.load_state(match.state)
    seat = match.seat_of(user_id)
    action = engine.default_action(state, seat)
    index = engine.legal_actions(state, seat).index(action)
    from bot.play.moves import action_token
    await service.act(match.id, user_id, match.seats[seat].decision_counter, index, action_token(engine, action))


def test_the_vote_is_settled_by_a_majority_or_once_all_voted():
    v = lambda voter, choice: SeatVote(0, voter, choice)  # noqa: E731
    assert decided([v(1, "wait")], [1]) == "wait"  # one voter decides alone
    assert decided([v(1, "wait")], [1, 2]) is None  # half is not a majority
    assert decided([v(1, "wait"), v(2, "wait")], [1, 2]) == "wait"
    # everyone voted, no majority: the tie goes to the computer, then a substitute
    assert decided([v(1, "wait"), v(2, "computer")], [1, 2]) == "computer"
    assert decided([v(1, "wait"), v(2, "substitute")], [1, 2]) == "substitute"
    assert decided([v(1, "wait"), v(2, "substitute"), v(3, "computer")], [1, 2, 3]) == "computer"
    assert decided([v(1, "substitute"), v(2, "substitute")], [1, 2, 3]) == "substitute"
    # a vote of a seat that may not vote (any more) does not count
    assert decided([v(4, "wait")], [1, 2]) is None


async def test_a_lone_player_gets_a_match_against_the_computer_at_once(service, store):
    match = await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=A, computers=1,
                                    thinking_seconds=3)
    assert match.status == "running" and match.user_ids == [A, -1] and match.computer_ms == 3000
    assert match.seats[1].computer and not match.seats[1].person and match.seats[0].person
    async with store.transaction() as tx:
        # nobody reminds the computer: it has no timers of its own
        assert await tx.pending_kinds(match.id, 1, match.seats[1].decision_counter, match.timer_epoch) == set()
    assert [s.user_id for s in await store.stints(A)] == [A] and await store.stints(-1) == []


@pytest.mark.parametrize("extra, key", [
    ({"computers": 2}, "bad_range"),  # two seats: the host and one computer at most
    ({"computers": -1}, "bad_range"),
    ({"computers": 1, "players": 1}, "bad_range"),  # fewer seats than the game has
    ({"computers": 1, "thinking_seconds": 11}, "bad_range"),
    ({"computers": 1, "thinking_seconds": 0}, "bad_range"),
])
async def test_computer_options_out_of_range_are_refused(service, extra, key):
    with pytest.raises(ServiceError) as err:
        await service.new_match(guild_id=1, channel_id=CH, game="himmel-und-hoelle", host_id=A, **extra)
    assert err.value.key == key


async def test_the_daily_challenge_takes_no_computer(service):
    with pytest.raises(ServiceError) as err:
        await service.new_match(guild_id=1, channel_id=CH, game="hoch-und-hoeher", host_id=A, computers=1,
                                options={"daily": True})
    assert err.value.key == "daily_solo"


async def test_the_host_adds_and_removes_computer_players_in_the_lobby(service):
    match = await service.new_match(guild_id=1, channel_id=CH, game="halleluja", host_id=A, players=4)
    with pytest.raises(ServiceError) as err:
        await service.add_computer(match.id, B)
    assert err.value.key == "not_host"
    match, started = await service.add_computer(match.id, A)
    assert match.user_ids == [A, -1] and not started
    match, _ = await service.add_computer(match.id, A)
    assert match.user_ids == [A, -1, -2]
    match = await service.remove_computer(match.id, A)
    assert match.user_ids == [A, -1]
    await service.join(CH, B)
    match, started = await service.add_computer(match.id, A)
    assert started and match.status == "running" and match.user_ids == [A, -1, B, -2]
    with pytest.raises(Stale):  # the lobby's buttons never act on the running match
        await service.add_computer(match.id, A)


async def test_a_lobby_left_to_computers_closes(service):
    match = await service.new_match(guild_id=1, channel_id=CH, game="halleluja", host_id=A, players=3)
    await service.add_computer(match.id, A)
    match = await service.leave(CH, A)
    assert match.status == "cancelled"
    with pytest.raises(ServiceError):
        await service.remove_computer(match.id, A)


async def test_a_leaver_opens_the_vote_and_the_computer_takes_the_seat(service, store):
    match = await three(service)
    match = await service.leave(CH, B)
    assert match.seats[1].autopilot and match.seats[1].handover == "vote" and voters(match, 1) == [0, 2]
    assert match.board_due  # the vote is shown on a board post, also after a crash
    match, settled = await service.handovers.vote(match.id, A, 1, "computer")
    assert settled is None and match.seats[1].handover == "vote"
    match, settled = await service.handovers.vote(match.id, C, 1, "computer")
    assert settled == "computer"
    seat = match.seats[1]
    assert seat.computer and seat.user_id == -1 and seat.original_user_id == B and not seat.autopilot
    assert seat.handover is None and match.seat_of(B) is None
    assert [(s.seat, s.ending) for s in await store.stints(B)] == [(1, "left")]
    # the leaver takes the seat back from the computer at once
    match, how = await service.handovers.rejoin(CH, B)
    assert how == "back" and match.user(1) == B and match.seats[1].person and match.seats[1].original_user_id is None
    assert [s.ending for s in await store.stints(B)] == ["left", "running"]


@pytest.mark.parametrize("who, seat, choice, key", [
    (B, 1, "wait", "handover_own"),  # one's own seat
    (D, 1, "wait", "not_a_player"),  # not at the table
    (A, 2, "wait", "handover_over"),  # no vote on that seat
    (A, 7, "wait", "handover_over"),  # no such seat
    (A, 1, "resign", "handover_over"),  # no such choice
])
async def test_forged_or_misplaced_votes_are_refused(service, who, seat, choice, key):
    match = await three(service)
    await service.leave(CH, B)
    with pytest.raises(ServiceError) as err:
        await service.handovers.vote(match.id, who, seat, choice)
    assert err.value.key == key


async def test_a_vote_changed_before_it_settles_counts_once(service):
    match = await three(service)
    await service.leave(CH, B)
    await service.handovers.vote(match.id, A, 1, "wait")
    match, settled = await service.handovers.vote(match.id, A, 1, "substitute")
    assert settled is None  # A's second vote replaced the first: still one of two
    match, settled = await service.handovers.vote(match.id, C, 1, "substitute")
    assert settled == "substitute" and match.seats[1].handover == "open"
    with pytest.raises(ServiceError) as err:
        await service.handovers.vote(match.id, C, 1, "computer")
    assert err.value.key == "handover_over"


async def test_two_missed_deadlines_open_the_vote_and_a_move_of_their_own_ends_it(service, store, clock):
    slow = SlowPlay(store, service)
    match = await three(service, deadline_hours=12)
    engine = engines.get("halleluja")
    first = engine.to_act(engine.load_state(match.state))[0]
    late = match.user(first)

    async def fire_all():
        clock.advance(13 * HOUR)
        fired = []
        for timer in await store.claim_due(clock.now(), 100):
            fired.append(await slow.fire(timer))
            await store.finish_timer(timer.id)
        return [f for f in fired if f is not None]

    # the late seat misses its deadline: a default move; the next decision is someone else's
    fired = await fire_all()
    match = await service.get(match.id)
    assert match.seats[first].missed == 1 and match.seats[first].handover is None
    assert not any(f.vote for f in fired)
    # play round to the late seat again, the others moving in time
    for _ in range(50):
        match = await service.get(match.id)
        due = engine.to_act(engine.load_state(match.state))[0]
        if due == first:
            break
        await move_for(service, match.id, match.user(due))
    fired = await fire_all()
    match = await service.get(match.id)
    assert any(f.vote for f in fired)
    assert match.seats[first].missed == 2 and match.seats[first].handover == "vote"
    # back before the others decided: a move of their own ends the vote
    for _ in range(50):
        match = await service.get(match.id)
        if engine.to_act(engine.load_state(match.state))[0] == first:
            break
        await move_for(service, match.id, match.user(engine.to_act(engine.load_state(match.state))[0]))
    await move_for(service, match.id, late)
    match = await service.get(match.id)
    assert match.seats[first].missed == 0 and match.seats[first].handover is None


async def test_a_substitute_takes_over_and_hands_back_when_asked(service, store):
    match = await three(service)
    await service.leave(CH, B)
    await service.handovers.vote(match.id, A, 1, "substitute")
    match, _ = await service.handovers.vote(match.id, C, 1, "substitute")
    with pytest.raises(ServiceError) as err:  # someone already at the table
        await service.handovers.take_over(match.id, C, 1)
    assert err.value.key == "already_playing"
    match = await service.handovers.take_over(match.id, D, 1)
    assert match.user(1) == D and match.seats[1].original_user_id == B and match.seats[1].person
    with pytest.raises(ServiceError) as err:  # taken already: a second click comes too late
        await service.handovers.take_over(match.id, 99, 1)
    assert err.value.key == "handover_over"
    # the original asks for it back; only the substitute can hand it back
    match, how = await service.handovers.rejoin(CH, B)
    assert how == "asked" and match.seats[1].handover == "return" and match.user(1) == D
    with pytest.raises(ServiceError) as err:
        await service.handovers.hand_back(match.id, A, 1)
    assert err.value.key == "handover_not_yours"
    match = await service.handovers.hand_back(match.id, D, 1)
    assert match.user(1) == B and match.seats[1].original_user_id is None and match.seats[1].handover is None
    assert [s.ending for s in await store.stints(D)] == ["handed_back"]
    assert [s.ending for s in await store.stints(B)] == ["left", "running"]


async def test_rejoin_refuses_who_has_nothing_to_take_back(service):
    await three(service)
    for user, key in ((A, "rejoin_nothing"), (D, "rejoin_nothing")):
        with pytest.raises(ServiceError) as err:
            await service.handovers.rejoin(CH, user)
        assert err.value.key == key


async def test_with_a_computer_at_the_table_the_last_person_plays_on(service):
    match = await service.new_match(guild_id=1, channel_id=CH, game="halleluja", host_id=A, players=3, computers=1)
    match, started = await service.join(CH, B)
    assert started
    match = await service.leave(CH, B)
    # one person and the computer are left: the match goes on, A votes alone
    assert match.status == "running" and match.seats[2].handover == "vote" and voters(match, 2) == [0]
    match, settled = await service.handovers.vote(match.id, A, 2, "computer")
    assert settled == "computer" and match.user_ids == [A, -1, -2]
    # the last person leaves: nobody is left to play for, the computers win
    match = await service.leave(CH, A)
    assert match.status == "finished" and match.outcome["winners"] == [1, 2]


async def test_stints_say_who_finished_and_who_left(service, store):
    match = await three(service)
    await service.leave(CH, C)
    await service.handovers.vote(match.id, A, 2, "computer")
    await service.handovers.vote(match.id, B, 2, "computer")
    async with store.transaction() as tx:
        await tx.update_match(match.id, status="finished")
    assert [s.ending for s in await store.stints(A)] == ["finished"]
    assert [s.ending for s in await store.stints(C, guild_id=1)] == ["left"]
    assert await store.stints(C, guild_id=2) == []
