"""The HellGame: winning (4.0), petitions (12), the End phase (13) and
favour/disfavour (14), with the digest's Appendix B fixtures 16 and 17.

States are built with ``setup.initial_state`` and set by hand; dice come from
a queue (``engines.hellgame.core.dice.roll`` monkeypatched); the procedure runs
through ``flow.advance`` / ``flow.answer``. The next phase's first step is
replaced by a stop question so a test ends where it wants to look."""

from __future__ import annotations

import pytest

from engines.hellgame import setup
from engines.hellgame.core import board, data, flow, victory  # noqa: F401
from engines.hellgame.core.model import Action, Demon
from engines.hellgame.phases import endphase, petition
from hellgame_dice import rolls  # noqa: F401 - a fixture

SIXES = [c.id for c in data.ARCANA if c.six]
NOT_SIX = [c.id for c in data.ARCANA if not c.six]
# Demon cards by rank (best first): Sammael 2, Asmodeus 5, Beelzebub 8, ...
BY_RANK = [d.index for d in sorted(data.DEMONS, key=lambda d: d.rank)]

LIARS, FALSIFIERS, PARLIAMENT = 7, 6, 24


def _stop_question() -> flow.Question:
    return flow.Question(
        legal=lambda s, a: [Action(do="done")],
        answer=lambda s, a, x, ev: flow.close(s, a),
        prompt=lambda s, a: ("pr_stop", {}),
        label=lambda s, a, x: ("lb_stop", {}),
    )


@pytest.fixture(autouse=True)
def stops(monkeypatch):
    """``stop("end")`` makes the step ``end`` ask a dummy question instead;
    the Hell phase of the next round always stops."""
    monkeypatch.setitem(flow.QUESTIONS, "test_stop", _stop_question())

    def stopper(s, ev):
        seat = next(i for i, p in enumerate(s.players) if not p.out)
        flow.ask(s, seat, "test_stop")

    def stop(name: str) -> None:
        monkeypatch.setitem(flow.STEPS, name, stopper)

    stop("hell")
    return stop


def make(seats: int = 3, step: str = "petition", home=(40, 41, 42, 43, 44, 39)):
    """A state at ``step`` with an empty board: each seat owns one home sectio,
    no units, fixed demons (seat k: the 3k-th to 3k+2-th best by rank)."""
    s = setup.initial_state(seats, 7, {})
    s.asks = []
    s.owner = [None] * 45
    s.units = []
    s.demons = [Demon(card=BY_RANK[3 * seat + i], owner=seat) for seat in range(seats) for i in range(3)]
    for seat in range(seats):
        s.owner[home[seat]] = seat
    s.step, s.phase = step, step.split("_")[0]
    return s


def legion(s, seat, at, n=1):
    return [board.place(s, "legion", seat, at) for _ in range(n)][-1]


def only_ask(s):
    asks = flow.open_asks(s)
    assert len(asks) == 1, asks
    return asks[0]


def play(s, seat, do, a=None):
    ev: list = []
    flow.answer(s, seat, Action(do=do, a=a), ev)
    return ev


def keys(events):
    return [e.key for e in events]


# -- 4.0 winning --------------------------------------------------------------------------


def own_circle(s, seat, circle):
    for sectio in data.circle_sectios(circle):
        s.owner[sectio] = seat


def test_4_0_complete_circle_wins(rolls):
    s = make(step="end")
    own_circle(s, 1, 3)
    ev: list = []
    flow.advance(s, ev)
    assert s.over and s.winners == [1] and s.end_reason == "circle"
    assert "ev_win_circle" in keys(ev)
    win = next(e for e in ev if e.key == "ev_win_circle")
    assert win.params == {"seats": [1], "sectios": list(data.circle_sectios(3))}
    assert victory.result_scores(s) == [1, 6, 1]


def test_4_0_incomplete_circle_does_not_win(rolls, stops):
    s = make(step="end")
    for sectio in data.circle_sectios(3)[:4]:
        s.owner[sectio] = 1
    flow.advance(s, [])
    assert not s.over and s.round == 2


