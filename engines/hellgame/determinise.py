"""Determinisation of The HellGame for a computer player
(:meth:`engines.contract.Engine.determinise`).

A determinisation is a full state that ``seat`` cannot tell from the real
one, with everything it may not see drawn anew from ``rnd``. It reads of the
real state only what the seat's view shows, the public course of the game
(the board, the open questions and whether they are answered, the battle and
the move in progress as announced) and the seat's own secrets.

What a seat may not see, and how it is drawn anew:

- The future (``state.rng``): a new generator from ``rnd``.
- Arcana cards: the other players' hands and the whole arcana deck (its
  order and which cards it holds). Every arcana card the seat does not see
  (all cards but its own hand, the Walk cards under demons on Earth and the
  cards its own secret order took out of its hand) is pooled in card order,
  shuffled and dealt back: each other player gets as many as the seat sees
  it hold (see the secret phases below), the rest is the deck.
- The Hell deck, with the cards another seat's conspiring demon is looking
  at (their number is public): every Hell card not in a box and not in the
  seat's own conspiracy, pooled, shuffled, dealt to the conspiracy and the
  deck. The demon deck, the sectio deck and the hellhound stack are
  shuffled (what they hold follows from the public course of the game).
- Secret phases (the Soul phase's gifts, the Summoning orders, discarding
  down to the hand limit): another player's souls and hand are taken back to
  what everybody saw when the phase began (``Player.shown_*``). Who has not
  submitted yet gets an empty draft again; who has submitted gets an order
  built anew with the question's own legal choices from there, a plausible
  one (the computer's own rule of thumb, :mod:`engines.hellgame.policy`) in
  :data:`PLAUSIBLE` of the steps and a random one otherwise (its cards
  dealt first, so it recruits with cards of its new hand; a Summoning order
  only pays for the cards it buys, drawn from the new deck at the reveal). A
  player done discarding holds the hand limit, one still discarding the
  hand it drew. In the economy window (:mod:`engines.hellgame.phases.soul.gifts`)
  a seat at its Summoning order is done discarding, so it holds at most the
  hand limit, and its gifts are dropped with the rest of its order; a
  Summoning order waiting for its reveal after the gifts' reveal is dropped
  (the seat summons nothing in the copy).
- Other seats' private drafts of a turn (a move being planned, a spell or
  influence being prepared, cards a joining demon takes along) are dropped:
  the seat is back at the question as it was asked, which is what the seat
  sees. Only drafts the engine opened in the open keep their shape: a
  conspiracy (with its cards drawn anew) and the rest of a move after the
  re-entry from Antehell (its steps and the destination it walks to, if one
  was chosen, dropped as well).
- Answers given to a simultaneous question that stay unseen until the whole
  group has answered (the paid redraw at setup, the units picked to desert,
  the votes to avoid a battle, courting Lilith, combat targets chosen by
  hand) are taken back and given anew at random from the legal choices.
- The arcana cards another player's demons took into the current battle: as
  many as each took, drawn from that player's new hand.
- The rest of a path a unit of another player is moving along: the seat
  asked whether to let it pass knows only whether it goes on, and gets one
  random step on (if it does); anyone else sees it stop where it stands
  (the question's passive choice).
- Another player's "always pass" in counter windows (told to that player
  only) is off again, and so are its standing orders for the battle in
  progress (:mod:`engines.hellgame.phases.combat.orders`) and for the
  Action phase (:mod:`engines.hellgame.phases.action.orders`): it is asked
  every time again. Its draft of them, still open, is dropped like any
  private draft (the question as asked).
- An open counter window (:mod:`engines.hellgame.magic.counters`): everyone
  sees who has answered, not what. Another seat that has answered gets its
  answer anew: one of the counters its new hand allows, more likely when
  the spell is aimed at it (:data:`COUNTER_CHANCE`), or a pass.

Hidden hands themselves are dealt uniformly from the unseen cards: every
card a player holds was drawn at random, and nothing public says more about
it (a pass in a counter window may be a choice, not a lack of cards).
Orders and answers are plausible instead of uniform because a random gift
or summoning order is one no sensible player gives, and the search would
plan against opponents who throw their souls away.

What the seat may remember without its view carrying it (the cards at the
bottom of a deck, two cards it took by Intrigue) is forgotten: the pools
know only what the view shows.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from engines.contract import Event, clone
from engines.hellgame import policy
from engines.hellgame.core import data, flow
from engines.hellgame.core.flight import entry_barred
from engines.hellgame.core.model import Action, Ask, Draft, HAND_LIMIT, State
from engines.hellgame.magic import counters
from engines.hellgame.phases.action.movement import _path_goes_on
from engines.hellgame.phases.combat.targets import attackers, attacks
from engines.rng import Rng

#: Secret questions whose answers are built in a draft and kept as an order.
SECRET_ORDERS = ("soul", "summon")
#: Chance to submit at each step of a random secret order, and its most steps.
SUBMIT_CHANCE = {"soul": 0.8, "summon": 0.35}
MAX_ORDER_STEPS = 6
#: The share of another seat's hidden steps answered by the rule of thumb
#: rather than at random (the rest keeps the copies varied).
PLAUSIBLE = 0.75
#: Chance that another seat countered, by whether the spell is aimed at it.
COUNTER_CHANCE = {True: 0.8, False: 0.2}
#: Safety net for a random answer that would not end.
MAX_STEPS = 500


# -- answers hidden until a simultaneous group is complete ----------------------------


def _reset_redraw(s: State, a: Ask) -> None:
    s.orders.pop(a.seat, None)


def _reset_desert(s: State, a: Ask) -> None:
    s.orders.setdefault(a.seat, {}).update(desert=[], lts=[], asked=[], refused=[])


def _reset_avoid(s: State, a: Ask) -> None:
    if s.battle is not None:
        s.battle.votes.pop(a.seat, None)


def _reset_court(s: State, a: Ask) -> None:
    if s.lilith is not None:
        s.lilith.data.get("court", {}).pop(str(a.seat), None)


def _reset_targets(s: State, a: Ask) -> None:

    b = s.battle
    if b is None:
        return
    units = attackers(s, b, a.seat)
    for u in units:
        b.targets.pop(u.id, None)
    b.pending[a.seat] = [[u.id, k + 1, attacks(s, u)] for u in units for k in range(attacks(s, u))]


#: Question -> how to take back what one seat answered so far.
HIDDEN_ANSWERS: dict[str, Callable[[State, Ask], None]] = {
    "redraw": _reset_redraw,
    "desert": _reset_desert,
    "combat_avoid": _reset_avoid,
    "lilith_court": _reset_court,
    "combat_target": _reset_targets,
}


# -- the determinisation -----------------------------------------------------------------


def determinise(engine: Any, state: State, seat: int | None, rnd: random.Random) -> State:
    """A copy of ``state`` with everything ``seat`` may not see drawn anew
    from ``rnd`` (see the module docstring)."""
    s = clone(state)
    others = [o for o in range(s.seats) if o != seat]
    hands: dict[int, int] = {}
    conspiring: dict[int, int] = {}
    again: list[Ask] = []
    for o in others:
        again += _forget(s, o, hands, conspiring)
    _deal_arcana(s, seat, others, hands, rnd)
    _deal_hell(s, seat, conspiring, rnd)
    for deck in (s.demon_deck, s.sectio_deck, s.hounds):
        deck.sort()
        rnd.shuffle(deck)
    _battle_cards(s, seat, rnd)
    _counter_answers(s, seat, rnd)
    _move_path(s, seat, rnd)
    public = [list(x) for x in s.last], [list(x) for x in s.chronicle]
    for a in again:
        _answer_anew(engine, s, a, rnd)
    s.last, s.chronicle = public
    s.rng = Rng.from_seed(rnd.getrandbits(64))
    # Dice a test queued are future rolls nobody can see: the copy rolls its own.
    s.dice_queue = []
    return s


def _secret_ask(s: State, seat: int) -> Ask | None:
    return next((a for a in s.asks if a.seat == seat and a.secret), None)


def _forget(s: State, o: int, hands: dict[int, int], conspiring: dict[int, int]) -> list[Ask]:
    """Take another seat back to what the seat sees of it: souls and hand
    size as shown, no private draft, no hidden answer. Returns the asks it
    had answered, to be answered anew once the cards are dealt."""
    p = s.players[o]
    secret = _secret_ask(s, o)
    if p.shown_souls is not None:
        p.souls = p.shown_souls
    if secret is not None and secret.q == "discard" and secret.answered:
        hands[o] = HAND_LIMIT  # done discarding: down to the limit exactly
    elif secret is not None and secret.q == "summon" and p.shown_hand is not None:
        hands[o] = min(p.shown_hand, HAND_LIMIT)  # past the economy window's discards
    elif p.shown_hand is not None:
        hands[o] = p.shown_hand
    else:
        hands[o] = len(p.hand)
    p.hand = []
    p.always_pass = False
    s.said.pop(o, None)
    if s.battle is not None:
        s.battle.orders.pop(o, None)  # a battle's standing orders: "ask me" again
    s.plans.pop(o, None)  # the Action phase's standing orders too
    draft = s.drafts.pop(o, None)
    again: list[Ask] = []
    if (secret is None or secret.q not in SECRET_ORDERS) and "summon" in s.orders.get(o, {}):
        for part in ("summon", "lines"):  # the economy window's order, unseen until its reveal
            s.orders[o].pop(part, None)
        if not s.orders[o]:
            del s.orders[o]
    if secret is not None and secret.q in SECRET_ORDERS:
        s.orders.pop(o, None)
        if secret.answered:
            again.append(secret)
        else:
            s.drafts[o] = Draft(q=secret.q)
    elif draft is not None:
        if draft.q == "move" and draft.data.get("cont"):  # the walk to a destination stays unseen
            s.drafts[o] = Draft(q="move", data={k: v for k, v in draft.data.items() if k != "walk"})
        elif draft.q == "act" and draft.data.get("verb") == "conspire":
            conspiring[o] = len(draft.data.get("cards", []))
            s.drafts[o] = Draft(q="act", data={**draft.data, "cards": []})
    for a in s.asks:
        if a.seat == o and a.q in HIDDEN_ANSWERS:
            HIDDEN_ANSWERS[a.q](s, a)
            if a.answered:
                again.append(a)
    return again


def own_out_of_hand(s: State, seat: int | None) -> list[int]:
    """Arcana cards the seat's own secret order took out of its hand (gifts,
    recruiting): in no hand and not in the deck until the reveal."""
    if seat is None:
        return []
    steps: list[list] = []
    draft = s.drafts.get(seat)
    if draft is not None and draft.q in SECRET_ORDERS:
        steps += draft.steps
    order = s.orders.get(seat, {})
    steps += order.get("gifts", []) + order.get("summon", [])
    out = []
    for st in steps:
        if st and st[0] == "card":
            out.append(st[2])
        elif st and st[0] == "recruit":
            out.append(st[1])
    return out


def unseen_arcana(s: State, seat: int | None) -> list[int]:
    """Every arcana card the seat does not see, in card order."""
    seen = set(own_out_of_hand(s, seat)) | {d.walk for d in s.demons if d.walk is not None}
    if seat is not None and 0 <= seat < s.seats:
        seen |= set(s.players[seat].hand)
    return [c.id for c in data.ARCANA if c.id not in seen]


def _deal_arcana(s: State, seat: int | None, others: list[int], hands: dict[int, int], rnd: random.Random) -> None:
    pool = unseen_arcana(s, seat)
    rnd.shuffle(pool)
    for o in others:
        n = min(hands[o], len(pool))
        s.players[o].hand, pool = pool[:n], pool[n:]
    s.arcana = pool


def unseen_hell(s: State, seat: int | None) -> list[int]:
    """Every Hell card the seat does not see (not in a box, not drawn by
    its own conspiring demon), in card order."""
    seen = {c for c in s.permanent.values() if c is not None}
    draft = s.drafts.get(seat) if seat is not None else None
    if draft is not None and draft.q == "act" and draft.data.get("verb") == "conspire":
        seen |= set(draft.data.get("cards", []))
    return [c for c in range(len(data.HELL_CARDS)) if c not in seen]


def _deal_hell(s: State, seat: int | None, conspiring: dict[int, int], rnd: random.Random) -> None:
    pool = unseen_hell(s, seat)
    rnd.shuffle(pool)
    for o in sorted(conspiring):
        n = min(conspiring[o], len(pool))
        s.drafts[o].data["cards"], pool = pool[:n], pool[n:]
    s.hell = pool


def _battle_cards(s: State, seat: int | None, rnd: random.Random) -> None:
    """The cards other players' demons took into the battle: as many as
    before, from their new hands."""
    b = s.battle
    if b is None:
        return
    taken: dict[int, set[int]] = {}
    for d in sorted(b.cards):
        owner = s.demons[d].owner
        if owner == seat:
            continue
        used = taken.setdefault(owner, set())
        free = sorted(c for c in s.players[owner].hand if c not in used)
        b.cards[d] = rnd.sample(free, min(len(b.cards[d]), len(free)))
        used.update(b.cards[d])


def _counter_answers(s: State, seat: int | None, rnd: random.Random) -> None:
    """The hidden answers of an open counter window (see the module docstring)."""
    c = s.casting
    if c is None or not counters.asked(s):
        return
    answered = {a.seat for a in s.asks if a.q == "counter" and a.answered}
    for o in c.queue:
        if o == seat or o not in answered:
            continue
        c.pending.pop(o, None)
        choices = counters.options(s, c, o)
        if choices and rnd.random() < COUNTER_CHANCE[policy.aimed_at(s, c) == o]:
            x = rnd.choice(choices)
            c.pending[o] = [x.a, x.b]


def _move_path(s: State, seat: int | None, rnd: random.Random) -> None:
    """The rest of the path of another player's unit on its way (see the
    module docstring)."""

    m = s.move
    if m is None or m.seat == seat or m.unit is None:
        return
    asked = next((a for a in s.asks if a.q == "entry" and not a.answered), None)
    if asked is None:
        return
    goes_on = asked.seat == seat and _path_goes_on(m.path)
    m.path = []
    if goes_on:
        at = next(u.at for u in s.units if u.id == m.unit)
        ways = [n for n in data.NEIGHBOURS[at] if not entry_barred(s, m.seat, n)] or list(data.NEIGHBOURS[at])
        m.path = [rnd.choice(sorted(ways))]


def _answer_anew(engine: Any, s: State, a: Ask, rnd: random.Random) -> None:
    """Answer ``a`` (answered before, taken back by :func:`_forget`) again
    with plausible or random legal choices, as :func:`flow.answer` would,
    without going on: another question of the group is still open."""
    a.answered = False
    if a.q in SECRET_ORDERS:
        s.drafts[a.seat] = Draft(q=a.q)
    events: list[Event] = []
    for step in range(MAX_STEPS):
        if a.answered:
            return
        q = flow.QUESTIONS[a.q]  # the economy window's order goes on from gifts to summoning
        legal = [x for x in q.legal(s, a) if x.do != "back"]
        x = _plausible(engine, s, a, legal, step, rnd) or _choose(a.q, legal, step, rnd)
        building = a.seat in s.drafts
        line = list(q.label(s, a, x))
        q.answer(s, a, x, events)
        flow._remember(s, a.seat, a, x, line, building)
    raise RuntimeError(f"no random answer to {a.q!r} ends")


def _plausible(engine: Any, s: State, a: Ask, legal: list[Action], step: int,
               rnd: random.Random) -> Action | None:
    """The rule of thumb's answer to ``a``, in :data:`PLAUSIBLE` of the
    steps (None: a random one); never past the most steps of an order."""
    rule = policy.RULES.get(a.q)
    if rule is None or step >= MAX_ORDER_STEPS or rnd.random() >= PLAUSIBLE:
        return None
    index = rule(engine, s, a.seat, legal)
    return legal[index] if index is not None else None


def _choose(q: str, legal: list[Action], step: int, rnd: random.Random) -> Action:
    submit = Action(do="submit")
    if q in SECRET_ORDERS and submit in legal:
        rest = [x for x in legal if x != submit]
        if not rest or step >= MAX_ORDER_STEPS or rnd.random() < SUBMIT_CHANCE[q]:
            return submit
        return rnd.choice(rest)
    return rnd.choice(legal)
