"""The HellGame, part 1: the Hell phase (6), the Soul phase (7) and the
Summoning phase (8), with the digest's Appendix B fixtures 2-5."""

from __future__ import annotations

import pytest

from engines.hellgame.core import board, data, flow  # noqa: F401  (steps)
from engines.hellgame.core.model import ANTEHELL, Action, Phenomenon, State
from engines.hellgame.phases import summoning
from engines.hellgame.phases.hell import hellphase
from engines.hellgame.phases.soul import souls
from engines.hellgame.setup import initial_state
from hellgame_dice import rolls  # noqa: F401 - a fixture

A = Action


def by_name(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


def cards(minor: str, n: int) -> list[int]:
    return [c.id for c in data.ARCANA if c.minor == minor][:n]


PLAIN = [c.id for c in data.ARCANA if c.minor == "pass"]
PRA = cards("play_right_away", 1)[0]


def fresh(seats: int = 3) -> State:
    """A started match with an empty board, no hands, no souls."""
    s = initial_state(seats, 7, {})
    s.asks, s.units, s.owner = [], [], [None] * 45
    s.arcana = list(PLAIN)
    s.permanent = {"heaven": None, "earth": None, "hell": None}
    for p in s.players:
        p.hand, p.souls, p.favour, p.disfavour = [], 0, 1, 0
    return s


def legion(s: State, seat: int, at: int, n: int = 1) -> list[int]:
    return [board.place(s, "legion", seat, at).id for _ in range(n)]


@pytest.fixture(autouse=True)
def halt(monkeypatch):
    """The Action phase is not this module's: the tests stop there."""
    def stop(s, ev):
        s.over = True
    monkeypatch.setitem(flow.STEPS, "action", stop)


def run(s: State, step: str) -> list:
    s.step = step
    ev: list = []
    flow.advance(s, ev)
    return ev


def answer(s: State, seat: int, action: Action) -> list:
    ev: list = []
    flow.answer(s, seat, action, ev)
    return ev


def submit_all(s: State, q: str) -> None:
    for a in list(flow.open_asks(s)):
        assert a.q == q
        answer(s, a.seat, A(do="submit"))


def keys(ev) -> list[str]:
    return [e.key for e in ev]


# -- 6: Hell phase ---------------------------------------------------------------------------


def test_6_0_three_cards_placed(rolls):
    s = fresh()
    s.round = 2
    rest = [c for c in range(45) if c not in (14, 15, 33)]
    s.hell = [14, 15, 33] + rest
    ev = run(s, "hell")
    assert [(d.card, d.role) for d in s.drawn] == [(14, "event"), (15, "phenomenon"), (33, "location")]
    where = data.HELL_CARDS[33].location
    kind = data.HELL_CARDS[15].phenomenon
    assert s.phenomena == [Phenomenon(kind=kind, sectios=list(data.circle_sectios(data.SECTIOS[where].circle)))]
    assert s.hell == rest + [14, 15, 33]  # the non-permanent event goes under the deck too
    assert s.permanent == {"heaven": None, "earth": None, "hell": None}
    assert "ev_event_calm" in keys(ev) and f"ev_phen_{kind}_circle" in keys(ev)
    # 6.3: three active demons each, no disfavour: three cards each, then the Soul phase
    assert [len(p.hand) for p in s.players] == [3, 3, 3]
    assert s.step == "soul_reveal"


@pytest.mark.parametrize("location,scope", [(0, "quarter"), (31, "sectio")])
def test_6_2_phenomenon_scope(location, scope):
    second = next(c.index for c in data.HELL_CARDS if c.scope == scope)
    at = data.HELL_CARDS[location].location
    expected = list(data.quarter_sectios(data.SECTIOS[at].quarter)) if scope == "quarter" else [at]
    assert hellphase.scope_sectios(data.HELL_CARDS[second].scope, at) == expected


def test_6_2_permanent_replaces(rolls):
    s = fresh()
    s.round = 2
    red_peril = next(c.index for c in data.HELL_CARDS if c.event == "red_peril")
    temper = next(c.index for c in data.HELL_CARDS if c.event == "temper")
    s.permanent["hell"] = temper
    rest = [c for c in range(45) if c not in (red_peril, temper, 20, 40)]
    s.hell = [red_peril, 20, 40] + rest
    ev = run(s, "hell")
    assert s.permanent["hell"] == red_peril
    assert s.hell == rest + [temper, 20, 40]
    assert "ev_permanent_replaced" in keys(ev)


def test_6_3_disfavour_roll_per_card(rolls):
    s = fresh()
    s.players[0].disfavour = 2
    s.demons[4].status = "incapacitated"  # seat 1: two active demons
    rolls += [3, 1, 6]  # seat 0: > 2 succeeds: 3 yes, 1 no, 6 yes
    ev = run(s, "hell_arcana")
    assert [len(p.hand) for p in s.players] == [2, 2, 3]
    private = [e for e in ev if e.key == "ev_arcana_drawn"]
    assert private[0].visible_to == [0] and private[0].params["cards"] == s.players[0].hand
    public = next(e for e in ev if e.key == "ev_new_arcana_rolled")
    assert public.params == {"seat": 0, "n": 2, "of": 3, "rolls": [3, 1, 6]}


def test_6_3_1_play_right_away_set_aside(rolls):
    s = fresh(2)
    s.arcana = [PRA] + PLAIN
    ev = run(s, "hell_arcana")
    assert len(s.players[0].hand) == 2  # drawn in a draw of several: it counts as one, not replaced
    assert s.arcana[-1] == PRA and PRA not in s.players[0].hand
    assert "ev_play_right_away" in keys(ev)


def test_6_3_hand_limit_discard(rolls):
    s = fresh(2)
    s.players[0].hand = PLAIN[-4:]
    s.arcana = PLAIN[:-4]
    run(s, "hell_arcana")
    (a,) = flow.open_asks(s)
    assert (a.seat, a.q, a.kind, a.secret) == (0, "discard", "simultaneous", True)
    assert len(s.players[0].hand) == 7
    first, second = s.players[0].hand[0], s.players[0].hand[1]
    answer(s, 0, A(do="discard", a=first))
    assert flow.open_asks(s)
    answer(s, 0, A(do="discard", a=second))
    assert len(s.players[0].hand) == 5 and s.arcana[-2:] == [first, second]
    assert s.step == "soul_reveal"  # the Soul phase's secret transfers are open


def test_6_3_discard_passive_drops_newest():
    s = fresh(2)
    s.players[0].hand = PLAIN[:6]
    hellphase.hand_limit(s, "soul")
    a = flow.open_asks(s)[0]
    assert flow.QUESTIONS["discard"].passive(s, a) == A(do="discard", a=PLAIN[5])


# -- 7: Soul phase ---------------------------------------------------------------------------


def test_7_1_soul_phase_appendix_b_2(rolls):
    s = fresh(2)
    for x in (31, 32, 36, 42):  # 4 + 4 + 4 + 6 = 18; 42 is isolated
        s.owner[x] = 0
    legion(s, 0, 31, 2)
    legion(s, 0, 42, 2)
    board.place(s, "lieutenant", 0, 31, card=0)
    s.players[0].disfavour = 1
    walker = s.demons[0]
    walker.card, walker.walk = by_name("Gomory"), PLAIN[0]  # 4 hearts, on Earth
    rolls += [3, 2]  # soul roll 3; disfavour roll 2 beats 1 disfavour
    ev = run(s, "soul")
    income = next(e for e in ev if e.key == "ev_income" and e.params["seat"] == 0)
    assert income.params["sectio_souls"] == 16 and income.params["earth"] == 4 + 3
    assert s.players[0].favour == 2
    assert souls.sectio_income(s, 0)[1] == [42]
    submit_all(s, "soul")
    assert s.players[0].souls == 16 + 7 - 5  # upkeep: 4 legions + 1 lieutenant
    assert s.step == "summon_reveal"


def test_7_1_all_isolated_highest_exempt():
    s = fresh(2)
    for x in (0, 42, 22):  # 2, 6, 2 souls, none adjacent
        s.owner[x] = 0
    income, reduced, _ = souls.sectio_income(s, 0)
    assert income == {0: 0, 42: 6, 22: 0} and sorted(reduced) == [0, 22]


def test_7_1_earth_income_appendix_b_3(rolls):
    s = fresh(2)
    s.demons[0].card, s.demons[0].walk = by_name("Baal"), PLAIN[0]
    s.demons[3].card, s.demons[3].walk = by_name("Andras"), PLAIN[1]
    rolls += [4, 6]
    ev = run(s, "soul")
    earth = {e.params["seat"]: e.params["n"] for e in ev if e.key == "ev_earth_income"}
    assert earth == {0: 7, 1: 10}
    assert [p.favour for p in s.players] == [2, 2]  # no disfavour: no roll


def test_7_1_incapacitated_demon_on_earth_collects_nothing(rolls):
    s = fresh(2)
    s.demons[0].walk, s.demons[0].status = PLAIN[0], "incapacitated"
    ev = run(s, "soul")
    assert "ev_earth_income" not in keys(ev) and s.players[0].favour == 1


def test_7_1_note_1_occupied_sectio():
    s = fresh(2)
    for x in (30, 31, 32, 33):  # a chain, nothing isolated: 4 souls each
        s.owner[x] = 0
    legion(s, 1, 30)  # another player's legion, no own unit: nothing
    board.place(s, "lieutenant", 1, 31)  # a lone lieutenant: income as usual
    board.place(s, "hound", None, 32, card=2)  # a wild hound with no own unit: nothing
    board.place(s, "hound", None, 33, card=2)
    legion(s, 0, 33)  # ... but with an own unit there: income
    income, _, blocked = souls.sectio_income(s, 0)
    assert income == {30: 0, 31: 4, 32: 0, 33: 4} and blocked == [30, 32]
    legion(s, 0, 30)  # shared with an enemy legion (avoided combat, G44): still nothing
    assert souls.sectio_income(s, 0)[0][30] == 0


def test_7_2_favour_disfavour_roll(rolls):
    s = fresh(2)
    s.players[0].disfavour = 2
    s.demons[0].walk, s.demons[1].walk = PLAIN[0], PLAIN[1]
    rolls += [1, 1, 2, 3]  # two soul rolls, then a disfavour roll per demon: 2 fails, 3 passes
    ev = run(s, "soul")
    assert s.players[0].favour == 2
    assert keys(ev).count("ev_favour_denied") == 1 and keys(ev).count("ev_favour_rolled") == 1


def test_7_3_2_gifts_secret_then_revealed(rolls):
    s = fresh(2)
    s.owner[40] = 0
    given, kept = legion(s, 0, 40, 2)
    s.players[0].souls = 8  # + 2 income = 10
    s.players[0].hand = PLAIN[:2]
    s.players[1].souls = 0
    run(s, "soul")
    assert s.players[0].shown_souls == 10 and s.players[0].shown_hand == 2
    answer(s, 0, A(do="to", a=1))
    answer(s, 0, A(do="souls", a=1, b=5))
    answer(s, 0, A(do="card", a=1, b=PLAIN[0]))
    answer(s, 0, A(do="legion", a=1, b=given))
    answer(s, 0, A(do="back"))  # not the legion after all
    assert A(do="legion", a=1, b=given) in flow.legal(s, 0)
    answer(s, 0, A(do="legion", a=1, b=given))
    assert s.players[0].souls == 5 and board.unit(s, given).owner == 0  # nothing public yet
    answer(s, 0, A(do="submit"))
    ev = answer(s, 1, A(do="submit"))
    assert board.unit(s, given).owner == 1
    assert s.players[1].hand == [PLAIN[0]]
    assert s.step == "summon_reveal" and s.players[0].shown_souls == s.players[0].souls  # shown anew
    given_ev = next(e for e in ev if e.key == "ev_gift_cards_given")
    got_ev = next(e for e in ev if e.key == "ev_gift_cards_received")
    assert (given_ev.visible_to, got_ev.visible_to) == ([0], [1])
    assert given_ev.params["cards"] == got_ev.params["cards"] == [PLAIN[0]]
    public = next(e for e in ev if e.key == "ev_gift_cards")
    assert public.visible_to is None and "cards" not in public.params
    # upkeep after the gifts: the receiver pays for the legion it received
    assert s.players[0].souls == 5 - 1 and s.players[1].souls == 5 - 1


def test_7_2_1_desertion_to_the_richest(rolls):
    s = fresh(3)
    a, b, c = legion(s, 0, 40, 3)
    s.players[0].souls = 1  # upkeep 3: two legions desert
    s.players[1].souls = s.players[2].souls = 10
    run(s, "soul")
    submit_all(s, "soul")
    (ask,) = flow.open_asks(s)
    assert (ask.seat, ask.q, ask.kind, ask.data["n"]) == (0, "desert", "reaction", 2)
    answer(s, 0, A(do="desert", a=a))
    answer(s, 0, A(do="desert", a=b))
    assert s.players[0].disfavour == 1 and s.players[0].souls == 0
    # 10 souls each: the first after the deserter in seat order is asked first
    (ask,) = flow.open_asks(s)
    assert (ask.seat, ask.q) == (1, "accept")
    answer(s, 1, A(do="take", a=a))
    answer(s, 1, A(do="done"))  # refuses the other one
    assert board.unit(s, a).owner == 1 and s.players[1].souls == 10 - 1
    (ask,) = flow.open_asks(s)
    assert ask.seat == 2
    ev = answer(s, 2, A(do="done"))
    assert board.unit(s, b) is None and board.unit(s, c).owner == 0
    assert "ev_disbanded" in keys(ev)
    assert [p.disfavour for p in s.players] == [1, 1, 1]
    assert s.step == "summon_reveal"


def test_7_2_1_unpaid_lieutenant_and_engine_pick(rolls):
    s = fresh(2)
    (x,) = legion(s, 0, 40)
    lt = board.place(s, "lieutenant", 0, 41, card=3)  # a lone lieutenant
    s.players[0].souls = 1
    run(s, "soul")
    submit_all(s, "soul")
    (ask,) = flow.open_asks(s)
    pick = flow.QUESTIONS["desert"].passive(s, ask)
    assert pick == A(do="desert", a=lt.id)  # the lone lieutenant goes first
    answer(s, 0, pick)
    assert s.returned == [3] and board.unit(s, x).owner == 0
    assert s.players[0].disfavour == 1 and flow.open_asks(s)[0].q == "summon"


def test_7_2_1_full_or_broke_players_are_not_asked(rolls):
    s = fresh(3)
    (x,) = legion(s, 0, 40)
    legion(s, 1, 41, 12)  # seat 1 already has 12 legions (and pays their upkeep)
    s.players[1].souls = 20
    s.players[2].souls = 0  # seat 2 cannot pay for a deserter
    run(s, "soul")
    submit_all(s, "soul")
    answer(s, 0, A(do="desert", a=x))
    assert board.unit(s, x) is None  # nobody could take it: disbanded
    assert [p.disfavour for p in s.players] == [1, 0, 0]


def test_7_3_3_wise_men_occupier(rolls):
    s = fresh(2)
    s.owner[souls.WISE_MEN] = 0
    s.players[0].disfavour = s.players[1].disfavour = 3  # no disfavour rolls for these cards
    legion(s, 1, souls.WISE_MEN)
    rolls += [6]
    ev = run(s, "soul")
    assert len(s.players[1].hand) == 1 and len(s.players[0].hand) == 2
    assert next(e for e in ev if e.key == "ev_wise_men").params == {"seat": 0, "roll": 6, "n": 3}


def test_7_3_3_wise_men_lone_lieutenant_is_no_occupier(rolls):
    s = fresh(2)
    s.owner[souls.WISE_MEN] = 0
    board.place(s, "lieutenant", 1, souls.WISE_MEN)
    assert souls.wise_men_occupier(s, 0) is None
    legion(s, 1, souls.WISE_MEN)
    assert souls.wise_men_occupier(s, 0) == 1
    legion(s, 0, souls.WISE_MEN)  # the owner is there too
    assert souls.wise_men_occupier(s, 0) is None
    rolls += [2]
    run(s, "soul")
    assert len(s.players[0].hand) == 1 and s.players[1].hand == []


# -- 8: Summoning phase ----------------------------------------------------------------------


def summon_state(monkeypatch) -> tuple[State, int]:
    """Player X of the 8.0 example: 26 souls, three sectios with legions, a
    legion in Antehell; the arcana deck starts with a Walk card and a recruit
    card costing 3 (the example's "Recruit Lieutenant-3")."""
    recruit = cards("recruit", 1)[0]
    patched = list(data.ARCANA)
    patched[recruit] = patched[recruit].model_copy(update={"cost": 3})
    monkeypatch.setattr(data, "ARCANA", tuple(patched))
    s = fresh(3)
    for x in (30, 31, 32):
        s.owner[x] = 0
        legion(s, 0, x)
    legion(s, 0, ANTEHELL)
    s.players[0].souls, s.players[1].souls, s.players[2].souls = 26, 5, 4
    s.arcana = [cards("walk", 1)[0], recruit] + PLAIN
    return s, recruit


def test_8_0_summoning_appendix_b_4(rolls, monkeypatch):
    s, recruit = summon_state(monkeypatch)
    p = s.players[0]
    run(s, "summon")
    for x in (30, 31, 32):
        answer(s, 0, A(do="legion", a=x))
    assert p.souls == 17
    answer(s, 0, A(do="buy"))
    answer(s, 0, A(do="buy"))
    assert p.souls == 7 and p.hand == [cards("walk", 1)[0], recruit]
    answer(s, 0, A(do="recruit", a=recruit, b=31))
    assert p.souls == 4
    tamer = next(u.id for u in board.legions(s, 0) if u.at == ANTEHELL)
    answer(s, 0, A(do="tame", a=tamer))
    recruit_step = next(i for i, st in enumerate(s.drafts[0].steps) if st[0] == "recruit")
    answer(s, 0, A(do="bonus_new", a=recruit_step))
    assert p.souls == 3
    units = len(s.units)
    answer(s, 0, A(do="submit"))
    answer(s, 1, A(do="submit"))
    assert len(s.units) == units  # nothing placed before everyone has submitted
    rolls += [5, 6]  # recruitment 5: the middle box; taming 6: the hound wins
    ev = answer(s, 2, A(do="submit"))
    assert p.souls == 3
    assert sorted(u.at for u in board.legions(s, 0)) == [30, 30, 31, 31, 32, 32]
    (lt,) = board.lieutenants(s, 0)
    assert (lt.card, lt.at, lt.bonus) == (data.BOXES[1][0], 31, 1)
    assert len(board.group(s, lt)) == 2
    assert board.unit(s, tamer) is None and "ev_tame_killed" in keys(ev)
    assert s.arcana[-1] == recruit  # the played card goes under the deck
    assert p.shown_souls is None and s.step == "action"


def test_8_0_back_restores_and_bought_card_stays(rolls, monkeypatch):
    s, recruit = summon_state(monkeypatch)
    run(s, "summon")
    answer(s, 0, A(do="legion", a=30))
    answer(s, 0, A(do="back"))
    assert s.players[0].souls == 26 and s.drafts[0].steps == []
    answer(s, 0, A(do="buy"))
    assert A(do="back") not in flow.legal(s, 0)
    assert flow.QUESTIONS["summon"].prompt(s, flow.ask_of(s, 0))[0] == "pr_summon_locked"
    answer(s, 0, A(do="legion", a=30))
    answer(s, 0, A(do="back"))  # the legion, not the card
    assert s.players[0].souls == 21 and len(s.players[0].hand) == 1


def test_8_0_hand_limit_after_buying(rolls, monkeypatch):
    s, _ = summon_state(monkeypatch)
    s.players[0].hand = PLAIN[-5:]
    run(s, "summon")
    answer(s, 0, A(do="buy"))
    legal = flow.legal(s, 0)
    assert {x.do for x in legal} == {"discard"} and len(legal) == 6
    answer(s, 0, A(do="discard", a=PLAIN[-5]))
    assert A(do="submit") in flow.legal(s, 0) and len(s.players[0].hand) == 5


def test_8_2_spread_rule(monkeypatch):
    s, _ = summon_state(monkeypatch)
    run(s, "summon")
    def where() -> list[int]:
        return sorted(x.a for x in flow.legal(s, 0) if x.do == "legion")
    assert where() == [30, 31, 32]
    answer(s, 0, A(do="legion", a=30))
    assert where() == [31, 32]
    answer(s, 0, A(do="legion", a=32))
    assert where() == [31]
    answer(s, 0, A(do="legion", a=31))
    assert where() == [30, 31, 32]


def test_8_2_twelve_legions_and_enemy_units(monkeypatch):
    s, _ = summon_state(monkeypatch)
    legion(s, 1, 30)  # G24: enemy units do not stop a summoning
    legion(s, 0, 33, 7)  # 4 + 7 = 11 legions
    s.owner[33] = 0
    run(s, "summon")
    assert 30 in [x.a for x in flow.legal(s, 0) if x.do == "legion"]
    answer(s, 0, A(do="legion", a=30))
    assert not [x for x in flow.legal(s, 0) if x.do == "legion"]


@pytest.mark.parametrize("roll,box", [(1, 0), (2, 0), (3, 2), (4, 2), (5, 1), (6, 1)])
def test_8_3_1_recruit_box_table(rolls, roll, box):
    s = fresh(2)
    legion(s, 0, 40, 5)
    rolls.append(roll)
    unit = summoning.recruit(s, [], 0, cards("recruit", 1)[0], 40)
    lt = data.BOXES[box][0]
    assert board.unit(s, unit).card == lt and s.boxes[box] == list(data.BOXES[box][1:])
    assert len(board.group(s, board.unit(s, unit))) == min(5, data.LIEUTENANTS[lt].leadership)


def test_8_3_1_empty_box_fails(rolls):
    s = fresh(2)
    legion(s, 0, 40)
    s.boxes[1] = []
    rolls.append(6)
    ev: list = []
    assert summoning.recruit(s, ev, 0, cards("recruit", 1)[0], 40) is None
    assert keys(ev) == ["ev_recruit_failed"] and board.lieutenants(s, 0) == []


@pytest.mark.parametrize("roll", [1, 4])
def test_8_3_2_taming_catches(rolls, roll):
    s = fresh(2)
    (x,) = legion(s, 0, ANTEHELL)
    top = s.hounds[0]
    rolls.append(roll)
    summoning.tame(s, [], 0, x)
    hound = board.hound_of(s, board.unit(s, x))
    assert hound is not None and hound.card == top and hound.owner == 0
    summoning.tame(s, [], 0, x)  # one hound per keeper: no second try
    assert len([u for u in s.units if u.kind == "hound"]) == 1


def test_8_3_2_taming_appendix_b_5(rolls):
    s = fresh(2)
    (x,) = legion(s, 0, ANTEHELL)
    rolls.append(6)
    ev: list = []
    summoning.tame(s, ev, 0, x)
    assert board.unit(s, x) is None and keys(ev) == ["ev_tame_killed"]


def test_8_3_2_taming_five_and_empty_stack(rolls):
    s = fresh(2)
    (x,) = legion(s, 0, ANTEHELL)
    rolls.append(5)
    summoning.tame(s, [], 0, x)
    assert board.hound_of(s, board.unit(s, x)) is None and board.unit(s, x).tamed
    s.hounds = []
    (y,) = legion(s, 0, ANTEHELL)
    ev: list = []
    summoning.tame(s, ev, 0, y)  # no die rolled
    assert keys(ev) == ["ev_tame_no_hounds"]


def test_8_3_2_one_try_per_phase(monkeypatch):
    s, _ = summon_state(monkeypatch)
    run(s, "summon")
    tamers = [x for x in flow.legal(s, 0) if x.do == "tame"]
    assert len(tamers) == 1
    answer(s, 0, tamers[0])
    assert not [x for x in flow.legal(s, 0) if x.do == "tame"]


def test_8_1_richest_first_ties_by_the_rank_track(rolls):
    s = fresh(3)
    for p, n in zip(s.players, (4, 9, 4)):
        p.souls = n  # souls at the reveal (ruling)
    assert (summoning.best_rank(s, 0), summoning.best_rank(s, 2)) == (8, 14)  # Beelzebub, Baal
    assert summoning.richest_first(s, [0, 1, 2]) == [1, 0, 2]  # no die (``rolls`` is empty)


def test_secret_orders_hidden(rolls, monkeypatch):
    s, _ = summon_state(monkeypatch)
    run(s, "summon")
    before = [u.model_copy() for u in s.units]
    answer(s, 0, A(do="legion", a=30))
    ev = answer(s, 0, A(do="buy"))
    p = s.players[0]
    assert (p.shown_souls, p.shown_hand) == (26, 0) and (p.souls, len(p.hand)) == (18, 1)
    assert s.units == before and 0 not in s.orders
    assert [e.visible_to for e in ev if e.key == "ev_card_bought"] == [[0]]
    assert all(e.visible_to == [0] for e in ev)
    answer(s, 0, A(do="submit"))
    assert s.orders[0]["summon"] and 0 not in s.drafts  # private until the reveal
    submit_all(s, "summon")
    assert all(x.shown_souls is None and x.shown_hand is None for x in s.players)


# -- fixes of the review -----------------------------------------------------------------------


def test_6_1_event_carried_out_before_the_phenomenon_is_known(rolls, monkeypatch):
    """6.1: the event happens before the other two cards are drawn: while its
    effect runs, nothing of the phenomenon is told or recorded yet."""
    s = fresh()
    s.round = 2
    rest = [c for c in range(45) if c not in (12, 15, 33)]
    s.hell = [12, 15, 33] + rest  # 12: Census (a Part 2 event that asks questions)
    seen: dict = {}

    def effect(state, events, card):
        seen["card"] = card
        seen["phenomena"] = list(state.phenomena)
        seen["told"] = [e.key for e in events]

    monkeypatch.setattr(hellphase, "event_effect", effect)
    ev = run(s, "hell")
    assert seen["card"] == 12 and seen["phenomena"] == []
    assert not [k for k in seen["told"] if k.startswith("ev_phen_")]
    kind = data.HELL_CARDS[15].phenomenon
    assert keys(ev).index("ev_event_census") < keys(ev).index(f"ev_phen_{kind}_circle")
    assert len(s.phenomena) == 1


def test_6_3_hand_limit_discards_shown_only_when_all_are_done(rolls):
    """The secret discards stay secret: while one player still discards, the
    others see every hand as it was when the discarding began."""
    from engines.hellgame.engine import ENGINE

    s = fresh(3)
    s.players[0].hand = PLAIN[:7]
    s.players[1].hand = PLAIN[7:13]
    hellphase.hand_limit(s, "soul")

    def seen_by_2() -> dict:
        """Seat 2's view, but for who has submitted (public, hellgame.md)."""
        view = ENGINE.view(s, 2).model_dump(exclude={"header"})
        for p in view["players"]:
            p.pop("submitted")
        return view

    before = seen_by_2()
    answer_ev = []
    for card in PLAIN[:2]:
        answer_ev += answer(s, 0, A(do="discard", a=card))
    assert [a.seat for a in flow.open_asks(s)] == [1]
    assert not [e for e in answer_ev if e.visible_to is None]
    assert seen_by_2() == before
    assert ENGINE.view(s, 2).players[0].hand == 7
    ev = answer(s, 1, A(do="discard", a=PLAIN[7]))
    assert [(e.params["seat"], e.params["n"]) for e in ev if e.key == "ev_discarded"] == [(0, 2), (1, 1)]
    assert [p.hand for p in ENGINE.view(s, 2).players] == [5, 5, 0]


def test_8_3_3_play_right_away_bought_in_secret_is_told_at_the_reveal(rolls, monkeypatch):
    """A Play Right Away card bought in the secret Summoning phase: the buyer
    learns it at once, everyone else (and its effect) at the reveal."""
    from engines.hellgame.engine import ENGINE

    s, _ = summon_state(monkeypatch)
    s.arcana = [PRA] + PLAIN
    played: list = []
    monkeypatch.setattr(hellphase, "play_right_away", lambda st, ev, seat, card: played.append((seat, card)))
    run(s, "summon")
    seen_by_1 = ENGINE.view(s, 1).model_dump(exclude={"header"})
    ev = answer(s, 0, A(do="buy"))
    assert [(e.key, e.visible_to) for e in ev] == [("ev_card_bought_pra", [0])]
    assert s.players[0].hand == [] and s.players[0].souls == 21 and s.arcana[-1] == PRA
    assert ENGINE.view(s, 1).model_dump(exclude={"header"}) == seen_by_1 and played == []
    answer(s, 0, A(do="submit"))
    answer(s, 1, A(do="submit"))
    ev = answer(s, 2, A(do="submit"))
    public = next(e for e in ev if e.key == "ev_play_right_away")
    assert public.visible_to is None and public.params == {"seat": 0, "card": PRA}
    assert played == [(0, PRA)]
    assert next(e for e in ev if e.key == "ev_summoned_no_legions").params["bought"] == 1


def test_5_1_round_one_effects_hook_before_the_soul_phase(monkeypatch):
    """Round 1 has no Hell phase: the hook for the setup's permanent cards
    (Uriel's Crusade, part 3) runs once when setup is done."""
    from engines.hellgame import setup

    calls: list = []
    monkeypatch.setattr(hellphase, "round_one_effects", lambda st, ev: calls.append(st.step))
    s = initial_state(2, 3, {})
    for seat in range(2):
        answer(s, seat, A(do="keep"))
    while flow.open_asks(s) and flow.open_asks(s)[0].q == "first_legion":
        a = flow.open_asks(s)[0]
        assert calls == []
        answer(s, a.seat, flow.legal(s, a.seat)[0])
    assert calls == ["setup_legion"] and setup is not None


def test_5_1_sectio_choices_grouped_by_circle_counted_from_the_outside():
    s = initial_state(2, 3, {})
    a = flow.open_asks(s)[0]
    limbo, treachery = data.circle_sectios(8)[0], data.circle_sectios(0)[0]
    group = flow.QUESTIONS["first_legion"].group
    assert group(s, a, A(do="place", a=limbo)) == ("grp_circle", {"circle": 1})
    assert group(s, a, A(do="place", a=treachery)) == ("grp_circle", {"circle": 9})


def test_7_2_1_disbanded_keeper_frees_its_hound_told_once(rolls):
    """A deserting keeper that nobody takes disbands; its hound runs amok,
    told once (by the amok move itself)."""
    s = fresh(2)
    (x,) = legion(s, 0, 40)
    hound = board.place(s, "hound", 0, 40, card=3)
    hound.keeper = x
    s.players[1].souls = 0  # nobody can take the deserter
    run(s, "soul")
    submit_all(s, "soul")
    rolls += [5]  # the hound's compass roll: it stays
    ev = answer(s, 0, A(do="desert", a=x))
    assert board.unit(s, x) is None and hound.keeper is None and hound.owner is None
    assert [k for k in keys(ev) if "hound" in k] == ["ev_hound_amok_stays"]