def test_4_0_tie_breaks_most_favour():
    s = make(step="end")
    own_circle(s, 0, 3)
    own_circle(s, 1, 5)
    s.players[0].favour, s.players[1].favour = 2, 3
    assert victory.circle_winners(s) == [1]


def test_4_0_tie_breaks_fewest_disfavour():
    s = make(step="end")
    own_circle(s, 0, 3)
    own_circle(s, 1, 5)
    s.players[0].favour = s.players[1].favour = 3
    s.players[0].disfavour, s.players[1].disfavour = 1, 0
    assert victory.circle_winners(s) == [1]


def test_4_0_tie_breaks_innermost_circle(rolls):
    s = make(step="end")
    own_circle(s, 0, 6)
    own_circle(s, 1, 2)
    s.players[0].favour = s.players[1].favour = 2
    flow.advance(s, [])
    assert s.winners == [1] and s.end_reason == "circle"


def test_4_0_three_sixes_at_the_end_of_any_phase(rolls):
    s = make(step="petition")
    s.phase = "combat"
    s.players[2].hand = SIXES[:3] + NOT_SIX[:2]
    ev: list = []
    flow.advance(s, ev)
    assert s.over and s.winners == [2] and s.end_reason == "sixes"
    win = next(e for e in ev if e.key == "ev_win_sixes")
    assert win.params == {"seats": [2], "cards": SIXES[:3]}
    assert ev[-1].key == "round_summary" and ev[-1].summary


def test_4_0_two_sixes_do_not_win(rolls, stops):
    s = make(step="petition")
    s.phase = "combat"
    stops("end")
    s.players[2].hand = SIXES[:2]
    flow.advance(s, [])
    assert not s.over


def test_4_0_three_sixes_tie_break():
    s = make()
    s.players[0].hand, s.players[1].hand = SIXES[:3], SIXES[3:]
    s.players[0].favour, s.players[1].favour = 1, 2
    ev: list = []
    victory.check_sixes(s, ev, "soul")
    assert s.winners == [1] and s.end_reason == "sixes"


def test_4_0_three_sixes_not_at_the_end_of_setup():
    s = make()
    s.players[0].hand = SIXES[:3]
    victory.check_sixes(s, [], "setup")
    assert not s.over


def test_4_0_circle_beats_three_sixes_at_the_same_check(rolls):
    s = make(step="end")
    own_circle(s, 0, 4)
    s.players[1].hand = SIXES[:3]
    s.players[1].favour = 5
    flow.advance(s, [])
    assert s.winners == [0] and s.end_reason == "circle"
    t = make(step="end")
    own_circle(t, 0, 4)
    t.players[1].hand = SIXES[:3]
    victory.check_sixes(t, [], "end")
    assert t.winners == [0] and t.end_reason == "circle"


def test_max_rounds_ends_the_game(rolls):
    s = make(step="end")
    s.options = {"max_rounds": 3}
    s.round = 3
    s.owner[10] = s.owner[11] = 1
    s.owner[12] = s.owner[13] = 2
    s.players[1].favour, s.players[2].favour = 2, 1
    ev: list = []
    flow.advance(s, ev)
    assert s.over and s.end_reason == "max_rounds" and s.winners == [1]
    assert next(e for e in ev if e.key == "ev_win_max_rounds").params == {"seats": [1], "round": 3}


def test_max_rounds_not_yet(rolls, stops):
    s = make(step="end")
    s.options = {"max_rounds": 3}
    s.round = 2
    flow.advance(s, [])
    assert not s.over and s.round == 3


def test_max_rounds_full_tie_is_shared():
    s = make(step="end")
    assert victory.cap_winners(s) == [0, 1, 2]


# -- 12 petitions --------------------------------------------------------------------------


def test_12_petition_order_g47():
    s = make(seats=4)
    s.demons[0].card, s.demons[3].card = BY_RANK[3], BY_RANK[0]
    for d in s.demons[6:]:
        d.status = "incapacitated"           # seats 2 and 3: no active demon
    assert petition.order(s) == [1, 0, 2, 3]
    s.demons[3].status = "incapacitated"     # seat 1's best active is now BY_RANK[4]
    assert petition.order(s) == [0, 1, 2, 3]
    s.players[1].out = True
    assert petition.order(s) == [0, 2, 3]


