"""The HellGame, part 1: the Hell phase (6), the Soul phase (7) and the
Summoning phase (8), with the digest's Appendix B fixtures 2-5."""

from __future__ import annotations

import pytest

from engines.hellgame import position as P
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import ANTEHELL, Phenomenon, State
from engines.hellgame.engine import ENGINE
from engines.hellgame.phases import summoning
from engines.hellgame.phases.hell import hellphase
from engines.hellgame.phases.soul import souls
from hellgame_driver import A, answer, answer_all, asked, keys, legal, start, units


def cards(minor: str, n: int) -> list[int]:
    return [c.id for c in data.ARCANA if c.minor == minor][:n]


PLAIN = [c.id for c in data.ARCANA if c.minor == "pass"]
PRA = cards("play_right_away", 1)[0]
WALK = cards("walk", 1)[0]
#: The triumvirates these tests were written with.
TRIUMVIRATES = (["Beelzebub", "Gomory", "Belphegor"], ["Thamuz", "Asmodeus", "Pruflas"], ["Andras", "Baal", "Zagam"])


def position(seats: int = 3, players: dict[int, dict] | None = None, **fields) -> P.Position:
    """``seats`` players with no souls and no cards (``players``: a seat's
    fields that differ), an empty board. Every die is queued in ``dice``: an
    unqueued one fails the test. The procedure halts at the Action phase,
    which is not this module's. The phases run as the rulebook orders them
    (the hand limit, the gifts and the Summoning order each on its own); the
    match option ``economy_window`` that joins them has its tests in
    ``test_hellgame_economy_window.py``."""
    changed = players or {}
    return P.Position(players=[P.Player(**{"demons": TRIUMVIRATES[seat], "souls": 0, **changed.get(seat, {})})
                               for seat in range(seats)],
                      **{"halt": ["action"], "strict_dice": True, "options": {"economy_window": False}, **fields})


# -- 6: Hell phase ---------------------------------------------------------------------------


def test_6_0_three_cards_placed():
    s = P.build(position(phase="hell", round=2, decks=P.Decks(hell=[14, 15, 33])))
    rest = s.hell[3:]
    ev = start(s)
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


def test_6_2_permanent_replaces():
    s = P.build(position(phase="hell", round=2, permanent=["temper"], decks=P.Decks(hell=["red_peril", 20, 40])))
    red_peril, temper, rest = s.hell[0], s.permanent["hell"], s.hell[3:]
    ev = start(s)
    assert s.permanent["hell"] == red_peril
    assert s.hell == rest + [temper, 20, 40]
    assert "ev_permanent_replaced" in keys(ev)


def test_6_3_disfavour_roll_per_card():
    s = P.build(position(
        players={0: dict(disfavour=2),
                 1: dict(demons=["Thamuz", P.Demon(name="Asmodeus", status="incapacitated"), "Pruflas"])},
        phase="hell", round=2, step="hell_arcana",
        dice=[3, 1, 6]))  # seat 0: > 2 succeeds: 3 yes, 1 no, 6 yes
    ev = start(s)
    assert [len(p.hand) for p in s.players] == [2, 2, 3]
    private = [e for e in ev if e.key == "ev_arcana_drawn"]
    assert private[0].visible_to == [0] and private[0].params["cards"] == s.players[0].hand
    public = next(e for e in ev if e.key == "ev_new_arcana_rolled")
    assert public.params == {"seat": 0, "n": 2, "of": 3, "rolls": [3, 1, 6]}


def test_6_3_1_play_right_away_set_aside():
    s = P.build(position(2, phase="hell", round=2, step="hell_arcana", decks=P.Decks(arcana=[PRA])))
    ev = start(s)
    assert len(s.players[0].hand) == 2  # drawn in a draw of several: it counts as one, not replaced
    assert s.arcana[-1] == PRA and PRA not in s.players[0].hand
    assert "ev_play_right_away" in keys(ev)


def test_6_3_hand_limit_discard():
    s = P.build(position(2, {0: dict(hand=PLAIN[-4:])}, phase="hell", round=2, step="hell_arcana"))
    start(s)
    (a,) = flow.open_asks(s)
    assert (a.seat, a.q, a.kind, a.secret) == (0, "discard", "simultaneous", True)
    assert len(s.players[0].hand) == 7
    first, second = s.players[0].hand[0], s.players[0].hand[1]
    answer(s, 0, "discard", first)
    assert flow.open_asks(s)
    answer(s, 0, "discard", second)
    assert len(s.players[0].hand) == 5 and s.arcana[-2:] == [first, second]
    assert s.step == "soul_reveal"  # the Soul phase's secret transfers are open


