"""Himmel und Hölle: every rule of the rulebook (seeds/000_862205b6cc9fc2a8.txt)
as settled by RULINGS.md. Each test names the rulebook section it checks."""

from __future__ import annotations

import pytest

import engines
from engines import IllegalAction
from engines.himmel_und_hoelle.model import (
    HEAVEN,
    HELL,
    Boost,
    Conflict,
    Die,
    EndTurn,
    Enter,
    Finish,
    Lower,
    Move,
    Pass,
    Play,
    Raise,
    Return,
    Slide,
    State,
)
from engines.rng import Rng

E = engines.get("himmel-und-hoelle")


def pos(
    dice: list[tuple[int, str, int]],
    *,
    active: int = HELL,
    ap: int | None = None,
    goal: tuple[list[int], list[int]] = ([], []),
    hands: tuple[list[int], list[int]] | None = None,
) -> State:
    """A position: ``dice`` as (side, field, value); each side's Startfeld holds
    the rest of its five dice."""
    on_board = [sum(1 for d in dice if d[0] == side) for side in (HELL, HEAVEN)]
    start = [5 - on_board[s] - len(goal[s]) for s in (HELL, HEAVEN)]
    assert min(start) >= 0
    return State(
        rng=Rng.from_seed(0),
        dice=[Die(side=s, field=f, value=v) for s, f, v in dice],
        start=start,
        goal=[list(goal[0]), list(goal[1])],
        hands=[list(h) for h in hands] if hands else [list(range(13)), list(range(13))],
        active=active,
        ap=on_board[active] if ap is None else ap,
    )


def die(state: State, side: int, field: str) -> int | None:
    for d in state.dice:
        if d.side == side and d.field == field:
            return d.value
    return None


def play(state: State, *steps: tuple[int, object]) -> State:
    for seat, action in steps:
        state, _ = E.apply(state, seat, action)
    return state


def conflict(state: State, hell_card: int, heaven_card: int) -> tuple[State, list]:
    state, ev1 = E.apply(state, HELL, Play(card=hell_card))
    state, ev2 = E.apply(state, HEAVEN, Play(card=heaven_card))
    return state, ev1 + ev2


# -- Spielvorbereitung -----------------------------------------------------------


def test_spielvorbereitung_setup():
    s = E.setup(2, seed=7)
    assert sorted((d.side, d.field, d.value) for d in s.dice) == [(HELL, "B1", 3), (HEAVEN, "B10", 3)]
    assert s.start == [4, 4]
    assert s.hands == [list(range(13)), list(range(13))]
    assert E.to_act(s) == [HELL]  # Der Höllenspieler beginnt.
    assert s.ap == 1


def test_spielvorbereitung_needs_two_players():
    with pytest.raises(IllegalAction):
        E.setup(3, seed=1)


# -- Phase 1: Aktionspunkte berechnen -----------------------------------------------


def test_phase1_action_points_equal_own_dice_in_play_area():
    s = pos([(HELL, "A2", 3), (HELL, "B4", 3), (HELL, "C5", 3), (HEAVEN, "A7", 3),
             (HEAVEN, "B7", 2), (HEAVEN, "C8", 5), (HEAVEN, "C9", 1)], active=HELL, ap=0)
    s, events = E.apply(s, HELL, EndTurn())
    assert s.active == HEAVEN and s.ap == 4  # Beispiel: Himmel hätte vier Aktionspunkte
    s, _ = E.apply(s, HEAVEN, EndTurn())
    assert s.active == HELL and s.ap == 3  # ... die Hölle nur drei


def test_phase1_no_action_points_ends_the_game_and_rival_fills_up_with_sixes():
    s = pos([(HEAVEN, "B5", 2)], active=HEAVEN, goal=([4], [5]))
    s, events = E.apply(s, HEAVEN, EndTurn())
    assert s.over and E.to_act(s) == []
    # Heaven could still move, so it fills its Zielfeld up to three dice showing 6.
    assert s.goal[HEAVEN] == [5, 6, 6]
    assert s.filled == [0, 2]
    r = E.result(s)
    assert r.scores == [4, 17] and r.winners == [HEAVEN] and r.reason == "stuck"
    assert any(e.key == "ev_fill_up" for e in events)


