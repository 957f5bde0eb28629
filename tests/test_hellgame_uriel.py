"""The HellGame, part 3: Uriel (10.1, 6.2.2, 9.5.2.4; G28-G31), uriel.py,
with the digest's fixtures 11 and 12."""

from __future__ import annotations

from engines.hellgame import position as P
from engines.hellgame.beings import uriel
from engines.hellgame.core import board, data, flight
from engines.hellgame.core.model import ANTEHELL, Phenomenon
from engines.hellgame.magic import spells
from engines.hellgame.phases.action import conspiracy
from engines.hellgame.phases.hell import hellcards
from hellgame_driver import demon, keys, start, units

CRUSADE = [c.index for c in data.HELL_CARDS if c.event == "uriels_crusade"]
OTHER_HEAVEN = next(c.index for c in data.HELL_CARDS
                    if data.EVENTS[c.event].permanent and data.EVENTS[c.event].area == "heaven"
                    and c.event != "uriels_crusade")

WISE_MEN = data.sectio_at(8, 3)
FOREST = data.sectio_at(8, 2)
MOLESTERS = data.sectio_at(7, 2)
ADDICTION = data.sectio_at(6, 2)
UNDERACHIEVERS = data.sectio_at(8, 1)

#: The triumvirates these tests were written with.
TRIUMVIRATES = (["Beelzebub", "Gomory", "Belphegor"], ["Thamuz", "Asmodeus", "Pruflas"], ["Andras", "Baal", "Zagam"])


def position(players: dict[int, dict] | None = None, **fields) -> P.Position:
    """Three players with no souls and no cards (``players``: a seat's fields
    that differ), an empty board. Every die is queued in ``dice``: an
    unqueued one fails the test."""
    changed = players or {}
    return P.Position(players=[P.Player(**{"demons": TRIUMVIRATES[seat], "souls": 0, **changed.get(seat, {})})
                               for seat in range(3)],
                      **{"strict_dice": True, **fields})


def on_earth(*names: str) -> dict[int, dict]:
    """Seat 0's demons: ``names`` (by their skulls), each walking the Earth."""
    return {0: dict(demons=[P.Demon(name=name, walk=True) for name in names])}


def lowest_of(s, seat: int) -> int:
    """The lowest-ranking demon of ``seat``."""
    mine = [i for i, d in enumerate(s.demons) if d.owner == seat]
    return max(mine, key=lambda i: data.DEMONS[s.demons[i].card].rank)


# -- 10.1 step 1: summoning, cleansing the Earth (fixture 11, G28) ------------------------------------


def test_10_1_fixture_11_earth_save_against_skulls():
    s = P.build(position(on_earth("Gomory", "Moloch"),  # 1 and 3 skulls
                         permanent=[CRUSADE[0]], dice=[2, 2]))
    one, three = demon(s, "Gomory"), demon(s, "Moloch")
    walks = [s.demons[one].walk, s.demons[three].walk]
    ev = []
    hellcards.event_effect(s, ev, CRUSADE[0])
    assert s.uriel is not None and s.uriel.stage == "earth" and s.uriel.at is None
    assert s.uriel.data["card"] == CRUSADE[0]
    assert s.demons[one].status == "dead" and s.demons[one].walk is None
    assert s.demons[three].status == "active" and s.demons[three].walk is None
    assert s.demons[three].pass_for_good and not s.demons[one].pass_for_good
    assert s.arcana[-2:] == walks  # both Walk cards under the deck
    assert "ev_uriel_earth_dies" in keys(ev) and "ev_uriel_earth_spared" in keys(ev)
    assert s.dice_queue == []


def test_10_1_call_for_uriel_summons_him():
    s = P.build(position())
    assert uriel._by_spell in spells.SUMMON_URIEL
    ev = []
    for hook in spells.SUMMON_URIEL:
        hook(s, ev)
    assert s.uriel is not None and s.uriel.stage == "earth" and s.uriel.data["card"] is None


def test_10_1_conspiracy_placing_the_crusade_summons_him():
    s = P.build(position(on_earth("Agares"), dice=[4]))  # 4 <= 4 skulls: the conspirator survives
    walker = demon(s, "Agares")
    ev = []
    conspiracy.place(s, ev, CRUSADE[1])
    assert s.uriel is not None and s.uriel.data["card"] == CRUSADE[1]
    assert s.demons[walker].pass_for_good and s.demons[walker].walk is None


