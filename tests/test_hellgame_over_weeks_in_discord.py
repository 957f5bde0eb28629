"""The HellGame's shortcuts for a match over weeks, through the real client
and the fake Discord: a counter window asks its three eligible players at
once and the first counter from the caster's left decides; a battle's
standing orders flee at N and run the combat rounds without a question; the
Action phase's standing orders move the demons in rank order without one;
a player asked again right after answering in a DM is asked in that DM's
picker, without a new DM.

Each test builds its position with the position builder (the same as the
rule tests in tests/test_hellgame_counter_windows.py and
tests/test_hellgame_battle_orders.py), puts it into a running match as a
developer's terminal could, and then plays it by clicking pickers (a
position put in this way does not replay from the match's log, so these
tests leave ``brettbote verify`` out)."""

from __future__ import annotations

import pytest
from hellgame_driver import start
from hellgame_table import GAME, action_buttons, click_index, open_match
from test_hellgame_action_orders import SPIES, phase
from test_hellgame_battle_orders import REFUGE, TAVERN, battle
from test_hellgame_counter_windows import DEMONS, IDNW, cast_lore, table as counter_table
from test_hellgame_economy import PLAIN, position as economy_position

import engines
from engines.hellgame import position as P
from engines.hellgame.core import data, flow, text as game_text
from engines.hellgame.core.model import Action

E = engines.get(GAME)


@pytest.fixture(autouse=True)
def more_players(fake):
    for name in ("dave", "erin"):
        fake.world.add_user(name, locale="en-US")


async def put(raw_sql, stored, state) -> None:
    match, _ = await stored()
    await raw_sql("UPDATE matches SET state=? WHERE id=?", E.dump_state(state), match.id)


async def click(table, stored, user, action: Action) -> None:
    """``user`` opens the picker with "Act" and clicks ``action``."""
    match, _ = await stored()
    state = E.load_state(match.state)
    seat = match.seat_of(user.id)
    picker = await table.open_picker(user)
    index = E.legal_actions(state, seat).index(action)
    await click_index(table, user, picker, match.id, match.seats[seat].decision_counter, index)


async def test_a_counter_window_asks_three_players_at_once_and_the_first_from_the_casters_left_decides(
        fake, table, stored, bot, raw_sql):
    w = fake.world
    users = [w.alice, w.bob, w.user("dave"), w.user("erin")]
    await open_match(fake, table, users, seed=1)
    s = counter_table(caster=2)  # Naburos (seat 2) holds Lore; seats 3, 0, 1 may counter, in that order
    cast_lore(s, 2)
    await put(raw_sql, stored, s)
    match, log = await stored()
    assert E.to_act(E.load_state(match.state)) == [3, 0, 1]  # all three at once, in turn order
    seats = {0: users[0], 1: users[1], 3: users[3]}
    # Seat 1 counters first, seat 0 next, seat 3 passes last
    await click(table, stored, seats[1], Action(do="counter", a=IDNW[1], b=_demon(s, DEMONS[1])))
    await click(table, stored, seats[0], Action(do="counter", a=IDNW[0], b=_demon(s, DEMONS[0])))
    match, _ = await stored()
    state = E.load_state(match.state)
    assert E.to_act(state) == [3] and E.submitted(state) == [0, 1]  # who has answered, never what
    assert "It Does Not Work" not in table.board().content
    await click(table, stored, seats[3], Action(do="no"))
    match, after = await stored()
    state = E.load_state(match.state)
    countered = [e for entry in after[len(log):] for e in entry.events
                 if (e["key"] if isinstance(e, dict) else e.key) == "ev_magic_countered"]
    assert len(countered) == 1 and countered[0]["params"]["seat"] == 0  # the first from the caster's left
    assert IDNW[1] in state.players[1].hand and IDNW[0] not in state.players[0].hand  # seat 1's counter was void


def _demon(s, name: str) -> int:
    from hellgame_driver import demon
    return demon(s, name)


