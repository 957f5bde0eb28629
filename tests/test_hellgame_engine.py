"""The HellGame as a whole: setup (5.1), the round's phase order (5.2),
random full games for 2-6 seats that end, replay exactly and keep secrets."""

from __future__ import annotations

import random

import pytest
from hellgame_driver import rolls  # noqa: F401 - a fixture

from engines.contract import canonical_json
from engines.hellgame.core import board, data, dice
from engines.hellgame.core.model import State
from engines.hellgame.engine import ENGINE


def start(seats: int, seed: int = 7, **options) -> State:
    return ENGINE.setup(seats, seed, options)


def keep(legal):
    return next((a for a in legal if a.do == "keep"), legal[0])


def answer_all(state: State, pick=lambda legal: legal[0], until: str = "setup_legion") -> State:
    """Answer the open questions with ``pick`` until the step ``until``."""
    for _ in range(50):
        waiting = ENGINE.to_act(state)
        if not waiting or state.step == until:
            return state
        seat = waiting[0]
        state, _ = ENGINE.apply(state, seat, pick(ENGINE.legal_actions(state, seat)))
    return state


# -- 5.1 setup -------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_5_1_setup_deals_triumvirates_souls_and_favour(seats):
    s = start(seats)
    assert len(s.demons) == 3 * seats
    assert all(sum(d.owner == p for d in s.demons) == 3 for p in range(seats))
    assert len({d.card for d in s.demons}) == 3 * seats
    assert all(p.souls == 5 and p.favour == 1 for p in s.players)
    # step 7: everyone is asked at once whether to redraw one demon
    assert ENGINE.to_act(s) == list(range(seats))
    assert all(ENGINE.decision_kind(s, p) == "setup" for p in range(seats))


def test_5_1_setup_hell_cards_keep_only_permanent_ones_in_their_boxes():
    for seed in range(30):
        s = start(2, seed)
        for area, card in s.permanent.items():
            if card is not None:
                event = data.EVENTS[data.HELL_CARDS[card].event]
                assert event.permanent and event.area == area
        assert sorted(s.hell + [c for c in s.permanent.values() if c is not None]) == list(range(45))


def test_5_1_boxes_and_hounds():
    s = start(4)
    assert [len(b) for b in s.boxes] == [4, 4, 4]
    assert sorted(s.hounds) == sorted(data.HOUND_ATTACKS)


def test_5_1_redraw_costs_one_favour_and_replaces_the_demon():
    s = start(2)
    mine = [i for i, d in enumerate(s.demons) if d.owner == 0]
    old = s.demons[mine[1]].card
    s, _ = ENGINE.apply(s, 0, {"kind": "hg", "do": "redraw", "a": mine[1]})
    assert ENGINE.to_act(s) == [1]  # the other seat still decides; nothing revealed yet
    s, events = ENGINE.apply(s, 1, {"kind": "hg", "do": "keep"})
    assert s.players[0].favour == 0 and s.players[1].favour == 1
    assert s.demons[mine[1]].card != old
    assert old in s.demon_deck
    assert any(e.key == "ev_redraw" for e in events)


def test_5_1_arcana_without_play_right_away_and_five_sectios_each():
    for seed in range(10):
        s = answer_all(start(6, seed), pick=keep)
        for p in range(6):
            hand = s.players[p].hand
            assert len(hand) <= 5
            assert all(data.ARCANA[c].minor != "play_right_away" for c in hand)
        owners = [o for o in s.owner if o is not None]
        assert sorted(set(owners)) == list(range(6)) and all(owners.count(p) == 5 for p in range(6))


def test_5_1_first_legions_in_roll_order_then_round_1_starts_with_the_soul_phase():
    s = start(3, 11)
    s = answer_all(s, pick=keep)
    placed_by = []
    while s.step == "setup_legion":
        seat = ENGINE.to_act(s)[0]
        choice = ENGINE.legal_actions(s, seat)[0]
        assert s.owner[choice.a] == seat  # only own sectios
        placed_by.append(seat)
        s, _ = ENGINE.apply(s, seat, choice)
    assert sorted(placed_by) == [0, 1, 2]
    assert all(len([u for u in s.units if u.owner == p]) == 1 for p in range(3))
    assert s.round == 1 and s.phase in ("soul", "summon")  # the Hell phase is skipped in round 1


