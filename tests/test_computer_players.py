"""The computer player over the engine contract: it never peeks (two states
that differ only in what its seat may not see get the same decision for the
same seed), it plays legal moves in every game within its time budget, and
the arena plays matches between players and reports them as one JSON line."""

from __future__ import annotations

import json
import random
import time

import pytest
from test_contract_properties import engine_of, toy_registered  # noqa: F401 - toy_registered is a fixture
from test_contract_secrecy import TWINS

import engines
from bot import cli
from engines.ai import ComputerPlayer, Search
from engines.ai.arena import arena
from engines.contract import canonical_json

#: Options that keep a match of a long game short enough for the suite.
SHORT = {"hellgame": {"quick_small": True, "max_rounds": 1}}


def positions(game_id: str, seed: int, seats: int, every: int = 7, limit: int = 400):
    """States of a random match, one every ``every`` steps."""
    engine = engine_of(game_id)
    rnd = random.Random(seed)
    state = engine.setup(seats, seed, SHORT.get(game_id))
    for step in range(limit):
        if engine.result(state) is not None:
            return
        if step % every == 0:
            yield state
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))


@pytest.mark.parametrize("twin_name", list(TWINS))
def test_the_computer_decides_the_same_whatever_it_may_not_see(twin_name, toy_registered):
    game_id = twin_name.split("/")[0]
    engine = engine_of(game_id)
    make = TWINS[twin_name]
    rnd, compared = random.Random(3), 0
    for seats in range(engine.min_seats, min(engine.max_seats, 4) + 1):
        for state in positions(game_id, 11 + seats, seats, every=1, limit=3000):
            made = make(state, rnd)
            if made is None:
                continue
            twin, hiders = made
            assert canonical_json(twin) != canonical_json(state)
            for seat in engine.to_act(state):
                if seat in hiders or len(engine.legal_actions(state, seat)) < 2:
                    continue
                # an iteration cap, not the clock, ends these searches: same work, same answer
                search = Search(budget_s=60, max_iterations=24, playout_steps=4)
                mine = search.choose(engine, state, seat, random.Random(5))
                assert search.choose(engine, twin, seat, random.Random(5)) == mine
                compared += 1
            if compared >= 6:
                return
    assert compared, f"no position of {game_id} with a twin to compare"


@pytest.mark.parametrize("game_id", [e.id for e in engines.all()] + ["toy"])
def test_every_game_plays_legal_matches_in_the_arena(game_id, toy_registered):
    engine = engine_of(game_id)
    # greedy ends matches sooner than random, whose Himmel und Hölle runs for thousands of steps
    names = (["computer", "greedy"] + ["random"] * (engine.min_seats - 2))[:max(engine.min_seats, 2)]
    tally = arena(engine, names, games=2, budget_s=0.004, seed=2, options=SHORT.get(game_id))
    summary = json.loads(json.dumps(tally.summary()))
    assert summary["game"] == game_id and summary["games"] == 2 and summary["unfinished"] == 0
    assert sum(summary["wins"].values()) + summary["draws"] == 2
    assert set(summary["wins"]) == set(names) and summary["decision_ms_p95"] > 0
    # the budget is kept: a search that ignored it would run its 100,000
    # iterations, seconds a decision; the margin is for a loaded CI machine
    # (the time goals themselves are the benchmark's, bench/arena.py)
    assert summary["decision_ms_p95"] < 4 + 200


def test_a_decision_keeps_to_its_time_budget():
    engine = engines.get("halleluja")
    state = next(s for s in positions("halleluja", 4, 2, every=1) if len(engine.legal_actions(s, engine.to_act(s)[0])) > 3)
    player = ComputerPlayer(seed=1, budget_s=0.05)
    took = []
    for _ in range(5):
        started = time.perf_counter()
        index = player.decide(engine, state, engine.to_act(state)[0])
        took.append(time.perf_counter() - started)
        assert 0 <= index < len(engine.legal_actions(state, engine.to_act(state)[0]))
    # a search that ignored its budget runs for seconds; 10x the budget leaves
    # room for a loaded machine (the time goals are the benchmark's)
    assert max(took) < 0.05 * 10


