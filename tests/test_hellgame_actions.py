"""The HellGame's Action phase (9.0-9.7, without magic and conspiracy): the
rank track, wait, pass, walk the Earth, move, beg and plead, evil deeds and
influencing units with bribery, with the digest's Appendix B fixtures 6-9 and
the 9.7 walkthrough."""

from __future__ import annotations

import string
import types

import pytest

import engines.hellgame.engine  # noqa: F401 - every rule module registered, as in a match
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import Action, Demon, FREEBOOTERS, State
from engines.hellgame.core.text import MESSAGES
from engines.hellgame.phases.action import actions, diplomacy
from engines.hellgame.setup import initial_state
from hellgame_dice import rolls  # noqa: F401 - a fixture

#: Every key of the game's catalogue chain: the act question also offers verbs of other modules.
TEMPLATES = {lang: {k: MESSAGES.template(k, lang) for k in MESSAGES.keys()} for lang in ("de", "en")}


def demon_card(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


def pass_card(places: int, cost: int | None = None) -> int:
    return next(c.id for c in data.ARCANA if c.minor == "pass" and c.pass_places == places
                and (cost is None or c.cost == cost))


def walk_card(cost: int) -> int:
    return next(c.id for c in data.ARCANA if c.minor == "walk" and c.cost == cost)


# -- fixtures ---------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def phase_ends_the_test(monkeypatch):
    """The next phase is someone else's: reaching it ends the test's game."""
    monkeypatch.setattr(flow, "PHASE_END", [])
    monkeypatch.setitem(flow.STEPS, "random", lambda s, ev: setattr(s, "over", True))


@pytest.fixture
def movement(monkeypatch):
    """A stand-in for movement.py: a move is over at once."""
    calls: list[tuple[str, int]] = []
    fake = types.ModuleType("engines.hellgame.phases.action.movement")

    def start_move(state, demon, events):
        calls.append(("move", demon))
        state.demons[demon].acted = True

    def run_amok(state, hound, events):
        calls.append(("amok", hound.id))

    fake.start_move, fake.run_amok = start_move, run_amok
    for user in (actions, diplomacy):
        monkeypatch.setattr(user, "movement", fake)
    return calls


class Game:
    """A state at the start of the Action phase, driven through flow."""

    def __init__(self, triumvirates: list[list[str]], souls: int = 20) -> None:
        self.s: State = initial_state(len(triumvirates), 1, {})
        self.s.asks = []
        self.s.demons = [Demon(card=demon_card(n), owner=seat)
                         for seat, names in enumerate(triumvirates) for n in names]
        for p in self.s.players:
            p.souls, p.hand = souls, []
        self.s.step = self.s.phase = "action"
        self.events: list = []

    def demon(self, name: str) -> int:
        return next(i for i, d in enumerate(self.s.demons) if d.card == demon_card(name))

    def start(self) -> None:
        flow.advance(self.s, self.events)
        self.check_words()

    @property
    def ask(self):
        return flow.open_asks(self.s)[0]

    @property
    def turn(self) -> str:
        assert self.ask.q == "act"
        return data.DEMONS[self.s.demons[self.ask.data["demon"]].card].name

    def legal(self) -> list[Action]:
        return flow.legal(self.s, self.ask.seat)

    def do(self, do: str, a: int | None = None, b: int | None = None, c: int | None = None) -> None:
        self.events = []
        flow.answer(self.s, self.ask.seat, Action(do=do, a=a, b=b, c=c), self.events)
        self.check_words()

    def order(self) -> list[str]:
        return [data.DEMONS[self.s.demons[i].card].name for i in actions.waiting(self.s)]

    def keys(self) -> list[str]:
        return [e.key for e in self.events]

    def check_words(self) -> None:
        """Every event, prompt and label formats in both languages with its params."""
        texts = [(e.key, e.params) for e in self.events]
        if not self.s.over and flow.open_asks(self.s):
            a = self.ask
            q = flow.QUESTIONS[a.q]
            texts.append(q.prompt(self.s, a))
            legal = q.legal(self.s, a)
            assert 0 < len(legal)
            texts += [q.label(self.s, a, x) for x in legal] + [q.group(self.s, a, x) for x in legal]
            assert q.passive(self.s, a) in legal
        for key, params in texts:
            for lang in ("de", "en"):
                template = TEMPLATES[lang][key]
                names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
                assert names <= set(params), (key, names, params)
                assert all(isinstance(v, (int, list)) for v in params.values()), (key, params)
                template.format(**params)


def influence(g: Game, *steps: tuple[str, int | None]) -> None:
    g.do("influence")
    for do, a in steps:
        owner_by_default(g, do)
        g.do(do, a)
    owner_by_default(g, "")


def owner_by_default(g: Game, coming: str) -> None:
    """A switch always asks who gains the unit (freebooters are a choice
    too); a test that does not say takes the influencer's own seat."""
    if coming != "owner" and any(x.do == "owner" for x in g.legal()):
        g.do("owner", g.ask.seat)


# -- 9.1 order of actions --------------------------------------------------------------------------


def test_9_1_rank_order_example():
    g = Game([["Orias", "Ukobach", "Ashtaroth"], ["Beelzebub", "Naburos", "Baal"], ["Caim", "Sammael", "Balban"]])
    g.s.demons[g.demon("Balban")].status = "incapacitated"
    g.start()
    names = [data.DEMONS[g.s.demons[i].card].name for i in g.s.track]
    assert names == ["Sammael", "Beelzebub", "Ashtaroth", "Baal", "Caim", "Orias", "Ukobach", "Naburos"]
    assert g.turn == "Sammael" and g.ask.seat == 2 and g.ask.kind == "turn"
    assert g.ask.data == {"demon": g.demon("Sammael")}


def test_9_1_every_demon_acts_once_then_the_random_phase():
    g = Game([["Orias", "Ashtaroth"], ["Baal", "Caim"]])
    g.start()
    seen = []
    while not g.s.over:
        seen.append(g.turn)
        g.do("wait")
        assert "ev_act_wait" in g.keys()
    assert seen == ["Ashtaroth", "Baal", "Caim", "Orias"]
    assert g.s.step == "random" and g.s.track == [] and not any(d.acted for d in g.s.demons)
    assert [k for k, _ in g.s.chronicle].count("ev_act_wait") == 4


def test_9_1_eliminated_players_and_incapacitated_demons_do_not_act():
    g = Game([["Orias"], ["Baal"], ["Caim"]])
    g.s.players[1].out = True
    g.s.demons[g.demon("Caim")].status = "dead"
    g.start()
    assert g.order() == ["Orias"]


def test_g57_the_track_is_reset_to_rank_order_every_phase():
    g = Game([["Ashtaroth", "Orias"], ["Baal"]])
    g.s.players[0].hand = [pass_card(2)]
    g.start()
    g.do("pass", pass_card(2))
    assert g.order() == ["Baal", "Orias", "Ashtaroth"]
    for _ in range(3):
        g.do("wait")
    assert g.s.over
    g.s.over, g.s.step = False, "action"
    g.start()
    assert g.order() == ["Ashtaroth", "Baal", "Orias"]


def test_g28_pass_for_good_forfeits_the_next_action():
    g = Game([["Ashtaroth", "Orias"], ["Baal"]])
    g.s.demons[g.demon("Ashtaroth")].pass_for_good = True
    g.start()
    assert g.turn == "Baal" and "ev_act_pass_for_good" in g.keys()
    assert not g.s.demons[g.demon("Ashtaroth")].pass_for_good


def test_g28_pass_for_good_is_used_up_by_the_next_action_phase_even_when_incapacitated():
    g = Game([["Ashtaroth", "Orias"], ["Baal"]])
    ash = g.s.demons[g.demon("Ashtaroth")]
    ash.pass_for_good, ash.status = True, "incapacitated"
    g.start()
    assert not ash.pass_for_good and "ev_act_pass_for_good" not in g.keys()
    assert g.order() == ["Baal", "Orias"]


# -- 9.3 wait ----------------------------------------------------------------------------------------------


def test_9_3_wait_is_the_passive_choice_and_always_there():
    g = Game([["Caim"], ["Baal"]], souls=0)
    g.start()
    assert g.legal()[0] == Action(do="wait")
    assert flow.QUESTIONS["act"].passive(g.s, g.ask) == Action(do="wait")


# -- 9.4 pass -------------------------------------------------------------------------------------------------


def test_9_4_pass_chain_appendix_b_6(movement):
    g = Game([["Ashtaroth", "Caim"], ["Baal", "Orias"]])
    quad, p1a, p1b = pass_card(4, 4), pass_card(1), [c.id for c in data.ARCANA if c.minor == "pass"
                                                        and c.pass_places == 1][1]
    double_a, double_b = [c.id for c in data.ARCANA if c.minor == "pass" and c.pass_places == 2][:2]
    g.s.players[0].hand = [quad, p1b]
    g.s.players[1].hand = [p1a, double_a, double_b]
    board.place(g.s, "legion", 0, 10)
    g.start()
    assert g.order() == ["Ashtaroth", "Baal", "Caim", "Orias"]
    g.do("pass", quad)  # 4 places, only 3 possible: the 4th is lost
    assert g.order() == ["Baal", "Caim", "Orias", "Ashtaroth"]
    assert g.s.players[0].souls == 16 and quad not in g.s.players[0].hand and g.s.arcana[-1] == quad
    assert [(e.key, e.params["places"], e.params["moved"]) for e in g.events] == [("ev_act_pass", 4, 3)]
    g.do("pass", p1a)
    assert g.order() == ["Caim", "Baal", "Orias", "Ashtaroth"]
    g.do("pass", p1b)
    assert g.order() == ["Baal", "Caim", "Orias", "Ashtaroth"]
    g.do("pass", double_a)
    assert g.order() == ["Caim", "Orias", "Baal", "Ashtaroth"]
    assert g.turn == "Caim" and not any(x.do == "pass" for x in g.legal())  # no more cards
    g.do("move")
    assert movement == [("move", g.demon("Caim"))]
    g.do("pass", double_b)  # Orias
    assert g.order() == ["Baal", "Ashtaroth", "Orias"]
    g.do("wait")
    g.do("wait")
    assert g.turn == "Orias"
    g.do("wait")
    assert g.s.over


def test_9_4_pass_refused_without_a_demon_behind_and_unpaid():
    g = Game([["Ashtaroth"], ["Baal"]], souls=1)
    g.s.players[0].hand = [pass_card(2, 2), pass_card(1, 1)]
    g.s.players[1].hand = [pass_card(1, 1)]
    g.start()
    assert [x.a for x in g.legal() if x.do == "pass"] == [pass_card(1, 1)]  # cost 2 unpaid
    g.do("wait")
    assert g.turn == "Baal" and not any(x.do == "pass" for x in g.legal())


def test_g56_pass_counts_only_demons_still_waiting():
    g = Game([["Ashtaroth", "Orias"], ["Baal", "Caim"]])
    g.s.players[0].hand = [pass_card(2)]
    g.start()
    g.s.demons[g.demon("Baal")].acted = True  # e.g. a counter out of sequence
    g.do("pass", pass_card(2))
    assert g.order() == ["Caim", "Orias", "Ashtaroth"]
    names = [data.DEMONS[g.s.demons[i].card].name for i in g.s.track]
    assert names == ["Baal", "Caim", "Orias", "Ashtaroth"]


def test_9_4_one_card_per_turn_and_pass_again_later():
    g = Game([["Ashtaroth"], ["Baal"]])
    g.s.players[0].hand = [pass_card(1), [c.id for c in data.ARCANA if c.pass_places == 1][1]]
    g.start()
    g.do("pass", g.s.players[0].hand[0])
    assert g.turn == "Baal"  # the turn ended with one card
    g.s.players[1].hand = [pass_card(2)]
    g.do("pass", pass_card(2))
    assert g.turn == "Ashtaroth" and any(x.do == "pass" for x in g.legal())


# -- 9.5 move -------------------------------------------------------------------------------------------------


def test_9_5_move_needs_units_and_falls_home_first(movement):
    g = Game([["Ashtaroth"], ["Baal"]])
    g.start()
    assert Action(do="move") not in g.legal()
    board.place(g.s, "legion", 0, 3)
    g.s.demons[g.demon("Ashtaroth")].walk = walk_card(1)
    g.do("move")
    assert movement == [("move", g.demon("Ashtaroth"))]
    assert g.s.demons[g.demon("Ashtaroth")].walk is None and g.s.arcana[-1] == walk_card(1)
    assert g.keys()[:2] == ["ev_act_fall_home", "ev_act_move"]
    assert g.turn == "Baal"


# -- 9.6 walk the Earth ------------------------------------------------------------------------------------


def test_9_6_walk_the_earth_andras():
    g = Game([["Andras"], ["Naburos"]], souls=1)
    card = walk_card(1)
    g.s.players[0].hand = [card, walk_card(2)]
    g.start()
    assert [x.a for x in g.legal() if x.do == "walk"] == [card]  # the other costs 2
    assert Action(do="end_walk") not in g.legal() and Action(do="deeds") not in g.legal()
    g.do("walk", card)
    andras = g.s.demons[g.demon("Andras")]
    assert andras.walk == card and andras.on_earth and andras.acted
    assert g.s.players[0].souls == 0 and g.s.players[0].hand == [walk_card(2)]
    assert g.keys() == ["ev_act_walk"]


def test_9_6_on_earth_no_second_walk_but_earth_actions():
    g = Game([["Andras"], ["Naburos"]])
    g.s.demons[0].walk = walk_card(1)
    g.s.players[0].hand = [walk_card(2)]
    g.start()
    dos = [x.do for x in g.legal()]
    assert "walk" not in dos and "end_walk" in dos and "deeds" in dos and "beg" in dos


def test_9_6_1_break_off_the_walk():
    g = Game([["Andras"], ["Naburos"]])
    card = walk_card(1)
    g.s.demons[0].walk = card
    g.start()
    g.do("end_walk")
    assert g.s.demons[0].walk is None and g.s.demons[0].acted and g.s.arcana[-1] == card
    assert g.keys() == ["ev_act_end_walk"] and g.turn == "Naburos"


# -- 9.7.2 beg and plead -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,dice_,disfavour,after,status", [
    ("Sammael", [3, 3], 2, 2, "incapacitated"),   # 5-6 hearts, 5-6: incapacitated
    ("Sammael", [4, 4], 2, 2, "active"),          # 7-8: no
    ("Sammael", [5, 5], 3, 1, "active"),          # 9-10: 2 D
    ("Sammael", [6, 5], 2, 0, "active"),          # 11-12: 3 D, never below 0
    ("Baal", [1, 3], 1, 1, "incapacitated"),      # 3 hearts, 2-4
    ("Baal", [2, 3], 1, 1, "active"),             # 5-6: no
    ("Baal", [3, 4], 1, 0, "active"),             # 7-8: 1 D
    ("Naburos", [6, 6], 3, 1, "active"),          # 2 hearts, 11-12: 2 D
    ("Caim", [4, 4], 1, 1, "active"),             # 1 heart, 7-8: no
    ("Caim", [4, 5], 1, 0, "active"),             # 9-10: 1 D
    ("Caim", [6, 6], 0, 0, "active"),             # 0 disfavour may still beg
])
def test_9_7_2_beg_table(rolls, name, dice_, disfavour, after, status):
    g = Game([[name], []])
    g.s.players[0].disfavour = disfavour
    g.start()
    rolls.extend(dice_)
    g.do("beg")
    assert g.s.players[0].disfavour == after and g.s.demons[0].status == status
    assert g.s.over  # its action taken, the phase is over


