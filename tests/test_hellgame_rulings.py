"""The HellGame: the rulings of shared/rules/hellgame.md ("Rulings on open
questions") that corrected the engine (issue 26), one test or more per
ruling, named after it:

1. A Play Right Away card drawn in a multi-card draw takes effect at once
   and counts as one of the cards drawn; it is not replaced and the draws
   after it still happen (the Hell phase's new arcana, the Wise Men, Lore,
   Lilith the Crone).
2. Revealed Summoning orders that compete for the same limited thing (the
   top lieutenant of a box, the last hellhounds, the top arcana cards) are
   carried out richest first (souls at the reveal), equally rich players by
   the rank track; no die is rolled for this, and orders that compete for
   nothing need no order.
3. Dead demons go under the Daemon deck (3.1), killed by Uriel or with an
   eliminated triumvirate.
4. The lieutenant boxes are public: every view, spectators' included, and
   the text board show which lieutenants lie in each box, top first.

Positions are built with :mod:`engines.hellgame.position` and driven with
the shared driver. Every die is queued in the position (an unqueued one
fails the test), or, where a test looks at who rolled, comes from the
``rolls`` fixture, which fails a test on a die it did not expect."""

from __future__ import annotations

import pytest

from engines.hellgame import position as P
from engines.hellgame.beings import lilith, uriel
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import Casting, State
from engines.hellgame.magic import spells
from engines.hellgame.phases import petition, summoning
from engines.hellgame.phases.soul import souls
from hellgame_driver import answer, demon, dos, keys, legal, rolls, start  # noqa: F401 - rolls is a fixture

PLAIN = [c.id for c in data.ARCANA if c.minor == "pass"]
#: Audit halves the drawer's souls: an effect that rolls no die and shows in the souls.
AUDIT = next(c.id for c in data.ARCANA if c.major == "audit")
LORE = next(c.id for c in data.ARCANA if c.major == "lore")
DESERTION = next(c.id for c in data.ARCANA if c.major == "desertion")
LIARS = next(s.index for s in data.SECTIOS if s.name.lower().startswith("liars"))
#: The triumvirates these tests were written with (a match's deal).
TRIUMVIRATES = (["Beelzebub", "Gomory", "Belphegor"], ["Thamuz", "Asmodeus", "Pruflas"], ["Andras", "Baal", "Zagam"])


def position(seats: int = 2, players: dict[int, dict] | None = None, **fields) -> P.Position:
    """``seats`` players with no souls and no cards (``players``: a seat's
    fields that differ), an empty board. Every die is queued in ``dice``:
    an unqueued one fails the test."""
    changed = players or {}
    return P.Position(players=[P.Player(**{"demons": TRIUMVIRATES[seat], "souls": 0, **changed.get(seat, {})})
                               for seat in range(seats)],
                      **{"strict_dice": True, **fields})


# -- 1. Play Right Away cards in multi-card draws ---------------------------------------------------


def test_ruling_play_right_away_in_a_multi_card_draw_counts_as_drawn_in_the_hell_phase():
    """New arcana (6.3): seat 0 draws three (three active demons, no
    disfavour); its second card is Audit: two plain cards reach the hand, the
    third draw still happens, and seat 1's draws start right after them."""
    s = P.build(position(players={0: dict(souls=10)}, phase="hell", step="hell_arcana", round=2,
                         decks=P.Decks(arcana=[PLAIN[0], AUDIT, *PLAIN[1:5]]), halt=["soul"]))
    ev = start(s)
    assert s.players[0].hand == [PLAIN[0], PLAIN[1]]  # not replaced by PLAIN[2]
    assert s.players[1].hand == PLAIN[2:5]
    assert s.players[0].souls == 5 and keys(ev).count("ev_pra_audit") == 1
    assert s.arcana[-1] == AUDIT  # under the deck, as every card that has done its work
    public = next(e for e in ev if e.key == "ev_new_arcana" and e.params["seat"] == 0)
    assert public.params["n"] == 2  # what the others learn: two cards went to the hand


