"""The HellGame, combat magic: 11.1 (cards taken along), 11.2.1 (the magic
step, G40, G43) and the five Combat spells of hellgame.md's catalogue
(17 Frenzy, 18 Demonic Distraction, 19 Iron Skin, 20 Hellfire, 21
Reinforcements): engines/hellgame/magic/warcraft.py and lineup.py. Positions
are built with engines/hellgame/position and driven with tests/hellgame_driver.py;
the procedure halts at the Petition phase (another module's).

Dice come from the position's queue (strict: a die a test did not queue fails
it); a hound running amok is a small stand-in (the real one has its own
tests). Players always pass on counter windows (a player's ``always_pass``)
unless a test is about one."""

from __future__ import annotations

import pytest
from hellgame_driver import answer, answer_all, ask, asked, demon, keys, legal, no_orders, start, units

from engines.hellgame import position as P
from engines.hellgame.core import board, data, dice, flow
from engines.hellgame.core.model import ANTEHELL, Action, State, Unit
from engines.hellgame.magic import spells

BEAST, MU = 0, 1
CAIM, UKOBACH = 8, 18                   # demon cards: 4/4, 2/2 skulls/stars (Baal 4/2, Balban 2/4)
FRENZY, FRENZY2, DISTRACTION, IRON_SKIN, HELLFIRE, REINFORCE = 101, 102, 104, 11, 8, 64
LORE = next(c.id for c in data.ARCANA if data.MAJORS[c.major].timing == "action")


def sectio(prefix: str) -> int:
    hits = [s.index for s in data.SECTIOS if s.name.lower().startswith(prefix.lower())]
    assert len(hits) == 1, prefix
    return hits[0]


SUGAR_HILL, ADDICTION = sectio("Sugar"), sectio("Addiction")
#: Beast's demon when a test gives it none: every seat needs a living demon,
#: and this one fought elsewhere this round, so it joins no battle here (11.1).
IDLE = P.Demon(name="Gomory", fought=True)


@pytest.fixture(autouse=True)
def amok(monkeypatch) -> list[int]:
    """Stand-ins for a hound running amok (a compass die, 5-6 stays) and lone lieutenants."""
    from engines.hellgame.phases.action import movement

    ran: list[int] = []

    def do_amok(state: State, hound: Unit, events) -> None:
        ran.append(hound.id)
        hound.owner, hound.keeper = None, None
        dest = data.compass_step(hound.at, dice.d6(state, None))
        if isinstance(dest, int) and dest != ANTEHELL:
            hound.at = dest

    monkeypatch.setattr(movement, "run_amok", do_amok)
    monkeypatch.setattr(movement, "lone_lieutenants", lambda s, ev: None)
    return ran


# -- building a battle -------------------------------------------------------------------------


def side(*demons, hand=(), counters: bool = False) -> P.Player:
    """A triumvirate; it is never asked to counter a spell unless ``counters``."""
    return P.Player(demons=list(demons), hand=list(hand), always_pass=not counters)


def combat(beast: P.Player, mu: P.Player, units: dict, **fields) -> P.Position:
    """The Combat phase of Beast and Mu; targets by hand unless the options say otherwise."""
    options = {"auto_targets": False, **fields.pop("options", {})}
    return P.Position(players=[beast, mu], units=units, phase="combat", options=options, halt=["petition"],
                      strict_dice=True, **fields)


def join(s: State, seat: int, d: int, *cards: int) -> list:
    """11.1: send demon ``d`` with ``cards`` (a draft when the seat holds cards)."""
    ev = answer(s, seat, "join", d)
    if seat in s.drafts:
        for c in cards:
            ev += answer(s, seat, "take", c)
        ev += answer(s, seat, "submit")
    return ev


