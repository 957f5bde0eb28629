"""The HellGame's economy window (the match option ``economy_window``, on by
default; engines/hellgame/phases/soul/gifts.py and summoning.py): the note on
7.0 and 8.0 lets every player do the Soul and Summoning activities at once
after the Hell phase, so each seat's hand limit (6.3), gifts (7.3.2) and
Summoning order (8.0) are one secret order in one window. Gifts are revealed
first, then upkeep (7.1 step 4) and deserters (7.2.1), then the Summoning
orders, each paid then as far as the souls go.

The rulebook's own sequence (the option off) is tested in test_hellgame_economy.py."""

from __future__ import annotations

import random

from hellgame_driver import answer, asked, keys, legal, start, units
from test_hellgame_economy import PLAIN, cards, position

from engines.hellgame import position as P
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import Action, HAND_LIMIT
from engines.hellgame.determinise import determinise
from engines.hellgame.engine import ENGINE

ON = {"options": {}}  # the match's defaults: the economy window on


def test_6_3_the_hand_limit_after_the_draw_is_the_first_part_of_the_soul_order():
    """Over the limit after the Hell phase's draw: no discard window of its
    own; the Soul phase's order asks the discards first (one card at a time,
    under the deck), then the gifts, then the Summoning order, all in one
    window; the others see the hand as drawn until the reveal."""
    s = P.build(position(2, {0: dict(hand=PLAIN[-4:])}, phase="hell", round=2, step="hell_arcana", **ON))
    start(s)
    assert sorted(asked(s)) == [(0, "soul"), (1, "soul")]          # no "discard" question first
    assert len(s.players[0].hand) == 7 and s.players[0].shown_hand == 7
    assert {x.do for x in legal(s, 0)} == {"discard"}
    prompt = ENGINE.prompt(s, 0)
    assert ENGINE.text(prompt.key, prompt.params, "en").startswith("You hold more than 5 arcana cards: discard 2")
    assert ENGINE.default_action(s, 0) == Action(do="discard", a=s.players[0].hand[-1])  # a deadline: the newest
    first, second = s.players[0].hand[:2]
    answer(s, 0, "discard", first)
    answer(s, 0, "discard", second)
    assert len(s.players[0].hand) == HAND_LIMIT and s.arcana[-2:] == [first, second]
    assert ENGINE.view(s, 1).players[0].hand == 7               # nothing shown before the reveal
    assert Action(do="to", a=1) in legal(s, 0) and Action(do="back") not in legal(s, 0)  # a discard is final
    answer(s, 0, "submit")
    assert asked(s) == [(0, "summon"), (1, "soul")]                  # the same window: still asked
    assert ENGINE.submitted(s) == []                                 # marked only when the whole order is in
    answer(s, 0, "submit")
    assert ENGINE.submitted(s) == [0]
    answer(s, 1, "submit")
    ev = answer(s, 1, "submit")
    discarded = [e for e in ev if e.key == "ev_discarded"]
    assert [(e.params, e.visible_to) for e in discarded] == [({"seat": 0, "n": 2}, None)]
    assert s.step == "action" and not flow.open_asks(s)


def test_8_0_the_summoning_order_keeps_the_upkeep_back_and_pays_at_its_reveal():
    """Seat 0 (11 souls, 2 legions: upkeep 2) may spend 9 and orders three
    legions. Seat 1 gives it a legion: at the reveal seat 0 pays 3 upkeep
    first, so its order pays two legions and drops the third (told); no unit
    deserts. Until the reveal the others see 11 souls."""
    s = P.build(position(2, {0: dict(sectios=[40], souls=9)},     # 9 + 2 income = 11
                         units={40: P.Units(legions={0: 2}), 41: P.Units(legions={1: 1})}, phase="soul", **ON))
    (gift,) = [u.id for u in units(s, 41)]
    start(s)
    answer(s, 0, "submit")                                           # no gifts: on to the Summoning order
    prompt = ENGINE.prompt(s, 0)
    assert (prompt.key, prompt.params["souls"], prompt.params["upkeep"]) == ("pr_summon_upkeep", 9, 2)
    for _ in range(3):
        answer(s, 0, "legion", 40)
    assert Action(do="legion", a=40) not in legal(s, 0)              # 2 souls left: the upkeep
    answer(s, 0, "submit")
    assert ENGINE.view(s, 1).players[0].souls == 11                  # the order shows nothing
    answer(s, 1, "to", 0)
    answer(s, 1, "legion", 0, gift)
    answer(s, 1, "submit")
    ev = answer(s, 1, "submit")
    assert "desert" not in {q for _, q in asked(s)} and "ev_upkeep_short" not in keys(ev)
    dropped = next(e for e in ev if e.key == "ev_summon_dropped")
    assert dropped.params == {"seat": 0, "n": 1} and dropped.visible_to is None
    assert s.players[0].souls == 11 - 3 - 2 * 3
    assert len(units(s, 40, "legion", 0)) == 4 and board.unit(s, gift).owner == 0
    assert s.step == "action"


def test_8_0_a_gift_given_lowers_the_upkeep_kept_back():
    s = P.build(position(2, {0: dict(sectios=[40], souls=4)},      # 4 + 2 income = 6, upkeep 2
                         units={40: P.Units(legions={0: 2})}, phase="soul", **ON))
    given = units(s, 40)[0].id
    start(s)
    answer(s, 0, "to", 1)
    answer(s, 0, "legion", 1, given)
    answer(s, 0, "submit")
    prompt = ENGINE.prompt(s, 0)
    assert (prompt.params["souls"], prompt.params["upkeep"]) == (5, 1)  # the legion given costs it nothing


