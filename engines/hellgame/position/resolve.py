"""A description resolved to indices (:class:`Resolved`), with every name
that fails and every impossible combination collected in :class:`Names`."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ValidationError

from engines.hellgame.core import data, flow
from engines.hellgame.core.flight import WILD
from engines.hellgame.core.model import ANTEHELL, FREEBOOTERS, LEGION_LIMIT
from engines.hellgame.position.describe import Card, Hound, Position
from engines.hellgame.phases.hell.hellphase import scope_sectios
from engines.hellgame.position.names import EARTH, Names


@dataclass
class Place:
    at: int
    #: (lieutenant card, seat, leads, bonus)
    lieutenants: list[tuple[int, int, int, int]] = field(default_factory=list)
    legions: dict[int, int] = field(default_factory=dict)
    #: (attacks, keeper seat or None)
    hounds: list[tuple[int, int | None]] = field(default_factory=list)


@dataclass
class Resolved:
    seats: int
    #: (card, owner) per demon, in the state's order.
    demons: list[tuple[int, int]] = field(default_factory=list)
    walks: list[int | None] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    owner: list[int | None] = field(default_factory=lambda: [None] * 45)
    places: list[Place] = field(default_factory=list)
    boxes: list[list[int]] | None = None
    returned: list[int] = field(default_factory=list)
    permanent: list[int] = field(default_factory=list)
    phenomena: list[tuple[str, list[int]]] = field(default_factory=list)
    tops: dict[str, list[int]] = field(default_factory=dict)
    turn: int | None = None
    track: list[int] | None = None
    uriel_at: int | None = None
    lilith_at: int | None = None
    won: dict[str, list[int]] = field(default_factory=dict)
    avoided: list[int] = field(default_factory=list)
    entered: dict[str, list[list[int]]] = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    step: str = ""


def resolve(d: Position, n: Names, parse_options) -> Resolved:
    r = Resolved(seats=len(d.players))
    owners = set(range(r.seats)) | {FREEBOOTERS}

    def seat_ok(seat: int | None, where: str, none: bool = False, free: bool = True) -> bool:
        if (seat is None and none) or seat in (owners if free else set(range(r.seats))):
            return True
        n.fail(f"{where}: no seat {seat} ({r.seats} players{', freebooters 6' if free else ''})")
        return False

    _demons(d, r, n)
    _arcana(d, r, n)
    for seat, p in enumerate(d.players):
        for ref in p.sectios:
            _own(r, n, n.place(ref, f"sectios of seat {seat}"), seat)
    for ref in d.freebooter_sectios:
        _own(r, n, n.place(ref, "freebooter_sectios"), FREEBOOTERS)
    _units(d, r, n, seat_ok)
    _lieutenant_boxes(d, r, n)
    _hell(d, r, n)
    r.tops["demons"] = [c for c in (n.demon(x, "decks.demons") for x in d.decks.demons) if c is not None]
    dealt = {c for c, _ in r.demons}
    for c in r.tops["demons"]:
        if c in dealt or r.tops["demons"].count(c) > 1:
            n.fail(f"demon {data.DEMONS[c].name} is in two places (dealt or twice on the demon deck)")
    r.tops["sectios"] = [x for x in (n.place(ref, "decks.sectios") for ref in d.decks.sectios) if x is not None]
    for x in r.tops["sectios"]:
        if x == ANTEHELL or r.owner[x] is not None or r.tops["sectios"].count(x) > 1:
            n.fail(f"decks.sectios: {_name(x)} is owned, twice on the deck or no sectio card")
    r.tops["hounds"] = list(d.decks.hounds)
    _hound_counters(r, n)
    _beings(d, r, n, seat_ok)
    _round(d, r, n, seat_ok)
    try:
        r.options = parse_options(d.options).model_dump()
    except ValidationError as e:
        n.fail(f"options: {e.errors()[0]['loc']} {e.errors()[0]['msg']}")
    r.step = d.step or ("setup_redraw" if d.phase == "setup" else d.phase)
    if d.phase == "setup" and r.step != "setup_redraw":
        n.fail("a setup position starts with the redraw questions (give no step)")
    elif d.phase != "setup" and (r.step not in flow.STEPS or r.step.split("_")[0] != d.phase):
        n.fail(f"step {r.step!r} is not a step of the phase {d.phase!r}")
    for name in d.halt:
        if name not in flow.STEPS:
            n.fail(f"halt: no step {name!r} (steps: {', '.join(sorted(flow.STEPS))})")
    if d.phase == "hell" and d.round == 1:
        n.fail("round 1 has no Hell phase (it starts with the Soul phase)")
    if d.phase == "setup" and (d.round != 1 or d.units or any(p.hand or p.sectios for p in d.players)):
        n.fail("setup: round 1, nobody holds cards or sectios and no unit stands yet")
    return r


def _name(at: int) -> str:
    return "Antehell" if at == ANTEHELL else "Earth" if at == EARTH else data.SECTIOS[at].name


def _demons(d: Position, r: Resolved, n: Names) -> None:
    seen: dict[int, int] = {}
    for seat, p in enumerate(d.players):
        living = 0
        for spec in p.demons:
            name = spec if isinstance(spec, (int, str)) else spec.name
            card = n.demon(name, f"demons of seat {seat}")
            if card is None:
                continue
            if card in seen:
                n.fail(f"demon {data.DEMONS[card].name} is dealt twice (seats {seen[card]} and {seat})")
            seen[card] = seat
            status = "active" if isinstance(spec, (int, str)) else spec.status
            if p.out and not isinstance(spec, (int, str)) and "status" in spec.model_fields_set and status != "dead":
                n.fail(f"seat {seat} is out: its demon {data.DEMONS[card].name} cannot be {status}")
            living += status != "dead"
            r.demons.append((card, seat))
        if p.out and (p.hand or p.sectios):
            n.fail(f"seat {seat} is out: it holds no cards and no sectios")
        if not p.out and not living:
            n.fail(f"seat {seat} has no living demon (a triumvirate starts again at once, 13.2.1)")
        if not p.out and living > 3:
            n.fail(f"seat {seat} has {living} living demons (a triumvirate has three)")


def _arcana(d: Position, r: Resolved, n: Names) -> None:
    refs: list = []
    for seat, p in enumerate(d.players):
        refs += [(c, f"the hand of seat {seat}") for c in p.hand]
    specs = [s for p in d.players for s in p.demons]
    walking = [(i, s) for i, s in enumerate(specs) if not isinstance(s, (int, str)) and s.walk not in (None, False)]
    refs += [(Card(minor="walk") if s.walk is True else s.walk, f"under demon {s.name}") for _, s in walking]
    refs += [(c, "decks.arcana") for c in d.decks.arcana]
    cards = n.arcana_cards(refs)
    at = 0
    for p in d.players:
        r.hands.append([c for c in cards[at:at + len(p.hand)] if c is not None])
        at += len(p.hand)
    r.walks = [None] * len(specs)
    for (i, s), card in zip(walking, cards[at:at + len(walking)]):
        if card is None:
            continue
        if data.ARCANA[card].minor not in ("walk", "walk_safely"):
            n.fail(f"under demon {s.name}: {data.ARCANA[card].name} is no Walk the Earth card")
        out = i < len(r.demons) and d.players[r.demons[i][1]].out  # (an unknown name is failed already)
        if s.status == "dead" or out:
            n.fail(f"demon {s.name} is dead and cannot walk the Earth")
        r.walks[i] = card
    r.tops["arcana"] = [c for c in cards[at + len(walking):] if c is not None]


def _own(r: Resolved, n: Names, at: int | None, seat: int) -> None:
    if at is None:
        return
    if at == ANTEHELL:
        n.fail("Antehell belongs to nobody")
    elif r.owner[at] is not None:
        n.fail(f"{_name(at)} is owned twice (seats {r.owner[at]} and {seat})")
    else:
        r.owner[at] = seat


def _units(d: Position, r: Resolved, n: Names, seat_ok) -> None:
    out = {seat for seat, p in enumerate(d.players) if p.out}
    total: dict[int, int] = {}
    for ref, spec in d.units.items():
        at = n.place(ref, f"units at {ref!r}")
        if at is None:
            continue
        where = f"units at {_name(at)}"
        place = Place(at=at)
        for seat, count in spec.legions.items():
            if count < 0:
                n.fail(f"{where}: {count} legions")
            if count < 0 or not seat_ok(seat, where):
                continue
            place.legions[seat] = count
            total[seat] = total.get(seat, 0) + count
        led: dict[int, int] = {}
        for lt in spec.lieutenants:
            card = n.lieutenant(lt.name, where)
            if card is None or not seat_ok(lt.seat, where):
                continue
            cap = data.LIEUTENANTS[card].leadership
            if lt.leads > cap:
                n.fail(f"{where}: {data.LIEUTENANTS[card].name} leads at most {cap} legions, not {lt.leads}")
            led[lt.seat] = led.get(lt.seat, 0) + lt.leads
            place.lieutenants.append((card, lt.seat, lt.leads, lt.bonus))
        for seat, k in led.items():
            if k > place.legions.get(seat, 0):
                n.fail(f"{where}: lieutenants of seat {seat} lead {k} legions, but {place.legions.get(seat, 0)} stand there")
        kept: dict[int, int] = {}
        for h in spec.hounds:
            h = h if isinstance(h, Hound) else Hound(attacks=h)
            if h.keeper is not None:
                if not seat_ok(h.keeper, where):
                    continue
                kept[h.keeper] = kept.get(h.keeper, 0) + 1
                if kept[h.keeper] > place.legions.get(h.keeper, 0):
                    n.fail(f"{where}: the hound's keeper must be a legion of seat {h.keeper} there "
                           f"keeping no other hound")
                    continue
            place.hounds.append((h.attacks, h.keeper))
        if out & ({s for s, c in place.legions.items() if c} | {lt[1] for lt in place.lieutenants}):
            n.fail(f"{where}: a seat that is out has no units")
        r.places.append(place)
    for seat, count in total.items():
        if seat != FREEBOOTERS and count > LEGION_LIMIT:
            n.fail(f"seat {seat} has {count} legions; a triumvirate has {LEGION_LIMIT}")


def _lieutenant_boxes(d: Position, r: Resolved, n: Names) -> None:
    where: dict[int, str] = {}

    def claim(card: int | None, place: str) -> int | None:
        if card is not None and card in where:
            n.fail(f"lieutenant {data.LIEUTENANTS[card].name} is in two places: {where[card]} and {place}")
        elif card is not None:
            where[card] = place
        return card

    for p in r.places:
        for lt in p.lieutenants:
            claim(lt[0], _name(p.at))
    r.returned = [c for c in (claim(n.lieutenant(x, "returned"), "the Return box") for x in d.returned) if c is not None]
    if d.boxes is not None:
        r.boxes = [[c for c in (claim(n.lieutenant(x, f"box {b}"), f"box {b}") for x in box) if c is not None]
                   for b, box in enumerate(d.boxes)]
    else:
        r.boxes = [[c for c in box if c not in where] for box in data.BOXES]


def _hell(d: Position, r: Resolved, n: Names) -> None:
    refs = [(x, "permanent") for x in d.permanent] + [(x, "decks.hell") for x in d.decks.hell]
    cards = n.hell_cards(refs)
    r.permanent = [c for c in cards[:len(d.permanent)] if c is not None]
    r.tops["hell"] = [c for c in cards[len(d.permanent):] if c is not None]
    areas: dict[str, str] = {}
    for c in r.permanent:
        event = data.EVENTS[data.HELL_CARDS[c].event]
        if not event.permanent or event.area is None:
            n.fail(f"permanent: {event.key} is no permanent event")
        elif event.area in areas:
            n.fail(f"permanent: {areas[event.area]} and {event.key} share the {event.area} box")
        else:
            areas[event.area] = event.key
    for ph in d.phenomena:
        at = n.place(ph.at, f"phenomenon {ph.kind}")
        if ph.kind not in data.PHENOMENA:
            n.fail(f"phenomena: no phenomenon {ph.kind!r}")
        elif at == ANTEHELL:
            n.fail(f"phenomena: {ph.kind} cannot happen in Antehell")
        elif at is not None:
            r.phenomena.append((ph.kind, scope_sectios(ph.scope, at)))


def _hound_counters(r: Resolved, n: Names) -> None:
    used = [a for p in r.places for a, _ in p.hounds] + r.tops["hounds"]
    for attacks in sorted(set(used)):
        have = data.HOUND_ATTACKS.count(attacks)
        if used.count(attacks) > have:
            n.fail(f"{used.count(attacks)} hounds of {attacks} attacks (on the board and the stack's top); "
                   f"the game has {have} such counters")


def _beings(d: Position, r: Resolved, n: Names, seat_ok) -> None:
    if d.uriel is not None:
        r.uriel_at = n.place(d.uriel.at, "uriel", earth=True)
        crusade = [c for c in r.permanent if data.HELL_CARDS[c].event == "uriels_crusade"]
        if d.uriel.by_card and not crusade:
            n.fail("uriel: called by the card, but uriels_crusade is not among the permanent events")
        for seat in d.uriel.lost:
            seat_ok(seat, "uriel.lost", free=False)
    if d.lilith is not None:
        r.lilith_at = n.place(d.lilith.at, "lilith")
    if r.uriel_at is not None and r.uriel_at == r.lilith_at and r.uriel_at != ANTEHELL:
        n.fail(f"Uriel and Lilith in {_name(r.uriel_at)}: entering her sectio ends him")


def _round(d: Position, r: Resolved, n: Names, seat_ok) -> None:
    for ref, seats in d.won.items():
        at = n.place(ref, "won")
        if at is not None and all(seat_ok(s, "won") for s in seats):
            r.won[str(at)] = list(seats)
    r.avoided = [x for x in (n.place(ref, "avoided") for ref in d.avoided) if x is not None]
    for ref, entries in d.entered.items():
        at = n.place(ref, "entered")
        came = [(seat, n.place(frm, "entered")) for seat, frm in entries if seat_ok(seat, "entered", none=True)]
        if at is not None and all(frm is not None for _, frm in came):
            r.entered[str(at)] = [[WILD if seat is None else seat, frm] for seat, frm in came]
    specs = [s for p in d.players for s in p.demons]
    names = [s if isinstance(s, (int, str)) else s.name for s in specs]
    index = {card: i for i, (card, _) in enumerate(r.demons)}
    if len(r.demons) != len(specs):
        return  # a demon's name failed: reported already
    if d.phase != "action" and (d.turn is not None or d.track is not None):
        n.fail(f"turn and track belong to the Action phase, not {d.phase!r}")
        return
    if d.track is not None:
        cards = [n.demon(x, "track") for x in d.track]
        missing = [x for x, c in zip(d.track, cards) if c is not None and c not in index]
        if missing:
            n.fail(f"track: {missing} not in play")
        r.track = [index[c] for c in cards if c in index]
        if len(set(r.track)) != len(r.track):
            n.fail("track: a demon twice")
        acting = [i for i, s in enumerate(specs) if not d.players[r.demons[i][1]].out
                  and (isinstance(s, (int, str)) or s.status == "active")]
        left = [names[i] for i in acting if i not in r.track]
        if left:
            n.fail(f"track: every active demon is on it; missing {left}")
    if d.turn is not None:
        card = n.demon(d.turn, "turn")
        if card is not None and card not in index:
            n.fail(f"turn: {d.turn} is not in play")
        elif card is not None:
            i = index[card]
            spec, owner = specs[i], r.demons[i][1]
            status = "dead" if d.players[owner].out else "active" if isinstance(spec, (int, str)) else spec.status
            if status != "active":
                n.fail(f"turn: {names[i]} is not active ({status}{', its player is out' if d.players[owner].out else ''})")
            elif not isinstance(spec, (int, str)) and spec.acted:
                n.fail(f"turn: {names[i]} has acted already")
            elif r.track is not None and i not in r.track:
                n.fail(f"turn: {names[i]} is not on the track")
            r.turn = i
