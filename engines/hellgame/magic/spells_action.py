"""The Action spells 1-16 of hellgame.md's catalogue ("Arcana"), registered in
:data:`engines.hellgame.magic.spells.EFFECTS`; cast by :mod:`engines.hellgame.magic.casting`.

A roll "against" a symbol is the caster's (3.2: the die must not exceed the
caster's hearts or stars), rolled for the caster's seat; with Mirror the roll
stays the caster's, the effect hits the caster.

Rule decisions where the sources are silent:

- Targets are other triumvirates' (a spell on one's own demon or unit is never
  offered), except Absolution (the caster's own) and Secret Tunnel (the
  caster's own units); freebooters' units are not Deflection targets.
- Deflection: an enemy legion not led by a lieutenant (with the hound it
  keeps), or a lieutenant with the legions he leads and their hounds; legions
  beyond the caster's 12 are lost (G45), their hounds run amok.
- Incubus / Binding: an incapacitated demon on Earth stays there (its Walk
  card under it). Binding may aim at any active demon, in Hell or on Earth.
- Love for Lilith: needs control of Mad Ereshkigal and 10 hearts, the
  caster's and its supporters' (9.8.3.2; :mod:`magic` asks them).
- Raise the Dead: only up to the 12-legion limit (refused with 12 legions).
- Plague: a sectio (or Antehell) with at least one legion of another
  player; when the roll against stars succeeds, every legion there rolls
  (its owner's die), 1-2 destroyed, the caster's own legions too.
- Intrigue: up to 2 cards picked at random (the First Fallen's dice, as all
  random picks); the hand limit applies to the caster afterwards.
- Secret Tunnel: the caster's legion not led by a lieutenant (with its
  hound), or a lieutenant with his legions, from anywhere (Antehell too) into
  another sectio the caster controls that its units may enter; it counts as
  entering from where it stood (right of victory, flight), nobody flees or
  blocks.
- Ward: bars units of every other owner from moving into the sectio until
  the end of the round (:data:`engines.hellgame.core.flight.ENTRY_BARS`, checked
  by movement and Reinforcements); units already there stay.
- Revocation: a sectio of another player without any unit of that player;
  after it, the elimination rescue 12.3.1 runs at once.
- Pack of Hounds: the top counter of the hound stack, wild, in any sectio;
  refused when the stack is empty.
- Lore: 3 cards (a Play Right Away card among them takes effect and counts
  as one of the three, not replaced, hellgame.md "Parts 2 and 3"); then the
  hand limit.
- Absolution: the target -1 removes a disfavour; a demon index recovers that
  incapacitated demon of the caster (it joins the rank track from the next
  Action phase).
- Confusion: a demon of another player still waiting on the rank track.
"""

from __future__ import annotations

from typing import Callable

from engines.hellgame.core import board, data, dice, flight
from engines.hellgame.core.flow import Events, tell, tell_seat
from engines.hellgame.core.model import Casting, FREEBOOTERS, LEGION_LIMIT, State, Unit
from engines.hellgame.magic import spells
from engines.hellgame.phases import petition
from engines.hellgame.phases.action import actions, movement
from engines.hellgame.phases.hell import hellphase

Targets = Callable[[State, int], list[tuple]]
MAD_ERESHKIGAL = next(s.index for s in data.SECTIOS if s.name == "Mad Ereshkigal")
DISFAVOUR = -1


# -- helpers ----------------------------------------------------------------------------------


def seat_of(s: State, demon: int) -> int:
    return s.demons[demon].owner


def symbol(s: State, demon: int, name: str) -> int:
    return getattr(data.DEMONS[s.demons[demon].card], name)


def other_seats(s: State, seat: int) -> list[int]:
    return [p for p in range(s.seats) if p != seat and not s.players[p].out]


def unacted(s: State, demon: int) -> bool:
    """The demon has not taken its action in this phase: in the Action phase
    it is still waiting on the rank track; in another phase it is active and
    has not spent its action (by countering out of sequence, 9.8.2.1)."""

    d = s.demons[demon]
    if d.status != "active" or d.acted or d.pass_for_good or s.players[d.owner].out:
        return False
    return demon in actions.waiting(s) if s.track else True


