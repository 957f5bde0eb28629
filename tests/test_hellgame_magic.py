"""The HellGame, magic (9.8): the Magic action with the 16 Action spells of
hellgame.md's catalogue (1-16), support (9.8.3.2), counter windows with It
Does Not Work and Mirror (9.8.2.1, 22-23), "always pass", the secrecy of the
counter question, and the digest's Appendix B fixture 10 (counter out of
sequence spends both actions). engines/hellgame/magic/casting.py, spells.py,
spells_action.py, counters.py, with positions from the builder
(engines/hellgame/position/) driven with tests/hellgame_driver.py, which
checks the words of every question and event on the way. A spell is cast in
steps: "cast" with the card, the choices of its draft, "submit".

Dice are forced with the driver's ``rolls`` fixture (a die the test did not
queue fails it). The Random Move phase after the Action phase is someone
else's: every position halts there (``s.step == "random"``: the Action phase
is over)."""

from __future__ import annotations

import pytest

from engines.hellgame import engine as hellgame_engine  # noqa: F401  (registers every module)
from engines.hellgame import position as P
from engines.hellgame.core import board, data, flight, flow
from engines.hellgame.core.model import Action, Casting
from engines.hellgame.core.text import MESSAGES
from engines.hellgame.magic import counters, spells
from hellgame_driver import (  # noqa: F401 - rolls is a fixture
    ask, demon, dos, keys, legal, play, rolls, start, turn, units)

BEAST, KEY, VOID = 0, 1, 2


def card(key: str, n: int = 0) -> int:
    """The id of the ``n``-th card carrying the spell ``key`` (positions name
    cards by id here: a spell key that is also a card's name, "Frenzy",
    would give the builder that card, not the first one carrying it)."""
    return [c.id for c in data.ARCANA if c.major == key][n]


IDNW, IDNW2, MIRROR = card("it_does_not_work", 3), card("it_does_not_work", 4), card("mirror")
ERESHKIGAL = "Mad Ereshkigal"


def player(*demons: str | P.Demon, **fields) -> P.Player:
    """A player as these tests deal them: 20 souls and 3 favour unless told."""
    return P.Player(demons=list(demons), **{"souls": 20, "favour": 3, **fields})


def earth(name: str) -> P.Demon:
    """A demon walking the Earth (any Walk the Earth card under it)."""
    return P.Demon(name=name, walk=True)


def action(*players: P.Player, **fields) -> P.Position:
    """The Action phase of round 1 about to start, halting at the Random Move phase."""
    return P.Position(players=list(players), phase="action", halt=["random"], **fields)


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


# -- the Magic action --------------------------------------------------------------------------------


def test_9_8_only_castable_action_cards_are_offered_with_their_cost():
    binding, lore, frenzy, raise_ = card("binding"), card("lore"), card("frenzy"), card("raise_the_dead")
    s = P.build(action(player("Baal", hand=[binding, lore, frenzy, raise_, IDNW]), player("Caim")))
    start(s)
    # Binding needs Earth, Frenzy is a Combat card, It Does Not Work a Counter card,
    # Raise the Dead a sectio of Baal's own: only Lore is castable.
    assert dos(s, "cast") == [lore]
    assert spells.refusal_of(s, demon(s, "Baal"), binding) == "why_magic_not_on_earth"
    assert spells.refusal_of(s, demon(s, "Baal"), raise_) == "why_magic_no_sectio"
    q = flow.QUESTIONS["act"]
    assert q.label(s, ask(s), Action(do="cast", a=lore)) == (
        "lb_magic_cast_lore", {"card": lore, "souls": 0, "favour": 0})
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
    s = P.build(action(player("Baal", hand=[card("lore")]), player("Caim")))
    lore = card("lore")
    start(s)
    play(s, "cast", lore)
    assert legal(s) == [Action(do="submit"), Action(do="back")]
    play(s, "back")
    assert BEAST not in s.drafts and turn(s) == "Baal" and lore in s.players[BEAST].hand


def test_9_8_1_hell_spell_from_earth_falls_home_earth_spell_stays(rolls):
    s = P.build(action(player(earth("Baal"), earth("Moloch"), disfavour=1,
                              hand=[card("fast_souls"), card("absolution")]),
                       player("Caim", always_pass=True)))
    fast, absolve = card("fast_souls"), card("absolution")
    start(s)
    rolls += [3, 4]
    play(s, "cast", fast)
    play(s, "submit")
    assert s.demons[demon(s, "Baal")].on_earth and s.players[BEAST].souls == 27
    assert turn(s) == "Moloch"
    play(s, "cast", absolve)
    events = play(s, "submit")  # the only target: the disfavour
    assert not s.demons[demon(s, "Moloch")].on_earth and "ev_act_fall_home" in keys(events)
    assert s.players[BEAST].disfavour == 0