def test_6_3_discard_passive_drops_newest():
    s = P.build(position(2, {0: dict(hand=PLAIN[:6])}, phase="hell", round=2, step="hell_arcana"))
    hellphase.hand_limit(s, "soul")
    a = flow.open_asks(s)[0]
    assert flow.QUESTIONS["discard"].passive(s, a) == A(do="discard", a=PLAIN[5])


# -- 7: Soul phase ---------------------------------------------------------------------------


def test_7_1_soul_phase_appendix_b_2():
    s = P.build(position(
        2, {0: dict(demons=[P.Demon(name="Gomory", walk=True), "Beelzebub", "Belphegor"],  # 4 hearts, on Earth
                    sectios=[31, 32, 36, 42],  # 4 + 4 + 4 + 6 = 18; 42 is isolated
                    disfavour=1)},
        units={31: P.Units(legions={0: 2}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=0)]),
               42: P.Units(legions={0: 2})},
        phase="soul", dice=[3, 2]))  # soul roll 3; disfavour roll 2 beats 1 disfavour
    ev = start(s)
    income = next(e for e in ev if e.key == "ev_income" and e.params["seat"] == 0)
    assert income.params["sectio_souls"] == 16 and income.params["earth"] == 4 + 3
    assert s.players[0].favour == 2
    assert souls.sectio_income(s, 0)[1] == [42]
    assert {q for _, q in asked(s)} == {"soul"}
    answer_all(s, "submit")
    assert s.players[0].souls == 16 + 7 - 5  # upkeep: 4 legions + 1 lieutenant
    assert s.step == "summon_reveal"


def test_7_1_all_isolated_highest_exempt():
    s = P.build(position(2, {0: dict(sectios=[0, 42, 22])}, phase="soul"))  # 2, 6, 2 souls, none adjacent
    income, reduced, _ = souls.sectio_income(s, 0)
    assert income == {0: 0, 42: 6, 22: 0} and sorted(reduced) == [0, 22]


def test_7_1_earth_income_appendix_b_3():
    s = P.build(position(2, {0: dict(demons=[P.Demon(name="Baal", walk=True), "Gomory", "Belphegor"]),
                             1: dict(demons=[P.Demon(name="Andras", walk=True), "Asmodeus", "Pruflas"])},
                         phase="soul", dice=[4, 6]))
    ev = start(s)
    earth = {e.params["seat"]: e.params["n"] for e in ev if e.key == "ev_earth_income"}
    assert earth == {0: 7, 1: 10}
    assert [p.favour for p in s.players] == [2, 2]  # no disfavour: no roll


def test_7_1_incapacitated_demon_on_earth_collects_nothing():
    s = P.build(position(2, {0: dict(demons=[P.Demon(name="Beelzebub", walk=True, status="incapacitated"),
                                             "Gomory", "Belphegor"])}, phase="soul"))
    ev = start(s)
    assert "ev_earth_income" not in keys(ev) and s.players[0].favour == 1


def test_7_1_note_1_occupied_sectio():
    chain = {0: dict(sectios=[30, 31, 32, 33])}  # a chain, nothing isolated: 4 souls each
    here = {30: P.Units(legions={1: 1}),  # another player's legion, no own unit: nothing
            31: P.Units(lieutenants=[P.Lieutenant(name="Shalmaneser", seat=1)]),  # a lone lieutenant: income as usual
            32: P.Units(hounds=[2]),  # a wild hound with no own unit: nothing
            33: P.Units(legions={0: 1}, hounds=[2])}  # ... but with an own unit there: income
    s = P.build(position(2, chain, units=here, phase="soul"))
    income, _, blocked = souls.sectio_income(s, 0)
    assert income == {30: 0, 31: 4, 32: 0, 33: 4} and blocked == [30, 32]
    # shared with an enemy legion (avoided combat, G44): still nothing
    shared = P.build(position(2, chain, units={**here, 30: P.Units(legions={0: 1, 1: 1})}, phase="soul"))
    assert souls.sectio_income(shared, 0)[0][30] == 0


