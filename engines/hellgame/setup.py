"""Setup (5.1): decks, lieutenants, the setup Hell cards, souls and favour,
triumvirates with the one paid redraw, arcana (Play Right Away cards set aside
without replacement), sectio cards and the starting legions in roll order.
Round 1 then begins with the Soul phase (the Hell phase is skipped)."""

from __future__ import annotations

from engines.hellgame.core import board, data, dice
from engines.hellgame.core.flow import Events, ask, close, question, step, tell, tell_seat
from engines.hellgame.core.model import Action, Ask, Demon, Player, State
from engines.hellgame.phases.hell import hellphase
from engines.rng import Rng

AREAS = ("heaven", "earth", "hell")


def initial_state(seats: int, seed: int, options: dict) -> State:
    s = State(rng=Rng.from_seed(seed), seats=seats, options=options,
              players=[Player() for _ in range(seats)])
    s.sectio_deck = list(range(len(data.SECTIOS)))
    s.arcana = [c.id for c in data.ARCANA]
    s.hell = list(range(len(data.HELL_CARDS)))
    s.demon_deck = list(range(len(data.DEMONS)))
    s.hounds = list(data.HOUND_ATTACKS)
    for deck in (s.sectio_deck, s.arcana, s.hell, s.demon_deck, s.hounds):
        s.rng.shuffle(deck)
    s.boxes = [list(box) for box in data.BOXES]
    _setup_hell_cards(s)
    for seat in range(seats):
        for _ in range(3):
            s.demons.append(Demon(card=s.demon_deck.pop(0), owner=seat))
    for seat in range(seats):
        ask(s, seat, "redraw", kind="setup")
    return s


def _setup_hell_cards(s: State) -> None:
    """Step 4: three Hell cards; permanent ones go to their area's box (one
    picked at random where several share an area); the rest under the deck."""
    drawn = [s.hell.pop(0) for _ in range(3)]
    by_area: dict[str, list[int]] = {}
    for card in drawn:
        event = data.EVENTS[data.HELL_CARDS[card].event]
        if event.permanent and event.area:
            by_area.setdefault(event.area, []).append(card)
    kept = set()
    for area in AREAS:
        cards = by_area.get(area, [])
        if cards:
            s.permanent[area] = cards[s.rng.below(len(cards))]
            kept.add(s.permanent[area])
    s.hell += [c for c in drawn if c not in kept]


# -- step 7: the one paid redraw ---------------------------------------------------


def _redraw_legal(s: State, a: Ask) -> list[Action]:
    out = [Action(do="keep")]
    if s.players[a.seat].favour >= 1 and s.demon_deck:
        out += [Action(do="redraw", a=i) for i, d in enumerate(s.demons) if d.owner == a.seat]
    return out


def _redraw_answer(s: State, a: Ask, action: Action, ev: Events) -> None:
    if action.do == "redraw":
        s.orders[a.seat] = {"redraw": action.a}
    close(s, a)
    if not s.asks:
        s.step = "setup_deal"


question(
    "redraw",
    legal=_redraw_legal,
    answer=_redraw_answer,
    prompt=lambda s, a: ("pr_redraw", {}),
    label=lambda s, a, x: ("lb_keep", {}) if x.do == "keep" else ("lb_redraw", {"demon": s.demons[x.a].card}),
    passive=lambda s, a: Action(do="keep"),
)


@step("setup_deal")
def _deal(s: State, ev: Events) -> None:
    for seat in range(s.seats):
        index = s.orders.pop(seat, {}).get("redraw")
        if index is not None:
            old = s.demons[index].card
            s.demon_deck.append(old)
            s.demons[index].card = s.demon_deck.pop(0)
            s.players[seat].favour -= 1
            tell(s, ev, "ev_redraw", seat=seat, old=old, demon=s.demons[index].card)
    tell(s, ev, "ev_triumvirates", chronicle=False,
         demons=[[d.owner, d.card] for d in s.demons])
    for seat in range(s.seats):
        player = s.players[seat]
        for _ in range(5):
            card = s.arcana.pop(0)
            if data.ARCANA[card].minor == "play_right_away":
                s.arcana.append(card)
                tell(s, ev, "ev_setup_pra", chronicle=False, seat=seat, card=card)
            else:
                player.hand.append(card)
        tell_seat(ev, seat, "ev_hand", cards=list(player.hand))
        for _ in range(5):
            s.owner[s.sectio_deck.pop(0)] = seat
        tell(s, ev, "ev_sectios", chronicle=False, seat=seat, sectios=board.owned(s, seat))
    order = dice.reroll_ties(s, list(range(s.seats)))
    tell(s, ev, "ev_placement_order", chronicle=False, seats=order)
    s.orders = {}
    s.petitioners = order
    s.step = "setup_legion"


@step("setup_legion")
def _next_legion(s: State, ev: Events) -> None:
    if not s.petitioners:
        hellphase.round_one_effects(s, ev)
        s.step = "soul"
        return
    ask(s, s.petitioners[0], "first_legion", kind="setup")


def _first_legion_answer(s: State, a: Ask, action: Action, ev: Events) -> None:
    board.place(s, "legion", a.seat, action.a)
    tell(s, ev, "ev_first_legion", chronicle=False, seat=a.seat, sectio=action.a)
    s.petitioners.pop(0)
    close(s, a)


question(
    "first_legion",
    legal=lambda s, a: [Action(do="place", a=i) for i in board.owned(s, a.seat)],
    answer=_first_legion_answer,
    prompt=lambda s, a: ("pr_first_legion", {}),
    label=lambda s, a, x: ("lb_place", {"sectio": x.a}),
    group=lambda s, a, x: hellphase.circle_group(x.a),
)
