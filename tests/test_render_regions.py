"""The web view's board pictures of the four small games: drawn larger and
sharp (``board_png(..., scale=k)``, :mod:`render.sharp`), and the places of
the board as tap regions (``board_regions``) taken from the geometry the
picture is drawn with, so that the page and the picture cannot disagree.

Scale 1 must stay the Discord picture, byte for byte; scale 3 must be that
picture three times the size, with its own detail (type set at the larger
size), not an enlarged bitmap. A region must lie where the picture draws its
place, name what is there in both languages, and tell nothing hidden.
"""

from __future__ import annotations

import io
import random
import time
from functools import lru_cache

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageStat

import engines
import render_probe as P
from engines.halleluja import rules as halleluja_rules
from engines.halleluja.model import FIELDS as HALLELUJA_FIELDS
from engines.halleluja.model import State as HallelujaState
from engines.halleluja.model import Stone, index
from engines.hektor_und_achill.data import GREEKS, TROJANS
from engines.hektor_und_achill.model import Played
from engines.himmel_und_hoelle.model import FIELDS as HUH_FIELDS
from engines.himmel_und_hoelle.model import HEAVEN, HELL, Die
from engines.registry import game as registered
from engines.rng import Rng
from render import board_png, board_regions
from render import halleluja as halleluja_render
from render import himmel_und_hoelle as himmel_und_hoelle_render
from render.sharp import Sharp
from render.typeface import font

