"""The HellGame, standing orders for a battle (engines/hellgame/phases/combat/orders.py,
the magic part in engines/hellgame/magic/warcraft.py): once per battle each
side sets its orders for flight (11.2.4), combat magic and who casts first
(11.2.1); the combat rounds then run without questions, answered through
``core.hooks.STANDING`` by ``HellGame.automatic`` the way the bot applies
automatic answers (bot/play/steps.py ``_automatic``).

Positions are built with engines/hellgame/position and driven with
tests/hellgame_driver.py; dice come from the position's queue (strict: a die a
test did not queue fails it); flight is a small stand-in (the real one
belongs to the movement module and has its own tests); the procedure halts at
the Petition phase."""

from __future__ import annotations

import random
from typing import Callable

import pytest
from hellgame_driver import answer, asked, demon, keys, legal, no_orders, start, units

from engines.contract import Event, canonical_json, clone
from engines.hellgame import position as P
from engines.hellgame.core import flow
from engines.hellgame.core.model import Action, ActOrders, State, Unit
from engines.hellgame.engine import ENGINE

TAVERN, SUGAR_HILL = 30, 31          # 4 souls each: more legions than that, so no avoiding combat (11.3.1)
SPIES = 0                            # 2 souls
REFUGE = 29                          # where the stand-in flight takes fleeing units
FRENZY, FRENZY2, IRON_SKIN, HELLFIRE, HELLFIRE2 = 101, 102, 11, 8, 33
SPELLS = ["frenzy", "demonic_distraction", "iron_skin", "hellfire", "reinforcements"]
#: A seat's demon when the test gives it none: it fought elsewhere this round (11.1).
IDLE = ["Gomory", "Paymon"]


@pytest.fixture(autouse=True)
def flight(monkeypatch) -> list[tuple[int, list[int]]]:
    """movement.flee replaced: the fleeing units reach REFUGE (their seat and ids are logged)."""
    from engines.hellgame.phases.action import movement

    fled: list[tuple[int, list[int]]] = []

    def flee(state: State, seat: int, moving: list[Unit], barred, events) -> list[Unit]:
        fled.append((seat, [u.id for u in moving]))
        for u in moving:
            u.at = REFUGE
        return []

    monkeypatch.setattr(movement, "flee", flee)
    monkeypatch.setattr(movement, "lone_lieutenants", lambda s, ev: None)
    return fled


def battle(legions: dict[int, int], demons: dict[int, list] | None = None, hands: dict[int, list] | None = None,
           at: int = TAVERN, dice: list[int] | None = None, **fields) -> State:
    """The Combat phase with one battle at ``at``; nobody is asked to counter a spell."""
    players = [P.Player(demons=(demons or {}).get(seat) or [P.Demon(name=IDLE[seat], fought=True)],
                        hand=(hands or {}).get(seat, []), always_pass=True) for seat in range(2)]
    return P.build(P.Position(players=players, units={at: P.Units(legions=legions)}, phase="combat",
                              halt=["petition"], dice=dice or [], strict_dice=True, **fields))


def orders(s: State, seat: int, *steps: tuple) -> list[Event]:
    """Set ``seat``'s standing orders: each step a verb or (verb, a); then
    submit, unless the last part chosen submitted them already."""
    ev: list[Event] = []
    for st in steps:
        do, a = (st, None) if isinstance(st, str) else st
        ev += answer(s, seat, do, a)
    return ev + (answer(s, seat, "submit") if (seat, "combat_orders") in asked(s) else [])


