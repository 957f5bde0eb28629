"""The board picture, the hand picture and the text board of The HellGame,
from views built by hand (the engine fills the same models)."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageDraw

import render_probe as P
from engines.contract import Header, Text
from engines.hellgame.core import data
from engines.hellgame.core.model import (
    ANTEHELL,
    FREEBOOTERS,
    DemonView,
    HandCard,
    Phenomenon,
    PlayerView,
    SectioView,
    UnitView,
    View,
)
import render
from render import hellgame as R
from render.hellgame_text import board_text, seat_name

PNG_SIGNATURE = P.PNG_SIGNATURE
LIMIT = 600 * 1024
#: Demon cards of the six triumvirates (three each), highest rank first.
TRIUMVIRATES = ((16, 2, 15), (3, 4, 12), (6, 11, 19), (7, 9, 5), (8, 0, 10), (13, 14, 20))
#: Sectios held by each seat in the busy view: spread over circles and quarters.
HELD = {
    0: [0, 5, 10, 11, 40],
    1: [1, 6, 16, 21, 41, 31],
    2: [2, 7, 12, 22, 32, 42],
    3: [3, 8, 13, 18, 23, 43],
    4: [4, 9, 14, 19, 24, 44],
    5: [15, 20, 25, 30, 35, 36],
}


def sectio_views() -> list[SectioView]:
    return [SectioView(index=s.index, name=s.name, label=s.label, circle=s.circle, quarter=s.quarter, souls=s.souls,
                       owner=None) for s in data.SECTIOS]


def antehell_view() -> SectioView:
    return SectioView(index=ANTEHELL, name="Antehell", label="Antehell", circle=9, quarter=0, souls=0, owner=None)


def demon_views(seats: int) -> list[DemonView]:
    out = []
    for seat in range(seats):
        for card in TRIUMVIRATES[seat]:
            c = data.DEMONS[card]
            out.append(DemonView(index=len(out), card=card, name=c.name, rank=c.rank, hearts=c.hearts, skulls=c.skulls,
                                 stars=c.stars, owner=seat, status="active", on_earth=False, acted=False))
    return out


def player_views(seats: int) -> list[PlayerView]:
    return [PlayerView(seat=p, name=data.DEMONS[TRIUMVIRATES[p][0]].name, souls=5, favour=1, disfavour=0, hand=0,
                       sectios=0, legions=0, out=False) for p in range(seats)]


def make_view(seats: int, seat: int | None = None, **changes) -> View:
    """The start of a match: nobody holds anything."""
    fields = dict(
        seat=seat, seats=seats, round=1, phase="soul", step="soul", players=player_views(seats),
        demons=demon_views(seats), sectios=sectio_views(), antehell=antehell_view(), units=[], track=[],
        permanent={"heaven": None, "earth": None, "hell": None}, phenomena=[], lieutenant_boxes=[4, 4, 4],
        hounds_left=8, hand=[] if seat is not None else None,
    )
    fields.update(changes)
    return View(**fields)


def hand_cards(ids: list[int]) -> list[HandCard]:
    return [HandCard(id=c.id, name=c.name, cost=c.cost, minor=c.minor, places=c.pass_places, major=c.major, six=c.six)
            for c in (data.ARCANA[i] for i in ids)]


SIX_IDS = [c.id for c in data.ARCANA if c.six]


def busy_view(seats: int = 6, seat: int | None = 0) -> View:
    """Round 7, Action phase: every seat holds sectios and has legions,
    lieutenants and hounds on the map; Antehell has units; demons on Earth,
    incapacitated and done; permanent events and phenomena."""
    sectios = sectio_views()
    units: list[UnitView] = []

    def add(kind: str, owner: int | None, at: int, **kw) -> int:
        units.append(UnitView(id=len(units), kind=kind, owner=owner, at=at, **kw))
        return units[-1].id

    for owner, held in HELD.items():
        if owner >= seats:
            continue
        for k, i in enumerate(held):
            sectios[i].owner = owner
            n = 1 + (k + owner) % 3
            for _ in range(n):
                add("legion", owner, i)
    # contested sectios, lieutenants, hounds, freebooters
    for owner, at in ((1, 0), (1, 0), (2, 5), (0, 17), (0, 17), (1, 17), (3, 27), (FREEBOOTERS, 28), (0, 38)):
        if owner == FREEBOOTERS or owner < seats:
            add("legion", owner, at)
    for owner, at, lt in ((0, 0, 1), (1, 41, 4), (2, 22, 9), (3, 13, 11), (4, 44, 6), (5, 36, 2)):
        if owner < seats:
            add("lieutenant", owner, at, name=data.LIEUTENANTS[lt].name)
    for owner, at, attacks in ((0, 10, 3), (2, 42, 4), (5, 35, 2)):
        if owner < seats:
            add("hound", owner, at, attacks=attacks)
    wild = {33: 2, 39: 1}
    for at, n in wild.items():
        for _ in range(n):
            add("hound", None, at, attacks=2)
    for owner in range(seats):
        add("legion", owner, ANTEHELL)
    add("legion", 0, ANTEHELL)
    add("hound", None, ANTEHELL, attacks=1)
    add("hound", None, ANTEHELL, attacks=4)
    add("lieutenant", 1 % seats, ANTEHELL, name=data.LIEUTENANTS[7].name)
    antehell = antehell_view()
    for s in sectios + [antehell]:
        for u in units:
            if u.at != s.index:
                continue
            if u.kind == "legion":
                s.legions[u.owner] = s.legions.get(u.owner, 0) + 1
            elif u.kind == "lieutenant":
                s.lieutenants.append(u.id)
            elif u.owner is None:
                s.wild_hounds += 1
            else:
                s.hounds.append(u.id)
    for i in (22, 23, 24):
        sectios[i].warning = "quagmire"
    players = player_views(seats)
    for p in players:
        p.souls, p.favour, p.disfavour = 7 + 3 * p.seat, 1 + p.seat % 3, p.seat % 2
        p.hand = 2 + p.seat % 4
        p.sectios = sum(s.owner == p.seat for s in sectios)
        p.legions = sum(u.kind == "legion" and u.owner == p.seat for u in units)
    players[-1].submitted = True
    demons = demon_views(seats)
    demons[0].on_earth, demons[0].walk_card = True, "Mother Dog"
    demons[1].acted = True
    demons[3 if seats > 1 else 0].status = "incapacitated"
    track = [d.index for d in sorted(demons, key=lambda d: d.rank) if d.status == "active"]
    hand = hand_cards([0, 2, SIX_IDS[0], 50, SIX_IDS[1]]) if seat is not None else None
    return make_view(
        seats, seat, round=7, phase="action", step="action", players=players, demons=demons, sectios=sectios,
        antehell=antehell, units=units, track=track,
        permanent={"heaven": "Wrath of Angels", "earth": None, "hell": "Temper"},
        phenomena=[Phenomenon(kind="quagmire", sectios=[22, 23, 24])], lieutenant_boxes=[3, 0, 2], hounds_left=3,
        box_lieutenants=[["Shalmaneser", "Sulla", "Verin"], [], ["Fleuretty", "Pytho"]], hand=hand,
        header=Header(to_act=[2 % seats], stage=Text(key="hd_round", params={"round": 7, "phase": "action"})),
    )


def held(view: View, seat: int) -> list[SectioView]:
    return [s for s in view.sectios if s.owner == seat]


def strip_point(index: int) -> tuple[int, int]:
    """In the owner's strip along the outer edge of a sectio, at its middle angle."""
    circle, quarter = divmod(index, 5)
    x, y = R.polar(R.ring(circle)[1] - R.STRIP + 2, R.quarter_angle(quarter))
    return round(x), round(y)


