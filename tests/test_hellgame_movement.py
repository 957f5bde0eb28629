"""The HellGame: the Move action (9.5), flight (9.5.1-9.5.2.3), hounds that
lose their keeper and the Random Move phase of hellhounds (10.3), with the
9.5 example and fixture 14 of the digest's Appendix B."""

from __future__ import annotations

from engines.hellgame import position as P
from engines.hellgame.beings import wild
from engines.hellgame.core import board, data, flight, flow
from engines.hellgame.core.model import ANTEHELL, Action, State
from engines.hellgame.phases.action import movement
from hellgame_driver import answer, ask, asked, dos, keys, legal, rolls, units  # noqa: F401 - rolls is a fixture

X, Y, Z = 0, 1, 2


def sectio(prefix: str) -> int:
    hits = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    assert len(hits) == 1, (prefix, hits)
    return hits[0]


SPIES, MIRACLE, FALSIFIERS = sectio("Spies"), sectio("Miracle"), sectio("Falsifiers")
LARD, ADDICTION, EXPLOITERS, SWAMP = sectio("Sea Of Lard"), sectio("Addiction"), sectio("Exploiters"), sectio("Swamp")
THIEVES, SNAKE, FURNACE, MEGALO = sectio("Thieves"), sectio("Snake"), sectio("Furnace"), sectio("Megalo")
ENVIOUS, IDOLATERS, SUGAR = sectio("The Envious"), sectio("Idolaters"), sectio("Sugar")
WISE, FOREST, MOLESTERS = sectio("The Wise"), sectio("The Forest"), sectio("Molesters")
PLAYGROUND, GARDEN = sectio("Playground"), sectio("Garden")


@flow.step("action_testend")
def _test_end(s, ev):
    """Stands in for the action module's step: the test's procedure ends here."""
    s.over = True


#: The demons of Y and Z: they never act in these tests.
OTHERS = ("Ukobach", "Caim")


def position(units: dict, seats: int = 2, demon: str = "Balban", **fields) -> P.Position:
    """X's ``demon`` (demon 0) in the Action phase, about to move (the tests
    start its move with ``movement.start_move``); when the move is over, the
    procedure goes on to the test-end step. A die that no test queued (with
    the ``rolls`` fixture) is an error."""
    players = [P.Player(demons=[demon])] + [P.Player(demons=[name]) for name in OTHERS[:seats - 1]]
    return P.Position(**{"players": players, "units": units, "phase": "action", "step": "action_testend",
                         "strict_dice": True, **fields})


def legions(seat: int, n: int = 1) -> P.Units:
    return P.Units(legions={seat: n})


def lieutenant(name: str, seat: int, legions: int = 0, leads: int = 0) -> P.Units:
    """A lieutenant with ``legions`` of his owner's legions beside him, leading ``leads`` of them."""
    return P.Units(lieutenants=[P.Lieutenant(name=name, seat=seat, leads=leads)], legions={seat: legions})


def move_path(s, unit, path, carry=None) -> list:
    """X moves ``unit`` (carrying ``carry`` legions) along ``path`` and submits; the events."""
    ev = answer(s, X, "unit", unit.id)
    if carry is not None:
        ev += answer(s, X, "carry", carry)
    for to in path:
        ev += answer(s, X, "to", to)
    return ev + answer(s, X, "submit")


# -- 9.5 the Move action ------------------------------------------------------------------


def test_9_5_example_legion_and_lieutenant_of_balban():
    s = P.build(position({SPIES: legions(X), LARD: lieutenant("Shalmaneser", X), ADDICTION: legions(X)}))
    [a], [lt], [picked] = units(s, SPIES), units(s, LARD), units(s, ADDICTION)
    ev = []
    movement.start_move(s, 0, ev)
    assert ask(s, X).q == "move"
    ev += move_path(s, a, [MIRACLE, FALSIFIERS])
    assert a.at == FALSIFIERS
    assert s.entered[str(MIRACLE)] == [[X, SPIES]] and s.entered[str(FALSIFIERS)] == [[X, MIRACLE]]
    assert ev[-1].key == "ev_legion_moves" and ev[-1].params == {"seat": X, "from": MIRACLE, "to": FALSIFIERS}
    # the lieutenant: Sea of Lard -> Addiction (picks up a legion) -> Exploiters -> Swamp of Useless Rage
    answer(s, X, "unit", lt.id)
    assert ask(s, X).q == "move" and X in s.drafts  # no legion to carry at the start: path at once
    answer(s, X, "to", ADDICTION)
    assert dos(s, "pick", X) == [1]
    answer(s, X, "pick", 1)
    answer(s, X, "to", EXPLOITERS)
    answer(s, X, "to", SWAMP)
    assert dos(s, "to", X) == []  # 3 sectios: range used up
    ev += answer(s, X, "submit")
    assert (lt.at, picked.at, picked.leader) == (SWAMP, SWAMP, lt.id)
    assert "ev_move_pick" in keys(ev)
    # Balban has 2 skulls: the move action is over, the demon has acted
    assert s.move is None and s.demons[0].acted and X not in s.drafts


