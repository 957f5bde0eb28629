"""Toy: a tiny game that exists only for tests of the generic parts of the bot
(the picker of multi-step orders, simultaneous secret orders, reactions,
eliminations, round summaries, the autopilot).

Three to six seats, three hit points each. A round:

1. *Draft* (``turn``, ``continues``): the round's leader builds the turn order
   step by step in a draft kept in the state: ``Pick`` the seat that goes
   next (alive seats only), then a ``Lucky`` number 1-6, then ``Submit``;
   ``Back`` undoes the latest step. The draft is in the leader's own view
   only; nothing public changes before ``Submit``.
2. *Orders* (``simultaneous``, secret): every alive seat chooses ``Attack``
   on another alive seat or ``Guard`` (unless the ``guards`` option is off).
   The orders are revealed together once all are in.
3. *Reactions*: the attacks are resolved in turn order (an attacker or target
   eliminated meanwhile drops out). A guarding target is not hit. A target
   with a dodge token left is asked (``reaction``): ``Dodge`` (spend the
   token) or ``Take`` the hit; without a token it takes the hit at once. A
   seat at 0 hit points is eliminated.
4. End of round: a die is rolled (the only chance in the game); if it shows
   the lucky number, the leader (if alive) heals one hit point. A summary
   event closes the round. The game ends when one seat is left or after
   ``max_rounds`` (a test-only option); the alive seats with the most hit
   points win.
"""

from __future__ import annotations

import random
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from engines.contract import Engine, Event, IllegalAction, Prompt, Result, Text, ViewBase, clone, for_tests_only
from engines.i18n import COMMON, Catalog, locale_dir
from engines.rng import Rng
from toy_game.determinise import determinise as deal_anew

GAME_ID = "toy"
START_HP = 3
GUARD = -1  # an order: guard; any other order is the seat attacked
LUCKY = range(1, 7)


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dodges: int = Field(default=1, ge=0, le=3, description="Dodge tokens per seat")
    guards: bool = Field(default=True, description="Seats may guard instead of attacking")
    #: A reaction with a deadline of its own (``Engine.own_deadline``).
    dodge_hours: int = Field(default=0, ge=0, le=48, description="Hours to answer a hit (0: none of its own)")
    max_rounds: int = for_tests_only(default=12, ge=1, le=50, description="End after this many rounds")


class Draft(BaseModel):
    order: list[int] = []
    lucky: int | None = None


class Attack(BaseModel):
    attacker: int
    target: int


class State(BaseModel):
    game: Literal["toy"] = GAME_ID
    rng: Rng
    seats: int
    guards: bool = True
    max_rounds: int = 12
    dodge_hours: int = 0
    hp: list[int]
    dodges: list[int]
    round: int = 1
    leader: int = 0
    phase: Literal["draft", "orders", "react", "over"] = "draft"
    #: The leader's turn order under construction (private to the leader).
    draft: Draft = Field(default_factory=Draft)
    #: This round's turn order and lucky number, public once submitted.
    order: list[int] = []
    lucky: int | None = None
    #: Per seat: the secret order (GUARD or the seat attacked), None until given.
    orders: list[int | None] = []
    #: The orders of the latest reveal (public).
    revealed: list[int | None] = []
    #: Attacks still to resolve; the first one awaits its target's reaction.
    queue: list[Attack] = []
    roll: int | None = None
    winners: list[int] = []


class Pick(BaseModel):
    kind: Literal["pick"] = "pick"
    seat: int


class Lucky(BaseModel):
    kind: Literal["lucky"] = "lucky"
    number: int


class Back(BaseModel):
    kind: Literal["back"] = "back"


class Submit(BaseModel):
    kind: Literal["submit"] = "submit"


class AttackOrder(BaseModel):
    kind: Literal["attack"] = "attack"
    target: int


class Guard(BaseModel):
    kind: Literal["guard"] = "guard"


class Dodge(BaseModel):
    kind: Literal["dodge"] = "dodge"


class Take(BaseModel):
    kind: Literal["take"] = "take"


Action = Annotated[
    Union[Pick, Lucky, Back, Submit, AttackOrder, Guard, Dodge, Take], Field(discriminator="kind")
]


class View(ViewBase):
    game: Literal["toy"] = GAME_ID
    seat: int | None
    seats: int
    round: int
    max_rounds: int
    phase: str
    leader: int
    hp: list[int]
    dodges: list[int]
    order: list[int]
    lucky: int | None
    #: The viewer's own draft (the leader only, while drafting).
    draft: Draft | None
    #: Per seat: has given its order this round (never which one).
    ordered: list[bool]
    own_order: int | None
    revealed: list[int | None]
    attack: Attack | None
    roll: int | None
    winners: list[int]


