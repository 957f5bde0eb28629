"""``Engine.loses_at_once`` for every game: a move that surely ends the match
at once with its mover not among the winners (the bot asks "really?" before
it, see tests/test_losing_move_in_discord.py), decided only from what the
mover may know.

Per game a position with a legal move that loses at once beside moves that
do not, and a position where no move does; twins (the same position with
other hidden information, as in tests/test_contract_secrecy.py) get the
same answers, also where applying the move to the real state would tell
them apart; the answer is deterministic."""

from __future__ import annotations

import random

import pytest
from test_contract_secrecy import TWINS
from test_hellgame_end import SIXES, circle, player

import engines
from engines.contract import canonical_json, clone
from engines.halleluja.model import FIELDS, LeaveStone, Mark, MoveStone, State as HalState, Stone, index
from engines.hektor_und_achill.data import FRONT_STACKS, HOME
from engines.hektor_und_achill.model import Front, Retreat, Skip, Vanguard
from engines.hellgame import position as P
from engines.hellgame.core import flow
from engines.hellgame.core.model import Action
from engines.himmel_und_hoelle import rules as himmel_rules
from engines.himmel_und_hoelle.model import Die, EndTurn, Finish, Return, State as HHState
from engines.hoch_und_hoeher.model import Place, Stack, State as HochState, Tower
from engines.rng import Rng

HH = engines.get("himmel-und-hoelle")
HOCH = engines.get("hoch-und-hoeher")
HEKTOR = engines.get("hektor-und-achill")
HALLELUJA = engines.get("halleluja")
HELL = engines.get("hellgame")


def losing(engine, state, seat: int) -> list:
    return [a for a in engine.legal_actions(state, seat) if engine.loses_at_once(state, seat, a)]


def answers(engine, state, seat: int) -> list[bool]:
    return [engine.loses_at_once(state, seat, a) for a in engine.legal_actions(state, seat)]


# -- Himmel und Hölle ----------------------------------------------------------------------


def himmel(hell_goal: list[int], heaven_goal: list[int], dice: list[Die], start: list[int], turn: int = 41) -> HHState:
    """Hell (seat 0) on turn with one action point per die it has in play."""
    return HHState(rng=Rng.from_seed(5), dice=dice, start=start, goal=[hell_goal, heaven_goal],
                   hands=[list(range(13)), list(range(13))], active=0, ap=sum(d.side == 0 for d in dice), turn=turn)


def test_himmel_und_hoelle_a_third_die_into_the_zielfeld_that_loses_on_points():
    # Hell's third die into its Zielfeld ends the game at once (RULINGS "End and score"): 2+1+2 = 5 to 11
    state = himmel([2, 1], [6, 5], [Die(side=0, field="B10", value=2), Die(side=1, field="B5", value=4),
                                    Die(side=1, field="A3", value=3)], start=[2, 1])
    assert losing(HH, state, 0) == [Finish(side=0, at="B10")]
    assert HH.result(HH.apply(state, 0, Finish(side=0, at="B10"))[0]).winners == [1]
    # the same move with Heaven behind wins: nothing loses at once
    ahead = himmel([6, 6], [2, 1], state.dice, start=[2, 1])
    assert losing(HH, ahead, 0) == [] and HH.result(HH.apply(ahead, 0, Finish(side=0, at="B10"))[0]).winners == [0]


def test_himmel_und_hoelle_the_last_die_leaving_both_play_areas_empty_while_behind():
    # end 3 (RULINGS): the last die leaves the play area, nobody fills up, 3 to 11
    state = himmel([3], [6, 5], [Die(side=0, field="B1", value=3)], start=[3, 3])
    assert losing(HH, state, 0) == [Return(side=0, at="B1")]
    level = himmel([6, 5], [6, 5], [Die(side=0, field="B1", value=3)], start=[2, 3])
    assert losing(HH, level, 0) == []  # a draw is no loss


def test_himmel_und_hoelle_zugunfaehigkeit_of_the_other_side_fills_up_too_little():
    # Heaven has no die in play: Hell's "end turn" makes Heaven start with 0 AP, the game ends at once
    # (end 2) and Hell fills its Zielfeld up with one 6: 1+1+6 = 8 to 12, Hell loses at once
    state = himmel([1, 1], [6, 6], [Die(side=0, field="B4", value=3)], start=[2, 3])
    assert losing(HH, state, 0) == [EndTurn()]
    assert HH.result(HH.apply(state, 0, EndTurn())[0]).reason == "stuck"