def battle_of(beast: list[int], mu: list[int], beast_legions: int = 2, mu_legions: int = 3,
              held: tuple[int, ...] = (), more: dict[int, list] | None = None, units: dict | None = None,
              **fields) -> tuple[State, int, int]:
    """Beast's Ukobach (2 skulls) against Mu's Caim (4 skulls) at Sugar Hill,
    each taking the cards ``beast``/``mu`` along; up to the magic step. Mu
    also holds ``held`` (not taken along); ``more``: more demons per seat,
    ``units``: more places."""
    more = more or {}
    s = P.build(combat(side("Ukobach", *more.get(BEAST, []), hand=beast),
                       side("Caim", *more.get(MU, []), hand=[*mu, *held]),
                       {SUGAR_HILL: P.Units(legions={BEAST: beast_legions, MU: mu_legions}), **(units or {})},
                       **fields))
    uko, caim = demon(s, "Ukobach"), demon(s, "Caim")
    start(s)
    if mu_legions >= beast_legions:
        join(s, MU, caim, *mu), join(s, BEAST, uko, *beast)
    else:
        join(s, BEAST, uko, *beast), join(s, MU, caim, *mu)
    no_orders(s)  # no standing orders: every magic step asks, as the rules' procedure does
    return s, uko, caim


def casts(s: State, seat: int) -> list[tuple[int, int | None]]:
    return [(x.a, x.b) for x in legal(s, seat) if x.do == "cast"]


# -- 11.1 cards taken along --------------------------------------------------------------------


def test_11_1_demon_takes_cards_up_to_its_stars():
    s = P.build(combat(side(P.Demon(name="Caim", walk=True)),                 # on Earth: cannot join
                       side("Ukobach", "Baal", hand=[FRENZY, HELLFIRE, LORE]),  # 2 stars each
                       {SUGAR_HILL: P.Units(legions={MU: 3, BEAST: 2})}))
    uko, baal = demon(s, "Ukobach"), demon(s, "Baal")
    start(s)
    assert asked(s) == [(MU, "combat_demon")]
    answer(s, MU, "join", uko)
    assert MU in s.drafts and asked(s) == [(MU, "combat_demon")]
    assert legal(s, MU) == [Action(do="take", a=c) for c in (FRENZY, HELLFIRE, LORE)] + [
        Action(do="back"), Action(do="submit")]
    q, a = flow.QUESTIONS["combat_demon"], ask(s, MU)
    assert q.prompt(s, a) == ("pr_warcraft_take", {"sectio": SUGAR_HILL, "demon": UKOBACH, "cards": [], "n": 2})
    answer(s, MU, "take", LORE)
    answer(s, MU, "back")                                   # changed his mind
    answer(s, MU, "take", FRENZY)
    answer(s, MU, "take", HELLFIRE)
    assert legal(s, MU) == [Action(do="back"), Action(do="submit")]      # 2 stars: 2 cards
    assert q.label(s, a, Action(do="submit")) == ("lb_warcraft_bring", {"demon": UKOBACH, "n": 2})
    ev = answer(s, MU, "submit")
    assert [e.params for e in ev if e.key == "ev_battle_demon_cards"] == [
        {"sectio": SUGAR_HILL, "seat": MU, "demon": UKOBACH, "cards": 2}]
    assert s.battle.cards == {uko: [FRENZY, HELLFIRE]}
    assert s.players[MU].hand == [FRENZY, HELLFIRE, LORE]    # G53: still in hand, counting for the limit
    # Beast has no demon that may fight; Mu's second demon may take only the card left
    assert asked(s) == [(MU, "combat_demon")]
    answer(s, MU, "join", baal)
    assert legal(s, MU) == [Action(do="take", a=LORE), Action(do="back"), Action(do="submit")]
    assert flow.QUESTIONS["combat_demon"].passive(s, ask(s, MU)) == Action(do="submit")
    answer(s, MU, "submit")
    assert s.battle.cards == {uko: [FRENZY, HELLFIRE], baal: []}


def test_11_1_back_out_of_the_cards_and_pass():
    s = P.build(combat(side(IDLE), side("Ukobach", hand=[FRENZY]), {SUGAR_HILL: P.Units(legions={MU: 3, BEAST: 2})}))
    uko = demon(s, "Ukobach")
    start(s)
    answer(s, MU, "join", uko)
    answer(s, MU, "back")
    assert MU not in s.drafts
    assert legal(s, MU) == [Action(do="join", a=uko), Action(do="pass_battle")]
    answer(s, MU, "pass_battle")
    assert s.battle.sides[0].demons == [] and s.battle.cards == {}


# -- 11.2.1 the magic step ---------------------------------------------------------------------