def _example_until_exploiters():
    s = P.build(position({LARD: lieutenant("Shalmaneser", X), ADDICTION: legions(X), EXPLOITERS: legions(Y)}))
    [lt], [y] = units(s, LARD), units(s, EXPLOITERS)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", lt.id)
    answer(s, X, "to", ADDICTION)
    answer(s, X, "pick", 1)
    answer(s, X, "to", EXPLOITERS)
    answer(s, X, "to", SWAMP)
    answer(s, X, "submit")
    a = ask(s, Y)
    assert a.q == "entry" and a.kind == "reaction" and a.data == {"sectio": EXPLOITERS, "mover": X}
    assert asked(s) == [(Y, "entry")]  # X waits
    assert [x.do for x in legal(s, Y)] == ["stay", "flee", "let_pass"]
    return s, lt, y


def test_9_5_example_y_says_stop():
    s, lt, y = _example_until_exploiters()
    ev = answer(s, Y, "stay")
    assert lt.at == EXPLOITERS and y.at == EXPLOITERS
    assert keys(ev)[:2] == ["ev_entry_stay", "ev_stop_legion"]
    assert s.move is None or s.move.unit is None


def test_9_5_example_y_flees_and_x_finishes(rolls):
    s, lt, y = _example_until_exploiters()
    rolls += [2]  # ccw: Exploiters -> Thieves
    ev = answer(s, Y, "flee")
    assert y.at == THIEVES and lt.at == SWAMP
    assert s.entered[str(THIEVES)] == [[Y, EXPLOITERS]]
    assert "ev_flee" in keys(ev) and "ev_stop_legion" not in keys(ev)


def test_9_5_example_y_flees_into_the_attackers_origin_fails(rolls):
    s, lt, y = _example_until_exploiters()
    rolls += [3]  # outward: Exploiters -> Addiction, where the lieutenant came from
    answer(s, Y, "flee")
    assert y.at == EXPLOITERS and lt.at == EXPLOITERS  # barred (G3): flight failed, X must stop


def test_9_5_example_y_grants_passage():
    s, lt, y = _example_until_exploiters()
    ev = answer(s, Y, "let_pass")
    assert lt.at == SWAMP and y.at == EXPLOITERS
    assert keys(ev)[0] == "ev_entry_pass"


def test_9_5_passage_only_offered_when_the_path_goes_on():
    s = P.build(position({MIRACLE: legions(X), FALSIFIERS: legions(Y)}))
    [a] = units(s, MIRACLE)
    movement.start_move(s, 0, [])
    move_path(s, a, [FALSIFIERS])
    assert [x.do for x in legal(s, Y)] == ["stay", "flee"]
    answer(s, Y, "stay")
    assert a.at == FALSIFIERS


def test_9_5_skull_limit_one_unit_per_skull():
    s = P.build(position({SPIES: legions(X, 2)}, demon="Gomory"))  # 1 skull
    a, b = units(s, SPIES)
    movement.start_move(s, 0, [])
    move_path(s, a, [MIRACLE])
    assert s.demons[0].acted and s.move is None and b.at == SPIES


