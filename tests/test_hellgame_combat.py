"""The HellGame, chapter 11 (Combat) without magic: engines/hellgame/phases/combat/combat.py
and battle.py. Positions are built with engines/hellgame/position and driven with
tests/hellgame_driver.py; the procedure halts at the Petition phase (another module's).

Dice come from the position's queue (strict: a die a test did not queue fails it);
flight and the hounds running amok are replaced by small stand-ins (the real
ones belong to the movement module and have their own tests)."""

from __future__ import annotations

import pytest
from hellgame_driver import (  # noqa: F401 - rolls is a fixture
    answer, answer_all, ask, asked, demon, keys, legal, no_orders, passive_until, rolls, start, units)

from engines.contract import IllegalAction
from engines.hellgame import position as P
from engines.hellgame.core import board, data, dice, flow
from engines.hellgame.core.model import ANTEHELL, Action, State, Unit
from engines.hellgame.phases.combat import battle as B

BEAST, MU = 0, 1
CAIM, UKOBACH = 8, 18          # demon cards


def sectio(prefix: str) -> int:
    hits = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    assert len(hits) == 1, prefix
    return hits[0]


SUGAR_HILL, ADDICTION, THIEVES, ORGASTICA = sectio("Sugar"), sectio("Addiction"), sectio("Thieves"), sectio("Orgastica")
#: A seat's demon when the test gives it none: every seat needs a living demon,
#: and this one fought elsewhere this round, so it joins no battle here (11.1).
IDLE = ["Gomory", "Paymon", "Xaphan"]


def combat(units: dict, seats: int = 2, demons: dict[int, list] | None = None, **fields) -> P.Position:
    """The Combat phase with ``units``; ``demons[seat]``: that seat's demons (default: an idle one)."""
    players = [P.Player(demons=(demons or {}).get(seat) or [P.Demon(name=IDLE[seat], fought=True)])
               for seat in range(seats)]
    return P.Position(players=players, units=units, phase="combat", halt=["petition"], strict_dice=True, **fields)


class Moves:
    """Stand-ins for movement.flee / run_amok / lone_lieutenants."""

    def __init__(self) -> None:
        self.flee: list[tuple[int, list[int], object]] = []
        self.amok: list[int] = []
        self.lone = 0
        #: where the next flight takes the fleeing units (None: it fails)
        self.flee_to: int | None = None

    def do_flee(self, state: State, seat: int, units: list[Unit], barred, events) -> list[Unit]:
        self.flee.append((seat, [u.id for u in units], barred))
        if self.flee_to is None:
            return list(units)
        for u in units:
            u.at = self.flee_to
        return []

    def do_amok(self, state: State, hound: Unit, events) -> None:
        """As the real one: a compass die, 5-6 stays."""
        self.amok.append(hound.id)
        hound.owner, hound.keeper = None, None
        dest = data.compass_step(hound.at, dice.d6(state, None))
        if isinstance(dest, int) and dest != ANTEHELL:
            hound.at = dest
        elif dest is not None:
            board.remove(state, hound)

    def do_lone(self, state: State, events) -> None:
        self.lone += 1


@pytest.fixture(autouse=True)
def moves(monkeypatch) -> Moves:
    from engines.hellgame.phases.action import movement

    m = Moves()
    monkeypatch.setattr(movement, "flee", m.do_flee)
    monkeypatch.setattr(movement, "run_amok", m.do_amok)
    monkeypatch.setattr(movement, "lone_lieutenants", m.do_lone)
    return m


# -- 11: which battles, in which order ---------------------------------------------------


def test_11_battle_order_largest_first(rolls):
    small, big, tie, hounds = 0, 1, 2, 3
    s = P.build(combat({
        small: P.Units(legions={0: 2, 1: 2}),                 # 4 units
        big: P.Units(legions={0: 3, 2: 3}),                   # 6 units
        tie: P.Units(legions={1: 3, 2: 1}),                   # 4 units, ties with `small`
        hounds: P.Units(legions={2: 6}, hounds=[2]),          # 7 units, but a hound battle: last
        # a lone lieutenant is no party (G39)
        4: P.Units(legions={1: 3}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=0)]),
    }, seats=3))
    # the tie: `small` rolls 2, `tie` 5 (the fixture, not the position's queue: its log says who rolled)
    rolls.queue = [2, 5]
    P.run_to(s, "combat_next")                                # only the phase's first step runs
    assert s.battles == [big, tie, small, hounds]
    assert rolls.log == [(None, [2]), (None, [5])]


def test_11_battle_created_by_flight_is_fought_later(moves):
    a, b = 10, 11
    s = P.build(combat({a: P.Units(legions={0: 1, 1: 1}), b: P.Units(legions={2: 1})}, seats=3,
                       dice=[6, 1]            # 11.1 order: seat 0 rolls 6, seat 1 rolls 1
                       + [1, 1]))             # round 1: both miss
    moves.flee_to = b
    ev = start(s) + answer_all(s, "refuse") + no_orders(s)
    assert s.battles == [] and asked(s) == [(0, "combat_flee")]
    ev += answer(s, 0, "stay")
    s.dice_queue = [2, 5]     # the new battle: 11.1 order
    ev += answer(s, 1, "flee")
    assert moves.flee == [(1, [1], None)]
    assert "ev_battle_added" in keys(ev)
    assert s.won == {str(a): [0]}                 # an enemy fled from the battle (G48)
    assert s.battle.at == b and s.battle.parties == [2, 1]
    assert sorted(asked(s)) == [(1, "combat_avoid"), (2, "combat_avoid")]


