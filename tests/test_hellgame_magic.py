"""The HellGame, magic (9.8): the Magic action with the 16 Action spells of
hellgame.md's catalogue (1-16), support (9.8.3.2), counter windows with It
Does Not Work and Mirror (9.8.2.1, 22-23), "always pass", the secrecy of the
counter question, and the digest's Appendix B fixture 10 (counter out of
sequence spends both actions). engines/hellgame/magic/casting.py, spells.py,
spells_action.py, counters.py, driven through flow.advance / flow.answer.

Dice are forced by replacing ``engines.hellgame.core.dice.roll`` with a queue."""

from __future__ import annotations

import string

import pytest
from hellgame_dice import rolls  # noqa: F401 - a fixture

from engines.hellgame import engine as hellgame_engine  # noqa: F401  (registers every module)
from engines.hellgame.core import board, data, flight, flow
from engines.hellgame.core.model import Action, Casting, Demon, State
from engines.hellgame.core.text import MESSAGES
from engines.hellgame.magic import counters, spells
from engines.hellgame.setup import initial_state

BEAST, KEY, VOID = 0, 1, 2


def demon_card(name: str) -> int:
    return next(d.index for d in data.DEMONS if d.name == name)


def card(key: str, n: int = 0) -> int:
    return [c.id for c in data.ARCANA if c.major == key][n]


def sectio(prefix: str) -> int:
    hits = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    assert len(hits) == 1, prefix
    return hits[0]


IDNW, IDNW2, MIRROR = card("it_does_not_work", 3), card("it_does_not_work", 4), card("mirror")
ERESHKIGAL = sectio("Mad Ereshkigal")


@pytest.fixture(autouse=True)
def phase_ends_the_test(monkeypatch):
    """The next phase is someone else's: reaching it ends the test's game."""
    monkeypatch.setattr(flow, "PHASE_END", [])
    monkeypatch.setitem(flow.STEPS, "random", lambda s, ev: setattr(s, "over", True))


@pytest.fixture
def amok(monkeypatch):
    from engines.hellgame.phases.action import movement

    ran: list[int] = []
    monkeypatch.setattr(movement, "run_amok", lambda s, h, ev: ran.append(h.id))
    return ran


def template(key: str, lang: str) -> str:
    t = MESSAGES.template(key, lang)
    assert t is not None, key
    return t


class Game:
    """A state at the start of the Action phase, driven through flow."""

    def __init__(self, triumvirates: list[list[str]], souls: int = 20, favour: int = 3) -> None:
        self.s: State = initial_state(len(triumvirates), 1, {})
        self.s.asks = []
        self.s.demons = [Demon(card=demon_card(n), owner=seat)
                         for seat, names in enumerate(triumvirates) for n in names]
        for p in self.s.players:
            p.souls, p.favour, p.hand = souls, favour, []
        self.s.step = self.s.phase = "action"
        self.events: list = []

    def d(self, name: str) -> int:
        return next(i for i, d in enumerate(self.s.demons) if d.card == demon_card(name))

    def earth(self, name: str) -> None:
        self.s.demons[self.d(name)].walk = card("lore")  # any card lies under it

    def give(self, seat: int, *cards: int) -> None:
        for c in cards:
            if c in self.s.arcana:
                self.s.arcana.remove(c)
            self.s.players[seat].hand.append(c)

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

    def legal(self, seat: int | None = None) -> list[Action]:
        return flow.legal(self.s, self.ask.seat if seat is None else seat)

    def do(self, do: str, a: int | None = None, b: int | None = None) -> list:
        self.events = []
        flow.answer(self.s, self.ask.seat, Action(do=do, a=a, b=b), self.events)
        self.check_words()
        return self.events

    def cast(self, c: int, *steps: tuple[str, int | None]) -> list:
        assert Action(do="cast", a=c) in self.legal(), (c, self.legal())
        events = self.do("cast", c)
        for do, a in steps:
            events += self.do(do, a)
        return events + self.do("submit")

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
            assert legal
            texts += [q.label(self.s, a, x) for x in legal]
            texts += [q.group(self.s, a, x) for x in legal] if q.group else []
            assert q.passive(self.s, a) in legal
        for key, params in texts:
            assert all(isinstance(v, (int, list)) for v in params.values()), (key, params)
            for lang in ("de", "en"):
                t = template(key, lang)
                names = {f for _, f, _, _ in string.Formatter().parse(t) if f}
                assert names <= set(params), (key, names, params)
                hellgame_engine.ENGINE.text(key, params, lang)


def owned(g: Game, seat: int, *sectios: int) -> None:
    for x in sectios:
        g.s.owner[x] = seat


def legions(g: Game, seat: int, at: int, n: int, leader=None) -> list:
    out = []
    for _ in range(n):
        u = board.place(g.s, "legion", seat, at)
        u.leader = leader.id if leader is not None else None
        out.append(u)
    return out


# -- the Magic action --------------------------------------------------------------------------------