def _shown(state: State, side: int) -> int:
    """Every die of ``side`` on the table: play area, Startfeld and Zielfeld."""
    return sum(1 for d in state.dice if d.side == side) + state.start[side] + len(state.goal[side])


def test_ruling_filling_up_uses_own_remaining_dice():
    """RULINGS, Filling up: the 6s are the side's own remaining dice, play
    area first, then Startfeld; a side never shows more than its 5 dice."""
    s = pos([(HEAVEN, "B5", 2)], active=HEAVEN, goal=([4], [5]))
    s, events = E.apply(s, HEAVEN, EndTurn())
    assert s.over and s.end_reason == "stuck"
    assert s.goal[HEAVEN] == [5, 6, 6] and s.filled == [0, 2]
    assert die(s, HEAVEN, "B5") is None  # the die in play went into the Zielfeld ...
    assert s.start[HEAVEN] == 2  # ... and one from the Startfeld (3 were there)
    assert _shown(s, HEAVEN) == 5 and _shown(s, HELL) == 5


def test_ruling_filling_up_takes_the_dice_in_play_nearest_the_zielfeld_first():
    """Decision: of several dice in play, those nearest the Zielfeld fill up."""
    s = pos([(HELL, "A3", 1), (HELL, "C9", 2), (HELL, "B7", 5), (HEAVEN, "A1", 4)], active=HELL, ap=0, goal=([6], []))
    s.dice = [d for d in s.dice if d.side == HELL]  # Heaven's last die left the play area
    s.start[HEAVEN] += 1
    s, _ = E.apply(s, HELL, EndTurn())
    assert s.over and s.end_reason == "stuck"
    assert s.goal[HELL] == [6, 6, 6] and s.filled == [2, 0]
    assert [(d.field, d.value) for d in s.dice] == [("A3", 1)] and s.start[HELL] == 1
    assert _shown(s, HELL) == 5


def test_ruling_both_play_areas_empty_ends_the_game_at_once():
    """RULINGS, Both play areas empty: the moment the last die leaves the play
    area, mid-turn, the game ends; nobody fills up."""
    s = pos([(HELL, "A1", 3)], ap=2, goal=([6, 2], [3]))
    s, events = E.apply(s, HELL, Return(side=HELL, at="A1"))
    assert s.over and s.end_reason == "empty" and E.to_act(s) == []
    assert s.goal == [[6, 2], [3]] and s.filled == [0, 0]
    assert E.result(s).scores == [8, 3] and E.result(s).winners == [HELL]
    assert "ev_fill_up" not in [e.key for e in events] and events[-1].key == "ev_game_over"


def test_ruling_both_play_areas_empty_when_the_last_die_enters_a_zielfeld():
    s = pos([(HELL, "B10", 4)], ap=3, goal=([6], [2, 5]))
    s, _ = E.apply(s, HELL, Finish(side=HELL, at="B10"))
    assert s.over and s.end_reason == "empty"
    assert s.goal == [[6, 4], [2, 5]] and s.filled == [0, 0]
    assert E.result(s).scores == [10, 7]


def test_ruling_both_play_areas_empty_by_a_bonus_action_point():
    # Heaven attacks B1 with a 1 and loses: its die goes home; Hell's bonus AP
    # takes its own last die back to the Startfeld: both play areas are empty.
    s = pos([(HELL, "B1", 3), (HEAVEN, "B2", 1)], active=HEAVEN, goal=([5], [4]))
    s = play(s, (HEAVEN, Move(side=HEAVEN, src="B2", dst="B1")))
    s, _ = conflict(s, 5, 0)
    assert s.pending == "bonus" and E.to_act(s) == [HELL] and [d.side for d in s.dice] == [HELL]
    s, events = E.apply(s, HELL, Return(side=HELL, at="B1"))
    assert s.over and s.end_reason == "empty" and s.filled == [0, 0]
    assert E.result(s).scores == [5, 4]


