"""Data of Hoch und höher: the towers, the pawns, the state, the actions and
the view.

Towers (Türme) are numbered 1-14 from left to right as they stand at the
start. A tower put onto another one disappears; the tower it was put on keeps
its number and its place, so a number always means the same spot on the table.
Pawns (Pöppel) are named by colour. Seat 0 is TEAM B (blue, brown), seat 1 is
TEAM G (yellow, green); in the solo game seat 0 owns all four pawns.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from engines.contract import ViewBase
from engines.rng import Rng

GAME_ID = "hoch-und-hoeher"
TEAM_B, TEAM_G = 0, 1
DIE_SIDES = 6
#: A tower higher than this can never be moved (a roll never matches it).
MAX_MOVABLE = 6
#: Heights of towers 1-14 at the start (Vorbereitung): two each of 6, 5, 4, 3
#: and three each of 2 and 1, 45 stones; the rulebook's layout picture is lost.
START_HEIGHTS = (6, 5, 4, 3, 2, 1, 2, 1, 2, 1, 3, 4, 5, 6)
STONES = sum(START_HEIGHTS)

Pawn = Literal["blue", "brown", "yellow", "green"]
#: The order of the solo hierarchy (alphabetical in German: blau, braun, gelb, grün).
PAWNS: tuple[str, ...] = ("blue", "brown", "yellow", "green")
TEAM_PAWNS: dict[int, tuple[str, str]] = {TEAM_B: ("blue", "brown"), TEAM_G: ("yellow", "green")}


def owner(pawn: str, players: int) -> int:
    """The seat that may place ``pawn``."""
    if players == 1:
        return TEAM_B
    return TEAM_B if pawn in TEAM_PAWNS[TEAM_B] else TEAM_G


def pawns_of(seat: int, players: int) -> tuple[str, ...]:
    return PAWNS if players == 1 else TEAM_PAWNS[seat]


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: The hierarchy variant (solo form or two-player form by seat count).
    hierarchy: bool = Field(default=False, description="The hierarchy variant")
    #: A daily challenge: the bot derives the seed from the date; the rules
    #: are unchanged, the flag is only kept with the match.
    daily: bool = Field(default=False, description="Today's solo challenge, the same dice for the whole server")


# -- state ---------------------------------------------------------------------


class Tower(BaseModel):
    id: int
    height: int
    pawn: Pawn | None = None


class LastMove(BaseModel):
    """The latest move, for highlighting and the log."""

    kind: Literal["place", "stack"]
    seat: int
    #: The pawn placed, or the pawn riding on the moved tower.
    pawn: Pawn | None = None
    #: The tower moved (``stack`` only); it no longer exists afterwards.
    src: int | None = None
    src_height: int = 0
    #: The tower placed on, or put onto.
    dst: int
    dst_height: int = 0
    #: Height of ``dst`` after the move.
    height: int


class State(BaseModel):
    game: Literal["hoch-und-hoeher"] = GAME_ID
    rng: Rng
    players: int
    hierarchy: bool = Field(default=False, description="The hierarchy variant")
    daily: bool = Field(default=False, description="Today's solo challenge, the same dice for the whole server")
    #: Towers still standing, left to right (ascending id).
    towers: list[Tower]
    active: int = TEAM_B
    #: The number rolled for the current turn (the last roll once the game is over).
    roll: int
    turn: int = 1
    #: Two players: the rolls of the die-off, [team B, team G] per round; ties re-rolled.
    dieoff: list[list[int]] = []
    last: LastMove | None = None
    over: bool = False


# -- actions -------------------------------------------------------------------


class Place(BaseModel):
    """Zugmöglichkeit 1: put an own unplaced pawn on a pawn-free tower of the rolled height."""

    kind: Literal["place"] = "place"
    pawn: Pawn
    tower: int


class Stack(BaseModel):
    """Zugmöglichkeiten 2 and 3: put the tower ``src`` of the rolled height, with
    or without a pawn, onto the other pawn-free tower ``dst``."""

    kind: Literal["stack"] = "stack"
    src: int
    dst: int


Action = Annotated[Union[Place, Stack], Field(discriminator="kind")]


# -- view ----------------------------------------------------------------------


class TowerView(BaseModel):
    id: int
    height: int
    pawn: Pawn | None
    #: May be put onto another tower with the current roll.
    movable: bool
    #: The seat to act may place one of its pawns here with the current roll.
    placeable: bool


class PawnView(BaseModel):
    colour: Pawn
    owner: int
    tower: int | None
    #: Height of its tower; 0 while unplaced.
    height: int
    #: What it scores now; 0 if the hierarchy variant voids it.
    points: int


class View(ViewBase):
    """Everything is public in this game; ``seat`` only says who is looking."""

    game: Literal["hoch-und-hoeher"] = GAME_ID
    seat: int | None
    players: int
    hierarchy: bool
    daily: bool
    towers: list[TowerView]
    pawns: list[PawnView]
    roll: int
    active: int
    turn: int
    to_act: list[int]
    #: Running scores per seat (the final ones once the game is over).
    scores: list[int]
    dieoff: list[list[int]]
    #: Who began (two players: the die-off's winner).
    starter: int
    last: LastMove | None
    over: bool
    winners: list[int]
    #: Two players, game over, equal sums: the best single pawn decided.
    tiebreak: bool = False