def test_11_battle_from_flight_comes_before_the_hound_battles(moves):
    """11: the rampaging hounds fight after all triumvirates' battles, also
    after those that flight creates during the phase."""
    s = P.build(combat({
        10: P.Units(legions={0: 1, 1: 1}),                    # a triumvirates' battle
        11: P.Units(legions={2: 1}),                          # where seat 1 will flee to
        20: P.Units(legions={2: 3}, hounds=[2]),              # a hound battle (more units, but last)
    }, seats=3, dice=[6, 1] + [1, 1]))                       # 11.1 order in sectio 10; both miss
    start(s), answer_all(s, "refuse"), no_orders(s)
    assert s.battle.at == 10 and s.battles == [20]
    answer(s, 0, "stay")
    moves.flee_to = 11
    s.dice_queue = [2, 5]                           # 11.1 order of the new battle
    ev = answer(s, 1, "flee")
    assert "ev_battle_added" in keys(ev)
    assert s.battle.at == 11 and s.battles == [20]


# -- 11.1 demons join ---------------------------------------------------------------------------


def test_11_1_demons_join_largest_army_first():
    s = P.build(combat({SUGAR_HILL: P.Units(legions={MU: 4, BEAST: 3})}, demons={
        MU: ["Caim",
             P.Demon(name="Agares", walk=True),              # on Earth: cannot fight
             P.Demon(name="Andras", status="incapacitated")],
        BEAST: ["Ukobach",
                P.Demon(name="Ashtaroth", fought=True)]}))   # fought elsewhere this round
    caim, uko = demon(s, "Caim"), demon(s, "Ukobach")
    ev = start(s)
    assert asked(s) == [(MU, "combat_demon")]
    assert legal(s, MU) == [Action(do="join", a=caim), Action(do="pass_battle")]
    ev += answer(s, MU, "join", caim)
    assert asked(s) == [(BEAST, "combat_demon")]
    s.dice_queue = [1] * 10
    ev += answer(s, BEAST, "join", uko)
    # nobody has an eligible demon left: the declarations end by themselves
    assert [e.params for e in ev if e.key == "ev_battle_demon"] == [
        {"sectio": SUGAR_HILL, "seat": MU, "demon": CAIM, "cards": 0},
        {"sectio": SUGAR_HILL, "seat": BEAST, "demon": UKOBACH, "cards": 0}]
    b = s.battle
    assert [side.seats for side in b.sides] == [[MU], [BEAST]]
    assert [side.demons for side in b.sides] == [[caim], [uko]]
    assert b.cards == {caim: [], uko: []}
    assert s.demons[caim].fought and s.demons[uko].fought


def test_11_1_a_seat_sends_all_its_demons_in_its_turn_and_the_turns_go_round_until_all_pass():
    """11.1 (the rulebook: "Dann machen die Spieler ihren Zug und senden alle
    Dämonen, die sie schicken wollen"): a seat that sends a demon is asked again at once (no other
    seat waits in between); the turns go round until every seat passed in a row."""
    s = P.build(combat({SUGAR_HILL: P.Units(legions={MU: 4, BEAST: 3})}, demons={
        MU: ["Caim", "Gomory", "Balban"], BEAST: ["Ukobach", "Naburos"]}))
    caim, gomory, uko = demon(s, "Caim"), demon(s, "Gomory"), demon(s, "Ukobach")
    start(s)
    assert asked(s) == [(MU, "combat_demon")]
    answer(s, MU, "join", caim)
    assert asked(s) == [(MU, "combat_demon")]          # still MU's turn
    answer(s, MU, "join", gomory)
    assert asked(s) == [(MU, "combat_demon")]
    answer(s, MU, "pass_battle")                        # MU's turn ends
    assert asked(s) == [(BEAST, "combat_demon")]
    answer(s, BEAST, "join", uko)
    answer(s, BEAST, "pass_battle")
    assert asked(s) == [(MU, "combat_demon")]          # BEAST sent one: MU may answer it
    s.dice_queue = [1] * 20
    answer(s, MU, "pass_battle")                        # MU, then BEAST passed in a row: done
    assert [side.demons for side in s.battle.sides] == [[caim, gomory], [uko]]
    assert not any(q == "combat_demon" for _, q in asked(s))