@pytest.mark.parametrize("who", ["owner", "occupier"])
def test_ruling_play_right_away_in_a_multi_card_draw_counts_as_drawn_for_the_wise_men(who):
    """7.3.3: the owner's roll decides how many cards come; an occupier takes
    the first. A Play Right Away card among them is one of them."""
    rich = {0: dict(souls=10, sectios=[souls.WISE_MEN]), 1: dict(souls=10)}  # the souls are what Audit halves
    if who == "owner":
        s = P.build(position(players=rich, phase="soul", halt=["soul_gifts"],
                             dice=[6],  # three cards; the second is Audit, the third still comes
                             decks=P.Decks(arcana=[PLAIN[0], AUDIT, *PLAIN[1:3]])))
        start(s)
        assert s.players[0].hand == [PLAIN[0], PLAIN[1]]
        assert [p.souls for p in s.players] == [5, 10]
    else:
        s = P.build(position(players=rich, phase="soul", halt=["soul_gifts"],
                             # the owner has no unit there: seat 1 occupies it
                             units={souls.WISE_MEN: P.Units(legions={1: 1})},
                             dice=[3],  # two cards: the occupier's is Audit, the owner's the next one
                             decks=P.Decks(arcana=[AUDIT, *PLAIN[:2]])))
        start(s)
        assert s.players[1].hand == [] and s.players[0].hand == [PLAIN[0]]
        assert [p.souls for p in s.players] == [10, 5]
    assert s.arcana[-1] == AUDIT and s.dice_queue == []


def test_ruling_play_right_away_in_a_multi_card_draw_counts_as_drawn_by_lore():
    """Lore draws three: Audit first, then two plain cards, and no fourth."""
    s = P.build(position(players={0: dict(souls=10)}, decks=P.Decks(arcana=[AUDIT, *PLAIN[:3]])))
    ev: list = []
    spells.EFFECTS["lore"].apply(s, ev, Casting(caster=0, seat=0, card=LORE, key="lore"))
    assert s.players[0].hand == [PLAIN[0], PLAIN[1]]
    assert s.players[0].souls == 5 and s.arcana[-1] == AUDIT
    assert next(e for e in ev if e.key == "ev_magic_lore").params["n"] == 2


def test_ruling_play_right_away_in_a_multi_card_draw_counts_as_drawn_from_lilith_the_crone():
    """G35: the owner of the sectio draws 1 and 1 more per legion there: three
    for seat 0 here; the second is Audit and the third still comes."""
    s = P.build(position(players={0: dict(souls=10, sectios=[LIARS])}, units={LIARS: P.Units(legions={0: 2})},
                         lilith=P.Lilith(at=LIARS, aspect="crone"),
                         decks=P.Decks(arcana=[PLAIN[0], AUDIT, *PLAIN[1:3]])))
    ev: list = []
    lilith.crone(s, ev, LIARS)
    assert s.players[0].hand == [PLAIN[0], PLAIN[1]]
    assert s.players[0].souls == 5 and s.arcana[-1] == AUDIT
    assert next(e for e in ev if e.key == "ev_lilith_crone_cards").params["n"] == 2


# -- 2. The order of revealed Summoning orders ---------------------------------------------------------


def summoning_match(demons: list[list[str]], souls_: list[int], hands: dict[int, list] | None = None,
                    elsewhere: dict | None = None, **fields) -> State:
    """Each seat owns one sectio (30 + seat) with a legion there and one in
    Antehell, and holds ``hands``; ``elsewhere``: more units; ``fields``: more
    of the position (the arcana deck's top); the Summoning phase is open;
    the Action phase ends the test."""
    seats = range(len(demons))
    s = P.build(position(
        len(demons),
        players={seat: dict(demons=demons[seat], souls=souls_[seat], sectios=[30 + seat],
                            hand=(hands or {}).get(seat, [])) for seat in seats},
        units={**{30 + seat: P.Units(legions={seat: 1}) for seat in seats},
               "Antehell": P.Units(legions={seat: 1 for seat in seats}), **(elsewhere or {})},
        phase="summon", halt=["action"], **fields))
    start(s)
    return s


