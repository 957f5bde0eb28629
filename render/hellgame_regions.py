"""The places of The HellGame's board picture as tap regions, for the web view.

The web page shows the board picture and lets a reader tap a place to read
what is there. If the page kept its own idea of where the places are, any
change of the map's layout would put the taps beside the places; so the
outlines are computed here from the geometry the map is drawn with
(:func:`render.hellgame_crop.place_area` and the rings and sectors of
:mod:`render.hellgame_map`), in the pixels of the scale-1 picture. A page
showing the picture at scale k multiplies them by k: every length of the
picture grows by k (:func:`render.hellgame.board_png`).

:func:`board_regions` gives one region per sectio the map draws (id
``"sectio:<index>"``, 0-44) and one for Antehell (``"antehell"``), the only
other place a unit can stand. Each is ``{"id", "poly", "title", "lines"}``:

- ``poly``: the outline, ``[[x, y], ...]`` rounded to 0.1 px. A sectio is
  its annular sector, each arc a polygon with a point every 4 degrees (38
  points; on Limbo's ring, the largest, the chords stray a third of a pixel
  from the drawn circle). Neighbours share their edges exactly, so no point
  is in two sectios. Antehell is the band round Hell drawn with its name and
  units, as one outline running round the band's outer edge and back round
  its inner edge, the two joined by a seam (at the top, quarter 1's mark):
  its inside is the band under either fill rule (nonzero, even-odd), Hell
  being its hole. That inner edge lies just outside Hell's circle (its
  chords touch the circle) so that no point of a Limbo sectio falls in it.
  The picture's corners, Antehell by the rules too, hold the compass and the
  key and are left out.
- ``title``: the name the map prints on the place (a sectio's short label;
  Antehell's name in ``locale``).
- ``lines``: what the picture shows there, in words, the alt text's words
  (:mod:`render.hellgame_text`; the few of its own are ``region.*`` in the
  ``render-hellgame`` catalogue): a sectio's full name where the map prints
  a shorter one, its circle and quarter, its souls (or arcana), its owner
  (the seat's name with its symbol), the legions per seat, lieutenants and
  tamed hounds by seat, wild hounds, the phenomenon on it, the wards on it
  this round and Uriel or Lilith standing there.

Only the view is read: it is already redacted for its seat or for
spectators, so the regions tell no more than the picture does. The outlines
never change and are computed once; a call formats words only, well under a
millisecond per place.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from engines.hellgame.core import data, text as game_text
from engines.hellgame.core.model import SectioView, UnitView, View
from render.hellgame_crop import place_area
from render.hellgame_map import R_BAND, R_HELL, quarter_angle, sector
from render.hellgame_text import (
    arcana_sectio, being_parts, circle_name, legion_owners, locale_of, seat_name, units_by_id, words)

#: Pieces of each arc of a sectio's outline (a quarter's 72 degrees in 4-degree steps).
ARC_STEPS = 18
#: Pieces of Antehell's band all round (20 degrees each): 38 points in all.
BAND_STEPS = 18
ANTEHELL_ID = "antehell"

Outline = tuple[tuple[float, float], ...]


def region_id(index: int) -> str:
    """The stable id of a place: ``"sectio:<index>"``, Antehell ``"antehell"``."""
    return ANTEHELL_ID if index == data.ANTEHELL else f"sectio:{index}"


# -- outlines -----------------------------------------------------------------------


@lru_cache(maxsize=None)
def sectio_outline(index: int) -> Outline:
    """Sectio ``index``'s ground as the map fills it, a polygon in map px."""
    r_in, r_out, a0, a1 = place_area(index, 0.0)
    return sector(r_in, r_out, a0, a1, (a1 - a0) / ARC_STEPS)


@lru_cache(maxsize=1)
def band_outline() -> Outline:
    """Antehell's band: outer edge clockwise from the top, then the inner
    edge back, the vertices of the inner one far enough out that its chords
    touch Hell's circle instead of cutting into Limbo."""
    step = 360.0 / BAND_STEPS
    inner = R_HELL / math.cos(math.radians(step / 2))
    start = quarter_angle(0)
    return sector(inner, R_BAND, start, start + 360.0, step)


def outline(index: int) -> Outline:
    return band_outline() if index == data.ANTEHELL else sectio_outline(index)


@lru_cache(maxsize=None)
def _poly(index: int) -> tuple[tuple[float, float], ...]:
    return tuple((round(x, 1), round(y, 1)) for x, y in outline(index))


def poly(index: int) -> list[list[float]]:
    """A place's outline as the regions give it: ``[[x, y], ...]``, 0.1 px."""
    return [[x, y] for x, y in _poly(index)]


# -- what is there ------------------------------------------------------------------


def unit_lines(s: SectioView, units: dict[int, UnitView], w: dict[str, Any], locale: str) -> list[str]:
    """The units the map draws in a place, as its markers read: legions
    per seat, lieutenants, tamed hounds, wild hounds, the warning sign."""
    lines = [w["legions"].format(list=f"{seat_name(o, locale)} {n}") for o, n in legion_owners(s)]
    return lines + being_parts(s, units, w, locale, owned_only=True)


def effect_lines(view: View, index: int, w: dict[str, Any], locale: str) -> list[str]:
    """What stands on a place besides units: this round's wards, Uriel, Lilith."""
    said = w["region"]
    lines = [said["ward"].format(seat=seat_name(seat, locale)) for at, seat in view.wards if at == index]
    if view.uriel is not None and view.uriel.at == index:
        lines.append(said["uriel"])
    if view.lilith is not None and view.lilith.at == index:
        aspect = w["aspect"].get(view.lilith.stage, "–") if view.lilith.stage else "–"
        lines.append(said["lilith"].format(aspect=aspect))
    return lines


def sectio_lines(view: View, s: SectioView, units: dict[int, UnitView], w: dict[str, Any], locale: str) -> list[str]:
    lines = [] if s.name == s.label else [s.name]
    lines.append(w["region"]["where"].format(circle=circle_name(s.circle), quarter=s.quarter + 1))
    lines.append(w["income_arcana"] if arcana_sectio(s) else w["income"].format(souls=s.souls))
    lines.append(w["held_by"].format(seat=seat_name(s.owner, locale)) if s.owner is not None else w["unowned"])
    return lines + unit_lines(s, units, w, locale) + effect_lines(view, s.index, w, locale)


def antehell_lines(view: View, units: dict[int, UnitView], w: dict[str, Any], locale: str) -> list[str]:
    lines = unit_lines(view.antehell, units, w, locale) + effect_lines(view, data.ANTEHELL, w, locale)
    return lines or [w["empty"]]


# -- the regions --------------------------------------------------------------------


def board_regions(view: View, locale: str = "en") -> list[dict]:
    """Every place of the board picture of ``view``: the sectios in index
    order, then Antehell; see the module's docstring for the fields."""
    w = words(locale)
    units = units_by_id(view)
    regions = [{"id": region_id(s.index), "poly": poly(s.index), "title": s.label,
                "lines": sectio_lines(view, s, units, w, locale)}
               for s in view.sectios if 0 <= s.index < data.ANTEHELL]
    regions.append({"id": ANTEHELL_ID, "poly": poly(data.ANTEHELL),
                    "title": game_text.sectio_name(data.ANTEHELL, locale_of(locale)),
                    "lines": antehell_lines(view, units, w, locale)})
    return regions
