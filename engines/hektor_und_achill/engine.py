"""Hektor und Achill (Colovini, Maggi, Nepitello; Phalanx 2003) behind the
engine contract.

Flow of a match: battles follow each other until a side's stacks run out.
Each battle opens with the attacker's decisions (vanguard stack, the stack
number if the vanguard is a 4, the fate tile's orientation); then four single
turns each, attacker first, each made of two decisions: an optional action
(or ``Skip``) and the card to play. After every pair of single turns the
stronger side may turn the fate tile, although it may not be "its turn"; and
a beaten side may pay a favour token to keep its deployed hero. Everything else
(drawing, counting, returning and losing cards, the final phase) happens
automatically. No decision is simultaneous.

See :mod:`engines.hektor_und_achill.rules` for the decisions taken where the
rulebook and RULINGS are silent.
"""

from __future__ import annotations

import random

from engines.contract import Engine, Event, IllegalAction, Prompt, Result, Text, clone
from engines.hektor_und_achill import rules, text
from engines.hektor_und_achill.data import SIDES, TURNS, sort_cards
from engines.hektor_und_achill.determinise import determinise as deal_anew
from engines.hektor_und_achill.evaluate import PLAYOUT_STEPS, evaluate as judge
from engines.hektor_und_achill.help import rules_help
from engines.hektor_und_achill.model import (
    GAME_ID,
    Action,
    Discard,
    Front,
    Orient,
    Play,
    Rotate,
    SaveHero,
    SideView,
    Skip,
    State,
    Vanguard,
    View,
)