def test_himmel_und_hoelle_turn_5_leaving_yourself_without_action_points_is_not_at_once():
    """The reported case, from the start: on turn 5 Hell's only die in play is
    on B1 and Hell may return it to its Startfeld, which leaves it with no die
    in play. By RULINGS a side is zugunfähig when *its own* turn starts with
    0 AP, so the match does not end by that move nor by the "end turn" after
    it: Heaven plays turn 6 first and may still empty its own play area (end
    3, a draw). Neither move loses at once; the loss comes with Heaven's
    "end turn", which wins for Heaven."""
    state = HH.setup(2, 1)
    for _ in range(4):  # turns 1-4: both sides end their turns at once
        state = HH.apply(state, state.active, EndTurn())[0]
    assert state.turn == 5 and state.active == 0
    assert losing(HH, state, 0) == []
    state = HH.apply(state, 0, Return(side=0, at="B1"))[0]
    assert state.ap == 0 and losing(HH, state, 0) == []
    state = HH.apply(state, 0, EndTurn())[0]
    assert losing(HH, state, 1) == []  # Heaven's "end turn" wins at once
    assert HH.result(HH.apply(state, 1, EndTurn())[0]).winners == [1]


def test_himmel_und_hoelle_twins_with_another_secret_card_get_the_same_answers():
    state = himmel([], [], [Die(side=0, field="B6", value=3), Die(side=1, field="B6", value=3)], start=[4, 4], turn=7)
    himmel_rules.open_conflict_if_any(state, attacker=0)
    state = HH.apply(state, 1, HH.legal_actions(state, 1)[7])[0]  # Heaven chose its card, Hell to choose
    made = 0
    for seed in range(6):
        twin = TWINS["himmel-und-hoelle"](state, random.Random(seed))
        if twin is None:
            continue
        other, hiders = twin
        assert hiders == {1} and canonical_json(other) != canonical_json(state)
        assert answers(HH, other, 0) == answers(HH, state, 0)
        made += 1
    assert made


# -- Hoch und höher -------------------------------------------------------------------------


def hoch(players: int = 2) -> HochState:
    """Team G (seat 1) rolled a 5. Towers: 20 under blue, 10 under brown, 7
    under yellow, two free ones of 5 and 3; green is not placed yet."""
    return HochState(rng=Rng.from_seed(3), players=players, active=1 if players == 2 else 0, roll=5, turn=30,
                     towers=[Tower(id=1, height=20, pawn="blue"), Tower(id=2, height=10, pawn="brown"),
                             Tower(id=3, height=7, pawn="yellow"), Tower(id=4, height=5), Tower(id=5, height=3)])


def test_hoch_und_hoeher_a_stack_that_leaves_no_move_for_any_roll():
    state = hoch()
    # the 5 onto the 3: the only free tower is 8 high and every other tower is higher than 6, so no roll
    # allows team B a move and the game ends at once (RULINGS), 30 to 7
    assert losing(HOCH, state, 1) == [Stack(src=4, dst=5)]
    # placing green on the 5 leaves a 5 that team B may put onto the 3 with a 5: five rolls of six end the
    # game, one does not, so it does not end at once (exact, not sampled: every roll is tried)
    assert Place(pawn="green", tower=4) in HOCH.legal_actions(state, 1)
    assert not HOCH.loses_at_once(state, 1, Place(pawn="green", tower=4))
    after = HOCH.apply(state, 1, Stack(src=4, dst=5))[0]
    assert HOCH.result(after).winners == [0]


def test_hoch_und_hoeher_no_move_loses_at_once_early_or_solo():
    state = HOCH.setup(2, 4)
    assert losing(HOCH, state, HOCH.to_act(state)[0]) == []
    solo = hoch(players=1)  # the solo player never loses: the game ends, the score stands
    solo.towers[2].pawn = "yellow"
    assert losing(HOCH, solo, 0) == []


# -- Hektor und Achill ----------------------------------------------------------------------


