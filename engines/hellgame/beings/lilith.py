"""Lilith (10.2, 6.2.2, 9.5.2.4; gaps G32-G36): the mother of demons.

She appears in Antehell through Lilith's Visit (``hellcards.LILITH_VISIT``) or
Love for Lilith (``spells.SUMMON_LILITH``) and moves in the Random Move
phase (``wild.BEINGS``: after Uriel, before the hounds):

1. Courting (G33): every live triumvirate with spendable favour and an active
   demon is asked (question ``lilith_court``, simultaneous, default: no) to
   name a demon; each courter pays 1 favour. Several courters fight a
   multi-way Duel of Hearts (each rolls its demon's hearts; highest total wins,
   the tied best roll again). The winner steers her this phase only.
2. Her aspect (G32): d6 1-2 Virgin, 3-4 Mother, 5-6 Crone, rolled again until
   it differs from last round's aspect.
3. Four moves. From Antehell (her first round) the first move is always a
   rolled quarter's Limbo sectio (re-roll 6, G34), controlled or not.
   Uncontrolled: compass rolls (5-6: she stays). Controlled: the winner picks
   each direction or to stay (question ``lilith_steer``, default: stay).
   Into Antehell or the Pentagram she leaves the game. Entering Uriel's sectio
   destroys him. Every sectio she enters feels her aspect:
   - Crone (G35): the owner draws 1 arcana card, each triumvirate 1 more per
     legion it has there; no disfavour rolls; a Play Right Away card drawn
     takes effect and counts as one of them (ruling); the hand limit follows
     after her move (``hellphase.hand_limit``).
   - Virgin: every unit there is slain (nobody flees from her).
   - Mother (G36): legions doubled per owner (up to 12 per player), hounds
     doubled from the top of the hound stack while counters last; a new hound
     beside a kept one goes to a free legion of the same owner, else it is wild.

Units may enter her sectio but must stop there (``flight.STOP_HOOKS``);
rampaging hounds roll again rather than step into it (``flight.HOUND_AVOIDS``).
A Cave-in in her sectio drives her out; an Earthquake makes her roll, 1-2 she
leaves (``hellcards.DISASTERS``).

Rule decisions: a second call while she is in play does nothing; the
controller's steering asks one step at a time (the legal list stays small); a
demon on Earth may court her; the favour is spent even if the duel is lost.
"""

from __future__ import annotations

from typing import Any

from engines.hellgame.beings import wild
from engines.hellgame.core import board, data, dice, flight
from engines.hellgame.core.flow import Events, ask, close, question, step, tell, tell_seat
from engines.hellgame.core.model import ANTEHELL, Action, Ask, Being, FREEBOOTERS, LEGION_LIMIT, Phenomenon, State
from engines.hellgame.magic import spells
from engines.hellgame.phases.hell import hellcards, hellphase

MOVES = 4
ASPECTS = {1: "virgin", 2: "virgin", 3: "mother", 4: "mother", 5: "crone", 6: "crone"}
ASPECT_KEYS = {"virgin": "ev_lilith_virgin_aspect", "mother": "ev_lilith_mother_aspect", "crone": "ev_lilith_crone_aspect"}
#: Compass directions the controller may choose (the compass die values).
DIRECTIONS = (1, 2, 3, 4)


# -- appearing and leaving ---------------------------------------------------------


def appear(state: State, events: Events) -> None:
    """Lilith's Visit / Love for Lilith: she waits in Antehell (6.2.2)."""
    if state.lilith is not None:
        tell(state, events, "ev_lilith_already")
        return
    state.lilith = Being(at=ANTEHELL, since=state.round)
    tell(state, events, "ev_lilith_appears")


def leave(state: State, events: Events, key: str = "ev_lilith_leaves") -> None:
    at = state.lilith.at if state.lilith is not None else None
    state.lilith = None
    tell(state, events, key, **({"sectio": at} if isinstance(at, int) else {}))


def here(state: State, sectio: int) -> bool:
    return state.lilith is not None and state.lilith.at == sectio


def _disaster(state: State, events: Events, phenomenon: Phenomenon) -> None:
    """6.2.2: only Cave-in and Earthquake touch her (hellgame.md, Parts 2 and 3)."""
    lil = state.lilith
    if lil is None or lil.at not in phenomenon.sectios:
        return
    if phenomenon.kind == "cave_in":
        leave(state, events, "ev_lilith_cave_in")
    elif phenomenon.kind == "earthquake":
        r = dice.d6(state, None)
        if r <= 2:
            state.lilith = None
            tell(state, events, "ev_lilith_quake_leaves", sectio=lil.at, roll=r)
        else:
            tell(state, events, "ev_lilith_quake_stays", sectio=lil.at, roll=r)


# -- the Random Move phase -----------------------------------------------------------


def _being(state: State, events: Events) -> None:
    if state.lilith is None or state.step != "random":
        return
    state.lilith.data = {"court": {}}
    state.step = "random_lilith"


def _courters(state: State) -> list[int]:
    return [s for s in hellphase.live(state)
            if board.spendable_favour(state, s) >= 1 and board.active_demons(state, s)]