def supporters(s: State, demon: int, key: str) -> list[int]:
    """Demons that may support ``demon`` casting ``key`` (9.8.3.2, ruling):
    active, not acted yet, in the place where the spell is cast."""
    earth = spells.casts_on_earth(s, demon, key)
    return [i for i, d in enumerate(s.demons)
            if i != demon and unacted(s, i) and d.on_earth == earth]


def loose(s: State, ev: Events, hounds: list[Unit]) -> None:
    """Hounds that lost their keeper run amok at once (10.3, G38)."""

    for hound in hounds:
        movement.run_amok(s, hound, ev)


def destroy(s: State, ev: Events, u: Unit) -> None:
    loose(s, ev, board.remove(s, u))


def _register(key: str, targets: Targets, apply, aims: str = "", why: str = "why_magic_no_target",
              extra: Callable[[State, int], str | None] | None = None) -> None:
    """``targets`` are the raw candidates; the refusal is the shared one
    (:func:`spells.base_refusal`), then ``extra``, then ``why`` without a target."""

    def refusal(s: State, demon: int) -> str | None:
        return (spells.base_refusal(s, demon, key) or (extra(s, demon) if extra else None)
                or (None if targets(s, demon) else why))

    def offered(s: State, demon: int) -> list[tuple]:
        return [] if refusal(s, demon) else targets(s, demon)

    spells.spell(key, targets=offered, refusal=refusal, apply=apply, aims=aims)


def _none(s: State, demon: int) -> list[tuple]:
    return [()]


def _no_effect(s: State, ev: Events, c: Casting) -> None:
    tell(s, ev, "ev_magic_no_effect", seat=c.seat, card=c.card)


def _roll(s: State, ev: Events, c: Casting, name: str) -> bool:
    """The caster's roll against its ``name`` symbol, told publicly."""
    value = symbol(s, c.caster, name)
    ok, r = dice.against(s, c.seat, value)
    tell(s, ev, "ev_magic_roll_ok" if ok else "ev_magic_roll_failed", seat=c.seat,
         demon=s.demons[c.caster].card, card=c.card, roll=r, value=value)
    return ok


# -- 1 Deflection ------------------------------------------------------------------------------


def led(s: State, u: Unit) -> bool:
    if u.kind != "legion" or u.leader is None:
        return False
    lt = board.unit(s, u.leader)
    return lt is not None and lt.at == u.at


def _deflection_targets(s: State, demon: int) -> list[tuple]:
    seat = seat_of(s, demon)
    seen: dict[tuple, int] = {}
    for u in sorted(s.units, key=lambda u: (u.at, u.owner or 0, u.kind != "lieutenant", u.id)):
        if u.owner in (seat, None, FREEBOOTERS) or u.kind == "hound" or led(s, u):
            continue
        hound = board.hound_of(s, u) if u.kind == "legion" else None
        key = ("lt", u.id) if u.kind == "lieutenant" else ("legion", u.owner, u.at, hound.id if hound else None)
        seen.setdefault(key, u.id)
    return [(i,) for i in seen.values()]


def _deflection(s: State, ev: Events, c: Casting) -> None:
    u = board.unit(s, c.target[0])
    if u is None or u.owner in (c.seat, None):
        return _no_effect(s, ev, c)
    before = u.owner
    members = [u.id] + ([x.id for x in s.units if x.leader == u.id] if u.kind == "lieutenant" else [])
    if u.kind == "lieutenant":
        tell(s, ev, "ev_magic_deflection_lt", seat=c.seat, defender=before, lt=u.card, sectio=u.at,
             legions=len(board.group(s, u)))
    else:
        tell(s, ev, "ev_magic_deflection_legion", seat=c.seat, defender=before, sectio=u.at)
    hounds = board.switch(s, u, c.seat)
    lost = sum(1 for i in members if board.unit(s, i) is None)
    if lost:
        tell(s, ev, "ev_magic_over_limit", seat=c.seat, lost=lost)
    loose(s, ev, hounds)


_register("deflection", _deflection_targets, _deflection, aims="unit", why="why_magic_no_enemy_unit")


# -- 2 Incubus, 3 Binding, 16 Confusion: spells aimed at a demon ------------------------------------


def _enemy_demons(s: State, demon: int) -> list[int]:
    seat = seat_of(s, demon)
    return [i for i, d in enumerate(s.demons)
            if d.owner != seat and d.status == "active" and not s.players[d.owner].out]


