"""The board picture and text board of Hoch und höher."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engines
import render_probe as P
from engines.hoch_und_hoeher.model import LastMove, Place, Stack, State, Tower, View
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


# -- content from played positions ----------------------------------------------
#
# Where the picture is sampled is computed from the renderer's layout constants.

SEED = 1  # the die-off gives Team B the start with a 1
MOVES = [(0, Place(pawn="blue", tower=6)), (1, Stack(src=14, dst=13))]  # then Team B rolls a 4
PAWN_SHADES = list(R.PAWN_FILL.values())


def play(*moves):
    state = E.setup(2, seed=SEED)
    for seat, action in moves:
        state, _ = E.apply(state, seat, action)
    return state


def slot_x(v: View, tower_id: int) -> tuple[int, int]:
    """Left and right edge of a tower's slot: equal slots, centred."""
    n = len(v.towers)
    w = min(R.MAX_SLOT, (R.WIDTH - 2 * R.MARGIN) // n)
    x = (R.WIDTH - w * n) // 2
    i = [t.id for t in v.towers].index(tower_id)
    return x + i * w, x + (i + 1) * w


def stone_px(v: View) -> int:
    return min(R.MAX_STONE, R.STACK_H // max(t.height for t in v.towers))


def base_y(v: View) -> int:
    """Where the towers stand: the tallest one reaches up to the pawn room."""
    return R.TOWERS_TOP + R.PAWN_ROOM + stone_px(v) * max(t.height for t in v.towers)


def stones_seen(image: Image.Image, v: View, tower_id: int, *shades) -> int:
    """Stones counted up the middle of a tower's slot, from its foot to the top of the picture's tower area."""
    x0, x1 = slot_x(v, tower_id)
    return P.runs(image, (x0 + x1) // 2, base_y(v), R.TOWERS_TOP, shades or (R.STONE, R.STONE_NEW))


def number_plate(image: Image.Image, v: View, tower_id: int) -> Image.Image:
    """The band under a tower's foot that tells its height."""
    x0, x1 = slot_x(v, tower_id)
    y = base_y(v) + 4
    return image.crop((x0 + 8, y, x1 - 8, y + R.NUM_H))


@pytest.mark.parametrize(
    "locale, expected",
    [
        ("en", ["Team B to move, rolled a 4.",
                "T1: 6 · T2: 5 · T3: 4 · T4: 3 · T5: 2 · T6: 1 blue ● · T7: 2 · T8: 1 · T9: 2 · T10: 1 · T11: 3 · "
                "T12: 4 · T13: 11",
                "With the 4 – place a pawn on: T3, T12; move a tower: T3, T12 (onto any other tower without a pawn).",
                "Score – Team B 1 (blue 1 (T6), brown –); Team G 0 (yellow –, green –).",
                "Last move (Team G): tower 14 (6) onto tower 13 (5) – now 11 high."]),
        ("de", ["Team B ist am Zug und hat eine 4 gewürfelt.",
                "T1: 6 · T2: 5 · T3: 4 · T4: 3 · T5: 2 · T6: 1 Blau ● · T7: 2 · T8: 1 · T9: 2 · T10: 1 · T11: 3 · "
                "T12: 4 · T13: 11",
                "Mit der 4 – Pöppel setzen auf: T3, T12; Turm versetzen: T3, T12 (auf jeden anderen Turm ohne Pöppel).",
                "Punkte – Team B 1 (Blau 1 (T6), Braun –); Team G 0 (Gelb –, Grün –).",
                "Letzter Zug (Team G): Turm 14 (6) auf Turm 13 (5) – jetzt 11 hoch."]),
    ],
)
def test_text_after_known_moves(locale, expected):
    lines = board_text(GAME, E.view(play(*MOVES), None), locale).splitlines()
    for line in expected:
        assert line in lines
    assert "T14" not in "\n".join(lines).replace("tower 14", "").replace("Turm 14", "")  # the moved tower is gone


def test_every_tower_shows_as_many_stones_as_it_is_high():
    for v in (E.view(play(), None), E.view(play(*MOVES), None), view(towers=[(45, "blue")], roll=2, players=1)):
        image = P.decode(board_png(GAME, v))
        for t in v.towers:
            assert stones_seen(image, v, t.id) == t.height, t.id


def test_stones_added_by_the_last_move_are_lighter():
    v = E.view(play(*MOVES), None)
    image = P.decode(board_png(GAME, v))
    assert stones_seen(image, v, 13, R.STONE_NEW) == 6  # tower 14 (6) came onto tower 13 (5)
    assert stones_seen(image, v, 13, R.STONE) == 5
    assert stones_seen(image, v, 6, R.STONE_NEW) == 0
    x0, x1 = slot_x(v, 13)
    assert P.near(P.dominant(image, (x0 + 3, R.TOWERS_TOP, x1 - 3, R.TOWERS_TOP + 10)), R.LAST_FILL)
    x0, x1 = slot_x(v, 12)
    assert not P.has(image, (x0 + 6, R.TOWERS_TOP, x1 - 6, base_y(v)), R.LAST_FILL)


def test_a_pawn_stands_on_top_of_its_tower():
    v = E.view(play(*MOVES), None)
    image = P.decode(board_png(GAME, v))
    stone = stone_px(v)
    x0, x1 = slot_x(v, 6)
    top = base_y(v) - 1 * stone  # tower 6 is one stone high
    above = (x0 + 6, top - R.PAWN - 12, x1 - 6, top)
    assert P.near(P.dominant(image, above, ignore=(R.BG, R.INK, R.WHITE, R.LINE)), R.PAWN_FILL["blue"])
    for tower_id in (5, 7):  # its neighbours carry no pawn
        x0, x1 = slot_x(v, tower_id)
        assert not any(P.has(image, (x0 + 6, top - R.PAWN - 12, x1 - 6, top), c) for c in PAWN_SHADES)


def test_equal_heights_get_equal_number_plates():
    v = E.view(play(*MOVES), None)
    image = P.decode(board_png(GAME, v))
    plates = {t.id: number_plate(image, v, t.id).tobytes() for t in v.towers}
    choosable = {t.id for t in v.towers if t.movable or t.placeable}
    assert choosable == {3, 12}
    for a in v.towers:
        for b in v.towers:
            if a.id < b.id and (a.id in choosable) == (b.id in choosable) and 13 not in (a.id, b.id):
                assert (plates[a.id] == plates[b.id]) == (a.height == b.height), (a.id, b.id)
    # a choosable tower's number sits on a black plate, the others on the ground
    for t in v.towers:
        plate = number_plate(image, v, t.id)
        ink = P.count(plate, None, R.INK) / (plate.width * plate.height)
        assert (ink > 0.5) == (t.id in choosable), t.id
        assert ink > 0.02  # the digits are there


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_the_roll_shows_as_pips_on_a_die(roll):
    image = P.decode(board_png(GAME, view(towers=[(3, None), (5, None)], roll=roll)))
    right = (R.WIDTH - R.DIE - 40, 0, R.WIDTH, R.HEADER_H)
    face = P.bbox_of(image, right, R.WHITE)
    assert face is not None
    assert face[2] - face[0] >= R.DIE - 10 and face[3] - face[1] >= R.DIE - 10
    assert P.blobs(image, P.grow(face, -8), R.INK, least=10) == roll


def test_a_changed_tower_changes_only_its_slot():
    a = view(towers=[(3, None), (5, None), (2, None), (4, None)], roll=6)
    b = view(towers=[(3, None), (5, None), (1, None), (4, None)], roll=6)
    diff = P.changed(P.decode(board_png(GAME, a)), P.decode(board_png(GAME, b)))
    assert diff is not None
    x0, x1 = slot_x(a, 3)
    assert P.within(diff, (x0, R.TOWERS_TOP, x1, base_y(a) + R.NUM_H + R.ID_H + 6))


def test_the_header_and_team_boxes_show_whose_turn():
    for state, team in ((play(*MOVES), 0), (play(MOVES[0]), 1)):
        image = P.decode(board_png(GAME, E.view(state, None)))
        assert P.near(P.dominant(image, (0, 0, R.WIDTH, 4)), R.TINT[team])
        header = (0, 0, R.WIDTH // 2, R.HEADER_H)
        pawns = ("blue", "brown") if team == 0 else ("yellow", "green")
        for colour in pawns:  # the team's pawns stand next to the title
            assert P.has(image, header, R.PAWN_FILL[colour])


def test_pawns_stay_apart_for_colour_blind_eyes_and_tags_stay_legible():
    for a in R.PAWN_FILL:
        assert P.contrast(R.PAWN_TEXT[a], R.PAWN_FILL[a]) >= 3, a  # the two-letter tag on its pawn
        for b in R.PAWN_FILL:
            if a < b:
                for kind in ("protan", "deutan", "tritan"):
                    seen = P.as_seen(R.PAWN_FILL[a], kind), P.as_seen(R.PAWN_FILL[b], kind)
                    assert P.delta_e(*seen) >= 12, (a, b, kind)
    assert P.contrast(R.STONE, R.BG) >= 3 and P.contrast(R.INK, R.LAST_FILL) >= 4.5
    assert P.contrast(R.MUTED, R.BG) >= 4.5


def test_picture_fits_a_phone():
    for v in (E.view(play(), None), E.view(play(*MOVES), 0), view(towers=[(45, "blue")], roll=2, players=1)):
        image = P.decode(board_png(GAME, v))
        assert 1000 <= image.width <= 1200 and image.height <= image.width
        # the narrowest slot still leaves a tower 20 px wide when shrunk to a third
        x0, x1 = slot_x(v, v.towers[0].id)
        assert (x1 - x0) / 3 >= 20
