"""Hoch und höher: every rule of the rulebook (seeds/001_505a0550493c4329.txt)
as settled by RULINGS.md, and the engine's own decisions where both are
silent. Each test names the rulebook section it checks."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

import engines
from engines import IllegalAction
from engines.hoch_und_hoeher import rules
from engines.hoch_und_hoeher.model import START_HEIGHTS, TEAM_B, TEAM_G, Place, Stack, State, Tower
from engines.rng import Rng

E = engines.get("hoch-und-hoeher")


def seed_rolling(*values: int) -> int:
    """The smallest seed whose generator rolls ``values`` first."""
    for seed in range(100_000):
        rng = Rng.from_seed(seed)
        if all(rng.randint(1, 6) == v for v in values):
            return seed
    raise AssertionError(values)


def pos(
    towers: list[tuple[int, str | None]],
    *,
    roll: int,
    players: int = 2,
    active: int = TEAM_B,
    hierarchy: bool = False,
    next_rolls: tuple[int, ...] = (),
) -> State:
    """A position: towers 1, 2, ... as (height, pawn), the roll of the seat
    to act, and the rolls that follow."""
    return State(
        rng=Rng.from_seed(seed_rolling(*next_rolls) if next_rolls else 0),
        players=players,
        hierarchy=hierarchy,
        towers=[Tower(id=i + 1, height=h, pawn=p) for i, (h, p) in enumerate(towers)],
        active=active,
        roll=roll,
    )


def refused(state: State, seat: int, action) -> str:
    with pytest.raises(IllegalAction) as err:
        E.apply(state, seat, action)
    assert E.text(err.value.key, err.value.params, "de") != err.value.key
    return err.value.key


def heights(state: State) -> dict[int, int]:
    return {t.id: t.height for t in state.towers}


def over(towers: list[tuple[int, str | None]], *, players: int = 2, hierarchy: bool = False) -> State:
    """A finished game with these towers (the last roll matched nothing)."""
    s = pos(towers, roll=1, players=players, hierarchy=hierarchy)
    s.over = True
    return s


# -- III Vorbereitung ----------------------------------------------------------


def test_vorbereitung_fourteen_towers_of_45_stones():
    s = E.setup(2, seed=3)
    assert Counter(t.height for t in s.towers) == {6: 2, 5: 2, 4: 2, 3: 2, 2: 3, 1: 3}
    assert sum(t.height for t in s.towers) == 45
    assert all(t.pawn is None for t in s.towers)


def test_decision_layout_numbers_towers_1_to_14_left_to_right():
    s = E.setup(1, seed=3)
    assert [t.id for t in s.towers] == list(range(1, 15))
    assert [t.height for t in s.towers] == list(START_HEIGHTS) == [6, 5, 4, 3, 2, 1, 2, 1, 2, 1, 3, 4, 5, 6]


@pytest.mark.parametrize("seats", [0, 3])
def test_vorbereitung_one_or_two_players(seats):
    with pytest.raises(IllegalAction) as err:
        E.setup(seats, seed=1)
    assert err.value.key == "bad_seats"


def test_options_hierarchy_and_daily_are_stored_and_nothing_else_is_accepted():
    s = E.setup(2, seed=5, options={"hierarchy": True, "daily": True})
    assert s.hierarchy and s.daily
    plain = E.setup(2, seed=5)
    assert not plain.hierarchy and not plain.daily
    # daily changes nothing in play: the bot only derives the seed from the date
    assert plain.towers == s.towers and plain.roll == s.roll and plain.dieoff == s.dieoff
    with pytest.raises(ValidationError):
        E.setup(2, seed=5, options={"hierarchy": True, "speed": 3})


# -- IV.1 Allgemeine Grundregeln: the roll -------------------------------------


def test_roll_is_made_when_the_turn_begins_and_is_public():
    s = E.setup(1, seed=seed_rolling(4))
    assert s.roll == 4  # known before the first decision
    prompt = E.prompt(s, 0)
    assert prompt.params["roll"] == 4 and not prompt.secret
    assert "4" in E.text(prompt.key, prompt.params, "de")
    s, events = E.apply(s, 0, E.legal_actions(s, 0)[0])
    rolls = [e for e in events if e.key == "ev_roll_solo"]
    assert len(rolls) == 1 and rolls[0].params["roll"] == s.roll and rolls[0].visible_to is None


def test_rolls_come_from_the_seed_only():
    first = {E.setup(1, seed=n).roll for n in range(60)}
    assert first == {1, 2, 3, 4, 5, 6}
    a, b = E.setup(2, seed=77), E.setup(2, seed=77)
    for _ in range(5):
        assert a.model_dump_json() == b.model_dump_json()
        if not E.to_act(a):
            break
        seat = E.to_act(a)[0]
        action = E.legal_actions(a, seat)[-1]
        a, _ = E.apply(a, seat, action)
        b, _ = E.apply(b, seat, action)


def test_every_legal_move_matches_the_roll_exactly():
    s = pos([(6, None), (5, None), (4, None), (3, "blue"), (2, None), (3, None)], roll=3)
    legal = E.legal_actions(s, TEAM_B)
    assert {a.tower for a in legal if isinstance(a, Place)} == {6}
    assert {a.src for a in legal if isinstance(a, Stack)} == {4, 6}


# -- IV.1 Zugmöglichkeit 1: Pöppel setzen ----------------------------------------


def test_zug_1_place_own_pawn_on_a_pawn_free_tower_of_the_rolled_height():
    s = pos([(4, None), (4, "yellow"), (2, None)], roll=4, next_rolls=(2,))
    places = [a for a in E.legal_actions(s, TEAM_B) if isinstance(a, Place)]
    assert places == [Place(pawn="blue", tower=1), Place(pawn="brown", tower=1)]
    s, events = E.apply(s, TEAM_B, Place(pawn="brown", tower=1))
    assert rules.tower(s, 1).pawn == "brown" and heights(s) == {1: 4, 2: 4, 3: 2}
    assert events[0].key == "ev_place" and events[0].params == {"seat": TEAM_B, "pawn": "brown", "tower": 1, "height": 4}


def test_zug_1_wrong_height_is_refused():
    s = pos([(4, None), (2, None)], roll=4)
    assert refused(s, TEAM_B, Place(pawn="blue", tower=2)) == "wrong_height"


def test_zug_1_one_pawn_per_tower():
    s = pos([(4, "yellow"), (2, None)], roll=4, active=TEAM_B)
    assert refused(s, TEAM_B, Place(pawn="blue", tower=1)) == "tower_has_pawn"


def test_beachte_a_pawn_is_placed_only_once_and_never_moved_alone():
    s = pos([(4, "blue"), (4, None), (2, None)], roll=4)
    legal = E.legal_actions(s, TEAM_B)
    assert all(a.pawn != "blue" for a in legal if isinstance(a, Place))
    assert refused(s, TEAM_B, Place(pawn="blue", tower=2)) == "pawn_placed"


def test_iv2_only_own_pawns_may_be_placed():
    s = pos([(4, None), (2, None)], roll=4, active=TEAM_G)
    places = {a.pawn for a in E.legal_actions(s, TEAM_G) if isinstance(a, Place)}
    assert places == {"yellow", "green"}
    assert refused(s, TEAM_G, Place(pawn="blue", tower=1)) == "not_your_pawn"
    s = pos([(4, None), (2, None)], roll=4, active=TEAM_B)
    assert {a.pawn for a in E.legal_actions(s, TEAM_B) if isinstance(a, Place)} == {"blue", "brown"}


def test_unknown_tower_is_refused():
    s = pos([(4, None), (2, None)], roll=4)
    assert refused(s, TEAM_B, Place(pawn="blue", tower=9)) == "no_such_tower"
    assert refused(s, TEAM_B, Stack(src=1, dst=9)) == "no_such_tower"


# -- IV.1 Zugmöglichkeit 2: Turm ohne Pöppel versetzen ---------------------------


def test_zug_2_pawn_free_tower_onto_any_other_pawn_free_tower():
    s = pos([(6, None), (2, None), (9, None), (2, "green"), (1, None)], roll=2, next_rolls=(5,))
    stacks = [a for a in E.legal_actions(s, TEAM_B) if isinstance(a, Stack)]
    assert [(a.src, a.dst) for a in stacks if a.src == 2] == [(2, 1), (2, 3), (2, 5)]  # not itself, not onto green
    s, events = E.apply(s, TEAM_B, Stack(src=2, dst=1))
    assert heights(s) == {1: 8, 3: 9, 4: 2, 5: 1}  # tower 2 is gone, tower 1 keeps its number
    assert events[0].params == {
        "seat": TEAM_B, "src": 2, "src_height": 2, "dst": 1, "dst_height": 6, "height": 8, "pawn": None,
    }


def test_zug_2_not_onto_a_tower_with_a_pawn():
    s = pos([(2, None), (3, "yellow")], roll=2)
    assert refused(s, TEAM_B, Stack(src=1, dst=2)) == "tower_has_pawn"


def test_zug_2_not_onto_itself():
    s = pos([(2, None), (3, None)], roll=2)
    assert refused(s, TEAM_B, Stack(src=1, dst=1)) == "same_tower"


def test_zug_2_wrong_height_is_refused():
    s = pos([(2, None), (3, None)], roll=2)
    assert refused(s, TEAM_B, Stack(src=2, dst=1)) == "wrong_height"


# -- IV.1 Zugmöglichkeit 3: Turm mit Pöppel versetzen ----------------------------


def test_zug_3_tower_with_a_pawn_moves_with_it():
    s = pos([(5, "blue"), (4, None), (3, None)], roll=5, next_rolls=(3,))
    s, events = E.apply(s, TEAM_B, Stack(src=1, dst=3))
    assert rules.tower(s, 3).height == 8 and rules.tower(s, 3).pawn == "blue"
    assert rules.tower(s, 1) is None
    assert events[0].params["pawn"] == "blue"
    assert "mit Blau" in E.text(events[0].key, events[0].params, "de")


def test_iv2_a_tower_with_the_other_teams_pawn_may_be_moved():
    s = pos([(5, "yellow"), (4, None)], roll=5, active=TEAM_B, next_rolls=(1,))
    assert Stack(src=1, dst=2) in E.legal_actions(s, TEAM_B)
    s, _ = E.apply(s, TEAM_B, Stack(src=1, dst=2))
    assert rules.tower(s, 2).pawn == "yellow" and rules.tower(s, 2).height == 9


def test_zug_3_not_onto_another_pawn():
    s = pos([(5, "yellow"), (4, "blue"), (1, None)], roll=5)
    assert [a for a in E.legal_actions(s, TEAM_B) if isinstance(a, Stack)] == [Stack(src=1, dst=3)]
    assert refused(s, TEAM_B, Stack(src=1, dst=2)) == "tower_has_pawn"


# -- IV.1 Beachte: towers above 6 ------------------------------------------------


def test_beachte_towers_above_6_are_never_moved():
    for roll in range(1, 7):
        s = pos([(7, None), (roll, None), (12, "blue")], roll=roll)
        assert all(a.src != 1 and a.src != 3 for a in E.legal_actions(s, TEAM_B) if isinstance(a, Stack))
    s = pos([(7, None), (3, None)], roll=3)
    assert refused(s, TEAM_B, Stack(src=1, dst=2)) == "too_high"


def test_beachte_towers_up_to_6_may_go_onto_towers_above_6():
    s = pos([(6, None), (11, None)], roll=6, next_rolls=(2,))
    assert Stack(src=1, dst=2) in E.legal_actions(s, TEAM_B)
    s, _ = E.apply(s, TEAM_B, Stack(src=1, dst=2))
    assert heights(s) == {2: 17}


# -- IV.1 Spielende --------------------------------------------------------------


def test_spielende_a_roll_without_any_move_ends_the_game_at_once():
    s = pos([(2, None), (5, None), (1, "blue")], roll=2, players=1, next_rolls=(4,))
    s, events = E.apply(s, 0, Stack(src=1, dst=2))
    assert s.over and s.roll == 4
    assert E.to_act(s) == [] and E.legal_actions(s, 0) == []
    assert [e.key for e in events] == ["ev_stack_solo", "ev_roll_solo", "ev_no_move_solo", "ev_over_solo"]
    assert E.result(s).scores == [1] and E.result(s).winners == [0]
    assert refused(s, 0, Stack(src=2, dst=3)) == "game_over"
    assert E.prompt(s, 0).key == "pr_over"


def test_spielende_game_goes_on_while_the_roll_allows_a_move():
    s = pos([(2, None), (5, None), (4, "blue")], roll=2, players=1, next_rolls=(4,))
    s, _ = E.apply(s, 0, Stack(src=1, dst=2))
    assert not s.over and s.roll == 4
    assert E.legal_actions(s, 0) == [Stack(src=3, dst=2)]  # the only move: the tower with blue


def test_spielende_even_with_unplaced_pawns_left():
    s = pos([(3, None), (3, None)], roll=3, next_rolls=(2,))
    s, _ = E.apply(s, TEAM_B, Stack(src=1, dst=2))
    assert s.over and E.result(s).scores == [0, 0]  # unplaced pawns score 0


def test_decision_a_move_is_compulsory_there_is_no_pass():
    s = E.setup(2, seed=1)
    kinds = {type(a).__name__ for a in E.legal_actions(s, s.active)}
    assert kinds <= {"Place", "Stack"}


# -- IV.2 Spiel für 2 Spieler ----------------------------------------------------


def test_iv2_teams_own_their_pawns():
    assert E.seat_name(TEAM_B, "de") == "Team B" and E.seat_name(TEAM_G, "en") == "Team G"
    view = E.view(E.setup(2, seed=1), None)
    assert {p.colour: p.owner for p in view.pawns} == {"blue": 0, "brown": 0, "yellow": 1, "green": 1}


def test_iv2_die_off_decides_who_begins_ties_rolled_again():
    tied = 0
    for seed in range(80):
        s = E.setup(2, seed=seed)
        *ties, last = s.dieoff
        assert all(a == b for a, b in ties) and last[0] != last[1]
        assert s.active == (TEAM_B if last[TEAM_B] > last[TEAM_G] else TEAM_G)
        assert E.view(s, None).starter == s.active
        tied += bool(ties)
    assert tied > 0  # some seeds needed a re-roll


def test_iv2_die_off_follows_the_seed():
    seed = seed_rolling(3, 3, 2, 5)
    s = E.setup(2, seed=seed)
    assert s.dieoff == [[3, 3], [2, 5]] and s.active == TEAM_G
    assert E.setup(1, seed=seed).dieoff == []  # solo: nobody to roll against


def test_iv2_players_take_turns():
    s = pos([(2, None), (2, None), (2, None), (5, None)], roll=2, active=TEAM_B, next_rolls=(2, 4))
    s, events = E.apply(s, TEAM_B, Stack(src=1, dst=4))
    assert E.to_act(s) == [TEAM_G] and s.roll == 2 and s.turn == 2
    assert events[-1].key == "ev_roll" and events[-1].params == {"seat": TEAM_G, "roll": 2}
    assert refused(s, TEAM_B, Stack(src=2, dst=3)) == "not_your_turn"
    assert E.legal_actions(s, TEAM_B) == []
    assert E.prompt(s, TEAM_B).key == "pr_wait"
    s, _ = E.apply(s, TEAM_G, Stack(src=2, dst=3))
    assert E.to_act(s) == [TEAM_B]


def test_iv2_score_is_the_sum_of_the_towers_under_the_teams_pawns():
    s = over([(14, "blue"), (3, "brown"), (8, "yellow"), (5, "green"), (15, None)])
    r = E.result(s)
    assert r.scores == [17, 13] and r.winners == [TEAM_B] and not r.draw


def test_iv2_unplaced_pawns_score_zero():
    s = over([(14, "yellow"), (3, "brown"), (28, None)])
    assert E.result(s).scores == [3, 14] and E.result(s).winners == [TEAM_G]


def test_iv2_tie_the_team_with_the_best_single_pawn_wins():
    s = over([(10, "blue"), (2, "brown"), (6, "yellow"), (6, "green"), (21, None)])
    r = E.result(s)
    assert r.scores == [12, 12] and r.winners == [TEAM_B] and r.reason == "tiebreak"
    view = E.view(s, None)
    assert view.tiebreak and view.winners == [TEAM_B]


def test_iv2_tie_and_equal_best_pawn_is_a_draw():
    s = over([(7, "blue"), (5, "brown"), (5, "yellow"), (7, "green"), (21, None)])
    r = E.result(s)
    assert r.scores == [12, 12] and r.winners == [TEAM_B, TEAM_G] and r.draw


# -- IV.2.1 Variante Hierarchie für 2 Spieler ------------------------------------


def test_iv2_1_brown_above_blue_only_blue_scores():
    towers = [(4, "blue"), (9, "brown"), (8, "yellow"), (3, "green"), (21, None)]
    assert E.result(over(towers, hierarchy=True)).scores == [4, 11]
    assert E.result(over(towers, hierarchy=False)).scores == [13, 11]  # the variant only


def test_iv2_1_green_above_yellow_only_yellow_scores():
    s = over([(4, "blue"), (3, "brown"), (2, "yellow"), (9, "green"), (27, None)], hierarchy=True)
    assert E.result(s).scores == [7, 2] and E.result(s).winners == [TEAM_B]


def test_iv2_1_equal_heights_keep_the_hierarchy():
    s = over([(6, "blue"), (6, "brown"), (5, "yellow"), (5, "green"), (23, None)], hierarchy=True)
    assert E.result(s).scores == [12, 10]


def test_decision_iv2_1_unplaced_leader_counts_as_height_zero():
    s = over([(5, "brown"), (3, "yellow"), (37, None)], hierarchy=True)
    assert E.result(s).scores == [0, 3]


def test_decision_iv2_1_tie_break_uses_scoring_pawns():
    # B: brown 9 stands above blue 4, so only blue counts: 4. G: 3 + 1 = 4.
    # Best scoring pawn: B 4 (brown scores 0), G 3 -> B wins.
    s = over([(4, "blue"), (9, "brown"), (3, "yellow"), (1, "green"), (28, None)], hierarchy=True)
    r = E.result(s)
    assert r.scores == [4, 4] and r.winners == [TEAM_B] and r.reason == "tiebreak"


# -- IV.3 Solospiel --------------------------------------------------------------


def test_iv3_solo_player_places_all_four_pawns():
    s = pos([(3, None), (2, None)], roll=3, players=1, active=0)
    assert [a.pawn for a in E.legal_actions(s, 0) if isinstance(a, Place)] == ["blue", "brown", "yellow", "green"]
    assert E.to_act(E.setup(1, seed=1)) == [0]


def test_iv3_solo_result_is_the_total():
    s = over([(14, "blue"), (3, "brown"), (8, "yellow"), (5, "green"), (15, None)], players=1)
    r = E.result(s)
    assert r.scores == [30] and r.winners == [0]


def test_iv3_solo_best_possible_is_45():
    s = over([(45, "blue")], players=1)
    assert E.result(s).scores == [45]


def test_iv3_1_closing_example_30_points_without_hierarchy_17_with():
    """Beispiel für ein Ende des Spiels: a 1 is rolled and no tower of height 1
    is left; blue 14, yellow 8, green 5, brown 3."""
    for hierarchy, score in ((False, 30), (True, 17)):
        s = pos(
            [(14, "blue"), (3, "brown"), (8, "yellow"), (5, "green"), (13, None), (2, None)],
            roll=2, players=1, hierarchy=hierarchy, next_rolls=(1,),
        )
        s, events = E.apply(s, 0, Stack(src=6, dst=5))
        assert s.over and s.roll == 1
        assert E.result(s).scores == [score]
        assert events[-1].params == {"score": score, "max": 45}
        view = E.view(s, None)
        points = {p.colour: p.points for p in view.pawns}
        if hierarchy:
            assert points == {"blue": 14, "brown": 3, "yellow": 0, "green": 0}
        else:
            assert points == {"blue": 14, "brown": 3, "yellow": 8, "green": 5}


def test_iv3_1_each_pawn_against_every_pawn_before_it():
    s = over([(9, "blue"), (10, "brown"), (8, "yellow"), (9, "green"), (9, None)], players=1, hierarchy=True)
    # brown above blue: 0; yellow below both: 8; green above yellow: 0
    assert E.result(s).scores == [17]
    s = over([(9, "blue"), (9, "brown"), (4, "yellow"), (4, "green"), (19, None)], players=1, hierarchy=True)
    assert E.result(s).scores == [26]  # equal heights are allowed


def test_decision_iv3_1_unplaced_pawn_counts_as_height_zero():
    s = over([(9, "blue"), (5, "yellow"), (31, None)], players=1, hierarchy=True)
    assert E.result(s).scores == [9]  # yellow stands above the unplaced brown


# -- numbers and words -----------------------------------------------------------


def test_decision_stacked_tower_keeps_the_lower_towers_number():
    s = E.setup(1, seed=seed_rolling(1, 6))
    s, _ = E.apply(s, 0, Stack(src=6, dst=3))
    assert [t.id for t in s.towers] == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14]
    assert rules.tower(s, 3).height == 5


def test_labels_and_groups_name_towers_and_heights():
    s = pos([(2, None), (5, None), (3, "yellow"), (3, None)], roll=3)
    assert E.label(s, TEAM_B, Stack(src=4, dst=2), "en") == "Tower 4 (3) onto tower 2 (5) → 8"
    assert E.label(s, TEAM_B, Stack(src=3, dst=1), "de") == "Turm 3 (3) mit Gelb auf Turm 1 (2) → 5"
    assert E.label(s, TEAM_B, Place(pawn="brown", tower=4), "de") == "Braun auf Turm 4 (Höhe 3)"
    assert E.group(s, TEAM_B, Stack(src=3, dst=1), "en") == "Move tower 3 (height 3) with yellow"
    assert E.group(s, TEAM_B, Place(pawn="blue", tower=4), "en") == "Place blue"


def test_many_choices_stay_listable_in_groups():
    s = E.setup(2, seed=seed_rolling(1, 1, 2, 3, 1))  # die-off 1:1, 2:3, then a 1 for team G
    legal = E.legal_actions(s, s.active)
    assert len(legal) == 3 * 2 + 3 * 13  # 2 pawns on 3 towers; 3 towers onto 13 others
    groups = {E.group(s, s.active, a, "en") for a in legal}
    assert len(groups) == 5 and all(len(E.label(s, s.active, a, "de")) <= 80 for a in legal)


def test_no_hidden_information_every_event_and_prompt_is_public():
    s = E.setup(2, seed=4)
    for _ in range(6):
        if not E.to_act(s):
            break
        seat = E.to_act(s)[0]
        assert not E.prompt(s, seat).secret
        s, events = E.apply(s, seat, E.legal_actions(s, seat)[0])
        assert all(e.visible_to is None for e in events)
    assert E.view(s, 0).model_dump(exclude={"seat"}) == E.view(s, None).model_dump(exclude={"seat"})


@pytest.mark.parametrize("locale", ["de", "en"])
def test_rules_help_explains_the_variants(locale):
    text = "\n".join(E.rules_help(locale))
    words = {
        "de": ["Solo", "Team B", "Team G", "ausgewürfelt", "Hierarchie", "45", "über 6", "6 5 4 3 2 1 2 1 2 1 3 4 5 6", "17"],
        "en": ["Solo", "Team B", "Team G", "die-off", "Hierarchy", "45", "above 6", "6 5 4 3 2 1 2 1 2 1 3 4 5 6", "17"],
    }[locale]
    for word in words:
        assert word in text, word