def test_11_2_1_most_skulls_decides_then_sides_alternate():
    s, uko, caim = battle_of(beast=[FRENZY2], mu=[FRENZY])
    assert asked(s) == [(MU, "combat_magic")]              # Caim: 4 skulls against 2
    q, a = flow.QUESTIONS["combat_magic"], ask(s, MU)
    assert q.prompt(s, a) == ("pr_warcraft_magic_first", {"sectio": SUGAR_HILL, "round": 1, "cards": [FRENZY]})
    assert legal(s, MU) == [Action(do="cast", a=FRENZY), Action(do="done"), Action(do="later")]
    ev = answer(s, MU, "later")                            # lets Beast begin
    assert "ev_warcraft_later" in keys(ev)
    assert asked(s) == [(BEAST, "combat_magic")]
    assert legal(s, BEAST) == [Action(do="cast", a=FRENZY2), Action(do="done")]
    answer(s, BEAST, "cast", FRENZY2)
    assert asked(s) == [(MU, "combat_magic")]
    assert Action(do="later") not in legal(s, MU)          # the choice was made
    answer(s, MU, "done")                                  # Beast has nothing left to cast: the step ends
    assert sorted(asked(s)) == [(BEAST, "combat_target"), (MU, "combat_target")]
    assert s.battle.spells == {"frenzy": [uko]}


def test_11_2_1_the_step_ends_when_both_pass_in_succession():
    s, uko, caim = battle_of(beast=[FRENZY2, LORE], mu=[FRENZY])
    answer(s, MU, "done")
    assert asked(s) == [(BEAST, "combat_magic")]
    answer(s, BEAST, "cast", FRENZY2)                      # a spell: passing starts again
    assert asked(s) == [(MU, "combat_magic")]
    answer(s, MU, "done")
    assert asked(s) == [(BEAST, "combat_magic")]
    assert legal(s, BEAST) == [Action(do="done")]          # Lore is not a Combat card
    answer(s, BEAST, "done")                               # both passed in a row
    assert sorted(asked(s)) == [(BEAST, "combat_target"), (MU, "combat_target")]
    assert s.battle.spells == {"frenzy": [uko]}


def test_11_2_1_tied_skulls_more_legions_begin_without_choice():
    s = P.build(combat(side("Ukobach", hand=[FRENZY2]), side("Balban", hand=[FRENZY]),   # Balban: 2 skulls too
                       {SUGAR_HILL: P.Units(legions={BEAST: 2, MU: 3})}))
    start(s)
    join(s, MU, demon(s, "Balban"), FRENZY), join(s, BEAST, demon(s, "Ukobach"), FRENZY2)
    no_orders(s)
    assert asked(s) == [(MU, "combat_magic")]
    assert Action(do="later") not in legal(s, MU)


def test_11_2_1_only_cards_brought_along_can_be_cast():
    s, uko, caim = battle_of(beast=[], mu=[FRENZY], held=(HELLFIRE,))   # Hellfire: in hand, but not taken along
    assert HELLFIRE in s.players[MU].hand
    assert casts(s, MU) == [(FRENZY, None)]
    # Beast's demon took nothing along: Beast is never asked
    answer(s, MU, "done")
    assert sorted(asked(s)) == [(BEAST, "combat_target"), (MU, "combat_target")]


def test_11_2_1_magic_every_round_and_spells_last_one_round():
    s, uko, caim = battle_of(beast=[], mu=[FRENZY, FRENZY2], options={"auto_targets": True})
    answer(s, MU, "cast", FRENZY)
    assert asked(s) == [(MU, "combat_magic")]              # Beast took no cards: Mu again
    s.dice_queue = [4, 1, 1] + [1, 1]                      # Mu 4+2 = 6 hits, 1+2 misses; Beast misses
    s.dice_queue += [2]                                    # Beast saves against Ukobach's 2 skulls
    ev = answer(s, MU, "done")
    assert [e.params["rolls"] for e in ev if e.key == "ev_battle_attack_bonus"] == [[6, 3, 3]]
    answer(s, MU, "stay"), answer(s, BEAST, "stay")
    assert s.battle.round == 2 and asked(s) == [(MU, "combat_magic")]
    assert s.battle.spells == {}                           # round 1's Frenzy is over
    assert casts(s, MU) == [(FRENZY2, None)]


# -- 17 Frenzy ---------------------------------------------------------------------------------


