"""Positions from a description (engines/hellgame/position/): every field of
the description shows in the state, every impossible position is refused
with a clear reason, the dice queue, running to a step, the quiet arcana
deck, what views keep hidden, the documented examples, and existing
scenarios of other test files built anew with the builder."""

from __future__ import annotations

import re
import textwrap

import pytest
from pydantic import ValidationError

from engines.contract import Event
from engines.hellgame import position as P
from engines.hellgame.core import board, data, dice, flow
from engines.hellgame.core.dice import UnqueuedDie
from engines.hellgame.core.model import ANTEHELL, FREEBOOTERS, Action, Phenomenon, State
from engines.hellgame.engine import ENGINE
from engines.hellgame.phases.hell import hellcards
from hellgame_driver import (  # noqa: F401 - rolls is a fixture
    answer, answer_all, ask, asked, check_words, demon, dos, event, keys, legal, passive_until, play, rolls, start, turn,
    units)

TWO = [P.Player(demons=["Orias"]), P.Player(demons=["Baal"])]
LIARS, SUGAR, ADDICTION, WISE = 7, 31, 32, 43
PRA = {c.id for c in data.ARCANA if c.minor == "play_right_away"}


def pos(**fields) -> P.Position:
    return P.Position(**{"players": TWO, **fields})


def names(cards: list[int]) -> list[str]:
    return [data.ARCANA[c].name for c in cards]


def round_trips(s: State) -> bool:
    return State.model_validate_json(s.model_dump_json()) == s


# -- players, demons, cards ----------------------------------------------------------------------


def test_players_demons_hands_and_sectios():
    s = P.build(P.Position(players=[
        P.Player(demons=["Orias", P.Demon(name="Caim", status="incapacitated", acted=True, fought=True,
                                          pass_for_good=True)],
                 souls=7, favour=3, disfavour=2, hand=["Frenzy", "frenzy", 15], sectios=["Liars", "sugar"], ones=4,
                 always_pass=True),
        P.Player(demons=[P.Demon(name="baal", walk="A Minor Change"), P.Demon(name="Gomory", walk=True)]),
        P.Player(demons=["Moloch"], out=True),
    ], freebooter_sectios=["The Wise"], phase="combat"))
    assert [(data.DEMONS[d.card].name, d.owner, d.status) for d in s.demons] == [
        ("Orias", 0, "active"), ("Caim", 0, "incapacitated"), ("Baal", 1, "active"), ("Gomory", 1, "active"),
        ("Moloch", 2, "dead")]  # an eliminated player's demons are dead
    caim = s.demons[1]
    assert caim.acted and caim.fought and caim.pass_for_good and not s.demons[0].acted
    assert s.demons[2].walk == 5 and data.ARCANA[s.demons[3].walk].minor == "walk" and s.demons[0].walk is None
    p = s.players[0]
    assert (p.souls, p.favour, p.disfavour, p.ones, p.out, p.always_pass) == (7, 3, 2, 4, False, True)
    assert s.players[2].out and not s.players[1].always_pass
    assert p.hand == [101, 102, 15]  # two copies of Frenzy, then card 15
    assert board.owned(s, 0) == [LIARS, SUGAR] and board.owned(s, FREEBOOTERS) == [WISE]
    assert round_trips(s)


def test_card_references_spell_keys_and_selectors():
    s = P.build(pos(players=[P.Player(demons=["Orias"], hand=["lore", P.Card(minor="pass", places=2, cost=3),
                                                                  P.Card(name="frenzy", six=False), P.Card(major="mirror")]),
                             P.Player(demons=["Baal"], hand=[101])]))
    lore, pass2, frenzy, mirror = s.players[0].hand
    assert data.ARCANA[mirror].major == "mirror"
    assert data.ARCANA[lore].major == "lore"
    assert (data.ARCANA[pass2].minor, data.ARCANA[pass2].pass_places, data.ARCANA[pass2].cost) == ("pass", 2, 3)
    assert frenzy == 102 and s.players[1].hand == [101]  # the explicit id is claimed first