# -- 1 Deflection --------------------------------------------------------------------------------------


def test_spell_1_deflection_effect():
    """9.7 walkthrough step 8: Baal pays 1 favour, Void's best lieutenant goes over to Beast."""
    at = "Sugar Hill"
    s = P.build(action(player("Baal", hand=[card("deflection")]), player("Naburos", always_pass=True), units={
        at: P.Units(legions={KEY: 3}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=KEY, leads=2)])}))
    lt = next(u for u in s.units if u.kind == "lieutenant")
    led = [u for u in s.units if u.leader == lt.id]
    assert len(led) == 2
    defl = card("deflection")
    start(s)
    play(s, "cast", defl)
    targets = dos(s, "target")
    assert lt.id in targets and all(u.id not in targets for u in led)  # led legions go with him
    play(s, "target", lt.id)
    events = play(s, "submit")
    assert lt.owner == BEAST and all(u.owner == BEAST for u in led)
    assert s.players[BEAST].favour == 2
    assert "ev_magic_deflection_lt" in keys(events) and s.demons[demon(s, "Baal")].acted


def test_spell_1_deflection_refused_without_favour_or_enemy_unit():
    def baal(favour: int, disfavour: int = 0, enemy: bool = True):
        s = P.build(action(player("Baal", favour=favour, disfavour=disfavour, hand=[card("deflection")]),
                           player("Naburos"),
                           units={3: P.Units(legions={KEY: 1})} if enemy else {}))
        return s, spells.EFFECTS["deflection"].refusal(s, demon(s, "Baal"))

    assert baal(favour=0)[1] == "why_magic_favour"
    assert baal(favour=1, disfavour=1)[1] == "why_magic_favour"  # bound favour does not count
    s, why = baal(favour=1, enemy=False)
    assert why == "why_magic_no_enemy_unit"
    assert spells.EFFECTS["deflection"].targets(s, demon(s, "Baal")) == []
    start(s)
    assert not dos(s, "cast")


# -- 2 Incubus -----------------------------------------------------------------------------------------


def test_spell_2_incubus_effect():
    """9.8.2.1 example: Balban (4 stars, on Earth) casts Incubus on Ashtaroth (2 stars, on Earth)."""
    s = P.build(action(player(earth("Balban"), hand=[card("incubus")]),
                       player(earth("Ashtaroth"), earth("Sammael")),  # Sammael: 4 stars, not fewer than Balban's
                       track=["Balban", "Ashtaroth", "Sammael"]))
    start(s)
    play(s, "cast", card("incubus"))       # one target only: taken by itself
    assert legal(s) == [Action(do="submit"), Action(do="back")]
    play(s, "submit")
    assert ask(s).q == "counter" and ask(s).seat == KEY
    play(s, "no")
    ash = s.demons[demon(s, "Ashtaroth")]
    assert ash.status == "incapacitated" and ash.on_earth
    assert s.demons[demon(s, "Balban")].on_earth  # an Earth spell: it stays there
    assert turn(s) == "Sammael"


def test_spell_2_incubus_refused_in_hell_or_without_weaker_demon_on_earth():
    s = P.build(action(player("Balban", hand=[card("incubus")]), player(earth("Ashtaroth"))))
    assert spells.EFFECTS["incubus"].refusal(s, demon(s, "Balban")) == "why_magic_not_on_earth"
    s = P.build(action(player(earth("Balban"), hand=[card("incubus")]), player("Ashtaroth")))
    assert spells.EFFECTS["incubus"].refusal(s, demon(s, "Balban")) == "why_magic_no_weaker_demon_on_earth"


# -- 3 Binding ---------------------------------------------------------------------------------------------


def binding_game(**fields) -> P.Position:
    """Caim on Earth may bind Baal, who acts after him."""
    return action(player(earth("Caim"), hand=[card("binding")], **fields), player("Baal", always_pass=True),
                  track=["Caim", "Baal"])


def test_spell_3_binding_effect(rolls):
    s = P.build(binding_game())
    start(s)
    rolls += [4]                             # Caim's 4 stars: success
    play(s, "cast", card("binding"))
    events = play(s, "submit")
    assert s.demons[demon(s, "Baal")].status == "incapacitated"
    assert s.players[BEAST].souls == 18 and "ev_magic_roll_ok" in keys(events)


