"""Hektor und Achill: every rule of the rulebook (seeds/002_4b8c17e83c923954.txt)
as settled by RULINGS.md, the component data of hektor-data.md and the
engine's own decisions (engines/hektor_und_achill/rules.py). Each test names
the rulebook section it checks."""

from __future__ import annotations

import random
from collections import Counter
from itertools import cycle, islice

import pytest

import engines
from engines import IllegalAction
from engines.hektor_und_achill import rules
from engines.hektor_und_achill.data import (
    COLOURS,
    FATE_TILES,
    GREEKS,
    HEROES,
    HOME,
    TROJANS,
    army,
    hero_colour,
    hero_value,
)
from engines.hektor_und_achill.model import (
    Battle,
    ChangeHero,
    Deploy,
    Discard,
    Fate,
    Front,
    Orient,
    Play,
    Played,
    Retreat,
    Rotate,
    SaveHero,
    Skip,
    State,
    Upgrade,
    Vanguard,
)
from engines.rng import Rng

E = engines.get("hektor-und-achill")
TILE_1 = list(FATE_TILES[1])  # blue, yellow, purple, brown


def filler(n: int, start: int = 0) -> list[str]:
    """``n`` real army cards (their values do not matter to the test)."""
    return list(islice(cycle(army()), start, start + n))


def P(card: str, favour: bool = False, hero: str | None = None) -> Played:
    return Played(card=card, favour=favour, hero=hero)


def battle(
    *,
    attacker: int = GREEKS,
    played: tuple[list[Played], list[Played]] = ([], []),
    hands: tuple[list[str], list[str]] = ([], []),
    heroes: tuple[str | None, str | None] = (None, None),
    sides: list[str] = TILE_1,
    facing: int = 0,
    number: int = 1,
    battle_stacks: tuple[int, int] | None = None,
    stacks: list[list[list[str]]] | None = None,
    hero_stacks: list[list[str]] | None = None,
    turns: tuple[int, int] = (0, 0),
    phase: str = "action",
    active: int | None = None,
    favour: tuple[int, int] = (3, 3),
    shame: tuple[int, int] = (0, 0),
    emptied: list[list[bool]] | None = None,
    fate_stack: list[int] | None = None,
) -> State:
    """A battle in progress (after the opening), built directly."""
    stack = list(battle_stacks) if battle_stacks else [number, number]
    deployed = {p.hero for line in played for p in line}
    used = [[i == stack[side] for i in range(4)] for side in (GREEKS, TROJANS)]
    return State(
        rng=Rng.from_seed(1),
        stacks=stacks or [[filler(12, 12 * i + side) for i in range(4)] for side in (GREEKS, TROJANS)],
        emptied=emptied or [[False] * 4, [False] * 4],
        hero_stacks=hero_stacks
        if hero_stacks is not None
        else [[h for h in HEROES[side] if h not in heroes and h not in deployed] for side in (GREEKS, TROJANS)],
        favour=list(favour),
        shame=list(shame),
        fate_stack=fate_stack if fate_stack is not None else [2, 3, 4, 5, 6],
        attacker=attacker,
        phase=phase,
        active=attacker if active is None else active,
        battle=Battle(
            vanguard_stack=number,
            number=number,
            stack=stack,
            fate=Fate(tile=1, sides=list(sides), facing=facing),
            played=[list(played[0]), list(played[1])],
            hands=[list(hands[0]), list(hands[1])],
            heroes=list(heroes),
            turns=list(turns),
            used=used,
        ),
    )


def act(state: State, *steps: tuple[int, object]) -> tuple[State, list]:
    events: list = []
    for seat, action in steps:
        state, ev = E.apply(state, seat, action)
        events += ev
    return state, events


def keys(events) -> list[str]:
    return [e.key for e in events]


def opened(seed: int = 3) -> State:
    """A fresh game after the whole opening of the first battle."""
    s = E.setup(2, seed)
    s, _ = act(s, (GREEKS, Vanguard(stack=1)))
    if s.phase == "front":
        s, _ = act(s, (GREEKS, Front(number=2)))
    s, _ = act(s, (GREEKS, Orient(colour=s.battle.fate.sides[0])))
    return s


# -- 2.0 Spielmaterial and hektor-data.md ---------------------------------------


def test_2_1_each_army_has_six_colours_times_values_1_to_4_twice():
    cards = Counter(army())
    assert len(army()) == 48
    assert set(cards.values()) == {2}
    assert {c[:-1] for c in cards} == set(COLOURS)
    assert {int(c[-1]) for c in cards} == {1, 2, 3, 4}


def test_2_1_heroes_one_per_colour_values_3_to_6_and_the_worked_example_heroes():
    for side in (GREEKS, TROJANS):
        assert sorted(c for c, _ in HEROES[side].values()) == sorted(COLOURS)
        assert sorted(v for _, v in HEROES[side].values()) == [3, 4, 4, 5, 5, 6]
    assert set(HEROES[GREEKS]) == {"Aias", "Achilleus", "Agamemnon", "Diomedes", "Menelaos", "Odisseus"}
    assert set(HEROES[TROJANS]) == {"Acamas", "Aeneas", "Glaucos", "Hector", "Paris", "Sarpedon"}
    assert (hero_colour("Aias"), hero_value("Aias")) == ("green", 5)
    assert (hero_colour("Acamas"), hero_value("Acamas")) == ("purple", 4)


def test_hektor_data_two_heroes_of_a_colour_add_up_to_9():
    for colour in COLOURS:
        values = [v for side in (GREEKS, TROJANS) for c, v in HEROES[side].values() if c == colour]
        assert sum(values) == 9, colour


def test_2_2_fate_tiles_four_colours_each_every_colour_four_times():
    assert len(FATE_TILES) == 6
    for sides in FATE_TILES.values():
        assert len(set(sides)) == 4
    assert Counter(c for sides in FATE_TILES.values() for c in sides) == {c: 4 for c in COLOURS}