def test_9_7_2_beg_from_earth_falls_home(rolls):
    g = Game([["Andras"], ["Naburos"]])
    g.s.demons[0].walk = walk_card(1)
    g.s.players[0].disfavour = 1
    g.start()
    rolls.extend([4, 4])
    g.do("beg")
    assert not g.s.demons[0].on_earth and g.s.players[0].disfavour == 0
    assert g.keys() == ["ev_act_fall_home", "ev_act_beg_forgiven"]


def test_9_7_2_beg_table_literal_rows():
    assert diplomacy.beg_result(2, 7) == diplomacy.beg_result(4, 7) == 1
    assert diplomacy.beg_result(6, 5) == diplomacy.INCAPACITATED
    assert diplomacy.beg_result(1, 12) == 1 and diplomacy.beg_result(5, 12) == 3


# -- 9.7.4 evil deeds ------------------------------------------------------------------------------------------------


def test_9_7_4_evil_deeds_appendix_b_9(rolls):
    g = Game([["Sammael"], ["Moloch"]])
    for d in g.s.demons:
        d.walk = walk_card(1)
    g.s.players[0].disfavour = 3  # no disfavour roll (G55)
    g.start()
    rolls.extend([1, 3, 5, 6, 6])
    g.do("deeds")
    assert g.s.players[0].favour == 3 and g.s.demons[0].on_earth
    assert g.events[0].params["rolls"] == [1, 3, 5, 6, 6] and g.events[0].params["favour"] == 2
    rolls.extend([3, 6])
    g.do("deeds")
    assert g.s.players[1].favour == 2 and not rolls