def test_spell_3_binding_roll_fails(rolls):
    s = P.build(binding_game())
    start(s)
    rolls += [5]
    play(s, "cast", card("binding"))
    events = play(s, "submit")
    assert s.demons[demon(s, "Baal")].status == "active" and "ev_magic_roll_failed" in keys(events)


def test_spell_3_binding_refused_without_souls_or_in_hell():
    s = P.build(action(player("Caim", souls=1, hand=[card("binding")]), player("Baal", souls=1)))
    assert spells.EFFECTS["binding"].refusal(s, demon(s, "Caim")) == "why_magic_not_on_earth"
    s = P.build(action(player(earth("Caim"), souls=1, hand=[card("binding")]), player("Baal", souls=1)))
    assert spells.EFFECTS["binding"].refusal(s, demon(s, "Caim")) == "why_magic_souls"


# -- 4 Love for Lilith and support (9.8.3.2) ------------------------------------------------------------------


@pytest.fixture
def lilith():
    """A stand-in for Lilith's arrival (part 3) on the hook list."""
    called: list[int] = []
    hook = lambda s, ev: called.append(s.round)  # noqa: E731
    spells.SUMMON_LILITH.append(hook)
    yield called
    spells.SUMMON_LILITH.remove(hook)


def lilith_game(belphegor: str | P.Demon = "Belphegor", ereshkigal: int = BEAST) -> P.Position:
    """Player X (Beast, Moloch: 2 hearts) controls Mad Ereshkigal; Belphegor (6)
    and Beelzebub (2) of two other players may bring 8 hearts."""
    own = {seat: [ERESHKIGAL] if seat == ereshkigal else [] for seat in (BEAST, KEY)}
    return action(player("Moloch", hand=["Love for Lilith"], sectios=own[BEAST]),
                  player(belphegor, always_pass=True, sectios=own[KEY]),
                  player("Beelzebub", always_pass=True),
                  track=["Moloch", "Belphegor", "Beelzebub"])


def test_spell_4_love_for_lilith_effect_with_supporters_9_8_3_2(lilith):
    s = P.build(lilith_game())
    start(s)
    lfl = card("love_for_lilith", 1)
    play(s, "cast", lfl)
    assert ask(s).q == "act" and Action(do="submit") not in legal(s)  # 2 of 10 hearts
    play(s, "support", demon(s, "Belphegor"))
    assert Action(do="submit") not in legal(s)
    play(s, "support", demon(s, "Beelzebub"))
    play(s, "submit")
    assert (ask(s).q, ask(s).seat) == ("support", KEY)
    assert flow.QUESTIONS["support"].prompt(s, ask(s))[0] == "pr_magic_support"
    play(s, "yes")
    assert (ask(s).q, ask(s).seat) == ("support", VOID)
    events = play(s, "yes")
    assert lilith == [1] and "ev_magic_lilith" in keys(events)
    assert s.players[BEAST].favour == 2 and lfl not in s.players[BEAST].hand
    assert s.step == "random"                    # the supporters gave their action: nobody left


def test_9_8_3_2_a_supporter_breaks_the_promise_the_spell_fails(lilith):
    s = P.build(lilith_game())
    start(s)
    lfl = card("love_for_lilith", 1)
    play(s, "cast", lfl)
    play(s, "support", demon(s, "Belphegor"))
    play(s, "support", demon(s, "Beelzebub"))
    play(s, "submit")
    play(s, "yes")                               # Belphegor keeps the word
    events = play(s, "no")                       # Beelzebub breaks it
    assert "ev_magic_support_no" in keys(events) and "ev_magic_support_failed" in keys(events)
    assert lilith == []
    assert lfl in s.players[BEAST].hand and s.players[BEAST].favour == 3  # not cast: costs nothing
    assert s.demons[demon(s, "Belphegor")].acted        # the supporter lost its turn
    assert not s.demons[demon(s, "Beelzebub")].acted    # the promise breaker did not
    assert turn(s) == "Moloch"                          # the caster chooses another action
    play(s, "wait")
    assert turn(s) == "Beelzebub"


