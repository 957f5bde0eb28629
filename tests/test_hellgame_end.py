"""The HellGame: winning (4.0), petitions (12), the End phase (13) and
favour/disfavour (14), with the digest's Appendix B fixtures 16 and 17.

Positions are built with :mod:`engines.hellgame.position` (``position``
below: every seat owns its home sectio, nothing stands on the board) and
driven with the shared driver; every die is queued in the position, and an
unqueued one fails the test. The procedure halts at the next round's Hell
phase (``halt``), or earlier where a test says so."""

from __future__ import annotations

from collections.abc import Sequence

from engines.hellgame import position as P
from engines.hellgame.core import board, data, flow, victory
from engines.hellgame.core.model import Action
from engines.hellgame.phases import endphase, petition
from hellgame_driver import answer, ask, asked, keys, start, units

SIXES = [c.id for c in data.ARCANA if c.six]
NOT_SIX = [c.id for c in data.ARCANA if not c.six]
# Demon cards by rank (best first): Sammael 2, Asmodeus 5, Beelzebub 8, ...
BY_RANK = [d.index for d in sorted(data.DEMONS, key=lambda d: d.rank)]
#: Seat k's triumvirate: the 3k-th to 3k+2-th best demons by rank.
TRIUMVIRATES = [[data.DEMONS[c].name for c in BY_RANK[3 * k:3 * k + 3]] for k in range(6)]
#: Seat k's home sectio.
HOME = (40, 41, 42, 43, 44, 39)

LIARS, FALSIFIERS, PARLIAMENT = 7, 6, 24


def player(seat: int, *sectios: int, home: bool = True, statuses: Sequence[str] = (), **fields) -> P.Player:
    """Seat ``seat``'s triumvirate (``statuses``: its demons' in order, the
    rest active) owning its home sectio (unless not ``home``) and
    ``sectios``; ``fields``: the rest of the player."""
    names = TRIUMVIRATES[seat]
    demons = [P.Demon(name=n, status=st) for n, st in zip(names, statuses)] + names[len(statuses):]
    return P.Player(**{"demons": demons, "sectios": ([HOME[seat]] if home else []) + list(sectios), **fields})


def position(*players: P.Player, step: str = "petition", **fields) -> P.Position:
    """``players`` (default: three, ``player(0)`` to ``player(2)``) at
    ``step`` with an empty board; ``fields``: the rest of the position."""
    return P.Position(players=list(players) or [player(seat) for seat in range(3)], phase=step.split("_")[0],
                      step=step, **{"halt": ["hell"], "strict_dice": True, **fields})


def circle(n: int) -> list[int]:
    return list(data.circle_sectios(n))


# -- 4.0 winning --------------------------------------------------------------------------


def test_4_0_complete_circle_wins():
    s = P.build(position(player(0), player(1, *circle(3)), player(2), step="end"))
    ev = start(s)
    assert s.over and s.winners == [1] and s.end_reason == "circle"
    assert "ev_win_circle" in keys(ev)
    win = next(e for e in ev if e.key == "ev_win_circle")
    assert win.params == {"seats": [1], "sectios": list(data.circle_sectios(3))}
    assert victory.result_scores(s) == [1, 6, 1]


def test_4_0_incomplete_circle_does_not_win():
    s = P.build(position(player(0), player(1, *circle(3)[:4]), player(2), step="end"))
    start(s)
    assert not s.over and s.round == 2


def test_4_0_tie_breaks_most_favour():
    s = P.build(position(player(0, *circle(3), favour=2), player(1, *circle(5), favour=3), player(2), step="end"))
    assert victory.circle_winners(s) == [1]


def test_4_0_tie_breaks_fewest_disfavour():
    s = P.build(position(player(0, *circle(3), favour=3, disfavour=1), player(1, *circle(5), favour=3, disfavour=0),
                         player(2), step="end"))
    assert victory.circle_winners(s) == [1]


def test_4_0_tie_breaks_innermost_circle():
    s = P.build(position(player(0, *circle(6), favour=2), player(1, *circle(2), favour=2), player(2), step="end"))
    start(s)
    assert s.winners == [1] and s.end_reason == "circle"