def test_10_1_summoned_again_while_in_play_changes_nothing():
    s = P.build(position(uriel=P.Uriel(at=WISE_MEN)))
    u = s.uriel
    ev = []
    uriel.summon(s, ev)
    assert s.uriel is u and "ev_uriel_already" in keys(ev)


# -- 10.1 step 2: wiping out Antehell; G30 ----------------------------------------------------------


def test_10_1_random_move_of_the_same_round_wipes_antehell():
    s = P.build(position(
        uriel=P.Uriel(at="Earth"),
        units={ANTEHELL: P.Units(legions={0: 2}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=1)],
                                 hounds=[P.Hound(attacks=2, keeper=0), 1]),
               WISE_MEN: P.Units(legions={1: 1})},
        phase="random", dice=[3]))  # seat 0 lost 2 legions: 3 > 2, spared
    ev = start(s, stop_at="random_hounds")  # the beings' step of the Random Move phase, not the hounds'
    assert s.step == "random_hounds"
    assert s.uriel.stage == "antehell" and s.uriel.at == ANTEHELL
    assert [u.at for u in s.units] == [WISE_MEN]
    assert "ev_uriel_kill_spared" in keys(ev) and s.dice_queue == []
    assert s.returned[-1] == 0


def test_10_1_g30_six_legions_lost_destroy_the_lowest_ranking_demon_without_roll():
    s = P.build(position(uriel=P.Uriel(at="Earth"), units={ANTEHELL: P.Units(legions={1: 6})}))
    mine = [i for i, d in enumerate(s.demons) if d.owner == 1]
    lowest = lowest_of(s, 1)
    ev = []
    uriel.move(s, ev)
    assert s.demons[lowest].status == "dead"
    assert all(s.demons[i].status == "active" for i in mine if i != lowest)
    assert "ev_uriel_kill_sure" in keys(ev) and s.dice_queue == []


def test_10_1_g30_failed_kill_roll_destroys_the_lowest_ranking_demon():
    s = P.build(position(uriel=P.Uriel(at="Earth"), units={ANTEHELL: P.Units(legions={2: 2})},
                         dice=[2]))  # not higher than 2 legions lost
    lowest = lowest_of(s, 2)
    uriel.move(s, [])
    assert s.demons[lowest].status == "dead"


# -- 10.1 step 3: waiting in Antehell; 9.5.2.4 -------------------------------------------------------


def test_10_1_waiting_in_antehell_no_unit_enters_and_hounds_avoid():
    s = P.build(position(uriel=P.Uriel(at="Antehell")))
    assert flight.entry_barred(s, 0, ANTEHELL)
    s = P.build(position(uriel=P.Uriel(at=FOREST)))
    assert flight.entry_barred(s, 1, FOREST) and not flight.entry_barred(s, 1, WISE_MEN)
    assert flight.hound_avoids(s, FOREST)


def test_9_5_2_4_a_unit_fleeing_into_his_sectio_is_destroyed():
    s = P.build(position(uriel=P.Uriel(at=FOREST), units={FOREST: P.Units(legions={0: 1})}))
    (old,) = units(s, FOREST)
    uriel.phase_end(s, [], "summon")
    # then a legion of seat 1 flees in: it was not there when the Summoning phase ended
    new = board.place(s, "legion", 1, FOREST)
    ev = []
    uriel.phase_end(s, ev, "combat")
    assert board.unit(s, new.id) is None and board.unit(s, old.id) is not None
    assert "ev_uriel_destroyed" in keys(ev)


# -- 10.1 step 4: entering Hell and walking (fixture 12, G29) ----------------------------------------


