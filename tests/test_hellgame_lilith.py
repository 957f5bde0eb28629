"""The HellGame, part 3: Lilith (10.2, 6.2.2, 9.5.2.4; G32-G36), with the
digest's fixture 13 and the 10.2 example walk."""

from __future__ import annotations

from engines.hellgame import position as P
from engines.hellgame.beings import wild
from engines.hellgame.core import board, data, flight, flow
from engines.hellgame.core.model import ANTEHELL, Phenomenon, State
from engines.hellgame.magic import spells
from engines.hellgame.phases.hell import hellcards
from hellgame_driver import (  # noqa: F401 - rolls is a fixture
    A, answer, keys, legal, rolls, start, units)

SPIES, MIRACLE, FALSIFIERS, WISE = 0, 5, 6, 43
#: The triumvirates these tests were written with (a match's deal).
TRIUMVIRATES = (["Beelzebub", "Gomory", "Belphegor"], ["Thamuz", "Asmodeus", "Pruflas"], ["Andras", "Baal", "Zagam"])


def position(favour: int = 0, players: dict[int, dict] | None = None, **fields) -> P.Position:
    """Three players with no souls, no cards and ``favour`` each (none:
    nobody courts Lilith; ``players``: a seat's fields that differ), an empty
    board, the hound stack 3, 2, 4 from the top."""
    changed = players or {}
    return P.Position(players=[P.Player(**{"demons": TRIUMVIRATES[seat], "souls": 0, "favour": favour,
                                           **changed.get(seat, {})}) for seat in range(3)],
                      **{"decks": P.Decks(hounds=[3, 2, 4]), **fields})


def random_phase(at: int | str = "Antehell", aspect: str = "", **fields) -> State:
    """The Random Move phase with Lilith in ``at`` (her last aspect
    ``aspect``), halted when the hounds' turn comes (10.3 is not hers)."""
    return P.build(position(lilith=P.Lilith(at=at, aspect=aspect), phase="random",
                            **{"halt": ["random_hounds"], **fields}))


def test_10_lilith_moves_as_a_being_after_uriel():
    names = [f.__module__ for f in wild.BEINGS]
    assert "engines.hellgame.beings.lilith" in names
    if "engines.hellgame.beings.uriel" in names:
        assert names.index("engines.hellgame.beings.uriel") < names.index("engines.hellgame.beings.lilith")


def test_10_2_appears_by_lilith_visit_and_love_for_lilith():
    s, ev = P.build(position(round=3)), []
    hellcards.NOW["liliths_visit"](s, ev)
    assert s.lilith is not None and s.lilith.at == ANTEHELL and s.lilith.since == 3
    assert "ev_lilith_appears" in keys(ev)
    s2 = P.build(position())
    for hook in spells.SUMMON_LILITH:
        hook(s2, ev)
    assert s2.lilith is not None and s2.lilith.at == ANTEHELL


def test_10_2_digest_example_walk_and_fixture_13_mother(rolls):
    """Lilith in FALSIFIERS, nobody courts her; aspect 4 = Mother; 2 ->
    MIRACLE WORKERS (1 hound -> 2); 5 stays; 1 -> SPIES (2+1 legions -> 4+2);
    1 -> the Pentagram: she leaves the game."""
    s = random_phase(FALSIFIERS, "virgin", units={MIRACLE: P.Units(hounds=[3]), SPIES: P.Units(legions={0: 2, 1: 1})})
    (hound,) = units(s, MIRACLE)
    rolls += [4, 2, 5, 1, 1]
    ev = start(s)
    assert s.lilith is None
    hounds = units(s, MIRACLE, "hound")
    assert len(hounds) == 2 and hound.id in {h.id for h in hounds}
    assert all(h.keeper is None for h in hounds)
    at_spies = units(s, SPIES)
    assert sum(u.owner == 0 for u in at_spies) == 4 and sum(u.owner == 1 for u in at_spies) == 2
    assert "ev_lilith_mother_aspect" in keys(ev) and "ev_lilith_pentagram" in keys(ev)
    assert not rolls


def test_G32_aspect_rolled_again_until_it_changes(rolls):
    s = random_phase(FALSIFIERS, "mother")
    rolls += [3, 4, 5, 5, 5, 5, 5]  # Mother twice (last round's), then Crone
    start(s)
    assert s.lilith.stage == "crone" and s.lilith.at == FALSIFIERS
    assert not rolls


