"""The HellGame, standing orders for the Action phase
(engines/hellgame/phases/action/orders.py): when the phase starts, every
player with a demon on the rank track (9.1) gives, at once and secretly, an
order per demon (move a unit to a destination, do nothing, or ask me) and an
answer for entries into its sectios (9.5: halt them, grant passage where
possible, or ask me). The track then runs in rank order; the orders answer
its questions through ``core.hooks.STANDING``, applied as the bot applies
every automatic answer (``settle``)."""

from __future__ import annotations

import random

from hellgame_driver import answer, answer_all, asked, demon, keys, legal, units
from test_hellgame_counter_windows import DRAWS, IDNW, LORE, card
from test_hellgame_destinations import FALSIFIERS, SPIES, TAVERN, X, Y, Z, settle

from engines.contract import canonical_json
from engines.hellgame import position as P
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import ANTEHELL, Action, State
from engines.hellgame.engine import ENGINE
from engines.hellgame.magic import spells

TUNNEL = card("secret_tunnel")

Q = "act_orders"


def phase(units_: dict, demons: tuple[list[str], ...] = (["Balban"], ["Ukobach"], ["Caim"]),
          halt: bool = True) -> State:
    """The Action phase about to start, one player per entry of ``demons``;
    the procedure halts before the Random Move phase (no die is rolled
    unless a test queues it). Without ``halt`` it goes on as a match does."""
    players = [P.Player(demons=names) for names in demons]
    s = P.build(P.Position(players=players, units=units_, phase="action", step="action", strict_dice=halt,
                           halt=["random"] if halt else []))
    flow.advance(s, [])
    return s


def over(s: State) -> bool:
    """The Action phase is over (halted before the Random Move phase)."""
    return s.step == "random" and not flow.open_asks(s)


def give(s: State, seat: int, *steps: tuple) -> list:
    """``seat`` builds its orders step by step and submits them (unless the
    last part chosen submitted them already)."""
    ev = []
    for st in steps:
        ev += answer(s, seat, *st)
    return ev + (answer(s, seat, "submit") if (seat, Q) in asked(s) else [])


def legion(s: State, at: int, seat: int) -> int:
    return units(s, at, "legion", seat)[0].id


def neighbour(at: int, avoid: set[int] = frozenset()) -> int:
    return min(n for n in data.NEIGHBOURS[at] if n not in avoid)


# -- asked once, at once -----------------------------------------------------------------------


def test_9_1_every_player_with_a_demon_on_the_track_is_asked_at_once_before_any_demon_acts():
    s = phase({SPIES: P.Units(legions={X: 1}), FALSIFIERS: P.Units(legions={Y: 1})})
    assert sorted(asked(s)) == [(X, Q), (Y, Q), (Z, Q)]
    assert all(a.secret and a.kind == "simultaneous" for a in flow.open_asks(s))
    assert ENGINE.submitted(s) == []
    give(s, Y)
    assert ENGINE.submitted(s) == [Y]  # the board shows who has given orders, never what
    assert all(q == Q for _, q in asked(s))


def test_9_1_the_match_option_action_orders_off_asks_every_demon_in_its_turn():
    players = [P.Player(demons=["Balban"]), P.Player(demons=["Ukobach"])]
    s = P.build(P.Position(players=players, units={SPIES: P.Units(legions={X: 1})}, phase="action", step="action",
                           options={"action_orders": False}, halt=["random"]))
    flow.advance(s, [])
    assert asked(s) == [(s.demons[s.track[0]].owner, "act")] and s.plans == {}