def test_ruling_both_play_areas_empty_at_turn_start_nobody_fills_up():
    """A turn that starts with 0 AP while the other side has no die in play
    either is end 3, not end 2: no 6s for anybody."""
    s = pos([], active=HELL, ap=1, goal=([6, 2], [3]))
    s, events = E.apply(s, HELL, EndTurn())  # Heaven begins its turn without a die in play
    assert s.over and s.end_reason == "empty"
    assert s.goal == [[6, 2], [3]] and s.filled == [0, 0]
    assert E.result(s).scores == [8, 3] and E.result(s).winners == [HELL]
    assert "ev_fill_up" not in [e.key for e in events]


# -- Phase 2, 1. Bewegung ---------------------------------------------------------


def test_bewegung_1_enter_costs_one_ap_and_shows_three():
    s = pos([(HELL, "B1", 5)], ap=1)
    assert Enter(side=HELL, to="A1") in E.legal_actions(s, HELL)
    assert Enter(side=HELL, to="B1") not in E.legal_actions(s, HELL)  # own die there
    s = play(s, (HELL, Enter(side=HELL, to="C1")))
    assert die(s, HELL, "C1") == 3 and s.ap == 0 and s.start[HELL] == 3


def test_bewegung_1_enter_only_onto_the_three_adjacent_fields():
    s = pos([(HELL, "B2", 3)], ap=2)
    targets = {a.to for a in E.legal_actions(s, HELL) if isinstance(a, Enter)}
    assert targets == {"A1", "B1", "C1"}
    s = pos([(HEAVEN, "B9", 3)], active=HEAVEN, ap=2)
    assert {a.to for a in E.legal_actions(s, HEAVEN) if isinstance(a, Enter)} == {"A10", "B10", "C10"}


def test_bewegung_1_enter_onto_an_enemy_die_starts_a_conflict():
    s = pos([(HELL, "B2", 3), (HEAVEN, "A1", 4)], ap=2)
    s = play(s, (HELL, Enter(side=HELL, to="A1")))
    assert s.conflict is not None and s.conflict.field == "A1" and s.conflict.attacker == HELL
    assert sorted(E.to_act(s)) == [HELL, HEAVEN]


def test_bewegung_2_return_to_startfeld_sets_three():
    s = pos([(HELL, "C1", 5), (HELL, "B2", 4)], ap=2)
    legal = E.legal_actions(s, HELL)
    assert Return(side=HELL, at="C1") in legal
    assert Return(side=HELL, at="B2") not in legal  # not next to the Startfeld
    s = play(s, (HELL, Return(side=HELL, at="C1")))
    assert die(s, HELL, "C1") is None and s.start[HELL] == 4 and s.ap == 1


def test_bewegung_3_move_orthogonally_for_one_ap():
    s = pos([(HELL, "B5", 3)], ap=1)
    moves = {a.dst for a in E.legal_actions(s, HELL) if isinstance(a, Move)}
    assert moves == {"A5", "C5", "B4", "B6"}  # never diagonal
    s = play(s, (HELL, Move(side=HELL, src="B5", dst="B6")))
    assert die(s, HELL, "B6") == 3 and s.ap == 0
    assert not any(isinstance(a, Move) for a in E.legal_actions(s, HELL))


def test_bewegung_3_own_dice_block_fields():
    s = pos([(HELL, "B5", 3), (HELL, "B6", 3)], ap=2)
    assert Move(side=HELL, src="B5", dst="B6") not in E.legal_actions(s, HELL)
    with pytest.raises(IllegalAction):
        E.apply(s, HELL, Move(side=HELL, src="B5", dst="B6"))


