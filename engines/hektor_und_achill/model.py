"""State, actions and view of Hektor und Achill.

Seat 0 is the Greek army (Griechen, first attacker), seat 1 the Trojan army
(Trojaner). A side's army stacks are a list indexed by stack number: 0 is the
home stack (Heimatstapel), 1-3 the front stacks, numbered so that equal
numbers face each other. The top of a stack is the end of its list. Army cards
are codes like ``"red3"`` (see :mod:`engines.hektor_und_achill.data`).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from engines.hektor_und_achill.data import COLOURS
from engines.contract import ViewBase
from engines.rng import Rng

GAME_ID = "hektor-und-achill"

CARD_PATTERN = "^(" + "|".join(COLOURS) + ")[1-4]$"
Card = Annotated[str, Field(pattern=CARD_PATTERN)]

Phase = Literal["vanguard", "front", "orient", "action", "card", "fate", "save_hero", "over"]


# -- state ---------------------------------------------------------------------


class Played(BaseModel):
    """A card on the battle line (vanguard first). A deployed hero lies on an
    army card and replaces its value and colour; a favour token adds 1."""

    card: str
    favour: bool = False
    hero: str | None = None


class Fate(BaseModel):
    """The turned-up fate tile (Schicksals-Spielstein)."""

    tile: int
    #: Its colours clockwise from north.
    sides: list[str]
    #: Index into ``sides`` of the side facing the Greeks; the Trojans face the
    #: opposite side.
    facing: int = 0

    def colour_of(self, side: int) -> str:
        return self.sides[(self.facing + 2 * side) % 4]


class Battle(BaseModel):
    """What belongs to the battle in progress; reset for every battle."""

    #: The attacker's stack the vanguard was turned up from.
    vanguard_stack: int | None = None
    #: The stack number the battle is fought with (1-3).
    number: int | None = None
    #: Per side, the stack it uses: ``number``, or 0 (home) if that is emptied.
    stack: list[int | None] = [None, None]
    fate: Fate | None = None
    played: list[list[Played]] = [[], []]
    hands: list[list[str]] = [[], []]
    #: The hero card each side holds in hand (``None``: none, or deployed).
    heroes: list[str | None] = [None, None]
    turns: list[int] = [0, 0]
    #: Per side and stack: it supplied a card to this battle (RULINGS "used" stack).
    used: list[list[bool]] = [[False] * 4, [False] * 4]
    winner: int | None = None
    retreat: bool = False


class Report(BaseModel):
    """The public outcome of a battle, kept until the next one ends."""

    battle: int
    winner: int | None
    retreat: bool = False
    #: Final totals (``None`` after a retreat: nothing is counted).
    scores: list[int] | None = None
    #: Each side's hero, deployed or shown at the end (``None``: none / not shown).
    heroes: list[str | None] = [None, None]
    fate: list[str] = []
    played: list[list[Played]] = [[], []]
    #: Army cards that left the game in this battle, per side.
    lost: list[list[str]] = [[], []]
    hero_lost: str | None = None
    hero_saved: str | None = None
    shame_taken: bool = False
    emptied: list[list[int]] = [[], []]


class State(BaseModel):
    game: Literal["hektor-und-achill"] = GAME_ID
    rng: Rng
    #: Army stacks per side, indexed 0 (home) and 1-3 (front); top = last.
    stacks: list[list[list[str]]]
    emptied: list[list[bool]] = [[False] * 4, [False] * 4]
    #: Hero stacks per side, face down; top = last.
    hero_stacks: list[list[str]]
    favour: list[int]
    favour_lost: list[int] = [0, 0]
    shame: list[int] = [0, 0]
    #: Army cards out of the game (discarded or lost), per side, in order.
    discards: list[list[str]] = [[], []]
    heroes_lost: list[list[str]] = [[], []]
    fate_stack: list[int]
    fate_discards: list[int] = []
    attacker: int = 0
    battle_no: int = 1
    phase: Phase = "vanguard"
    #: The seat whose decision is awaited (``phase`` says which).
    active: int = 0
    battle: Battle = Field(default_factory=Battle)
    report: Report | None = None
    winners: list[int] = []
    end_reason: str = ""

    @property
    def defender(self) -> int:
        return 1 - self.attacker


# -- actions -------------------------------------------------------------------


class Vanguard(BaseModel):
    """Opening: turn up the top card of this stack as the vanguard."""

    kind: Literal["vanguard"] = "vanguard"
    stack: int = Field(ge=0, le=3)


class Front(BaseModel):
    """Opening, vanguard 4: the stack number the battle is fought with."""

    kind: Literal["front"] = "front"
    number: int = Field(ge=1, le=3)


class Orient(BaseModel):
    """Opening: lay the fate tile so that this colour faces the attacker."""

    kind: Literal["orient"] = "orient"
    colour: str


class Skip(BaseModel):
    """Single turn: no optional action."""

    kind: Literal["skip"] = "skip"


class Discard(BaseModel):
    """Optional action: discard this hand card and draw one (Abwerfen und Nachziehen)."""

    kind: Literal["discard"] = "discard"
    card: Card


class ChangeHero(BaseModel):
    """Optional action: hero under the hero stack, draw the top one (Wechsel des Helden)."""

    kind: Literal["change_hero"] = "change_hero"


class Deploy(BaseModel):
    """Optional action: lay the hero on the played card at this index (Helden einsetzen)."""

    kind: Literal["deploy"] = "deploy"
    target: int = Field(ge=0)


class Upgrade(BaseModel):
    """Optional action: a favour token on the played card at this index (Armeekarte aufwerten)."""

    kind: Literal["upgrade"] = "upgrade"
    target: int = Field(ge=0)


class Retreat(BaseModel):
    """Optional action: end the battle at once; the opponent wins it (Rückzug)."""

    kind: Literal["retreat"] = "retreat"


class Play(BaseModel):
    """Single turn: play this army card from hand face up (mandatory)."""

    kind: Literal["play"] = "play"
    card: Card


class Rotate(BaseModel):
    """Fate phase: turn the tile a quarter (+1 or -1) or leave it (0)."""

    kind: Literal["rotate"] = "rotate"
    by: Literal[-1, 0, 1]


class SaveHero(BaseModel):
    """A lost battle: pay a favour token from the board to keep the deployed hero."""

    kind: Literal["save_hero"] = "save_hero"
    save: bool


Action = Annotated[
    Union[Vanguard, Front, Orient, Skip, Discard, ChangeHero, Deploy, Upgrade, Retreat, Play, Rotate, SaveHero],
    Field(discriminator="kind"),
]

OPTIONAL_ACTIONS = (Skip, Discard, ChangeHero, Deploy, Upgrade, Retreat)


# -- view ----------------------------------------------------------------------


class SideView(BaseModel):
    """What everybody may see of one side."""

    #: Cards per stack: home, 1, 2, 3.
    stacks: list[int]
    emptied: list[bool]
    #: The stack this side fights the current battle with.
    battle_stack: int | None
    hero_stack: int
    favour: int
    favour_lost: int
    shame: int
    hand_size: int
    #: Holds a hero card in hand (which one is secret).
    has_hero: bool
    played: list[Played]
    #: Superiority: all played values, heroes instead of their card, favour +1.
    strength: int
    turns: int
    fate_colour: str | None
    discards: list[str]
    heroes_lost: list[str]


class View(ViewBase):
    """What one seat (or a spectator, ``seat=None``) may see."""

    game: Literal["hektor-und-achill"] = GAME_ID
    seat: int | None
    battle_no: int
    attacker: int
    phase: Phase
    active: int
    to_act: list[int]
    vanguard_stack: int | None
    number: int | None
    fate: Fate | None
    fate_stack: int
    fate_discards: list[int]
    sides: list[SideView]
    #: The viewer's own army cards in hand; ``None`` for spectators.
    hand: list[str] | None
    #: The viewer's own hero in hand.
    hero: str | None
    #: The viewer's total if the battle were counted now (own hero included).
    own_score: int | None
    report: Report | None
    over: bool
    winners: list[int]
    end_reason: str
