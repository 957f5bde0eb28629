"""The Hell phase (chapter 6) and the arcana draws every economy step shares.

Step ``hell`` (rounds 2 and later): three Hell cards from the top of the Hell
deck. The first gives the event: a permanent one replaces the card of its
area (the old card goes under the Hell deck), any other goes under the deck.
``hell_event`` carries the event out (effect hook, part 2) before anything
of the other two cards is known (6.1): only then ``hell_phenomenon`` tells
the phenomenon and its scope (second card) and the location (third card),
records it in ``state.phenomena`` for the sectios it covers (the location's
quarter, circle or the sectio itself) and calls its effect hook. The three
cards are taken at once only because Hounds Loose needs the third card's
location (hellgame.md); nobody sees the other two before the event is done.
``hell_arcana`` (6.3): every player draws one card per non-incapacitated
demon, each after a disfavour roll; a Play Right Away card drawn takes effect
and counts as one of them, the remaining draws still happen (ruling); the
hand limit follows.

Shared helpers: :func:`draw` (Play Right Away cards are played at once via
:func:`play_right_away` and count as drawn, never replaced),
:func:`hand_limit` (the secret ``discard`` question), :func:`circle_group`
and :func:`loose_hounds`.
"""

from __future__ import annotations

from engines.hellgame.core import board, data, dice
from engines.hellgame.core.flight import run_amok
from engines.hellgame.core.flow import Events, ask, close, question, step, tell, tell_seat
from engines.hellgame.core.model import Action, Ask, HAND_LIMIT, HellCardDrawn, Phenomenon, State, Unit
from engines.hellgame.phases.hell import hellcards, rightaway


#: Message of each event (drawn first) and of each phenomenon by scope.
EVENT_KEYS = {
    "wrath_of_angels": "ev_event_wrath_of_angels",
    "uriels_crusade": "ev_event_uriels_crusade",
    "guardian_angels": "ev_event_guardian_angels",
    "the_bees": "ev_event_the_bees",
    "age_of_sin": "ev_event_age_of_sin",
    "enlightenment": "ev_event_enlightenment",
    "red_peril": "ev_event_red_peril",
    "temper": "ev_event_temper",
    "bureaucracy": "ev_event_bureaucracy",
    "liliths_visit": "ev_event_liliths_visit",
    "feast_of_the_fallen": "ev_event_feast_of_the_fallen",
    "purge": "ev_event_purge",
    "census": "ev_event_census",
    "hounds_loose": "ev_event_hounds_loose",
    "calm": "ev_event_calm",
}
PHENOMENON_KEYS = {
    ("cave_in", "quarter"): "ev_phen_cave_in_quarter",
    ("cave_in", "circle"): "ev_phen_cave_in_circle",
    ("cave_in", "sectio"): "ev_phen_cave_in_sectio",
    ("earthquake", "quarter"): "ev_phen_earthquake_quarter",
    ("earthquake", "circle"): "ev_phen_earthquake_circle",
    ("earthquake", "sectio"): "ev_phen_earthquake_sectio",
    ("quagmire", "quarter"): "ev_phen_quagmire_quarter",
    ("quagmire", "circle"): "ev_phen_quagmire_circle",
    ("quagmire", "sectio"): "ev_phen_quagmire_sectio",
    ("no_souls", "quarter"): "ev_phen_no_souls_quarter",
    ("no_souls", "circle"): "ev_phen_no_souls_circle",
    ("no_souls", "sectio"): "ev_phen_no_souls_sectio",
    ("soul_spring", "quarter"): "ev_phen_soul_spring_quarter",
    ("soul_spring", "circle"): "ev_phen_soul_spring_circle",
    ("soul_spring", "sectio"): "ev_phen_soul_spring_sectio",
}


def live(state: State) -> list[int]:
    """Seats still in the game, in seat order."""
    return [i for i, p in enumerate(state.players) if not p.out]


def economy_window(state: State) -> bool:
    """The match option ``economy_window``: each seat's discards after the
    draw, gifts and summoning are one secret order (:mod:`engines.hellgame.phases.soul.gifts`)."""
    return bool(state.options.get("economy_window", True))