def test_ruling_fate_tile_6_has_yellow_opposite_blue():
    """hektor-data.md (corrected): tile 6 is green, blue, purple, yellow
    clockwise from north, so yellow faces blue as in the worked example."""
    assert FATE_TILES[6] == ("green", "blue", "purple", "yellow")
    opposite = {(t[i], t[(i + 2) % 4]) for t in FATE_TILES.values() for i in range(4)}
    assert ("yellow", "blue") in opposite and ("blue", "yellow") in opposite


# -- 3.0 Spielvorbereitung -------------------------------------------------------


def test_3_0_setup_four_stacks_of_12_hero_stack_favour_fate_tiles():
    s = E.setup(2, seed=7)
    for side in (GREEKS, TROJANS):
        assert [len(st) for st in s.stacks[side]] == [12, 12, 12, 12]
        assert Counter(c for st in s.stacks[side] for c in st) == Counter(army())
        assert sorted(s.hero_stacks[side]) == sorted(HEROES[side])
    assert s.favour == [3, 3] and s.shame == [0, 0]
    assert sorted(s.fate_stack) == [1, 2, 3, 4, 5, 6]
    assert s.attacker == GREEKS and s.phase == "vanguard"
    assert E.to_act(s) == [GREEKS]


def test_3_0_stacks_are_shuffled_with_the_seed():
    a, b, c = E.setup(2, 1), E.setup(2, 1), E.setup(2, 2)
    assert a == b
    assert a.stacks != c.stacks
    assert a.stacks[GREEKS][1] != sorted(a.stacks[GREEKS][1])  # not dealt in order


def test_3_0_two_seats_only():
    with pytest.raises(IllegalAction) as err:
        E.setup(3, 1)
    assert err.value.key == "bad_seats"


# -- 5.1 Eröffnungs-Phase ------------------------------------------------------------


def test_5_1_attacker_turns_up_the_top_card_of_any_of_four_stacks():
    s = E.setup(2, 5)
    assert E.legal_actions(s, GREEKS) == [Vanguard(stack=n) for n in (1, 2, 3, HOME)]
    assert E.legal_actions(s, TROJANS) == []
    top = s.stacks[GREEKS][3][-1]
    after, events = E.apply(s, GREEKS, Vanguard(stack=3))
    assert after.battle.played[GREEKS] == [Played(card=top)]
    assert len(after.stacks[GREEKS][3]) == 11
    assert events[0].key == "ev_vanguard" and events[0].params["card"] == top and events[0].visible_to is None


def test_5_1_vanguard_value_selects_the_stacks_of_that_number():
    s = E.setup(2, 5)
    s.stacks[GREEKS][HOME][-1] = "blue2"
    after, _ = E.apply(s, GREEKS, Vanguard(stack=HOME))
    assert after.battle.number == 2 and after.battle.stack == [2, 2]
    assert after.phase == "orient"


def test_5_1_vanguard_4_lets_the_attacker_choose_the_number():
    s = E.setup(2, 5)
    s.stacks[GREEKS][1][-1] = "red4"
    s, _ = E.apply(s, GREEKS, Vanguard(stack=1))
    assert s.phase == "front" and E.to_act(s) == [GREEKS]
    assert E.legal_actions(s, GREEKS) == [Front(number=n) for n in (1, 2, 3)]
    s, _ = E.apply(s, GREEKS, Front(number=3))
    assert s.battle.number == 3 and s.battle.stack == [3, 3]


def test_5_1_a_side_whose_selected_stack_is_emptied_uses_its_home_stack():
    s = E.setup(2, 5)
    s.emptied[TROJANS][2] = True
    s.stacks[TROJANS][HOME] += s.stacks[TROJANS][2]
    s.stacks[TROJANS][2] = []
    s.stacks[GREEKS][1][-1] = "green2"
    s, events = E.apply(s, GREEKS, Vanguard(stack=1))
    assert s.battle.stack == [2, HOME]
    assert "ev_home_stack" in keys(events)


def test_5_1_emptied_stacks_cannot_give_the_vanguard():
    s = E.setup(2, 5)
    s.emptied[GREEKS][1] = True
    s.stacks[GREEKS][HOME] += s.stacks[GREEKS][1]
    s.stacks[GREEKS][1] = []
    assert Vanguard(stack=1) not in E.legal_actions(s, GREEKS)
    with pytest.raises(IllegalAction):
        E.apply(s, GREEKS, Vanguard(stack=1))


@pytest.mark.parametrize("attacker", [GREEKS, TROJANS])
def test_5_1_attacker_orients_the_top_fate_tile(attacker):
    s = E.setup(2, 5)
    s.attacker = s.active = attacker
    s.fate_stack = [3, 4, 1]
    s.stacks[attacker][2][-1] = "red1"
    s, events = E.apply(s, attacker, Vanguard(stack=2))
    assert s.battle.fate.tile == 1 and s.fate_stack == [3, 4]
    assert E.legal_actions(s, attacker) == [Orient(colour=c) for c in TILE_1]
    s, events = E.apply(s, attacker, Orient(colour="yellow"))
    assert s.battle.fate.colour_of(attacker) == "yellow"
    assert s.battle.fate.colour_of(1 - attacker) == "brown"  # the opposite side
    assert events[0].key == "ev_oriented"


def test_5_1_defender_vanguard_then_both_draw_four_and_a_hero():
    s = E.setup(2, 5)
    s.fate_stack = [2, 1]
    s.stacks[GREEKS][1][-1] = "red1"
    s, _ = E.apply(s, GREEKS, Vanguard(stack=1))
    trojan_stack = list(s.stacks[TROJANS][1])
    greek_stack = list(s.stacks[GREEKS][1])
    greek_hero, trojan_hero = s.hero_stacks[GREEKS][-1], s.hero_stacks[TROJANS][-1]
    s, events = E.apply(s, GREEKS, Orient(colour="blue"))
    assert s.battle.played[TROJANS] == [Played(card=trojan_stack[-1])]
    assert sorted(s.battle.hands[TROJANS]) == sorted(trojan_stack[-5:-1])
    assert sorted(s.battle.hands[GREEKS]) == sorted(greek_stack[-4:])
    assert s.battle.heroes == [greek_hero, trojan_hero]
    assert len(s.stacks[GREEKS][1]) == 11 - 4 and len(s.stacks[TROJANS][1]) == 12 - 5
    assert s.phase == "action" and E.to_act(s) == [GREEKS]
    private = [e for e in events if e.visible_to is not None]
    assert {tuple(e.visible_to) for e in private} == {(GREEKS,), (TROJANS,)}
    for e in events:
        if e.visible_to is None:
            assert "hero" not in e.params and "cards" not in e.params