def run(s: State, script: Callable[[State, int, str], Action] | None = None, limit: int = 3000) -> dict:
    """Play on as the bot does: every automatic answer at once (the lowest seat
    first), else the first seat asked answers by ``script`` (none: the test
    stops there), for at most ``limit`` answers. Returns what happened: the
    events, the questions asked (seat, question), the automatic answers
    (seat, question, verb) and the hand-offs (the set of seats asked came to
    include a seat not in the set asked just before)."""
    seen: dict = {"events": [], "asked": [], "automatic": [], "handoffs": 0}
    before: set[int] = set()
    for _ in range(limit):
        if s.over or not flow.open_asks(s):
            break
        auto = next(((p, x) for p in ENGINE.to_act(s) if (x := ENGINE.automatic(s, p)) is not None), None)
        if auto is not None:
            seat, x = auto
            seen["automatic"].append((seat, flow.ask_of(s, seat).q, x.do))
            seen["events"] += answer(s, seat, x.do, x.a, x.b, x.c)
            continue
        now = set(ENGINE.to_act(s))
        if now - before:
            seen["handoffs"] += 1
        before = now
        if script is None:
            break
        seat = ENGINE.to_act(s)[0]
        q = flow.ask_of(s, seat).q
        seen["asked"].append((seat, q))
        x = script(s, seat, q)
        seen["events"] += answer(s, seat, x.do, x.a, x.b, x.c)
    return seen


def public(ev: list[Event]) -> list[Event]:
    return [e for e in ev if e.visible_to is None]


# -- the question ------------------------------------------------------------------------------


def test_orders_are_asked_once_of_every_side_at_the_same_time_and_list_spells_not_cards():
    """Before the first magic step (a demon took cards along) both sides are
    asked at once, secretly; the magic part lists the five Combat spells
    whatever the hand holds; the flight part offers N below the legions there."""
    s = battle({0: 3, 1: 4}, demons={0: ["Caim"], 1: ["Ukobach"]},
               hands={0: [FRENZY, HELLFIRE], 1: [IRON_SKIN]}, dice=[1] * 7 * 2)
    start(s)
    answer(s, 1, "join", demon(s, "Ukobach")), answer(s, 1, "take", IRON_SKIN), answer(s, 1, "submit")
    answer(s, 0, "join", demon(s, "Caim")), answer(s, 0, "take", FRENZY), answer(s, 0, "take", HELLFIRE)
    answer(s, 0, "submit")
    assert sorted(asked(s)) == [(0, "combat_orders"), (1, "combat_orders")]
    assert all(a.secret and a.kind == "simultaneous" for a in flow.open_asks(s))
    assert legal(s, 0) == [Action(do="fight"), Action(do="flee_at", a=1), Action(do="flee_at", a=2),
                           Action(do="ask"), Action(do="submit")]
    assert ENGINE.default_action(s, 0) == Action(do="submit")      # a missed deadline: no orders
    for seat in (0, 1):
        answer(s, seat, "fight")
    spells = [Action(do="spell", a=i) for i in range(5)] + [Action(do="never"), Action(do="ask"), Action(do="back"),
                                                             Action(do="submit")]
    assert legal(s, 0) == legal(s, 1) == spells                    # Frenzy and Hellfire, Iron Skin: the same list
    assert [ENGINE.label(s, 0, x, "en") for x in spells[:5]] == [
        "Cast Frenzy whenever able", "Cast Demonic Distraction whenever able", "Cast Iron Skin whenever able",
        "Cast Hellfire whenever able", "Cast Reinforcements whenever able"]
    ev = answer(s, 0, "never")
    # never casting: nothing to decide first, so that was the last part and the orders are in, no submit click
    assert (0, "combat_orders") not in asked(s) and ("ev_battle_orders", [0]) in [(e.key, e.visible_to) for e in ev]
    answer(s, 1, "spell", SPELLS.index("iron_skin"))
    assert legal(s, 1) == [Action(do="cast_first"), Action(do="enemy_first"), Action(do="ask"), Action(do="back"),
                           Action(do="submit")]
    answer(s, 1, "ask")
    assert asked(s) != [] and "combat_orders" not in {q for _, q in asked(s)}
    assert s.battle.orders[0].model_dump(exclude={"lines"}) == {"flee": 0, "spell": "never", "first": "me", "cast": 0}
    assert s.battle.orders[1].model_dump(exclude={"lines"}) == {"flee": 0, "spell": "iron_skin", "first": "ask",
                                                               "cast": 0}
    # Caim's side decides who begins: it never casts and passes; Ukobach casts Iron Skin by order, once
    seen = run(s, limit=5)
    assert seen["automatic"] == [(0, "combat_magic", "done"), (1, "combat_magic", "cast"),
                                 (0, "combat_magic", "done"),      # Ukobach has no card left: not asked again
                                 (0, "combat_flee", "stay"), (1, "combat_flee", "stay")]
    assert "ev_warcraft_iron_skin" in keys(seen["events"]) and seen["asked"] == []
    assert s.battle.round == 2 and "combat_orders" not in {q for _, q in asked(s)}   # once per battle


