"""The board picture and text board of Himmel und Hölle."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engines
import render_probe as P
from engines.himmel_und_hoelle.model import (
    COLUMNS, FIELDS, HEAVEN, HELL, ROWS, ConflictView, Die, EndTurn, Move, Play, Raise, Reveal, Slide, View,
)
from render import board_png, board_text, games
from render import himmel_und_hoelle as R
from render.typeface import font

GAME = "himmel-und-hoelle"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def make_view(**changes) -> View:
    data = dict(
        seat=None,
        dice=[Die(side=HELL, field="B1", value=3), Die(side=HEAVEN, field="B10", value=3)],
        start=[4, 4],
        goal=[[], []],
        filled=[0, 0],
        scores=[0, 0],
        hand=None,
        hand_sizes=[13, 13],
        removed=[[], []],
        active=HELL,
        ap=1,
        turn=1,
        to_act=[HELL],
        conflict=None,
        pending=None,
        pending_seat=None,
        last_reveal=None,
        last_move=[],
        over=False,
        end_reason="",
        winners=[],
    )
    data.update(changes)
    return View(**data)


def busy_view(seat: int | None = HELL) -> View:
    """A conflict on B4 mid-game, with every optional part of the view filled."""
    return make_view(
        seat=seat,
        dice=[
            Die(side=HELL, field="A3", value=5),
            Die(side=HELL, field="B4", value=4),
            Die(side=HELL, field="C7", value=6),
            Die(side=HELL, field="A9", value=2),
            Die(side=HEAVEN, field="B4", value=5),
            Die(side=HEAVEN, field="C2", value=1),
            Die(side=HEAVEN, field="A6", value=3),
        ],
        start=[0, 1],
        goal=[[6], [4]],
        scores=[6, 4],
        hand=[0, 1, 2, 4, 5, 6, 8, 9, 10, 11, 12] if seat == HELL else None,
        hand_sizes=[11, 10],
        removed=[[3, 7], [2, 9, 12]],
        ap=3,
        turn=9,
        to_act=[HEAVEN],
        conflict=ConflictView(
            field="B4", attacker=HELL, round=2, chosen=[True, False], own_card=8 if seat == HELL else None
        ),
        last_reveal=Reveal(
            field="B4", round=1, attacker=HEAVEN, dice=[3, 5], cards=[7, 12], counted=[7, 0], values=[10, 5],
            winner=HELL,
        ),
        last_move=["B3", "B4"],
    )


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def cell(image: Image.Image, field: str) -> Image.Image:
    return image.crop(R.cell_box(field))


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {rgb for _, rgb in image.getcolors(1 << 16)}


# -- the picture ---------------------------------------------------------------


@pytest.mark.parametrize("locale", ["de", "en"])
def test_png_signature_and_size(locale):
    for view in (make_view(), busy_view(HELL), busy_view(None)):
        data = board_png(GAME, view, locale=locale)
        assert data.startswith(PNG_SIGNATURE)
        image = Image.open(io.BytesIO(data))
        assert image.width <= 1200
        assert image.width >= 1000
        assert 400 <= image.height <= R.MAX_HEIGHT


def test_busy_board_png_is_small():
    assert len(board_png(GAME, busy_view(HELL), locale="de")) < 250 * 1024


def test_different_views_give_different_images():
    a = board_png(GAME, make_view())
    b = board_png(GAME, make_view(dice=[Die(side=HELL, field="B1", value=4), Die(side=HEAVEN, field="B10", value=3)]))
    c = board_png(GAME, make_view(active=HEAVEN, to_act=[HEAVEN]))
    assert len({a, b, c}) == 3


def test_rendering_is_a_pure_function():
    assert board_png(GAME, busy_view(HELL)) == board_png(GAME, busy_view(HELL))


def test_dict_and_json_views_render_like_the_model():
    view = busy_view(HELL)
    png = board_png(GAME, view)
    assert board_png(GAME, view.model_dump()) == png
    assert board_png(GAME, view.model_dump_json()) == png
    assert board_text(GAME, view.model_dump(), "de") == board_text(GAME, view, "de")


def test_unknown_game_is_refused():
    assert GAME in games()
    with pytest.raises(ValueError):
        board_png("no-such-game", make_view())
    with pytest.raises(ValueError):
        board_text("no-such-game", make_view(), "en")


@pytest.mark.parametrize("side", [HELL, HEAVEN])
def test_a_die_on_every_field_renders(side):
    for field in FIELDS:
        view = make_view(dice=[Die(side=side, field=field, value=5)], start=[4, 4])
        image = decode(board_png(GAME, view))
        assert R.FILL[side] in colours(cell(image, field)), field


def test_last_move_is_highlighted():
    image = decode(board_png(GAME, make_view(last_move=["C5", "C6"])))
    assert R.LAST_LINE in colours(cell(image, "C5"))
    assert R.LAST_LINE in colours(cell(image, "C6"))
    assert R.LAST_LINE not in colours(cell(image, "C7"))


def test_conflict_shows_both_dice_and_a_marked_field():
    image = decode(board_png(GAME, busy_view(None)))
    inside = colours(cell(image, "B4"))
    assert R.FILL[HELL] in inside and R.FILL[HEAVEN] in inside
    x0, y0, x1, y1 = R.cell_box("B4")
    assert image.getpixel((x0, (y0 + y1) // 2)) == R.INK  # the thick outline
    assert image.getpixel((x1, (y0 + y1) // 2)) == R.INK
    text = board_text(GAME, busy_view(None), "en")
    assert "[4](5)" in text
    assert "Conflict on B4 (round 2): attacker Hell, defender Heaven." in text


def test_hell_and_heaven_dice_differ_in_shape_not_only_colour():
    """Silhouettes compared without colour: what changed against an empty board."""
    empty = decode(board_png(GAME, make_view(dice=[Die(side=HELL, field="C1", value=3)])))
    masks = {}
    for side in (HELL, HEAVEN):
        view = make_view(dice=[Die(side=HELL, field="C1", value=3), Die(side=side, field="B5", value=3)])
        die = cell(decode(board_png(GAME, view)), "B5").convert("L")
        base = cell(empty, "B5").convert("L")
        masks[side] = [int(a != b) for a, b in zip(die.tobytes(), base.tobytes())]
    differing = sum(a != b for a, b in zip(masks[HELL], masks[HEAVEN]))
    assert differing > 100
    # the square reaches the corners of the die's box, the circle does not
    half = R.DIE // 2 - 2
    mid = R.CELL // 2
    corner = (mid - half) * R.CELL + (mid - half)
    assert masks[HELL][corner] == 1
    assert masks[HEAVEN][corner] == 0


def test_filled_up_goal_dice_are_drawn_hollow():
    over = dict(over=True, end_reason="stuck", winners=[HEAVEN], to_act=[], dice=[Die(side=HELL, field="C9", value=4)])
    filled = make_view(goal=[[5], [4, 6, 6]], filled=[0, 2], scores=[5, 16], **over)
    real = make_view(goal=[[5], [4, 6, 6]], filled=[0, 0], scores=[5, 16], **over)
    assert board_png(GAME, filled) != board_png(GAME, real)
    text = board_text(GAME, filled, "en")
    assert "4, 6*, 6* (sum 16)" in text
    assert "fill-up" in text
    assert "Game over (a side could not move): Heaven wins – Hell 5, Heaven 16." in text
    assert "6*" not in board_text(GAME, real, "en")


def test_own_hand_appears_only_in_its_owners_picture():
    owner = busy_view(HELL)
    spectator = busy_view(None)
    other_hand = owner.model_copy(update={"hand": [0, 1, 2]})
    assert board_png(GAME, owner) != board_png(GAME, other_hand)
    # the hand row exists only for the owner
    assert decode(board_png(GAME, spectator)).height < decode(board_png(GAME, owner)).height


# -- the text board -----------------------------------------------------------


def test_own_hand_and_card_appear_only_in_the_owners_text():
    owner = board_text(GAME, busy_view(HELL), "en")
    spectator = board_text(GAME, busy_view(None), "en")
    assert "Your cards: 0, 1, 2, 4, 5, 6, 8, 9, 10, 11, 12." in owner
    assert "Your card: 8." in owner
    assert "Your card" not in spectator
    assert "0, 1, 2, 4" not in spectator
    assert "Cards in hand: Hell 11, Heaven 10." in spectator  # counts are public
    assert "Cards played – Hell: 3, 7; Heaven: 2, 9, 12." in spectator
    heaven = board_text(GAME, busy_view(None).model_copy(update={"seat": HEAVEN, "hand": [3, 5]}), "de")
    assert "Deine Karten: 3, 5." in heaven
    assert "Deine Karte:" not in heaven


@pytest.mark.parametrize(
    "locale, expected",
    [
        (
            "de",
            ["Hölle", "Himmel", "Startfeld", "Zielfeld", "Spielbereich", "Aktionspunkte", "Konflikt",
             "Angreifer", "Verteidiger", "Karten"],
        ),
        (
            "en",
            ["Hell", "Heaven", "start field", "goal field", "play area", "action points", "conflict",
             "attacker", "defender", "cards"],
        ),
    ],
)
def test_text_in_both_locales(locale, expected):
    text = board_text(GAME, busy_view(HELL), locale).lower()
    for word in expected:
        assert word.lower() in text, word


def test_text_grid_and_turn():
    text = board_text(GAME, busy_view(None), "de")
    lines = text.splitlines()
    assert "Die Hölle ist am Zug, noch 3 Aktionspunkte." in lines
    row_b = next(line for line in lines if line.startswith("B "))
    assert "[4](5)" in row_b
    row_a = next(line for line in lines if line.startswith("A "))
    assert "[5]" in row_a and "(3)" in row_a and "[2]" in row_a
    assert "Karte gewählt – Hölle: ja; Himmel: noch nicht." in lines
    assert "Warten auf: Himmel." in lines
    assert any("Karte 12 (nicht erlaubt, zählt 0) = 5" in line for line in lines)
    assert "Letzter Zug: B3 → B4." in lines
    assert "Links – Startfeld der Hölle: 0 Würfel; Zielfeld des Himmels: 4 (Summe 4)." in lines


def test_pending_decision_is_told():
    view = make_view(pending="bonus", pending_seat=HEAVEN, to_act=[HEAVEN])
    assert "Pending: Heaven uses the bonus action point or lets it lapse." in board_text(GAME, view, "en")
    assert board_png(GAME, view) != board_png(GAME, make_view())


def test_fonts_are_bundled_and_cached():
    assert font(30, True) is font(30, True)
    assert font(30).path.endswith("render/fonts/DejaVuSans.ttf")


# -- content from played positions ----------------------------------------------
#
# Positions reached from ``engine.setup`` by known actions; where the picture
# is sampled is computed from the renderer's layout constants.

E = engines.get(GAME)
SEED = 7
#: Both sides walk their middle die towards each other: Hell ends on B5, Heaven on B6, both showing 1.
OPENING = [
    (HELL, Move(side=HELL, src="B1", dst="B2")), (HELL, Slide(src="B2", dst="B3")),
    (HELL, Slide(src="B3", dst="B4")), (HELL, EndTurn()),
    (HEAVEN, Move(side=HEAVEN, src="B10", dst="B9")), (HEAVEN, Slide(src="B9", dst="B8")),
    (HEAVEN, Slide(src="B8", dst="B7")), (HEAVEN, EndTurn()),
    (HELL, Move(side=HELL, src="B4", dst="B5")), (HELL, EndTurn()),
    (HEAVEN, Move(side=HEAVEN, src="B7", dst="B6")), (HEAVEN, EndTurn()),
]
ATTACK = (HELL, Move(side=HELL, src="B5", dst="B6"))


def play(*actions):
    state = E.setup(2, seed=SEED)
    for seat, action in actions:
        state, _ = E.apply(state, seat, action)
    return state


def field_box(field: str) -> P.Box:
    """A field of the play area, from the grid's layout constants."""
    col, row = int(field[1:]), ROWS.index(field[0])
    x, y = R.GRID_X + (col - 1) * R.CELL, R.GRID_Y + row * R.CELL
    return x, y, x + R.CELL, y + R.CELL