def hektor(shame: int):
    """The Greeks' first single turn of a battle fought with their last front
    stack: the other two are emptied, and the one in use has a single card
    left after the hands were drawn (the rest went onto the home stack). A
    retreat puts the 4 hand cards back (5 cards) and costs one more card per
    shame token already held (RULINGS: from the shuffled battle stack)."""
    s = HEKTOR.setup(2, 4)
    s = HEKTOR.apply(s, 0, Vanguard(stack=HOME))[0]
    if s.phase == "front":
        s = HEKTOR.apply(s, 0, Front(number=1))[0]
    s = HEKTOR.apply(s, 0, HEKTOR.legal_actions(s, 0)[0])[0]
    stacks = s.stacks[0]
    for m in FRONT_STACKS:
        keep = 1 if m == s.battle.number else 0
        stacks[HOME].extend(stacks[m][keep:])
        del stacks[m][keep:]
        s.emptied[0][m] = m != s.battle.number
    s.shame[0] = shame
    assert s.phase == "action" and s.active == 0
    return s


def test_hektor_und_achill_a_retreat_that_empties_the_last_front():
    state = hektor(shame=1)
    # 1 + 4 - 1 = 4 cards: fewer than 5, the last front stack is emptied, the Trojans win (5.5)
    assert losing(HEKTOR, state, 0) == [Retreat()]
    assert HEKTOR.result(HEKTOR.apply(state, 0, Retreat())[0]).winners == [1]
    assert not HEKTOR.loses_at_once(state, 0, Skip())
    # without a shame token the stack keeps 5 cards: the retreat loses the battle, not the match
    assert losing(HEKTOR, hektor(shame=0), 0) == []


def test_hektor_und_achill_twins_get_the_same_answers():
    state = hektor(shame=1)
    made = 0
    for name in ("hektor-und-achill", "hektor-und-achill/stacks"):
        for seed in range(6):
            twin = TWINS[name](state, random.Random(seed))
            if twin is None or 0 in twin[1]:
                continue
            assert answers(HEKTOR, twin[0], 0) == answers(HEKTOR, state, 0)
            made += 1
    assert made >= 6


# -- Halleluja ----------------------------------------------------------------------------


def halleluja(round_: int) -> HalState:
    """Seat 1 (the last of two) moves the last marked stone of its turn in
    round ``round_`` of 40: its angel on D6, arrow 3 (the tile stands on D4,
    arrow 1 north). Seat 0 leads 1 to 0 (a captured stone)."""
    board = [[] for _ in FIELDS]
    board[index("A1")] = [Stone(colour=0)] * 3
    board[index("G1")] = [Stone(colour=3)] * 3
    board[index("D6")] = [Stone(colour=1)]
    board[index("G6")] = [Stone(colour=2)]
    marks = [Mark(arrow=1, direction="N", field=None, status="none"),
             Mark(arrow=2, direction="E", field=None, status="none"),
             Mark(arrow=3, direction="S", field="D6"),
             Mark(arrow=4, direction="W", field=None, status="none")]
    return HalState(rng=Rng.from_seed(9), seats=2, board=board, tile="D4", facing="N", phase="stones", active=1,
                    round=round_, turn=2 * round_, towers=12, tile_from="D3", facing_from="N", marks=marks,
                    ladder=[0, 0], captured=[[0, 0, 0, 1], [0] * 4])


def test_halleluja_the_last_stone_of_the_last_round_while_behind():
    state = halleluja(40)
    assert state.max_rounds == 40
    capture = MoveStone(field="D6", direction="E")  # onto the neutral angel on G6: 1 to 1, a shared win
    # every other choice ends the 40th round 1 to 0 (the (R) round cap): seat 1 loses at once
    assert set(map(str, losing(HALLELUJA, state, 1))) == {
        str(a) for a in HALLELUJA.legal_actions(state, 1) if a != capture}
    assert LeaveStone(field="D6") in losing(HALLELUJA, state, 1)
    assert HALLELUJA.result(HALLELUJA.apply(state, 1, capture)[0]).winners == [0, 1]
    assert losing(HALLELUJA, halleluja(2), 1) == []  # an earlier round goes on


# -- The HellGame -------------------------------------------------------------------------


C3 = circle(3)


def petition(at, *, circle_owner: bool = True, hand1=(), halt=()):
    """Seat 0 petitions first (12), with a legion in ``at``; seat 1 holds all
    of circle 3 (if ``circle_owner``) and ``hand1``."""
    s = P.build(P.Position(players=[player(0, favour=2), player(1, *(C3 if circle_owner else ()), hand=list(hand1)),
                                    player(2)], phase="petition", step="petition",
                           units={at: P.Units(legions={0: 1})}, halt=list(halt)))
    flow.advance(s, [])
    assert HELL.to_act(s) == [0]
    return s