def test_bewegung_3_moving_onto_an_enemy_stops_with_a_conflict():
    s = pos([(HELL, "B5", 3), (HELL, "A1", 3), (HEAVEN, "B6", 3)], ap=2)
    s = play(s, (HELL, Move(side=HELL, src="B5", dst="B6")))
    assert s.conflict.field == "B6" and s.conflict.attacker == HELL
    # Nothing else happens until it is resolved: only cards may be chosen.
    assert all(isinstance(a, Play) for a in E.legal_actions(s, HELL))
    with pytest.raises(IllegalAction) as err:
        E.apply(s, HELL, Move(side=HELL, src="A1", dst="A2"))
    assert err.value.key == "conflict_first"


def test_bewegung_4_finish_into_zielfeld_from_adjacent_field():
    s = pos([(HELL, "A10", 4), (HELL, "B9", 2)], ap=2)
    legal = E.legal_actions(s, HELL)
    assert Finish(side=HELL, at="A10") in legal
    assert Finish(side=HELL, at="B9") not in legal
    s = play(s, (HELL, Finish(side=HELL, at="A10")))
    assert s.goal[HELL] == [4] and die(s, HELL, "A10") is None
    # Tabu: a die in the Zielfeld can never be chosen again.
    assert all(getattr(a, "at", None) != "A10" and getattr(a, "src", None) != "A10" for a in E.legal_actions(s, HELL))


def test_bewegung_4_heaven_finishes_from_column_one():
    s = pos([(HEAVEN, "C1", 6)], active=HEAVEN, ap=1)
    assert Finish(side=HEAVEN, at="C1") in E.legal_actions(s, HEAVEN)


# -- Phase 2, 2. Würfelwert ändern -----------------------------------------------


def test_wuerfelwert_raise_costs_one_ap_up_to_six():
    s = pos([(HELL, "B3", 5)], ap=5)
    s = play(s, (HELL, Raise(side=HELL, at="B3")))
    assert die(s, HELL, "B3") == 6 and s.ap == 4
    assert Raise(side=HELL, at="B3") not in E.legal_actions(s, HELL)


def test_wuerfelwert_lowering_is_free_and_never_below_one():
    s = pos([(HELL, "B3", 3)], ap=1)
    s = play(s, (HELL, Lower(at="B3")), (HELL, Lower(at="B3")))
    assert die(s, HELL, "B3") == 1 and s.ap == 1
    assert Lower(at="B3") not in E.legal_actions(s, HELL)
    with pytest.raises(IllegalAction):
        E.apply(s, HELL, Lower(at="B3"))


def test_wuerfelwert_each_lowering_step_may_move_one_field():
    s = pos([(HELL, "B3", 6), (HEAVEN, "B9", 2)], ap=0)
    for src, dst in (("B3", "B4"), ("B4", "B5"), ("B5", "A5")):
        s = play(s, (HELL, Slide(src=src, dst=dst)))
    assert die(s, HELL, "A5") == 3 and s.ap == 0
    # AP actions need action points; free steps do not.
    assert not any(isinstance(a, (Move, Raise, Enter)) for a in E.legal_actions(s, HELL))
    with pytest.raises(IllegalAction) as err:
        E.apply(s, HELL, Raise(side=HELL, at="A5"))
    assert err.value.key == "no_ap"


def test_wuerfelwert_slide_onto_enemy_starts_conflict_and_lowering_stops():
    s = pos([(HELL, "B3", 4), (HEAVEN, "B4", 2)], ap=0)
    s = play(s, (HELL, Slide(src="B3", dst="B4")))
    assert s.conflict.field == "B4" and die(s, HELL, "B4") == 3
    assert not any(isinstance(a, (Lower, Slide)) for a in E.legal_actions(s, HELL))


def test_only_own_dice_outside_a_bonus():
    s = pos([(HELL, "B3", 4), (HEAVEN, "B8", 4)], ap=2)
    for a in E.legal_actions(s, HELL):
        assert getattr(a, "side", HELL) == HELL
        assert getattr(a, "at", "B3") != "B8" and getattr(a, "src", "B3") != "B8"


# -- Spielübersicht II, A: Karten ----------------------------------------------------