def test_9_8_only_castable_action_cards_are_offered_with_their_cost():
    g = Game([["Baal"], ["Caim"]])
    binding, lore, frenzy, raise_ = card("binding"), card("lore"), card("frenzy"), card("raise_the_dead")
    g.give(BEAST, binding, lore, frenzy, raise_, IDNW)
    g.start()
    casts = [x.a for x in g.legal() if x.do == "cast"]
    # Binding needs Earth, Frenzy is a Combat card, It Does Not Work a Counter card,
    # Raise the Dead a sectio of Baal's own: only Lore is castable.
    assert casts == [lore]
    assert spells.refusal_of(g.s, g.d("Baal"), binding) == "why_magic_not_on_earth"
    assert spells.refusal_of(g.s, g.d("Baal"), raise_) == "why_magic_no_sectio"
    q = flow.QUESTIONS["act"]
    assert q.label(g.s, g.ask, Action(do="cast", a=lore)) == ("lb_magic_cast_lore", {"card": lore, "souls": 0, "favour": 0})
    for key, m in data.MAJORS.items():
        if m.timing == "action":
            assert key in spells.EFFECTS
            from engines.hellgame.magic import casting as magic

            for lang in ("de", "en"):
                template(magic.CAST_LABELS[key], lang)


def test_9_8_every_refusal_key_is_in_both_catalogues():
    import inspect
    import re

    from engines.hellgame.magic import counters as c_mod, spells_action
    from engines.hellgame.magic import casting as magic

    keys = set()
    for mod in (spells, spells_action, magic, c_mod):
        keys |= set(re.findall(r'"(why_magic_[a-z_]+)"', inspect.getsource(mod)))
    assert len(keys) > 15
    for key in keys:
        for lang in ("de", "en"):
            template(key, lang)


def test_9_8_1_back_leaves_the_draft_and_the_card_stays():
    g = Game([["Baal"], ["Caim"]])
    lore = card("lore")
    g.give(BEAST, lore)
    g.start()
    g.do("cast", lore)
    assert g.legal() == [Action(do="submit"), Action(do="back")]
    g.do("back")
    assert BEAST not in g.s.drafts and g.turn == "Baal" and lore in g.s.players[BEAST].hand


def test_9_8_1_hell_spell_from_earth_falls_home_earth_spell_stays(rolls):
    g = Game([["Baal", "Moloch"], ["Caim"]])
    g.earth("Baal")
    g.earth("Moloch")
    g.s.arcana.remove(card("lore"))
    fast, absolve = card("fast_souls"), card("absolution")
    g.give(BEAST, fast, absolve)
    g.s.players[BEAST].disfavour = 1
    g.s.players[KEY].always_pass = True
    g.start()
    rolls += [3, 4]
    g.cast(fast)
    assert g.s.demons[g.d("Baal")].on_earth and g.s.players[BEAST].souls == 27
    assert g.turn == "Moloch"
    g.cast(absolve)  # the only target: the disfavour
    assert not g.s.demons[g.d("Moloch")].on_earth and "ev_act_fall_home" in g.keys()
    assert g.s.players[BEAST].disfavour == 0


# -- 1 Deflection --------------------------------------------------------------------------------------


def test_spell_1_deflection_effect():
    """9.7 walkthrough step 8: Baal pays 1 favour, Void's best lieutenant goes over to Beast."""
    g = Game([["Baal"], ["Naburos"]])
    at = sectio("Sugar")
    lt = board.place(g.s, "lieutenant", KEY, at, card=0)
    led = legions(g, KEY, at, 2, leader=lt)
    legions(g, KEY, at, 1)
    defl = card("deflection")
    g.give(BEAST, defl)
    g.s.players[KEY].always_pass = True
    g.start()
    g.do("cast", defl)
    targets = [x.a for x in g.legal() if x.do == "target"]
    assert lt.id in targets and all(u.id not in targets for u in led)  # led legions go with him
    g.do("target", lt.id)
    g.do("submit")
    assert lt.owner == BEAST and all(u.owner == BEAST for u in led)
    assert g.s.players[BEAST].favour == 2
    assert "ev_magic_deflection_lt" in g.keys() and g.s.demons[g.d("Baal")].acted


def test_spell_1_deflection_refused_without_favour_or_enemy_unit():
    g = Game([["Baal"], ["Naburos"]], favour=0)
    defl = card("deflection")
    g.give(BEAST, defl)
    legions(g, KEY, 3, 1)
    assert spells.EFFECTS["deflection"].refusal(g.s, g.d("Baal")) == "why_magic_favour"
    g.s.players[BEAST].favour, g.s.players[BEAST].disfavour = 1, 1  # bound favour does not count
    assert spells.EFFECTS["deflection"].refusal(g.s, g.d("Baal")) == "why_magic_favour"
    g.s.players[BEAST].disfavour = 0
    g.s.units = []
    assert spells.EFFECTS["deflection"].refusal(g.s, g.d("Baal")) == "why_magic_no_enemy_unit"
    assert spells.EFFECTS["deflection"].targets(g.s, g.d("Baal")) == []
    g.start()
    assert not [x for x in g.legal() if x.do == "cast"]


