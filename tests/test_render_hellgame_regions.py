"""The HellGame's board for the web view: the picture drawn larger and sharp
(``board_png`` at a scale), and the places as tap regions
(:mod:`render.hellgame_regions`) that must agree with the picture.

The regions are checked against the map's own geometry (rings, quarters,
where each label is laid out) and against the picture's pixels, at scale 1
and at the web view's scale 3, so a change of the map that the regions did
not follow fails here."""

from __future__ import annotations

import io
import math
import random
from functools import lru_cache

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import render_probe as P
from hellgame_driver import walk as random_play
from test_render_hellgame import busy_view, make_view

import render
from engines.hellgame import GAME
from engines.hellgame import position as Pos
from engines.hellgame.core import data
from engines.hellgame.core.model import Being
from engines.hellgame.engine import ENGINE
from render import hellgame as R
from render import hellgame_regions as G
from render.hellgame_map import (
    ANTE_ROW, MAP, QUARTER, R_BAND, R_HELL, R_PENT, antehell_rows, layout_sectio, quarter_angle, ring, row_spots)
from render.hellgame_text import seat_name

WEB_SCALE = 3


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@lru_cache(maxsize=None)
def busy() -> object:
    return busy_view(6, None)


@lru_cache(maxsize=None)
def pictures() -> tuple[Image.Image, Image.Image]:
    """The busy six-seat board at scale 1 and at the web view's scale."""
    return decode(R.board_png(busy(), "en")), decode(R.board_png(busy(), "en", WEB_SCALE))


def inside(x: float, y: float, poly: list[list[float]]) -> bool:
    """Even-odd ray casting (Antehell's band, a ring with a seam, works too)."""
    hit = False
    for (xa, ya), (xb, yb) in zip(poly, poly[1:] + poly[:1]):
        if (ya > y) != (yb > y) and x < xa + (y - ya) * (xb - xa) / (yb - ya):
            hit = not hit
    return hit


def bbox(poly: list[list[float]]) -> tuple[float, float, float, float]:
    return min(p[0] for p in poly), min(p[1] for p in poly), max(p[0] for p in poly), max(p[1] for p in poly)


def containing(regions: list[dict], x: float, y: float) -> list[str]:
    return [r["id"] for r in regions if inside(x, y, r["poly"])]


def label_spot(view, index: int) -> tuple[float, float]:
    """Where the map lays out a place's name (a sectio's label, Antehell's name)."""
    if index == data.ANTEHELL:
        row, middle = antehell_rows(view, "en")[0]
        part, x, y, _ = next(row_spots(row, ANTE_ROW, middle, middle + 90.0))
    else:
        s = view.sectios[index]
        rows, radii = layout_sectio(view, s)
        middle = quarter_angle(s.quarter)
        part, x, y, _ = next(row_spots(rows[0], radii[0], middle, middle + 90.0))
    assert part.label is not None
    return x, y


def expected_place(x: float, y: float, margin: float = 1.5) -> str | None:
    """The place the map's geometry puts (x, y) in: a region id, None for
    outside every place, "?" within ``margin`` px of a border."""
    r = math.hypot(x - MAP / 2, y - MAP / 2)
    angle = math.degrees(math.atan2(y - MAP / 2, x - MAP / 2))
    if r < R_PENT - margin or r > R_BAND + margin:
        return None
    if r > R_HELL + margin:
        # the band's polygon keeps its inner chords outside Hell and its outer ones within the band
        inner = R_HELL / math.cos(math.radians(180.0 / G.BAND_STEPS))
        outer = R_BAND * math.cos(math.radians(180.0 / G.BAND_STEPS))
        return G.ANTEHELL_ID if inner + margin < r < outer - margin else "?"
    for circle in range(9):
        r_in, r_out = ring(circle)
        if r_in + margin < r < r_out - margin:
            quarter = round((angle - quarter_angle(0)) / QUARTER) % 5
            off = (angle - quarter_angle(quarter) + 180.0) % 360.0 - 180.0
            if r * math.sin(math.radians(QUARTER / 2 - abs(off))) < margin:
                return "?"
            return f"sectio:{circle * 5 + quarter}"
    return "?"


# -- the picture at a scale ------------------------------------------------------------------