def test_9_1_orders_offer_each_demon_in_rank_order_then_the_entry_rule():
    s = phase({SPIES: P.Units(legions={X: 1})}, demons=(["Balban", "Gomory"], ["Ukobach"]))
    a = flow.ask_of(s, X)
    assert a.data["demons"] == [i for i in s.track if s.demons[i].owner == X]
    first = legal(s, X)
    spies = legion(s, SPIES, X)
    goes = {x.b for x in first if x.do == "go"}
    reach = {n for f in data.NEIGHBOURS[SPIES] for n in (f, *data.NEIGHBOURS[f])} - {SPIES}
    assert goes == reach and all(x.a == spies for x in first if x.do == "go")
    assert {x.do for x in first} == {"go", "rest", "ask", "submit"}
    answer(s, X, "rest")
    assert {x.do for x in legal(s, X)} == {"go", "rest", "ask", "back", "submit"}
    answer(s, X, "ask")
    # the three rules in one step: each rule's first or second choice (8), ask me for all, or one by one
    rules = legal(s, X)
    assert ENGINE.prompt(s, X).key == "pr_plan_rules"
    assert [x for x in rules if x.do == "rules"] == [Action(do="rules", a=e, b=b, c=v)
                                                     for e in (0, 1) for b in (0, 1) for v in (0, 1)]
    assert {x.do for x in rules} == {"rules", "ask", "one_by_one", "back", "submit"}
    answer(s, X, "one_by_one")
    assert {x.do for x in legal(s, X)} == {"block", "let_pass", "ask", "back", "submit"}  # 9.5
    answer(s, X, "block")
    assert {x.do for x in legal(s, X)} == {"send_best", "send_none", "ask", "back", "submit"}  # 11.1
    answer(s, X, "ask")
    assert {x.do for x in legal(s, X)} == {"avoid", "no_avoid", "ask", "back", "submit"}  # 11.3.1, the last part
    assert ENGINE.prompt(s, X).key == "pr_plan_avoid"
    for _ in range(5):
        answer(s, X, "back")
    assert [x.do for x in legal(s, X)][-1] == "submit" and "back" not in {x.do for x in legal(s, X)}


def test_the_last_part_submits_the_orders_at_once():
    s = phase({SPIES: P.Units(legions={X: 1})}, demons=(["Balban"], ["Ukobach"]))
    ev = answer(s, X, "rest")
    assert ENGINE.label(s, X, Action(do="rules", a=1, b=1, c=1), "en") == (
        "let intruders pass · send no demon · never avoid battles")
    ev += answer(s, X, "rules", 1, 1, 1)  # let pass, send none, never avoid: one click
    prompt = ENGINE.prompt(s, X)
    assert ENGINE.text(prompt.key, prompt.params, "en").startswith("Standing orders, last part: in every battle")
    assert [x.do for x in legal(s, X)] == ["fight_all", "ask", "back", "submit"]
    ev += answer(s, X, "fight_all")  # the battles' orders, the last part: one click, and done
    assert (X, Q) not in asked(s) and X not in s.drafts and "ev_plan_set" in keys(ev)
    o = s.plans[X]
    balban = next(i for i in s.track if s.demons[i].owner == X)
    assert (o.demons, o.entry, o.send, o.avoid, o.battle) == (
        {balban: ["rest"]}, "let_pass", "send_none", "no_avoid", "fight")
    assert [line[0] for line in ENGINE.view(s, X).pending] == ["lb_plan_rest", "lb_plan_rules",
                                                               "lb_plan_battle_fight"]
    give(s, Y, ("rest",))
    assert [line[0] for line in ENGINE.view(s, X).pending] == ["lb_plan_line_wait", "lb_plan_let_pass",
                                                               "lb_plan_send_none", "lb_plan_no_avoid",
                                                               "lb_plan_battle_fight"]


# -- the orders act --------------------------------------------------------------------------


def test_9_5_a_move_order_moves_its_unit_without_a_question_and_ends_the_demons_move():
    s = phase({SPIES: P.Units(legions={X: 2})}, demons=(["Balban"], ["Ukobach"]))
    to = neighbour(SPIES)
    spies = legion(s, SPIES, X)
    give(s, X, ("go", spies, to))
    give(s, Y, ("rest",))
    ev, applied = settle(s)
    assert over(s), asked(s)  # the whole phase ran without a question
    assert [e for e in keys(ev) if e.startswith("ev_")].count("ev_legion_moves") == 1
    assert len(units(s, to, "legion", X)) == 1 and len(units(s, SPIES, "legion", X)) == 1
    # one answer carries out the whole move (Balban's other skulls stay unused), one the wait
    assert [x.do for seat, x in applied if seat == X] == ["order"]
    assert [x.do for seat, x in applied if seat == Y] == ["wait"]
    assert keys(ev).count("ev_move_end") == 1


