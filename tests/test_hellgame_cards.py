"""The HellGame, part 2: the Hell deck's events and phenomena (6.0-6.2.2,
hellcards.py), the Play Right Away cards (6.3.1, rightaway.py) and
conspiracy (9.7.3, conspiracy.py), with the 6.2 and 9.7.3 examples and random
full games in which every card may come up."""

from __future__ import annotations

import random

import pytest
from hellgame_dice import rolls  # noqa: F401 - a fixture

from engines.hellgame.core import board, data, dice, flight, flow
from engines.hellgame.core.model import Action, Battle, Demon, Phenomenon, State
from engines.hellgame.phases import petition, summoning
from engines.hellgame.phases.action import actions, conspiracy, diplomacy
from engines.hellgame.phases.combat import battle, combat
from engines.hellgame.phases.hell import hellcards, hellphase, rightaway
from engines.hellgame.phases.soul import souls
from engines.hellgame.setup import initial_state

A = Action
PLAIN = [c.id for c in data.ARCANA if c.minor == "pass"]
WALKS = [c.id for c in data.ARCANA if c.minor == "walk"]


def demon_card(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


def sectio(prefix: str) -> int:
    (hit,) = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    return hit


def hell_card(event: str | None = None, phenomenon: str | None = None, scope: str | None = None,
              location: int | None = None, exclude: tuple = ()) -> int:
    return next(c.index for c in data.HELL_CARDS
                if (event is None or c.event == event) and (phenomenon is None or c.phenomenon == phenomenon)
                and (scope is None or c.scope == scope) and (location is None or c.location == location)
                and c.index not in exclude)


def pra(key: str) -> int:
    return next(c.id for c in data.ARCANA if c.major == key)


LIARS = sectio("Liars")
CALM = hell_card("calm")


def fresh(seats: int = 3, demons: list[list[str]] | None = None) -> State:
    """A started match with an empty board and boxes, no hands, no souls;
    ``demons``: each seat's demons by name (default: those dealt)."""
    s = initial_state(seats, 7, {})
    s.asks, s.units, s.owner = [], [], [None] * 45
    s.arcana = list(PLAIN)
    s.permanent = {"heaven": None, "earth": None, "hell": None}
    for p in s.players:
        p.hand, p.souls, p.favour, p.disfavour = [], 0, 1, 0
    if demons is not None:
        s.demons = [Demon(card=demon_card(n), owner=seat) for seat, names in enumerate(demons) for n in names]
    return s


def legion(s: State, seat: int, at: int, n: int = 1) -> list[int]:
    return [board.place(s, "legion", seat, at).id for _ in range(n)]


def box(s: State, event: str) -> int:
    card = hell_card(event)
    s.permanent[data.EVENTS[event].area] = card
    return card


@pytest.fixture
def halt(monkeypatch):
    """``halt("soul")``: the procedure stops when it reaches that step."""
    def at(step: str) -> None:
        def stop(s, ev):
            s.over = True
        monkeypatch.setitem(flow.STEPS, step, stop)
    return at


def run(s: State, step: str) -> list:
    s.step = step
    ev: list = []
    flow.advance(s, ev)
    return ev


def answer(s: State, seat: int, action: Action) -> list:
    ev: list = []
    flow.answer(s, seat, action, ev)
    return ev


def keys(ev) -> list[str]:
    return [e.key for e in ev]


def event(ev, key: str):
    return next(e for e in ev if e.key == key)


def hell_phase(s: State, first: int, second: int = CALM, third: int = CALM) -> list:
    """Round 2's Hell phase with these three cards on top (the rest after)."""
    s.round, s.over = 2, False
    top = [first, second, third]
    s.hell = top + [c for c in range(45) if c not in top and c not in s.permanent.values()]
    return run(s, "hell")


def second_card(phenomenon: str, scope: str) -> int:
    return hell_card(phenomenon=phenomenon, scope=scope, exclude=(CALM,))


# -- 6.2: the example, permanent events, scopes, warning markers -------------------------------


def test_6_2_example_wrath_of_angels_replaces_the_heaven_box_and_a_cave_in_at_liars(halt):
    halt("soul")
    s = fresh(3)
    guardian = box(s, "guardian_angels")
    wrath = hell_card("wrath_of_angels")
    cave_in = second_card("cave_in", "sectio")
    liars = hell_card(location=LIARS)
    a, b = legion(s, 0, LIARS, 2)[0], legion(s, 1, LIARS)[0]
    lt = board.place(s, "lieutenant", 1, LIARS, card=3)
    hound = board.place(s, "hound", 0, LIARS, card=4)
    hound.keeper = a
    elsewhere = legion(s, 2, LIARS + 1)[0]
    hounds = len(s.hounds)
    ev = hell_phase(s, wrath, cave_in, liars)
    assert s.permanent["heaven"] == wrath and s.hell[-3:] == [guardian, cave_in, liars]
    assert [u.id for u in s.units] == [elsewhere]  # everything in Liars is gone
    assert s.returned == [3] and len(s.hounds) == hounds + 1
    lost = {e.params["seat"]: e.params["n"] for e in ev if e.key == "ev_cards_cave_in"}
    assert lost == {0: 3, 1: 2}
    assert s.phenomena == [Phenomenon(kind="cave_in", sectios=[LIARS])]
    from engines.hellgame.engine import ENGINE
    view = ENGINE.view(s, None)
    assert view.sectios[LIARS].warning == "cave_in" and view.sectios[LIARS + 1].warning is None
    assert view.permanent["heaven"] == "Wrath of Angels"
    assert hellcards.active(s, "wrath_of_angels") and not hellcards.active(s, "guardian_angels")
    assert b not in [u.id for u in s.units]


@pytest.mark.parametrize("scope", ["quarter", "circle", "sectio"])
def test_6_2_scope_from_the_third_cards_location(scope, halt, rolls):
    halt("soul")
    s = fresh(4)
    third = hell_card(location=LIARS)
    expected = {"quarter": data.quarter_sectios(data.SECTIOS[LIARS].quarter),
                "circle": data.circle_sectios(data.SECTIOS[LIARS].circle), "sectio": (LIARS,)}[scope]
    for x in range(45):
        legion(s, x % 4, x)
    hell_phase(s, CALM, second_card("cave_in", scope), third)
    assert sorted(u.at for u in s.units) == sorted(set(range(45)) - set(expected))
    assert s.phenomena[0].sectios == list(expected)


def test_6_2_a_permanent_event_in_its_box_is_in_force_until_replaced(halt):
    halt("soul")
    s = fresh(2)
    assert summoning.legion_cost(s) == 3
    hell_phase(s, hell_card("red_peril"))
    assert summoning.legion_cost(s) == 4
    hell_phase(s, hell_card("temper"))
    assert summoning.legion_cost(s) == 3 and hellcards.active(s, "temper")


# -- 6.2.1 conflicting events ------------------------------------------------------------------------


def test_6_2_1_between_permanent_cards_heaven_then_earth_then_hell(monkeypatch):
    """In the reconstructed deck no two cards set the same value (Guardian
    Angels and The Bees add up, ruling); the cards here are given rival values."""
    s = fresh(2)
    monkeypatch.setitem(hellcards.SETS, "legion_cost", {"wrath_of_angels": 5, "the_bees": 6, "red_peril": 4})
    box(s, "red_peril")
    assert summoning.legion_cost(s) == 4
    box(s, "the_bees")
    assert summoning.legion_cost(s) == 6  # Earth beats Hell
    box(s, "wrath_of_angels")
    assert summoning.legion_cost(s) == 5  # Heaven beats both
    assert hellcards.in_force(s) == ["wrath_of_angels", "the_bees", "red_peril"]


def test_6_2_1_a_non_permanent_card_beats_a_permanent_one(monkeypatch):
    """This round's phenomenon against a permanent card given a rival value."""
    s = fresh(2)
    monkeypatch.setitem(hellcards.SETS, "income_factor", {"soul_spring": 2, "no_souls": 0, "guardian_angels": 3})
    box(s, "guardian_angels")
    s.phenomena = [Phenomenon(kind="soul_spring", sectios=[LIARS])]
    assert souls.income_modifier(s, 0, LIARS, 4) == 8  # this round's phenomenon wins there
    assert souls.income_modifier(s, 0, LIARS + 1, 4) == 12  # elsewhere the permanent card sets it


def test_6_2_1_guardian_angels_and_the_bees_add_up(rolls):
    s = fresh(2, [["Paymon"], ["Naburos"]])
    s.demons[0].walk = WALKS[0]
    box(s, "guardian_angels")
    box(s, "the_bees")
    rolls += [3]
    ev = run(s, "soul")
    assert event(ev, "ev_earth_income").params["n"] == 4 + 3


# -- events ------------------------------------------------------------------------------------------


def soul_phase(s: State, halt) -> list:
    halt("soul_gifts")
    return run(s, "soul")


def test_event_wrath_of_angels_rolls_against_skulls_after_the_earth_income(rolls, halt):
    s = fresh(2, [["Paymon", "Baal"], ["Naburos"]])  # Paymon: 4 hearts, 1 skull
    s.demons[0].walk = WALKS[0]
    box(s, "wrath_of_angels")
    rolls += [2, 2]  # soul roll 2, then 2 against 1 skull: struck
    ev = soul_phase(s, halt)
    assert s.players[0].souls == 6 and s.demons[0].status == "incapacitated"
    struck = event(ev, "ev_cards_wrath_struck").params
    assert struck == {"seat": 0, "demon": demon_card("Paymon"), "roll": 2, "skulls": 1}
    assert keys(ev).index("ev_earth_income") < keys(ev).index("ev_cards_wrath_struck")
    assert s.players[0].favour == 1  # incapacitated before the favour: none


def test_event_wrath_of_angels_spares_a_good_roll_and_demons_in_hell(rolls, halt):
    s = fresh(2, [["Paymon", "Baal"], ["Naburos"]])
    s.demons[0].walk = WALKS[0]
    box(s, "wrath_of_angels")
    rolls += [2, 1]
    ev = soul_phase(s, halt)
    assert s.demons[0].status == "active" and "ev_cards_wrath_spared" in keys(ev)
    assert s.demons[1].status == "active" and not rolls  # Baal in Hell rolls nothing
    s2 = fresh(2, [["Paymon"], ["Naburos"]])
    s2.demons[0].walk = WALKS[0]
    rolls += [2]  # no Wrath of Angels: the soul roll only
    soul_phase(s2, halt)
    assert not rolls and s2.demons[0].status == "active"


def test_event_uriels_crusade_calls_uriel(monkeypatch, halt):
    halt("soul")
    s = fresh(2)
    called: list = []
    monkeypatch.setattr(hellcards, "URIEL_CRUSADE", [lambda st, ev: called.append(st.round)])
    ev = hell_phase(s, hell_card("uriels_crusade"))
    assert called == [2] and s.permanent["heaven"] == hell_card("uriels_crusade")
    assert "ev_cards_uriel_absent" not in keys(ev)
    monkeypatch.setattr(hellcards, "URIEL_CRUSADE", [])
    s.over = False
    ev = hell_phase(s, hell_card("uriels_crusade", exclude=(s.permanent["heaven"],)))
    assert "ev_cards_uriel_absent" in keys(ev)


def test_event_guardian_angels_two_souls_less_never_below_zero(rolls):
    s = fresh(2, [["Paymon", "Balban"], ["Naburos"]])  # 4 and 1 hearts
    s.demons[0].walk = s.demons[1].walk = WALKS[0]
    box(s, "guardian_angels")
    rolls += [3, 1]
    ev = run(s, "soul")
    assert [e.params["n"] for e in ev if e.key == "ev_earth_income"] == [4 + 3 - 2, 0]


def test_event_the_bees_two_souls_more_only_on_earth(rolls):
    s = fresh(2, [["Paymon", "Balban"], ["Naburos"]])
    s.demons[0].walk = WALKS[0]
    s.owner[LIARS] = s.owner[LIARS + 5] = 0
    box(s, "the_bees")
    rolls += [3]
    ev = run(s, "soul")
    assert event(ev, "ev_earth_income").params["n"] == 4 + 3 + 2
    assert event(ev, "ev_income").params["sectio_souls"] == 4 + 2  # sectios: untouched by the Bees


def act(s: State, monkeypatch, seat: int, demon: int) -> None:
    """Ask ``demon``'s owner the "act" question; the procedure stops after it."""
    def stop(st, ev):
        st.over = True
    monkeypatch.setitem(flow.STEPS, "test_after_act", stop)
    s.step = "test_after_act"
    flow.ask(s, seat, "act", demon=demon)


def test_event_age_of_sin_deeds_on_five_or_six(rolls, monkeypatch):
    s = fresh(2, [["Paymon"], ["Naburos"]])
    s.demons[0].walk = WALKS[0]
    box(s, "age_of_sin")
    act(s, monkeypatch, 0, 0)
    rolls += [5, 6, 4, 1]
    ev = answer(s, 0, A(do="deeds"))
    assert event(ev, "ev_act_deeds").params["favour"] == 2 and s.players[0].favour == 3


def test_event_age_of_sin_absent_only_sixes(rolls, monkeypatch):
    s = fresh(2, [["Paymon"], ["Naburos"]])
    s.demons[0].walk = WALKS[0]
    act(s, monkeypatch, 0, 0)
    rolls += [5, 6, 4, 1]
    answer(s, 0, A(do="deeds"))
    assert s.players[0].favour == 2


def test_event_enlightenment_walking_costs_two_more(monkeypatch):
    s = fresh(2, [["Paymon"], ["Naburos"]])
    card = next(c for c in WALKS if data.ARCANA[c].cost == 2)
    s.players[0].hand, s.players[0].souls = [card], 3
    box(s, "enlightenment")
    assert actions.walk_cost(s, card) == 4
    act(s, monkeypatch, 0, 0)
    assert A(do="walk", a=card) not in flow.legal(s, 0)  # 3 souls are not enough now
    s.players[0].souls = 4
    answer(s, 0, A(do="walk", a=card))
    assert s.players[0].souls == 0 and s.demons[0].on_earth


def test_event_red_peril_a_legion_costs_four(halt):
    halt("action")
    s = fresh(2)
    s.owner[LIARS] = 0
    s.players[0].souls = 3
    box(s, "red_peril")
    run(s, "summon")
    assert not [x for x in flow.legal(s, 0) if x.do == "legion"]
    s.players[0].souls = 4
    assert A(do="legion", a=LIARS) in flow.legal(s, 0)
    answer(s, 0, A(do="legion", a=LIARS))
    assert s.players[0].souls == 0


def test_event_temper_plus_one_on_every_attack_roll(rolls, monkeypatch):
    monkeypatch.setitem(flow.STEPS, "petition", lambda st, ev: setattr(st, "over", True))
    monkeypatch.setattr(flow, "PHASE_END", [])
    s = fresh(2, [[], []])
    s.step = s.phase = "combat"
    legion(s, 0, LIARS, 2)
    legion(s, 1, LIARS)
    box(s, "temper")
    ev: list = []
    flow.advance(s, ev)
    rolls += [5, 1, 4, 2]  # 5 + 1 hits, 1 + 1 and 4 + 1 miss; the hit legion saves only on a 1
    while any(a.q == "combat_avoid" for a in flow.open_asks(s)):
        a = flow.open_asks(s)[0]
        flow.answer(s, a.seat, A(do="refuse"), ev)
    attacks = [e.params for e in ev if e.key == "ev_battle_attack_bonus"]
    assert [(p["dice"], p["rolls"], p["hits"]) for p in attacks] == [([5, 1], [6, 2], 1), ([4], [5], 0)]
    assert [u.owner for u in s.units] == [0, 0]


def test_event_temper_absent_no_bonus():
    s = fresh(2)
    u = board.place(s, "legion", 0, LIARS)
    assert hellcards._temper in battle.ATTACK_BONUS
    assert hellcards._temper(s, Battle(at=LIARS), u) == 0
    box(s, "temper")
    assert hellcards._temper(s, Battle(at=LIARS), u) == 1


def test_event_bureaucracy_a_petition_by_favour_costs_two():
    s = fresh(2)
    legion(s, 0, LIARS)
    s.players[0].favour = 1
    assert petition.options(s, 0, [], []) == [A(do="favour", a=LIARS)]
    box(s, "bureaucracy")
    assert petition.petition_cost(s, 0) == 2 and petition.options(s, 0, [], []) == []
    s.players[0].favour = 2
    assert petition.options(s, 0, [], []) == [A(do="favour", a=LIARS)]


def test_event_liliths_visit_calls_lilith(monkeypatch, halt):
    halt("soul")
    s = fresh(2)
    called: list = []
    monkeypatch.setattr(hellcards, "LILITH_VISIT", [lambda st, ev: called.append(True)])
    lilith = hell_card("liliths_visit")
    hell_phase(s, lilith)
    assert called == [True] and lilith not in s.permanent.values()


def test_event_feast_of_the_fallen_everyone_in_the_game_gains_a_favour(halt):
    halt("soul")
    s = fresh(3)
    s.players[2].out = True
    ev = hell_phase(s, hell_card("feast_of_the_fallen"))
    assert [p.favour for p in s.players] == [2, 2, 1]
    assert event(ev, "ev_cards_feast").params == {"seats": [0, 1]}


def test_event_purge_only_those_with_disfavour(halt, rolls):
    halt("soul")
    s = fresh(3)
    s.players[1].disfavour = 1
    rolls += [6, 6, 6]  # seat 1's disfavour rolls for new arcana
    ev = hell_phase(s, hell_card("purge"))
    assert [p.disfavour for p in s.players] == [0, 2, 0]
    assert event(ev, "ev_cards_purge").params == {"seats": [1]}


def test_event_purge_nobody_with_disfavour_nothing_happens(halt):
    halt("soul")
    s = fresh(2)
    ev = hell_phase(s, hell_card("purge"))
    assert [p.disfavour for p in s.players] == [0, 0] and "ev_cards_purge_none" in keys(ev)


def test_event_census_pays_a_soul_per_sectio(halt):
    halt("soul")
    s = fresh(2)
    for x in (1, 2, 3):
        s.owner[x] = 0
    s.players[0].souls = 5
    ev = hell_phase(s, hell_card("census"))
    assert s.players[0].souls == 2
    assert event(ev, "ev_cards_census_paid").params == {"seat": 0, "n": 3}


def test_event_census_short_player_chooses_the_legions(halt):
    halt("soul")
    s = fresh(2)
    for x in (1, 2, 3, 4):
        s.owner[x] = 0
    s.players[0].souls = 1
    a = legion(s, 0, 1)[0]
    b, c = legion(s, 0, 2, 2)
    ev = hell_phase(s, hell_card("census"))
    assert s.players[0].souls == 0
    assert event(ev, "ev_cards_census_short").params == {"seat": 0, "n": 1, "short": 3, "legions": 3}
    assert s.units == [] and not flow.open_asks(s)  # three legions, three lost: no choice, all go
    s = fresh(2)
    for x in (1, 2):
        s.owner[x] = 0
    a = legion(s, 0, 1)[0]
    b, c = legion(s, 0, 2, 2)
    hell_phase(s, hell_card("census"))
    (q,) = flow.open_asks(s)
    assert (q.seat, q.q, q.data) == (0, "census", {"keep": 1})
    assert flow.QUESTIONS["census"].prompt(s, q) == ("pr_cards_census", {"n": 2})
    assert flow.legal(s, 0) == [A(do="disband", a=a), A(do="disband", a=b)]  # alike legions once
    assert s.phenomena == []  # 6.1: the phenomenon only after the event is done
    ev = answer(s, 0, A(do="disband", a=a))
    assert [u.id for u in s.units] == [c] and s.step == "soul" and s.phenomena
    assert [e.params["sectio"] for e in ev if e.key == "ev_cards_census_lost"] == [1, 2]


def test_event_census_without_legions_nothing_more(halt):
    halt("soul")
    s = fresh(2)
    s.owner[1] = s.owner[2] = 0
    ev = hell_phase(s, hell_card("census"))
    assert not flow.open_asks(s) and s.players[0].souls == 0
    assert event(ev, "ev_cards_census_short").params["legions"] == 0


def test_event_hounds_loose_in_the_third_cards_sectio(halt):
    halt("soul")
    s = fresh(2)
    third = hell_card(location=LIARS)
    top = s.hounds[0]
    ev = hell_phase(s, hell_card("hounds_loose"), second_card("quagmire", "quarter"), third)
    (h,) = s.units
    assert (h.kind, h.at, h.owner, h.keeper, h.card) == ("hound", LIARS, None, None, top)
    assert event(ev, "ev_cards_hounds_loose").params == {"sectio": LIARS, "attacks": top}


def test_event_hounds_loose_with_an_empty_stack_nothing(halt):
    halt("soul")
    s = fresh(2)
    s.hounds = []
    ev = hell_phase(s, hell_card("hounds_loose"), CALM, hell_card(location=LIARS))
    assert s.units == [] and "ev_cards_hounds_none" in keys(ev)


def test_event_calm_nothing_happens(halt):
    halt("soul")
    s = fresh(2)
    before = [p.model_dump() for p in s.players]
    quiet = hell_card("calm", exclude=(CALM,))
    ev = hell_phase(s, quiet, second_card("quagmire", "sectio"), hell_card(location=LIARS))
    assert [e.key for e in ev if e.key.startswith("ev_cards")] == []
    assert [len(p.hand) for p in s.players] == [3, 3] and s.players[0].favour == before[0]["favour"]


# -- phenomena ------------------------------------------------------------------------------------


def test_phenomenon_cave_in_destroys_every_unit(halt):
    halt("soul")
    s = fresh(2)
    legion(s, 0, LIARS, 3)
    board.place(s, "hound", None, LIARS, card=2)
    ev = hell_phase(s, CALM, second_card("cave_in", "sectio"), hell_card(location=LIARS))
    assert s.units == [] and "ev_cards_cave_in_wild" in keys(ev)


def test_phenomenon_cave_in_on_empty_sectios_hits_nobody(halt):
    halt("soul")
    s = fresh(2)
    legion(s, 0, LIARS + 1)
    ev = hell_phase(s, CALM, second_card("cave_in", "sectio"), hell_card(location=LIARS))
    assert len(s.units) == 1 and "ev_cards_nobody_hit" in keys(ev)


def test_phenomenon_earthquake_one_or_two_destroys(halt, rolls, monkeypatch):
    halt("soul")
    s = fresh(2)
    keeper, other = legion(s, 0, LIARS, 2)
    hound = board.place(s, "hound", 0, LIARS, card=3)
    hound.keeper = keeper
    enemy = legion(s, 1, LIARS)[0]
    amok: list = []
    monkeypatch.setattr(flight, "run_amok", lambda st, h, ev: amok.append(h.id))
    rolls += [2, 3, 6, 1]  # seat 0: keeper 2 (lost), other 3, hound 6; seat 1: 1 (lost)
    ev = hell_phase(s, CALM, second_card("earthquake", "sectio"), hell_card(location=LIARS))
    assert sorted(u.id for u in s.units) == sorted([other, hound.id])
    assert amok == [hound.id]  # its keeper went: it runs amok
    assert [(e.params["seat"], e.params["rolls"], e.params["n"]) for e in ev if e.key == "ev_cards_quake"] == \
        [(0, [2, 3, 6], 1), (1, [1], 1)]
    assert board.unit(s, enemy) is None


def test_phenomenon_earthquake_good_rolls_keep_everyone(halt, rolls):
    halt("soul")
    s = fresh(2)
    legion(s, 0, LIARS, 2)
    rolls += [3, 6]
    hell_phase(s, CALM, second_card("earthquake", "sectio"), hell_card(location=LIARS))
    assert len(s.units) == 2


def test_6_2_2_only_cave_in_and_earthquake_reach_uriel_and_lilith(halt, monkeypatch, rolls):
    halt("soul")
    hit: list = []
    monkeypatch.setattr(hellcards, "DISASTERS", [lambda st, ev, ph: hit.append(ph.kind)])
    for kind in ("cave_in", "earthquake", "quagmire", "no_souls", "soul_spring"):
        s = fresh(2)
        hell_phase(s, CALM, second_card(kind, "sectio"), hell_card(location=LIARS))
    assert hit == ["cave_in", "earthquake"]


def test_phenomenon_quagmire_stops_units_entering_this_round(halt):
    halt("soul")
    s = fresh(2)
    hell_phase(s, CALM, second_card("quagmire", "circle"), hell_card(location=LIARS))
    ring = data.circle_sectios(data.SECTIOS[LIARS].circle)
    assert all(flight.stops_here(s, x) for x in ring) and not flight.stops_here(s, LIARS + 5)
    assert flight.forced_stop(s, LIARS, 0, False) == "ev_stop_phenomenon"
    s.phenomena = []  # the End phase clears it (13.3)
    assert not flight.stops_here(s, LIARS)


def test_phenomenon_no_souls_no_income_and_no_wise_men_cards(rolls):
    s = fresh(2)
    s.owner[LIARS] = s.owner[LIARS + 5] = 0  # neighbours: not isolated
    s.owner[souls.WISE_MEN] = 1
    s.phenomena = [Phenomenon(kind="no_souls", sectios=[LIARS, souls.WISE_MEN])]
    rolls += [6]
    ev = run(s, "soul")
    assert event(ev, "ev_income").params["sectio_souls"] == data.SECTIOS[LIARS + 5].souls
    assert event(ev, "ev_wise_men").params["n"] == 0 and s.players[1].hand == []


def test_phenomenon_soul_spring_doubles_printed_minus_isolation_and_wise_men_cards(rolls):
    s = fresh(2)
    forest = sectio("The Forest")
    s.owner[LIARS] = s.owner[forest] = 0  # both isolated; the Forest (6) is exempt, Liars 4 - 2
    s.owner[souls.WISE_MEN] = 1
    s.phenomena = [Phenomenon(kind="soul_spring", sectios=[LIARS, souls.WISE_MEN])]
    rolls += [3]  # the Wise Men: 2 cards, doubled
    ev = run(s, "soul")
    assert event(ev, "ev_income").params["sectio_souls"] == (4 - 2) * 2 + 6
    assert event(ev, "ev_wise_men").params["n"] == 4 and len(s.players[1].hand) == 4


# -- 6.3.1: Play Right Away cards ------------------------------------------------------------------


def drawn_in_hell_phase(s: State, card: int, halt) -> list:
    """Seat 0 draws ``card`` first in the Hell phase's new arcana (6.3)."""
    halt("soul")
    s.arcana = [card] + PLAIN
    s.round = 2
    return run(s, "hell_arcana")


def test_6_3_1_a_bad_day_incapacitates_the_highest_ranked_active_demon(halt):
    s = fresh(2, [["Paymon", "Sammael", "Baal"], ["Naburos"]])
    s.demons[1].status = "incapacitated"  # Sammael (rank 2) is out already: Baal (14) is hit
    ev = drawn_in_hell_phase(s, pra("a_bad_day"), halt)
    assert [d.status for d in s.demons] == ["active", "incapacitated", "incapacitated", "active"]
    assert event(ev, "ev_pra_bad_day").params == {"seat": 0, "demon": demon_card("Baal")}


def test_6_3_1_a_bad_day_without_an_active_demon_nothing():
    s = fresh(2, [["Paymon"], ["Naburos"]])
    s.demons[0].status = "incapacitated"
    ev: list = []
    rightaway.apply(s, ev, 0, pra("a_bad_day"))
    assert keys(ev) == ["ev_pra_bad_day_none"]


def test_6_3_1_audit_halves_the_souls_by_purchase(halt, rolls):
    halt("action")
    s = fresh(2)
    s.players[0].souls = 12
    s.arcana = [pra("audit")] + PLAIN
    run(s, "summon")
    answer(s, 0, A(do="buy"))
    assert s.players[0].souls == 7  # nothing yet: the order is secret
    answer(s, 0, A(do="submit"))
    ev = answer(s, 1, A(do="submit"))
    assert s.players[0].souls == 4 and event(ev, "ev_pra_audit").params == {"seat": 0, "n": 3, "souls": 4}


def test_6_3_1_lucifer_frowns_one_disfavour_by_the_wise_men(rolls):
    s = fresh(2)
    s.owner[souls.WISE_MEN] = 0
    s.arcana = [pra("lucifer_frowns")] + PLAIN
    rolls += [1]  # one card, and the Play Right Away card is it (it counts as drawn)
    ev = run(s, "soul")
    assert s.players[0].disfavour == 1 and len(s.players[0].hand) == 0
    assert keys(ev).index("ev_play_right_away") < keys(ev).index("ev_pra_frowns")


def test_6_3_1_desertion_disbands_one_random_legion(halt):
    s = fresh(2)
    legion(s, 0, LIARS, 2)
    keep = legion(s, 1, LIARS)
    ev = drawn_in_hell_phase(s, pra("desertion"), halt)
    assert len(board.legions(s, 0)) == 1 and [u.id for u in board.legions(s, 1)] == keep
    assert event(ev, "ev_pra_desertion").params == {"seat": 0, "sectio": LIARS}


def test_6_3_1_desertion_without_legions_nothing():
    s = fresh(2)
    ev: list = []
    rightaway.apply(s, ev, 0, pra("desertion"))
    assert keys(ev) == ["ev_pra_desertion_none"]


def test_6_3_1_a_fit_of_goodness_fewest_favour_ties_after_the_drawer(halt):
    s = fresh(4)
    s.players[0].favour, s.players[1].favour, s.players[2].favour, s.players[3].favour = 2, 3, 0, 0
    s.arcana = PLAIN[:3] + [pra("a_fit_of_goodness")] + PLAIN[3:]  # seat 1 draws it
    halt("soul")
    s.round = 2
    ev = run(s, "hell_arcana")
    assert [p.favour for p in s.players] == [2, 2, 1, 0]  # seats 2 and 3 tie: 2 comes first after 1
    assert event(ev, "ev_pra_goodness").params == {"seat": 1, "seats": [2]}
    for p, favour in zip(s.players, (1, 1, 5, 9)):
        p.favour = favour
    assert rightaway.goodness_receiver(s, 3) == 0  # ties wrap around the table


def test_6_3_1_a_fit_of_goodness_without_favour_nothing():
    s = fresh(2)
    s.players[0].favour = 0
    ev: list = []
    rightaway.apply(s, ev, 0, pra("a_fit_of_goodness"))
    assert [p.favour for p in s.players] == [0, 1] and keys(ev) == ["ev_pra_goodness_none"]


EFFECT_EVENTS = {"a_bad_day": "ev_pra_bad_day", "audit": "ev_pra_audit", "lucifer_frowns": "ev_pra_frowns",
                 "desertion": "ev_pra_desertion", "a_fit_of_goodness": "ev_pra_goodness"}


@pytest.mark.parametrize("route", ["hell_phase", "purchase", "wise_men"])
@pytest.mark.parametrize("key", list(EFFECT_EVENTS))
def test_6_3_1_every_card_takes_effect_whenever_drawn(key, route, rolls, halt):
    s = fresh(2)
    s.players[0].souls, s.players[0].favour = 12, 2
    legion(s, 0, LIARS)
    card = pra(key)
    s.arcana = [card] + PLAIN
    if route == "hell_phase":
        rolls += [6] * 3  # Lucifer Frowns: the later draws need disfavour rolls
        ev = drawn_in_hell_phase(s, card, halt)
    elif route == "wise_men":
        s.owner[souls.WISE_MEN] = 0
        rolls += [1, 1]  # the Wise Men: one card (the Play Right Away card, counted as drawn); the soul roll
        ev = run(s, "soul")
    else:
        halt("action")
        run(s, "summon")
        answer(s, 0, A(do="buy"))
        answer(s, 0, A(do="submit"))
        ev = answer(s, 1, A(do="submit"))
    assert EFFECT_EVENTS[key] in keys(ev)
    assert event(ev, "ev_play_right_away").params == {"seat": 0, "card": card}
    assert card not in s.players[0].hand and card in s.arcana


@pytest.mark.parametrize("key", ["a_bad_day", "audit", "lucifer_frowns", "desertion", "a_fit_of_goodness"])
def test_6_3_1_set_aside_without_effect_at_setup(key):
    s = initial_state(2, 7, {})
    card = pra(key)
    others = [c.id for c in data.ARCANA if c.minor == "play_right_away" and c.id != card]
    s.arcana = [card] + [c for c in s.arcana if c != card and c not in others] + others
    for seat in range(2):
        answer(s, seat, A(do="keep"))
    assert card not in s.players[0].hand and s.arcana[-1] == card
    assert [(p.souls, p.favour, p.disfavour) for p in s.players] == [(5, 1, 0), (5, 1, 0)]
    assert all(d.status == "active" for d in s.demons)


# -- 9.7.3 conspiracy -----------------------------------------------------------------------------------


def conspirator(monkeypatch, deck: list[int]) -> State:
    s = fresh(2, [["Paymon", "Baal"], ["Naburos"]])
    s.demons[0].walk = WALKS[0]
    s.hell = deck + [c for c in range(45) if c not in deck and c not in s.permanent.values()]
    act(s, monkeypatch, 0, 0)
    return s


def test_9_7_3_paymon_swaps_temper_for_red_peril(monkeypatch):
    red_peril = box(fresh(2), "red_peril")
    fleeting = [hell_card("calm"), hell_card("purge")]
    temper, bees = hell_card("temper"), hell_card("the_bees")
    s = conspirator(monkeypatch, fleeting + [temper, bees])
    s.permanent["hell"] = red_peril
    s.hell.remove(red_peril)
    assert A(do="conspire") in flow.legal(s, 0)
    ev = answer(s, 0, A(do="conspire"))
    public = [e for e in ev if e.visible_to is None]
    assert [e.key for e in public] == ["ev_cards_conspire"] and public[0].params["n"] == 4
    private = [e for e in ev if e.visible_to is not None]
    assert all(e.visible_to == [0] for e in private)
    assert [e.params["hell"] for e in private] == fleeting + [temper, bees]
    assert flow.legal(s, 0) == [A(do="place", a=temper), A(do="place", a=bees), A(do="none")]
    from engines.hellgame.engine import ENGINE
    assert ENGINE.view(s, 1).draft is None and ENGINE.view(s, 0).draft.data["cards"] == fleeting + [temper, bees]
    assert flow.QUESTIONS["act"].label(s, flow.ask_of(s, 0), A(do="place", a=temper))[0] == "lb_cards_swap_hell"
    assert flow.QUESTIONS["act"].label(s, flow.ask_of(s, 0), A(do="place", a=bees))[0] == "lb_cards_place_earth"
    ev = answer(s, 0, A(do="place", a=temper))
    assert s.permanent == {"heaven": None, "earth": None, "hell": temper}
    assert s.hell[-4:] == fleeting + [bees, red_peril]  # unused cards and the old one under the deck
    assert summoning.legion_cost(s) == 3 and hellcards.active(s, "temper")  # at once
    assert s.demons[0].on_earth and s.demons[0].acted and s.over
    assert event(ev, "ev_cards_conspiracy_placed").params["hell"] == temper
    assert all(e.params.get("hell") in (temper, red_peril) for e in ev if e.visible_to is None)


def test_9_7_3_non_permanent_cards_cannot_be_placed(monkeypatch):
    fleeting = [hell_card("calm"), hell_card("purge"), hell_card("census"), hell_card("liliths_visit")]
    s = conspirator(monkeypatch, fleeting)
    answer(s, 0, A(do="conspire"))
    assert flow.legal(s, 0) == [A(do="none")]
    ev = answer(s, 0, A(do="none"))
    assert s.permanent == {"heaven": None, "earth": None, "hell": None} and s.hell[-4:] == fleeting
    assert event(ev, "ev_cards_conspiracy_none").params["n"] == 4 and s.demons[0].on_earth


def test_9_7_3_only_on_earth(monkeypatch):
    s = fresh(2, [["Paymon"], ["Naburos"]])
    act(s, monkeypatch, 0, 0)
    assert A(do="conspire") not in flow.legal(s, 0)


def test_9_7_3_missed_deadline_uses_no_card(monkeypatch):
    from engines.hellgame.engine import ENGINE
    s = conspirator(monkeypatch, [hell_card("temper")])
    answer(s, 0, A(do="conspire"))
    assert ENGINE.default_action(s, 0) == A(do="none")


def test_9_7_3_a_placed_uriels_crusade_calls_uriel(monkeypatch):
    called: list = []
    monkeypatch.setattr(hellcards, "URIEL_CRUSADE", [lambda st, ev: called.append(True)])
    crusade = hell_card("uriels_crusade")
    s = conspirator(monkeypatch, [crusade])
    answer(s, 0, A(do="conspire"))
    answer(s, 0, A(do="place", a=crusade))
    assert called == [True] and s.permanent["heaven"] == crusade


# -- random full games with every card ------------------------------------------------------------------


def arranged(seats: int, seed: int):
    """A new match whose first three Hell phases bring three of the 15 events
    (game k: events 3k-3k+2) with every phenomenon, and whose arcana deck
    brings every Play Right Away card soon after the deal."""
    from engines.hellgame.engine import ENGINE

    s = ENGINE.setup(seats, seed, {"max_rounds": 4})
    k = seats - 2
    events = list(data.EVENTS)[3 * k:3 * k + 3]
    top: list[int] = []
    for r, key in enumerate(events):
        free = [c for c in s.hell if c not in top]
        first = next(c for c in free if data.HELL_CARDS[c].event == key)
        second = next(c for c in free if c != first and data.HELL_CARDS[c].phenomenon ==
                      list(data.PHENOMENA)[(3 * k + r) % 5])
        third = next(c for c in free if c not in (first, second))
        top += [first, second, third]
    s.hell = top + [c for c in s.hell if c not in top]
    right = [c.id for c in data.ARCANA if c.minor == "play_right_away"]
    rest = [c for c in s.arcana if c not in right]
    s.arcana = rest[:5 * seats] + right + rest[5 * seats:]
    return ENGINE, s


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_full_games_with_every_card_end(seats):
    import hellgame_play

    engine, state = arranged(seats, 300 + seats)
    rnd = random.Random(seats)
    seen: set[str] = set()
    for _ in range(20000):
        if engine.result(state) is not None:
            break
        seat = rnd.choice(engine.to_act(state))
        action = hellgame_play.choose(state, seat, rnd)
        state, ev = engine.apply(state, seat, action)
        seen |= {e.key for e in ev}
        for e in ev:
            for lang in ("de", "en"):
                assert engine.text(e.key, engine.localise_params(e.params, lang), lang) != e.key
    assert engine.result(state) is not None and state.round <= 4
    first = list(data.EVENTS)[3 * (seats - 2)]  # later ones may go to a conspirator first
    assert hellphase.EVENT_KEYS[first] in seen and "ev_play_right_away" in seen
