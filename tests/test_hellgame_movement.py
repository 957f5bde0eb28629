"""The HellGame: the Move action (9.5), flight (9.5.1-9.5.2.3), hounds that
lose their keeper and the Random Move phase of hellhounds (10.3), with the
9.5 example and fixture 14 of the digest's Appendix B."""

from __future__ import annotations

import pytest

from engines.hellgame.beings import wild
from engines.hellgame.core import board, data, flight, flow
from engines.hellgame.core.model import ANTEHELL, Action, Demon
from engines.hellgame.phases.action import movement
from engines.hellgame.setup import initial_state
from hellgame_dice import rolls  # noqa: F401 - a fixture

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


@flow.step("action_testend")
def _test_end(s, ev):
    """Stands in for the action module's step: the test's procedure ends here."""
    s.over = True


def demon_index(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


def make(seats: int = 2, demon: str = "Balban"):
    s = initial_state(seats, 7, {})
    s.asks, s.units, s.drafts, s.orders = [], [], {}, {}
    s.step, s.phase = "action_testend", "action"
    s.demons = [Demon(card=demon_index(demon), owner=X)] + [Demon(card=demon_index("Gomory"), owner=seat)
                                                              for seat in range(1, seats)]
    return s


def legion(s, seat, at):
    return board.place(s, "legion", seat, at)


def lieutenant(s, seat, at, card=0, leads=()):
    lt = board.place(s, "lieutenant", seat, at, card=card)
    for u in leads:
        u.leader = lt.id
    return lt


def hound(s, at, attacks, keeper=None):
    h = board.place(s, "hound", keeper.owner if keeper else None, at, card=attacks)
    h.keeper = keeper.id if keeper else None
    return h


def act(s, seat, do, a=None, ev=None):
    flow.answer(s, seat, Action(do=do, a=a), ev if ev is not None else [])


def legal(s, seat):
    return flow.legal(s, seat)


def dos(s, seat, do):
    return sorted(x.a for x in legal(s, seat) if x.do == do)


def keys(ev):
    return [e.key for e in ev]


def move_path(s, unit, path, carry=None, ev=None):
    act(s, X, "unit", unit.id, ev)
    if carry is not None:
        act(s, X, "carry", carry, ev)
    for to in path:
        act(s, X, "to", to, ev)
    act(s, X, "submit", None, ev)


# -- 9.5 the Move action ------------------------------------------------------------------


def test_9_5_example_legion_and_lieutenant_of_balban():
    s = make()
    a = legion(s, X, SPIES)
    lt = lieutenant(s, X, LARD, card=0)
    picked = legion(s, X, ADDICTION)
    ev = []
    movement.start_move(s, 0, ev)
    assert flow.ask_of(s, X).q == "move"
    move_path(s, a, [MIRACLE, FALSIFIERS], ev=ev)
    assert a.at == FALSIFIERS
    assert s.entered[str(MIRACLE)] == [[X, SPIES]] and s.entered[str(FALSIFIERS)] == [[X, MIRACLE]]
    assert ev[-1].key == "ev_legion_moves" and ev[-1].params == {"seat": X, "from": MIRACLE, "to": FALSIFIERS}
    # the lieutenant: Sea of Lard -> Addiction (picks up a legion) -> Exploiters -> Swamp of Useless Rage
    act(s, X, "unit", lt.id)
    assert flow.ask_of(s, X).q == "move" and X in s.drafts  # no legion to carry at the start: path at once
    act(s, X, "to", ADDICTION)
    assert dos(s, X, "pick") == [1]
    act(s, X, "pick", 1)
    act(s, X, "to", EXPLOITERS)
    act(s, X, "to", SWAMP)
    assert dos(s, X, "to") == []  # 3 sectios: range used up
    act(s, X, "submit", None, ev)
    assert (lt.at, picked.at, picked.leader) == (SWAMP, SWAMP, lt.id)
    assert "ev_move_pick" in keys(ev)
    # Balban has 2 skulls: the move action is over, the demon has acted
    assert s.move is None and s.demons[0].acted and X not in s.drafts


def _example_until_exploiters(answers_rolls=()):
    s = make()
    lt = lieutenant(s, X, LARD, card=0)
    legion(s, X, ADDICTION)
    y = legion(s, Y, EXPLOITERS)
    movement.start_move(s, 0, [])
    act(s, X, "unit", lt.id)
    act(s, X, "to", ADDICTION)
    act(s, X, "pick", 1)
    act(s, X, "to", EXPLOITERS)
    act(s, X, "to", SWAMP)
    act(s, X, "submit")
    a = flow.ask_of(s, Y)
    assert a.q == "entry" and a.kind == "reaction" and a.data == {"sectio": EXPLOITERS, "mover": X}
    assert flow.ask_of(s, X) is None
    assert [x.do for x in legal(s, Y)] == ["stay", "flee", "let_pass"]
    return s, lt, y


def test_9_5_example_y_says_stop():
    s, lt, y = _example_until_exploiters()
    ev = []
    act(s, Y, "stay", None, ev)
    assert lt.at == EXPLOITERS and y.at == EXPLOITERS
    assert keys(ev)[:2] == ["ev_entry_stay", "ev_stop_legion"]
    assert s.move is None or s.move.unit is None


def test_9_5_example_y_flees_and_x_finishes(rolls):
    s, lt, y = _example_until_exploiters()
    rolls += [2]  # ccw: Exploiters -> Thieves
    ev = []
    act(s, Y, "flee", None, ev)
    assert y.at == THIEVES and lt.at == SWAMP
    assert s.entered[str(THIEVES)] == [[Y, EXPLOITERS]]
    assert "ev_flee" in keys(ev) and "ev_stop_legion" not in keys(ev)


def test_9_5_example_y_flees_into_the_attackers_origin_fails(rolls):
    s, lt, y = _example_until_exploiters()
    rolls += [3]  # outward: Exploiters -> Addiction, where the lieutenant came from
    act(s, Y, "flee")
    assert y.at == EXPLOITERS and lt.at == EXPLOITERS  # barred (G3): flight failed, X must stop


def test_9_5_example_y_grants_passage():
    s, lt, y = _example_until_exploiters()
    ev = []
    act(s, Y, "let_pass", None, ev)
    assert lt.at == SWAMP and y.at == EXPLOITERS
    assert keys(ev)[0] == "ev_entry_pass"


def test_9_5_passage_only_offered_when_the_path_goes_on():
    s = make()
    a = legion(s, X, MIRACLE)
    legion(s, Y, FALSIFIERS)
    movement.start_move(s, 0, [])
    move_path(s, a, [FALSIFIERS])
    assert [x.do for x in legal(s, Y)] == ["stay", "flee"]
    act(s, Y, "stay")
    assert a.at == FALSIFIERS


def test_9_5_skull_limit_one_unit_per_skull():
    s = make(demon="Gomory")  # 1 skull
    a, b = legion(s, X, SPIES), legion(s, X, SPIES)
    movement.start_move(s, 0, [])
    move_path(s, a, [MIRACLE])
    assert s.demons[0].acted and s.move is None and b.at == SPIES


def test_9_5_lieutenant_counts_one_carried_legions_free():
    s = make(demon="Balban")  # 2 skulls
    legs = [legion(s, X, LARD) for _ in range(3)]
    lt = lieutenant(s, X, LARD, card=0, leads=legs[:1])
    other = legion(s, X, SPIES)
    movement.start_move(s, 0, [])
    act(s, X, "unit", lt.id)
    assert dos(s, X, "carry") == [0, 1, 2, 3]  # leadership 3
    act(s, X, "carry", 2)
    act(s, X, "to", ADDICTION)
    act(s, X, "submit")
    assert flow.ask_of(s, X).q == "move" and not s.demons[0].acted  # one skull left
    carried = [u for u in legs if u.at == ADDICTION]
    assert len(carried) == 2 and legs[0] in carried and all(u.leader == lt.id for u in carried)
    # the carried legions were moved by this demon; the third one was not
    offered = {x.a for x in legal(s, X) if x.do == "unit"}
    assert not offered & {u.id for u in carried} and lt.id not in offered
    assert offered == {legs[2].id, other.id}


def test_9_5_led_legion_moving_alone_leaves_the_group():
    s = make()
    g = legion(s, X, LARD)
    lt = lieutenant(s, X, LARD, card=0, leads=[g])
    movement.start_move(s, 0, [])
    labels = [movement._move_label(s, flow.ask_of(s, X), x)[0] for x in legal(s, X) if x.do == "unit"]
    assert "lb_unit_led" in labels
    move_path(s, g, [ADDICTION])
    assert g.leader is None and board.group(s, lt) == []


def test_9_5_range_legion_2_lieutenant_3():
    s = make()
    a = legion(s, X, SPIES)
    movement.start_move(s, 0, [])
    act(s, X, "unit", a.id)
    act(s, X, "to", MIRACLE)
    act(s, X, "to", FALSIFIERS)
    assert dos(s, X, "to") == [] and {"submit", "back", "done"} == {x.do for x in legal(s, X)}
    act(s, X, "back")
    assert dos(s, X, "to") == sorted(data.NEIGHBOURS[MIRACLE])
    act(s, X, "back")
    act(s, X, "back")
    assert X not in s.drafts and dos(s, X, "unit") == [a.id]


def test_9_5_no_corners_no_pentagram():
    s = make()
    a = legion(s, X, ENVIOUS)
    b = legion(s, X, SPIES)
    movement.start_move(s, 0, [])
    act(s, X, "unit", a.id)
    assert IDOLATERS not in dos(s, X, "to") and dos(s, X, "to") == sorted(data.NEIGHBOURS[ENVIOUS])
    act(s, X, "back")
    act(s, X, "unit", b.id)
    assert dos(s, X, "to") == [1, 4, MIRACLE]  # circle 0: nothing inward (the Pentagram)


def test_9_5_no_unit_twice_by_one_demon():
    s = make(demon="Beelzebub")
    a = legion(s, X, SPIES)
    b = legion(s, X, THIEVES)
    movement.start_move(s, 0, [])
    move_path(s, a, [MIRACLE])
    assert dos(s, X, "unit") == [b.id]
    move_path(s, b, [EXPLOITERS])
    # 2 of 4 skulls used but no unit is left to move: the action ends
    assert s.demons[0].acted and s.move is None


def test_9_5_done_ends_the_move_and_is_the_passive_choice():
    s = make()
    legion(s, X, SPIES)
    movement.start_move(s, 0, [])
    q = flow.QUESTIONS["move"]
    assert q.passive(s, flow.ask_of(s, X)) == Action(do="done")
    act(s, X, "done")
    assert s.demons[0].acted and s.move is None and s.asks == []


def test_9_5_hound_moves_with_its_keeper():
    s = make()
    a = legion(s, X, SPIES)
    h = hound(s, SPIES, 3, keeper=a)
    legion(s, X, THIEVES)  # keeps the move action open
    movement.start_move(s, 0, [])
    move_path(s, a, [MIRACLE])
    assert h.at == MIRACLE
    assert h.id in s.move.moved and h.id in s.move.carried  # free, not a skull


def test_9_5_must_stop_in_antehell_and_with_a_wild_hound():
    s = make()
    a = legion(s, X, sectio("Playground"))
    b = legion(s, X, FALSIFIERS)
    hound(s, MIRACLE, 2)
    movement.start_move(s, 0, [])
    act(s, X, "unit", a.id)
    assert ANTEHELL in dos(s, X, "to")
    act(s, X, "to", ANTEHELL)
    assert dos(s, X, "to") == [] and "submit" in {x.do for x in legal(s, X)}
    act(s, X, "back")
    act(s, X, "back")
    act(s, X, "unit", b.id)
    act(s, X, "to", MIRACLE)
    assert dos(s, X, "to") == []  # a rampaging hound stops the unit there
    act(s, X, "submit")
    assert b.at == MIRACLE


def test_9_5_a_phenomenon_hook_stops_units(monkeypatch):
    s = make()
    a = legion(s, X, SPIES)
    monkeypatch.setattr(flight, "STOP_HOOKS", [lambda st, at: at == MIRACLE])
    movement.start_move(s, 0, [])
    act(s, X, "unit", a.id)
    act(s, X, "to", MIRACLE)
    assert dos(s, X, "to") == []


def test_9_5_several_holders_asked_in_seat_order(rolls):
    s = make(seats=3)
    a = legion(s, X, SPIES)
    z = legion(s, Z, MIRACLE)
    y = legion(s, Y, MIRACLE)
    movement.start_move(s, 0, [])
    move_path(s, a, [MIRACLE, FALSIFIERS])
    assert flow.ask_of(s, Y).q == "entry" and flow.ask_of(s, Z) is None
    act(s, Y, "let_pass")
    assert flow.ask_of(s, Z).q == "entry"
    rolls += [4]  # Z flees clockwise: Miracle Workers -> Falsifiers
    act(s, Z, "flee")
    assert z.at == FALSIFIERS
    assert a.at == FALSIFIERS and y.at == MIRACLE  # X went on, met Z again there
    assert flow.ask_of(s, Z).q == "entry"  # Z is asked again at Falsifiers (X stops there anyway)
    assert [x.do for x in legal(s, Z)] == ["stay", "flee"]


# -- 9.5.1 / 9.5.2.1 fleeing ------------------------------------------------------------------


def test_9_5_1_legion_flight_rolls_and_failures(rolls):
    s = make()
    a = legion(s, Y, MIRACLE)
    rolls += [5]
    assert movement.flee(s, Y, [a], None, []) == [a] and a.at == MIRACLE
    b = legion(s, Y, SPIES)
    rolls += [1]  # inward from circle 0: the Pentagram
    assert movement.flee(s, Y, [b], None, []) == [b] and b.at == SPIES
    rolls += [4]  # clockwise Miracle Workers -> Falsifiers, but the attacker came from there
    assert movement.flee(s, Y, [a], FALSIFIERS, []) == [a]
    rolls += [3]
    assert movement.flee(s, Y, [a], FALSIFIERS, []) == [] and a.at == sectio("Farm")


def test_9_5_1_flight_into_antehell_allowed_and_out_by_reentry(rolls):
    s = make()
    a = legion(s, Y, WISE)
    rolls += [3]
    assert movement.flee(s, Y, [a], None, []) == [] and a.at == ANTEHELL
    rolls += [2]  # from Antehell: the re-entry roll, quarter 1
    assert movement.flee(s, Y, [a], None, []) == [] and a.at == sectio("Underachievers")


def test_9_5_1_lieutenant_rolls_two_dice_engine_picks(rolls):
    s = make()
    g1, g2 = legion(s, Y, ADDICTION), legion(s, Y, ADDICTION)
    lt = lieutenant(s, Y, ADDICTION, card=2, leads=[g1, g2])  # Alastor, leadership 2
    legion(s, X, EXPLOITERS)
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
    s = make()
    lt = lieutenant(s, Y, WISE, card=0)
    rolls += [3, 4]  # 3: Antehell, 4: A Room Full of Narcissists
    movement.flee(s, Y, [lt], None, [])
    assert lt.at == sectio("A Room")


def test_9_5_2_1_flight_chain_until_free_or_failed(rolls):
    s = make()
    a = legion(s, Y, THIEVES)
    legion(s, X, EXPLOITERS)
    legion(s, X, SNAKE)
    rolls += [4, 4, 1]  # Thieves -> Exploiters (X) -> Snake Eyes (X) -> Furnace (free)
    ev = []
    assert movement.flee(s, Y, [a], None, ev) == [] and a.at == FURNACE
    assert keys(ev) == ["ev_flee"] * 3
    assert s.entered[str(SNAKE)] == [[Y, EXPLOITERS]]


def test_9_5_2_1_back_where_it_came_from_fails(rolls):
    s = make()
    a = legion(s, Y, THIEVES)
    legion(s, X, EXPLOITERS)
    rolls += [4, 2]  # into Exploiters (hostile), then back ccw to Thieves: failed
    assert movement.flee(s, Y, [a], None, []) == [a] and a.at == EXPLOITERS


def test_9_5_2_1_fleeing_units_cause_no_flight(rolls):
    s = make()
    a = legion(s, Y, THIEVES)
    x = legion(s, X, EXPLOITERS)
    rolls += [4, 5]
    movement.flee(s, Y, [a], None, [])
    assert x.at == EXPLOITERS and a.at == EXPLOITERS


# -- 9.5.2.2 lone lieutenants --------------------------------------------------------------------


def test_9_5_2_2_lone_lieutenant_flees_at_once_and_is_captured(rolls):
    s = make()
    a = legion(s, X, SPIES)
    ylt = lieutenant(s, Y, MIRACLE, card=5)
    movement.start_move(s, 0, [])
    rolls += [5, 6]
    ev = []
    move_path(s, a, [MIRACLE, FALSIFIERS], ev=ev)
    assert board.unit(s, ylt.id) is None and s.returned[-1] == 5
    assert a.at == FALSIFIERS  # he cannot hinder the mover
    assert "ev_captured" in keys(ev) and flow.ask_of(s, Y) is None


def test_9_5_2_2_lone_lieutenant_in_a_sectio_fled_into_must_flee(rolls):
    s = make()
    a = legion(s, X, THIEVES)
    ylt = lieutenant(s, Y, EXPLOITERS, card=5)
    rolls += [4, 3, 5]  # X's legion flees to Exploiters; Y's lone lieutenant rolls 3 (-> Addiction) and 5
    assert movement.flee(s, X, [a], None, []) == []
    assert a.at == EXPLOITERS and ylt.at == ADDICTION


def test_9_5_2_2_lone_lieutenant_sneaks_but_may_not_stop_among_enemies():
    s = make()
    lt = lieutenant(s, X, ADDICTION, card=0)
    y = legion(s, Y, EXPLOITERS)
    movement.start_move(s, 0, [])
    act(s, X, "unit", lt.id)
    act(s, X, "to", EXPLOITERS)
    assert "submit" not in {x.do for x in legal(s, X)}
    act(s, X, "to", SWAMP)
    act(s, X, "submit")
    assert lt.at == SWAMP and y.at == EXPLOITERS and flow.ask_of(s, Y) is None


def test_9_5_2_2_lone_lieutenants_at_the_end_of_combat(rolls):
    s = make()
    lt = lieutenant(s, Y, EXPLOITERS, card=5)
    legion(s, X, EXPLOITERS)
    s.entered[str(EXPLOITERS)] = [[X, THIEVES]]
    rolls += [2, 5]  # 2 would lead to Thieves, where X came from: barred; 5: nothing
    ev = []
    movement.lone_lieutenants(s, ev)
    assert board.unit(s, lt.id) is None and 5 in s.returned
    safe = lieutenant(s, Y, SWAMP, card=6)  # alone but no enemy: stays
    movement.lone_lieutenants(s, [])
    assert safe.at == SWAMP


# -- 9.5.2.3 leaving Antehell -------------------------------------------------------------------


def test_9_5_2_3_reentry_1_to_5_then_the_rest_of_the_range(rolls):
    s = make()
    a = legion(s, X, ANTEHELL)
    movement.start_move(s, 0, [])
    act(s, X, "unit", a.id)
    assert [x.do for x in legal(s, X)] == ["reenter", "back", "done"]
    act(s, X, "reenter")
    rolls += [4]
    ev = []
    act(s, X, "submit", None, ev)
    assert a.at == WISE and s.entered[str(WISE)] == [[X, ANTEHELL]]
    assert ev[0].key == "ev_reenter" and ev[0].params == {"seat": X, "roll": 4, "to": WISE}
    # one sectio of range left, planned from where it came back in
    assert s.drafts[X].data == {"cont": True, "range": 1}
    assert flow.QUESTIONS["move"].prompt(s, flow.ask_of(s, X))[0] == "pr_move_reentered"
    assert set(dos(s, X, "to")) == set(data.NEIGHBOURS[WISE])
    act(s, X, "to", sectio("Garden"))
    act(s, X, "submit")
    assert a.at == sectio("Garden")
    assert dos(s, X, "unit") == []  # not offered again


def test_9_5_2_3_reentry_6_lost_for_this_move(rolls):
    s = make()
    a = legion(s, X, ANTEHELL)
    b = legion(s, X, SPIES)
    movement.start_move(s, 0, [])
    act(s, X, "unit", a.id)
    act(s, X, "reenter")
    rolls += [6]
    ev = []
    act(s, X, "submit", None, ev)
    assert a.at == ANTEHELL and keys(ev)[0] == "ev_reenter_lost"
    assert dos(s, X, "unit") == [b.id] and not s.demons[0].acted


def test_9_5_2_3_reentry_into_a_blocked_sectio_ends_the_move(rolls):
    """The re-entry is an entry: the holder there may block (passage is
    offered, range is left), and then the unit stops; it does not plan on."""
    s = make()
    a = legion(s, X, ANTEHELL)
    y = legion(s, Y, WISE)
    movement.start_move(s, 0, [])
    act(s, X, "unit", a.id)
    act(s, X, "reenter")
    rolls += [4]
    act(s, X, "submit")
    assert a.at == WISE and flow.ask_of(s, Y).q == "entry"
    assert [x.do for x in legal(s, Y)] == ["stay", "flee", "let_pass"]
    assert flow.QUESTIONS["entry"].prompt(s, flow.ask_of(s, Y))[0] == "pr_entry"
    ev = []
    act(s, Y, "stay", None, ev)
    assert keys(ev)[:2] == ["ev_entry_stay", "ev_stop_legion"]
    assert a.at == WISE and y.at == WISE and X not in s.drafts
    assert s.move is None and s.demons[0].acted  # Balban had nothing else to move


def test_9_5_2_3_reentry_into_a_wild_hounds_sectio_stops(rolls):
    s = make()
    a = legion(s, X, ANTEHELL)
    b = legion(s, X, SPIES)
    hound(s, WISE, 2)
    movement.start_move(s, 0, [])
    act(s, X, "unit", a.id)
    act(s, X, "reenter")
    rolls += [4]
    ev = []
    act(s, X, "submit", None, ev)
    assert a.at == WISE and "ev_stop_wild" in keys(ev)
    assert X not in s.drafts and dos(s, X, "unit") == [b.id]  # on to the next unit


def test_9_5_2_3_reentry_with_passage_granted_moves_on(rolls):
    s = make()
    lt = lieutenant(s, X, ANTEHELL, card=0, leads=[legion(s, X, ANTEHELL)])
    legion(s, Y, WISE)
    movement.start_move(s, 0, [])
    act(s, X, "unit", lt.id)
    act(s, X, "carry", 1)
    act(s, X, "reenter")
    rolls += [4]
    act(s, X, "submit")
    act(s, Y, "let_pass")
    assert lt.at == WISE and s.drafts[X].data == {"cont": True, "range": 2}
    assert "submit" not in {x.do for x in legal(s, X)}  # granted passage: it passes through
    act(s, X, "to", sectio("Garden"))
    act(s, X, "submit")
    assert lt.at == sectio("Garden") and len(board.group(s, lt)) == 1


def test_9_5_2_3_lieutenant_picks_up_legions_where_he_reenters(rolls):
    s = make()
    lt = lieutenant(s, X, ANTEHELL, card=0)
    waiting = legion(s, X, WISE)
    movement.start_move(s, 0, [])
    act(s, X, "unit", lt.id)
    act(s, X, "reenter")
    rolls += [4]
    act(s, X, "submit")
    assert lt.at == WISE and dos(s, X, "pick") == [1]
    act(s, X, "pick", 1)
    act(s, X, "to", sectio("Garden"))
    act(s, X, "submit")
    assert waiting.at == lt.at == sectio("Garden") and waiting.leader == lt.id


def test_9_5_2_2_lone_lieutenant_last_step_never_among_enemies():
    s = make()
    lt = lieutenant(s, X, ADDICTION, card=0)
    legion(s, Y, EXPLOITERS)
    movement.start_move(s, 0, [])
    act(s, X, "unit", lt.id)
    assert EXPLOITERS in dos(s, X, "to")  # he may sneak through it ...
    act(s, X, "to", LARD)
    act(s, X, "to", ADDICTION)
    assert EXPLOITERS not in dos(s, X, "to")  # ... but not end his move there
    legion(s, X, EXPLOITERS)
    assert EXPLOITERS in dos(s, X, "to")  # unless an own legion stands there


# -- 10.3 hellhounds ----------------------------------------------------------------------------------


def test_10_3_hound_runs_amok_when_its_keeper_is_lost(rolls):
    s = make()
    keeper = legion(s, X, FALSIFIERS)
    h = hound(s, FALSIFIERS, 2, keeper=keeper)
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
    s = make()
    h = hound(s, WISE, 4)
    rolls += [3]
    movement.run_amok(s, h, [])
    assert board.unit(s, h.id) is None and s.hounds[-1] == 4


def test_appendix_b_14_wild_hound_stops_on_another_wild_hound(rolls):
    s = make()
    h = hound(s, THIEVES, 4)
    other = hound(s, MEGALO, 1)
    rolls += [4, 4, 1, 5, 1]  # Exploiters, Snake Eyes, Furnace, stays, Megalomaniacs: stop (6th roll unused)
    rolls += [6]  # the other hound starts with a unit: a 5-6 keeps it there
    ev = []
    s.step = "random"
    flow.STEPS["random"](s, ev)
    assert s.step == "random_hounds"
    flow.STEPS["random_hounds"](s, ev)
    assert s.step == "combat" and rolls == []
    assert h.at == MEGALO and other.at == MEGALO
    assert ev[0].key == "ev_hound_run" and ev[0].params["rolls"] == [4, 4, 1, 5, 1]
    assert ev[1].key == "ev_hound_run_stays"
    assert [e[1] for e in s.entered[str(FURNACE)]] == [SNAKE]


def test_10_3_hound_with_company_moves_off_on_1_to_4(rolls):
    s = make()
    h = hound(s, FURNACE, 2)
    legion(s, X, FURNACE)
    rolls += [2, 5, 5, 5, 5, 5]  # leaves for the Swamp and idles there
    wild.rampage(s, h, [])
    assert h.at == SWAMP


def test_10_3_hound_stops_on_entering_a_unit_and_dies_in_antehell(rolls):
    s = make()
    h = hound(s, FOREST, 3)
    y = legion(s, Y, MOLESTERS)
    rolls += [1]
    wild.rampage(s, h, [])
    assert h.at == MOLESTERS and y.at == MOLESTERS  # nobody flees
    h2 = hound(s, WISE, 2)
    rolls += [5, 3]
    wild.rampage(s, h2, [])
    assert board.unit(s, h2.id) is None


def test_10_3_strongest_hound_first_ties_by_die(rolls):
    s = make()
    weak = hound(s, SPIES, 1)
    a = hound(s, THIEVES, 3)
    b = hound(s, SUGAR, 3)
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
    s = make()
    legs = [legion(s, X, LARD) for _ in range(2)]
    lt = lieutenant(s, X, LARD, card=0, leads=legs)
    movement.start_move(s, 0, [])
    act(s, X, "unit", lt.id)
    act(s, X, "carry", 2)
    act(s, X, "to", ADDICTION)
    assert dos(s, X, "drop") == [1, 2] and dos(s, X, "pick") == []
    act(s, X, "drop", 1)
    act(s, X, "to", EXPLOITERS)
    ev = []
    act(s, X, "submit", None, ev)
    assert lt.at == EXPLOITERS and sorted(u.at for u in legs) == sorted([ADDICTION, EXPLOITERS])
    assert [u.leader for u in legs if u.at == ADDICTION] == [None]
    assert "ev_move_drop" in keys(ev)


def test_9_5_entry_default_is_to_stay():
    s, lt, y = _example_until_exploiters()
    a = flow.ask_of(s, Y)
    assert flow.QUESTIONS["entry"].passive(s, a) == Action(do="stay")


def test_9_5_2_2_a_lone_mover_makes_nobody_flee():
    s = make()
    lt = lieutenant(s, X, ADDICTION, card=0)
    ylt = lieutenant(s, Y, EXPLOITERS, card=5)
    movement.start_move(s, 0, [])
    act(s, X, "unit", lt.id)
    act(s, X, "to", EXPLOITERS)
    act(s, X, "to", SWAMP)
    act(s, X, "submit")  # no dice needed: Y's lieutenant is not disturbed
    assert lt.at == SWAMP and ylt.at == EXPLOITERS