def test_G34_first_move_appears_in_a_rolled_limbo_sectio(rolls):
    s = random_phase()
    rolls += [1, 6, 3, 5, 5, 5]  # Virgin; quarter 6 re-rolled, 3 -> Limbo of quarter 2
    start(s)
    assert s.lilith.at == data.sectio_at(8, 2) and s.lilith.stage == "virgin"
    assert not rolls


def test_10_2_into_antehell_she_leaves(rolls):
    s = random_phase(data.sectio_at(8, 0))
    rolls += [1, 3]  # Virgin; "out" from Limbo
    ev = start(s)
    assert s.lilith is None and "ev_lilith_antehell" in keys(ev)


def test_10_2_virgin_slays_every_unit_and_nobody_flees(rolls):
    s = random_phase(FALSIFIERS, "crone", units={MIRACLE: P.Units(
        legions={0: 1}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=1)],
        hounds=[P.Hound(attacks=2, keeper=0), 3])})
    rolls += [1, 2, 5, 5, 5]
    start(s)
    assert units(s, MIRACLE) == [] and s.lilith.at == MIRACLE


def test_G35_crone_gives_cards_to_owner_and_per_legion(rolls):
    s = random_phase(FALSIFIERS, players={0: dict(disfavour=3),  # no disfavour rolls for her gifts
                                          2: dict(sectios=[MIRACLE])},
                     units={MIRACLE: P.Units(legions={0: 2, 1: 1})})
    rolls += [5, 2, 5, 5, 5]
    start(s)
    assert [len(p.hand) for p in s.players] == [2, 1, 1]


def test_G35_crone_cards_hand_limit(rolls):
    # The discard question opens as her move ends and the hounds' turn comes (at step random_hounds):
    # answered, the procedure halts there, before the hounds move.
    s = random_phase(FALSIFIERS, players={0: dict(hand=[P.Card(minor="pass")] * 5)},
                     units={MIRACLE: P.Units(legions={0: 1})})
    rolls += [6, 2, 5, 5, 5]
    start(s)
    assert len(s.players[0].hand) == 6
    (a,) = flow.open_asks(s)
    assert a.q == "discard" and a.seat == 0 and s.step == "random_hounds"  # her move is over
    x = legal(s, 0)[0]
    answer(s, 0, x.do, x.a)
    assert len(s.players[0].hand) == 5 and s.step == "random_hounds" and not flow.open_asks(s)


def test_G36_mother_limits_legions_and_hound_counters_free_keeper(rolls):
    # the stack holds one counter (1 attack): the game's other seven are on the board
    s = random_phase(FALSIFIERS, units={
        SPIES: P.Units(legions={0: 10}),
        MIRACLE: P.Units(legions={0: 2}, hounds=[P.Hound(attacks=2, keeper=0), 4]),
        WISE: P.Units(hounds=[4, 3, 3, 2, 2])}, decks=P.Decks(hounds=[1]))
    assert s.hounds == [1]
    k1 = units(s, MIRACLE, "legion")[0]
    rolls += [3, 2, 5, 5, 5]
    start(s)
    legions = units(s, MIRACLE, "legion")
    assert len(legions) == 2 and len(board.legions(s, 0)) == 12  # 12 at most: none gained
    hounds = units(s, MIRACLE, "hound")
    assert len(hounds) == 3 and s.hounds == []
    new = next(u for u in hounds if u.card == 1)
    assert new.owner == 0 and new.keeper is not None and new.keeper != k1.id


def test_G36_new_hound_wild_without_free_keeper(rolls):
    # the 12th legion at Miracle Workers: no new legion, no free keeper
    s = random_phase(FALSIFIERS, units={SPIES: P.Units(legions={0: 11}),
                                        MIRACLE: P.Units(legions={0: 1}, hounds=[P.Hound(attacks=2, keeper=0)])})
    (h,) = units(s, MIRACLE, "hound")
    rolls += [3, 2, 5, 5, 5]
    start(s)
    new = [u for u in units(s, MIRACLE, "hound") if u.id != h.id]
    assert len(new) == 1 and new[0].keeper is None and new[0].owner is None
    assert len(board.legions(s, 0)) == 12


