"""The HellGame: a move given by its destination (9.5, the Move action).

The path question offers, besides the single steps, every sectio the unit
can reach in the rest of its move, each with one canonical path (the
shortest; then through the fewest sectios where other players' units stand;
then through the fewest other players own; then the lowest sectio numbers,
first step first). Choosing one takes its first step; the seat's standing
answers (``core.hooks.STANDING``, applied by the bot as it applies every
automatic answer) walk the rest and submit at the destination. Everything
the rules do per step still happens per step: entry questions (9.5, 9.5.1),
forced stops (9.5), re-entry from Antehell (9.5.2.3)."""

from __future__ import annotations

import random

from engines.contract import canonical_json
from engines.hellgame import position as P
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import ANTEHELL, FREEBOOTERS, Action, State
from engines.hellgame.engine import ENGINE
from engines.hellgame.phases.action import movement
from engines.hellgame.phases.action.paths import plan
from hellgame_driver import answer, ask, asked, choose, dos, keys, legal, rolls, units  # noqa: F401 - rolls is a fixture
from test_hellgame_movement import legions, lieutenant, position  # the movement tests' positions (and test-end step)

X, Y, Z = 0, 1, 2


def sectio(prefix: str) -> int:
    hits = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    assert len(hits) == 1, (prefix, hits)
    return hits[0]


SPIES, FALSIFIERS = sectio("Spies"), sectio("Falsifiers")
LARD, ADDICTION, EXPLOITERS, SWAMP = sectio("Sea Of Lard"), sectio("Addiction"), sectio("Exploiters"), sectio("Swamp")
SNAKE, FURNACE, MEGALO, INSATIABLE = sectio("Snake"), sectio("Furnace"), sectio("Megalo"), sectio("The Insatiable")
TAVERN, WISE, GARDEN = sectio("Tavern"), sectio("The Wise"), sectio("Garden")


def settle(s: State) -> tuple[list, list[tuple[int, Action]]]:
    """Apply the automatic answers as the bot does (the lowest seat first)
    until someone must be asked: the events and the answers applied."""
    events, applied = [], []
    for _ in range(100):
        if s.over:
            break
        got = next(((seat, x) for seat in ENGINE.to_act(s) if (x := ENGINE.automatic(s, seat)) is not None), None)
        if got is None:
            break
        applied.append(got)
        events += answer(s, got[0], got[1].do, got[1].a, got[1].b, got[1].c)
    return events, applied


def go(s: State, seat: int, to: int) -> tuple[list, list[tuple[int, Action]]]:
    """``seat`` chooses the destination ``to``; then the automatic answers."""
    ev = answer(s, seat, "dest", to)
    more, applied = settle(s)
    return ev + more, applied


def route(s: State, seat: int, to: int) -> list[int]:
    """The canonical path offered to ``to`` (the sectios entered, ``to`` last)."""
    assert Action(do="dest", a=to) in legal(s, seat), (to, dos(s, "dest", seat))
    before = s.model_copy(deep=True)
    answer(before, seat, "dest", to)
    d = before.drafts[seat]
    return [a for do, a in d.steps if do == "to"][-1:] + d.data["walk"]


def started(units_: dict, unit_at: int, carry: int | None = None, kind: str = "lieutenant", **fields) -> State:
    """X's move started, its unit at ``unit_at`` (a lieutenant if there is
    one, else a legion) chosen, carrying ``carry``."""
    s = P.build(position(units_, **fields))
    unit = (units(s, unit_at, kind, X) or units(s, unit_at, "legion", X))[0]
    movement.start_move(s, 0, [])
    answer(s, X, "unit", unit.id)
    if carry is not None:
        answer(s, X, "carry", carry)
    return s


def summary(events) -> list[tuple[str, dict]]:
    return [(e.key, e.params) for e in events]


# -- one choice instead of a question per sectio ------------------------------------------------