def test_9_3_a_rest_order_is_the_wait_of_9_3():
    s = phase({SPIES: P.Units(legions={X: 1})}, demons=(["Balban"], ["Ukobach"]))
    give(s, X, ("rest",))
    give(s, Y, ("rest",))
    ev, applied = settle(s)
    assert over(s) and keys(ev).count("ev_act_wait") == 2
    assert sorted(seat for seat, _ in applied) == [X, Y]


def test_9_1_ask_me_and_a_missed_deadline_ask_the_demon_as_before():
    s = phase({SPIES: P.Units(legions={X: 1})}, demons=(["Balban"], ["Ukobach"]))
    ev = give(s, X, ("ask",))
    assert "ev_plan_none" in keys(ev) and X not in s.plans
    answer(s, Y, ENGINE.default_action(s, Y).do)  # the passive choice: no orders
    assert Y not in s.plans
    settle(s)
    first = s.demons[s.track[0]].owner
    assert asked(s) == [(first, "act")]


def test_9_5_an_order_whose_unit_is_gone_asks_the_turn_question():
    s = phase({SPIES: P.Units(legions={X: 1}), FALSIFIERS: P.Units(legions={X: 1})},
              demons=(["Balban"], ["Ukobach"]))
    spies = legion(s, SPIES, X)
    give(s, X, ("go", spies, neighbour(SPIES)))
    give(s, Y, ("rest",))
    s.units = [u for u in s.units if u.id != spies]  # the legion is gone before Balban's turn
    settle(s)
    assert asked(s) == [(X, "act")] and Action(do="order") not in legal(s, X)
    # the player chooses anything, by hand: here a move of the other legion, unit by unit
    answer(s, X, "move")
    assert asked(s) == [(X, "move")] and ENGINE.automatic(s, X) is None
    other = legion(s, FALSIFIERS, X)
    answer(s, X, "unit", other)
    assert ENGINE.automatic(s, X) is None  # no order answers the move of another unit
    answer(s, X, "back")  # back to the unit question: nothing picks the ordered unit again
    assert asked(s) == [(X, "move")] and ENGINE.automatic(s, X) is None
    answer(s, X, "done")
    settle(s)  # Ukobach waits by its order
    assert over(s)


def test_9_5_an_order_whose_destination_is_out_of_reach_asks_the_turn_question():
    """The legion was in the Spies when the orders were given; before
    Balban's turn it fled to Antehell, from where nothing is a destination
    (the re-entry roll decides where it comes back, 9.5.2.3)."""
    s = phase({SPIES: P.Units(legions={X: 1})}, demons=(["Balban"], ["Ukobach"]))
    spies = legion(s, SPIES, X)
    to = neighbour(SPIES)
    give(s, X, ("go", spies, to))
    give(s, Y, ("rest",))
    board.unit(s, spies).at = ANTEHELL
    settle(s)
    assert asked(s) == [(X, "act")] and Action(do="order") not in legal(s, X)
    answer(s, X, "wait")  # the player chose otherwise: the order is not used
    settle(s)
    assert over(s) and board.unit(s, spies).at == ANTEHELL


def test_9_6_an_order_to_move_a_demon_walking_the_earth_falls_home_first():
    s = phase({SPIES: P.Units(legions={X: 1})},
              demons=([P.Demon(name="Balban", walk=True)], ["Ukobach"]))
    spies = legion(s, SPIES, X)
    give(s, X, ("go", spies, neighbour(SPIES)))
    give(s, Y, ("rest",))
    ev, applied = settle(s)
    assert over(s) and "ev_act_fall_home" in keys(ev) and not s.demons[demon(s, "Balban")].on_earth
    assert units(s, neighbour(SPIES), "legion", X)