def test_7_2_favour_disfavour_roll():
    s = P.build(position(2, {0: dict(disfavour=2, demons=[P.Demon(name="Beelzebub", walk=True),
                                                         P.Demon(name="Gomory", walk=True), "Belphegor"])},
                         phase="soul",
                         dice=[1, 1, 2, 3]))  # two soul rolls, then a disfavour roll per demon: 2 fails, 3 passes
    ev = start(s)
    assert s.players[0].favour == 2
    assert keys(ev).count("ev_favour_denied") == 1 and keys(ev).count("ev_favour_rolled") == 1


def test_7_3_2_gifts_secret_then_revealed():
    s = P.build(position(2, {0: dict(sectios=[40], souls=8, hand=PLAIN[:2])},  # 8 souls + 2 income = 10
                         units={40: P.Units(legions={0: 2})}, phase="soul"))
    given, kept = [u.id for u in units(s, 40)]
    start(s)
    assert s.players[0].shown_souls == 10 and s.players[0].shown_hand == 2
    answer(s, 0, "to", 1)
    answer(s, 0, "souls", 1, 5)
    answer(s, 0, "card", 1, PLAIN[0])
    answer(s, 0, "legion", 1, given)
    answer(s, 0, "back")  # not the legion after all
    assert A(do="legion", a=1, b=given) in legal(s, 0)
    answer(s, 0, "legion", 1, given)
    assert s.players[0].souls == 5 and board.unit(s, given).owner == 0  # nothing public yet
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
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


def test_7_3_2_any_amount_of_souls_can_be_given_in_one_choice():
    s = P.build(position(2, {0: dict(souls=58)}, phase="soul"))  # no income: 58 souls to give
    start(s)
    answer(s, 0, "to", 1)
    amounts = [x.b for x in legal(s, 0) if x.do == "souls"]
    assert amounts == list(range(1, 59))  # 7 souls is one choice, not 5 then 2
    groups = {ENGINE.group(s, 0, A(do="souls", a=1, b=n), "en") for n in (1, 25, 26, 50, 51, 58)}
    assert groups == {"Souls 1–25", "Souls 26–50", "Souls 51–58"}
    answer(s, 0, "souls", 1, 7)
    assert s.players[0].souls == 51
    answer(s, 0, "submit")
    answer(s, 1, "submit")
    assert s.players[1].souls == 7 and s.players[0].souls == 51  # no units: no upkeep


def test_7_3_2_a_receiver_chosen_with_nothing_given_is_submitted_only_as_such():
    """"Give to Purple", then "Submit": the button says that Purple gets
    nothing, so no one mistakes it for a gift; nothing is given."""
    s = P.build(position(2, {0: dict(souls=4)}, phase="soul"))
    start(s)
    assert ENGINE.label(s, 0, A(do="submit"), "en") == "Submit: no gifts"
    answer(s, 0, "to", 1)
    purple = ENGINE.seat_name(1, "en")
    assert ENGINE.label(s, 0, A(do="submit"), "en") == f"Submit: nothing for {purple}"
    assert ENGINE.label(s, 0, A(do="submit"), "de").startswith("Abschicken: nichts für ")
    answer(s, 0, "souls", 1, 2)
    assert ENGINE.label(s, 0, A(do="submit"), "en") == "Submit"
    answer(s, 0, "back")
    answer(s, 0, "submit")
    answer(s, 1, "submit")
    assert (s.players[0].souls, s.players[1].souls) == (4, 0)


def test_7_2_1_desertion_to_the_richest():
    s = P.build(position(3, {0: dict(souls=1),  # upkeep 3: two legions desert
                             1: dict(souls=10), 2: dict(souls=10)},
                         units={40: P.Units(legions={0: 3})}, phase="soul"))
    a, b, c = [u.id for u in units(s, 40)]
    start(s)
    assert {q for _, q in asked(s)} == {"soul"}
    answer_all(s, "submit")
    (ask,) = flow.open_asks(s)
    assert (ask.seat, ask.q, ask.kind, ask.data["n"]) == (0, "desert", "reaction", 2)
    answer(s, 0, "desert", a)
    answer(s, 0, "desert", b)
    assert s.players[0].disfavour == 1 and s.players[0].souls == 0
    # 10 souls each: the first after the deserter in seat order is asked first
    (ask,) = flow.open_asks(s)
    assert (ask.seat, ask.q) == (1, "accept")
    answer(s, 1, "take", a)
    answer(s, 1, "done")  # refuses the other one
    assert board.unit(s, a).owner == 1 and s.players[1].souls == 10 - 1
    (ask,) = flow.open_asks(s)
    assert ask.seat == 2
    ev = answer(s, 2, "done")
    assert board.unit(s, b) is None and board.unit(s, c).owner == 0
    assert "ev_disbanded" in keys(ev)
    assert [p.disfavour for p in s.players] == [1, 1, 1]
    assert s.step == "summon_reveal"