def test_5_1_an_empty_hero_stack_means_no_hero():
    s = E.setup(2, 5)
    s.hero_stacks[TROJANS] = []
    s.heroes_lost[TROJANS] = list(HEROES[TROJANS])
    s.fate_stack = [1]
    s.stacks[GREEKS][1][-1] = "red1"
    s, _ = E.apply(s, GREEKS, Vanguard(stack=1))
    s, events = E.apply(s, GREEKS, Orient(colour="blue"))
    assert s.battle.heroes[TROJANS] is None
    assert "ev_draw_no_hero" in keys(events)


# -- 5.2 Einzelne Spielzüge ------------------------------------------------------------


def test_5_2_a_single_turn_is_one_optional_action_then_a_mandatory_card():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(["red3", "green2", "blue4", "red3"], filler(4)),
               heroes=("Aias", "Hector"))
    options = E.legal_actions(s, GREEKS)
    assert Skip() in options and Retreat() in options
    assert all(not isinstance(a, Play) for a in options)
    s, _ = E.apply(s, GREEKS, Skip())
    assert s.phase == "card"
    assert E.legal_actions(s, GREEKS) == [Play(card="red3"), Play(card="green2"), Play(card="blue4")]
    with pytest.raises(IllegalAction) as err:
        E.apply(s, GREEKS, Play(card="yellow1"))
    assert err.value.key == "no_such_card"
    with pytest.raises(IllegalAction):
        E.apply(s, GREEKS, Skip())  # at most one optional action
    s, events = E.apply(s, GREEKS, Play(card="red3"))
    assert [p.card for p in s.battle.played[GREEKS]] == ["red1", "red3"]
    assert s.battle.hands[GREEKS] == ["green2", "blue4", "red3"]
    assert events[0].key == "ev_play" and events[0].visible_to is None
    assert E.to_act(s) == [TROJANS] and s.phase == "action"  # alternating


def test_5_2_only_one_optional_action_then_only_cards():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(["red3", "green2", "blue4", "red2"], filler(4)),
               heroes=("Aias", "Hector"))
    s, _ = E.apply(s, GREEKS, Deploy(target=0))
    assert all(isinstance(a, Play) for a in E.legal_actions(s, GREEKS))


def test_5_2_discard_and_draw_from_the_battle_stack():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(["red3", "green2", "blue4", "red2"], filler(4)))
    top = s.stacks[GREEKS][1][-1]
    s, events = E.apply(s, GREEKS, Discard(card="green2"))
    assert sorted(s.battle.hands[GREEKS]) == sorted(["red3", "blue4", "red2", top])
    assert s.discards[GREEKS] == ["green2"]
    assert len(s.stacks[GREEKS][1]) == 11
    public = [e for e in events if e.visible_to is None]
    private = [e for e in events if e.visible_to is not None]
    assert public[0].params == {"side": GREEKS, "card": "green2"}  # the discard is public
    assert private[0].visible_to == [GREEKS] and private[0].params == {"card": top}
    assert s.phase == "card"


def test_5_2_discard_and_draw_falls_back_to_the_home_stack():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(["red3", "green2", "blue4", "red2"], filler(4)))
    s.stacks[GREEKS][1] = []
    top = s.stacks[GREEKS][HOME][-1]
    s, _ = E.apply(s, GREEKS, Discard(card="red3"))
    assert top in s.battle.hands[GREEKS] and len(s.stacks[GREEKS][HOME]) == 11
    assert s.battle.used[GREEKS][HOME]


def test_decision_discard_is_offered_only_while_a_card_can_be_drawn():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(["red3", "green2", "blue4", "red2"], filler(4)))
    assert any(isinstance(a, Discard) for a in E.legal_actions(s, GREEKS))
    s.stacks[GREEKS][1] = []
    s.stacks[GREEKS][HOME] = []
    assert not any(isinstance(a, Discard) for a in E.legal_actions(s, GREEKS))


def test_5_2_change_hero_goes_under_the_hero_stack_and_draws_the_top():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(filler(4), filler(4)), heroes=("Aias", "Hector"),
               hero_stacks=[["Odisseus", "Achilleus"], ["Paris"]])
    s, events = E.apply(s, GREEKS, ChangeHero())
    assert s.battle.heroes[GREEKS] == "Achilleus"
    assert s.hero_stacks[GREEKS] == ["Aias", "Odisseus"]  # Aias at the bottom
    assert events[0].visible_to is None and "hero" not in events[0].params
    assert events[1].visible_to == [GREEKS] and events[1].params["hero"] == "Achilleus"


def test_decision_change_hero_needs_a_hero_stack():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(filler(4), filler(4)), heroes=("Aias", "Hector"),
               hero_stacks=[[], ["Paris"]])
    assert ChangeHero() not in E.legal_actions(s, GREEKS)


def test_5_2_deploy_hero_on_a_played_card_including_the_vanguard():
    s = battle(played=([P("red1"), P("blue3"), P("blue3")], [P("blue2")]), hands=(filler(2), filler(3)),
               heroes=("Aias", "Hector"), turns=(2, 2))
    deploys = [a for a in E.legal_actions(s, GREEKS) if isinstance(a, Deploy)]
    assert deploys == [Deploy(target=0), Deploy(target=1)]  # equal cards are one choice
    s, events = E.apply(s, GREEKS, Deploy(target=0))
    assert s.battle.played[GREEKS][0] == P("red1", hero="Aias")
    assert s.battle.heroes[GREEKS] is None
    assert rules.strength(s.battle.played[GREEKS]) == 5 + 3 + 3  # the hero replaces the 1
    assert events[0].params == {"side": GREEKS, "hero": "Aias", "card": "red1"}