def recruit(s: State, seat: int) -> None:
    """The seat's order: recruit with the card in its hand, in its sectio."""
    (card,) = s.players[seat].hand
    answer(s, seat, "recruit", card, 30 + seat)


def tame(s: State, seat: int) -> None:
    (legion,) = dos(s, "tame", seat)
    answer(s, seat, "tame", legion)


def lieutenant_of(s: State, seat: int) -> int:
    (lt,) = board.lieutenants(s, seat)
    return lt.card


def test_ruling_summoning_orders_that_compete_for_nothing_roll_no_die_and_need_no_order(rolls):
    """Three equally rich players (10 souls at the start): seat 0 recruits,
    seat 1 tames with 8 hounds in the stack, seat 2 summons a legion. Nothing
    is contested: the only dice are the recruitment and the taming roll (the
    ``rolls`` queue fails on any other, a tie die for instance), and no order
    of summoning is announced."""
    s = summoning_match([["Baal"], ["Zagam"], ["Andras"]], [10, 10, 10], hands={0: [P.Card(minor="recruit", cost=0)]})
    recruit(s, 0)
    tame(s, 1)
    answer(s, 2, "legion", 32)
    rolls += [1, 1]  # the recruitment: box 1; the taming: caught
    answer(s, 0, "submit")
    answer(s, 1, "submit")
    ev = answer(s, 2, "submit")
    assert sorted(seat for seat, _ in rolls.log) == [0, 1] and not rolls
    assert "ev_summon_order" not in keys(ev)
    assert lieutenant_of(s, 0) == data.BOXES[0][0]
    assert board.hound_of(s, board.legions(s, 1)[1]) is not None
    assert len(board.legions(s, 2)) == 3


def test_ruling_competing_summoning_orders_go_richest_first_by_the_souls_at_the_reveal(rolls):
    """Both recruit and both roll box 1: the richer at the reveal takes its
    top lieutenant. Seat 0 began richer (20 against 14) but spent 10 on its
    order, seat 1 spent 2: seat 1 (12 at the reveal) goes first."""
    s = summoning_match([["Baal"], ["Zagam"]], [20, 14],
                        hands={0: [P.Card(minor="recruit", cost=1)], 1: [P.Card(minor="recruit", cost=2)]})
    for _ in range(3):
        answer(s, 0, "legion", 30)
    recruit(s, 0)
    recruit(s, 1)
    assert [p.souls for p in s.players] == [10, 12]
    rolls += [1, 1]
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
    assert [seat for seat, _ in rolls.log] == [1, 0]
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [1, 0]
    assert lieutenant_of(s, 1) == data.BOXES[0][0] and lieutenant_of(s, 0) == data.BOXES[0][1]


def test_ruling_competing_summoning_orders_of_equally_rich_players_go_by_the_rank_track(rolls):
    """Equally rich, both recruit from box 1: Baal (rank 14) stands above
    Zagam (47) on the rank track, so seat 1, Baal's, goes first; no die
    breaks the tie."""
    cost_2 = P.Card(minor="recruit", cost=2)  # two copies: each seat gets one
    s = summoning_match([["Zagam"], ["Baal"]], [10, 10], hands={0: [cost_2], 1: [cost_2]})
    recruit(s, 0)
    recruit(s, 1)
    rolls += [2, 1]  # both box 1 (1-2)
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
    assert [seat for seat, _ in rolls.log] == [1, 0] and not rolls
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [1, 0]
    assert lieutenant_of(s, 1) == data.BOXES[0][0] and lieutenant_of(s, 0) == data.BOXES[0][1]