def conflict_position(hell: int, heaven: int, *, attacker: int = HELL, field: str = "B5",
                      extra: list[tuple[int, str, int]] = (), hands=None) -> State:
    s = pos([(HELL, field, hell), (HEAVEN, field, heaven), *extra], ap=0, hands=hands)
    s.conflict = Conflict(field=field, attacker=attacker)
    return s


def test_konflikt_a_both_choose_in_secret_and_all_cards_are_offered():
    s = conflict_position(5, 4)
    assert sorted(E.to_act(s)) == [HELL, HEAVEN]
    assert [a.card for a in E.legal_actions(s, HELL)] == list(range(13))
    assert E.prompt(s, HELL).secret
    # Beispiel: a 5 allows cards 0 to 8 (the label warns about the others).
    assert E.prompt(s, HELL).params["top"] == 8
    assert "counts 0" in E.label(s, HELL, Play(card=9), "en")
    assert "counts 0" not in E.label(s, HELL, Play(card=8), "en")
    s = play(s, (HELL, Play(card=2)))
    assert E.to_act(s) == [HEAVEN]
    assert E.legal_actions(s, HELL) == []
    with pytest.raises(IllegalAction) as err:
        E.apply(s, HELL, Play(card=3))
    assert err.value.key == "not_your_turn"


def test_konflikt_a_a_card_not_in_hand_is_refused():
    s = conflict_position(5, 4, hands=([0, 1, 2], [0, 4]))
    with pytest.raises(IllegalAction) as err:
        E.apply(s, HELL, Play(card=7))
    assert err.value.key == "no_such_card"


# -- Spielübersicht II, B and C: Konfliktwert und Sieger ---------------------------------


def test_konflikt_b_example_hell_7_heaven_8():
    """Beispiel B: Hölle 5er + 2 = 7, Himmel 4er + 4 = 8."""
    s, events = conflict(conflict_position(5, 4), 2, 4)
    reveal = s.last_reveal
    assert reveal.values == [7, 8] and reveal.winner == HEAVEN
    reveal_event = next(e for e in events if e.key == "ev_reveal")
    assert reveal_event.visible_to is None
    assert E.text(reveal_event.key, reveal_event.params, "en").startswith("Heaven wins the conflict on B5 8:7")


def test_konflikt_c_example_tie_on_value_higher_card_wins():
    """Beispiel C: Hölle 5er + 8 = 13, Himmel 1er + 12 = 13: Himmel gewinnt."""
    s, _ = conflict(conflict_position(5, 1), 8, 12)
    assert s.last_reveal.values == [13, 13]
    assert s.last_reveal.winner == HEAVEN


def test_konflikt_c_equal_die_and_card_the_defender_wins():
    s, _ = conflict(conflict_position(4, 4, attacker=HELL), 3, 3)
    assert s.last_reveal.winner == HEAVEN
    s, _ = conflict(conflict_position(4, 4, attacker=HEAVEN), 3, 3)
    assert s.last_reveal.winner == HELL


def test_konflikt_b_a_card_not_allowed_counts_zero_and_is_removed():
    # Hell's 6 allows at most 7: the 12 counts 0, so 6 + 0 loses to 2 + 5.
    s, _ = conflict(conflict_position(6, 2), 12, 5)
    assert s.last_reveal.counted == [0, 5] and s.last_reveal.values == [6, 7]
    assert s.last_reveal.winner == HEAVEN
    assert 12 not in s.hands[HELL] and 12 in s.removed[HELL]


def test_konflikt_c_illegal_card_counts_zero_in_the_tie_break_too():
    # 6 + 0 (an illegal 9) = 6 against 2 + 4 = 6: the counted cards are 0 and 4.
    s, _ = conflict(conflict_position(6, 2, attacker=HEAVEN), 9, 4)
    assert s.last_reveal.values == [6, 6] and s.last_reveal.winner == HEAVEN


# -- Spielübersicht II, D: Konsequenzen ---------------------------------------------------


