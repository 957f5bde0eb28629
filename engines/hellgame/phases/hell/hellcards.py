"""The Hell cards in force (chapter 6): the effects of the 15 events and the
5 phenomena of hellgame.md, "Hell cards".

:mod:`engines.hellgame.phases.hell.hellphase` draws the three cards, puts a permanent
event into its area's box (the old card under the Hell deck) and records the
phenomenon with the sectios it covers in ``state.phenomena`` (the view's
warning markers for the round); it then calls :func:`event_effect` and
:func:`phenomenon_effect` here.

- A permanent event acts while its card lies in its box: the rule modules
  ask :func:`setting` and :func:`added` through their hooks (Red Peril: a
  legion costs 4; Bureaucracy: a petition by favour 2 favour; Age of Sin:
  deeds on 5-6; Enlightenment: walking the Earth +2 souls; Guardian Angels
  -2 and The Bees +2 on a demon's Earth income, which add up (ruling), the
  income never below 0; Temper: +1 on every attack roll; Wrath of Angels: a
  demon on Earth rolls against its skulls after its income, a failure
  incapacitates it). Uriel's Crusade calls :data:`URIEL_CRUSADE` (part 3).
- Non-permanent events happen at once (G10): Lilith's Visit calls
  :data:`LILITH_VISIT` (part 3); Feast of the Fallen +1 favour for everyone;
  Purge +1 disfavour for everyone holding disfavour; Census: 1 soul per
  sectio owned, and per soul missing one legion, which the player chooses
  (question ``census``; with no legion left, nothing more); Hounds Loose: a
  wild hound from the stack in the sectio of the third card (ruling); Calm:
  nothing.
- Phenomena: Cave-in destroys every unit in its sectios; Earthquake: every
  unit rolls, 1-2 destroyed (a hound whose keeper went runs amok); both also
  call :data:`DISASTERS` (Uriel and Lilith, 6.2.2, part 3). Quagmire stops
  units entering (``flight.STOP_HOOKS``); No Souls (income x 0, the Wise Men
  no cards) and Soul Spring (x 2 of the income after isolation, the Wise Men
  twice the cards) act in the Soul phase.
- 6.2.1: where two cards in force set the same value, a non-permanent card
  (this round's phenomenon) beats a permanent one, and between permanent
  ones Heaven beats Earth beats Hell (:func:`in_force` gives that order;
  :data:`SETS` lists what each card sets). Amounts in :data:`ADDS` add up.
"""

from __future__ import annotations

from typing import Callable

from engines.hellgame.core import board, data, dice, flight, hooks
from engines.hellgame.core.flow import Events, ask, close, question, tell
from engines.hellgame.core.model import Action, Ask, Battle, FREEBOOTERS, Phenomenon, State, Unit

#: Part 3: Uriel appears (10.1); called with ``(state, events)``.
URIEL_CRUSADE: list[Callable[[State, Events], None]] = []
#: Part 3: Lilith appears (10.2); called with ``(state, events)``.
LILITH_VISIT: list[Callable[[State, Events], None]] = []
#: Part 3: a Cave-in or Earthquake also hits Uriel or Lilith in its sectios
#: (6.2.2: no other phenomenon or event touches them); ``(state, events, phenomenon)``.
DISASTERS: list[Callable[[State, Events, Phenomenon], None]] = []

#: Permanent boxes in the order of precedence of 6.2.1.
AREAS = ("heaven", "earth", "hell")
#: Values a card sets while in force: aspect -> {event or phenomenon key: value}.
SETS: dict[str, dict[str, int]] = {
    "legion_cost": {"red_peril": 4},
    "petition_cost": {"bureaucracy": 2},
    "deed_face": {"age_of_sin": 5},
    "income_factor": {"no_souls": 0, "soul_spring": 2},
    "wise_men_factor": {"no_souls": 0, "soul_spring": 2},
}
#: Amounts cards in force add: aspect -> {key: amount}; they add up (ruling).
ADDS: dict[str, dict[str, int]] = {
    "earth_income": {"guardian_angels": -2, "the_bees": 2},
    "walk_cost": {"enlightenment": 2},
    "attack": {"temper": 1},
}
#: An earthquake destroys a unit rolling this or less.
QUAKE_LOSS = 2
WISE_MEN = next(s.index for s in data.SECTIOS if s.produces == "arcana")


def event_of(card: int) -> str:
    return data.HELL_CARDS[card].event


def live(state: State) -> list[int]:
    return [i for i, p in enumerate(state.players) if not p.out]


# -- what is in force (6.2, 6.2.1) ------------------------------------------------------


def permanent_keys(state: State) -> list[str]:
    """The events of the permanent boxes, Heaven, Earth, Hell."""
    return [event_of(state.permanent[a]) for a in AREAS if state.permanent.get(a) is not None]