def test_10_2_meeting_uriel_destroys_him(rolls):
    s = random_phase(FALSIFIERS, uriel=P.Uriel(at=MIRACLE))
    rolls += [5, 5, 5, 5]  # Uriel moves first: four steps without movement (G29)
    rolls += [1, 2, 5, 5, 5]
    ev = start(s)
    assert s.uriel is None and s.lilith.at == MIRACLE and "ev_lilith_uriel" in keys(ev)


def test_G33_courting_duel_of_hearts_and_steering(rolls):
    s = random_phase(FALSIFIERS, favour=1,
                     players={seat: dict(demons=[name]) for seat, name in enumerate(("Agares", "Beelzebub", "Andras"))})
    start(s)
    asks = flow.open_asks(s)
    assert sorted(a.seat for a in asks) == [0, 1, 2] and all(a.q == "lilith_court" for a in asks)
    answer(s, 2, "no")
    answer(s, 0, "court", 0)
    h0, h1 = data.DEMONS[s.demons[0].card].hearts, data.DEMONS[s.demons[1].card].hearts
    rolls += [1] * h0 + [1] * h1  # a tie: both roll again
    rolls += [6] * h0 + [1] * h1  # seat 0 wins
    rolls += [5]  # Crone
    answer(s, 1, "court", 1)
    assert not rolls and [p.favour for p in s.players] == [0, 0, 1]
    assert s.lilith.stage == "crone"
    (a,) = flow.open_asks(s)
    assert a.q == "lilith_steer" and a.seat == 0
    answer(s, 0, "go", 2)  # ccw -> MIRACLE WORKERS
    assert s.lilith.at == MIRACLE
    answer(s, 0, "stay")
    answer(s, 0, "go", 1)  # in -> SPIES
    assert s.lilith.at == SPIES
    assert A(do="go", a=1) in legal(s, 0)
    answer(s, 0, "go", 1)  # into the Pentagram
    assert s.lilith is None and s.step == "random_hounds"  # her move is over


def test_G33_court_default_is_no(rolls):
    # only seat 0 has favour to spend: nobody else may court her
    s = random_phase(FALSIFIERS, players={0: dict(demons=["Agares"], favour=1)})
    start(s)
    (a,) = flow.open_asks(s)
    assert flow.QUESTIONS["lilith_court"].passive(s, a) == A(do="no")
    rolls += [5, 5, 5, 5, 5]
    answer(s, 0, "no")
    assert s.players[0].favour == 1 and s.lilith.at == FALSIFIERS and s.lilith.data == {}


def test_9_5_2_4_units_stop_in_her_sectio_and_hounds_avoid_it():
    s = P.build(position(lilith=P.Lilith(at=MIRACLE)))
    assert flight.stops_here(s, MIRACLE) and not flight.stops_here(s, SPIES)
    assert flight.forced_stop(s, MIRACLE, 0, lone=True) == "ev_stop_phenomenon"
    assert flight.hound_avoids(s, MIRACLE)


def test_10_3_rampaging_hound_rolls_again_away_from_her():
    # 2 would lead to her: rolled again, 1 -> in
    s = P.build(position(lilith=P.Lilith(at=MIRACLE), units={FALSIFIERS: P.Units(hounds=[2])},
                         dice=[2, 1, 5, 5, 5, 5, 5], strict_dice=True))
    (hound,) = units(s, FALSIFIERS)
    wild.rampage(s, hound, [])
    assert hound.at == data.sectio_at(0, 1)
    assert s.dice_queue == []


def test_6_2_2_cave_in_drives_her_out_earthquake_rolls():
    s, ev = P.build(position(lilith=P.Lilith(at=MIRACLE), strict_dice=True)), []
    hellcards.phenomenon_effect(s, ev, Phenomenon(kind="quagmire", sectios=[MIRACLE]))
    assert s.lilith is not None
    hellcards.phenomenon_effect(s, ev, Phenomenon(kind="cave_in", sectios=[MIRACLE]))
    assert s.lilith is None
    s = P.build(position(lilith=P.Lilith(at=MIRACLE), dice=[3, 2], strict_dice=True))
    hellcards.phenomenon_effect(s, ev, Phenomenon(kind="earthquake", sectios=[MIRACLE]))
    assert s.lilith is not None
    hellcards.phenomenon_effect(s, ev, Phenomenon(kind="earthquake", sectios=[MIRACLE]))
    assert s.lilith is None and s.dice_queue == []