def test_5_2_deployed_hero_replaces_the_colour_of_the_card_beneath():
    # fate: blue faces the Greeks; the blue 4 under Menelaos (brown 3) counts 3 as brown, not 4 as blue
    played = [P("blue4", hero="Menelaos"), P("blue1"), P("brown2"), P("red4"), P("red4")]
    assert rules.score(played, "blue", "Menelaos") == 3 + 1 + 2


def test_5_2_upgrade_only_after_deploying_and_never_on_the_hero():
    s = battle(played=([P("red1"), P("blue3")], [P("blue2")]), hands=(filler(3), filler(3)),
               heroes=("Aias", "Hector"), turns=(1, 1))
    assert not any(isinstance(a, Upgrade) for a in E.legal_actions(s, GREEKS))
    s, _ = act(s, (GREEKS, Deploy(target=0)), (GREEKS, Play(card=s.battle.hands[GREEKS][0])),
               (TROJANS, Skip()), (TROJANS, Play(card=s.battle.hands[TROJANS][0])))
    if s.phase == "fate":
        s, _ = E.apply(s, s.active, Rotate(by=0))
    upgrades = [a for a in E.legal_actions(s, GREEKS) if isinstance(a, Upgrade)]
    assert Upgrade(target=0) not in upgrades  # the hero's card
    assert Upgrade(target=1) in upgrades
    before = rules.strength(s.battle.played[GREEKS])
    s, events = E.apply(s, GREEKS, Upgrade(target=1))
    assert s.battle.played[GREEKS][1].favour and s.favour[GREEKS] == 2
    assert rules.strength(s.battle.played[GREEKS]) == before + 1
    assert events[0].key == "ev_upgrade"


def test_5_2_upgrade_at_most_one_token_per_card_and_only_with_tokens_on_the_board():
    played = [P("red1", hero="Aias"), P("blue3", favour=True), P("green2")]
    s = battle(played=(played, [P("blue2")]), hands=(filler(2), filler(2)), turns=(2, 2), favour=(2, 3))
    upgrades = [a for a in E.legal_actions(s, GREEKS) if isinstance(a, Upgrade)]
    assert upgrades == [Upgrade(target=2)]
    s.favour[GREEKS] = 0
    assert not any(isinstance(a, Upgrade) for a in E.legal_actions(s, GREEKS))


def test_5_2_retreat_ends_the_battle_at_once_without_a_card_or_fate_phase():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(filler(4), filler(4, 9)), heroes=("Aias", "Hector"))
    s, events = E.apply(s, GREEKS, Retreat())
    assert keys(events)[:2] == ["ev_retreat", "ev_retreat_won"]
    assert "ev_play" not in keys(events) and "ev_superiority" not in keys(events)
    assert s.report.winner == TROJANS and s.report.retreat
    assert s.battle_no == 2 and s.attacker == TROJANS and s.phase == "vanguard"


# -- 5.3 Schicksals-Phase ------------------------------------------------------------


def test_5_3_after_each_pair_the_stronger_side_may_turn_the_fate_tile():
    # the defender plays; the attacker (not on turn) is stronger and decides
    s = battle(played=([P("red4"), P("green4")], [P("blue1")]), hands=(filler(3), ["blue1", "red1", "red2"]),
               turns=(1, 0), phase="card", active=TROJANS, facing=0)
    s, events = E.apply(s, TROJANS, Play(card="red1"))
    assert events[-1].key == "ev_superiority" and events[-1].params == {"greek": 8, "trojan": 2, "side": GREEKS}
    assert s.phase == "fate" and E.to_act(s) == [GREEKS]
    assert E.legal_actions(s, GREEKS) == [Rotate(by=1), Rotate(by=-1), Rotate(by=0)]
    turned, events = E.apply(s, GREEKS, Rotate(by=1))
    # both players move one side on, the same way round
    assert (turned.battle.fate.colour_of(GREEKS), turned.battle.fate.colour_of(TROJANS)) == ("yellow", "brown")
    back, _ = E.apply(s, GREEKS, Rotate(by=-1))
    assert (back.battle.fate.colour_of(GREEKS), back.battle.fate.colour_of(TROJANS)) == ("brown", "yellow")
    kept, _ = E.apply(s, GREEKS, Rotate(by=0))
    assert kept.battle.fate.facing == 0
    for state in (turned, back, kept):
        assert state.phase == "action" and E.to_act(state) == [GREEKS]


def test_5_3_superiority_counts_heroes_favour_and_ignores_colours():
    played = [P("red1", hero="Hector"), P("blue3", favour=True), P("green2"), P("yellow4")]
    assert rules.strength(played) == 6 + 4 + 2 + 4


def test_5_3_equal_sums_no_rotation_and_nobody_is_asked():
    s = battle(played=([P("red1"), P("red2")], [P("blue1")]), hands=(filler(3), ["blue2", "red4", "red2"]),
               turns=(1, 0), phase="card", active=TROJANS)
    s, events = E.apply(s, TROJANS, Play(card="blue2"))
    assert events[-1].key == "ev_superiority_tie"
    assert s.phase == "action" and E.to_act(s) == [GREEKS] and s.battle.fate.facing == 0


def test_5_3_the_defender_can_decide_after_its_own_card():
    s = battle(played=([P("red1"), P("red1")], [P("blue1")]), hands=(filler(3), ["blue4", "red4", "red2"]),
               turns=(1, 0), phase="card", active=TROJANS)
    s, _ = E.apply(s, TROJANS, Play(card="blue4"))
    assert s.phase == "fate" and E.to_act(s) == [TROJANS]
    assert E.prompt(s, TROJANS).key == "pr_fate" and E.prompt(s, GREEKS).key == "pr_wait"


# -- 5.4 Siegbestimmung ------------------------------------------------------------