# -- flight ------------------------------------------------------------------------------------------


def test_flee_at_n_flees_when_the_legions_drop_to_n_and_not_before(flight):
    """Seat 1 orders "flee when down to 2": it stays at 3, flees at 2, never asked."""
    s = battle({0: 2, 1: 4}, dice=[1, 1, 1, 1] + [6, 1] + [2]       # round 1: seat 1 loses a legion (saves on 1 only)
               + [1, 1, 1] + [6, 1] + [2])                           # round 2: another one
    start(s)
    assert sorted(asked(s)) == [(0, "combat_orders"), (1, "combat_orders")]   # after round 1, before flight
    assert len(units(s, TAVERN, "legion", 1)) == 3
    assert Action(do="flee_at", a=3) not in legal(s, 1)              # N below the legions it has now
    orders(s, 1, ("flee_at", 2))
    orders(s, 0, "fight")
    seen = run(s)
    assert seen["asked"] == []                                       # nobody asked a flight question
    assert [(p, v) for p, q, v in seen["automatic"] if q == "combat_flee"] == [
        (1, "stay"), (0, "stay"),                                    # round 1: 3 legions, more than 2
        (1, "flee")]                                                 # round 2: down to 2
    assert flight == [(1, [u.id for u in units(s, REFUGE, "legion", 1)])] and len(flight[0][1]) == 2
    assert "ev_battle_flees" in keys(seen["events"]) and s.won == {str(TAVERN): [0]} and s.step == "petition"


def test_fight_to_the_end_never_asks_the_flight_question():
    s = battle({0: 2, 1: 4}, dice=([1] * 4 + [6, 1] + [2])          # seat 1 loses a legion each round
               + ([1] * 3 + [6, 1] + [2]) + ([1] * 2 + [6, 1] + [2]) + ([1] + [6, 1] + [2]))
    start(s)
    orders(s, 0, "fight"), orders(s, 1, "fight")
    seen = run(s)
    assert seen["asked"] == [] and s.battle is None and s.step == "petition"
    assert [e.params["round"] for e in seen["events"] if e.key == "ev_battle_round"] == [2, 3, 4]
    assert units(s, TAVERN, "legion", 1) == [] and s.won == {str(TAVERN): [0]}
    assert {(p, v) for p, q, v in seen["automatic"] if q == "combat_flee"} == {(0, "stay"), (1, "stay")}


def test_ask_me_asks_each_round_as_before():
    """"Ask me" for flight (seat 0) and no orders (seat 1): both asked after every round."""
    s = battle({0: 2, 1: 4}, dice=[1] * 6 * 3)
    start(s)
    orders(s, 0, "ask")
    assert s.battle.orders == {}                                     # "ask me" for everything: no orders kept
    no_orders(s)
    seen = run(s, lambda s, seat, q: Action(do="stay"), limit=4)
    assert seen["asked"] == [(1, "combat_flee"), (0, "combat_flee")] * 2
    assert seen["automatic"] == []


def test_magic_ask_me_asks_while_flight_runs_by_itself():
    s = battle({0: 3, 1: 4}, demons={0: ["Caim"]}, hands={0: [FRENZY]}, dice=[1] * 7 * 2)
    start(s)
    answer(s, 0, "join", demon(s, "Caim")), answer(s, 0, "take", FRENZY), answer(s, 0, "submit")
    orders(s, 0, "fight", "ask")                                     # flight: fight; magic: ask me
    no_orders(s)
    seen = run(s, lambda s, seat, q: Action(do="done") if q == "combat_magic" else Action(do="stay"), limit=6)
    assert seen["asked"] == [(0, "combat_magic"), (1, "combat_flee"), (0, "combat_magic"), (1, "combat_flee")]
    assert seen["automatic"] == [(0, "combat_flee", "stay")] * 2


