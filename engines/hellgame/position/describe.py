"""The description of a position: what a test (or a bug report) writes.

Everything is named as the players know it: demons, lieutenants and arcana
cards by name (an index works too), sectios by name or a unique prefix of it
(``"Sugar"``, ``"the wise"``; case does not matter) or index, ``"Antehell"``,
Hell cards by their event key or a :class:`HellCard` selector. Seats are the
players' places in :attr:`Position.players`; freebooters own things as seat
``FREEBOOTERS`` (6). :func:`engines.hellgame.position.build` turns a
description into a state and says clearly what is impossible about it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.hellgame.core.model import DemonStatus

#: A name (or a sectio's unique prefix) or an index.
Ref = int | str
Die = Annotated[int, Field(ge=1, le=6)]
Phase = Literal["setup", "hell", "soul", "summon", "action", "random", "combat", "petition", "end"]


class _Spec(BaseModel):
    # A misspelt field is an error, not a silently ignored wish.
    model_config = ConfigDict(extra="forbid")


class Card(_Spec):
    """An arcana card by what it is: the first card not used elsewhere in the
    description that matches every field given."""

    name: str | None = None
    major: str | None = None
    minor: Literal["walk", "walk_safely", "recruit", "pass", "play_right_away"] | None = None
    places: int | None = None
    cost: int | None = None
    six: bool | None = None


#: An arcana card: its id, its name (several copies: the first one not used
#: elsewhere), else a major spell key ("frenzy": the first unused card
#: carrying it), or a :class:`Card` selector.
CardRef = int | str | Card


class HellCard(_Spec):
    """A Hell card by what it shows: the first not used elsewhere that matches."""

    event: str | None = None
    phenomenon: str | None = None
    scope: Literal["quarter", "circle", "sectio"] | None = None
    location: Ref | None = None


#: A Hell card: its index, an event key (the first unused card with that
#: event), or a :class:`HellCard` selector.
HellRef = int | str | HellCard


class Demon(_Spec):
    name: Ref
    status: DemonStatus = "active"
    #: The Walk the Earth card under it while it walks the Earth; True: any one.
    walk: CardRef | bool | None = None
    #: Has taken its action in this Action phase (see :attr:`Position.turn`).
    acted: bool = False
    fought: bool = False
    #: Forfeits its next action (Uriel's survivors, G28).
    pass_for_good: bool = False


class Player(_Spec):
    #: The triumvirate in play: names, or :class:`Demon` for more detail.
    demons: list[Ref | Demon] = Field(min_length=1)
    souls: int = Field(5, ge=0)
    favour: int = Field(1, ge=0)
    disfavour: int = Field(0, ge=0)
    hand: list[CardRef] = []
    #: Sectios this player owns.
    sectios: list[Ref] = []
    #: Eliminated: its demons are dead (nothing else of it may be in play).
    out: bool = False
    #: 1s rolled in a row so far (the Curse of the Dice, 3.2.1).
    ones: int = Field(0, ge=0, le=5)
    #: Never asked to counter a spell (the counter question's "always pass").
    always_pass: bool = False


class Lieutenant(_Spec):
    name: Ref
    #: His owner: a seat or FREEBOOTERS.
    seat: int
    #: How many of his owner's legions here he leads.
    leads: int = Field(0, ge=0)
    #: Bonus souls paid to him this round (8.3.4).
    bonus: int = Field(0, ge=0)


class Hound(_Spec):
    attacks: int = Field(ge=1, le=4)
    #: The seat whose legion here keeps it (a legion keeping no other
    #: hound); None: a wild hound.
    keeper: int | None = None


class Units(_Spec):
    """What stands in one place. Unit ids follow the description's order:
    place after place, in each its lieutenants, then the legions owner by
    owner, then the hounds."""

    #: Legions per owner (a seat or FREEBOOTERS).
    legions: dict[int, int] = {}
    lieutenants: list[Lieutenant] = []
    #: Hounds; a plain number is a wild hound with that many attacks.
    hounds: list[Annotated[int, Field(ge=1, le=4)] | Hound] = []


class Uriel(_Spec):
    #: "Earth" (summoned this round, in his box), "Antehell" (waiting there)
    #: or the sectio he stands in.
    at: Ref
    #: Called by the card Uriel's Crusade (he leaves when it leaves the
    #: Heaven box; it must be among :attr:`Position.permanent`) instead of
    #: the spell Call for Uriel.
    by_card: bool = False
    #: Legions each seat lost to him this round (his demon kill, G30).
    lost: dict[int, int] = {}


class Lilith(_Spec):
    #: "Antehell" (she appeared and has not moved yet) or a sectio.
    at: Ref
    #: Her aspect of the last Random Move phase ("": none yet).
    aspect: Literal["", "virgin", "mother", "crone"] = ""


class Phenomenon(_Spec):
    """A phenomenon of this round's Hell phase (a key of ``data.PHENOMENA``)."""

    kind: str
    at: Ref
    scope: Literal["quarter", "circle", "sectio"] = "sectio"


class Decks(_Spec):
    """Forced tops, top first; the rest of each deck is shuffled by the seed."""

    arcana: list[CardRef] = []
    hell: list[HellRef] = []
    demons: list[Ref] = []
    #: Hellhound counters by attacks.
    hounds: list[Annotated[int, Field(ge=1, le=4)]] = []
    #: The sectio cards (dealt at setup).
    sectios: list[Ref] = []
    #: Play Right Away cards that are not among the tops lie at the bottom
    #: of the arcana deck, so no draw a test did not ask for plays one.
    quiet: bool = True


class Position(_Spec):
    players: list[Player] = Field(min_length=2, max_length=6)
    #: Units per place (a sectio or "Antehell").
    units: dict[Ref, Units] = {}
    freebooter_sectios: list[Ref] = []
    round: int = Field(1, ge=1)
    #: The phase the position starts at, at its first step (or at ``step``).
    phase: Phase = "action"
    #: A step in the middle of a phase needs what the phase keeps while it
    #: runs (the drawn Hell cards, the battle being fought): a test sets that
    #: on the built state before the procedure goes on.
    step: str | None = None
    #: Action phase: the demon whose turn it is; every demon before it on the
    #: rank track has acted. None (and no demon ``acted``): the phase starts
    #: and builds its rank track itself.
    turn: Ref | None = None
    #: Action phase: the rank track when not in rank order (after a Pass card).
    track: list[Ref] | None = None
    uriel: Uriel | None = None
    lilith: Lilith | None = None
    #: Permanent events in their boxes (event keys or Hell card indexes).
    permanent: list[HellRef] = []
    phenomena: list[Phenomenon] = []
    #: The three "Lieutenants Available" boxes, top first (default: the
    #: game's boxes without the lieutenants placed elsewhere). Given, a
    #: lieutenant named nowhere (boxes, Return box, board) is out of the game.
    boxes: list[list[Ref]] | None = Field(None, min_length=3, max_length=3)
    #: The Return box, oldest first.
    returned: list[Ref] = []
    #: This round so far: seats that won a battle per sectio, sectios where
    #: combat was avoided, units that entered a sectio as (seat or None for a
    #: wild hound, from where).
    won: dict[Ref, list[int]] = {}
    avoided: list[Ref] = []
    entered: dict[Ref, list[tuple[int | None, Ref]]] = {}
    decks: Decks = Decks()
    #: Dice rolled before the seeded generator, in order.
    dice: list[Die] = []
    #: A die rolled after ``dice`` ran out is an error.
    strict_dice: bool = False
    #: The procedure stops when it moves on to one of these steps.
    halt: list[str] = []
    options: dict[str, Any] = {}