GAMES = ["himmel-und-hoelle", "hoch-und-hoeher", "hektor-und-achill", "halleluja"]
#: (seats, options, random moves into the game) of a mid-game position.
PLAY = {
    "himmel-und-hoelle": (2, {}, 60),
    "hoch-und-hoeher": (2, {}, 6),
    "hektor-und-achill": (2, {}, 25),
    "halleluja": (3, {"quick_setup": True}, 40),
}
SCALE = 3
GRID_LINE = {"himmel-und-hoelle": himmel_und_hoelle_render.GRID_LINE, "halleluja": halleluja_render.GRID_LINE}
#: Mean absolute difference (0-255, over the channels) between the scale-1
#: picture and the scale-3 one shrunk back. About 1.5-2.7 when the two agree;
#: the same picture moved by one pixel already differs by about 4-7.
AGREE = 3.5


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def mad(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@lru_cache(maxsize=None)
def midgame(game: str, seed: int = 1):
    """A position some random legal moves into a match (never mutated)."""
    seats, options, moves = PLAY[game]
    engine = engines.get(game)
    rnd = random.Random(seed)
    state = engine.setup(seats, seed, options)
    for _ in range(moves):
        if engine.result(state) is not None:
            break
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
    return state


def view(game: str, seat: int | None = 0, seed: int = 1):
    return engines.get(game).view(midgame(game, seed), seat)


# -- scale 1: the Discord picture, unchanged ---------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["de", "en"])
def test_scale_one_is_the_picture_of_before(game, locale):
    module = registered(game).renderer("board_png")
    for seat in (None, 0):
        v = view(game, seat)
        plain = board_png(game, v, locale)
        assert board_png(game, v, locale, scale=1.0) == plain
        assert board_png(game, v, locale, scale=1) == plain
        assert module(v, locale, scale=1.0) == plain == module(v, locale)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("scale", [0.5, 0.99, 4.01, 10])
def test_a_scale_out_of_range_is_refused(game, scale):
    with pytest.raises(ValueError):
        board_png(game, view(game), "en", scale=scale)


# -- scale 3: the same picture, larger and sharp -------------------------------------


@lru_cache(maxsize=None)
def pictures(game: str, locale: str = "de") -> tuple[Image.Image, Image.Image]:
    v = view(game)
    return decode(board_png(game, v, locale)), decode(board_png(game, v, locale, scale=SCALE))


@pytest.mark.parametrize("game", GAMES)
def test_scale_three_is_three_times_the_size(game):
    small, large = pictures(game)
    assert abs(large.width - SCALE * small.width) <= 1
    assert abs(large.height - SCALE * small.height) <= 1


@pytest.mark.parametrize("game", GAMES)
def test_scale_three_shrunk_back_is_the_scale_one_picture(game):
    small, large = pictures(game)
    down = large.resize(small.size, Image.Resampling.BOX)
    assert mad(down, small) < AGREE
    # the bound is tight enough to see a picture one or two pixels off
    assert mad(ImageChops.offset(down, 2, 0), small) > AGREE
    assert mad(ImageChops.offset(down, 0, 2), small) > AGREE


def edge_energy(image: Image.Image) -> tuple[float, int]:
    """The sum of the squared edge response, and how many pixels are strong edges."""
    edges = image.convert("L").filter(ImageFilter.FIND_EDGES)
    return ImageStat.Stat(edges).sum2[0], sum(edges.histogram()[128:])


def detail_within_blocks(image: Image.Image, k: int) -> float:
    """The share of pixels that differ from their k x k block's mean: none in
    a picture enlarged by repeating pixels."""
    small = image.resize((image.width // k, image.height // k), Image.Resampling.BOX)
    blocky = small.resize((small.width * k, small.height * k), Image.Resampling.NEAREST)
    part = image.crop((0, 0, blocky.width, blocky.height))
    diff = ImageChops.difference(part, blocky).convert("L").point(lambda p: 255 if p > 24 else 0)
    return diff.histogram()[255] / (part.width * part.height)


@pytest.mark.parametrize("game", GAMES)
def test_scale_three_has_detail_an_enlarged_bitmap_lacks(game):
    small, large = pictures(game)
    blurred = small.resize(large.size, Image.Resampling.BILINEAR)
    repeated = small.resize(large.size, Image.Resampling.NEAREST)
    sharp_energy, sharp_edges = edge_energy(large)
    blur_energy, blur_edges = edge_energy(blurred)
    assert sharp_energy > 2 * blur_energy
    assert sharp_edges > 1.8 * blur_edges
    assert detail_within_blocks(repeated, SCALE) == 0
    assert detail_within_blocks(large, SCALE) > 0.005


@pytest.mark.parametrize("game", GAMES)
def test_any_scale_between_one_and_four(game):
    small = pictures(game)[0]
    for scale in (1.5, 2.5, 4):
        image = decode(board_png(game, view(game), "de", scale=scale))
        assert abs(image.width - round(small.width * scale)) <= 1
        assert abs(image.height - small.height * scale) <= 1.5


@pytest.mark.parametrize("game", GAMES)
def test_scale_three_renders_in_reasonable_time(game):
    v = view(game)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        board_png(game, v, "de", scale=SCALE)
        times.append(time.perf_counter() - start)
    assert sorted(times)[1] < 3.0


# -- the magnifier itself -------------------------------------------------------------


def test_sharp_maps_each_pixel_onto_a_k_by_k_block():
    small, large = Image.new("L", (12, 12), 0), Image.new("L", (36, 36), 0)
    ImageDraw.Draw(small).rectangle((2, 3, 5, 7), fill=255)
    Sharp(ImageDraw.Draw(large), 3).rectangle((2, 3, 5, 7), fill=255)
    assert large.getbbox() == (6, 9, 18, 24)
    assert large.resize(small.size, Image.Resampling.BOX).tobytes() == small.tobytes()
    outline = Image.new("L", (36, 36), 0)
    Sharp(ImageDraw.Draw(outline), 3).rectangle((2, 3, 5, 7), outline=255, width=1)
    assert outline.getpixel((8, 15)) == 255 and outline.getpixel((9, 15)) == 0  # a 1-pixel line is 3 wide
    line = Image.new("L", (36, 36), 0)
    Sharp(ImageDraw.Draw(line), 3).line((1, 4, 9, 4), fill=255, width=1)
    x0, y0, x1, y1 = line.getbbox()
    assert (y0, y1) == (12, 15)  # the row 4, three times as thick
    assert abs(x0 - 3) <= 1 and abs(x1 - 30) <= 1  # a wide line ends at its end points' centres


def test_sharp_measures_in_layout_units_and_sets_type_larger():
    f = font(20, True)
    small, large = Image.new("L", (200, 60), 0), Image.new("L", (600, 180), 0)
    plain, sharp = ImageDraw.Draw(small), Sharp(ImageDraw.Draw(large), 3)
    assert sharp.textlength("Hölle 12", font=f) == plain.textlength("Hölle 12", font=f)
    assert sharp.textbbox((10, 10), "Hölle", font=f) == plain.textbbox((10, 10), "Hölle", font=f)
    plain.text((10, 30), "Hölle", font=f, fill=255, anchor="lm")
    sharp.text((10, 30), "Hölle", font=f, fill=255, anchor="lm")
    a, b = small.getbbox(), large.getbbox()
    for i in range(4):
        assert abs(b[i] - 3 * a[i]) <= 4
    assert f.size == 20  # the caller's font is never changed


# -- regions ---------------------------------------------------------------------------


def inside(x: float, y: float, poly: list[list[float]]) -> bool:
    """Strictly inside ``poly`` (ray casting; sample points avoid its edges)."""
    x0, y0, x1, y1 = bounds(poly)
    if not (x0 < x < x1 and y0 < y < y1):
        return False
    hit = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def bounds(poly) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def samples(poly, n: int = 9) -> list[tuple[float, float]]:
    """Points spread over ``poly``'s box (off any integer line), those inside it."""
    x0, y0, x1, y1 = bounds(poly)
    pts = [(x0 + (x1 - x0) * (i + 0.5) / n + 0.013, y0 + (y1 - y0) * (j + 0.5) / n + 0.017)
           for i in range(n) for j in range(n)]
    return [p for p in pts if inside(*p, poly)]


def places(game: str, v) -> int:
    """How many places the board of ``v`` draws."""
    if game == "himmel-und-hoelle":
        return 30 + 4  # the play area, and each side's Startfeld and Zielfeld
    if game == "halleluja":
        return 49 + 9  # the board, and the steps 0-8 of the heaven ladder
    if game == "hoch-und-hoeher":
        return len(v.towers)
    own_hand = v.hand is not None and bool(v.hand or v.hero)
    return 2 * (4 + 1 + 1 + 1 + 1 + 1 + 5) + 1 + own_hand  # stacks, heroes, hand, favour, shame, out, slots; fate


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [None, 0])
def test_regions_are_well_formed(game, seat):
    for seed in (1, 2):
        v = view(game, seat, seed)
        image = decode(board_png(game, v, "en"))
        for locale in ("de", "en"):
            regions = board_regions(game, v, locale)
            assert len(regions) == places(game, v)
            assert len({r["id"] for r in regions}) == len(regions)
            for r in regions:
                assert set(r) == {"id", "poly", "title", "lines"}
                assert isinstance(r["id"], str) and r["title"] and isinstance(r["title"], str)
                assert r["lines"] and all(isinstance(line, str) and line for line in r["lines"])
                assert len(r["poly"]) >= 3
                x0, y0, x1, y1 = bounds(r["poly"])
                assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height, r["id"]
                assert "{" not in r["title"] + "".join(r["lines"]), r  # every placeholder filled


@pytest.mark.parametrize("game", GAMES)
def test_no_two_regions_overlap(game):
    for seat in (None, 0):
        regions = board_regions(game, view(game, seat), "en")
        for r in regions:
            points = samples(r["poly"])
            assert points, r["id"]
            for other in regions:
                if other is not r:
                    assert not any(inside(x, y, other["poly"]) for x, y in points), (r["id"], other["id"])


def test_the_fields_are_the_engines_fields():
    huh = {r["id"] for r in board_regions("himmel-und-hoelle", view("himmel-und-hoelle"), "de")}
    assert huh == set(HUH_FIELDS) | {"start:0", "start:1", "goal:0", "goal:1"}
    hal = {r["id"] for r in board_regions("halleluja", view("halleluja"), "de")}
    assert hal == set(HALLELUJA_FIELDS) | {f"ladder:{k}" for k in range(9)}
    v = view("hoch-und-hoeher")
    assert [r["id"] for r in board_regions("hoch-und-hoeher", v, "de")] == [f"tower:{t.id}" for t in v.towers]


def test_the_registry_names_the_regions_and_they_take_any_form_of_the_view():
    for game in GAMES:
        assert registered(game).board_regions == f"render.{game.replace('-', '_')}_regions:board_regions"
        v = view(game)
        regions = board_regions(game, v, "en")
        assert board_regions(game, v.model_dump(), "en") == regions
        assert board_regions(game, v.model_dump_json(), "en") == regions
        assert board_regions(game, v, "fr") == regions  # an unknown language reads English


# -- a piece on a known place: named by its region, drawn inside it --------------------


def himmel_und_hoelle_case():
    engine = engines.get("himmel-und-hoelle")
    state = engine.setup(2, 1)
    state.dice = [Die(side=HEAVEN, field="A9", value=2)]
    state.start = [4, 4]
    empty = engine.view(state, None)
    state.dice = [Die(side=HELL, field="B4", value=5), Die(side=HEAVEN, field="A9", value=2)]
    return engine.view(state, None), empty, "B4", {"de": ["Hölle", "5"], "en": ["Hell", "5"]}


def hoch_und_hoeher_case():
    engine = engines.get("hoch-und-hoeher")
    state = engine.setup(2, 1)
    empty = engine.view(state, None)
    state.towers[2].pawn = "blue"  # tower 3
    return engine.view(state, None), empty, "tower:3", {"de": ["Blau", "Team B"], "en": ["blue", "Team B"]}


def halleluja_state(stacks: dict[str, str]) -> HallelujaState:
    board: list[list[Stone]] = [[] for _ in HALLELUJA_FIELDS]
    for field, code in stacks.items():
        board[index(field)] = [Stone(colour="OBGV".index(ch.upper()), angel=ch.isupper()) for ch in code]
    s = HallelujaState(rng=Rng.from_seed(0), seats=2, board=board, tile="D4", facing="N", towers=12,
                       ladder=[0, 0], captured=[[0] * 4 for _ in range(2)])
    halleluja_rules.begin_turn(s)
    return s


def halleluja_case():
    engine = engines.get("halleluja")
    full = engine.view(halleluja_state({"C6": "BO", "A1": "O", "G7": "B"}), None)
    empty = engine.view(halleluja_state({"A1": "O", "G7": "B"}), None)
    return full, empty, "C6", {"de": ["Engel (Orange)", "Blau"], "en": ["angel (Orange)", "Blue"]}


def hektor_und_achill_case():
    base = engines.get("hektor-und-achill").view(engines.get("hektor-und-achill").setup(2, 1), None)
    full, empty = base.model_copy(deep=True), base.model_copy(deep=True)
    for v in (full, empty):
        v.sides[TROJANS].played = [Played(card="blue2")]
    full.sides[GREEKS].played = [Played(card="red3")]
    return full, empty, f"slot:{GREEKS}:0", {"de": ["rot 3", "Griechen"], "en": ["red 3", "Greeks"]}


CASES = {
    "himmel-und-hoelle": himmel_und_hoelle_case,
    "hoch-und-hoeher": hoch_und_hoeher_case,
    "hektor-und-achill": hektor_und_achill_case,
    "halleluja": halleluja_case,
}


def pixels_in(image: Image.Image, poly) -> bytes:
    """The pixels of ``image`` inside ``poly``, as bytes (everything else black)."""
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon([tuple(p) for p in poly], fill=255)
    return Image.composite(image, Image.new("RGB", image.size), mask).tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_a_piece_is_named_by_its_region_and_drawn_inside_it(game):
    full, empty, place, words = CASES[game]()
    for locale, expected in words.items():
        region = {r["id"]: r for r in board_regions(game, full, locale)}[place]
        told = " ".join([region["title"], *region["lines"]])
        for word in expected:
            assert word in told, (locale, told)
        before = {r["id"]: r for r in board_regions(game, empty, locale)}[place]
        assert before["poly"] == region["poly"] and before["lines"] != region["lines"]
    with_piece, without = decode(board_png(game, full, "en")), decode(board_png(game, empty, "en"))
    regions = board_regions(game, full, "en")
    for r in regions:  # the drawing changed in the piece's region, and in no other place
        changed = pixels_in(with_piece, r["poly"]) != pixels_in(without, r["poly"])
        assert changed == (r["id"] == place), r["id"]
    # the drawing's change fits its region: nothing of it just outside the outline
    x0, y0, x1, y1 = bounds(next(r["poly"] for r in regions if r["id"] == place))
    near = (max(0, round(x0) - 12), max(0, round(y0) - 12), round(x1) + 12, round(y1) + 12)
    dx0, dy0, dx1, dy1 = ImageChops.difference(with_piece.crop(near), without.crop(near)).getbbox()
    assert near[0] + dx0 >= x0 - 1 and near[1] + dy0 >= y0 - 1 and near[0] + dx1 <= x1 + 2 and near[1] + dy1 <= y1 + 2
    if game == "hoch-und-hoeher":  # the pawn stands on the middle of its tower's slot
        assert abs(near[0] + (dx0 + dx1) / 2 - (x0 + x1) / 2) <= 2
    # the large picture has the piece in the same region, times the scale
    box = tuple(round(c) for c in bounds(next(r["poly"] for r in regions if r["id"] == place)))
    small = with_piece.crop(box)
    large = decode(board_png(game, full, "en", scale=SCALE)).crop(tuple(c * SCALE for c in box))
    assert mad(large.resize(small.size, Image.Resampling.BOX), small) < 2 * AGREE
    assert mad(large.resize(small.size, Image.Resampling.BOX), without.crop(box)) > 2 * AGREE


@pytest.mark.parametrize("game", ["himmel-und-hoelle", "halleluja"])
def test_field_regions_lie_on_the_drawn_grid(game):
    """Each field's outline runs along the grid lines the picture draws."""
    empty = CASES[game]()[1]
    image = decode(board_png(game, empty, "en"))
    grid = GRID_LINE[game]
    fields = [r for r in board_regions(game, empty, "en") if ":" not in r["id"]]
    assert len(fields) in (30, 49)
    for r in fields:
        x0, y0, x1, y1 = (round(c) for c in bounds(r["poly"]))
        for x, y in ((x0, (y0 + y1) // 2), (x1, (y0 + y1) // 2), ((x0 + x1) // 2, y0), ((x0 + x1) // 2, y1),
                     (x0 + 1, (y0 + y1) // 2), ((x0 + x1) // 2, y1 - 1)):
            on_line = x in (x0, x1) or y in (y0, y1)
            assert P.near(image.getpixel((x, y)), grid) == on_line, (r["id"], x, y)


# -- nothing hidden in a region ------------------------------------------------------------


def other_hands_himmel_und_hoelle():
    state = midgame("himmel-und-hoelle")
    other = state.model_copy(deep=True)
    other.hands[HEAVEN] = [12 - c for c in state.hands[HEAVEN]][::-1]
    if sorted(other.hands[HEAVEN]) == sorted(state.hands[HEAVEN]):
        other.hands[HEAVEN] = [c for c in range(13) if c not in state.hands[HEAVEN]][:len(state.hands[HEAVEN])]
    return state, other, HELL


def other_hands_hektor_und_achill():
    state = midgame("hektor-und-achill")
    other = state.model_copy(deep=True)
    hand, stack = other.battle.hands[TROJANS], next(s for s in other.stacks[TROJANS] if s)
    assert hand, "the position should have Trojan cards in hand"
    hand[0], stack[0] = stack[0], hand[0]  # another card in hand, the count the same
    for s in other.stacks[TROJANS] + other.stacks[GREEKS]:
        s.reverse()  # the order of every stack is secret
    other.hero_stacks[TROJANS].reverse()
    return state, other, GREEKS


@pytest.mark.parametrize("make", [other_hands_himmel_und_hoelle, other_hands_hektor_und_achill])
def test_hidden_information_changes_no_region(make):
    state, other, seat = make()
    game = state.game
    engine = engines.get(game)
    assert engine.view(state, 1 - seat) != engine.view(other, 1 - seat)  # the hidden part did change
    for viewer in (None, seat):
        for locale in ("de", "en"):
            assert board_regions(game, engine.view(state, viewer), locale) == \
                board_regions(game, engine.view(other, viewer), locale)
