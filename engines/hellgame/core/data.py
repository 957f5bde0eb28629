"""Component data of The HellGame, loaded once from ``data/*.json``.

The rulebook (``seeds/004_6b858c1473d855eb.txt``) has the rules but neither
the map nor the card texts. The JSON files are the project's reconstruction
from ``shared/rules/hellgame.md`` (the decisions, which win), the digest
``hellgame-digest.md`` and the facts file ``hellgame-data.json``; corrections
to the facts file are made in the JSON, never here:

- ``map.json``: 45 sectios on a 9 x 5 ring (circle 0 = Treachery, innermost,
  touching the Pentagram ... 8 = Limbo, touching Antehell; quarter 0-4
  clockwise from the coloured point), names and souls from
  ``hellgame-data.json``; "Bad People" is Mad Ereshkigal with 2 souls and The
  Wise Men produce arcana, 1-2 -> 1, 3-5 -> 2, 6 -> 3 cards (hellgame.md, Map;
  digest G6). Adjacency is the grid rule (digest 2.2.3, Appendix A, G2), the
  compass 1 in, 2 ccw, 3 out, 4 cw, 5-6 none (Appendix A, G1), re-entry from
  Antehell 1-5 -> the Limbo sectio of quarter roll-1, 6 -> lost (G16). Short
  map labels are the project's (hellgame.md, Further decisions).
- ``demons.json``: the 21 demons with the rulebook's values where they differ
  (Orias 41, Ereshkigal 23, Naburos 61, Andras 4 hearts, Caim 4 skulls;
  hellgame.md, Demons).
- ``lieutenants.json``: 12 lieutenants, 3 boxes of 4 in the order listed, the
  first listed on top; recruitment roll 1-2 first, 3-4 third, 5-6 second box
  (hellgame.md; G11). ``hounds.json``: 8 counters 1, 2, 2, 2, 3, 3, 4, 4.
- ``majors.json``: the 28 major spells of hellgame.md, Arcana.
- ``arcana.json``: the 109-card deck of hellgame.md, Further decisions; which
  catalogue entry each card name carries was decided by name fit.
- ``hell_cards.json``: the 45 Hell cards by the formula of hellgame.md,
  Further decisions, and the 15 events and 5 phenomena of its Hell cards list.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

#: A location index meaning Antehell (the sectios are 0-44).
ANTEHELL = 45
#: What :func:`compass_step` returns for a step into the Pentagram.
PENTAGRAM = "pentagram"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Sectio(_Frozen):
    index: int
    name: str
    label: str  # at most 10 characters, for the map
    circle: int
    quarter: int
    souls: int
    produces: Literal["souls", "arcana"]
    neighbours: tuple[int, ...]  # grid neighbours only; see NEIGHBOURS for Antehell
    antehell: bool  # borders Antehell (Limbo)


class DemonCard(_Frozen):
    index: int
    name: str
    title: str
    gender: str
    rank: int  # lower is higher
    hearts: int
    skulls: int
    stars: int


class LieutenantCard(_Frozen):
    index: int
    name: str
    combat_bonus: int
    leadership: int  # legions he can lead


class MajorSpell(_Frozen):
    key: str
    name: str
    number: int
    timing: Literal["action", "combat", "counter", "play_right_away"]
    where: Literal["hell", "earth", "any"] | None
    souls: int
    favour: int
    roll: Literal["stars", "hearts", "skulls"] | None
    requires: str | None
    hearts_needed: int
    uncounterable: bool
    text: str


class ArcanaCard(_Frozen):
    id: int
    name: str
    cost: int  # souls for the minor spell
    minor: Literal["walk", "walk_safely", "recruit", "pass", "play_right_away"]
    pass_places: int
    major: str  # a key of MAJORS
    six: bool  # carries the printed "6"


class EventKind(_Frozen):
    key: str
    name: str
    permanent: bool
    area: Literal["heaven", "earth", "hell"] | None
    text: str


class PhenomenonKind(_Frozen):
    key: str
    name: str
    text: str
    hits_beings: bool  # also hits Uriel and Lilith (6.2.2)


class HellCard(_Frozen):
    index: int
    location: int  # a sectio index
    event: str  # a key of EVENTS
    phenomenon: str  # a key of PHENOMENA
    scope: Literal["quarter", "circle", "sectio"]


def _load(name: str) -> Any:
    return json.loads((resources.files("engines.hellgame") / "data" / name).read_text(encoding="utf-8"))


_MAP = _load("map.json")
_LTS = _load("lieutenants.json")
_HELL = _load("hell_cards.json")

#: Circle names, index 0 (Treachery, innermost) to 8 (Limbo).
CIRCLES: tuple[str, ...] = tuple(_MAP["circles"])
#: The 45 sectios, indexed by sectio index = circle * 5 + quarter.
SECTIOS: tuple[Sectio, ...] = tuple(Sectio(**s) for s in _MAP["sectios"])
#: Adjacent locations of each sectio and of Antehell (index 45).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    s.neighbours + ((ANTEHELL,) if s.antehell else ()) for s in SECTIOS
) + (tuple(s.index for s in SECTIOS if s.antehell),)
#: Compass die roll -> "in", "ccw", "out", "cw" or None (no move).
COMPASS: dict[int, str | None] = {int(k): v for k, v in _MAP["compass"].items()}
#: The Wise Men: die roll -> number of arcana cards.
WISE_MEN_CARDS: dict[int, int] = {int(k): v for k, v in _MAP["wise_men_cards"].items()}

DEMONS: tuple[DemonCard, ...] = tuple(DemonCard(**d) for d in _load("demons.json")["demons"])
LIEUTENANTS: tuple[LieutenantCard, ...] = tuple(LieutenantCard(**x) for x in _LTS["lieutenants"])
#: The three "Lieutenants Available" boxes, top lieutenant first.
BOXES: tuple[tuple[int, ...], ...] = tuple(tuple(b) for b in _LTS["boxes"])
#: Recruitment die roll -> box index.
RECRUIT_BOX: dict[int, int] = {int(k): v for k, v in _LTS["recruit_roll"].items()}
#: Attack numbers of the hellhound counters.
HOUND_ATTACKS: tuple[int, ...] = tuple(_load("hounds.json")["attacks"])

MAJORS: dict[str, MajorSpell] = {m["key"]: MajorSpell(**m) for m in _load("majors.json")["majors"]}
#: The 109 arcana cards, indexed by id.
ARCANA: tuple[ArcanaCard, ...] = tuple(ArcanaCard(**c) for c in _load("arcana.json")["cards"])
#: The 45 Hell cards, indexed by card number.
HELL_CARDS: tuple[HellCard, ...] = tuple(HellCard(**c) for c in _HELL["cards"])
EVENTS: dict[str, EventKind] = {e["key"]: EventKind(**e) for e in _HELL["events"]}
PHENOMENA: dict[str, PhenomenonKind] = {p["key"]: PhenomenonKind(**p) for p in _HELL["phenomena"]}


def sectio_at(circle: int, quarter: int) -> int:
    """The index of the sectio in ``circle`` (0-8) and ``quarter`` (taken mod 5)."""
    if not 0 <= circle <= 8:
        raise ValueError(f"no circle {circle}")
    return circle * 5 + quarter % 5


def circle_sectios(c: int) -> tuple[int, ...]:
    """The five sectios of circle ``c``, by quarter."""
    return tuple(sectio_at(c, q) for q in range(5))


def quarter_sectios(q: int) -> tuple[int, ...]:
    """The nine sectios of quarter ``q``, innermost first."""
    if not 0 <= q <= 4:
        raise ValueError(f"no quarter {q}")
    return tuple(sectio_at(c, q) for c in range(9))


def compass_step(location: int, roll: int) -> int | str | None:
    """Where one compass step with die ``roll`` leads from sectio ``location``.

    Returns a sectio index (0-44); :data:`ANTEHELL` for outward from Limbo;
    :data:`PENTAGRAM` (the string ``"pentagram"``) for inward from circle 0,
    which the caller treats as it must (failed flight, removal, ...); ``None``
    for a roll without movement (5-6). Raises ``ValueError`` for a roll outside
    1-6 or ``location == ANTEHELL`` (leaving Antehell uses :func:`reentry`).
    """
    if location == ANTEHELL:
        raise ValueError("the compass is not used in Antehell; use reentry()")
    if roll not in COMPASS:
        raise ValueError(f"no compass roll {roll}")
    s = SECTIOS[location]
    direction = COMPASS[roll]
    if direction is None:
        return None
    if direction == "in":
        return PENTAGRAM if s.circle == 0 else sectio_at(s.circle - 1, s.quarter)
    if direction == "out":
        return ANTEHELL if s.circle == 8 else sectio_at(s.circle + 1, s.quarter)
    return sectio_at(s.circle, s.quarter + (1 if direction == "cw" else -1))


def reentry(roll: int) -> int | None:
    """Re-entry from Antehell: 1-5 -> the Limbo sectio of quarter roll-1, 6 -> None (lost)."""
    if not 1 <= roll <= 6:
        raise ValueError(f"no re-entry roll {roll}")
    return None if roll == 6 else sectio_at(8, roll - 1)
