"""The board picture and text board of Hoch und höher."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engines
from engines.hoch_und_hoeher.model import LastMove, State, Tower, View
from engines.rng import Rng
from render import board_png, board_text, games
from render import hoch_und_hoeher as R

GAME = "hoch-und-hoeher"
E = engines.get(GAME)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def state(
    towers: list[tuple[int, str | None]],
    *,
    roll: int = 3,
    players: int = 2,
    active: int = 0,
    hierarchy: bool = False,
    over: bool = False,
    last: LastMove | None = None,
    dieoff: list[list[int]] | None = None,
) -> State:
    return State(
        rng=Rng.from_seed(0),
        players=players,
        hierarchy=hierarchy,
        towers=[Tower(id=i + 1, height=h, pawn=p) for i, (h, p) in enumerate(towers)],
        active=active,
        roll=roll,
        turn=6,
        over=over,
        last=last,
        dieoff=dieoff if dieoff is not None else ([[4, 4], [2, 5]] if players == 2 else []),
    )


def view(seat: int | None = None, **kw) -> View:
    return E.view(state(**kw), seat)


def busy_view(seat: int | None = 0) -> View:
    """Mid-game, two players, hierarchy on: three pawns placed, a stacked
    last move and several choosable towers."""
    return view(
        seat,
        towers=[(8, "blue"), (5, None), (3, None), (3, "green"), (2, None), (11, "yellow"), (3, None),
                (4, None), (6, None)],
        roll=3, active=0, hierarchy=True,
        last=LastMove(kind="stack", seat=0, src=10, src_height=2, dst=6, dst_height=9, height=11, pawn="yellow"),
    )


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {rgb for _, rgb in image.getcolors(1 << 16)}


def slot(image: Image.Image, v: View, tower_id: int) -> Image.Image:
    return image.crop(R.slot_box(v, tower_id))


# -- the picture ---------------------------------------------------------------


@pytest.mark.parametrize("locale", ["de", "en"])
def test_png_signature_and_size(locale):
    start = E.view(E.setup(2, seed=1), None)
    solo = E.view(E.setup(1, seed=1), 0)
    for v in (start, solo, busy_view(0), busy_view(None)):
        data = board_png(GAME, v, locale=locale)
        assert data.startswith(PNG_SIGNATURE)
        image = Image.open(io.BytesIO(data))
        assert 1000 <= image.width <= 1200
        assert 500 <= image.height <= R.MAX_HEIGHT


def test_busy_board_png_is_small():
    assert len(board_png(GAME, busy_view(0), locale="de")) < 250 * 1024


def test_rendering_is_a_pure_function():
    assert board_png(GAME, busy_view(0)) == board_png(GAME, busy_view(0))


def test_dict_and_json_views_render_like_the_model():
    v = busy_view(0)
    png = board_png(GAME, v)
    assert board_png(GAME, v.model_dump()) == png
    assert board_png(GAME, v.model_dump_json()) == png
    assert board_text(GAME, v.model_dump(), "de") == board_text(GAME, v, "de")


def test_registered():
    assert GAME in games()


def test_every_tower_shows_its_stones_and_the_roll_shows_as_a_die():
    v = view(towers=[(1, None), (6, None), (38, None)], roll=5)
    image = decode(board_png(GAME, v))
    for tower_id in (1, 2, 3):
        assert R.STONE in colours(slot(image, v, tower_id))
    header = image.crop((R.WIDTH - 200, 0, R.WIDTH, R.HEADER_H))
    assert R.WHITE in colours(header)  # the die face
    others = {roll: board_png(GAME, view(towers=[(1, None), (6, None), (38, None)], roll=roll)) for roll in (4, 6)}
    assert len({board_png(GAME, v), *others.values()}) == 3


def test_a_tower_of_all_45_stones_fits():
    v = view(towers=[(45, "blue")], roll=2, players=1, over=True)
    image = decode(board_png(GAME, v))
    assert image.height <= R.MAX_HEIGHT
    box = slot(image, v, 1)
    assert R.STONE in colours(box) and R.PAWN_FILL["blue"] in colours(box)
    assert "T1: 45 blue ●" in board_text(GAME, v, "en")


def test_choosable_towers_are_framed_and_others_not():
    v = busy_view(None)
    assert {t.id for t in v.towers if t.movable or t.placeable} == {3, 4, 7}
    image = decode(board_png(GAME, v))
    for t in v.towers:
        x0, y0, x1, y1 = R.slot_box(v, t.id)
        frame = image.getpixel((x0 + 5, (y0 + y1) // 2))
        assert (frame == R.INK) == (t.id in {3, 4, 7}), t.id


def test_nothing_is_framed_once_the_game_is_over():
    v = view(towers=[(40, "blue"), (5, None)], roll=5, players=1, over=True)
    image = decode(board_png(GAME, v))
    x0, y0, x1, y1 = R.slot_box(v, 2)
    assert image.getpixel((x0 + 5, (y0 + y1) // 2)) != R.INK


def test_last_move_is_highlighted_with_the_added_stones():
    v = busy_view(None)
    image = decode(board_png(GAME, v))
    assert R.LAST_FILL in colours(slot(image, v, 6))
    assert R.STONE_NEW in colours(slot(image, v, 6))
    assert R.LAST_FILL not in colours(slot(image, v, 1))
    assert R.STONE_NEW not in colours(slot(image, v, 1))


def test_pawns_differ_in_shape_not_only_colour():
    """Silhouettes compared without colour: what changed against a pawn-free tower."""
    base = view(towers=[(3, None), (5, None)], roll=6)
    empty = slot(decode(board_png(GAME, base)), base, 1).convert("L")
    masks = {}
    for colour in ("blue", "brown", "yellow", "green"):
        v = view(towers=[(3, colour), (5, None)], roll=6)
        image = slot(decode(board_png(GAME, v)), v, 1)
        assert R.PAWN_FILL[colour] in colours(image)
        grey = image.convert("L")
        # the shape only, not the tag inside it: mark pixels that left the background
        masks[colour] = [int(a != b) for a, b in zip(grey.tobytes(), empty.tobytes())]
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            differing = sum(x != y for x, y in zip(masks[a], masks[b]))
            assert differing > 150, (a, b, differing)


def test_unplaced_pawns_are_drawn_hollow_in_the_team_box():
    placed = board_png(GAME, view(towers=[(3, "brown"), (5, None)], roll=6))
    unplaced = board_png(GAME, view(towers=[(3, None), (5, None)], roll=6))
    assert placed != unplaced
    assert R.PAWN_FILL["brown"] in colours(decode(unplaced))  # the hollow pawn's outline


def test_hierarchy_changes_the_picture():
    towers = [(4, "blue"), (9, "brown"), (8, "yellow"), (3, "green"), (21, None)]
    on = board_png(GAME, view(towers=towers, hierarchy=True))
    off = board_png(GAME, view(towers=towers, hierarchy=False))
    assert on != off


# -- the text board -----------------------------------------------------------


def test_text_tells_towers_roll_choices_and_scores():
    text = board_text(GAME, busy_view(1), "en")
    lines = text.splitlines()
    assert lines[0] == "Hoch und höher – turn 6 · two players · hierarchy variant"
    assert "You play Team G (yellow ▲, green ◆)." in lines
    assert "Team B to move, rolled a 3." in lines
    assert "T1: 8 blue ● · T2: 5 · T3: 3 · T4: 3 green ◆ · T5: 2 · T6: 11 yellow ▲ · T7: 3 · T8: 4 · T9: 6" in lines
    assert (
        "With the 3 – place a pawn on: T3, T7; move a tower: T3, T4, T7 (onto any other tower without a pawn)."
        in lines
    )
    assert "Not placed yet – Team B: brown; Team G: none." in lines
    assert "Score – Team B 8 (blue 8 (T1), brown –); Team G 14 (yellow 11 (T6), green 3 (T4))." in lines
    assert "Last move (Team B): tower 10 (2) with yellow onto tower 6 (9) – now 11 high." in lines
    assert "Die-off: Team B 4, Team G 4; Team B 2, Team G 5 → Team G begins." in lines
    assert len(text) < 1500  # the bot shows at most 1500 characters


def test_text_tells_the_team_hierarchy():
    towers = [(4, "blue"), (9, "brown"), (8, "yellow"), (3, "green"), (21, None)]
    text = board_text(GAME, view(towers=towers, hierarchy=True, over=True), "de")
    assert "Hierarchie: Braun steht höher als Blau – nur Blau zählt." in text
    assert "Braun 0 statt 9 (T2)" in text
    assert "Spielende: Team G gewinnt 4:11." in text
    assert "Hierarchie" not in board_text(GAME, view(towers=towers, over=True), "de")


def test_text_of_the_closing_example_with_solo_hierarchy():
    towers = [(14, "blue"), (3, "brown"), (8, "yellow"), (5, "green"), (15, None)]
    v = view(0, towers=towers, roll=1, players=1, hierarchy=True, over=True)
    text = board_text(GAME, v, "en")
    assert "You play all four pawns." in text
    assert "Score – 17 of 45 (blue 14 (T1), brown 3 (T2), yellow 0 instead of 8 (T3), green 0 instead of 5 (T4))." in text
    assert "Hierarchy: yellow stands higher than brown – 0 points." in text
    assert "Hierarchy: green stands higher than brown – 0 points." in text
    assert "No move is possible with the 1." in text
    assert "Game over: 17 of 45 points." in text
    assert "Die-off" not in text
    plain = board_text(GAME, view(0, towers=towers, roll=1, players=1, over=True), "de")
    assert "Spielende: 30 von 45 Punkten." in plain


def test_text_of_a_tie_break_and_a_draw():
    tie = view(towers=[(10, "blue"), (2, "brown"), (6, "yellow"), (6, "green"), (21, None)], over=True)
    assert "Game over: a tie 12:12 – Team B wins with the best pawn (10)." in board_text(GAME, tie, "en")
    draw = view(towers=[(7, "blue"), (5, "brown"), (5, "yellow"), (7, "green"), (21, None)], over=True)
    assert "Spielende: unentschieden 12:12." in board_text(GAME, draw, "de")
    assert board_png(GAME, tie) != board_png(GAME, draw)


@pytest.mark.parametrize(
    "locale, expected",
    [
        ("de", ["Türme", "Höhe", "Pöppel", "gewürfelt", "Punkte", "Noch nicht gesetzt", "Auswürfeln", "Letzter Zug"]),
        ("en", ["Towers", "height", "pawn", "rolled", "Score", "Not placed yet", "Die-off", "Last move"]),
    ],
)
def test_text_in_both_locales(locale, expected):
    text = board_text(GAME, busy_view(0), locale)
    for word in expected:
        assert word in text, word
