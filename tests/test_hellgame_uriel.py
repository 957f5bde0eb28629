"""The HellGame, part 3: Uriel (10.1, 6.2.2, 9.5.2.4; G28-G31), uriel.py,
with the digest's fixtures 11 and 12."""

from __future__ import annotations

import pytest

from engines.hellgame.beings import uriel, wild
from engines.hellgame.core import board, data, dice, flight
from engines.hellgame.core.model import ANTEHELL, Being, Demon, FREEBOOTERS, Phenomenon, State
from engines.hellgame.magic import spells
from engines.hellgame.phases.action import conspiracy
from engines.hellgame.phases.hell import hellcards
from engines.hellgame.setup import initial_state

PLAIN = [c.id for c in data.ARCANA if c.minor == "pass"]
WALKS = [c.id for c in data.ARCANA if c.minor == "walk"]
CRUSADE = [c.index for c in data.HELL_CARDS if c.event == "uriels_crusade"]
OTHER_HEAVEN = next(c.index for c in data.HELL_CARDS
                    if data.EVENTS[c.event].permanent and data.EVENTS[c.event].area == "heaven"
                    and c.event != "uriels_crusade")

WISE_MEN = data.sectio_at(8, 3)
FOREST = data.sectio_at(8, 2)
MOLESTERS = data.sectio_at(7, 2)
ADDICTION = data.sectio_at(6, 2)
UNDERACHIEVERS = data.sectio_at(8, 1)


def demon_card(pred) -> int:
    return next(d.index for d in data.DEMONS if pred(d))


def fresh(seats: int = 3) -> State:
    s = initial_state(seats, 7, {})
    s.asks, s.units, s.owner = [], [], [None] * 45
    s.arcana = list(PLAIN)
    s.permanent = {"heaven": None, "earth": None, "hell": None}
    s.uriel = s.lilith = None
    for p in s.players:
        p.hand, p.souls, p.favour, p.disfavour = [], 0, 1, 0
    return s


@pytest.fixture
def dq(monkeypatch):
    """Forced dice: every die rolled comes from this queue, in order."""
    queue: list[int] = []

    def roll(state, seat, n=1):
        assert len(queue) >= n, "an unexpected die was rolled"
        return [queue.pop(0) for _ in range(n)]

    monkeypatch.setattr(dice, "roll", roll)
    return queue


def keys(ev) -> list[str]:
    return [e.key for e in ev]


def in_hell(s: State, at: int | None = WISE_MEN, stage: str = "hell") -> Being:
    s.uriel = Being(at=at, stage=stage, since=s.round, data={"card": None, "lost": {}, "lost_round": s.round})
    return s.uriel


def on_earth(s: State, skulls: list[int]) -> list[int]:
    """Seat 0's demons: one per skull count, each walking the Earth."""
    cards = [demon_card(lambda d, k=k: d.skulls == k) for k in skulls]
    s.demons = [d for d in s.demons if d.owner != 0]
    start = len(s.demons)
    for card, walk in zip(cards, WALKS):
        s.demons.append(Demon(card=card, owner=0, walk=walk))
    return list(range(start, start + len(cards)))


# -- 10.1 step 1: summoning, cleansing the Earth (fixture 11, G28) ------------------------------------


def test_10_1_fixture_11_earth_save_against_skulls(dq):
    s = fresh()
    one, three = on_earth(s, [1, 3])
    walks = [s.demons[one].walk, s.demons[three].walk]
    s.permanent["heaven"] = CRUSADE[0]
    dq += [2, 2]
    ev = []
    hellcards.event_effect(s, ev, CRUSADE[0])
    assert s.uriel is not None and s.uriel.stage == "earth" and s.uriel.at is None
    assert s.uriel.data["card"] == CRUSADE[0]
    assert s.demons[one].status == "dead" and s.demons[one].walk is None
    assert s.demons[three].status == "active" and s.demons[three].walk is None
    assert s.demons[three].pass_for_good and not s.demons[one].pass_for_good
    assert s.arcana[-2:] == walks  # both Walk cards under the deck
    assert "ev_uriel_earth_dies" in keys(ev) and "ev_uriel_earth_spared" in keys(ev)
    assert not dq


def test_10_1_call_for_uriel_summons_him(dq):
    s = fresh()
    assert uriel._by_spell in spells.SUMMON_URIEL
    ev = []
    for hook in spells.SUMMON_URIEL:
        hook(s, ev)
    assert s.uriel is not None and s.uriel.stage == "earth" and s.uriel.data["card"] is None