# -- combat magic ------------------------------------------------------------------------------------


def test_a_named_spell_is_cast_whenever_able_one_card_a_round():
    """Caim takes two Hellfires and a Frenzy along; "cast Hellfire whenever
    able": one Hellfire in round 1, the other in round 2, then nothing;
    Frenzy is never cast. Nobody is asked anything after the orders."""
    s = battle({0: 3, 1: 4}, demons={0: ["Caim"]}, hands={0: [HELLFIRE, HELLFIRE2, FRENZY]},
               dice=[1, 1, 1] + [1, 1, 1]                             # round 1 (seat 1 has 3 legions left)
               + [1, 1] + [1, 1, 1]                                   # round 2
               + [1, 1] + [6, 6, 1] + [2, 2])                         # round 3: the last two fall
    start(s)
    answer(s, 0, "join", demon(s, "Caim"))
    for c in (HELLFIRE, HELLFIRE2, FRENZY):
        answer(s, 0, "take", c)
    answer(s, 0, "submit")
    assert sorted(asked(s)) == [(0, "combat_orders"), (1, "combat_orders")]   # before the first magic step
    orders(s, 0, "fight", ("spell", SPELLS.index("hellfire")), "cast_first")
    orders(s, 1, "fight")
    seen = run(s)
    assert seen["asked"] == [] and s.step == "petition" and s.won == {str(TAVERN): [0]}
    assert keys(seen["events"]).count("ev_warcraft_hellfire") == 2
    rounds = [e.params["round"] for e in seen["events"] if e.key == "ev_battle_round"]
    assert rounds == [2, 3]
    magic = [v for p, q, v in seen["automatic"] if q == "combat_magic"]
    assert magic == ["cast", "done", "cast", "done", "done"]         # one a round, then nothing left to cast
    assert FRENZY in s.players[0].hand and HELLFIRE not in s.players[0].hand and HELLFIRE2 not in s.players[0].hand


def test_an_order_to_cast_shows_nothing_of_the_hand_but_the_cast():
    """"Cast Hellfire whenever able" answers by itself whether the demon took
    Hellfire, Frenzy or Iron Skin along: nobody can tell the hand from whether
    or when the seat is asked; only a cast shows the card."""
    outcomes = {}
    for card in (HELLFIRE, FRENZY, IRON_SKIN):
        s = battle({0: 3, 1: 4}, demons={0: ["Caim"]}, hands={0: [card]}, dice=[1] * (6 if card == HELLFIRE else 7))
        start(s)
        answer(s, 0, "join", demon(s, "Caim")), answer(s, 0, "take", card), answer(s, 0, "submit")
        orders(s, 0, "ask", ("spell", SPELLS.index("hellfire")), "cast_first")
        no_orders(s)
        seen = run(s)
        outcomes[card] = ([(q, v) for _, q, v in seen["automatic"]], asked(s),
                          [e.key for e in public(seen["events"])])
    cast, frenzy, iron = outcomes[HELLFIRE], outcomes[FRENZY], outcomes[IRON_SKIN]
    assert frenzy == iron                                           # two hands without Hellfire: alike
    assert frenzy[0] == [("combat_magic", "done")] and cast[0] == [("combat_magic", "cast")]   # unasked either way
    assert frenzy[1] == cast[1] == [(0, "combat_flee")]             # the next question: the same
    assert "ev_warcraft_hellfire" in cast[2] and "ev_warcraft_hellfire" not in frenzy[2]