def test_4_0_three_sixes_at_the_end_of_any_phase():
    # A Combat phase without battles: the sixes are shown when it ends.
    s = P.build(position(player(0), player(1), player(2, hand=SIXES[:3] + NOT_SIX[:2]), step="combat"))
    ev = start(s)
    assert s.over and s.winners == [2] and s.end_reason == "sixes"
    win = next(e for e in ev if e.key == "ev_win_sixes")
    assert win.params == {"seats": [2], "cards": SIXES[:3]}
    assert ev[-1].key == "round_summary" and ev[-1].summary


def test_4_0_two_sixes_do_not_win():
    s = P.build(position(player(0), player(1), player(2, hand=SIXES[:2]), step="combat", halt=["end"]))
    start(s)
    assert not s.over


def test_4_0_three_sixes_tie_break():
    s = P.build(position(player(0, hand=SIXES[:3], favour=1), player(1, hand=SIXES[3:], favour=2), player(2)))
    ev: list = []
    victory.check_sixes(s, ev, "soul")
    assert s.winners == [1] and s.end_reason == "sixes"


def test_4_0_three_sixes_not_at_the_end_of_setup():
    s = P.build(position(player(0, hand=SIXES[:3]), player(1), player(2)))
    victory.check_sixes(s, [], "setup")
    assert not s.over


def test_4_0_circle_beats_three_sixes_at_the_same_check():
    s = P.build(position(player(0, *circle(4)), player(1, hand=SIXES[:3], favour=5), player(2), step="end"))
    start(s)
    assert s.winners == [0] and s.end_reason == "circle"
    t = P.build(position(player(0, *circle(4)), player(1, hand=SIXES[:3]), player(2), step="end"))
    victory.check_sixes(t, [], "end")
    assert t.winners == [0] and t.end_reason == "circle"


def test_max_rounds_ends_the_game():
    s = P.build(position(player(0), player(1, 10, 11, favour=2), player(2, 12, 13, favour=1), step="end",
                         options={"max_rounds": 3}, round=3))
    ev = start(s)
    assert s.over and s.end_reason == "max_rounds" and s.winners == [1]
    assert next(e for e in ev if e.key == "ev_win_max_rounds").params == {"seats": [1], "round": 3}


def test_max_rounds_not_yet():
    s = P.build(position(step="end", options={"max_rounds": 3}, round=2))
    start(s)
    assert not s.over and s.round == 3


def test_max_rounds_full_tie_is_shared():
    s = P.build(position(step="end"))
    assert victory.cap_winners(s) == [0, 1, 2]


# -- 12 petitions --------------------------------------------------------------------------


def test_12_petition_order_g47():
    def order(seat1: P.Player) -> list[int]:
        s = P.build(position(player(0, demons=["Ashtaroth", "Asmodeus", "Beelzebub"]), seat1,
                             player(2, statuses=["incapacitated"] * 3),  # seats 2 and 3: no active demon
                             player(3, statuses=["incapacitated"] * 3)))
        return petition.order(s)

    assert order(player(1, demons=["Sammael", "Baal", "Moloch"])) == [1, 0, 2, 3]
    # seat 1's best active is now Baal (14), below seat 0's Asmodeus (5)
    assert order(player(1, demons=[P.Demon(name="Sammael", status="incapacitated"), "Baal", "Moloch"])) == [0, 1, 2, 3]
    assert order(player(1, home=False, demons=["Sammael", "Baal", "Moloch"], out=True)) == [0, 2, 3]


def test_12_petitioners_asked_in_order():
    s = P.build(position(units={10: P.Units(legions={0: 1}), 11: P.Units(legions={1: 1}), 12: P.Units(legions={2: 1})},
                         halt=["end"]))
    ev = start(s)
    assert next(e for e in ev if e.key == "ev_petition_order").params == {"seats": [0, 1, 2]}
    seen = []
    while asked(s) and ask(s).q == "petition":
        assert len(asked(s)) == 1
        a = ask(s)
        assert a.kind == "turn"
        seen.append(a.seat)
        answer(s, a.seat, "done")
    assert seen == [0, 1, 2] and s.step == "end"


