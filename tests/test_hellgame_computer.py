"""The HellGame's computer player: its evaluation (engines/hellgame/evaluate.py),
its rules of thumb for secret orders and reactions (engines/hellgame/policy.py),
the plausible orders of its determinisations (engines/hellgame/determinise.py),
the tree it keeps across the steps of one decision, and that nothing lets it
peek (3 and 6 seats)."""

from __future__ import annotations

import random

import pytest
from test_contract_secrecy import hellgame_twin

import engines
from engines.ai import ComputerPlayer
from engines.ai.players import ruled_choice
from engines.ai.search import Search
from engines.contract import canonical_json, clone
from engines.hellgame import determinise as deal
from engines.hellgame import evaluate as ev
from engines.hellgame import policy
from engines.hellgame.core import data, flow
from engines.hellgame.core.model import Action, Casting, Move, Unit

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


def asked(q: str, seats: int = 4, seeds: range = range(40), limit: int = 3000):
    """The first state of a random match (over several seeds) where a seat
    is asked ``q``, and that seat."""
    for seed in seeds:
        rnd = random.Random(seed)
        state = E.setup(seats, seed, SHORT)
        for _ in range(limit):
            if E.result(state) is not None:
                break
            seat = rnd.choice(E.to_act(state))
            ask = flow.ask_of(state, seat)
            if ask is not None and ask.q == q:
                return state, seat
            state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
    raise AssertionError(f"no {q} question reached")


def with_legions(state, at: int, counts: dict[int, int]):
    """A copy with exactly ``counts[seat]`` legions of each seat named at ``at``."""
    state = clone(state)
    state.units = [u for u in state.units if not (u.at == at and u.owner in counts and u.kind == "legion")]
    fresh = max((u.id for u in state.units), default=0) + 1
    for owner, n in counts.items():
        for _ in range(n):
            state.units.append(Unit(id=fresh, kind="legion", owner=owner, at=at))
            fresh += 1
    return state


def test_reactions_an_enemy_entering_is_blocked_let_pass_or_fled_from_by_the_forces():
    """9.5 / G14 entry: block when at least as strong; much weaker, let it go
    on (no battle at home) or, if it stops there, flee."""
    base = played(3, 11, 80)
    at = next(u.at for u in base.units if u.kind == "legion" and u.owner == 1)
    legal = [Action(do="stay"), Action(do="flee"), Action(do="let_pass")]
    stops = legal[:2]

    def entered(mine: int, carried: int):
        state = with_legions(base, at, {0: mine, 1: 1 + carried})
        mover = next(u for u in state.units if u.at == at and u.owner == 1)
        others = [u.id for u in state.units if u.at == at and u.owner == 1 and u.id != mover.id]
        state.move = Move(demon=0, seat=1, unit=mover.id, carried=others)
        return state

    assert legal[policy._entry(entered(2, 1), 0, legal)].do == "stay"
    assert legal[policy._entry(entered(3, 1), 0, legal)].do == "stay"
    assert legal[policy._entry(entered(1, 2), 0, legal)].do == "let_pass"
    assert stops[policy._entry(entered(1, 2), 0, stops)].do == "flee"
    assert stops[policy._entry(entered(2, 2), 0, stops)].do == "stay"  # weaker, not by half: hold


def test_reactions_a_battle_is_fled_only_when_far_outnumbered_and_avoided_when_weaker():
    """11.2.4 flight and 11.3.1 avoiding a battle."""
    state, seat = asked("combat_flee")
    at = state.battle.at
    foe = next(u.owner for u in state.units if u.at == at and u.owner not in (seat, None))
    legal = [Action(do="stay"), Action(do="flee")]
    assert legal[policy._flee(with_legions(state, at, {seat: 2, foe: 4}), seat, legal)].do == "stay"
    assert legal[policy._flee(with_legions(state, at, {seat: 2, foe: 5}), seat, legal)].do == "flee"
    vote = [Action(do="agree"), Action(do="refuse")]
    assert vote[policy._avoid(with_legions(state, at, {seat: 1, foe: 2}), seat, vote)].do == "agree"
    assert vote[policy._avoid(with_legions(state, at, {seat: 2, foe: 2}), seat, vote)].do == "refuse"
    # the rule answers the real question too, with one of its legal actions
    assert E.ai_policy(E, state, seat) in E.legal_actions(state, seat)


def casting_at(state, seat: int, aimed_seat: int):
    """A copy where ``seat`` casts Binding at a demon of ``aimed_seat``."""
    state = clone(state)
    caster = next(i for i, d in enumerate(state.demons) if d.owner == seat)
    target = next(i for i, d in enumerate(state.demons) if d.owner == aimed_seat)
    state.casting = Casting(caster=caster, seat=seat, card=0, key="binding", target=[target])
    return state


