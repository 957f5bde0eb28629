"""Conspiracy (9.7.3) as a verb of the "act" question.

A demon on Earth conspires against the Hell deck: it draws as many Hell
cards as it has hearts (fewer if the deck is shorter), seen only by its
owner (private events; the cards wait in the seat's private :class:`Draft`,
``data={"verb": "conspire", "demon": index, "cards": [...]}``). One step:

- ``place`` a=Hell card: a permanent card of the draw goes into its area's
  box, the card there (if any) under the Hell deck; the event is carried out
  at once (Uriel's Crusade calls Uriel, :data:`hellcards.URIEL_CRUSADE`),
  every permanent one acts from now on;
- ``none``: no card is placed (also the choice of a missed deadline).

Non-permanent cards cannot be placed. The unused cards go to the bottom of
the Hell deck in the order drawn (G54); which cards they were stays secret.
The demon stays on Earth (G17). There is no ``back``: the cards are seen.
"""

from __future__ import annotations

from engines.hellgame.core import data
from engines.hellgame.core.flow import Events, tell, tell_seat
from engines.hellgame.core.model import Action, Ask, Draft, State
from engines.hellgame.phases.action.actions import Label, card_of, done, hearts, verb
from engines.hellgame.phases.hell import hellcards

#: The private line per drawn card, by the box it would go to.
DRAWN = {"heaven": "ev_cards_drawn_heaven", "earth": "ev_cards_drawn_earth",
         "hell": "ev_cards_drawn_hell", None: "ev_cards_drawn_fleeting"}
#: The label of placing a card: into an empty box, or in exchange for the card there.
PLACE = {"heaven": "lb_cards_place_heaven", "earth": "lb_cards_place_earth", "hell": "lb_cards_place_hell"}
SWAP = {"heaven": "lb_cards_swap_heaven", "earth": "lb_cards_swap_earth", "hell": "lb_cards_swap_hell"}


def area(card: int) -> str | None:
    event = data.EVENTS[data.HELL_CARDS[card].event]
    return event.area if event.permanent else None


def _offer(s: State, demon: int) -> list[Action]:
    d = s.demons[demon]
    return [Action(do="conspire")] if d.on_earth and d.status == "active" and s.hell else []


def _open(s: State, a: Ask, x: Action, ev: Events) -> None:
    demon = a.data["demon"]
    n = min(hearts(s, demon), len(s.hell))
    cards = [s.hell.pop(0) for _ in range(n)]
    s.drafts[a.seat] = Draft(q="act", data={"verb": "conspire", "demon": demon, "cards": cards})
    tell(s, ev, "ev_cards_conspire", demon=card_of(s, demon), seat=a.seat, n=n)
    for c in cards:
        tell_seat(ev, a.seat, DRAWN[area(c)], hell=c)


def _legal(s: State, a: Ask, draft: Draft) -> list[Action]:
    return [Action(do="place", a=c) for c in draft.data["cards"] if area(c)] + [Action(do="none")]


def place(s: State, ev: Events, card: int) -> int | None:
    """Put permanent Hell card ``card`` into its box and carry it out; returns
    the card it replaced (now under the Hell deck)."""
    box = area(card)
    old = s.permanent.get(box)
    s.permanent[box] = card
    if old is not None:
        s.hell.append(old)
    hellcards.event_effect(s, ev, card)
    return old


def _answer(s: State, a: Ask, draft: Draft, x: Action, ev: Events) -> None:
    demon, cards = draft.data["demon"], list(draft.data["cards"])
    seat = a.seat
    if x.do == "place":
        cards.remove(x.a)
        s.hell += cards
        old = s.permanent.get(area(x.a))
        tell(s, ev, "ev_cards_conspiracy_placed", demon=card_of(s, demon), seat=seat, hell=x.a)
        if old is not None:
            tell(s, ev, "ev_permanent_replaced", chronicle=False, hell=old)
        done(s, a, demon)  # before the event: a being it calls may ask questions
        place(s, ev, x.a)
    else:
        s.hell += cards
        tell(s, ev, "ev_cards_conspiracy_none", demon=card_of(s, demon), seat=seat, n=len(cards))
        done(s, a, demon)


def _prompt(s: State, a: Ask, draft: Draft) -> Label:
    cards = draft.data["cards"]
    return "pr_cards_conspire", {"demon": card_of(s, draft.data["demon"]), "n": len(cards),
                                 "permanent": sum(1 for c in cards if area(c))}


def _step_label(s: State, a: Ask, draft: Draft, x: Action) -> Label:
    if x.do == "none":
        return "lb_cards_place_none", {}
    box = area(x.a)
    return (SWAP if s.permanent.get(box) is not None else PLACE)[box], {"hell": x.a}


verb("conspire", offer=_offer, apply=_open,
     label=lambda s, a, x: ("lb_cards_conspire", {"n": hearts(s, a.data["demon"])}),
     legal=_legal, answer=_answer, prompt=_prompt, step_label=_step_label)
