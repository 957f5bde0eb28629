"""The HellGame, part 2: the Hell deck's events and phenomena (6.0-6.2.2,
hellcards.py), the Play Right Away cards (6.3.1, rightaway.py) and
conspiracy (9.7.3, conspiracy.py), with the 6.2 and 9.7.3 examples and random
full games in which every card may come up."""

from __future__ import annotations

import random

import pytest

from engines.hellgame import position as P
from engines.hellgame.core import board, data, flight, flow
from engines.hellgame.core.model import Battle, Phenomenon, State
from engines.hellgame.engine import ENGINE
from engines.hellgame.phases import petition, summoning
from engines.hellgame.phases.action import actions
from engines.hellgame.phases.combat import battle
from engines.hellgame.phases.hell import hellcards, hellphase, rightaway
from engines.hellgame.phases.soul import souls
from hellgame_driver import (  # noqa: F401 - rolls is a fixture
    A, answer, ask, asked, event, keys, legal, passive_until, rolls, start, units)


def demon_card(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


def pra(key: str) -> int:
    """The first Play Right Away card of ``key`` (for calling its effect directly)."""
    return next(c.id for c in data.ARCANA if c.major == key)


LIARS = 7
WISE = souls.WISE_MEN
#: The third card of a Hell phase that puts the phenomenon at Liars.
AT_LIARS = P.HellCard(location=LIARS)
#: The triumvirates these tests were written with (a match's deal); the new
#: arcana of the Hell phase are one card per demon, three each.
TRIUMVIRATES = (["Beelzebub", "Gomory", "Belphegor"], ["Thamuz", "Asmodeus", "Pruflas"],
                ["Andras", "Baal", "Zagam"], ["Ashtaroth", "Ereshkigal", "Caim"],
                ["Paymon", "Xaphan", "Balban"], ["Sammael", "Moloch", "Agares"])


def position(seats: int = 2, players: dict[int, dict] | None = None, **fields) -> P.Position:
    """``seats`` players with no souls and no cards (``players``: a seat's
    fields that differ), an empty board, no permanent event."""
    changed = players or {}
    return P.Position(players=[P.Player(**{"demons": TRIUMVIRATES[seat], "souls": 0, **changed.get(seat, {})})
                               for seat in range(seats)], **fields)


def hell_phase(*cards, **fields) -> P.Position:
    """Round 2's Hell phase with ``cards`` on top of the Hell deck (the
    event, the phenomenon and its scope, the location; Calm cards fill up),
    halted when the Soul phase comes."""
    top = list(cards) + ["calm"] * (3 - len(cards))
    return position(phase="hell", round=2, decks=P.Decks(hell=top), halt=["soul"], **fields)


def second_card(phenomenon: str, scope: str) -> P.HellCard:
    return P.HellCard(phenomenon=phenomenon, scope=scope)


# -- 6.2: the example, permanent events, scopes, warning markers -------------------------------


def test_6_2_example_wrath_of_angels_replaces_the_heaven_box_and_a_cave_in_at_liars():
    s = P.build(hell_phase(
        "wrath_of_angels", second_card("cave_in", "sectio"), AT_LIARS, seats=3, permanent=["guardian_angels"],
        units={LIARS: P.Units(legions={0: 2, 1: 1}, lieutenants=[P.Lieutenant(name="Sulla", seat=1)],
                              hounds=[P.Hound(attacks=4, keeper=0)]),
               LIARS + 1: P.Units(legions={2: 1})}))
    guardian, (wrath, cave_in, liars) = s.permanent["heaven"], s.hell[:3]
    (b,) = [u.id for u in units(s, LIARS, "legion", 1)]
    (elsewhere,) = [u.id for u in units(s, LIARS + 1)]
    hounds = len(s.hounds)
    ev = start(s)
    assert s.permanent["heaven"] == wrath and s.hell[-3:] == [guardian, cave_in, liars]
    assert [u.id for u in s.units] == [elsewhere]  # everything in Liars is gone
    assert s.returned == [3] and len(s.hounds) == hounds + 1  # Sulla (3) to the Return box, the hound to the stack
    lost = {e.params["seat"]: e.params["n"] for e in ev if e.key == "ev_cards_cave_in"}
    assert lost == {0: 3, 1: 2}
    assert s.phenomena == [Phenomenon(kind="cave_in", sectios=[LIARS])]
    view = ENGINE.view(s, None)
    assert view.sectios[LIARS].warning == "cave_in" and view.sectios[LIARS + 1].warning is None
    assert view.permanent["heaven"] == "Wrath of Angels"
    assert hellcards.active(s, "wrath_of_angels") and not hellcards.active(s, "guardian_angels")
    assert b not in [u.id for u in s.units]


@pytest.mark.parametrize("scope", ["quarter", "circle", "sectio"])
def test_6_2_scope_from_the_third_cards_location(scope, rolls):
    expected = {"quarter": data.quarter_sectios(data.SECTIOS[LIARS].quarter),
                "circle": data.circle_sectios(data.SECTIOS[LIARS].circle), "sectio": (LIARS,)}[scope]
    s = P.build(hell_phase("calm", second_card("cave_in", scope), AT_LIARS, seats=4,
                           units={x: P.Units(legions={x % 4: 1}) for x in range(45)}))
    start(s)
    assert sorted(u.at for u in s.units) == sorted(set(range(45)) - set(expected))
    assert s.phenomena[0].sectios == list(expected)


def test_6_2_a_permanent_event_in_its_box_is_in_force_until_replaced():
    s = P.build(hell_phase("red_peril"))
    assert summoning.legion_cost(s) == 3
    start(s)
    assert summoning.legion_cost(s) == 4
    # a later Hell phase, Red Peril in the Hell box: the Temper replaces it
    s = P.build(hell_phase("temper", permanent=["red_peril"]))
    assert summoning.legion_cost(s) == 4
    start(s)
    assert summoning.legion_cost(s) == 3 and hellcards.active(s, "temper")


# -- 6.2.1 conflicting events ------------------------------------------------------------------------


def test_6_2_1_between_permanent_cards_heaven_then_earth_then_hell(monkeypatch):
    """In the reconstructed deck no two cards set the same value (Guardian
    Angels and The Bees add up, ruling); the cards here are given rival values."""
    monkeypatch.setitem(hellcards.SETS, "legion_cost", {"wrath_of_angels": 5, "the_bees": 6, "red_peril": 4})

    def boxes(*events: str) -> State:
        return P.build(position(permanent=list(events)))

    assert summoning.legion_cost(boxes("red_peril")) == 4
    assert summoning.legion_cost(boxes("red_peril", "the_bees")) == 6  # Earth beats Hell
    s = boxes("red_peril", "the_bees", "wrath_of_angels")
    assert summoning.legion_cost(s) == 5  # Heaven beats both
    assert hellcards.in_force(s) == ["wrath_of_angels", "the_bees", "red_peril"]


def test_6_2_1_a_non_permanent_card_beats_a_permanent_one(monkeypatch):
    """This round's phenomenon against a permanent card given a rival value."""
    monkeypatch.setitem(hellcards.SETS, "income_factor", {"soul_spring": 2, "no_souls": 0, "guardian_angels": 3})
    s = P.build(position(permanent=["guardian_angels"], phenomena=[P.Phenomenon(kind="soul_spring", at=LIARS)]))
    assert souls.income_modifier(s, 0, LIARS, 4) == 8  # this round's phenomenon wins there
    assert souls.income_modifier(s, 0, LIARS + 1, 4) == 12  # elsewhere the permanent card sets it


def paymon_on_earth(*more: str | P.Demon, **fields) -> P.Position:
    """Seat 0: Paymon (4 hearts, 1 skull) walking the Earth (and ``more``
    demons in Hell), seat 1: Naburos."""
    return position(players={0: dict(demons=[P.Demon(name="Paymon", walk=True), *more]), 1: dict(demons=["Naburos"])},
                    **fields)


def test_6_2_1_guardian_angels_and_the_bees_add_up(rolls):
    s = P.build(paymon_on_earth(phase="soul", permanent=["guardian_angels", "the_bees"]))
    rolls += [3]
    ev = start(s)
    assert event(ev, "ev_earth_income").params["n"] == 4 + 3


# -- events ------------------------------------------------------------------------------------------


def test_event_wrath_of_angels_rolls_against_skulls_after_the_earth_income(rolls):
    s = P.build(paymon_on_earth("Baal", phase="soul", permanent=["wrath_of_angels"], halt=["soul_gifts"]))
    rolls += [2, 2]  # soul roll 2, then 2 against 1 skull: struck
    ev = start(s)
    assert s.players[0].souls == 6 and s.demons[0].status == "incapacitated"
    struck = event(ev, "ev_cards_wrath_struck").params
    assert struck == {"seat": 0, "demon": demon_card("Paymon"), "roll": 2, "skulls": 1}
    assert keys(ev).index("ev_earth_income") < keys(ev).index("ev_cards_wrath_struck")
    assert s.players[0].favour == 1  # incapacitated before the favour: none


def test_event_wrath_of_angels_spares_a_good_roll_and_demons_in_hell(rolls):
    s = P.build(paymon_on_earth("Baal", phase="soul", permanent=["wrath_of_angels"], halt=["soul_gifts"]))
    rolls += [2, 1]
    ev = start(s)
    assert s.demons[0].status == "active" and "ev_cards_wrath_spared" in keys(ev)
    assert s.demons[1].status == "active" and not rolls  # Baal in Hell rolls nothing
    s2 = P.build(paymon_on_earth(phase="soul", halt=["soul_gifts"]))
    rolls += [2]  # no Wrath of Angels: the soul roll only
    start(s2)
    assert not rolls and s2.demons[0].status == "active"


def test_event_uriels_crusade_calls_uriel(monkeypatch):
    called: list = []
    monkeypatch.setattr(hellcards, "URIEL_CRUSADE", [lambda st, ev: called.append(st.round)])
    s = P.build(hell_phase("uriels_crusade"))
    crusade = s.hell[0]
    ev = start(s)
    assert called == [2] and s.permanent["heaven"] == crusade
    assert "ev_cards_uriel_absent" not in keys(ev)
    # without Uriel in the game, another Uriel's Crusade (the first one still in the Heaven box)
    monkeypatch.setattr(hellcards, "URIEL_CRUSADE", [])
    ev = start(P.build(hell_phase("uriels_crusade", permanent=["uriels_crusade"])))
    assert "ev_cards_uriel_absent" in keys(ev)


def test_event_guardian_angels_two_souls_less_never_below_zero(rolls):
    # Paymon and Balban on Earth: 4 and 1 hearts
    s = P.build(paymon_on_earth(P.Demon(name="Balban", walk=True), phase="soul", permanent=["guardian_angels"]))
    rolls += [3, 1]
    ev = start(s)
    assert [e.params["n"] for e in ev if e.key == "ev_earth_income"] == [4 + 3 - 2, 0]


def test_event_the_bees_two_souls_more_only_on_earth(rolls):
    s = P.build(position(players={0: dict(demons=[P.Demon(name="Paymon", walk=True), "Balban"],
                                          sectios=[LIARS, LIARS + 5]),
                                  1: dict(demons=["Naburos"])},
                         phase="soul", permanent=["the_bees"]))
    rolls += [3]
    ev = start(s)
    assert event(ev, "ev_earth_income").params["n"] == 4 + 3 + 2
    assert event(ev, "ev_income").params["sectio_souls"] == 4 + 2  # sectios: untouched by the Bees


def paymon_on_turn(walk: bool = True, *more: str, seat0: dict | None = None, **fields) -> P.Position:
    """The Action phase with Paymon (seat 0, rank 44; on Earth if ``walk``)
    on turn; ``more`` demons of seat 0 rank better and have acted; Naburos
    (seat 1, rank 61) acts after him."""
    return position(players={0: dict(demons=[P.Demon(name="Paymon", walk=walk), *more], **(seat0 or {})),
                             1: dict(demons=["Naburos"])},
                    phase="action", turn="Paymon", halt=["random"], **fields)


def test_event_age_of_sin_deeds_on_five_or_six(rolls):
    s = P.build(paymon_on_turn(permanent=["age_of_sin"]))
    start(s)
    rolls += [5, 6, 4, 1]
    ev = answer(s, 0, "deeds")
    assert event(ev, "ev_act_deeds").params["favour"] == 2 and s.players[0].favour == 3


def test_event_age_of_sin_absent_only_sixes(rolls):
    s = P.build(paymon_on_turn())
    start(s)
    rolls += [5, 6, 4, 1]
    answer(s, 0, "deeds")
    assert s.players[0].favour == 2


def test_event_enlightenment_walking_costs_two_more():
    def paymon(souls: int) -> State:
        s = P.build(paymon_on_turn(False, seat0=dict(hand=[P.Card(minor="walk", cost=2)], souls=souls),
                                   permanent=["enlightenment"]))
        start(s)
        return s

    s = paymon(3)
    card = s.players[0].hand[0]
    assert actions.walk_cost(s, card) == 4
    assert A(do="walk", a=card) not in legal(s, 0)  # 3 souls are not enough now
    s = paymon(4)
    answer(s, 0, "walk", card)
    assert s.players[0].souls == 0 and s.demons[0].on_earth


def test_event_red_peril_a_legion_costs_four():
    def summoner(souls: int) -> State:
        s = P.build(position(players={0: dict(souls=souls, sectios=[LIARS])}, permanent=["red_peril"],
                             phase="summon", halt=["action"]))
        start(s)
        return s

    s = summoner(3)
    assert not [x for x in legal(s, 0) if x.do == "legion"]
    s = summoner(4)
    assert A(do="legion", a=LIARS) in legal(s, 0)
    answer(s, 0, "legion", LIARS)
    assert s.players[0].souls == 0


def test_event_temper_plus_one_on_every_attack_roll(rolls):
    s = P.build(position(
        # incapacitated demons: no demon joins the battle (11.1)
        players={seat: dict(demons=[P.Demon(name=TRIUMVIRATES[seat][0], status="incapacitated")]) for seat in (0, 1)},
        units={LIARS: P.Units(legions={0: 2, 1: 1})}, permanent=["temper"], phase="combat", halt=["petition"]))
    rolls += [5, 1, 4, 2]  # 5 + 1 hits, 1 + 1 and 4 + 1 miss; the hit legion saves only on a 1
    ev = passive_until(s, "petition", choose={"combat_avoid": "refuse"})
    attacks = [e.params for e in ev if e.key == "ev_battle_attack_bonus"]
    assert [(p["dice"], p["rolls"], p["hits"]) for p in attacks] == [([5, 1], [6, 2], 1), ([4], [5], 0)]
    assert [u.owner for u in s.units] == [0, 0]


def test_event_temper_absent_no_bonus():
    def legion_at_liars(*permanent: str) -> State:
        return P.build(position(units={LIARS: P.Units(legions={0: 1})}, permanent=list(permanent)))

    s = legion_at_liars()
    assert hellcards._temper in battle.ATTACK_BONUS
    assert hellcards._temper(s, Battle(at=LIARS), s.units[0]) == 0
    s = legion_at_liars("temper")
    assert hellcards._temper(s, Battle(at=LIARS), s.units[0]) == 1


def test_event_bureaucracy_a_petition_by_favour_costs_two():
    def petitioner(favour: int, *permanent: str) -> State:
        return P.build(position(players={0: dict(favour=favour)}, units={LIARS: P.Units(legions={0: 1})},
                                permanent=list(permanent)))

    assert petition.options(petitioner(1), 0, [], []) == [A(do="favour", a=LIARS)]
    s = petitioner(1, "bureaucracy")
    assert petition.petition_cost(s, 0) == 2 and petition.options(s, 0, [], []) == []
    assert petition.options(petitioner(2, "bureaucracy"), 0, [], []) == [A(do="favour", a=LIARS)]


def test_event_liliths_visit_calls_lilith(monkeypatch):
    called: list = []
    monkeypatch.setattr(hellcards, "LILITH_VISIT", [lambda st, ev: called.append(True)])
    s = P.build(hell_phase("liliths_visit"))
    lilith = s.hell[0]
    start(s)
    assert called == [True] and lilith not in s.permanent.values()


def test_event_feast_of_the_fallen_everyone_in_the_game_gains_a_favour():
    s = P.build(hell_phase("feast_of_the_fallen", seats=3, players={2: dict(out=True)}))
    ev = start(s)
    assert [p.favour for p in s.players] == [2, 2, 1]
    assert event(ev, "ev_cards_feast").params == {"seats": [0, 1]}


def test_event_purge_only_those_with_disfavour(rolls):
    s = P.build(hell_phase("purge", seats=3, players={1: dict(disfavour=1)}))
    rolls += [6, 6, 6]  # seat 1's disfavour rolls for new arcana
    ev = start(s)
    assert [p.disfavour for p in s.players] == [0, 2, 0]
    assert event(ev, "ev_cards_purge").params == {"seats": [1]}


def test_event_purge_nobody_with_disfavour_nothing_happens():
    s = P.build(hell_phase("purge"))
    ev = start(s)
    assert [p.disfavour for p in s.players] == [0, 0] and "ev_cards_purge_none" in keys(ev)


def test_event_census_pays_a_soul_per_sectio():
    s = P.build(hell_phase("census", players={0: dict(sectios=[1, 2, 3], souls=5)}))
    ev = start(s)
    assert s.players[0].souls == 2
    assert event(ev, "ev_cards_census_paid").params == {"seat": 0, "n": 3}


def test_event_census_short_player_chooses_the_legions():
    legions = {1: P.Units(legions={0: 1}), 2: P.Units(legions={0: 2})}
    s = P.build(hell_phase("census", players={0: dict(sectios=[1, 2, 3, 4], souls=1)}, units=legions))
    ev = start(s)
    assert s.players[0].souls == 0
    assert event(ev, "ev_cards_census_short").params == {"seat": 0, "n": 1, "short": 3, "legions": 3}
    assert s.units == [] and not flow.open_asks(s)  # three legions, three lost: no choice, all go
    s = P.build(hell_phase("census", players={0: dict(sectios=[1, 2])}, units=legions))
    a, b, c = (u.id for u in s.units)
    start(s)
    (q,) = flow.open_asks(s)
    assert (q.seat, q.q, q.data) == (0, "census", {"keep": 1})
    assert flow.QUESTIONS["census"].prompt(s, q) == ("pr_cards_census", {"n": 2})
    assert legal(s, 0) == [A(do="disband", a=a), A(do="disband", a=b)]  # alike legions once
    assert s.phenomena == []  # 6.1: the phenomenon only after the event is done
    ev = answer(s, 0, "disband", a)
    assert [u.id for u in s.units] == [c] and s.step == "soul" and s.phenomena
    assert [e.params["sectio"] for e in ev if e.key == "ev_cards_census_lost"] == [1, 2]


def test_event_census_without_legions_nothing_more():
    s = P.build(hell_phase("census", players={0: dict(sectios=[1, 2])}))
    ev = start(s)
    assert not flow.open_asks(s) and s.players[0].souls == 0
    assert event(ev, "ev_cards_census_short").params["legions"] == 0


def test_event_hounds_loose_in_the_third_cards_sectio():
    s = P.build(hell_phase("hounds_loose", second_card("quagmire", "quarter"), AT_LIARS))
    top = s.hounds[0]
    ev = start(s)
    (h,) = s.units
    assert (h.kind, h.at, h.owner, h.keeper, h.card) == ("hound", LIARS, None, None, top)
    assert event(ev, "ev_cards_hounds_loose").params == {"sectio": LIARS, "attacks": top}


def test_event_hounds_loose_with_an_empty_stack_nothing():
    # every hound counter of the game is on the board (elsewhere): the stack is empty
    s = P.build(hell_phase("hounds_loose", "calm", AT_LIARS,
                           units={WISE: P.Units(hounds=sorted(data.HOUND_ATTACKS))}))
    assert s.hounds == []
    before = [u.model_dump() for u in s.units]
    ev = start(s)
    assert [u.model_dump() for u in s.units] == before and "ev_cards_hounds_none" in keys(ev)  # no hound came


def test_event_calm_nothing_happens():
    s = P.build(hell_phase("calm", second_card("quagmire", "sectio"), AT_LIARS))
    before = [p.model_dump() for p in s.players]
    ev = start(s)
    assert [e.key for e in ev if e.key.startswith("ev_cards")] == []
    assert [len(p.hand) for p in s.players] == [3, 3] and s.players[0].favour == before[0]["favour"]


# -- phenomena ------------------------------------------------------------------------------------


def test_phenomenon_cave_in_destroys_every_unit():
    s = P.build(hell_phase("calm", second_card("cave_in", "sectio"), AT_LIARS,
                           units={LIARS: P.Units(legions={0: 3}, hounds=[2])}))
    ev = start(s)
    assert s.units == [] and "ev_cards_cave_in_wild" in keys(ev)


def test_phenomenon_cave_in_on_empty_sectios_hits_nobody():
    s = P.build(hell_phase("calm", second_card("cave_in", "sectio"), AT_LIARS,
                           units={LIARS + 1: P.Units(legions={0: 1})}))
    ev = start(s)
    assert len(s.units) == 1 and "ev_cards_nobody_hit" in keys(ev)


def test_phenomenon_earthquake_one_or_two_destroys(rolls, monkeypatch):
    s = P.build(hell_phase("calm", second_card("earthquake", "sectio"), AT_LIARS,
                           units={LIARS: P.Units(legions={0: 2, 1: 1}, hounds=[P.Hound(attacks=3, keeper=0)])}))
    keeper, other, enemy, hound = s.units  # the hound's keeper is seat 0's first legion
    assert hound.keeper == keeper.id
    amok: list = []
    monkeypatch.setattr(flight, "run_amok", lambda st, h, ev: amok.append(h.id))
    rolls += [2, 3, 6, 1]  # seat 0: keeper 2 (lost), other 3, hound 6; seat 1: 1 (lost)
    ev = start(s)
    assert sorted(u.id for u in s.units) == sorted([other.id, hound.id])
    assert amok == [hound.id]  # its keeper went: it runs amok
    assert [(e.params["seat"], e.params["rolls"], e.params["n"]) for e in ev if e.key == "ev_cards_quake"] == \
        [(0, [2, 3, 6], 1), (1, [1], 1)]
    assert board.unit(s, enemy.id) is None


def test_phenomenon_earthquake_good_rolls_keep_everyone(rolls):
    s = P.build(hell_phase("calm", second_card("earthquake", "sectio"), AT_LIARS,
                           units={LIARS: P.Units(legions={0: 2})}))
    rolls += [3, 6]
    start(s)
    assert len(s.units) == 2


def test_6_2_2_only_cave_in_and_earthquake_reach_uriel_and_lilith(monkeypatch, rolls):
    hit: list = []
    monkeypatch.setattr(hellcards, "DISASTERS", [lambda st, ev, ph: hit.append(ph.kind)])
    for kind in ("cave_in", "earthquake", "quagmire", "no_souls", "soul_spring"):
        start(P.build(hell_phase("calm", second_card(kind, "sectio"), AT_LIARS)))
    assert hit == ["cave_in", "earthquake"]


def test_phenomenon_quagmire_stops_units_entering_this_round():
    s = P.build(hell_phase("calm", second_card("quagmire", "circle"), AT_LIARS))
    start(s)
    ring = data.circle_sectios(data.SECTIOS[LIARS].circle)
    assert all(flight.stops_here(s, x) for x in ring) and not flight.stops_here(s, LIARS + 5)
    assert flight.forced_stop(s, LIARS, 0, False) == "ev_stop_phenomenon"
    # the End phase clears it (13.3)
    s = P.build(position(phenomena=[P.Phenomenon(kind="quagmire", at=LIARS, scope="circle")], phase="end",
                         step="end_cleanup", halt=["hell"]))
    assert flight.stops_here(s, LIARS)
    start(s)
    assert s.step == "hell" and not flight.stops_here(s, LIARS)


def test_phenomenon_no_souls_no_income_and_no_wise_men_cards(rolls):
    # Liars and its neighbour: not isolated
    s = P.build(position(players={0: dict(sectios=[LIARS, LIARS + 5]), 1: dict(sectios=[WISE])},
                         phenomena=[P.Phenomenon(kind="no_souls", at=LIARS), P.Phenomenon(kind="no_souls", at=WISE)],
                         phase="soul"))
    rolls += [6]
    ev = start(s)
    assert event(ev, "ev_income").params["sectio_souls"] == data.SECTIOS[LIARS + 5].souls
    assert event(ev, "ev_wise_men").params["n"] == 0 and s.players[1].hand == []


def test_phenomenon_soul_spring_doubles_printed_minus_isolation_and_wise_men_cards(rolls):
    # both isolated; the Forest (6) is exempt, Liars 4 - 2
    s = P.build(position(players={0: dict(sectios=[LIARS, "The Forest"]), 1: dict(sectios=[WISE])},
                         phenomena=[P.Phenomenon(kind="soul_spring", at=LIARS),
                                    P.Phenomenon(kind="soul_spring", at=WISE)],
                         phase="soul"))
    rolls += [3]  # the Wise Men: 2 cards, doubled
    ev = start(s)
    assert event(ev, "ev_income").params["sectio_souls"] == (4 - 2) * 2 + 6
    assert event(ev, "ev_wise_men").params["n"] == 4 and len(s.players[1].hand) == 4


# -- 6.3.1: Play Right Away cards ------------------------------------------------------------------


def new_arcana(*cards, **fields) -> P.Position:
    """The new arcana of round 2's Hell phase (6.3), ``cards`` on top of the
    arcana deck (seat 0 draws first), halted when the Soul phase comes."""
    return position(phase="hell", round=2, step="hell_arcana", decks=P.Decks(arcana=list(cards)),
                    halt=["soul"], **fields)


def test_6_3_1_a_bad_day_incapacitates_the_highest_ranked_active_demon():
    # Sammael (rank 2) is out already: Baal (14) is hit
    s = P.build(new_arcana("a_bad_day", players={
        0: dict(demons=["Paymon", P.Demon(name="Sammael", status="incapacitated"), "Baal"]),
        1: dict(demons=["Naburos"])}))
    ev = start(s)
    assert [d.status for d in s.demons] == ["active", "incapacitated", "incapacitated", "active"]
    assert event(ev, "ev_pra_bad_day").params == {"seat": 0, "demon": demon_card("Baal")}


def test_6_3_1_a_bad_day_without_an_active_demon_nothing():
    s = P.build(position(players={0: dict(demons=[P.Demon(name="Paymon", status="incapacitated")]),
                                  1: dict(demons=["Naburos"])}))
    ev: list = []
    rightaway.apply(s, ev, 0, pra("a_bad_day"))
    assert keys(ev) == ["ev_pra_bad_day_none"]


def test_6_3_1_audit_halves_the_souls_by_purchase(rolls):
    s = P.build(position(players={0: dict(souls=12)}, decks=P.Decks(arcana=["audit"]), phase="summon",
                         halt=["action"]))
    start(s)
    answer(s, 0, "buy")
    assert s.players[0].souls == 7  # nothing yet: the order is secret
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
    assert s.players[0].souls == 4 and event(ev, "ev_pra_audit").params == {"seat": 0, "n": 3, "souls": 4}


def test_6_3_1_lucifer_frowns_one_disfavour_by_the_wise_men(rolls):
    s = P.build(position(players={0: dict(sectios=[WISE])}, decks=P.Decks(arcana=["lucifer_frowns"]), phase="soul"))
    rolls += [1]  # one card, and the Play Right Away card is it (it counts as drawn)
    ev = start(s)
    assert s.players[0].disfavour == 1 and len(s.players[0].hand) == 0
    assert keys(ev).index("ev_play_right_away") < keys(ev).index("ev_pra_frowns")


def test_6_3_1_desertion_disbands_one_random_legion():
    s = P.build(new_arcana("desertion", units={LIARS: P.Units(legions={0: 2, 1: 1})}))
    keep = [u.id for u in board.legions(s, 1)]
    ev = start(s)
    assert len(board.legions(s, 0)) == 1 and [u.id for u in board.legions(s, 1)] == keep
    assert event(ev, "ev_pra_desertion").params == {"seat": 0, "sectio": LIARS}


def test_6_3_1_desertion_without_legions_nothing():
    s = P.build(position())
    ev: list = []
    rightaway.apply(s, ev, 0, pra("desertion"))
    assert keys(ev) == ["ev_pra_desertion_none"]


def test_6_3_1_a_fit_of_goodness_fewest_favour_ties_after_the_drawer():
    def favours(*favour: int) -> dict[int, dict]:
        return {seat: dict(favour=f) for seat, f in enumerate(favour)}

    plain = P.Card(minor="pass")
    s = P.build(new_arcana(plain, plain, plain, "a_fit_of_goodness",  # seat 0 draws three, seat 1 draws it
                           seats=4, players=favours(2, 3, 0, 0)))
    ev = start(s)
    assert [p.favour for p in s.players] == [2, 2, 1, 0]  # seats 2 and 3 tie: 2 comes first after 1
    assert event(ev, "ev_pra_goodness").params == {"seat": 1, "seats": [2]}
    s = P.build(position(seats=4, players=favours(1, 1, 5, 9)))
    assert rightaway.goodness_receiver(s, 3) == 0  # ties wrap around the table


def test_6_3_1_a_fit_of_goodness_without_favour_nothing():
    s = P.build(position(players={0: dict(favour=0)}))
    ev: list = []
    rightaway.apply(s, ev, 0, pra("a_fit_of_goodness"))
    assert [p.favour for p in s.players] == [0, 1] and keys(ev) == ["ev_pra_goodness_none"]


EFFECT_EVENTS = {"a_bad_day": "ev_pra_bad_day", "audit": "ev_pra_audit", "lucifer_frowns": "ev_pra_frowns",
                 "desertion": "ev_pra_desertion", "a_fit_of_goodness": "ev_pra_goodness"}


@pytest.mark.parametrize("route", ["hell_phase", "purchase", "wise_men"])
@pytest.mark.parametrize("key", list(EFFECT_EVENTS))
def test_6_3_1_every_card_takes_effect_whenever_drawn(key, route, rolls):
    seat0 = dict(souls=12, favour=2)
    legion = {LIARS: P.Units(legions={0: 1})}
    if route == "hell_phase":
        rolls += [6] * 3  # Lucifer Frowns: the later draws need disfavour rolls
        s = P.build(new_arcana(key, players={0: seat0}, units=legion))
    elif route == "wise_men":
        rolls += [1, 1]  # the Wise Men: one card (the Play Right Away card, counted as drawn); the soul roll
        s = P.build(position(players={0: dict(seat0, sectios=[WISE])}, units=legion, decks=P.Decks(arcana=[key]),
                             phase="soul"))
    else:
        s = P.build(position(players={0: seat0}, units=legion, decks=P.Decks(arcana=[key]), phase="summon",
                             halt=["action"]))
    card = s.arcana[0]
    ev = start(s)
    if route == "purchase":
        answer(s, 0, "buy")
        answer(s, 0, "submit")
        ev = answer(s, 1, "submit")
    assert EFFECT_EVENTS[key] in keys(ev)
    assert event(ev, "ev_play_right_away").params == {"seat": 0, "card": card}
    assert card not in s.players[0].hand and card in s.arcana


@pytest.mark.parametrize("key", ["a_bad_day", "audit", "lucifer_frowns", "desertion", "a_fit_of_goodness"])
def test_6_3_1_set_aside_without_effect_at_setup(key):
    s = P.build(P.Position(players=[P.Player(demons=TRIUMVIRATES[seat]) for seat in (0, 1)], phase="setup",
                           decks=P.Decks(arcana=[key])))  # seat 0's first card of the deal
    card = s.arcana[0]
    for seat in range(2):
        answer(s, seat, "keep")
    assert card not in s.players[0].hand and s.arcana[-1] == card
    assert [(p.souls, p.favour, p.disfavour) for p in s.players] == [(5, 1, 0), (5, 1, 0)]
    assert all(d.status == "active" for d in s.demons)


# -- 9.7.3 conspiracy -----------------------------------------------------------------------------------


def conspirator(*deck, **fields) -> State:
    """Paymon on Earth on turn (Baal in Hell has acted), ``deck`` on top of the Hell deck."""
    s = P.build(paymon_on_turn(True, "Baal", decks=P.Decks(hell=list(deck)), **fields))
    start(s)
    return s


def test_9_7_3_paymon_swaps_temper_for_red_peril():
    s = conspirator("calm", "purge", "temper", "the_bees", permanent=["red_peril"])
    red_peril, fleeting, (temper, bees) = s.permanent["hell"], s.hell[:2], s.hell[2:4]
    assert A(do="conspire") in legal(s, 0)
    ev = answer(s, 0, "conspire")
    public = [e for e in ev if e.visible_to is None]
    assert [e.key for e in public] == ["ev_cards_conspire"] and public[0].params["n"] == 4
    private = [e for e in ev if e.visible_to is not None]
    assert all(e.visible_to == [0] for e in private)
    assert [e.params["hell"] for e in private] == fleeting + [temper, bees]
    assert legal(s, 0) == [A(do="place", a=temper), A(do="place", a=bees), A(do="none")]
    assert ENGINE.view(s, 1).draft is None and ENGINE.view(s, 0).draft.data["cards"] == fleeting + [temper, bees]
    assert flow.QUESTIONS["act"].label(s, ask(s, 0), A(do="place", a=temper))[0] == "lb_cards_swap_hell"
    assert flow.QUESTIONS["act"].label(s, ask(s, 0), A(do="place", a=bees))[0] == "lb_cards_place_earth"
    ev = answer(s, 0, "place", temper)
    assert s.permanent == {"heaven": None, "earth": None, "hell": temper}
    assert s.hell[-4:] == fleeting + [bees, red_peril]  # unused cards and the old one under the deck
    assert summoning.legion_cost(s) == 3 and hellcards.active(s, "temper")  # at once
    # his action is done: Naburos's turn
    assert s.demons[0].on_earth and s.demons[0].acted and asked(s) == [(1, "act")]
    assert event(ev, "ev_cards_conspiracy_placed").params["hell"] == temper
    assert all(e.params.get("hell") in (temper, red_peril) for e in ev if e.visible_to is None)


def test_9_7_3_non_permanent_cards_cannot_be_placed():
    s = conspirator("calm", "purge", "census", "liliths_visit")
    fleeting = s.hell[:4]
    answer(s, 0, "conspire")
    assert legal(s, 0) == [A(do="none")]
    ev = answer(s, 0, "none")
    assert s.permanent == {"heaven": None, "earth": None, "hell": None} and s.hell[-4:] == fleeting
    assert event(ev, "ev_cards_conspiracy_none").params["n"] == 4 and s.demons[0].on_earth


def test_9_7_3_only_on_earth():
    s = P.build(paymon_on_turn(False))
    start(s)
    assert A(do="conspire") not in legal(s, 0)


def test_9_7_3_missed_deadline_uses_no_card():
    s = conspirator("temper")
    answer(s, 0, "conspire")
    assert ENGINE.default_action(s, 0) == A(do="none")


def test_9_7_3_a_placed_uriels_crusade_calls_uriel(monkeypatch):
    called: list = []
    monkeypatch.setattr(hellcards, "URIEL_CRUSADE", [lambda st, ev: called.append(True)])
    s = conspirator("uriels_crusade")
    crusade = s.hell[0]
    answer(s, 0, "conspire")
    answer(s, 0, "place", crusade)
    assert called == [True] and s.permanent["heaven"] == crusade


# -- random full games with every card ------------------------------------------------------------------


def arranged(seats: int) -> P.Position:
    """A new match whose first three Hell phases bring three of the 15 events
    (game k: events 3k-3k+2) with every phenomenon, and whose arcana deck
    brings every Play Right Away card soon after the deal (five cards each)."""
    k = seats - 2
    hell: list = []
    for r, key in enumerate(list(data.EVENTS)[3 * k:3 * k + 3]):
        hell += [P.HellCard(event=key), P.HellCard(phenomenon=list(data.PHENOMENA)[(3 * k + r) % 5]), P.HellCard()]
    right = [c.id for c in data.ARCANA if c.minor == "play_right_away"]
    deal = [P.Card(minor="pass")] * (5 * seats)  # five cards each, none of them set aside (5.1)
    return P.Position(players=[P.Player(demons=TRIUMVIRATES[seat]) for seat in range(seats)], phase="setup",
                      decks=P.Decks(hell=hell, arcana=deal + right), options={"max_rounds": 4})


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_full_games_with_every_card_end(seats):
    import hellgame_driver

    engine, state = ENGINE, P.build(arranged(seats), seed=500 + seats)
    rnd = random.Random(seats)
    seen: set[str] = set()
    for _ in range(20000):
        if engine.result(state) is not None:
            break
        seat = rnd.choice(engine.to_act(state))
        action = hellgame_driver.choose(state, seat, rnd)
        state, ev = engine.apply(state, seat, action)
        seen |= {e.key for e in ev}
        for e in ev:
            for lang in ("de", "en"):
                assert engine.text(e.key, engine.localise_params(e.params, lang), lang) != e.key
    assert engine.result(state) is not None and state.round <= 4
    first = list(data.EVENTS)[3 * (seats - 2)]  # later ones may go to a conspirator first
    assert hellphase.EVENT_KEYS[first] in seen and "ev_play_right_away" in seen