def test_10_1_fixture_12_uriel_walk():
    s = P.build(position(
        {0: dict(sectios=[FOREST]), 1: dict(sectios=[ADDICTION]), 2: dict(sectios=[UNDERACHIEVERS])},
        uriel=P.Uriel(at="Antehell"), units={FOREST: P.Units(legions={0: 2}, hounds=[2])},
        # entry 4; step 2; legions flee 2 and 6; hound runs 1; step 3 (= 1); hound runs 4; step 1; kill roll 2
        dice=[4, 2, 2, 6, 1, 3, 4, 1, 2]))
    a, b, hound = units(s, FOREST)
    ev = []
    uriel.move(s, ev)
    assert s.dice_queue == []
    assert s.uriel.at == ADDICTION and s.uriel.stage == "hell"
    steps = [(e.params["from"], e.params["to"]) for e in ev if e.key == "ev_uriel_step"]
    assert steps == [(WISE_MEN, FOREST), (FOREST, MOLESTERS), (MOLESTERS, ADDICTION)]
    assert [e.params["sectio"] for e in ev if e.key == "ev_uriel_enters"] == [WISE_MEN]
    assert board.unit(s, a.id).at == UNDERACHIEVERS and board.unit(s, b.id) is None
    assert board.unit(s, hound.id).at == data.sectio_at(7, 3)
    assert s.owner[FOREST] is None and s.owner[ADDICTION] is None and s.owner[UNDERACHIEVERS] == 2
    assert "ev_uriel_kill_spared" in keys(ev)


def test_10_1_g29_entry_roll_6_is_rolled_again_and_5_6_steps_stand_still():
    s = P.build(position(uriel=P.Uriel(at="Antehell"), dice=[6, 1, 5, 6, 5]))
    ev = []
    uriel.move(s, ev)
    assert s.uriel.at == data.sectio_at(8, 0) and s.dice_queue == []
    assert keys(ev).count("ev_uriel_still") == 3


def test_10_1_later_rounds_four_compass_steps():
    s = P.build(position(uriel=P.Uriel(at=WISE_MEN), dice=[2, 2, 4, 3]))  # ccw, ccw, cw, 3 = in
    uriel.move(s, [])
    assert s.uriel.at == data.sectio_at(7, 2) and s.dice_queue == []


def test_10_1_panic_lieutenants_cannot_take_legions():
    s = P.build(position(
        uriel=P.Uriel(at=WISE_MEN),
        units={FOREST: P.Units(legions={1: 2}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=1, leads=2)])},
        # step 2 -> Forest; lieutenant 2 dice [2, 2] -> Underachievers alone; legions 1 and 6; 3 still steps; kill 1
        dice=[2, 2, 2, 1, 6, 5, 5, 5, 1]))
    lt, x, y = units(s, FOREST)
    assert x.leader == y.leader == lt.id
    lowest = lowest_of(s, 1)
    uriel.move(s, [])
    assert s.dice_queue == []
    assert board.unit(s, lt.id).at == UNDERACHIEVERS
    assert board.unit(s, x.id).at == MOLESTERS and board.unit(s, x.id).leader is None
    assert board.unit(s, y.id) is None
    assert s.demons[lowest].status == "dead"


def test_10_1_g31_tamed_hound_goes_wild_and_a_hound_that_stays_is_destroyed():
    s = P.build(position(uriel=P.Uriel(at=WISE_MEN),
                         units={FOREST: P.Units(legions={0: 1}, hounds=[P.Hound(attacks=3, keeper=0)])},
                         dice=[2, 1, 5, 5, 5, 5]))  # step; legion flees in; hound 5 stays -> destroyed; 3 still steps
    leg, hound = units(s, FOREST)
    ev = []
    uriel.move(s, ev)
    assert s.dice_queue == []
    assert board.unit(s, leg.id).at == MOLESTERS
    assert board.unit(s, hound.id) is None and s.hounds.count(3) == 2  # its counter is back on the stack
    assert "ev_uriel_destroyed_wild" in keys(ev)


def test_10_1_flight_barred_into_the_sectio_he_came_from():
    s = P.build(position(uriel=P.Uriel(at=WISE_MEN), units={FOREST: P.Units(legions={0: 1})},
                         dice=[2, 4, 5, 5, 5, 6]))  # legion rolls 4 = cw = the Wise Men: barred, destroyed; kill roll 6
    (leg,) = units(s, FOREST)
    uriel.move(s, [])
    assert board.unit(s, leg.id) is None and s.dice_queue == []