def test_9_8_3_2_own_supporter_needs_no_question_and_loses_its_turn(lilith):
    s = P.build(action(player("Moloch", "Belphegor", "Beelzebub", hand=["Love for Lilith"], sectios=[ERESHKIGAL]),
                       player("Baal", always_pass=True),
                       track=["Moloch", "Belphegor", "Beelzebub", "Baal"]))
    start(s)
    play(s, "cast", card("love_for_lilith", 1))
    play(s, "support", demon(s, "Belphegor"))
    play(s, "support", demon(s, "Beelzebub"))
    play(s, "submit")
    assert lilith == [1] and turn(s) == "Baal"


def test_9_8_3_2_supporters_must_be_where_the_spell_is_cast():
    s = P.build(lilith_game(belphegor=earth("Belphegor")))  # 2 + 2 hearts in Hell: not enough
    assert spells.EFFECTS["love_for_lilith"].refusal(s, demon(s, "Moloch")) == "why_magic_hearts"


def test_spell_4_love_for_lilith_refused_without_mad_ereshkigal():
    s = P.build(lilith_game(ereshkigal=KEY))
    assert spells.EFFECTS["love_for_lilith"].refusal(s, demon(s, "Moloch")) == "why_magic_no_ereshkigal"
    start(s)
    assert not dos(s, "cast")


# -- 5 Call for Uriel ---------------------------------------------------------------------------------------------


def test_spell_5_call_for_uriel_effect():
    called: list[int] = []
    hook = lambda s, ev: called.append(1)  # noqa: E731
    spells.SUMMON_URIEL.append(hook)
    try:
        s = P.build(action(player(earth("Baal"), hand=[card("call_for_uriel")]), player("Caim", always_pass=True)))
        start(s)
        play(s, "cast", card("call_for_uriel"))
        events = play(s, "submit")
    finally:
        spells.SUMMON_URIEL.remove(hook)
    assert called == [1] and "ev_magic_uriel" in keys(events) and s.players[BEAST].favour == 1


def test_spell_5_call_for_uriel_refused_without_two_favour():
    s = P.build(action(player(earth("Baal"), favour=1), player("Caim", favour=1)))
    assert spells.EFFECTS["call_for_uriel"].refusal(s, demon(s, "Baal")) == "why_magic_favour"


# -- 6 Raise the Dead ----------------------------------------------------------------------------------------------


def test_spell_6_raise_the_dead_effect():
    s = P.build(action(player("Baal", hand=[card("raise_the_dead")], sectios=[3, 7]), player("Caim", always_pass=True)))
    start(s)
    play(s, "cast", card("raise_the_dead"))
    play(s, "target", 7)
    play(s, "submit")
    assert len(units(s, 7, "legion", BEAST)) == 2
    assert s.players[BEAST].souls == 18


def test_spell_6_raise_the_dead_refused_at_the_legion_limit():
    s = P.build(action(player("Baal", sectios=[3]), player("Caim"), units={3: P.Units(legions={BEAST: 12})}))
    assert spells.EFFECTS["raise_the_dead"].refusal(s, demon(s, "Baal")) == "why_magic_legion_limit"


# -- 7 Plague -----------------------------------------------------------------------------------------------------------


def test_spell_7_plague_effect(rolls, amok):
    s = P.build(action(player("Baal", hand=[card("plague")]), player("Caim", always_pass=True),
                       units={10: P.Units(legions={BEAST: 1, KEY: 3})}))
    mine, theirs = units(s, 10, "legion", BEAST), units(s, 10, "legion", KEY)
    start(s)
    rolls += [2, 6, 1, 2, 5]                 # Baal's 2 stars; Beast's legion 6; Mu's 1, 2, 5
    play(s, "cast", card("plague"))          # one target sectio: taken by itself
    events = play(s, "submit")
    assert board.unit(s, mine[0].id) is not None
    assert [board.unit(s, u.id) is not None for u in theirs] == [False, False, True]
    assert [e.params["lost"] for e in events if e.key == "ev_magic_plague"] == [0, 2]


def test_spell_7_plague_refused_without_enemy_legion():
    s = P.build(action(player("Baal"), player("Caim"), units={10: P.Units(legions={BEAST: 2})}))
    assert spells.EFFECTS["plague"].refusal(s, demon(s, "Baal")) == "why_magic_no_enemy_legion"


# -- 8 Fast Souls ----------------------------------------------------------------------------------------------------------


def test_spell_8_fast_souls_effect(rolls):
    s = P.build(action(player(earth("Baal"), hand=[card("fast_souls")]), player("Caim", always_pass=True)))
    start(s)
    rolls += [6, 5]
    play(s, "cast", card("fast_souls"))
    play(s, "submit")
    assert s.players[BEAST].souls == 31


