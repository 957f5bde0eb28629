"""Data of Halleluja: the board, the state, the actions and the view.

The board has 7 x 7 fields named by column letter and row number, ``A1`` at
the top left and ``G7`` at the bottom right. Seat ``i`` plays colour ``i``;
colours ``seats`` .. 3 are neutral. A stack is a list of stones, bottom first.
Directions are compass names with north at the top of the board.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from engines.halleluja.reconstruction import MAX_ROUNDS_DEFAULT
from engines.contract import ViewBase
from engines.rng import Rng

GAME_ID = "halleluja"
SIZE = 7
COLUMNS = "ABCDEFG"
COLOURS = 4
STONES_PER_COLOUR = 9
TOWER_HEIGHT = 3
TOWERS_PER_COLOUR = STONES_PER_COLOUR // TOWER_HEIGHT
LADDER_TOP = 8
SET_POINTS = {3: 7, 2: 3, 1: 1}  # distinct colours in a set -> points

Dir8 = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
Dir4 = Literal["N", "E", "S", "W"]
#: Clockwise from north.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
ORTHOGONAL = ("N", "E", "S", "W")

FIELDS = [f"{COLUMNS[c]}{r + 1}" for r in range(SIZE) for c in range(SIZE)]


def index(field: str) -> int:
    return (int(field[1:]) - 1) * SIZE + COLUMNS.index(field[0])


def name(i: int) -> str:
    return FIELDS[i]


def row_col(field: str) -> tuple[int, int]:
    return int(field[1:]) - 1, COLUMNS.index(field[0])


def step(field: str, direction: str, distance: int = 1) -> str | None:
    """The field ``distance`` steps away in ``direction``, or None off the board."""
    r, c = row_col(field)
    dr, dc = DIRECTIONS[direction]
    r, c = r + dr * distance, c + dc * distance
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return f"{COLUMNS[c]}{r + 1}"
    return None


def turn(direction: str, quarter_turns: int) -> str:
    """An orthogonal direction turned clockwise by ``quarter_turns`` x 90 degrees."""
    return ORTHOGONAL[(ORTHOGONAL.index(direction) + quarter_turns) % 4]


def opposite(direction: str) -> str:
    keys = list(DIRECTIONS)
    return keys[(keys.index(direction) + 4) % 8]


# -- state ---------------------------------------------------------------------


class Stone(BaseModel):
    model_config = ConfigDict(frozen=True)

    colour: int
    angel: bool = True


class Mark(BaseModel):
    """The black marker of one arrow: the nearest stack in its line, if any."""

    arrow: int
    direction: Dir4
    field: str | None
    #: waiting: not yet handled; moved/left: decided; stuck: no legal move;
    #: skipped: emptied or taken over earlier this turn; none: nothing in line.
    status: Literal["waiting", "moved", "left", "stuck", "skipped", "none"] = "waiting"


Phase = Literal["place_tile", "orient_tile", "place_tower", "tile", "tile_more", "stones", "over"]


class State(BaseModel):
    game: Literal["halleluja"] = GAME_ID
    rng: Rng
    seats: int
    max_rounds: int = MAX_ROUNDS_DEFAULT
    #: 49 stacks, row by row from A1; each bottom stone first.
    board: list[list[Stone]]
    tile: str | None = None
    #: Where the arrow labelled 1 points.
    facing: Dir4 = "N"
    phase: Phase = "place_tile"
    active: int = 0
    round: int = 1
    turn: int = 1
    #: Towers placed so far in the setup.
    towers: int = 0
    #: The tile before this turn's move, and the direction of a first slide.
    tile_from: str | None = None
    facing_from: Dir4 | None = None
    first_slide: Dir8 | None = None
    marks: list[Mark] = []
    #: Fields where a stone that moved this turn now stands.
    landed: list[str] = []
    ladder: list[int]
    #: Per seat: captured stones counted per colour.
    captured: list[list[int]]
    #: Stones captured by neutral stones, out of the game, per colour.
    out: list[int] = [0] * COLOURS
    last_move: list[str] = []
    end_reason: str = ""

    @property
    def over(self) -> bool:
        return self.phase == "over"


# -- actions -------------------------------------------------------------------


class PlaceTile(BaseModel):
    """Setup: put the number tile on a field."""

    kind: Literal["place_tile"] = "place_tile"
    field: str


class OrientTile(BaseModel):
    """Setup: turn the tile so that its arrow 1 points this way."""

    kind: Literal["orient_tile"] = "orient_tile"
    facing: Dir4


class PlaceTower(BaseModel):
    """Setup: put the next tower of three stones, angels up, on a field."""

    kind: Literal["place_tower"] = "place_tower"
    field: str


class SlideTile(BaseModel):
    """One tile action: slide it in a straight line over empty fields."""

    kind: Literal["slide_tile"] = "slide_tile"
    direction: Dir8
    distance: int


class TurnTile(BaseModel):
    """One tile action: rotate it by 90 degrees."""

    kind: Literal["turn_tile"] = "turn_tile"
    clockwise: bool


class StopTile(BaseModel):
    """End the tile move after one action."""

    kind: Literal["stop_tile"] = "stop_tile"


class MoveStone(BaseModel):
    """Move the top stone of the current marked stack in a direction."""

    kind: Literal["move_stone"] = "move_stone"
    field: str
    direction: Dir8


class LeaveStone(BaseModel):
    """Leave the top stone of the current marked stack where it is."""

    kind: Literal["leave_stone"] = "leave_stone"
    field: str


Action = Annotated[
    Union[PlaceTile, OrientTile, PlaceTower, SlideTile, TurnTile, StopTile, MoveStone, LeaveStone],
    Field(discriminator="kind"),
]


# -- view ----------------------------------------------------------------------


class StackView(BaseModel):
    field: str
    stones: list[Stone]


class ArrowView(BaseModel):
    label: int
    direction: Dir4


class View(ViewBase):
    """What a seat or a spectator sees. Halleluja has no hidden information, so
    every viewer sees the same, apart from ``seat``."""

    game: Literal["halleluja"] = GAME_ID
    seat: int | None
    seats: int
    stacks: list[StackView]
    tile: str | None
    facing: Dir4
    arrows: list[ArrowView]
    phase: Phase
    active: int
    to_act: list[int]
    round: int
    max_rounds: int
    turn: int
    #: Setup: the colour of the next tower and the towers still to place.
    next_tower: int | None
    towers_left: int
    tile_from: str | None
    marks: list[Mark]
    #: The arrow of the marked stack being decided now.
    current_arrow: int | None
    #: Where the next tower may stand (setup), or where the current marked
    #: stone may go: a courtesy for the deciding player, all public anyway.
    targets: list[str]
    ladder: list[int]
    captured: list[list[int]]
    #: Per seat: the best grouping of the captured stones into sets of colours.
    sets: list[list[list[int]]]
    set_points: list[int]
    ladder_points: list[int]
    scores: list[int]
    out: list[int]
    last_move: list[str]
    over: bool
    end_reason: str
    winners: list[int]
