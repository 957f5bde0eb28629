"""A state from a description: :func:`build`, and :func:`run_to` a step."""

from __future__ import annotations

from engines.contract import Event
from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import ANTEHELL, Being, Demon, Phenomenon, Player, State, Unit
from engines.hellgame.engine import ENGINE
from engines.hellgame.position.describe import Demon as DemonSpec, Position
from engines.hellgame.position.names import EARTH, Names
from engines.hellgame.position.resolve import Resolved, resolve
from engines.rng import Rng


class NotReached(AssertionError):
    """:func:`run_to` stopped before the step it was told (a question, the
    end of the game or a step of ``state.halt`` came first)."""


def build(description: Position | dict, seed: int = 0) -> State:
    """The state the description describes, at the first step of its phase
    (or at its ``step``) with no question open yet (except at setup: the
    redraw questions, as a new match asks them). ``seed`` shuffles what the
    description leaves open: the rest of every deck, and every die after
    the queued ones. Raises :class:`PositionError` naming everything
    unknown or impossible."""
    d = description if isinstance(description, Position) else Position.model_validate(description)
    names = Names()
    r = resolve(d, names, ENGINE.parse_options)
    names.check()
    s = State(rng=Rng.from_seed(seed), seats=r.seats, options=r.options, round=d.round, step=r.step,
              phase=d.phase,
              players=[Player(souls=p.souls, favour=p.favour, disfavour=p.disfavour, hand=hand, out=p.out,
                              ones=p.ones, always_pass=p.always_pass) for p, hand in zip(d.players, r.hands)])
    specs = [x if isinstance(x, DemonSpec) else DemonSpec(name=x) for p in d.players for x in p.demons]
    for (card, owner), spec, walk in zip(r.demons, specs, r.walks):
        s.demons.append(Demon(card=card, owner=owner, status="dead" if d.players[owner].out else spec.status,
                              walk=walk, acted=spec.acted, fought=spec.fought,
                              pass_for_good=spec.pass_for_good))
    s.owner = list(r.owner)
    _units(s, r)
    s.boxes, s.returned = [list(b) for b in r.boxes], list(r.returned)
    for card in r.permanent:
        s.permanent[data.EVENTS[data.HELL_CARDS[card].event].area] = card
    s.phenomena = [Phenomenon(kind=kind, sectios=at) for kind, at in r.phenomena]
    _decks(s, d, r)
    if d.phase == "action" and (r.turn is not None or r.track is not None or any(x.acted for x in specs)):
        _track(s, r)
    _beings(s, d, r)
    s.won, s.avoided, s.entered = r.won, r.avoided, r.entered
    s.dice_queue, s.dice_strict, s.halt = list(d.dice), d.strict_dice, list(d.halt)
    if d.phase == "setup":
        for seat in range(s.seats):
            flow.ask(s, seat, "redraw", kind="setup")
    return s


def _units(s: State, r: Resolved) -> None:
    """Ids in the description's order: per place lieutenants, legions, hounds."""
    def new(kind: str, owner: int | None, at: int, card: int = 0) -> Unit:
        u = Unit(id=len(s.units), kind=kind, owner=owner, at=at, card=card)
        s.units.append(u)
        return u

    for p in r.places:
        lts = [(new("lieutenant", seat, p.at, card), leads, bonus) for card, seat, leads, bonus in p.lieutenants]
        legions = {seat: [new("legion", seat, p.at) for _ in range(count)] for seat, count in p.legions.items()}
        for lt, leads, bonus in lts:
            lt.bonus = bonus
            free = [u for u in legions.get(lt.owner, []) if u.leader is None]
            for u in free[:leads]:
                u.leader = lt.id
        keeping: set[int] = set()
        for attacks, keeper in p.hounds:
            h = new("hound", keeper, p.at, attacks)
            if keeper is not None:
                legion = next(u for u in legions[keeper] if u.id not in keeping)
                keeping.add(legion.id)
                h.keeper = legion.id
    s.next_unit = len(s.units)


def _shuffled(s: State, items: list[int]) -> list[int]:
    s.rng.shuffle(items)
    return items