def test_9_5_entry_orders_halt_or_grant_passage_without_asking_the_holder():
    y_at = neighbour(SPIES)
    beyond = neighbour(y_at, {SPIES})
    for rule, expected in (("block", "ev_entry_stay"), ("let_pass", "ev_entry_pass")):
        s = phase({SPIES: P.Units(legions={X: 1}), y_at: P.Units(legions={Y: 3})}, demons=(["Balban"], ["Ukobach"]))
        s.track.sort(key=lambda i: s.demons[i].owner)  # X's demon first
        for a in flow.open_asks(s):
            a.data["demons"] = [i for i in s.track if s.demons[i].owner == a.seat]
        spies = legion(s, SPIES, X)
        assert Action(do="go", a=spies, b=beyond) in legal(s, X)
        give(s, X, ("go", spies, beyond))
        give(s, Y, ("rest",), ("one_by_one",), (rule,))
        ev, applied = settle(s)
        assert (Y, "entry") not in asked(s)
        assert expected in keys(ev)
        assert any(seat == Y and x.do == ("stay" if rule == "block" else "let_pass") for seat, x in applied)
        where = beyond if rule == "let_pass" else y_at
        assert units(s, where, "legion", X), rule


# -- spells ---------------------------------------------------------------------------------------


def spell_table(hand: list[int], units_: dict | None = None, sectios: list[int] = ()) -> State:
    """X's Baal holds ``hand`` (10 souls), Y's Caim an It Does Not Work;
    three arcana cards lie ready for Lore to draw."""
    players = [P.Player(demons=["Baal"], hand=hand, souls=10, favour=2, sectios=list(sectios)),
               P.Player(demons=["Caim"], hand=[IDNW[1]], souls=10, favour=2)]
    s = P.build(P.Position(players=players, phase="action", step="action", halt=["random"], strict_dice=True,
                           decks=P.Decks(arcana=DRAWS), units=units_ or {}))
    flow.advance(s, [])
    return s


def test_9_8_a_spell_order_is_cast_in_the_demons_turn_and_the_counter_window_opens():
    s = spell_table([LORE])
    baal = demon(s, "Baal")
    assert Action(do="spell", a=LORE) in legal(s, X)  # Lore needs no target
    assert ENGINE.label(s, X, Action(do="spell", a=LORE), "en") == "Cast it (it needs no target)"
    give(s, X, ("spell", LORE))
    give(s, Y, ("rest",))
    ev, applied = settle(s)
    assert (X, Action(do="order")) in applied
    assert any(k.startswith("ev_magic_cast") for k in keys(ev)) and LORE not in s.players[X].hand
    assert s.demons[baal].acted and s.casting is not None  # its action is used; the window is open
    assert asked(s) == [(Y, "counter")]  # the counter window is asked as for every spell
    answer(s, Y, "no")
    settle(s)
    assert over(s) and len(s.players[X].hand) == 3  # Lore drew its cards


def test_a_spell_order_shows_nothing_of_the_hand_to_the_others():
    cast_it, rest = spell_table([LORE]), spell_table([LORE])
    give(cast_it, X, ("spell", LORE))
    give(rest, X, ("rest",))
    for seat in (Y, None):
        assert canonical_json(ENGINE.view(cast_it, seat)) == canonical_json(ENGINE.view(rest, seat))
    assert X not in ENGINE.determinise(cast_it, Y, random.Random(3)).plans


def test_9_8_a_spell_order_whose_card_is_gone_asks_the_turn_question():
    s = spell_table([LORE])
    give(s, X, ("spell", LORE))
    give(s, Y, ("rest",))
    s.players[X].hand = []  # the card left the hand before Baal's turn (Baal acts first)
    settle(s)
    assert asked(s) == [(X, "act")] and Action(do="order") not in legal(s, X)


def test_9_8_a_spell_order_whose_target_is_gone_asks_the_turn_question():
    """Plague at the Tavern, where Y's legions stood when the orders were
    given; they are gone before Baal's turn, so the Tavern is no target."""
    plague = card("plague", 3)
    s = spell_table([plague], {TAVERN: P.Units(legions={Y: 2}), SPIES: P.Units(legions={X: 1})})
    assert Action(do="spell", a=plague, b=TAVERN) in legal(s, X)
    give(s, X, ("spell", plague, TAVERN))
    give(s, Y, ("rest",))
    s.units = [u for u in s.units if u.at != TAVERN]
    settle(s)
    assert asked(s) == [(X, "act")] and Action(do="order") not in legal(s, X) and plague in s.players[X].hand


