"""The HellGame, counter windows asked of everyone at once (9.8.2.1;
engines/hellgame/magic/counters.py): every seat that may counter a major
spell is asked at the same time, each answer stays hidden until the window
closes, and the first counter in turn order from the caster's left decides
(later ones are void: no card played, nothing paid, no demon acting).
"Always pass" is never asked again; a lapse passes; the Combat phase's
windows work alike. Positions come from engines/hellgame/position and are
driven with tests/hellgame_driver.py (which checks the words of every
question and event on the way).

The spell of the Action phase positions is Lore (draw three arcana cards:
no target, no die); the Random Move phase after the Action phase is another
module's, so every position halts there."""

from __future__ import annotations

import json
import random

from hellgame_driver import answer, answer_all, ask, asked, demon, keys, legal, passive, start, turn

from engines.contract import canonical_json
from engines.hellgame import position as P
from engines.hellgame.core import data
from engines.hellgame.core.model import Action, State
from engines.hellgame.engine import ENGINE


def card(key: str, n: int = 0) -> int:
    """The id of the ``n``-th card carrying the spell ``key``."""
    return [c.id for c in data.ARCANA if c.major == key][n]


LORE, LORE2 = card("lore"), card("lore", 1)
IDNW = [card("it_does_not_work", n) for n in range(5)]
MIRROR = card("mirror")
FRENZY = card("frenzy")
#: Three arcana cards for Lore to draw (no Play Right Away card among them).
DRAWS = [card("plague"), card("plague", 1), card("plague", 2)]
#: The demons of seats 0-3, in the order they act (the rank track).
DEMONS = ["Baal", "Caim", "Naburos", "Ukobach"]


def player(*demons, **fields) -> P.Player:
    return P.Player(demons=list(demons), **{"souls": 10, "favour": 2, **fields})


def table(caster: int = 0, hands: dict[int, list[int]] | None = None, **fields) -> State:
    """Four players, one demon each; ``caster``'s demon acts first and
    holds Lore; every other demon is still waiting on the rank track, and
    seat k holds ``hands[k]`` (default: one It Does Not Work each)."""
    hands = {k: [IDNW[k]] for k in range(4) if k != caster} if hands is None else hands
    players = [player(DEMONS[k], hand=[LORE] if k == caster else hands.get(k, [])) for k in range(4)]
    order = [DEMONS[caster]] + [DEMONS[k] for k in range(4) if k != caster]
    s = P.build(P.Position(players=players, phase="action", track=order, halt=["random"],
                           decks=P.Decks(arcana=DRAWS), strict_dice=True, **fields))
    start(s)
    assert turn(s) == DEMONS[caster]
    return s


def cast_lore(s: State, seat: int, lore: int = LORE) -> list:
    ev = answer(s, seat, "cast", lore)
    return ev + answer(s, seat, "submit")


def counter(s: State, seat: int, idnw: int | None = None) -> list:
    """``seat`` counters with It Does Not Work and its only demon."""
    return answer(s, seat, "counter", IDNW[seat] if idnw is None else idnw, demon(s, DEMONS[seat]))


def window(s: State) -> list[tuple[int, str]]:
    """The open questions of a counter window."""
    return [x for x in asked(s) if x[1] == "counter"]


def answered(s: State, viewer: int | None = None) -> list[int]:
    """The seats a view marks as having answered the open secret question."""
    return [p.seat for p in ENGINE.view(s, viewer).players if p.submitted]


def public(events: list) -> list[str]:
    return [e.key for e in events if e.visible_to is None]


# -- asked at once ---------------------------------------------------------------------------