def test_9_5_lieutenant_counts_one_carried_legions_free():
    # Balban: 2 skulls; Shalmaneser leads the first of the three legions
    s = P.build(position({LARD: lieutenant("Shalmaneser", X, legions=3, leads=1), SPIES: legions(X)}))
    legs, [lt], [other] = units(s, LARD, "legion"), units(s, LARD, "lieutenant"), units(s, SPIES)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", lt.id)
    assert dos(s, "carry", X) == [0, 1, 2, 3]  # leadership 3
    answer(s, X, "carry", 2)
    answer(s, X, "to", ADDICTION)
    answer(s, X, "submit")
    assert ask(s, X).q == "move" and not s.demons[0].acted  # one skull left
    carried = [u for u in legs if u.at == ADDICTION]
    assert len(carried) == 2 and legs[0] in carried and all(u.leader == lt.id for u in carried)
    # the carried legions were moved by this demon; the third one was not
    offered = {x.a for x in legal(s, X) if x.do == "unit"}
    assert not offered & {u.id for u in carried} and lt.id not in offered
    assert offered == {legs[2].id, other.id}


def test_9_5_led_legion_moving_alone_leaves_the_group():
    s = P.build(position({LARD: lieutenant("Shalmaneser", X, legions=1, leads=1)}))
    [g], [lt] = units(s, LARD, "legion"), units(s, LARD, "lieutenant")
    movement.start_move(s, 0, [])
    labels = [movement._move_label(s, ask(s, X), x)[0] for x in legal(s, X) if x.do == "unit"]
    assert "lb_unit_led" in labels
    move_path(s, g, [ADDICTION])
    assert g.leader is None and board.group(s, lt) == []


def test_9_5_range_legion_2_lieutenant_3():
    s = P.build(position({SPIES: legions(X)}))
    [a] = units(s, SPIES)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", a.id)
    answer(s, X, "to", MIRACLE)
    answer(s, X, "to", FALSIFIERS)
    assert dos(s, "to", X) == [] and {"submit", "back", "done"} == {x.do for x in legal(s, X)}
    answer(s, X, "back")
    assert sorted(dos(s, "to", X)) == sorted(data.NEIGHBOURS[MIRACLE])
    answer(s, X, "back")
    answer(s, X, "back")
    assert X not in s.drafts and dos(s, "unit", X) == [a.id]


def test_9_5_no_corners_no_pentagram():
    s = P.build(position({ENVIOUS: legions(X), SPIES: legions(X)}))
    [a], [b] = units(s, ENVIOUS), units(s, SPIES)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", a.id)
    assert IDOLATERS not in dos(s, "to", X) and sorted(dos(s, "to", X)) == sorted(data.NEIGHBOURS[ENVIOUS])
    answer(s, X, "back")
    answer(s, X, "unit", b.id)
    assert sorted(dos(s, "to", X)) == [1, 4, MIRACLE]  # circle 0: nothing inward (the Pentagram)


def test_9_5_no_unit_twice_by_one_demon():
    s = P.build(position({SPIES: legions(X), THIEVES: legions(X)}, demon="Beelzebub"))
    [a], [b] = units(s, SPIES), units(s, THIEVES)
    movement.start_move(s, 0, [])
    move_path(s, a, [MIRACLE])
    assert dos(s, "unit", X) == [b.id]
    move_path(s, b, [EXPLOITERS])
    # 2 of 4 skulls used but no unit is left to move: the action ends
    assert s.demons[0].acted and s.move is None


def test_9_5_done_ends_the_move_and_is_the_passive_choice():
    s = P.build(position({SPIES: legions(X)}))
    movement.start_move(s, 0, [])
    q = flow.QUESTIONS["move"]
    assert q.passive(s, ask(s, X)) == Action(do="done")
    answer(s, X, "done")
    assert s.demons[0].acted and s.move is None and s.asks == []


def test_9_5_hound_moves_with_its_keeper():
    s = P.build(position({SPIES: P.Units(legions={X: 1}, hounds=[P.Hound(attacks=3, keeper=X)]),
                          THIEVES: legions(X)}))  # the legion in Thieves keeps the move action open
    [a], [h] = units(s, SPIES, "legion"), units(s, SPIES, "hound")
    movement.start_move(s, 0, [])
    move_path(s, a, [MIRACLE])
    assert h.at == MIRACLE
    assert h.id in s.move.moved and h.id in s.move.carried  # free, not a skull