def test_scale_one_is_the_cached_board_of_the_registry():
    view = busy_view(4, 1)
    R._board_png.cache_clear()
    first = R.board_png(view, "de")
    scaled_before = R._board_png_scaled.cache_info()
    again = R.board_png(view, "de", scale=1.0)
    assert again is first  # the very bytes remembered: the cached path, not a new drawing
    assert R._board_png.cache_info().hits == 1
    assert render.board_png("hellgame", view, "de") == first
    assert render.board_png("hellgame", view, "de", scale=1.0) == first
    assert R._board_png_scaled.cache_info() == scaled_before


@pytest.mark.parametrize("scale", [0.5, 0.99, 4.01, 10])
def test_a_scale_outside_one_to_four_is_refused(scale):
    with pytest.raises(ValueError):
        R.board_png(make_view(2), "en", scale)


def test_scale_three_is_three_times_the_size_and_remembered():
    one, three = pictures()
    assert abs(three.width - R.WIDTH * WEB_SCALE) <= 1 and abs(three.height - one.height * WEB_SCALE) <= 1
    assert R.board_png(busy_view(6, None), "en", WEB_SCALE) is R.board_png(busy(), "en", WEB_SCALE)
    png = render.board_png("hellgame", busy(), "en", scale=2.5)
    assert decode(png).size == (round(R.WIDTH * 2.5), round(one.height * 2.5))


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_scale_three_shrunk_is_the_scale_one_picture():
    """Same layout: shrunk back it differs from the scale-1 picture only in
    the anti-aliasing (about 6 of 255 on average; shifting the picture by
    2 px already gives about 20)."""
    one, three = pictures()
    for method in (Image.Resampling.BOX, Image.Resampling.LANCZOS):
        assert mean_difference(three.resize(one.size, method), one) < 10
    view = make_view(2, 1)
    small, large = decode(R.board_png(view, "de")), decode(R.board_png(view, "de", WEB_SCALE))
    assert mean_difference(large.resize(small.size, Image.Resampling.BOX), small) < 10


def strong_steps(image: Image.Image, strong: int = 96) -> list[int]:
    """The steps of at least ``strong`` grey levels between horizontal
    neighbours, counted by the column's place in a 3-pixel cell (x % 3)."""
    g = image.convert("L")
    d = ImageChops.difference(g.crop((1, 0, g.width, g.height)), g.crop((0, 0, g.width - 1, g.height)))
    steps = d.point(lambda p: 255 if p >= strong else 0)
    counts = []
    for phase in range(3):
        row = Image.new("L", (steps.width, 1))
        row.putdata([255 if x % 3 == phase else 0 for x in range(steps.width)])
        columns = row.resize(steps.size, Image.Resampling.NEAREST)
        counts.append(ImageChops.multiply(steps, columns).histogram()[255])
    return counts


def test_scale_three_is_drawn_sharp_not_enlarged():
    """Type and lines drawn at the large size have hard edges anywhere; an
    enlarged bitmap has soft edges (bilinear, bicubic) or hard ones only
    between its 3 x 3 blocks (nearest)."""
    one, three = pictures()
    drawn = strong_steps(three)
    big = (one.width * WEB_SCALE, one.height * WEB_SCALE)
    for method in (Image.Resampling.BILINEAR, Image.Resampling.BICUBIC, Image.Resampling.NEAREST):
        enlarged = strong_steps(one.resize(big, method))
        within_blocks = enlarged[0] + enlarged[1]  # a step x -> x + 1 inside a block
        assert within_blocks * 10 < drawn[0] + drawn[1], method
    assert sum(drawn) > 2 * sum(strong_steps(one.resize(big, Image.Resampling.BILINEAR))) + 1000
    assert min(drawn) > sum(drawn) / 5  # edges fall anywhere, not on a 3-pixel grid


# -- the regions: geometry ---------------------------------------------------------------------


def test_one_region_per_sectio_and_one_for_antehell():
    regions = G.board_regions(busy(), "en")
    ids = [r["id"] for r in regions]
    assert len(ids) == len(set(ids))
    assert ids == [f"sectio:{i}" for i in range(45)] + ["antehell"]
    for r in regions:
        assert set(r) == {"id", "poly", "title", "lines"}
        assert 3 <= len(r["poly"]) <= 40
        assert all(isinstance(c, (int, float)) and round(c, 1) == c for p in r["poly"] for c in p)
        assert r["title"] and r["lines"] and all(isinstance(line, str) and line for line in r["lines"])