def test_12_eligibility():
    s = P.build(position(
        player(0), player(1, 11), player(2),
        units={10: P.Units(legions={0: 1}),                                          # unowned: yes
               11: P.Units(legions={0: 1}),                                          # another player's: yes
               12: P.Units(lieutenants=[P.Lieutenant(name="Shalmaneser", seat=0)]),  # no legion: no
               13: P.Units(legions={0: 1}, hounds=[2]),                              # a wild hound: no
               14: P.Units(legions={0: 1, 6: 1}),                                    # freebooters: no
               40: P.Units(legions={0: 1}),                                          # already own: no
               15: P.Units(legions={1: 1})},                                         # no own legion: no
        halt=["end"]))
    start(s)
    assert asked(s) == [(0, "petition")]
    assert flow.legal(s, 0) == [Action(do="favour", a=10), Action(do="favour", a=11), Action(do="done")]


def test_12_1_petition_by_favour():
    s = P.build(position(player(0, favour=2), player(1, 11), player(2),
                         units={10: P.Units(legions={0: 1}), 11: P.Units(legions={0: 1})}, halt=["end"]))
    start(s)
    ev = answer(s, 0, "favour", 11)
    assert s.owner[11] == 0 and s.players[0].favour == 1
    assert keys(ev)[:2] == ["ev_petition_lost", "ev_petition_favour"]
    assert ev[1].params == {"seat": 0, "sectio": 11, "favour": 1}
    answer(s, 0, "favour", 10)
    assert s.owner[10] == 0 and s.players[0].favour == 0
    assert s.step == "end" and asked(s) == []  # halted before the End phase: no petition left


def test_12_1_no_favour_no_petition():
    s = P.build(position(player(0, favour=0), player(1), player(2), units={10: P.Units(legions={0: 1})}, halt=["end"]))
    start(s)
    assert s.step == "end" and asked(s) == [] and s.owner[10] is None


def test_12_1_cost_comes_from_one_function(monkeypatch):
    monkeypatch.setattr(petition, "petition_cost", lambda state, seat: 2)
    s = P.build(position(player(0, favour=1), player(1), player(2), units={10: P.Units(legions={0: 1})}, halt=["end"]))
    start(s)
    assert s.step == "end" and asked(s) == []
    t = P.build(position(player(0, favour=2), player(1), player(2), units={10: P.Units(legions={0: 1})}, halt=["end"]))
    start(t)
    answer(t, 0, "favour", 10)
    assert t.players[0].favour == 0 and t.owner[10] == 0


def test_12_2_right_of_victory_disfavour_roll():
    s = P.build(position(player(0, disfavour=2, favour=3), player(1), player(2),
                         units={10: P.Units(legions={0: 1}), 11: P.Units(legions={0: 1})},
                         won={10: [0], 11: [0, 1]},
                         dice=[2, 3],  # the disfavour rolls: for 10 (not above 2: failed), then for 11
                         halt=["end"]))
    start(s)
    assert Action(do="victory", a=10) in flow.legal(s, 0)
    ev = answer(s, 0, "victory", 10)
    assert s.owner[10] is None and s.players[0].favour == 3
    assert keys(ev)[:2] == ["ev_petition_roll", "ev_petition_failed"]
    assert ev[0].params == {"seat": 0, "sectio": 10, "roll": 2, "disfavour": 2}
    # the failed roll leaves a petition by favour for the same sectio
    legal = flow.legal(s, 0)
    assert Action(do="victory", a=10) not in legal and Action(do="favour", a=10) in legal
    answer(s, 0, "victory", 11)
    assert s.owner[11] == 0 and s.players[0].favour == 3
    answer(s, 0, "favour", 10)
    assert s.owner[10] == 0 and s.players[0].favour == 2
    assert s.dice_queue == []


def test_12_2_six_disfavour_never_succeeds():
    s = P.build(position(player(0, disfavour=6, favour=6), player(1), player(2),
                         units={10: P.Units(legions={0: 1})}, won={10: [0]}, dice=[6], halt=["end"]))
    start(s)
    answer(s, 0, "victory", 10)
    assert s.owner[10] is None
    # 6 favour all bound: no petition by favour either, seat 0's turn is over and so is the phase
    assert board.spendable_favour(s, 0) == 0 and s.step == "end" and asked(s) == []