def test_5_4_worked_example_thomas_9_lin_11():
    """Thomas (Greeks) faces yellow and holds Aias; Lin (Trojans) faces blue and
    deployed Acamas on a blue slinger."""
    thomas = [P("yellow3"), P("yellow4"), P("yellow2"), P("red1"), P("blue2")]
    lin = [P("blue1", hero="Acamas"), P("purple3", favour=True), P("green1"), P("red4", favour=True), P("blue3")]
    assert rules.relevant_colours("yellow", "Aias") == {"yellow", "green"}
    assert rules.score(thomas, "yellow", "Aias") == 9
    assert rules.relevant_colours("blue", "Acamas") == {"blue", "purple"}
    assert rules.score(lin, "blue", "Acamas") == 11


def test_ruling_fate_tile_6_worked_example_played_through_the_real_tile():
    """The worked example (5.4) through the engine from the opening, with the
    real fate tile 6 (hektor-data.md): Thomas (Greeks) turns it so that yellow
    faces him, which leaves blue facing Lin (Trojans)."""
    s = E.setup(2, 11)
    # Thomas: vanguard red slinger from stack 1, then yellow 3, 4, 2 and blue 2;
    # Lin: vanguard blue slinger, then purple 3, green 1, red 4, blue 3. Top = last.
    s.stacks[GREEKS][1] = filler(7) + ["blue2", "yellow2", "yellow4", "yellow3", "red1"]
    s.stacks[TROJANS][1] = filler(7) + ["blue3", "red4", "green1", "purple3", "blue1"]
    s.hero_stacks[GREEKS] = [h for h in HEROES[GREEKS] if h != "Aias"] + ["Aias"]
    s.hero_stacks[TROJANS] = [h for h in HEROES[TROJANS] if h != "Acamas"] + ["Acamas"]
    s.fate_stack = [f for f in s.fate_stack if f != 6] + [6]
    s, _ = act(s, (GREEKS, Vanguard(stack=1)))
    assert s.battle.number == 1 and s.battle.fate.tile == 6
    s, _ = act(s, (GREEKS, Orient(colour="yellow")))
    assert (s.battle.fate.colour_of(GREEKS), s.battle.fate.colour_of(TROJANS)) == ("yellow", "blue")
    assert sorted(s.battle.hands[GREEKS]) == ["blue2", "yellow2", "yellow3", "yellow4"]
    assert s.battle.heroes == ["Aias", "Acamas"]
    lin = [
        [Deploy(target=0), Play(card="purple3")],  # Acamas on the blue slinger
        [Upgrade(target=1), Play(card="green1")],  # favour on the purple peltast
        [Skip(), Play(card="red4")],
        [Upgrade(target=3), Play(card="blue3")],  # favour on the red hoplite
    ]
    events: list = []
    for thomas, turn in zip(["yellow3", "yellow4", "yellow2", "blue2"], lin):
        s, ev = act(s, (GREEKS, Skip()), (GREEKS, Play(card=thomas)))
        events += ev
        s, ev = act(s, *[(TROJANS, a) for a in turn])
        events += ev
        assert E.to_act(s) == [TROJANS]  # Lin is stronger after every pair and leaves the tile
        s, ev = E.apply(s, TROJANS, Rotate(by=0))
        events += ev
    won = next(e for e in events if e.key == "ev_battle_won")
    assert won.params == {"winner": TROJANS, "loser": GREEKS, "winner_score": 11, "loser_score": 9}
    assert any(e.key == "ev_reveal_hero" and e.params == {"side": GREEKS, "hero": "Aias"} for e in events)
    assert s.report.scores == [9, 11] and s.report.heroes == ["Aias", "Acamas"]
    assert s.report.fate == ["yellow", "blue"]
    # the loser's played cards leave the game; the shown Aias returns
    assert sorted(s.discards[GREEKS]) == sorted(["yellow3", "yellow4", "yellow2", "red1", "blue2"])
    assert "Aias" in s.hero_stacks[GREEKS]
    # the winner's cards go back onto the battle stack, Acamas and the tokens back
    assert len(s.stacks[TROJANS][1]) == 7 + 5
    assert "Acamas" in s.hero_stacks[TROJANS] and s.favour[TROJANS] == 3
    assert s.attacker == TROJANS and s.battle_no == 2


def test_5_4_relevant_colours_hero_in_hand_counts_its_colour_not_its_value():
    played = [P("green4"), P("green1"), P("blue3")]
    assert rules.score(played, "blue", "Aias") == 4 + 1 + 3
    assert rules.score(played, "blue", None) == 3  # 5.0 without a hero: the fate colour only


def test_5_4_hero_of_the_fate_colour_gives_a_single_colour():
    played = [P("blue4"), P("green1"), P("red3")]
    assert rules.relevant_colours("blue", "Agamemnon") == {"blue"}
    assert rules.score(played, "blue", "Agamemnon") == 4


def _last_turn(greek_played, trojan_played, heroes=(None, None), favour=(3, 3), sides=TILE_1):
    """Both sides have played 3 single turns; each holds one last card."""
    return battle(played=(greek_played[:-1], trojan_played[:-1]),
                  hands=([greek_played[-1].card], [trojan_played[-1].card]), heroes=heroes, turns=(3, 3),
                  phase="card", favour=favour, sides=sides)


def _finish(s: State) -> tuple[State, list]:
    """Play out the last pair of single turns, leaving the fate tile as it is."""
    s, events = act(s, (GREEKS, Play(card=s.battle.hands[GREEKS][0])),
                    (TROJANS, Skip()), (TROJANS, Play(card=s.battle.hands[TROJANS][0])))
    if s.phase == "fate":
        s, more = E.apply(s, s.active, Rotate(by=0))
        events += more
    return s, events


def test_5_4_loser_loses_the_deployed_hero_and_played_favour_tokens():
    # Greeks face blue, Trojans purple. The Greeks lose 3 : 12 and have no token left to save Aias.
    greeks = [P("red1", hero="Aias"), P("red2", favour=True), P("red3", favour=True), P("red4", favour=True), P("blue1")]
    trojans = [P("purple4"), P("purple4"), P("purple3"), P("purple1"), P("red1")]
    s, events = _finish(_last_turn(greeks, trojans, favour=(0, 3)))
    assert s.report.winner == TROJANS and s.report.scores == [5 + 1, 12]
    assert "Aias" in s.heroes_lost[GREEKS] and "Aias" not in s.hero_stacks[GREEKS]
    assert s.favour == [0, 3] and s.favour_lost[GREEKS] == 3
    assert "ev_hero_lost" in keys(events)