def test_9_8_a_spell_with_a_target_of_two_parts_is_no_order():
    """Secret Tunnel names a unit and then where it goes: cast in the turn only."""
    s = spell_table([TUNNEL], {SPIES: P.Units(legions={X: 1})}, sectios=[40])
    assert TUNNEL in spells.castable(s, demon(s, "Baal"))
    assert not any(x.do == "spell" for x in legal(s, X))


# -- secrecy -------------------------------------------------------------------------------------


def test_orders_are_secret_until_they_act():
    s = phase({SPIES: P.Units(legions={X: 1})}, demons=(["Balban"], ["Ukobach"]))
    spies = legion(s, SPIES, X)
    twin = s.model_copy(deep=True)
    give(s, X, ("go", spies, neighbour(SPIES)), ("one_by_one",), ("block",))
    give(twin, X, ("rest",))
    for seat in (Y, None):
        assert canonical_json(ENGINE.view(s, seat)) == canonical_json(ENGINE.view(twin, seat))
    assert ENGINE.view(s, X).pending and not ENGINE.view(s, Y).pending
    give(s, Y, ("rest",))
    assert [line[0] for line in ENGINE.view(s, X).pending] == ["lb_plan_line_go", "lb_plan_block"]
    assert [line[0] for line in ENGINE.view(s, Y).pending] == ["lb_plan_line_wait"]
    redealt = ENGINE.determinise(s, Y, random.Random(1))
    assert X not in redealt.plans and Y in redealt.plans


def test_orders_end_with_the_phase():
    s = phase({SPIES: P.Units(legions={X: 1})}, demons=(["Balban"], ["Ukobach"]))
    give(s, X, ("rest",), ("one_by_one",), ("block",))
    give(s, Y, ("rest",))
    settle(s)
    assert over(s) and s.plans == {} and s.track == []


def test_every_order_label_and_prompt_has_words_in_both_languages():
    s = phase({SPIES: P.Units(lieutenants=[P.Lieutenant(name="Shalmaneser", seat=X, leads=1)], legions={X: 1})},
              demons=(["Balban"], ["Ukobach"]))
    while (X, Q) in asked(s):
        for locale in ("de", "en"):
            assert ENGINE.text(ENGINE.prompt(s, X).key, ENGINE.prompt(s, X).params, locale)
            for x in legal(s, X):
                text = ENGINE.label(s, X, x, locale)
                assert 0 < len(text) <= 80 and "lb_" not in text, text
                assert ENGINE.group(s, X, x, locale)
        nxt = next((x for x in legal(s, X) if x.do in ("go", "rules")), Action(do="submit"))
        answer(s, X, nxt.do, nxt.a, nxt.b, nxt.c)
    _, unit, to = list(s.plans[X].demons.values())[0]
    assert s.plans[X].entry == "block" and unit == units(s, SPIES, "lieutenant", X)[0].id and to != SPIES
    assert (Y, Q) in asked(s)


# -- avoiding combat (11.3.1) by order ----------------------------------------------------------------


def shared_sectio(*rules: str, send: tuple[str, str] = ("send_none", "send_none"), legions: int = 1,
                  demons: tuple[list[str], list[str]] = (["Balban"], ["Ukobach"]),
                  hands: tuple[list[int], list[int]] = ([], [])) -> State:
    """X and Y, ``legions`` each in Falsifiers (5 souls: with one each, a
    battle that may be avoided), give their orders with the send parts
    ``send`` and the avoid parts ``rules`` (one per seat; "" leaves it at ask
    me); the procedure runs to the end of the Combat phase unless someone is
    asked."""
    players = [P.Player(demons=d, hand=h) for d, h in zip(demons, hands)]
    s = P.build(P.Position(players=players, units={FALSIFIERS: P.Units(legions={X: legions, Y: legions})},
                           phase="action", step="action", halt=["petition"]))
    flow.advance(s, [])
    for seat, part, rule in zip((X, Y), send, rules):
        give(s, seat, *[("rest",)] * len(flow.ask_of(s, seat).data["demons"]), ("one_by_one",), ("block",),
             (part,), *([(rule,)] if rule else []))
    return s