def test_10_1_conspiracy_placing_the_crusade_summons_him(dq):
    s = fresh()
    (walker,) = on_earth(s, [4])
    dq += [4]  # 4 <= 4 skulls: the conspirator survives
    ev = []
    conspiracy.place(s, ev, CRUSADE[1])
    assert s.uriel is not None and s.uriel.data["card"] == CRUSADE[1]
    assert s.demons[walker].pass_for_good and s.demons[walker].walk is None


def test_10_1_summoned_again_while_in_play_changes_nothing(dq):
    s = fresh()
    u = in_hell(s)
    ev = []
    uriel.summon(s, ev)
    assert s.uriel is u and "ev_uriel_already" in keys(ev)


# -- 10.1 step 2: wiping out Antehell; G30 ----------------------------------------------------------


def test_10_1_random_move_of_the_same_round_wipes_antehell(dq):
    s = fresh()
    in_hell(s, at=None, stage="earth")
    a = board.place(s, "legion", 0, ANTEHELL)
    board.place(s, "legion", 0, ANTEHELL)
    h = board.place(s, "hound", 0, ANTEHELL, card=2)
    h.keeper = a.id
    board.place(s, "lieutenant", 1, ANTEHELL, card=0)
    board.place(s, "hound", None, ANTEHELL, card=1)
    board.place(s, "legion", 1, WISE_MEN)
    dq += [3]  # seat 0 lost 2 legions: 3 > 2, spared
    ev = []
    from engines.hellgame.core.flow import STEPS
    s.step = "random"
    STEPS["random"](s, ev)
    assert s.uriel.stage == "antehell" and s.uriel.at == ANTEHELL
    assert [u.at for u in s.units] == [WISE_MEN]
    assert "ev_uriel_kill_spared" in keys(ev) and not dq
    assert s.returned[-1] == 0


def test_10_1_g30_six_legions_lost_destroy_the_lowest_ranking_demon_without_roll(dq):
    s = fresh()
    in_hell(s, at=None, stage="earth")
    for _ in range(6):
        board.place(s, "legion", 1, ANTEHELL)
    mine = [i for i, d in enumerate(s.demons) if d.owner == 1]
    lowest = max(mine, key=lambda i: data.DEMONS[s.demons[i].card].rank)
    ev = []
    uriel.move(s, ev)
    assert s.demons[lowest].status == "dead"
    assert all(s.demons[i].status == "active" for i in mine if i != lowest)
    assert "ev_uriel_kill_sure" in keys(ev) and not dq


def test_10_1_g30_failed_kill_roll_destroys_the_lowest_ranking_demon(dq):
    s = fresh()
    in_hell(s, at=None, stage="earth")
    board.place(s, "legion", 2, ANTEHELL)
    board.place(s, "legion", 2, ANTEHELL)
    mine = [i for i, d in enumerate(s.demons) if d.owner == 2]
    lowest = max(mine, key=lambda i: data.DEMONS[s.demons[i].card].rank)
    dq += [2]  # not higher than 2 legions lost
    uriel.move(s, [])
    assert s.demons[lowest].status == "dead"


# -- 10.1 step 3: waiting in Antehell; 9.5.2.4 -------------------------------------------------------


def test_10_1_waiting_in_antehell_no_unit_enters_and_hounds_avoid(dq):
    s = fresh()
    in_hell(s, at=ANTEHELL, stage="antehell")
    assert flight.entry_barred(s, 0, ANTEHELL)
    s.uriel.at = FOREST
    assert flight.entry_barred(s, 1, FOREST) and not flight.entry_barred(s, 1, WISE_MEN)
    assert flight.hound_avoids(s, FOREST)


def test_9_5_2_4_a_unit_fleeing_into_his_sectio_is_destroyed(dq):
    s = fresh()
    in_hell(s, at=FOREST)
    old = board.place(s, "legion", 0, FOREST)
    uriel.phase_end(s, [], "summon")
    new = board.place(s, "legion", 1, FOREST)
    ev = []
    uriel.phase_end(s, ev, "combat")
    assert board.unit(s, new.id) is None and board.unit(s, old.id) is not None
    assert "ev_uriel_destroyed" in keys(ev)


# -- 10.1 step 4: entering Hell and walking (fixture 12, G29) ----------------------------------------