MARKERS = (R.INK, R.WHITE, *R.FILL.values())


# -- the board picture ---------------------------------------------------------------


@pytest.mark.parametrize("locale", ["de", "en"])
@pytest.mark.parametrize("seats", [2, 6])
def test_png_signature_size_and_weight(locale, seats):
    for view in (make_view(seats), make_view(seats, 0), busy_view(seats, None), busy_view(seats, seats - 1)):
        data_ = R.board_png(view, locale)
        assert data_.startswith(PNG_SIGNATURE)
        image = Image.open(io.BytesIO(data_))
        assert image.width == R.WIDTH == 1680
        assert R.MAP <= image.height <= 1200  # about 1680 x 1120: a phone shows it whole, zoomed it reads
        assert len(data_) < LIMIT


def test_rendering_is_a_pure_function():
    assert R.board_png(busy_view(6, 2), "de") == R.board_png(busy_view(6, 2), "de")


def test_each_seat_colour_is_where_its_sectios_are():
    view = busy_view(6, None)
    image = P.decode(R.board_png(view, "de"))
    for seat in range(6):
        assert held(view, seat)
        for s in held(view, seat):
            cx, cy = R.sectio_centre(s.index)
            ground = P.dominant(image, P.around(cx, cy, 9), ignore=MARKERS)
            assert P.near(ground, R.TINT[seat]), (seat, s.label, ground)
            assert P.near(image.getpixel(strip_point(s.index)), R.FILL[seat]), (seat, s.label)
            others = [R.TINT[o] for o in R.TINT if o != seat]
            assert not any(P.near(ground, t) for t in others)


