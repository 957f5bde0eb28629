"""The HellGame's computer player: its evaluation (engines/hellgame/evaluate.py),
its rules of thumb for secret orders (engines/hellgame/policy.py) and that
neither lets it peek (3 and 6 seats)."""

from __future__ import annotations

import random

import pytest
from test_contract_secrecy import hellgame_twin

import engines
from engines.ai import ComputerPlayer
from engines.ai.players import ruled_choice
from engines.contract import canonical_json, clone
from engines.hellgame import evaluate as ev
from engines.hellgame.core import data, flow

E = engines.get("hellgame")
SHORT = {"max_rounds": 4}


def played(seats: int, seed: int, steps: int):
    """A state ``steps`` random decisions into a match (or its end)."""
    rnd = random.Random(seed)
    state = E.setup(seats, seed, SHORT)
    for _ in range(steps):
        if E.result(state) is not None:
            break
        seat = E.to_act(state)[0]
        state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
    return state


def until(seats: int, seed: int, q: str, limit: int = 3000):
    """The first state of a random match where some seat is asked ``q``, and that seat."""
    rnd = random.Random(seed)
    state = E.setup(seats, seed, SHORT)
    for _ in range(limit):
        seat = E.to_act(state)[0]
        ask = flow.ask_of(state, seat)
        if ask is not None and ask.q == q and len(E.legal_actions(state, seat)) > 2:
            return state, seat
        state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
    raise AssertionError(f"no {q} question reached")


@pytest.mark.parametrize("seats", [3, 6])
def test_the_evaluation_is_a_share_of_the_win(seats):
    for steps in (0, 60, 200, 400):
        state = played(seats, 5 + steps, steps)
        values = [E.evaluate(state, seat) for seat in range(seats)]
        assert all(0.0 <= v <= 1.0 for v in values)
        if E.result(state) is None:
            assert sum(values) == pytest.approx(1.0)


def test_a_better_position_is_worth_more_than_its_mirror():
    """Seat 0 with a circle nearly complete against seat 1 with as many
    sectios spread out, then the same with the seats swapped."""
    base = played(3, 9, 120)
    circle = data.circle_sectios(4)
    spread = [data.circle_sectios(c)[c % 5] for c in range(4)]

    def hold(first, second):
        state = clone(base)
        state.owner = [None] * len(state.owner)
        for sectio in first:
            state.owner[sectio] = 0
        for sectio in second:
            state.owner[sectio] = 1
        return state

    better = hold(circle[:4], spread)
    assert E.evaluate(better, 0) > E.evaluate(better, 1)
    mirror = hold(spread, circle[:4])
    assert E.evaluate(mirror, 1) > E.evaluate(mirror, 0)
    # another sectio, more favour, another six in hand: each is worth more
    fewer, more = hold(spread[:3], []), hold(spread, [])
    assert ev.strength(more, 0) > ev.strength(fewer, 0)
    favoured = clone(fewer)
    favoured.players[0].favour += 3
    assert ev.strength(favoured, 0) > ev.strength(fewer, 0)


def test_a_finished_match_is_won_lost_or_shared():
    state = clone(played(3, 4, 50))
    state.over, state.winners = True, [2]
    assert [E.evaluate(state, s) for s in range(3)] == [0.0, 0.0, 1.0]
    state.winners = [0, 2]
    assert [E.evaluate(state, s) for s in range(3)] == [0.5, 0.0, 0.5]


def test_the_economy_window_gives_nothing_away():
    state, seat = until(3, 2, "soul")
    action = E.ai_policy(E, state, seat)
    assert action is not None and action.do in ("submit", "discard")


def test_summoning_puts_legions_where_they_hold_most():
    state, seat = until(3, 3, "summon")
    legal = E.legal_actions(state, seat)
    action = E.ai_policy(E, state, seat)
    legions = [a for a in legal if a.do == "legion"]
    if legions:
        assert action.do == "legion"
        unguarded = [a.a for a in legions if state.owner[a.a] == seat
                     and not any(u.at == a.a and u.kind == "legion" and u.owner == seat for u in state.units)]
        if unguarded:
            assert action.a in unguarded
    else:
        assert action.do in ("recruit", "submit")


def test_standing_orders_send_a_demon_to_a_sectio_it_does_not_hold():
    state, seat = until(3, 4, "act_orders")
    action = E.ai_policy(E, state, seat)
    if any(a.do == "go" for a in E.legal_actions(state, seat)):
        assert action.do == "go" and state.owner[action.b] != seat