def test_9_5_must_stop_in_antehell_and_with_a_wild_hound():
    s = P.build(position({PLAYGROUND: legions(X), FALSIFIERS: legions(X), MIRACLE: P.Units(hounds=[2])}))
    [a], [b] = units(s, PLAYGROUND), units(s, FALSIFIERS)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", a.id)
    assert ANTEHELL in dos(s, "to", X)
    answer(s, X, "to", ANTEHELL)
    assert dos(s, "to", X) == [] and "submit" in {x.do for x in legal(s, X)}
    answer(s, X, "back")
    answer(s, X, "back")
    answer(s, X, "unit", b.id)
    answer(s, X, "to", MIRACLE)
    assert dos(s, "to", X) == []  # a rampaging hound stops the unit there
    answer(s, X, "submit")
    assert b.at == MIRACLE


def test_9_5_a_phenomenon_hook_stops_units(monkeypatch):
    s = P.build(position({SPIES: legions(X)}))
    [a] = units(s, SPIES)
    # stands in for a phenomenon (or Lilith) registered in flight.STOP_HOOKS: only the hook is tested here
    monkeypatch.setattr(flight, "STOP_HOOKS", [lambda st, at: at == MIRACLE])
    movement.start_move(s, 0, [])
    answer(s, X, "unit", a.id)
    answer(s, X, "to", MIRACLE)
    assert dos(s, "to", X) == []


def test_9_5_several_holders_asked_in_seat_order(rolls):
    s = P.build(position({SPIES: legions(X), MIRACLE: P.Units(legions={Z: 1, Y: 1})}, seats=3))
    [a], [y], [z] = units(s, SPIES), units(s, MIRACLE, owner=Y), units(s, MIRACLE, owner=Z)
    movement.start_move(s, 0, [])
    move_path(s, a, [MIRACLE, FALSIFIERS])
    assert asked(s) == [(Y, "entry")]  # Z is not asked yet
    answer(s, Y, "let_pass")
    assert ask(s, Z).q == "entry"
    rolls += [4]  # Z flees clockwise: Miracle Workers -> Falsifiers
    answer(s, Z, "flee")
    assert z.at == FALSIFIERS
    assert a.at == FALSIFIERS and y.at == MIRACLE  # X went on, met Z again there
    assert ask(s, Z).q == "entry"  # Z is asked again at Falsifiers (X stops there anyway)
    assert [x.do for x in legal(s, Z)] == ["stay", "flee"]


# -- 9.5.1 / 9.5.2.1 fleeing ------------------------------------------------------------------


def test_9_5_1_legion_flight_rolls_and_failures(rolls):
    s = P.build(position({MIRACLE: legions(Y), SPIES: legions(Y)}))
    [a], [b] = units(s, MIRACLE), units(s, SPIES)
    rolls += [5]
    assert movement.flee(s, Y, [a], None, []) == [a] and a.at == MIRACLE
    rolls += [1]  # inward from circle 0: the Pentagram
    assert movement.flee(s, Y, [b], None, []) == [b] and b.at == SPIES
    rolls += [4]  # clockwise Miracle Workers -> Falsifiers, but the attacker came from there
    assert movement.flee(s, Y, [a], FALSIFIERS, []) == [a]
    rolls += [3]
    assert movement.flee(s, Y, [a], FALSIFIERS, []) == [] and a.at == sectio("Farm")


def test_9_5_1_flight_into_antehell_allowed_and_out_by_reentry(rolls):
    s = P.build(position({WISE: legions(Y)}))
    [a] = units(s, WISE)
    rolls += [3]
    assert movement.flee(s, Y, [a], None, []) == [] and a.at == ANTEHELL
    rolls += [2]  # from Antehell: the re-entry roll, quarter 1
    assert movement.flee(s, Y, [a], None, []) == [] and a.at == sectio("Underachievers")


def test_9_5_1_lieutenant_rolls_two_dice_engine_picks(rolls):
    # Alastor, leadership 2, leads both of Y's legions
    s = P.build(position({ADDICTION: lieutenant("Alastor", Y, legions=2, leads=2), EXPLOITERS: legions(X)}))
    [lt], (g1, g2) = units(s, ADDICTION, "lieutenant"), units(s, ADDICTION, "legion")
    rolls += [1, 4]  # 1: Exploiters (enemy), 4: Sea of Lard (empty) -> Sea of Lard
    ev = []
    assert movement.flee(s, Y, [lt, g1, g2], None, ev) == []
    assert lt.at == g1.at == g2.at == LARD
    assert ev[0].key == "ev_flee_lt" and ev[0].params["n"] == 2
    rolls += [6, 5]  # neither die valid: he and his legions stay
    assert set(u.id for u in movement.flee(s, Y, [lt, g1, g2], None, [])) == {lt.id, g1.id, g2.id}
    rolls += [3, 2]  # both valid and empty: the lower die (2, ccw -> Addiction)
    assert movement.flee(s, Y, [lt, g1, g2], None, []) == [] and lt.at == ADDICTION


