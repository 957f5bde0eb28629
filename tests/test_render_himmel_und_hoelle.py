"""The board picture and text board of Himmel und Hölle."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.himmel_und_hoelle.model import FIELDS, HEAVEN, HELL, ConflictView, Die, Reveal, View
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
