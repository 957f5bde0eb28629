"""The HellGame's Action phase (9.0-9.7, without magic and conspiracy): the
rank track, wait, pass, walk the Earth, move, beg and plead, evil deeds and
influencing units with bribery, with the digest's Appendix B fixtures 6-9 and
the 9.7 walkthrough. Positions come from the builder
(engines/hellgame/position/) and are driven with tests/hellgame_driver.py,
which checks the words of every question and event on the way. The Random
Move phase after the Action phase is someone else's: every position halts
there (``s.step == "random"``: the Action phase is over)."""

from __future__ import annotations

import random
import types

import pytest

from engines.hellgame import position as P
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import FREEBOOTERS, Action, State
from engines.hellgame.phases.action import actions, diplomacy
from hellgame_driver import (  # noqa: F401 - rolls is a fixture
    ask, demon, dos, keys, legal, play, rolls, start, turn, units)


def player(*demons: str | P.Demon, **fields) -> P.Player:
    """A player as these tests deal them: 20 souls unless told."""
    return P.Player(demons=list(demons), **{"souls": 20, **fields})


def action(*players: P.Player, **fields) -> P.Position:
    """The Action phase of round 1 about to start, halting at the Random Move phase."""
    return P.Position(players=list(players), phase="action", halt=["random"], **fields)


def order(s: State) -> list[str]:
    """The demons still to act (``actions.waiting``), by name."""
    return [data.DEMONS[s.demons[i].card].name for i in actions.waiting(s)]


def on_earth(name: str, walk: int | str | P.Card | bool = True) -> P.Demon:
    """A demon walking the Earth on the card ``walk`` (True: any Walk the Earth card)."""
    return P.Demon(name=name, walk=walk)


@pytest.fixture
def movement(monkeypatch):
    """A stand-in for movement.py: a move is over at once."""
    calls: list[tuple[str, int]] = []
    fake = types.ModuleType("engines.hellgame.phases.action.movement")

    def start_move(state, demon, events):
        calls.append(("move", demon))
        state.demons[demon].acted = True

    def run_amok(state, hound, events):
        calls.append(("amok", hound.id))

    fake.start_move, fake.run_amok = start_move, run_amok
    for user in (actions, diplomacy):
        monkeypatch.setattr(user, "movement", fake)
    return calls


def influence(s: State, *steps: tuple[str, int | None]) -> None:
    play(s, "influence")
    for do, a in steps:
        owner_by_default(s, do)
        play(s, do, a)
    owner_by_default(s, "")


def owner_by_default(s: State, coming: str) -> None:
    """A switch always asks who gains the unit (freebooters are a choice
    too); a test that does not say takes the influencer's own seat."""
    if coming != "owner" and "owner" in [x.do for x in legal(s)]:
        play(s, "owner", ask(s).seat)


# -- 9.1 order of actions --------------------------------------------------------------------------


def test_9_1_rank_order_example():
    s = P.build(action(player("Orias", "Ukobach", "Ashtaroth"), player("Beelzebub", "Naburos", "Baal"),
                       player("Caim", "Sammael", P.Demon(name="Balban", status="incapacitated"))))
    start(s)
    names = [data.DEMONS[s.demons[i].card].name for i in s.track]
    assert names == ["Sammael", "Beelzebub", "Ashtaroth", "Baal", "Caim", "Orias", "Ukobach", "Naburos"]
    assert turn(s) == "Sammael" and ask(s).seat == 2 and ask(s).kind == "turn"
    assert ask(s).data == {"demon": demon(s, "Sammael")}


def test_9_1_every_demon_acts_once_then_the_random_phase():
    s = P.build(action(player("Orias", "Ashtaroth"), player("Baal", "Caim")))
    start(s)
    seen = []
    while flow.open_asks(s):
        seen.append(turn(s))
        assert "ev_act_wait" in keys(play(s, "wait"))
    assert seen == ["Ashtaroth", "Baal", "Caim", "Orias"]
    assert s.step == "random" and s.track == [] and not any(d.acted for d in s.demons)
    assert [k for k, _ in s.chronicle].count("ev_act_wait") == 4


def test_9_1_eliminated_players_and_incapacitated_demons_do_not_act():
    # Seat 2's Caim is dead; a player needs a living demon, so Moloch lies incapacitated beside him.
    s = P.build(action(player("Orias"), player("Baal", out=True),
                       player(P.Demon(name="Caim", status="dead"), P.Demon(name="Moloch", status="incapacitated"))))
    start(s)
    assert order(s) == ["Orias"]