# -- 2 Incubus -----------------------------------------------------------------------------------------


def test_spell_2_incubus_effect():
    """9.8.2.1 example: Balban (4 stars, on Earth) casts Incubus on Ashtaroth (2 stars, on Earth)."""
    g = Game([["Balban"], ["Ashtaroth", "Sammael"]])
    g.earth("Balban")
    g.earth("Ashtaroth")
    g.earth("Sammael")                     # 4 stars: not fewer than Balban's
    inc = card("incubus")
    g.give(BEAST, inc)
    g.s.track = [g.d("Balban"), g.d("Ashtaroth"), g.d("Sammael")]
    g.start()
    g.do("cast", inc)                      # one target only: taken by itself
    assert g.legal() == [Action(do="submit"), Action(do="back")]
    g.do("submit")
    assert g.ask.q == "counter" and g.ask.seat == KEY
    g.do("no")
    ash = g.s.demons[g.d("Ashtaroth")]
    assert ash.status == "incapacitated" and ash.on_earth
    assert g.s.demons[g.d("Balban")].on_earth  # an Earth spell: it stays there
    assert g.turn == "Sammael"


def test_spell_2_incubus_refused_in_hell_or_without_weaker_demon_on_earth():
    g = Game([["Balban"], ["Ashtaroth"]])
    g.give(BEAST, card("incubus"))
    g.earth("Ashtaroth")
    assert spells.EFFECTS["incubus"].refusal(g.s, g.d("Balban")) == "why_magic_not_on_earth"
    g.earth("Balban")
    g.s.demons[g.d("Ashtaroth")].walk = None
    assert spells.EFFECTS["incubus"].refusal(g.s, g.d("Balban")) == "why_magic_no_weaker_demon_on_earth"


# -- 3 Binding ---------------------------------------------------------------------------------------------


def test_spell_3_binding_effect(rolls):
    g = Game([["Caim"], ["Baal"]])
    g.earth("Caim")
    g.give(BEAST, card("binding"))
    g.s.players[KEY].always_pass = True
    g.s.track = [g.d("Caim"), g.d("Baal")]
    g.start()
    rolls += [4]                             # Caim's 4 stars: success
    g.cast(card("binding"))
    assert g.s.demons[g.d("Baal")].status == "incapacitated"
    assert g.s.players[BEAST].souls == 18 and "ev_magic_roll_ok" in g.keys()


def test_spell_3_binding_roll_fails(rolls):
    g = Game([["Caim"], ["Baal"]])
    g.earth("Caim")
    g.give(BEAST, card("binding"))
    g.s.players[KEY].always_pass = True
    g.s.track = [g.d("Caim"), g.d("Baal")]
    g.start()
    rolls += [5]
    g.cast(card("binding"))
    assert g.s.demons[g.d("Baal")].status == "active" and "ev_magic_roll_failed" in g.keys()


def test_spell_3_binding_refused_without_souls_or_in_hell():
    g = Game([["Caim"], ["Baal"]], souls=1)
    g.give(BEAST, card("binding"))
    assert spells.EFFECTS["binding"].refusal(g.s, g.d("Caim")) == "why_magic_not_on_earth"
    g.earth("Caim")
    assert spells.EFFECTS["binding"].refusal(g.s, g.d("Caim")) == "why_magic_souls"


# -- 4 Love for Lilith and support (9.8.3.2) ------------------------------------------------------------------


@pytest.fixture
def lilith():
    """A stand-in for Lilith's arrival (part 3) on the hook list."""
    called: list[int] = []
    hook = lambda s, ev: called.append(s.round)  # noqa: E731
    spells.SUMMON_LILITH.append(hook)
    yield called
    spells.SUMMON_LILITH.remove(hook)


def lilith_game() -> Game:
    """Player X (Beast, Moloch: 2 hearts) controls Mad Ereshkigal; Belphegor (6)
    and Beelzebub (2) of two other players may bring 8 hearts."""
    g = Game([["Moloch"], ["Belphegor"], ["Beelzebub"]])
    owned(g, BEAST, ERESHKIGAL)
    g.give(BEAST, card("love_for_lilith", 1))
    for p in (KEY, VOID):
        g.s.players[p].always_pass = True
    g.s.track = [g.d("Moloch"), g.d("Belphegor"), g.d("Beelzebub")]
    return g


