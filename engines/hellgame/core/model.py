"""State, actions and view of The HellGame.

Locations are sectio indexes 0-44 (``circle * 5 + quarter``, see
:mod:`engines.hellgame.core.data`) and :data:`ANTEHELL` (45). Seats own sectios,
units and demons; :data:`FREEBOOTERS` owns units that left every player
(part 3); a wild hellhound has no owner.

The match is a procedure run by :mod:`engines.hellgame.core.flow`: ``step`` names
where it stands, ``asks`` holds the open questions (several at once are a
simultaneous decision), and objects such as ``move`` and ``battle`` keep the
progress of a procedure that waits for an answer in the middle.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.contract import DecisionKind, ViewBase
from engines.rng import Rng

GAME_ID = "hellgame"
ANTEHELL = 45
#: Owner of units that left every player's control (10.4).
FREEBOOTERS = 6
HAND_LIMIT = 5
#: The phases of a round, in order (``State.phase``; setup before the first).
PHASES = ("setup", "hell", "soul", "summon", "action", "random", "combat", "petition", "end")
LEGION_LIMIT = 12

UnitKind = Literal["legion", "lieutenant", "hound"]
DemonStatus = Literal["active", "incapacitated", "dead"]


class Demon(BaseModel):
    """One demon card in play (``card`` indexes ``data.DEMONS``)."""

    card: int
    owner: int
    status: DemonStatus = "active"
    #: The Walk the Earth card lying under it while it walks the Earth (9.6).
    walk: int | None = None
    acted: bool = False
    #: Joined a battle this round (11.1: never a second one).
    fought: bool = False
    #: Must take "Pass for Good" in the next Action phase (10.1, part 3).
    pass_for_good: bool = False

    @property
    def on_earth(self) -> bool:
        return self.walk is not None


class Unit(BaseModel):
    """A legion, lieutenant or hellhound on the board."""

    id: int
    kind: UnitKind
    #: Seat, FREEBOOTERS, or None for a wild hellhound.
    owner: int | None
    at: int
    #: Lieutenant: index into ``data.LIEUTENANTS``; hound: its attacks.
    card: int = 0
    #: A legion led by this lieutenant (unit id); it moves and fights with him.
    leader: int | None = None
    #: A hound's keeper legion (unit id); None: the hound is wild.
    keeper: int | None = None
    #: Bonus souls paid to a lieutenant this round (8.3.4).
    bonus: int = 0
    #: A legion tried to tame a hound this Summoning phase (8.3.2).
    tamed: bool = False


class Player(BaseModel):
    souls: int = 5
    favour: int = 1
    disfavour: int = 0
    hand: list[int] = []
    #: Consecutive 1s rolled (3.2.1 Curse of the Dice).
    ones: int = 0
    out: bool = False
    #: Souls, favour and hand size as others saw them when the current secret
    #: phase began (their changes stay hidden until the reveal).
    shown_souls: int | None = None
    shown_hand: int | None = None
    #: Part 2: never ask this player to counter a spell (9.8.2.1); set by the
    #: choice "always pass" of a counter question (:mod:`counters`).
    always_pass: bool = False


class Ask(BaseModel):
    """An open question to one seat."""

    seat: int
    #: The question: a key of ``flow.QUESTIONS``.
    q: str
    kind: DecisionKind = "turn"
    secret: bool = False
    #: Public parameters of the question (the unit that entered, the demon on turn).
    data: dict[str, Any] = {}
    answered: bool = False


class Draft(BaseModel):
    """A seat's order under construction: private until submitted."""

    q: str
    steps: list[list[int | str | None]] = []
    data: dict[str, Any] = {}


class Move(BaseModel):
    """The move action of a demon in progress (9.5)."""

    demon: int
    seat: int
    #: Units this demon already moved (a unit never twice by one demon).
    moved: list[int] = []
    #: The unit on its way, the legions it carries and the rest of its path:
    #: sectios, and codes for the steps of a lieutenant's order (-1 re-enter
    #: from Antehell, 100+n pick up n legions, 200+n drop n, 300+r plan again
    #: with r sectios of range left; see ``movement``).
    unit: int | None = None
    carried: list[int] = []
    path: list[int] = []
    came_from: int | None = None
    #: Seats that granted passage at the sectio just entered.
    passage: list[int] = []
    #: Defenders still to be asked at the current sectio (seats, in order).
    pending: list[int] = []
    #: A standing order's move (``phases/action/orders.py``): one unit, then
    #: the demon's move ends.
    single: bool = False


