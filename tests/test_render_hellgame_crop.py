"""The HellGame's zoomed crops (:mod:`render.hellgame_crop`): a focus on the
places of a decision and the map's quarters, drawn at least twice the full
map's scale.

The highlights are checked in the pixels: a crop with a highlight against
the same frame without it (``focus_png(..., frame=...)``), compared in grey
so that a highlight told by colour alone would fail. Views are the busy
hand-built view of the board tests and real positions from random play;
the secrecy twins are the contract suite's.
"""

from __future__ import annotations

import io
import math
import random
from functools import lru_cache

import pytest
from PIL import Image

import render_probe as P
from hellgame_driver import walk as random_play
from test_contract_secrecy import hellgame_twin
from test_render_hellgame import busy_view, make_view

from engines.contract import canonical_json
from engines.hellgame.core import data
from engines.hellgame.engine import ENGINE
from render import hellgame as R
from render import hellgame_crop as C
from render.hellgame_crop import Focus
from render.hellgame_map import ANTE_ROW


def units_at(view, at: int, kind: str = "legion") -> list[int]:
    return [u.id for u in view.units if u.at == at and u.kind == kind]


def grey(png: bytes) -> Image.Image:
    """The picture as a colour-blind eye at its worst sees it: brightness only."""
    return P.decode(png).convert("L")


def dark(image: Image.Image, box: P.Box) -> int:
    """Black pixels (of a grey picture) in ``box``."""
    return sum(n for n, shade in image.crop(box).getcolors(1 << 20) if shade < 60)


def in_picture(frame: C.Frame, box: tuple[float, float, float, float], grow: float = 0.0) -> P.Box:
    """A box of map px as a box of the crop's pixels."""
    x0, y0 = frame.to_picture(box[0] - grow, box[1] - grow)
    x1, y1 = frame.to_picture(box[2] + grow, box[3] + grow)
    return P.box(x0, y0, x1, y1)


def area_in_picture(frame: C.Frame, place: int, ante: float = 90.0, grow: float = 2.0) -> P.Box:
    return in_picture(frame, C.area_box(*C.place_area(place, ante)), grow)


def along(line: list[tuple[float, float]], step: float = 1.0) -> list[tuple[float, float]]:
    """Points every ``step`` map px along a polyline."""
    points = []
    for (xa, ya), (xb, yb) in zip(line, line[1:]):
        n = max(1, math.ceil(math.hypot(xb - xa, yb - ya) / step))
        points += [(xa + (xb - xa) * i / n, ya + (yb - ya) * i / n) for i in range(n)]
    return points + line[-1:]


def map_part(frame: C.Frame) -> P.Box:
    """The crop without its caption strip."""
    return 0, 0, *frame.size


def plain(view, frame: C.Frame) -> bytes:
    return C.focus_png(view, Focus(), "en", frame)


@lru_cache(maxsize=None)
def busy():
    return busy_view(6, None)


@lru_cache(maxsize=None)
def walk(seats: int, seed: int, steps: int) -> tuple:
    """States of a match of random play (leaning to marches and battles)."""
    rnd = random.Random(f"crop/{seats}/{seed}")
    return random_play(ENGINE.setup(seats, rnd.getrandbits(63), {"max_rounds": 4}), rnd, steps)


def a_focus(view, rnd: random.Random) -> Focus:
    """A move as a question shows it: a unit on the map ringed, the step it
    came by, its neighbours as targets and a battle beside it."""
    units = [u for u in view.units if u.at < data.ANTEHELL]
    if not units:
        return Focus(targets=(40, 41), battle=42)
    unit = rnd.choice(units)
    around = data.NEIGHBOURS[unit.at]
    return Focus(unit=unit.id, path=(around[0], unit.at), targets=tuple(around), battle=around[-1])


# -- the frame and the scale ------------------------------------------------------------------