def test_g57_the_track_is_reset_to_rank_order_every_phase():
    s = P.build(action(player("Ashtaroth", "Orias", hand=[P.Card(minor="pass", places=2)]), player("Baal")))
    start(s)
    play(s, "pass", s.players[0].hand[0])
    assert order(s) == ["Baal", "Orias", "Ashtaroth"]
    for _ in range(3):
        play(s, "wait")
    assert s.step == "random"
    s.step = "action"  # the next Action phase at once: the phases between are not this test's
    start(s)
    assert order(s) == ["Ashtaroth", "Baal", "Orias"]


def test_g28_pass_for_good_forfeits_the_next_action():
    s = P.build(action(player(P.Demon(name="Ashtaroth", pass_for_good=True), "Orias"), player("Baal")))
    events = start(s)
    assert turn(s) == "Baal" and "ev_act_pass_for_good" in keys(events)
    assert not s.demons[demon(s, "Ashtaroth")].pass_for_good


def test_g28_pass_for_good_is_used_up_by_the_next_action_phase_even_when_incapacitated():
    s = P.build(action(player(P.Demon(name="Ashtaroth", pass_for_good=True, status="incapacitated"), "Orias"),
                       player("Baal")))
    ash = s.demons[demon(s, "Ashtaroth")]
    events = start(s)
    assert not ash.pass_for_good and "ev_act_pass_for_good" not in keys(events)
    assert order(s) == ["Baal", "Orias"]


# -- 9.3 wait ----------------------------------------------------------------------------------------------


def test_9_3_wait_is_the_passive_choice_and_always_there():
    s = P.build(action(player("Caim", souls=0), player("Baal", souls=0)))
    start(s)
    assert legal(s)[0] == Action(do="wait")
    assert flow.QUESTIONS["act"].passive(s, ask(s)) == Action(do="wait")


# -- 9.4 pass -------------------------------------------------------------------------------------------------


def test_9_4_pass_chain_appendix_b_6(movement):
    one, two = P.Card(minor="pass", places=1), P.Card(minor="pass", places=2)
    s = P.build(action(player("Ashtaroth", "Caim", hand=[P.Card(minor="pass", places=4, cost=4), one]),
                       player("Baal", "Orias", hand=[one, two, two]),
                       units={10: P.Units(legions={0: 1})}))
    quad, p1b = s.players[0].hand
    p1a, double_a, double_b = s.players[1].hand
    start(s)
    assert order(s) == ["Ashtaroth", "Baal", "Caim", "Orias"]
    events = play(s, "pass", quad)  # 4 places, only 3 possible: the 4th is lost
    assert order(s) == ["Baal", "Caim", "Orias", "Ashtaroth"]
    assert s.players[0].souls == 16 and quad not in s.players[0].hand and s.arcana[-1] == quad
    assert [(e.key, e.params["places"], e.params["moved"]) for e in events] == [("ev_act_pass", 4, 3)]
    play(s, "pass", p1a)
    assert order(s) == ["Caim", "Baal", "Orias", "Ashtaroth"]
    play(s, "pass", p1b)
    assert order(s) == ["Baal", "Caim", "Orias", "Ashtaroth"]
    play(s, "pass", double_a)
    assert order(s) == ["Caim", "Orias", "Baal", "Ashtaroth"]
    assert turn(s) == "Caim" and not dos(s, "pass")  # no more cards
    play(s, "move")
    assert movement == [("move", demon(s, "Caim"))]
    play(s, "pass", double_b)  # Orias
    assert order(s) == ["Baal", "Ashtaroth", "Orias"]
    play(s, "wait")
    play(s, "wait")
    assert turn(s) == "Orias"
    play(s, "wait")
    assert s.step == "random"


def test_9_4_pass_refused_without_a_demon_behind_and_unpaid():
    one = P.Card(minor="pass", places=1, cost=1)
    s = P.build(action(player("Ashtaroth", souls=1, hand=[P.Card(minor="pass", places=2, cost=2), one]),
                       player("Baal", souls=1, hand=[one])))
    start(s)
    assert dos(s, "pass") == [s.players[0].hand[1]]  # cost 2 unpaid
    play(s, "wait")
    assert turn(s) == "Baal" and not dos(s, "pass")