def test_9_8_2_1_three_players_who_may_counter_are_asked_at_once():
    s = table()
    cast_lore(s, 0)
    assert asked(s) == [(1, "counter"), (2, "counter"), (3, "counter")]
    assert ENGINE.to_act(s) == [1, 2, 3]
    # the same question for everyone asked, secret, with its own short deadline
    prompts = {seat: ENGINE.prompt(s, seat) for seat in (1, 2, 3)}
    assert len({canonical_json(p) for p in prompts.values()}) == 1 and prompts[1].secret
    assert {seat: ask(s, seat).data for seat in (1, 2, 3)} == {seat: ask(s, 1).data for seat in (1, 2, 3)}
    assert all(ENGINE.own_deadline(s, seat) == 4.0 and ENGINE.decision_kind(s, seat) == "reaction"
               for seat in (1, 2, 3))
    # everyone passes, in any order: Lore takes effect
    answer(s, 3, "no")
    answer(s, 1, "no")
    assert asked(s) == [(2, "counter")] and answered(s) == [1, 3]   # who has answered, not what
    ev = answer(s, 2, "no")
    assert "ev_magic_countered" not in keys(ev) and s.casting is None
    assert sorted(DRAWS) == sorted(c for c in s.players[0].hand)
    assert turn(s) == "Caim"


def test_9_8_2_1_the_same_question_with_and_without_a_counter_card_at_once():
    """Secrecy: the prompts, the data and the stage do not tell who holds a
    Counter card when all are asked together."""
    seen = []
    for hands in ({1: [IDNW[1]], 2: [LORE2], 3: [card("lore", 2)]}, {1: [LORE2], 2: [IDNW[2]], 3: [IDNW[3]]}):
        s = table(hands=hands)
        cast_lore(s, 0)
        seen.append((ENGINE.stage(s), ENGINE.to_act(s), [ENGINE.prompt(s, k) for k in (1, 2, 3)],
                     [ask(s, k).data for k in (1, 2, 3)], ENGINE.view(s, 0), ENGINE.view(s, None)))
    assert seen[0] == seen[1]


# -- the first counter from the caster's left decides --------------------------------------------


def test_9_8_2_1_the_first_counter_from_the_casters_left_decides_even_if_answered_last():
    """Naburos (seat 2) casts: the turn order is seats 3, 0, 1. Seat 1 counters
    first, then seat 0; seat 3 passes last: seat 0's counter decides."""
    s = table(caster=2)
    cast_lore(s, 2)
    assert sorted(asked(s)) == [(0, "counter"), (1, "counter"), (3, "counter")]
    assert s.casting.queue == [3, 0, 1]
    ev = counter(s, 1)
    ev += counter(s, 0)
    assert public(ev) == [] and asked(s) == [(3, "counter")]     # seat 3 comes first: still open
    ev = answer(s, 3, "no")
    countered = [e.params for e in ev if e.key == "ev_magic_countered"]
    assert countered == [{"seat": 0, "demon": s.demons[demon(s, "Baal")].card, "card": IDNW[0],
                          "caster": s.demons[demon(s, "Naburos")].card}]
    assert IDNW[0] not in s.players[0].hand and s.arcana[-1] == IDNW[0]
    assert s.demons[demon(s, "Baal")].acted and "ev_magic_out_of_sequence" in keys(ev)
    assert not set(DRAWS) & set(s.players[2].hand)                 # Lore did not work


def test_9_8_2_1_a_later_seats_counter_is_void():
    """Seat 1's counter came first but seat 0 sits before it from the
    caster's left: seat 1's card stays in its hand, it pays nothing, Caim
    has not acted and takes his turn later; only seat 1 is told."""
    s = table(caster=2)
    souls, favour = s.players[1].souls, s.players[1].favour
    cast_lore(s, 2)
    ev = counter(s, 1)
    assert [(e.key, e.visible_to) for e in ev] == [("ev_magic_counter_pending", [1])]
    ev = counter(s, 0) + answer(s, 3, "no")
    void = [e for e in ev if e.key == "ev_magic_counter_void"]
    assert [(e.visible_to, e.params["card"]) for e in void] == [([1], IDNW[1])]
    assert IDNW[1] in s.players[1].hand and (s.players[1].souls, s.players[1].favour) == (souls, favour)
    caim = s.demons[demon(s, "Caim")]
    assert not caim.acted and IDNW[1] not in s.arcana
    assert [e.params["seat"] for e in ev if e.key in ("ev_magic_countered", "ev_magic_out_of_sequence")] == [0, 0]
    assert turn(s) == "Caim"                                       # Baal acted out of sequence; Caim is next
    assert Action(do="wait") in legal(s)