def in_force(state: State, sectio: int | None = None) -> list[str]:
    """The cards acting on ``sectio`` (or on everything), strongest first
    (6.2.1): this round's phenomena there, then Heaven, Earth, Hell."""
    here = [p.kind for p in state.phenomena if sectio is not None and sectio in p.sectios]
    return here + permanent_keys(state)


def active(state: State, key: str) -> bool:
    return key in in_force(state)


def setting(state: State, aspect: str, default: int, sectio: int | None = None) -> int:
    """The value ``aspect`` has now: the strongest card in force that sets it."""
    table = SETS.get(aspect, {})
    return next((table[k] for k in in_force(state, sectio) if k in table), default)


def added(state: State, aspect: str) -> int:
    table = ADDS.get(aspect, {})
    return sum(table.get(k, 0) for k in in_force(state))


# -- the hooks the rule modules call (the simple ones ask setting/added directly) ------------


def income(state: State, sectio: int, souls: int) -> int:
    """A sectio's souls after isolation, as the round's phenomenon leaves them."""
    return souls * setting(state, "income_factor", 1, sectio)


def wise_men_cards(state: State, cards: int) -> int:
    return cards * setting(state, "wise_men_factor", 1, WISE_MEN)


def wrath_of_angels(state: State, events: Events, demon: int) -> None:
    """After its Earth income a demon rolls against its skulls (ruling)."""
    d = state.demons[demon]
    if not active(state, "wrath_of_angels") or d.status != "active" or not d.on_earth:
        return
    skulls = data.DEMONS[d.card].skulls
    ok, roll = dice.against(state, d.owner, skulls)
    if not ok:
        d.status = "incapacitated"
    tell(state, events, "ev_cards_wrath_spared" if ok else "ev_cards_wrath_struck",
         seat=d.owner, demon=d.card, roll=roll, skulls=skulls)


def _temper(state: State, b: Battle, u: Unit) -> int:
    return added(state, "attack")


def _quagmire(state: State, sectio: int) -> bool:
    return any(p.kind == "quagmire" and sectio in p.sectios for p in state.phenomena)


hooks.ATTACK_BONUS.append(_temper)
flight.STOP_HOOKS.append(_quagmire)


# -- events (6.1, 6.2) ----------------------------------------------------------------------


def event_effect(state: State, events: Events, card: int) -> None:
    """The event of Hell card ``card`` happens (a permanent one is already in
    its box and acts from now on; Uriel's Crusade calls Uriel)."""
    effect = NOW.get(event_of(card))
    if effect is not None:
        effect(state, events)


def _beings(state: State, events: Events, hooks: list, key: str) -> None:
    for hook in hooks:
        hook(state, events)
    if not hooks:
        tell(state, events, key, chronicle=False)


def _uriel(state: State, events: Events) -> None:
    _beings(state, events, URIEL_CRUSADE, "ev_cards_uriel_absent")


def _lilith(state: State, events: Events) -> None:
    _beings(state, events, LILITH_VISIT, "ev_cards_lilith_absent")


def _feast(state: State, events: Events) -> None:
    seats = live(state)
    for seat in seats:
        state.players[seat].favour += 1
    tell(state, events, "ev_cards_feast", seats=seats)


def _purge(state: State, events: Events) -> None:
    seats = [x for x in live(state) if state.players[x].disfavour > 0]
    for seat in seats:
        state.players[seat].disfavour += 1
    tell(state, events, "ev_cards_purge" if seats else "ev_cards_purge_none", seats=seats)


def _hounds_loose(state: State, events: Events) -> None:
    """A wild hound in the sectio of this Hell phase's third card (ruling)."""
    where = next((d.card for d in state.drawn if d.role == "location"), None)
    if where is None:
        return
    at = data.HELL_CARDS[where].location
    if not state.hounds:
        tell(state, events, "ev_cards_hounds_none", sectio=at)
        return
    hound = board.place(state, "hound", None, at, card=state.hounds.pop(0))
    tell(state, events, "ev_cards_hounds_loose", sectio=at, attacks=hound.card)


# -- Census: pay a soul per sectio, or lose legions (the player chooses) ----------------------


def census_choices(state: State, seat: int) -> list[Unit]:
    """One legion of each kind the player may give up (alike: the same sectio,
    leader and a hound or not)."""
    seen: set[tuple] = set()
    out: list[Unit] = []
    for u in board.legions(state, seat):
        kind = (u.at, u.leader, board.hound_of(state, u) is not None)
        if kind not in seen:
            seen.add(kind)
            out.append(u)
    return out


def _lose_legion(state: State, events: Events, u: Unit) -> None:
    loose = board.remove(state, u)
    tell(state, events, "ev_cards_census_lost", seat=u.owner, sectio=u.at)
    for h in loose:
        flight.run_amok(state, h, events)