def test_spell_4_love_for_lilith_effect_with_supporters_9_8_3_2(lilith):
    g = lilith_game()
    g.start()
    lfl = card("love_for_lilith", 1)
    g.do("cast", lfl)
    assert g.ask.q == "act" and Action(do="submit") not in g.legal()  # 2 of 10 hearts
    g.do("support", g.d("Belphegor"))
    assert Action(do="submit") not in g.legal()
    g.do("support", g.d("Beelzebub"))
    g.do("submit")
    assert (g.ask.q, g.ask.seat) == ("support", KEY)
    assert flow.QUESTIONS["support"].prompt(g.s, g.ask)[0] == "pr_magic_support"
    g.do("yes")
    assert (g.ask.q, g.ask.seat) == ("support", VOID)
    g.do("yes")
    assert lilith == [1] and "ev_magic_lilith" in g.keys()
    assert g.s.players[BEAST].favour == 2 and lfl not in g.s.players[BEAST].hand
    assert g.s.over                              # the supporters gave their action: nobody left


def test_9_8_3_2_a_supporter_breaks_the_promise_the_spell_fails(lilith):
    g = lilith_game()
    g.start()
    lfl = card("love_for_lilith", 1)
    g.do("cast", lfl)
    g.do("support", g.d("Belphegor"))
    g.do("support", g.d("Beelzebub"))
    g.do("submit")
    g.do("yes")                                  # Belphegor keeps the word
    g.do("no")                                   # Beelzebub breaks it
    assert "ev_magic_support_no" in g.keys() and "ev_magic_support_failed" in g.keys()
    assert lilith == []
    assert lfl in g.s.players[BEAST].hand and g.s.players[BEAST].favour == 3  # not cast: costs nothing
    assert g.s.demons[g.d("Belphegor")].acted        # the supporter lost its turn
    assert not g.s.demons[g.d("Beelzebub")].acted    # the promise breaker did not
    assert g.turn == "Moloch"                        # the caster chooses another action
    g.do("wait")
    assert g.turn == "Beelzebub"


def test_9_8_3_2_own_supporter_needs_no_question_and_loses_its_turn(lilith):
    g = Game([["Moloch", "Belphegor", "Beelzebub"], ["Baal"]])
    owned(g, BEAST, ERESHKIGAL)
    g.give(BEAST, card("love_for_lilith", 1))
    g.s.players[KEY].always_pass = True
    g.s.track = [g.d("Moloch"), g.d("Belphegor"), g.d("Beelzebub"), g.d("Baal")]
    g.start()
    g.do("cast", card("love_for_lilith", 1))
    g.do("support", g.d("Belphegor"))
    g.do("support", g.d("Beelzebub"))
    g.do("submit")
    assert lilith == [1] and g.turn == "Baal"


def test_9_8_3_2_supporters_must_be_where_the_spell_is_cast():
    g = lilith_game()
    g.earth("Belphegor")                         # 2 + 2 hearts in Hell: not enough
    assert spells.EFFECTS["love_for_lilith"].refusal(g.s, g.d("Moloch")) == "why_magic_hearts"


def test_spell_4_love_for_lilith_refused_without_mad_ereshkigal():
    g = lilith_game()
    g.s.owner[ERESHKIGAL] = KEY
    assert spells.EFFECTS["love_for_lilith"].refusal(g.s, g.d("Moloch")) == "why_magic_no_ereshkigal"
    g.start()
    assert not [x for x in g.legal() if x.do == "cast"]


# -- 5 Call for Uriel ---------------------------------------------------------------------------------------------


def test_spell_5_call_for_uriel_effect():
    called: list[int] = []
    hook = lambda s, ev: called.append(1)  # noqa: E731
    spells.SUMMON_URIEL.append(hook)
    try:
        g = Game([["Baal"], ["Caim"]])
        g.earth("Baal")
        g.give(BEAST, card("call_for_uriel"))
        g.s.players[KEY].always_pass = True
        g.start()
        g.cast(card("call_for_uriel"))
    finally:
        spells.SUMMON_URIEL.remove(hook)
    assert called == [1] and "ev_magic_uriel" in g.keys() and g.s.players[BEAST].favour == 1


def test_spell_5_call_for_uriel_refused_without_two_favour():
    g = Game([["Baal"], ["Caim"]], favour=1)
    g.earth("Baal")
    assert spells.EFFECTS["call_for_uriel"].refusal(g.s, g.d("Baal")) == "why_magic_favour"


# -- 6 Raise the Dead ----------------------------------------------------------------------------------------------


def test_spell_6_raise_the_dead_effect():
    g = Game([["Baal"], ["Caim"]])
    owned(g, BEAST, 3, 7)
    g.give(BEAST, card("raise_the_dead"))
    g.s.players[KEY].always_pass = True
    g.start()
    g.cast(card("raise_the_dead"), ("target", 7))
    assert len([u for u in board.units_at(g.s, 7) if u.kind == "legion" and u.owner == BEAST]) == 2
    assert g.s.players[BEAST].souls == 18


def test_spell_6_raise_the_dead_refused_at_the_legion_limit():
    g = Game([["Baal"], ["Caim"]])
    owned(g, BEAST, 3)
    legions(g, BEAST, 3, 12)
    assert spells.EFFECTS["raise_the_dead"].refusal(g.s, g.d("Baal")) == "why_magic_legion_limit"