def test_11_1_a_demon_fights_only_once_per_round():
    s = P.build(combat({20: P.Units(legions={0: 3, 1: 2}),     # 5 units: first
                        21: P.Units(legions={0: 1, 1: 1})},    # 2 units: second
                       demons={0: ["Baal"]}))
    baal = demon(s, "Baal")
    start(s)
    assert s.battle.at == 20 and asked(s) == [(0, "combat_demon")]
    s.dice_queue = [6, 6, 6] + [1, 1]      # seat 0 hits thrice, seat 1 misses
    s.dice_queue += [2, 2, 2]              # seat 1 saves only on a 1: both legions lost
    s.dice_queue += [6, 1]                 # the second battle: 11.1 order of equal armies
    answer(s, 0, "join", baal)
    assert s.won == {"20": [0]} and s.battle.at == 21
    answer(s, 0, "refuse")
    s.dice_queue = [1, 1]
    answer(s, 1, "refuse")
    # Baal fought in the first battle: nobody was asked to send a demon
    assert sorted(asked(s)) == [(0, "combat_orders"), (1, "combat_orders")]
    no_orders(s)
    assert asked(s) == [(0, "combat_flee")] and s.battle.sides[0].demons == []


# -- 11.2.2 targets -----------------------------------------------------------------------------


def test_11_2_2_target_spread():
    s = P.build(combat({30: P.Units(legions={0: 5, 1: 3}, hounds=[P.Hound(attacks=3, keeper=1)])},
                       dice=[1] * 20))
    mine = units(s, 30, "legion", 0)
    (tame,) = units(s, 30, "hound")
    keeper = board.unit(s, tame.keeper)
    theirs = [u for u in units(s, 30, "legion", 1) if u is not keeper]
    start(s)
    t = s.battle.targets
    # seat 0: five attacks over four enemy units (2 legions, the keeper, the hound): each once, one twice
    counts = {}
    for u in mine:
        assert len(t[u.id]) == 1
        counts[t[u.id][0]] = counts.get(t[u.id][0], 0) + 1
    assert set(counts) == {theirs[0].id, theirs[1].id, keeper.id, tame.id}
    assert sorted(counts.values()) == [1, 1, 1, 2]
    # seat 1: the keeper does not attack; the legions and the hound's 3 attacks spread over all five
    assert keeper.id not in t
    spread = [x for u in theirs + [tame] for x in t[u.id]]
    assert len(spread) == 5 and set(spread) == {u.id for u in mine}


def test_11_2_2_manual_targets_keep_the_spread_rule():
    s = P.build(combat({30: P.Units(legions={0: 3, 1: 2})}, options={"auto_targets": False}))
    mine, theirs = units(s, 30, "legion", 0), units(s, 30, "legion", 1)
    start(s)
    assert sorted(asked(s)) == [(0, "combat_target"), (1, "combat_target")]
    assert {x.a for x in legal(s, 0)} == {u.id for u in theirs}
    q, a = flow.QUESTIONS["combat_target"], ask(s, 0)
    assert q.prompt(s, a) == ("pr_combat_target", {"sectio": 30, "unit": mine[0].id})
    first = legal(s, 0)[0]
    assert q.label(s, a, first) == ("lb_combat_target_legion", {"seat": 1, "unit": theirs[0].id})
    assert q.group(s, a, first) == ("grp_combat_seat", {"seat": 1})
    assert q.passive(s, a) == first
    answer(s, 0, "target", theirs[0].id)
    answer(s, 0, "target", theirs[0].id)     # twice is still possible: the third can cover the other
    assert [x.a for x in legal(s, 0)] == [theirs[1].id]
    with pytest.raises(IllegalAction):
        answer(s, 0, "target", theirs[0].id)


def test_11_2_2_spread_rule():
    assert B.spread_ok([1, 0, 0], 2)
    assert B.spread_ok([2, 0, 0], 2)             # three targets, four attacks: 2, 1, 1
    assert B.spread_ok([2, 0, 0], 1) is False    # three targets, three attacks: one each
    assert B.spread_ok([3, 0, 0], 3)             # 3 + 1 + 1 + one more anywhere: each once, then free
    assert B.spread_ok([3, 0, 0], 1) is False
    assert B.spread_ok([2, 1, 0], 1)
    assert B.spread_ok([2, 2, 0], 1)
    assert B.spread_ok([2, 2, 0], 0) is False
    assert B.spread_ok([1, 0, 0], 0)             # one attack, three enemies: any one
    assert B.spread_ok([1, 1, 0], 0)
    assert B.spread_ok([2, 0, 0], 0) is False    # two attacks must go to two enemies


def test_11_2_2_once_before_twice_then_free():
    """The rule asks only that every enemy be attacked once before any twice:
    five legions against two enemy legions may put four attacks on one."""
    s = P.build(combat({30: P.Units(legions={0: 5, 1: 2})}, options={"auto_targets": False}))
    mine, theirs = units(s, 30, "legion", 0), units(s, 30, "legion", 1)
    start(s)
    answer(s, 0, "target", theirs[0].id)
    answer(s, 0, "target", theirs[1].id)                      # both covered: the rest is free
    for _ in range(2):
        assert {x.a for x in legal(s, 0)} == {u.id for u in theirs}
        answer(s, 0, "target", theirs[0].id)
    assert {x.a for x in legal(s, 0)} == {u.id for u in theirs}
    answer(s, 0, "target", theirs[0].id)
    assert [s.battle.targets[u.id] for u in mine] == [[theirs[0].id], [theirs[1].id]] + [[theirs[0].id]] * 3
    # still: a second attack on one enemy while the other is unattacked and no attacker is left for it is refused
    s2 = P.build(combat({30: P.Units(legions={0: 2, 1: 2})}, options={"auto_targets": False},
                        dice=[6, 1]))                          # 11.1 order of equal armies
    other = units(s2, 30, "legion", 1)
    start(s2), answer_all(s2, "refuse")
    answer(s2, 0, "target", other[0].id)
    assert [x.a for x in legal(s2, 0)] == [other[1].id]