def test_5_4_loser_may_pay_a_board_favour_token_to_keep_the_hero():
    greeks = [P("red1", hero="Aias"), P("red2", favour=True), P("red3"), P("red4"), P("blue1")]
    trojans = [P("purple4"), P("purple4"), P("purple3"), P("purple1"), P("red1")]
    s, _ = _finish(_last_turn(greeks, trojans, favour=(2, 3)))
    assert s.phase == "save_hero" and E.to_act(s) == [GREEKS]
    assert E.legal_actions(s, GREEKS) == [SaveHero(save=True), SaveHero(save=False)]
    assert E.prompt(s, GREEKS).key == "pr_save_hero"
    saved, events = E.apply(s, GREEKS, SaveHero(save=True))
    assert "Aias" in saved.hero_stacks[GREEKS] and saved.favour[GREEKS] == 1
    assert saved.favour_lost[GREEKS] == 2  # the played token and the payment
    assert "ev_hero_saved" in keys(events) and saved.report.hero_saved == "Aias"
    lost, _ = E.apply(s, GREEKS, SaveHero(save=False))
    assert "Aias" in lost.heroes_lost[GREEKS] and lost.favour[GREEKS] == 2
    assert lost.report.hero_lost == "Aias"


def test_5_4_drawn_battle_everything_returns_and_the_defender_attacks_next():
    greeks = [P("blue1", hero="Agamemnon"), P("blue2", favour=True), P("red1"), P("red1"), P("red1")]
    trojans = [P("purple4"), P("purple3"), P("green4"), P("green4"), P("green4")]
    s = _last_turn(greeks, trojans, heroes=(None, "Paris"), favour=(2, 3))
    sizes = [len(s.stacks[side][1]) for side in (GREEKS, TROJANS)]
    s, events = _finish(s)
    assert s.report.scores == [7, 7] and s.report.winner is None
    assert "ev_battle_draw" in keys(events)
    assert [len(s.stacks[side][1]) for side in (GREEKS, TROJANS)] == [sizes[0] + 5, sizes[1] + 5]
    assert s.favour == [3, 3] and s.discards == [[], []]
    assert "Agamemnon" in s.hero_stacks[GREEKS] and "Paris" in s.hero_stacks[TROJANS]
    assert s.attacker == TROJANS


def test_5_4_retreat_winner_takes_back_played_and_hand_cards():
    s = battle(played=([P("red1"), P("red2")], [P("blue2"), P("blue4", hero="Hector"), P("blue3", favour=True)]),
               hands=(filler(3), filler(2)), heroes=("Aias", None), turns=(1, 2), favour=(3, 2), attacker=TROJANS,
               active=GREEKS)
    trojan_before = len(s.stacks[TROJANS][1])
    s, events = E.apply(s, GREEKS, Retreat())
    assert len(s.stacks[TROJANS][1]) == trojan_before + 3 + 2
    assert "Hector" in s.hero_stacks[TROJANS] and s.favour[TROJANS] == 3
    # the loser: played cards lost, hand cards back, a first shame token costs nothing extra
    assert sorted(s.discards[GREEKS]) == ["red1", "red2"]
    assert len(s.stacks[GREEKS][1]) == 12 + 3
    assert "Aias" in s.hero_stacks[GREEKS] and s.shame == [1, 0]
    assert s.attacker == TROJANS  # the battle's winner


def test_5_4_retreat_costs_one_extra_card_per_shame_token_already_held():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(filler(4), filler(4)), shame=(2, 0))
    s, events = E.apply(s, GREEKS, Retreat())
    extra = next(e for e in events if e.key == "ev_extra_lost")
    assert len(extra.params["cards"]) == 2 and extra.visible_to is None
    assert len(s.discards[GREEKS]) == 1 + 2
    assert len(s.stacks[GREEKS][1]) == 12 + 4 - 2
    assert s.shame == [3, 0]


def test_5_4_never_more_than_three_shame_tokens():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(filler(4), filler(4)), shame=(3, 0))
    s, events = E.apply(s, GREEKS, Retreat())
    assert s.shame == [3, 0]
    assert len(s.discards[GREEKS]) == 1 + 3


def test_5_4_retreat_extra_losses_come_from_the_home_stack_when_short():
    # the Greeks defend in their 4th single turn: one hand card, an exhausted battle stack
    stacks = [[filler(12), [], filler(12), filler(12)], [filler(12) for _ in range(4)]]
    played = ([P("red1"), P("red1"), P("red1"), P("red1")], [P("blue2")] * 5)
    s = battle(played=played, hands=(["yellow4"], []), shame=(3, 0), stacks=stacks, turns=(3, 4),
               attacker=TROJANS, active=GREEKS)
    home_before = list(s.stacks[GREEKS][HOME])
    s, events = E.apply(s, GREEKS, Retreat())
    extra = next(e for e in events if e.key == "ev_extra_lost").params["cards"]
    assert extra == ["yellow4", home_before[-1], home_before[-2]]
    assert s.emptied[GREEKS][1]  # nothing left in it
    assert len(s.stacks[GREEKS][HOME]) == 10


def test_ruling_used_stack_extra_losses_alone_do_not_use_the_home_stack():
    """RULINGS, "used" stack: a stack is used if it supplied a card in the
    battle (vanguard, hand, a fallback draw). Extra retreat losses taken from
    the home stack do not make it used, so it is not checked this time."""
    stacks = [[filler(6), [], filler(12), filler(12)], [filler(12) for _ in range(4)]]
    played = ([P("red1"), P("red1"), P("red1"), P("red1")], [P("blue2")] * 5)
    s = battle(played=played, hands=(["yellow4"], []), shame=(3, 0), stacks=stacks, turns=(3, 4),
               attacker=TROJANS, active=GREEKS)
    s, events = E.apply(s, GREEKS, Retreat())
    extra = next(e for e in events if e.key == "ev_extra_lost").params["cards"]
    assert len(extra) == 3 and len(s.stacks[GREEKS][HOME]) == 4  # two came from the home stack
    assert "ev_home_lost" not in keys(events)
    assert s.phase == "vanguard" and s.battle_no == 2 and not s.emptied[GREEKS][HOME]