def test_spell_17_frenzy_effect():
    s, uko, caim = battle_of(beast=[], mu=[FRENZY], options={"auto_targets": True})
    # nothing left to cast after Frenzy: the round is fought at once
    s.dice_queue = [4, 3, 1] + [4, 4] + [2]               # Mu: 6 hit, 5, 3 miss; Beast misses; save 2
    ev = answer(s, MU, "cast", FRENZY)
    assert [e.params for e in ev if e.key == "ev_magic_cast_battle"] == [
        {"seat": MU, "sectio": SUGAR_HILL, "demon": CAIM, "card": FRENZY}]
    assert "ev_warcraft_frenzy" in keys(ev)
    assert FRENZY not in s.players[MU].hand and s.arcana[-1] == FRENZY and s.battle.cards[caim] == []
    assert s.last_spell == [MU, FRENZY, "frenzy", []]
    attacks = {e.params["seat"]: (e.key, e.params["rolls"], e.params["hits"]) for e in ev
               if e.key.startswith("ev_battle_attack")}
    assert attacks == {MU: ("ev_battle_attack_bonus", [6, 5, 3], 1), BEAST: ("ev_battle_attack", [4, 4], 0)}


def test_spell_17_frenzy_refused_on_earth_and_outside_the_battle():
    # Mu's Baal walks the Earth; its Beelzebub fought elsewhere this round (or it would be asked to join too)
    s, uko, caim = battle_of(beast=[], mu=[FRENZY],
                             more={MU: [P.Demon(name="Baal", walk=True), P.Demon(name="Beelzebub", fought=True)]})
    eff = spells.EFFECTS["frenzy"]
    assert eff.refusal(s, caim) is None and eff.targets(s, caim) == [()]
    walker, idle = demon(s, "Baal"), demon(s, "Beelzebub")
    assert eff.refusal(s, walker) == "why_warcraft_on_earth" and eff.targets(s, walker) == []
    assert eff.refusal(s, idle) == "why_warcraft_not_in_battle" and eff.targets(s, idle) == []
    s.battle = None
    assert eff.refusal(s, caim) == "why_warcraft_not_in_battle"


# -- 18 Demonic Distraction ---------------------------------------------------------------------


def test_spell_18_demonic_distraction_effect_cards_back_to_hand():
    s, uko, caim = battle_of(beast=[DISTRACTION], mu=[FRENZY, HELLFIRE, IRON_SKIN])
    assert data.MAJORS["demonic_distraction"].uncounterable
    answer(s, MU, "cast", FRENZY)
    assert casts(s, BEAST) == [(DISTRACTION, caim)]
    ev = answer(s, BEAST, "cast", DISTRACTION, caim)
    assert [e.params for e in ev if e.key == "ev_warcraft_distraction"] == [
        {"seat": BEAST, "sectio": SUGAR_HILL, "demon": CAIM, "defender": MU, "n": 2}]
    b = s.battle
    assert b.sides[0].demons == [] and caim not in b.cards and s.demons[caim].fought
    assert sorted(s.players[MU].hand) == sorted([HELLFIRE, IRON_SKIN])   # unplayed: back to the hand
    assert b.spells == {"frenzy": []}                                    # G43: Frenzy is void
    assert sorted(asked(s)) == [(BEAST, "combat_target"), (MU, "combat_target")]


def test_spell_18_demonic_distraction_refused_without_enemy_demon():
    s = P.build(combat(side(IDLE), side("Ukobach", hand=[DISTRACTION]),
                       {SUGAR_HILL: P.Units(legions={MU: 3, BEAST: 2})}))
    uko = demon(s, "Ukobach")
    start(s)
    join(s, MU, uko, DISTRACTION)
    no_orders(s)
    eff = spells.EFFECTS["demonic_distraction"]
    assert eff.refusal(s, uko) == "why_warcraft_no_enemy_demon" and eff.targets(s, uko) == []
    assert legal(s, MU) == [Action(do="done")]


# -- 19 Iron Skin ---------------------------------------------------------------------------------