def test_9_5_a_destination_three_steps_away_is_one_choice_with_the_events_of_the_steps():
    """9.5: Shalmaneser takes his legion from the Sea of Lard to the Swamp of
    Useless Rage (3 sectios): one choice, then the steps, "submit" and the
    order's events come by themselves, the same as answering each step."""
    board_ = {LARD: lieutenant("Shalmaneser", X, legions=1, leads=1), SPIES: legions(X)}
    by_steps = started(board_, LARD, carry=1)
    by_goal = started(board_, LARD, carry=1)
    way = route(by_goal, X, SWAMP)
    assert way == [SNAKE, FURNACE, SWAMP]
    label = flow.QUESTIONS["move"].label(by_goal, ask(by_goal, X), Action(do="dest", a=SWAMP))
    assert label == ("lb_move_dest", {"to": SWAMP, "n": 3, "via": [SNAKE, FURNACE]})
    assert ENGINE.label(by_goal, X, Action(do="dest", a=SWAMP), "en") == \
        "Go to Swamp Of Useless Rage (3 steps, via Snake Eyes, Furnace)"
    assert ENGINE.label(by_goal, X, Action(do="dest", a=SWAMP), "de") == \
        "Nach Swamp Of Useless Rage (3 Schritte, über Snake Eyes, Furnace)"

    stepped = []
    for to in way:
        stepped += answer(by_steps, X, "to", to)
    stepped += answer(by_steps, X, "submit")
    walked, applied = go(by_goal, X, SWAMP)

    assert [x for _, x in applied] == [Action(do="to", a=FURNACE), Action(do="to", a=SWAMP), Action(do="submit")]
    assert {seat for seat, _ in applied} == {X}
    assert summary(walked) == summary(stepped) and len(walked) == 3
    assert [e.key for e in walked] == ["ev_lt_moves"] * 3
    assert canonical_json(by_goal) == canonical_json(by_steps)  # the same state, draft and log of the move
    assert asked(by_goal) == [(X, "move")] and plan(by_goal, X) is None  # on to the next unit


def test_9_5_a_destination_next_door_and_the_steps_stay_offered():
    s = started({SPIES: legions(X), FALSIFIERS: legions(X)}, SPIES, kind="legion")
    steps = dos(s, "to", X)
    assert sorted(steps) == sorted(data.NEIGHBOURS[SPIES])
    # a legion goes 2 sectios: its neighbours and theirs, never back where it stands
    reach = {n for first in data.NEIGHBOURS[SPIES] for n in (first, *data.NEIGHBOURS[first])} - {SPIES}
    assert set(dos(s, "dest", X)) == reach
    assert flow.QUESTIONS["move"].label(s, ask(s, X), Action(do="dest", a=1)) == ("lb_move_dest_1", {"to": 1})
    groups = {ENGINE.group(s, X, x, "en") for x in legal(s, X)}
    assert {"Path", "Destinations 1 step away", "Destinations 2 steps away"} == groups
    ev, applied = go(s, X, 1)
    assert [x.do for _, x in applied] == ["submit"] and keys(ev) == ["ev_legion_moves"]


# -- the canonical path -----------------------------------------------------------------------


def test_9_5_canonical_path_shortest_then_fewest_held_then_fewest_owned_then_lowest_numbers():
    """From the Sea of Lard (33) three ways of 3 sectios lead to the Swamp
    (22): 28-23-22, 28-27-22, 32-27-22."""
    def way(units_: dict, to: int = SWAMP, owned: tuple = ()) -> list[int]:
        players = None
        fields = {}
        if owned:
            players = [P.Player(demons=["Balban"]), P.Player(demons=["Ukobach"], sectios=list(owned))]
            fields["players"] = players
        s = P.build(position({LARD: lieutenant("Shalmaneser", X, legions=1, leads=1), **units_}, **fields))
        movement.start_move(s, 0, [])
        answer(s, X, "unit", units(s, LARD, "lieutenant")[0].id)
        answer(s, X, "carry", 1)
        return route(s, X, to)

    assert way({}) == [SNAKE, FURNACE, SWAMP]  # nobody in the way: the lowest numbers
    assert way({FURNACE: legions(Y)}) == [SNAKE, EXPLOITERS, SWAMP]  # around Y's legion
    assert way({FURNACE: legions(Y)}, owned=(SNAKE,)) == [ADDICTION, EXPLOITERS, SWAMP]  # and around Y's sectio
    # Y's units weigh more than Y's sectios: through two of Y's sectios rather than past one legion
    assert way({SNAKE: legions(Y)}, owned=(ADDICTION, EXPLOITERS)) == [ADDICTION, EXPLOITERS, SWAMP]
    # the shortest first: to the Tavern (30) past Y's legion in The Insatiable rather than round the circle
    assert way({INSATIABLE: legions(Y)}, to=TAVERN) == [INSATIABLE, TAVERN]