def test_g56_pass_counts_only_demons_still_waiting():
    # Baal has acted already, out of his turn (e.g. a counter out of sequence).
    s = P.build(action(player("Ashtaroth", "Orias", hand=[P.Card(minor="pass", places=2)]),
                       player(P.Demon(name="Baal", acted=True), "Caim")))
    start(s)
    play(s, "pass", s.players[0].hand[0])
    assert order(s) == ["Caim", "Orias", "Ashtaroth"]
    names = [data.DEMONS[s.demons[i].card].name for i in s.track]
    assert names == ["Baal", "Caim", "Orias", "Ashtaroth"]


def test_9_4_one_card_per_turn_and_pass_again_later():
    one = P.Card(minor="pass", places=1)
    s = P.build(action(player("Ashtaroth", hand=[one, one]), player("Baal", hand=[P.Card(minor="pass", places=2)])))
    start(s)
    play(s, "pass", s.players[0].hand[0])
    assert turn(s) == "Baal"  # the turn ended with one card
    play(s, "pass", s.players[1].hand[0])
    assert turn(s) == "Ashtaroth" and dos(s, "pass")


# -- 9.5 move -------------------------------------------------------------------------------------------------


def test_9_5_move_needs_units_and_falls_home_first(movement):
    s = P.build(action(player("Ashtaroth"), player("Baal")))
    start(s)
    assert Action(do="move") not in legal(s)
    s = P.build(action(player(on_earth("Ashtaroth", P.Card(minor="walk", cost=1))), player("Baal"),
                       units={3: P.Units(legions={0: 1})}))
    card = s.demons[demon(s, "Ashtaroth")].walk
    start(s)
    events = play(s, "move")
    assert movement == [("move", demon(s, "Ashtaroth"))]
    assert s.demons[demon(s, "Ashtaroth")].walk is None and s.arcana[-1] == card
    assert keys(events)[:2] == ["ev_act_fall_home", "ev_act_move"]
    assert turn(s) == "Baal"


# -- 9.6 walk the Earth ------------------------------------------------------------------------------------


def test_9_6_walk_the_earth_andras():
    s = P.build(action(player("Andras", souls=1, hand=[P.Card(minor="walk", cost=1), P.Card(minor="walk", cost=2)]),
                       player("Naburos", souls=1)))
    card, dearer = s.players[0].hand
    start(s)
    assert dos(s, "walk") == [card]  # the other costs 2
    assert Action(do="end_walk") not in legal(s) and Action(do="deeds") not in legal(s)
    events = play(s, "walk", card)
    andras = s.demons[demon(s, "Andras")]
    assert andras.walk == card and andras.on_earth and andras.acted
    assert s.players[0].souls == 0 and s.players[0].hand == [dearer]
    assert keys(events) == ["ev_act_walk"]


def test_9_6_on_earth_no_second_walk_but_earth_actions():
    s = P.build(action(player(on_earth("Andras"), hand=[P.Card(minor="walk", cost=2)]), player("Naburos")))
    start(s)
    verbs = [x.do for x in legal(s)]
    assert "walk" not in verbs and "end_walk" in verbs and "deeds" in verbs and "beg" in verbs


def test_9_6_1_break_off_the_walk():
    s = P.build(action(player(on_earth("Andras")), player("Naburos")))
    card = s.demons[0].walk
    start(s)
    events = play(s, "end_walk")
    assert s.demons[0].walk is None and s.demons[0].acted and s.arcana[-1] == card
    assert keys(events) == ["ev_act_end_walk"] and turn(s) == "Naburos"


# -- 9.7.2 beg and plead -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,dice_,disfavour,after,status", [
    ("Sammael", [3, 3], 2, 2, "incapacitated"),   # 5-6 hearts, 5-6: incapacitated
    ("Sammael", [4, 4], 2, 2, "active"),          # 7-8: no
    ("Sammael", [5, 5], 3, 1, "active"),          # 9-10: 2 D
    ("Sammael", [6, 5], 2, 0, "active"),          # 11-12: 3 D, never below 0
    ("Baal", [1, 3], 1, 1, "incapacitated"),      # 3 hearts, 2-4
    ("Baal", [2, 3], 1, 1, "active"),             # 5-6: no
    ("Baal", [3, 4], 1, 0, "active"),             # 7-8: 1 D
    ("Naburos", [6, 6], 3, 1, "active"),          # 2 hearts, 11-12: 2 D
    ("Caim", [4, 4], 1, 1, "active"),             # 1 heart, 7-8: no
    ("Caim", [4, 5], 1, 0, "active"),             # 9-10: 1 D
    ("Caim", [6, 6], 0, 0, "active"),             # 0 disfavour may still beg
])
def test_9_7_2_beg_table(rolls, name, dice_, disfavour, after, status):
    # The other player's demon cannot act: the begging demon is the only one on the track.
    s = P.build(action(player(name, disfavour=disfavour), player(P.Demon(name="Orias", status="incapacitated"))))
    start(s)
    rolls.extend(dice_)
    play(s, "beg")
    assert s.players[0].disfavour == after and s.demons[0].status == status
    assert s.step == "random"  # its action taken, the phase is over


