"""The HellGame, 10.4 Freebooters: engines/hellgame/beings/freebooters.py and the
shared code it relies on (influence, entry, saves, targets, petitions, the
board text): positions from the builder, driven by the shared test driver
with forced dice."""

from __future__ import annotations

import pytest

from engines.hellgame import position as P
from engines.hellgame.beings import freebooters
from engines.hellgame.core import board, data
from engines.hellgame.core.model import Action, Battle, FREEBOOTERS, Side
from engines.hellgame.core.views import build_view
from engines.hellgame.engine import ENGINE
from engines.hellgame.phases import petition
from engines.hellgame.phases.combat import battle
from hellgame_driver import answer, ask, keys, legal, play, rolls, start, units  # noqa: F401 - rolls is a fixture
from render import hellgame_text

FB = FREEBOOTERS


def sectio(prefix: str) -> int:
    hits = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    assert len(hits) == 1, prefix
    return hits[0]


SPIES, MIRACLE, FALSIFIERS = sectio("Spies"), sectio("Miracle"), sectio("Falsifiers")
#: The next phases are other modules' business: the procedure halts before them.
QUIET = ["random", "end"]


def test_hooks_are_registered():
    assert freebooters.take_sectios in petition.AFTER_PETITIONS


# -- 10.4 / 9.7.1: influence makes freebooters -------------------------------------------------


def test_10_4_influence_switches_a_legion_to_the_freebooters(monkeypatch):
    from engines.hellgame.phases.action import diplomacy

    monkeypatch.setattr(diplomacy, "EXTRA_OWNERS", [freebooters.offer])
    s = P.build(P.Position(
        players=[P.Player(demons=["Gomory"], souls=20), P.Player(demons=["Naburos"], souls=20)],
        units={40: P.Units(legions={1: 1})}, phase="action", halt=QUIET,
        dice=[2, 3], strict_dice=True))  # the influence rolls: Gomory has 4 hearts, both succeed
    [legion] = units(s, 40)
    start(s)
    assert ask(s, 0).q == "act"
    answer(s, 0, "influence")
    answer(s, 0, "goal", 2)
    owners = [x.a for x in legal(s, 0) if x.do == "owner"]
    assert owners == [0, FB]  # the influencer, or freebooters (2 players: nobody else)
    assert ENGINE.label(s, 0, Action(do="owner", a=FB), "de") == "Zu Freibeuter ✖ wechseln"
    assert ENGINE.label(s, 0, Action(do="owner", a=FB), "en") == "Join Freebooters ✖"
    answer(s, 0, "owner", FB)
    answer(s, 0, "bribe", 0)
    answer(s, 0, "bribe", 0)
    ev = answer(s, 0, "submit")
    assert legion.owner == FB and legion.at == 40 and s.dice_queue == []
    switched = next(e for e in ev if e.key == "ev_act_inf_switched")
    assert switched.params["seat"] == FB
    assert "Freibeuter" in ENGINE.text(switched.key, switched.params, "de")
    # freebooters cannot be influenced again
    assert not diplomacy.influenceable(s, 0, legion) and not diplomacy.influenceable(s, 1, legion)


# -- 10.4: they never move, flee or grant passage ------------------------------------------------


def test_10_4_freebooters_do_not_flee_or_grant_passage_on_entry(rolls):
    s = P.build(P.Position(
        players=[P.Player(demons=["Balban"]), P.Player(demons=[P.Demon(name="Gomory", acted=True)])],
        units={SPIES: P.Units(legions={0: 1}), MIRACLE: P.Units(legions={FB: 1})},
        phase="action", turn="Balban", halt=QUIET))  # Balban's move ends the Action phase
    [mover], [free] = units(s, SPIES), units(s, MIRACLE)
    start(s)
    play(s, "move")
    answer(s, 0, "unit", mover.id)
    answer(s, 0, "to", MIRACLE)
    # never passage: the path cannot go on through the freebooters' sectio
    assert [x.a for x in legal(s, 0) if x.do == "to"] == []
    ev = answer(s, 0, "submit")
    # nobody was asked to let pass or flee, no die was rolled: the mover stops
    assert rolls.log == []
    assert not any(a.q == "entry" for a in s.asks)
    assert mover.at == MIRACLE and free.at == MIRACLE
    assert keys(ev) == ["ev_legion_moves", "ev_move_end", "ev_chapter"]  # and the next phase begins
    assert s.step == "random"
    from engines.hellgame.core import flight

    assert flight.forced_stop(s, MIRACLE, 0, False) == "ev_stop_legion"