@pytest.mark.parametrize("seats", [3, 6])
def test_the_computer_decides_the_same_whatever_it_may_not_see(seats):
    """Its rules of thumb included: a state and its twin (another hand dealt,
    the decks in another order, another seat's secret order) get the same
    decision from players seeded alike."""
    rnd, compared, ruled = random.Random(seats), 0, 0
    state = E.setup(seats, 21 + seats, SHORT)
    for step in range(4000):
        if E.result(state) is not None:
            break
        made = hellgame_twin(state, rnd) if step % 5 == 0 else None
        if made is not None:
            twin, hiders = made
            assert canonical_json(twin) != canonical_json(state)
            for seat in E.to_act(state):
                if seat in hiders or len(E.legal_actions(state, seat)) < 2:
                    continue
                ruled += ruled_choice(E, state, seat, random.Random(7)) is not None
                # an iteration cap, not the clock, ends the searches: same work, same answer
                a = ComputerPlayer(seed=5, budget_s=60, max_iterations=16).decide(E, state, seat)
                b = ComputerPlayer(seed=5, budget_s=60, max_iterations=16).decide(E, twin, seat)
                assert a == b, f"seat {seat} at step {step} peeks"
                compared += 1
            if compared >= 8 and ruled >= 2:
                break
        seat = E.to_act(state)[0]
        state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
    assert compared >= 4 and ruled >= 1, (compared, ruled)


# -- through the real client ---------------------------------------------------------------

HOUR = 3600


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)  # the seat's handover runs on both in test_handover.py
async def test_a_vanished_player_of_six_is_voted_to_the_computer_which_plays_a_whole_round(fake, table, stored,
                                                                                            clock):
    """Six at the table; Fritz stops answering. After two missed deadlines the
    table votes his seat to the computer, which then plays it through a whole
    round (every phase) without a stall."""
    from hellgame_table import decide

    w = fake.world
    users = [w.alice, w.bob, w.carol] + [w.add_user(n, global_name=n.title(), locale="en-US")
                                         for n in ("dora", "emil", "fritz")]
    vanished = users[5]
    table.bot.service._rng = random.Random(6)
    table.channel = w.channel("spiele")
    await table.command(users[0], "game new", game="hellgame", players=6, deadline=12)
    table.channel = w.threads[-1]
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    for user in users[1:]:
        await table.run(await fake.click(user, lobby, join))
    by_id, rnd = {u.id: u for u in users}, random.Random(8)

    async def play(until, steps: int = 3000):
        for _ in range(steps):
            match, _ = await stored()
            state = E.load_state(match.state)
            if match.status != "running" or until(match, state):
                return match, state
            due = [s for s in E.to_act(state) if match.seats[s].person]
            others = [s for s in due if match.user(s) != vanished.id]
            if others:
                await decide(table, match, state, by_id[match.user(others[0])], rnd, seat=others[0])
            elif due:
                await table.fire_timers(clock, 13 * HOUR)
            else:  # the computer's turn: its move comes by itself
                await table.settle()
        raise AssertionError(f"stalled; the computer's troubles: {table.bot.announcer.computers.refusals}")

    match, state = await play(lambda m, s: any(place.handover for place in m.seats))
    seat = match.seat_of(vanished.id)
    assert match.seats[seat].handover == "vote"
    vote = f"bb:s:computer:{match.id}:{seat}"
    for user in users[:5]:
        await table.settle()
        # the board that asks the vote now; none once a majority decided
        board = next((m for m in reversed(fake.messages(table.channel)) if vote in m.custom_ids()), None)
        if board is None:
            break
        await table.run(await fake.click(user, board, vote))
    match, _ = await stored()
    assert match.seats[seat].computer and match.seats[seat].original_user_id == vanished.id
    handed_at, handed_round = match.counter, E.load_state(match.state).round
    match, state = await play(lambda m, s: s.round >= handed_round + 2 or s.over)
    _, log = await stored()
    # a whole round went by with the computer in the seat, and it decided there itself
    assert state.round >= handed_round + 2 or state.over
    chosen = [entry for entry in log if entry.seat == seat and entry.counter > handed_at and not entry.automatic]
    assert len(chosen) > 5, "the computer made decisions of its own for the seat"


def test_the_arena_rows_count_the_games_won_alone_among_all():
    """bench.arena's HellGame rows: the computer against two (or five)
    opponents, the round cap on, and its share taken of all games."""
    import dataclasses

    from bench import arena as bench

    rows = [g for g in bench.GOALS if g.game == "hellgame"]
    assert {(g.opponent, g.seats, g.games, g.budget_ms, g.share) for g in rows} == {
        ("random", 3, 60, 200, 0.70), ("greedy", 3, 40, 500, 0.45), ("random", 6, 40, 200, 0.50)}
    goal = dataclasses.replace(rows[0], budget_ms=5)  # a few ms a decision: the row's counting, not its strength
    row = bench.run(goal, games=2, seed=3)
    assert row["games"] == row["decided"] == 2 and row["won"] <= 2
    assert row["reasons"] and set(row["reasons"]) <= {"max_rounds", "circle", "sixes", "last_standing"}
    assert bench.line(goal, row, rough=False).startswith("hellgame (3)")