def test_12_3_1_elimination_rescue():
    s = P.build(position(
        player(0), player(1), player(2, 20, 21),
        units={41: P.Units(legions={0: 1}),                       # seat 1's only sectio
               20: P.Units(legions={2: 2}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=2, leads=1)],
                           hounds=[P.Hound(attacks=3, keeper=2)]),  # the led legion keeps the hound
               30: P.Units(legions={0: 2})},                      # unowned, 2 units
        halt=["end"]))
    lt, keeper, _, hound = units(s, 20)
    start(s)
    ev = answer(s, 0, "favour", 41)
    assert s.owner[41] == 0
    assert s.owner[20] == 1 and s.owner[21] == 2
    assert all(u.owner == 1 for u in board.units_at(s, 20))  # legions, lieutenant and hound
    assert keeper.leader == lt.id and hound.keeper == keeper.id
    assert s.players[1].souls == 5 + 2 * data.SECTIOS[20].souls
    rescue = next(e for e in ev if e.key == "ev_rescue")
    assert rescue.params == {"seat": 1, "sectio": 20, "units": 3, "souls": 2 * data.SECTIOS[20].souls}


def test_12_3_1_rescue_never_takes_the_owners_last_sectio():
    s = P.build(position(
        player(0), player(1), player(2, 20, home=False),
        units={41: P.Units(legions={0: 1}),
               20: P.Units(legions={2: 3}),                       # seat 2's last sectio: never
               30: P.Units(legions={0: 2})},                      # unowned: taken, seat 0's legions switch
        halt=["end"]))
    start(s)
    answer(s, 0, "favour", 41)
    assert s.owner[20] == 2 and s.owner[30] == 1
    assert [u.owner for u in board.units_at(s, 30)] == [1, 1]


def test_12_3_1_rescue_ties_by_dice_and_the_legion_limit():
    s = P.build(position(
        player(0), player(1, home=False), player(2),              # seat 1 has no sectio
        units={40: P.Units(legions={1: 10}),                      # in seat 0's last sectio: never a candidate
               30: P.Units(legions={2: 2}),                       # 2 units
               31: P.Units(legions={2: 2, 0: 2}),                 # 4 units
               32: P.Units(legions={0: 2, 2: 2})},                # 4 units
        dice=[5],                                                 # two candidates: 4-6 -> the second (32)
        halt=["end"]))
    ev = start(s)                                                 # the phase starts with the rescue check
    assert s.owner[32] == 1 and s.dice_queue == []
    assert len(board.legions(s, 1)) == 12     # 2 of the 4 legions of 32 were lost beyond 12
    assert [u.owner for u in board.units_at(s, 32)] == [1, 1]
    assert next(e for e in ev if e.key == "ev_rescue").params == {
        "seat": 1, "sectio": 32, "units": 4, "souls": 2 * data.SECTIOS[32].souls}


def test_12_3_1_eliminated_without_candidate():
    s = P.build(position(
        player(0), player(1, home=False, hand=NOT_SIX[:2]), player(2),  # seat 1 has no sectio
        units={40: P.Units(legions={0: 1, 1: 1}),                 # every unit stands in its owner's last sectio
               42: P.Units(legions={2: 1}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=1)])},
        halt=["end"]))
    # The rank track is empty after the Action phase (the builder describes it only there); a full one shows
    # that the eliminated demons leave it, whenever the elimination comes.
    s.track = list(range(9))
    deck = len(s.arcana)
    ev = start(s)
    assert s.players[1].out and "ev_eliminated" in keys(ev)
    assert not [u for u in s.units if u.owner == 1]
    assert all(d.status == "dead" for d in s.demons if d.owner == 1)
    assert s.track == [0, 1, 2, 6, 7, 8]
    assert len(s.arcana) == deck + 2 and s.players[1].hand == []
    assert s.returned == [0] and not s.over
    assert petition.order(s) == [0, 2]


def test_12_3_1_last_player_standing_wins():
    s = P.build(position(player(0), player(1, home=False), units={40: P.Units(legions={0: 1})}))
    start(s)
    assert s.over and s.winners == [0] and s.end_reason == "last_standing"