# -- 7 Plague -----------------------------------------------------------------------------------------------------------


def test_spell_7_plague_effect(rolls, amok):
    g = Game([["Baal"], ["Caim"]])
    mine = legions(g, BEAST, 10, 1)
    theirs = legions(g, KEY, 10, 3)
    g.give(BEAST, card("plague"))
    g.s.players[KEY].always_pass = True
    g.start()
    rolls += [2, 6, 1, 2, 5]                 # Baal's 2 stars; Beast's legion 6; Mu's 1, 2, 5
    g.cast(card("plague"))                   # one target sectio: taken by itself
    assert board.unit(g.s, mine[0].id) is not None
    assert [board.unit(g.s, u.id) is not None for u in theirs] == [False, False, True]
    assert [e.params["lost"] for e in g.events if e.key == "ev_magic_plague"] == [0, 2]


def test_spell_7_plague_refused_without_enemy_legion():
    g = Game([["Baal"], ["Caim"]])
    legions(g, BEAST, 10, 2)
    assert spells.EFFECTS["plague"].refusal(g.s, g.d("Baal")) == "why_magic_no_enemy_legion"


# -- 8 Fast Souls ----------------------------------------------------------------------------------------------------------


def test_spell_8_fast_souls_effect(rolls):
    g = Game([["Baal"], ["Caim"]])
    g.earth("Baal")
    g.give(BEAST, card("fast_souls"))
    g.s.players[KEY].always_pass = True
    g.start()
    rolls += [6, 5]
    g.cast(card("fast_souls"))
    assert g.s.players[BEAST].souls == 31


def test_spell_8_fast_souls_refused_in_hell():
    g = Game([["Baal"], ["Caim"]])
    assert spells.EFFECTS["fast_souls"].refusal(g.s, g.d("Baal")) == "why_magic_not_on_earth"


# -- 9 Intrigue ---------------------------------------------------------------------------------------------------------------


def test_spell_9_intrigue_effect(rolls):
    g = Game([["Baal"], ["Caim"]])
    hand = [card("lore", 1), card("plague", 1), card("ward", 1)]
    g.give(KEY, *hand)
    g.give(BEAST, card("intrigue"))
    g.s.players[KEY].always_pass = True
    g.start()
    rolls += [1, 6]                          # the first of three, then the second of two
    g.cast(card("intrigue"))
    assert g.s.players[BEAST].hand == [hand[0], hand[2]] and g.s.players[KEY].hand == [hand[1]]
    got = [e for e in g.events if e.key == "ev_magic_intrigue_got"]
    assert got[0].visible_to == [BEAST] and got[0].params["cards"] == [hand[0], hand[2]]
    assert [e.visible_to for e in g.events if e.key == "ev_magic_intrigue_lost"] == [[KEY]]


def test_spell_9_intrigue_refused_without_cards_or_souls():
    g = Game([["Baal"], ["Caim"]])
    assert spells.EFFECTS["intrigue"].refusal(g.s, g.d("Baal")) == "why_magic_no_hand"
    g.give(KEY, card("lore", 1))
    g.s.players[BEAST].souls = 0
    assert spells.EFFECTS["intrigue"].refusal(g.s, g.d("Baal")) == "why_magic_souls"


# -- 10 Secret Tunnel -------------------------------------------------------------------------------------------------------------


def test_spell_10_secret_tunnel_effect():
    g = Game([["Baal"], ["Caim"]])
    owned(g, BEAST, 40)
    lt = board.place(g.s, "lieutenant", BEAST, 5, card=0)
    group = legions(g, BEAST, 5, 2, leader=lt)
    legions(g, KEY, 40, 2)                   # nobody flees or blocks
    g.give(BEAST, card("secret_tunnel"))
    g.s.players[KEY].always_pass = True
    g.start()
    g.do("cast", card("secret_tunnel"))   # one unit (his legions go with him), one sectio: taken by themselves
    assert g.legal() == [Action(do="submit"), Action(do="back")]
    g.do("submit")
    assert lt.at == 40 and all(u.at == 40 for u in group)
    assert [BEAST, 5] in g.s.entered["40"] and g.s.flight is None


def test_spell_10_secret_tunnel_refused_without_another_own_sectio():
    g = Game([["Baal"], ["Caim"]])
    owned(g, BEAST, 5)
    legions(g, BEAST, 5, 1)
    assert spells.EFFECTS["secret_tunnel"].refusal(g.s, g.d("Baal")) == "why_magic_no_tunnel"


# -- 11 Ward ----------------------------------------------------------------------------------------------------------------------


def test_spell_11_ward_effect():
    g = Game([["Baal"], ["Caim"]])
    owned(g, BEAST, 12)
    g.give(BEAST, card("ward"))
    g.s.players[KEY].always_pass = True
    g.start()
    g.cast(card("ward"))
    assert flight.entry_barred(g.s, KEY, 12) and not flight.entry_barred(g.s, BEAST, 12)
    assert not flight.entry_barred(g.s, KEY, 13)
    g.s.round += 1                            # until the end of the round
    assert not flight.entry_barred(g.s, KEY, 12)