def test_konflikt_d_loser_minus_one_winner_plus_one():
    s, _ = conflict(conflict_position(5, 4), 2, 4)  # Heaven wins
    assert die(s, HELL, "B5") == 4 and die(s, HEAVEN, "B5") == 5


def test_konflikt_d_loser_on_one_goes_home_showing_three():
    s, events = conflict(conflict_position(3, 1, attacker=HELL), 4, 0)  # Hell wins
    assert die(s, HEAVEN, "B5") is None and s.start[HEAVEN] == 5
    assert any(e.key == "ev_sent_home" for e in events)
    s = play(s, (HELL, Pass()))
    assert s.conflict is None and E.to_act(s) == [HELL]
    # It comes back showing 3.
    s.active, s.ap = HEAVEN, 1
    s = play(s, (HEAVEN, Enter(side=HEAVEN, to="A10")))
    assert die(s, HEAVEN, "A10") == 3


def test_konflikt_d_winner_on_six_raises_another_die_of_choice():
    s = conflict_position(6, 3, extra=[(HELL, "A2", 2), (HELL, "C3", 4), (HELL, "C4", 6)])
    s, _ = conflict(s, 0, 0)  # 6 vs 3: Hell wins
    assert die(s, HELL, "B5") == 6
    assert E.to_act(s) == [HELL] and s.pending == "boost"
    assert {a.at for a in E.legal_actions(s, HELL)} == {"A2", "C3"}  # not the 6 on C4
    s = play(s, (HELL, Boost(at="C3")))
    assert die(s, HELL, "C3") == 5 and s.pending == "bonus"


def test_konflikt_d_winner_on_six_single_other_die_is_raised_at_once():
    s = conflict_position(6, 3, extra=[(HELL, "A2", 2)])
    s, _ = conflict(s, 0, 0)
    assert die(s, HELL, "A2") == 3 and s.pending == "bonus"


def test_konflikt_d_winner_on_six_without_other_die_loses_the_gain():
    s = conflict_position(6, 3, extra=[(HELL, "A2", 6)])
    s, events = conflict(s, 0, 0)
    assert die(s, HELL, "A2") == 6 and die(s, HELL, "B5") == 6
    assert any(e.key == "ev_gain_lost" for e in events)


def test_konflikt_d_bonus_ap_is_for_the_winner_even_out_of_turn():
    s = conflict_position(5, 4, attacker=HELL, extra=[(HEAVEN, "A9", 3)])
    s, _ = conflict(s, 2, 4)  # Heaven wins on Hell's turn
    assert E.to_act(s) == [HEAVEN] and s.pending == "bonus"
    assert E.prompt(s, HEAVEN).key == "pr_bonus"
    legal = E.legal_actions(s, HEAVEN)
    # Any AP action for either colour, on any die.
    assert Raise(side=HELL, at="B5") in legal
    assert Enter(side=HELL, to="A1") in legal
    assert Move(side=HEAVEN, src="A9", dst="A8") in legal
    assert Pass() in legal
    assert not any(isinstance(a, (Lower, Slide, EndTurn)) for a in legal)


def test_konflikt_d_bonus_moving_enemy_die_out_ends_the_conflict():
    s, _ = conflict(conflict_position(5, 4, attacker=HELL), 2, 4)  # Heaven wins
    s = play(s, (HEAVEN, Move(side=HELL, src="B5", dst="B4")))
    assert s.conflict is None
    assert E.to_act(s) == [HELL] and s.active == HELL  # Hell's turn goes on


def test_konflikt_d_bonus_unused_lapses_and_conflict_goes_on_with_winner_attacking():
    s, _ = conflict(conflict_position(5, 4, attacker=HELL), 2, 4)  # Heaven wins
    s = play(s, (HEAVEN, Pass()))
    assert s.conflict is not None and s.conflict.round == 2
    assert s.conflict.attacker == HEAVEN  # could have ended it, so now attacks
    assert sorted(E.to_act(s)) == [HELL, HEAVEN]