def test_11_2_2_lieutenant_bonus_also_for_legions_that_did_not_move_with_him():
    """A lieutenant adds his bonus to as many of his owner's legions as his
    leadership, not only to the group he moved with: Dabriel (+4, leads 2)
    commands two unled legions, Sulla (+1, leads 3) his own and the last one."""
    s = P.build(combat({30: P.Units(legions={0: 4, 1: 3},
                                    lieutenants=[P.Lieutenant(name="Sulla", seat=0, leads=1),
                                                 P.Lieutenant(name="Dabriel", seat=0)])},
                       dice=[2, 2, 1, 5]            # seat 0: own +1, free +4, +4, +1
                       + [1, 1, 1]                  # seat 1 misses
                       + [3, 3]))                   # seat 1's two hit legions: lost (no demon)
    sulla = next(u for u in units(s, 30, "lieutenant") if u.card == 3)
    (own,) = [u for u in units(s, 30, "legion", 0) if u.leader == sulla.id]
    free = [u for u in units(s, 30, "legion", 0) if u.leader is None]
    lts = B.bonuses(s, 30)
    assert {u.id: lts[u.id].card for u in [own] + free} == {own.id: 3, free[0].id: 9, free[1].id: 9, free[2].id: 3}
    start(s)
    attack = [e for e in s.last if e[0] == "ev_battle_attack_bonus"]
    assert attack[0][1]["seat"] == 0 and attack[0][1]["rolls"] == [3, 6, 5, 6] and attack[0][1]["hits"] == 2
    assert len(units(s, 30, "legion", 1)) == 1


# -- 11.2.3 saves --------------------------------------------------------------------------------


def test_11_2_3_saves_with_and_without_demon():
    s = P.build(combat({30: P.Units(legions={0: 2, 1: 2})}, demons={0: ["Moloch"]},   # Moloch: 3 skulls
                       dice=[6, 1]                 # 11.1 order: seat 0 first
                       + [6, 6]                    # seat 0 (one legion each)
                       + [6, 6]                    # seat 1 hits both of seat 0's legions
                       + [3, 4]                    # saves of seat 0 (skulls 3): first saved, second lost
                       + [1, 2]))                  # saves of seat 1 (no demon: only a 1): first saved
    a, b = units(s, 30, "legion", 0), units(s, 30, "legion", 1)
    start(s), answer_all(s, "refuse")
    answer(s, 0, "join", demon(s, "Moloch"))
    assert [(u.owner, u.id) for u in s.units] == [(0, a[0].id), (1, b[0].id)]
    ev = [e for e in s.last if e[0] == "ev_battle_save"]
    assert [p for _, p in ev] == [
        {"seat": 0, "sectio": 30, "need": 3, "rolls": [3, 4], "saved": 1, "lost": 1},
        {"seat": 1, "sectio": 30, "need": 1, "rolls": [1, 2], "saved": 1, "lost": 1}]


def keeper_and_hound(**fields) -> P.Position:
    """Three legions of seat 0 against a legion of seat 1 keeping a hound of 2 attacks."""
    return combat({30: P.Units(legions={0: 3, 1: 1}, hounds=[P.Hound(attacks=2, keeper=1)])}, **fields)


def test_11_2_3_saves_one_per_hit_and_hounds_on_four():
    s = P.build(keeper_and_hound(dice=[6, 6, 6]          # seat 0: targets keeper, hound, keeper
                                 + [1, 1]                # the hound misses twice
                                 + [1, 2, 4]             # seat 1 saves: keeper 2 hits (1 saved, 2 lost), hound 4 saved
                                 + [3]))                 # the hound, keeperless, runs amok: 3 = outward
    a, (keeper,), (h,) = units(s, 30, "legion", 0), units(s, 30, "legion", 1), units(s, 30, "hound")
    start(s), answer_all(s, "refuse")
    assert board.unit(s, keeper.id) is None
    assert h.owner is None and h.at == 35      # circle 6 -> 7, quarter 0
    assert all(board.unit(s, u.id) for u in a)


def test_11_2_3_save_lines_show_the_value_needed():
    """One line per save value: the keeper saves on a 1 (no demon), its hound on 4."""
    s = P.build(keeper_and_hound(dice=[6, 6, 6] + [1, 1] + [1, 2, 4] + [3]))
    start(s), answer_all(s, "refuse")
    saves = [p for k, p in s.last if k == "ev_battle_save"]
    assert saves == [{"seat": 1, "sectio": 30, "need": 1, "rolls": [1, 2], "saved": 0, "lost": 1},
                     {"seat": 1, "sectio": 30, "need": 4, "rolls": [4], "saved": 1, "lost": 0}]
    # the round summary stays compact: no round or attack lines, only saves that lost units
    summary = [k for k, _ in s.chronicle]
    assert "ev_battle_round" not in summary and "ev_battle_attack" not in summary
    assert summary.count("ev_battle_save") == 1 and "ev_battle_keeper_lost" in summary