def test_9_7_2_beg_from_earth_falls_home(rolls):
    s = P.build(action(player(on_earth("Andras"), disfavour=1), player("Naburos")))
    start(s)
    rolls.extend([4, 4])
    events = play(s, "beg")
    assert not s.demons[0].on_earth and s.players[0].disfavour == 0
    assert keys(events) == ["ev_act_fall_home", "ev_act_beg_forgiven"]


def test_9_7_2_beg_table_literal_rows():
    assert diplomacy.beg_result(2, 7) == diplomacy.beg_result(4, 7) == 1
    assert diplomacy.beg_result(6, 5) == diplomacy.INCAPACITATED
    assert diplomacy.beg_result(1, 12) == 1 and diplomacy.beg_result(5, 12) == 3


# -- 9.7.4 evil deeds ------------------------------------------------------------------------------------------------


def test_9_7_4_evil_deeds_appendix_b_9(rolls):
    s = P.build(action(player(on_earth("Sammael"), disfavour=3),  # no disfavour roll (G55)
                       player(on_earth("Moloch"))))
    start(s)
    rolls.extend([1, 3, 5, 6, 6])
    events = play(s, "deeds")
    assert s.players[0].favour == 3 and s.demons[0].on_earth
    assert events[0].params["rolls"] == [1, 3, 5, 6, 6] and events[0].params["favour"] == 2
    rolls.extend([3, 6])
    play(s, "deeds")
    assert s.players[1].favour == 2 and not rolls


def test_9_7_4_evil_deeds_only_on_earth():
    s = P.build(action(player("Sammael"), player("Moloch")))
    start(s)
    assert Action(do="deeds") not in legal(s)


# -- 9.7.1 influencing units -----------------------------------------------------------------------------------------


def two_players(first: str | P.Demon = "Gomory", favour: int = 1, souls: int = 20, disfavour: int = 0,
                theirs: tuple[int, ...] = (), **fields) -> P.Position:
    """Gomory (4 hearts) influences units of Naburos' player (who owns the sectios ``theirs``)."""
    return action(player(first, favour=favour, souls=souls, disfavour=disfavour),
                  player("Naburos", souls=souls, sectios=list(theirs)), **fields)


def legion_of_seat_1(*places: int) -> dict[int, P.Units]:
    return {at: P.Units(legions={1: 1}) for at in places}


def verin(bonus: int = 0) -> P.Units:
    """Seat 1's lieutenant Verin (card 5) leading its legion, which keeps a hound."""
    return P.Units(legions={1: 1}, lieutenants=[P.Lieutenant(name="Verin", seat=1, leads=1, bonus=bonus)],
                   hounds=[P.Hound(attacks=3, keeper=1)])


def test_9_7_1_influence_appendix_b_7(rolls):
    """Gomory (4 hearts) at home pays 1 favour, bribes -2/-1, rolls 6 and 5: the legion switches."""
    s = P.build(two_players(theirs=(12,), units=legion_of_seat_1(12)))
    legion = units(s, 12, "legion")[0]
    start(s)
    play(s, "influence")
    # a single target is taken by itself: the goal comes next
    assert [x.do for x in legal(s)] == ["goal", "goal", "back"]
    play(s, "goal", 2)  # switch: to Gomory's triumvirate or to the freebooters
    assert dos(s, "owner") == [0, FREEBOOTERS]
    play(s, "owner", 0)
    assert dos(s, "bribe") == [0, 1, 2]  # more than 2 changes nothing
    play(s, "bribe", 2)
    play(s, "bribe", 1)
    assert flow.QUESTIONS["act"].prompt(s, ask(s)) == (
        "pr_act_inf_confirm_2", {"need1": 6, "need2": 5, "souls": 3, "favour": 1})
    rolls.extend([6, 5])
    events = play(s, "submit")
    assert legion.owner == 0 and s.players[0].favour == 0 and s.players[0].souls == 17
    assert "ev_act_inf_home" in keys(events) and "ev_act_inf_switched" in keys(events)
    assert [e.params["total"] for e in events if e.key == "ev_act_inf_roll_ok"] == [4, 4]
    assert s.demons[0].acted and 0 not in s.drafts and not rolls


