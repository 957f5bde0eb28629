"""The HellGame's data files against the project's reconstruction
(shared/rules/hellgame.md, hellgame-digest.md, hellgame-data.json)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engines.hellgame.core import data as D
from engines.hellgame.core.data import ANTEHELL, PENTAGRAM, compass_step, reentry, sectio_at

#: ``../shared`` beside the project, on every machine that runs the suite (CI too).
SOURCE = Path(__file__).resolve().parents[2] / "shared" / "rules" / "hellgame-data.json"


@pytest.fixture(scope="module")
def source() -> dict:
    """The facts file the data was built from."""
    return json.loads(SOURCE.read_text())


def by_name(prefix: str) -> int:
    """The index of the one sectio whose full name starts with ``prefix``."""
    hits = [s.index for s in D.SECTIOS if s.name.lower().startswith(prefix.lower())]
    assert len(hits) == 1, (prefix, hits)
    return hits[0]


def walk(start: str, *rolls: int) -> list[int | str | None]:
    at: int | str | None = by_name(start)
    path = []
    for roll in rolls:
        assert isinstance(at, int)
        at = compass_step(at, roll)
        path.append(at)
    return path


# ------------------------------------------------------------------ 2.2 map


def test_2_2_1_nine_circles_of_five_quarters():
    assert len(D.SECTIOS) == 45
    assert D.CIRCLES[0] == "Treachery" and D.CIRCLES[8] == "Limbo" and len(D.CIRCLES) == 9
    for i, s in enumerate(D.SECTIOS):
        assert s.index == i == s.circle * 5 + s.quarter == sectio_at(s.circle, s.quarter)
        assert s.antehell == (s.circle == 8)
    assert D.circle_sectios(4) == (20, 21, 22, 23, 24)
    assert D.quarter_sectios(2) == tuple(range(2, 45, 5))
    assert sorted(i for c in range(9) for i in D.circle_sectios(c)) == list(range(45))
    assert sorted(i for q in range(5) for i in D.quarter_sectios(q)) == list(range(45))


def test_2_2_1_lower_dungeon_is_fifth_circle_from_outside_first_quarter():
    s = D.SECTIOS[by_name("Lower Dungeon")]
    assert (9 - s.circle, s.quarter + 1) == (5, 1)


def test_2_2_2_map_labels_are_unique_and_short():
    labels = [s.label for s in D.SECTIOS]
    assert len(set(labels)) == 45
    assert all(0 < len(label) <= 10 and label.strip() == label for label in labels)
    assert all(s.name for s in D.SECTIOS) and len({s.name for s in D.SECTIOS}) == 45


def test_2_2_2_names_and_souls_follow_the_facts_file_except_mad_ereshkigal(source):
    for s, src in zip(D.SECTIOS, source["sectios"], strict=True):
        assert (s.circle, s.quarter) == (src["circle"], src["quarter"])
        if src["name"] == "Bad People":
            assert (s.name, s.souls, s.circle, s.quarter) == ("Mad Ereshkigal", 2, 2, 3)
        else:
            assert (s.name, s.souls) == (src["name"], src["souls"])


def test_2_2_3_neighbours_follow_the_grid_rule_and_are_symmetric():
    for s in D.SECTIOS:
        c, q = s.circle, s.quarter
        grid = {sectio_at(c, q + 1), sectio_at(c, q - 1)}
        grid |= {sectio_at(c2, q) for c2 in (c - 1, c + 1) if 0 <= c2 <= 8}
        assert list(s.neighbours) == sorted(grid)
        for n in s.neighbours:
            assert s.index in D.SECTIOS[n].neighbours
    for loc, ns in enumerate(D.NEIGHBOURS):
        for n in ns:
            assert loc in D.NEIGHBOURS[n]


def test_2_2_3_envious_and_idolaters_touch_only_at_a_corner():
    envious, idolaters = by_name("The Envious"), by_name("Idolaters")
    assert idolaters not in D.NEIGHBOURS[envious]
    assert envious not in D.NEIGHBOURS[idolaters]


def test_2_2_4_antehell_borders_every_limbo_sectio_and_nothing_else():
    assert len(D.NEIGHBOURS) == 46
    assert D.NEIGHBOURS[ANTEHELL] == D.circle_sectios(8)
    for s in D.SECTIOS:
        assert (ANTEHELL in D.NEIGHBOURS[s.index]) == (s.circle == 8)


def test_2_2_wise_men_produce_arcana_by_the_table():
    wise = D.SECTIOS[by_name("The Wise Men")]
    assert (wise.circle, wise.quarter, wise.produces) == (8, 3, "arcana")
    assert [s.name for s in D.SECTIOS if s.produces == "arcana"] == ["The Wise Men"]
    assert D.WISE_MEN_CARDS == {1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3}


# ------------------------------------------------------------------ Appendix A compass


def test_appendix_a_compass_table():
    assert D.COMPASS == {1: "in", 2: "ccw", 3: "out", 4: "cw", 5: None, 6: None}
    spies = by_name("Spies")
    assert compass_step(spies, 5) is None and compass_step(spies, 6) is None
    assert compass_step(by_name("The Wise Men"), 3) == ANTEHELL
    with pytest.raises(ValueError):
        compass_step(ANTEHELL, 1)
    with pytest.raises(ValueError):
        compass_step(spies, 7)


def test_10_2_falsifiers_miracle_workers_spies_pentagram():
    assert walk("Falsifiers", 2, 1, 1) == [by_name("Miracle Workers"), by_name("Spies"), PENTAGRAM]


def test_10_3_wild_hound_from_thieves_to_megalomaniacs():
    assert walk("Thieves", 4, 4, 1, 1) == [
        by_name("Exploiters"), by_name("Snake Eyes"), by_name("Furnace"), by_name("Megalomaniacs")]
    assert walk("Furnace", 2) == [by_name("Swamp")]


def test_10_1_uriel_from_the_wise_men_to_addiction():
    assert walk("The Wise Men", 2, 1, 1) == [
        by_name("The Forest"), by_name("Molesters"), by_name("Addiction")]
    assert walk("The Forest", 2) == [by_name("Underachievers")]
    assert walk("Molesters", 2) == [by_name("Sadistic")]


def test_11_sugar_hill_and_addiction():
    assert walk("Sugar Hill", 4) == [by_name("Addiction")]
    assert walk("Addiction", 1) == [by_name("Exploiters")]
    assert walk("Addiction", 4) == [by_name("Sea of Lard")]


def test_2_2_lower_dungeon_clockwise_is_the_envious():
    assert walk("Lower Dungeon", 4) == [by_name("The Envious")]


def test_9_5_2_3_reentry_from_antehell():
    assert [reentry(r) for r in range(1, 7)] == [40, 41, 42, 43, 44, None]
    assert reentry(4) == by_name("The Wise Men")  # 10.1 Uriel example
    with pytest.raises(ValueError):
        reentry(0)


# ------------------------------------------------------------------ demons


def test_2_4_1_twenty_one_demons_with_the_rulebook_corrections():
    assert len(D.DEMONS) == 21
    assert [d.index for d in D.DEMONS] == list(range(21))
    names = [d.name for d in D.DEMONS]
    assert names == sorted(names)
    demon = {d.name: d for d in D.DEMONS}
    assert demon["Orias"].rank == 41 and demon["Ereshkigal"].rank == 23
    assert demon["Naburos"].rank == 61
    assert demon["Andras"].hearts == 4 and demon["Caim"].skulls == 4
    assert len({d.rank for d in D.DEMONS}) == 21
    # 9.4 rank example order
    assert sorted(["Ashtaroth", "Baal", "Caim", "Orias"], key=lambda n: demon[n].rank) == [
        "Ashtaroth", "Baal", "Caim", "Orias"]


def test_2_4_1_only_the_five_corrections_differ_from_the_facts_file(source):
    fact = {d["name"]: d for d in source["demons"]}
    assert [d.name for d in D.DEMONS] == list(fact)
    changed = {(d.name, k) for d in D.DEMONS for k in ("rank", "hearts", "skulls", "stars")
               if getattr(d, k) != fact[d.name][k]}
    assert changed == {("Orias", "rank"), ("Ereshkigal", "rank"), ("Naburos", "rank"),
                       ("Andras", "hearts"), ("Caim", "skulls")}


# ------------------------------------------------------------------ 8.3 lieutenants and hounds


def test_8_3_1_twelve_lieutenants_in_three_boxes_and_the_recruit_table():
    assert len(D.LIEUTENANTS) == 12
    assert D.BOXES == ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11))
    assert D.RECRUIT_BOX == {1: 0, 2: 0, 3: 2, 4: 2, 5: 1, 6: 1}
    verin = D.LIEUTENANTS[5]
    assert (verin.name, verin.combat_bonus) == ("Verin", 2)
    assert D.LIEUTENANTS[D.BOXES[D.RECRUIT_BOX[5]][0]].name == "Leberecht"  # top of the middle box


def test_8_3_2_eight_hellhounds():
    assert D.HOUND_ATTACKS == (1, 2, 2, 2, 3, 3, 4, 4)


# ------------------------------------------------------------------ 9.8 arcana


def test_9_8_arcana_deck_of_109():
    assert len(D.ARCANA) == 109 and [c.id for c in D.ARCANA] == list(range(109))
    names = Counter(c.name for c in D.ARCANA)
    assert len(names) == 99 + 4  # 99 data names and the four rulebook names
    assert names["It Does Not Work"] == names["Frenzy"] == 2
    assert names["Incubus"] == names["Demonic Distraction"] == 1
    assert "He can't be all good" not in names and names["He can't be All Good"] == 1
    doubled = sorted(n for n, k in names.items() if k == 2)
    assert doubled == sorted(["It Does Not Work", "Frenzy", "A very old friend", "Hellhounds!!!",
                              "Mother Dog", "Rankonette"])
    minors = Counter(c.minor for c in D.ARCANA)
    # 99 names: 32 walk, 1 walk safely, 10 recruit, 45 pass, 11 play right away; then the
    # rulebook cards (5 pass, 1 walk) and the four walk copies.
    assert minors == {"walk": 37, "walk_safely": 1, "recruit": 10, "pass": 50, "play_right_away": 11}
    for c in D.ARCANA:
        assert (c.minor == "pass") == (1 <= c.pass_places <= 9)


def test_9_8_data_cards_keep_their_costs_and_minor_spells(source):
    fact = {c["name"]: c for c in source["arcana"]["cards"]}
    assert [c.name for c in D.ARCANA[:99]] == [n for n in fact if n != "He can't be all good"]
    minor = {"Walk The Earth": "walk", "Walk The Earth Safely": "walk_safely",
             "Recruit Lieutenants": "recruit", "Play Right Away": "play_right_away"}
    for c in D.ARCANA[:99]:
        assert c.cost == fact[c.name]["cost"]
        assert c.minor == minor.get(fact[c.name]["minor_spell"], "pass")
        assert c.pass_places == fact[c.name].get("pass_places", 0)


def test_9_8_rulebook_cards():
    rule = [(c.name, c.cost, c.minor, c.pass_places, c.major) for c in D.ARCANA[99:105]]
    assert rule == [
        ("It Does Not Work", 1, "pass", 1, "it_does_not_work"),
        ("It Does Not Work", 1, "pass", 1, "it_does_not_work"),
        ("Frenzy", 2, "pass", 2, "frenzy"),
        ("Frenzy", 2, "pass", 2, "frenzy"),
        ("Incubus", 1, "walk", 0, "incubus"),
        ("Demonic Distraction", 3, "pass", 3, "demonic_distraction"),
    ]


def test_9_6_second_copies_are_the_four_cheapest_walk_cards_in_data_order():
    walks = [c for c in D.ARCANA[:99] if c.minor == "walk"]
    cheapest = sorted(walks, key=lambda c: c.cost)[:4]  # stable: data order among equal costs
    assert [c.name for c in cheapest] == ["A very old friend", "Hellhounds!!!", "Mother Dog", "Rankonette"]
    assert all(c.cost == 0 for c in cheapest)
    copies = D.ARCANA[105:]
    assert [(c.name, c.cost, c.minor, c.major, c.six) for c in copies] == [
        (c.name, c.cost, c.minor, c.major, c.six) for c in cheapest]


def test_4_0_exactly_six_cards_carry_the_printed_six():
    six = [c for c in D.ARCANA if c.six]
    assert sorted(c.name for c in six) == sorted(["Foci", "It was here yesterday", "Objection!",
                                                  "The Sodomess", "Crystal Ball", "Hell on Heels"])
    # They are the most expensive cards: no other card costs more than the cheapest of them.
    # (Three walk cards tie at 6 with Crystal Ball and Hell on Heels; hellgame.md decides.)
    assert min(c.cost for c in six) == 6
    assert max(c.cost for c in D.ARCANA if not c.six) <= 6
    assert all(c.six for c in D.ARCANA if c.cost > 6)


def test_9_8_major_catalogue():
    assert len(D.MAJORS) == 28
    assert [m.number for m in D.MAJORS.values()] == list(range(1, 29))
    timings = Counter(m.timing for m in D.MAJORS.values())
    assert timings == {"action": 16, "combat": 5, "counter": 2, "play_right_away": 5}
    assert [k for k, m in D.MAJORS.items() if m.uncounterable] == ["demonic_distraction"]
    lilith = D.MAJORS["love_for_lilith"]
    assert (lilith.where, lilith.favour, lilith.hearts_needed) == ("hell", 1, 10)
    assert "Mad Ereshkigal" in lilith.requires
    assert D.MAJORS["deflection"].favour == 1 and D.MAJORS["binding"].roll == "stars"
    assert D.MAJORS["revocation"].roll == "hearts" and D.MAJORS["lore"].where == "any"
    for m in D.MAJORS.values():
        assert m.text and (m.where is None) == (m.timing != "action")


def test_9_8_every_major_used_at_least_twice_except_rulebook_named():
    assert {c.major for c in D.ARCANA} == set(D.MAJORS)
    uses = Counter(c.major for c in D.ARCANA)
    rulebook_only = {"incubus", "demonic_distraction"}
    for key in D.MAJORS:
        assert uses[key] >= (1 if key in rulebook_only else 2), key
    assert D.ARCANA[103].major == "incubus" and D.ARCANA[104].major == "demonic_distraction"
    # Also among the 99 data names alone, every entry other than the rulebook ones is used twice.
    distinct = Counter(c.major for c in D.ARCANA[:99])
    for key in set(D.MAJORS) - {"it_does_not_work", "frenzy"} - rulebook_only:
        assert distinct[key] >= 2, key
    name = {c.name: c.major for c in D.ARCANA}
    assert name["Deflection"] == "deflection" and name["Secret Tunnel"] == "secret_tunnel"
    assert name["Love for Lilith"] == "love_for_lilith" and name["Jones' Device"] == "binding"
    assert name["Reinforcements"] == "reinforcements"


def test_6_3_1_play_right_away_cards_map_to_play_right_away_spells():
    pra = {k for k, m in D.MAJORS.items() if m.timing == "play_right_away"}
    assert pra == {"a_bad_day", "audit", "lucifer_frowns", "desertion", "a_fit_of_goodness"}
    for c in D.ARCANA:
        assert (c.minor == "play_right_away") == (c.major in pra), c.name
        if c.minor == "play_right_away":
            assert c.cost == 0 and not c.six
    uses = Counter(c.major for c in D.ARCANA if c.minor == "play_right_away")
    assert set(uses) == pra and min(uses.values()) >= 2
    name = {c.name: c.major for c in D.ARCANA}
    assert name["A Bad Day"] == "a_bad_day" and name["A Fit of Goodness"] == "a_fit_of_goodness"


# ------------------------------------------------------------------ 6.0 Hell cards


def test_6_0_hell_cards_follow_the_formula():
    events, phenomena = list(D.EVENTS), list(D.PHENOMENA)
    assert events == ["wrath_of_angels", "uriels_crusade", "guardian_angels", "the_bees", "age_of_sin",
                      "enlightenment", "red_peril", "temper", "bureaucracy", "liliths_visit",
                      "feast_of_the_fallen", "purge", "census", "hounds_loose", "calm"]
    assert phenomena == ["cave_in", "earthquake", "quagmire", "no_souls", "soul_spring"]
    assert len(D.HELL_CARDS) == 45
    for k, card in enumerate(D.HELL_CARDS):
        assert (card.index, card.location) == (k, k)
        assert card.event == events[k % 15] and card.phenomenon == phenomena[k % 5]
        assert card.scope == ("quarter" if k < 15 else "circle" if k < 30 else "sectio")


def test_6_0_each_event_on_three_cards_each_phenomenon_on_nine():
    assert Counter(c.event for c in D.HELL_CARDS) == {e: 3 for e in D.EVENTS}
    assert Counter(c.phenomenon for c in D.HELL_CARDS) == {p: 9 for p in D.PHENOMENA}
    per_scope = Counter((c.phenomenon, c.scope) for c in D.HELL_CARDS)
    assert per_scope == {(p, s): 3 for p in D.PHENOMENA for s in ("quarter", "circle", "sectio")}
    assert sorted(c.location for c in D.HELL_CARDS) == list(range(45))


def test_6_2_permanent_events_and_phenomena_that_hit_uriel_and_lilith():
    areas = Counter(e.area for e in D.EVENTS.values() if e.permanent)
    assert areas == {"heaven": 3, "earth": 3, "hell": 3}
    assert all(e.area is None for e in D.EVENTS.values() if not e.permanent)
    assert {k for k, p in D.PHENOMENA.items() if p.hits_beings} == {"cave_in", "earthquake"}


def test_models_are_frozen():
    with pytest.raises(Exception):
        D.SECTIOS[0].souls = 9  # type: ignore[misc]
