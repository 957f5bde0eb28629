"""The procedure of a match: steps that run by themselves and questions that
wait for a player.

A *step* (registered with :func:`step`) is a function ``(state, events)`` that
does the automatic part of a phase and then either opens questions
(:func:`ask`) or moves ``state.step`` on. :func:`advance` runs steps until a
question is open or the game is over. A *question* (registered with
:func:`question`) offers the legal actions of one seat and applies its answer;
answering the last open question lets :func:`advance` go on from
``state.step``. The rule modules register their own steps and questions, so a
later part of the game adds modules, not branches here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engines.contract import Event, IllegalAction
from engines.hellgame.core.model import PHASES, Action, Ask, Draft, State

Events = list[Event]
StepFn = Callable[[State, Events], None]


@dataclass(frozen=True)
class Question:
    #: ``(state, ask) -> legal actions`` (never empty while the ask is open).
    legal: Callable[[State, Ask], list[Action]]
    #: ``(state, ask, action, events)``: apply the answer (the action is legal).
    answer: Callable[[State, Ask, Action, Events], None]
    #: ``(state, ask) -> (message key, params)`` of the prompt.
    prompt: Callable[[State, Ask], tuple[str, dict[str, Any]]]
    #: ``(state, ask, action) -> (message key, params)`` of a button label.
    label: Callable[[State, Ask, Action], tuple[str, dict[str, Any]]]
    #: The passive choice for a missed deadline (None: the first legal one).
    passive: Callable[[State, Ask], Action | None] | None = None
    #: ``(state, ask, action) -> (message key, params)`` of the menu group of
    #: an action, for choices that do not fit one menu.
    group: Callable[[State, Ask, Action], tuple[str, dict[str, Any]]] | None = None


STEPS: dict[str, StepFn] = {}
#: The public event that opens each phase of a round (``Engine.chapter_event``:
#: the log is paged by round and phase). Not a line of the round's news.
CHAPTER = "ev_chapter"
#: Called with ``(state, events, phase)`` when a phase ends (the three sixes, 4.0).
PHASE_END: list[Callable[[State, Events, str], None]] = []
QUESTIONS: dict[str, Question] = {}
#: Safety net against a procedure that would loop without asking anyone.
MAX_STEPS = 100_000


def step(name: str) -> Callable[[StepFn], StepFn]:
    def register(fn: StepFn) -> StepFn:
        STEPS[name] = fn
        return fn

    return register


def question(name: str, **parts: Any) -> Question:
    QUESTIONS[name] = Question(**parts)
    return QUESTIONS[name]


def ask(state: State, seat: int, q: str, kind: str = "turn", secret: bool = False, **data: Any) -> Ask:
    if seat not in state.drafts:
        state.said.pop(seat, None)  # a new question: the last order is no longer pending
    a = Ask(seat=seat, q=q, kind=kind, secret=secret, data=data)
    state.asks.append(a)
    return a


def open_asks(state: State) -> list[Ask]:
    return [a for a in state.asks if not a.answered]


def ask_of(state: State, seat: int) -> Ask | None:
    return next((a for a in state.asks if a.seat == seat and not a.answered), None)


def close(state: State, a: Ask) -> None:
    """The question is answered; a simultaneous group stays listed (answered)
    until all of it is in, so the others keep their stage."""
    a.answered = True
    if not open_asks(state):
        state.asks = []


def draft_step(state: State, seat: int, q: str, action: Action, step: list) -> None:
    """One step of a secret order built in the seat's draft of question
    ``q``: ``back`` undoes the last step (an emptied draft is dropped), any
    other choice is added as ``step``."""
    d = state.drafts.get(seat)
    if d is None or d.q != q:
        d = state.drafts[seat] = Draft(q=q)
    if action.do == "back":
        if d.steps:
            d.steps.pop()
        if not d.steps:
            del state.drafts[seat]
        return
    d.steps.append(step)


def advance(state: State, events: Events, stop_at: str | None = None, came: str | None = None) -> None:
    """Run steps until a question is open or the game is over.

    Tests may also stop it on the way: when the procedure moves on to the
    step ``stop_at`` or to a step of ``state.halt`` (empty in real matches),
    it stops before running that step, after the end-of-phase hooks of the
    phase it leaves. "Moves on" means from another step: the step it stands
    at when called (``came``, default ``state.step``; :func:`answer` passes
    the step that asked) runs, so a test stopped there goes on
    by calling ``advance`` again, and a step that runs again and again (the
    Action phase asking demon after demon) is not stopped in between."""
    stops = set(state.halt)
    if stop_at is not None:
        stops.add(stop_at)
    came = state.step if came is None else came
    for _ in range(MAX_STEPS):
        if state.over or open_asks(state):
            return
        state.asks = []
        phase = state.step.split("_")[0]
        if phase != state.phase:
            ended, state.phase = state.phase, phase
            for hook in PHASE_END:
                hook(state, events, ended)
            if state.over:
                return
            events.append(Event(key=CHAPTER, params={"round": state.round, "phase": PHASES.index(phase)}))
        if state.step in stops and state.step != came:
            return
        came = state.last_step = state.step
        STEPS[state.step](state, events)
    raise RuntimeError(f"procedure does not settle at step {state.step!r}")


def legal(state: State, seat: int) -> list[Action]:
    a = ask_of(state, seat)
    if a is None or state.over:
        return []
    return QUESTIONS[a.q].legal(state, a)


def answer(state: State, seat: int, action: Action, events: Events, stop_at: str | None = None) -> None:
    """Apply ``seat``'s answer and advance (``stop_at``: see :func:`advance`)."""
    if state.over:
        raise IllegalAction("game_over")
    a = ask_of(state, seat)
    if a is None:
        raise IllegalAction("not_your_turn")
    q = QUESTIONS[a.q]
    if action not in q.legal(state, a):
        raise IllegalAction("not_legal")
    building = seat in state.drafts
    line = list(q.label(state, a, action))
    # Where the procedure stood: the step that asked, even when it has already
    # handed over to the next one (see State.last_step).
    came = state.last_step or state.step
    q.answer(state, a, action, events)
    _remember(state, seat, a, action, line, building)
    advance(state, events, stop_at, came)
    for s in list(state.said):
        if s not in state.drafts and not any(x.seat == s and x.secret for x in state.asks):
            del state.said[s]  # revealed, or never secret: nothing pending any more


def _remember(state: State, seat: int, a: Ask, action: Action, line: list, building: bool) -> None:
    """Keep the words of a seat's order while it is built (in a draft) or
    submitted secretly and not yet revealed: the seat's "pending orders"."""
    if not building and a.secret and not any(x is a for x in state.asks):
        return  # its question is already over (a counter window closed): nothing pending
    if not building and not a.secret:
        if seat not in state.drafts:
            return
        state.said[seat] = []
    said = state.said.setdefault(seat, [])
    if action.do == "back":
        if said:
            said.pop()
    elif action.do != "submit":
        said.append(line)


# -- telling what happened -------------------------------------------------------


def tell(state: State, events: Events, key: str, chronicle: bool = True, **params: Any) -> None:
    """A public event; also a line of the round summary unless told otherwise."""
    events.append(Event(key=key, params=params))
    state.last.append([key, params])
    del state.last[:-12]
    if chronicle:
        state.chronicle.append([key, params])


def tell_seat(events: Events, seat: int, key: str, **params: Any) -> None:
    """An event only ``seat`` may see (a drawn card)."""
    events.append(Event(key=key, params=params, visible_to=[seat]))