# -- whole games ------------------------------------------------------------------------


def play_random(seats: int, seed: int, max_rounds: int = 3, limit: int = 6000):
    rnd = random.Random(seed)
    state = ENGINE.setup(seats, seed, {"max_rounds": max_rounds})
    log = []
    for _ in range(limit):
        if ENGINE.result(state) is not None:
            return state, log
        seat = rnd.choice(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        assert legal, (state.step, seat)
        action = rnd.choice(legal)
        log.append((seat, action))
        state, _ = ENGINE.apply(state, seat, action)
    raise AssertionError(f"no end after {limit} decisions (step {state.step}, round {state.round})")


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_full_games_end_and_replay_exactly(seats):
    final, log = play_random(seats, 100 + seats)
    assert ENGINE.result(final) is not None
    replay = ENGINE.setup(seats, 100 + seats, {"max_rounds": 3})
    for seat, action in log:
        replay, _ = ENGINE.apply(replay, seat, ENGINE.parse_action(ENGINE.dump_action(action)))
    assert canonical_json(replay) == canonical_json(final)


def test_views_never_show_hands_or_orders_of_others():
    """Every state of a random game: another seat's view and a spectator's
    carry no hand, draft or order, and a seat's own view carries its own."""
    rnd = random.Random(5)
    state = ENGINE.setup(4, 5, {"max_rounds": 2})
    for _ in range(800):
        if ENGINE.result(state) is not None:
            break
        for viewer in (None, 0, 1, 2, 3):
            v = ENGINE.view(state, viewer)
            if viewer is None:
                assert v.hand is None and v.draft is None and v.order is None
            else:
                assert [c.id for c in v.hand] == state.players[viewer].hand
                assert (v.draft is not None) == (viewer in state.drafts)
        seat = rnd.choice(ENGINE.to_act(state))
        state, events = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        for e in events:
            if e.key in ("ev_hand", "ev_arcana_drawn", "ev_card_bought"):
                assert e.visible_to is not None and len(e.visible_to) == 1


# -- 3.1 / 3.2 shared rules ------------------------------------------------------------



def test_3_2_duel_appendix_b_1(rolls):
    """Moloch (2 hearts) rolls 11, Baal (3 hearts) rolls 5: Moloch wins; a tie rolls again."""
    s = start(2)
    rolls.extend([5, 6, 1, 2, 2])
    winner, thrown = dice.duel(s, (0, 2), (1, 3))
    assert winner == 0 and thrown == [[5, 6], [1, 2, 2]]
    rolls.extend([3, 3, 1, 2, 3, 1, 1, 6, 6, 2])
    winner, thrown = dice.duel(s, (0, 2), (1, 3))  # 6 vs 6, then 2 vs 14
    assert winner == 1 and len(thrown) == 4


def test_3_2_rolls_against_symbols_and_disfavour(rolls):
    s = start(2)
    rolls.extend([4, 5])
    assert dice.against(s, 0, 4) == (True, 4)
    assert dice.against(s, 0, 4) == (False, 5)
    assert dice.disfavour_roll(s, 0) == (True, None)  # no disfavour: no roll
    s.players[0].disfavour = 2
    rolls.extend([2, 3])
    assert dice.disfavour_roll(s, 0) == (False, 2) and dice.disfavour_roll(s, 0) == (True, 3)
    s.players[0].disfavour = 6
    rolls.append(6)
    assert dice.disfavour_roll(s, 0)[0] is False  # six or more can never succeed


def test_3_2_1_curse_of_the_dice_gives_a_favour_after_six_ones():
    s = start(2, curse_of_dice=True)
    player = s.players[0]
    rolls = []
    while True:
        player.ones = 5  # five 1s in a row so far
        r = dice.d6(s, 0)
        rolls.append(r)
        if r == 1:
            break
        assert player.ones == 0 and player.favour == 1  # the streak is broken
    assert player.favour == 2 and player.ones == 0  # the sixth 1: a favour, and the streak restarts
    plain = start(2)
    plain.players[0].ones = 5
    while dice.d6(plain, 0) != 1:
        plain.players[0].ones = 5
    assert plain.players[0].favour == 1  # the optional rule is off by default


def test_3_1_a_lost_lieutenant_goes_to_the_return_box_and_a_lost_keeper_frees_its_hound():
    s = start(2)
    lt = board.place(s, "lieutenant", 0, 3, card=5)
    legion = board.place(s, "legion", 0, 3)
    legion.leader = lt.id
    hound = board.place(s, "hound", 0, 3, card=3)
    hound.keeper = legion.id
    board.remove(s, lt)
    assert s.returned == [5] and board.unit(s, legion.id).leader is None
    loose = board.remove(s, board.unit(s, legion.id))
    assert [h.id for h in loose] == [hound.id] and loose[0].owner is None and loose[0].keeper is None


def test_2_3_1_twelve_legions_at_most():
    s = start(2)
    for _ in range(12 - len(board.legions(s, 0))):
        assert board.place(s, "legion", 0, 0) is not None
    assert board.place(s, "legion", 0, 0) is None


def test_5_2_phases_in_order_and_round_1_skips_the_hell_phase():
    # A phase that asks nothing is passed between two moves (the Hell phase
    # without a discard): its Hell cards tell that it ran (the first one's event).
    rnd = random.Random(2)
    state = ENGINE.setup(3, 1, {"max_rounds": 3})
    seen = [(state.round, state.phase)]
    hell_rounds = set()
    while ENGINE.result(state) is None:
        seat = rnd.choice(ENGINE.to_act(state))
        state, events = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        if any(e.key.startswith("ev_event_") for e in events):
            hell_rounds.add(state.round)  # the Hell phase opens its round: the move ran into it
        if (state.round, state.phase) != seen[-1]:
            seen.append((state.round, state.phase))
    order = ["hell", "soul", "summon", "action", "random", "combat", "petition", "end"]
    rounds: dict[int, list[str]] = {}
    for rnd_no, phase in seen:
        if phase in order:
            rounds.setdefault(rnd_no, []).append(phase)
    assert rounds[1][0] == "soul"
    for phases in rounds.values():
        assert phases == sorted(phases, key=order.index)
    assert 1 not in hell_rounds and {2, 3} <= hell_rounds


def test_my_view_shows_the_hand_and_the_pending_order_to_its_owner_only():
    """'My view' (the seat's own view and its text) lists the arcana hand and
    the order built so far; nobody else's view carries either."""
    import render

    from engines.hellgame.core import flow

    def summoning(s):  # the economy window asks for the Summoning order after the gifts
        return [a.seat for a in flow.open_asks(s) if a.q == "summon"]

    s = start(3, 2)
    while not summoning(s):
        seat = ENGINE.to_act(s)[0]
        legal = ENGINE.legal_actions(s, seat)
        s, _ = ENGINE.apply(s, seat, next((a for a in legal if a.do in ("keep", "submit")), legal[0]))
    seat = summoning(s)[0]
    legion = next(a for a in ENGINE.legal_actions(s, seat) if a.do == "legion")
    s, _ = ENGINE.apply(s, seat, legion)
    mine = ENGINE.view(s, seat)
    assert mine.pending == [["lb_summon_legion", {"sectio": legion.a, "cost": 3}]]
    text = render.board_text("hellgame", mine, "en")
    assert "Your order, not yet revealed:" in text and data.SECTIOS[legion.a].name in text
    assert all(data.ARCANA[c].name in text for c in s.players[seat].hand)
    for other in (None, *(p for p in range(3) if p != seat)):
        assert not ENGINE.view(s, other).pending
    # submitted, the order stays pending until all are revealed
    s, _ = ENGINE.apply(s, seat, next(a for a in ENGINE.legal_actions(s, seat) if a.do == "submit"))
    assert ENGINE.view(s, seat).pending
    while any(a.secret for a in flow.open_asks(s)):
        p = ENGINE.to_act(s)[0]
        s, _ = ENGINE.apply(s, p, next(a for a in ENGINE.legal_actions(s, p) if a.do in ("submit", "discard")))
    assert not ENGINE.view(s, seat).pending


@pytest.mark.parametrize("hours", [4, 1])
def test_a_counter_question_has_a_deadline_of_its_own_and_lapses_to_a_pass(hours):
    """A counter window never holds the match for days (``counter_hours``)."""
    from engines.hellgame.core import flow

    for seed in range(40):
        rnd = random.Random(seed)
        state = ENGINE.setup(4, seed, {"max_rounds": 3, "counter_hours": hours})
        while ENGINE.result(state) is None:
            asks = flow.open_asks(state)
            counter = next((a for a in asks if a.q == "counter"), None)
            if counter is not None:
                assert ENGINE.own_deadline(state, counter.seat) == float(hours)
                assert ENGINE.default_action(state, counter.seat).do == "no"
                return
            assert all(ENGINE.own_deadline(state, a.seat) is None for a in asks if a.q not in ("counter", "support"))
            seat = rnd.choice(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            cast = [x for x in legal if x.do in ("cast", "target", "submit")]
            state, _ = ENGINE.apply(state, seat, rnd.choice(cast if cast and rnd.random() < 0.7 else legal))
    raise AssertionError("no counter window in 40 games")


def test_the_last_spell_is_on_the_map_and_the_round_summary_names_spells_and_events():
    import render

    for seed in range(40):
        rnd = random.Random(seed)
        state = ENGINE.setup(4, seed, {"max_rounds": 3})
        cast_round = None
        while ENGINE.result(state) is None:
            seat = rnd.choice(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            pick = [x for x in legal if x.do in ("cast", "target", "submit", "no")]
            state, events = ENGINE.apply(state, seat, rnd.choice(pick if pick and rnd.random() < 0.7 else legal))
            if state.last_spell and cast_round is None:
                cast_round = state.round
                view = ENGINE.view(state, None)
                assert view.last_spell is not None and view.last_spell.seat == state.last_spell[0]
                text = render.board_text("hellgame", view, "en")
                assert f"Last spell: {view.last_spell.card} ({view.last_spell.spell})" in text
                plain = view.model_copy(update={"last_spell": None})
                assert render.board_png("hellgame", view, "en") != render.board_png("hellgame", plain, "en")
            summaries = [e for e in events if e.summary and e.params.get("round") == cast_round]
            if summaries:
                keys = [k for k, _ in summaries[0].params["lines"]]
                assert any(k.startswith("ev_magic_cast") for k in keys)
                if cast_round > 1:  # a Hell phase was in that round: its event is named
                    assert any(k.startswith("ev_event_") for k in keys)
                return
    raise AssertionError("no spell cast in 40 games")


def test_uriel_and_lilith_are_on_the_map_and_named_in_the_text():
    import render
    from engines.hellgame.core.model import Being

    s = start(3, 1)
    plain = ENGINE.view(s, None)
    s.uriel = Being(at=32, stage="hell", data={"lost": {"0": 2}})
    s.lilith = Being(at=45, stage="mother", data={"court": {"1": 4}})
    view = ENGINE.view(s, None)
    assert view.uriel.at == 32 and view.lilith.stage == "mother"
    assert view.uriel.data == {} and view.lilith.data == {}  # their bookkeeping stays in the engine
    text = render.board_text("hellgame", view, "en")
    assert f"Uriel is in {data.SECTIOS[32].name}." in text and "Lilith (Mother) is in Antehell." in text
    assert render.board_png("hellgame", view, "en") != render.board_png("hellgame", plain, "en")
    s.uriel = Being(at=None, stage="earth")
    assert "Uriel walks the Earth." in render.board_text("hellgame", ENGINE.view(s, None), "en")


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_games_with_uriel_and_lilith_forced_into_play_end_and_replay(seats):
    """Test option ``beings_round``: both beings come in round 1 and follow their rules."""
    rnd = random.Random(seats)
    options = {"max_rounds": 3, "beings_round": 1}
    state = ENGINE.setup(seats, 300 + seats, options)
    log, met = [], set()
    for _ in range(8000):
        if ENGINE.result(state) is not None:
            break
        seat = rnd.choice(ENGINE.to_act(state))
        action = rnd.choice(ENGINE.legal_actions(state, seat))
        log.append((seat, action))
        state, events = ENGINE.apply(state, seat, action)
        met |= {e.key for e in events if e.key.startswith(("ev_uriel", "ev_lilith"))}
    assert ENGINE.result(state) is not None
    assert "ev_uriel_summoned" in met and "ev_lilith_appears" in met
    replay = ENGINE.setup(seats, 300 + seats, options)
    for seat, action in log:
        replay, _ = ENGINE.apply(replay, seat, action)
    assert canonical_json(replay) == canonical_json(state)