def test_10_1_every_sectio_he_enters_is_revoked():
    s = P.build(position({0: dict(sectios=[WISE_MEN])}, freebooter_sectios=[FOREST], uriel=P.Uriel(at="Antehell"),
                         dice=[4, 2, 5, 5]))
    ev = []
    uriel.move(s, ev)
    assert s.owner[WISE_MEN] is None and s.owner[FOREST] is None
    assert "ev_uriel_revoked" in keys(ev) and "ev_uriel_revoked_free" in keys(ev)


# -- leaving: Pentagram, Lilith, disasters, the card replaced ------------------------------------


def test_10_1_into_the_pentagram_he_is_removed():
    s = P.build(position(uriel=P.Uriel(at=data.sectio_at(0, 0)), dice=[1]))
    ev = []
    uriel.move(s, ev)
    assert s.uriel is None and "ev_uriel_pentagram" in keys(ev) and s.dice_queue == []


def test_10_1_meeting_lilith_he_is_removed():
    s = P.build(position(uriel=P.Uriel(at=WISE_MEN), lilith=P.Lilith(at=FOREST, aspect="mother"), dice=[2]))
    ev = []
    uriel.move(s, ev)
    assert s.uriel is None and "ev_uriel_meets_lilith" in keys(ev) and s.dice_queue == []


def test_6_2_2_cave_in_removes_him():
    s = P.build(position(uriel=P.Uriel(at=FOREST)))
    hellcards.phenomenon_effect(s, [], Phenomenon(kind="cave_in", sectios=[FOREST]))
    assert s.uriel is None


def test_6_2_2_earthquake_he_rolls_1_2_leaves():
    s = P.build(position(uriel=P.Uriel(at=FOREST), dice=[3, 2]))
    hellcards.phenomenon_effect(s, [], Phenomenon(kind="earthquake", sectios=[FOREST]))  # 3: he stays
    assert s.uriel is not None
    hellcards.phenomenon_effect(s, [], Phenomenon(kind="earthquake", sectios=[FOREST]))  # 2: he leaves
    assert s.uriel is None


def test_6_2_2_other_sectios_and_antehell_are_not_hit():
    s = P.build(position(uriel=P.Uriel(at="Antehell")))
    hellcards.phenomenon_effect(s, [], Phenomenon(kind="cave_in", sectios=[FOREST]))
    assert s.uriel is not None


def test_10_1_g31_card_replaced_removes_him():
    s = P.build(position(permanent=[CRUSADE[0]]))
    hellcards.event_effect(s, [], CRUSADE[0])
    assert s.uriel is not None
    uriel.phase_end(s, [], "hell")
    assert s.uriel is not None
    s.permanent["heaven"] = OTHER_HEAVEN  # another Heaven card takes the box (as a Hell phase places it)
    ev = []
    uriel.phase_end(s, ev, "hell")
    assert s.uriel is None and "ev_uriel_card_gone" in keys(ev)


def test_10_1_g31_a_new_crusade_card_calls_him_anew():
    s = P.build(position(permanent=[CRUSADE[0]], uriel=P.Uriel(at=FOREST, by_card=True)))
    assert s.uriel.data["card"] == CRUSADE[0]
    s.permanent["heaven"] = CRUSADE[1]  # the other Crusade card takes the box (as a Hell phase places it)
    hellcards.event_effect(s, [], CRUSADE[1])
    assert s.uriel.stage == "earth" and s.uriel.data["card"] == CRUSADE[1]


def test_10_1_spell_uriel_stays_when_a_heaven_card_changes():
    s = P.build(position(uriel=P.Uriel(at="Earth"), permanent=[OTHER_HEAVEN]))  # called by the spell
    uriel.phase_end(s, [], "hell")
    assert s.uriel is not None


def test_10_1_last_demon_destroyed_triumvirate_restarts():
    s = P.build(position(on_earth("Gomory"), dice=[6]))  # 1 skull: 6 destroys it
    before = len(s.demon_deck)
    uriel.summon(s, [])
    alive = [d for d in s.demons if d.owner == 0 and d.status != "dead"]
    assert len(alive) == 3 and len(s.demon_deck) == before + 1 - 3  # the dead one went under the deck (3.1)