def test_7_2_1_unpaid_lieutenant_and_engine_pick():
    s = P.build(position(2, {0: dict(souls=1)},
                         units={40: P.Units(legions={0: 1}),
                                41: P.Units(lieutenants=[P.Lieutenant(name="Sulla", seat=0)])},  # a lone lieutenant
                         phase="soul"))
    (x,) = units(s, 40)
    (lt,) = units(s, 41)
    start(s)
    assert {q for _, q in asked(s)} == {"soul"}
    answer_all(s, "submit")
    (ask,) = flow.open_asks(s)
    pick = flow.QUESTIONS["desert"].passive(s, ask)
    assert pick == A(do="desert", a=lt.id)  # the lone lieutenant goes first
    answer(s, 0, pick.do, pick.a)
    assert s.returned == [3] and board.unit(s, x.id).owner == 0
    assert s.players[0].disfavour == 1 and flow.open_asks(s)[0].q == "summon"


def test_7_2_1_full_or_broke_players_are_not_asked():
    s = P.build(position(3, {1: dict(souls=20),  # seat 1 already has 12 legions (and pays their upkeep)
                             2: dict(souls=0)},  # seat 2 cannot pay for a deserter
                         units={40: P.Units(legions={0: 1}), 41: P.Units(legions={1: 12})}, phase="soul"))
    (x,) = units(s, 40)
    start(s)
    assert {q for _, q in asked(s)} == {"soul"}
    answer_all(s, "submit")
    answer(s, 0, "desert", x.id)
    assert board.unit(s, x.id) is None  # nobody could take it: disbanded
    assert [p.disfavour for p in s.players] == [1, 0, 0]


def test_7_3_3_wise_men_occupier():
    s = P.build(position(2, {0: dict(sectios=[souls.WISE_MEN], disfavour=3),
                             1: dict(disfavour=3)},  # no disfavour rolls for these cards
                         units={souls.WISE_MEN: P.Units(legions={1: 1})}, phase="soul", dice=[6]))
    ev = start(s)
    assert len(s.players[1].hand) == 1 and len(s.players[0].hand) == 2
    assert next(e for e in ev if e.key == "ev_wise_men").params == {"seat": 0, "roll": 6, "n": 3}


def test_7_3_3_wise_men_lone_lieutenant_is_no_occupier():
    def wise_men(legions: dict[int, int]) -> State:
        """The Wise Men of seat 0 with a lieutenant of seat 1 and ``legions`` there."""
        return P.build(position(2, {0: dict(sectios=[souls.WISE_MEN])}, phase="soul", dice=[2], units={
            souls.WISE_MEN: P.Units(legions=legions, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=1)])}))

    assert souls.wise_men_occupier(wise_men({}), 0) is None
    assert souls.wise_men_occupier(wise_men({1: 1}), 0) == 1
    s = wise_men({0: 1, 1: 1})  # the owner is there too
    assert souls.wise_men_occupier(s, 0) is None
    start(s)
    assert len(s.players[0].hand) == 1 and s.players[1].hand == []


def test_7_3_3_wise_men_held_by_the_freebooters_give_no_cards():
    """The freebooters take sectios after the petitions (10.4) and hold no
    hand: the Wise Men in their hands give nobody arcana, and no die is rolled."""
    s = P.build(position(2, {}, freebooter_sectios=[souls.WISE_MEN], phase="soul"))
    ev = start(s)
    assert "ev_wise_men" not in keys(ev) and all(p.hand == [] for p in s.players)


# -- 8: Summoning phase ----------------------------------------------------------------------