def test_10_1_fixture_12_uriel_walk(dq):
    s = fresh()
    in_hell(s, at=ANTEHELL, stage="antehell")
    s.owner[FOREST] = 0
    s.owner[ADDICTION] = 1
    s.owner[UNDERACHIEVERS] = 2
    a = board.place(s, "legion", 0, FOREST)
    b = board.place(s, "legion", 0, FOREST)
    hound = board.place(s, "hound", None, FOREST, card=2)
    # entry 4; step 2; legions flee 2 and 6; hound runs 1; step 3 (= 1); hound runs 4; step 1; kill roll 2
    dq += [4, 2, 2, 6, 1, 3, 4, 1, 2]
    ev = []
    uriel.move(s, ev)
    assert not dq
    assert s.uriel.at == ADDICTION and s.uriel.stage == "hell"
    steps = [(e.params["from"], e.params["to"]) for e in ev if e.key == "ev_uriel_step"]
    assert steps == [(WISE_MEN, FOREST), (FOREST, MOLESTERS), (MOLESTERS, ADDICTION)]
    assert [e.params["sectio"] for e in ev if e.key == "ev_uriel_enters"] == [WISE_MEN]
    assert board.unit(s, a.id).at == UNDERACHIEVERS and board.unit(s, b.id) is None
    assert board.unit(s, hound.id).at == data.sectio_at(7, 3)
    assert s.owner[FOREST] is None and s.owner[ADDICTION] is None and s.owner[UNDERACHIEVERS] == 2
    assert "ev_uriel_kill_spared" in keys(ev)


def test_10_1_g29_entry_roll_6_is_rolled_again_and_5_6_steps_stand_still(dq):
    s = fresh()
    in_hell(s, at=ANTEHELL, stage="antehell")
    dq += [6, 1, 5, 6, 5]
    ev = []
    uriel.move(s, ev)
    assert s.uriel.at == data.sectio_at(8, 0) and not dq
    assert keys(ev).count("ev_uriel_still") == 3


def test_10_1_later_rounds_four_compass_steps(dq):
    s = fresh()
    in_hell(s, at=WISE_MEN)
    dq += [2, 2, 4, 3]  # ccw, ccw, cw, 3 = in
    uriel.move(s, [])
    assert s.uriel.at == data.sectio_at(7, 2) and not dq


def test_10_1_panic_lieutenants_cannot_take_legions(dq):
    s = fresh()
    in_hell(s, at=WISE_MEN)
    lt = board.place(s, "lieutenant", 1, FOREST, card=0)
    x = board.place(s, "legion", 1, FOREST)
    y = board.place(s, "legion", 1, FOREST)
    x.leader = y.leader = lt.id
    mine = [i for i, d in enumerate(s.demons) if d.owner == 1]
    lowest = max(mine, key=lambda i: data.DEMONS[s.demons[i].card].rank)
    # step 2 -> Forest; lieutenant 2 dice [2, 2] -> Underachievers alone; legions 1 and 6; 3 still steps; kill 1
    dq += [2, 2, 2, 1, 6, 5, 5, 5, 1]
    uriel.move(s, [])
    assert not dq
    assert board.unit(s, lt.id).at == UNDERACHIEVERS
    assert board.unit(s, x.id).at == MOLESTERS and board.unit(s, x.id).leader is None
    assert board.unit(s, y.id) is None
    assert s.demons[lowest].status == "dead"


def test_10_1_g31_tamed_hound_goes_wild_and_a_hound_that_stays_is_destroyed(dq):
    s = fresh()
    in_hell(s, at=WISE_MEN)
    leg = board.place(s, "legion", 0, FOREST)
    hound = board.place(s, "hound", 0, FOREST, card=3)
    hound.keeper = leg.id
    dq += [2, 1, 5, 5, 5, 5]  # step; legion flees in; hound 5 stays -> destroyed; 3 still steps
    ev = []
    uriel.move(s, ev)
    assert not dq
    assert board.unit(s, leg.id).at == MOLESTERS
    assert board.unit(s, hound.id) is None and 3 in s.hounds
    assert "ev_uriel_destroyed_wild" in keys(ev)


def test_10_1_flight_barred_into_the_sectio_he_came_from(dq):
    s = fresh()
    in_hell(s, at=WISE_MEN)
    leg = board.place(s, "legion", 0, FOREST)
    dq += [2, 4, 5, 5, 5, 6]  # legion rolls 4 = cw = the Wise Men: barred, destroyed; kill roll 6
    uriel.move(s, [])
    assert board.unit(s, leg.id) is None and not dq


