"""Winning (4.0) and the end of a match.

- A triumvirate that controls all 5 sectios of one circle at the end of a
  round wins (checked first in the End phase, 13). Several at once: most
  favour (every favour marker, bound ones included), then fewest disfavour,
  then the innermost completed circle (G50).
- A player holding three arcana cards with the printed "6" shows them at the
  end of any phase and wins (the :data:`flow.PHASE_END` hook
  :func:`check_sixes`; not at the end of setup). Several at once: the same
  tie-breaks. A completed circle beats three sixes at the same check (the
  end of the End phase). Players still tied after every tie-break share
  the win.
- The last triumvirate left after eliminations (12.3.1) wins.
- The test option ``max_rounds`` ends the match after that round's End
  phase: most sectios, then most favour, then fewest disfavour; still tied
  players share the win.
"""

from __future__ import annotations

from engines.contract import Event
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.flow import Events, tell
from engines.hellgame.core.model import State

#: The event telling the end, per reason (``State.end_reason``).
WIN_KEYS = {
    "circle": "ev_win_circle",
    "sixes": "ev_win_sixes",
    "last_standing": "ev_win_last_standing",
    "max_rounds": "ev_win_max_rounds",
}


def _live(state: State) -> list[int]:
    return [seat for seat in range(state.seats) if not state.players[seat].out]


def round_summary(state: State, events: Events) -> None:
    """The round's public lines as ONE summary event; the chronicle empties."""
    events.append(Event(key="round_summary", params={"round": state.round, "lines": list(state.chronicle)},
                        summary=True))
    state.chronicle = []


def finish(state: State, winners: list[int], reason: str, events: Events, **params) -> None:
    """The match is over: ``winners`` (seats) share the win for ``reason``."""
    state.over = True
    state.winners = list(winners)
    state.end_reason = reason
    tell(state, events, WIN_KEYS[reason], seats=list(winners), **params)
    round_summary(state, events)


def innermost(state: State, seat: int) -> int | None:
    circles = board.completed_circles(state, seat)
    return min(circles) if circles else None


def tie_break(state: State, seats: list[int]) -> list[int]:
    """4.0: most favour (bound included), fewest disfavour, innermost completed
    circle (G50); whoever is still tied shares."""
    def key(seat: int) -> tuple[int, int, int]:
        p = state.players[seat]
        circle = innermost(state, seat)
        return (-p.favour, p.disfavour, 9 if circle is None else circle)

    if not seats:
        return []
    best = min(key(seat) for seat in seats)
    return [seat for seat in seats if key(seat) == best]


def circle_winners(state: State) -> list[int]:
    """The winners by a completed circle (after tie-breaks), or []."""
    return tie_break(state, [seat for seat in _live(state) if board.completed_circles(state, seat)])


def six_cards(state: State, seat: int) -> list[int]:
    return [c for c in state.players[seat].hand if data.ARCANA[c].six]


def sixes_holders(state: State) -> list[int]:
    return [seat for seat in _live(state) if len(six_cards(state, seat)) >= 3]


def finish_by_circle(state: State, events: Events) -> bool:
    winners = circle_winners(state)
    if winners:
        finish(state, winners, "circle", events,
               sectios=list(data.circle_sectios(innermost(state, winners[0]))))
    return bool(winners)


def check_sixes(state: State, events: Events, phase: str) -> None:
    """PHASE_END hook: three sixes shown at the end of a phase win (4.0)."""
    if state.over or phase == "setup":
        return
    if phase == "end" and finish_by_circle(state, events):
        return
    holders = sixes_holders(state)
    if holders:
        winners = tie_break(state, holders)
        finish(state, winners, "sixes", events, cards=[c for seat in winners for c in six_cards(state, seat)[:3]])


def cap_winners(state: State) -> list[int]:
    """The test cap ``max_rounds``: most sectios, most favour, fewest disfavour."""
    def key(seat: int) -> tuple[int, int, int]:
        p = state.players[seat]
        return (-len(board.owned(state, seat)), -p.favour, p.disfavour)

    seats = _live(state)
    if not seats:
        return []
    best = min(key(seat) for seat in seats)
    return [seat for seat in seats if key(seat) == best]


def result_scores(state: State) -> list[int]:
    """Sectios owned per seat (the header's scores)."""
    return [len(board.owned(state, seat)) for seat in range(state.seats)]


if check_sixes not in flow.PHASE_END:
    flow.PHASE_END.append(check_sixes)