def test_the_deciding_side_lets_the_enemy_cast_first_by_order():
    """11.2.1: Caim's side (4 skulls against 2) decides who casts first; its
    order "the enemy casts first" lets Ukobach's side begin, unasked."""
    s = battle({0: 3, 1: 4}, demons={0: ["Caim"], 1: ["Ukobach"]}, hands={0: [FRENZY], 1: [FRENZY2]},
               dice=[1] * 7)
    start(s)
    answer(s, 1, "join", demon(s, "Ukobach")), answer(s, 1, "take", FRENZY2), answer(s, 1, "submit")
    answer(s, 0, "join", demon(s, "Caim")), answer(s, 0, "take", FRENZY), answer(s, 0, "submit")
    orders(s, 0, "ask", ("spell", SPELLS.index("frenzy")), "enemy_first")
    no_orders(s)
    seen = run(s)
    assert seen["automatic"] == [(0, "combat_magic", "later")]
    assert "ev_warcraft_later" in keys(seen["events"]) and asked(s) == [(1, "combat_magic")]
    answer(s, 1, "cast", FRENZY2)
    seen = run(s)
    assert seen["automatic"][0] == (0, "combat_magic", "cast")       # then its own order: Frenzy when able


# -- defaults ------------------------------------------------------------------------------------------


def test_without_orders_or_after_the_deadline_everything_is_asked_as_before():
    s = battle({0: 3, 1: 4}, demons={0: ["Caim"]}, hands={0: [FRENZY]}, dice=[1] * 7 * 2)
    start(s)
    answer(s, 0, "join", demon(s, "Caim")), answer(s, 0, "take", FRENZY), answer(s, 0, "submit")
    assert sorted(asked(s)) == [(0, "combat_orders"), (1, "combat_orders")]
    for seat in (0, 1):
        assert flow.QUESTIONS["combat_orders"].passive(s, flow.ask_of(s, seat)) == Action(do="submit")
        assert ENGINE.default_action(s, seat) == Action(do="submit")
        assert ENGINE.automatic(s, seat) is None
    ev = answer(s, 0, "submit") + answer(s, 1, "submit")             # the deadline passes for both
    assert s.battle.orders == {} and not s.drafts
    assert [(e.key, e.visible_to) for e in ev if e.key.startswith("ev_battle_orders")] == [
        ("ev_battle_orders_none", [0]), ("ev_battle_orders_none", [1])]
    seen = run(s, lambda s, seat, q: ENGINE.default_action(s, seat), limit=6)
    assert seen["asked"] == [(0, "combat_magic"), (0, "combat_flee"), (1, "combat_flee")] * 2
    assert seen["automatic"] == []


def test_a_deadline_in_the_middle_keeps_what_was_chosen():
    s = battle({0: 2, 1: 4}, demons={1: ["Ukobach"]}, hands={1: [IRON_SKIN]}, dice=[1] * 6 * 3)
    start(s)
    answer(s, 1, "join", demon(s, "Ukobach")), answer(s, 1, "take", IRON_SKIN), answer(s, 1, "submit")
    answer(s, 1, "flee_at", 1)                                      # the magic part is still open
    assert ENGINE.default_action(s, 1) == Action(do="submit") and ENGINE.continues(s, 1)
    answer(s, 1, "submit"), answer(s, 0, "submit")
    assert s.battle.orders[1].flee == 1 and s.battle.orders[1].spell == "ask" and 0 not in s.battle.orders
    seen = run(s, lambda s, seat, q: Action(do="done") if q == "combat_magic" else Action(do="stay"), limit=6)
    assert (0, "combat_flee") in seen["asked"] and (1, "combat_flee", "stay") in seen["automatic"]
    assert (1, "combat_flee") not in seen["asked"]


# -- secrecy -------------------------------------------------------------------------------------------