def test_9_7_4_evil_deeds_only_on_earth():
    g = Game([["Sammael"], ["Moloch"]])
    g.start()
    assert Action(do="deeds") not in g.legal()


# -- 9.7.1 influencing units -----------------------------------------------------------------------------------------


def two_players(hearts_demon: str = "Gomory", favour: int = 1, souls: int = 20) -> Game:
    g = Game([[hearts_demon], ["Naburos"]], souls=souls)
    g.s.players[0].favour = favour
    return g


def test_9_7_1_influence_appendix_b_7(rolls):
    """Gomory (4 hearts) at home pays 1 favour, bribes -2/-1, rolls 6 and 5: the legion switches."""
    g = two_players()
    g.s.owner[12] = 1
    legion = board.place(g.s, "legion", 1, 12)
    g.start()
    g.do("influence")
    # a single target is taken by itself: the goal comes next
    assert [x.do for x in g.legal()] == ["goal", "goal", "back"]
    g.do("goal", 2)  # switch: to Gomory's triumvirate or to the freebooters
    assert [x.a for x in g.legal() if x.do == "owner"] == [0, FREEBOOTERS]
    g.do("owner", 0)
    assert [x.a for x in g.legal() if x.do == "bribe"] == [0, 1, 2]  # more than 2 changes nothing
    g.do("bribe", 2)
    g.do("bribe", 1)
    assert flow.QUESTIONS["act"].prompt(g.s, g.ask) == (
        "pr_act_inf_confirm_2", {"need1": 6, "need2": 5, "souls": 3, "favour": 1})
    rolls.extend([6, 5])
    g.do("submit")
    assert legion.owner == 0 and g.s.players[0].favour == 0 and g.s.players[0].souls == 17
    assert "ev_act_inf_home" in g.keys() and "ev_act_inf_switched" in g.keys()
    assert [e.params["total"] for e in g.events if e.key == "ev_act_inf_roll_ok"] == [4, 4]
    assert g.s.demons[0].acted and 0 not in g.s.drafts and not rolls