def test_a_crop_is_at_least_twice_the_full_maps_scale_and_covers_its_places():
    view = busy()
    cases = [
        Focus(unit=units_at(view, 22)[0], path=(27, 22), targets=(17, 21, 23, 27)),
        Focus(unit=units_at(view, 0, "lieutenant")[0], targets=(1, 4, 5)),
        Focus(targets=(40,), battle=41),
        Focus(unit=units_at(view, 44)[0], targets=(43, data.ANTEHELL)),
        Focus(targets=(0, 22, 33, 44)),  # a spell's targets all over the map
    ]
    for focus in cases:
        plan = C.plan_focus(view, focus, "en")
        frame = plan.frame
        assert frame.k >= 2 and frame.k in C.SCALES
        assert 0 <= frame.x0 < frame.x1 <= R.MAP and 0 <= frame.y0 < frame.y1 <= R.MAP
        assert frame.x1 - frame.x0 >= min(C.MIN_W, R.MAP) and frame.y1 - frame.y0 >= C.MIN_H
        for place in focus.places(view):
            if place not in focus.targets:  # the unit's place, the path, the battle: their middle
                assert frame.covers(*C.place_point(place, plan.ante)), (focus, place)
        for _, x, y in plan.badges:  # every target's number (a far one shows its near end)
            assert frame.covers(x - C.BADGE, y - C.BADGE) and frame.covers(x + C.BADGE, y + C.BADGE)
        if plan.ring is not None:
            x, y, r = plan.ring
            assert frame.covers(x - r, y - r) and frame.covers(x + r, y + r)
        image = P.decode(C.focus_png(view, focus, "en"))
        assert image.width == frame.size[0] >= 2 * (frame.x1 - frame.x0)
        assert image.height >= frame.size[1] >= 2 * (frame.y1 - frame.y0)


def test_a_known_feature_is_drawn_at_least_twice_as_large():
    """Quarter 1's number (the vermillion disc at the top of Antehell's band)
    on the full board and in the crop of quarter 1."""
    view = busy()
    full = P.decode(R.board_png(view, "en"))
    x, y = R.polar(ANTE_ROW, R.quarter_angle(0))
    on_board = P.bbox_of(full, P.around(x, y, 24), R.PENT_POINT)
    frame = C.quarter_frame(1)
    crop = P.decode(C.quarter_png(view, 1, "en"))
    px, py = frame.to_picture(x, y)
    in_crop = P.bbox_of(crop, P.around(px, py, 24 * frame.k), R.PENT_POINT)
    assert on_board is not None and in_crop is not None
    for axis in (0, 1):
        board_size = on_board[axis + 2] - on_board[axis]
        assert board_size >= 24
        assert in_crop[axis + 2] - in_crop[axis] >= 2 * board_size - 2


def test_close_places_get_a_small_frame_and_a_larger_scale():
    view = busy()
    inner = C.focus_frame(view, Focus(unit=units_at(view, 0, "lieutenant")[0], targets=(5,)))
    assert inner.k == max(C.SCALES) and inner.x1 - inner.x0 <= 400
    wide = C.focus_frame(view, Focus(targets=(40, 41, 42, 43, 44)))  # all round Limbo: most of the map
    assert wide.k == C.MIN_SCALE and wide.x1 - wide.x0 > 900


# -- the highlights ----------------------------------------------------------------------------


def test_a_target_is_outlined_and_numbered_in_its_own_sectio_only():
    view = busy()
    unit = units_at(view, 22)[0]
    with_target = Focus(unit=unit, targets=(17,))
    plan = C.plan_focus(view, with_target, "en")
    frame = plan.frame
    a = grey(C.focus_png(view, Focus(unit=unit), "en", frame))
    b = grey(C.focus_png(view, with_target, "en", frame))
    diff = P.changed(a, b, map_part(frame))
    assert diff is not None and P.within(diff, area_in_picture(frame, 17))
    # the outline along the sectio's border and the number disc are black
    (n, x, y), = plan.badges
    assert n == 1
    assert b.getpixel(tuple(map(round, frame.to_picture(x + 8, y)))) < 60
    r_in, r_out, a0, a1 = C.place_area(17, plan.ante)
    for r, angle in (((r_in + r_out) / 2, a0), ((r_in + r_out) / 2, a1), (r_in, (a0 + a1) / 2)):
        edge = P.around(*frame.to_picture(*R.polar(r, angle)), 6 * frame.k)
        assert dark(b, edge) > dark(a, edge) + 4 * frame.k ** 2, (r, angle)
    # the caption (the number and the full name) comes only with targets
    assert b.height > frame.size[1] and a.height == frame.size[1]