def test_11_2_3_lieutenant_survival():
    s = P.build(combat({30: P.Units(legions={0: 2, 1: 2},
                                    lieutenants=[P.Lieutenant(name="Verin", seat=0, leads=2)])},  # +2, leads 3
                       dice=[6, 1]                  # 11.1 order: seat 0 first
                       + [1, 1]                     # seat 0 attacks (+2: 3, 3): no hits
                       + [6, 6]                     # seat 1 hits both of Verin's legions
                       + [2, 3]                     # no demon: both lost
                       + [5, 6]))                   # Verin: 5 survives the first, 6 falls with the second
    (lt,), led = units(s, 30, "lieutenant"), units(s, 30, "legion", 0)
    start(s), answer_all(s, "refuse")
    assert all(board.unit(s, u.id) is None for u in led)
    assert board.unit(s, lt.id) is None and s.returned[-1] == 5
    falls = [p for k, p in s.last if k == "ev_battle_lt_falls"]
    assert falls == [{"seat": 0, "lt": 5, "sectio": 30, "rolls": [5, 6]}]


def test_11_2_3_lieutenant_survives_a_five():
    s = P.build(combat({30: P.Units(legions={0: 2, 1: 3}, lieutenants=[P.Lieutenant(name="Verin", seat=0, leads=2)])},
                       dice=[1, 1] + [6, 1, 1] + [4] + [5] + [1] * 10))
    (lt,) = units(s, 30, "lieutenant")
    start(s)
    assert board.unit(s, lt.id) is not None
    assert [p for k, p in s.last if k == "ev_battle_lt_survives"][0]["rolls"] == [5]


# -- 11.2.4 flight ---------------------------------------------------------------------------------


def test_11_2_4_flee_barred_sectio_and_victory(moves):
    s = P.build(combat({30: P.Units(legions={0: 2, 1: 2})},
                       demons={1: ["Moloch"]},     # seat 1's Moloch (3 skulls): it announces first
                       entered={30: [(0, 25), (1, 31), (None, 35)]},
                       dice=[6, 1] + [1, 1, 1, 1]))
    theirs = units(s, 30, "legion", 1)
    moves.flee_to = 34
    start(s), answer_all(s, "refuse")
    answer(s, 1, "join", demon(s, "Moloch"))
    no_orders(s)
    assert asked(s) == [(1, "combat_flee")]
    assert legal(s, 1) == [Action(do="stay"), Action(do="flee"), Action(do="later")]
    ev = answer(s, 1, "flee")
    assert moves.flee == [(1, [u.id for u in theirs], [25, 35])]
    assert "ev_battle_flees" in keys(ev) and "ev_battle_won" in keys(ev)
    # seat 0 was not asked: the battle was over, and so is the phase
    assert s.won == {"30": [0]} and s.step == "petition" and asked(s) == []


def test_11_2_4_most_skulls_decides_who_announces_first(moves):
    """11.2.4: the side whose demon has most skulls decides the order of the
    flight announcements: asked first, it may let the enemy announce first."""
    s = P.build(combat({30: P.Units(legions={0: 2, 1: 3})},
                       demons={0: ["Moloch"]},     # seat 0: Moloch, 3 skulls; seat 1: no demon to send
                       dice=[1] * 10))
    start(s)
    assert asked(s) == [(0, "combat_demon")]       # seat 1 has no demon to send
    answer(s, 0, "join", demon(s, "Moloch"))
    no_orders(s)
    assert asked(s) == [(0, "combat_flee")]
    q, a = flow.QUESTIONS["combat_flee"], ask(s, 0)
    assert legal(s, 0) == [Action(do="stay"), Action(do="flee"), Action(do="later")]
    assert q.prompt(s, a)[0] == "pr_combat_flee_first"
    assert q.label(s, a, Action(do="later")) == ("lb_combat_flee_later", {})
    assert q.passive(s, a) == Action(do="stay")
    ev = answer(s, 0, "later")
    assert "ev_battle_flee_later" in keys(ev)
    assert asked(s) == [(1, "combat_flee")] and legal(s, 1) == [Action(do="stay"), Action(do="flee")]
    answer(s, 1, "stay")
    assert asked(s) == [(0, "combat_flee")] and legal(s, 0) == [Action(do="stay"), Action(do="flee")]
    assert flow.QUESTIONS["combat_flee"].prompt(s, ask(s, 0))[0] == "pr_combat_flee"
    answer(s, 0, "stay")
    assert s.battle.round == 2 and asked(s) == [(0, "combat_flee")]   # decided again each round
    assert Action(do="later") in legal(s, 0)


def test_11_2_4_tied_skulls_nobody_decides():
    s = P.build(combat({30: P.Units(legions={0: 2, 1: 3})}, demons={0: ["Baal"], 1: ["Caim"]},  # 4 skulls each
                       dice=[1] * 10))
    start(s)
    answer(s, 1, "join", demon(s, "Caim"))
    answer(s, 0, "join", demon(s, "Baal"))
    no_orders(s)
    assert asked(s) == [(1, "combat_flee")]          # more legions first, no choice of order
    assert legal(s, 1) == [Action(do="stay"), Action(do="flee")]