def test_9_7_1_appendix_b_8_disband_with_bribe(rolls):
    """Ukobach (2 hearts) on Earth falls home, pays 2 souls, needs <= 4, rolls 3: disband."""
    g = two_players("Ukobach")
    g.s.demons[0].walk = walk_card(1)
    legion = board.place(g.s, "legion", 1, 40)
    g.start()
    influence(g, ("goal", 1))
    assert [x.a for x in g.legal() if x.do == "bribe"] == [0, 1, 2, 3, 4]
    g.do("bribe", 2)
    rolls.append(3)
    g.do("submit")
    assert board.unit(g.s, legion.id) is None and g.s.players[0].souls == 18
    assert g.s.players[0].favour == 1  # not at home
    assert not g.s.demons[0].on_earth and g.keys()[0] == "ev_act_fall_home"
    assert "ev_act_inf_disbanded" in g.keys()


def test_9_7_1_switch_fails_when_the_second_roll_fails(rolls):
    g = two_players()
    legion = board.place(g.s, "legion", 1, 40)
    g.start()
    influence(g, ("goal", 2), ("bribe", 0), ("bribe", 0))
    rolls.extend([2, 5])
    g.do("submit")
    assert legion.owner == 1 and board.unit(g.s, legion.id) is not None
    assert "ev_act_inf_failed" in g.keys()