@step("random_lilith")
def _court_step(state: State, events: Events) -> None:
    state.step = "random_lilith_duel"
    for seat in _courters(state):
        ask(state, seat, "lilith_court", kind="simultaneous")


def _court_legal(state: State, a: Ask) -> list[Action]:
    return [Action(do="no")] + [Action(do="court", a=d) for d in board.active_demons(state, a.seat)]


def _court_answer(state: State, a: Ask, x: Action, events: Events) -> None:
    if x.do == "court" and state.lilith is not None:
        state.lilith.data.setdefault("court", {})[str(a.seat)] = x.a
    close(state, a)


def _court_label(state: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    if x.do == "no":
        return "lb_lilith_court_no", {}
    return "lb_lilith_court", {"demon": state.demons[x.a].card}


question("lilith_court", legal=_court_legal, answer=_court_answer,
         prompt=lambda s, a: ("pr_lilith_court", {}), label=_court_label,
         passive=lambda s, a: Action(do="no"))


def heart_duel(state: State, entries: dict[int, int]) -> tuple[int, list[list[int]]]:
    """A multi-way Duel of Hearts (G33): seat -> hearts; the highest total
    wins, the tied best roll again. Returns the winner and every roll."""
    rolls: list[list[int]] = []
    field = dict(entries)
    while True:
        totals: dict[int, int] = {}
        for seat, hearts in field.items():
            r = dice.roll(state, seat, max(1, hearts))
            rolls.append(r)
            totals[seat] = sum(r)
        best = max(totals.values())
        top = [s for s in field if totals[s] == best]
        if len(top) == 1:
            return top[0], rolls
        field = {s: field[s] for s in top}


@step("random_lilith_duel")
def _duel_step(state: State, events: Events) -> None:
    lil = state.lilith
    if lil is None:
        state.step = "random_hounds"
        return
    court = {int(k): v for k, v in lil.data.get("court", {}).items()}
    controller = None
    for seat in court:
        state.players[seat].favour -= 1
    if court:
        tell(state, events, "ev_lilith_courted", seats=sorted(court))
    if len(court) == 1:
        controller = next(iter(court))
    elif court:
        hearts = {s: data.DEMONS[state.demons[d].card].hearts for s, d in sorted(court.items())}
        controller, rolls = heart_duel(state, hearts)
        tell(state, events, "ev_lilith_duel", seat=controller, rolls=[sum(r) for r in rolls])
    if controller is not None:
        tell(state, events, "ev_lilith_won", seat=controller, demon=state.demons[court[controller]].card)
    aspect = ASPECTS[dice.d6(state, None)]
    while aspect == lil.stage:
        aspect = ASPECTS[dice.d6(state, None)]
    lil.stage = aspect
    tell(state, events, ASPECT_KEYS[aspect])
    lil.data = {"controller": controller, "left": MOVES, "crone": False}
    if lil.at == ANTEHELL:
        _arrive(state, events)
    _go_on(state, events)


def _arrive(state: State, events: Events) -> None:
    """G34: the first move of her first round: a rolled quarter's Limbo sectio."""
    r = dice.d6(state, None)
    while r == 6:
        r = dice.d6(state, None)
    state.lilith.data["left"] -= 1
    _enter(state, events, data.reentry(r))


def _go_on(state: State, events: Events) -> None:
    """Her remaining moves: rolled now, or asked of the controller one by one."""
    lil = state.lilith
    while lil is not None and not lil.data.get("gone") and lil.data.get("left", 0) > 0:
        controller = lil.data.get("controller")
        if controller is not None and not state.players[controller].out:
            state.step = "random_lilith_wait"
            ask(state, controller, "lilith_steer")
            return
        lil.data["left"] -= 1
        r = dice.d6(state, None)
        _step(state, events, data.compass_step(lil.at, r), r)
    _finish(state, events)


@step("random_lilith_wait")
def _wait(state: State, events: Events) -> None:
    _go_on(state, events)


def _finish(state: State, events: Events) -> None:
    lil = state.lilith
    crone = lil is not None and lil.data.get("crone")
    if lil is not None:
        if lil.data.get("gone"):
            state.lilith = None
        else:
            lil.data = {}
    if crone:
        hellphase.hand_limit(state, "random_hounds")
    else:
        state.step = "random_hounds"


def _step(state: State, events: Events, dest: int | str | None, roll: int | None) -> None:
    lil = state.lilith
    if dest is None:
        tell(state, events, "ev_lilith_stays", sectio=lil.at, **({"roll": roll} if roll else {}))
    elif dest == data.PENTAGRAM or dest == ANTEHELL:
        # she leaves the game; the Being stays until her move is wound up
        tell(state, events, "ev_lilith_pentagram" if dest == data.PENTAGRAM else "ev_lilith_antehell", sectio=lil.at)
        lil.at, lil.data["gone"] = None, True
    else:
        _enter(state, events, dest)


def _steer_legal(state: State, a: Ask) -> list[Action]:
    return [Action(do="go", a=r) for r in DIRECTIONS] + [Action(do="stay")]


def _steer_answer(state: State, a: Ask, x: Action, events: Events) -> None:
    close(state, a)
    lil = state.lilith
    lil.data["left"] -= 1
    _step(state, events, None if x.do == "stay" else data.compass_step(lil.at, x.a), None)


def _steer_label(state: State, a: Ask, x: Action) -> tuple[str, dict[str, Any]]:
    if x.do == "stay":
        return "lb_lilith_stay", {}
    dest = data.compass_step(state.lilith.at, x.a)
    if dest == data.PENTAGRAM:
        return "lb_lilith_to_pentagram", {}
    return "lb_lilith_go", {"to": dest}


question("lilith_steer", legal=_steer_legal, answer=_steer_answer,
         prompt=lambda s, a: ("pr_lilith_steer", {"sectio": s.lilith.at, "n": s.lilith.data.get("left", 0)}),
         label=_steer_label, passive=lambda s, a: Action(do="stay"))


# -- entering a sectio: her aspect -------------------------------------------------


def _enter(state: State, events: Events, dest: int) -> None:
    lil = state.lilith
    lil.at = dest
    tell(state, events, "ev_lilith_enters", sectio=dest)
    if state.uriel is not None and state.uriel.at == dest:
        state.uriel = None
        tell(state, events, "ev_lilith_uriel", sectio=dest)
    {"crone": crone, "virgin": virgin, "mother": mother}[lil.stage](state, events, dest)


def crone(state: State, events: Events, at: int) -> None:
    """G35: the owner draws 1 card, each triumvirate 1 more per legion there."""
    gets: dict[int, int] = {}
    owner = state.owner[at]
    if owner is not None and owner < state.seats:
        gets[owner] = 1
    for u in board.units_at(state, at):
        if u.kind == "legion" and u.owner is not None and u.owner < state.seats:
            gets[u.owner] = gets.get(u.owner, 0) + 1
    for seat in sorted(gets):
        if state.players[seat].out:
            continue
        got = hellphase.draw(state, events, seat, gets[seat])
        tell(state, events, "ev_lilith_crone_cards", seat=seat, n=len(got), sectio=at)
        tell_seat(events, seat, "ev_arcana_drawn", cards=got)
        if state.lilith is not None:
            state.lilith.data["crone"] = True


def virgin(state: State, events: Events, at: int) -> None:
    """Every unit in the sectio is slain; nobody flees from her."""
    here_ = board.units_at(state, at)
    counts: dict[int | None, int] = {}
    for u in here_:
        counts[u.owner] = counts.get(u.owner, 0) + 1
    for u in here_:
        if board.unit(state, u.id) is not None:
            board.remove(state, u)
    for owner in sorted(counts, key=lambda o: -1 if o is None else o):
        if owner is None:
            tell(state, events, "ev_lilith_virgin_wild", sectio=at, n=counts[owner])
        elif owner == FREEBOOTERS:
            tell(state, events, "ev_lilith_virgin_free", sectio=at, n=counts[owner])
        else:
            tell(state, events, "ev_lilith_virgin_units", seat=owner, sectio=at, n=counts[owner])


def mother(state: State, events: Events, at: int) -> None:
    """G36: legions doubled per owner (12 per player), hounds while counters last."""
    here_ = board.units_at(state, at)
    owners = sorted({u.owner for u in here_ if u.kind == "legion" and u.owner is not None})
    for owner in owners:
        n = sum(1 for u in here_ if u.kind == "legion" and u.owner == owner)
        born = 0
        for _ in range(n):
            if owner != FREEBOOTERS and len(board.legions(state, owner)) >= LEGION_LIMIT:
                break
            if board.place(state, "legion", owner, at) is not None:
                born += 1
        if owner == FREEBOOTERS:
            tell(state, events, "ev_lilith_mother_free", sectio=at, n=born)
        else:
            tell(state, events, "ev_lilith_mother_legions", seat=owner, sectio=at, n=born)
    for h in [u for u in here_ if u.kind == "hound"]:
        if not state.hounds:
            tell(state, events, "ev_lilith_mother_no_hounds", sectio=at)
            break
        attacks = state.hounds.pop(0)
        keeper = _free_keeper(state, at, h.owner) if h.keeper is not None else None
        new = board.place(state, "hound", keeper.owner if keeper else None, at, card=attacks)
        if keeper is not None:
            new.keeper = keeper.id
            tell(state, events, "ev_lilith_mother_hound_kept", seat=keeper.owner, sectio=at, attacks=attacks)
        else:
            tell(state, events, "ev_lilith_mother_hound", sectio=at, attacks=attacks)


def _free_keeper(state: State, at: int, owner: int | None):
    kept = {u.keeper for u in state.units if u.kind == "hound" and u.keeper is not None}
    return next((u for u in board.units_at(state, at)
                 if u.kind == "legion" and u.owner == owner and u.id not in kept), None)


# -- hooks -----------------------------------------------------------------------------

hellcards.LILITH_VISIT.append(appear)
spells.SUMMON_LILITH.append(appear)
hellcards.DISASTERS.append(_disaster)
flight.STOP_HOOKS.append(here)
flight.HOUND_AVOIDS.append(here)
wild.BEINGS.append(_being)