def test_units_ids_leaders_keepers_and_freebooters():
    s = P.build(pos(units={
        "Sugar": P.Units(legions={0: 3, FREEBOOTERS: 1},
                         lieutenants=[P.Lieutenant(name="Alastor", seat=0, leads=2, bonus=1)],
                         hounds=[P.Hound(attacks=3, keeper=0), 2]),
        "Antehell": P.Units(lieutenants=[P.Lieutenant(name="Pytho", seat=1)]),
    }))
    got = [(u.id, u.kind, u.owner, u.at, u.card, u.leader, u.keeper, u.bonus) for u in s.units]
    assert got == [
        (0, "lieutenant", 0, SUGAR, 2, None, None, 1),
        (1, "legion", 0, SUGAR, 0, 0, None, 0), (2, "legion", 0, SUGAR, 0, 0, None, 0),
        (3, "legion", 0, SUGAR, 0, None, None, 0), (4, "legion", FREEBOOTERS, SUGAR, 0, None, None, 0),
        (5, "hound", 0, SUGAR, 3, None, 1, 0), (6, "hound", None, SUGAR, 2, None, None, 0),
        (7, "lieutenant", 1, ANTEHELL, 10, None, None, 0)]
    assert s.next_unit == 8
    # the hounds on the board are not in the stack; the lieutenants not in their boxes
    assert sorted(s.hounds) == [1, 2, 2, 3, 4, 4] and s.boxes == [[0, 1, 3], [4, 5, 6, 7], [8, 9, 11]]


def test_lieutenant_boxes_and_the_return_box():
    s = P.build(pos(boxes=[["Alastor"], [], ["Sulla", 0]], returned=["Pytho", "Dabriel"]))
    assert s.boxes == [[2], [], [3, 0]] and s.returned == [10, 9]


def test_sectio_names_prefixes_labels_and_indexes():
    s = P.build(pos(units={"sea of lard": P.Units(legions={0: 1}), "Megaloman.": P.Units(legions={0: 1}),
                           "the forest": P.Units(legions={1: 1}), 40: P.Units(legions={1: 1}),
                           "41": P.Units(legions={1: 1})}))
    assert [u.at for u in s.units] == [33, 18, 42, 40, 41]


# -- the round, the phase, the turn ------------------------------------------------------------------


def test_phase_round_and_step():
    s = P.build(pos(phase="hell", round=3))
    assert (s.round, s.phase, s.step, s.asks) == (3, "hell", "hell", [])
    s = P.build(pos(phase="end", step="end_cleanup"))
    assert (s.phase, s.step) == ("end", "end_cleanup")


def test_turn_builds_the_rank_track_and_acted_flags():
    three = [P.Player(demons=["Orias", "Ukobach", "Ashtaroth"]), P.Player(demons=["Beelzebub", "Naburos", "Baal"]),
             P.Player(demons=["Caim", "Sammael", P.Demon(name="Balban", status="incapacitated")])]
    s = P.build(P.Position(players=three, phase="action", turn="Caim", halt=["random"]))
    order = [data.DEMONS[s.demons[i].card].name for i in s.track]
    assert order == ["Sammael", "Beelzebub", "Ashtaroth", "Baal", "Caim", "Orias", "Ukobach", "Naburos"]
    assert [data.DEMONS[d.card].name for d in s.demons if d.acted] == ["Ashtaroth", "Beelzebub", "Baal", "Sammael"]
    start(s)
    assert flow.open_asks(s)[0].data == {"demon": demon(s, "Caim")} and asked(s) == [(2, "act")]


def test_an_explicit_track_and_no_turn_starts_the_phase():
    s = P.build(pos(phase="action", track=["Orias", "Baal"], turn="Baal"))
    assert s.track == [0, 1] and s.demons[0].acted and not s.demons[1].acted
    fresh = P.build(pos(phase="action"))
    assert fresh.track == [] and not any(d.acted for d in fresh.demons)  # the phase builds it itself
    start(fresh)
    assert fresh.track == [1, 0] and asked(fresh) == [(1, "act")]  # Baal ranks better