def test_spell_19_iron_skin_effect():
    s, uko, caim = battle_of(beast=[IRON_SKIN], mu=[], beast_legions=3, mu_legions=2,
                             options={"auto_targets": True})
    assert asked(s) == [(BEAST, "combat_magic")]          # Caim's side decides, but has no cards
    s.dice_queue = [1, 1, 1] + [6, 6]                     # Beast misses; Mu hits two Beast legions
    s.dice_queue += [3, 4]                                # Ukobach 2 skulls + 1: 3 saved, 4 lost
    ev = answer(s, BEAST, "cast", IRON_SKIN)
    assert "ev_warcraft_iron_skin" in keys(ev)
    assert [(e.params["need"], e.params["saved"], e.params["lost"]) for e in ev if e.key == "ev_battle_save"] == [
        (3, 1, 1)]


def test_spell_19_iron_skin_refused_outside_the_battle():
    # Beast's Baal fought elsewhere this round (or it would be asked to join too)
    s, uko, caim = battle_of(beast=[IRON_SKIN], mu=[], more={BEAST: [P.Demon(name="Baal", fought=True)]})
    other = demon(s, "Baal")
    eff = spells.EFFECTS["iron_skin"]
    assert eff.refusal(s, uko) is None
    assert eff.refusal(s, other) == "why_warcraft_not_in_battle" and eff.targets(s, other) == []


# -- 20 Hellfire ----------------------------------------------------------------------------------


def test_spell_20_hellfire_effect_no_save(amok):
    s = P.build(combat(side(IDLE), side("Caim", hand=[HELLFIRE]),
                       {SUGAR_HILL: P.Units(legions={BEAST: 4, MU: 5},
                                            lieutenants=[P.Lieutenant(name="Verin", seat=BEAST, leads=2)],
                                            hounds=[P.Hound(attacks=2, keeper=BEAST)])}))
    (verin,), (h,) = units(s, SUGAR_HILL, "lieutenant"), units(s, SUGAR_HILL, "hound")
    l1, l2, l3, keeper = units(s, SUGAR_HILL, "legion", BEAST)
    # The builder gives the hound to Beast's first legion, one of Verin's; this rule needs
    # three kinds of legion (under Verin, unled, a keeper): the last legion keeps it instead.
    h.keeper = keeper.id
    assert (l1.leader, l2.leader, l3.leader, keeper.leader) == (verin.id, verin.id, None, None)
    caim = demon(s, "Caim")
    start(s)
    join(s, MU, caim, HELLFIRE)
    no_orders(s)
    # one choice per kind of legion: under Verin, unled, the keeper
    assert sorted(casts(s, MU)) == sorted([(HELLFIRE, l1.id), (HELLFIRE, l3.id), (HELLFIRE, keeper.id)])
    q, a = flow.QUESTIONS["combat_magic"], ask(s, MU)
    assert q.label(s, a, Action(do="cast", a=HELLFIRE, b=l1.id)) == (
        "lb_warcraft_hellfire_led", {"card": HELLFIRE, "defender": BEAST, "lt": 5})
    assert q.label(s, a, Action(do="cast", a=HELLFIRE, b=keeper.id)) == (
        "lb_warcraft_hellfire_keeper", {"card": HELLFIRE, "defender": BEAST, "attacks": 2})
    s.dice_queue = [2]                                    # the hound runs amok: 2 = counter-clockwise
    ev = answer(s, MU, "cast", HELLFIRE, keeper.id)
    assert board.unit(s, keeper.id) is None and amok == [h.id]
    assert "ev_warcraft_hellfire" in keys(ev) and "ev_battle_save" not in keys(ev)
    assert BEAST in s.battle.lost


def test_spell_20_hellfire_ends_the_battle():
    s = P.build(combat(side(IDLE), side("Caim", hand=[HELLFIRE]), {SUGAR_HILL: P.Units(legions={MU: 2, BEAST: 1})}))
    caim = demon(s, "Caim")
    start(s), answer_all(s, "refuse")
    ev = join(s, MU, caim, HELLFIRE) + no_orders(s)
    (target,) = [b for _, b in casts(s, MU)]
    ev = answer(s, MU, "cast", HELLFIRE, target)
    assert "ev_battle_won" in keys(ev) and s.won == {str(SUGAR_HILL): [MU]}