GRID = (R.GRID_X, R.GRID_Y, R.GRID_X + R.GRID_W, R.GRID_Y + R.GRID_H)
BACKGROUNDS = {R.CELL_LIGHT, R.CELL_DARK, R.GRID_LINE, R.LAST_FILL, R.LAST_LINE}


def die_face(image: Image.Image, field: str, side: int) -> P.Box:
    """Where the die of ``side`` is drawn on ``field``: the box of its fill and edge."""
    found = P.bbox_of(image, field_box(field), R.FILL[side], R.EDGE[side])
    assert found is not None, (field, side)
    return found


def pips(image: Image.Image, field: str, side: int) -> int:
    return P.blobs(image, die_face(image, field, side), R.PIP[side])


@pytest.mark.parametrize(
    "locale, lines",
    [
        ("en", ["Hell to move, 1 action point left.",
                "In the play area – Hell: B5 (1); Heaven: B6 (1).",
                "Left – Hell's start field: 4 dice; Heaven's goal field: empty."]),
        ("de", ["Die Hölle ist am Zug, noch 1 Aktionspunkt.",
                "Im Spielbereich – Hölle: B5 (1); Himmel: B6 (1).",
                "Links – Startfeld der Hölle: 4 Würfel; Zielfeld des Himmels: leer."]),
    ],
)
def test_text_grid_after_known_moves(locale, lines):
    text = board_text(GAME, E.view(play(*OPENING), None), locale).splitlines()
    assert text[0] == ("Himmel und Hölle – turn 5" if locale == "en" else "Himmel und Hölle – Zug 5")
    for line in lines:
        assert line in text
    grid = text.index("Play area:" if locale == "en" else "Spielbereich:")
    assert text[grid + 1].split() == [str(c) for c in COLUMNS]
    # each mark stands under its column number: [1] under 5, (1) under 6
    header, row_b = text[grid + 1], text[grid + 3]
    assert row_b.startswith("B ")
    assert row_b.split() == ["B", ".", ".", ".", ".", "[1]", "(1)", ".", ".", ".", "."]
    assert abs((row_b.index("[1]") + 1) - (header.index(" 5 ") + 1)) <= 1
    assert abs((row_b.index("(1)") + 1) - (header.index(" 6 ") + 1)) <= 1
    assert text[grid + 2].split() == ["A"] + ["."] * 10
    assert text[grid + 4].split() == ["C"] + ["."] * 10


