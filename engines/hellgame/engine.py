"""The HellGame (Fager, Johansson; UGG 2002) behind the engine contract.

A match is a procedure (:mod:`engines.hellgame.core.flow`) of steps that run by
themselves and questions to players. The core (:mod:`engines.hellgame.core`)
holds the state and what every part uses; each phase of a round registers its
own steps and questions (:mod:`engines.hellgame.phases`, in the round's
order); magic (:mod:`engines.hellgame.magic`) and the beings
(:mod:`engines.hellgame.beings`: Uriel, Lilith, freebooters, wild hounds)
plug into the phases' hooks. The game starts in :mod:`engines.hellgame.setup`.
``DESIGN.md`` beside this module walks a round through the modules.

The contract verbs below only ask the procedure: who is asked (``to_act``),
what they may answer (``legal_actions``), and what a seat may see (``view``).
The test-only option ``beings_round`` brings Uriel and Lilith in without their
cards (:mod:`engines.hellgame.forced`).
"""

from __future__ import annotations

import json
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engines.contract import Engine, Event, IllegalAction, Prompt, Result, Text, clone, for_tests_only
from engines.hellgame import evaluate as hellgame_evaluate
from engines.hellgame import policy as hellgame_policy
from engines.hellgame.core import board, data, flow, hooks, text, victory
# Every part registers its steps, questions and hooks when imported; the order
# below is the order in which hooks of the same kind run.
from engines.hellgame.phases.action import actions, conspiracy, movement
from engines.hellgame.phases.combat import combat
from engines.hellgame.magic import counters
from engines.hellgame.phases import endphase, petition, summoning
from engines.hellgame import forced, setup
from engines.hellgame.beings import freebooters, lilith
from engines.hellgame.phases.hell import hellcards, hellphase, rightaway
from engines.hellgame.magic import casting
from engines.hellgame.phases.soul import souls
from engines.hellgame.magic import spells
from engines.hellgame.beings import uriel
from engines.hellgame.magic import warcraft
from engines.hellgame.beings import wild
from engines.hellgame.determinise import determinise as deal_anew
from engines.hellgame.core.help import rules_help
from engines.hellgame.core.model import GAME_ID, Action, State, View
from engines.hellgame.core.views import build_view

#: Questions that lapse after ``counter_hours`` (see ``own_deadline``).
SHORT_QUESTIONS = frozenset({"counter", "support"})
#: Verbs of choices that only let the moment pass (see ``Engine.is_passive``).
PASSIVE_VERBS = frozenset({"keep", "wait", "done", "no", "stay", "none", "decline", "refuse", "pass_battle"})
#: Choices that stand for the rest of the match ("never ask me again"): no
#: reason on their own to ask a question (see ``HellGame.automatic``).
STANDING_VERBS = frozenset({"always"})
#: The most places a zoomed picture of a question shows (``HellGame.focus``).
FOCUS_LIMIT = 12
#: Choices that name a card of the hand: the picker offers its card texts.
CARD_VERBS = frozenset({"cast", "counter", "take", "discard", "card"})


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    quick_small: bool = Field(default=False, description="Quick combat: small battles by one roll (11.3.5)")
    quick_three_rounds: bool = Field(default=False, description="Quick combat: battles end after three rounds (11.3.6)")
    auto_targets: bool = Field(default=True, description="Combat targets chosen by the engine")
    curse_of_dice: bool = Field(default=False, description="Curse of the Dice: six 1s in a row give a favour (3.2.1)")
    counter_hours: int = Field(default=4, ge=1, le=48,
                               description="Hours to answer a counter or support question")
    action_orders: bool = Field(default=True,
                                description="Standing orders for the Action phase, asked of everyone at its start")
    economy_window: bool = Field(default=True,
                                 description="Discards, gifts and summoning in one secret order (7.0/8.0 note)")
    #: Tests meet Uriel and Lilith without waiting for their cards (see ``forced``).
    beings_round: int = for_tests_only(default=0, ge=0, le=50,
                                       description="Bring Uriel and Lilith into play in this round (0: only by cards)")
    #: The game itself has no cap (0); tests shorten matches.
    max_rounds: int = for_tests_only(default=0, ge=0, le=200, description="End after this many rounds (0: no cap)")