def test_ruling_competing_summoning_orders_for_the_last_hellhound_go_by_the_rank_track(rolls):
    """One hound left, two equally rich players tame: Asmodeus (rank 5)
    stands above Baal (14); seat 1 tames first and catches it, seat 0's
    legion then finds the stack empty and rolls nothing."""
    # Every other hound counter roams the board: one is left in the stack.
    s = summoning_match([["Baal"], ["Asmodeus"]], [10, 10],
                        elsewhere={"Spies": P.Units(hounds=list(data.HOUND_ATTACKS[1:]))})
    assert len(s.hounds) == 1
    tame(s, 0)
    tame(s, 1)
    rolls.append(4)
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
    assert rolls.log == [(1, [4])]
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [1, 0]
    assert board.hound_of(s, board.legions(s, 1)[1]) is not None
    assert next(e for e in ev if e.key == "ev_tame_no_hounds").params["seat"] == 0


def bought(ev: list, seat: int) -> list[int]:
    """The cards ``seat`` was told privately it bought (Play Right Away ones included)."""
    return [e.params["card"] for e in ev
            if e.key in ("ev_card_bought", "ev_card_bought_pra") and e.visible_to == [seat]]


def test_ruling_competing_purchases_go_richest_first_the_richer_gets_the_top_arcana_card(rolls):
    """Both buy one card; seat 0 buys and submits first, but seat 1 is richer
    at the reveal (15 souls against 5): seat 1 gets the top card, seat 0 the
    next. Nothing is drawn while the orders are built, and no die is rolled."""
    s = summoning_match([["Baal"], ["Zagam"]], [10, 20], decks=P.Decks(arcana=PLAIN[:2]))
    answer(s, 0, "buy")
    assert s.players[0].hand == [] and s.arcana[:2] == PLAIN[:2]
    answer(s, 0, "submit")
    answer(s, 1, "buy")
    ev = answer(s, 1, "submit")
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [1, 0]
    assert s.players[1].hand == [PLAIN[0]] and s.players[0].hand == [PLAIN[1]]
    assert bought(ev, 1) == [PLAIN[0]] and bought(ev, 0) == [PLAIN[1]]
    assert rolls.log == []


def test_ruling_competing_purchases_of_equally_rich_players_go_by_the_rank_track(rolls):
    """Equally rich at the reveal (5 souls each), both buy: Baal (rank 14)
    stands above Zagam (47), so seat 1 takes the top card although seat 0
    bought first; no die breaks the tie."""
    s = summoning_match([["Zagam"], ["Baal"]], [10, 10], decks=P.Decks(arcana=PLAIN[:2]))
    answer(s, 0, "buy")
    answer(s, 1, "buy")
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
    assert s.players[1].hand == [PLAIN[0]] and s.players[0].hand == [PLAIN[1]]
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [1, 0]
    assert rolls.log == []


def test_ruling_a_single_buyer_competes_for_nothing_and_is_not_announced(rolls):
    """Only seat 0 buys (two cards), seat 1 summons a legion: nothing is
    contested, no order of summoning is told and no die is rolled; the two
    top cards reach seat 0 at the reveal."""
    s = summoning_match([["Baal"], ["Zagam"]], [10, 10], decks=P.Decks(arcana=PLAIN[:2]))
    answer(s, 0, "buy")
    answer(s, 0, "buy")
    answer(s, 1, "legion", 31)
    assert s.players[0].hand == []
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
    assert "ev_summon_order" not in keys(ev)
    assert s.players[0].hand == PLAIN[:2] and bought(ev, 0) == PLAIN[:2]
    assert len(board.legions(s, 1)) == 3 and rolls.log == []


