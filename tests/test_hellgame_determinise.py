"""The HellGame's determinisation (:mod:`engines.hellgame.determinise`): a
computer player searches determinised states only, so a determinisation
must not peek, must look to the seat exactly like the real state, must draw
the hidden part anew and must be a state the game plays on to its end.

Positions come from random play (the weighted policy of
:func:`hellgame_driver.choose`, so that secret orders, battles, spells and drafts show
up) from 2 to 6 seats, with a round cap; for each position and seat:

a) no peeking: a state and its twin (:func:`test_contract_secrecy.hellgame_twin`,
   the generator's twin, and :func:`deep_twin` here, which changes the
   hidden things the secrecy twin leaves alone) determinise alike for every
   seat that may not tell them apart; a determinisation determinises as the
   state does (it reads nothing it draws anew);
b) the seat's view, prompt and choices and the seats to act are the real ones;
   every arcana and Hell card is in one place exactly; the seat's own
   secrets are kept;
c) the others' hands and the decks, their secret orders, the cards another
   demon conspires with and the hidden answers to a simultaneous question
   differ from one ``rnd`` to the next (or from the real ones);
d) a random playout from a determinisation ends.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest
from hellgame_driver import walk
from test_contract_secrecy import hellgame_twin

from engines.contract import canonical_json, clone
from engines.hellgame.core import data
from engines.hellgame.core.model import Action, HAND_LIMIT, State
from engines.hellgame.determinise import HIDDEN_ANSWERS, SECRET_ORDERS
from engines.hellgame.engine import ENGINE
from engines.hellgame.magic import counters
from engines.rng import Rng

SEATS = (2, 3, 4, 5, 6)
SEEDS = (1, 2)
#: Every how many states of a walk the checks look at one.
EVERY = 5


def options(seats: int, seed: int) -> dict:
    """Short games; manual targets and the beings in every other walk."""
    odd = (seats + seed) % 2 == 1
    return {"max_rounds": 2, "auto_targets": not odd, "beings_round": 1 if odd else 0,
            "quick_small": seed == 2}


@lru_cache(maxsize=None)
def positions(seats: int, seed: int) -> tuple[State, ...]:
    rnd = random.Random(f"hg-determinise/{seats}/{seed}")
    return walk(ENGINE.setup(seats, rnd.getrandbits(63), options(seats, seed)), rnd, 4000)


def sampled(seats: int, seed: int) -> list[State]:
    states = positions(seats, seed)
    return [s for i, s in enumerate(states) if i % EVERY == seed % EVERY and not s.over]


def det(state: State, seat: int, k: int) -> State:
    return ENGINE.determinise(state, seat, random.Random(k))


def same(a, b) -> bool:
    return canonical_json(a) == canonical_json(b)


# -- a twin of everything else that is hidden -----------------------------------------


def deep_twin(state: State, rnd: random.Random):
    """One player's other secrets changed: its "always pass", its cards in
    the current battle, its hidden answer to an open simultaneous question
    (a counter window's included),
    its secret order and souls (while a secret phase runs), the cards its
    conspiring demon looks at, its discards so far, the rest of its unit's
    path (hidden from all but the seat asked to let it pass)."""
    if state.over:
        return None
    twin = clone(state)
    hider = rnd.randrange(state.seats)
    hiders = {hider}
    p = twin.players[hider]
    p.always_pass = not p.always_pass
    b = twin.battle
    if b is not None:
        for d in b.cards:
            if twin.demons[d].owner == hider and p.hand:
                b.cards[d] = rnd.sample(p.hand, min(len(b.cards[d]), len(p.hand)))
        if hider in b.votes and any(a.seat == hider and a.q == "combat_avoid" for a in twin.asks):
            b.votes[hider] = not b.votes[hider]  # told once all have voted
        for entries in b.pending.get(hider, [])[:1]:
            b.targets[entries[0]] = [rnd.randrange(1000)]
    c = twin.casting
    if c is not None and any(a.seat == hider and a.q == "counter" and a.answered for a in twin.asks):
        choices = counters.options(twin, c, hider)  # told once everyone asked has answered
        if c.pending.pop(hider, None) is None and choices:
            c.pending[hider] = [choices[0].a, choices[0].b]
    if twin.lilith is not None and str(hider) in twin.lilith.data.get("court", {}):
        twin.lilith.data["court"][str(hider)] = rnd.randrange(len(twin.demons))
    ask = next((a for a in twin.asks if a.seat == hider), None)
    if ask is not None and ask.q in SECRET_ORDERS and ask.answered:
        twin.orders[hider] = {"gifts" if ask.q == "soul" else "summon": [["secret", rnd.randrange(99), None, 0]]}
    if ask is not None and ask.q == "redraw" and ask.answered:
        if twin.orders.pop(hider, None) is None:
            twin.orders[hider] = {"redraw": next(i for i, d in enumerate(twin.demons) if d.owner == hider)}
    if p.shown_souls is not None:
        p.souls = max(0, p.souls - rnd.randint(1, 5))
    if ask is not None and ask.q == "discard" and not ask.answered and len(p.hand) > HAND_LIMIT + 1:
        twin.arcana.append(p.hand.pop(rnd.randrange(len(p.hand))))
    draft = twin.drafts.get(hider)
    if draft is not None and draft.data.get("verb") == "conspire" and draft.data["cards"] and twin.hell:
        i, k = rnd.randrange(len(draft.data["cards"])), rnd.randrange(len(twin.hell))
        draft.data["cards"][i], twin.hell[k] = twin.hell[k], draft.data["cards"][i]
    m = twin.move
    entry = next((a for a in twin.asks if a.q == "entry" and not a.answered), None)
    if m is not None and m.seat == hider and entry is not None:
        m.path = [rnd.choice(data.NEIGHBOURS[0])] * rnd.randint(1, 2) + m.path
        hiders.add(entry.seat)
    return twin, hiders


def rng_twin(state: State, rnd: random.Random):
    twin = clone(state)
    twin.rng = Rng(state=state.rng.state ^ rnd.randint(1, 2**64 - 1))
    return twin, set()


TWINS = {"secrecy": hellgame_twin, "deep": deep_twin, "future": rng_twin}


# -- (a) no peeking ------------------------------------------------------------------------


@pytest.mark.parametrize("seats", SEATS)
def test_a_twins_determinise_alike_for_the_seats_that_cannot_tell_them_apart(seats):
    compared = dict.fromkeys(TWINS, 0)
    for seed in SEEDS:
        rnd = random.Random(seed)
        for n, state in enumerate(sampled(seats, seed)):
            for name, make in TWINS.items():
                if name == "future" and n % 4:
                    continue
                made = make(state, rnd)
                if made is None:
                    continue
                twin, hiders = made
                for seat in range(seats):
                    if seat not in hiders:
                        k = rnd.randrange(1000)
                        assert same(det(state, seat, k), det(twin, seat, k)), f"{name} twin: seat {seat} peeks"
                        compared[name] += 1
    assert all(compared.values()), compared


@pytest.mark.parametrize("seats", SEATS)
def test_a_a_determinisation_determinises_as_the_state_does(seats):
    """What the determiniser draws anew it never reads: determinising one
    of its own results gives what the real state gives."""
    for seed in SEEDS:
        for n, state in enumerate(sampled(seats, seed)[::2]):
            seat = n % seats
            world = det(state, seat, n)
            assert same(det(world, seat, 1000 + n), det(state, seat, 1000 + n))


# -- (b) the seat cannot tell ----------------------------------------------------------------


def where_cards_are(s: State) -> tuple[list[int], list[int]]:
    """Every arcana and Hell card wherever it is, sorted."""
    arcana = list(s.arcana) + [d.walk for d in s.demons if d.walk is not None]
    for p in s.players:
        arcana += p.hand
    steps = [st for d in s.drafts.values() if d.q in SECRET_ORDERS for st in d.steps]
    steps += [st for o in s.orders.values() for st in o.get("gifts", []) + o.get("summon", [])]
    arcana += [st[2] if st[0] == "card" else st[1] for st in steps if st[0] in ("card", "recruit")]
    hell = list(s.hell) + [c for c in s.permanent.values() if c is not None]
    hell += [c for d in s.drafts.values() if d.data.get("verb") == "conspire" for c in d.data["cards"]]
    return sorted(arcana), sorted(hell)


def own_secrets(s: State, seat: int):
    return (s.players[seat].hand, s.players[seat].souls, s.drafts.get(seat), s.orders.get(seat),
            s.said.get(seat), s.players[seat].always_pass)


@pytest.mark.parametrize("seats", SEATS)
def test_b_the_seat_sees_the_same_and_may_do_the_same(seats):
    everything = (list(range(len(data.ARCANA))), list(range(len(data.HELL_CARDS))))
    for seed in SEEDS:
        for n, state in enumerate(sampled(seats, seed)[seed % 2::2]):
            assert where_cards_are(state) == everything
            for seat in range(seats):
                d = det(state, seat, n * 10 + seat)
                assert same(ENGINE.load_state(ENGINE.dump_state(d)), d)
                assert same(ENGINE.view(d, seat), ENGINE.view(state, seat)), (state.step, seat)
                assert ENGINE.to_act(d) == ENGINE.to_act(state)
                assert ENGINE.legal_actions(d, seat) == ENGINE.legal_actions(state, seat), (state.step, seat)
                assert ENGINE.prompt(d, seat) == ENGINE.prompt(state, seat)
                assert ENGINE.result(d) is None
                assert where_cards_are(d) == everything, "a card lost or doubled"
                assert own_secrets(d, seat) == own_secrets(state, seat)
                assert d.last == state.last and d.chronicle == state.chronicle


def test_b_secret_orders_are_replaced_by_legal_ones_from_the_start_of_the_phase():
    """In a secret phase another player is back at its souls and hand size
    as shown; an open order is an empty draft, a submitted one a new order
    that the reveal carries out."""
    met = 0
    for seats in (3, 5):
        for seed in SEEDS:
            for state in positions(seats, seed):
                secret = [a for a in state.asks if a.secret and a.q in SECRET_ORDERS]
                if not secret or not any(a.answered for a in secret):
                    continue
                seat = next(a.seat for a in secret if not a.answered)
                d = det(state, seat, met)
                for a in secret:
                    if a.seat == seat:
                        continue
                    p = d.players[a.seat]
                    assert p.souls <= p.shown_souls
                    if a.answered:
                        assert a.seat not in d.drafts and list(d.orders[a.seat]) == [
                            "gifts" if a.q == "soul" else "summon"]
                    else:
                        assert d.drafts[a.seat].steps == [] and a.seat not in d.orders
                        # at the economy window's Summoning order the seat is done discarding
                        hand = min(p.shown_hand, HAND_LIMIT) if a.q == "summon" else p.shown_hand
                        assert (p.souls, len(p.hand)) == (p.shown_souls, hand)
                while d.asks and d.asks[0].q in SECRET_ORDERS:  # every seat submits: the reveal runs
                    who = ENGINE.to_act(d)[0]
                    d, _ = ENGINE.apply(d, who, ENGINE.default_action(d, who))
                met += 1
                break
    assert met >= 2


# -- (c) drawn anew --------------------------------------------------------------------------


def hidden_part(s: State, seat: int) -> str:
    others = {o: s.players[o].hand for o in range(s.seats) if o != seat}
    return canonical_json_of([others, s.arcana, s.hell, s.demon_deck, s.hounds])


def canonical_json_of(value) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


@pytest.mark.parametrize("seats", SEATS)
def test_c_hidden_cards_differ_from_one_rnd_to_the_next(seats):
    varied = 0
    for seed in SEEDS:
        for n, state in enumerate(sampled(seats, seed)[::3]):
            for seat in range(seats):
                if len(set(state.arcana)) < 2:
                    continue
                worlds = {hidden_part(det(state, seat, k), seat) for k in range(3)}
                assert len(worlds) >= 2
                varied += 1
                others = [o for o in range(seats) if o != seat and state.players[o].hand]
                if others:
                    hands = {tuple(det(state, seat, k).players[others[0]].hand) for k in range(4)}
                    assert len(hands) >= 2, "another player's hand is not dealt anew"
    assert varied


def test_c_secret_orders_and_drafts_of_others_are_not_the_real_ones():
    """Over a walk, the others' submitted orders come out different from the
    real ones, and nothing of another seat's private draft survives."""
    differ = 0
    for seats in (4, 6):
        for seed in SEEDS:
            for n, state in enumerate(positions(seats, seed)):
                for seat in range(seats):
                    if n % 3:
                        continue
                    d = det(state, seat, n)
                    for o in range(seats):
                        if o == seat:
                            continue
                        if o in state.orders and any(a.seat == o and a.secret for a in state.asks):
                            differ += d.orders.get(o) != state.orders[o]
                        draft = d.drafts.get(o)
                        if draft is not None:
                            assert draft.steps == []
                            assert draft.q in SECRET_ORDERS or draft.data.get("verb") == "conspire" \
                                or draft.data.get("cont")
    assert differ >= 3


# -- (d) playouts -------------------------------------------------------------------------


@pytest.mark.parametrize("seats", SEATS)
def test_d_a_random_playout_from_a_determinisation_ends(seats):
    for seed in SEEDS:
        states = sampled(seats, seed)
        rnd = random.Random(seed)
        for state in (states[len(states) // 3], states[2 * len(states) // 3]):
            d = det(state, rnd.randrange(seats), seed)
            for _ in range(20000):
                waiting = ENGINE.to_act(d)
                if not waiting:
                    break
                who = rnd.choice(waiting)
                d, _ = ENGINE.apply(d, who, rnd.choice(ENGINE.legal_actions(d, who)))
            assert ENGINE.result(d) is not None


def conspiracies() -> list[tuple[State, int]]:
    """Positions of the walks where a demon has just conspired: its owner
    looks at Hell cards nobody else sees."""
    out = []
    for seats in SEATS:
        for seed in SEEDS:
            for state in positions(seats, seed):
                for who in ENGINE.to_act(state):
                    if Action(do="conspire") in ENGINE.legal_actions(state, who):
                        out.append((ENGINE.apply(state, who, Action(do="conspire"))[0], who))
    return out


def test_c_the_cards_another_demon_conspires_with_are_drawn_anew():
    found = conspiracies()
    assert found
    for state, who in found:
        n = len(state.drafts[who].data["cards"])
        assert ENGINE.determinise(state, who, random.Random(0)).drafts[who] == state.drafts[who]
        twin = clone(state)
        twin.drafts[who].data["cards"][0], twin.hell[-1] = twin.hell[-1], twin.drafts[who].data["cards"][0]
        for seat in range(state.seats):
            if seat == who:
                continue
            drawn = set()
            for k in range(4):
                d = det(state, seat, k)
                cards = d.drafts[who].data["cards"]
                assert len(cards) == n and not set(cards) & set(d.hell)
                assert same(d, det(twin, seat, k))
                drawn.add(tuple(cards))
            assert len(drawn) >= 2 or n == 0


def test_c_hidden_answers_to_a_simultaneous_question_are_given_anew():
    """The paid redraw, avoiding a battle, courting Lilith, targets by hand:
    another seat's answer, given while the group is still open, comes out
    of ``rnd`` (still given: the same seats are waiting)."""
    def part(s: State, o: int):
        b = s.battle
        court = s.lilith.data.get("court", {}).get(str(o)) if s.lilith is not None else None
        mine = {u.id for u in s.units if u.owner == o}
        return (s.orders.get(o), b.votes.get(o) if b else None, court,
                {k: v for k, v in b.targets.items() if k in mine} if b else None)

    met = varied = 0
    for seats in SEATS:
        for seed in SEEDS:
            for state in positions(seats, seed):
                answered = [a.seat for a in state.asks if a.answered and a.q in HIDDEN_ANSWERS]
                for o in answered:
                    seat = next(a.seat for a in state.asks if not a.answered)
                    parts = {repr(part(det(state, seat, k), o)) for k in range(6)}
                    met += 1
                    varied += len(parts) >= 2
    assert met and varied