def test_orders_are_invisible_to_the_other_side_and_spectators():
    s = battle({0: 3, 1: 4}, demons={0: ["Caim"], 1: ["Ukobach"]}, hands={0: [FRENZY], 1: [HELLFIRE]},
               dice=[1] * 7 * 2)
    start(s)
    answer(s, 1, "join", demon(s, "Ukobach")), answer(s, 1, "take", HELLFIRE), answer(s, 1, "submit")
    answer(s, 0, "join", demon(s, "Caim")), answer(s, 0, "take", FRENZY), answer(s, 0, "submit")
    drafting = answer(s, 1, "flee_at", 2) + answer(s, 1, "spell", SPELLS.index("hellfire"))
    other = clone(s)
    other.drafts[1].steps = [["fight", None]]
    other.said[1] = [["lb_orders_fight", {}]]

    def alike(a: State, b: State, seats=(0, None)) -> None:
        for viewer in seats:
            assert canonical_json(ENGINE.view(a, viewer)) == canonical_json(ENGINE.view(b, viewer)), viewer
            assert ENGINE.stage(a) == ENGINE.stage(b)
        assert ENGINE.prompt(a, 0) == ENGINE.prompt(b, 0) and ENGINE.legal_actions(a, 0) == ENGINE.legal_actions(b, 0)
        for k in range(3):
            assert canonical_json(ENGINE.determinise(a, 0, random.Random(k))) == canonical_json(
                ENGINE.determinise(b, 0, random.Random(k)))

    alike(s, other)                                                 # a draft in the making
    assert drafting == []                                           # nothing told while it is built
    ev = answer(s, 1, "enemy_first")                                # the last part: submitted at once
    other = clone(s)
    other.battle.orders[1] = other.battle.orders[1].model_copy(update={"flee": 0, "spell": "never", "first": "me"})
    alike(s, other)                                                 # submitted, not yet acted on
    assert [(e.key, e.visible_to) for e in ev] == [("ev_battle_orders", [1])]
    mine = ENGINE.view(s, 1).pending
    assert mine == [["lb_orders_flee_at", {"n": 2}], ["lb_orders_spell_hellfire", {}], ["lb_orders_enemy_first", {}]]
    assert ENGINE.view(s, 0).pending == [] and ENGINE.view(s, None).pending is None
    # the determiniser shows a computer player no one else's orders: "ask me" again; its own stay
    orders_of_0 = orders(s, 0, "fight")
    assert orders_of_0 and 0 in s.battle.orders
    d = ENGINE.determinise(s, 0, random.Random(5))
    assert 1 not in d.battle.orders and d.battle.orders[0] == s.battle.orders[0]
    assert 0 not in ENGINE.determinise(s, 1, random.Random(5)).battle.orders


# -- the point: few hand-offs ----------------------------------------------------------------------------


def test_a_13_round_battle_with_orders_takes_at_most_4_hand_offs():
    """Caim (Mu, 4 legions, two Frenzies) against Ukobach (Beast, 3 legions,
    a Hellfire): twelve rounds of misses, the thirteenth decides. Both sides
    set orders; counted as the bot plays it (automatic answers applied at once),
    the whole battle asks: Mu (demon), Beast (demon), both (orders)."""
    s = battle({0: 4, 1: 3}, demons={0: ["Caim"], 1: ["Ukobach"]}, hands={0: [FRENZY, FRENZY2], 1: [HELLFIRE]},
               at=SUGAR_HILL,
               dice=[1] * 7 * 12                                      # Frenzy's +2 turns a 1 into a 3: still a miss
               + [6, 6, 6, 1] + [1, 1, 1]                             # round 13: Mu hits thrice, Beast misses
               + [6, 6, 6])                                           # Ukobach's 2 skulls: all three lost
    caim, uko = demon(s, "Caim"), demon(s, "Ukobach")
    plan = {0: [("join", caim), ("take", FRENZY), ("take", FRENZY2), ("submit", None),
                ("flee_at", 1), ("spell", SPELLS.index("frenzy")), ("cast_first", None)],
            1: [("join", uko), ("take", HELLFIRE), ("submit", None),
                ("fight", None), ("never", None)]}

    def script(s: State, seat: int, q: str) -> Action:
        if q in ("combat_demon", "combat_orders"):
            do, a = plan[seat].pop(0)
            return Action(do=do, a=a)
        return Action(do="done") if q == "combat_magic" else Action(do="stay")   # as a player would, unordered

    start(s)
    seen = run(s, script)
    assert s.step == "petition" and s.won == {str(SUGAR_HILL): [0]} and s.dice_queue == []
    assert max(e.params["round"] for e in seen["events"] if e.key == "ev_battle_round") == 13
    assert seen["handoffs"] <= 4, (seen["handoffs"], seen["asked"])
    assert seen["handoffs"] == 3 and {q for _, q in seen["asked"]} == {"combat_demon", "combat_orders"}
    assert keys(seen["events"]).count("ev_warcraft_frenzy") == 2   # round 1 and round 2, by order