def test_spell_8_fast_souls_refused_in_hell():
    s = P.build(action(player("Baal"), player("Caim")))
    assert spells.EFFECTS["fast_souls"].refusal(s, demon(s, "Baal")) == "why_magic_not_on_earth"


# -- 9 Intrigue ---------------------------------------------------------------------------------------------------------------


def test_spell_9_intrigue_effect(rolls):
    s = P.build(action(player("Baal", hand=[card("intrigue")]),
                       player("Caim", always_pass=True, hand=[card("lore", 1), card("plague", 1), card("ward", 1)])))
    hand = list(s.players[KEY].hand)
    start(s)
    rolls += [1, 6]                          # the first of three, then the second of two
    play(s, "cast", card("intrigue"))
    events = play(s, "submit")
    assert s.players[BEAST].hand == [hand[0], hand[2]] and s.players[KEY].hand == [hand[1]]
    got = [e for e in events if e.key == "ev_magic_intrigue_got"]
    assert got[0].visible_to == [BEAST] and got[0].params["cards"] == [hand[0], hand[2]]
    assert [e.visible_to for e in events if e.key == "ev_magic_intrigue_lost"] == [[KEY]]


def test_spell_9_intrigue_refused_without_cards_or_souls():
    s = P.build(action(player("Baal"), player("Caim")))
    assert spells.EFFECTS["intrigue"].refusal(s, demon(s, "Baal")) == "why_magic_no_hand"
    s = P.build(action(player("Baal", souls=0), player("Caim", hand=[card("lore", 1)])))
    assert spells.EFFECTS["intrigue"].refusal(s, demon(s, "Baal")) == "why_magic_souls"


# -- 10 Secret Tunnel -------------------------------------------------------------------------------------------------------------


def test_spell_10_secret_tunnel_effect():
    s = P.build(action(
        player("Baal", hand=[card("secret_tunnel")], sectios=[40]), player("Caim", always_pass=True),
        units={5: P.Units(legions={BEAST: 2}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=BEAST, leads=2)]),
               40: P.Units(legions={KEY: 2})}))   # nobody flees or blocks
    lt, *group = units(s, 5)
    assert lt.kind == "lieutenant" and [u.leader for u in group] == [lt.id, lt.id]
    start(s)
    play(s, "cast", card("secret_tunnel"))  # one unit (his legions go with him), one sectio: taken by themselves
    assert legal(s) == [Action(do="submit"), Action(do="back")]
    play(s, "submit")
    assert lt.at == 40 and all(u.at == 40 for u in group)
    assert [BEAST, 5] in s.entered["40"] and s.flight is None


def test_spell_10_secret_tunnel_refused_without_another_own_sectio():
    s = P.build(action(player("Baal", sectios=[5]), player("Caim"), units={5: P.Units(legions={BEAST: 1})}))
    assert spells.EFFECTS["secret_tunnel"].refusal(s, demon(s, "Baal")) == "why_magic_no_tunnel"


# -- 11 Ward ----------------------------------------------------------------------------------------------------------------------


def test_spell_11_ward_effect():
    s = P.build(action(player("Baal", hand=[card("ward")], sectios=[12]), player("Caim", always_pass=True)))
    start(s)
    play(s, "cast", card("ward"))
    play(s, "submit")
    assert flight.entry_barred(s, KEY, 12) and not flight.entry_barred(s, BEAST, 12)
    assert not flight.entry_barred(s, KEY, 13)
    s.round += 1                              # until the end of the round
    assert not flight.entry_barred(s, KEY, 12)


def test_spell_11_ward_refused_without_souls_or_sectio():
    s = P.build(action(player("Baal", souls=1, sectios=[12]), player("Caim", souls=1)))
    assert spells.EFFECTS["ward"].refusal(s, demon(s, "Baal")) == "why_magic_souls"
    s = P.build(action(player("Baal", souls=5), player("Caim", souls=1)))
    assert spells.EFFECTS["ward"].refusal(s, demon(s, "Baal")) == "why_magic_no_sectio"


# -- 12 Revocation -------------------------------------------------------------------------------------------------------------------


def test_spell_12_revocation_effect_and_rescue(rolls):
    s = P.build(action(player("Baal", hand=[card("revocation")], sectios=[20]),
                       player("Caim", always_pass=True, sectios=[30]),   # Key's only sectio, no unit of Key there
                       units={31: P.Units(legions={KEY: 2})}))           # the most units: Key is rescued there (12.3.1)
    start(s)
    rolls += [3]                             # Baal's 3 hearts
    play(s, "cast", card("revocation"))
    events = play(s, "submit")
    assert s.owner[30] is None and "ev_magic_revoked" in keys(events)
    assert s.owner[31] == KEY and "ev_rescue" in keys(events)