def test_each_target_gets_its_own_number():
    view = busy()
    focus = Focus(unit=units_at(view, 22)[0], targets=(17, 21, 23, 27))
    plan = C.plan_focus(view, focus, "en")
    assert [n for n, _, _ in plan.badges] == [1, 2, 3, 4]
    image = grey(C.focus_png(view, focus, "en"))
    for n, x, y in plan.badges:
        assert image.getpixel(tuple(map(round, plan.frame.to_picture(x + 8, y)))) < 60, n
    # the digits differ: the badges are not all the same picture
    crops = {image.crop(P.around(*plan.frame.to_picture(x, y), 6 * plan.frame.k)).tobytes()
             for _, x, y in plan.badges}
    assert len(crops) == 4


def test_the_path_is_drawn_between_its_places():
    view = busy()
    unit = units_at(view, 22)[0]
    walked = Focus(unit=unit, path=(32, 27, 22))
    plan = C.plan_focus(view, walked, "en")
    frame = plan.frame
    a = grey(C.focus_png(view, Focus(unit=unit), "en", frame))
    b = grey(C.focus_png(view, walked, "en", frame))
    # a waypoint in each place, in order; the last is the unit, ringed
    assert len(plan.waypoints) == 3 and plan.waypoints[-1] == plan.ring[:2]
    for (x, y), place in zip(plan.waypoints, walked.path):
        r_in, r_out, a0, a1 = C.place_area(place, plan.ante)
        assert r_in <= math.hypot(x - R.CX, y - R.CY) <= r_out
    for x, y in plan.waypoints[:-1]:  # a dot where it starts, an arrowhead at each place after
        p = tuple(map(round, frame.to_picture(x, y)))
        assert b.getpixel(p) < 60 and a.getpixel(p) > 60, (x, y)
    # between them a black line, wherever no marker stands in its way (and
    # not counting the white rims of the start's dot and the arrowheads)
    heads = [C.Spot(x, y, 1.6 * C.ARROW) for x, y in plan.waypoints]
    free = []
    for one, other, line in zip(walked.path, walked.path[1:], C.path_lines(plan.waypoints, plan.ring)):
        free += [q for q in along(line) if all(s.distance(*q) > C.CLEAR + C.PATH_LINE for s in plan.spots + heads)]
        between = P.union(area_in_picture(frame, one), area_in_picture(frame, other))
        assert P.changed(a, b, between) is not None, (one, other)
    shades = [b.getpixel(tuple(map(round, frame.to_picture(*q)))) for q in free]
    assert len(shades) >= 10 and sum(shade < 60 for shade in shades) >= 0.8 * len(shades)


def test_the_path_leaves_labels_and_counts_uncovered():
    """Its line stops short of every marker of its places: the crop differs
    from the plain one only away from them (the arrowheads stand in free room)."""
    view = busy()
    unit = units_at(view, 22)[0]
    walked = Focus(unit=unit, path=(32, 27, 22))
    plan = C.plan_focus(view, walked, "en")
    frame = plan.frame
    a = P.decode(C.focus_png(view, Focus(unit=unit), "en", frame))
    b = P.decode(C.focus_png(view, walked, "en", frame))
    for place in (32, 27, 22):
        for _, spots in C.sectio_markers(view, place, "en"):
            for s in spots:
                if s.dx or s.dy:
                    continue  # labels: checked at their middle below
                inner = P.around(*frame.to_picture(s.x, s.y), max(1, (s.r - 1) * frame.k / 1.5))
                assert P.changed(a, b, inner) is None, (place, s)
    for place in (32, 27, 22):
        label = next(spots[0] for key, spots in C.sectio_markers(view, place, "en") if key is None)
        assert P.changed(a, b, P.around(*frame.to_picture(label.x, label.y), 3 * frame.k)) is None, place


