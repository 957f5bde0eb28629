"""What one seat (or a spectator) may see of a HellGame state.

Public: the board, units, demons with the Walk card under a demon on Earth,
souls, favour and disfavour, hand sizes, the permanent Hell cards, the
lieutenants in each box in their order, top first (ruling: every view,
spectators' included), tamed hounds' values, and whether a player has
submitted a secret order. Hidden: hands, the decks, the hellhound stack,
drafts and submitted secret orders (the standing orders of the Action phase
and of a battle too: the seat's own view lists them as its pending order), and the future: the generator and a
test position's queued dice (``State.dice_queue``; the view copies fields one
by one and never these).
While a secret phase runs, another player's souls and hand size are shown as
they were when it began (``Player.shown_*``).
"""

from __future__ import annotations

from engines.contract import Header
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import ANTEHELL, Being, DemonView, HandCard, PlayerView, SectioView, SpellView, State, UnitView, View


def _hand(state: State, seat: int) -> list[HandCard]:
    out = []
    for c in state.players[seat].hand:
        card = data.ARCANA[c]
        out.append(HandCard(id=c, name=card.name, cost=card.cost, minor=card.minor,
                            places=card.pass_places, major=card.major, six=card.six))
    return out


def _player(state: State, seat: int, viewer: int | None) -> PlayerView:
    p = state.players[seat]
    own = viewer == seat
    submitted = any(a.seat == seat and a.secret and a.answered for a in state.asks)
    return PlayerView(
        seat=seat,
        name=data.DEMONS[min((d.card for d in state.demons if d.owner == seat and d.status != "dead"),
                             key=lambda c: data.DEMONS[c].rank, default=0)].name,
        souls=p.souls if own or p.shown_souls is None else p.shown_souls,
        favour=p.favour,
        disfavour=p.disfavour,
        hand=len(p.hand) if own or p.shown_hand is None else p.shown_hand,
        sectios=len(board.owned(state, seat)),
        legions=len(board.legions(state, seat)),
        out=p.out,
        submitted=submitted,
    )


def _sectio(state: State, at: int) -> SectioView:
    if at == ANTEHELL:
        name, label, circle, quarter, souls, owner = "Antehell", "Antehell", 9, 0, 0, None
    else:
        s = data.SECTIOS[at]
        name, label, circle, quarter, souls, owner = s.name, s.label, s.circle, s.quarter, s.souls, state.owner[at]
    view = SectioView(index=at, name=name, label=label, circle=circle, quarter=quarter, souls=souls, owner=owner)
    for u in board.units_at(state, at):
        if u.kind == "legion":
            view.legions[u.owner] = view.legions.get(u.owner, 0) + 1
        elif u.kind == "lieutenant":
            view.lieutenants.append(u.id)
        elif u.keeper is None:
            view.wild_hounds += 1
        else:
            view.hounds.append(u.id)
    warning = next((p.kind for p in state.phenomena if at in p.sectios), None)
    view.warning = warning
    return view


def _unit(u) -> UnitView:
    name = data.LIEUTENANTS[u.card].name if u.kind == "lieutenant" else ""
    return UnitView(id=u.id, kind=u.kind, owner=u.owner, at=u.at, name=name,
                    attacks=u.card if u.kind == "hound" else 0, leader=u.leader, keeper=u.keeper)


def _being(being: Being | None) -> Being | None:
    """Where Uriel or Lilith is and how (their bookkeeping stays inside)."""
    return being.model_copy(update={"data": {}}) if being is not None else None


def _spell(state: State) -> SpellView | None:
    if not state.last_spell:
        return None
    seat, card, key, target = state.last_spell
    return SpellView(seat=seat, card=data.ARCANA[card].name, spell=data.MAJORS[key].name, target=list(target or []))


def _standing(state: State, seat: int) -> list[list]:
    """The seat's own standing orders for the Action phase and the battle in
    progress, in words (secret until they act: no other view shows them)."""
    plan = state.plans.get(seat)
    orders = state.battle.orders.get(seat) if state.battle is not None else None
    return (list(plan.lines) if plan is not None else []) + (list(orders.lines) if orders is not None else [])


def build_view(state: State, seat: int | None, header: Header) -> View:
    demons = []
    for i, d in enumerate(state.demons):
        card = data.DEMONS[d.card]
        demons.append(DemonView(index=i, card=d.card, name=card.name, rank=card.rank, hearts=card.hearts,
                                skulls=card.skulls, stars=card.stars, owner=d.owner, status=d.status,
                                on_earth=d.on_earth, acted=d.acted,
                                walk_card=data.ARCANA[d.walk].name if d.walk is not None else None))
    own = seat is not None and 0 <= seat < state.seats
    draft = state.drafts.get(seat) if own else None
    return View(
        header=header,
        seat=seat,
        seats=state.seats,
        round=state.round,
        phase=state.phase,
        step=state.step,
        players=[_player(state, p, seat) for p in range(state.seats)],
        demons=demons,
        sectios=[_sectio(state, i) for i in range(len(data.SECTIOS))],
        antehell=_sectio(state, ANTEHELL),
        units=[_unit(u) for u in state.units],
        track=list(state.track),
        permanent={area: (data.EVENTS[data.HELL_CARDS[c].event].name if c is not None else None)
                   for area, c in state.permanent.items()},
        phenomena=list(state.phenomena),
        lieutenant_boxes=[len(b) for b in state.boxes],
        box_lieutenants=[[data.LIEUTENANTS[lt].name for lt in box] for box in state.boxes],
        hounds_left=len(state.hounds),
        hand=_hand(state, seat) if own else None,
        draft=draft.model_copy(deep=True) if draft is not None else None,
        order=dict(state.orders[seat]) if own and seat in state.orders else None,
        pending=[list(x) for x in state.said.get(seat) or _standing(state, seat)
                 or state.orders.get(seat, {}).get("lines", [])] if own else None,
        last=[list(x) for x in state.last],
        last_spell=_spell(state),
        uriel=_being(state.uriel),
        lilith=_being(state.lilith),
        wards=[[w[0], w[1]] for w in state.wards if w[2] == state.round],
        winners=list(state.winners),
        end_reason=state.end_reason,
    )


def waiting_secretly(state: State) -> list[int]:
    """Seats whose secret order is still awaited (for prompts)."""
    return [a.seat for a in flow.open_asks(state) if a.secret]