def test_spell_11_ward_refused_without_souls_or_sectio():
    g = Game([["Baal"], ["Caim"]], souls=1)
    owned(g, BEAST, 12)
    assert spells.EFFECTS["ward"].refusal(g.s, g.d("Baal")) == "why_magic_souls"
    g.s.players[BEAST].souls = 5
    g.s.owner[12] = None
    assert spells.EFFECTS["ward"].refusal(g.s, g.d("Baal")) == "why_magic_no_sectio"


# -- 12 Revocation -------------------------------------------------------------------------------------------------------------------


def test_spell_12_revocation_effect_and_rescue(rolls):
    g = Game([["Baal"], ["Caim"]])
    owned(g, BEAST, 20)
    owned(g, KEY, 30)                        # Key's only sectio, no unit of Key there
    legions(g, KEY, 31, 2)                   # the most units: Key is rescued there (12.3.1)
    g.give(BEAST, card("revocation"))
    g.s.players[KEY].always_pass = True
    g.start()
    rolls += [3]                             # Baal's 3 hearts
    g.cast(card("revocation"))
    assert g.s.owner[30] is None and "ev_magic_revoked" in g.keys()
    assert g.s.owner[31] == KEY and "ev_rescue" in g.keys()


def test_spell_12_revocation_refused_when_every_sectio_is_guarded():
    g = Game([["Baal"], ["Caim"]])
    owned(g, KEY, 30)
    legions(g, KEY, 30, 1)
    assert spells.EFFECTS["revocation"].refusal(g.s, g.d("Baal")) == "why_magic_no_unguarded_sectio"
    g.s.units = []
    g.s.players[BEAST].favour = 0
    assert spells.EFFECTS["revocation"].refusal(g.s, g.d("Baal")) == "why_magic_favour"


# -- 13 Pack of Hounds -------------------------------------------------------------------------------------------------------------------


def test_spell_13_pack_of_hounds_effect():
    g = Game([["Baal"], ["Caim"]])
    g.give(BEAST, card("pack_of_hounds"))
    g.s.players[KEY].always_pass = True
    top = g.s.hounds[0]
    g.start()
    g.cast(card("pack_of_hounds"), ("target", 22))
    h = [u for u in board.units_at(g.s, 22) if u.kind == "hound"]
    assert len(h) == 1 and h[0].owner is None and h[0].card == top


def test_spell_13_pack_of_hounds_refused_without_hounds():
    g = Game([["Baal"], ["Caim"]])
    g.s.hounds = []
    assert spells.EFFECTS["pack_of_hounds"].refusal(g.s, g.d("Baal")) == "why_magic_no_hounds"


# -- 14 Lore ------------------------------------------------------------------------------------------------------------------------------


def test_spell_14_lore_effect_and_hand_limit():
    g = Game([["Baal"], ["Caim"]])
    g.s.arcana = [c.id for c in data.ARCANA if c.minor != "play_right_away"]
    g.give(BEAST, card("lore"), card("ward", 1), card("ward", 2), card("plague", 1))
    g.s.players[KEY].always_pass = True
    g.start()
    g.cast(card("lore"))
    assert len(g.s.players[BEAST].hand) == 6
    drawn = [e for e in g.events if e.key == "ev_arcana_drawn"]
    assert drawn[0].visible_to == [BEAST] and len(drawn[0].params["cards"]) == 3
    assert (g.ask.q, g.ask.seat) == ("discard", BEAST)
    g.do("discard", g.s.players[BEAST].hand[0])
    assert len(g.s.players[BEAST].hand) == 5 and g.turn == "Caim"


def test_spell_14_lore_refused_with_an_empty_deck():
    g = Game([["Baal"], ["Caim"]])
    g.s.arcana = []
    assert spells.EFFECTS["lore"].refusal(g.s, g.d("Baal")) == "why_magic_no_cards"


# -- 15 Absolution -----------------------------------------------------------------------------------------------------------------------------


def test_spell_15_absolution_recovers_a_demon():
    g = Game([["Baal", "Moloch"], ["Caim"]])
    g.s.players[BEAST].disfavour = 2
    g.s.demons[g.d("Moloch")].status = "incapacitated"
    g.give(BEAST, card("absolution"))
    g.s.players[KEY].always_pass = True
    g.start()
    g.do("cast", card("absolution"))
    assert [x.a for x in g.legal() if x.do == "target"] == [-1, g.d("Moloch")]
    g.do("target", g.d("Moloch"))
    g.do("submit")
    assert g.s.demons[g.d("Moloch")].status == "active" and g.s.players[BEAST].disfavour == 2


def test_spell_15_absolution_refused_with_nothing_to_absolve():
    g = Game([["Baal"], ["Caim"]])
    assert spells.EFFECTS["absolution"].refusal(g.s, g.d("Baal")) == "why_magic_nothing_to_absolve"