class Flight(BaseModel):
    """Units fleeing one at a time (9.5.1, 11.2.4); the queue of groups left."""

    groups: list[list[int]] = []
    #: For each group, where it must not flee to.
    barred: list[int | None] = []
    #: Continue with: "move" (the mover goes on if all fled), "battle", "alone".
    then: str = "move"
    failed: bool = False
    #: Two dice rolled for a lieutenant, waiting for his owner's pick.
    dice: list[int] = []


class Side(BaseModel):
    """One of the forces of a battle (11.3.2): allied seats (or freebooters)."""

    seats: list[int] = []
    #: Wild hounds fighting with this side in the current combat round (50-50 each round, G59).
    wild: list[int] = []
    #: Demons (state indexes) that joined the battle for this side (11.1).
    demons: list[int] = []


class BattleOrders(BaseModel):
    """A seat's standing orders for the battle in progress (secret; see
    :mod:`engines.hellgame.phases.combat.orders`). Each part is "ask" (ask
    me, as without orders) unless the seat chose otherwise."""

    #: Flight (11.2.4): -1 ask me each round, 0 fight to the end, N > 0 flee
    #: when the seat's legions there are down to N.
    flee: int = -1
    #: Combat magic (11.2.1): "ask", "never", the key of the Combat spell
    #: to cast whenever able (one card of it per combat round), or "any"
    #: (any Combat spell: the first castable card taken along).
    spell: str = "ask"
    #: Who casts first when the seat decides it (11.2.1): "ask", "me", "enemy".
    first: str = "ask"
    #: The combat round in which the seat last cast the ordered spell.
    cast: int = 0
    #: The orders in words for the seat's own view: [label key, params] lines.
    lines: list[list[Any]] = []


class ActOrders(BaseModel):
    """A seat's standing orders for the Action phase in progress (secret; see
    :mod:`engines.hellgame.phases.action.orders`). A demon not listed, and an
    entry rule "ask", are asked as without orders."""

    #: Per demon (state index): ["rest"] do nothing (wait), ["go", unit,
    #: sectio] move that unit there, ["spell", card, target or None] cast it.
    demons: dict[int, list[str | int | None]] = {}
    #: Another player's units entering the seat's units (9.5): "ask",
    #: "block" (stay), "let_pass" (grant passage where offered, else stay).
    entry: str = "ask"
    #: Sending demons to this round's battles (11.1): "ask", "send_best", "send_none".
    send: str = "ask"
    #: Battles that may be avoided (11.3.1) this round: "ask", "avoid" (agree), "no_avoid" (refuse).
    avoid: str = "ask"
    #: The orders of each battle of this round (:mod:`engines.hellgame.phases.combat.orders`):
    #: "ask" (asked at each battle) or "fight" (to the end, casting the Combat cards taken along).
    battle: str = "ask"
    #: The orders in words for the seat's own view: [label key, params] lines.
    lines: list[list[Any]] = []


class Battle(BaseModel):
    """The battle in progress in one sectio (chapter 11; see :mod:`engines.hellgame.phases.combat.combat`)."""

    at: int
    round: int = 0
    #: Where the battle's procedure stands ("avoid", "sides", "demons", "round", ...).
    step: str = "avoid"
    #: Parties: seats (and FREEBOOTERS) with fighting units when the battle began.
    parties: list[int] = []
    #: The forces formed by the parties (wild hounds are not forces).
    sides: list[Side] = []
    #: Seats asked in turn (declare demons, choose side, flee).
    queue: list[int] = []
    #: Seats that chose their side (11.3.2).
    declared: list[int] = []
    #: Attacker unit id -> target unit ids (one per attack) of the current round.
    targets: dict[int, list[int]] = {}
    #: Seats that fled from this battle.
    fled: list[int] = []
    log: list[dict[str, Any]] = []
    #: Wild hounds (unit ids) taking part: there from the start or left by their keeper.
    wild: list[int] = []
    #: Answers to the avoidance question (11.3.1): seat -> agrees.
    votes: dict[int, bool] = {}
    #: Seats that passed in a row while demons are declared (11.1).
    passes: int = 0
    #: Arcana cards each joined demon took along (demon index -> card ids; part 2).
    cards: dict[int, list[int]] = {}
    #: Manual targets still to choose: seat -> [[attacker id, attack number, attacks]].
    pending: dict[int, list[list[int]]] = {}
    #: Parties that lost a unit here (seats; wild hounds as -1 - unit id), for 12.2 (G48).
    lost: list[int] = []
    #: Units taking part when the phase began (the battle order, 11).
    size: int = 0
    #: The seat whose demon has the most skulls (alone) in this round's flight
    #: announcements: it may let the other side announce first (11.2.4).
    decider: int | None = None
    #: Part 2, combat magic (11.2.1, :mod:`engines.hellgame.magic.warcraft`): the
    #: round whose magic step has begun, the side (index into ``sides``) on
    #: turn, the seat that may still let the other side cast first, the seats
    #: that passed since the last spell, and the combat spells in force this
    #: round (major key -> caster demons; void once the caster left, G43).
    magic_round: int = 0
    magic_side: int = 0
    magic_decider: int | None = None
    magic_passed: list[int] = []
    spells: dict[str, list[int]] = {}
    #: Standing orders (:mod:`engines.hellgame.phases.combat.orders`): whether
    #: the question was asked in this battle, and each seat's orders (secret:
    #: no view of another seat shows them; a seat without orders is asked).
    ordered: bool = False
    orders: dict[int, BattleOrders] = {}