def test_reactions_a_counter_only_against_a_spell_aimed_at_the_seat():
    """9.8.2.1: the card is kept for a spell that hurts; never "always pass"."""
    base = played(3, 12, 60)
    legal = [Action(do="no"), Action(do="counter", a=5, b=1), Action(do="always")]
    assert policy.aimed_at(casting_at(base, 0, 1), casting_at(base, 0, 1).casting) == 1
    assert legal[policy._counter(casting_at(base, 0, 1), 1, legal)].do == "counter"
    assert legal[policy._counter(casting_at(base, 0, 2), 1, legal)].do == "no"
    assert legal[policy._counter(casting_at(base, 0, 1), 1, [legal[0], legal[2]])].do == "no"
    state, seat = asked("counter")
    assert E.ai_policy(E, state, seat).do in ("no", "counter")


def test_diplomacy_support_only_against_the_leader_and_consent_never():
    """9.8.3.2 support and 12.3.3 consent: answered by what serves the seat,
    never by a promise (the engine enforces none)."""
    base = clone(played(3, 13, 60))
    base.players[2].favour += 12  # seat 2 leads by far
    assert max(range(3), key=lambda s: E.evaluate(base, s)) == 2
    legal = [Action(do="no"), Action(do="yes")]
    assert legal[policy._support(E, casting_at(base, 0, 2), 1, legal)].do == "yes"
    assert legal[policy._support(E, casting_at(base, 2, 0), 1, legal)].do == "no"  # the leader's own spell
    assert legal[policy._support(E, casting_at(base, 0, 1), 1, legal)].do == "no"  # aimed at the supporter
    consent = [Action(do="yes"), Action(do="no")]
    assert consent[policy.RULES["consent"](E, base, 1, consent)].do == "no"


def rebuilt_orders(plausible: float, monkeypatch, n: int = 30) -> list[list]:
    """Another seat's Summoning order (submitted, unseen) as ``n``
    determinisations of seat 1 rebuild it, ``plausible`` of its steps by the
    rule of thumb."""
    monkeypatch.setattr(deal, "PLAUSIBLE", plausible)
    rnd, state = random.Random(0), E.setup(3, 0, SHORT)
    while not (flow.ask_of(state, 1) is not None and "summon" in state.orders.get(0, {})):
        seat = E.to_act(state)[0]
        state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
    copies = random.Random(4)
    return [E.determinise(state, 1, copies).orders[0]["summon"] for _ in range(n)]


def test_the_determiniser_builds_other_seats_orders_plausibly(monkeypatch):
    """Another seat's hidden Summoning order is rebuilt by the rule of thumb
    in most copies (legions where they hold most), at random in the rest
    (often nothing at all)."""
    default = deal.PLAUSIBLE
    ruled = rebuilt_orders(1.0, monkeypatch)
    assert all(order and order[0] == ruled[0][0] and order[0][0] == "legion" for order in ruled)
    uniform = rebuilt_orders(0.0, monkeypatch)
    mixed = rebuilt_orders(default, monkeypatch)

    def legions(orders):
        return sum(1 for order in orders for step in order if step[0] == "legion")

    assert legions(uniform) < legions(mixed) <= legions(ruled)
    assert len({repr(o) for o in mixed}) > 1  # the copies still differ


def test_the_search_keeps_its_tree_across_the_steps_of_one_decision():
    """The HellGame reuses trees: after a searched step, the next step of the
    same seat starts from the subtree of the action it chose."""
    rnd = random.Random(3)
    state = E.setup(3, 31, SHORT)
    for _ in range(3000):
        if E.result(state) is not None:
            break
        seat = E.to_act(state)[0]
        legal = E.legal_actions(state, seat)
        if len(legal) > 1 and ruled_choice(E, state, seat, random.Random(1)) is None:
            first = Search(budget_s=60, max_iterations=24)
            index = first.choose(E, state, seat, random.Random(2))
            after, _ = E.apply(state, seat, legal[index])
            if (first.after is not None and seat in E.to_act(after)
                    and len(E.legal_actions(after, seat)) > 1 and first.after[1].visits > 0):
                kept = first.after[1]
                before = kept.visits
                second = Search(budget_s=60, max_iterations=24, carry=first.after)
                second.choose(E, after, seat, random.Random(2))
                assert kept.visits == before + 24  # its iterations went on in the kept tree
                return
        state, _ = E.apply(state, seat, rnd.choice(legal))
    raise AssertionError("no searched decision followed by another of the same seat")


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
