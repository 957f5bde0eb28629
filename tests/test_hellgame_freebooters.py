"""The HellGame, 10.4 Freebooters: engines/hellgame/beings/freebooters.py and the
shared code it relies on (influence, entry, saves, targets, petitions, the
board text), driven through flow.advance / flow.answer with forced dice."""

from __future__ import annotations

import pytest
from hellgame_dice import rolls  # noqa: F401 - a fixture

from engines.hellgame import setup
from engines.hellgame.beings import freebooters
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import Action, Battle, Demon, FREEBOOTERS, Side, State
from engines.hellgame.core.views import build_view
from engines.hellgame.engine import ENGINE
from engines.hellgame.phases import petition
from engines.hellgame.phases.action import movement
from engines.hellgame.phases.combat import battle
from render import hellgame_text

FB = FREEBOOTERS


def demon_card(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


def sectio(prefix: str) -> int:
    hits = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    assert len(hits) == 1, prefix
    return hits[0]


SPIES, MIRACLE, FALSIFIERS = sectio("Spies"), sectio("Miracle"), sectio("Falsifiers")


@pytest.fixture(autouse=True)
def quiet(monkeypatch):
    """No end-of-phase checks; the next phase of another module ends the test."""
    monkeypatch.setattr(flow, "PHASE_END", [])
    for name in ("random", "end"):
        monkeypatch.setitem(flow.STEPS, name, lambda s, ev: setattr(s, "over", True))


def answer(s: State, seat: int, do: str, a: int | None = None) -> list:
    ev: list = []
    flow.answer(s, seat, Action(do=do, a=a), ev)
    return ev


def keys(ev: list) -> list[str]:
    return [e.key for e in ev]


def test_hooks_are_registered():
    assert freebooters.take_sectios in petition.AFTER_PETITIONS


# -- 10.4 / 9.7.1: influence makes freebooters -------------------------------------------------


def test_10_4_influence_switches_a_legion_to_the_freebooters(rolls, monkeypatch):
    from engines.hellgame.phases.action import diplomacy

    monkeypatch.setattr(diplomacy, "EXTRA_OWNERS", [freebooters.offer])
    s = setup.initial_state(2, 1, {})
    s.asks, s.units = [], []
    s.demons = [Demon(card=demon_card("Gomory"), owner=0), Demon(card=demon_card("Naburos"), owner=1)]
    for p in s.players:
        p.souls, p.hand = 20, []
    s.step = s.phase = "action"
    legion = board.place(s, "legion", 1, 40)
    flow.advance(s, [])
    assert flow.ask_of(s, 0).q == "act"
    answer(s, 0, "influence")
    answer(s, 0, "goal", 2)
    owners = [x.a for x in flow.legal(s, 0) if x.do == "owner"]
    assert owners == [0, FB]  # the influencer, or freebooters (2 players: nobody else)
    assert ENGINE.label(s, 0, Action(do="owner", a=FB), "de") == "Zu Freibeuter ✖ wechseln"
    assert ENGINE.label(s, 0, Action(do="owner", a=FB), "en") == "Join Freebooters ✖"
    answer(s, 0, "owner", FB)
    answer(s, 0, "bribe", 0)
    answer(s, 0, "bribe", 0)
    rolls.queue = [2, 3]  # Gomory: 4 hearts, both succeed
    ev = answer(s, 0, "submit")
    assert legion.owner == FB and legion.at == 40
    switched = next(e for e in ev if e.key == "ev_act_inf_switched")
    assert switched.params["seat"] == FB
    assert "Freibeuter" in ENGINE.text(switched.key, switched.params, "de")
    # freebooters cannot be influenced again
    assert not diplomacy.influenceable(s, 0, legion) and not diplomacy.influenceable(s, 1, legion)


# -- 10.4: they never move, flee or grant passage ------------------------------------------------


def test_10_4_freebooters_do_not_flee_or_grant_passage_on_entry(rolls):
    s = setup.initial_state(2, 7, {})
    s.asks, s.units, s.drafts, s.orders = [], [], {}, {}
    s.step, s.phase = "random", "action"  # the step after the move: ends the test
    s.demons = [Demon(card=demon_card("Balban"), owner=0), Demon(card=demon_card("Gomory"), owner=1)]
    mover = board.place(s, "legion", 0, SPIES)
    free = board.place(s, "legion", FB, MIRACLE)
    ev: list = []
    movement.start_move(s, 0, ev)
    answer(s, 0, "unit", mover.id)
    answer(s, 0, "to", MIRACLE)
    # never passage: the path cannot go on through the freebooters' sectio
    assert [x.a for x in flow.legal(s, 0) if x.do == "to"] == []
    ev += answer(s, 0, "submit")
    # nobody was asked to let pass or flee, no die was rolled: the mover stops
    assert rolls.log == []
    assert not any(a.q == "entry" for a in s.asks)
    assert mover.at == MIRACLE and free.at == MIRACLE
    assert keys(ev) == ["ev_legion_moves", "ev_move_end"]
    from engines.hellgame.core import flight

    assert flight.forced_stop(s, MIRACLE, 0, False) == "ev_stop_legion"


def test_10_4_lone_freebooter_lieutenant_is_not_made_to_flee(rolls):
    """Lone lieutenants of other players flee at once when a unit enters (9.5.2.2); freebooters never flee."""
    from engines.hellgame.core import flight

    s = setup.initial_state(2, 7, {})
    s.units = []
    lt = board.place(s, "lieutenant", FB, MIRACLE, card=1)
    board.place(s, "legion", 0, MIRACLE)
    assert flight._lone_others(s, MIRACLE, 0) == []
    assert lt.at == MIRACLE and rolls.log == []


# -- 10.4 / ruling: saves on their lieutenant's bonus, else on a 1 ------------------------------------


def combat_state(seats: int = 2, **options) -> State:
    s = setup.initial_state(seats, 7, dict(options))
    s.asks, s.step, s.phase = [], "combat", "combat"
    s.units, s.demons, s.next_unit = [], [], 0
    return s


def stop_at_petition(monkeypatch) -> None:
    monkeypatch.setitem(flow.STEPS, "petition", lambda s, ev: setattr(s, "over", True))


def test_10_4_save_with_their_lieutenants_bonus(rolls, monkeypatch):
    stop_at_petition(monkeypatch)
    s = combat_state()
    mine = [board.place(s, "legion", 0, 30) for _ in range(2)]
    free = [board.place(s, "legion", FB, 30) for _ in range(2)]
    lt = board.place(s, "lieutenant", FB, 30, card=1)  # Tammerlane: combat bonus 3
    for u in free:
        u.leader = lt.id
    b = Battle(at=30, parties=[0, FB])
    assert battle.save_value(s, b, Side(seats=[FB]), free[0]) == 3
    # his bonus does not help their attacks (ruling: saves only)
    assert battle.bonuses(s, 30) == {}
    # a round: both sides hit twice; freebooters save a 3, lose on a 4
    # one round: every attack hits; seat 0 (no demon) saves on a 1 only, the
    # freebooters save a 3 (<= 3) and lose the legion that rolled a 4
    rolls.queue = [6, 6, 6, 6] + [6, 6] + [3, 4]
    ev: list = []
    flow.advance(s, ev)
    saves = [(e.params["seat"], e.params["need"], e.params["rolls"]) for e in ev if e.key == "ev_battle_save"]
    assert saves == [(0, 1, [6, 6]), (FB, 3, [3, 4])]
    assert all(board.unit(s, u.id) is None for u in mine)
    assert [u.kind for u in s.units if u.owner == FB] == ["legion", "lieutenant"]
    assert "ev_battle_won_freebooters" in keys(ev) and s.over and not rolls.queue


def test_10_4_save_without_a_lieutenant_only_on_a_one(rolls, monkeypatch):
    stop_at_petition(monkeypatch)
    s = combat_state()
    board.place(s, "legion", 0, 30)
    board.place(s, "legion", 0, 30)
    free = [board.place(s, "legion", FB, 30) for _ in range(2)]
    b = Battle(at=30, parties=[0, FB])
    assert battle.save_value(s, b, Side(seats=[FB]), free[0]) == 1
    rolls.queue = [6, 6, 6, 6] + [6, 6] + [1, 2]
    ev: list = []
    flow.advance(s, ev)
    saves = [(e.params["seat"], e.params["need"], e.params["rolls"]) for e in ev if e.key == "ev_battle_save"]
    assert saves == [(0, 1, [6, 6]), (FB, 1, [1, 2])]
    assert [u.owner for u in s.units] == [FB] and s.over and not rolls.queue


# -- ruling: the engine picks their targets, the largest enemy group first ---------------------------


@pytest.mark.parametrize("auto", [True, False])
def test_10_4_engine_aims_the_freebooters_at_the_largest_enemy_group(auto):
    from engines.hellgame.phases.combat import targets

    s = combat_state(3, auto_targets=auto)
    small = board.place(s, "legion", 1, 30)
    big = [board.place(s, "legion", 0, 30) for _ in range(3)]
    free = [board.place(s, "legion", FB, 30) for _ in range(2)]
    b = Battle(at=30, parties=[0, 1, FB], sides=[Side(seats=[0]), Side(seats=[1]), Side(seats=[FB])])
    s.battle = b
    targets.choose_targets(s, b, [])
    assert [b.targets[u.id] for u in free] == [[big[0].id], [big[1].id]]
    if not auto:  # the players are asked for their own units, never for the freebooters'
        assert sorted({a.seat for a in s.asks}) == [0, 1]
        assert small.id not in b.targets


# -- 10.4 / ruling: freebooters take sectios after the players' petitions ----------------------------


def petition_state(seats: int = 3) -> State:
    s = setup.initial_state(seats, 7, {})
    s.asks, s.units = [], []
    s.owner = [None] * 45
    by_rank = sorted(range(len(data.DEMONS)), key=lambda i: data.DEMONS[i].rank)
    s.demons = [Demon(card=by_rank[3 * seat + i], owner=seat) for seat in range(seats) for i in range(3)]
    for seat, home in zip(range(seats), (40, 41, 42)):
        s.owner[home] = seat
    s.step, s.phase = "petition", "petition"
    for p in s.players:
        p.favour = 0
    return s


def test_10_4_freebooters_take_their_sectio_in_the_petition_phase(rolls):
    s = petition_state()
    s.owner[10] = 0
    board.place(s, "legion", FB, 10)            # takes seat 0's second sectio
    board.place(s, "lieutenant", FB, 11, card=1)  # a lieutenant alone also holds an unowned sectio
    board.place(s, "legion", FB, 12)
    board.place(s, "legion", 2, 12)             # not alone: nothing happens
    s.owner[20] = FB
    board.place(s, "legion", FB, 20)            # already theirs: no event
    ev: list = []
    flow.advance(s, ev)
    assert s.owner[10] == FB and s.owner[11] == FB and s.owner[12] is None and s.owner[40] == 0
    took = [(e.key, e.params) for e in ev if e.key.startswith("ev_free_")]
    assert took == [("ev_free_take_from", {"seats": [0], "sectio": 10}), ("ev_free_take", {"sectio": 11})]
    for key, params in took:
        for locale in ("de", "en"):
            assert "{" not in ENGINE.text(key, params, locale)
    assert "Freibeuter" in ENGINE.text(*took[0], "de")
    assert s.over and not rolls.log  # went on to the end phase; nobody needed a rescue


def test_10_4_taking_the_last_sectio_calls_the_rescue_for_the_old_owner(rolls):
    s = petition_state()
    board.place(s, "legion", FB, 41)            # seat 1's only sectio
    board.place(s, "legion", 2, 30)
    board.place(s, "legion", 2, 30)             # the most units: the rescue gives seat 1 sectio 30
    ev: list = []
    flow.advance(s, ev)
    assert s.owner[41] == FB and s.owner[30] == 1
    assert all(u.owner == 1 for u in board.units_at(s, 30))
    order = [e.key for e in ev if e.key in ("ev_free_take_from", "ev_rescue")]
    assert order == ["ev_free_take_from", "ev_rescue"]
    assert not s.players[1].out and s.over


def test_10_4_the_rescue_may_give_back_the_sectio_the_freebooters_took(rolls):
    s = petition_state()
    board.place(s, "legion", FB, 41)
    # the freebooters' own sectio is the only one with units: the rescue gives it back with them
    ev: list = []
    flow.advance(s, ev)
    assert s.owner[41] == 1 and [u.owner for u in board.units_at(s, 41)] == [1]
    assert [e.key for e in ev if e.key in ("ev_free_take_from", "ev_rescue")] == ["ev_free_take_from", "ev_rescue"]


def test_10_4_a_freebooter_sectio_is_petitioned_like_an_unowned_one(rolls):
    s = petition_state()
    s.owner[12] = FB
    board.place(s, "legion", 0, 12)
    s.players[0].favour = 1
    ev: list = []
    flow.advance(s, ev)
    assert flow.ask_of(s, 0).q == "petition"
    assert Action(do="favour", a=12) in flow.legal(s, 0)
    ev = answer(s, 0, "favour", 12)
    assert s.owner[12] == 0 and s.players[0].favour == 0
    assert "ev_petition_lost" not in keys(ev) and "consent" not in [a.q for a in s.asks]
    # but freebooters standing there bar it, as any enemy nobody can consent for
    s.owner[13] = FB
    board.place(s, "legion", 0, 13)
    board.place(s, "legion", FB, 13)
    assert not petition.eligible(s, 0, 13)


# -- the board text names them ------------------------------------------------------------------------


def test_10_4_board_text_names_the_freebooters():
    s = petition_state()
    s.owner[12] = FB
    board.place(s, "legion", FB, 12)
    board.place(s, "lieutenant", FB, 12, card=1)
    view = build_view(s, 0, ENGINE.header(s))
    sectio_view = next(x for x in view.sectios if x.index == 12)
    line = hellgame_text.sectio_line(view, sectio_view, "de")
    assert line.count("Freibeuter ✖") == 3, line  # owner, legions, lieutenant
    assert "Freebooters ✖" in hellgame_text.sectio_line(view, sectio_view, "en")