def test_ruling_used_stack_a_single_fallback_draw_uses_the_home_stack():
    """RULINGS: a home stack that supplied one fallback draw is used and is
    checked for fewer than 5 cards."""
    stacks = [[filler(5), [], filler(12), filler(12)], [filler(12) for _ in range(4)]]
    s = battle(**TURN_2, hands=(filler(3), filler(3)), stacks=stacks)
    assert not s.battle.used[GREEKS][HOME]
    s, _ = act(s, (GREEKS, Discard(card=s.battle.hands[GREEKS][0])))
    assert s.battle.used[GREEKS][HOME] and len(s.stacks[GREEKS][HOME]) == 4
    s, events = act(s, (GREEKS, Play(card=s.battle.hands[GREEKS][0])), (TROJANS, Retreat()))
    assert "ev_home_lost" in keys(events) and s.phase == "over" and E.result(s).winners == [TROJANS]


def test_ruling_retreat_extra_losses_are_not_chosen_from_the_hand():
    """RULINGS, retreat: the hand cards are shuffled into the battle stack
    before the extra losses are taken from its top, so over many seeds other
    cards are lost too."""
    lost_only_hand = 0
    for seed in range(20):
        s = battle(played=([P("red1")], [P("blue2")]), hands=(["yellow4"] * 4, filler(4)), shame=(1, 0),
                   stacks=[[filler(12), ["brown1"] * 12, filler(12), filler(12)], [filler(12) for _ in range(4)]])
        s.rng = Rng.from_seed(seed)
        s, events = E.apply(s, GREEKS, Retreat())
        extra = next(e for e in events if e.key == "ev_extra_lost").params["cards"]
        lost_only_hand += extra == ["yellow4"]
    assert 0 < lost_only_hand < 20


def test_5_4_loser_of_a_retreat_may_save_a_deployed_hero():
    s = battle(played=([P("red1", hero="Aias"), P("red2")], [P("blue2"), P("blue3")]), hands=(filler(3), filler(3)),
               turns=(1, 1))
    s, _ = E.apply(s, GREEKS, Retreat())
    assert s.phase == "save_hero" and E.to_act(s) == [GREEKS]
    s, _ = E.apply(s, GREEKS, SaveHero(save=True))
    assert "Aias" in s.hero_stacks[GREEKS] and s.favour[GREEKS] == 2 and s.shame == [1, 0]


# -- 5.5 Schluß-Phase ----------------------------------------------------------------


TURN_2 = dict(played=([P("red1"), P("red2")], [P("blue2"), P("blue3")]), turns=(1, 1))


def test_5_5_used_front_stack_below_5_is_emptied_onto_the_home_stack():
    stacks = [[filler(12), [], filler(12), filler(12)], [filler(12) for _ in range(4)]]
    s = battle(**TURN_2, hands=(filler(3), filler(3)), stacks=stacks)
    s, events = E.apply(s, GREEKS, Retreat())  # only the 3 hand cards return to stack 1
    assert len(s.stacks[GREEKS][1]) == 0 and s.emptied[GREEKS][1]
    assert len(s.stacks[GREEKS][HOME]) == 12 + 3
    assert any(e.key == "ev_emptied" and e.params == {"side": GREEKS, "number": 1} for e in events)
    assert s.report.emptied == [[1], []]
    assert s.phase == "vanguard"


def test_5_5_all_three_front_stacks_emptied_the_other_side_wins():
    stacks = [[filler(12), [], [], []], [filler(12) for _ in range(4)]]
    emptied = [[False, False, True, True], [False] * 4]
    s = battle(**TURN_2, hands=(filler(3), filler(3)), stacks=stacks, emptied=emptied)
    s, events = E.apply(s, GREEKS, Retreat())
    assert E.to_act(s) == [] and s.phase == "over"
    result = E.result(s)
    assert result.winners == [TROJANS] and result.scores == [0, 1] and result.reason == "stacks"
    assert "ev_fronts_lost" in keys(events) and events[-1].key == "ev_game_won"
    with pytest.raises(IllegalAction) as err:
        E.apply(s, TROJANS, Skip())
    assert err.value.key == "game_over"


def test_5_5_used_home_stack_below_5_the_other_side_wins():
    stacks = [[filler(2), [], filler(12), filler(12)], [filler(12) for _ in range(4)]]
    emptied = [[False, True, False, False], [False] * 4]
    s = battle(**TURN_2, hands=(filler(2), filler(3)), stacks=stacks, emptied=emptied, battle_stacks=(HOME, 1))
    s, events = E.apply(s, GREEKS, Retreat())
    assert s.phase == "over" and E.result(s).winners == [TROJANS]
    assert "ev_home_lost" in keys(events)


def test_decision_front_remnants_reach_the_home_stack_before_it_is_checked():
    # the home stack (3 cards) was used for a draw; stack 1 gets 3 + 1 cards: emptied, 3 + 4 >= 5
    stacks = [[filler(3), filler(3), filler(12), filler(12)], [filler(12) for _ in range(4)]]
    s = battle(played=([P("red1")] * 4, [P("blue2")] * 4), hands=(["red4"], ["red4"]), turns=(3, 3), stacks=stacks)
    s.battle.used[GREEKS][HOME] = True
    s, events = E.apply(s, GREEKS, Retreat())
    assert s.emptied[GREEKS][1] and len(s.stacks[GREEKS][HOME]) == 7
    assert s.phase == "vanguard"