async def test_standing_orders_flee_at_n_and_the_battle_runs_without_questions(
        fake, table, stored, bot, raw_sql, monkeypatch):
    from engines.hellgame.phases.action import movement

    fled: list[list[int]] = []

    def flee(state, seat, moving, barred, events):  # the stand-in flight of the rule tests
        fled.append([u.id for u in moving])
        for u in moving:
            u.at = REFUGE
        return []

    monkeypatch.setattr(movement, "flee", flee)
    monkeypatch.setattr(movement, "lone_lieutenants", lambda s, ev: None)
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    # seat 1 loses a legion in each of the first two rounds (the dice are queued)
    s = battle({0: 2, 1: 4}, dice=[1, 1, 1, 1] + [6, 1] + [2] + [1, 1, 1] + [6, 1] + [2])
    start(s)
    await put(raw_sql, stored, s)
    match, log = await stored()
    assert sorted(E.to_act(E.load_state(match.state))) == [0, 1]  # the orders, of both sides at once
    board = table.board()
    await click(table, stored, w.bob, Action(do="flee_at", a=2))  # the only part: no submit click
    match, _ = await stored()
    assert E.submitted(E.load_state(match.state)) == [1]
    dms = {u.id: len(table.dms(u)) for u in (w.alice, w.bob)}
    await click(table, stored, w.alice, Action(do="fight"))
    match, after = await stored()
    state = E.load_state(match.state)
    answers = [(entry.seat, E.parse_action(entry.action).do) for entry in after[len(log):] if entry.automatic]
    # the flight questions were answered by the orders: Bob stays at 3 legions and flees at 2
    assert [a for a in answers if a[1] in ("stay", "flee")] == [(1, "stay"), (0, "stay"), (1, "flee")]
    assert len(fled) == 1 and len(fled[0]) == 2 and state.won == {str(TAVERN): [0]}
    # nobody was asked anything more in the battle: no DM, no picker
    assert {u.id: len(table.dms(u)) for u in (w.alice, w.bob)} == dms
    assert not E.to_act(state) or state.step == "petition"
    assert state.phase == "petition" and table.board().id != board.id  # the next phase, a new board
    # the log marks an answer of a standing order as such to its own seat only: to the others it
    # would tell that the seat has standing orders ("(automatic)" would even say it had no choice)
    bobs = [entry.counter for entry in after[len(log):] if entry.standing and entry.seat == 1]
    assert bobs and all(entry.automatic for entry in after if entry.standing)
    alice_log = (await (await table.command(w.alice, "game log")).wait_ephemeral()).content
    bob_log = (await (await table.command(w.bob, "game log")).wait_ephemeral()).content
    for counter in bobs:
        mine = [line for line in bob_log.splitlines() if line.startswith(f"`{counter:>3}`")]
        theirs = [line for line in alice_log.splitlines() if line.startswith(f"`{counter:>3}`")]
        assert mine and "(your standing order)" in mine[0]
        assert not any("automatisch" in line or "Dauerauftrag" in line for line in theirs)


async def test_action_phase_orders_given_in_the_picker_move_the_demons_without_a_question(
        fake, table, stored, bot, raw_sql):
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    s = phase({SPIES: P.Units(legions={0: 1})}, demons=(["Balban"], ["Ukobach"]), halt=False)
    await put(raw_sql, stored, s)
    match, log = await stored()
    assert sorted(E.to_act(E.load_state(match.state))) == [0, 1]  # everyone's orders at once
    legion = next(u.id for u in s.units if u.at == SPIES)
    to = min(data.NEIGHBOURS[SPIES])
    await click(table, stored, w.alice, Action(do="go", a=legion, b=to))
    # the three rules in one click (halt intruders, send no demon, never avoid), then the battles'
    # orders, the last part, which sets the orders
    await click(table, stored, w.alice, Action(do="rules", a=0, b=1, c=1))
    await click(table, stored, w.alice, Action(do="ask"))
    match, _ = await stored()
    assert E.submitted(E.load_state(match.state)) == [0]  # the board marks who, never what
    dms = {u.id: len(table.dms(u)) for u in (w.alice, w.bob)}
    await click(table, stored, w.bob, Action(do="rest"))
    await click(table, stored, w.bob, Action(do="submit"))
    match, after = await stored()
    state = E.load_state(match.state)
    # the whole Action phase ran by the orders: Balban moved the legion, Ukobach waited
    assert state.phase != "action" and any(u.at == to and u.owner == 0 for u in state.units)
    # after the last order came in, every answer of the phase was a standing one: nobody was asked
    last = max(i for i, entry in enumerate(after) if not entry.automatic)
    answers = [(entry.seat, E.parse_action(entry.action).do) for entry in after[last + 1:]]
    assert (0, "order") in answers and (1, "wait") in answers
    assert all(entry.standing for entry in after[last + 1:] if E.parse_action(entry.action).do in ("order", "wait"))
    # nobody was asked for a demon's action: no DM came for one
    news = [m.content for u in (w.alice, w.bob) for m in table.dms(u)[dms[u.id]:]]
    assert not any("acts (" in text or "ist am Zug (" in text for text in news), news