def test_ruling_a_play_right_away_card_bought_takes_effect_at_the_reveal_and_counts_as_bought(rolls):
    """Seat 0 (20 souls at the reveal) buys two cards, seat 1 (5) one; seat 1
    clicks first. Richest first, seat 0 draws Audit and a plain card: Audit
    halves its souls at the reveal and is one of the two cards bought (not
    replaced); seat 1 gets the card after them."""
    s = summoning_match([["Baal"], ["Zagam"]], [30, 10], decks=P.Decks(arcana=[AUDIT, *PLAIN[:2]]))
    answer(s, 1, "buy")
    answer(s, 0, "buy")
    answer(s, 0, "buy")
    assert [p.souls for p in s.players] == [20, 5] and s.players[0].hand == []  # nothing drawn, no effect yet
    answer(s, 1, "submit")
    ev = answer(s, 0, "submit")
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [0, 1]
    assert next(e for e in ev if e.key == "ev_play_right_away").params == {"seat": 0, "card": AUDIT}
    assert "ev_pra_audit" in keys(ev) and s.players[0].souls == 10
    assert s.players[0].hand == [PLAIN[0]] and s.players[1].hand == [PLAIN[1]]
    assert bought(ev, 0) == [AUDIT, PLAIN[0]] and s.arcana[-1] == AUDIT
    assert next(e for e in ev if e.key == "ev_summoned_no_legions" and e.params["seat"] == 0).params["bought"] == 2
    assert rolls.log == []


def test_ruling_the_hand_limit_discard_comes_after_the_reveal(rolls):
    """Seat 0 holds five cards and buys one: no discard while the order is
    built; the orders are revealed and carried out (seat 1's legion is on the
    board), then seat 0 discards one card, secretly, before the Action phase."""
    s = summoning_match([["Baal"], ["Zagam"]], [10, 10], hands={0: PLAIN[:5]}, decks=P.Decks(arcana=[PLAIN[5]]))
    answer(s, 0, "buy")
    choices = {x.do for x in legal(s, 0)}
    assert "discard" not in choices and "submit" in choices and len(s.players[0].hand) == 5
    answer(s, 1, "legion", 31)
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
    assert "ev_summoned" in keys(ev) and len(board.legions(s, 1)) == 3  # the reveal is done
    assert s.players[0].hand == PLAIN[:6] and s.orders == {}
    assert [(a.seat, a.q, a.secret) for a in flow.open_asks(s)] == [(0, "discard", True)]
    ev = answer(s, 0, "discard", PLAIN[0])
    assert s.players[0].hand == PLAIN[1:6] and "ev_discarded" in keys(ev)
    assert s.step == "action" and not flow.open_asks(s) and rolls.log == []


def test_decision_an_incapacitated_demon_keeps_its_place_on_the_rank_track_for_the_summoning_order():
    """Where the ruling is silent (documented in summoning.py and the rules
    help): a triumvirate's best demon is its best living one, incapacitated
    or not; only dead demons leave the track. No die is rolled."""
    s = P.build(position(3, players={
        0: dict(demons=["Baal"], souls=7),
        1: dict(demons=["Zagam", P.Demon(name="Asmodeus", status="incapacitated")], souls=7),  # rank 5
        2: dict(demons=["Beelzebub"], souls=7)}))  # rank 8
    # Seat 2 is left with no living demon. The builder refuses such a triumvirate (it starts again at once,
    # 13.2.1); the summoning order still places one, after those with a living demon.
    board.demon_dies(s, demon(s, "Beelzebub"))
    assert summoning.richest_first(s, [0, 1, 2]) == [1, 0, 2]


def test_decision_the_cards_an_order_buys_are_drawn_before_its_legions_are_placed():
    """Where the ruling is silent (documented in summoning.py and the rules
    help): seat 0, owning sectio 30 with no legion, buys a card and summons a
    legion there. The card stays on the deck until the reveal; there it is
    Desertion, drawn before the legion is placed: no legion to disband, and
    the new legion stands."""
    s = P.build(position(players={0: dict(souls=10, sectios=[30])}, phase="summon", halt=["action"],
                         decks=P.Decks(arcana=[DESERTION])))
    start(s)
    answer(s, 0, "buy")
    answer(s, 0, "legion", 30)
    assert s.arcana[0] == DESERTION and board.legions(s, 0) == []
    answer(s, 1, "submit")
    ev = answer(s, 0, "submit")
    assert keys(ev).index("ev_pra_desertion_none") < keys(ev).index("ev_summoned")
    assert [u.at for u in board.legions(s, 0)] == [30] and s.players[0].souls == 2


