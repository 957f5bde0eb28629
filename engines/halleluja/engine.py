"""Halleluja (Guido Hoffmann, Piatnik 2002) behind the engine contract.

Flow of a match: the setup is a sequence of decisions (tile field, tile
orientation, then twelve towers one at a time, by the seat whose turn it is to
place), unless ``quick_setup`` lets the engine place everything from the seed.
A turn: the active player makes the first tile action, then a second one or
stops; the marks are set; then each marked stack's top stone waits for its
decider, who may be any seat (its owner, or the active player for a neutral
stone): ``to_act`` names that seat. Stones without a legal move and skipped
stacks need no decision. Nothing is hidden.

Nothing but the future (``state.rng``) is hidden, so ``determinise`` is the contract's default.

See :mod:`engines.halleluja.rules` for the decisions taken where the
reconstruction is silent, and :mod:`engines.halleluja.reconstruction` for its
(R) points.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.contract import Engine, Event, IllegalAction, Prompt, Result, Text, clone, for_tests_only
from engines.halleluja import placement, rules, text
from engines.halleluja.evaluate import PLAYOUT_STEPS, evaluate as judge
from engines.halleluja.help import rules_help
from engines.halleluja.model import (
    FIELDS,
    GAME_ID,
    ORTHOGONAL,
    Action,
    ArrowView,
    LeaveStone,
    MoveStone,
    OrientTile,
    PlaceTile,
    PlaceTower,
    SlideTile,
    StackView,
    State,
    StopTile,
    TurnTile,
    View,
    step,
)
from engines.halleluja.reconstruction import MAX_ROUNDS_DEFAULT
from engines.halleluja.scoring import best_sets, ladder_points


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: The engine places tile and towers at random (from the seed), legally.
    quick_setup: bool = Field(default=False, description="Tile and towers placed at random")
    #: The game ends after this many full rounds at the latest: (R) the
    #: reconstruction's cap, which players do not choose; tests shorten it.
    max_rounds: int = for_tests_only(default=MAX_ROUNDS_DEFAULT, ge=5, le=100,
                                     description="End after this many full rounds")


TILE_ACTIONS = (SlideTile, TurnTile, StopTile)
SETUP_PHASES = ("place_tile", "orient_tile", "place_tower")


class Halleluja(Engine):
    id = GAME_ID
    min_seats = 2
    max_seats = 4
    Options = Options
    State = State
    Action = Action
    View = View
    messages = text.MESSAGES
    AI_PLAYOUT_STEPS = PLAYOUT_STEPS

    def setup(self, seats: int, seed: int, options: dict | None = None) -> State:
        self.check_seats(seats)
        opts = self.parse_options(options)
        return rules.initial_state(seats, seed, opts.max_rounds, opts.quick_setup)

    def to_act(self, state: State) -> list[int]:
        if state.over:
            return []
        return [rules.decider(state)]

    def legal_actions(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        if phase == "place_tile":
            return [PlaceTile(field=f) for f in FIELDS]
        if phase == "orient_tile":
            return [OrientTile(facing=d) for d in ORTHOGONAL]
        if phase == "place_tower":
            return [PlaceTower(field=f) for f in placement.tower_fields(state)]
        if phase in ("tile", "tile_more"):
            return rules.tile_actions(state)
        return rules.stone_actions(state)

    def apply(self, state: State, seat: int, action) -> tuple[State, list[Event]]:
        if isinstance(action, dict):
            action = self.parse_action(action)
        self._check(state, seat, action)
        s = clone(state)
        if isinstance(action, PlaceTile):
            return s, rules.do_place_tile(s, action.field)
        if isinstance(action, OrientTile):
            return s, rules.do_orient_tile(s, action.facing)
        if isinstance(action, PlaceTower):
            return s, rules.do_place_tower(s, action.field)
        if isinstance(action, TILE_ACTIONS):
            return s, rules.do_tile_action(s, action)
        if isinstance(action, MoveStone):
            return s, rules.do_move_stone(s, action.direction)
        return s, rules.do_leave_stone(s)

    def _check(self, state: State, seat: int, action) -> None:
        if state.over:
            raise IllegalAction("game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn")
        if action in self.legal_actions(state, seat):
            return
        phase = state.phase
        if isinstance(action, PlaceTower) and phase == "place_tower":
            raise IllegalAction("bad_tower_field", field=action.field)
        if isinstance(action, SlideTile) and phase in ("tile", "tile_more"):
            raise IllegalAction("bad_slide")
        if isinstance(action, TurnTile) and phase == "tile_more":
            raise IllegalAction("tile_unchanged")
        if isinstance(action, StopTile) and phase == "tile":
            raise IllegalAction("tile_must_move")
        if isinstance(action, (MoveStone, LeaveStone)) and phase == "stones":
            mark = rules.current_mark(state)
            if action.field != mark.field:
                raise IllegalAction("other_stone", field=mark.field)
            raise IllegalAction("bad_stone_move", distance=mark.arrow)
        raise IllegalAction("not_legal")

    # -- views and results -------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        result = self.result(state)
        mark = rules.current_mark(state)
        next_tower = rules.tower_placer(state)[1] if state.phase == "place_tower" else None
        groupings = [best_sets(c) for c in state.captured]
        return View(
            header=self.header(state),
            seat=seat,
            seats=state.seats,
            stacks=[StackView(field=FIELDS[i], stones=list(st)) for i, st in enumerate(state.board) if st],
            tile=state.tile,
            facing=state.facing,
            arrows=[ArrowView(label=label, direction=d) for label, d in rules.arrows(state.facing)],
            phase=state.phase,
            active=state.active,
            to_act=self.to_act(state),
            round=state.round,
            max_rounds=state.max_rounds,
            turn=state.turn,
            next_tower=next_tower,
            towers_left=placement.TOTAL_TOWERS - state.towers,
            tile_from=state.tile_from if state.phase == "tile_more" else None,
            marks=[m.model_copy() for m in state.marks],
            current_arrow=mark.arrow if mark else None,
            targets=self._targets(state),
            ladder=list(state.ladder),
            captured=[list(c) for c in state.captured],
            sets=[g[1] for g in groupings],
            set_points=[g[0] for g in groupings],
            ladder_points=[ladder_points(k) for k in state.ladder],
            scores=rules.scores(state),
            out=list(state.out),
            last_move=list(state.last_move),
            over=state.over,
            end_reason=state.end_reason,
            winners=result.winners if result else [],
        )

    def _targets(self, state: State) -> list[str]:
        if state.phase == "place_tower":
            return placement.tower_fields(state)
        mark = rules.current_mark(state)
        if mark is None:
            return []
        return [step(mark.field, d, mark.arrow) for d in rules.stone_moves(state, mark.field, mark.arrow)]

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        scores = rules.scores(state)
        best = max(scores)
        return Result(scores=scores, winners=[p for p, v in enumerate(scores) if v == best], reason=state.end_reason)

    def prompt(self, state: State, seat: int) -> Prompt:
        if state.over:
            return Prompt(key="pr_over")
        waiting = rules.decider(state)
        if seat != waiting:
            return Prompt(key="pr_wait", params={"seat": waiting})
        phase = state.phase
        if phase == "place_tile":
            return Prompt(key="pr_place_tile")
        if phase == "orient_tile":
            return Prompt(key="pr_orient_tile", params={"field": state.tile})
        if phase == "place_tower":
            return Prompt(key="pr_place_tower", params={"colour": rules.tower_placer(state)[1], "left": placement.TOTAL_TOWERS - state.towers})
        if phase == "tile":
            return Prompt(key="pr_tile", params={"field": state.tile})
        if phase == "tile_more":
            return Prompt(key="pr_tile_more", params={"field": state.tile})
        mark = rules.current_mark(state)
        stone = rules.top(state, mark.field)
        return Prompt(
            key="pr_stone",
            params={
                "field": mark.field,
                "arrow": mark.arrow,
                "colour": stone.colour,
                "face": "angel" if stone.angel else "devil",
                "active": state.active,
            },
        )

    # -- decisions -----------------------------------------------------------

    def decision_kind(self, state: State, seat: int):
        if state.phase in SETUP_PHASES:
            return "setup"
        # a marked stone is decided by its owner, who need not be on turn
        return "turn" if seat == state.active else "reaction"

    def stage_label(self, state: State) -> Text:
        return Text(key="hd_turn", params={"turn": state.turn})

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic of the game (see :mod:`engines.halleluja.evaluate`)."""
        return judge(state, seat)

    def scores(self, state: State) -> list[int]:
        return rules.scores(state)

    def eliminated(self, state: State) -> list[int]:
        """With three or four players, a player whose last stone left the
        board is skipped for the rest of the game (with two, the game ends)."""
        if state.phase in SETUP_PHASES or state.over:
            return []
        return [p for p in range(state.seats) if not rules.has_stones(state, p)]

    def is_passive(self, action) -> bool:
        """The default for a missed deadline: no second tile action, leave
        the stone; otherwise the first choice listed."""
        return isinstance(action, (StopTile, LeaveStone))

    # -- words -------------------------------------------------------------

    def label(self, state: State, seat: int, action, locale: str) -> str:
        return text.label(state, action, locale)

    def group(self, state: State, seat: int, action, locale: str) -> str:
        return text.group(state, action, locale)

    def seat_name(self, seat: int, locale: str) -> str:
        return text.colour_name(seat, locale)

    def localise_params(self, params: dict, locale: str) -> dict:
        return text.localise(super().localise_params(params, locale), params, locale)

    def rules_help(self, locale: str) -> list[str]:
        return rules_help(locale)


ENGINE = Halleluja()