def test_9_5_1_lieutenant_avoids_antehell_when_he_can(rolls):
    s = P.build(position({WISE: lieutenant("Shalmaneser", Y)}))
    [lt] = units(s, WISE)
    rolls += [3, 4]  # 3: Antehell, 4: A Room Full of Narcissists
    movement.flee(s, Y, [lt], None, [])
    assert lt.at == sectio("A Room")


def test_9_5_2_1_flight_chain_until_free_or_failed(rolls):
    s = P.build(position({THIEVES: legions(Y), EXPLOITERS: legions(X), SNAKE: legions(X)}))
    [a] = units(s, THIEVES)
    rolls += [4, 4, 1]  # Thieves -> Exploiters (X) -> Snake Eyes (X) -> Furnace (free)
    ev = []
    assert movement.flee(s, Y, [a], None, ev) == [] and a.at == FURNACE
    assert keys(ev) == ["ev_flee"] * 3
    assert s.entered[str(SNAKE)] == [[Y, EXPLOITERS]]


def test_9_5_2_1_back_where_it_came_from_fails(rolls):
    s = P.build(position({THIEVES: legions(Y), EXPLOITERS: legions(X)}))
    [a] = units(s, THIEVES)
    rolls += [4, 2]  # into Exploiters (hostile), then back ccw to Thieves: failed
    assert movement.flee(s, Y, [a], None, []) == [a] and a.at == EXPLOITERS


def test_9_5_2_1_fleeing_units_cause_no_flight(rolls):
    s = P.build(position({THIEVES: legions(Y), EXPLOITERS: legions(X)}))
    [a], [x] = units(s, THIEVES), units(s, EXPLOITERS)
    rolls += [4, 5]
    movement.flee(s, Y, [a], None, [])
    assert x.at == EXPLOITERS and a.at == EXPLOITERS


# -- 9.5.2.2 lone lieutenants --------------------------------------------------------------------


def test_9_5_2_2_lone_lieutenant_flees_at_once_and_is_captured(rolls):
    s = P.build(position({SPIES: legions(X), MIRACLE: lieutenant("Verin", Y)}))
    [a], [ylt] = units(s, SPIES), units(s, MIRACLE)
    movement.start_move(s, 0, [])
    rolls += [5, 6]
    ev = move_path(s, a, [MIRACLE, FALSIFIERS])
    assert board.unit(s, ylt.id) is None and s.returned[-1] == ylt.card  # Verin
    assert a.at == FALSIFIERS  # he cannot hinder the mover
    assert "ev_captured" in keys(ev) and asked(s) == []


def test_9_5_2_2_lone_lieutenant_in_a_sectio_fled_into_must_flee(rolls):
    s = P.build(position({THIEVES: legions(X), EXPLOITERS: lieutenant("Verin", Y)}))
    [a], [ylt] = units(s, THIEVES), units(s, EXPLOITERS)
    rolls += [4, 3, 5]  # X's legion flees to Exploiters; Y's lone lieutenant rolls 3 (-> Addiction) and 5
    assert movement.flee(s, X, [a], None, []) == []
    assert a.at == EXPLOITERS and ylt.at == ADDICTION


def test_9_5_2_2_lone_lieutenant_sneaks_but_may_not_stop_among_enemies():
    s = P.build(position({ADDICTION: lieutenant("Shalmaneser", X), EXPLOITERS: legions(Y)}))
    [lt], [y] = units(s, ADDICTION), units(s, EXPLOITERS)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", lt.id)
    answer(s, X, "to", EXPLOITERS)
    assert "submit" not in {x.do for x in legal(s, X)}
    answer(s, X, "to", SWAMP)
    answer(s, X, "submit")
    assert lt.at == SWAMP and y.at == EXPLOITERS and asked(s) == []