# -- hooks for part 2 (Hell-card effects, Play Right Away cards) -------------------


def event_effect(state: State, events: Events, card: int) -> None:
    """The effect of the event on Hell card ``card`` (the first card of this
    Hell phase; ``state.drawn`` holds all three), see :mod:`hellcards`. Called
    for permanent events too (Uriel's Crusade). A hook that asks questions sets
    ``state.step`` to its own step and ends at ``"hell_phenomenon"``."""

    hellcards.event_effect(state, events, card)


def phenomenon_effect(state: State, events: Events, phenomenon: Phenomenon) -> None:
    """The immediate part of a phenomenon (Cave-in, Earthquake), see :mod:`hellcards`.
    Phenomena lasting the round act through the Soul phase hooks in
    :mod:`souls` and the movement rules. A hook that asks questions ends at
    ``"hell_arcana"``."""

    hellcards.phenomenon_effect(state, events, phenomenon)


def play_right_away(state: State, events: Events, seat: int, card: int) -> None:
    """The effect of a Play Right Away card ``card`` drawn by ``seat`` (6.3.1).
    The card was announced and lies under the arcana deck; :mod:`rightaway`.
    A card bought in the secret Summoning phase is drawn, and takes effect,
    only when the orders are revealed (:mod:`summoning`)."""

    rightaway.apply(state, events, seat, card)


def round_one_effects(state: State, events: Events) -> None:
    """Round 1 has no Hell phase; the permanent cards placed at setup are in
    force from its start (hellgame.md, Setup and data). Called when setup is
    done. Part 3: Uriel's Crusade placed at setup makes Uriel appear here."""


def circle_group(at: int) -> tuple[str, dict[str, int]]:
    """The menu group of a choice in sectio ``at``: its circle, counted from
    the outside as the rulebook does (Limbo is the 1st, Treachery the 9th)."""
    return "grp_circle", {"circle": 9 - data.SECTIOS[at].circle}


def loose_hounds(state: State, events: Events, hounds: list[Unit]) -> None:
    """Hounds whose keeper just left the board run amok at once (3.1, G38);
    :func:`flight.run_amok` tells where each one goes."""
    for h in hounds:
        run_amok(state, h, events)


# -- drawing arcana and the hand limit ------------------------------------------------


def draw(state: State, events: Events, seat: int, n: int) -> list[int]:
    """``n`` cards from the top of the arcana deck into ``seat``'s hand.

    A Play Right Away card is announced, goes under the deck and takes effect
    at once (:func:`play_right_away`). It counts as one of the ``n`` cards and
    is not replaced; the draws after it still happen (hellgame.md, Parts 2
    and 3: in every draw, the new arcana, the Wise Men, Lore, the Crone, a
    purchase, drawn when the Summoning orders are revealed). Returns the
    cards that went to the hand (the caller tells the seat privately)."""
    got: list[int] = []
    for _ in range(n):
        if not state.arcana:
            break
        card = state.arcana.pop(0)
        if data.ARCANA[card].minor == "play_right_away":
            state.arcana.append(card)
            tell(state, events, "ev_play_right_away", seat=seat, card=card)
            play_right_away(state, events, seat, card)
            continue
        state.players[seat].hand.append(card)
        got.append(card)
    return got


def hand_limit(state: State, then: str) -> None:
    """Players over the hand limit discard one card at a time, secretly and
    all at once; then the procedure goes on at step ``then``."""
    state.step = then
    for seat in live(state):
        p = state.players[seat]
        excess = len(p.hand) - HAND_LIMIT
        if excess > 0:
            p.shown_hand = len(p.hand)  # the others see the count of the draw until all is discarded
            ask(state, seat, "discard", kind="simultaneous", secret=True, n=excess)


def _discard_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    hand = s.players[a.seat].hand
    hand.remove(x.a)
    s.arcana.append(x.a)
    if len(hand) <= HAND_LIMIT:
        group = [g for g in s.asks if g.q == "discard"]
        close(s, a)
        if s.asks:
            return  # the others see the discards when all are done
        for g in group:
            s.players[g.seat].shown_hand = None
            tell(s, ev, "ev_discarded", chronicle=False, seat=g.seat, n=g.data.get("n", 1))