def test_9_7_1_new_owner_any_player(rolls):
    g = Game([["Gomory"], ["Naburos"], ["Xaphan"]])
    legion = board.place(g.s, "legion", 1, 40)
    g.start()
    g.do("influence")
    g.do("goal", 2)
    assert [x.a for x in g.legal() if x.do == "owner"] == [0, 2, FREEBOOTERS]
    g.do("owner", 2)
    g.do("bribe", 0)
    g.do("bribe", 0)
    rolls.extend([1, 1])
    g.do("submit")
    assert legion.owner == 2


def test_9_7_1_back_undoes_steps_and_leaves_the_draft():
    g = two_players()
    board.place(g.s, "legion", 1, 40)
    board.place(g.s, "legion", 1, 41)
    g.start()
    g.do("influence")
    assert g.s.drafts[0].q == "act" and [x.do for x in g.legal()] == ["target", "target", "back"]
    assert flow.QUESTIONS["act"].passive(g.s, g.ask) == Action(do="back")
    g.do("target", g.legal()[0].a)
    g.do("goal", 1)
    g.do("back")
    g.do("back")
    assert g.s.drafts[0].steps == []
    g.do("back")
    assert 0 not in g.s.drafts and g.legal()[0] == Action(do="wait")


def test_9_7_1_legions_led_by_a_lieutenant_are_refused_hounds_never(rolls):
    g = two_players()
    lt = board.place(g.s, "lieutenant", 1, 40, card=5)
    led = board.place(g.s, "legion", 1, 40)
    led.leader = lt.id
    hound = board.place(g.s, "hound", 1, 40, card=3)
    g.start()
    g.do("influence")
    assert g.s.drafts[0].steps == []
    # the lieutenant is the only target: taken by itself, no goal step (3 rolls); who gains him?
    assert [x.do for x in g.legal()] == ["owner", "owner", "back"]
    g.do("owner", 0)
    assert [x.do for x in g.legal()] == ["bribe"] * 3 + ["back"]
    assert diplomacy.targets(g.s, 0) == [lt.id]
    assert not diplomacy.influenceable(g.s, 0, led) and not diplomacy.influenceable(g.s, 0, hound)