def test_uriel_and_lilith():
    s = P.build(pos(uriel=P.Uriel(at="the forest", by_card=True, lost={1: 2}), permanent=["uriels_crusade"],
                    lilith=P.Lilith(at="Spies", aspect="mother"), round=4,
                    units={"the forest": P.Units(legions={0: 1})}))
    u = s.uriel
    assert (u.at, u.stage, u.since) == (42, "hell", 4)
    assert u.data == {"card": s.permanent["heaven"], "lost": {"1": 2}, "lost_round": 4, "residents": [0]}
    assert (s.lilith.at, s.lilith.stage, s.lilith.since, s.lilith.data) == (0, "mother", 4, {})
    assert P.build(pos(uriel=P.Uriel(at="Earth"))).uriel.model_dump() == {
        "at": None, "stage": "earth", "since": 1,
        "data": {"card": None, "lost": {}, "lost_round": 1, "residents": []}}
    assert P.build(pos(uriel=P.Uriel(at="Antehell"))).uriel.stage == "antehell"
    assert P.build(pos(lilith=P.Lilith(at="Antehell"))).lilith.at == ANTEHELL


def test_permanent_events_and_phenomena():
    s = P.build(pos(permanent=["temper", P.HellCard(event="the_bees")],
                    phenomena=[P.Phenomenon(kind="quagmire", at="Liars", scope="circle"),
                               P.Phenomenon(kind="cave_in", at="Spies")]))
    assert hellcards.active(s, "temper") and hellcards.active(s, "the_bees") and s.permanent["heaven"] is None
    assert s.phenomena == [Phenomenon(kind="quagmire", sectios=[5, 6, 7, 8, 9]), Phenomenon(kind="cave_in", sectios=[0])]
    assert not any(c in s.hell for c in s.permanent.values() if c is not None)
    assert P.build(pos()).permanent == {"heaven": None, "earth": None, "hell": None}  # none unless named


def test_this_rounds_battles_won_avoided_and_entries():
    s = P.build(pos(won={"Liars": [0, 1]}, avoided=["Spies"], entered={"Liars": [(0, "Scandal"), (None, 6)]}))
    assert s.won == {"7": [0, 1]} and s.avoided == [0] and s.entered == {"7": [[0, 8], [-1, 6]]}


def test_options_seed_and_halt():
    s = P.build(pos(options={"quick_small": True}, halt=["combat"]), seed=3)
    assert s.options["quick_small"] and s.options["auto_targets"]  # the engine's defaults filled in
    assert s.halt == ["combat"]
    assert P.build(pos(), seed=3) == P.build(pos(), seed=3)
    assert P.build(pos(), seed=3).arcana != P.build(pos(), seed=4).arcana


# -- decks ----------------------------------------------------------------------------------------------


def test_forced_deck_tops_and_the_rest_of_each_deck():
    s = P.build(pos(decks=P.Decks(arcana=["Mania", "Frenzy"], hell=["calm", 40], demons=["Sammael"],
                                  hounds=[4, 1], sectios=["Liars"]),
                    players=[P.Player(demons=["Orias"], hand=["Frenzy"]), P.Player(demons=["Baal"])]))
    assert names(s.arcana[:2]) == ["Mania", "Frenzy"] and s.arcana[1] == 102  # 101 is in the hand
    assert sorted(s.arcana + s.players[0].hand) == list(range(len(data.ARCANA)))
    assert data.HELL_CARDS[s.hell[0]].event == "calm" and s.hell[1] == 40 and sorted(s.hell) == list(range(45))
    assert data.DEMONS[s.demon_deck[0]].name == "Sammael" and len(s.demon_deck) == len(data.DEMONS) - 2
    assert s.hounds[:2] == [4, 1] and sorted(s.hounds) == sorted(data.HOUND_ATTACKS)
    assert s.sectio_deck[0] == LIARS and sorted(s.sectio_deck) == list(range(45))


@pytest.mark.parametrize("seed", range(20))
def test_the_default_arcana_deck_is_quiet(seed):
    s = P.build(pos(), seed=seed)
    assert not PRA & set(s.arcana[:len(data.ARCANA) - len(PRA)]) and set(s.arcana[-len(PRA):]) == PRA
    loud = P.build(pos(decks=P.Decks(quiet=False)), seed=seed)
    assert sorted(loud.arcana) == sorted(s.arcana)


def test_a_loud_deck_and_a_play_right_away_card_on_top():
    assert any(PRA & set(P.build(pos(decks=P.Decks(quiet=False)), seed=k).arcana[:20]) for k in range(5))
    s = P.build(pos(decks=P.Decks(arcana=["A Bad Day"])))
    assert s.arcana[0] == 1 and not PRA & set(s.arcana[1:-len(PRA) + 1])