async def test_asked_again_right_after_answering_in_a_dm_the_dm_picker_asks_and_no_new_dm_comes(
        fake, table, stored, bot, raw_sql):
    """Alice holds three cards over the hand limit (6.3) and discards one at
    a time. Answered in the channel's picker (an ephemeral message, gone on
    reload), her next question comes by DM; answered in that DM picker, the
    picker itself asks the next one and no further DM comes."""
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    s = P.build(economy_position(2, {0: dict(hand=PLAIN[-5:])}, phase="hell", round=2, step="hell_arcana"))
    start(s)
    assert len(s.players[0].hand) == 8 and E.to_act(s) == [0]
    await put(raw_sql, stored, s)
    dms = len(table.dms(w.alice))
    await click(table, stored, w.alice, Action(do="discard", a=s.players[0].hand[0]))
    assert len(table.dms(w.alice)) == dms + 1  # asked again after a click in the channel: by DM
    for left in (6, 5):
        match, _ = await stored()
        state = E.load_state(match.state)
        counter = match.seats[0].decision_counter
        dm = table.dms(w.alice)[-1]
        assert action_buttons(dm, match.id, counter), "the DM picker asks the open question"
        index = E.legal_actions(state, 0).index(Action(do="discard", a=state.players[0].hand[0]))
        await click_index(table, w.alice, dm, match.id, counter, index)
        match, _ = await stored()
        assert len(E.load_state(match.state).players[0].hand) == left
        assert len(table.dms(w.alice)) == dms + 1, "asked again in the DM picker just clicked: no new DM"
    # done discarding, the Soul phase opens: its secret order too is asked in the same DM picker,
    # while Bob, who did not click, gets it by a DM of his own
    match, _ = await stored()
    state = E.load_state(match.state)
    assert [flow.ask_of(state, seat).q for seat in (0, 1)] == ["soul", "soul"]
    assert action_buttons(table.dms(w.alice)[-1], match.id, match.seats[0].decision_counter)
    assert action_buttons(table.dms(w.bob)[-1], match.id, match.seats[1].decision_counter)


async def dm_click(table, stored, user, seat: int, action: Action) -> None:
    """``user`` clicks ``action`` in the picker of the newest DM the bot sent them."""
    match, _ = await stored()
    state = E.load_state(match.state)
    counter = match.seats[seat].decision_counter
    dm = table.dms(user)[-1]
    assert action_buttons(dm, match.id, counter), ("the DM picker asks the open question", counter, [
        (m.content[:80], [c.get("custom_id") for c in m.iter_components()][:4]) for m in table.dms(user)])
    await click_index(table, user, dm, match.id, counter, E.legal_actions(state, seat).index(action))