def test_9_7_1_appendix_b_8_disband_with_bribe(rolls):
    """Ukobach (2 hearts) on Earth falls home, pays 2 souls, needs <= 4, rolls 3: disband."""
    s = P.build(two_players(on_earth("Ukobach"), units=legion_of_seat_1(40)))
    legion = units(s, 40, "legion")[0]
    start(s)
    influence(s, ("goal", 1))
    assert dos(s, "bribe") == [0, 1, 2, 3, 4]
    play(s, "bribe", 2)
    rolls.append(3)
    events = play(s, "submit")
    assert board.unit(s, legion.id) is None and s.players[0].souls == 18
    assert s.players[0].favour == 1  # not at home
    assert not s.demons[0].on_earth and keys(events)[0] == "ev_act_fall_home"
    assert "ev_act_inf_disbanded" in keys(events)


def test_9_7_1_switch_fails_when_the_second_roll_fails(rolls):
    s = P.build(two_players(units=legion_of_seat_1(40)))
    legion = units(s, 40, "legion")[0]
    start(s)
    influence(s, ("goal", 2), ("bribe", 0), ("bribe", 0))
    rolls.extend([2, 5])
    events = play(s, "submit")
    assert legion.owner == 1 and board.unit(s, legion.id) is not None
    assert "ev_act_inf_failed" in keys(events)


def test_9_7_1_new_owner_any_player(rolls):
    s = P.build(action(player("Gomory"), player("Naburos"), player("Xaphan"), units=legion_of_seat_1(40)))
    legion = units(s, 40, "legion")[0]
    start(s)
    play(s, "influence")
    play(s, "goal", 2)
    assert dos(s, "owner") == [0, 2, FREEBOOTERS]
    play(s, "owner", 2)
    play(s, "bribe", 0)
    play(s, "bribe", 0)
    rolls.extend([1, 1])
    play(s, "submit")
    assert legion.owner == 2


def test_9_7_1_back_undoes_steps_and_leaves_the_draft():
    s = P.build(two_players(units=legion_of_seat_1(40, 41)))
    start(s)
    play(s, "influence")
    assert s.drafts[0].q == "act" and [x.do for x in legal(s)] == ["target", "target", "back"]
    assert flow.QUESTIONS["act"].passive(s, ask(s)) == Action(do="back")
    play(s, "target", legal(s)[0].a)
    play(s, "goal", 1)
    play(s, "back")
    play(s, "back")
    assert s.drafts[0].steps == []
    play(s, "back")
    assert 0 not in s.drafts and legal(s)[0] == Action(do="wait")


def test_9_7_1_legions_led_by_a_lieutenant_are_refused_hounds_never(rolls):
    s = P.build(two_players(units={40: verin()}))  # the hound is kept by the led legion
    lt, led, hound = units(s, 40)
    assert (lt.kind, led.leader, hound.kind) == ("lieutenant", lt.id, "hound")
    start(s)
    play(s, "influence")
    assert s.drafts[0].steps == []
    # the lieutenant is the only target: taken by itself, no goal step (3 rolls); who gains him?
    assert [x.do for x in legal(s)] == ["owner", "owner", "back"]
    play(s, "owner", 0)
    assert [x.do for x in legal(s)] == ["bribe"] * 3 + ["back"]
    assert diplomacy.targets(s, 0) == [lt.id]
    assert not diplomacy.influenceable(s, 0, led) and not diplomacy.influenceable(s, 0, hound)


def lieutenant_game(bonus: int = 0) -> tuple[State, object, object, object]:
    """Gomory (4 hearts) bribes 0 three times against Verin, who leads a legion keeping a hound."""
    s = P.build(two_players(units={40: verin(bonus)}))
    lt, led, hound = units(s, 40)
    assert hound.keeper == led.id
    start(s)
    influence(s, ("bribe", 0), ("bribe", 0), ("bribe", 0))
    return s, lt, led, hound


def test_9_7_1_lieutenant_three_successes_switch_with_all_units(rolls):
    s, lt, led, hound = lieutenant_game()
    rolls.extend([1, 2, 3])
    events = play(s, "submit")
    assert lt.owner == led.owner == hound.owner == 0 and led.leader == lt.id
    assert "ev_act_inf_lt_switched" in keys(events)