def test_the_owners_symbol_stands_in_the_sectio():
    view = busy_view(6, None)
    image = P.decode(R.board_png(view, "en"))
    for seat in range(6):
        for s in held(view, seat):
            r_in, r_out = R.ring(s.circle)
            a = R.quarter_angle(s.quarter)
            # the sector's inside, shrunk away from the owner's strip along the edge
            pts = [R.polar(r, a + da) for r in (r_in + 3, r_out - R.STRIP - 3) for da in (-30, 0, 30)]
            box = P.box(min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
            assert P.has(image, box, R.FILL[seat]), (seat, s.label)


def test_unowned_sectios_are_neutral_and_the_pentagram_point_is_coloured():
    view = busy_view(6, None)
    image = P.decode(R.board_png(view, "en"))
    free = [s for s in view.sectios if s.owner is None]
    assert free
    for s in free:
        cx, cy = R.sectio_centre(s.index)
        assert P.near(P.dominant(image, P.around(cx, cy, 9), ignore=MARKERS), R.NEUTRAL), s.label
    tip = R.polar(R.R_PENT * 0.55, R.quarter_angle(0))  # inside the coloured point (quarter 0)
    assert P.near(image.getpixel((round(tip[0]), round(tip[1]))), R.PENT_POINT)
    other = R.polar(R.R_PENT * 0.55, R.quarter_angle(2))
    assert not P.near(image.getpixel((round(other[0]), round(other[1]))), R.PENT_POINT)


def test_an_empty_map_differs_from_a_full_one_only_where_things_are():
    for seats in (2, 6):
        empty = P.decode(R.board_png(make_view(seats, 0), "de"))
        full = P.decode(R.board_png(busy_view(seats, 0), "de"))
        assert P.changed(empty, full, (0, 0, R.MAP, R.MAP)) is not None
        for s in busy_view(seats, 0).sectios:
            cx, cy = R.sectio_centre(s.index)
            same = P.changed(empty, full, P.around(cx, cy, 6)) is None
            assert same == (s.owner is None and not s.legions and not s.wild_hounds and not s.warning), s.label


def test_one_more_legion_changes_only_its_sectio():
    view = make_view(2)
    more = make_view(2)
    more.sectios[17].legions = {1: 2}
    a, b = P.decode(R.board_png(view, "en")), P.decode(R.board_png(more, "en"))
    diff = P.changed(a, b, (0, 0, R.MAP, R.MAP))
    r_in, r_out = R.ring(3)
    mid = R.quarter_angle(2)
    pts = [R.polar(r, mid + da) for r in (r_in, r_out) for da in (-36, -18, 0, 18, 36)]
    sector = P.box(min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
    assert diff is not None and P.within(diff, P.grow(sector, 2))
    assert P.has(b, sector, R.FILL[1]) and not P.has(a, sector, R.FILL[1])


def test_antehell_units_stand_in_the_band():
    empty = P.decode(R.board_png(make_view(6), "en"))
    full = P.decode(R.board_png(busy_view(6, None), "en"))
    band = P.box(R.CX - 330, R.CY + R.R_HELL, R.CX + 330, R.CY + R.R_BAND)  # the bottom of the band
    diff = P.changed(empty, full, band)
    assert diff is not None
    for seat in range(6):
        assert P.has(full, band, R.FILL[seat]), seat
        assert not P.has(empty, band, R.FILL[seat]), seat
    assert P.has(full, band, R.WILD)  # the wild hounds' badge


def test_wild_hounds_lieutenants_and_warnings_have_their_markers():
    base = make_view(2)
    marked = make_view(2)
    marked.sectios[33].wild_hounds = 2
    marked.sectios[22].warning = "quagmire"
    a, b = P.decode(R.board_png(base, "en")), P.decode(R.board_png(marked, "en"))
    for index, colour in ((33, R.PENT_POINT), (22, R.WHITE)):
        cx, cy = R.sectio_centre(index)
        region = P.around(cx, cy, 60)
        assert P.changed(a, b, region) is not None
        assert P.count(b, region, colour) > P.count(a, region, colour), index


def test_a_crowded_inner_sectio_still_renders():
    view = busy_view(6, None)
    spies = view.sectios[0]
    spies.legions = {seat: 12 for seat in range(6)} | {FREEBOOTERS: 3}
    spies.wild_hounds, spies.warning = 3, "earthquake"
    data_ = R.board_png(view, "de")
    assert data_.startswith(PNG_SIGNATURE) and len(data_) < LIMIT


def test_the_side_panel_shows_each_seat_and_the_track():
    view = busy_view(6, None)
    image = P.decode(R.board_png(view, "de"))
    panel = (R.PANEL_X, 0, R.WIDTH, image.height)
    for seat in range(6):
        assert P.has(image, panel, R.TINT[seat]) and P.has(image, panel, R.FILL[seat])
    quiet = view.model_copy(update={"track": [], "permanent": {"heaven": None, "earth": None, "hell": None}})
    assert P.changed(image, P.decode(R.board_png(quiet, "de")), panel) is not None
    left = view.model_copy(deep=True)
    left.players[3].souls = 99
    diff = P.changed(image, P.decode(R.board_png(left, "de")))
    assert diff is not None and P.within(diff, panel)


def test_geometry_rings_and_quarters():
    """Circle 0 lies innermost at the Pentagram, Limbo outermost; quarter 0 at
    the top, the quarters clockwise; every centre lies in its own sector."""
    assert R.ring(0)[0] == R.R_PENT and R.ring(8)[1] == R.R_HELL < R.R_BAND <= R.MAP / 2
    for c in range(8):
        assert R.ring(c)[1] == R.ring(c + 1)[0]
    top = R.sectio_centre(0)
    assert abs(top[0] - R.CX) <= 1 and top[1] < R.CY
    assert R.sectio_centre(1)[0] > R.CX  # quarter 1 is clockwise of quarter 0: to the right at the top
    assert R.sectio_centre(4)[0] < R.CX
    for s in data.SECTIOS:
        x, y = R.sectio_centre(s.index)
        r = math.hypot(x - R.CX, y - R.CY)
        r_in, r_out = R.ring(s.circle)
        assert r_in < r < r_out
        angle = math.degrees(math.atan2(y - R.CY, x - R.CX))
        assert abs((angle - R.quarter_angle(s.quarter) + 180) % 360 - 180) < 1


def test_each_seat_has_its_own_shape():
    """Seats drawn in one ink: the symbols alone tell them apart."""
    masks = {}
    for seat in R.SHAPES:
        image = Image.new("RGB", (60, 60), R.WHITE)
        R.symbol(ImageDraw.Draw(image), seat, 30, 30, 30, fill=R.INK)
        masks[seat] = image.convert("L").tobytes()
    for a in masks:
        for b in masks:
            if a < b:
                assert sum(x != y for x, y in zip(masks[a], masks[b])) > 120, (a, b)


def test_colours_stay_apart_for_colour_blind_eyes_and_text_stays_legible():
    for a in R.FILL:
        for b in R.FILL:
            if a < b:
                for kind in ("protan", "deutan", "tritan"):
                    assert P.delta_e(P.as_seen(R.FILL[a], kind), P.as_seen(R.FILL[b], kind)) >= 12, (a, b, kind)
        assert P.contrast(R.INK, R.TINT[a]) >= 4.5
        assert P.contrast(R.ON_FILL[a], R.FILL[a]) >= 4.5
    for ground in (R.NEUTRAL, R.ANTE, R.BG, R.WHITE):
        assert P.contrast(R.INK, ground) >= 7
    assert P.contrast(R.MUTED, R.BG) >= 4.5 and P.contrast(R.PENT_LINE, R.PENT_BG) >= 7


# -- the hand picture -----------------------------------------------------------------


def test_hand_png_shows_the_cards_and_the_sixes():
    view = busy_view(6, 0)
    data_ = R.hand_png(view, "de")
    assert data_.startswith(PNG_SIGNATURE) and len(data_) < LIMIT
    image = P.decode(data_)
    assert image.width == R.HAND_W and image.height >= len(view.hand) * R.CARD_H
    assert P.has(image, None, R.GOLD)  # two cards carry the printed 6
    plain = view.model_copy(update={"hand": hand_cards([0, 2])})
    plain_image = P.decode(R.hand_png(plain, "de"))
    assert not P.has(plain_image, None, R.GOLD) and plain_image.height < image.height
    assert R.hand_png(view, "en") != data_


def test_each_card_of_the_hand_shows_what_its_major_spell_does(monkeypatch):
    """Under the major spell's name a compact line or two say what it does
    (the whole text is in "Card texts"): the band under the spell holds
    text, and it is blank when the spell has no words."""
    view = make_view(2, 0, hand=hand_cards([0]))
    band = (114, 76 + 100, R.HAND_W - 28, 76 + 140)  # the first card's effect lines
    with_effect = P.decode(R.hand_png(view, "en")).crop(band)
    monkeypatch.setattr(R.game_text, "spell_text", lambda key, locale: "")
    without = P.decode(R.hand_png(view, "en")).crop(band)
    assert len(without.getcolors(1 << 16)) == 1  # nothing drawn there without the words
    assert len(with_effect.getcolors(1 << 16)) > 2 and with_effect.tobytes() != without.tobytes()


def test_hand_png_of_a_spectator_or_an_empty_hand():
    assert R.hand_png(busy_view(6, None), "en").startswith(PNG_SIGNATURE)
    assert R.hand_png(make_view(2, 1), "de").startswith(PNG_SIGNATURE)


# -- the text board ----------------------------------------------------------------------


def numbers(locale: str, p: PlayerView) -> str:
    if locale == "de":
        return (f"Seelen {p.souls} · Gunst {p.favour} · Missgunst {p.disfavour} · Arkana {p.hand} · "
                f"Sectios {p.sectios} · Legionen {p.legions}")
    return (f"souls {p.souls} · favour {p.favour} · disfavour {p.disfavour} · arcana {p.hand} · "
            f"sectios {p.sectios} · legions {p.legions}")


@pytest.mark.parametrize("locale", ["de", "en"])
@pytest.mark.parametrize("seats", [2, 6])
def test_text_names_every_held_sectio_and_each_players_numbers(locale, seats):
    view = busy_view(seats, None)
    text = board_text(view, locale)
    assert "{" not in text
    for p in view.players:
        assert f"- {seat_name(p.seat, locale)} ({p.name}): {numbers(locale, p)}" in text
    lines = text.splitlines()
    for s in view.sectios:
        line = next((x for x in lines if x.startswith((f"- {s.name} (", f"- {s.name}, "))), None)
        if s.owner is not None:
            assert line is not None and seat_name(s.owner, locale) in line, s.name
            # one name per thing: where the map prints a short name, the text pairs it with the full one
            short = {"en": f", “{s.label}” on the map (", "de": f", „{s.label}“ auf der Karte ("}[locale]
            assert (short in line) == (s.label != s.name), line
        elif not s.legions and not s.wild_hounds:
            assert line is None, s.name


def test_text_in_german_tells_units_track_and_antehell():
    text = board_text(busy_view(6, 0), "de")
    lines = text.splitlines()
    assert lines[0] == "The HellGame – Runde 7 · Aktionsphase"
    assert "Am Zug: Grün ▲." in lines and "Du spielst Orange ●." in lines
    assert ("- Spies (Treachery, Viertel 1, 2 Seelen): gehört Orange ●; Legionen Orange ● 1, Himmelblau ■ 2; "
            "Leutnant Tammerlane (Orange ●).") in lines
    assert ("- The Wise Men, „Wise Men“ auf der Karte (Limbo, Viertel 4, Arkana statt Seelen): gehört Gelb ◆; "
            "Legionen Gelb ◆ 3.") in lines
    assert ("- Sea Of Lard, „Sea o'Lard“ auf der Karte (The Gluttonous, Viertel 4, 4 Seelen): frei; "
            "wilde Höllenhunde: 2.") in lines
    assert any("Swamp Of Useless Rage" in x and "Phänomen Quagmire" in x for x in lines)
    assert any(x.startswith("Rangliste: 1. Sammael (Rang 2, Orange ●, auf Erden (Mother Dog)); ") for x in lines)
    assert "3. Ashtaroth (Rang 11, Orange ●, hat gehandelt)" in text
    assert any(x.startswith("Vorhölle: Legionen Orange ● 2, Himmelblau ■ 1") and "wilde Höllenhunde: 2" in x
               for x in lines)
    assert "Dauerhafte Ereignisse – Himmel: Wrath of Angels; Erde: –; Hölle: Temper." in lines
    assert "Leutnantsfelder: 1: Shalmaneser, Sulla, Verin; 2: –; 3: Fleuretty, Pytho · Höllenhunde im Vorrat: 3." in lines
    assert "Deine Arkana (5):" in lines
    assert ("- Foci (8 Seelen) – klein: Leutnant anwerben; groß: Lore (Aktion), mit 6. "
            "Ziehe 3 Arkana-Karten (das Handlimit gilt).") in lines


def test_text_own_hand_only_for_its_owner_and_the_end():
    spectator = board_text(busy_view(6, None), "en")
    assert "Your arcana" not in spectator and "You play" not in spectator
    assert "Demons by rank" not in spectator and "Rank track: 1. Sammael" in spectator
    start = board_text(make_view(2, 1), "en")
    assert "You play Sky blue ■." in start and "Your arcana (0): –" in start
    assert "No sectio is held or occupied." in start and "Antehell: empty." in start
    assert "Demons by rank: 1. Sammael (rank 2, Orange ●)" in start
    over = make_view(2, None, winners=[1], end_reason="circle",
                     header=Header(finished=True, stage=Text(key="hd_none")))
    assert "Game over: Sky blue ■ wins (a whole circle)." in board_text(over, "en")
    shared = over.model_copy(update={"winners": [0, 1], "end_reason": "max_rounds"})
    assert "Spielende: Orange ●, Himmelblau ■ teilen sich den Sieg (Rundenlimit)." in board_text(shared, "de")


def test_text_stage_last_lines_out_players_and_unknown_locales():
    view = busy_view(2, None)
    view.players[1].out = True
    view.header = Header(to_act=[0], stage=Text(key="hd_to_act", params={"seats": [1]}))
    view.last = [["hd_to_act", {"seats": [0]}], ["no_such_key", {}]]
    lines = board_text(view, "de").splitlines()
    assert lines[1] == "Am Zug: Himmelblau ■"  # the engine's stage, since it says more than round and phase
    assert lines[-2:] == ["Zuletzt:", "- Am Zug: Orange ●"]
    out = next(x for x in lines if x.startswith("- Himmelblau ■ (Asmodeus): "))
    assert out.endswith("(ausgeschieden, Befehl abgegeben).")
    assert board_text(view, "fr") == board_text(view, "en")
    assert R.board_png(view, "fr") == R.board_png(view, "en")


def test_the_registered_renderer_is_this_one():
    assert "hellgame" in render.games()
    view = busy_view(6, 0)
    assert render.board_png("hellgame", view, "de") == R.board_png(view, "de")
    assert render.board_png("hellgame", view.model_dump_json(), "de") == R.board_png(view, "de")
    assert render.board_text("hellgame", view.model_dump(), "en") == board_text(view, "en")
    assert render.hand_png("hellgame", view, "en") == R.hand_png(view, "en")