def _incubus_targets(s: State, demon: int) -> list[tuple]:
    stars = symbol(s, demon, "stars")
    return [(i,) for i in _enemy_demons(s, demon)
            if s.demons[i].on_earth and symbol(s, i, "stars") < stars]


def _incapacitate(s: State, ev: Events, c: Casting, event: str) -> None:
    target = c.target[0]
    d = s.demons[target]
    if d.status != "active":
        return _no_effect(s, ev, c)
    d.status = "incapacitated"
    tell(s, ev, event, seat=c.seat, target_demon=d.card, defender=d.owner)


def _incubus(s: State, ev: Events, c: Casting) -> None:
    _incapacitate(s, ev, c, "ev_magic_incubus")


def _binding(s: State, ev: Events, c: Casting) -> None:
    if _roll(s, ev, c, "stars"):
        _incapacitate(s, ev, c, "ev_magic_binding")


def _confusion_targets(s: State, demon: int) -> list[tuple]:
    seat = seat_of(s, demon)
    return [(i,) for i, d in enumerate(s.demons) if d.owner != seat and s.track and unacted(s, i)]


def _confusion(s: State, ev: Events, c: Casting) -> None:
    if not _roll(s, ev, c, "stars"):
        return
    target = c.target[0]
    d = s.demons[target]
    if d.acted or d.status != "active":
        return _no_effect(s, ev, c)
    d.acted = True
    tell(s, ev, "ev_magic_confusion", seat=c.seat, target_demon=d.card, defender=d.owner)


_register("incubus", _incubus_targets, _incubus, aims="demon", why="why_magic_no_weaker_demon_on_earth")
_register("binding", lambda s, d: [(i,) for i in _enemy_demons(s, d)], _binding, aims="demon",
          why="why_magic_no_enemy_demon")
_register("confusion", _confusion_targets, _confusion, aims="demon", why="why_magic_no_waiting_demon")


# -- 4 Love for Lilith, 5 Call for Uriel ---------------------------------------------------------------


def _lilith_extra(s: State, demon: int) -> str | None:
    if s.owner[MAD_ERESHKIGAL] != seat_of(s, demon):
        return "why_magic_no_ereshkigal"
    need = data.MAJORS["love_for_lilith"].hearts_needed
    hearts = symbol(s, demon, "hearts") + sum(symbol(s, i, "hearts") for i in supporters(s, demon, "love_for_lilith"))
    return None if hearts >= need else "why_magic_hearts"


def _summon(hooks: list, event: str):
    def apply(s: State, ev: Events, c: Casting) -> None:
        tell(s, ev, event, seat=c.seat, demon=s.demons[c.caster].card)
        for hook in list(hooks):
            hook(s, ev)

    return apply


_register("love_for_lilith", _none, _summon(spells.SUMMON_LILITH, "ev_magic_lilith"), extra=_lilith_extra)
_register("call_for_uriel", _none, _summon(spells.SUMMON_URIEL, "ev_magic_uriel"))


# -- 6 Raise the Dead, 11 Ward, 13 Pack of Hounds: a sectio ------------------------------------------


def _legion_limit(s: State, demon: int) -> str | None:
    return "why_magic_legion_limit" if len(board.legions(s, seat_of(s, demon))) >= LEGION_LIMIT else None


def _raise(s: State, ev: Events, c: Casting) -> None:
    at = c.target[0]
    n = sum(1 for _ in range(2) if board.place(s, "legion", c.seat, at) is not None)
    tell(s, ev, "ev_magic_raise", seat=c.seat, sectio=at, n=n)


_register("raise_the_dead", lambda s, d: [(i,) for i in board.owned(s, seat_of(s, d))], _raise,
          aims="sectio", why="why_magic_no_sectio", extra=_legion_limit)


def warded(s: State, sectio: int) -> list[int]:
    """Seats whose Ward is on ``sectio`` this round."""
    return [w[1] for w in s.wards if w[0] == sectio and w[2] == s.round]


def ward_bars(s: State, seat: int | None, sectio: int) -> bool:
    """Hook of :data:`flight.ENTRY_BARS`: no unit of another owner enters a warded sectio."""
    return any(w != seat for w in warded(s, sectio))


