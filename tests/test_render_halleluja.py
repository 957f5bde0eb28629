"""The board picture and text board of Halleluja."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.halleluja import ENGINE as E
from engines.halleluja import rules
import render_probe as P
from engines.halleluja.model import (
    COLUMNS, FIELDS, MoveStone, SlideTile, State, Stone, StopTile, TurnTile, View, index,
)
from engines.rng import Rng
from render import board_png, board_text, games
from render import halleluja as R

GAME = "halleluja"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
LETTERS = "OBGV"


def state(stacks: dict[str, str], *, tile: str = "D4", facing: str = "N", seats: int = 2, active: int = 0) -> State:
    """Stacks as letters bottom first: upper case an angel, lower case a devil."""
    board: list[list[Stone]] = [[] for _ in FIELDS]
    for field, code in stacks.items():
        board[index(field)] = [Stone(colour=LETTERS.index(ch.upper()), angel=ch.isupper()) for ch in code]
    s = State(rng=Rng.from_seed(0), seats=seats, board=board, tile=tile, facing=facing, active=active, towers=12,
              ladder=[0] * seats, captured=[[0] * 4 for _ in range(seats)])
    rules.begin_turn(s)
    return s


def view(stacks: dict[str, str], seat: int | None = None, **kw) -> View:
    return E.view(state(stacks, **kw), seat)


def marked_view(seat: int | None = None) -> View:
    """Mid-turn with every part filled: marks (one done), a decision waiting
    for Blue out of turn, captured stones, ladder steps, a neutral capture."""
    s = state({"D3": "OOO", "D2": "GVB", "F4": "BBb", "A4": "Vo", "B6": "GGG", "G7": "VVV", "A1": "Gg"},
              tile="D4", facing="W", seats=2)
    s, _ = E.apply(s, 0, TurnTile(clockwise=True))
    s, _ = E.apply(s, 0, StopTile())
    s, _ = E.apply(s, 0, MoveStone(field="D3", direction="N"))  # Orange takes the blue angel on D2
    s.captured = [[0, 3, 2, 1], [2, 0, 1, 0]]
    s.ladder = [2, 5]
    s.out = [1, 0, 0, 0]
    return E.view(s, seat)


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def cell(image: Image.Image, field: str) -> Image.Image:
    return image.crop(R.cell_box(field))


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {rgb for _, rgb in image.getcolors(1 << 16)}


def mask(image: Image.Image, background: Image.Image) -> list[int]:
    """Where ``image`` differs from ``background``, ignoring colour."""
    return [int(a != b) for a, b in zip(image.convert("L").tobytes(), background.convert("L").tobytes())]


# -- the picture ---------------------------------------------------------------


def sample_views() -> list[View]:
    setup = E.setup(3, seed=1)
    setup, _ = E.apply(setup, 0, E.legal_actions(setup, 0)[10])
    quick = E.setup(4, seed=2, options={"quick_setup": True})
    over = state({"D2": "o", "A1": "Gg", "G7": "v"})
    over.phase, over.end_reason = "over", "no_angels"
    return [E.view(setup, 0), E.view(quick, None), marked_view(1), marked_view(None), E.view(over, None)]


@pytest.mark.parametrize("locale", ["de", "en"])
def test_png_signature_and_size(locale):
    for v in sample_views():
        data = board_png(GAME, v, locale=locale)
        assert data.startswith(PNG_SIGNATURE)
        image = Image.open(io.BytesIO(data))
        assert 1000 <= image.width <= 1200
        assert 800 <= image.height <= R.MAX_HEIGHT


def test_busy_board_png_is_small():
    assert len(board_png(GAME, marked_view(0), locale="de")) < 250 * 1024


def test_rendering_is_a_pure_function_and_accepts_dicts_and_json():
    v = marked_view(0)
    png = board_png(GAME, v)
    assert board_png(GAME, v) == png
    assert board_png(GAME, v.model_dump()) == png
    assert board_png(GAME, v.model_dump_json()) == png
    assert board_text(GAME, v.model_dump(), "de") == board_text(GAME, v, "de")


def test_registered():
    assert GAME in games()


def test_different_views_give_different_images():
    a = board_png(GAME, view({"A1": "OOO", "G7": "BBB"}))
    b = board_png(GAME, view({"A1": "OOO", "G7": "BB"}))  # height
    c = board_png(GAME, view({"A1": "OOO", "G7": "BBb"}))  # face
    d = board_png(GAME, view({"A1": "OOO", "G7": "BBB"}, facing="E"))  # tile
    assert len({a, b, c, d}) == 4


@pytest.mark.parametrize("shift", range(4))
def test_a_stone_on_every_field_renders(shift):
    """Every field at once, each neighbour in another colour (one picture per
    colour shift, so each field sees each colour): a field shows the colour of
    its own stone and of no other."""
    stacks = {field: LETTERS[(i + shift) % 4] for i, field in enumerate(FIELDS) if field != "D4"}
    image = decode(board_png(GAME, view(stacks, seats=4)))
    for field, letter in stacks.items():
        inside = colours(cell(image, field))
        assert R.FILL[LETTERS.index(letter)] in inside, field
        assert not any(R.FILL[c] in inside for c in range(4) if LETTERS[c] != letter), field


def test_angels_and_devils_differ_in_shape_not_only_colour():
    empty = decode(board_png(GAME, view({"A1": "B"})))
    masks = {}
    for code in ("O", "o"):
        image = decode(board_png(GAME, view({"A1": "B", "B6": code})))
        masks[code] = mask(cell(image, "B6"), cell(empty, "B6"))
    assert sum(a != b for a, b in zip(masks["O"], masks["o"])) > 300
    # a horn sticks out left of the stone's top, wider than the halo reaches
    cx, top = R.CELL // 2 + 8, R.CELL // 2 + 11 - R.STONE // 2
    for dx in (-20, 20):
        horn = (top - 4) * R.CELL + cx + dx
        assert masks["o"][horn] == 1 and masks["O"][horn] == 0
    halo = (top - 13) * R.CELL + cx  # the halo floats above the middle, where no horn is
    assert masks["O"][halo] == 1 and masks["o"][halo] == 0


def test_colours_differ_in_shape_and_letter_not_only_colour():
    empty = decode(board_png(GAME, view({"A1": "B"}, seats=4)))
    masks = []
    for letter in LETTERS:
        image = decode(board_png(GAME, view({"A1": "B", "B6": letter}, seats=4)))
        masks.append(mask(cell(image, "B6"), cell(empty, "B6")))
    for i in range(4):
        for j in range(i + 1, 4):
            assert sum(a != b for a, b in zip(masks[i], masks[j])) > 150, (LETTERS[i], LETTERS[j])


def test_stack_height_and_buried_stones_show():
    low = decode(board_png(GAME, view({"A1": "G", "B6": "B"})))
    high = decode(board_png(GAME, view({"A1": "G", "B6": "OVB"})))
    assert cell(low, "B6") != cell(high, "B6")
    inside = colours(cell(high, "B6"))
    assert R.FILL[0] in inside and R.FILL[3] in inside  # the chips of the stones beneath


def test_marked_stacks_are_framed_and_numbered():
    v = marked_view(None)
    waiting = [m for m in v.marks if m.status == "waiting"]
    done = [m for m in v.marks if m.status == "moved"]
    assert waiting and done
    image = decode(board_png(GAME, v))
    for m in waiting:
        x0, y0, x1, y1 = R.cell_box(m.field)
        assert image.getpixel((x0 + 2, (y0 + y1) // 2)) == R.INK
    x0, y0, _, _ = R.cell_box(done[0].field)
    assert image.getpixel((x0 + 9, y0 + 18)) == R.MUTED  # the grey badge of a handled mark


def test_current_stone_and_its_targets_are_shown():
    v = marked_view(None)
    assert v.current_arrow is not None and v.targets
    image = decode(board_png(GAME, v))
    current = next(m.field for m in v.marks if m.arrow == v.current_arrow)
    assert R.CURRENT_FILL in colours(cell(image, current))
    empty = next(f for f in v.targets if f not in {st.field for st in v.stacks})
    x0, y0, x1, y1 = R.cell_box(empty)
    assert image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) == R.INK  # the target's dot


def test_the_tile_shows_four_numbered_arrows():
    image = decode(board_png(GAME, view({"A1": "O"}, tile="C5", facing="S")))
    inside = colours(cell(image, "C5"))
    assert R.INK in inside and R.HALO in inside and R.WHITE in inside  # arrow 1 is yellow
    a = decode(board_png(GAME, view({"A1": "O"}, tile="C5", facing="N")))
    assert cell(a, "C5") != cell(image, "C5")


def test_ladder_figures_stand_on_their_steps():
    s = state({"A1": "O", "G7": "B"})
    s.ladder = [3, 7]
    image = decode(board_png(GAME, E.view(s, None)))
    for seat, step in ((0, 3), (1, 7)):
        x = R.PANEL_X + step * R.STEP_W + R.STEP_W // 2
        column = image.crop((x - 2, R.HEADER_H + 40, x + 3, R.HEADER_H + 140))
        assert R.FILL[seat] in colours(column)
        x0 = R.PANEL_X + R.STEP_W // 2  # nobody on step 0
        assert R.FILL[seat] not in colours(image.crop((x0 - 2, R.HEADER_H + 40, x0 + 3, R.HEADER_H + 100)))


def test_whose_turn_tints_the_header_and_captures_change_the_panel():
    a = decode(board_png(GAME, view({"A1": "O", "G7": "B"}, active=0)))
    b = decode(board_png(GAME, view({"A1": "O", "G7": "B"}, active=1)))
    assert a.getpixel((600, 5)) == R.TINT[0] and b.getpixel((600, 5)) == R.TINT[1]
    s = state({"A1": "O", "G7": "B"})
    before = board_png(GAME, E.view(s, None))
    s.captured[1] = [1, 0, 1, 1]
    assert board_png(GAME, E.view(s, None)) != before


# -- the text board -----------------------------------------------------------


def test_text_grid_marks_and_decision():
    text = board_text(GAME, marked_view(0), "en")
    lines = text.splitlines()
    assert "You play Orange." in lines
    assert "Neutral: Green, Violet." in lines
    row3 = next(line for line in lines if line.startswith("3 "))
    assert "O2:1" in row3  # the orange stack on D3, marked by arrow 1, its top stone gone
    row4 = next(line for line in lines if line.startswith("4 "))
    assert "T↑" in row4 and "b3:2" in row4 and "o2:4" in row4
    assert "Stacks (bottom → top): A1 G g; D2 G V o; D3 O O; A4 V o; F4 B B b; B6 G G G; G7 V V V." in lines
    assert "Tile on D4: arrow 1 ↑, arrow 2 →, arrow 3 ↓, arrow 4 ←." in lines
    assert "Marked: arrow 1 → D3 (moved); arrow 2 → F4 (waiting); arrow 4 → A4 (waiting)." in lines
    assert "Now: arrow 2, the stone on F4, Blue decides." in lines
    assert (
        "Orange: 13 points = sets [BGV (7), BG (3), B (1) = 11] + ladder 2 (step 2); "
        "captured: 3× Blue, 2× Green, 1× Violet."
    ) in lines
    assert "Last move: D3 → D2." in lines
    assert "Out of the game (taken by neutral stones): 1× Orange." in lines


def test_text_sets_are_the_best_grouping():
    s = state({"A1": "O", "G7": "B", "A7": "G"}, seats=2)
    s.captured = [[0, 3, 3, 3], [1, 0, 0, 0]]
    s.ladder = [1, 0]
    text = board_text(GAME, E.view(s, None), "en")
    assert "Orange: 22 points = sets [BGV (7), BGV (7), BGV (7) = 21] + ladder 1 (step 1)" in text
    assert "Blue: 1 points = sets [O (1) = 1] + ladder 0 (step 0)" in text


def test_text_in_both_locales_and_the_end():
    s = state({"D2": "o", "A1": "Gg", "G7": "v"})
    s.captured = [[0, 1, 1, 1], [0, 0, 0, 0]]
    s.phase, s.end_reason = "over", "no_angels"
    de = board_text(GAME, E.view(s, None), "de")
    en = board_text(GAME, E.view(s, None), "en")
    assert "Spielende (kein Engel mehr obenauf): Orange gewinnt – Orange 7, Blau 0." in de
    assert "Game over (no angel on top): Orange wins – Orange 7, Blue 0." in en
    for word in ("Legende", "Plättchen", "Pfeil", "Sätze", "Leiter"):
        assert word in de
    s.captured = [[0, 0, 0, 0], [0, 0, 0, 0]]
    assert "a tie between Orange, Blue" in board_text(GAME, E.view(s, None), "en")


def test_text_setup_says_who_places_what():
    s = E.setup(2, seed=3)
    s, _ = E.apply(s, 0, E.legal_actions(s, 0)[0])
    s, _ = E.apply(s, 0, E.legal_actions(s, 0)[0])
    s, _ = E.apply(s, 0, E.legal_actions(s, 0)[0])
    text = board_text(GAME, E.view(s, 1), "de")
    assert "Aufbau: Blau setzt einen Turm (Blau, noch 11)." in text
    assert "Du spielst Blau." in text


# -- content from played positions ----------------------------------------------
#
# Where the picture is sampled is computed from the renderer's layout constants.

SEED = 4
SLIDE = [(0, SlideTile(direction="W", distance=3)), (0, StopTile())]  # marks D3 (arrow 1) and D6 (arrow 3)
STONES = [(1, MoveStone(field="D3", direction="W")), (0, MoveStone(field="D6", direction="W"))]
GROUNDS = (R.CELL_LIGHT, R.CELL_DARK, R.GRID_LINE, R.LAST_FILL, R.LAST_LINE, R.CURRENT_FILL)


def play(*moves):
    s = E.setup(2, seed=SEED, options={"quick_setup": True})
    for seat, action in moves:
        s, _ = E.apply(s, seat, action)
    return s


def field_box(field: str) -> P.Box:
    """A field of the 7x7 board: columns A-G left to right, rows 1-7 top down."""
    c, r = COLUMNS.index(field[0]), int(field[1:]) - 1
    x, y = R.BOARD_X + c * R.CELL, R.BOARD_Y + r * R.CELL
    return x, y, x + R.CELL, y + R.CELL


def top_colour(image: Image.Image, field: str):
    """The colour that covers most of a field apart from its ground and the black and white of faces and letters."""
    return P.dominant(image, field_box(field), ignore=GROUNDS + (R.INK, R.WHITE, R.HALO, R.MUTED))


@pytest.mark.parametrize(
    "locale, expected",
    [
        ("en", ["3   .    .    .   B3:1  .    .    .", "5   .    .    .    T↑   .    .    .",
                "Marked: arrow 1 → D3 (waiting); arrow 3 → D6 (waiting).",
                "Now: arrow 1, the stone on D3, Blue decides.", "Last move: G5 → D5."]),
        ("de", ["3   .    .    .   B3:1  .    .    .", "5   .    .    .    T↑   .    .    .",
                "Markiert: Pfeil 1 → D3 (wartet); Pfeil 3 → D6 (wartet).",
                "Jetzt: Pfeil 1, Stein auf D3, entscheidet Blau.", "Letzter Zug: G5 → D5."]),
    ],
)
def test_text_after_the_tile_moved(locale, expected):
    lines = board_text(GAME, E.view(play(*SLIDE), None), locale).splitlines()
    for line in expected:
        assert line in lines


@pytest.mark.parametrize(
    "locale, expected",
    [
        ("en", ["3   .    .    B1   B2   .    .    .", "6   o3   .    .    O2   .    .    .",
                "Orange: 1 points = sets [G (1) = 1] + ladder 0 (step 0); captured: 1× Green.",
                "Blue to move: tile, first action.", "Last move: D6 → A6."]),
        ("de", ["3   .    .    B1   B2   .    .    .", "6   o3   .    .    O2   .    .    .",
                "Orange: 1 Punkte = Sätze [G (1) = 1] + Leiter 0 (Stufe 0); geschlagen: 1× Grün.",
                "Blau ist am Zug und bewegt das Plättchen (1. Aktion).", "Letzter Zug: D6 → A6."]),
    ],
)
def test_text_after_both_marked_stones_moved(locale, expected):
    text = board_text(GAME, E.view(play(*SLIDE, *STONES), None), locale)
    lines = text.splitlines()
    for line in expected:
        assert line in lines
    assert "A6 G G o; D6 O O;" in text and "D3 B B;" in text  # bottom to top; the orange devil on the greens


def test_top_stones_show_their_colour_where_they_stand():
    image = P.decode(board_png(GAME, E.view(play(*SLIDE, *STONES), None)))
    expected = {"A6": 0, "D6": 0, "C3": 1, "D3": 1, "E4": 3, "A2": 2, "C7": 2, "B1": 0, "E7": 1}
    for field, colour in expected.items():
        assert P.near(top_colour(image, field), R.FILL[colour]), field
    # the green angels beneath the orange devil on A6 show as chips at the left edge
    x0, y0, x1, y1 = field_box("A6")
    assert P.has(image, (x0, y0 + R.CELL // 2, x0 + R.CELL // 3, y1), R.FILL[2])
    assert not P.has(image, field_box("C3"), R.FILL[2])


def test_empty_fields_are_a_plain_checkerboard():
    v = E.view(play(*SLIDE, *STONES), None)
    image = P.decode(board_png(GAME, v))
    used = {st.field for st in v.stacks} | {v.tile} | set(v.last_move) | set(v.targets)
    grounds = {}
    for field in FIELDS:
        if field not in used:
            inner = P.grow(field_box(field), -4)
            assert all(P.near_any(p, (R.CELL_LIGHT, R.CELL_DARK)) for p in P.histogram(image, inner)), field
            grounds[field] = P.dominant(image, inner)
    assert set(grounds.values()) == {R.CELL_LIGHT, R.CELL_DARK}
    assert grounds["E5"] != grounds["F5"] and grounds["E5"] != grounds["E6"] and grounds["E5"] == grounds["F6"]


def test_stack_height_shows_in_the_corner_of_a_stack_only():
    image = P.decode(board_png(GAME, E.view(play(*SLIDE, *STONES), None)))

    def corner(field: str) -> P.Box:
        x0, y0, x1, y1 = field_box(field)
        return x1 - 24, y1 - 24, x1 - 4, y1 - 4

    for field, tall in (("A6", True), ("D6", True), ("D1", True), ("C3", False), ("E4", True)):
        assert P.has(image, corner(field), R.WHITE) == tall, field  # the white plate with the height
        assert P.count(image, corner(field), R.INK) > 10 or not tall, field  # and its digit
    # on the same ground: three and two high differ, three and three do not
    assert image.crop(corner("A6")).tobytes() != image.crop(corner("D6")).tobytes()
    assert image.crop(corner("D1")).tobytes() == image.crop(corner("B1")).tobytes()


def test_a_changed_stack_changes_only_its_field():
    a = P.decode(board_png(GAME, view({"A1": "OOO", "G7": "BBB"})))
    for other in ({"A1": "OOO", "G7": "BB"}, {"A1": "OOO", "G7": "BBb"}, {"A1": "OOO", "G7": "OOB"}):
        diff = P.changed(a, P.decode(board_png(GAME, view(other))))
        assert diff is not None and P.within(diff, field_box("G7")), other


@pytest.mark.parametrize("facing, dx, dy", [("N", 0, -1), ("E", 1, 0), ("S", 0, 1), ("W", -1, 0)])
def test_arrow_one_of_the_tile_points_where_the_tile_faces(facing, dx, dy):
    image = P.decode(board_png(GAME, view({"A1": "O"}, tile="C5", facing=facing)))
    cx, cy = P.centre(field_box("C5"))
    assert P.near(P.dominant(image, P.grow(field_box("C5"), -12)), R.INK)  # the black tile
    hx, hy = P.centroid(image, field_box("C5"), R.HALO)
    assert (hx - cx) * dx + (hy - cy) * dy > R.CELL / 6  # arrow 1 is the yellow one
    assert abs((hx - cx) * dy) + abs((hy - cy) * dx) < R.CELL / 8


def test_targets_of_the_current_stone_are_marked_and_nothing_else():
    v = E.view(play(*SLIDE), None)
    assert v.current_arrow == 1 and "C3" in v.targets
    image = P.decode(board_png(GAME, v))
    occupied = {st.field for st in v.stacks} | {v.tile}
    for field in FIELDS:
        if field in occupied or field in v.last_move:
            continue
        cx, cy = P.centre(field_box(field))
        ring = P.count(image, P.around(cx, cy, 18), R.INK)
        assert (ring > 40) == (field in v.targets), field
    current = field_box("D3")
    assert P.near(P.dominant(image, current, ignore=(R.INK, R.WHITE, R.HALO, *R.FILL.values())), R.CURRENT_FILL)


def test_colours_stay_apart_for_colour_blind_eyes_and_letters_stay_legible():
    for a in range(4):
        assert P.contrast(R.INK, R.FILL[a]) >= 3  # the letter on a player's figure
        assert P.contrast(R.DARK[a], R.TINT[a]) >= 4.5 and P.contrast(R.DARK[a], R.BG) >= 4.5  # names
        for b in range(a + 1, 4):
            for kind in ("protan", "deutan", "tritan"):
                assert P.delta_e(P.as_seen(R.FILL[a], kind), P.as_seen(R.FILL[b], kind)) >= 12, (a, b, kind)
    assert P.contrast(R.HALO, R.INK) >= 4.5 and P.contrast(R.WHITE, R.INK) >= 4.5  # tile numbers


def test_picture_fits_a_phone_and_stones_stay_big():
    for v in (E.view(play(), 0), E.view(play(*SLIDE, *STONES), None), marked_view(None)):
        image = P.decode(board_png(GAME, v))
        assert 1000 <= image.width <= 1200 and image.height <= image.width
    image = P.decode(board_png(GAME, E.view(play(*SLIDE, *STONES), None)))
    stone = P.bbox_of(image, field_box("C3"), R.FILL[1])
    assert min(stone[2] - stone[0], stone[3] - stone[1]) / 3 >= 14  # still 14 px at a third
