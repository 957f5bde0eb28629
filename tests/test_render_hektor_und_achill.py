"""The board picture, the private hand picture and the text board of
Hektor und Achill."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

import engines
import render_probe as P
from engines.hektor_und_achill.data import COLOURS, GREEKS, HOME, TROJANS
from engines.hektor_und_achill.model import Fate, Orient, Play, Played, Report, SideView, Skip, Vanguard, View
from render import board_png, board_text, games, hand_png
from render import hektor_und_achill as R
from render.typeface import font

GAME = "hektor-und-achill"
E = engines.get(GAME)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def side_view(**changes) -> SideView:
    data = dict(
        stacks=[12, 12, 12, 12], emptied=[False] * 4, battle_stack=None, hero_stack=6, favour=3, favour_lost=0,
        shame=0, hand_size=0, has_hero=False, played=[], strength=0, turns=0, fate_colour=None, discards=[],
        heroes_lost=[],
    )
    data.update(changes)
    return SideView(**data)


def make_view(greeks: SideView | None = None, trojans: SideView | None = None, **changes) -> View:
    data = dict(
        seat=None, battle_no=1, attacker=GREEKS, phase="vanguard", active=GREEKS, to_act=[GREEKS],
        vanguard_stack=None, number=None, fate=None, fate_stack=6, fate_discards=[],
        sides=[greeks or side_view(), trojans or side_view()], hand=None, hero=None, own_score=None, report=None,
        over=False, winners=[], end_reason="",
    )
    data.update(changes)
    return View(**data)


def busy_view(seat: int | None = GREEKS) -> View:
    """Battle 4 in the Trojans' third single turn, with every part of a view
    filled: a deployed hero, favour on a card, shame, an emptied stack, a report."""
    greeks = side_view(
        stacks=[9, 5, 0, 7], emptied=[False, False, True, False], battle_stack=HOME, hero_stack=3, favour=1,
        favour_lost=1, shame=2, hand_size=1, has_hero=False, turns=3, fate_colour="blue",
        played=[Played(card="red1", hero="Aias"), Played(card="blue3", favour=True), Played(card="blue2"),
                Played(card="yellow4")],
        strength=5 + 4 + 2 + 4, discards=["green1", "green1", "purple4"], heroes_lost=["Achilleus"],
    )
    trojans = side_view(
        stacks=[12, 6, 3, 10], battle_stack=2, hero_stack=5, hand_size=2, has_hero=True, turns=2,
        fate_colour="purple", played=[Played(card="purple3"), Played(card="red4"), Played(card="brown2")],
        strength=9, discards=["red2"],
    )
    return make_view(
        greeks, trojans, seat=seat, battle_no=4, attacker=GREEKS, phase="action", active=TROJANS, to_act=[TROJANS],
        vanguard_stack=3, number=2, fate=Fate(tile=1, sides=["blue", "yellow", "purple", "brown"], facing=0),
        fate_stack=2, fate_discards=[4, 6, 2],
        hand=["brown4"] if seat == GREEKS else (["green2", "purple4"] if seat == TROJANS else None),
        hero="Hector" if seat == TROJANS else None,
        own_score=(5 + 4 + 2) if seat == GREEKS else (7 if seat == TROJANS else None),
        report=Report(battle=3, winner=TROJANS, retreat=True, heroes=[None, None], fate=["red", "blue"],
                      played=[[Played(card="purple4")], [Played(card="red2")]], lost=[["purple4"], []],
                      shame_taken=True),
    )


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def colours(image: Image.Image, box=None) -> set[tuple[int, int, int]]:
    part = image.crop(box) if box else image
    return {rgb for _, rgb in part.getcolors(1 << 20)}


def slot_box(side: int, index: int) -> tuple[int, int, int, int]:
    y = R.BAND_Y + R.BAND_PAD + 6 if side == TROJANS else R.BAND_Y + 2 * R.BAND_PAD + R.CARD_H + 8
    x = R.LINE_X + index * R.SLOT
    return x, y, x + R.CARD_W, y + R.CARD_H


def stack_box(side: int, n: int) -> tuple[int, int, int, int]:
    y = (R.TROJAN_Y if side == TROJANS else R.GREEK_Y) + (R.PANEL_H - R.STACK_H) // 2
    x = R.STACK_X[n]
    return x, y, x + R.STACK_W, y + R.STACK_H


def random_views(seed: int, count: int) -> list[View]:
    rnd = random.Random(seed)
    state, out = E.setup(2, seed), []
    while E.to_act(state):
        seat = E.to_act(state)[0]
        state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
        if rnd.random() < 0.1:
            out.append(E.view(state, rnd.choice((None, GREEKS, TROJANS))))
    return out[:count] + [E.view(state, None)]


# -- the board picture -----------------------------------------------------------


@pytest.mark.parametrize("locale", ["de", "en"])
def test_png_signature_and_size(locale):
    for view in (make_view(), busy_view(GREEKS), busy_view(TROJANS), busy_view(None)):
        data = R.board_png(view, locale)
        assert data.startswith(PNG_SIGNATURE)
        image = Image.open(io.BytesIO(data))
        assert 1000 <= image.width <= 1200
        assert 600 <= image.height <= R.MAX_HEIGHT
        assert len(data) < 250 * 1024


def test_positions_of_random_games_render():
    for view in random_views(3, 30):
        data = R.board_png(view, "de")
        assert data.startswith(PNG_SIGNATURE) and len(data) < 250 * 1024


def test_rendering_is_a_pure_function():
    assert R.board_png(busy_view()) == R.board_png(busy_view())


def test_different_views_give_different_images():
    a = R.board_png(make_view())
    b = R.board_png(make_view(greeks=side_view(stacks=[12, 11, 12, 12])))
    c = R.board_png(make_view(attacker=TROJANS, active=TROJANS, to_act=[TROJANS]))
    d = R.board_png(make_view(greeks=side_view(shame=1)))
    assert len({a, b, c, d}) == 4


def test_registered_renderer_accepts_model_dict_and_json():
    assert GAME in games()
    view = busy_view(GREEKS)
    png = board_png(GAME, view, locale="de")
    assert png == R.board_png(view, "de")
    assert board_png(GAME, view.model_dump(), locale="de") == png
    assert board_png(GAME, view.model_dump_json(), locale="de") == png
    assert board_text(GAME, view.model_dump(), "en") == board_text(GAME, view, "en")


def test_each_card_colour_has_its_own_shape():
    """Card colours drawn in one ink: the symbols alone tell them apart."""
    masks = {}
    for colour in COLOURS:
        image = Image.new("RGB", (60, 60), R.WHITE)
        R.symbol(ImageDraw.Draw(image), 30, 30, 24, colour, R.INK)
        masks[colour] = image.convert("L").tobytes()
    for a in COLOURS:
        for b in COLOURS:
            if a < b:
                differing = sum(x != y for x, y in zip(masks[a], masks[b]))
                assert differing > 150, (a, b)


def test_played_cards_show_their_colour_hero_and_favour():
    image = decode(R.board_png(busy_view(None)))
    hero = colours(image, slot_box(GREEKS, 0))
    assert R.HERO_FACE in hero and R.CARD["green"] in hero  # Aias, green
    favoured = colours(image, slot_box(GREEKS, 1))
    assert R.GOLD in favoured and R.CARD["blue"] in favoured
    plain = colours(image, slot_box(GREEKS, 2))
    assert R.GOLD not in plain and R.CARD["blue"] in plain
    assert R.CARD["yellow"] in colours(image, slot_box(GREEKS, 3))
    assert R.CARD["brown"] in colours(image, slot_box(TROJANS, 2))
    assert colours(image, slot_box(TROJANS, 3)) <= {R.WHITE, R.LINE}  # an empty slot


def test_fate_tile_top_faces_the_trojans_bottom_the_greeks():
    view = busy_view(None)
    image = decode(R.board_png(view))
    x0 = R.TILE_X
    y0 = R.BAND_Y + (R.BAND_H - R.TILE) // 2
    top = image.getpixel((x0 + R.TILE // 2 + 30, y0 + 12))
    bottom = image.getpixel((x0 + R.TILE // 2 + 30, y0 + R.TILE - 12))
    left = image.getpixel((x0 + 12, y0 + R.TILE // 2 + 30))
    assert top == R.CARD["purple"] and bottom == R.CARD["blue"]
    assert left == R.CARD["yellow"]  # a quarter turn (+1) brings yellow to the Greeks
    turned = view.model_copy(update={"fate": Fate(tile=1, sides=view.fate.sides, facing=1)})
    image = decode(R.board_png(turned))
    assert image.getpixel((x0 + R.TILE // 2 + 30, y0 + R.TILE - 12)) == R.CARD["yellow"]


def test_stacks_show_emptied_and_the_battle_stack():
    image = decode(R.board_png(busy_view(None)))
    emptied = colours(image, stack_box(GREEKS, 2))
    assert R.NEUTRAL in emptied and R.BACK[GREEKS] not in emptied
    assert R.BACK[GREEKS] in colours(image, stack_box(GREEKS, 1))
    x0, y0, x1, y1 = stack_box(GREEKS, HOME)  # the Greeks fight with their home stack
    assert image.getpixel((x0 - 5, (y0 + y1) // 2)) == R.INK
    x0, y0, x1, y1 = stack_box(GREEKS, 1)
    assert image.getpixel((x0 - 5, (y0 + y1) // 2)) != R.INK


def test_equal_stack_numbers_face_each_other():
    for n in (HOME, 1, 2, 3):
        assert stack_box(GREEKS, n)[0] == stack_box(TROJANS, n)[0]
        assert stack_box(TROJANS, n)[3] < R.BAND_Y < stack_box(GREEKS, n)[1]


def test_shame_tokens_are_drawn():
    base = decode(R.board_png(make_view()))
    shamed = decode(R.board_png(make_view(greeks=side_view(shame=2))))
    y = R.GREEK_Y
    box = (900, y, R.WIDTH - R.MARGIN, y + R.PANEL_H)
    assert base.crop(box).tobytes() != shamed.crop(box).tobytes()
    trojan_box = (900, R.TROJAN_Y, R.WIDTH - R.MARGIN, R.TROJAN_Y + R.PANEL_H)
    assert base.crop(trojan_box).tobytes() == shamed.crop(trojan_box).tobytes()


def test_own_hand_appears_only_in_its_owners_picture():
    owner = busy_view(GREEKS)
    spectator = busy_view(None)
    assert R.board_png(owner) != R.board_png(owner.model_copy(update={"hand": ["yellow1"]}))
    assert decode(R.board_png(spectator)).height < decode(R.board_png(owner)).height


def test_last_battle_is_shown_before_the_first_card_of_the_next():
    report = Report(battle=2, winner=GREEKS, scores=[8, 5], heroes=["Diomedes", "Paris"], fate=["green", "red"],
                    played=[[Played(card="green4"), Played(card="purple2", hero="Diomedes")], [Played(card="red3")]])
    image = decode(R.board_png(make_view(battle_no=3, report=report)))
    assert R.CARD["green"] in colours(image, slot_box(GREEKS, 0))
    assert R.HERO_FACE in colours(image, slot_box(GREEKS, 1))
    assert R.CARD["red"] in colours(image, slot_box(TROJANS, 0))


def test_game_over_picture():
    view = make_view(over=True, phase="over", to_act=[], winners=[TROJANS], end_reason="stacks",
                     greeks=side_view(stacks=[17, 0, 0, 0], emptied=[False, True, True, True]))
    assert R.board_png(view, "de") != R.board_png(make_view(), "de")
    draw = view.model_copy(update={"winners": [GREEKS, TROJANS], "end_reason": "both"})
    assert R.board_png(draw, "en").startswith(PNG_SIGNATURE)


# -- the hand picture --------------------------------------------------------------


def test_hand_png_shows_the_hand_and_hero():
    view = busy_view(TROJANS)
    data = R.hand_png(view, "de")
    assert data.startswith(PNG_SIGNATURE) and len(data) < 250 * 1024
    image = decode(data)
    assert image.width <= 1200
    seen = colours(image)
    assert {R.CARD["green"], R.CARD["purple"], R.HERO_FACE, R.CARD["brown"]} <= seen
    other = R.hand_png(view.model_copy(update={"hand": ["green2", "red1"]}), "de")
    assert other != data
    assert R.hand_png(view, "en") != data


def test_hand_png_of_a_spectator_or_an_empty_hand():
    assert R.hand_png(busy_view(None), "en").startswith(PNG_SIGNATURE)
    empty = busy_view(GREEKS).model_copy(update={"hand": [], "hero": None})
    assert R.hand_png(empty, "de").startswith(PNG_SIGNATURE)


# -- the text board ----------------------------------------------------------------


def test_text_tells_the_whole_public_position_in_german():
    text = board_text(GAME, busy_view(None), "de")
    lines = text.splitlines()
    assert lines[0] == "Hektor und Achill – Kampf 4"
    assert "Die Trojaner sind am Zug: Einzelzug 3/4, Aktion." in lines
    assert "Gekämpft wird mit den Stapeln 2." in lines
    assert "Schicksal 1: Griechen blau, Trojaner lila." in lines
    assert ("Griechen: Heimat 9 (im Kampf), 1 5, 2 geleert, 3 7 · Helden im Stapel 3 · Gunst 1 (1 verloren) · "
            "Schande 2 · Hand 1.") in lines
    assert "  Ausgespielt: Aias (grün 5) auf rot 1 (Vorhut), blau 3 +1, blau 2, gelb 4 · Überlegenheit 15." in lines
    assert "Kampf 3: die Griechen ziehen sich zurück, die Trojaner gewinnen." in lines
    assert "Schande für die Griechen." in lines
    assert "Aus dem Spiel – Griechen: grün 1 ×2, lila 4; Trojaner: rot 2." in lines
    assert "Verlorene Helden – Griechen: Achilleus; Trojaner: nichts." in lines
    assert "Deine Hand" not in text and "Hector" not in text


def test_text_own_hand_only_for_its_owner():
    trojan = board_text(GAME, busy_view(TROJANS), "en")
    assert "You play the Trojans." in trojan
    assert "Your hand: green 2, purple 4; hero: Hector (brown 6)." in trojan
    assert "Your total if counted now: 7." in trojan
    greek = board_text(GAME, busy_view(GREEKS), "en")
    assert "Your hand: brown 4; hero: –." in greek
    assert "Hector (brown 6)" not in greek and "green 2, purple 4" not in greek


def test_text_game_over_in_both_locales():
    won = make_view(over=True, phase="over", to_act=[], winners=[TROJANS], end_reason="stacks")
    assert "Game over: the Trojans win the war (army stacks emptied)." in board_text(GAME, won, "en")
    drawn = won.model_copy(update={"winners": [GREEKS, TROJANS], "end_reason": "both"})
    assert "Spielende: unentschieden (beide zugleich geschlagen)." in board_text(GAME, drawn, "de")


def test_text_of_random_positions_names_colours_as_words():
    for view in random_views(8, 20):
        for locale, words in (("de", ["rot", "grün", "blau", "gelb", "lila", "braun"]),
                              ("en", ["red", "green", "blue", "yellow", "purple", "brown"])):
            text = board_text(GAME, view, locale)
            assert "{" not in text
            if view.fate is not None:
                assert any(w in text for w in words)


def test_fonts_are_bundled():
    assert font(30, True).path.endswith("render/fonts/DejaVuSans-Bold.ttf")


# -- content from played positions ----------------------------------------------
#
# Where the picture is sampled is computed from the renderer's layout constants.

SEED = 5
#: The Greeks turn up red 2 from stack 1 (so stacks 2 fight), lay the fate tile red side to them, play red 1.
OPENING = [(GREEKS, Vanguard(stack=1)), (GREEKS, Orient(colour="red")), (GREEKS, Skip()), (GREEKS, Play(card="red1"))]
CARD_SHADES = list(R.CARD.values())


def play(*moves):
    state = E.setup(2, seed=SEED)
    for seat, action in moves:
        state, _ = E.apply(state, seat, action)
    return state


def card_colour_at(image: Image.Image, side: int, index: int):
    """The first card colour met going down the middle of a battle-line slot:
    the Trojans' line in the upper half of the band, the Greeks' in the lower."""
    x = R.LINE_X + index * R.SLOT + R.CARD_W // 2
    half = R.BAND_Y + R.BAND_H // 2
    y0, y1 = (R.BAND_Y, half) if side == TROJANS else (half, R.BAND_Y + R.BAND_H)
    return P.first_of(image, x, y0, y1, CARD_SHADES)


def panel(side: int) -> P.Box:
    y = R.TROJAN_Y if side == TROJANS else R.GREEK_Y
    return R.MARGIN, y, R.WIDTH - R.MARGIN + 1, y + R.PANEL_H + 1


@pytest.mark.parametrize(
    "locale, expected, own",
    [
        ("en", ["The Trojans to act: single turn 1/4, action.", "The stacks numbered 2 fight.",
                "Fate tile 3: Greeks red, Trojans purple.",
                "Greeks: home 12, 1 11, 2 8 (in battle), 3 12 · heroes in stack 5 · favour 3 · shame 0 · hand 3 + hero.",
                "  Played: red 2 (vanguard), red 1 · superiority 3.", "  Played: red 4 (vanguard) · superiority 4."],
         ["You play the Greeks.", "Your hand: green 3, blue 4, yellow 2; hero: Agamemnon (blue 4).",
          "Your total if counted now: 3."]),
        ("de", ["Die Trojaner sind am Zug: Einzelzug 1/4, Aktion.", "Gekämpft wird mit den Stapeln 2.",
                "Schicksal 3: Griechen rot, Trojaner lila.",
                "Griechen: Heimat 12, 1 11, 2 8 (im Kampf), 3 12 · Helden im Stapel 5 · Gunst 3 · Schande 0 · "
                "Hand 3 + Held.",
                "  Ausgespielt: rot 2 (Vorhut), rot 1 · Überlegenheit 3.", "  Ausgespielt: rot 4 (Vorhut) · Überlegenheit 4."],
         ["Du spielst die Griechen.", "Deine Hand: grün 3, blau 4, gelb 2; Held: Agamemnon (blau 4).",
          "Deine Wertung, würde jetzt gezählt: 3."]),
    ],
)
def test_text_after_known_moves(locale, expected, own):
    state = play(*OPENING)
    spectator = board_text(GAME, E.view(state, None), locale).splitlines()
    greek = board_text(GAME, E.view(state, GREEKS), locale).splitlines()
    trojan = board_text(GAME, E.view(state, TROJANS), locale)
    for line in expected:
        assert line in spectator and line in greek
    for line in own:
        assert line in greek and line not in spectator
        assert line not in trojan.splitlines()
    assert "Agamemnon" not in "\n".join(spectator) and "Agamemnon" not in trojan  # a hero in hand is secret
    assert spectator[-1] == ("Fate tiles left in the stack: 5." if locale == "en" else "Schicksals-Plättchen im Stapel: 5.")


def test_played_cards_and_empty_slots_show_where_they_lie():
    image = P.decode(board_png(GAME, E.view(play(*OPENING), None)))
    assert card_colour_at(image, GREEKS, 0) == R.CARD["red"]  # red 2, the vanguard
    assert card_colour_at(image, GREEKS, 1) == R.CARD["red"]  # red 1
    assert card_colour_at(image, TROJANS, 0) == R.CARD["red"]  # red 4
    for side, first_empty in ((GREEKS, 2), (TROJANS, 1)):
        for i in range(first_empty, 5):
            assert card_colour_at(image, side, i) is None, (side, i)
    # the vanguard is worth 2, the Trojans' 4: the big numbers differ, the colour bands do not
    body = lambda side: image.crop((R.LINE_X + 10, *(
        (R.BAND_Y + R.BAND_H // 4, R.LINE_X + R.CARD_W - 10, R.BAND_Y + R.BAND_H // 2) if side == TROJANS
        else (R.BAND_Y + 3 * R.BAND_H // 4, R.LINE_X + R.CARD_W - 10, R.BAND_Y + R.BAND_H)))).tobytes()
    assert body(GREEKS) != body(TROJANS)


def test_fate_tile_shows_each_sides_colour_towards_it():
    image = P.decode(board_png(GAME, E.view(play(*OPENING), None)))
    x0, y0 = R.TILE_X, R.BAND_Y + (R.BAND_H - R.TILE) // 2
    cx = x0 + R.TILE // 2
    bottom = (cx + 25, y0 + R.TILE - 18, cx + 45, y0 + R.TILE - 6)  # the Greeks' side
    top = (cx + 25, y0 + 6, cx + 45, y0 + 18)  # the Trojans' side
    assert P.near(P.dominant(image, bottom, ignore=(R.INK, R.WHITE)), R.CARD["red"])
    assert P.near(P.dominant(image, top, ignore=(R.INK, R.WHITE)), R.CARD["purple"])


def test_a_changed_stack_count_changes_only_that_stack():
    a = P.decode(R.board_png(make_view()))
    b = P.decode(R.board_png(make_view(greeks=side_view(stacks=[12, 11, 12, 12]))))
    x, y = R.STACK_X[1], R.GREEK_Y + (R.PANEL_H - R.STACK_H) // 2
    diff = P.changed(a, b)
    assert diff is not None and P.within(diff, P.grow((x, y, x + R.STACK_W, y + R.STACK_H), 12))


def test_spent_favour_leaves_the_panel_and_only_that_panel():
    a = P.decode(R.board_png(make_view()))
    b = P.decode(R.board_png(make_view(greeks=side_view(favour=1, favour_lost=2))))
    assert P.within(P.changed(a, b), panel(GREEKS))
    assert P.count(a, panel(GREEKS), R.GOLD) - P.count(b, panel(GREEKS), R.GOLD) > 1000  # two tokens fewer
    assert P.count(a, panel(TROJANS), R.GOLD) == P.count(b, panel(TROJANS), R.GOLD)


def test_secret_hands_heroes_and_stack_orders_do_not_change_what_others_see():
    state = play(*OPENING)
    other = state.model_copy(deep=True)
    other.battle.hands[GREEKS] = ["purple1", "brown2", "red3"]  # as many cards, not the same ones
    other.battle.heroes[GREEKS] = "Achilleus" if state.battle.heroes[GREEKS] != "Achilleus" else "Aias"
    other.stacks[GREEKS][3] = list(reversed(state.stacks[GREEKS][3]))  # the order of a stack is hidden
    other.stacks[TROJANS][0] = list(reversed(state.stacks[TROJANS][0]))
    for seat in (None, TROJANS):
        assert board_png(GAME, E.view(state, seat)) == board_png(GAME, E.view(other, seat))
        assert board_text(GAME, E.view(state, seat), "de") == board_text(GAME, E.view(other, seat), "de")
        assert hand_png(GAME, E.view(state, seat)) == hand_png(GAME, E.view(other, seat))
    assert board_png(GAME, E.view(state, GREEKS)) != board_png(GAME, E.view(other, GREEKS))
    assert hand_png(GAME, E.view(state, GREEKS)) != hand_png(GAME, E.view(other, GREEKS))


def test_hand_picture_shows_the_cards_in_order():
    for seat in (GREEKS, TROJANS):
        v = E.view(play(*OPENING), seat)
        image = P.decode(hand_png(GAME, v))
        assert image.width <= 1200
        for i, card in enumerate(v.hand):
            x = R.MARGIN + i * (R.HAND_CARD_W + 16) + R.HAND_CARD_W // 2
            colour = next(c for c in R.CARD if card.startswith(c))
            assert P.first_of(image, x, 0, image.height, CARD_SHADES) == R.CARD[colour], (seat, i, card)
        # the hero in hand follows the army cards on its own face
        x = R.MARGIN + len(v.hand) * (R.HAND_CARD_W + 16) + R.HAND_CARD_W // 2 + 14
        assert P.has(image, (x - 10, 0, x + 10, image.height), R.HERO_FACE)


def test_the_owners_board_shows_the_hand_strip_in_order():
    v = E.view(play(*OPENING), GREEKS)
    image = P.decode(board_png(GAME, v))
    for i, card in enumerate(v.hand):
        x = R.MARGIN + i * (R.HAND_W + 10) + R.HAND_W // 2
        colour = next(c for c in R.CARD if card.startswith(c))
        assert P.first_of(image, x, R.FOOTER_Y, image.height, CARD_SHADES) == R.CARD[colour], (i, card)
    spectator = P.decode(board_png(GAME, E.view(play(*OPENING), None)))
    below = (0, R.FOOTER_Y, R.WIDTH, spectator.height)
    assert not any(P.has(spectator, below, c) for c in CARD_SHADES)  # no hand strip for a spectator


def test_the_header_tells_who_acts_by_tint():
    for state, side in ((play(*OPENING), TROJANS), (play(*OPENING[:1]), GREEKS)):
        image = P.decode(board_png(GAME, E.view(state, None)))
        assert P.near(P.dominant(image, (0, 0, R.WIDTH, 4)), R.TINT[side])
        assert P.near(P.dominant(image, (0, R.HEADER_H - 5, R.WIDTH, R.HEADER_H - 1)), R.BACK[side])


def test_card_colours_stay_apart_for_colour_blind_eyes_and_stay_legible():
    for a in R.CARD:
        assert P.contrast(R.ON_CARD[a], R.CARD[a]) >= 3, a  # symbol and word on the colour band
        for b in R.CARD:
            if a < b:
                for kind in ("protan", "deutan", "tritan"):
                    assert P.delta_e(P.as_seen(R.CARD[a], kind), P.as_seen(R.CARD[b], kind)) >= 12, (a, b, kind)
    for side in (GREEKS, TROJANS):
        assert P.contrast(R.WHITE, R.BACK[side]) >= 4.5  # the count on a stack
        assert P.contrast(R.INK, R.TINT[side]) >= 4.5
    assert P.contrast(R.MUTED, R.BG) >= 4.5 and P.contrast(R.INK, R.GOLD) >= 4.5


def test_pictures_fit_a_phone():
    for seat in (None, GREEKS):
        image = P.decode(board_png(GAME, E.view(play(*OPENING), seat)))
        assert 1000 <= image.width <= 1200 and image.height <= 1.2 * image.width
    hand = P.decode(hand_png(GAME, E.view(play(*OPENING), TROJANS)))
    assert hand.width <= 1200 and hand.height <= hand.width