def test_9_7_1_lieutenant_two_successes_leaves_for_the_return_box(rolls):
    s, lt, led, hound = lieutenant_game()
    rolls.extend([1, 2, 6])
    events = play(s, "submit")
    assert board.unit(s, lt.id) is None and s.returned == [5]
    assert led.owner == 1 and led.leader is None and hound.owner == 1
    assert "ev_act_inf_lt_left" in keys(events)


@pytest.mark.parametrize("dice_", [[1, 6], [6]])
def test_9_7_1_lieutenant_one_or_no_success_nothing(rolls, dice_):
    s, lt, led, hound = lieutenant_game()
    rolls.extend(dice_)
    events = play(s, "submit")
    assert not rolls  # the rolls stop at the first failure
    assert lt.owner == 1 and board.unit(s, lt.id) is not None
    assert "ev_act_inf_failed" in keys(events)


def test_9_7_1_2_bonus_souls_add_to_every_roll(rolls):
    s, lt, led, hound = lieutenant_game(bonus=1)
    rolls.extend([3, 4])  # 3 + 1 <= 4 succeeds, 4 + 1 fails
    events = play(s, "submit")
    assert lt.owner == 1
    assert [e.key for e in events if e.key.startswith("ev_act_inf_roll")] == [
        "ev_act_inf_roll_ok", "ev_act_inf_roll_failed"]


def test_9_7_1_2_bribes_paid_before_rolling_even_unused(rolls):
    s = P.build(two_players(units={40: P.Units(lieutenants=[P.Lieutenant(name="Verin", seat=1, bonus=2)])}))
    lt = units(s, 40)[0]
    start(s)
    influence(s, ("bribe", 1), ("bribe", 1), ("bribe", 4))
    rolls.append(6)  # 6 + 2 - 1 > 4
    play(s, "submit")
    assert s.players[0].souls == 14 and lt.owner == 1


def test_9_7_1_2_bribes_offered_only_where_a_die_can_succeed(rolls):
    """Against 20 bonus souls Gomory (4 hearts) needs 17 souls on a roll for a
    1 to succeed: the offer is 0 or 17-22 (a 6 succeeds), never 0-22."""
    s = P.build(two_players(souls=40, units={40: P.Units(lieutenants=[P.Lieutenant(name="Verin", seat=1, bonus=20)])}))
    lt = units(s, 40)[0]
    start(s)
    play(s, "influence")
    play(s, "owner", 0)
    assert dos(s, "bribe") == [0, 17, 18, 19, 20, 21, 22]
    play(s, "bribe", 22)
    assert dos(s, "bribe") == [0, 17, 18]  # 18 souls left
    play(s, "bribe", 18)
    assert [x.do for x in legal(s)] == ["submit", "back"]  # nothing left: 0 taken by itself
    rolls.extend([6, 5])
    play(s, "submit")  # 6 + 20 - 22 = 4, 5 + 20 - 18 = 7 > 4: he stays
    assert lt.owner == 1 and s.players[0].souls == 0


def test_9_7_1_2_bribe_choices_stop_where_any_die_succeeds():
    s = P.build(two_players("Caim", souls=3, units=legion_of_seat_1(40)))  # 1 heart: 5 souls make any die succeed
    start(s)
    influence(s, ("goal", 1))
    assert dos(s, "bribe") == [0, 1, 2, 3]  # all he has
    s = P.build(two_players("Caim", souls=9, units=legion_of_seat_1(40)))
    start(s)
    influence(s, ("goal", 1))
    assert dos(s, "bribe") == [0, 1, 2, 3, 4, 5]


def test_9_7_1_keeper_disbands_its_hound_runs_amok(rolls, movement):
    s = P.build(two_players(units={40: P.Units(legions={1: 1}, hounds=[P.Hound(attacks=4, keeper=1)])}))
    keeper, hound = units(s, 40)
    start(s)
    assert diplomacy.targets(s, 0) == [keeper.id]
    influence(s, ("goal", 1), ("bribe", 0))
    rolls.append(2)
    events = play(s, "submit")
    assert board.unit(s, keeper.id) is None and hound.owner is None and hound.keeper is None
    assert movement == [("amok", hound.id)] and "ev_act_hound_loose" in keys(events)


def test_9_7_1_keeper_switches_with_its_hound(rolls):
    s = P.build(two_players(units={40: P.Units(legions={1: 1}, hounds=[P.Hound(attacks=4, keeper=1)])}))
    keeper, hound = units(s, 40)
    start(s)
    influence(s, ("goal", 2), ("bribe", 0), ("bribe", 0))
    rolls.extend([1, 1])
    play(s, "submit")
    assert keeper.owner == hound.owner == 0 and hound.keeper == keeper.id


