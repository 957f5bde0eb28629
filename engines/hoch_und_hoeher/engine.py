"""Hoch und höher (Matthias Greßinger, 2024) behind the engine contract.

A missed deadline plays the first move listed: every move is a real one,
there is no passing in this game.

Flow of a match: at the start of every turn the engine rolls the die for the
seat to act (the number is in the state and public before the seat decides).
The seat then makes exactly one move for that number; the turn passes (two
players alternate, the solo player goes on) and the next roll is made. A roll
that allows no move ends the game at once. Nothing is hidden, so no prompt is
secret and every event is public.

Nothing but the future (``state.rng``) is hidden, so ``determinise`` is the contract's default.

See :mod:`engines.hoch_und_hoeher.rules` for the decisions taken where the
rulebook and RULINGS are silent, and :mod:`engines.hoch_und_hoeher.scoring`
for the scores.
"""

from __future__ import annotations

from engines.contract import Engine, Event, IllegalAction, Prompt, Result, Text, clone
from engines.hoch_und_hoeher import rules, scoring, text
from engines.hoch_und_hoeher.evaluate import PLAYOUT_STEPS, evaluate as judge
from engines.hoch_und_hoeher.help import rules_help
from engines.hoch_und_hoeher.model import (
    DIE_SIDES,
    GAME_ID,
    PAWNS,
    Action,
    Options,
    PawnView,
    Place,
    State,
    TowerView,
    View,
    owner,
)


class HochUndHoeher(Engine):
    id = GAME_ID
    min_seats = 1
    max_seats = 2
    Options = Options
    State = State
    Action = Action
    View = View
    messages = text.MESSAGES
    AI_PLAYOUT_STEPS = PLAYOUT_STEPS

    def setup(self, seats: int, seed: int, options: dict | None = None) -> State:
        self.check_seats(seats)
        return rules.initial_state(seats, seed, self.parse_options(options))

    def to_act(self, state: State) -> list[int]:
        return [] if state.over else [state.active]

    def legal_actions(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        return rules.moves(state, seat, state.roll)

    def apply(self, state: State, seat: int, action) -> tuple[State, list[Event]]:
        if isinstance(action, dict):
            action = self.parse_action(action)
        if state.over:
            raise IllegalAction("game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn")
        if action not in self.legal_actions(state, seat):
            rules.check(state, seat, action)
            raise IllegalAction("not_legal")
        s = clone(state)
        if isinstance(action, Place):
            events = rules.do_place(s, seat, action)
        else:
            events = rules.do_stack(s, seat, action)
        s.turn += 1
        s.active = rules.next_seat(s)
        return s, events + rules.begin_turn(s)

    def loses_at_once(self, state: State, seat: int, action) -> bool:
        """Exact instead of sampled: nothing is hidden but the next roll, and
        the game ends at once when that roll allows the next seat no move. So
        the move loses at once when after it no number of the die gives the
        next seat a move and ``seat`` is not among the winners of the final
        position (the solo player always is). Reads nothing but the public
        position (never ``state.rng``)."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        if state.over or action not in self.legal_actions(state, seat):
            return False
        s = clone(state)
        if isinstance(action, Place):
            rules.do_place(s, seat, action)
        else:
            rules.do_stack(s, seat, action)
        s.active = rules.next_seat(s)
        if any(rules.moves(s, s.active, roll) for roll in range(1, DIE_SIDES + 1)):
            return False
        s.over = True
        return seat not in scoring.ranking(s)[0]

    # -- views and results -------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        movable = set() if state.over else rules.movable(state, state.roll)
        placeable = set() if state.over else rules.placeable(state, state.active, state.roll)
        heights, points = scoring.heights(state), scoring.points(state)
        where = {t.pawn: t.id for t in state.towers if t.pawn is not None}
        winners, tiebreak = scoring.ranking(state) if state.over else ([], False)
        return View(
            header=self.header(state),
            seat=seat,
            players=state.players,
            hierarchy=state.hierarchy,
            daily=state.daily,
            towers=[
                TowerView(id=t.id, height=t.height, pawn=t.pawn, movable=t.id in movable, placeable=t.id in placeable)
                for t in state.towers
            ],
            pawns=[
                PawnView(
                    colour=p, owner=owner(p, state.players), tower=where.get(p), height=heights[p], points=points[p]
                )
                for p in PAWNS
            ],
            roll=state.roll,
            active=state.active,
            turn=state.turn,
            to_act=self.to_act(state),
            scores=scoring.scores(state),
            dieoff=[list(r) for r in state.dieoff],
            starter=rules.starter(state),
            last=state.last.model_copy() if state.last else None,
            over=state.over,
            winners=winners,
            tiebreak=tiebreak,
        )

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        winners, tiebreak = scoring.ranking(state)
        return Result(scores=scoring.scores(state), winners=winners, reason="tiebreak" if tiebreak else "no_move")

    def prompt(self, state: State, seat: int) -> Prompt:
        if state.over:
            return Prompt(key="pr_over")
        if seat not in self.to_act(state):
            return Prompt(key="pr_wait", params={"seat": state.active, "roll": state.roll})
        return Prompt(key="pr_turn", params={"roll": state.roll})

    # -- decisions -----------------------------------------------------------

    def stage_label(self, state: State) -> Text:
        return Text(key="hd_turn", params={"turn": state.turn})

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic of the game (see :mod:`engines.hoch_und_hoeher.evaluate`)."""
        return judge(state, seat)

    def scores(self, state: State) -> list[int]:
        return scoring.scores(state)

    # -- words -------------------------------------------------------------

    def label(self, state: State, seat: int, action, locale: str) -> str:
        return text.label(state, seat, action, locale)

    def group(self, state: State, seat: int, action, locale: str) -> str:
        return text.group(state, seat, action, locale)

    def seat_name(self, seat: int, locale: str) -> str:
        return text.team_name(seat, locale)

    def localise_params(self, params: dict, locale: str) -> dict:
        return text.localise(super().localise_params(params, locale), locale)

    def rules_help(self, locale: str) -> list[str]:
        return rules_help(locale)


ENGINE = HochUndHoeher()