def test_10_1_every_sectio_he_enters_is_revoked(dq):
    s = fresh()
    in_hell(s, at=ANTEHELL, stage="antehell")
    s.owner[WISE_MEN] = 0
    s.owner[FOREST] = FREEBOOTERS
    dq += [4, 2, 5, 5]
    ev = []
    uriel.move(s, ev)
    assert s.owner[WISE_MEN] is None and s.owner[FOREST] is None
    assert "ev_uriel_revoked" in keys(ev) and "ev_uriel_revoked_free" in keys(ev)


# -- leaving: Pentagram, Lilith, disasters, the card replaced ------------------------------------


def test_10_1_into_the_pentagram_he_is_removed(dq):
    s = fresh()
    in_hell(s, at=data.sectio_at(0, 0))
    dq += [1]
    ev = []
    uriel.move(s, ev)
    assert s.uriel is None and "ev_uriel_pentagram" in keys(ev) and not dq


def test_10_1_meeting_lilith_he_is_removed(dq):
    s = fresh()
    in_hell(s, at=WISE_MEN)
    s.lilith = Being(at=FOREST, stage="mother")
    dq += [2]
    ev = []
    uriel.move(s, ev)
    assert s.uriel is None and "ev_uriel_meets_lilith" in keys(ev) and not dq


def test_6_2_2_cave_in_removes_him(dq):
    s = fresh()
    in_hell(s, at=FOREST)
    hellcards.phenomenon_effect(s, [], Phenomenon(kind="cave_in", sectios=[FOREST]))
    assert s.uriel is None


def test_6_2_2_earthquake_he_rolls_1_2_leaves(dq):
    s = fresh()
    in_hell(s, at=FOREST)
    dq += [3]
    hellcards.phenomenon_effect(s, [], Phenomenon(kind="earthquake", sectios=[FOREST]))
    assert s.uriel is not None
    dq += [2]
    hellcards.phenomenon_effect(s, [], Phenomenon(kind="earthquake", sectios=[FOREST]))
    assert s.uriel is None


def test_6_2_2_other_sectios_and_antehell_are_not_hit(dq):
    s = fresh()
    in_hell(s, at=ANTEHELL, stage="antehell")
    hellcards.phenomenon_effect(s, [], Phenomenon(kind="cave_in", sectios=[FOREST]))
    assert s.uriel is not None


def test_10_1_g31_card_replaced_removes_him(dq):
    s = fresh()
    s.permanent["heaven"] = CRUSADE[0]
    hellcards.event_effect(s, [], CRUSADE[0])
    assert s.uriel is not None
    uriel.phase_end(s, [], "hell")
    assert s.uriel is not None
    s.permanent["heaven"] = OTHER_HEAVEN
    ev = []
    uriel.phase_end(s, ev, "hell")
    assert s.uriel is None and "ev_uriel_card_gone" in keys(ev)


def test_10_1_g31_a_new_crusade_card_calls_him_anew(dq):
    s = fresh()
    s.permanent["heaven"] = CRUSADE[0]
    hellcards.event_effect(s, [], CRUSADE[0])
    s.uriel.stage, s.uriel.at = "hell", FOREST
    s.permanent["heaven"] = CRUSADE[1]
    hellcards.event_effect(s, [], CRUSADE[1])
    assert s.uriel.stage == "earth" and s.uriel.data["card"] == CRUSADE[1]


def test_10_1_spell_uriel_stays_when_a_heaven_card_changes(dq):
    s = fresh()
    uriel.summon(s, [])
    s.permanent["heaven"] = OTHER_HEAVEN
    uriel.phase_end(s, [], "hell")
    assert s.uriel is not None


def test_10_1_last_demon_destroyed_triumvirate_restarts(dq):
    s = fresh()
    s.demons = [d for d in s.demons if d.owner != 0]
    s.demons.append(Demon(card=demon_card(lambda d: d.skulls == 1), owner=0, walk=WALKS[0]))
    before = len(s.demon_deck)
    dq += [6]
    uriel.summon(s, [])
    alive = [d for d in s.demons if d.owner == 0 and d.status != "dead"]
    assert len(alive) == 3 and len(s.demon_deck) == before + 1 - 3  # the dead one went under the deck (3.1)