def test_the_unit_is_ringed():
    view = busy()
    for unit in (units_at(view, 22)[0], units_at(view, 0, "lieutenant")[0], units_at(view, 10, "hound")[0],
                 units_at(view, 33, "hound")[0]):
        focus = Focus(unit=unit)
        plan = C.plan_focus(view, focus, "en")
        frame = plan.frame
        a = grey(plain(view, frame))
        b = grey(C.focus_png(view, focus, "en"))
        x, y, r = plan.ring
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            p = tuple(map(round, frame.to_picture(x + dx * (r - 1.5), y + dy * (r - 1.5))))
            assert b.getpixel(p) < 60, (unit, dx, dy)
        diff = P.changed(a, b, map_part(frame))
        assert diff is not None and P.within(diff, in_picture(frame, (x - r, y - r, x + r, y + r), 4))
    # the ring sits on the unit's own marker: another owner's legions there get another ring
    two = [u for u in view.units if u.at == 17 and u.kind == "legion"]
    rings = {C.plan_focus(view, Focus(unit=u.id), "en").ring for u in two}
    assert len({u.owner for u in two}) == 2 and len(rings) == 2


def test_a_battle_is_marked_with_dashes_and_crossed_swords():
    view = busy()
    focus = Focus(battle=17)
    plan = C.plan_focus(view, focus, "en")
    frame = plan.frame
    plain_png, battle_png = plain(view, frame), C.focus_png(view, focus, "en")
    diff = P.changed(grey(plain_png), grey(battle_png), map_part(frame))
    assert diff is not None and P.within(diff, area_in_picture(frame, 17))
    badge = P.around(*frame.to_picture(*plan.battle), C.BATTLE * frame.k)
    assert P.count(P.decode(battle_png), badge, R.PENT_POINT) > 0.3 * (2 * C.BATTLE * frame.k) ** 2
    assert P.count(P.decode(plain_png), badge, R.PENT_POINT) == 0
    # dashes: along the border, black and white alternate
    r_in, r_out, a0, a1 = C.place_area(17, plan.ante)
    image = grey(battle_png)
    shades = [image.getpixel(tuple(map(round, frame.to_picture(*C.polar(r_in + C.TARGET_LINE / 2, a0 + t))))) < 60
              for t in range(3, 70)]
    assert 4 <= sum(a != b for a, b in zip(shades, shades[1:]))


def test_antehell_as_a_target_is_its_band_beside_the_quarter():
    view = busy()
    unit = units_at(view, 40)[0]
    focus = Focus(unit=unit, targets=(data.ANTEHELL,))
    plan = C.plan_focus(view, focus, "en")
    assert plan.ante == R.quarter_angle(0)
    frame = plan.frame
    a = grey(C.focus_png(view, Focus(unit=unit), "en", frame))
    b = grey(C.focus_png(view, focus, "en", frame))
    diff = P.changed(a, b, map_part(frame))
    band = area_in_picture(frame, data.ANTEHELL, plan.ante)
    assert diff is not None and P.within(diff, band)
    (_, x, y), = plan.badges
    assert R.R_HELL <= ((x - R.CX) ** 2 + (y - R.CY) ** 2) ** 0.5 <= R.R_BAND
    # and a unit in Antehell walks into Limbo
    walker = units_at(view, data.ANTEHELL)[0]
    png = C.focus_png(view, Focus(unit=walker, path=(data.ANTEHELL, 42), targets=(37, 41, 43)), "de")
    assert png.startswith(P.PNG_SIGNATURE)


# -- the quarters ------------------------------------------------------------------------------


