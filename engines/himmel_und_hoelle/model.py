"""Data of Himmel und Hölle: the board, the state, the actions and the view.

Seat 0 is Hell (Hölle), seat 1 is Heaven (Himmel). Fields of the 10x3 play
area (Spielbereich) are named by row letter and column: ``A1`` .. ``C10``.
Hell's Startfeld touches column 1 and its Zielfeld column 10; Heaven's the
other way round.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from engines.contract import ViewBase
from engines.rng import Rng

GAME_ID = "himmel-und-hoelle"
HELL, HEAVEN = 0, 1
SIDES = (HELL, HEAVEN)
ROWS = "ABC"
COLUMNS = range(1, 11)
DICE_PER_SIDE = 5
START_VALUE = 3
MAX_PIPS = 6
MAX_CONFLICT_VALUE = 13
GOAL_DICE = 3
CARDS = list(range(13))

FIELDS = [f"{row}{col}" for col in COLUMNS for row in ROWS]


def other(side: int) -> int:
    return 1 - side


def entry_column(side: int) -> int:
    """The column next to the side's Startfeld."""
    return 1 if side == HELL else 10


def goal_column(side: int) -> int:
    """The column next to the side's Zielfeld."""
    return 10 if side == HELL else 1


def parse_field(name: str) -> tuple[str, int]:
    return name[0], int(name[1:])


def column(name: str) -> int:
    return int(name[1:])


def neighbours(name: str) -> list[str]:
    row, col = parse_field(name)
    r = ROWS.index(row)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nr, nc = r + dr, col + dc
        if 0 <= nr < len(ROWS) and 1 <= nc <= 10:
            out.append(f"{ROWS[nr]}{nc}")
    return out


def allowed_card(die: int, card: int) -> bool:
    """A card may be played on a die if both together stay at or below 13."""
    return die + card <= MAX_CONFLICT_VALUE


# -- state ---------------------------------------------------------------------


class Die(BaseModel):
    side: int
    field: str
    value: int


class Conflict(BaseModel):
    field: str
    attacker: int
    round: int = 1
    #: The secret cards of this round, per seat; ``None`` until chosen.
    cards: list[int | None] = [None, None]


class Reveal(BaseModel):
    """The public outcome of one conflict round."""

    field: str
    round: int
    attacker: int
    dice: list[int]
    cards: list[int]
    counted: list[int]
    values: list[int]
    winner: int


class State(BaseModel):
    game: Literal["himmel-und-hoelle"] = GAME_ID
    rng: Rng
    dice: list[Die]
    start: list[int]
    goal: list[list[int]]
    #: 6s added to a Zielfeld at the end by the fill-up rule (part of ``goal``).
    filled: list[int] = [0, 0]
    hands: list[list[int]]
    removed: list[list[int]] = [[], []]
    active: int = HELL
    ap: int = 1
    turn: int = 1
    conflict: Conflict | None = None
    #: After a conflict round: the winner owes a decision ("boost" or "bonus").
    pending: Literal["boost", "bonus"] | None = None
    pending_seat: int | None = None
    last_reveal: Reveal | None = None
    #: Fields touched by the latest action, for highlighting.
    last_move: list[str] = []
    over: bool = False
    end_reason: str = ""


# -- actions -------------------------------------------------------------------


class Enter(BaseModel):
    """Bring a die from its Startfeld onto a field (1 AP)."""

    kind: Literal["enter"] = "enter"
    side: int
    to: str


class Return(BaseModel):
    """Bring a die from a field next to its Startfeld back there (1 AP)."""

    kind: Literal["return"] = "return"
    side: int
    at: str


class Move(BaseModel):
    """Move a die one field orthogonally (1 AP)."""

    kind: Literal["move"] = "move"
    side: int
    src: str
    dst: str


class Raise(BaseModel):
    """Turn a die up by one (1 AP)."""

    kind: Literal["raise"] = "raise"
    side: int
    at: str


class Finish(BaseModel):
    """Bring a die from a field next to its Zielfeld into the Zielfeld (1 AP)."""

    kind: Literal["finish"] = "finish"
    side: int
    at: str


class Lower(BaseModel):
    """Turn an own die down by one, for free."""

    kind: Literal["lower"] = "lower"
    at: str


class Slide(BaseModel):
    """Turn an own die down by one and spend that step on moving it one field."""

    kind: Literal["slide"] = "slide"
    src: str
    dst: str


class Play(BaseModel):
    """Choose the secret card for a conflict round."""

    kind: Literal["play"] = "play"
    card: int


class Boost(BaseModel):
    """The winner's die was already 6: raise this other own die instead."""

    kind: Literal["boost"] = "boost"
    at: str


class Pass(BaseModel):
    """Let the bonus action point lapse."""

    kind: Literal["pass"] = "pass"


class EndTurn(BaseModel):
    kind: Literal["end"] = "end"


Action = Annotated[
    Union[Enter, Return, Move, Raise, Finish, Lower, Slide, Play, Boost, Pass, EndTurn],
    Field(discriminator="kind"),
]

#: Actions that cost an action point and may be taken with the bonus AP.
AP_ACTIONS = (Enter, Return, Move, Raise, Finish)


# -- view ----------------------------------------------------------------------


class ConflictView(BaseModel):
    field: str
    attacker: int
    round: int
    #: Per seat: has a card been chosen for this round (never which one).
    chosen: list[bool]
    #: The viewer's own secret card of this round, if they chose one.
    own_card: int | None = None


class View(ViewBase):
    """What one seat (or a spectator, ``seat=None``) may see."""

    game: Literal["himmel-und-hoelle"] = GAME_ID
    seat: int | None
    dice: list[Die]
    start: list[int]
    goal: list[list[int]]
    filled: list[int]
    scores: list[int]
    #: The viewer's own hand; ``None`` for spectators.
    hand: list[int] | None
    hand_sizes: list[int]
    removed: list[list[int]]
    active: int
    ap: int
    turn: int
    to_act: list[int]
    conflict: ConflictView | None
    pending: Literal["boost", "bonus"] | None
    pending_seat: int | None
    last_reveal: Reveal | None
    last_move: list[str]
    over: bool
    end_reason: str
    winners: list[int]