def lieutenant_game(bonus: int = 0) -> tuple[Game, object, object, object]:
    g = two_players()  # Gomory, 4 hearts
    g.s.players[1].souls = 20
    lt = board.place(g.s, "lieutenant", 1, 40, card=5)
    lt.bonus = bonus
    led = board.place(g.s, "legion", 1, 40)
    led.leader = lt.id
    hound = board.place(g.s, "hound", 1, 40, card=3)
    hound.keeper = led.id
    g.start()
    influence(g, ("bribe", 0), ("bribe", 0), ("bribe", 0))
    return g, lt, led, hound


def test_9_7_1_lieutenant_three_successes_switch_with_all_units(rolls):
    g, lt, led, hound = lieutenant_game()
    rolls.extend([1, 2, 3])
    g.do("submit")
    assert lt.owner == led.owner == hound.owner == 0 and led.leader == lt.id
    assert "ev_act_inf_lt_switched" in g.keys()


def test_9_7_1_lieutenant_two_successes_leaves_for_the_return_box(rolls):
    g, lt, led, hound = lieutenant_game()
    rolls.extend([1, 2, 6])
    g.do("submit")
    assert board.unit(g.s, lt.id) is None and g.s.returned == [5]
    assert led.owner == 1 and led.leader is None and hound.owner == 1
    assert "ev_act_inf_lt_left" in g.keys()


@pytest.mark.parametrize("dice_", [[1, 6], [6]])
def test_9_7_1_lieutenant_one_or_no_success_nothing(rolls, dice_):
    g, lt, led, hound = lieutenant_game()
    rolls.extend(dice_)
    g.do("submit")
    assert not rolls  # the rolls stop at the first failure
    assert lt.owner == 1 and board.unit(g.s, lt.id) is not None
    assert "ev_act_inf_failed" in g.keys()


def test_9_7_1_2_bonus_souls_add_to_every_roll(rolls):
    g, lt, led, hound = lieutenant_game(bonus=1)
    rolls.extend([3, 4])  # 3 + 1 <= 4 succeeds, 4 + 1 fails
    g.do("submit")
    assert lt.owner == 1
    assert [e.key for e in g.events if e.key.startswith("ev_act_inf_roll")] == [
        "ev_act_inf_roll_ok", "ev_act_inf_roll_failed"]


def test_9_7_1_2_bribes_paid_before_rolling_even_unused(rolls):
    g = two_players()
    lt = board.place(g.s, "lieutenant", 1, 40, card=5)
    lt.bonus = 2
    g.start()
    influence(g, ("bribe", 1), ("bribe", 1), ("bribe", 4))
    rolls.append(6)  # 6 + 2 - 1 > 4
    g.do("submit")
    assert g.s.players[0].souls == 14 and lt.owner == 1


def test_9_7_1_2_bribes_offered_only_where_a_die_can_succeed(rolls):
    """Against 20 bonus souls Gomory (4 hearts) needs 17 souls on a roll for a
    1 to succeed: the offer is 0 or 17-22 (a 6 succeeds), never 0-22."""
    g = two_players(souls=40)
    lt = board.place(g.s, "lieutenant", 1, 40, card=5)
    lt.bonus = 20
    g.start()
    g.do("influence")
    g.do("owner", 0)
    assert [x.a for x in g.legal() if x.do == "bribe"] == [0, 17, 18, 19, 20, 21, 22]
    g.do("bribe", 22)
    assert [x.a for x in g.legal() if x.do == "bribe"] == [0, 17, 18]  # 18 souls left
    g.do("bribe", 18)
    assert [x.do for x in g.legal()] == ["submit", "back"]  # nothing left: 0 taken by itself
    rolls.extend([6, 5])
    g.do("submit")  # 6 + 20 - 22 = 4, 5 + 20 - 18 = 7 > 4: he stays
    assert lt.owner == 1 and g.s.players[0].souls == 0