@pytest.fixture
def recruit(monkeypatch) -> int:
    """The 8.0 example's "Recruit Lieutenant-3": no recruit card of the game
    costs 3, so the first one is made to."""
    card = cards("recruit", 1)[0]
    patched = list(data.ARCANA)
    patched[card] = patched[card].model_copy(update={"cost": 3})
    monkeypatch.setattr(data, "ARCANA", tuple(patched))
    return card


def player_x(recruit: int, players: dict[int, dict] | None = None, units: dict | None = None,
             **fields) -> P.Position:
    """Player X of the 8.0 example: 26 souls, three sectios with legions, a
    legion in Antehell; the arcana deck starts with a Walk card and the
    recruit card costing 3."""
    seats = {0: dict(souls=26, sectios=[30, 31, 32]), 1: dict(souls=5), 2: dict(souls=4)}
    for seat, changed in (players or {}).items():
        seats[seat] = {**seats[seat], **changed}
    return position(3, seats,
                    units={30: P.Units(legions={0: 1}), 31: P.Units(legions={0: 1}), 32: P.Units(legions={0: 1}),
                           ANTEHELL: P.Units(legions={0: 1}), **(units or {})},
                    **{"phase": "summon", "decks": P.Decks(arcana=[WALK, recruit]), **fields})


def test_8_0_summoning_appendix_b_4(recruit):
    """The example of 8.0 as far as the ruling on competing Summoning orders
    lets it stand: bought cards are drawn at the reveal, so X cannot play
    the Recruit-3 card he buys in the example in the same order; here he
    holds it already, and his two purchases bring the Walk card and another."""
    s = P.build(player_x(recruit, {0: dict(hand=[recruit])}, decks=P.Decks(arcana=[WALK, PLAIN[0]]),
                         dice=[5, 6]))  # recruitment 5: the middle box; taming 6: the hound wins
    p = s.players[0]
    start(s)
    for x in (30, 31, 32):
        answer(s, 0, "legion", x)
    assert p.souls == 17
    answer(s, 0, "buy")
    answer(s, 0, "buy")
    assert p.souls == 7 and p.hand == [recruit]  # paid; the cards come at the reveal
    answer(s, 0, "recruit", recruit, 31)
    assert p.souls == 4
    tamer = next(u.id for u in board.legions(s, 0) if u.at == ANTEHELL)
    answer(s, 0, "tame", tamer)
    recruit_step = next(i for i, st in enumerate(s.drafts[0].steps) if st[0] == "recruit")
    answer(s, 0, "bonus_new", recruit_step)
    assert p.souls == 3
    before = len(s.units)
    answer(s, 0, "submit")
    answer(s, 1, "submit")
    assert len(s.units) == before and s.dice_queue == [5, 6]  # nothing placed before everyone has submitted
    ev = answer(s, 2, "submit")
    assert p.souls == 3
    assert sorted(u.at for u in board.legions(s, 0)) == [30, 30, 31, 31, 32, 32]
    (lt,) = board.lieutenants(s, 0)
    assert (lt.card, lt.at, lt.bonus) == (data.BOXES[1][0], 31, 1)
    assert len(board.group(s, lt)) == 2
    assert board.unit(s, tamer) is None and "ev_tame_killed" in keys(ev)
    assert p.hand == [WALK, PLAIN[0]]  # the two cards bought
    assert s.arcana[-1] == recruit  # the played card goes under the deck
    assert p.shown_souls is None and s.step == "action"


def test_8_0_back_restores_and_undoes_a_purchase(recruit):
    """"back" undoes any step, a purchase too: nothing was drawn yet."""
    s = P.build(player_x(recruit))
    deck = list(s.arcana)
    start(s)
    answer(s, 0, "legion", 30)
    answer(s, 0, "back")
    assert s.players[0].souls == 26 and s.drafts[0].steps == []
    answer(s, 0, "buy")
    assert A(do="back") in legal(s, 0)
    assert flow.QUESTIONS["summon"].prompt(s, flow.ask_of(s, 0))[0] == "pr_summon"
    answer(s, 0, "legion", 30)
    answer(s, 0, "back")  # the legion
    assert s.players[0].souls == 21 and s.players[0].hand == []
    answer(s, 0, "back")  # the purchase: its souls come back
    assert s.players[0].souls == 26 and s.drafts[0].steps == [] and s.arcana == deck