def test_spell_20_hellfire_refused_without_enemy_legion():
    s = P.build(combat(side(IDLE), side("Caim", hand=[HELLFIRE]),
                       {SUGAR_HILL: P.Units(legions={MU: 2}),
                        20: P.Units(legions={BEAST: 1}, hounds=[P.Hound(attacks=3, keeper=BEAST)])}))
    (h,) = units(s, 20, "hound")
    # only a hound of Beast in the battle: its keeper stays behind, which the builder
    # refuses to describe (a keeper stands with its hound), so the hound moves by hand
    h.at = SUGAR_HILL
    caim = demon(s, "Caim")
    start(s), answer_all(s, "refuse")
    join(s, MU, caim, HELLFIRE)
    eff = spells.EFFECTS["hellfire"]
    assert eff.refusal(s, caim) == "why_warcraft_no_enemy_legion" and eff.targets(s, caim) == []
    assert casts(s, MU) == []


# -- 21 Reinforcements ----------------------------------------------------------------------------


def test_spell_21_reinforcements_effect():
    near = data.NEIGHBOURS[SUGAR_HILL][0]
    far = next(x for x in range(45) if x not in data.NEIGHBOURS[SUGAR_HILL] and x != SUGAR_HILL)
    s, uko, caim = battle_of(beast=[], mu=[REINFORCE], units={
        far: P.Units(legions={MU: 2}),
        near: P.Units(legions={MU: 2}, lieutenants=[P.Lieutenant(name="Shalmaneser", seat=MU, leads=1)])})
    led, free = units(s, near, "legion", MU)
    assert led.leader is not None and free.leader is None
    assert casts(s, MU) == [(REINFORCE, near)]
    q, a = flow.QUESTIONS["combat_magic"], ask(s, MU)
    assert q.label(s, a, Action(do="cast", a=REINFORCE, b=near)) == (
        "lb_warcraft_reinforcements", {"card": REINFORCE, "from": near})
    ev = answer(s, MU, "cast", REINFORCE, near)
    assert [e.params for e in ev if e.key == "ev_warcraft_reinforcements"] == [
        {"seat": MU, "sectio": SUGAR_HILL, "from": near}]
    assert free.at == SUGAR_HILL and led.at == near        # the unled legion comes first
    assert [MU, near] in s.entered[str(SUGAR_HILL)]
    assert sum(1 for u in board.units_at(s, SUGAR_HILL) if u.owner == MU) == 4


def test_spell_21_reinforcements_refused_without_own_legion_adjacent():
    near = data.NEIGHBOURS[SUGAR_HILL][0]
    s, uko, caim = battle_of(beast=[], mu=[REINFORCE], units={near: P.Units(legions={BEAST: 2})})   # not his own
    eff = spells.EFFECTS["reinforcements"]
    assert eff.refusal(s, caim) == "why_warcraft_no_legion_adjacent" and eff.targets(s, caim) == []
    assert legal(s, MU) == [Action(do="done")]


# -- Appendix B 15: the battle of Sugar Hill, with magic ---------------------------------------------


