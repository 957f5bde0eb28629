"""Play Right Away cards (6.3.1): the five catalogue entries 24-28 of
hellgame.md, "Arcana".

Such a card takes effect when it is drawn at any time after setup (new
arcana, the Wise Men, a purchase, Lore, Lilith the Crone): the drawing code in
:func:`engines.hellgame.phases.hell.hellphase.draw` announces it, puts it under the
arcana deck and calls :func:`apply` through ``hellphase.play_right_away``
(a card bought in the secret Summoning phase at the reveal). It counts as one
of the cards drawn and is not replaced; the draws after it still happen
(ruling, hellgame.md "Parts 2 and 3"). At setup such a card is set aside
without effect and without replacement (:mod:`engines.hellgame.setup`).

Rule decisions where the sources are silent:

- A Bad Day: the drawer's active demon with the highest rank (the lowest
  rank number) is incapacitated; on Earth it stays there (its Walk card
  under it), as any incapacitated demon.
- Audit: the drawer loses half of their souls, rounded down (5 souls: 2 go).
- Desertion: one of the drawer's legions, picked uniformly with the seeded
  generator (ruling on random picks), is removed; a hound it kept runs amok.
- A Fit of Goodness: the receiver is the player with the fewest favour among
  the others still in the game, ties to the first after the drawer in seat
  order (ruling); the drawer gives 1 favour if they hold any (bound favour
  too: the card is not a spending choice); with none, nothing happens.
"""

from __future__ import annotations

from typing import Callable

from engines.hellgame.core import board, data, flight
from engines.hellgame.core.flow import Events, tell
from engines.hellgame.core.model import State

Effect = Callable[[State, Events, int], None]
EFFECTS: dict[str, Effect] = {}


def effect(key: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[key] = fn
        return fn

    return register


def apply(state: State, events: Events, seat: int, card: int) -> None:
    """The card ``card`` drawn by ``seat`` takes effect (it was announced)."""
    fn = EFFECTS.get(data.ARCANA[card].major)
    if fn is not None:
        fn(state, events, seat)


@effect("a_bad_day")
def _bad_day(s: State, ev: Events, seat: int) -> None:
    demons = board.active_demons(s, seat)
    if not demons:
        tell(s, ev, "ev_pra_bad_day_none", seat=seat)
        return
    demon = min(demons, key=lambda i: board.rank(s, i))
    s.demons[demon].status = "incapacitated"
    tell(s, ev, "ev_pra_bad_day", seat=seat, demon=s.demons[demon].card)


@effect("audit")
def _audit(s: State, ev: Events, seat: int) -> None:
    p = s.players[seat]
    lost = p.souls // 2
    p.souls -= lost
    tell(s, ev, "ev_pra_audit", seat=seat, n=lost, souls=p.souls)


@effect("lucifer_frowns")
def _frowns(s: State, ev: Events, seat: int) -> None:
    s.players[seat].disfavour += 1
    tell(s, ev, "ev_pra_frowns", seat=seat, disfavour=s.players[seat].disfavour)


@effect("desertion")
def _desertion(s: State, ev: Events, seat: int) -> None:
    mine = board.legions(s, seat)
    if not mine:
        tell(s, ev, "ev_pra_desertion_none", seat=seat)
        return
    u = mine[s.rng.below(len(mine))]
    loose = board.remove(s, u)
    tell(s, ev, "ev_pra_desertion", seat=seat, sectio=u.at)
    for h in loose:
        flight.run_amok(s, h, ev)


def goodness_receiver(s: State, seat: int) -> int | None:
    others = [x for x, p in enumerate(s.players) if x != seat and not p.out]
    if not others:
        return None
    return min(others, key=lambda x: (s.players[x].favour, (x - seat) % s.seats))


@effect("a_fit_of_goodness")
def _goodness(s: State, ev: Events, seat: int) -> None:
    to = goodness_receiver(s, seat)
    giver = s.players[seat]
    if to is None or giver.favour < 1:
        tell(s, ev, "ev_pra_goodness_none", seat=seat)
        return
    giver.favour -= 1
    s.players[to].favour += 1
    tell(s, ev, "ev_pra_goodness", seat=seat, seats=[to])
