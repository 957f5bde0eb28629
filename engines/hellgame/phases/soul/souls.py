"""The Soul phase (chapter 7), its first step: income.

``soul``: income for every player, with public rolls (7.1 steps 1-3): the
sectios' printed souls (an isolated sectio 2 less, all isolated: the highest
exempt, never below 0, G20; nothing where a wild hound or another player's
legion stands while the owner has none there, nor where another triumvirate's
legion shares it after avoided combat, G44), the Wise Men's arcana cards
(7.3.3; a Play Right Away card among them counts as one, ruling), demons on
Earth: hearts + a soul roll (G19), then 1 favour each after a disfavour roll
(7.2, G18).

The rest of the phase: the secret gifts (``soul_gifts``, ``soul_reveal``) in
:mod:`engines.hellgame.phases.soul.gifts`, then upkeep and desertion (``soul_upkeep`` to
``soul_offer``) in :mod:`engines.hellgame.phases.soul.desertion`, then the Summoning phase.
"""

from __future__ import annotations

from engines.hellgame.core import board, data, dice
from engines.hellgame.core.flow import Events, step, tell, tell_seat
from engines.hellgame.core.model import FREEBOOTERS, State
from engines.hellgame.phases.hell import hellcards
from engines.hellgame.phases.hell.hellphase import draw, economy_window, hand_limit, live
from engines.hellgame.phases.soul import desertion, gifts  # noqa: F401  (they register the phase's later steps)

#: The sectio that yields arcana cards instead of souls (7.3.3).
WISE_MEN = next(s.index for s in data.SECTIOS if s.produces == "arcana")
#: Souls an isolated sectio yields less (7.1).
ISOLATION_LOSS = 2


# -- hooks for part 2 (events and phenomena) -------------------------------------------


def income_modifier(state: State, seat: int, sectio: int, souls: int) -> int:
    """A sectio's income after isolation (No Souls: 0, Soul Spring: x 2)."""

    return hellcards.income(state, sectio, souls)


def wise_men_modifier(state: State, cards: int) -> int:
    """The Wise Men's cards after the table (No Souls: 0, Soul Spring: x 2)."""

    return hellcards.wise_men_cards(state, cards)


def earth_modifier(state: State, seat: int, demon: int) -> int:
    """Souls added to a demon's Earth income (The Bees +2, Guardian Angels -2)."""

    return hellcards.added(state, "earth_income")


def after_earth_income(state: State, events: Events, demon: int) -> None:
    """After a demon on Earth collected its souls (Wrath of Angels rolls here)."""

    hellcards.wrath_of_angels(state, events, demon)


# -- 7.1: income ----------------------------------------------------------------------


def blocked(state: State, seat: int, sectio: int) -> bool:
    """No income: another player's (or freebooters') legion stands there (with
    no own unit: note 1; sharing it after avoided combat: G44), or a wild hound
    with no own unit there (note 1). A lone lieutenant blocks nothing."""
    here = board.units_at(state, sectio)
    own = any(u.owner == seat for u in here)
    if any(u.kind == "legion" and u.owner != seat for u in here):
        return True
    return not own and any(board.is_wild(u) for u in here)


def sectio_income(state: State, seat: int) -> tuple[dict[int, int], list[int], list[int]]:
    """Souls per producing sectio, the isolated sectios that lost souls and the
    blocked ones."""
    mine = board.owned(state, seat)
    isolated = [x for x in mine if board.is_isolated(state, seat, x)]
    producing = [x for x in mine if data.SECTIOS[x].produces == "souls"]
    exempt = None
    if mine and len(isolated) == len(mine) and producing:
        exempt = max(producing, key=lambda x: (data.SECTIOS[x].souls, -x))
    income: dict[int, int] = {}
    reduced: list[int] = []
    stopped: list[int] = []
    for x in producing:
        value = data.SECTIOS[x].souls
        if x in isolated and x != exempt:
            value = max(0, value - ISOLATION_LOSS)
            reduced.append(x)
        value = income_modifier(state, seat, x, value)
        if blocked(state, seat, x):
            value = 0
            stopped.append(x)
        income[x] = value
    return income, reduced, stopped