@pytest.mark.parametrize(
    "locale, expected",
    [
        ("en", ["Conflict on B6 (round 1): attacker Hell, defender Heaven.",
                "Card chosen – Hell: yes; Heaven: not yet.", "Your card: 5.", "Waiting for: Heaven."]),
        ("de", ["Konflikt auf B6 (Runde 1): Angreifer Hölle, Verteidiger Himmel.",
                "Karte gewählt – Hölle: ja; Himmel: noch nicht.", "Deine Karte: 5.", "Warten auf: Himmel."]),
    ],
)
def test_text_of_a_conflict_from_play(locale, expected):
    state = play(*OPENING, ATTACK, (HELL, Play(card=5)))
    own = board_text(GAME, E.view(state, HELL), locale).splitlines()
    for line in expected:
        assert line in own
    row_b = next(line for line in own if line.startswith("B "))
    assert row_b.split() == ["B", ".", ".", ".", ".", ".", "[1](1)", ".", ".", ".", "."]
    rival = board_text(GAME, E.view(state, HEAVEN), locale)
    assert expected[-1] in rival.splitlines()
    assert expected[2] not in rival.splitlines()  # Heaven does not learn Hell's card


@pytest.mark.parametrize(
    "locale, expected",
    [
        ("en", ["Last conflict round (B6, round 1): Hell die 1 + card 5 = 6; Heaven die 1 + card 2 = 3. Winner: Hell.",
                "Right – Heaven's start field: 5 dice; Hell's goal field: empty.",
                "Cards played – Hell: 5; Heaven: 2.", "Cards in hand: Hell 12, Heaven 12.",
                "Pending: Hell uses the bonus action point or lets it lapse."]),
        ("de", ["Letzte Konfliktrunde (B6, Runde 1): Hölle Würfel 1 + Karte 5 = 6; Himmel Würfel 1 + Karte 2 = 3. "
                "Sieger: Hölle.",
                "Rechts – Startfeld des Himmels: 5 Würfel; Zielfeld der Hölle: leer.",
                "Gespielte Karten – Hölle: 5; Himmel: 2.", "Karten auf der Hand: Hölle 12, Himmel 12.",
                "Offen: Die Hölle setzt den Bonus-Aktionspunkt ein oder lässt ihn verfallen."]),
    ],
)
def test_text_of_a_resolved_conflict_from_play(locale, expected):
    state = play(*OPENING, ATTACK, (HELL, Play(card=5)), (HEAVEN, Play(card=2)))
    lines = board_text(GAME, E.view(state, None), locale).splitlines()
    for line in expected:
        assert line in lines
    row_b = next(line for line in lines if line.startswith("B "))
    assert row_b.split() == ["B", ".", ".", ".", ".", ".", "[2]", ".", ".", ".", "."]  # the winner went up by 1