def test_regions_lie_within_the_picture():
    one, _ = pictures()
    for r in G.board_regions(busy(), "en"):
        x0, y0, x1, y1 = bbox(r["poly"])
        assert 0 <= x0 and 0 <= y0 and x1 <= min(one.width, MAP) and y1 <= min(one.height, MAP), r["id"]


def test_each_label_is_inside_its_own_region_only():
    view = busy()
    regions = G.board_regions(view, "en")
    for index in list(range(45)) + [data.ANTEHELL]:
        x, y = label_spot(view, index)
        assert containing(regions, x, y) == [G.region_id(index)], index


def test_regions_follow_the_rings_and_quarters_and_do_not_overlap():
    """Points all over the map: a point clear of every border lies in the
    region of the place the rings and quarters put it in, and in no other;
    near a border in one region at most."""
    regions = G.board_regions(busy(), "en")
    boxes = [(r, bbox(r["poly"])) for r in regions]
    rnd = random.Random(5)
    checked = 0
    for _ in range(4000):
        x, y = rnd.uniform(0, MAP), rnd.uniform(0, MAP)
        found = [r["id"] for r, b in boxes if b[0] <= x <= b[2] and b[1] <= y <= b[3] and inside(x, y, r["poly"])]
        want = expected_place(x, y)
        if want == "?":
            assert len(found) <= 1, (x, y, found)
        else:
            assert found == ([want] if want else []), (x, y, found, want)
            checked += 1
    assert checked > 3500


def region_pixels(image: Image.Image, poly: list[list[float]], k: float, stride: int) -> list[P.RGB]:
    """Every ``stride``-th pixel (each way) of the picture that the outline,
    multiplied by ``k`` as the web page does, covers when filled."""
    x0, y0, x1, y1 = bbox(poly)
    left, top = math.floor(x0 * k), math.floor(y0 * k)
    mask = Image.new("L", (math.ceil(x1 * k) - left + 1, math.ceil(y1 * k) - top + 1), 0)
    ImageDraw.Draw(mask).polygon([(x * k - left, y * k - top) for x, y in poly], fill=255)
    covered, px = mask.load(), image.load()
    return [px[left + i, top + j] for i in range(0, mask.width, stride) for j in range(0, mask.height, stride)
            if covered[i, j]]


def test_the_picture_under_each_region_is_its_sectios_ground():
    """Regions and picture agree at scale 1 and, multiplied by 3, at the web
    view's scale: what fills a held sectio's region is mostly its owner's
    tint and colour strip, an unheld one's the neutral ground (the markers
    cover the rest; the least share is about 0.73)."""
    view = busy()
    one, three = pictures()
    for r in G.board_regions(view, "en")[:45]:
        s = view.sectios[int(r["id"].split(":")[1])]
        ground = [R.TINT[s.owner], R.FILL[s.owner]] if s.owner is not None else [R.NEUTRAL]
        for image, k in ((one, 1), (three, WEB_SCALE)):
            samples = region_pixels(image, r["poly"], k, 2 * k)
            share = sum(P.near_any(p, ground) for p in samples)
            assert share > 0.55 * len(samples) > 100, (r["id"], k, share, len(samples))


# -- the regions: what they say ------------------------------------------------------------------


def built_view(seat: int | None = None):
    """Seat 2 holds Swamp of Useless Rage with three legions and the
    lieutenant Verin; seat 0 has a legion there; seat 1 two in Antehell;
    Uriel in the Swamp, Lilith (Crone) in Antehell."""
    state = Pos.build(Pos.Position(
        players=[Pos.Player(demons=["Sammael"]), Pos.Player(demons=["Asmodeus"]),
                 Pos.Player(demons=["Beelzebub"], sectios=["Swamp"])],
        units={"Swamp": Pos.Units(legions={2: 3, 0: 1}, lieutenants=[Pos.Lieutenant(name="Verin", seat=2)]),
               "Antehell": Pos.Units(legions={1: 2})},
        uriel=Pos.Uriel(at="Swamp"), lilith=Pos.Lilith(at="Antehell", aspect="crone"), phase="action"))
    return ENGINE.view(state, seat)


SWAMP = 22