def test_the_quarters_are_five_different_enlarged_pictures():
    view = busy()
    pictures = [C.quarter_png(view, q, "en") for q in range(1, 6)]
    assert len(set(pictures)) == 5
    for q, png in enumerate(pictures, start=1):
        frame = C.quarter_frame(q)
        assert frame.k >= 2
        image = Image.open(io.BytesIO(png))
        assert image.size == frame.size
        for index in data.quarter_sectios(q - 1):
            assert frame.covers(*R.sectio_centre(index)), (q, index)


@pytest.mark.parametrize("quarter", [0, 6, -1, 10])
def test_a_quarter_outside_one_to_five_is_refused(quarter):
    with pytest.raises(ValueError):
        C.quarter_png(busy(), quarter, "en")


# -- what is asked for -------------------------------------------------------------------------


def test_bad_foci_are_refused():
    view = busy()
    with pytest.raises(ValueError):
        C.focus_png(view, Focus(), "en")  # nothing to show, and no frame given
    with pytest.raises(ValueError):
        C.focus_png(view, Focus(targets=(46,)), "en")
    with pytest.raises(ValueError):
        C.focus_png(view, Focus(path=(-1, 0)), "en")
    with pytest.raises(ValueError):
        C.focus_png(view, Focus(unit=10_000), "en")


def test_places_are_the_units_place_the_path_the_targets_and_the_battle_once_each():
    view = busy()
    unit = units_at(view, 22)[0]
    focus = Focus(unit=unit, path=(27, 22), targets=(17, 27, 21), battle=17)
    assert focus.places(view) == (22, 27, 17, 21)
    assert focus.places() == (27, 22, 17, 21)  # without the view the unit's place is unknown


# -- purity and secrecy ------------------------------------------------------------------------


def test_same_inputs_give_the_same_bytes():
    view = busy()
    focus = Focus(unit=units_at(view, 22)[0], path=(27, 22), targets=(17, 21, 23), battle=23)
    first = C.focus_png(view, focus, "de")
    quarter = C.quarter_png(view, 3, "de")
    C.focus_png(busy_view(2, 1), Focus(targets=(5, 6)), "en")  # other pictures in between fill the caches
    C.quarter_png(make_view(6), 2, "en")
    assert C.focus_png(busy_view(6, None), focus, "de") == first
    assert C.quarter_png(busy_view(6, None), 3, "de") == quarter
    assert first.startswith(P.PNG_SIGNATURE)


def test_the_full_board_is_unchanged_by_cropping():
    """Crops draw through the board's own code: drawing them leaves the
    board picture as it was."""
    view = busy_view(6, 2)
    before = R._draw_board(view, "en")
    C.focus_png(view, Focus(targets=(3, 4)), "en")
    C.quarter_png(view, 4, "en")
    assert R._draw_board(view, "en") == before


def test_real_positions_render_for_every_seat_count():
    rnd = random.Random(3)
    for seats in (2, 6):
        states = walk(seats, 1, 300)
        for state in states[len(states) // 2::60][:3]:
            view = ENGINE.view(state, None)
            png = C.focus_png(view, a_focus(view, rnd), "en")
            assert png.startswith(P.PNG_SIGNATURE)


def test_hidden_information_does_not_show_in_the_crops():
    """States that differ only in what spectators may not see (the contract
    suite's secrecy twin: a hand, the decks, a secret order) give spectators
    and the seats not concerned byte-identical crops."""
    rnd = random.Random(11)
    compared = 0
    for state in walk(6, 2, 400)[10::25]:
        made = hellgame_twin(state, rnd)
        if made is None:
            continue
        twin, hiders = made
        assert canonical_json(twin) != canonical_json(state)
        others = [None] + [s for s in range(state.seats) if s not in hiders][:1]
        for seat in others:
            va, vb = ENGINE.view(state, seat), ENGINE.view(twin, seat)
            focus = a_focus(va, random.Random(compared))
            assert C.focus_png(va, focus, "en") == C.focus_png(vb, focus, "en"), seat
            quarter = 1 + compared % 5
            assert C.quarter_png(va, quarter, "de") == C.quarter_png(vb, quarter, "de"), seat
        compared += 1
        if compared >= 3:
            break
    assert compared >= 2, "too few positions with hidden information"