def test_11_2_4_failed_flight_fights_on(moves):
    s = P.build(combat({30: P.Units(legions={0: 1, 1: 1})}, dice=[6, 1] + [1, 1] * 3))
    start(s), answer_all(s, "refuse"), no_orders(s)
    assert asked(s) == [(0, "combat_flee")]
    answer(s, 0, "flee")                           # moves.flee_to None: the flight fails
    assert asked(s) == [(1, "combat_flee")]
    answer(s, 1, "stay")
    assert s.battle.round == 2


def test_11_end_lone_lieutenants_then_petition(moves):
    s = P.build(combat({30: P.Units(legions={0: 1}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=1)])}))
    ev = start(s)
    assert keys(ev) == ["ev_battle_none", "ev_chapter"] and moves.lone == 1 and s.step == "petition" and asked(s) == []


# -- 11.3.1 avoiding combat ------------------------------------------------------------------------


def test_11_3_1_avoid_by_agreement_thieves():
    s = P.build(combat({THIEVES: P.Units(legions={0: 1, 1: 1, 2: 1})}, seats=3,
                       dice=[4, 5, 6]))            # 11.1 order among equal armies
    start(s)
    assert sorted(asked(s)) == [(0, "combat_avoid"), (1, "combat_avoid"), (2, "combat_avoid")]
    assert all(a.kind == "reaction" for a in s.asks)
    assert flow.QUESTIONS["combat_avoid"].passive(s, s.asks[0]) == Action(do="refuse")
    for seat in range(3):
        answer(s, seat, "agree")
    assert s.avoided == [THIEVES] and s.won == {} and len(s.units) == 3 and s.step == "petition" and asked(s) == []


def test_11_3_1_one_refusal_means_combat():
    s = P.build(combat({THIEVES: P.Units(legions={0: 1, 1: 1, 2: 1})}, seats=3,
                       dice=[4, 5, 6]              # 11.1 order: 2, 1, 0
                       + [3, 2, 1]))               # 11.3.2, most units, all tied: seats 2, 1, 0 roll 3, 2, 1
    start(s)
    answer(s, 0, "agree")
    answer(s, 1, "refuse")
    ev = answer(s, 2, "agree")
    assert [p for k, p in ((e.key, e.params) for e in ev) if k == "ev_battle_not_avoided"] == [
        {"sectio": THIEVES, "seats": [1]}]
    assert s.avoided == [] and asked(s) == [(2, "combat_enemy")]   # 11.3.2: seat 2 rolled highest


def test_11_3_1_no_avoidance_with_too_many_legions_or_a_wild_hound(moves):
    s = P.build(combat({THIEVES: P.Units(legions={0: 2, 1: 2}),      # 4 legions > 3 souls
                        31: P.Units(legions={0: 1, 1: 1}, hounds=[1])},
                       dice=[5, 2] + [1] * 8))
    start(s)
    assert s.battle.at == THIEVES and asked(s) == [(0, "combat_orders"), (1, "combat_orders")]  # no agreement asked
    no_orders(s)
    assert asked(s) == [(0, "combat_flee")]
    answer(s, 0, "stay")
    moves.flee_to = 0
    s.dice_queue = [5, 2, 1] + [1] * 3                # the hound battle: 11.1 order, the hound's side, attacks
    answer(s, 1, "flee")
    assert s.battle.at == 31 and asked(s) == [(0, "combat_orders"), (1, "combat_orders")]
    no_orders(s)
    assert asked(s) == [(0, "combat_flee")]
    assert s.battle.sides[0].wild == [u.id for u in s.units if u.kind == "hound"]


# -- 11.3.2 choosing sides -------------------------------------------------------------------------


def test_11_3_2_choosing_sides_orgastica_example():
    key, devourer, void = 0, 1, 2
    s = P.build(combat({ORGASTICA: P.Units(legions={key: 4, devourer: 3, void: 1}, hounds=[2])}, seats=3))
    (wild,) = units(s, ORGASTICA, "hound")
    ev = start(s)
    assert asked(s) == [(key, "combat_enemy")]
    assert legal(s, key) == [Action(do="enemy", a=devourer), Action(do="enemy", a=void)]
    ev += answer(s, key, "enemy", devourer)
    assert asked(s) == [(void, "combat_side")]
    s.dice_queue = [4] + [1] * 20                  # the hound rolls 4: Devourer's side this round
    ev += answer(s, void, "side", 0)
    b = s.battle
    assert [side.seats for side in b.sides] == [[key, void], [devourer]]
    assert b.sides[1].wild == [wild.id]
    hound_side = [e.params for e in ev if e.key == "ev_battle_hound_side"]
    assert hound_side == [{"sectio": ORGASTICA, "attacks": 2, "roll": 4, "seats": [devourer]}]
    # the hound attacks the Key/Void side, which attacks it too
    foes = {u.id for u in board.units_at(s, ORGASTICA) if u.owner in (key, void)}
    assert set(b.targets[wild.id]) <= foes
    assert wild.id in {t for u in board.units_at(s, ORGASTICA) if u.owner == key for t in b.targets[u.id]}
    ev += no_orders(s)
    assert asked(s) == [(key, "combat_flee")]      # no demons: the side with more legions announces first