def test_9_5_2_2_lone_lieutenants_at_the_end_of_combat(rolls):
    s = P.build(position({EXPLOITERS: P.Units(lieutenants=[P.Lieutenant(name="Verin", seat=Y)], legions={X: 1}),
                          SWAMP: lieutenant("Breschau", Y)},  # alone but no enemy: stays
                         entered={EXPLOITERS: [(X, THIEVES)]}))
    [lt], [safe] = units(s, EXPLOITERS, "lieutenant"), units(s, SWAMP)
    rolls += [2, 5]  # 2 would lead to Thieves, where X came from: barred; 5: nothing
    movement.lone_lieutenants(s, [])
    assert board.unit(s, lt.id) is None and lt.card in s.returned  # Verin
    assert safe.at == SWAMP  # rolled no die


# -- 9.5.2.3 leaving Antehell -------------------------------------------------------------------


def test_9_5_2_3_reentry_1_to_5_then_the_rest_of_the_range(rolls):
    s = P.build(position({ANTEHELL: legions(X)}))
    [a] = units(s, ANTEHELL)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", a.id)
    assert [x.do for x in legal(s, X)] == ["reenter", "back", "done"]
    answer(s, X, "reenter")
    rolls += [4]
    ev = answer(s, X, "submit")
    assert a.at == WISE and s.entered[str(WISE)] == [[X, ANTEHELL]]
    assert ev[0].key == "ev_reenter" and ev[0].params == {"seat": X, "roll": 4, "to": WISE}
    # one sectio of range left, planned from where it came back in
    assert s.drafts[X].data == {"cont": True, "range": 1}
    assert flow.QUESTIONS["move"].prompt(s, ask(s, X))[0] == "pr_move_reentered"
    assert set(dos(s, "to", X)) == set(data.NEIGHBOURS[WISE])
    answer(s, X, "to", GARDEN)
    answer(s, X, "submit")
    assert a.at == GARDEN
    assert flow.legal(s, X) == [] and s.move is None  # not offered again: Balban's move is over


def test_9_5_2_3_reentry_6_lost_for_this_move(rolls):
    s = P.build(position({ANTEHELL: legions(X), SPIES: legions(X)}))
    [a], [b] = units(s, ANTEHELL), units(s, SPIES)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", a.id)
    answer(s, X, "reenter")
    rolls += [6]
    ev = answer(s, X, "submit")
    assert a.at == ANTEHELL and keys(ev)[0] == "ev_reenter_lost"
    assert dos(s, "unit", X) == [b.id] and not s.demons[0].acted


def test_9_5_2_3_reentry_into_a_blocked_sectio_ends_the_move(rolls):
    """The re-entry is an entry: the holder there may block (passage is
    offered, range is left), and then the unit stops; it does not plan on."""
    s = P.build(position({ANTEHELL: legions(X), WISE: legions(Y)}))
    [a], [y] = units(s, ANTEHELL), units(s, WISE)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", a.id)
    answer(s, X, "reenter")
    rolls += [4]
    answer(s, X, "submit")
    assert a.at == WISE and ask(s, Y).q == "entry"
    assert [x.do for x in legal(s, Y)] == ["stay", "flee", "let_pass"]
    assert flow.QUESTIONS["entry"].prompt(s, ask(s, Y))[0] == "pr_entry"
    ev = answer(s, Y, "stay")
    assert keys(ev)[:2] == ["ev_entry_stay", "ev_stop_legion"]
    assert a.at == WISE and y.at == WISE and X not in s.drafts
    assert s.move is None and s.demons[0].acted  # Balban had nothing else to move


def test_9_5_2_3_reentry_into_a_wild_hounds_sectio_stops(rolls):
    s = P.build(position({ANTEHELL: legions(X), SPIES: legions(X), WISE: P.Units(hounds=[2])}))
    [a], [b] = units(s, ANTEHELL), units(s, SPIES)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", a.id)
    answer(s, X, "reenter")
    rolls += [4]
    ev = answer(s, X, "submit")
    assert a.at == WISE and "ev_stop_wild" in keys(ev)
    assert X not in s.drafts and dos(s, "unit", X) == [b.id]  # on to the next unit