def test_12_petitioners_asked_in_order(rolls, stops):
    stops("end")
    s = make()
    for seat, at in ((0, 10), (1, 11), (2, 12)):
        legion(s, seat, at)
    ev: list = []
    flow.advance(s, ev)
    assert next(e for e in ev if e.key == "ev_petition_order").params == {"seats": [0, 1, 2]}
    seen = []
    while flow.open_asks(s) and only_ask(s).q == "petition":
        a = only_ask(s)
        assert a.kind == "turn"
        seen.append(a.seat)
        play(s, a.seat, "done")
    assert seen == [0, 1, 2] and s.step == "end"


def test_12_eligibility(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)                      # unowned: yes
    legion(s, 0, 11)
    s.owner[11] = 1                       # another player's: yes
    board.place(s, "lieutenant", 0, 12)   # no legion: no
    legion(s, 0, 13)
    board.place(s, "hound", None, 13, card=2)  # a wild hound: no
    legion(s, 0, 14)
    legion(s, 6, 14)                      # freebooters: no
    legion(s, 0, 40)                      # already own: no
    legion(s, 1, 15)                      # no own legion: no
    flow.advance(s, [])
    a = only_ask(s)
    assert (a.seat, a.q) == (0, "petition")
    assert flow.legal(s, 0) == [Action(do="favour", a=10), Action(do="favour", a=11), Action(do="done")]


def test_12_1_petition_by_favour(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)
    legion(s, 0, 11)
    s.owner[11] = 1
    s.players[0].favour = 2
    flow.advance(s, [])
    ev = play(s, 0, "favour", 11)
    assert s.owner[11] == 0 and s.players[0].favour == 1
    assert keys(ev)[:2] == ["ev_petition_lost", "ev_petition_favour"]
    assert ev[1].params == {"seat": 0, "sectio": 11, "favour": 1}
    play(s, 0, "favour", 10)
    assert s.owner[10] == 0 and s.players[0].favour == 0
    assert s.step == "end" and flow.open_asks(s)[0].q == "test_stop"


def test_12_1_no_favour_no_petition(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)
    s.players[0].favour = 0
    flow.advance(s, [])
    assert only_ask(s).q == "test_stop" and s.owner[10] is None


def test_12_1_cost_comes_from_one_function(rolls, stops, monkeypatch):
    stops("end")
    monkeypatch.setattr(petition, "petition_cost", lambda state, seat: 2)
    s = make()
    legion(s, 0, 10)
    s.players[0].favour = 1
    flow.advance(s, [])
    assert only_ask(s).q == "test_stop"
    t = make()
    legion(t, 0, 10)
    t.players[0].favour = 2
    flow.advance(t, [])
    play(t, 0, "favour", 10)
    assert t.players[0].favour == 0 and t.owner[10] == 0


def test_12_2_right_of_victory_disfavour_roll(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)
    legion(s, 0, 11)
    s.won = {"10": [0], "11": [0, 1]}
    s.players[0].disfavour, s.players[0].favour = 2, 3
    flow.advance(s, [])
    assert Action(do="victory", a=10) in flow.legal(s, 0)
    rolls += [2]
    ev = play(s, 0, "victory", 10)
    assert s.owner[10] is None and s.players[0].favour == 3
    assert keys(ev)[:2] == ["ev_petition_roll", "ev_petition_failed"]
    assert ev[0].params == {"seat": 0, "sectio": 10, "roll": 2, "disfavour": 2}
    # the failed roll leaves a petition by favour for the same sectio
    legal = flow.legal(s, 0)
    assert Action(do="victory", a=10) not in legal and Action(do="favour", a=10) in legal
    rolls += [3]
    play(s, 0, "victory", 11)
    assert s.owner[11] == 0 and s.players[0].favour == 3
    play(s, 0, "favour", 10)
    assert s.owner[10] == 0 and s.players[0].favour == 2
    assert not rolls