def test_8_0_an_empty_summoning_order_is_submitted_only_by_a_button_that_says_so(recruit):
    s = P.build(player_x(recruit))
    start(s)
    assert ENGINE.label(s, 0, A(do="submit"), "en") == "Submit: summon nothing"
    assert ENGINE.label(s, 0, A(do="submit"), "de") == "Abschicken: nichts beschwören"
    answer(s, 0, "legion", 30)
    assert ENGINE.label(s, 0, A(do="submit"), "en") == "Submit"
    answer(s, 0, "back")
    assert ENGINE.label(s, 0, A(do="submit"), "en") == "Submit: summon nothing"


def test_8_0_hand_limit_after_buying(recruit):
    """8.3.3: the hand limit follows the purchase, once the orders are
    revealed and the cards drawn (ruling on competing orders)."""
    s = P.build(player_x(recruit, {0: dict(hand=PLAIN[-5:])}))
    start(s)
    answer(s, 0, "buy")
    assert "discard" not in {x.do for x in legal(s, 0)} and len(s.players[0].hand) == 5
    answer_all(s, "submit")
    assert asked(s) == [(0, "discard")]
    choices = legal(s, 0)
    assert {x.do for x in choices} == {"discard"} and len(choices) == 6
    answer(s, 0, "discard", PLAIN[-5])
    assert len(s.players[0].hand) == 5 and s.step == "action" and not flow.open_asks(s)


def test_8_2_spread_rule(recruit):
    s = P.build(player_x(recruit))
    start(s)

    def where() -> list[int]:
        return sorted(x.a for x in legal(s, 0) if x.do == "legion")
    assert where() == [30, 31, 32]
    answer(s, 0, "legion", 30)
    assert where() == [31, 32]
    answer(s, 0, "legion", 32)
    assert where() == [31]
    answer(s, 0, "legion", 31)
    assert where() == [30, 31, 32]


def test_8_2_twelve_legions_and_enemy_units(recruit):
    s = P.build(player_x(recruit, {0: dict(sectios=[30, 31, 32, 33])},
                         units={30: P.Units(legions={0: 1, 1: 1}),  # G24: enemy units do not stop a summoning
                                33: P.Units(legions={0: 7})}))  # 4 + 7 = 11 legions
    start(s)
    assert 30 in [x.a for x in legal(s, 0) if x.do == "legion"]
    answer(s, 0, "legion", 30)
    assert not [x for x in legal(s, 0) if x.do == "legion"]


@pytest.mark.parametrize("roll,box", [(1, 0), (2, 0), (3, 2), (4, 2), (5, 1), (6, 1)])
def test_8_3_1_recruit_box_table(roll, box):
    s = P.build(position(2, units={40: P.Units(legions={0: 5})}, phase="summon", dice=[roll]))
    unit = summoning.recruit(s, [], 0, cards("recruit", 1)[0], 40)
    lt = data.BOXES[box][0]
    assert board.unit(s, unit).card == lt and s.boxes[box] == list(data.BOXES[box][1:])
    assert len(board.group(s, board.unit(s, unit))) == min(5, data.LIEUTENANTS[lt].leadership)


def test_8_3_1_empty_box_fails():
    s = P.build(position(2, units={40: P.Units(legions={0: 1})}, boxes=[list(data.BOXES[0]), [], list(data.BOXES[2])],
                         phase="summon", dice=[6]))
    ev: list = []
    assert summoning.recruit(s, ev, 0, cards("recruit", 1)[0], 40) is None
    assert keys(ev) == ["ev_recruit_failed"] and board.lieutenants(s, 0) == []


@pytest.mark.parametrize("roll", [1, 4])
def test_8_3_2_taming_catches(roll):
    s = P.build(position(2, units={ANTEHELL: P.Units(legions={0: 1})}, phase="summon", dice=[roll]))
    (x,) = units(s, ANTEHELL)
    top = s.hounds[0]
    summoning.tame(s, [], 0, x.id)
    hound = board.hound_of(s, board.unit(s, x.id))
    assert hound is not None and hound.card == top and hound.owner == 0
    summoning.tame(s, [], 0, x.id)  # one hound per keeper: no second try
    assert len([u for u in s.units if u.kind == "hound"]) == 1


