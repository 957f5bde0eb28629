"""The HellGame, part 3: Lilith (10.2, 6.2.2, 9.5.2.4; G32-G36), with the
digest's fixture 13 and the 10.2 example walk."""

from __future__ import annotations

import pytest

from engines.hellgame.beings import lilith, wild  # noqa: F401
from engines.hellgame.core import board, data, dice, flight, flow
from engines.hellgame.core.model import ANTEHELL, Action, Being, Demon, Phenomenon, State
from engines.hellgame.magic import spells
from engines.hellgame.phases.hell import hellcards
from engines.hellgame.setup import initial_state

A = Action
PLAIN = [c.id for c in data.ARCANA if c.minor == "pass"]


def sectio(prefix: str) -> int:
    (hit,) = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    return hit


SPIES, MIRACLE, FALSIFIERS = sectio("Spies"), sectio("Miracle"), sectio("Falsifiers")


def demon_card(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


@pytest.fixture
def rolls(monkeypatch):
    queue: list[int] = []

    def roll(state, seat, n=1):
        return [queue.pop(0) for _ in range(n)]

    monkeypatch.setattr(dice, "roll", roll)
    monkeypatch.setattr(wild, "BEINGS", [lilith._being])  # Uriel (moving first) is tested elsewhere
    # stop the procedure when the hounds' turn comes
    monkeypatch.setitem(flow.STEPS, "random_hounds", lambda s, e: setattr(s, "over", True))
    return queue


def fresh(seats: int = 3, favour: int = 0) -> State:
    s = initial_state(seats, 7, {})
    s.asks, s.units, s.owner = [], [], [None] * 45
    s.arcana = list(PLAIN)
    s.hounds = [3, 2, 4]
    for p in s.players:
        p.hand, p.souls, p.favour, p.disfavour = [], 0, favour, 0
    return s


def random_phase(s: State, at: int = ANTEHELL, stage: str = "") -> list:
    s.lilith = Being(at=at, stage=stage, since=s.round)
    s.step = s.phase = "random"
    events: list = []
    flow.advance(s, events)
    return events


def keys(events) -> list[str]:
    return [e.key for e in events]


def test_10_lilith_moves_as_a_being_after_uriel():
    names = [f.__module__ for f in wild.BEINGS]
    assert "engines.hellgame.beings.lilith" in names
    if "engines.hellgame.beings.uriel" in names:
        assert names.index("engines.hellgame.beings.uriel") < names.index("engines.hellgame.beings.lilith")


def test_10_2_appears_by_lilith_visit_and_love_for_lilith():
    s, ev = fresh(), []
    s.round = 3
    hellcards.NOW["liliths_visit"](s, ev)
    assert s.lilith is not None and s.lilith.at == ANTEHELL and s.lilith.since == 3
    assert "ev_lilith_appears" in keys(ev)
    s2 = fresh()
    for hook in spells.SUMMON_LILITH:
        hook(s2, ev)
    assert s2.lilith is not None and s2.lilith.at == ANTEHELL


def test_10_2_digest_example_walk_and_fixture_13_mother(rolls):
    """Lilith in FALSIFIERS, nobody courts her; aspect 4 = Mother; 2 ->
    MIRACLE WORKERS (1 hound -> 2); 5 stays; 1 -> SPIES (2+1 legions -> 4+2);
    1 -> the Pentagram: she leaves the game."""
    s = fresh()
    hound = board.place(s, "hound", None, MIRACLE, card=3)
    for owner in (0, 0, 1):
        board.place(s, "legion", owner, SPIES)
    rolls += [4, 2, 5, 1, 1]
    ev = random_phase(s, FALSIFIERS, stage="virgin")
    assert s.lilith is None
    hounds = [u for u in board.units_at(s, MIRACLE) if u.kind == "hound"]
    assert len(hounds) == 2 and hound.id in {h.id for h in hounds}
    assert all(h.keeper is None for h in hounds)
    at_spies = board.units_at(s, SPIES)
    assert sum(u.owner == 0 for u in at_spies) == 4 and sum(u.owner == 1 for u in at_spies) == 2
    assert "ev_lilith_mother_aspect" in keys(ev) and "ev_lilith_pentagram" in keys(ev)
    assert not rolls


def test_G32_aspect_rolled_again_until_it_changes(rolls):
    s = fresh()
    rolls += [3, 4, 5, 5, 5, 5, 5]  # Mother twice (last round's), then Crone
    random_phase(s, FALSIFIERS, stage="mother")
    assert s.lilith.stage == "crone" and s.lilith.at == FALSIFIERS
    assert not rolls


def test_G34_first_move_appears_in_a_rolled_limbo_sectio(rolls):
    s = fresh()
    rolls += [1, 6, 3, 5, 5, 5]  # Virgin; quarter 6 re-rolled, 3 -> Limbo of quarter 2
    random_phase(s)
    assert s.lilith.at == data.sectio_at(8, 2) and s.lilith.stage == "virgin"
    assert not rolls


def test_10_2_into_antehell_she_leaves(rolls):
    s = fresh()
    rolls += [1, 3]  # Virgin; "out" from Limbo
    ev = random_phase(s, data.sectio_at(8, 0))
    assert s.lilith is None and "ev_lilith_antehell" in keys(ev)


def test_10_2_virgin_slays_every_unit_and_nobody_flees(rolls):
    s = fresh()
    keeper = board.place(s, "legion", 0, MIRACLE)
    h = board.place(s, "hound", 0, MIRACLE, card=2)
    h.keeper = keeper.id
    board.place(s, "lieutenant", 1, MIRACLE, card=0)
    board.place(s, "hound", None, MIRACLE, card=3)
    rolls += [1, 2, 5, 5, 5]
    random_phase(s, FALSIFIERS, stage="crone")
    assert board.units_at(s, MIRACLE) == [] and s.lilith.at == MIRACLE


def test_G35_crone_gives_cards_to_owner_and_per_legion(rolls):
    s = fresh()
    s.owner[MIRACLE] = 2
    board.place(s, "legion", 0, MIRACLE)
    board.place(s, "legion", 0, MIRACLE)
    board.place(s, "legion", 1, MIRACLE)
    s.players[0].disfavour = 3  # no disfavour rolls for her gifts
    rolls += [5, 2, 5, 5, 5]
    random_phase(s, FALSIFIERS)
    assert [len(p.hand) for p in s.players] == [2, 1, 1]


def test_G35_crone_cards_hand_limit(rolls):
    s = fresh()
    s.players[0].hand = PLAIN[-5:]
    s.arcana = PLAIN[:-5]
    board.place(s, "legion", 0, MIRACLE)
    rolls += [6, 2, 5, 5, 5]
    random_phase(s, FALSIFIERS)
    assert len(s.players[0].hand) == 6
    (a,) = flow.open_asks(s)
    assert a.q == "discard" and a.seat == 0
    flow.answer(s, 0, A(do=flow.legal(s, 0)[0].do, a=flow.legal(s, 0)[0].a), [])
    assert len(s.players[0].hand) == 5 and s.over


def test_G36_mother_limits_legions_and_hound_counters_free_keeper(rolls):
    s = fresh()
    for _ in range(10):
        board.place(s, "legion", 0, SPIES)
    k1 = board.place(s, "legion", 0, MIRACLE)
    board.place(s, "legion", 0, MIRACLE)
    h = board.place(s, "hound", 0, MIRACLE, card=2)
    h.keeper = k1.id
    board.place(s, "hound", None, MIRACLE, card=4)
    s.hounds = [5]
    rolls += [3, 2, 5, 5, 5]
    random_phase(s, FALSIFIERS)
    legions = [u for u in board.units_at(s, MIRACLE) if u.kind == "legion"]
    assert len(legions) == 2 and len(board.legions(s, 0)) == 12  # 12 at most: none gained
    hounds = [u for u in board.units_at(s, MIRACLE) if u.kind == "hound"]
    assert len(hounds) == 3 and s.hounds == []
    new = next(u for u in hounds if u.card == 5)
    assert new.owner == 0 and new.keeper is not None and new.keeper != k1.id


def test_G36_new_hound_wild_without_free_keeper(rolls):
    s = fresh()
    for _ in range(11):
        board.place(s, "legion", 0, SPIES)
    k1 = board.place(s, "legion", 0, MIRACLE)  # the 12th: no new legion, no free keeper
    h = board.place(s, "hound", 0, MIRACLE, card=2)
    h.keeper = k1.id
    rolls += [3, 2, 5, 5, 5]
    random_phase(s, FALSIFIERS)
    new = [u for u in board.units_at(s, MIRACLE) if u.kind == "hound" and u.id != h.id]
    assert len(new) == 1 and new[0].keeper is None and new[0].owner is None
    assert len(board.legions(s, 0)) == 12


def test_10_2_meeting_uriel_destroys_him(rolls):
    s = fresh()
    s.uriel = Being(at=MIRACLE, stage="hell")
    rolls += [1, 2, 5, 5, 5]
    ev = random_phase(s, FALSIFIERS)
    assert s.uriel is None and s.lilith.at == MIRACLE and "ev_lilith_uriel" in keys(ev)


def test_G33_courting_duel_of_hearts_and_steering(rolls):
    s = fresh(favour=1)
    s.demons = [Demon(card=demon_card(n), owner=i) for i, n in enumerate(("Agares", "Beelzebub", "Andras"))]
    ev = random_phase(s, FALSIFIERS)
    asks = flow.open_asks(s)
    assert sorted(a.seat for a in asks) == [0, 1, 2] and all(a.q == "lilith_court" for a in asks)
    flow.answer(s, 2, A(do="no"), ev)
    flow.answer(s, 0, A(do="court", a=0), ev)
    h0, h1 = data.DEMONS[s.demons[0].card].hearts, data.DEMONS[s.demons[1].card].hearts
    rolls += [1] * h0 + [1] * h1  # a tie: both roll again
    rolls += [6] * h0 + [1] * h1  # seat 0 wins
    rolls += [5]  # Crone
    flow.answer(s, 1, A(do="court", a=1), ev)
    assert not rolls and [p.favour for p in s.players] == [0, 0, 1]
    assert s.lilith.stage == "crone"
    (a,) = flow.open_asks(s)
    assert a.q == "lilith_steer" and a.seat == 0
    flow.answer(s, 0, A(do="go", a=2), ev)  # ccw -> MIRACLE WORKERS
    assert s.lilith.at == MIRACLE
    flow.answer(s, 0, A(do="stay"), ev)
    flow.answer(s, 0, A(do="go", a=1), ev)  # in -> SPIES
    assert s.lilith.at == SPIES
    assert A(do="go", a=1) in flow.legal(s, 0)
    flow.answer(s, 0, A(do="go", a=1), ev)  # into the Pentagram
    assert s.lilith is None and s.over


def test_G33_court_default_is_no(rolls):
    s = fresh(favour=1)
    s.demons = [Demon(card=0, owner=0)]
    random_phase(s, FALSIFIERS)
    (a,) = flow.open_asks(s)
    assert flow.QUESTIONS["lilith_court"].passive(s, a) == A(do="no")
    rolls += [5, 5, 5, 5, 5]
    flow.answer(s, 0, A(do="no"), [])
    assert s.players[0].favour == 1 and s.lilith.at == FALSIFIERS and s.lilith.data == {}


def test_9_5_2_4_units_stop_in_her_sectio_and_hounds_avoid_it():
    s = fresh()
    s.lilith = Being(at=MIRACLE)
    assert flight.stops_here(s, MIRACLE) and not flight.stops_here(s, SPIES)
    assert flight.forced_stop(s, MIRACLE, 0, lone=True) == "ev_stop_phenomenon"
    assert flight.hound_avoids(s, MIRACLE)


def test_10_3_rampaging_hound_rolls_again_away_from_her(monkeypatch):
    s = fresh()
    s.lilith = Being(at=MIRACLE)
    hound = board.place(s, "hound", None, FALSIFIERS, card=2)
    queue = [2, 1, 5, 5, 5, 5, 5]  # 2 would lead to her: rolled again, 1 -> in
    monkeypatch.setattr(dice, "roll", lambda state, seat, n=1: [queue.pop(0) for _ in range(n)])
    wild.rampage(s, hound, [])
    assert hound.at == data.sectio_at(0, 1)
    assert not queue


def test_6_2_2_cave_in_drives_her_out_earthquake_rolls(monkeypatch):
    queue: list[int] = []
    monkeypatch.setattr(dice, "roll", lambda state, seat, n=1: [queue.pop(0) for _ in range(n)])
    s, ev = fresh(), []
    s.lilith = Being(at=MIRACLE)
    hellcards.phenomenon_effect(s, ev, Phenomenon(kind="quagmire", sectios=[MIRACLE]))
    assert s.lilith is not None
    hellcards.phenomenon_effect(s, ev, Phenomenon(kind="cave_in", sectios=[MIRACLE]))
    assert s.lilith is None
    s.lilith = Being(at=MIRACLE)
    queue += [3]
    hellcards.phenomenon_effect(s, ev, Phenomenon(kind="earthquake", sectios=[MIRACLE]))
    assert s.lilith is not None
    queue += [2]
    hellcards.phenomenon_effect(s, ev, Phenomenon(kind="earthquake", sectios=[MIRACLE]))
    assert s.lilith is None and not queue