def test_9_7_1_alike_legions_are_offered_once():
    s = P.build(two_players(units={40: P.Units(legions={1: 2}), 41: P.Units(legions={1: 1})}))
    (a, b), (c,) = units(s, 40), units(s, 41)
    start(s)
    assert diplomacy.targets(s, 0) == [a.id, c.id]
    play(s, "influence")
    label = flow.QUESTIONS["act"].label(s, ask(s), Action(do="target", a=a.id))
    assert label == ("lb_act_inf_legion", {"seat": 1, "sectio": 40, "count": 2})
    assert flow.QUESTIONS["act"].group(s, ask(s), Action(do="target", a=c.id)) == ("grp_act_sectio", {"sectio": 41})
    assert b.id not in [x.a for x in legal(s)]


def test_14_1_spendable_favour_for_units_at_home():
    # The only favour is bound by the disfavour (G52): no influence at home.
    s = P.build(two_players(favour=1, disfavour=1, theirs=(12,), units=legion_of_seat_1(12)))
    start(s)
    assert Action(do="influence") not in legal(s)
    s = P.build(two_players(favour=1, disfavour=1, theirs=(12,), units=legion_of_seat_1(12, 13)))
    away = units(s, 13)[0]
    start(s)
    assert Action(do="influence") in legal(s)
    assert diplomacy.targets(s, 0) == [away.id]
    s = P.build(two_players(favour=2, disfavour=1, theirs=(12,), units=legion_of_seat_1(12, 13)))
    assert len(diplomacy.targets(s, 0)) == 2


def test_9_7_1_own_units_are_no_targets():
    s = P.build(two_players(units={40: P.Units(legions={0: 1})}))
    start(s)
    assert Action(do="influence") not in legal(s)


def test_9_7_1_without_souls_the_bribe_steps_are_skipped(rolls):
    s = P.build(two_players(souls=0, units=legion_of_seat_1(40)))
    legion = units(s, 40)[0]
    start(s)
    influence(s, ("goal", 1))
    assert [x.do for x in legal(s)] == ["submit", "back"]
    rolls.append(4)
    play(s, "submit")
    assert board.unit(s, legion.id) is None


def test_9_7_1_many_targets_are_grouped_by_sectio():
    # 12 sectios, not 14: a triumvirate has at most 12 legions. The others' demons cannot act,
    # so Gomory's turn comes first.
    idle = [player(P.Demon(name=name, status="incapacitated")) for name in ("Naburos", "Baal", "Caim")]
    s = P.build(action(player("Gomory"), *idle,
                       units={at: P.Units(legions={1: 1, 2: 1, 3: 1}) for at in range(0, 36, 3)}))
    start(s)
    play(s, "influence")
    choices = legal(s)
    groups = [flow.QUESTIONS["act"].group(s, ask(s), x) for x in choices if x.do == "target"]
    assert len(choices) > 25 and all(k == "grp_act_sectio" for k, _ in groups)
    assert max(groups.count(grp) for grp in groups) <= 25


# -- the 9.7 walkthrough ----------------------------------------------------------------------------------------------


def test_9_7_walkthrough(rolls, movement):
    """Key, Beast, Void; magic replaced by waiting (part 2), Naburo's counter
    by marking him acted. G63: Ukobach's pass puts her behind Baal, who already
    precedes her, so Baal acts first and Ukobach cannot pass (nobody behind)."""
    s = P.build(action(
        player(on_earth("Sammael"), "Caim", P.Demon(name="Balban", status="incapacitated")),
        player("Beelzebub", "Baal", "Naburos", hand=[P.Card(minor="pass", places=2, cost=2)]),
        player("Ashtaroth", "Orias", on_earth("Ukobach"),
               hand=[P.Card(minor="walk", cost=1), P.Card(minor="walk", cost=3), P.Card(minor="pass", places=1)]),
        units={5: P.Units(legions={1: 1}), 20: P.Units(legions={1: 1})}))
    beast_legion = units(s, 20)[0]
    (double,), (walk1, walk3, _) = s.players[1].hand, s.players[2].hand
    start(s)
    assert turn(s) == "Sammael"
    rolls.extend([1, 3, 5, 6, 6])
    play(s, "deeds")
    assert s.players[0].favour == 3
    assert turn(s) == "Beelzebub"
    play(s, "move")
    assert turn(s) == "Ashtaroth"
    play(s, "walk", walk1)
    assert s.players[2].souls == 19
    assert turn(s) == "Baal"
    play(s, "pass", double)
    assert order(s) == ["Caim", "Orias", "Baal", "Ukobach", "Naburos"]
    play(s, "wait")  # Caim: Jones' Device (part 2)
    s.demons[demon(s, "Naburos")].acted = True  # It Does Not Work, out of sequence
    assert turn(s) == "Orias"
    play(s, "walk", walk3)
    assert s.players[2].souls == 16
    assert turn(s) == "Baal"
    play(s, "wait")  # Deflection (part 2)
    assert turn(s) == "Ukobach" and not dos(s, "pass")
    influence(s, ("target", beast_legion.id), ("goal", 1), ("bribe", 2))
    rolls.append(3)
    play(s, "submit")
    assert board.unit(s, beast_legion.id) is None and not s.demons[demon(s, "Ukobach")].on_earth
    assert s.step == "random" and not flow.open_asks(s)