def _ward_targets(s: State, demon: int) -> list[tuple]:
    seat = seat_of(s, demon)
    return [(i,) for i in board.owned(s, seat) if seat not in warded(s, i)]


def _ward(s: State, ev: Events, c: Casting) -> None:
    s.wards = [w for w in s.wards if w[2] == s.round] + [[c.target[0], c.seat, s.round]]
    tell(s, ev, "ev_magic_ward", seat=c.seat, sectio=c.target[0])


def _register_ward() -> None:

    if ward_bars not in flight.ENTRY_BARS:
        flight.ENTRY_BARS.append(ward_bars)


_register_ward()
_register("ward", _ward_targets, _ward, aims="sectio", why="why_magic_no_sectio")


def _hounds_left(s: State, demon: int) -> str | None:
    return None if s.hounds else "why_magic_no_hounds"


def _pack(s: State, ev: Events, c: Casting) -> None:
    if not s.hounds:
        return _no_effect(s, ev, c)
    hound = board.place(s, "hound", None, c.target[0], card=s.hounds.pop(0))
    tell(s, ev, "ev_magic_hounds", seat=c.seat, sectio=hound.at, attacks=hound.card)


_register("pack_of_hounds", lambda s, d: [(i,) for i in range(len(data.SECTIOS))], _pack, aims="sectio",
          extra=_hounds_left)


# -- 7 Plague ---------------------------------------------------------------------------------------


def _plague_targets(s: State, demon: int) -> list[tuple]:
    seat = seat_of(s, demon)
    places = sorted({u.at for u in s.units if u.kind == "legion" and u.owner not in (seat, None)})
    return [(at,) for at in places]


def _plague(s: State, ev: Events, c: Casting) -> None:
    if not _roll(s, ev, c, "stars"):
        return
    at = c.target[0]
    here = sorted((u for u in board.units_at(s, at) if u.kind == "legion"), key=lambda u: (u.owner, u.id))
    by_owner: dict[int, list[Unit]] = {}
    for u in here:
        by_owner.setdefault(u.owner, []).append(u)
    for owner, units in by_owner.items():
        rolls = dice.roll(s, owner, len(units))
        dead = [u for u, r in zip(units, rolls) if r <= 2]
        if owner == FREEBOOTERS:
            tell(s, ev, "ev_magic_plague_freebooters", sectio=at, rolls=rolls, lost=len(dead))
        else:
            tell(s, ev, "ev_magic_plague", defender=owner, sectio=at, rolls=rolls, lost=len(dead))
        for u in dead:
            if board.unit(s, u.id) is not None:
                destroy(s, ev, u)


_register("plague", _plague_targets, _plague, aims="sectio", why="why_magic_no_enemy_legion")


# -- 12 Revocation ------------------------------------------------------------------------------------


def _revocation_targets(s: State, demon: int) -> list[tuple]:
    seat = seat_of(s, demon)
    out = []
    for i, owner in enumerate(s.owner):
        if owner is None or owner == seat or not 0 <= owner < s.seats:
            continue
        if not any(u.owner == owner for u in board.units_at(s, i)):
            out.append((i,))
    return out


def _revocation(s: State, ev: Events, c: Casting) -> None:

    at = c.target[0]
    if not _roll(s, ev, c, "hearts"):
        return
    owner = s.owner[at]
    if owner is None or any(u.owner == owner for u in board.units_at(s, at)):
        return _no_effect(s, ev, c)
    s.owner[at] = None
    tell(s, ev, "ev_magic_revoked", seat=c.seat, defender=owner, sectio=at)
    petition.rescue(s, ev)  # 12.3.1 at any time


_register("revocation", _revocation_targets, _revocation, aims="sectio", why="why_magic_no_unguarded_sectio")


# -- 8 Fast Souls, 14 Lore, 9 Intrigue ------------------------------------------------------------


def _fast_souls(s: State, ev: Events, c: Casting) -> None:
    rolls = dice.roll(s, c.seat, 2)
    s.players[c.seat].souls += sum(rolls)
    tell(s, ev, "ev_magic_fast_souls", seat=c.seat, rolls=rolls, souls=sum(rolls))


_register("fast_souls", _none, _fast_souls)


def _hand_limit(s: State) -> None:

    hellphase.hand_limit(s, s.step)