def test_12_2_six_disfavour_never_succeeds(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)
    s.won = {"10": [0]}
    s.players[0].disfavour, s.players[0].favour = 6, 6
    flow.advance(s, [])
    rolls += [6]
    play(s, 0, "victory", 10)
    assert s.owner[10] is None
    assert flow.legal(s, 0) == [Action(do="done")]  # 6 favour all bound


def test_12_3_1_elimination_rescue(rolls, stops):
    stops("end")
    s = make()
    s.owner[40], s.owner[41] = 0, 1
    s.owner[20] = s.owner[21] = 2
    legion(s, 0, 41)                          # seat 1's only sectio
    keeper = legion(s, 2, 20, 2)
    lt = board.place(s, "lieutenant", 2, 20)
    keeper.leader = lt.id
    hound = board.place(s, "hound", 2, 20, card=3)
    hound.keeper = keeper.id
    legion(s, 0, 30, 2)                       # unowned, 2 units
    flow.advance(s, [])
    ev = play(s, 0, "favour", 41)
    assert s.owner[41] == 0
    assert s.owner[20] == 1 and s.owner[21] == 2
    assert all(u.owner == 1 for u in board.units_at(s, 20))  # legions, lieutenant and hound
    assert keeper.leader == lt.id and hound.keeper == keeper.id
    assert s.players[1].souls == 5 + 2 * data.SECTIOS[20].souls
    rescue = next(e for e in ev if e.key == "ev_rescue")
    assert rescue.params == {"seat": 1, "sectio": 20, "units": 3, "souls": 2 * data.SECTIOS[20].souls}


def test_12_3_1_rescue_never_takes_the_owners_last_sectio(rolls, stops):
    stops("end")
    s = make()
    s.owner[40], s.owner[41], s.owner[20] = 0, 1, 2
    s.owner[42] = None
    legion(s, 0, 41)
    legion(s, 2, 20, 3)                       # seat 2's last sectio: never
    legion(s, 0, 30, 2)                       # unowned: taken, seat 0's legions switch
    flow.advance(s, [])
    play(s, 0, "favour", 41)
    assert s.owner[20] == 2 and s.owner[30] == 1
    assert [u.owner for u in board.units_at(s, 30)] == [1, 1]


def test_12_3_1_rescue_ties_by_dice_and_the_legion_limit(rolls, stops):
    stops("end")
    s = make()
    s.owner[41] = None                        # seat 1 has no sectio
    legion(s, 1, 40, 10)                      # in seat 0's last sectio: never a candidate
    legion(s, 2, 30, 2)                       # 2 units
    legion(s, 2, 31, 2)
    legion(s, 0, 31, 2)                       # 4 units
    legion(s, 0, 32, 2)
    legion(s, 2, 32, 2)                       # 4 units
    rolls += [5]                              # two candidates: 4-6 -> the second (32)
    ev: list = []
    flow.advance(s, ev)                       # the phase starts with the rescue check
    assert s.owner[32] == 1 and not rolls
    assert len(board.legions(s, 1)) == 12     # 2 of the 4 legions of 32 were lost beyond 12
    assert [u.owner for u in board.units_at(s, 32)] == [1, 1]
    assert next(e for e in ev if e.key == "ev_rescue").params == {
        "seat": 1, "sectio": 32, "units": 4, "souls": 2 * data.SECTIOS[32].souls}


def test_12_3_1_eliminated_without_candidate(rolls, stops):
    stops("end")
    s = make()
    s.owner[41] = None                        # seat 1 has no sectio
    legion(s, 0, 40)                          # every unit stands in its owner's last sectio
    legion(s, 2, 42)
    legion(s, 1, 40)
    board.place(s, "lieutenant", 1, 42)
    s.players[1].hand = NOT_SIX[:2]
    s.track = list(range(9))
    deck = len(s.arcana)
    ev: list = []
    flow.advance(s, ev)
    assert s.players[1].out and "ev_eliminated" in keys(ev)
    assert not [u for u in s.units if u.owner == 1]
    assert all(d.status == "dead" for d in s.demons if d.owner == 1)
    assert s.track == [0, 1, 2, 6, 7, 8]
    assert len(s.arcana) == deck + 2 and s.players[1].hand == []
    assert s.returned == [0] and not s.over
    assert petition.order(s) == [0, 2]