def test_spell_12_revocation_refused_when_every_sectio_is_guarded():
    s = P.build(action(player("Baal"), player("Caim", sectios=[30]), units={30: P.Units(legions={KEY: 1})}))
    assert spells.EFFECTS["revocation"].refusal(s, demon(s, "Baal")) == "why_magic_no_unguarded_sectio"
    s = P.build(action(player("Baal", favour=0), player("Caim", sectios=[30])))
    assert spells.EFFECTS["revocation"].refusal(s, demon(s, "Baal")) == "why_magic_favour"


# -- 13 Pack of Hounds -------------------------------------------------------------------------------------------------------------------


def test_spell_13_pack_of_hounds_effect():
    s = P.build(action(player("Baal", hand=[card("pack_of_hounds")]), player("Caim", always_pass=True),
                       decks=P.Decks(hounds=[3])))  # the top counter of the stack
    start(s)
    play(s, "cast", card("pack_of_hounds"))
    play(s, "target", 22)
    play(s, "submit")
    h = units(s, 22, "hound")
    assert len(h) == 1 and h[0].owner is None and h[0].card == 3


def test_spell_13_pack_of_hounds_refused_without_hounds():
    # Every hound counter is on the board: the stack is empty.
    s = P.build(action(player("Baal"), player("Caim"), units={22: P.Units(hounds=list(data.HOUND_ATTACKS))}))
    assert s.hounds == []
    assert spells.EFFECTS["pack_of_hounds"].refusal(s, demon(s, "Baal")) == "why_magic_no_hounds"


# -- 14 Lore ------------------------------------------------------------------------------------------------------------------------------


def test_spell_14_lore_effect_and_hand_limit():
    # The builder's deck is quiet: Lore draws no Play Right Away card.
    s = P.build(action(player("Baal", hand=[card("lore"), card("ward", 1), card("ward", 2), card("plague", 1)]),
                       player("Caim", always_pass=True)))
    start(s)
    play(s, "cast", card("lore"))
    events = play(s, "submit")
    assert len(s.players[BEAST].hand) == 6
    drawn = [e for e in events if e.key == "ev_arcana_drawn"]
    assert drawn[0].visible_to == [BEAST] and len(drawn[0].params["cards"]) == 3
    assert (ask(s).q, ask(s).seat) == ("discard", BEAST)
    play(s, "discard", s.players[BEAST].hand[0])
    assert len(s.players[BEAST].hand) == 5 and turn(s) == "Caim"


def test_spell_14_lore_refused_with_an_empty_deck():
    s = P.build(action(player("Baal"), player("Caim")))
    s.arcana = []  # the builder deals every card not described into the deck: emptied by hand
    assert spells.EFFECTS["lore"].refusal(s, demon(s, "Baal")) == "why_magic_no_cards"


# -- 15 Absolution -----------------------------------------------------------------------------------------------------------------------------


def test_spell_15_absolution_recovers_a_demon():
    s = P.build(action(player("Baal", P.Demon(name="Moloch", status="incapacitated"), disfavour=2,
                              hand=[card("absolution")]),
                       player("Caim", always_pass=True)))
    start(s)
    play(s, "cast", card("absolution"))
    assert dos(s, "target") == [-1, demon(s, "Moloch")]
    play(s, "target", demon(s, "Moloch"))
    play(s, "submit")
    assert s.demons[demon(s, "Moloch")].status == "active" and s.players[BEAST].disfavour == 2


def test_spell_15_absolution_refused_with_nothing_to_absolve():
    s = P.build(action(player("Baal"), player("Caim")))
    assert spells.EFFECTS["absolution"].refusal(s, demon(s, "Baal")) == "why_magic_nothing_to_absolve"


# -- 16 Confusion --------------------------------------------------------------------------------------------------------------------------------


def test_spell_16_confusion_effect(rolls):
    s = P.build(action(player("Baal", hand=[card("confusion")]), player("Caim", "Naburos")))
    start(s)
    play(s, "cast", card("confusion"))
    play(s, "target", demon(s, "Naburos"))
    play(s, "submit")
    assert (ask(s).q, ask(s).seat) == ("counter", KEY)
    rolls += [2]                              # Baal's 2 stars
    events = play(s, "no")
    assert s.demons[demon(s, "Naburos")].acted and "ev_magic_confusion" in keys(events)
    assert turn(s) == "Caim"
    play(s, "wait")
    assert s.step == "random"                 # Naburos lost its action