def test_12_3_3_consent():
    s = P.build(position(units={10: P.Units(legions={0: 1, 1: 1})}, won={10: [0, 1]}, halt=["end"]))
    start(s)
    answer(s, 0, "victory", 10)
    a = ask(s)
    assert asked(s) == [(1, "consent")] and a.kind == "reaction"
    assert flow.QUESTIONS["consent"].prompt(s, a) == ("pr_consent_victory", {"seats": [0], "sectio": 10})
    assert flow.legal(s, 1) == [Action(do="yes"), Action(do="no")]
    ev = answer(s, 1, "no")
    assert "ev_consent_refused" in keys(ev) and s.owner[10] is None
    # the refused sectio is not offered again this phase; seat 1 has its turn
    assert asked(s) == [(1, "petition")]
    answer(s, 1, "victory", 10)
    assert asked(s) == [(0, "consent")]
    answer(s, 0, "yes")
    assert s.owner[10] == 1


def test_12_3_3_avoided_sectio_needs_every_co_occupant():
    s = P.build(position(units={12: P.Units(legions={0: 1, 1: 1},
                                            lieutenants=[P.Lieutenant(name="Shalmaneser", seat=2)])},
                         avoided=[12], halt=["end"]))
    start(s)
    answer(s, 0, "favour", 12)
    assert asked(s) == [(1, "consent")]
    answer(s, 1, "yes")
    assert asked(s) == [(2, "consent")]
    assert s.owner[12] is None
    answer(s, 2, "yes")
    assert s.owner[12] == 0 and s.players[0].favour == 0


def test_appendix_b_16_petition():
    """D won in LIARS (V's) and has units in PARLIAMENT and FALSIFIERS, 1 favour."""
    d, v = 0, 1
    s = P.build(position(player(d), player(v, LIARS),
                         units={at: P.Units(legions={d: 1}) for at in (LIARS, PARLIAMENT, FALSIFIERS)},
                         won={LIARS: [d]}, halt=["end"]))
    start(s)
    assert set(flow.legal(s, d)) == {
        Action(do="victory", a=LIARS), Action(do="favour", a=LIARS),
        Action(do="favour", a=FALSIFIERS), Action(do="favour", a=PARLIAMENT), Action(do="done")}
    ev = answer(s, d, "victory", LIARS)         # no disfavour: no roll
    assert s.owner[LIARS] == d and s.players[d].favour == 1 and "ev_petition_roll" not in keys(ev)
    answer(s, d, "favour", FALSIFIERS)
    assert s.owner[FALSIFIERS] == d and s.owner[PARLIAMENT] is None
    assert s.players[d].favour == 0 and s.step == "end"
    assert data.SECTIOS[LIARS].circle == data.SECTIOS[FALSIFIERS].circle


def test_12_passive_default_is_done():
    s = P.build(position(units={10: P.Units(legions={0: 1})}, halt=["end"]))
    start(s)
    a = ask(s)
    assert flow.QUESTIONS["petition"].passive(s, a) == Action(do="done")
    answer(s, 0, "done")
    assert s.owner[10] is None and s.step == "end"


def test_12_after_petitions_hook(monkeypatch):
    seen = []
    monkeypatch.setattr(petition, "AFTER_PETITIONS", [lambda st, ev: seen.append(st.step)])
    s = P.build(position(halt=["end"]))
    start(s)
    assert seen == ["petition_next"] and s.step == "end"


# -- 13 End phase ----------------------------------------------------------------------------


def test_appendix_b_17_end_phase():
    b = 1
    s = P.build(position(player(0), player(b, statuses=["incapacitated"], favour=2, disfavour=1), player(2),
                         units={41: P.Units(lieutenants=[P.Lieutenant(name="Shalmaneser", seat=b, bonus=2)])},
                         dice=[4],  # the recovery roll fails
                         step="end"))
    (lt,) = units(s, 41)
    start(s)
    a = ask(s)
    assert asked(s) == [(b, "disfavour")] and (a.kind, a.secret) == ("simultaneous", False)
    assert flow.legal(s, b) == [Action(do="keep"), Action(do="remove", a=1)]
    assert flow.QUESTIONS["disfavour"].passive(s, a) == Action(do="keep")
    ev = answer(s, b, "remove", 1)
    assert (s.players[b].favour, s.players[b].disfavour) == (0, 0)
    assert s.demons[3].status == "incapacitated"
    assert lt.bonus == 0
    assert ["ev_disfavour_removed", "ev_recovery_fail"] == keys(ev)[:2]
    assert s.dice_queue == []