def test_9_7_1_2_bribe_choices_stop_where_any_die_succeeds():
    g = two_players(hearts_demon="Caim", souls=3)  # 1 heart: 5 souls make any die succeed
    board.place(g.s, "legion", 1, 40)
    g.start()
    influence(g, ("goal", 1))
    assert [x.a for x in g.legal() if x.do == "bribe"] == [0, 1, 2, 3]  # all he has
    g.s.players[0].souls = 9
    assert [x.a for x in g.legal() if x.do == "bribe"] == [0, 1, 2, 3, 4, 5]


def test_9_7_1_keeper_disbands_its_hound_runs_amok(rolls, movement):
    g = two_players()
    keeper = board.place(g.s, "legion", 1, 40)
    hound = board.place(g.s, "hound", 1, 40, card=4)
    hound.keeper = keeper.id
    g.start()
    assert diplomacy.targets(g.s, 0) == [keeper.id]
    influence(g, ("goal", 1), ("bribe", 0))
    rolls.append(2)
    g.do("submit")
    assert board.unit(g.s, keeper.id) is None and hound.owner is None and hound.keeper is None
    assert movement == [("amok", hound.id)] and "ev_act_hound_loose" in g.keys()


def test_9_7_1_keeper_switches_with_its_hound(rolls):
    g = two_players()
    keeper = board.place(g.s, "legion", 1, 40)
    hound = board.place(g.s, "hound", 1, 40, card=4)
    hound.keeper = keeper.id
    g.start()
    influence(g, ("goal", 2), ("bribe", 0), ("bribe", 0))
    rolls.extend([1, 1])
    g.do("submit")
    assert keeper.owner == hound.owner == 0 and hound.keeper == keeper.id


def test_9_7_1_alike_legions_are_offered_once():
    g = two_players()
    a, b = board.place(g.s, "legion", 1, 40), board.place(g.s, "legion", 1, 40)
    c = board.place(g.s, "legion", 1, 41)
    g.start()
    assert diplomacy.targets(g.s, 0) == [a.id, c.id]
    g.do("influence")
    label = flow.QUESTIONS["act"].label(g.s, g.ask, Action(do="target", a=a.id))
    assert label == ("lb_act_inf_legion", {"seat": 1, "sectio": 40, "count": 2})
    assert flow.QUESTIONS["act"].group(g.s, g.ask, Action(do="target", a=c.id)) == ("grp_act_sectio", {"sectio": 41})
    assert b.id not in [x.a for x in g.legal()]


def test_14_1_spendable_favour_for_units_at_home():
    g = two_players(favour=1)
    g.s.players[0].disfavour = 1  # the only favour is bound (G52)
    g.s.owner[12] = 1
    board.place(g.s, "legion", 1, 12)
    g.start()
    assert Action(do="influence") not in g.legal()
    away = board.place(g.s, "legion", 1, 13)
    assert Action(do="influence") in g.legal()
    assert diplomacy.targets(g.s, 0) == [away.id]
    g.s.players[0].favour = 2
    assert len(diplomacy.targets(g.s, 0)) == 2


def test_9_7_1_own_units_are_no_targets():
    g = two_players()
    board.place(g.s, "legion", 0, 40)
    g.start()
    assert Action(do="influence") not in g.legal()


def test_9_7_1_without_souls_the_bribe_steps_are_skipped(rolls):
    g = two_players(souls=0)
    legion = board.place(g.s, "legion", 1, 40)
    g.start()
    influence(g, ("goal", 1))
    assert [x.do for x in g.legal()] == ["submit", "back"]
    rolls.append(4)
    g.do("submit")
    assert board.unit(g.s, legion.id) is None


def test_9_7_1_many_targets_are_grouped_by_sectio():
    g = Game([["Gomory"], [], [], []])
    for seat in (1, 2, 3):
        for at in range(0, 40, 3):
            board.place(g.s, "legion", seat, at)
    g.start()
    g.do("influence")
    legal = g.legal()
    groups = [flow.QUESTIONS["act"].group(g.s, g.ask, x) for x in legal if x.do == "target"]
    assert len(legal) > 25 and all(k == "grp_act_sectio" for k, _ in groups)
    assert max(groups.count(grp) for grp in groups) <= 25


# -- the 9.7 walkthrough ----------------------------------------------------------------------------------------------