# -- the quick-combat options ----------------------------------------------------------------------------


def test_quick_combat_options_stay_and_work_with_orders():
    """11.3.5: a small battle settled by one roll asks for no orders; 11.3.6:
    with the three-round limit the orders answer rounds 1-3, then Lucifer decides."""
    s = battle({0: 2, 1: 1}, options={"quick_small": True}, at=SPIES, dice=[1, 2] + [6])
    ev = start(s)
    assert "ev_battle_quick" in keys(ev) and s.step == "petition" and asked(s) == []
    s = battle({0: 2, 1: 3}, options={"quick_three_rounds": True}, dice=[1] * 5 * 3)
    start(s)
    orders(s, 0, "fight"), orders(s, 1, ("flee_at", 1))
    seen = run(s)
    assert seen["asked"] == [] and "ev_battle_lucifer" in keys(seen["events"]) and s.step == "petition"
    assert [v for _, q, v in seen["automatic"] if q == "combat_flee"] == ["stay"] * 6


# -- given in advance, with the Action phase's orders -----------------------------------------------


def test_orders_given_with_the_action_phase_orders_are_set_without_a_question():
    """Seat 0's Action phase orders said "every battle: fight to the end, cast
    when able" (``ActOrders.battle``): the battle does not ask it; its orders
    are fight, any Combat spell, cast first, told to it alone; seat 1 is
    asked as always. Seat 0's demon casts a card it took along, once a round."""
    s = battle({0: 3, 1: 4}, demons={0: ["Caim"], 1: ["Ukobach"]},
               hands={0: [FRENZY, HELLFIRE], 1: [IRON_SKIN]}, dice=[1] * 7 * 2)
    s.plans[0] = ActOrders(battle="fight")
    start(s)
    answer(s, 1, "join", demon(s, "Ukobach")), answer(s, 1, "take", IRON_SKIN), answer(s, 1, "submit")
    answer(s, 0, "join", demon(s, "Caim")), answer(s, 0, "take", FRENZY), answer(s, 0, "take", HELLFIRE)
    ev = answer(s, 0, "submit")
    assert asked(s) == [(1, "combat_orders")]                       # seat 0 is not asked
    assert s.battle.orders[0].model_dump(exclude={"lines"}) == {"flee": 0, "spell": "any", "first": "me", "cast": 0}
    assert [(e.key, e.visible_to) for e in ev if e.key == "ev_battle_orders"] == [("ev_battle_orders", [0])]
    assert [ENGINE.text(k, p, "en") for k, p in s.battle.orders[0].lines] == [
        "Fight to the end (never flee)", "Cast the Combat cards taken along whenever able",
        "If I decide: my side casts first"]
    orders(s, 1, "fight", "never")
    seen = run(s, limit=8)
    assert seen["asked"] == []
    rounds = [e.params["round"] for e in seen["events"] if e.key == "ev_battle_round"]
    casts = [(p, v) for p, q, v in seen["automatic"] if q == "combat_magic" and v == "cast"]
    assert casts and all(p == 0 for p, _ in casts) and len(casts) <= 1 + len(rounds)  # at most one a round


def test_a_battle_whose_every_side_gave_its_orders_in_advance_asks_nothing():
    s = battle({0: 2, 1: 4}, dice=([1] * 4 + [6, 1] + [2])          # seat 1 loses a legion each round
               + ([1] * 3 + [6, 1] + [2]) + ([1] * 2 + [6, 1] + [2]) + ([1] + [6, 1] + [2]))
    for seat in (0, 1):
        s.plans[seat] = ActOrders(battle="fight")
    start(s)
    seen = run(s)
    assert seen["asked"] == [] and seen["handoffs"] == 0 and s.battle is None and s.step == "petition"
    assert units(s, TAVERN, "legion", 1) == [] and s.won == {str(TAVERN): [0]}