@pytest.mark.parametrize("locale", ["de", "en"])
def test_lines_tell_owner_units_and_souls_as_the_view_holds_them(locale):
    view = built_view()
    regions = {r["id"]: r for r in G.board_regions(view, locale)}
    swamp = regions[f"sectio:{SWAMP}"]
    s = view.sectios[SWAMP]
    assert swamp["title"] == s.label == "Swamp" and s.name in swamp["lines"]
    green, orange = seat_name(2, locale), seat_name(0, locale)
    assert "▲" in green
    text = "\n".join(swamp["lines"])
    souls = {"de": f"{s.souls} Seelen", "en": f"{s.souls} souls"}[locale]
    owner = {"de": f"gehört {green}", "en": f"held by {green}"}[locale]
    legions = {"de": "Legionen", "en": "legions"}[locale]
    assert souls in swamp["lines"] and owner in swamp["lines"]
    assert f"{legions} {green} 3" in swamp["lines"] and f"{legions} {orange} 1" in swamp["lines"]
    assert "Verin" in text and f"Verin ({green})" in text
    assert "Uriel" in text
    quarter = {"de": "Viertel", "en": "quarter"}[locale]
    assert f"The Wrathful · {quarter} 3" in swamp["lines"]
    ante = regions["antehell"]
    assert ante["title"] == {"de": "Vorhölle", "en": "Antehell"}[locale]
    assert f"{legions} {seat_name(1, locale)} 2" in ante["lines"]
    assert any("Lilith" in line and {"de": "Greisin", "en": "Crone"}[locale] in line for line in ante["lines"])
    # a sectio nobody holds or stands in: its souls and "unowned", nothing more
    empty = regions["sectio:0"]
    assert empty["lines"][-1] == {"de": "frei", "en": "unowned"}[locale]
    wise = next(c.index for c in data.SECTIOS if c.produces == "arcana")  # the Wise Men: arcana, not souls
    arcana = {"de": "Arkana statt Seelen", "en": "arcana instead of souls"}[locale]
    assert regions[f"sectio:{wise}"]["lines"][-2] == arcana


def test_wards_wild_hounds_and_phenomena_are_told():
    view = busy().model_copy(update={"wards": [[33, 4]], "uriel": Being(at=33), "lilith": None})
    regions = {r["id"]: r for r in G.board_regions(view, "en")}
    lines = regions["sectio:33"]["lines"]
    assert f"ward of {seat_name(4, 'en')} this round" in lines and "wild hellhounds: 2" in lines
    assert "Uriel stands here" in lines
    assert "phenomenon Quagmire" in regions["sectio:22"]["lines"]
    assert "hellhound of Purple ✚ (2 attacks)" in regions["sectio:35"]["lines"]
    assert regions["antehell"]["lines"] != ["–"]
    assert {r["id"]: r for r in G.board_regions(make_view(2), "de")}["antehell"]["lines"] == ["leer"]


def test_a_seat_and_spectators_get_the_same_regions():
    """The map shows only what every spectator sees."""
    assert G.board_regions(built_view(None), "de") == G.board_regions(built_view(2), "de")
    assert G.board_regions(busy_view(6, None), "en") == G.board_regions(busy_view(6, 3), "en")


@lru_cache(maxsize=None)
def walk(seats: int, seed: int, steps: int) -> tuple:
    rnd = random.Random(f"regions/{seats}/{seed}")
    return random_play(ENGINE.setup(seats, rnd.getrandbits(63), {"max_rounds": 4}), rnd, steps)


def test_real_positions_give_a_region_per_place():
    for seats in (2, 6):
        states = walk(seats, 1, 300)
        for state in states[::75]:
            view = ENGINE.view(state, None)
            regions = G.board_regions(view, "en")
            assert [r["id"] for r in regions] == [f"sectio:{i}" for i in range(45)] + ["antehell"]
            for s in view.sectios:
                if s.owner is not None:
                    assert f"held by {seat_name(s.owner, 'en')}" in regions[s.index]["lines"]


def test_regions_are_registered_and_cheap():
    """The registry hands the web view this function; the outlines are
    computed once, a call only formats words (no clock asserted)."""
    assert GAME.board_regions == "render.hellgame_regions:board_regions"
    view = busy()
    assert render.board_regions("hellgame", view, "de") == G.board_regions(view, "de")
    G.board_regions(view, "en")
    before = G._poly.cache_info()
    regions = G.board_regions(view, "en")
    after = G._poly.cache_info()
    assert after.misses == before.misses and after.hits == before.hits + len(regions)
    regions[0]["poly"][0][0] = -1.0  # a caller changing its copy changes nothing here
    assert G.board_regions(view, "en")[0]["poly"][0][0] != -1.0