question(
    "discard",
    legal=lambda s, a: [Action(do="discard", a=c) for c in s.players[a.seat].hand],
    answer=_discard_answer,
    prompt=lambda s, a: ("pr_discard", {"n": len(s.players[a.seat].hand) - HAND_LIMIT, "limit": HAND_LIMIT}),
    label=lambda s, a, x: ("lb_discard", {"card": x.a}),
    # The newest card goes: the hand the player planned with stays.
    passive=lambda s, a: Action(do="discard", a=s.players[a.seat].hand[-1]),
)


# -- 6.0-6.2: the three Hell cards --------------------------------------------------


def scope_sectios(scope: str, location: int) -> list[int]:
    """The sectios a phenomenon of ``scope`` covers around ``location``."""
    s = data.SECTIOS[location]
    if scope == "quarter":
        return list(data.quarter_sectios(s.quarter))
    if scope == "circle":
        return list(data.circle_sectios(s.circle))
    return [location]


@step("hell")
def _hell(s: State, ev: Events) -> None:
    if s.round < 2 or len(s.hell) < 3:
        s.step = "soul"
        return
    s.phenomena = []  # last round's are gone (13.3 clears them too)
    first, second, third = (s.hell.pop(0) for _ in range(3))
    s.drawn = [HellCardDrawn(card=first, role="event"), HellCardDrawn(card=second, role="phenomenon"),
               HellCardDrawn(card=third, role="location")]
    under: list[int] = []
    event = data.EVENTS[data.HELL_CARDS[first].event]
    tell(s, ev, EVENT_KEYS[event.key], hell=first)
    if event.permanent and event.area:
        old = s.permanent.get(event.area)
        s.permanent[event.area] = first
        if old is not None:
            s.hell.append(old)
            tell(s, ev, "ev_permanent_replaced", chronicle=False, hell=old)
    else:
        under.append(first)
    s.hell += under + [second, third]
    s.step = "hell_event"


@step("hell_event")
def _event(s: State, ev: Events) -> None:
    """6.1: the event is carried out before the other two cards count."""
    event_effect(s, ev, s.drawn[0].card)
    if s.step == "hell_event":
        s.step = "hell_phenomenon"


@step("hell_phenomenon")
def _phenomenon(s: State, ev: Events) -> None:
    """6.2: the second card's phenomenon at the third card's location."""
    card = data.HELL_CARDS[s.drawn[1].card]
    where = data.HELL_CARDS[s.drawn[2].card].location
    s.phenomena.append(Phenomenon(kind=card.phenomenon, sectios=scope_sectios(card.scope, where)))
    tell(s, ev, PHENOMENON_KEYS[card.phenomenon, card.scope], sectio=where,
         quarter=data.SECTIOS[where].quarter + 1)
    phenomenon_effect(s, ev, s.phenomena[-1])
    if s.step == "hell_phenomenon":
        s.step = "hell_arcana"


# -- 6.3: new arcana --------------------------------------------------------------------


@step("hell_arcana")
def _new_arcana(s: State, ev: Events) -> None:
    for seat in live(s):
        demons = len(board.active_demons(s, seat))
        got: list[int] = []
        rolls: list[int] = []
        for _ in range(demons):
            ok, roll = dice.disfavour_roll(s, seat)
            if roll is not None:
                rolls.append(roll)
            if ok:
                got += draw(s, ev, seat, 1)
        if rolls:
            tell(s, ev, "ev_new_arcana_rolled", chronicle=False, seat=seat, n=len(got), of=demons, rolls=rolls)
        else:
            tell(s, ev, "ev_new_arcana", chronicle=False, seat=seat, n=len(got))
        if got:
            tell_seat(ev, seat, "ev_arcana_drawn", cards=got)
    if economy_window(s):
        s.step = "soul"  # the hand limit comes first in the Soul phase's order (soul.gifts)
    else:
        hand_limit(s, "soul")