def _census_settle(state: State, events: Events, seat: int, n: int) -> int:
    """Take legions while there is no choice; returns how many are still to go."""
    while n > 0:
        choices = census_choices(state, seat)
        if not choices:
            return 0
        if len(choices) > 1 and len(board.legions(state, seat)) > n:
            return n
        _lose_legion(state, events, choices[0])
        n -= 1
    return 0


def _census(state: State, events: Events) -> None:
    for seat in live(state):
        p = state.players[seat]
        due = len(board.owned(state, seat))
        paid = min(due, p.souls)
        p.souls -= paid
        short = due - paid
        if not short:
            tell(state, events, "ev_cards_census_paid", seat=seat, n=paid)
            continue
        lose = min(short, len(board.legions(state, seat)))
        tell(state, events, "ev_cards_census_short", seat=seat, n=paid, short=short, legions=lose)
        keep = len(board.legions(state, seat)) - lose
        if _census_settle(state, events, seat, lose):
            ask(state, seat, "census", kind="simultaneous", keep=keep)


def _census_left(s: State, a: Ask) -> int:
    return len(board.legions(s, a.seat)) - a.data["keep"]


def _census_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    _lose_legion(s, ev, board.unit(s, x.a))
    if not _census_settle(s, ev, a.seat, _census_left(s, a)):
        close(s, a)


def _census_label(s: State, a: Ask, x: Action) -> tuple[str, dict]:
    u = board.unit(s, x.a)
    if u.leader is not None:
        return "lb_cards_census_led", {"sectio": u.at, "lt": board.unit(s, u.leader).card}
    hound = board.hound_of(s, u)
    if hound is not None:
        return "lb_cards_census_hound", {"sectio": u.at, "attacks": hound.card}
    return "lb_cards_census", {"sectio": u.at}


question(
    "census",
    legal=lambda s, a: [Action(do="disband", a=u.id) for u in census_choices(s, a.seat)],
    answer=_census_answer,
    prompt=lambda s, a: ("pr_cards_census", {"n": _census_left(s, a)}),
    label=_census_label,
)

#: Events that do something when drawn (the others act while in their box, or not at all).
NOW: dict[str, Callable[[State, Events], None]] = {
    "uriels_crusade": _uriel,
    "liliths_visit": _lilith,
    "feast_of_the_fallen": _feast,
    "purge": _purge,
    "census": _census,
    "hounds_loose": _hounds_loose,
}


# -- phenomena (6.2, 6.2.2) ---------------------------------------------------------------------


def phenomenon_effect(state: State, events: Events, phenomenon: Phenomenon) -> None:
    """Cave-in and Earthquake strike at once; the others last the round."""
    if phenomenon.kind not in ("cave_in", "earthquake"):
        return
    hit = False
    for at in phenomenon.sectios:
        here = board.units_at(state, at)
        if not here:
            continue
        hit = True
        if phenomenon.kind == "cave_in":
            _destroy(state, events, at, here, {})
        else:
            _quake(state, events, at, here)
    if not hit:
        tell(state, events, "ev_cards_nobody_hit")
    for hook in DISASTERS:
        hook(state, events, phenomenon)


def _owners(units: list[Unit]) -> list[int | None]:
    """Seats in order, freebooters after them, wild hounds (None) last."""
    found = {u.owner for u in units}
    return sorted(o for o in found if o is not None) + ([None] if None in found else [])


def _quake(state: State, events: Events, at: int, here: list[Unit]) -> None:
    rolls: dict[int | None, list[int]] = {}
    lost: list[Unit] = []
    for owner in _owners(here):
        mine = [u for u in here if u.owner == owner]
        rolled = dice.roll(state, owner, len(mine))
        rolls[owner] = rolled
        lost += [u for u, r in zip(mine, rolled) if r <= QUAKE_LOSS]
    _destroy(state, events, at, lost, rolls)


def _destroy(state: State, events: Events, at: int, units: list[Unit], rolls: dict) -> None:
    """Remove ``units`` from sectio ``at``; tell each party's losses (with its
    earthquake dice); hounds whose keeper went and who stay run amok."""
    ids = {u.id for u in units}
    owners = _owners(units) if not rolls else list(rolls)
    counts = {owner: sum(1 for u in units if u.owner == owner) for owner in owners}
    loose: list[Unit] = []
    for u in units:
        loose += board.remove(state, u)
    for owner in owners:
        params = {"sectio": at, "n": counts[owner]}
        if rolls:
            params["rolls"] = rolls[owner]
        if owner is None:
            tell(state, events, "ev_cards_quake_wild" if rolls else "ev_cards_cave_in_wild", **params)
        elif owner == FREEBOOTERS:
            tell(state, events, "ev_cards_quake_free" if rolls else "ev_cards_cave_in_free", **params)
        else:
            tell(state, events, "ev_cards_quake" if rolls else "ev_cards_cave_in", seat=owner, **params)
    for h in loose:
        if h.id not in ids and board.unit(state, h.id) is not None:
            flight.run_amok(state, h, events)