def test_setup_deals_from_the_forced_tops():
    s = P.build(P.Position(players=TWO, phase="setup",
                           decks=P.Decks(arcana=["Frenzy", "Mania", "Crystal Ball", "Foci", "Carnossa", "Big Bomb"],
                                         sectios=["Liars", "Spies", "Tyrants", "Traitors", "Thieves", "Addiction"],
                                         demons=["Sammael"]),
                           dice=[2, 5], strict_dice=True))
    assert asked(s) == [(0, "redraw"), (1, "redraw")]
    answer(s, 0, "redraw", 0)  # Orias goes under the demon deck, Sammael comes
    answer(s, 1, "keep")
    assert data.DEMONS[s.demons[0].card].name == "Sammael" and data.DEMONS[s.demon_deck[-1]].name == "Orias"
    # Mania (a Play Right Away card) goes under the deck without replacement at setup (5.1)
    assert names(s.players[0].hand) == ["Frenzy", "Crystal Ball", "Foci", "Carnossa"]
    assert names(s.players[1].hand)[0] == "Big Bomb" and names(s.arcana[-1:]) == ["Mania"]
    assert board.owned(s, 0) == sorted([LIARS, 0, 11, 4, 26])
    assert asked(s) == [(1, "first_legion")]  # seat 1 rolled 5, seat 0 rolled 2


# -- impossible positions ------------------------------------------------------------------------------