def test_12_3_1_last_player_standing_wins(rolls):
    s = make(seats=2)
    s.owner[41] = None
    legion(s, 0, 40)
    flow.advance(s, [])
    assert s.over and s.winners == [0] and s.end_reason == "last_standing"


def test_12_3_3_consent(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)
    legion(s, 1, 10)
    s.won = {"10": [0, 1]}
    flow.advance(s, [])
    play(s, 0, "victory", 10)
    a = only_ask(s)
    assert (a.seat, a.q, a.kind) == (1, "consent", "reaction")
    assert flow.QUESTIONS["consent"].prompt(s, a) == ("pr_consent_victory", {"seats": [0], "sectio": 10})
    assert flow.legal(s, 1) == [Action(do="yes"), Action(do="no")]
    ev = play(s, 1, "no")
    assert "ev_consent_refused" in keys(ev) and s.owner[10] is None
    # the refused sectio is not offered again this phase; seat 1 has its turn
    a = only_ask(s)
    assert (a.seat, a.q) == (1, "petition")
    play(s, 1, "victory", 10)
    assert only_ask(s).seat == 0 and only_ask(s).q == "consent"
    play(s, 0, "yes")
    assert s.owner[10] == 1


def test_12_3_3_avoided_sectio_needs_every_co_occupant(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 12)
    legion(s, 1, 12)
    board.place(s, "lieutenant", 2, 12)
    s.avoided = [12]
    flow.advance(s, [])
    play(s, 0, "favour", 12)
    assert (only_ask(s).seat, only_ask(s).q) == (1, "consent")
    play(s, 1, "yes")
    assert (only_ask(s).seat, only_ask(s).q) == (2, "consent")
    assert s.owner[12] is None
    play(s, 2, "yes")
    assert s.owner[12] == 0 and s.players[0].favour == 0


def test_appendix_b_16_petition(rolls, stops):
    """D won in LIARS (V's) and has units in PARLIAMENT and FALSIFIERS, 1 favour."""
    stops("end")
    s = make(seats=2)
    d, v = 0, 1
    s.owner[LIARS] = v
    for at in (LIARS, PARLIAMENT, FALSIFIERS):
        legion(s, d, at)
    s.won = {str(LIARS): [d]}
    flow.advance(s, [])
    assert set(flow.legal(s, d)) == {
        Action(do="victory", a=LIARS), Action(do="favour", a=LIARS),
        Action(do="favour", a=FALSIFIERS), Action(do="favour", a=PARLIAMENT), Action(do="done")}
    ev = play(s, d, "victory", LIARS)           # no disfavour: no roll
    assert s.owner[LIARS] == d and s.players[d].favour == 1 and "ev_petition_roll" not in keys(ev)
    play(s, d, "favour", FALSIFIERS)
    assert s.owner[FALSIFIERS] == d and s.owner[PARLIAMENT] is None
    assert s.players[d].favour == 0 and s.step == "end"
    assert data.SECTIOS[LIARS].circle == data.SECTIOS[FALSIFIERS].circle


def test_12_passive_default_is_done(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)
    flow.advance(s, [])
    a = only_ask(s)
    assert flow.QUESTIONS["petition"].passive(s, a) == Action(do="done")
    play(s, 0, "done")
    assert s.owner[10] is None and s.step == "end"


def test_12_after_petitions_hook(rolls, stops, monkeypatch):
    stops("end")
    seen = []
    monkeypatch.setattr(petition, "AFTER_PETITIONS", [lambda st, ev: seen.append(st.step)])
    s = make()
    flow.advance(s, [])
    assert seen == ["petition_next"] and s.step == "end"


# -- 13 End phase ----------------------------------------------------------------------------


