"""Himmel und Hölle (Marco Aschwanden, 2001) behind the engine contract.

Flow of a match: the active side spends action points and free lowering steps
and ends its turn. A die that lands on an enemy die opens a conflict: both
seats choose a card in secret (a simultaneous decision, ``to_act`` lists both).
When both are in, the round is resolved and its winner owes one or two
decisions although it may not be their turn: ``Boost`` (their die was already
6 and several dice could take the gain) and the bonus action point (an AP
action for either colour, or ``Pass``). Then the conflict goes on for another
round, or play returns to the active side.

The game ends at once with a third die in a Zielfeld; when the play area
holds no die of either colour any more (even mid-turn; nobody fills up); or
when a side starts its turn with no die in play while the other side has
some: the other side then fills its Zielfeld up with its own remaining dice
turned to 6 (RULINGS).

See :mod:`engines.himmel_und_hoelle.rules` for the decisions taken where the
rulebook and RULINGS are silent.
"""

from __future__ import annotations

import random

from engines.contract import Engine, Event, IllegalAction, Prompt, Result, Text, clone
from engines.himmel_und_hoelle import rules, text
from engines.himmel_und_hoelle.determinise import determinise as deal_anew
from engines.himmel_und_hoelle.evaluate import PLAYOUT_STEPS, evaluate as judge, useless
from engines.himmel_und_hoelle.help import rules_help
from engines.himmel_und_hoelle.model import (
    AP_ACTIONS,
    CARDS,
    GAME_ID,
    SIDES,
    Action,
    ConflictView,
    EndTurn,
    Lower,
    Pass,
    Play,
    Slide,
    State,
    View,
    allowed_card,
    other,
)


