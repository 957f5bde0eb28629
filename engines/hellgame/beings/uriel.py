"""Uriel, the archangel on his crusade (10.1, 6.2.2, 9.5.2.4).

He is summoned by Uriel's Crusade (:data:`hellcards.URIEL_CRUSADE`, also when
a conspiracy places the card) or by Call for Uriel
(:data:`spells.SUMMON_URIEL`) and lives in ``State.uriel``
(:class:`~engines.hellgame.core.model.Being`), going through the stages
"earth" (in his box), "antehell" (waiting there) and "hell".

- Summoned: every demon on Earth (not dead) rolls against its skulls; a
  failure destroys it (status "dead", its Walk card to the bottom of the
  arcana deck, the demon card under the Daemon deck, 3.1:
  :func:`board.demon_dies`); survivors fall home and must "Pass for Good"
  (G28).
- Random Move phase (:data:`wild.BEINGS`, before Lilith and the hounds): in
  the round of his summoning he goes to Antehell and destroys everything
  there. In the next Random Move phase he enters Hell: one die for the
  quarter, 6 rolled again (G29), into that quarter's Limbo sectio; the entry
  is the first of his 4 steps; each further step is a compass roll where 3
  counts as 1 and 5-6 is a step without movement (G29). In later rounds he
  makes 4 compass steps.
- Every sectio he enters is revoked (no owner; a triumvirate left without a
  sectio is rescued or eliminated in the Petition phase, 12.3.1). Every unit
  there flees at once, one by one (the panic parts every lieutenant from his
  legions); no flight into the sectio he came from (ruling); a failure is
  destroyed. Every hound there, tamed or wild, goes wild and runs amok
  (:func:`flight.run_amok`, which rolls again any direction into his sectio,
  :data:`flight.HOUND_AVOIDS`); a hound that stays is destroyed.
- Into the Pentagram or Lilith's sectio: he is removed from the game.
- After his move (the Antehell wipe included), each triumvirate that lost
  legions to him this round rolls 1 d6: not higher than the legions lost,
  or 6+ legions lost, and its lowest-ranking living demon is destroyed (G30;
  it too goes under the Daemon deck). A triumvirate left with no demon starts
  again at once (13.2.1), from the top of the Daemon deck.
- No unit voluntarily enters his location (:data:`flight.ENTRY_BARS`). A
  unit that gets there by flight is destroyed: at the end of the Action and
  the Combat phase (:data:`flow.PHASE_END`) every unit in his location that
  was not there when the Summoning phase ended is destroyed (the flight
  module has no hook of its own for this).
- Cave-in over his sectio removes him; an Earthquake makes him roll, 1-2 he
  leaves (:data:`hellcards.DISASTERS`, ruling). On Earth or in Antehell no
  phenomenon reaches him.
- Called by the card, he leaves when that card no longer lies in the Heaven
  box (G31, default: removed); checked when a phase ends, when Uriel is
  summoned again and before he moves. Summoned while in play: nothing more.
"""

from __future__ import annotations

from engines.hellgame.beings import wild
from engines.hellgame.core import board, data, dice, flight, flow
from engines.hellgame.core.flow import Events, tell
from engines.hellgame.core.model import ANTEHELL, Being, FREEBOOTERS, Phenomenon, State, Unit
from engines.hellgame.magic import spells
from engines.hellgame.phases import endphase
from engines.hellgame.phases.hell import hellcards

STEPS = 4
#: Legions lost to him in one round that destroy a demon without a roll (G30).
SURE_KILL = 6
#: An earthquake removes him on this roll or less.
QUAKE_LOSS = 2
BOX = "heaven"


# -- summoning (10.1 step 1, 6.2.2) -------------------------------------------------------------


def _crusade_card(state: State) -> int | None:
    card = state.permanent.get(BOX)
    return card if card is not None and hellcards.event_of(card) == "uriels_crusade" else None


def summon(state: State, events: Events, card: int | None = None) -> None:
    """Uriel appears in his box on Earth and cleanses the Earth at once."""
    check_card(state, events)
    if state.uriel is not None:
        tell(state, events, "ev_uriel_already")
        return
    state.uriel = Being(at=None, stage="earth", since=state.round,
                        data={"card": card, "lost": {}, "lost_round": state.round, "residents": []})
    tell(state, events, "ev_uriel_summoned")
    cleanse_earth(state, events)


def _by_card(state: State, events: Events) -> None:
    summon(state, events, _crusade_card(state))


def _by_spell(state: State, events: Events) -> None:
    summon(state, events, None)