def test_the_arena_command_prints_one_json_line_last(capsys):
    assert cli.main(["arena", "hoch-und-hoeher", "--players", "computer,greedy", "--games", "2",
                     "--budget-ms", "5", "--seed", "3", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    assert result["game"] == "hoch-und-hoeher" and result["games"] == 2
    assert set(result["wins"]) == {"computer", "greedy"} and "draws" in result and "decision_ms_p95" in result


@pytest.mark.parametrize("argv", [
    ["arena", "hoch-und-hoeher", "--players", "computer,wizard"],
    ["arena", "himmel-und-hoelle", "--players", "computer,random,random"],
    ["arena", "halleluja", "--games", "0"],
])
def test_wrong_arena_arguments_are_refused(argv, capsys):
    assert cli.main(argv) == 2
    assert "--players" in capsys.readouterr().err


def test_the_search_finds_a_race_home_two_steps_ahead():
    # Hell has two 6s home and a 6 one field before its last column, two
    # action points: move, then bring it in, wins the game
    from engines.himmel_und_hoelle.model import HEAVEN, HELL, Die

    engine = engines.get("himmel-und-hoelle")
    state = engine.setup(2, 1)
    state.dice = [Die(side=HELL, field="B9", value=6), Die(side=HELL, field="A3", value=2),
                  Die(side=HEAVEN, field="B5", value=4), Die(side=HEAVEN, field="C5", value=4)]
    state.goal, state.start, state.active, state.ap = [[6, 6], []], [0, 3], HELL, 2
    search = Search(budget_s=60, max_iterations=400, playout_steps=0)
    for _ in range(2):
        legal = engine.legal_actions(state, HELL)
        state, _ = engine.apply(state, HELL, legal[search.choose(engine, state, HELL, random.Random(2))])
    result = engine.result(state)
    assert result is not None and result.winners == [HELL] and result.reason == "goal"


def test_a_backed_up_node_is_worth_its_best_child_unless_chosen_blind():
    from engines.ai.search import Node

    search = Search(backup=1.0)
    search._backup = 1.0
    good, bad = Node(seat=1, visits=1, backed=[0.2, 0.9]), Node(seat=1, visits=1, backed=[0.8, 0.1])
    parent = Node(seat=0, visits=1, children={"good": good, "bad": bad})
    search._back_up([parent], [0.5, 0.5])
    # seat 1 chooses there: its best child, a step further off (a little nearer 1/2)
    assert parent.backed == pytest.approx([0.2, 0.9], abs=0.01) and parent.backed[1] < 0.9
    parent = Node(seat=0, visits=1, children={"good": good, "bad": bad}, blind=True)
    search._back_up([parent], [0.5, 0.5])
    assert parent.backed == [0.5, 0.5]  # chosen in secret: the mean of its own iterations


def test_the_bench_row_asks_for_races_home_where_the_table_does():
    from bench import arena as bench

    goal = next(g for g in bench.GOALS if g.game == "himmel-und-hoelle" and g.opponent == "greedy")
    row = {"won": 18, "decided": 20, "share": 0.9, "draws": 0, "unfinished": 0, "p95_ms": 500.0, "games": 20,
           "seconds": 1.0, "reasons": {"stuck": 15, "goal": 5}, "share_ok": True, "time_ok": True}
    assert not bench.wins_by_ok(goal, {"stuck": 18}, 18)
    assert not bench.wins_by_ok(goal, {"stuck": 17, "goal": 1}, 18)  # one race home is not a share
    assert bench.wins_by_ok(goal, {"stuck": 13, "goal": 5}, 18)
    random_row = next(g for g in bench.GOALS if g.game == "himmel-und-hoelle" and g.opponent == "random")
    assert bench.wins_by_ok(random_row, {"stuck": 18}, 18)  # asked against greedy only
    stranding = dict(row, wins_by={"stuck": 18}, wins_by_ok=False)
    racing = dict(row, wins_by={"stuck": 13, "goal": 5}, wins_by_ok=True)
    assert not bench.met(stranding) and bench.met(racing)
    printed = bench.line(goal, racing, rough=False)
    assert "computer wins by: goal 5, stuck 13" in printed and " ok " in printed and "MISSED" not in printed
    assert "MISSED" in bench.line(goal, stranding, rough=False)


def test_a_game_tunes_the_search_through_its_engine_hooks_only():
    """The search knows no game: Himmel und Hölle's settings come from its
    engine (``AI_SEARCH``, ``ai_useless``); a game without them gets the defaults."""
    from engines.ai.search import DEFAULTS

    for game, backup in (("himmel-und-hoelle", 1.0), ("halleluja", DEFAULTS["backup"])):
        engine = engines.get(game)
        state = engine.setup(2, 3)
        seat = engine.to_act(state)[0]
        search = Search(budget_s=0.01, max_iterations=20)
        search.choose(engine, state, seat, random.Random(1))
        assert search._backup == backup
    assert engines.get("himmel-und-hoelle").ai_useless is not None and engines.get("halleluja").ai_useless is None


@pytest.mark.parametrize("game_id", ["toy", "hellgame"])
def test_the_computer_never_steps_back_in_a_draft(game_id, toy_registered):
    """A draft's ``back`` only returns to a step the search has seen: chosen
    by a computer with little time, it made the draft a random walk (in the
    bot, hundreds of moves before the draft was submitted)."""
    engine = engine_of(game_id)
    found = 0
    for seed in range(6):
        for state in positions(game_id, seed, 3, every=1, limit=300):
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            backs = [i for i, a in enumerate(legal) if engine.ai_useless(state, seat, a)]
            if not backs or len(backs) == len(legal):
                continue
            found += 1
            for rng_seed in range(3):
                assert Search(budget_s=0.0, max_iterations=2).choose(engine, state, seat, random.Random(rng_seed)) not in backs
            if found >= 4:
                return
    raise AssertionError(f"no draft with a back step found in {game_id}")