def test_9_7_walkthrough(rolls, movement):
    """Key, Beast, Void; magic replaced by waiting (part 2), Naburo's counter
    by marking him acted. G63: Ukobach's pass puts her behind Baal, who already
    precedes her, so Baal acts first and Ukobach cannot pass (nobody behind)."""
    g = Game([["Sammael", "Caim", "Balban"], ["Beelzebub", "Baal", "Naburos"], ["Ashtaroth", "Orias", "Ukobach"]])
    g.s.demons[g.demon("Balban")].status = "incapacitated"
    g.s.demons[g.demon("Sammael")].walk = walk_card(0)
    g.s.demons[g.demon("Ukobach")].walk = [c.id for c in data.ARCANA if c.minor == "walk" and c.cost == 0][1]
    board.place(g.s, "legion", 1, 5)
    beast_legion = board.place(g.s, "legion", 1, 20)
    double, walk1, walk3 = pass_card(2, 2), walk_card(1), walk_card(3)
    g.s.players[1].hand = [double]
    g.s.players[2].hand = [walk1, walk3, pass_card(1)]
    g.start()
    assert g.turn == "Sammael"
    rolls.extend([1, 3, 5, 6, 6])
    g.do("deeds")
    assert g.s.players[0].favour == 3
    assert g.turn == "Beelzebub"
    g.do("move")
    assert g.turn == "Ashtaroth"
    g.do("walk", walk1)
    assert g.s.players[2].souls == 19
    assert g.turn == "Baal"
    g.do("pass", double)
    assert g.order() == ["Caim", "Orias", "Baal", "Ukobach", "Naburos"]
    g.do("wait")  # Caim: Jones' Device (part 2)
    g.s.demons[g.demon("Naburos")].acted = True  # It Does Not Work, out of sequence
    assert g.turn == "Orias"
    g.do("walk", walk3)
    assert g.s.players[2].souls == 16
    assert g.turn == "Baal"
    g.do("wait")  # Deflection (part 2)
    assert g.turn == "Ukobach" and not any(x.do == "pass" for x in g.legal())
    influence(g, ("target", beast_legion.id), ("goal", 1), ("bribe", 2))
    rolls.append(3)
    g.do("submit")
    assert board.unit(g.s, beast_legion.id) is None and not g.s.demons[g.demon("Ukobach")].on_earth
    assert g.s.over and g.s.step == "random"


def test_g45_a_switched_keeper_beyond_12_legions_is_lost_its_hound_runs_amok(rolls, movement):
    g = two_players()
    for _ in range(12):
        board.place(g.s, "legion", 0, 3)
    keeper = board.place(g.s, "legion", 1, 40)
    hound = board.place(g.s, "hound", 1, 40, card=2)
    hound.keeper = keeper.id
    g.start()
    influence(g, ("goal", 2), ("bribe", 0), ("bribe", 0))
    rolls.extend([1, 1])
    g.do("submit")
    assert board.unit(g.s, keeper.id) is None and len(board.legions(g.s, 0)) == 12
    assert movement == [("amok", hound.id)]
    assert {"ev_act_inf_switched", "ev_act_inf_over_limit", "ev_act_hound_loose"} <= set(g.keys())


@pytest.mark.parametrize("seed", range(12))
def test_9_0_random_action_phases_end_and_keep_the_books(seed, movement):
    """Random legal choices: every demon acts once, souls and favour never
    go negative, every text formats, the phase hands over."""
    import random

    pick = random.Random(seed)
    names = [d.name for d in data.DEMONS]
    pick.shuffle(names)
    seats = 2 + seed % 3
    g = Game([names[3 * p:3 * p + 3] for p in range(seats)], souls=pick.randint(0, 8))
    deck = [c.id for c in data.ARCANA if c.minor in ("pass", "walk")]
    for p, player in enumerate(g.s.players):
        player.hand = pick.sample(deck, 4)
        player.favour, player.disfavour = pick.randint(0, 2), pick.randint(0, 2)
        for _ in range(6):
            at = pick.randrange(46)
            u = board.place(g.s, pick.choice(["legion", "legion", "lieutenant"]), p, at, card=pick.randrange(12))
            if at < 45 and pick.random() < 0.5:
                g.s.owner[at] = p
            if u.kind == "legion" and pick.random() < 0.2:
                board.place(g.s, "hound", p, at, card=3).keeper = u.id
    for d in g.s.demons:
        if pick.random() < 0.3:
            d.walk = walk_card(0)
    g.start()
    for _ in range(400):
        if g.s.over:
            break
        legal = g.legal()
        choice = pick.choice(legal)
        g.do(choice.do, choice.a, choice.b, choice.c)
        assert all(p.souls >= 0 and p.favour >= 0 and p.disfavour >= 0 for p in g.s.players)
    assert g.s.over and g.s.step == "random" and not g.s.drafts