def test_8_3_2_taming_appendix_b_5():
    s = P.build(position(2, units={ANTEHELL: P.Units(legions={0: 1})}, phase="summon", dice=[6]))
    (x,) = units(s, ANTEHELL)
    ev: list = []
    summoning.tame(s, ev, 0, x.id)
    assert board.unit(s, x.id) is None and keys(ev) == ["ev_tame_killed"]


def test_8_3_2_taming_five_and_empty_stack():
    s = P.build(position(2, units={ANTEHELL: P.Units(legions={0: 1})}, phase="summon", dice=[5]))
    (x,) = units(s, ANTEHELL)
    summoning.tame(s, [], 0, x.id)
    assert board.hound_of(s, board.unit(s, x.id)) is None and board.unit(s, x.id).tamed
    # every hound counter on the board: the stack is empty
    s = P.build(position(2, units={ANTEHELL: P.Units(legions={0: 1}), 0: P.Units(hounds=list(data.HOUND_ATTACKS))},
                         phase="summon"))
    assert s.hounds == []
    (y,) = units(s, ANTEHELL)
    ev: list = []
    summoning.tame(s, ev, 0, y.id)  # no die rolled
    assert keys(ev) == ["ev_tame_no_hounds"]


def test_8_3_2_one_try_per_phase(recruit):
    s = P.build(player_x(recruit))
    start(s)
    tamers = [x for x in legal(s, 0) if x.do == "tame"]
    assert len(tamers) == 1
    answer(s, 0, "tame", tamers[0].a)
    assert not [x for x in legal(s, 0) if x.do == "tame"]


def test_8_1_richest_first_ties_by_the_rank_track():
    s = P.build(position(3, {0: dict(souls=4), 1: dict(souls=9), 2: dict(souls=4)},  # souls at the reveal (ruling)
                         phase="summon"))
    assert (summoning.best_rank(s, 0), summoning.best_rank(s, 2)) == (8, 14)  # Beelzebub, Baal
    assert summoning.richest_first(s, [0, 1, 2]) == [1, 0, 2]  # no die (none is queued)


def test_secret_orders_hidden(recruit):
    s = P.build(player_x(recruit))
    start(s)
    before = [u.model_copy() for u in s.units]
    answer(s, 0, "legion", 30)
    ev = answer(s, 0, "buy")
    p = s.players[0]
    assert (p.shown_souls, p.shown_hand) == (26, 0) and (p.souls, len(p.hand)) == (18, 0)
    assert s.units == before and 0 not in s.orders
    assert ev == []  # the card is drawn at the reveal
    answer(s, 0, "submit")
    assert s.orders[0]["summon"] and 0 not in s.drafts  # private until the reveal
    assert {q for _, q in asked(s)} == {"summon"}
    ev = answer_all(s, "submit")
    assert [e.visible_to for e in ev if e.key == "ev_card_bought"] == [[0]] and len(p.hand) == 1
    assert all(x.shown_souls is None and x.shown_hand is None for x in s.players)


# -- fixes of the review -----------------------------------------------------------------------


def test_6_1_event_carried_out_before_the_phenomenon_is_known(monkeypatch):
    """6.1: the event happens before the other two cards are drawn: while its
    effect runs, nothing of the phenomenon is told or recorded yet."""
    # 12: Census (a Part 2 event that asks questions)
    s = P.build(position(phase="hell", round=2, decks=P.Decks(hell=[12, 15, 33])))
    seen: dict = {}

    def effect(state, events, card):
        seen["card"] = card
        seen["phenomena"] = list(state.phenomena)
        seen["told"] = [e.key for e in events]

    monkeypatch.setattr(hellphase, "event_effect", effect)
    ev = start(s)
    assert seen["card"] == 12 and seen["phenomena"] == []
    assert not [k for k in seen["told"] if k.startswith("ev_phen_")]
    kind = data.HELL_CARDS[15].phenomenon
    assert keys(ev).index("ev_event_census") < keys(ev).index(f"ev_phen_{kind}_circle")
    assert len(s.phenomena) == 1