D = P.Demon
BAD = {
    "unknown demon": (dict(players=[P.Player(demons=["Nobody"]), P.Player(demons=["Baal"])]), "no demon 'Nobody'"),
    "demon dealt twice": (dict(players=[P.Player(demons=["Baal"]), P.Player(demons=["Baal"])]),
                          "demon Baal is dealt twice (seats 0 and 1)"),
    "unknown sectio": (dict(units={"Nowhere": P.Units(legions={0: 1})}), "no sectio 'Nowhere'"),
    "ambiguous prefix": (dict(units={"The": P.Units(legions={0: 1})}), "'The' could be The Envious"),
    "no such place": (dict(units={46: P.Units(legions={0: 1})}), "no place 46"),
    "13 legions": (dict(units={"Liars": P.Units(legions={0: 7}), "Spies": P.Units(legions={0: 6})}),
                   "seat 0 has 13 legions; a triumvirate has 12"),
    "negative legions": (dict(units={"Liars": P.Units(legions={0: -1})}), "Liars: -1 legions"),
    "no seat": (dict(units={"Liars": P.Units(legions={2: 1})}), "no seat 2 (2 players, freebooters 6)"),
    "keeper elsewhere": (dict(units={"Liars": P.Units(legions={0: 1}), "Spies": P.Units(hounds=[P.Hound(attacks=2, keeper=0)])}),
                         "Spies: the hound's keeper must be a legion of seat 0 there"),
    "keeper keeps two": (dict(units={"Liars": P.Units(legions={0: 1}, hounds=[P.Hound(attacks=2, keeper=0)] * 2)}),
                         "keeping no other hound"),
    "hound counters": (dict(units={"Liars": P.Units(hounds=[4, 4])}, decks=P.Decks(hounds=[4])),
                       "3 hounds of 4 attacks"),
    "unknown lieutenant": (dict(returned=["Nemo"]), "no lieutenant 'Nemo'"),
    "lieutenant twice": (dict(units={"Liars": P.Units(lieutenants=[P.Lieutenant(name="Sulla", seat=0)])},
                              boxes=[["Sulla"], [], []]), "lieutenant Sulla is in two places: Liars and box 0"),
    "leadership": (dict(units={"Liars": P.Units(legions={0: 3}, lieutenants=[P.Lieutenant(name="Alastor", seat=0, leads=3)])}),
                   "Alastor leads at most 2 legions"),
    "leads absent legions": (dict(units={"Liars": P.Units(legions={1: 2}, lieutenants=[P.Lieutenant(name="Sulla", seat=0, leads=1)])}),
                             "lieutenants of seat 0 lead 1 legions, but 0 stand there"),
    "card in two places": (dict(players=[P.Player(demons=["Orias"], hand=["A Bad Day"]), P.Player(demons=["Baal"], hand=["A Bad Day"])]),
                           "arcana card 'A Bad Day' (1) is in two places: the hand of seat 0 and the hand of seat 1"),
    "card id in two places": (dict(players=[P.Player(demons=["Orias"], hand=[5]), P.Player(demons=["Baal"])],
                                   decks=P.Decks(arcana=[5])), "(5) is in two places: the hand of seat 0 and decks.arcana"),
    "no copy left": (dict(players=[P.Player(demons=["Orias"], hand=["Frenzy"] * 3), P.Player(demons=["Baal"])]),
                     "no arcana card 'Frenzy' left: all 2 are in other places"),
    "unknown card": (dict(decks=P.Decks(arcana=["Joker"])), "no arcana card or spell 'Joker'"),
    "no walk card": (dict(players=[P.Player(demons=[D(name="Orias", walk="Frenzy")]), P.Player(demons=["Baal"])]),
                     "Frenzy is no Walk the Earth card"),
    "dead walker": (dict(players=[P.Player(demons=[D(name="Orias", walk=True, status="dead"), "Caim"]), P.Player(demons=["Baal"])]),
                    "demon Orias is dead and cannot walk the Earth"),
    "owned twice": (dict(players=[P.Player(demons=["Orias"], sectios=["Liars"]), P.Player(demons=["Baal"])],
                         freebooter_sectios=["Liars"]), "Liars is owned twice (seats 0 and 6)"),
    "antehell owned": (dict(freebooter_sectios=["Antehell"]), "Antehell belongs to nobody"),
    "no living demon": (dict(players=[P.Player(demons=[D(name="Orias", status="dead")]), P.Player(demons=["Baal"])]),
                        "seat 0 has no living demon"),
    "four demons": (dict(players=[P.Player(demons=["Orias", "Caim", "Agares", "Zagam"]), P.Player(demons=["Baal"])]),
                    "seat 0 has 4 living demons"),
    "out but active": (dict(players=[P.Player(demons=[D(name="Orias", status="active")], out=True), P.Player(demons=["Baal"])]),
                       "seat 0 is out: its demon Orias cannot be active"),
    "out with cards": (dict(players=[P.Player(demons=["Orias"], out=True, hand=["Frenzy"]), P.Player(demons=["Baal"])]),
                       "seat 0 is out: it holds no cards and no sectios"),
    "out with units": (dict(players=[P.Player(demons=["Orias"], out=True), P.Player(demons=["Baal"])],
                            units={"Liars": P.Units(legions={0: 1})}), "a seat that is out has no units"),
    "turn incapacitated": (dict(players=[P.Player(demons=["Orias"]), P.Player(demons=[D(name="Baal", status="incapacitated"), "Caim"])],
                                turn="Baal"), "turn: Baal is not active (incapacitated)"),
    "turn of the out": (dict(players=[P.Player(demons=["Orias"]), P.Player(demons=["Baal"]), P.Player(demons=["Caim"], out=True)],
                             turn="Caim"), "turn: Caim is not active (dead, its player is out)"),
    "turn acted": (dict(players=[P.Player(demons=[D(name="Orias", acted=True)]), P.Player(demons=["Baal"])], turn="Orias"),
                   "turn: Orias has acted already"),
    "turn not dealt": (dict(turn="Caim"), "turn: Caim is not in play"),
    "turn off phase": (dict(turn="Orias", phase="combat"), "turn and track belong to the Action phase, not 'combat'"),
    "track incomplete": (dict(track=["Orias"]), "track: every active demon is on it; missing ['Baal']"),
    "track twice": (dict(track=["Orias", "Baal", "Orias"]), "track: a demon twice"),
    "not permanent": (dict(permanent=["calm"]), "permanent: calm is no permanent event"),
    "box shared": (dict(permanent=["temper", "red_peril"]), "permanent: temper and red_peril share the hell box"),
    "unknown event": (dict(decks=P.Decks(hell=["doom"])), "no event 'doom'"),
    "hell card twice": (dict(permanent=[7], decks=P.Decks(hell=[7])), "Hell card 7 is in two places: permanent and decks.hell"),
    "unknown phenomenon": (dict(phenomena=[P.Phenomenon(kind="flood", at="Liars")]), "no phenomenon 'flood'"),
    "phenomenon in antehell": (dict(phenomena=[P.Phenomenon(kind="cave_in", at="Antehell")]), "cave_in cannot happen in Antehell"),
    "uriel by card": (dict(uriel=P.Uriel(at="Liars", by_card=True)), "uriels_crusade is not among the permanent events"),
    "uriel meets lilith": (dict(uriel=P.Uriel(at="Liars"), lilith=P.Lilith(at="Liars")), "Uriel and Lilith in Liars"),
    "lilith on earth": (dict(lilith=P.Lilith(at="Earth")), "lilith: no sectio 'Earth'"),
    "hell in round 1": (dict(phase="hell"), "round 1 has no Hell phase"),
    "setup with units": (dict(phase="setup", units={"Liars": P.Units(legions={0: 1})}), "setup: round 1, nobody holds"),
    "step of another phase": (dict(step="combat_next"), "step 'combat_next' is not a step of the phase 'action'"),
    "setup mid-deal": (dict(phase="setup", step="setup_deal"), "a setup position starts with the redraw questions"),
    "unknown halt": (dict(halt=["lunch"]), "halt: no step 'lunch'"),
    "unknown option": (dict(options={"cheat": True}), "options: ('cheat',) Extra inputs are not permitted"),
    "demon top dealt": (dict(decks=P.Decks(demons=["Orias"])), "demon Orias is in two places"),
    "sectio top owned": (dict(players=[P.Player(demons=["Orias"], sectios=["Liars"]), P.Player(demons=["Baal"])],
                              decks=P.Decks(sectios=["Liars"])), "decks.sectios: Liars is owned"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_an_impossible_position_is_refused_with_its_reason(case):
    fields, reason = BAD[case]
    with pytest.raises(P.PositionError) as raised:
        P.build(pos(**fields))
    assert reason in str(raised.value)


def test_every_problem_is_reported_at_once():
    with pytest.raises(P.PositionError) as raised:
        P.build(pos(units={"Nowhere": P.Units(legions={0: 1})}, permanent=["calm"], halt=["lunch"]))
    assert str(raised.value).count("\n- ") == 3


def test_a_misspelt_field_or_a_wrong_value_is_refused():
    with pytest.raises(ValidationError):
        P.Position(players=TWO, phsae="combat")
    with pytest.raises(ValidationError):
        P.Position(players=TWO, dice=[7])
    with pytest.raises(ValidationError):
        P.Position(players=TWO[:1])
    with pytest.raises(ValidationError):
        P.build({"players": [{"demons": ["Orias"], "souls": -1}, {"demons": ["Baal"]}]})


# -- the dice queue ---------------------------------------------------------------------------------------


def test_queued_dice_come_first_then_the_seeded_generator():
    s = P.build(pos(dice=[6, 1, 3]), seed=5)
    rng = s.rng.model_copy()
    assert dice.roll(s, 0, 2) == [6, 1] and s.rng == rng  # the generator is not touched
    mixed = dice.roll(s, None, 3)
    assert mixed[0] == 3 and s.dice_queue == []
    assert mixed[1:] == [rng.randint(1, 6), rng.randint(1, 6)]  # then it goes on as without a queue


def test_strict_dice_make_an_unqueued_die_an_error():
    s = P.build(pos(dice=[4], strict_dice=True))
    assert dice.d6(s, 1) == 4
    with pytest.raises(UnqueuedDie, match="after the queued dice ran out"):
        dice.d6(s, 1)


def test_queued_dice_count_for_the_curse_of_the_dice():
    s = P.build(pos(options={"curse_of_dice": True}, dice=[1, 1],
                    players=[P.Player(demons=["Orias"], ones=4, favour=1), P.Player(demons=["Baal"])]))
    dice.roll(s, 0, 2)
    assert s.players[0].favour == 2 and s.players[0].ones == 0


def test_a_real_match_has_no_queue_and_rolls_as_before():
    s = ENGINE.setup(3, 11, {})
    assert (s.dice_queue, s.dice_strict, s.halt) == ([], False, [])
    rng = s.rng.model_copy()
    assert dice.roll(s, 0, 4) == [rng.randint(1, 6) for _ in range(4)]


def test_the_rolls_fixture_replaces_every_die(rolls):
    s = P.build(pos(dice=[6]))
    rolls.queue = [2]
    assert dice.d6(s, 0) == 2 and s.dice_queue == [6] and rolls.log == [(0, [2])]


# -- running to a step, halting ----------------------------------------------------------------------------


def battle_position(**fields) -> State:
    return P.build(pos(units={"Sugar": P.Units(legions={0: 2, 1: 1}), "Liars": P.Units(legions={0: 1}, hounds=[2])},
                       phase="random", **fields), seed=2)


def test_run_to_stops_before_the_named_step_after_the_phase_ends():
    s = battle_position(dice=[5])  # the wild hound at Liars stays (5)
    ended = []
    flow.PHASE_END.append(lambda state, ev, phase: ended.append((phase, state.step)))
    try:
        events = P.run_to(s, "combat")
    finally:
        flow.PHASE_END.pop()
    assert s.step == "combat" and s.phase == "combat" and ended == [("random", "combat")]
    assert "ev_hound_run_stays" in keys(events) and "ev_battle_phase" not in keys(events) and s.battles == []
    assert P.run_to(s, "combat") == [] and s.battles == []  # already there: nothing runs
    P.run_to(s, "combat_battle")
    assert s.battles == [LIARS] and s.battle.at == SUGAR  # the combat step ran now


def test_run_to_says_why_it_stopped_short():
    s = battle_position()
    with pytest.raises(P.NotReached, match=r"stopped at step 'combat_battle' before reaching 'petition': "
                                           r"a question is open: seat 0 'combat_avoid', seat 1 'combat_avoid'"):
        P.run_to(s, "petition")
    halted = battle_position(halt=["combat"])
    with pytest.raises(P.NotReached, match="it halted there"):
        P.run_to(halted, "petition")
    with pytest.raises(ValueError, match="no step 'lunch'"):
        P.run_to(halted, "lunch")


def test_stopping_on_the_way_changes_nothing():
    """Stopped at every step of the way and resumed, the procedure ends
    where it ends without stops, in the same state."""
    def finish(s: State, stops: list[str]) -> State:
        for step in stops:
            P.run_to(s, step)
        passive_until(s, "petition", choose={"combat_avoid": "refuse"})
        return s

    plain = finish(battle_position(halt=["petition"]), [])
    stopped = finish(battle_position(halt=["petition"]), ["random_hounds", "combat", "combat_next", "combat_battle"])
    assert plain.model_dump_json() == stopped.model_dump_json()
    assert plain.step == "petition" and plain.won  # a battle was fought on the way


def test_halt_holds_across_answers():
    s = P.build(pos(phase="action", halt=["random"]))
    start(s)
    answer(s, 1, "wait")
    assert asked(s) == [(0, "act")]  # the action step ran again: not halted in between
    answer(s, 0, "wait")
    assert s.step == "random" and not s.over and asked(s) == []
    start(s)  # going on from the halt runs the step it stands at
    assert s.step != "random"


def test_answer_may_stop_at_a_step():
    s = P.build(pos(phase="action"))
    start(s)
    answer(s, 1, "wait")
    answer(s, 0, "wait", stop_at="random")
    assert s.step == "random" and s.track == []


# -- the state: JSON and views --------------------------------------------------------------------------------


def rich() -> P.Position:
    return P.Position(
        players=[P.Player(demons=["Orias", P.Demon(name="Caim", walk=True)], hand=["Frenzy", "lore"], sectios=["Liars"]),
                 P.Player(demons=["Baal", "Gomory"], souls=9, disfavour=1, sectios=["Spies"])],
        units={"Liars": P.Units(legions={0: 2}, lieutenants=[P.Lieutenant(name="Sulla", seat=0, leads=1)],
                                hounds=[P.Hound(attacks=2, keeper=0)]),
               "Antehell": P.Units(legions={1: 1}, hounds=[3])},
        phase="action", turn="Orias", round=3, uriel=P.Uriel(at="the forest", lost={0: 1}),
        lilith=P.Lilith(at="Antehell", aspect="crone"), permanent=["temper"],
        phenomena=[P.Phenomenon(kind="quagmire", at="Spies")], returned=["Pytho"],
        won={"Liars": [0]}, entered={"Liars": [(1, "Spies")]}, decks=P.Decks(arcana=["Mania"], hell=["calm"]),
        dice=[3, 4], strict_dice=True, halt=["random"], options={"auto_targets": False})


def test_a_built_state_round_trips_through_json():
    s = P.build(rich(), seed=9)
    assert round_trips(s)
    start(s)
    assert round_trips(s)


def test_a_description_round_trips_through_json_too():
    d = rich()
    again = P.Position.model_validate_json(d.model_dump_json())
    assert P.build(again, seed=9) == P.build(d, seed=9)


def test_views_show_neither_the_dice_queue_nor_the_deck_tops():
    plain = P.build(rich().model_copy(update={"dice": [], "strict_dice": False, "decks": P.Decks()}), seed=9)
    forced = P.build(rich(), seed=9)
    assert forced.dice_queue and forced.arcana != plain.arcana and forced.hell != plain.hell
    for viewer in (0, 1, None):
        seen = ENGINE.view(forced, viewer).model_dump_json()
        assert seen == ENGINE.view(plain, viewer).model_dump_json()
        assert "dice_queue" not in seen and "halt" not in seen


def test_a_computer_players_redeal_does_not_see_the_queued_dice():
    import random

    forced = P.build(rich(), seed=9)
    assert forced.dice_queue
    for seat in (0, 1):
        guess = ENGINE.determinise(forced, seat, random.Random(seat))
        assert guess.dice_queue == [] and forced.dice_queue  # the original keeps its dice


# -- the documented examples -------------------------------------------------------------------------


def test_the_examples_of_the_module_docstring_run():
    blocks = re.findall(r"::\n\n((?:    .*\n|\n)+)", P.__doc__)
    assert len(blocks) == 2
    for block in blocks:
        exec(textwrap.dedent(block), {"P": P, "flow": flow, "data": data, "Action": Action})


# -- the driver -------------------------------------------------------------------------------------------


def test_passive_until_answers_to_a_step_or_says_why_not():
    s = battle_position(halt=["end"])
    events = passive_until(s, "petition", choose={"combat_avoid": "refuse"})
    assert s.step == "petition" and "ev_battle_not_avoided" in keys(events)
    with pytest.raises(P.NotReached):
        passive_until(s, "combat")  # next round's combat: the halt at the End phase comes first


def test_the_driver_checks_the_words_of_every_event():
    check_words(P.build(pos()), [Event(key="ev_act_wait", params={"demon": 13, "seat": 0})])
    with pytest.raises(AssertionError):
        check_words(P.build(pos()), [Event(key="ev_act_wait", params={"seat": 0})])  # {demon} is missing
    with pytest.raises(AssertionError):
        check_words(P.build(pos()), [Event(key="ev_no_such_words", params={})])


def test_the_driver_reads_questions_and_choices():
    s = P.build(pos(players=[P.Player(demons=["Orias"]), P.Player(demons=["Baal"], hand=["Call for Lilith"])],
                    phase="action", turn="Baal", halt=["random"]))
    start(s)
    assert ask(s).seat == 1 and ask(s, 1).q == "act" and asked(s) == [(1, "act")] and turn(s) == "Baal"
    assert dos(s, "pass") == s.players[1].hand and Action(do="wait") in legal(s, 1)
    events = play(s, "pass", s.players[1].hand[0])  # Baal moves back behind Orias
    assert event(events, "ev_act_pass").params["seat"] == 1 and asked(s) == [(0, "act")]
    with pytest.raises(AssertionError, match="no event 'ev_nothing'"):
        event(events, "ev_nothing")
    assert units(s, LIARS) == [] and s.step == "action"


def test_answer_all_answers_a_simultaneous_question():
    s = battle_position()
    P.run_to(s, "combat_battle")
    start(s)
    assert asked(s) == [(0, "combat_avoid"), (1, "combat_avoid")]
    assert "ev_battle_not_avoided" in keys(answer_all(s, "refuse"))


def test_dead_demons_lie_under_the_daemon_deck():
    """3.1 (ruling): a dead demon's card is under the deck, as the game puts it there."""
    s = P.build(P.Position(players=[P.Player(demons=["Orias", P.Demon(name="Baal", status="dead")]),
                                    P.Player(demons=["Caim"], out=False),
                                    P.Player(demons=["Ukobach"], out=True)]))
    bottom = [data.DEMONS[c].name for c in s.demon_deck[-2:]]
    assert sorted(bottom) == ["Baal", "Ukobach"]
    assert len(s.demon_deck) == len(data.DEMONS) - 4 + 2


def test_a_demon_of_a_player_who_is_out_cannot_walk_the_earth():
    with pytest.raises(P.PositionError, match="cannot walk the Earth"):
        P.build(P.Position(players=[P.Player(demons=["Orias"]),
                                    P.Player(demons=[P.Demon(name="Baal", walk=True)], out=True)]))