def test_9_5_2_3_reentry_with_passage_granted_moves_on(rolls):
    s = P.build(position({ANTEHELL: lieutenant("Shalmaneser", X, legions=1, leads=1), WISE: legions(Y)}))
    [lt] = units(s, ANTEHELL, "lieutenant")
    movement.start_move(s, 0, [])
    answer(s, X, "unit", lt.id)
    answer(s, X, "carry", 1)
    answer(s, X, "reenter")
    rolls += [4]
    answer(s, X, "submit")
    answer(s, Y, "let_pass")
    assert lt.at == WISE and s.drafts[X].data == {"cont": True, "range": 2}
    assert "submit" not in {x.do for x in legal(s, X)}  # granted passage: it passes through
    answer(s, X, "to", GARDEN)
    answer(s, X, "submit")
    assert lt.at == GARDEN and len(board.group(s, lt)) == 1


def test_9_5_2_3_lieutenant_picks_up_legions_where_he_reenters(rolls):
    s = P.build(position({ANTEHELL: lieutenant("Shalmaneser", X), WISE: legions(X)}))
    [lt], [waiting] = units(s, ANTEHELL), units(s, WISE)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", lt.id)
    answer(s, X, "reenter")
    rolls += [4]
    answer(s, X, "submit")
    assert lt.at == WISE and dos(s, "pick", X) == [1]
    answer(s, X, "pick", 1)
    answer(s, X, "to", GARDEN)
    answer(s, X, "submit")
    assert waiting.at == lt.at == GARDEN and waiting.leader == lt.id


def test_9_5_2_2_lone_lieutenant_last_step_never_among_enemies():
    def back_in_addiction(own_legions_in_exploiters: int) -> State:
        s = P.build(position({ADDICTION: lieutenant("Shalmaneser", X),
                              EXPLOITERS: P.Units(legions={Y: 1, X: own_legions_in_exploiters})}))
        [lt] = units(s, ADDICTION, "lieutenant")
        movement.start_move(s, 0, [])
        answer(s, X, "unit", lt.id)
        assert EXPLOITERS in dos(s, "to", X)  # he may sneak through it ...
        answer(s, X, "to", LARD)
        answer(s, X, "to", ADDICTION)
        return s

    assert EXPLOITERS not in dos(back_in_addiction(0), "to", X)  # ... but not end his move there
    assert EXPLOITERS in dos(back_in_addiction(1), "to", X)  # unless an own legion stands there


# -- 10.3 hellhounds ----------------------------------------------------------------------------------


def test_10_3_hound_runs_amok_when_its_keeper_is_lost(rolls):
    s = P.build(position({FALSIFIERS: P.Units(legions={X: 1}, hounds=[P.Hound(attacks=2, keeper=X)])}))
    [keeper], [h] = units(s, FALSIFIERS, "legion"), units(s, FALSIFIERS, "hound")
    loose = board.remove(s, keeper)
    assert loose == [h]
    rolls += [2]
    movement.run_amok(s, h, [])
    assert h.at == MIRACLE and h.owner is None and h.keeper is None
    assert s.entered[str(MIRACLE)] == [[-1, FALSIFIERS]]
    rolls += [6]
    movement.run_amok(s, h, [])
    assert h.at == MIRACLE
    stack = len(s.hounds)
    rolls += [1, 1]  # inward to Spies, then inward again: the Pentagram -> destroyed
    movement.run_amok(s, h, [])
    movement.run_amok(s, h, [])
    assert board.unit(s, h.id) is None and len(s.hounds) == stack + 1


def test_10_3_amok_into_antehell_destroys(rolls):
    s = P.build(position({WISE: P.Units(hounds=[4])}))
    [h] = units(s, WISE)
    rolls += [3]
    movement.run_amok(s, h, [])
    assert board.unit(s, h.id) is None and s.hounds[-1] == 4


def test_appendix_b_14_wild_hound_stops_on_another_wild_hound(rolls):
    s = P.build(position({THIEVES: P.Units(hounds=[4]), MEGALO: P.Units(hounds=[1])}, phase="random", step=None))
    [h], [other] = units(s, THIEVES), units(s, MEGALO)
    rolls += [4, 4, 1, 5, 1]  # Exploiters, Snake Eyes, Furnace, stays, Megalomaniacs: stop (6th roll unused)
    rolls += [6]  # the other hound starts with a unit: a 5-6 keeps it there
    ev = P.run_to(s, "random_hounds")  # no Uriel, no Lilith: nothing happens before the hounds
    assert s.step == "random_hounds"
    P.run_to(s, "combat", ev)
    assert s.step == "combat" and rolls == []
    assert h.at == MEGALO and other.at == MEGALO
    assert ev[0].key == "ev_hound_run" and ev[0].params["rolls"] == [4, 4, 1, 5, 1]
    assert ev[1].key == "ev_hound_run_stays"
    assert [e[1] for e in s.entered[str(FURNACE)]] == [SNAKE]