def kill_demon(state: State, events: Events, i: int) -> None:
    """A demon is destroyed by Uriel; its triumvirate restarts if it was the last."""
    board.demon_dies(state, i)  # its card goes under the Daemon deck (3.1)
    endphase.restart_triumvirate(state, events, state.demons[i].owner)


def cleanse_earth(state: State, events: Events) -> None:
    for i, d in enumerate(state.demons):
        if d.walk is None or d.status == "dead" or state.players[d.owner].out:
            continue
        skulls = data.DEMONS[d.card].skulls
        ok, r = dice.against(state, d.owner, skulls)
        if ok:
            board.fall_home(state, i)
            d.pass_for_good = True
            tell(state, events, "ev_uriel_earth_spared", seat=d.owner, demon=d.card, roll=r, skulls=skulls)
        else:
            tell(state, events, "ev_uriel_earth_dies", seat=d.owner, demon=d.card, roll=r, skulls=skulls)
            kill_demon(state, events, i)


def remove(state: State, events: Events, key: str, **params) -> None:
    tell(state, events, key, **params)
    state.uriel = None


def check_card(state: State, events: Events) -> None:
    """G31: called by a card that has been replaced, he leaves."""
    u = state.uriel
    if u is not None and u.data.get("card") is not None and state.permanent.get(BOX) != u.data["card"]:
        remove(state, events, "ev_uriel_card_gone")


# -- losses and the demon kill (G30) -------------------------------------------------------


def _lost(state: State) -> dict[str, int]:
    u = state.uriel
    assert u is not None
    if u.data.get("lost_round") != state.round:
        u.data["lost"], u.data["lost_round"] = {}, state.round
    return u.data["lost"]


def destroy(state: State, events: Events, units: list[Unit], at: int) -> None:
    """Uriel destroys ``units`` at ``at``; legions count for the demon kill."""
    lost = _lost(state)
    counts: dict[int | None, int] = {}
    for u in units:
        if board.unit(state, u.id) is None:
            continue
        counts[u.owner] = counts.get(u.owner, 0) + 1
        if u.kind == "legion" and u.owner is not None and 0 <= u.owner < state.seats:
            lost[str(u.owner)] = lost.get(str(u.owner), 0) + 1
        for h in board.remove(state, u):
            if board.unit(state, h.id) is not None:
                board.remove(state, h)  # its keeper went: it perishes with him here
                counts[None] = counts.get(None, 0) + 1
    for owner in sorted(counts, key=lambda o: (o is None, o or 0)):
        if owner is None:
            tell(state, events, "ev_uriel_destroyed_wild", sectio=at, n=counts[owner])
        elif owner == FREEBOOTERS:
            tell(state, events, "ev_uriel_destroyed_free", sectio=at, n=counts[owner])
        else:
            tell(state, events, "ev_uriel_destroyed", seat=owner, sectio=at, n=counts[owner])


def lowest_demon(state: State, seat: int) -> int | None:
    living = [i for i, d in enumerate(state.demons) if d.owner == seat and d.status != "dead"]
    return max(living, key=lambda i: board.rank(state, i)) if living else None


def demon_kill(state: State, events: Events) -> None:
    if state.uriel is None:
        return
    lost = _lost(state)
    for key in sorted(lost, key=int):
        seat, n = int(key), lost[key]
        if n <= 0 or state.players[seat].out:
            continue
        victim = lowest_demon(state, seat)
        if victim is None:
            continue
        card = state.demons[victim].card
        if n >= SURE_KILL:
            tell(state, events, "ev_uriel_kill_sure", seat=seat, n=n, demon=card)
            kill_demon(state, events, victim)
            continue
        r = dice.d6(state, seat)
        if r > n:
            tell(state, events, "ev_uriel_kill_spared", seat=seat, n=n, roll=r, demon=card)
        else:
            tell(state, events, "ev_uriel_kill", seat=seat, n=n, roll=r, demon=card)
            kill_demon(state, events, victim)
    state.uriel.data["lost"] = {}


# -- the Random Move phase (10.1 steps 2-4) ---------------------------------------------------------


def move(state: State, events: Events) -> None:
    """Hook of :data:`wild.BEINGS`."""
    check_card(state, events)
    u = state.uriel
    if u is None:
        return
    if u.stage == "earth":
        u.at, u.stage = ANTEHELL, "antehell"
        tell(state, events, "ev_uriel_antehell")
        destroy(state, events, board.units_at(state, ANTEHELL), ANTEHELL)
    elif u.stage == "antehell":
        r = dice.d6(state, None)
        while r == 6:
            r = dice.d6(state, None)
        at = data.reentry(r)
        assert at is not None
        u.stage = "hell"
        tell(state, events, "ev_uriel_enters", roll=r, sectio=at)
        if enter(state, events, at, None):
            walk(state, events, STEPS - 1)
    else:
        walk(state, events, STEPS)
    demon_kill(state, events)