class ToyGame(Engine):
    id = GAME_ID
    titles = {"de": "Spielzeug", "en": "Toy"}
    min_seats = 3
    max_seats = 6
    Options = Options
    State = State
    Action = Action
    View = View
    messages = Catalog("toy", locale_dir(__file__), parent=COMMON)
    #: ``Back`` only returns to a draft the search has already seen: a computer
    #: that tried it would wander back and forth through the draft.
    ai_useless = staticmethod(lambda state, seat, action: isinstance(action, Back))

    def setup(self, seats: int, seed: int, options: dict | None = None) -> State:
        self.check_seats(seats)
        opts = self.parse_options(options)
        s = State(rng=Rng.from_seed(seed), seats=seats, guards=opts.guards, max_rounds=opts.max_rounds,
                  dodge_hours=opts.dodge_hours,
                  hp=[START_HP] * seats, dodges=[opts.dodges] * seats, orders=[None] * seats)
        s.leader = s.rng.below(seats)
        return s

    def alive(self, state: State) -> list[int]:
        return [p for p in range(state.seats) if state.hp[p] > 0]

    def to_act(self, state: State) -> list[int]:
        if state.phase == "draft":
            return [state.leader]
        if state.phase == "orders":
            return [p for p in self.alive(state) if state.orders[p] is None]
        if state.phase == "react":
            return [state.queue[0].target]
        return []

    def legal_actions(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        if state.phase == "draft":
            d = state.draft
            if len(d.order) < len(self.alive(state)):
                out: list = [Pick(seat=p) for p in self.alive(state) if p not in d.order]
            elif d.lucky is None:
                out = [Lucky(number=n) for n in LUCKY]
            else:
                out = [Submit()]
            return out + ([Back()] if d.order else [])  # Back last: legal[0] moves on
        if state.phase == "orders":
            targets = [AttackOrder(target=p) for p in self.alive(state) if p != seat]
            return targets + ([Guard()] if state.guards else [])
        return [Dodge(), Take()]

    def apply(self, state: State, seat: int, action) -> tuple[State, list[Event]]:
        if isinstance(action, dict):
            action = self.parse_action(action)
        if state.phase == "over":
            raise IllegalAction("game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("not_legal")
        s = clone(state)
        d = s.draft
        if isinstance(action, Pick):
            d.order.append(action.seat)
        elif isinstance(action, Lucky):
            d.lucky = action.number
        elif isinstance(action, Back):
            if d.lucky is not None:
                d.lucky = None
            else:
                d.order.pop()
        elif isinstance(action, Submit):
            s.order, s.lucky, s.draft = d.order, d.lucky, Draft()
            s.phase = "orders"
            return s, [Event(key="ev_order_set", params={"seats": s.order, "lucky": s.lucky})]
        elif isinstance(action, (AttackOrder, Guard)):
            s.orders[seat] = action.target if isinstance(action, AttackOrder) else GUARD
            own = "ev_attack_own" if s.orders[seat] != GUARD else "ev_guard_own"
            events = [Event(key="ev_ordered", params={"seat": seat}),
                      Event(key=own, params={"seat": seat, "target": s.orders[seat]}, visible_to=[seat])]
            if not self.to_act(s):
                events += self._reveal(s)
            return s, events
        else:  # a reaction to the first attack in the queue
            a = s.queue.pop(0)
            if isinstance(action, Dodge):
                s.dodges[seat] -= 1
                events = [Event(key="ev_dodge", params={"seat": seat, "attacker": a.attacker})]
            else:
                events = self._hit(s, a)
            return s, events + self._resolve(s)
        return s, []

    def _reveal(self, s: State) -> list[Event]:
        s.revealed = list(s.orders)
        events = [
            Event(key="ev_reveal_guard" if s.orders[p] == GUARD else "ev_reveal_attack",
                  params={"seat": p, "target": s.orders[p]})
            for p in s.order
        ]
        s.queue = [Attack(attacker=p, target=s.orders[p]) for p in s.order if s.orders[p] != GUARD]
        return events + self._resolve(s)

    def _hit(self, s: State, a: Attack) -> list[Event]:
        s.hp[a.target] -= 1
        events = [Event(key="ev_hit", params={"seat": a.target, "attacker": a.attacker, "hp": s.hp[a.target]})]
        if s.hp[a.target] == 0:
            events.append(Event(key="ev_eliminated", params={"seat": a.target}))
        return events

    def _resolve(self, s: State) -> list[Event]:
        events: list[Event] = []
        while s.queue:
            a = s.queue[0]
            if s.hp[a.attacker] == 0 or s.hp[a.target] == 0:
                s.queue.pop(0)
            elif s.orders[a.target] == GUARD:
                s.queue.pop(0)
                events.append(Event(key="ev_blocked", params={"seat": a.target, "attacker": a.attacker}))
            elif s.dodges[a.target] > 0:
                s.phase = "react"
                return events
            else:
                events += self._hit(s, s.queue.pop(0))
        return events + self._end_round(s)

    def _end_round(self, s: State) -> list[Event]:
        s.roll = s.rng.randint(1, 6)
        events = [Event(key="ev_roll", params={"roll": s.roll})]
        if s.roll == s.lucky and 0 < s.hp[s.leader] < START_HP:
            s.hp[s.leader] += 1
            events.append(Event(key="ev_lucky", params={"seat": s.leader}))
        alive = self.alive(s)
        events.append(Event(key="ev_round_summary", params={"round": s.round, "seats": alive}, summary=True))
        if len(alive) <= 1 or s.round >= s.max_rounds:
            s.phase = "over"
            best = max(s.hp)
            s.winners = [p for p in alive if s.hp[p] == best]
            return events + [Event(key="ev_over", params={"seats": s.winners})]
        s.round += 1
        s.leader = next(p % s.seats for p in range(s.leader + 1, s.leader + 1 + s.seats) if s.hp[p % s.seats] > 0)
        s.phase, s.order, s.lucky, s.orders = "draft", [], None, [None] * s.seats
        return events

    # -- views and results -------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        drafting = state.phase == "draft" and seat == state.leader
        return View(
            header=self.header(state), seat=seat, seats=state.seats, round=state.round,
            max_rounds=state.max_rounds, phase=state.phase, leader=state.leader, hp=list(state.hp),
            dodges=list(state.dodges), order=list(state.order), lucky=state.lucky,
            draft=state.draft.model_copy(deep=True) if drafting else None,
            ordered=[o is not None for o in state.orders],
            own_order=state.orders[seat] if seat is not None and state.phase == "orders" else None,
            revealed=list(state.revealed), attack=state.queue[0].model_copy() if state.phase == "react" else None,
            roll=state.roll, winners=list(state.winners),
        )

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        reason = "last_standing" if len(self.alive(state)) == 1 else "rounds"
        return Result(scores=list(state.hp), winners=list(state.winners), reason=reason)

    def prompt(self, state: State, seat: int) -> Prompt:
        if state.phase == "over":
            return Prompt(key="pr_over")
        if seat not in self.to_act(state):
            return Prompt(key="pr_wait", params={"seats": self.to_act(state)})
        if state.phase == "draft":  # the same prompt for every step: the draft stays private
            return Prompt(key="pr_draft", params={"round": state.round})
        if state.phase == "orders":
            return Prompt(key="pr_order", params={"round": state.round}, secret=True)
        a = state.queue[0]
        return Prompt(key="pr_react", params={"attacker": a.attacker, "dodges": state.dodges[seat]})

    def decision_kind(self, state: State, seat: int):
        return {"draft": "turn", "orders": "simultaneous"}.get(state.phase, "reaction")

    def stage(self, state: State) -> str:
        if state.phase == "react":
            a = state.queue[0]
            return f"{state.round}:react:{a.attacker}:{a.target}"
        return f"{state.round}:{state.phase}"

    def continues(self, state: State, seat: int) -> bool:
        return state.phase == "draft" and seat == state.leader

    def stage_label(self, state: State) -> Text:
        return Text(key="hd_round", params={"round": state.round, "max_rounds": state.max_rounds})

    def scores(self, state: State) -> list[int]:
        return list(state.hp)

    def eliminated(self, state: State) -> list[int]:
        return [p for p in range(state.seats) if state.hp[p] == 0]

    def own_deadline(self, state: State, seat: int) -> float | None:
        """A hit must be answered within ``dodge_hours`` (if set)."""
        if state.phase == "react" and state.dodge_hours and seat in self.to_act(state):
            return float(state.dodge_hours)
        return None

    def is_passive(self, action) -> bool:
        """The default: guard, take the hit; in the draft the first choice
        (Back is listed last, so never Back)."""
        return isinstance(action, (Guard, Take))

    # -- computer players ------------------------------------------------------

    def determinise(self, state: State, seat: int, rnd: random.Random) -> State:
        """Another seat's draft or secret order drawn anew (see
        :mod:`toy_game.determinise`)."""
        return deal_anew(state, seat, rnd)

    # -- words ---------------------------------------------------------------

    def label(self, state: State, seat: int, action, locale: str) -> str:
        params = {"seat": self.seat_name(getattr(action, "seat", getattr(action, "target", 0)), locale)}
        params["number"] = getattr(action, "number", 0)
        return self.messages.text(f"label_{action.kind}", params, locale)

    def group(self, state: State, seat: int, action, locale: str) -> str:
        return self.messages.text(f"group_{action.kind}", {}, locale)

    def seat_name(self, seat: int, locale: str) -> str:
        return self.messages.text("seat", {"n": seat + 1}, locale)

    def localise_params(self, params: dict, locale: str) -> dict:
        out = super().localise_params(params, locale)
        for key in ("target", "attacker"):
            if isinstance(params.get(key), int) and params[key] >= 0:
                out[key] = self.seat_name(params[key], locale)
        return out

    def rules_help(self, locale: str) -> list[str]:
        return [self.messages.text("help", {}, locale)]


ENGINE = ToyGame()