class HellGame(Engine):
    id = GAME_ID
    min_seats = 2
    max_seats = 6
    Options = Options
    State = State
    Action = Action
    View = View
    messages = text.MESSAGES
    #: ``back`` only returns to a step of an order the search has already
    #: seen: a computer that tried it would wander back and forth in the draft.
    ai_useless = staticmethod(lambda state, seat, action: action.do == "back")
    #: Rules of thumb for secret orders and reactions whose effect the search cannot reach (:mod:`.policy`).
    ai_policy = staticmethod(hellgame_policy.choose)
    #: One decision in a player's eyes (a battle's orders, a demon's turn, a
    #: move's steps) is many engine steps: the tree of one step is kept for
    #: the next, so what the earlier steps found is not thrown away.
    AI_SEARCH = {"reuse": 1}
    chapter_event = flow.CHAPTER
    dm_events = frozenset({"ev_hand", "ev_arcana_drawn", "ev_card_bought", "ev_card_bought_pra", "ev_gift_cards_given", "ev_gift_cards_received"})

    def setup(self, seats: int, seed: int, options: dict | None = None) -> State:
        self.check_seats(seats)
        opts = self.parse_options(options).model_dump()
        s = setup.initial_state(seats, seed, opts)
        flow.advance(s, [])
        return s

    def to_act(self, state: State) -> list[int]:
        if state.over:
            return []
        seen: list[int] = []
        for a in flow.open_asks(state):
            if a.seat not in seen:
                seen.append(a.seat)
        return seen

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return flow.legal(state, seat)

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        if not isinstance(action, Action):
            action = self.parse_action(action)
        if state.over:
            raise IllegalAction("game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn")
        s = clone(state)
        events: list[Event] = []
        flow.answer(s, seat, action, events)
        return s, events

    # -- views and results -------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        return build_view(state, seat, self.header(state))

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        return Result(scores=victory.result_scores(state), winners=list(state.winners), reason=state.end_reason)

    def prompt(self, state: State, seat: int) -> Prompt:
        if state.over:
            return Prompt(key="pr_over")
        a = flow.ask_of(state, seat)
        if a is None:
            return Prompt(key="pr_wait", params={"seats": self.to_act(state)})
        key, params = flow.QUESTIONS[a.q].prompt(state, a)
        return Prompt(key=key, params=params, secret=a.secret)

    def eliminated(self, state: State) -> list[int]:
        return [i for i, p in enumerate(state.players) if p.out]

    # -- decisions -----------------------------------------------------------

    def decision_kind(self, state: State, seat: int):
        a = flow.ask_of(state, seat)
        return a.kind if a is not None else "turn"

    def stage(self, state: State) -> str:
        """Round, step and the open questions (who, what, about what): a
        seat's steps through its own draft and the seats of one simultaneous
        question answering one after another keep the stage; so does a
        seat going on from its gifts to its Summoning order in the economy
        window (one question to the others: its ``window``)."""
        asks = [[a.seat, a.data.get("window", a.q), a.data] for a in state.asks]
        return f"{state.round}|{state.step}|{json.dumps(asks, sort_keys=True, separators=(',', ':'))}"

    def board_phase(self, state: State) -> str:
        """One live board per phase of a round: the questions within a phase
        (every demon's action, every combat round) edit it in place."""
        return f"{state.round}|{state.phase}"

    def submitted(self, state: State) -> list[int]:
        return sorted({a.seat for a in state.asks if a.secret and a.answered})

    def continues(self, state: State, seat: int) -> bool:
        return seat in state.drafts

    def default_action(self, state: State, seat: int) -> Action:
        a = flow.ask_of(state, seat)
        legal = self.legal_actions(state, seat)
        if a is None or not legal:
            raise IllegalAction("not_your_turn")
        q = flow.QUESTIONS[a.q]
        chosen = q.passive(state, a) if q.passive else None
        if chosen is not None and chosen in legal:
            return chosen
        return next((x for x in legal if self.is_passive(x)), legal[0])

    def automatic(self, state: State, seat: int) -> Action | None:
        """Besides a question with one choice, one whose every choice only
        lets the moment pass ("Cast nothing (more) now", "Pass"; a standing
        "never ask me again" aside) is answered with its passive choice,
        secret or not. Hands and the cards demons took into a battle are
        hidden, so it must be so with any cards: the question is asked when
        the seat holding every arcana card would have had a real choice,
        else answering at once would show the others what the hand lacks.

        An answer the seat gave in advance (``core.hooks.STANDING``: a path
        to walk on, the Action phase's and a battle's standing orders) comes
        first."""
        chosen = self.standing(state, seat)
        if chosen is not None:
            return chosen
        if not self._no_choice(state, seat):
            return None
        probe = clone(state)
        every = list(range(len(data.ARCANA)))
        probe.players[seat].hand = list(every)
        if probe.battle is not None:
            for d in list(probe.battle.cards) + [d for side in probe.battle.sides for d in side.demons]:
                if probe.demons[d].owner == seat:
                    probe.battle.cards[d] = list(every)
        if not self._no_choice(probe, seat):
            return None
        real = self._no_choice(state, seat)
        chosen = self.default_action(state, seat)
        return chosen if chosen in real else real[0]

    def standing(self, state: State, seat: int) -> Action | None:
        """The first legal answer of ``core.hooks.STANDING`` (a walk towards
        a destination, the Action phase's and a battle's standing orders)."""
        for hook in hooks.STANDING:
            chosen = hook(state, seat)
            if chosen is not None and chosen in self.legal_actions(state, seat):
                return chosen
        return None

    def _no_choice(self, state: State, seat: int) -> list[Action]:
        """The seat's choices (a standing one aside) when there is nothing
        to choose among them, else none."""
        real = [x for x in self.legal_actions(state, seat) if x.do not in STANDING_VERBS]
        return real if len(real) == 1 or real and all(self.is_passive(x) for x in real) else []

    def own_deadline(self, state: State, seat: int) -> float | None:
        """A counter window or a call for support never holds the match for
        days: it lapses after ``counter_hours`` (the seat passes)."""
        a = flow.ask_of(state, seat)
        if a is not None and a.q in SHORT_QUESTIONS:
            return float(state.options.get("counter_hours", 4))
        return None

    # -- computer players ------------------------------------------------------

    def determinise(self, state: State, seat: int, rnd: random.Random) -> State:
        """Hands, decks, secret orders, private drafts and hidden answers of
        the others drawn anew (see :mod:`engines.hellgame.determinise`)."""
        return deal_anew(self, state, seat, rnd)

    def is_passive(self, action: Any) -> bool:
        return isinstance(action, Action) and action.do in PASSIVE_VERBS

    def stage_label(self, state: State) -> Text:
        return Text(key="hd_round", params={"round": state.round, "phase": state.phase})

    def evaluate(self, state: State, seat: int) -> float:
        """Progress toward every way to win, as a share of the win (see
        :mod:`engines.hellgame.evaluate`)."""
        return hellgame_evaluate.evaluate(state, seat)

    def scores(self, state: State) -> list[int]:
        return victory.result_scores(state)

    # -- words -------------------------------------------------------------

    def label(self, state: State, seat: int, action: Action, locale: str) -> str:
        a = flow.ask_of(state, seat)
        if a is None:
            return action.do
        key, params = flow.QUESTIONS[a.q].label(state, a, action)
        return self.text(key, params, locale)[:80]

    def group(self, state: State, seat: int, action: Action, locale: str) -> str:
        a = flow.ask_of(state, seat)
        q = flow.QUESTIONS[a.q] if a is not None else None
        if q is None or q.group is None:
            return self.text(f"grp_do.{action.do}", {}, locale) if f"grp_do.{action.do}" in self.messages else action.do
        key, params = q.group(state, a, action)
        return self.text(key, params, locale)[:80]

    def seat_name(self, seat: int, locale: str) -> str:
        return text.seat_name(seat, locale)

    def localise_params(self, params: dict, locale: str) -> dict:
        return text.localise(super().localise_params(params, locale), locale)

    def text(self, key: str, params: dict | None, locale: str) -> str:
        """The round summary's lines are messages of their own."""
        params = params or {}
        if key == "round_summary":
            head = super().text(key, {"round": params.get("round")}, locale)
            lines = [self.text(k, p, locale) for k, p in params.get("lines", [])]
            return "\n".join([head] + [f"- {line}" for line in lines])
        return super().text(key, params, locale)

    def focus(self, state: State, seat: int) -> dict[str, Any] | None:
        """The sectios the seat's choices name (destinations, targets, an
        entered sectio), the unit on its way and where it came from, the
        battle in progress: ``{"unit", "path", "targets", "battle"}``. None
        when nothing is asked of the seat or the places are more than
        :data:`FOCUS_LIMIT` (a picture of them would be the whole map)."""
        a = flow.ask_of(state, seat)
        if a is None or state.over:
            return None
        q = flow.QUESTIONS[a.q]
        targets: set[int] = set()
        for x in self.legal_actions(state, seat):
            _, params = q.label(state, a, x)
            targets |= {v for k, v in params.items() if k in text.SECTIO_KEYS and isinstance(v, int)
                        and 0 <= v < len(data.SECTIOS)}
        focus: dict[str, Any] = {"unit": None, "path": [], "targets": sorted(targets), "battle": None}
        m = state.move
        moving = board.unit(state, m.unit) if m is not None and m.unit is not None else None
        if moving is not None:  # the unit on its way is on the board for everyone
            focus["unit"] = moving.id
            focus["path"] = [x for x in (m.came_from, moving.at) if x is not None and x < len(data.SECTIOS)]
        if state.battle is not None:
            focus["battle"] = state.battle.at
        places = set(focus["targets"]) | set(focus["path"]) | ({focus["battle"]} - {None})
        return focus if 0 < len(places) <= FOCUS_LIMIT else None

    def card_texts(self, state: State, seat: int, locale: str) -> list[str]:
        """The seat's hand, what each card's major spell does, while its
        question offers cards (to cast, counter, take along, discard, give)."""
        hand = state.players[seat].hand if 0 <= seat < state.seats else []
        if not hand or not any(x.do in CARD_VERBS for x in self.legal_actions(state, seat)):
            return []
        return [text.card_line(card, locale) for card in hand]

    def rules_help(self, locale: str) -> list[str]:
        return rules_help(locale)


ENGINE = HellGame()