class Casting(BaseModel):
    """A major spell being cast (9.8; :mod:`engines.hellgame.magic.casting`,
    :mod:`engines.hellgame.magic.counters`): the caster (demon index) of ``seat``
    plays arcana ``card`` for its major spell ``key`` at ``target`` (up to two
    ints, see :mod:`engines.hellgame.magic.spells`); when it is over the procedure
    goes on at step ``resume``."""

    caster: int
    seat: int
    card: int
    key: str
    target: list[int] = []
    resume: str = "action"
    #: Support (9.8.3.2): the demons the caster counted on, those still to
    #: be asked, and those that kept their word.
    supporters: list[int] = []
    to_support: list[int] = []
    support: list[int] = []
    #: The counter window: the seats asked (all at once), in turn order from
    #: the caster's left.
    queue: list[int] = []
    #: Counters answered while the window is open, hidden from everyone else
    #: until it closes: seat -> [card, demon]. Only the first in turn order
    #: is played; the others are void.
    pending: dict[int, list[int]] = {}
    #: The counter played (its demon and card): cancelled or mirrored.
    countered_by: int | None = None
    counter_card: int | None = None
    cancelled: bool = False
    mirrored: bool = False


class Being(BaseModel):
    """Uriel or Lilith while in play (part 3, chapter 10)."""

    #: A sectio, ANTEHELL, or None while on Earth (Uriel in his box).
    at: int | None = None
    #: Where the being stands in its procedure (Uriel: "earth", "antehell",
    #: "waiting", "hell"; Lilith: her aspect "virgin", "mother", "crone").
    stage: str = ""
    #: The round it appeared.
    since: int = 0
    data: dict[str, Any] = {}


class HellCardDrawn(BaseModel):
    card: int
    role: Literal["event", "phenomenon", "location"]


class Phenomenon(BaseModel):
    kind: str
    sectios: list[int]


class State(BaseModel):
    game: Literal["hellgame"] = GAME_ID
    rng: Rng
    seats: int
    options: dict[str, Any] = {}
    round: int = 1
    #: Where the procedure stands (see ``flow.STEPS``); ``phase`` is the
    #: step's first word, kept to notice the end of a phase.
    step: str = "setup_redraw"
    phase: str = "setup"
    asks: list[Ask] = []
    drafts: dict[int, Draft] = {}
    #: Secret orders submitted and not yet revealed, per seat.
    orders: dict[int, dict[str, Any]] = {}
    players: list[Player]
    demons: list[Demon] = []
    units: list[Unit] = []
    next_unit: int = 0
    #: Owner per sectio (None: the First Fallen).
    owner: list[int | None] = Field(default_factory=lambda: [None] * 45)
    #: Decks, top first: arcana, Hell cards, demons, sectio cards, hounds.
    arcana: list[int] = []
    hell: list[int] = []
    demon_deck: list[int] = []
    sectio_deck: list[int] = []
    hounds: list[int] = []
    #: Lieutenant boxes (top first) and the Return box (oldest first).
    boxes: list[list[int]] = [[], [], []]
    returned: list[int] = []
    #: Permanent Hell cards by area ("heaven", "earth", "hell").
    permanent: dict[str, int | None] = {"heaven": None, "earth": None, "hell": None}
    drawn: list[HellCardDrawn] = []
    phenomena: list[Phenomenon] = []
    #: The rank track of this Action phase: demon indexes in acting order.
    track: list[int] = []
    #: Standing orders of this Action phase, per seat (secret; see
    #: :mod:`engines.hellgame.phases.action.orders`).
    plans: dict[int, ActOrders] = {}
    move: Move | None = None
    flight: Flight | None = None
    battle: Battle | None = None
    #: Sectios still to fight in this Combat phase, biggest first.
    battles: list[int] = []
    #: Per sectio (str key), the seats that won a battle there this round.
    won: dict[str, list[int]] = {}
    #: Sectios where combat was avoided by agreement this round.
    avoided: list[int] = []
    #: Per sectio (str key): [seat, from] pairs of units that entered it this round.
    entered: dict[str, list[list[int]]] = {}
    #: Petition order (seats) still to ask.
    petitioners: list[int] = []
    #: Per seat, the choices of its order being built or submitted and not yet
    #: revealed, as [label key, params] lines (its "pending orders").
    said: dict[int, list[list[Any]]] = {}
    #: Public lines of the round for its summary: [key, params].
    chronicle: list[list[Any]] = []
    #: The last public things that happened, for the board ("since your last turn").
    last: list[list[Any]] = []
    #: Uriel and Lilith while in play (chapter 10).
    uriel: Being | None = None
    lilith: Being | None = None
    winners: list[int] = []
    end_reason: str = ""
    over: bool = False
    #: Part 2, magic (9.8): the spell being cast (its counter window or its
    #: supporters still open), the last spell cast for the board ([seat, card,
    #: key, target]), and the Wards in force ([sectio, seat, round]).
    casting: Casting | None = None
    last_spell: list[Any] | None = None
    wards: list[list[int]] = []
    #: Tests only (:mod:`engines.hellgame.position`), empty in every real
    #: match: dice that :func:`engines.hellgame.core.dice.roll` takes, in
    #: order, before the seeded generator; with ``dice_strict`` a die rolled
    #: after they ran out is an error. No view shows them (they are the future).
    dice_queue: list[Annotated[int, Field(ge=1, le=6)]] = []
    dice_strict: bool = False
    #: Tests only: :func:`engines.hellgame.core.flow.advance` stops when the
    #: procedure moves on to one of these steps, before running it.
    halt: list[str] = []
    #: The step that ran last. A step may hand over to the next one and open
    #: a question in the same breath (a hand over the limit at the end of
    #: Lilith's move): answered, the procedure moves on to that next step,
    #: which a halt must still stop.
    last_step: str | None = None