class HektorUndAchill(Engine):
    id = GAME_ID
    #: the hand is hidden: a lone playable card answered at once would show it
    PRIVATE_CHOICES = True
    min_seats = 2
    max_seats = 2
    State = State
    Action = Action
    View = View
    messages = text.MESSAGES
    AI_PLAYOUT_STEPS = PLAYOUT_STEPS
    # a new hand at the start of each battle is also sent by DM
    dm_events = frozenset({"ev_hand_own", "ev_hand_own_no_hero"})

    def setup(self, seats: int, seed: int, options: dict | None = None) -> State:
        self.check_seats(seats)
        self.parse_options(options)
        return rules.initial_state(seed)

    def to_act(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.active]

    def legal_actions(self, state: State, seat: int) -> list:
        if state.phase == "over" or seat != state.active:
            return []
        phase = state.phase
        if phase == "vanguard":
            return rules.vanguard_actions(state)
        if phase == "front":
            return rules.front_actions(state)
        if phase == "orient":
            return rules.orient_actions(state)
        if phase == "action":
            return rules.optional_actions(state, seat)
        if phase == "card":
            return rules.card_actions(state, seat)
        if phase == "fate":
            return rules.rotate_actions(state)
        return rules.save_actions(state)

    def apply(self, state: State, seat: int, action) -> tuple[State, list[Event]]:
        if isinstance(action, dict):
            action = self.parse_action(action)
        self._check(state, seat, action)
        s = clone(state)
        if isinstance(action, Vanguard):
            events = rules.do_vanguard(s, action.stack)
        elif isinstance(action, Front):
            events = rules.do_front(s, action.number)
        elif isinstance(action, Orient):
            events = rules.do_orient(s, action.colour)
        elif isinstance(action, Play):
            events = rules.do_play(s, seat, action.card)
        elif isinstance(action, Rotate):
            events = rules.do_rotate(s, action.by)
        elif isinstance(action, SaveHero):
            events = rules.do_save(s, action.save)
        else:
            events = rules.do_optional(s, seat, action)
        return s, events

    def _check(self, state: State, seat: int, action) -> None:
        if state.phase == "over":
            raise IllegalAction("game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn")
        if action in self.legal_actions(state, seat):
            return
        if isinstance(action, (Play, Discard)) and action.card not in state.battle.hands[seat]:
            raise IllegalAction("no_such_card", card=action.card)
        raise IllegalAction("not_legal")

    # -- views and results -------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        b = state.battle
        sides = [
            SideView(
                stacks=[len(st) for st in state.stacks[side]],
                emptied=list(state.emptied[side]),
                battle_stack=b.stack[side],
                hero_stack=len(state.hero_stacks[side]),
                favour=state.favour[side],
                favour_lost=state.favour_lost[side],
                shame=state.shame[side],
                hand_size=len(b.hands[side]),
                has_hero=b.heroes[side] is not None,
                played=[p.model_copy() for p in b.played[side]],
                strength=rules.strength(b.played[side]),
                turns=b.turns[side],
                fate_colour=b.fate.colour_of(side) if b.fate else None,
                discards=list(state.discards[side]),
                heroes_lost=list(state.heroes_lost[side]),
            )
            for side in SIDES
        ]
        own = seat is not None
        return View(
            header=self.header(state),
            seat=seat,
            battle_no=state.battle_no,
            attacker=state.attacker,
            phase=state.phase,
            active=state.active,
            to_act=self.to_act(state),
            vanguard_stack=b.vanguard_stack,
            number=b.number,
            fate=b.fate.model_copy() if b.fate else None,
            fate_stack=len(state.fate_stack),
            fate_discards=list(state.fate_discards),
            sides=sides,
            hand=sort_cards(b.hands[seat]) if own else None,
            hero=b.heroes[seat] if own else None,
            own_score=rules.side_score(state, seat) if own and b.fate and b.played[seat] else None,
            report=state.report.model_copy(deep=True) if state.report else None,
            over=state.phase == "over",
            winners=list(state.winners),
            end_reason=state.end_reason,
        )

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        scores = [int(side in state.winners) for side in SIDES]
        return Result(scores=scores, winners=list(state.winners), reason=state.end_reason)

    def prompt(self, state: State, seat: int) -> Prompt:
        if state.phase == "over":
            return Prompt(key="pr_over")
        if seat != state.active:
            return Prompt(key="pr_wait", params={"side": state.active})
        b = state.battle
        phase = state.phase
        if phase == "vanguard":
            return Prompt(key="pr_vanguard", params={"battle": state.battle_no})
        if phase == "front":
            return Prompt(key="pr_front")
        if phase == "orient":
            return Prompt(key="pr_orient", params={"tile": b.fate.tile})
        if phase in ("action", "card"):
            params = {"turn": min(b.turns[seat] + 1, TURNS), "fate_colour": b.fate.colour_of(seat)}
            hero = rules.side_hero(state, seat)
            if hero is None:
                return Prompt(key=f"pr_{phase}_no_hero", params=params)
            return Prompt(key=f"pr_{phase}", params={**params, "hero": hero})
        if phase == "fate":
            own, theirs = rules.strength(b.played[seat]), rules.strength(b.played[1 - seat])
            return Prompt(key="pr_fate", params={"own": own, "theirs": theirs})
        return Prompt(key="pr_save_hero", params={"hero": rules.deployed_hero(state, seat)})

    # -- computer players ------------------------------------------------------

    def determinise(self, state: State, seat: int, rnd: random.Random) -> State:
        """Hidden hands, face-down stacks, hero stacks and the fate stack
        dealt anew (see :mod:`engines.hektor_und_achill.determinise`)."""
        return deal_anew(state, seat, rnd)

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic of the game (see :mod:`engines.hektor_und_achill.evaluate`)."""
        return judge(state, seat)

    # -- words -------------------------------------------------------------

    # -- decisions -----------------------------------------------------------

    def decision_kind(self, state: State, seat: int):
        # turning the fate tile and paying a favour token are asked of a side
        # after a pair of single turns or a lost battle, not in its own turn
        return "reaction" if state.phase in ("fate", "save") else "turn"

    def stage_label(self, state: State) -> Text:
        return Text(key="hd_battle", params={"battle": state.battle_no})

    def default_action(self, state, seat: int):
        """For a missed deadline: no optional action, no rotation of the fate
        tile, no favour token paid; otherwise the first choice listed (the
        lowest card)."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("not_your_turn")
        for passive in (Skip(), Rotate(by=0), SaveHero(save=False)):
            if passive in legal:
                return passive
        return legal[0]

    def is_passive(self, action) -> bool:
        # only skipping the optional action lets the turn go on to the card;
        # not turning the tile or not paying a token closes the moment
        return isinstance(action, Skip)

    def label(self, state: State, seat: int, action, locale: str) -> str:
        return text.label(state, seat, action, locale)

    def group(self, state: State, seat: int, action, locale: str) -> str:
        return text.group(state, seat, action, locale)

    def seat_name(self, seat: int, locale: str) -> str:
        return text.side_name(seat, locale)

    def localise_params(self, params: dict, locale: str) -> dict:
        return text.localise(super().localise_params(params, locale), locale)

    def rules_help(self, locale: str) -> list[str]:
        return rules_help(locale)


ENGINE = HektorUndAchill()