def wise_men_occupier(state: State, owner: int) -> int | None:
    """Another triumvirate with units (not a lone lieutenant) in the Wise Men
    while the owner has none there; several: the most units, ties the first
    after the owner in seat order."""
    here = board.units_at(state, WISE_MEN)
    if any(u.owner == owner for u in here):
        return None
    count: dict[int, int] = {}
    for u in here:
        if u.owner in (None, FREEBOOTERS) or board.lone_lieutenant(state, u):
            continue
        count[u.owner] = count.get(u.owner, 0) + 1
    if not count:
        return None
    return min(count, key=lambda o: (-count[o], (o - owner) % state.seats))


def _wise_men(s: State, ev: Events) -> None:
    owner = s.owner[WISE_MEN]
    if owner is None or owner >= s.seats or s.players[owner].out:
        return  # unowned, the freebooters' (10.4: they hold no hand), or an eliminated player's
    roll = dice.d6(s, owner)
    n = wise_men_modifier(s, data.WISE_MEN_CARDS[roll])
    tell(s, ev, "ev_wise_men", seat=owner, roll=roll, n=n)
    occupier = wise_men_occupier(s, owner)
    if n > 0 and occupier is not None:
        got = draw(s, ev, occupier, 1)
        tell(s, ev, "ev_wise_men_occupier", seat=occupier, n=len(got))
        if got:
            tell_seat(ev, occupier, "ev_arcana_drawn", cards=got)
        n -= 1
    got = draw(s, ev, owner, n)
    if got:
        tell_seat(ev, owner, "ev_arcana_drawn", cards=got)


def _earth(s: State, ev: Events, seat: int) -> int:
    """7.1 step 2 and 7.2: Earth income, then favour."""
    total = 0
    walkers = [i for i, d in enumerate(s.demons) if d.owner == seat and d.status == "active" and d.on_earth]
    for i in walkers:
        hearts = data.DEMONS[s.demons[i].card].hearts
        roll = dice.d6(s, seat)
        gain = max(0, hearts + roll + earth_modifier(s, seat, i))
        total += gain
        tell(s, ev, "ev_earth_income", chronicle=False, seat=seat, demon=s.demons[i].card,
             hearts=hearts, roll=roll, n=gain)
        after_earth_income(s, ev, i)
    for i in walkers:
        d = s.demons[i]
        if d.status != "active" or not d.on_earth:
            continue
        ok, roll = dice.disfavour_roll(s, seat)
        if ok:
            s.players[seat].favour += 1
        if roll is None:
            tell(s, ev, "ev_favour", seat=seat, demon=d.card)
        else:
            tell(s, ev, "ev_favour_rolled" if ok else "ev_favour_denied", seat=seat, demon=d.card, roll=roll)
    return total


@step("soul")
def _income(s: State, ev: Events) -> None:
    for seat in live(s):
        income, reduced, stopped = sectio_income(s, seat)
        sectios = sum(income.values())
        earth = _earth(s, ev, seat)
        s.players[seat].souls += sectios + earth
        if reduced:
            tell(s, ev, "ev_income_isolated", chronicle=False, seat=seat, sectios=reduced)
        if stopped:
            tell(s, ev, "ev_income_blocked", seat=seat, sectios=stopped)
        tell(s, ev, "ev_income", seat=seat, n=sectios + earth, sectio_souls=sectios, earth=earth,
             souls=s.players[seat].souls)
    _wise_men(s, ev)
    if economy_window(s):
        s.step = "soul_gifts"  # the hand limit comes first in the order (soul.gifts)
    else:
        hand_limit(s, "soul_gifts")