def test_13_1_disfavour_asked_of_everyone_who_can():
    s = P.build(position(player(0, favour=5, disfavour=3),
                         player(1, favour=1, disfavour=1),   # cannot pay 2
                         player(2, favour=4, disfavour=0),   # nothing to remove
                         step="end"))
    start(s)
    assert [a.seat for a in flow.open_asks(s)] == [0]
    assert flow.legal(s, 0) == [Action(do="keep"), Action(do="remove", a=1), Action(do="remove", a=2)]
    answer(s, 0, "keep")
    assert (s.players[0].favour, s.players[0].disfavour) == (5, 3) and s.round == 2


def test_13_2_recovery_roll():
    s = P.build(position(player(0, statuses=["incapacitated"]), player(1, statuses=["active", "incapacitated"]),
                         player(2), step="end", dice=[5, 6]))
    ev = start(s)
    assert s.demons[0].status == "active" and s.demons[4].status == "active"
    assert keys(ev)[:2] == ["ev_recovery_ok", "ev_recovery_ok"]
    assert ev[0].params == {"seat": 0, "demon": s.demons[0].card, "roll": 5}


def test_13_2_1_all_incapacitated_one_revived():
    s = P.build(position(player(0, statuses=["incapacitated"] * 3), player(1), player(2), step="end",
                         dice=[1, 2, 4, 3]))  # three failed recoveries, then 3 of 1-6 -> the second
    ev = start(s)
    assert [d.status for d in s.demons[:3]] == ["incapacitated", "active", "incapacitated"]
    assert "ev_revived" in keys(ev) and s.dice_queue == []


def test_13_2_1_dead_and_incapacitated_one_revived():
    s = P.build(position(player(0, statuses=["dead", "incapacitated", "incapacitated"]), player(1), player(2),
                         step="end", dice=[1, 1, 6]))  # 2 candidates: 4-6 -> the second
    start(s)
    assert [d.status for d in s.demons[:3]] == ["dead", "incapacitated", "active"]


def test_13_2_1_all_destroyed_three_new_demons():
    s = P.build(position(step="end", decks=P.Decks(demons=["Gomory", "Orias", "Paymon", "Zagam"])))
    # A triumvirate whose demons are all dead starts again at once (13.2.1), so the builder refuses one; the
    # End phase catches one that is left so: seat 1's demons die here.
    for i in (3, 4, 5):
        board.demon_dies(s, i)
    deck = list(s.demon_deck)
    ev = start(s)
    new = [d for d in s.demons if d.owner == 1 and d.status == "active"]
    assert [d.card for d in new] == BY_RANK[12:15]
    assert s.demon_deck == deck[3:] and s.demon_deck[0] == BY_RANK[15]
    assert keys(ev).count("ev_new_demon") == 3


def test_13_boxes_refilled():
    s = P.build(position(step="end", boxes=[[], [4, 5], []], returned=[9, 1, 7, 3, 11, 0]))
    ev = start(s)
    assert s.boxes == [[9, 1, 7, 3], [4, 5], [11, 0]] and s.returned == []
    assert [e.params for e in ev if e.key == "ev_box_refilled"] == [{"box": 1, "count": 4}, {"box": 3, "count": 2}]


def test_13_3_clean_up_and_round_summary():
    s = P.build(position(
        player(0, demons=["Sammael", P.Demon(name="Asmodeus", acted=True, fought=True), "Beelzebub"]),
        player(1), player(2), step="end",
        units={40: P.Units(legions={0: 1}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=0, bonus=1)])},
        phenomena=[P.Phenomenon(kind="quagmire", at=3)], won={3: [0]}, avoided=[4], entered={5: [(0, 6)]}))
    lt, u = units(s, 40)
    # What the builder does not describe: the legion tried to tame a hound in the Summoning phase, and the
    # round's chronicle so far.
    u.tamed = True
    s.chronicle = [["ev_petition_victory", {"seat": 0, "sectio": 3}]]
    ev = start(s)
    assert not u.tamed and lt.bonus == 0 and not s.demons[1].acted and not s.demons[1].fought
    assert s.phenomena == [] and s.won == {} and s.avoided == [] and s.entered == {}
    summary = [e for e in ev if e.summary]
    assert len(summary) == 1 and summary[0].key == "round_summary"
    assert summary[0].params == {"round": 1, "lines": [["ev_petition_victory", {"seat": 0, "sectio": 3}]]}
    assert s.chronicle == [] and s.round == 2 and s.step == "hell"