def test_appendix_b_17_end_phase(rolls, stops):
    s = make(step="end")
    b = 1
    lt = board.place(s, "lieutenant", b, 41)
    lt.bonus = 2
    s.demons[3].status = "incapacitated"
    s.players[b].favour, s.players[b].disfavour = 2, 1
    flow.advance(s, [])
    a = only_ask(s)
    assert (a.seat, a.q, a.kind, a.secret) == (b, "disfavour", "simultaneous", False)
    assert flow.legal(s, b) == [Action(do="keep"), Action(do="remove", a=1)]
    assert flow.QUESTIONS["disfavour"].passive(s, a) == Action(do="keep")
    rolls += [4]
    ev = play(s, b, "remove", 1)
    assert (s.players[b].favour, s.players[b].disfavour) == (0, 0)
    assert s.demons[3].status == "incapacitated"
    assert lt.bonus == 0
    assert ["ev_disfavour_removed", "ev_recovery_fail"] == keys(ev)[:2]
    assert not rolls


def test_13_1_disfavour_asked_of_everyone_who_can(rolls, stops):
    s = make(step="end")
    s.players[0].favour, s.players[0].disfavour = 5, 3
    s.players[1].favour, s.players[1].disfavour = 1, 1   # cannot pay 2
    s.players[2].favour, s.players[2].disfavour = 4, 0   # nothing to remove
    flow.advance(s, [])
    assert [a.seat for a in flow.open_asks(s)] == [0]
    assert flow.legal(s, 0) == [Action(do="keep"), Action(do="remove", a=1), Action(do="remove", a=2)]
    play(s, 0, "keep")
    assert (s.players[0].favour, s.players[0].disfavour) == (5, 3) and s.round == 2


def test_13_2_recovery_roll(rolls, stops):
    s = make(step="end")
    s.demons[0].status = "incapacitated"
    s.demons[4].status = "incapacitated"
    rolls += [5, 6]
    ev: list = []
    flow.advance(s, ev)
    assert s.demons[0].status == "active" and s.demons[4].status == "active"
    assert keys(ev)[:2] == ["ev_recovery_ok", "ev_recovery_ok"]
    assert ev[0].params == {"seat": 0, "demon": s.demons[0].card, "roll": 5}


def test_13_2_1_all_incapacitated_one_revived(rolls, stops):
    s = make(step="end")
    for d in s.demons[:3]:
        d.status = "incapacitated"
    rolls += [1, 2, 4, 3]                     # three failed recoveries, then 3 of 1-6 -> the second
    ev: list = []
    flow.advance(s, ev)
    assert [d.status for d in s.demons[:3]] == ["incapacitated", "active", "incapacitated"]
    assert "ev_revived" in keys(ev) and not rolls


def test_13_2_1_dead_and_incapacitated_one_revived(rolls, stops):
    s = make(step="end")
    s.demons[0].status = "dead"
    s.demons[1].status = s.demons[2].status = "incapacitated"
    rolls += [1, 1, 6]                        # 2 candidates: 4-6 -> the second
    flow.advance(s, [])
    assert [d.status for d in s.demons[:3]] == ["dead", "incapacitated", "active"]


def test_13_2_1_all_destroyed_three_new_demons(rolls, stops):
    s = make(step="end")
    for d in s.demons[3:6]:
        d.status = "dead"
    s.demon_deck = [BY_RANK[12], BY_RANK[13], BY_RANK[14], BY_RANK[15]]
    ev: list = []
    flow.advance(s, ev)
    new = [d for d in s.demons if d.owner == 1 and d.status == "active"]
    assert [d.card for d in new] == BY_RANK[12:15]
    assert s.demon_deck == [BY_RANK[15]]
    assert keys(ev).count("ev_new_demon") == 3


def test_13_boxes_refilled(rolls, stops):
    s = make(step="end")
    s.boxes = [[], [4, 5], []]
    s.returned = [9, 1, 7, 3, 11, 0]
    ev: list = []
    flow.advance(s, ev)
    assert s.boxes == [[9, 1, 7, 3], [4, 5], [11, 0]] and s.returned == []
    assert [e.params for e in ev if e.key == "ev_box_refilled"] == [{"box": 1, "count": 4}, {"box": 3, "count": 2}]