def test_dice_show_their_side_colour_and_pips_where_they_stand():
    image = P.decode(board_png(GAME, E.view(play(*OPENING), None)))
    assert P.near(P.dominant(image, field_box("B5"), ignore=BACKGROUNDS), R.FILL[HELL])
    assert P.near(P.dominant(image, field_box("B6"), ignore=BACKGROUNDS), R.FILL[HEAVEN])
    assert pips(image, "B5", HELL) == 1 and pips(image, "B6", HEAVEN) == 1
    # the die is big: at least DIE wide, centred on its field (within a few pixels)
    for field, side in (("B5", HELL), ("B6", HEAVEN)):
        face = die_face(image, field, side)
        assert face[2] - face[0] >= R.DIE - 2 and face[3] - face[1] >= R.DIE - 2
        (fx, fy), (cx, cy) = P.centre(face), P.centre(field_box(field))
        assert abs(fx - cx) <= 3 and abs(fy - cy) <= 3
    # every other field is empty: a plain checkerboard of the two cell colours
    grounds = {}
    for row in ROWS:
        for col in COLUMNS:
            field = f"{row}{col}"
            if field not in ("B5", "B6"):
                inner = P.grow(field_box(field), -6)
                assert all(P.near_any(p, (R.CELL_LIGHT, R.CELL_DARK)) for p in P.histogram(image, inner)), field
                grounds[field] = P.dominant(image, inner)
    assert set(grounds.values()) == {R.CELL_LIGHT, R.CELL_DARK}
    assert grounds["A1"] != grounds["A2"] and grounds["A1"] != grounds["B1"] and grounds["A1"] == grounds["C1"]


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_pips_count_the_value_for_both_sides(value):
    view = make_view(dice=[Die(side=HELL, field="A2", value=value), Die(side=HEAVEN, field="C9", value=value)])
    image = P.decode(board_png(GAME, view))
    assert pips(image, "A2", HELL) == value
    assert pips(image, "C9", HEAVEN) == value