# -- 14 favour and disfavour -------------------------------------------------------------------


def test_14_1_bound_favour():
    s = P.build(position(player(0, favour=2, disfavour=1), player(1), player(2),  # one favour is bound
                         units={10: P.Units(legions={0: 1}), 11: P.Units(legions={0: 1})}, halt=["end"]))
    start(s)
    assert len(asked(s)) == 1
    assert flow.QUESTIONS["petition"].prompt(s, ask(s)) == ("pr_petition", {"favour": 1, "cost": 1})
    answer(s, 0, "favour", 10)
    assert s.players[0].favour == 1 and s.step == "end" and asked(s) == []


def test_14_2_bound_favour_counts_in_the_tie_break():
    s = P.build(position(player(0, *circle(3), favour=3, disfavour=2), player(1, *circle(5), favour=2, disfavour=0),
                         player(2), step="end"))
    assert victory.circle_winners(s) == [0]


def test_every_key_is_in_both_catalogues():
    import ast
    import re
    from pathlib import Path

    from babel.messages.pofile import read_po

    from engines.hellgame.core import victory
    from engines.hellgame.core.text import LOCALE_DIR
    from engines.hellgame.phases import endphase

    used = set()
    for module in (petition, endphase, victory):
        for node in ast.walk(ast.parse(Path(module.__file__).read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(r"(pr|ev|lb|grp)_[a-z0-9_]+", node.value):
                used.add(node.value)
    for lang in ("de", "en"):
        with open(LOCALE_DIR / lang / "LC_MESSAGES" / "hellgame_end.po", "rb") as f:
            have = {m.id for m in read_po(f) if m.id}
        assert used <= have, (lang, used - have)


def test_12_3_3_only_one_ally_claims_the_right_of_victory():
    """Allies who won together: "only one can claim the right of victory"
    (12.3.3). Once one has claimed it (roll made, won or lost), the other
    may still petition by favour, not by victory."""
    s = P.build(position(player(0, disfavour=1, favour=1), player(1), player(2),
                         units={10: P.Units(legions={0: 1, 1: 1})}, won={10: [0, 1]},
                         dice=[1],  # the claim fails
                         halt=["end"]))
    start(s)
    answer(s, 0, "victory", 10)
    answer(s, 1, "yes")
    assert s.owner[10] is None                     # seat 0's only favour is bound: its turn ends
    assert asked(s) == [(1, "petition")]
    assert flow.legal(s, 1) == [Action(do="favour", a=10), Action(do="done")]


def test_12_3_3_a_successful_claim_is_not_claimed_again():
    s = P.build(position(player(0), player(1, favour=0), player(2),
                         units={10: P.Units(legions={0: 1, 1: 1})}, won={10: [0, 1]}, halt=["end"]))
    start(s)
    answer(s, 0, "victory", 10)
    answer(s, 1, "yes")
    assert s.owner[10] == 0
    assert s.step == "end" and asked(s) == []      # seat 0 and seat 1: nothing left to petition


def test_13_2_1_all_destroyed_start_again_at_once():
    """13.2.1 "sofort": the restart is a function part 3 calls the moment the
    last demon dies; it does nothing while a demon lives."""
    s = P.build(position(player(0), player(1, statuses=["dead", "dead"]), player(2), step="end",
                         decks=P.Decks(demons=["Gomory", "Orias", "Paymon"])))
    deck = list(s.demon_deck)
    endphase.restart_triumvirate(s, [], 1)
    assert len(s.demons) == 9
    board.demon_dies(s, 5)  # the last one dies: its card goes under the Daemon deck
    ev: list = []
    endphase.restart_triumvirate(s, ev, 1)
    assert [d.card for d in s.demons[9:]] == BY_RANK[12:15] and s.demon_deck == deck[3:] + [s.demons[5].card]
    assert keys(ev) == ["ev_new_demon"] * 3