def test_10_3_hound_with_company_moves_off_on_1_to_4(rolls):
    s = P.build(position({FURNACE: P.Units(legions={X: 1}, hounds=[2])}))
    [h] = units(s, FURNACE, "hound")
    rolls += [2, 5, 5, 5, 5, 5]  # leaves for the Swamp and idles there
    wild.rampage(s, h, [])
    assert h.at == SWAMP


def test_10_3_hound_stops_on_entering_a_unit_and_dies_in_antehell(rolls):
    s = P.build(position({FOREST: P.Units(hounds=[3]), MOLESTERS: legions(Y), WISE: P.Units(hounds=[2])}))
    [h], [y], [h2] = units(s, FOREST), units(s, MOLESTERS), units(s, WISE)
    rolls += [1]
    wild.rampage(s, h, [])
    assert h.at == MOLESTERS and y.at == MOLESTERS  # nobody flees
    rolls += [5, 3]
    wild.rampage(s, h2, [])
    assert board.unit(s, h2.id) is None


def test_10_3_strongest_hound_first_ties_by_die(rolls):
    s = P.build(position({SPIES: P.Units(hounds=[1]), THIEVES: P.Units(hounds=[3]), SUGAR: P.Units(hounds=[3])}))
    [weak], [a], [b] = units(s, SPIES), units(s, THIEVES), units(s, SUGAR)
    rolls += [2, 5]  # a rolls 2, b rolls 5: b first
    assert [u.id for u in wild.hound_order(s, [weak, a, b])] == [b.id, a.id, weak.id]
    rolls += [4, 4, 6, 1]  # tie, then a 6 against a 1: a first
    assert [u.id for u in wild.hound_order(s, [a, b])] == [a.id, b.id]


# -- messages ------------------------------------------------------------------------------------------


def test_every_movement_message_exists_in_both_languages():
    from engines.hellgame.core.text import LOCALE_DIR
    from engines.i18n import Catalog

    cat = Catalog("hellgame_movement", LOCALE_DIR)
    for key in ("lb_move_carry", "lb_move_pick", "lb_move_drop", "ev_flee", "pr_entry", "ev_hound_run"):
        for lang in ("de", "en"):
            assert cat.template(key, lang), (key, lang)


def test_9_5_lieutenant_drops_legions_on_the_way():
    s = P.build(position({LARD: lieutenant("Shalmaneser", X, legions=2, leads=2)}))
    legs, [lt] = units(s, LARD, "legion"), units(s, LARD, "lieutenant")
    movement.start_move(s, 0, [])
    answer(s, X, "unit", lt.id)
    answer(s, X, "carry", 2)
    answer(s, X, "to", ADDICTION)
    assert dos(s, "drop", X) == [1, 2] and dos(s, "pick", X) == []
    answer(s, X, "drop", 1)
    answer(s, X, "to", EXPLOITERS)
    ev = answer(s, X, "submit")
    assert lt.at == EXPLOITERS and sorted(u.at for u in legs) == sorted([ADDICTION, EXPLOITERS])
    assert [u.leader for u in legs if u.at == ADDICTION] == [None]
    assert "ev_move_drop" in keys(ev)


def test_9_5_entry_default_is_to_stay():
    s, lt, y = _example_until_exploiters()
    a = ask(s, Y)
    assert flow.QUESTIONS["entry"].passive(s, a) == Action(do="stay")


def test_9_5_2_2_a_lone_mover_makes_nobody_flee():
    s = P.build(position({ADDICTION: lieutenant("Shalmaneser", X), EXPLOITERS: lieutenant("Verin", Y)}))
    [lt], [ylt] = units(s, ADDICTION), units(s, EXPLOITERS)
    movement.start_move(s, 0, [])
    answer(s, X, "unit", lt.id)
    answer(s, X, "to", EXPLOITERS)
    answer(s, X, "to", SWAMP)
    answer(s, X, "submit")  # no dice needed (strict dice): Y's lieutenant is not disturbed
    assert lt.at == SWAMP and ylt.at == EXPLOITERS