def test_13_3_clean_up_and_round_summary(rolls, stops):
    s = make(step="end")
    u = legion(s, 0, 40)
    u.tamed, u.bonus = True, 1
    s.demons[1].acted = s.demons[1].fought = True
    s.phenomena = [{"kind": "quagmire", "sectios": [3]}]
    s.won, s.avoided, s.entered = {"3": [0]}, [4], {"5": [[0, 6]]}
    s.chronicle = [["ev_petition_victory", {"seat": 0, "sectio": 3}]]
    ev: list = []
    flow.advance(s, ev)
    assert not u.tamed and u.bonus == 0 and not s.demons[1].acted and not s.demons[1].fought
    assert s.phenomena == [] and s.won == {} and s.avoided == [] and s.entered == {}
    summary = [e for e in ev if e.summary]
    assert len(summary) == 1 and summary[0].key == "round_summary"
    assert summary[0].params == {"round": 1, "lines": [["ev_petition_victory", {"seat": 0, "sectio": 3}]]}
    assert s.chronicle == [] and s.round == 2 and s.step == "hell"


# -- 14 favour and disfavour -------------------------------------------------------------------


def test_14_1_bound_favour(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)
    legion(s, 0, 11)
    s.players[0].favour, s.players[0].disfavour = 2, 1   # one favour is bound
    flow.advance(s, [])
    assert flow.QUESTIONS["petition"].prompt(s, only_ask(s)) == ("pr_petition", {"favour": 1, "cost": 1})
    play(s, 0, "favour", 10)
    assert s.players[0].favour == 1 and flow.open_asks(s)[0].q == "test_stop"


def test_14_2_bound_favour_counts_in_the_tie_break():
    s = make(step="end")
    own_circle(s, 0, 3)
    own_circle(s, 1, 5)
    s.players[0].favour, s.players[0].disfavour = 3, 2
    s.players[1].favour, s.players[1].disfavour = 2, 0
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


def test_12_3_3_only_one_ally_claims_the_right_of_victory(rolls, stops):
    """Allies who won together: "only one can claim the right of victory"
    (12.3.3). Once one has claimed it (roll made, won or lost), the other
    may still petition by favour, not by victory."""
    stops("end")
    s = make()
    legion(s, 0, 10)
    legion(s, 1, 10)
    s.won = {"10": [0, 1]}
    s.players[0].disfavour, s.players[0].favour = 1, 1
    flow.advance(s, [])
    play(s, 0, "victory", 10)
    rolls += [1]                                   # the claim fails
    play(s, 1, "yes")
    assert s.owner[10] is None                     # seat 0's only favour is bound: its turn ends
    a = only_ask(s)
    assert (a.seat, a.q) == (1, "petition")
    assert flow.legal(s, 1) == [Action(do="favour", a=10), Action(do="done")]


def test_12_3_3_a_successful_claim_is_not_claimed_again(rolls, stops):
    stops("end")
    s = make()
    legion(s, 0, 10)
    legion(s, 1, 10)
    s.won = {"10": [0, 1]}
    s.players[1].favour = 0
    flow.advance(s, [])
    play(s, 0, "victory", 10)
    play(s, 1, "yes")
    assert s.owner[10] == 0
    play(s, 0, "done")
    assert only_ask(s).q == "test_stop"            # seat 1: nothing left to petition


def test_13_2_1_all_destroyed_start_again_at_once():
    """13.2.1 "sofort": the restart is a function part 3 calls the moment the
    last demon dies; it does nothing while a demon lives."""
    s = make(step="end")
    s.demon_deck = [BY_RANK[12], BY_RANK[13], BY_RANK[14]]
    s.demons[3].status = s.demons[4].status = "dead"
    endphase.restart_triumvirate(s, [], 1)
    assert len(s.demons) == 9
    s.demons[5].status = "dead"
    ev: list = []
    endphase.restart_triumvirate(s, ev, 1)
    assert [d.card for d in s.demons[9:]] == BY_RANK[12:15] and s.demon_deck == []
    assert keys(ev) == ["ev_new_demon"] * 3