def test_10_4_lone_freebooter_lieutenant_is_not_made_to_flee(rolls):
    """Lone lieutenants of other players flee at once when a unit enters (9.5.2.2); freebooters never flee."""
    from engines.hellgame.core import flight

    s = P.build(P.Position(
        players=[P.Player(demons=["Balban"]), P.Player(demons=["Gomory"])],
        units={MIRACLE: P.Units(lieutenants=[P.Lieutenant(name="Tammerlane", seat=FB)], legions={0: 1})}))
    [lt] = units(s, MIRACLE, "lieutenant")
    assert flight._lone_others(s, MIRACLE, 0) == []
    assert lt.at == MIRACLE and rolls.log == []


# -- 10.4 / ruling: saves on their lieutenant's bonus, else on a 1 ------------------------------------


def combat(units: dict, seats: int = 2, **fields) -> P.Position:
    """The Combat phase, halted before the Petition phase. Every player's
    demon has fought already: none joins a battle, so a player's legions
    save on a 1 only, as without a demon."""
    players = [P.Player(demons=[P.Demon(name=name, fought=True)]) for name in ("Caim", "Ukobach", "Baal")[:seats]]
    return P.Position(**{"players": players, "units": units, "phase": "combat", "halt": ["petition"], **fields})


def test_10_4_save_with_their_lieutenants_bonus():
    # Tammerlane: combat bonus 3, leads both freebooter legions
    s = P.build(combat(
        {30: P.Units(legions={0: 2, FB: 2}, lieutenants=[P.Lieutenant(name="Tammerlane", seat=FB, leads=2)])},
        # one round: every attack hits; seat 0 (no demon) saves on a 1 only, the
        # freebooters save a 3 (<= 3) and lose the legion that rolled a 4
        dice=[6, 6, 6, 6] + [6, 6] + [3, 4], strict_dice=True))
    mine, free, [lt] = units(s, 30, "legion", 0), units(s, 30, "legion", FB), units(s, 30, "lieutenant")
    b = Battle(at=30, parties=[0, FB])
    assert battle.save_value(s, b, Side(seats=[FB]), free[0]) == 3
    # his bonus does not help their attacks (ruling: saves only)
    assert battle.bonuses(s, 30) == {}
    ev = start(s)
    saves = [(e.params["seat"], e.params["need"], e.params["rolls"]) for e in ev if e.key == "ev_battle_save"]
    assert saves == [(0, 1, [6, 6]), (FB, 3, [3, 4])]
    assert all(board.unit(s, u.id) is None for u in mine)
    # the position lists lieutenants before legions: the lieutenant and the legion that saved on a 3 are left
    assert [u.id for u in s.units if u.owner == FB] == [lt.id, free[0].id]
    assert "ev_battle_won_freebooters" in keys(ev) and s.step == "petition" and s.dice_queue == []


def test_10_4_save_without_a_lieutenant_only_on_a_one():
    s = P.build(combat({30: P.Units(legions={0: 2, FB: 2})},
                       dice=[6, 6, 6, 6] + [6, 6] + [1, 2], strict_dice=True))
    free = units(s, 30, "legion", FB)
    b = Battle(at=30, parties=[0, FB])
    assert battle.save_value(s, b, Side(seats=[FB]), free[0]) == 1
    ev = start(s)
    saves = [(e.params["seat"], e.params["need"], e.params["rolls"]) for e in ev if e.key == "ev_battle_save"]
    assert saves == [(0, 1, [6, 6]), (FB, 1, [1, 2])]
    assert [u.owner for u in s.units] == [FB] and s.step == "petition" and s.dice_queue == []


# -- ruling: the engine picks their targets, the largest enemy group first ---------------------------


@pytest.mark.parametrize("auto", [True, False])
def test_10_4_engine_aims_the_freebooters_at_the_largest_enemy_group(auto):
    from engines.hellgame.phases.combat import targets

    s = P.build(combat({30: P.Units(legions={1: 1, 0: 3, FB: 2})}, seats=3, options={"auto_targets": auto}))
    [small], big, free = units(s, 30, owner=1), units(s, 30, owner=0), units(s, 30, owner=FB)
    # the battle in progress, at the targets stage: the builder describes positions between steps only
    b = Battle(at=30, parties=[0, 1, FB], sides=[Side(seats=[0]), Side(seats=[1]), Side(seats=[FB])])
    s.battle = b
    targets.choose_targets(s, b, [])
    assert [b.targets[u.id] for u in free] == [[big[0].id], [big[1].id]]
    if not auto:  # the players are asked for their own units, never for the freebooters'
        assert sorted({a.seat for a in s.asks}) == [0, 1]
        assert small.id not in b.targets


# -- 10.4 / ruling: freebooters take sectios after the players' petitions ----------------------------