def test_konflikt_d_bonus_may_never_create_a_second_conflict():
    s = conflict_position(5, 4, attacker=HELL, extra=[(HELL, "A2", 3), (HEAVEN, "A3", 3)])
    s, _ = conflict(s, 2, 4)  # Heaven wins; conflict on B5 persists
    legal = E.legal_actions(s, HEAVEN)
    assert Move(side=HEAVEN, src="A3", dst="A2") not in legal
    assert Move(side=HELL, src="A2", dst="A3") not in legal
    with pytest.raises(IllegalAction):
        E.apply(s, HEAVEN, Move(side=HEAVEN, src="A3", dst="A2"))


def test_konflikt_d_bonus_may_make_a_new_conflict_once_the_old_one_is_gone():
    # Heaven's loss sends its 1 home; the bonus moves Hell's own die onto a Heaven die.
    s = conflict_position(4, 1, attacker=HEAVEN, extra=[(HELL, "A2", 3), (HEAVEN, "A3", 3)])
    s, _ = conflict(s, 0, 0)  # 4 vs 1: Hell wins
    assert die(s, HEAVEN, "B5") is None
    s = play(s, (HELL, Move(side=HELL, src="A2", dst="A3")))
    assert s.conflict.field == "A3" and s.conflict.attacker == HELL and s.conflict.round == 1


def test_konflikt_d_bonus_moving_an_enemy_die_onto_own_die_makes_winner_attacker():
    s = conflict_position(4, 1, attacker=HELL, extra=[(HELL, "A4", 3), (HEAVEN, "A5", 3)], field="C8")
    s, _ = conflict(s, 0, 0)  # Hell wins, Heaven's 1 goes home
    s = play(s, (HELL, Move(side=HEAVEN, src="A5", dst="A4")))
    assert s.conflict.field == "A4" and s.conflict.attacker == HELL


def test_konflikt_d_bonus_can_finish_a_die_and_end_the_game():
    s = pos([(HELL, "B5", 5), (HEAVEN, "B5", 4), (HELL, "A10", 2)], ap=0, goal=([6, 6], []))
    s.conflict = Conflict(field="B5", attacker=HELL)
    s, _ = conflict(s, 3, 0)
    s, events = E.apply(s, HELL, Finish(side=HELL, at="A10"))
    assert s.over and E.result(s).scores == [14, 0]


# -- Spielübersicht II, E: Karten entfernen ---------------------------------------------


def test_konflikt_e_played_cards_leave_the_game_the_zero_returns():
    s, _ = conflict(conflict_position(5, 4), 0, 7)
    assert 0 in s.hands[HELL] and len(s.hands[HELL]) == 13
    assert 7 not in s.hands[HEAVEN] and s.removed[HEAVEN] == [7]
    assert s.removed[HELL] == []


def test_konflikt_e_a_player_always_keeps_the_zero():
    s = conflict_position(5, 4, hands=([0], [0, 3]))
    assert E.legal_actions(s, HELL) == [Play(card=0)]
    s, _ = conflict(s, 0, 3)
    assert s.hands == [[0], [0]]


def test_konflikt_persists_until_a_die_leaves():
    s = conflict_position(2, 2, attacker=HELL)
    s, _ = conflict(s, 0, 0)  # equal: defender Heaven wins; Hell 2 -> 1, Heaven 3
    s = play(s, (HEAVEN, Pass()))
    assert s.conflict.round == 2 and s.conflict.attacker == HEAVEN
    s, _ = conflict(s, 0, 0)  # 1 vs 3: Heaven wins again, Hell's 1 goes home
    s = play(s, (HEAVEN, Pass()))
    assert s.conflict is None and s.start[HELL] == 5


def test_konflikt_no_ap_and_no_lowering_for_anyone_during_a_conflict():
    s = conflict_position(5, 4, extra=[(HELL, "A1", 3)])
    s.ap = 3
    for seat in (HELL, HEAVEN):
        assert all(isinstance(a, Play) for a in E.legal_actions(s, seat))