def test_9_8_2_1_a_mirror_after_an_earlier_counter_is_void():
    """A spell aimed at seat 2's demon: seat 2's Mirror comes after seat 1's
    It Does Not Work in turn order, so the spell is cancelled, not turned."""
    s = P.build(P.Position(
        players=[player(P.Demon(name="Balban", walk=True), hand=[card("incubus")]),
                 player("Caim", hand=[IDNW[1]]), player(P.Demon(name="Ashtaroth", walk=True), hand=[MIRROR])],
        phase="action", track=["Balban", "Caim", "Ashtaroth"], halt=["random"]))
    start(s)
    answer(s, 0, "cast", card("incubus"))
    answer(s, 0, "submit")
    assert asked(s) == [(1, "counter"), (2, "counter")]
    answer(s, 2, "counter", MIRROR, demon(s, "Ashtaroth"))
    ev = answer(s, 1, "counter", IDNW[1], demon(s, "Caim"))
    assert "ev_magic_countered" in keys(ev) and "ev_magic_mirrored" not in keys(ev)
    assert MIRROR in s.players[2].hand and s.demons[demon(s, "Balban")].status == "active"
    assert not s.demons[demon(s, "Ashtaroth")].acted


# -- no early close -----------------------------------------------------------------------------------


def test_9_8_2_1_a_counter_does_not_close_the_window_before_everyone_has_answered():
    """Seat 1 (the caster's left) counters: certain to decide, yet seats 2
    and 3 stay asked and nothing is shown (see the module docstring: a
    window still open after its first seats answered must not tell that
    they passed). Once the last one has answered, seat 1's counter decides."""
    s = table()
    cast_lore(s, 0)
    ev = counter(s, 1)
    assert public(ev) == [] and window(s) == [(2, "counter"), (3, "counter")] and s.casting is not None
    ev = answer(s, 3, "no")
    assert public(ev) == [] and window(s) == [(2, "counter")]
    ev = answer(s, 2, "no")
    assert [e.params["seat"] for e in ev if e.key == "ev_magic_countered"] == [1]
    assert not window(s) and s.casting is None
    assert IDNW[2] in s.players[2].hand and IDNW[3] in s.players[3].hand
    assert turn(s) == "Naburos"                        # Caim acted out of sequence


def test_9_8_2_1_a_later_counter_waits_for_everyone():
    """Seat 2 counters while seats 1 and 3 are still asked: nothing closes
    and nothing is shown; its own view lists its pending answer. Seats 1
    and 3 pass: seat 2's counter decides."""
    s = table()
    cast_lore(s, 0)
    ev = counter(s, 2)
    assert public(ev) == [] and asked(s) == [(1, "counter"), (3, "counter")]
    assert s.casting.pending == {2: [IDNW[2], demon(s, "Naburos")]}
    assert ENGINE.view(s, 2).pending and not ENGINE.view(s, 1).pending   # its own pending answer only
    ev = answer(s, 1, "no")
    assert public(ev) == [] and asked(s) == [(3, "counter")]
    ev = answer(s, 3, "no")
    assert [e.params["seat"] for e in ev if e.key == "ev_magic_countered"] == [2]
    assert not window(s) and s.casting is None and turn(s) == "Caim"
    assert IDNW[3] in s.players[3].hand
    assert not any(ENGINE.view(s, k).pending for k in range(4))     # nothing pending any more


# -- always pass -----------------------------------------------------------------------------------


