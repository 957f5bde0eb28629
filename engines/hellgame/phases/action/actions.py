"""The Action phase (9.0-9.6): the rank track and one demon's action.

Step ``"action"`` builds the rank track at the start of the phase (every
active demon of a player still in the game, lowest rank number first; reset
every phase, G57), asks every seat with a demon on it for its standing orders
(:mod:`engines.hellgame.phases.action.orders`) and then asks the owner of the first demon on the track that
has not acted yet the question ``"act"``. When no demon is left waiting it
clears the track and hands over to ``"random"``.

The ``"act"`` question offers the *verbs* registered in :data:`VERBS`, in
registration order: wait (9.3), pass (9.4), walk the Earth (9.6), end the walk
(9.6.1), move (9.5, :mod:`engines.hellgame.phases.action.movement`), and the diplomacy of
:mod:`engines.hellgame.phases.action.diplomacy` (beg and plead, evil deeds, influence).
Part 2 adds magic and conspiracy by registering more verbs (:func:`verb`); a
verb built step by step keeps a :class:`Draft` (``q="act"``) for the seat and
answers the draft's steps itself.

Actions of the question (``Action(do, a, b, c)``):

- ``wait``: the demon does nothing (the passive choice);
- ``pass`` a=card: play a minor Pass card, the demon moves back;
- ``walk`` a=card: play a minor Walk the Earth card, the card lies under it;
- ``end_walk``: a demon on Earth breaks off its walk (its action, G17);
- ``move``: the Move action (a demon on Earth falls home first);
- the verbs of :mod:`engines.hellgame.phases.action.diplomacy`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engines.hellgame.core import board, data
from engines.hellgame.core.flow import Events, ask, close, question, step, tell
from engines.hellgame.core.model import Action, Ask, Draft, State
from engines.hellgame.phases.action import movement
from engines.hellgame.phases.hell import hellcards

Label = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Verb:
    """One kind of action a demon may take when its turn comes."""

    #: ``(state, demon index) -> actions`` offered now (empty: not possible).
    offer: Callable[[State, int], list[Action]]
    #: ``(state, ask, action, events)``: carry it out (or open its draft).
    apply: Callable[[State, Ask, Action, Events], None]
    label: Callable[[State, Ask, Action], Label]
    # A verb built step by step in ``state.drafts[seat]`` (Draft.data["verb"]):
    #: ``(state, ask, draft) -> actions`` of the draft's current step.
    legal: Callable[[State, Ask, Draft], list[Action]] | None = None
    #: ``(state, ask, draft, action, events)``: one step of the draft.
    answer: Callable[[State, Ask, Draft, Action, Events], None] | None = None
    prompt: Callable[[State, Ask, Draft], Label] | None = None
    step_label: Callable[[State, Ask, Draft, Action], Label] | None = None
    group: Callable[[State, Ask, Draft, Action], Label] | None = None


#: The verbs of the "act" question, offered in this order.
VERBS: dict[str, Verb] = {}
#: Run when the phase starts, once its rank track is built: a function may
#: ask questions first (then True: the track waits until they are answered).
#: The standing orders (:mod:`engines.hellgame.phases.action.orders`) go here.
PHASE_START: list[Callable[[State], bool]] = []


def verb(name: str, **parts: Any) -> Verb:
    VERBS[name] = Verb(**parts)
    return VERBS[name]


# -- helpers shared with diplomacy ------------------------------------------------


def card_of(s: State, demon: int) -> int:
    return s.demons[demon].card


def hearts(s: State, demon: int) -> int:
    return data.DEMONS[s.demons[demon].card].hearts


def done(s: State, a: Ask, demon: int) -> None:
    """The demon has taken its action; its turn is over."""
    s.demons[demon].acted = True
    s.drafts.pop(a.seat, None)
    close(s, a)


def step_draft(s: State, a: Ask, draft: Draft, x: Action, submit: Callable[[], None]) -> None:
    """One step of a demon's order built in a draft: ``back`` undoes the last
    step (or leaves the draft), ``submit`` carries it out, any other choice
    is the next step."""
    if x.do == "back":
        if draft.steps:
            draft.steps.pop()
        else:
            s.drafts.pop(a.seat, None)
    elif x.do == "submit":
        submit()
    else:
        draft.steps.append([x.do, x.a])


def fall_home(s: State, ev: Events, demon: int) -> None:
    """A demon on Earth doing something in Hell falls home first (9.6)."""
    if board.fall_home(s, demon):
        tell(s, ev, "ev_act_fall_home", demon=card_of(s, demon), seat=s.demons[demon].owner)


def walk_cost(s: State, card: int) -> int:
    """Souls to play ``card`` for Walk the Earth. Hook: the permanent event
    Enlightenment (+2, part 2) goes here."""

    return data.ARCANA[card].cost + hellcards.added(s, "walk_cost")


def forfeits(s: State, demon: int) -> bool:
    """Hook for "Pass for Good" (G28: Uriel's survivors forfeit their next
    action): the flag is consumed when the next Action phase starts, also for
    a demon that cannot act in it anyway (incapacitated)."""
    return s.demons[demon].pass_for_good


# -- the rank track (9.1) -----------------------------------------------------------


def waiting(s: State) -> list[int]:
    """Demons on the track still to act, in order (G56: only these count)."""
    return [i for i in s.track
            if not s.demons[i].acted and s.demons[i].status == "active" and not s.players[s.demons[i].owner].out]


def _begin(s: State, ev: Events) -> None:
    for d in s.demons:
        d.acted = False
    s.track = sorted((i for i, d in enumerate(s.demons)
                      if d.status == "active" and not s.players[d.owner].out),
                     key=lambda i: board.rank(s, i))
    for i, d in enumerate(s.demons):
        if forfeits(s, i):
            d.pass_for_good = False  # "the next Action phase" is this one (10.1, G28)
            if i in s.track:
                d.acted = True
                tell(s, ev, "ev_act_pass_for_good", demon=card_of(s, i), seat=d.owner)


@step("action")
def _action_step(s: State, ev: Events) -> None:
    if not s.track:
        _begin(s, ev)
        if s.track and any(hook(s) for hook in PHASE_START):
            return  # asked first (the standing orders); this step runs again once all are in
    left = waiting(s)
    if left:
        ask(s, s.demons[left[0]].owner, "act", kind="turn", demon=left[0])
        return
    s.track = []  # the standing orders end with the phase (orders.py's PHASE_END hook)
    for d in s.demons:
        d.acted = False
    s.step = "random"


# -- the "act" question ---------------------------------------------------------------


def _draft(s: State, a: Ask) -> Draft | None:
    d = s.drafts.get(a.seat)
    return d if d is not None and d.q == "act" else None


def _legal(s: State, a: Ask) -> list[Action]:
    draft = _draft(s, a)
    if draft is not None:
        return VERBS[draft.data["verb"]].legal(s, a, draft)
    return [x for v in VERBS.values() for x in v.offer(s, a.data["demon"])]


def _answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    draft = _draft(s, a)
    if draft is not None:
        VERBS[draft.data["verb"]].answer(s, a, draft, x, ev)
    else:
        VERBS[x.do].apply(s, a, x, ev)


def _prompt(s: State, a: Ask) -> Label:
    draft = _draft(s, a)
    if draft is not None:
        return VERBS[draft.data["verb"]].prompt(s, a, draft)
    demon = a.data["demon"]
    key = "pr_act_earth" if s.demons[demon].on_earth else "pr_act_hell"
    return key, {"demon": card_of(s, demon), "souls": s.players[a.seat].souls}


def _label(s: State, a: Ask, x: Action) -> Label:
    draft = _draft(s, a)
    if draft is not None:
        return VERBS[draft.data["verb"]].step_label(s, a, draft, x)
    return VERBS[x.do].label(s, a, x)


def _group(s: State, a: Ask, x: Action) -> Label:
    draft = _draft(s, a)
    if draft is not None and VERBS[draft.data["verb"]].group is not None:
        return VERBS[draft.data["verb"]].group(s, a, draft, x)
    return "grp_act_actions", {}


def _passive(s: State, a: Ask) -> Action:
    """A missed deadline: the demon waits; inside a draft, one step back
    (repeated, this leaves the draft and then waits), or the draft's own
    "nothing" where it has no way back (cards already seen)."""
    if _draft(s, a) is None:
        return Action(do="wait")
    legal = _legal(s, a)
    for do in ("back", "none", "no"):
        if Action(do=do) in legal:
            return Action(do=do)
    return legal[0]


question("act", legal=_legal, answer=_answer, prompt=_prompt, label=_label,
         passive=_passive, group=_group)


# -- 9.3 wait ---------------------------------------------------------------------------


def _wait(s: State, a: Ask, x: Action, ev: Events) -> None:
    demon = a.data["demon"]
    tell(s, ev, "ev_act_wait", demon=card_of(s, demon), seat=a.seat)
    done(s, a, demon)


verb("wait", offer=lambda s, i: [Action(do="wait")], apply=_wait,
     label=lambda s, a, x: ("lb_act_wait", {}))


# -- 9.4 pass -------------------------------------------------------------------------------


def behind(s: State, demon: int) -> list[int]:
    """The demons still waiting to act after ``demon`` (G56: only these count)."""
    left = waiting(s)
    return left[left.index(demon) + 1:] if demon in left else []


def _pass_offer(s: State, demon: int) -> list[Action]:
    if not behind(s, demon):  # nobody left to pass (ruling: refused)
        return []
    souls = s.players[s.demons[demon].owner].souls
    hand = s.players[s.demons[demon].owner].hand
    return [Action(do="pass", a=c) for c in hand
            if data.ARCANA[c].minor == "pass" and data.ARCANA[c].cost <= souls]


def pass_back(s: State, demon: int, places: int) -> int:
    """Move ``demon`` back ``places`` places among the demons still waiting
    behind it (G56); places beyond the end are lost. Returns places moved."""
    after = behind(s, demon)
    moved = min(places, len(after))
    if moved:
        s.track.remove(demon)
        s.track.insert(s.track.index(after[moved - 1]) + 1, demon)
    return moved


def _pass(s: State, a: Ask, x: Action, ev: Events) -> None:
    demon, card = a.data["demon"], x.a
    player = s.players[a.seat]
    player.souls -= data.ARCANA[card].cost
    player.hand.remove(card)
    s.arcana.append(card)
    places = data.ARCANA[card].pass_places
    moved = pass_back(s, demon, places)
    tell(s, ev, "ev_act_pass", demon=card_of(s, demon), seat=a.seat, card=card,
         cost=data.ARCANA[card].cost, places=places, moved=moved)
    s.drafts.pop(a.seat, None)
    close(s, a)  # not acted: it acts when its turn comes again


verb("pass", offer=_pass_offer, apply=_pass,
     label=lambda s, a, x: ("lb_act_pass", {"card": x.a, "places": data.ARCANA[x.a].pass_places,
                                            "cost": data.ARCANA[x.a].cost}))


# -- 9.6 walk the Earth, 9.6.1 breaking off the walk ---------------------------------------


def _walk_offer(s: State, demon: int) -> list[Action]:
    d = s.demons[demon]
    if d.on_earth:
        return []
    player = s.players[d.owner]
    return [Action(do="walk", a=c) for c in player.hand
            if data.ARCANA[c].minor in ("walk", "walk_safely") and walk_cost(s, c) <= player.souls]


def _walk(s: State, a: Ask, x: Action, ev: Events) -> None:
    demon, card = a.data["demon"], x.a
    player = s.players[a.seat]
    cost = walk_cost(s, card)
    player.souls -= cost
    player.hand.remove(card)
    s.demons[demon].walk = card
    tell(s, ev, "ev_act_walk", demon=card_of(s, demon), seat=a.seat, card=card, cost=cost)
    done(s, a, demon)


verb("walk", offer=_walk_offer, apply=_walk,
     label=lambda s, a, x: ("lb_act_walk", {"card": x.a, "cost": walk_cost(s, x.a)}))


def _end_walk(s: State, a: Ask, x: Action, ev: Events) -> None:
    demon = a.data["demon"]
    card = s.demons[demon].walk
    board.fall_home(s, demon)
    tell(s, ev, "ev_act_end_walk", demon=card_of(s, demon), seat=a.seat, card=card)
    done(s, a, demon)


verb("end_walk", offer=lambda s, i: [Action(do="end_walk")] if s.demons[i].on_earth else [],
     apply=_end_walk, label=lambda s, a, x: ("lb_act_end_walk", {}))


# -- 9.5 move ------------------------------------------------------------------------------------


def _move_offer(s: State, demon: int) -> list[Action]:
    seat = s.demons[demon].owner
    has_units = any(u.owner == seat and u.kind in ("legion", "lieutenant") for u in s.units)
    return [Action(do="move")] if has_units else []


def _move(s: State, a: Ask, x: Action, ev: Events) -> None:

    demon = a.data["demon"]
    fall_home(s, ev, demon)
    tell(s, ev, "ev_act_move", demon=card_of(s, demon), seat=a.seat)
    s.drafts.pop(a.seat, None)
    close(s, a)
    movement.start_move(s, demon, ev)  # sets acted when the move is over


verb("move", offer=_move_offer, apply=_move, label=lambda s, a, x: ("lb_act_move", {}))