def test_a_raise_changes_only_its_field_on_the_board():
    before = P.decode(board_png(GAME, E.view(play(), None)))
    after = P.decode(board_png(GAME, E.view(play((HELL, Raise(side=HELL, at="B1"))), None)))
    assert pips(before, "B1", HELL) == 3 and pips(after, "B1", HELL) == 4
    assert P.within(P.changed(before, after, GRID), P.grow(field_box("B1"), 1))
    assert P.has(after, field_box("B1"), R.LAST_FILL)  # the touched field is highlighted


def test_a_move_changes_the_board_only_on_its_two_fields():
    before = P.decode(board_png(GAME, E.view(play(), None)))
    after = P.decode(board_png(GAME, E.view(play((HELL, Move(side=HELL, src="B1", dst="B2"))), None)))
    diff = P.changed(before, after, GRID)
    assert diff is not None
    assert P.within(diff, P.grow(P.union(field_box("B1"), field_box("B2")), 1))
    assert not P.has(after, field_box("B1"), R.FILL[HELL])
    assert P.near(P.dominant(after, field_box("B2"), ignore=BACKGROUNDS), R.FILL[HELL])
    assert pips(after, "B2", HELL) == 3


def test_a_conflict_field_shows_both_dice_framed():
    image = P.decode(board_png(GAME, E.view(play(*OPENING, ATTACK), None)))
    hell, heaven = die_face(image, "B6", HELL), die_face(image, "B6", HEAVEN)
    assert hell[2] <= heaven[0]  # Hell left, Heaven right: the side its realm is on
    assert pips(image, "B6", HELL) == 1 and pips(image, "B6", HEAVEN) == 1
    x0, y0, x1, y1 = field_box("B6")
    for x, y in ((x0, (y0 + y1) // 2), (x1, (y0 + y1) // 2), ((x0 + x1) // 2, y0), ((x0 + x1) // 2, y1)):
        assert P.near(image.getpixel((x, y)), R.INK)  # the thick frame on all four sides
    assert not P.has(image, field_box("B5"), R.FILL[HELL])


def test_the_header_tells_whose_turn_by_tint():
    for state, side in ((play(*OPENING), HELL), (play(*OPENING[:4]), HEAVEN)):
        image = P.decode(board_png(GAME, E.view(state, None)))
        assert P.near(P.dominant(image, (0, 0, R.WIDTH, 4)), R.TINT[side])
        assert P.near(P.dominant(image, (0, R.HEADER_H - 5, R.WIDTH, R.HEADER_H - 1)), R.FILL[side])


def test_a_secret_card_does_not_change_what_others_see():
    five = play(*OPENING, ATTACK, (HELL, Play(card=5)))
    nine = play(*OPENING, ATTACK, (HELL, Play(card=9)))
    for seat in (None, HEAVEN):
        assert board_png(GAME, E.view(five, seat)) == board_png(GAME, E.view(nine, seat))
        assert board_text(GAME, E.view(five, seat), "en") == board_text(GAME, E.view(nine, seat), "en")
    assert board_png(GAME, E.view(five, HELL)) != board_png(GAME, E.view(nine, HELL))
    # that a card was chosen is public, and shows only in Hell's box and the header
    before = P.decode(board_png(GAME, E.view(play(*OPENING, ATTACK), None)))
    after = P.decode(board_png(GAME, E.view(five, None)))
    diff = P.changed(before, after, (0, R.HEADER_H, R.WIDTH, min(before.height, after.height)))
    assert diff is not None
    assert P.within(diff, (R.MARGIN, R.BOARD_BOTTOM, R.MARGIN + R.BOX_W + 1, after.height))


def test_hands_of_different_cards_look_alike_to_others():
    state = play(*OPENING, ATTACK, (HELL, Play(card=5)), (HEAVEN, Play(card=2)))
    other = state.model_copy(deep=True)
    other.hands[HELL] = [c for c in range(13) if c != 7]  # as many cards, not the same ones
    assert other.hands[HELL] != state.hands[HELL]
    for seat in (None, HEAVEN):
        assert board_png(GAME, E.view(state, seat)) == board_png(GAME, E.view(other, seat))
        assert board_text(GAME, E.view(state, seat), "de") == board_text(GAME, E.view(other, seat), "de")
    assert board_png(GAME, E.view(state, HELL)) != board_png(GAME, E.view(other, HELL))


def test_sides_differ_for_colour_blind_eyes_and_stay_legible():
    # the two fills differ in lightness too, and stay far apart for every colour-vision deficiency
    assert abs(P.lightness(R.FILL[HELL]) - P.lightness(R.FILL[HEAVEN])) >= 10
    for kind in ("protan", "deutan", "tritan"):
        assert P.delta_e(P.as_seen(R.FILL[HELL], kind), P.as_seen(R.FILL[HEAVEN], kind)) >= 40, kind
    for side in (HELL, HEAVEN):
        assert P.contrast(R.PIP[side], R.FILL[side]) >= 3  # pips on their die
        assert P.contrast(R.DARK[side], R.TINT[side]) >= 4.5  # names in a side's colour
        assert P.contrast(R.DARK[side], R.BG) >= 4.5
    assert P.contrast(R.INK, R.LAST_FILL) >= 4.5 and P.contrast(R.MUTED, R.BG) >= 4.5


def test_picture_fits_a_phone_and_stays_legible_when_shrunk():
    for view in (E.view(play(), None), E.view(play(*OPENING, ATTACK), HELL), busy_view(HELL)):
        image = P.decode(board_png(GAME, view))
        assert 1000 <= image.width <= 1200
        assert image.height <= image.width  # landscape or square: no scrolling on a phone
    # a die is still 18 px or more when the picture is shown at a third
    image = P.decode(board_png(GAME, E.view(play(), None)))
    face = die_face(image, "B1", HELL)
    assert min(face[2] - face[0], face[3] - face[1]) / 3 >= 18