# -- entry questions on the way (9.5, 9.5.1) ------------------------------------------------------------


def _through_snake_eyes(seats: int = 2) -> State:
    """Shalmaneser and a legion from the Sea of Lard to Megalomaniacs: the only
    way of 3 sectios passes Y's legion in Snake Eyes Saloon and the Furnace."""
    s = started({LARD: lieutenant("Shalmaneser", X, legions=1, leads=1), SNAKE: legions(Y), SPIES: legions(X)},
                LARD, carry=1, seats=seats)
    assert route(s, X, MEGALO) == [SNAKE, FURNACE, MEGALO]
    return s


def test_9_5_an_entry_question_pauses_the_walk_and_passage_lets_it_go_on():
    s = _through_snake_eyes()
    [lt] = units(s, LARD, "lieutenant")
    ev, applied = go(s, X, MEGALO)
    assert [x.do for _, x in applied] == ["to", "to", "submit"]
    assert lt.at == SNAKE and asked(s) == [(Y, "entry")]  # paused: Y is asked, X waits
    assert [x.do for x in legal(s, Y)] == ["stay", "flee", "let_pass"]
    assert ENGINE.automatic(s, Y) is None
    ev = answer(s, Y, "let_pass")
    more, applied = settle(s)
    assert applied == []  # nobody answered for: the walk went on by itself
    assert lt.at == MEGALO and len(board.group(s, lt)) == 1
    assert keys(ev) == ["ev_entry_pass", "ev_lt_moves", "ev_lt_moves"]
    assert asked(s) == [(X, "move")] and plan(s, X) is None  # X is asked only for the next unit
    assert flow.QUESTIONS["move"].prompt(s, ask(s, X))[0] == "pr_move"


def test_9_5_a_refused_entry_drops_the_walk_and_asks_the_mover():
    s = _through_snake_eyes()
    [lt] = units(s, LARD, "lieutenant")
    go(s, X, MEGALO)
    ev = answer(s, Y, "stay")
    _, applied = settle(s)
    assert applied == []
    assert keys(ev)[:2] == ["ev_entry_stay", "ev_stop_legion"]
    assert lt.at == SNAKE and s.move.path == [] and X not in s.drafts
    assert asked(s) == [(X, "move")] and flow.QUESTIONS["move"].prompt(s, ask(s, X))[0] == "pr_move"


def test_9_5_1_a_forced_stop_on_the_way_stops_the_walk(rolls):
    """Y's legion flees from Snake Eyes inward into the Furnace, the next
    sectio of the walk: entering it X meets Y again, Y stays, the enemy
    legion stops the unit there (9.5) although Megalomaniacs was planned."""
    s = _through_snake_eyes()
    [lt], [y] = units(s, LARD, "lieutenant"), units(s, SNAKE, "legion", Y)
    go(s, X, MEGALO)
    rolls += [1]  # inward: Snake Eyes Saloon -> Furnace of Book Burners
    ev = answer(s, Y, "flee")
    assert y.at == FURNACE and lt.at == FURNACE and asked(s) == [(Y, "entry")]
    ev += answer(s, Y, "stay")
    _, applied = settle(s)
    assert applied == []
    assert "ev_stop_legion" in keys(ev) and lt.at == FURNACE and y.at == FURNACE
    assert asked(s) == [(X, "move")] and X not in s.drafts


def test_9_5_a_quagmire_is_a_destination_but_never_a_way():
    s = started({LARD: lieutenant("Shalmaneser", X, legions=1, leads=1), SPIES: legions(X)}, LARD, carry=1,
                phenomena=[P.Phenomenon(kind="quagmire", at=SNAKE)])
    offered = dos(s, "dest", X)
    assert SNAKE in offered and MEGALO not in offered and FURNACE not in offered  # only through the Quagmire
    assert route(s, X, SWAMP) == [ADDICTION, EXPLOITERS, SWAMP]
    ev, applied = go(s, X, SNAKE)
    assert [x.do for _, x in applied] == ["submit"] and keys(ev) == ["ev_lt_moves"]
    assert units(s, SNAKE, "lieutenant")[0].owner == X