def test_spell_16_confusion_refused_without_waiting_enemy_demon():
    s = P.build(action(player("Baal"), player("Caim")))
    start(s)
    play(s, "wait")                           # Baal waits; Caim is the last to act
    assert spells.EFFECTS["confusion"].refusal(s, demon(s, "Caim")) == "why_magic_no_waiting_demon"


# -- counter windows (9.8.2.1): It Does Not Work, Mirror ---------------------------------------------------------------


def fixture_10() -> P.Position:
    """The 9.7 walkthrough, step 5: Caim (Key, on Earth) plays Jones' Device
    against Baal, who passed behind her; Naburo has not acted yet."""
    return action(player("Baal", "Naburos", hand=[IDNW]), player(earth("Caim"), hand=["Jones' Device"]),
                  track=["Caim", "Baal", "Naburos"])


def test_appendix_b_10_counter_out_of_sequence_spends_both_actions():
    s = P.build(fixture_10())
    start(s)
    assert turn(s) == "Caim"
    jones = s.players[KEY].hand[0]
    play(s, "cast", jones)
    play(s, "target", demon(s, "Baal"))
    play(s, "submit")
    assert (ask(s).q, ask(s).seat) == ("counter", BEAST)
    assert Action(do="counter", a=IDNW, b=demon(s, "Naburos")) in legal(s)
    assert Action(do="counter", a=IDNW, b=demon(s, "Baal")) in legal(s)   # the target may too
    events = play(s, "counter", IDNW, demon(s, "Naburos"))
    assert "ev_magic_countered" in keys(events) and "ev_magic_out_of_sequence" in keys(events)
    assert s.demons[demon(s, "Baal")].status == "active"
    assert s.demons[demon(s, "Caim")].acted and s.demons[demon(s, "Naburos")].acted
    assert jones not in s.players[KEY].hand and IDNW not in s.players[BEAST].hand
    assert s.arcana[-2:] == [jones, IDNW] and s.players[KEY].souls == 18
    assert s.last_spell == [KEY, jones, "binding", [demon(s, "Baal")]] and s.casting is None
    assert turn(s) == "Baal"
    play(s, "wait")
    assert s.step == "random"                  # Naburo does not act again


def test_spell_22_it_does_not_work_refused_without_the_card_or_an_unacted_demon(rolls):
    s = P.build(action(player("Caim", hand=[card("plague")]), player("Baal"),
                       player(P.Demon(name="Naburos", acted=True), hand=[IDNW]),  # acted already, not targeted:
                       units={10: P.Units(legions={KEY: 1})},                       # not asked at all
                       track=["Caim", "Baal", "Naburos"]))
    start(s)
    play(s, "cast", card("plague"))
    play(s, "submit")
    assert (ask(s).q, ask(s).seat) == ("counter", KEY)
    assert legal(s) == [Action(do="no"), Action(do="always")]  # Key holds no counter card
    rolls += [6]
    play(s, "no")
    assert turn(s) == "Baal" and IDNW in s.players[VOID].hand


def test_spell_22_a_targeted_demon_that_acted_may_still_counter(rolls):
    s = P.build(action(player("Baal", hand=[IDNW]), player(earth("Caim"), hand=[card("binding")])))
    start(s)
    play(s, "wait")                               # Baal has acted
    play(s, "cast", card("binding"))
    play(s, "submit")
    assert ask(s).seat == BEAST and Action(do="counter", a=IDNW, b=demon(s, "Baal")) in legal(s)
    events = play(s, "counter", IDNW, demon(s, "Baal"))
    assert "ev_magic_out_of_sequence" not in keys(events) and s.demons[demon(s, "Baal")].status == "active"


def test_spell_23_mirror_effect():
    s = P.build(action(player(earth("Balban"), hand=[card("incubus")]), player(earth("Ashtaroth"), hand=[MIRROR]),
                       track=["Balban", "Ashtaroth"]))
    start(s)
    play(s, "cast", card("incubus"))
    play(s, "submit")
    assert Action(do="counter", a=MIRROR, b=demon(s, "Ashtaroth")) in legal(s)
    events = play(s, "counter", MIRROR, demon(s, "Ashtaroth"))
    assert "ev_magic_mirrored" in keys(events)
    assert s.demons[demon(s, "Balban")].status == "incapacitated"
    assert s.demons[demon(s, "Ashtaroth")].status == "active"