def test_11_3_1_orders_to_avoid_combat_avoid_the_battle_without_a_question():
    s = shared_sectio("avoid", "avoid")
    ev, applied = settle(s)
    assert s.step == "petition" and asked(s) == []
    assert [(seat, x.do) for seat, x in applied if x.do in ("agree", "refuse")] == [(X, "agree"), (Y, "agree")]
    assert "ev_battle_avoided" in keys(ev) and FALSIFIERS in s.avoided
    assert s.plans == {}  # the answer to avoiding combat ends with the Combat phase


def test_11_3_1_an_order_answers_for_its_seat_only_and_one_refusal_means_battle():
    s = shared_sectio("avoid", "")
    ev, applied = settle(s)
    assert asked(s) == [(Y, "combat_avoid")]  # X's answer is in; Y was not ordered, so it is asked
    assert [line[0] for line in ENGINE.view(s, X).pending] == ["lb_plan_send_none", "lb_plan_avoid"]  # in combat
    assert ENGINE.view(s, Y).pending == [["lb_plan_send_none", {}]] and s.plans[X].demons == {}
    answer(s, Y, "refuse")
    assert s.battle is not None and FALSIFIERS not in s.avoided
    s2 = shared_sectio("no_avoid", "avoid")
    ev, applied = settle(s2)
    assert "ev_battle_not_avoided" in keys(ev) and (X, "combat_avoid") not in asked(s2)


# -- sending demons (11.1) by order ---------------------------------------------------------------------


def test_11_1_send_the_best_joins_the_demon_with_most_skulls_with_its_combat_cards_then_passes():
    frenzy, hellfire, idnw = card("frenzy"), card("hellfire"), IDNW[1]
    s = shared_sectio("", "", send=("send_best", "send_none"), legions=3,
                      demons=(["Balban", "Caim", "Ukobach"], ["Gomory"]), hands=([idnw, frenzy, hellfire], []))
    ev, applied = settle(s)
    caim = demon(s, "Caim")
    joined = [(seat, x) for seat, x in applied if x.do == "join"]
    skulls = {d: data.DEMONS[s.demons[d].card].skulls for d in (demon(s, "Balban"), caim, demon(s, "Ukobach"))}
    assert joined == [(X, Action(do="join", a=max(skulls, key=lambda d: (skulls[d], -d))))]
    best = joined[0][1].a
    stars = data.DEMONS[s.demons[best].card].stars
    # Combat cards only (It Does Not Work is a counter), in hand order, up to its stars
    assert s.battle is not None and s.battle.cards[best] == [frenzy, hellfire][:stars]
    assert {(seat, x.do) for seat, x in applied if x.do == "pass_battle"} == {(X, "pass_battle"), (Y, "pass_battle")}
    assert "combat_demon" not in {q for _, q in asked(s)}  # nobody was asked who to send
    assert [line[0] for line in ENGINE.view(s, X).pending][:1] == ["lb_plan_send_best"]


def test_11_1_ask_me_asks_as_before_and_send_none_never_sends():
    s = shared_sectio("", "", send=("ask", "send_none"), legions=3)
    settle(s)
    assert asked(s) == [(X, "combat_demon")]
    assert s.battle is not None and not any(side.demons for side in s.battle.sides)


def test_every_rule_label_and_prompt_one_by_one_has_words_in_both_languages():
    s = phase({SPIES: P.Units(legions={X: 1})}, demons=(["Balban"], ["Ukobach"]))
    answer(s, X, "ask")
    answer(s, X, "one_by_one")
    while (X, Q) in asked(s):
        for locale in ("de", "en"):
            assert "pr_" not in ENGINE.text(ENGINE.prompt(s, X).key, ENGINE.prompt(s, X).params, locale)
            for x in legal(s, X):
                text = ENGINE.label(s, X, x, locale)
                assert 0 < len(text) <= 80 and "lb_" not in text, text
        answer(s, X, "ask")
    assert X not in s.plans  # ask me for everything: no orders kept