def _decks(s: State, d: Position, r: Resolved) -> None:
    """Forced tops, then the rest shuffled by the seed (in the order the
    setup shuffles: sectio cards, arcana, Hell cards, demons, hounds)."""
    tops = r.tops
    s.sectio_deck = tops["sectios"] + _shuffled(s, [i for i in range(len(data.SECTIOS))
                                                    if s.owner[i] is None and i not in tops["sectios"]])
    used = {c for hand in r.hands for c in hand} | {w for w in r.walks if w is not None} | set(tops["arcana"])
    rest = [c.id for c in data.ARCANA if c.id not in used]
    if d.decks.quiet:
        # Play Right Away cards act when drawn: at the bottom, no draw meets one by chance.
        loud = [c for c in rest if data.ARCANA[c].minor == "play_right_away"]
        rest = _shuffled(s, [c for c in rest if c not in loud]) + _shuffled(s, loud)
    else:
        rest = _shuffled(s, rest)
    s.arcana = tops["arcana"] + rest
    s.hell = tops["hell"] + _shuffled(s, [c for c in range(len(data.HELL_CARDS))
                                          if c not in tops["hell"] and c not in r.permanent])
    dealt = {card for card, _ in r.demons}
    # A dead demon's card lies under the Daemon deck (3.1), as the game puts it there.
    dead = [x.card for x in s.demons if x.status == "dead"]
    s.demon_deck = tops["demons"] + _shuffled(s, [c for c in range(len(data.DEMONS))
                                                  if c not in dealt and c not in tops["demons"]]) + dead
    counters = list(data.HOUND_ATTACKS)
    for attacks in [u.card for u in s.units if u.kind == "hound"] + tops["hounds"]:
        counters.remove(attacks)
    s.hounds = tops["hounds"] + _shuffled(s, counters)


def _track(s: State, r: Resolved) -> None:
    """The rank track as the Action phase builds it (every active demon of a
    player still in the game, best rank first), or the one described; the
    demons before the one on turn have acted."""
    s.track = r.track if r.track is not None else sorted(
        (i for i, x in enumerate(s.demons) if x.status == "active" and not s.players[x.owner].out),
        key=lambda i: board.rank(s, i))
    if r.turn is not None:
        for i in s.track[:s.track.index(r.turn)]:
            s.demons[i].acted = True


def _beings(s: State, d: Position, r: Resolved) -> None:
    if d.uriel is not None:
        at = r.uriel_at
        stage = "earth" if at == EARTH else "antehell" if at == ANTEHELL else "hell"
        card = next((c for c in r.permanent if data.HELL_CARDS[c].event == "uriels_crusade"), None)
        # Units standing with him count as there since the Summoning phase ended (not as intruders).
        residents = [u.id for u in s.units if u.at == at]
        s.uriel = Being(at=None if at == EARTH else at, stage=stage, since=s.round,
                        data={"card": card if d.uriel.by_card else None,
                              "lost": {str(k): v for k, v in d.uriel.lost.items()},
                              "lost_round": s.round, "residents": residents})
    if d.lilith is not None:
        s.lilith = Being(at=r.lilith_at, stage=d.lilith.aspect, since=s.round)


def run_to(state: State, step: str, events: list[Event] | None = None) -> list[Event]:
    """Run the automatic steps until the procedure moves on to ``step`` and
    stop before running it (the hooks of a phase that ended have run; a
    state already at ``step`` stays). Returns the events (appended to
    ``events`` if given). Raises :class:`NotReached` saying why when a
    question opens, the game ends or a ``halt`` step comes first."""
    if step not in flow.STEPS:
        raise ValueError(f"no step {step!r} (steps: {', '.join(sorted(flow.STEPS))})")
    events = [] if events is None else events

    def there() -> bool:
        return state.step == step and not flow.open_asks(state) and not state.over

    if not there():
        flow.advance(state, events, stop_at=step)
    if there():
        return events
    if state.over:
        why = f"the game ended ({state.end_reason})"
    elif flow.open_asks(state):
        why = "a question is open: " + ", ".join(f"seat {a.seat} {a.q!r}" for a in flow.open_asks(state))
    else:
        why = "it halted there (state.halt)"
    raise NotReached(f"stopped at step {state.step!r} before reaching {step!r}: {why}")