def test_decision_a_purchase_the_arcana_deck_cannot_serve_at_the_reveal_is_refunded():
    """Where the ruling is silent: one card is left in the arcana deck and
    both buy it (no one may buy more cards than the deck holds). The richer
    gets it; the other's 5 souls come back."""
    s = summoning_match([["Baal"], ["Zagam"]], [20, 10], decks=P.Decks(arcana=[PLAIN[0]]))
    s.arcana = s.arcana[:1]  # the rest of the deck is gone
    answer(s, 0, "buy")
    answer(s, 1, "buy")
    assert "buy" not in {x.do for x in legal(s, 0)}
    answer(s, 0, "submit")
    ev = answer(s, 1, "submit")
    assert s.players[0].hand == [PLAIN[0]] and s.players[1].hand == []
    assert [p.souls for p in s.players] == [15, 10]
    assert next(e for e in ev if e.key == "ev_buy_refunded").params == {"seat": 1, "n": 5}


# -- 3. Dead demons go under the Daemon deck ----------------------------------------------------------


@pytest.mark.parametrize("how", ["on_earth", "legions_lost"])
def test_ruling_a_demon_killed_by_uriel_goes_under_the_daemon_deck(how):
    """10.1 and 3.1: whether it fails its save on Earth or pays for the
    legions Uriel destroyed, the dead demon's card goes to the bottom of the
    Daemon deck."""
    if how == "on_earth":
        s = P.build(position(3, players={0: dict(demons=[P.Demon(name="Beelzebub", walk=True), "Gomory", "Belphegor"])},
                             dice=[6]))  # above any demon's skulls: destroyed
        victim = demon(s, "Beelzebub")
        deck = list(s.demon_deck)
        uriel.summon(s, [])
    else:
        # six legions lost: the lowest-ranking demon dies without a roll
        s = P.build(position(3, uriel=P.Uriel(at="Earth"), units={"Antehell": P.Units(legions={1: 6})}))
        victim = uriel.lowest_demon(s, 1)
        deck = list(s.demon_deck)
        uriel.move(s, [])
    assert s.demons[victim].status == "dead"
    assert s.demon_deck == deck + [s.demons[victim].card]


def test_ruling_the_demons_of_an_eliminated_triumvirate_go_under_the_daemon_deck():
    """12.3.1 and 3.1: seat 1 has no sectio and there is no sectio to rescue
    it with: it is eliminated, and its two living demons join, under the
    Daemon deck, the one Uriel killed before (which is not put there twice)."""
    s = P.build(position(3, players={0: dict(sectios=[30]), 2: dict(sectios=[32])}))
    mine = [i for i, d in enumerate(s.demons) if d.owner == 1]
    deck = list(s.demon_deck)
    uriel.kill_demon(s, [], mine[0])
    ev: list = []
    petition.rescue(s, ev)
    assert s.players[1].out and "ev_eliminated" in keys(ev)
    assert all(s.demons[i].status == "dead" for i in mine)
    assert s.demon_deck == deck + [s.demons[i].card for i in mine]


# -- 4. The lieutenant boxes are public ---------------------------------------------------------------


def test_ruling_the_lieutenant_boxes_are_public_every_view_shows_their_lieutenants_in_order():
    """Boxes as a game may leave them (refilled from the Return box in the
    order of return, one emptied by recruitments): the spectator and every
    seat see the same names, top first, in the view and on the text board."""
    from engines.hellgame.engine import ENGINE
    from render.hellgame_text import board_text

    s = P.build(position(3, boxes=[[5, 0], [], [11, 2, 7]]))
    names = [[data.LIEUTENANTS[lt].name for lt in box] for box in s.boxes]
    assert names == [["Verin", "Shalmaneser"], [], ["Semiazas", "Alastor", "Babael"]]
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(s, seat)
        assert view.box_lieutenants == names, seat
        for locale in ("en", "de"):
            text = board_text(view, locale)
            assert "1: Verin, Shalmaneser; 2: –; 3: Semiazas, Alastor, Babael" in text, (seat, locale)
