"""Questions about the board that every rule module asks: who stands where,
who is an enemy of whom, which sectios a player holds, and the small changes
(placing, removing, switching units) that keep leaders, keepers and the
Return box consistent."""

from __future__ import annotations

from engines.hellgame.core import data
from engines.hellgame.core.model import ANTEHELL, FREEBOOTERS, LEGION_LIMIT, State, Unit


def unit(state: State, uid: int) -> Unit | None:
    return next((u for u in state.units if u.id == uid), None)


def units_at(state: State, at: int) -> list[Unit]:
    return [u for u in state.units if u.at == at]


def legions(state: State, seat: int) -> list[Unit]:
    return [u for u in state.units if u.kind == "legion" and u.owner == seat]


def lieutenants(state: State, seat: int) -> list[Unit]:
    return [u for u in state.units if u.kind == "lieutenant" and u.owner == seat]


def owned(state: State, seat: int) -> list[int]:
    return [i for i, o in enumerate(state.owner) if o == seat]


def group(state: State, lt: Unit) -> list[Unit]:
    """The legions a lieutenant leads (they stand where he stands)."""
    return [u for u in state.units if u.kind == "legion" and u.leader == lt.id and u.at == lt.at]


def hound_of(state: State, keeper: Unit) -> Unit | None:
    return next((u for u in state.units if u.kind == "hound" and u.keeper == keeper.id), None)


def is_wild(u: Unit) -> bool:
    return u.kind == "hound" and u.keeper is None


def hostile(u: Unit, seat: int) -> bool:
    """Is ``u`` an enemy of ``seat``? Wild hounds and freebooters are everyone's."""
    return u.owner != seat


def enemies_at(state: State, at: int, seat: int) -> list[Unit]:
    return [u for u in units_at(state, at) if hostile(u, seat)]


def enemy_legion_at(state: State, at: int, seat: int) -> bool:
    return any(u.kind == "legion" and hostile(u, seat) for u in units_at(state, at))


def wild_at(state: State, at: int) -> bool:
    return any(is_wild(u) for u in units_at(state, at))


def lone_lieutenant(state: State, lt: Unit) -> bool:
    """No legion of his owner stands with him (9.5.2.2)."""
    return lt.kind == "lieutenant" and not any(
        u.kind == "legion" and u.owner == lt.owner for u in units_at(state, lt.at)
    )


def holders_at(state: State, at: int, seat: int) -> list[int]:
    """Seats other than ``seat`` with units at ``at`` (seat order)."""
    return sorted({u.owner for u in units_at(state, at) if u.owner not in (seat, None, FREEBOOTERS)})


def neighbours(at: int) -> tuple[int, ...]:
    return data.NEIGHBOURS[at]


def place(state: State, kind: str, owner: int | None, at: int, card: int = 0) -> Unit | None:
    """A new unit; None when the owner already has 12 legions (the gain is lost)."""
    if kind == "legion" and owner is not None and owner != FREEBOOTERS and len(legions(state, owner)) >= LEGION_LIMIT:
        return None
    u = Unit(id=state.next_unit, kind=kind, owner=owner, at=at, card=card)
    state.next_unit += 1
    state.units.append(u)
    return u


def remove(state: State, u: Unit) -> list[Unit]:
    """Take a unit off the board. A lieutenant goes to the Return box and his
    legions stay; a hound goes back to the stack; a keeper's hound becomes wild.
    Returns the hounds that just lost their keeper (they run amok, 10.3)."""
    state.units = [x for x in state.units if x.id != u.id]
    loose: list[Unit] = []
    if u.kind == "lieutenant":
        state.returned.append(u.card)
        for x in state.units:
            if x.leader == u.id:
                x.leader = None
    elif u.kind == "hound":
        state.hounds.append(u.card)
    else:
        for x in state.units:
            if x.kind == "hound" and x.keeper == u.id:
                x.keeper = None
                x.owner = None
                loose.append(x)
    return loose


def switch(state: State, u: Unit, owner: int) -> list[Unit]:
    """A unit changes sides with what it leads or keeps (9.7.1). Legions beyond
    the new owner's 12 are lost (G45); returns the hounds that lost their
    keeper that way (they run amok)."""
    u.owner = owner
    if u.kind == "legion":
        u.leader = None
    led = [x for x in state.units if u.kind == "lieutenant" and x.leader == u.id]
    keepers = {u.id} | {x.id for x in led}
    moved = [u] + led + [x for x in state.units if x.kind == "hound" and x.keeper in keepers]
    for x in moved[1:]:
        x.owner = owner
    loose: list[Unit] = []
    if owner != FREEBOOTERS:
        for x in moved:
            if x.kind == "legion" and len(legions(state, owner)) > LEGION_LIMIT:
                loose += remove(state, x)
    return loose


def is_isolated(state: State, seat: int, sectio: int) -> bool:
    return not any(state.owner[n] == seat for n in data.NEIGHBOURS[sectio] if n != ANTEHELL)


def completed_circles(state: State, seat: int) -> list[int]:
    return [c for c in range(9) if all(state.owner[s] == seat for s in data.circle_sectios(c))]


def active_demons(state: State, seat: int) -> list[int]:
    return [i for i, d in enumerate(state.demons) if d.owner == seat and d.status == "active"]


def rank(state: State, demon: int) -> int:
    return data.DEMONS[state.demons[demon].card].rank


def fall_home(state: State, demon: int) -> bool:
    """A demon on Earth that does something in Hell falls home first: its
    Walk card goes to the bottom of the arcana deck (9.6). True if it fell."""
    d = state.demons[demon]
    if d.walk is None:
        return False
    state.arcana.append(d.walk)
    d.walk = None
    return True


def demon_dies(state: State, demon: int) -> None:
    """A demon is destroyed (by Uriel, 10.1, or with its eliminated
    triumvirate, 12.3.1): it falls home, leaves the rank track, and its card
    goes under the Daemon deck (3.1: "Dieses gilt auch für die getöteten
    Dämonen"), where a triumvirate starting again may draw it once more. Its
    entry stays in ``state.demons``, marked dead, because demons are known by
    their index there (the rank track, castings, battles)."""
    d = state.demons[demon]
    if d.status == "dead":
        return
    fall_home(state, demon)
    d.status = "dead"
    d.pass_for_good = False
    state.track = [x for x in state.track if x != demon]
    state.demon_deck.append(d.card)


def spendable_favour(state: State, seat: int) -> int:
    """Favour not bound by disfavour (14.1, G52)."""
    p = state.players[seat]
    return max(0, p.favour - p.disfavour)