def test_9_5_answering_otherwise_drops_the_walk():
    s = started({LARD: lieutenant("Shalmaneser", X, legions=1, leads=1), SPIES: legions(X)}, LARD, carry=1)
    answer(s, X, "dest", SWAMP)
    assert ENGINE.automatic(s, X) == Action(do="to", a=FURNACE)
    answer(s, X, "to", EXPLOITERS)  # another step than planned (a computer player may)
    assert "walk" not in s.drafts[X].data and ENGINE.automatic(s, X) is None
    answer(s, X, "dest", SWAMP)  # a destination from the planned position: Snake Eyes -> Exploiters -> Swamp
    assert s.drafts[X].steps[-2:] == [["to", EXPLOITERS], ["to", SWAMP]] and s.drafts[X].data["walk"] == []
    assert ENGINE.automatic(s, X) == Action(do="submit")
    answer(s, X, "back")
    assert "walk" not in s.drafts[X].data and ENGINE.automatic(s, X) is None


def test_9_5_2_3_after_the_reentry_destinations_from_the_sectio_reached(rolls):
    s = started({ANTEHELL: lieutenant("Shalmaneser", X, legions=1, leads=1), SPIES: legions(X)}, ANTEHELL, carry=1)
    assert dos(s, "dest", X) == []  # the roll decides where it comes back
    answer(s, X, "reenter")
    rolls += [4]
    answer(s, X, "submit")
    [lt] = units(s, WISE, "lieutenant")
    assert s.drafts[X].data == {"cont": True, "range": 2}
    assert route(s, X, sectio("Molesters")) == [GARDEN, sectio("Molesters")]
    ev, applied = go(s, X, sectio("Molesters"))
    assert lt.at == sectio("Molesters") and keys(ev) == ["ev_lt_moves", "ev_lt_moves"]
    assert [x.do for _, x in applied] == ["to", "submit"]


# -- secrecy --------------------------------------------------------------------------------------------


def test_9_5_the_planned_walk_is_seen_by_the_mover_only(rolls):
    s = _through_snake_eyes(seats=3)
    before = {seat: canonical_json(ENGINE.view(s, seat)) for seat in (Y, Z, None)}
    answer(s, X, "dest", MEGALO)
    assert s.drafts[X].data["walk"] == [FURNACE, MEGALO]
    for seat in (Y, Z, None):
        shown = ENGINE.view(s, seat)
        assert shown.draft is None and canonical_json(shown) == before[seat]
    assert ENGINE.view(s, X).draft.data["walk"] == [FURNACE, MEGALO]
    redealt = ENGINE.determinise(s, Y, random.Random(1))
    assert X not in redealt.drafts
    # a walk planned after a re-entry from Antehell: the others' redeal keeps the re-entry, not the walk
    s = started({ANTEHELL: lieutenant("Shalmaneser", X, legions=1, leads=1), SPIES: legions(X)}, ANTEHELL, carry=1)
    answer(s, X, "reenter")
    rolls += [4]
    answer(s, X, "submit")
    answer(s, X, "dest", sectio("Molesters"))
    assert "walk" in s.drafts[X].data
    assert ENGINE.determinise(s, Y, random.Random(1)).drafts[X].data == {"cont": True, "range": 2}
    assert ENGINE.view(s, Y).draft is None


# -- the destinations are exactly what the steps reach --------------------------------------------------


def _path_questions(seed: int, seats: int, wanted: int = 6, limit: int = 4000):
    """Path questions of a seeded match (the seeded policy of the driver)."""
    rnd = random.Random(seed)
    s = ENGINE.setup(seats, seed, {"max_rounds": 3})
    found = 0
    for _ in range(limit):
        if s.over or found >= wanted:
            return
        seat = ENGINE.to_act(s)[0]
        a = flow.ask_of(s, seat)
        p = plan(s, seat) if a.q == "move" else None
        if p is not None and not p.carry_max:
            found += 1
            yield s, seat
        s, _ = ENGINE.apply(s, seat, choose(s, seat, rnd))