def test_11_3_2_passive_side_joins_the_stronger():
    s = P.build(combat({30: P.Units(legions={0: 3, 1: 2, 2: 1})}, seats=3))
    start(s)
    answer(s, 0, "enemy", 2)
    a = flow.open_asks(s)[0]
    assert flow.QUESTIONS["combat_side"].passive(s, a) == Action(do="side", a=0)


# -- 11.3.4 rampaging hounds ---------------------------------------------------------------------------


def test_11_3_4_hounds_fight_hounds_normally():
    s = P.build(combat({30: P.Units(hounds=[2, 1])},
                       dice=[6, 1]         # big attacks small twice: one hit
                       + [1]               # small misses
                       + [5]))             # small saves on 4 or less: 5, destroyed
    big, small = units(s, 30, "hound")
    ev = start(s)
    assert s.battle is None and board.unit(s, small.id) is None and board.unit(s, big.id)
    assert "ev_battle_won_hound" in keys(ev) and s.won == {} and s.step == "petition" and asked(s) == []


def test_11_3_4_wild_hound_goes_for_hounds_first():
    s = P.build(combat({30: P.Units(legions={0: 2}, hounds=[P.Hound(attacks=1, keeper=0), 3])}, dice=[1] * 10))
    tame, wild = units(s, 30, "hound")
    start(s)
    b = s.battle
    assert b.targets[wild.id] == [tame.id] * 3
    assert [side.seats for side in b.sides] == [[0]] and b.sides[0].wild == []   # one force: no 50-50 roll
    assert asked(s) == [(0, "combat_orders")]      # the only seat there: its standing orders, then flight
    no_orders(s)
    assert asked(s) == [(0, "combat_flee")]


def test_11_3_4_keeperless_hound_that_stays_is_a_side_of_its_own(moves):
    # seat 1 (more legions) is the first side: its legions attack the keeper and the hound
    s = P.build(combat({30: P.Units(legions={0: 1, 1: 2}, hounds=[P.Hound(attacks=1, keeper=0)])},
                       dice=[6, 1]         # one hit on the keeper
                       + [1]               # seat 0's hound misses (the keeper does not attack)
                       + [2]               # no demon: the keeper is lost
                       + [5]))             # the hound runs amok: 5, it stays
    (h,) = units(s, 30, "hound")
    ev = start(s) + answer_all(s, "refuse")
    assert moves.amok == [h.id] and s.battle.wild == [h.id]
    assert "ev_battle_hound_wild" in keys(ev)
    assert asked(s) == [(1, "combat_orders")]  # seat 0 has nothing left: no orders, no flight
    ev += no_orders(s)
    assert asked(s) == [(1, "combat_flee")]   # seat 0 has nothing left to flee with
    s.dice_queue = [6, 6]      # round 2: seat 1's legions hit the hound twice (it fights alone: no side roll)
    s.dice_queue += [1]        # the hound misses
    s.dice_queue += [3, 5]     # its saves: 3 and 5, destroyed
    ev = answer(s, 1, "stay")
    assert board.unit(s, h.id) is None and "ev_battle_hound_killed" in keys(ev)
    assert "ev_battle_won" in keys(ev) and s.won == {"30": [1]}


# -- 11.3.5 / 11.3.6 quick combat -------------------------------------------------------------------------


def test_11_3_5_quick_small():
    s = P.build(combat({30: P.Units(legions={0: 2, 1: 1})}, options={"quick_small": True},
                       dice=[3, 3, 6]      # 6 : 6, a tie
                       + [1, 2, 5]))       # 3 : 5
    a = units(s, 30, "legion", 0)
    ev = start(s) + answer_all(s, "refuse")
    assert [e.params["total"] for e in ev if e.key == "ev_battle_quick"] == [6, 6, 3, 5]
    assert "ev_battle_quick_tie" in keys(ev) and "ev_battle_round" not in keys(ev)
    assert all(board.unit(s, u.id) is None for u in a) and s.won == {"30": [1]}


def test_11_3_5_not_with_a_lieutenant():
    s = P.build(combat({30: P.Units(legions={0: 1, 1: 1}, lieutenants=[P.Lieutenant(name="Sulla", seat=0, leads=1)])},
                       options={"quick_small": True}, dice=[6, 1] + [1] * 10))
    ev = start(s) + answer_all(s, "refuse")
    assert "ev_battle_quick" not in keys(ev) and "ev_battle_round" in keys(ev)


def test_11_3_6_three_rounds():
    s = P.build(combat({30: P.Units(legions={0: 2, 1: 2})}, options={"quick_three_rounds": True},
                       dice=[6, 1] + [1] * 12))                # 11.1 tie; three rounds of misses
    ev = passive_until(s, "petition", choose={"combat_avoid": "refuse"})
    assert [e.params["round"] for e in ev if e.key == "ev_battle_round"] == [1, 2, 3]
    drawn = [e.params["seats"] for e in ev if e.key == "ev_battle_lucifer"]
    assert len(drawn) == 1 and {u.owner for u in s.units} == set(drawn[0])
    assert len(s.units) == 2 and s.won == {"30": drawn[0]}