def walk(state: State, events: Events, steps: int) -> None:
    for _ in range(steps):
        u = state.uriel
        if u is None or u.at is None or u.at == ANTEHELL:
            return
        r = dice.d6(state, None)
        dest = data.compass_step(u.at, 1 if r == 3 else r)
        if dest is None:
            tell(state, events, "ev_uriel_still", roll=r, sectio=u.at)
            continue
        if dest == data.PENTAGRAM or dest == ANTEHELL:
            remove(state, events, "ev_uriel_pentagram", roll=r, sectio=u.at)
            return
        assert isinstance(dest, int)
        tell(state, events, "ev_uriel_step", roll=r, **{"from": u.at, "to": dest})
        if not enter(state, events, dest, u.at):
            return


def enter(state: State, events: Events, at: int, came: int | None) -> bool:
    """Uriel enters sectio ``at``: Lilith ends him; else panic and revocation.
    False if he was removed."""
    u = state.uriel
    assert u is not None
    if state.lilith is not None and state.lilith.at == at:
        remove(state, events, "ev_uriel_meets_lilith", sectio=at)
        return False
    u.at = at
    flight.record_entry(state, at, None, ANTEHELL if came is None else came)
    panic(state, events, at, came)
    owner = state.owner[at]
    if owner is not None:
        state.owner[at] = None
        if owner == FREEBOOTERS:
            tell(state, events, "ev_uriel_revoked_free", sectio=at)
        else:
            tell(state, events, "ev_uriel_revoked", seat=owner, sectio=at)
    return True


def panic(state: State, events: Events, at: int, came: int | None) -> None:
    """Every unit at ``at`` flees at once; lieutenants alone, hounds run amok."""
    here = board.units_at(state, at)
    hounds = [h for h in here if h.kind == "hound"]
    for h in hounds:
        h.owner, h.keeper = None, None
    for x in here:
        if x.kind == "legion":
            x.leader = None
    owners = sorted({x.owner for x in here if x.kind != "hound" and x.owner is not None})
    for owner in owners:
        mine = [x for x in here if x.kind != "hound" and x.owner == owner]
        failed = flight.flee(state, owner, mine, came, events)
        destroy(state, events, failed, at)
    for h in hounds:
        if board.unit(state, h.id) is None:
            continue
        flight.run_amok(state, h, events)
        if board.unit(state, h.id) is not None and h.at == at:
            destroy(state, events, [h], at)


# -- hooks: entry bars, hounds, disasters, the end of a phase ----------------------------------------


def bars(state: State, seat: int, sectio: int) -> bool:
    return state.uriel is not None and state.uriel.at == sectio


def avoids(state: State, sectio: int) -> bool:
    return state.uriel is not None and state.uriel.at == sectio


def disaster(state: State, events: Events, phenomenon: Phenomenon) -> None:
    u = state.uriel
    if u is None or u.at is None or u.at not in phenomenon.sectios:
        return
    if phenomenon.kind == "cave_in":
        remove(state, events, "ev_uriel_cave_in", sectio=u.at)
    elif phenomenon.kind == "earthquake":
        r = dice.d6(state, None)
        if r <= QUAKE_LOSS:
            remove(state, events, "ev_uriel_quake_leaves", roll=r, sectio=u.at)
        else:
            tell(state, events, "ev_uriel_quake_stays", roll=r, sectio=u.at)


def phase_end(state: State, events: Events, phase: str) -> None:
    check_card(state, events)
    u = state.uriel
    if u is None or u.at is None:
        return
    here = board.units_at(state, u.at)
    if phase == "summon":
        u.data["residents"] = [x.id for x in here]
    elif phase in ("action", "combat"):
        old = set(u.data.get("residents", []))
        intruders = [x for x in here if x.id not in old]
        if intruders:
            destroy(state, events, intruders, u.at)


def _register() -> None:
    for hooks, fn in ((hellcards.URIEL_CRUSADE, _by_card), (spells.SUMMON_URIEL, _by_spell),
                      (wild.BEINGS, move), (flight.ENTRY_BARS, bars), (flight.HOUND_AVOIDS, avoids),
                      (hellcards.DISASTERS, disaster), (flow.PHASE_END, phase_end)):
        if fn not in hooks:
            hooks.insert(0, fn) if hooks is wild.BEINGS else hooks.append(fn)


_register()