def _lore(s: State, ev: Events, c: Casting) -> None:

    got = hellphase.draw(s, ev, c.seat, 3)
    tell(s, ev, "ev_magic_lore", seat=c.seat, n=len(got))
    if got:
        tell_seat(ev, c.seat, "ev_arcana_drawn", cards=got)
    _hand_limit(s)


_register("lore", _none, _lore, why="why_magic_no_cards",
          extra=lambda s, d: None if s.arcana else "why_magic_no_cards")


def _intrigue(s: State, ev: Events, c: Casting) -> None:

    victim = c.target[0]
    hand = s.players[victim].hand
    taken = []
    for _ in range(min(2, len(hand))):
        taken.append(hand.pop(petition.pick(s, len(hand))))
    s.players[c.seat].hand += taken
    tell(s, ev, "ev_magic_intrigue", seat=c.seat, defender=victim, n=len(taken))
    if taken:
        tell_seat(ev, c.seat, "ev_magic_intrigue_got", defender=victim, cards=taken)
        tell_seat(ev, victim, "ev_magic_intrigue_lost", attacker=c.seat, cards=taken)
    _hand_limit(s)


_register("intrigue", lambda s, d: [(p,) for p in other_seats(s, seat_of(s, d)) if s.players[p].hand],
          _intrigue, aims="seat", why="why_magic_no_hand")


# -- 10 Secret Tunnel ------------------------------------------------------------------------------------


def tunnel_units(s: State, seat: int) -> list[Unit]:
    seen: dict[tuple, Unit] = {}
    for u in sorted(s.units, key=lambda u: (u.at, u.kind != "lieutenant", u.id)):
        if u.owner != seat or u.kind == "hound" or led(s, u):
            continue
        hound = board.hound_of(s, u) if u.kind == "legion" else None
        key = ("lt", u.id) if u.kind == "lieutenant" else ("legion", u.at, hound.id if hound else None)
        seen.setdefault(key, u)
    return list(seen.values())


def _tunnel_targets(s: State, demon: int) -> list[tuple]:

    seat = seat_of(s, demon)
    dests = [i for i in board.owned(s, seat) if not flight.entry_barred(s, seat, i)]
    return [(u.id, to) for u in tunnel_units(s, seat) for to in dests if to != u.at]


def _tunnel(s: State, ev: Events, c: Casting) -> None:

    u = board.unit(s, c.target[0])
    to = c.target[1]
    if u is None or u.owner != c.seat or s.owner[to] != c.seat:
        return _no_effect(s, ev, c)
    frm = u.at
    members = [u] + (board.group(s, u) if u.kind == "lieutenant" else [])
    ids = {x.id for x in members}
    hounds = [h for h in s.units if h.kind == "hound" and h.keeper in ids]
    for x in members + hounds:
        x.at = to
    flight.record_entry(s, to, c.seat, frm)
    if u.kind == "lieutenant":
        tell(s, ev, "ev_magic_tunnel_lt", seat=c.seat, lt=u.card, legions=len(members) - 1, **{"from": frm, "to": to})
    else:
        tell(s, ev, "ev_magic_tunnel", seat=c.seat, **{"from": frm, "to": to})


_register("secret_tunnel", _tunnel_targets, _tunnel, aims="move", why="why_magic_no_tunnel")


# -- 15 Absolution ----------------------------------------------------------------------------------------


def _absolution_targets(s: State, demon: int) -> list[tuple]:
    seat = seat_of(s, demon)
    out = [(DISFAVOUR,)] if s.players[seat].disfavour > 0 else []
    return out + [(i,) for i, d in enumerate(s.demons) if d.owner == seat and d.status == "incapacitated"]


def _absolution(s: State, ev: Events, c: Casting) -> None:
    target = c.target[0]
    player = s.players[c.seat]
    if target == DISFAVOUR:
        if player.disfavour <= 0:
            return _no_effect(s, ev, c)
        player.disfavour -= 1
        tell(s, ev, "ev_magic_absolution_disfavour", seat=c.seat, disfavour=player.disfavour)
        return
    d = s.demons[target]
    if d.status != "incapacitated":
        return _no_effect(s, ev, c)
    d.status = "active"
    tell(s, ev, "ev_magic_absolution_demon", seat=c.seat, target_demon=d.card)


_register("absolution", _absolution_targets, _absolution, aims="absolve", why="why_magic_nothing_to_absolve")