# -- Appendix B 15: the battle of Sugar Hill, without magic --------------------------------------------------


@pytest.mark.parametrize("caim_joins", [True, False])
def test_appendix_b_15_sugar_hill_without_magic(moves, caim_joins):
    """Beast: 3 legions under Verin (+2); Mu: legions A-D, hound "3" kept by A.
    Mu declares first (more legions). Without Frenzy and Demonic Distraction
    Caim stays: Mu saves on 4 (Caim's corrected skulls)."""
    s = P.build(combat({SUGAR_HILL: P.Units(legions={BEAST: 3, MU: 4},
                                            lieutenants=[P.Lieutenant(name="Verin", seat=BEAST, leads=3)],
                                            hounds=[P.Hound(attacks=3, keeper=MU)])},
                       demons={BEAST: ["Ukobach"], MU: ["Caim"]}, options={"auto_targets": False}))
    (verin,), (h,) = units(s, SUGAR_HILL, "lieutenant"), units(s, SUGAR_HILL, "hound")
    l1, l2, l3 = units(s, SUGAR_HILL, "legion", BEAST)
    la, lb, lc, ld = units(s, SUGAR_HILL, "legion", MU)
    assert h.keeper == la.id
    uko, caim = demon(s, "Ukobach"), demon(s, "Caim")
    start(s)
    assert asked(s) == [(MU, "combat_demon")]
    answer(s, MU, "join", caim) if caim_joins else answer(s, MU, "pass_battle")
    answer(s, BEAST, "join", uko)
    if not caim_joins:
        answer(s, MU, "pass_battle")
    assert sorted(asked(s)) == [(BEAST, "combat_target"), (MU, "combat_target")]
    # Beast: legion 1 -> hound, 2 -> A (the keeper), 3 -> B
    for target in (h, la, lb):
        answer(s, BEAST, "target", target.id)
    # Mu: B and C -> legion 2, D -> legion 3, the hound's three attacks -> legion 1
    for target in (l2, l2, l3):
        answer(s, MU, "target", target.id)
    assert [x.a for x in legal(s, MU)] == [l1.id]          # the spread rule leaves only legion 1
    q, a = flow.QUESTIONS["combat_target"], ask(s, MU)
    assert q.prompt(s, a) == ("pr_combat_target_hound", {"sectio": SUGAR_HILL, "unit": h.id, "attack": 1, "attacks": 3})
    assert q.label(s, a, Action(do="target", a=l1.id)) == (
        "lb_combat_target_led", {"seat": BEAST, "unit": l1.id, "lt": 5})
    s.dice_queue = [5, 4, 6, 3, 2, 6]  # Mu: B 5 miss, C 4 miss, D 6 hit; hound 3, 2, 6: one hit
    s.dice_queue += [2, 4, 3]          # Beast +2 (Verin): 4 miss, 6 hit A, 5 miss
    s.dice_queue += [3]                # Mu saves A: 3 (Caim: <= 4 saved; no demon: lost)
    s.dice_queue += [2, 4]             # Beast vs Ukobach's 2 skulls: legion 1 saved, legion 3 lost
    if not caim_joins:
        s.dice_queue += [4]            # the hound runs amok: 4 = clockwise, to Addiction
    s.dice_queue += [5]                # Verin survives a roll of 5
    ev: list = []
    for target in (l1, l1, l1):
        ev += answer(s, MU, "target", target.id)
    assert s.dice_queue == []
    hits = {e.params["seat"]: e.params["hits"] for e in ev if e.key.startswith("ev_battle_attack")}
    assert hits == {MU: 2, BEAST: 1}
    assert [e.params["rolls"] for e in ev if e.key == "ev_battle_attack_bonus"] == [[4, 6, 5]]
    assert board.unit(s, l3.id) is None and board.unit(s, l1.id) and board.unit(s, l2.id)
    assert board.unit(s, verin.id) is not None
    assert [e.params["rolls"] for e in ev if e.key == "ev_battle_lt_survives"] == [[5]]
    ev += no_orders(s)
    if caim_joins:
        assert board.unit(s, la.id) is not None and h.keeper == la.id and h.owner == MU
        assert moves.amok == []
        assert asked(s) == [(MU, "combat_flee")]           # Caim's 4 skulls: Mu announces first
    else:
        assert board.unit(s, la.id) is None
        assert moves.amok == [h.id] and h.at == ADDICTION and h.owner is None
        assert "ev_battle_keeper_lost" in keys(ev)
        assert asked(s) == [(BEAST, "combat_flee")]        # only Beast has a demon
    answer(s, asked(s)[0][0], "stay")
    answer(s, asked(s)[0][0], "stay")
    assert s.battle.round == 2
    assert len(units(s, SUGAR_HILL, "legion", BEAST)) == 2
    assert len(units(s, SUGAR_HILL, "legion", MU)) == (4 if caim_joins else 3)