def test_spell_23_mirror_refused_for_a_spell_not_aimed_at_your_demon():
    s = P.build(action(player("Baal", hand=[card("plague")]), player("Caim", hand=[MIRROR, IDNW]),
                       units={10: P.Units(legions={KEY: 1})}))
    start(s)
    play(s, "cast", card("plague"))
    play(s, "submit")
    assert ask(s).q == "counter"
    assert dos(s, "counter") == [IDNW]


def test_9_8_2_1_always_pass_skips_the_question_until_switched_on(rolls):
    s = P.build(action(player(earth("Baal"), earth("Moloch"), "Belphegor",
                              hand=[card("fast_souls"), card("fast_souls", 1)]),
                       player("Caim", "Naburos"),
                       track=["Baal", "Moloch", "Belphegor", "Caim", "Naburos"]))
    start(s)
    play(s, "cast", card("fast_souls"))
    play(s, "submit")
    assert ask(s).q == "counter" and ask(s).seat == KEY
    rolls += [1, 1]
    events = play(s, "always")
    assert s.players[KEY].always_pass and [e.visible_to for e in events if e.key == "ev_magic_always_pass"] == [[KEY]]
    rolls += [2, 2]
    play(s, "cast", card("fast_souls", 1))
    play(s, "submit")                          # nobody asked
    assert turn(s) == "Belphegor" and s.players[BEAST].souls == 26
    play(s, "wait")
    assert turn(s) == "Caim" and Action(do="counters_on") in legal(s)
    play(s, "counters_on")
    assert not s.players[KEY].always_pass and turn(s) == "Caim"  # still Caim's action


def test_9_8_2_1_counter_question_is_the_same_with_and_without_a_counter_card():
    """Secrecy: the question, its prompt and its parameters do not tell
    whether the player holds a Counter card; only the legal list does."""
    seen = []
    for hand in ([IDNW], [card("lore")]):
        s = P.build(action(player("Baal", hand=[card("plague")]), player("Caim", hand=hand),
                           units={10: P.Units(legions={KEY: 1})}))
        start(s)
        play(s, "cast", card("plague"))
        play(s, "submit")
        e = hellgame_engine.ENGINE
        seen.append((e.prompt(s, KEY), e.decision_kind(s, KEY), e.stage(s), e.to_act(s),
                     e.view(s, BEAST), e.prompt(s, BEAST), ask(s).data, ask(s).kind))
        assert e.default_action(s, KEY) == Action(do="no") and e.is_passive(Action(do="no"))
    assert seen[0] == seen[1]


def test_9_8_2_1_nobody_to_ask_resolves_at_once_and_uncounterable_opens_no_window(monkeypatch):
    s = P.build(action(player("Baal"), player("Caim")))
    applied: list[str] = []
    monkeypatch.setitem(spells.EFFECTS, "demonic_distraction", spells.Spell(
        key="demonic_distraction", targets=lambda s, d: [()], refusal=lambda s, d: None,
        apply=lambda s, ev, c: applied.append(c.key), aims="demon"))
    c = Casting(caster=demon(s, "Baal"), seat=BEAST, card=card("demonic_distraction"), key="demonic_distraction",
                target=[demon(s, "Caim")], resume="combat_battle")
    counters.announce(s, [], c)
    assert applied == ["demonic_distraction"] and not s.asks and s.step == "combat_battle"


def test_9_8_2_1_combat_window_asks_every_other_player_with_an_active_demon(monkeypatch):
    s = P.build(P.Position(players=[player("Baal"), player("Caim", hand=[IDNW]),
                                    player(P.Demon(name="Naburos", status="incapacitated"))],
                           phase="combat", step="combat_battle"))
    applied: list[int] = []
    monkeypatch.setitem(spells.EFFECTS, "frenzy", spells.Spell(
        key="frenzy", targets=lambda s, d: [()], refusal=lambda s, d: None,
        apply=lambda s, ev, c: applied.append(1)))
    c = Casting(caster=demon(s, "Baal"), seat=BEAST, card=card("frenzy"), key="frenzy", resume="combat_battle")
    counters.announce(s, [], c)
    assert [(a.seat, a.q) for a in flow.open_asks(s)] == [(KEY, "counter")]
    flow.QUESTIONS["counter"].answer(s, ask(s), Action(do="counter", a=IDNW, b=demon(s, "Caim")), [])
    assert applied == [] and s.demons[demon(s, "Caim")].acted and s.casting is None
