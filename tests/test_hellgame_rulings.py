"""The HellGame: the rulings of shared/rules/hellgame.md ("Rulings on open
questions") that corrected the engine (issue 26), one test or more per
ruling, named after it:

1. A Play Right Away card drawn in a multi-card draw takes effect at once
   and counts as one of the cards drawn; it is not replaced and the draws
   after it still happen (the Hell phase's new arcana, the Wise Men, Lore,
   Lilith the Crone).
2. Revealed Summoning orders that compete for the same limited thing are
   carried out richest first (souls at the reveal), equally rich players by
   the rank track; no die is rolled for this, and orders that compete for
   nothing need no order.
3. Dead demons go under the Daemon deck (3.1), killed by Uriel or with an
   eliminated triumvirate.
4. The lieutenant boxes are public: every view, spectators' included, and
   the text board show which lieutenants lie in each box, top first.

States are built as the other HellGame tests build them: a started match
from ``initial_state`` whose fields are then set. Every die comes from the
``rolls`` queue, which fails a test on a die it did not expect."""

from __future__ import annotations

import pytest
from hellgame_dice import rolls  # noqa: F401 - a fixture

from engines.hellgame import engine as hellgame_engine  # noqa: F401  (registers every step, hook and spell)
from engines.hellgame.beings import lilith, uriel
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import ANTEHELL, Action, Being, Casting, Demon, State
from engines.hellgame.magic import spells
from engines.hellgame.phases import petition, summoning
from engines.hellgame.phases.soul import souls
from engines.hellgame.setup import initial_state

A = Action
PLAIN = [c.id for c in data.ARCANA if c.minor == "pass"]
WALKS = [c.id for c in data.ARCANA if c.minor == "walk"]
#: Audit halves the drawer's souls: an effect that rolls no die and shows in the souls.
AUDIT = next(c.id for c in data.ARCANA if c.major == "audit")
LORE = next(c.id for c in data.ARCANA if c.major == "lore")
LIARS = next(s.index for s in data.SECTIOS if s.name.lower().startswith("liars"))