def test_after_a_conflict_the_main_player_continues_with_remaining_ap():
    s = pos([(HELL, "B4", 4), (HELL, "A1", 3), (HEAVEN, "B5", 1)], ap=2)
    s = play(s, (HELL, Move(side=HELL, src="B4", dst="B5")))
    s, _ = conflict(s, 3, 0)
    s = play(s, (HELL, Pass()))
    assert s.conflict is None and s.active == HELL and s.ap == 1
    assert Raise(side=HELL, at="A1") in E.legal_actions(s, HELL)


# -- Phase 3 and Spielende -----------------------------------------------------------


def test_phase3_unspent_ap_are_lost():
    s = pos([(HELL, "B4", 4), (HELL, "A1", 3), (HEAVEN, "B8", 2)], ap=2)
    s = play(s, (HELL, EndTurn()))
    assert s.active == HEAVEN and s.ap == 1
    s = play(s, (HEAVEN, EndTurn()))
    assert s.ap == 2  # recomputed, nothing carried over


def test_spielende_1_third_die_in_zielfeld_ends_at_once():
    s = pos([(HELL, "A10", 5), (HELL, "B3", 3), (HEAVEN, "B8", 2)], ap=2, goal=([6, 4], [3]))
    s, events = E.apply(s, HELL, Finish(side=HELL, at="A10"))
    assert s.over and E.to_act(s) == [] and s.end_reason == "goal"
    assert E.result(s).scores == [15, 3] and E.result(s).winners == [HELL]
    assert events[-1].key == "ev_game_over"
    with pytest.raises(IllegalAction) as err:
        E.apply(s, HELL, EndTurn())
    assert err.value.key == "game_over"


def test_wertung_higher_sum_wins():
    s = pos([(HELL, "A10", 5), (HEAVEN, "B8", 2)], ap=1, goal=([6, 4], [6, 6]))
    s = play(s, (HELL, Finish(side=HELL, at="A10")))
    assert E.result(s).scores == [15, 12] and E.result(s).winners == [HELL]


def test_wertung_equal_scores_are_a_draw():
    s = pos([(HELL, "A10", 3), (HEAVEN, "B8", 2)], ap=1, goal=([6, 3], [6, 6]))
    s = play(s, (HELL, Finish(side=HELL, at="A10")))
    result = E.result(s)
    assert result.scores == [12, 12] and result.winners == [HELL, HEAVEN] and result.draw


# -- Contract details that touch the rules -----------------------------------------------


def test_not_your_turn_is_refused_with_a_reason():
    s = E.setup(2, seed=1)
    with pytest.raises(IllegalAction) as err:
        E.apply(s, HEAVEN, EndTurn())
    assert err.value.key == "not_your_turn"
    assert E.text(err.value.key, err.value.params, "de") == "Du bist gerade nicht an der Reihe."


def test_prompts_name_the_decision():
    s = E.setup(2, seed=1)
    assert E.prompt(s, HELL).key == "pr_turn" and not E.prompt(s, HELL).secret
    assert E.prompt(s, HEAVEN).key == "pr_wait"
    s = conflict_position(5, 4)
    text = E.text(E.prompt(s, HEAVEN).key, E.prompt(s, HEAVEN).params, "en")
    assert "B5" in text and "Hell" in text  # where, and who attacks


def test_labels_are_short_and_groups_name_the_die():
    s = conflict_position(5, 4, attacker=HELL, extra=[(HEAVEN, "A9", 3)])
    s, _ = conflict(s, 2, 4)
    for locale in ("de", "en"):
        for a in E.legal_actions(s, HEAVEN):
            assert 0 < len(E.label(s, HEAVEN, a, locale)) <= 80
    assert E.label(s, HEAVEN, Raise(side=HELL, at="B5"), "de") == "Hölle: Hochdrehen B5: 4 → 5"
    assert E.group(s, HEAVEN, Move(side=HEAVEN, src="A9", dst="A8"), "en") == "Heaven: Die A9 (3)"