def test_6_3_hand_limit_discards_shown_only_when_all_are_done():
    """The secret discards stay secret: while one player still discards, the
    others see every hand as it was when the discarding began."""
    s = P.build(position(3, {0: dict(hand=PLAIN[:7]), 1: dict(hand=PLAIN[7:13])},
                         phase="hell", round=2, step="hell_arcana"))
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
        answer_ev += answer(s, 0, "discard", card)
    assert [a.seat for a in flow.open_asks(s)] == [1]
    assert not [e for e in answer_ev if e.visible_to is None]
    assert seen_by_2() == before
    assert ENGINE.view(s, 2).players[0].hand == 7
    ev = answer(s, 1, "discard", PLAIN[7])
    assert [(e.params["seat"], e.params["n"]) for e in ev if e.key == "ev_discarded"] == [(0, 2), (1, 1)]
    assert [p.hand for p in ENGINE.view(s, 2).players] == [5, 5, 0]


def test_8_3_3_play_right_away_bought_in_secret_is_told_at_the_reveal(recruit, monkeypatch):
    """A Play Right Away card bought in the secret Summoning phase is drawn at
    the reveal (ruling on competing orders): the buyer learns it then, and
    everyone sees it and its effect."""
    s = P.build(player_x(recruit, decks=P.Decks(arcana=[PRA])))
    played: list = []
    monkeypatch.setattr(hellphase, "play_right_away", lambda st, ev, seat, card: played.append((seat, card)))
    start(s)
    seen_by_1 = ENGINE.view(s, 1).model_dump(exclude={"header"})
    ev = answer(s, 0, "buy")
    assert ev == []
    assert s.players[0].hand == [] and s.players[0].souls == 21 and s.arcana[0] == PRA
    assert ENGINE.view(s, 1).model_dump(exclude={"header"}) == seen_by_1 and played == []
    answer(s, 0, "submit")
    answer(s, 1, "submit")
    ev = answer(s, 2, "submit")
    assert [(e.key, e.visible_to) for e in ev if e.visible_to] == [("ev_card_bought_pra", [0])]
    assert s.players[0].hand == [] and s.arcana[-1] == PRA
    public = next(e for e in ev if e.key == "ev_play_right_away")
    assert public.visible_to is None and public.params == {"seat": 0, "card": PRA}
    assert played == [(0, PRA)]
    assert next(e for e in ev if e.key == "ev_summoned_no_legions").params["bought"] == 1


def test_5_1_round_one_effects_hook_before_the_soul_phase(monkeypatch):
    """Round 1 has no Hell phase: the hook for the setup's permanent cards
    (Uriel's Crusade, part 3) runs once when setup is done."""
    calls: list = []
    monkeypatch.setattr(hellphase, "round_one_effects", lambda st, ev: calls.append(st.step))
    s = P.build(position(2, phase="setup", strict_dice=False), seed=3)  # the setup rolls who places first
    for seat in range(2):
        answer(s, seat, "keep")
    while flow.open_asks(s) and flow.open_asks(s)[0].q == "first_legion":
        a = flow.open_asks(s)[0]
        assert calls == []
        choice = legal(s, a.seat)[0]
        answer(s, a.seat, choice.do, choice.a)
    assert calls == ["setup_legion"]


def test_5_1_sectio_choices_grouped_by_circle_counted_from_the_outside():
    s = P.build(position(2, phase="setup"), seed=3)
    a = flow.open_asks(s)[0]
    limbo, treachery = data.circle_sectios(8)[0], data.circle_sectios(0)[0]
    group = flow.QUESTIONS["first_legion"].group
    assert group(s, a, A(do="place", a=limbo)) == ("grp_circle", {"circle": 1})
    assert group(s, a, A(do="place", a=treachery)) == ("grp_circle", {"circle": 9})


def test_7_2_1_disbanded_keeper_frees_its_hound_told_once():
    """A deserting keeper that nobody takes disbands; its hound runs amok,
    told once (by the amok move itself)."""
    s = P.build(position(2, units={40: P.Units(legions={0: 1}, hounds=[P.Hound(attacks=3, keeper=0)])},
                         phase="soul", dice=[5]))  # nobody can take the deserter; the hound's compass roll: it stays
    x, hound = units(s, 40)
    start(s)
    assert {q for _, q in asked(s)} == {"soul"}
    answer_all(s, "submit")
    ev = answer(s, 0, "desert", x.id)
    assert board.unit(s, x.id) is None and hound.keeper is None and hound.owner is None
    assert [k for k in keys(ev) if "hound" in k] == ["ev_hound_amok_stays"]