def _reachable(s: State, seat: int) -> dict[int, int]:
    """Every place where the plan may end, reached by answering single steps
    (``to``) from here, with the fewest steps it takes."""
    out: dict[int, int] = {}
    layer = [s]
    for depth in range(1, 4):
        nxt = []
        for t in layer:
            for x in flow.legal(t, seat):
                if x.do != "to":
                    continue
                u = t.model_copy(deep=True)
                flow.answer(u, seat, x, [])
                if Action(do="submit") in flow.legal(u, seat):
                    out.setdefault(plan(u, seat).pos, depth)
                nxt.append(u)
        layer = nxt
    return out


def _built(seed: int) -> tuple[State, int]:
    """A seeded board around X's lieutenant (with or without legions): other
    players' legions and lone lieutenants, wild hounds, freebooters, a
    Quagmire, sectios of Y; the path question after some random steps."""
    rnd = random.Random(seed)
    places = rnd.sample(range(len(data.SECTIOS)), 12)
    start = places[0] if seed % 4 else ANTEHELL
    taken = rnd.randint(0, 2)
    units_ = {start: lieutenant("Shalmaneser", X, legions=taken, leads=rnd.randint(0, taken))}
    for at in places[1:5]:
        units_[at] = P.Units(legions={rnd.choice((Y, Z)): rnd.randint(1, 2), **({X: 1} if rnd.random() < 0.3 else {})})
    units_[places[5]] = lieutenant("Verin", Y)
    units_[places[6]] = P.Units(hounds=[rnd.randint(1, 4)])
    units_[places[7]] = P.Units(legions={FREEBOOTERS: 1})
    units_[places[11]] = legions(X)
    players = [P.Player(demons=["Balban"]), P.Player(demons=["Ukobach"], sectios=places[8:10]),
               P.Player(demons=["Caim"])]
    fields = {"players": players, "freebooter_sectios": [places[7]]}
    if rnd.random() < 0.5:
        fields["phenomena"] = [P.Phenomenon(kind="quagmire", at=places[10])]
    if start == ANTEHELL:
        fields["dice"] = [rnd.randint(1, 5)]  # the re-entry roll
    s = P.build(position(units_, seats=3, **fields))
    movement.start_move(s, 0, [])
    answer(s, X, "unit", units(s, start, "lieutenant", X)[0].id)
    if dos(s, "carry", X):
        answer(s, X, "carry", rnd.choice(dos(s, "carry", X)))
    if start == ANTEHELL:
        answer(s, X, "reenter")
        answer(s, X, "submit")
    for _ in range(rnd.randint(0, 1)):
        if dos(s, "to", X) and X in s.drafts:
            answer(s, X, "to", rnd.choice(dos(s, "to", X)))
    return s, X


def _path_positions():
    for seed, seats in ((3, 2), (5, 3), (8, 4), (13, 3)):
        yield from _path_questions(seed, seats)
    for seed in range(16):
        s, seat = _built(seed)
        if flow.ask_of(s, seat) is not None and flow.ask_of(s, seat).q == "move" and plan(s, seat) is not None:
            yield s, seat


def test_9_5_the_destinations_are_exactly_the_sectios_the_steps_reach():
    checked, lone = 0, 0
    for s, seat in _path_positions():
        p = plan(s, seat)
        reach = _reachable(s, seat)
        reach.pop(p.pos, None)
        reach.pop(p.start, None)
        offered = dos(s, "dest", seat)
        assert set(offered) == set(reach), (p.pos, p.steps)
        for to in offered:
            way = route(s, seat, to)
            assert len(way) == reach[to] and way[-1] == to
            t = s.model_copy(deep=True)
            for n in way:  # the canonical path is a walk of legal steps
                flow.answer(t, seat, Action(do="to", a=n), [])
            assert Action(do="submit") in flow.legal(t, seat)
        checked += bool(offered)
        lone += bool(offered) and p.lt and p.group == 0
    assert checked >= 20 and lone >= 3