def test_ruling_used_stack_a_vanguard_from_another_stack_makes_it_used():
    s = E.setup(2, 5)
    s.stacks[GREEKS][3] = s.stacks[GREEKS][3][:5]
    s.stacks[GREEKS][3][-1] = "red1"
    s, _ = E.apply(s, GREEKS, Vanguard(stack=3))
    s, _ = E.apply(s, GREEKS, Orient(colour=s.battle.fate.sides[0]))
    assert s.battle.used[GREEKS][3] and s.battle.stack == [1, 1]
    s, _ = E.apply(s, GREEKS, Retreat())
    assert s.emptied[GREEKS][3]  # 4 cards left: emptied although the battle was fought with stacks 1


def test_5_5_both_sides_beaten_at_once_is_a_draw():
    # both sides drew from their home stacks (2 cards left each); the battle is drawn
    greeks = [P("red1"), P("red1"), P("red1"), P("red1"), P("red1")]
    trojans = [P("red1"), P("red1"), P("red1"), P("red1"), P("red1")]
    s = _last_turn(greeks, trojans, sides=["red", "green", "red", "green"])
    s.stacks = [[filler(2), [], filler(12), filler(12)], [filler(2), [], filler(12), filler(12)]]
    for side in (GREEKS, TROJANS):
        s.battle.used[side][HOME] = True
    s, events = _finish(s)
    assert "ev_battle_draw" in keys(events)
    assert [len(s.stacks[side][1]) for side in (GREEKS, TROJANS)] == [5, 5]  # not emptied
    assert s.phase == "over" and s.end_reason == "both"
    result = E.result(s)
    assert result.winners == [GREEKS, TROJANS] and result.scores == [1, 1]
    assert events[-1].key == "ev_game_draw"


def test_5_5_the_fate_tile_is_discarded_and_only_used_stacks_are_shuffled():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(filler(4), filler(4)), fate_stack=[5, 6])
    untouched = list(s.stacks[GREEKS][2])
    used = list(s.stacks[TROJANS][1])
    s, _ = E.apply(s, GREEKS, Retreat())
    assert s.fate_discards == [1] and s.fate_stack == [5, 6]
    assert s.stacks[GREEKS][2] == untouched  # not used, not shuffled
    returned = used + ["blue2"] + filler(4)
    assert sorted(s.stacks[TROJANS][1]) == sorted(returned) and s.stacks[TROJANS][1] != returned


def test_5_5_fate_tiles_are_reshuffled_when_none_is_left():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(filler(4), filler(4)), fate_stack=[])
    s.fate_discards = [2, 3, 4, 5, 6]
    s, events = E.apply(s, GREEKS, Retreat())
    assert sorted(s.fate_stack) == [1, 2, 3, 4, 5, 6] and s.fate_discards == []
    assert "ev_fate_reshuffled" in keys(events)


def test_2_5_the_winner_of_a_battle_attacks_next():
    s = battle(played=([P("red1")], [P("blue2")]), hands=(filler(4), filler(4)), attacker=TROJANS, active=TROJANS)
    s, _ = E.apply(s, TROJANS, Retreat())
    assert s.attacker == GREEKS and E.to_act(s) == [GREEKS] and s.phase == "vanguard"


# -- the contract around the rules ----------------------------------------------------


def test_only_the_seat_to_act_may_act():
    s = opened()
    with pytest.raises(IllegalAction) as err:
        E.apply(s, TROJANS, Skip())
    assert err.value.key == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        E.apply(s, GREEKS, Rotate(by=1))
    assert err.value.key == "not_legal"


def test_hidden_information_views():
    s = opened()
    own = E.view(s, GREEKS)
    assert own.hand == sorted(own.hand, key=army().index) and len(own.hand) == 4
    assert own.hero == s.battle.heroes[GREEKS]
    for viewer in (TROJANS, None):
        v = E.view(s, viewer)
        assert v.hand == (sorted(s.battle.hands[TROJANS], key=army().index) if viewer == TROJANS else None)
        assert s.battle.heroes[GREEKS] not in v.model_dump_json()
    spectator = E.view(s, None)
    assert spectator.hand is None and spectator.hero is None and spectator.own_score is None
    assert spectator.sides[GREEKS].hand_size == 4 and spectator.sides[GREEKS].has_hero


def test_prompts_and_labels():
    s = opened()
    prompt = E.prompt(s, GREEKS)
    assert prompt.key == "pr_action" and not prompt.secret
    text = E.text(prompt.key, prompt.params, "de")
    assert "Einzelzug 1/4" in text and s.battle.heroes[GREEKS] in text
    assert E.prompt(s, TROJANS).key == "pr_wait"
    for locale in ("de", "en"):
        for action in E.legal_actions(s, GREEKS):
            assert 0 < len(E.label(s, GREEKS, action, locale)) <= 80
    assert E.label(s, GREEKS, Retreat(), "en") == "Retreat (battle lost)"


def test_labels_name_the_fate_colours_and_cards():
    s = battle(played=([P("red4"), P("green4")], [P("blue1")]), hands=(filler(3), ["red1"]),
               turns=(1, 1), phase="fate", active=GREEKS)
    assert E.label(s, GREEKS, Rotate(by=1), "de") == "Drehen: du gelb · Gegner braun"
    assert E.label(s, GREEKS, Rotate(by=0), "en") == "Leave it: you blue · opponent purple"
    s.phase, s.active = "card", TROJANS
    assert E.label(s, TROJANS, Play(card="red1"), "de") == "Ausspielen: rot 1"


def test_decision_default_choices_for_a_missed_deadline_are_the_passive_ones():
    """Bot deadlines (policy "skip"): no optional action, no rotation, no token paid."""
    from engines.hektor_und_achill.model import Rotate, SaveHero, Skip

    engine = engines.get("hektor-und-achill")
    seen = set()
    for seed in range(40):
        rnd = random.Random(seed)
        state = engine.setup(2, seed)
        for _ in range(400):
            seats = engine.to_act(state)
            if not seats:
                break
            legal = engine.legal_actions(state, seats[0])
            default = engine.default_action(state, seats[0])
            for passive in (Skip(), Rotate(by=0), SaveHero(save=False)):
                if passive in legal:
                    assert default == passive
                    seen.add(passive.kind)
                    break
            state, _ = engine.apply(state, seats[0], rnd.choice(legal))
    assert {"skip", "rotate"} <= seen