def test_9_8_2_1_always_is_never_asked_again():
    """Seat 3 answers "always" while seats 1 and 2 are still asked; when
    seat 0's second demon casts, only seats 1 and 2 are asked."""
    players = [player("Baal", "Moloch", hand=[LORE, LORE2]), player("Caim", hand=[IDNW[1]]),
               player("Naburos", hand=[IDNW[2]]), player("Ukobach", hand=[IDNW[3]])]
    s = P.build(P.Position(players=players, phase="action", halt=["random"], strict_dice=True,
                           track=["Baal", "Moloch", "Caim", "Naburos", "Ukobach"]))
    start(s)
    cast_lore(s, 0)
    assert asked(s) == [(1, "counter"), (2, "counter"), (3, "counter")]
    ev = answer(s, 3, "always")
    assert s.players[3].always_pass and [(e.key, e.visible_to) for e in ev] == [("ev_magic_always_pass", [3])]
    assert asked(s) == [(1, "counter"), (2, "counter")]
    answer_all(s, "no")
    assert turn(s) == "Moloch"
    cast_lore(s, 0, LORE2)
    assert asked(s) == [(1, "counter"), (2, "counter")]        # seat 3 is not asked at all
    answer_all(s, "no")
    assert not window(s) and s.casting is None


# -- secrecy ------------------------------------------------------------------------------------------


def test_9_8_2_1_a_pending_answer_is_invisible_to_the_others():
    """Seat 2 counters, a twin passes; seats 1 and 3 are still asked. Every
    other seat and the spectators see the same in both; only seat 2 sees
    its own pending answer. Determinising for another seat draws seat 2's
    hidden answer anew (the same for both twins)."""
    countering, passing = table(), table()
    for s in (countering, passing):
        cast_lore(s, 0)
    ev = counter(countering, 2)
    answer(passing, 2, "no")
    assert all(e.visible_to == [2] for e in ev)
    assert countering.casting.pending != passing.casting.pending
    for seat in (0, 1, 3, None):
        assert canonical_json(ENGINE.view(countering, seat)) == canonical_json(ENGINE.view(passing, seat)), seat
    for seat in (0, 1, 3):
        assert ENGINE.prompt(countering, seat) == ENGINE.prompt(passing, seat)
        assert ENGINE.legal_actions(countering, seat) == ENGINE.legal_actions(passing, seat)
    assert ENGINE.stage(countering) == ENGINE.stage(passing) and ENGINE.to_act(countering) == [1, 3]
    assert answered(countering) == answered(passing) == [2]
    assert ENGINE.view(countering, 2).pending != ENGINE.view(passing, 2).pending
    drawn = set()
    for seat in (1, 3):
        for k in range(12):
            a = ENGINE.determinise(countering, seat, random.Random(k))
            assert canonical_json(a) == canonical_json(ENGINE.determinise(passing, seat, random.Random(k)))
            drawn.add(json.dumps(a.casting.pending, sort_keys=True))
    assert len(drawn) >= 2                                          # a counter in some worlds, a pass in others
    # seat 2 itself keeps its answer
    mine = ENGINE.determinise(countering, 2, random.Random(0))
    assert mine.casting.pending == {2: [IDNW[2], demon(countering, "Naburos")]}


def test_9_8_2_1_every_answer_given_is_drawn_anew_for_the_others():
    """Seat 1 (the caster's left) has passed, the window is open: the others
    cannot tell a pass from a counter, so a determinisation for seat 3 gives
    seat 1 either (a counter less often: Lore is aimed at nobody, see
    engines/hellgame/determinise.py COUNTER_CHANCE); seat 1's own keeps its pass."""
    s = table(hands={1: [IDNW[1], LORE2, *(card("lore", n) for n in (2, 3, 4))], 2: [IDNW[2]], 3: [IDNW[3]]})
    cast_lore(s, 0)
    answer(s, 1, "no")
    drawn = {1 in ENGINE.determinise(s, 3, random.Random(k)).casting.pending for k in range(200)}
    assert drawn == {True, False}
    assert all(ENGINE.determinise(s, 1, random.Random(k)).casting.pending == {} for k in range(6))


# -- a lapse passes ---------------------------------------------------------------------------------