# -- 16 Confusion --------------------------------------------------------------------------------------------------------------------------------


def test_spell_16_confusion_effect(rolls):
    g = Game([["Baal"], ["Caim", "Naburos"]])
    g.give(BEAST, card("confusion"))
    g.start()
    g.do("cast", card("confusion"))
    g.do("target", g.d("Naburos"))
    g.do("submit")
    assert (g.ask.q, g.ask.seat) == ("counter", KEY)
    rolls += [2]                              # Baal's 2 stars
    g.do("no")
    assert g.s.demons[g.d("Naburos")].acted and "ev_magic_confusion" in g.keys()
    assert g.turn == "Caim"
    g.do("wait")
    assert g.s.over                           # Naburos lost its action


def test_spell_16_confusion_refused_without_waiting_enemy_demon():
    g = Game([["Baal"], ["Caim"]])
    g.start()
    g.do("wait")                              # Baal waits; Caim is the last to act
    assert spells.EFFECTS["confusion"].refusal(g.s, g.d("Caim")) == "why_magic_no_waiting_demon"


# -- counter windows (9.8.2.1): It Does Not Work, Mirror ---------------------------------------------------------------


def fixture_10() -> Game:
    """The 9.7 walkthrough, step 5: Caim (Key, on Earth) plays Jones' Device
    against Baal, who passed behind her; Naburo has not acted yet."""
    g = Game([["Baal", "Naburos"], ["Caim"]])
    g.earth("Caim")
    jones = next(c.id for c in data.ARCANA if c.name == "Jones' Device")
    g.give(KEY, jones)
    g.give(BEAST, IDNW)
    g.s.track = [g.d("Caim"), g.d("Baal"), g.d("Naburos")]
    return g


def test_appendix_b_10_counter_out_of_sequence_spends_both_actions():
    g = fixture_10()
    g.start()
    assert g.turn == "Caim"
    jones = g.s.players[KEY].hand[0]
    g.cast(jones, ("target", g.d("Baal")))
    assert (g.ask.q, g.ask.seat) == ("counter", BEAST)
    assert Action(do="counter", a=IDNW, b=g.d("Naburos")) in g.legal()
    assert Action(do="counter", a=IDNW, b=g.d("Baal")) in g.legal()   # the target may too
    g.do("counter", IDNW, g.d("Naburos"))
    assert "ev_magic_countered" in g.keys() and "ev_magic_out_of_sequence" in g.keys()
    assert g.s.demons[g.d("Baal")].status == "active"
    assert g.s.demons[g.d("Caim")].acted and g.s.demons[g.d("Naburos")].acted
    assert jones not in g.s.players[KEY].hand and IDNW not in g.s.players[BEAST].hand
    assert g.s.arcana[-2:] == [jones, IDNW] and g.s.players[KEY].souls == 18
    assert g.s.last_spell == [KEY, jones, "binding", [g.d("Baal")]] and g.s.casting is None
    assert g.turn == "Baal"
    g.do("wait")
    assert g.s.over                            # Naburo does not act again


def test_spell_22_it_does_not_work_refused_without_the_card_or_an_unacted_demon(rolls):
    g = Game([["Caim"], ["Baal"], ["Naburos"]])
    g.give(BEAST, card("plague"))
    g.give(VOID, IDNW)
    legions(g, KEY, 10, 1)
    g.s.track = [g.d("Caim"), g.d("Baal"), g.d("Naburos")]
    g.s.demons[g.d("Naburos")].acted = True   # acted already, not targeted: not asked at all
    g.start()
    g.cast(card("plague"))
    assert (g.ask.q, g.ask.seat) == ("counter", KEY)
    assert g.legal() == [Action(do="no"), Action(do="always")]  # Key holds no counter card
    rolls += [6]
    g.do("no")
    assert g.turn == "Baal" and IDNW in g.s.players[VOID].hand


def test_spell_22_a_targeted_demon_that_acted_may_still_counter(rolls):
    g = Game([["Baal"], ["Caim"]])
    g.earth("Caim")
    g.give(BEAST, IDNW)
    g.give(KEY, card("binding"))
    g.start()
    g.do("wait")                               # Baal has acted
    g.cast(card("binding"))
    assert g.ask.seat == BEAST and Action(do="counter", a=IDNW, b=g.d("Baal")) in g.legal()
    g.do("counter", IDNW, g.d("Baal"))
    assert "ev_magic_out_of_sequence" not in g.keys() and g.s.demons[g.d("Baal")].status == "active"