def test_hellgame_ending_the_petitions_while_another_holds_a_circle():
    state = petition(C3[0])
    # "done": the End phase finds seat 1's complete circle (4.0) and seat 1 wins at once
    assert losing(HELL, state, 0) == [Action(do="done")]
    assert HELL.result(HELL.apply(state, 0, Action(do="done"))[0]).winners == [1]
    # petitioning for a sectio of that circle breaks it: the match goes on
    assert not HELL.loses_at_once(state, 0, Action(do="favour", a=C3[0]))
    # elsewhere, nobody holding a circle: nothing ends
    assert losing(HELL, petition(10, circle_owner=False), 0) == []


def test_hellgame_twins_differ_by_three_sixes_in_a_hidden_hand_and_get_the_same_answer():
    """Seat 1's hand holds three sixes (shown at the end of the phase, they
    win, 4.0); in the twin other cards of the deck went to it instead.
    Applied to the real states "done" loses for seat 0 in one and not in the
    other; seat 0 cannot tell them apart, and neither can its question. (The
    procedure halts before the next round's Hell phase, whose draws from the
    deck would be another story.)"""
    real = petition(10, circle_owner=False, hand1=[SIXES[0], SIXES[1], SIXES[2]], halt=["hell"])
    twin = clone(real)
    hand, deck = twin.players[1].hand, twin.arcana
    plain = [k for k, card in enumerate(deck) if card not in SIXES]
    for i, k in zip(range(len(hand)), plain):
        hand[i], deck[k] = deck[k], hand[i]
    assert not any(c in SIXES for c in hand)
    assert HELL.view(real, 0).model_dump_json() == HELL.view(twin, 0).model_dump_json()
    done = Action(do="done")
    assert HELL.result(HELL.apply(real, 0, done)[0]).winners == [1]
    assert HELL.result(HELL.apply(twin, 0, done)[0]) is None
    assert answers(HELL, real, 0) == answers(HELL, twin, 0) == [False] * len(HELL.legal_actions(real, 0))


# -- every game ---------------------------------------------------------------------------


def test_the_answer_is_deterministic_and_ignores_global_randomness():
    state = hektor(shame=1)
    random.seed(1)
    first = answers(HEKTOR, state, 0)
    random.seed(2)
    assert answers(HEKTOR, state, 0) == first
    hl = halleluja(40)
    assert answers(HALLELUJA, hl, 1) == answers(HALLELUJA, hl, 1)


def test_nothing_to_ask_once_the_match_is_over_or_of_a_seat_not_asked():
    state = himmel([2, 1], [6, 5], [Die(side=0, field="B10", value=2), Die(side=1, field="B5", value=4)], start=[2, 2])
    over = HH.apply(state, 0, Finish(side=0, at="B10"))[0]
    assert not HH.loses_at_once(over, 0, Finish(side=0, at="B10"))
    assert not HH.loses_at_once(state, 1, Finish(side=0, at="B10"))  # Heaven is not asked


@pytest.mark.parametrize("twin_name", sorted(n for n in TWINS if n.startswith(("hektor", "hellgame"))))
def test_twins_met_in_play_get_the_same_answers(twin_name):
    """Random play; wherever a twin exists, every seat to act that cannot tell
    it from the real state gets the same answer for every choice. (Random
    play of Himmel und Hölle meets a conflict too rarely: its twins are
    tested above.)"""
    game_id = twin_name.split("/")[0]
    engine = engines.get(game_id)
    rnd, compared = random.Random(7), 0
    for seed in (1, 2):
        state = engine.setup(engine.min_seats if game_id != "hellgame" else 3, seed)
        for _ in range(400 if game_id != "hellgame" else 150):
            if engine.result(state) is not None or compared >= 8 * seed:
                break
            made = TWINS[twin_name](state, rnd)
            if made is not None:
                twin, hiders = made
                for seat in engine.to_act(state):
                    if seat not in hiders:
                        legal = engine.legal_actions(state, seat)[:12]
                        assert [engine.loses_at_once(twin, seat, a) for a in legal] == \
                               [engine.loses_at_once(state, seat, a) for a in legal]
                        compared += 1
            seat = rnd.choice(engine.to_act(state))
            state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))[0]
    assert compared