# -- actions -------------------------------------------------------------------


class Action(BaseModel):
    """Every decision of the game is one small choice: a verb and up to three
    numbers, all checked against the legal list of the open question."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["hg"] = "hg"
    do: str
    a: int | None = None
    b: int | None = None
    c: int | None = None


# -- view ----------------------------------------------------------------------


class DemonView(BaseModel):
    index: int
    card: int
    name: str
    rank: int
    hearts: int
    skulls: int
    stars: int
    owner: int
    status: DemonStatus
    on_earth: bool
    acted: bool
    walk_card: str | None = None


class UnitView(BaseModel):
    id: int
    kind: UnitKind
    owner: int | None
    at: int
    #: Lieutenant name / hound attacks.
    name: str = ""
    attacks: int = 0
    leader: int | None = None
    keeper: int | None = None


class SectioView(BaseModel):
    index: int
    name: str
    label: str
    circle: int
    quarter: int
    souls: int
    owner: int | None
    #: Legions per owner (owner -> count; key "6" freebooters).
    legions: dict[int, int] = {}
    lieutenants: list[int] = []
    hounds: list[int] = []
    wild_hounds: int = 0
    warning: str | None = None


class PlayerView(BaseModel):
    seat: int
    name: str
    souls: int
    favour: int
    disfavour: int
    hand: int
    sectios: int
    legions: int
    out: bool
    #: Submitted the open secret order (not what it says).
    submitted: bool = False


class HandCard(BaseModel):
    id: int
    name: str
    cost: int
    minor: str
    places: int = 0
    major: str
    six: bool = False


class SpellView(BaseModel):
    """The last major spell cast (public once announced)."""

    seat: int
    card: str
    spell: str
    target: list[int] = []


class View(ViewBase):
    """What one seat (or a spectator, ``seat=None``) may see."""

    game: Literal["hellgame"] = GAME_ID
    seat: int | None
    seats: int
    round: int
    phase: str
    step: str
    players: list[PlayerView]
    demons: list[DemonView]
    sectios: list[SectioView]
    antehell: SectioView
    units: list[UnitView]
    track: list[int]
    permanent: dict[str, str | None]
    phenomena: list[Phenomenon]
    lieutenant_boxes: list[int]
    #: The lieutenants in each box, by name, top first: public (ruling).
    box_lieutenants: list[list[str]] = []
    hounds_left: int
    #: The viewer's own hand and open order; None for spectators.
    hand: list[HandCard] | None = None
    draft: Draft | None = None
    order: dict[str, Any] | None = None
    last_spell: SpellView | None = None
    #: Uriel and Lilith while in play (public).
    uriel: Being | None = None
    lilith: Being | None = None
    #: Warded sectios this round: [sectio, seat].
    wards: list[list[int]] = []
    #: The viewer's pending order in words: [label key, params] lines.
    pending: list[list[Any]] | None = None
    last: list[list[Any]] = []
    winners: list[int] = []
    end_reason: str = ""