class HimmelUndHoelle(Engine):
    id = GAME_ID
    min_seats = 2
    max_seats = 2
    State = State
    Action = Action
    View = View
    messages = text.MESSAGES
    AI_PLAYOUT_STEPS = PLAYOUT_STEPS
    # see engines/himmel_und_hoelle/evaluate.py for why these figures
    AI_SEARCH = {"explore": 0.25, "backup": 1.0, "margin": 1.0, "reuse": 1}
    ai_useless = staticmethod(useless)

    def setup(self, seats: int, seed: int, options: dict | None = None) -> State:
        self.check_seats(seats)
        self.parse_options(options)
        return rules.initial_state(seed)

    def to_act(self, state: State) -> list[int]:
        if state.over:
            return []
        if state.pending is not None:
            return [state.pending_seat]
        if state.conflict is not None:
            return [seat for seat in SIDES if state.conflict.cards[seat] is None]
        return [state.active]

    def legal_actions(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        if state.pending == "boost":
            return rules.boost_actions(state, seat)
        if state.pending == "bonus":
            return rules.bonus_actions(state)
        if state.conflict is not None:
            return rules.card_actions(state, seat)
        actions = rules.ap_actions(state, seat) if state.ap > 0 else []
        return actions + rules.free_actions(state, seat) + [EndTurn()]

    def apply(self, state: State, seat: int, action) -> tuple[State, list[Event]]:
        if isinstance(action, dict):
            action = self.parse_action(action)
        self._check(state, seat, action)
        s = clone(state)
        if s.pending == "boost":
            events = rules.do_boost(s, seat, action.at)
            s.pending = "bonus"
        elif s.pending == "bonus":
            events = self._bonus(s, action)
        elif s.conflict is not None:
            events = self._card(s, seat, action)
        elif isinstance(action, EndTurn):
            s.turn += 1
            s.last_move = []
            events = [Event(key="ev_end_turn", params={"side": seat})]
            events += rules.begin_turn(s, other(seat))
        elif isinstance(action, (Lower, Slide)):
            events = rules.do_free_action(s, seat, action)
            events += rules.open_conflict_if_any(s, attacker=seat)
        else:
            s.ap -= 1
            events = rules.do_ap_action(s, action)
            events += self._after_move(s, attacker=seat)
        return s, events

    def _check(self, state: State, seat: int, action) -> None:
        if state.over:
            raise IllegalAction("game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn")
        if action in self.legal_actions(state, seat):
            return
        if state.conflict is not None and state.pending is None:
            if isinstance(action, Play):
                raise IllegalAction("no_such_card", card=action.card)
            raise IllegalAction("conflict_first", field=state.conflict.field)
        if isinstance(action, AP_ACTIONS) and state.ap == 0 and state.pending is None:
            raise IllegalAction("no_ap")
        raise IllegalAction("not_legal")

    def _card(self, s: State, seat: int, action: Play) -> list[Event]:
        s.conflict.cards[seat] = action.card
        events = [
            Event(key="ev_card_chosen", params={"side": seat}),
            Event(key="ev_card_chosen_own", params={"side": seat, "card": action.card}, visible_to=[seat]),
        ]
        if None not in s.conflict.cards:
            events += rules.resolve_round(s)
        return events

    def _bonus(self, s: State, action) -> list[Event]:
        if isinstance(action, Pass):
            events = [Event(key="ev_bonus_lapsed", params={"side": s.pending_seat})]
            return events + rules.after_bonus(s)
        events = [Event(key="ev_bonus_used", params={"side": s.pending_seat})]
        events += rules.do_ap_action(s, action)
        ended = rules.end_if_over(s)
        if ended is not None:
            return events + ended
        return events + rules.after_bonus(s)

    def _after_move(self, s: State, attacker: int) -> list[Event]:
        ended = rules.end_if_over(s)
        if ended is not None:
            return ended
        return rules.open_conflict_if_any(s, attacker=attacker)

    # -- views and results -------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        conflict = None
        if state.conflict is not None and state.pending is None and not state.over:
            c = state.conflict
            conflict = ConflictView(
                field=c.field,
                attacker=c.attacker,
                round=c.round,
                chosen=[card is not None for card in c.cards],
                own_card=c.cards[seat] if seat is not None else None,
            )
        result = self.result(state)
        return View(
            header=self.header(state),
            seat=seat,
            dice=[d.model_copy() for d in state.dice],
            start=list(state.start),
            goal=[list(g) for g in state.goal],
            filled=list(state.filled),
            scores=[sum(g) for g in state.goal],
            hand=sorted(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            removed=[list(r) for r in state.removed],
            active=state.active,
            ap=state.ap,
            turn=state.turn,
            to_act=self.to_act(state),
            conflict=conflict,
            pending=state.pending,
            pending_seat=state.pending_seat,
            last_reveal=state.last_reveal.model_copy() if state.last_reveal else None,
            last_move=list(state.last_move),
            over=state.over,
            end_reason=state.end_reason,
            winners=result.winners if result else [],
        )

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        scores = [sum(g) for g in state.goal]
        best = max(scores)
        return Result(scores=scores, winners=[s for s in SIDES if scores[s] == best], reason=state.end_reason)

    def prompt(self, state: State, seat: int) -> Prompt:
        if state.over:
            return Prompt(key="pr_over")
        waiting = self.to_act(state)
        if seat not in waiting:
            return Prompt(key="pr_wait", params={"side": waiting[0] if len(waiting) == 1 else other(seat)})
        if state.pending == "boost":
            return Prompt(key="pr_boost")
        if state.pending == "bonus":
            return Prompt(key="pr_bonus")
        if state.conflict is not None:
            die = rules.die_at(state, seat, state.conflict.field)
            top = max(c for c in CARDS if allowed_card(die.value, c))
            return Prompt(
                key="pr_card",
                params={"field": state.conflict.field, "die": die.value, "top": top, "attacker": state.conflict.attacker},
                secret=True,
            )
        return Prompt(key="pr_turn", params={"ap": state.ap})

    # -- computer players ------------------------------------------------------

    def determinise(self, state: State, seat: int, rnd: random.Random) -> State:
        """The other side's secret card of an open conflict round drawn anew
        (see :mod:`engines.himmel_und_hoelle.determinise`)."""
        return deal_anew(state, seat, rnd)

    # -- decisions -----------------------------------------------------------

    def decision_kind(self, state: State, seat: int):
        if state.pending is not None:
            return "reaction"  # the conflict's winner decides, whoever's turn it is
        return "simultaneous" if state.conflict is not None else "turn"

    def stage(self, state: State) -> str:
        """While the cards of one conflict round come in one after the other
        the stage stays; a new round is a new stage."""
        c = state.conflict
        if c is not None and state.pending is None and not state.over:
            return f"cards:{state.turn}:{c.field}:{c.round}"
        return super().stage(state)

    def board_phase(self, state: State) -> str:
        """One board post per turn: the card rounds of a conflict and the
        bonus steps edit it in place."""
        return f"turn:{state.turn}"

    def stage_label(self, state: State) -> Text:
        return Text(key="hd_turn", params={"turn": state.turn})

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic of the game (see :mod:`engines.himmel_und_hoelle.evaluate`)."""
        return judge(state, seat)

    def scores(self, state: State) -> list[int]:
        return [sum(g) for g in state.goal]

    def is_passive(self, action) -> bool:
        """The default for a missed deadline: end the turn, let the bonus
        point lapse; else the first choice listed: the first die that can
        take a 6-overflow, the lowest card."""
        return isinstance(action, (EndTurn, Pass))

    # -- words -------------------------------------------------------------

    def label(self, state: State, seat: int, action, locale: str) -> str:
        return text.label(state, seat, action, locale)

    def group(self, state: State, seat: int, action, locale: str) -> str:
        return text.group(state, seat, action, locale)

    def seat_name(self, seat: int, locale: str) -> str:
        return text.side_name(seat, locale)

    def localise_params(self, params: dict, locale: str) -> dict:
        out = super().localise_params(params, locale)
        if "reason" in params:
            out["reason"] = text.end_reason(params["reason"], locale)
        return out

    def rules_help(self, locale: str) -> list[str]:
        return rules_help(locale)


ENGINE = HimmelUndHoelle()