def test_7_2_1_deserters_come_between_and_a_pending_order_stays_unseen():
    """Seat 1 cannot pay its upkeep: its deserters are offered while seat 0's
    Summoning order (a recruitment with a card of its hand) waits. Meanwhile
    the card is back in seat 0's hand and its souls are whole (what the
    others see is what it holds), and a determinisation for seat 1 drops the
    order. Seat 0 takes a deserter for 1 soul; its order is paid after that."""
    recruit = cards("recruit", 1)[0]
    cost = data.ARCANA[recruit].cost
    s = P.build(position(2, {0: dict(sectios=[40], souls=cost + 10, hand=[recruit])},
                         units={40: P.Units(legions={0: 1}), 41: P.Units(legions={1: 2})},
                         phase="soul", dice=[1], **ON))
    a, _ = [u.id for u in units(s, 41)]
    start(s)
    souls = s.players[0].souls                                       # income 2 with it
    answer(s, 0, "submit")
    answer(s, 0, "recruit", recruit, 40)
    answer(s, 0, "submit")
    answer(s, 1, "submit")
    answer(s, 1, "submit")
    assert asked(s) == [(1, "desert")]
    assert recruit in s.players[0].hand and s.players[0].souls == souls - 1  # upkeep paid, the order not yet
    assert s.orders[0]["summon"] == [["recruit", recruit, 40, cost]]
    # its own view still lists the order while it waits (the gifts' and the Summoning's parts)
    assert [line[0] for line in ENGINE.view(s, 0).pending] == ["lb_summon_recruit"] and not ENGINE.view(s, 1).pending
    copy = determinise(ENGINE, s, 1, random.Random(1))
    assert "summon" not in copy.orders.get(0, {}) and "lines" not in copy.orders.get(0, {})  # no peeking
    answer(s, 1, "desert", a)
    answer(s, 1, "desert", units(s, 41)[1].id)
    assert asked(s) == [(0, "accept")]
    answer(s, 0, "take", a)
    ev = answer(s, 0, "done")
    assert recruit not in s.players[0].hand and s.players[0].souls == souls - 1 - 1 - cost
    assert "ev_summon_dropped" not in keys(ev)
    assert s.step == "action"


def test_the_option_off_keeps_the_rulebooks_sequence():
    s = P.build(position(2, {0: dict(hand=PLAIN[-4:])}, phase="hell", round=2, step="hell_arcana",
                         options={"economy_window": False}))
    start(s)
    assert asked(s) == [(0, "discard")]
    s2 = P.build(position(2, {0: dict(souls=4)}, phase="soul", options={"economy_window": False}))
    start(s2)
    answer(s2, 0, "submit")
    assert asked(s2) == [(1, "soul")] and ENGINE.submitted(s2) == [0]


def test_a_pending_order_stays_unseen_while_its_seat_discards_a_card_it_was_given():
    """A card gift puts seat 0 over the hand limit after the gifts' reveal:
    it discards (a secret question) while its Summoning order waits; a
    determinisation for seat 1 does not carry that order."""
    s = P.build(position(2, {0: dict(sectios=[40], souls=10, hand=PLAIN[:5]), 1: dict(hand=[PLAIN[5]])},
                         phase="soul", **ON))
    start(s)
    answer(s, 0, "submit")
    answer(s, 0, "legion", 40)
    answer(s, 0, "submit")
    answer(s, 1, "to", 0)
    answer(s, 1, "card", 0, PLAIN[5])
    answer(s, 1, "submit")
    answer(s, 1, "submit")
    assert asked(s) == [(0, "discard")] and s.orders[0]["summon"][0][0] == "legion"
    copy = determinise(ENGINE, s, 1, random.Random(2))
    assert "summon" not in copy.orders.get(0, {})
    answer(s, 0, "discard", PLAIN[5])
    assert len(units(s, 40, "legion", 0)) == 1 and s.step == "action"


def test_8_3_1_a_recruitment_where_the_seat_gave_its_legions_away_is_dropped():
    """Seat 0 gives its only legion in sectio 40 away and recruits there in
    the same order: at the reveal it has no legion there, so the lieutenant
    does not come (8.3.1) and the card and souls stay with the seat."""
    recruit = cards("recruit", 1)[0]
    cost = data.ARCANA[recruit].cost
    s = P.build(position(2, {0: dict(sectios=[40], souls=cost + 5, hand=[recruit]), 1: dict(souls=3)},
                         units={40: P.Units(legions={0: 1})}, phase="soul", **ON))
    (legion,) = units(s, 40)
    start(s)
    answer(s, 0, "to", 1)
    answer(s, 0, "legion", 1, legion.id)
    answer(s, 0, "submit")
    answer(s, 0, "recruit", recruit, 40)
    answer(s, 0, "submit")
    answer(s, 1, "submit")
    ev = answer(s, 1, "submit")
    assert next(e for e in ev if e.key == "ev_summon_dropped").params == {"seat": 0, "n": 1}
    assert board.lieutenants(s, 0) == [] and recruit in s.players[0].hand
    assert s.players[0].souls == cost + 5 + 2  # its income, nothing paid (no upkeep left either)


def test_the_whole_window_is_one_stage_to_the_others():
    """Going on from the gifts to the Summoning order is a step of the
    seat's own order: the public stage stays (no board edit tells it)."""
    s = P.build(position(2, {0: dict(sectios=[40], souls=6)}, phase="soul", **ON))
    start(s)
    before = ENGINE.stage(s)
    answer(s, 0, "submit")
    assert flow.ask_of(s, 0).q == "summon" and ENGINE.stage(s) == before