def test_9_8_2_1_a_lapse_passes():
    """The deadline passes for seats 1 and 3 (the bot answers their default
    choice, "no"); seat 2's counter decides."""
    s = table()
    cast_lore(s, 0)
    assert [passive(s, k) for k in (1, 2, 3)] == [Action(do="no")] * 3
    counter(s, 2)
    ev = answer(s, 3, passive(s, 3).do)
    assert public(ev) == [] and asked(s) == [(1, "counter")]
    ev = answer(s, 1, passive(s, 1).do)
    assert [e.params["seat"] for e in ev if e.key == "ev_magic_countered"] == [2]
    assert not set(DRAWS) & set(s.players[0].hand)


def test_9_8_2_1_all_lapsing_lets_the_spell_work():
    s = table()
    cast_lore(s, 0)
    for k in (3, 2, 1):
        answer(s, k, ENGINE.default_action(s, k).do)
    assert s.casting is None and set(DRAWS) <= set(s.players[0].hand)


# -- the Combat phase --------------------------------------------------------------------------------


SUGAR_HILL = next(x.index for x in data.SECTIOS if x.name.startswith("Sugar"))


def test_9_8_2_1_a_combat_counter_window_asks_everyone_at_once():
    """Caim (seat 0) casts Frenzy at Sugar Hill against Ukobach (seat 1);
    Baal (seat 2) is elsewhere but has not acted in this phase: seats 1 and
    2 are asked at once. Seat 2 counters first, seat 1 counters after it
    but sits before it: seat 1's counter decides, seat 2's is void."""
    s = P.build(P.Position(
        players=[player("Caim", hand=[FRENZY]), player("Ukobach", hand=[IDNW[1]]), player("Baal", hand=[IDNW[2]])],
        units={SUGAR_HILL: P.Units(legions={0: 3, 1: 2})}, phase="combat", halt=["petition"]))
    caim, uko, baal = demon(s, "Caim"), demon(s, "Ukobach"), demon(s, "Baal")
    start(s)
    if asked(s) and ask(s).q == "combat_avoid":
        answer_all(s, "refuse")
    assert asked(s) == [(0, "combat_demon")]
    answer(s, 0, "join", caim)
    answer(s, 0, "take", FRENZY)
    answer(s, 0, "submit")
    assert asked(s) == [(1, "combat_demon")]
    answer(s, 1, "pass_battle")
    while any(q == "combat_orders" for _, q in asked(s)):     # standing orders, if asked: none
        answer_all(s, "submit")
    assert asked(s) == [(0, "combat_magic")]
    answer(s, 0, "cast", FRENZY)
    assert asked(s) == [(1, "counter"), (2, "counter")]
    ev = answer(s, 2, "counter", IDNW[2], baal)
    assert public(ev) == [] and asked(s) == [(1, "counter")]
    ev = answer(s, 1, "counter", IDNW[1], uko)
    assert [e.params["seat"] for e in ev if e.key == "ev_magic_countered"] == [1]
    assert [e.visible_to for e in ev if e.key == "ev_magic_counter_void"] == [[2]]
    assert s.demons[uko].acted and not s.demons[baal].acted
    assert IDNW[2] in s.players[2].hand and IDNW[1] not in s.players[1].hand
    assert "ev_warcraft_frenzy" not in keys(ev)


def test_9_8_2_1_a_window_opened_one_seat_at_a_time_asks_the_rest_at_once():
    """A match running when counter windows changed: its open window (engine
    version 4) asked seat 3 alone and kept seats 0 and 1 in the queue. When
    seat 3 answers, the other two are asked together, and the first counter
    from the caster's left still decides."""
    s = table(caster=2)
    cast_lore(s, 2)
    s.asks = [a for a in s.asks if not (a.q == "counter" and a.seat in (0, 1))]
    s.casting.queue = [0, 1]
    assert window(s) == [(3, "counter")]
    answer(s, 3, "no")
    assert window(s) == [(0, "counter"), (1, "counter")] and s.casting.queue == [3, 0, 1]
    counter(s, 1)
    ev = counter(s, 0)
    assert [e.params["seat"] for e in ev if e.key == "ev_magic_countered"] == [0]
    assert IDNW[1] in s.players[1].hand and not set(DRAWS) & set(s.players[2].hand)