def demon_card(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


def recruit_card(cost: int, n: int = 0) -> int:
    return [c.id for c in data.ARCANA if c.minor == "recruit" and c.cost == cost][n]


def fresh(seats: int = 2, demons: list[list[str]] | None = None) -> State:
    """A started match with an empty board, no hands, no souls, plain arcana;
    ``demons``: each seat's demons by name (default: those dealt)."""
    s = initial_state(seats, 7, {})
    s.asks, s.units, s.owner = [], [], [None] * 45
    s.arcana = list(PLAIN)
    s.permanent = {"heaven": None, "earth": None, "hell": None}
    s.uriel = s.lilith = None
    for p in s.players:
        p.hand, p.souls, p.favour, p.disfavour = [], 0, 1, 0
    if demons is not None:
        s.demons = [Demon(card=demon_card(n), owner=seat) for seat, names in enumerate(demons) for n in names]
    return s


def legion(s: State, seat: int, at: int, n: int = 1) -> list[int]:
    return [board.place(s, "legion", seat, at).id for _ in range(n)]


@pytest.fixture
def halt(monkeypatch):
    """``halt("soul")``: the procedure stops when it reaches that step (the
    next phase is another test's business)."""
    def at(step: str) -> None:
        monkeypatch.setitem(flow.STEPS, step, lambda s, ev: setattr(s, "over", True))
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


# -- 1. Play Right Away cards in multi-card draws ---------------------------------------------------


def test_ruling_play_right_away_in_a_multi_card_draw_counts_as_drawn_in_the_hell_phase(rolls, halt):
    """New arcana (6.3): seat 0 draws three (three active demons, no
    disfavour); its second card is Audit: two plain cards reach the hand, the
    third draw still happens, and seat 1's draws start right after them."""
    halt("soul")
    s = fresh(2)
    s.round = 2
    s.players[0].souls = 10
    s.arcana = [PLAIN[0], AUDIT] + PLAIN[1:]
    ev = run(s, "hell_arcana")
    assert s.players[0].hand == [PLAIN[0], PLAIN[1]]  # not replaced by PLAIN[2]
    assert s.players[1].hand == PLAIN[2:5]
    assert s.players[0].souls == 5 and keys(ev).count("ev_pra_audit") == 1
    assert s.arcana[-1] == AUDIT  # under the deck, as every card that has done its work
    public = next(e for e in ev if e.key == "ev_new_arcana" and e.params["seat"] == 0)
    assert public.params["n"] == 2  # what the others learn: two cards went to the hand


@pytest.mark.parametrize("who", ["owner", "occupier"])
def test_ruling_play_right_away_in_a_multi_card_draw_counts_as_drawn_for_the_wise_men(rolls, halt, who):
    """7.3.3: the owner's roll decides how many cards come; an occupier takes
    the first. A Play Right Away card among them is one of them."""
    halt("soul_gifts")
    s = fresh(2)
    s.owner[souls.WISE_MEN] = 0
    for p in s.players:
        p.souls = 10  # what Audit halves
    if who == "owner":
        rolls.append(6)  # three cards; the second is Audit, the third still comes
        s.arcana = [PLAIN[0], AUDIT] + PLAIN[1:]
        run(s, "soul")
        assert s.players[0].hand == [PLAIN[0], PLAIN[1]]
        assert [p.souls for p in s.players] == [5, 10]
    else:
        legion(s, 1, souls.WISE_MEN)  # the owner has no unit there: seat 1 occupies it
        rolls.append(3)  # two cards: the occupier's is Audit, the owner's the next one
        s.arcana = [AUDIT] + PLAIN
        run(s, "soul")
        assert s.players[1].hand == [] and s.players[0].hand == [PLAIN[0]]
        assert [p.souls for p in s.players] == [10, 5]
    assert s.arcana[-1] == AUDIT and not rolls


def test_ruling_play_right_away_in_a_multi_card_draw_counts_as_drawn_by_lore(rolls):
    """Lore draws three: Audit first, then two plain cards, and no fourth."""
    s = fresh(2)
    s.players[0].souls = 10
    s.arcana = [AUDIT] + PLAIN
    ev: list = []
    spells.EFFECTS["lore"].apply(s, ev, Casting(caster=0, seat=0, card=LORE, key="lore"))
    assert s.players[0].hand == [PLAIN[0], PLAIN[1]]
    assert s.players[0].souls == 5 and s.arcana[-1] == AUDIT
    assert next(e for e in ev if e.key == "ev_magic_lore").params["n"] == 2


def test_ruling_play_right_away_in_a_multi_card_draw_counts_as_drawn_from_lilith_the_crone(rolls):
    """G35: the owner of the sectio draws 1 and 1 more per legion there: three
    for seat 0 here; the second is Audit and the third still comes."""
    s = fresh(2)
    s.owner[LIARS] = 0
    legion(s, 0, LIARS, 2)
    s.players[0].souls = 10
    s.arcana = [PLAIN[0], AUDIT] + PLAIN[1:]
    s.lilith = Being(at=LIARS, stage="crone", since=s.round)
    ev: list = []
    lilith.crone(s, ev, LIARS)
    assert s.players[0].hand == [PLAIN[0], PLAIN[1]]
    assert s.players[0].souls == 5 and s.arcana[-1] == AUDIT
    assert next(e for e in ev if e.key == "ev_lilith_crone_cards").params["n"] == 2


# -- 2. The order of revealed Summoning orders ---------------------------------------------------------


def summoning_match(demons: list[list[str]], souls_: list[int]) -> State:
    """Each seat owns one sectio (30 + seat) with a legion there and one in
    Antehell; the Summoning phase is open; the Action phase ends the test."""
    s = fresh(len(demons), demons)
    for seat, n in enumerate(souls_):
        s.owner[30 + seat] = seat
        legion(s, seat, 30 + seat)
        legion(s, seat, ANTEHELL)
        s.players[seat].souls = n
    run(s, "summon")
    return s


def recruit(s: State, seat: int, card: int) -> None:
    s.players[seat].hand.append(card)
    answer(s, seat, A(do="recruit", a=card, b=30 + seat))


def tame(s: State, seat: int) -> None:
    (tamer,) = [x for x in flow.legal(s, seat) if x.do == "tame"]
    answer(s, seat, tamer)


def lieutenant_of(s: State, seat: int) -> int:
    (lt,) = board.lieutenants(s, seat)
    return lt.card


def test_ruling_summoning_orders_that_compete_for_nothing_roll_no_die_and_need_no_order(rolls, halt):
    """Three equally rich players (10 souls at the start): seat 0 recruits,
    seat 1 tames with 8 hounds in the stack, seat 2 summons a legion. Nothing
    is contested: the only dice are the recruitment and the taming roll (the
    ``rolls`` queue fails on any other, a tie die for instance), and no order
    of summoning is announced."""
    halt("action")
    s = summoning_match([["Baal"], ["Zagam"], ["Andras"]], [10, 10, 10])
    recruit(s, 0, recruit_card(0))
    tame(s, 1)
    answer(s, 2, A(do="legion", a=32))
    rolls += [1, 1]  # the recruitment: box 1; the taming: caught
    answer(s, 0, A(do="submit"))
    answer(s, 1, A(do="submit"))
    ev = answer(s, 2, A(do="submit"))
    assert sorted(seat for seat, _ in rolls.log) == [0, 1] and not rolls
    assert "ev_summon_order" not in keys(ev)
    assert lieutenant_of(s, 0) == data.BOXES[0][0]
    assert board.hound_of(s, board.legions(s, 1)[1]) is not None
    assert len(board.legions(s, 2)) == 3


def test_ruling_competing_summoning_orders_go_richest_first_by_the_souls_at_the_reveal(rolls, halt):
    """Both recruit and both roll box 1: the richer at the reveal takes its
    top lieutenant. Seat 0 began richer (20 against 14) but spent 10 on its
    order, seat 1 spent 2: seat 1 (12 at the reveal) goes first."""
    halt("action")
    s = summoning_match([["Baal"], ["Zagam"]], [20, 14])
    for _ in range(3):
        answer(s, 0, A(do="legion", a=30))
    recruit(s, 0, recruit_card(1))
    recruit(s, 1, recruit_card(2))
    assert [p.souls for p in s.players] == [10, 12]
    rolls += [1, 1]
    answer(s, 0, A(do="submit"))
    ev = answer(s, 1, A(do="submit"))
    assert [seat for seat, _ in rolls.log] == [1, 0]
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [1, 0]
    assert lieutenant_of(s, 1) == data.BOXES[0][0] and lieutenant_of(s, 0) == data.BOXES[0][1]


def test_ruling_competing_summoning_orders_of_equally_rich_players_go_by_the_rank_track(rolls, halt):
    """Equally rich, both recruit from box 1: Baal (rank 14) stands above
    Zagam (47) on the rank track, so seat 1, Baal's, goes first; no die
    breaks the tie."""
    halt("action")
    s = summoning_match([["Zagam"], ["Baal"]], [10, 10])
    recruit(s, 0, recruit_card(2, 0))
    recruit(s, 1, recruit_card(2, 1))
    rolls += [2, 1]  # both box 1 (1-2)
    answer(s, 0, A(do="submit"))
    ev = answer(s, 1, A(do="submit"))
    assert [seat for seat, _ in rolls.log] == [1, 0] and not rolls
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [1, 0]
    assert lieutenant_of(s, 1) == data.BOXES[0][0] and lieutenant_of(s, 0) == data.BOXES[0][1]


def test_ruling_competing_summoning_orders_for_the_last_hellhound_go_by_the_rank_track(rolls, halt):
    """One hound left, two equally rich players tame: Asmodeus (rank 5)
    stands above Baal (14); seat 1 tames first and catches it, seat 0's
    legion then finds the stack empty and rolls nothing."""
    halt("action")
    s = summoning_match([["Baal"], ["Asmodeus"]], [10, 10])
    s.hounds = s.hounds[:1]
    tame(s, 0)
    tame(s, 1)
    rolls.append(4)
    answer(s, 0, A(do="submit"))
    ev = answer(s, 1, A(do="submit"))
    assert rolls.log == [(1, [4])]
    assert next(e for e in ev if e.key == "ev_summon_order").params["seats"] == [1, 0]
    assert board.hound_of(s, board.legions(s, 1)[1]) is not None
    assert next(e for e in ev if e.key == "ev_tame_no_hounds").params["seat"] == 0


def test_decision_an_incapacitated_demon_keeps_its_place_on_the_rank_track_for_the_summoning_order(rolls):
    """Where the ruling is silent (documented in summoning.py and the rules
    help): a triumvirate's best demon is its best living one, incapacitated
    or not; only dead demons leave the track. No die is rolled."""
    s = fresh(3, [["Baal"], ["Zagam", "Asmodeus"], ["Beelzebub"]])
    s.demons[2].status = "incapacitated"  # Asmodeus, rank 5
    s.demons[3].status = "dead"  # Beelzebub, rank 8: seat 2 has no living demon
    for p in s.players:
        p.souls = 7
    assert summoning.richest_first(s, [0, 1, 2]) == [1, 0, 2]


# -- 3. Dead demons go under the Daemon deck ----------------------------------------------------------


@pytest.mark.parametrize("how", ["on_earth", "legions_lost"])
def test_ruling_a_demon_killed_by_uriel_goes_under_the_daemon_deck(rolls, how):
    """10.1 and 3.1: whether it fails its save on Earth or pays for the
    legions Uriel destroyed, the dead demon's card goes to the bottom of the
    Daemon deck."""
    s = fresh(3)
    deck = list(s.demon_deck)
    if how == "on_earth":
        victim = next(i for i, d in enumerate(s.demons) if d.owner == 0)
        s.demons[victim].walk = WALKS[0]
        rolls.append(6)  # above any demon's skulls: destroyed
        uriel.summon(s, [])
    else:
        s.uriel = Being(at=None, stage="earth", since=s.round, data={"card": None, "lost": {}, "lost_round": s.round})
        legion(s, 1, ANTEHELL, 6)  # six legions lost: the lowest-ranking demon dies without a roll
        victim = uriel.lowest_demon(s, 1)
        uriel.move(s, [])
    assert s.demons[victim].status == "dead"
    assert s.demon_deck == deck + [s.demons[victim].card]


def test_ruling_the_demons_of_an_eliminated_triumvirate_go_under_the_daemon_deck(rolls):
    """12.3.1 and 3.1: seat 1 has no sectio and there is no sectio to rescue
    it with: it is eliminated, and its two living demons join, under the
    Daemon deck, the one Uriel killed before (which is not put there twice)."""
    s = fresh(3)
    s.owner[30], s.owner[32] = 0, 2
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

    s = fresh(3)
    s.boxes = [[5, 0], [], [11, 2, 7]]
    names = [[data.LIEUTENANTS[lt].name for lt in box] for box in s.boxes]
    assert names == [["Verin", "Shalmaneser"], [], ["Semiazas", "Alastor", "Babael"]]
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(s, seat)
        assert view.box_lieutenants == names, seat
        for locale in ("en", "de"):
            text = board_text(view, locale)
            assert "1: Verin, Shalmaneser; 2: –; 3: Semiazas, Alastor, Babael" in text, (seat, locale)