def test_spell_23_mirror_effect():
    g = Game([["Balban"], ["Ashtaroth"]])
    g.earth("Balban")
    g.earth("Ashtaroth")
    g.give(BEAST, card("incubus"))
    g.give(KEY, MIRROR)
    g.s.track = [g.d("Balban"), g.d("Ashtaroth")]
    g.start()
    g.cast(card("incubus"))
    assert Action(do="counter", a=MIRROR, b=g.d("Ashtaroth")) in g.legal()
    g.do("counter", MIRROR, g.d("Ashtaroth"))
    assert "ev_magic_mirrored" in g.keys()
    assert g.s.demons[g.d("Balban")].status == "incapacitated"
    assert g.s.demons[g.d("Ashtaroth")].status == "active"


def test_spell_23_mirror_refused_for_a_spell_not_aimed_at_your_demon():
    g = Game([["Baal"], ["Caim"]])
    legions(g, KEY, 10, 1)
    g.give(BEAST, card("plague"))
    g.give(KEY, MIRROR, IDNW)
    g.start()
    g.cast(card("plague"))
    assert g.ask.q == "counter"
    assert [x.a for x in g.legal() if x.do == "counter"] == [IDNW]


def test_9_8_2_1_always_pass_skips_the_question_until_switched_on(rolls):
    g = Game([["Baal", "Moloch", "Belphegor"], ["Caim", "Naburos"]])
    g.s.track = [g.d("Baal"), g.d("Moloch"), g.d("Belphegor"), g.d("Caim"), g.d("Naburos")]
    g.earth("Baal")
    g.earth("Moloch")
    g.give(BEAST, card("fast_souls"), card("fast_souls", 1))
    g.start()
    g.cast(card("fast_souls"))
    assert g.ask.q == "counter" and g.ask.seat == KEY
    rolls += [1, 1]
    g.do("always")
    assert g.s.players[KEY].always_pass and [e.visible_to for e in g.events if e.key == "ev_magic_always_pass"] == [[KEY]]
    rolls += [2, 2]
    g.cast(card("fast_souls", 1))              # nobody asked
    assert g.turn == "Belphegor" and g.s.players[BEAST].souls == 26
    g.do("wait")
    assert g.turn == "Caim" and Action(do="counters_on") in g.legal()
    g.do("counters_on")
    assert not g.s.players[KEY].always_pass and g.turn == "Caim"  # still Caim's action


def test_9_8_2_1_counter_question_is_the_same_with_and_without_a_counter_card():
    """Secrecy: the question, its prompt and its parameters do not tell
    whether the player holds a Counter card; only the legal list does."""
    seen = []
    for hand in ([IDNW], [card("lore")]):
        g = Game([["Baal"], ["Caim"]])
        legions(g, KEY, 10, 1)
        g.give(BEAST, card("plague"))
        g.give(KEY, *hand)
        g.start()
        g.cast(card("plague"))
        e = hellgame_engine.ENGINE
        seen.append((e.prompt(g.s, KEY), e.decision_kind(g.s, KEY), e.stage(g.s), e.to_act(g.s),
                     e.view(g.s, BEAST), e.prompt(g.s, BEAST), g.ask.data, g.ask.kind))
        assert e.default_action(g.s, KEY) == Action(do="no") and e.is_passive(Action(do="no"))
    assert seen[0] == seen[1]


def test_9_8_2_1_nobody_to_ask_resolves_at_once_and_uncounterable_opens_no_window(monkeypatch):
    g = Game([["Baal"], ["Caim"]])
    applied: list[str] = []
    monkeypatch.setitem(spells.EFFECTS, "demonic_distraction", spells.Spell(
        key="demonic_distraction", targets=lambda s, d: [()], refusal=lambda s, d: None,
        apply=lambda s, ev, c: applied.append(c.key), aims="demon"))
    c = Casting(caster=g.d("Baal"), seat=BEAST, card=card("demonic_distraction"), key="demonic_distraction",
                target=[g.d("Caim")], resume="combat_battle")
    counters.announce(g.s, [], c)
    assert applied == ["demonic_distraction"] and not g.s.asks and g.s.step == "combat_battle"


def test_9_8_2_1_combat_window_asks_every_other_player_with_an_active_demon(monkeypatch):
    g = Game([["Baal"], ["Caim"], ["Naburos"]])
    g.s.step = g.s.phase = "combat_battle"
    g.s.demons[g.d("Naburos")].status = "incapacitated"
    applied: list[int] = []
    monkeypatch.setitem(spells.EFFECTS, "frenzy", spells.Spell(
        key="frenzy", targets=lambda s, d: [()], refusal=lambda s, d: None,
        apply=lambda s, ev, c: applied.append(1)))
    c = Casting(caster=g.d("Baal"), seat=BEAST, card=card("frenzy"), key="frenzy", resume="combat_battle")
    g.give(KEY, IDNW)
    counters.announce(g.s, [], c)
    assert [(a.seat, a.q) for a in flow.open_asks(g.s)] == [(KEY, "counter")]
    g.events = []
    flow.QUESTIONS["counter"].answer(g.s, g.ask, Action(do="counter", a=IDNW, b=g.d("Caim")), g.events)
    assert applied == [] and g.s.demons[g.d("Caim")].acted and g.s.casting is None