async def test_the_economy_window_is_one_order_answered_in_one_dm_picker(fake, table, stored, bot, raw_sql):
    """The match's default (``economy_window``): Bob's last answer of the
    Hell phase (a Census) opens the Soul phase's window. Alice, over the hand
    limit after the draw, gets one DM: her discards, her gifts, then her
    Summoning order, each part in the same DM picker, no further DM. She is
    marked as done only when the Summoning order is in."""
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    s = P.build(economy_position(
        2, {0: dict(hand=PLAIN[-5:], souls=10, sectios=[40]), 1: dict(sectios=[1, 2])},
        units={1: P.Units(legions={1: 1}), 2: P.Units(legions={1: 2})}, phase="hell", round=2,
        decks=P.Decks(hell=["census", "calm", "calm"]), options={}))
    start(s)
    assert [a.q for a in flow.open_asks(s)] == ["census"] and E.to_act(s) == [1]
    await put(raw_sql, stored, s)
    dms = len(table.dms(w.alice))
    await click(table, stored, w.bob, E.legal_actions(s, 1)[0])
    match, _ = await stored()
    state = E.load_state(match.state)
    assert [flow.ask_of(state, seat).q for seat in (0, 1)] == ["soul", "soul"]
    assert len(state.players[0].hand) == 8 and len(table.dms(w.alice)) == dms + 1  # the window: one DM
    for _ in range(3):
        match, _ = await stored()
        await dm_click(table, stored, w.alice, 0, Action(do="discard", a=E.load_state(match.state).players[0].hand[0]))
    await dm_click(table, stored, w.alice, 0, Action(do="submit"))  # no gifts
    match, _ = await stored()
    state = E.load_state(match.state)
    assert len(state.players[0].hand) == 5 and flow.ask_of(state, 0).q == "summon"
    assert E.submitted(state) == []  # the order is not in yet: the board marks nobody
    await dm_click(table, stored, w.alice, 0, Action(do="legion", a=40))
    await dm_click(table, stored, w.alice, 0, Action(do="submit"))
    match, _ = await stored()
    state = E.load_state(match.state)
    assert E.submitted(state) == [0] and E.to_act(state) == [1]
    assert len(table.dms(w.alice)) == dms + 1, "every part asked in the DM picker just clicked: no new DM"


async def test_a_gift_of_any_amount_is_one_selection_in_the_picker(fake, table, stored, bot, raw_sql):
    """58 souls to give: the picker lists every amount in menus (1-25, 26-50,
    51-58), so 7 souls are one selection after "Act"; "Submit" right after
    choosing a receiver says that the receiver gets nothing."""
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    s = P.build(economy_position(2, {0: dict(souls=58)}, phase="soul"))
    start(s)
    await put(raw_sql, stored, s)
    await click(table, stored, w.alice, Action(do="to", a=1))
    picker = await table.open_picker(w.alice)
    menus = [c for c in picker.iter_components() if c.get("type") == 3]
    assert [m["placeholder"] for m in menus] == ["Seelen 1–25", "Seelen 26–50", "Seelen 51–58"]  # Alice reads German
    assert any(b["label"].startswith("Abschicken: nichts für ") for b in picker.buttons())
    assert not any(b["label"] == "Kartentexte" for b in picker.buttons())  # no card in her hand, none offered
    clicks = len(fake.interactions.handles)
    await table.choose(w.alice, picker, "7 Seelen")
    assert len(fake.interactions.handles) == clicks + 1
    match, _ = await stored()
    assert E.load_state(match.state).players[0].souls == 51


async def test_a_picker_offering_cards_has_their_texts_one_click_away(fake, table, stored, bot, raw_sql):
    """Alice must discard (6.3): her picker offers her cards, and "Card
    texts" answers, privately and beside the picker, with what each card of
    her hand does, in her language; a picker offering no card has no such
    button."""
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    s = P.build(economy_position(2, {0: dict(hand=PLAIN[-5:])}, phase="hell", round=2, step="hell_arcana"))
    start(s)
    await put(raw_sql, stored, s)
    picker = await table.open_picker(w.alice)
    button = next(b for b in picker.buttons() if b["label"] == "Kartentexte")
    before = picker.content
    handle = await table.run(await fake.click(w.alice, picker, button["custom_id"]))
    texts = await handle.wait_ephemeral()
    assert picker.content == before  # the picker stays as it was
    assert texts.content.split("\n") == [game_text.card_line(card, "de") for card in s.players[0].hand]
    assert all(game_text.spell_text(data.ARCANA[card].major, "de") in texts.content for card in s.players[0].hand)
    match, log = await stored()
    assert E.load_state(match.state).players[0].hand == s.players[0].hand and not log  # nothing applied
    # Bob holds no cards and is asked nothing that offers one: no such button for him
    assert E.card_texts(E.load_state(match.state), 1, "en") == []