def test_g45_a_switched_keeper_beyond_12_legions_is_lost_its_hound_runs_amok(rolls, movement):
    s = P.build(two_players(units={3: P.Units(legions={0: 12}),
                                   40: P.Units(legions={1: 1}, hounds=[P.Hound(attacks=2, keeper=1)])}))
    keeper, hound = units(s, 40)
    start(s)
    influence(s, ("goal", 2), ("bribe", 0), ("bribe", 0))
    rolls.extend([1, 1])
    events = play(s, "submit")
    assert board.unit(s, keeper.id) is None and len(board.legions(s, 0)) == 12
    assert movement == [("amok", hound.id)]
    assert {"ev_act_inf_switched", "ev_act_inf_over_limit", "ev_act_hound_loose"} <= set(keys(events))


def random_position(pick: random.Random, seats: int) -> P.Position:
    """2-4 players with random triumvirates, souls, favour, disfavour, Pass and
    Walk the Earth cards, units (some hounds kept by legions) and sectios;
    some demons walk the Earth. Every card, lieutenant and hound counter is
    in one place only, as the builder demands."""
    names = [d.name for d in data.DEMONS]
    pick.shuffle(names)
    souls = pick.randint(0, 8)
    deck = pick.sample([c.id for c in data.ARCANA if c.minor in ("pass", "walk")], 4 * seats)
    lieutenants = pick.sample(range(len(data.LIEUTENANTS)), len(data.LIEUTENANTS))
    counters = pick.sample(data.HOUND_ATTACKS, len(data.HOUND_ATTACKS))
    places: dict[int, dict] = {}
    owner: dict[int, int] = {}
    for p in range(seats):
        for _ in range(6):
            at = pick.randrange(46)
            place = places.setdefault(at, {"legions": {}, "lieutenants": [], "hounds": []})
            if pick.choice(["legion", "legion", "lieutenant"]) == "lieutenant" and lieutenants:
                place["lieutenants"].append(P.Lieutenant(name=lieutenants.pop(), seat=p))
            else:
                place["legions"][p] = place["legions"].get(p, 0) + 1
                if pick.random() < 0.2 and counters:
                    place["hounds"].append(P.Hound(attacks=counters.pop(), keeper=p))
            if at < 45 and pick.random() < 0.5:
                owner.setdefault(at, p)
    players = [P.Player(demons=[P.Demon(name=n, walk=pick.random() < 0.3) for n in names[3 * p:3 * p + 3]],
                        souls=souls, favour=pick.randint(0, 2), disfavour=pick.randint(0, 2),
                        hand=deck[4 * p:4 * p + 4], sectios=[at for at, o in owner.items() if o == p])
               for p in range(seats)]
    return action(*players, units={at: P.Units(**u) for at, u in places.items()})


@pytest.mark.parametrize("seed", range(12))
def test_9_0_random_action_phases_end_and_keep_the_books(seed, movement):
    """Random legal choices: every demon acts once, souls and favour never
    go negative, every text formats, the phase hands over."""
    pick = random.Random(seed)
    s = P.build(random_position(pick, seats=2 + seed % 3), seed=seed)
    start(s)
    for _ in range(400):
        if not flow.open_asks(s):
            break
        choice = pick.choice(legal(s))
        play(s, choice.do, choice.a, choice.b, choice.c)
        assert all(p.souls >= 0 and p.favour >= 0 and p.disfavour >= 0 for p in s.players)
    assert s.step == "random" and not flow.open_asks(s) and not s.drafts