def test_appendix_b_15_sugar_hill_with_frenzy_and_demonic_distraction(amok):
    """Mu declares first (more legions): Caim with 3 cards; Beast sends Ukobach
    with 2. Caim (more skulls) begins with Frenzy; Ukobach answers with
    Demonic Distraction on Caim (cannot be countered): Caim leaves, his Frenzy
    is void (G43: the rule text wins over the example's +2), Ukobach keeps his
    second card. Mu, without a demon, saves on a 1; Verin survives a 5."""
    s = P.build(combat(side("Ukobach", hand=[DISTRACTION, FRENZY2], counters=True),
                       side("Caim", hand=[FRENZY, HELLFIRE, IRON_SKIN, LORE], counters=True),
                       {SUGAR_HILL: P.Units(legions={BEAST: 3, MU: 4},
                                            lieutenants=[P.Lieutenant(name="Verin", seat=BEAST, leads=3)],
                                            hounds=[P.Hound(attacks=3, keeper=MU)])}))
    l1, l2, l3 = units(s, SUGAR_HILL, "legion", BEAST)
    la, lb, lc, ld = units(s, SUGAR_HILL, "legion", MU)
    (h,) = units(s, SUGAR_HILL, "hound")
    assert h.keeper == la.id and l1.leader == l2.leader == l3.leader is not None
    uko, caim = demon(s, "Ukobach"), demon(s, "Caim")
    start(s)
    assert asked(s) == [(MU, "combat_demon")]
    ev = join(s, MU, caim, FRENZY, HELLFIRE, IRON_SKIN)
    assert asked(s) == [(BEAST, "combat_demon")]
    ev += join(s, BEAST, uko, DISTRACTION, FRENZY2) + no_orders(s)
    assert [e.params["cards"] for e in ev if e.key == "ev_battle_demon_cards"] == [3, 2]
    # 11.2.1: Caim has more skulls (4 against 2): Mu decides and begins
    assert asked(s) == [(MU, "combat_magic")] and Action(do="later") in legal(s, MU)
    ev = answer(s, MU, "cast", FRENZY)
    assert "ev_magic_cast_battle" in keys(ev)
    assert asked(s) == [(BEAST, "counter")]                # Beast may counter Frenzy, and lets it be
    ev = answer(s, BEAST, "no")
    assert "ev_warcraft_frenzy" in keys(ev) and s.battle.spells == {"frenzy": [caim]}
    assert asked(s) == [(BEAST, "combat_magic")]
    ev = answer(s, BEAST, "cast", DISTRACTION, caim)       # cannot be countered: no window
    assert [e.params for e in ev if e.key == "ev_magic_cast_demon"] == [
        {"seat": BEAST, "demon": UKOBACH, "card": DISTRACTION, "target_demon": CAIM, "defender": MU}]
    assert "ev_warcraft_distraction" in keys(ev) and s.battle.spells == {"frenzy": []}
    assert s.battle.sides[0].demons == [] and s.battle.cards == {uko: [FRENZY2]}
    assert sorted(s.players[MU].hand) == sorted([HELLFIRE, IRON_SKIN, LORE])
    # Mu has no demon left in the battle; Ukobach does not play his second card
    assert asked(s) == [(BEAST, "combat_magic")]
    answer(s, BEAST, "done")
    assert sorted(asked(s)) == [(BEAST, "combat_target"), (MU, "combat_target")]
    for target in (h, la, lb):
        answer(s, BEAST, "target", target.id)
    for target in (l2, l2, l3, l1, l1):
        answer(s, MU, "target", target.id)
    s.dice_queue = [5, 4, 6, 3, 2, 6]  # Mu without +2 (Frenzy void): B 5, C 4 miss, D 6 hit; hound 3, 2, 6
    s.dice_queue += [2, 4, 3]          # Beast +2 (Verin): 4 miss, 6 hits A, 5 miss
    s.dice_queue += [3]                # Mu saves A on a 1 only (no demon): 3, destroyed
    s.dice_queue += [2, 4]             # Beast against Ukobach's 2 skulls: legion 1 saved, legion 3 lost
    s.dice_queue += [4]                # the keeperless hound runs amok: 4 = clockwise, to Addiction
    s.dice_queue += [5]                # Verin survives a roll of 5
    ev = answer(s, MU, "target", l1.id)
    assert s.dice_queue == []
    attacks = {e.params["seat"]: (e.key, e.params["rolls"], e.params["hits"]) for e in ev
               if e.key.startswith("ev_battle_attack")}
    assert attacks == {MU: ("ev_battle_attack", [5, 4, 6, 3, 2, 6], 2), BEAST: ("ev_battle_attack_bonus", [4, 6, 5], 1)}
    saves = [(e.params["seat"], e.params["need"], e.params["rolls"]) for e in ev if e.key == "ev_battle_save"]
    assert saves == [(BEAST, 2, [2, 4]), (MU, 1, [3])] or saves == [(MU, 1, [3]), (BEAST, 2, [2, 4])]
    assert board.unit(s, la.id) is None and board.unit(s, l3.id) is None
    assert amok == [h.id] and h.at == ADDICTION
    assert [e.params["rolls"] for e in ev if e.key == "ev_battle_lt_survives"] == [[5]]
    assert asked(s) == [(BEAST, "combat_flee")]            # only Beast has a demon left
    answer(s, BEAST, "stay"), answer(s, MU, "stay")
    assert s.battle.round == 2
    assert len(units(s, SUGAR_HILL, "legion", BEAST)) == 2
    assert len(units(s, SUGAR_HILL, "legion", MU)) == 3