#: Three triumvirates, the best ranked demons first.
TRIUMVIRATES = (["Sammael", "Asmodeus", "Beelzebub"], ["Ashtaroth", "Baal", "Moloch"],
                ["Belphegor", "Ereshkigal", "Thamuz"])


def petitions(units: dict, homes=([40], [41], [42]), favour=(0, 0, 0), **fields) -> P.Position:
    """The Petition phase of three players owning their ``homes``, with no
    favour to petition unless given; halted before the End phase."""
    players = [P.Player(demons=demons, sectios=home, favour=f) for demons, home, f in zip(TRIUMVIRATES, homes, favour)]
    return P.Position(**{"players": players, "units": units, "phase": "petition", "halt": QUIET, **fields})


def test_10_4_freebooters_take_their_sectio_in_the_petition_phase(rolls):
    s = P.build(petitions({
        10: P.Units(legions={FB: 1}),        # takes seat 0's second sectio
        11: P.Units(lieutenants=[P.Lieutenant(name="Tammerlane", seat=FB)]),  # alone, he also holds an unowned sectio
        12: P.Units(legions={FB: 1, 2: 1}),  # not alone: nothing happens
        20: P.Units(legions={FB: 1}),        # already theirs: no event
    }, homes=([40, 10], [41], [42]), freebooter_sectios=[20]))
    ev = start(s)
    assert s.owner[10] == FB and s.owner[11] == FB and s.owner[12] is None and s.owner[40] == 0
    took = [(e.key, e.params) for e in ev if e.key.startswith("ev_free_")]
    assert took == [("ev_free_take_from", {"seats": [0], "sectio": 10}), ("ev_free_take", {"sectio": 11})]
    for key, params in took:
        for locale in ("de", "en"):
            assert "{" not in ENGINE.text(key, params, locale)
    assert "Freibeuter" in ENGINE.text(*took[0], "de")
    assert s.step == "end" and not rolls.log  # went on to the end phase; nobody needed a rescue


def test_10_4_taking_the_last_sectio_calls_the_rescue_for_the_old_owner(rolls):
    s = P.build(petitions({
        41: P.Units(legions={FB: 1}),  # seat 1's only sectio
        30: P.Units(legions={2: 2}),   # the most units: the rescue gives seat 1 sectio 30
    }))
    ev = start(s)
    assert s.owner[41] == FB and s.owner[30] == 1
    assert all(u.owner == 1 for u in board.units_at(s, 30))
    order = [e.key for e in ev if e.key in ("ev_free_take_from", "ev_rescue")]
    assert order == ["ev_free_take_from", "ev_rescue"]
    assert not s.players[1].out and s.step == "end"


def test_10_4_the_rescue_may_give_back_the_sectio_the_freebooters_took(rolls):
    # the freebooters' own sectio is the only one with units: the rescue gives it back with them
    s = P.build(petitions({41: P.Units(legions={FB: 1})}))
    ev = start(s)
    assert s.owner[41] == 1 and [u.owner for u in board.units_at(s, 41)] == [1]
    assert [e.key for e in ev if e.key in ("ev_free_take_from", "ev_rescue")] == ["ev_free_take_from", "ev_rescue"]


def test_10_4_a_freebooter_sectio_is_petitioned_like_an_unowned_one(rolls):
    s = P.build(petitions({
        12: P.Units(legions={0: 1}),
        13: P.Units(legions={0: 1, FB: 1}),  # see the end of the test
    }, favour=(1, 0, 0), freebooter_sectios=[12, 13]))
    start(s)
    assert ask(s, 0).q == "petition"
    assert Action(do="favour", a=12) in legal(s, 0)
    ev = answer(s, 0, "favour", 12)
    assert s.owner[12] == 0 and s.players[0].favour == 0
    assert "ev_petition_lost" not in keys(ev) and "consent" not in [a.q for a in s.asks]
    # but freebooters standing there bar it, as any enemy nobody can consent for
    assert not petition.eligible(s, 0, 13)


# -- the board text names them ------------------------------------------------------------------------


def test_10_4_board_text_names_the_freebooters():
    s = P.build(petitions({12: P.Units(legions={FB: 1}, lieutenants=[P.Lieutenant(name="Tammerlane", seat=FB)])},
                          freebooter_sectios=[12]))
    view = build_view(s, 0, ENGINE.header(s))
    sectio_view = next(x for x in view.sectios if x.index == 12)
    line = hellgame_text.sectio_line(view, sectio_view, "de")
    assert line.count("Freibeuter ✖") == 3, line  # owner, legions, lieutenant
    assert "Freebooters ✖" in hellgame_text.sectio_line(view, sectio_view, "en")
