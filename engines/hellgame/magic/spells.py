"""The registry of the arcana major spells (9.8; hellgame.md, "Arcana").

:data:`EFFECTS` maps a major-spell key of :data:`engines.hellgame.core.data.MAJORS`
to a :class:`Spell`, registered with :func:`spell`:

- ``targets(state, demon) -> list[tuple]``: what the demon (state index) may
  aim the spell at now, each a tuple of up to two ints (``()`` for a spell
  without a target); an empty list means it cannot be cast now;
- ``refusal(state, demon) -> str | None``: the message key (``why_*``) of the
  first requirement not met (where the caster must be, costs, a target), so
  a picker can say why a card is not offered; None when it may be cast;
- ``apply(state, events, casting)``: the effect, once the counter window
  closed without cancelling it (:func:`engines.hellgame.magic.counters.announce`);
  ``state.step`` is already ``casting.resume`` and the effect may open
  questions only if it sets ``state.step`` to go on correctly;
- ``aims``: what the target names, for words and for the counter window:
  ``"demon"`` (a demon index; its owner may always counter, Mirror turns it
  on the caster), ``"unit"``, ``"sectio"``, ``"seat"``, ``"move"`` (a unit and
  a sectio), ``"absolve"`` (-1 for a disfavour, or a demon); ``""`` none.

The Action spells 1-16 are in :mod:`engines.hellgame.magic.spells_action`, the
Combat spells in :mod:`engines.hellgame.magic.warcraft`; the helpers below check the
requirements every Action spell shares (:func:`base_refusal`) and pay its
costs (:func:`pay`).

Hooks for beings of part 3: :data:`SUMMON_LILITH` (Love for Lilith) and
:data:`SUMMON_URIEL` (Call for Uriel), callables ``(state, events)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engines.hellgame.core import board, data
from engines.hellgame.core.flow import Events
from engines.hellgame.core.model import Casting, State

Target = tuple


@dataclass(frozen=True)
class Spell:
    key: str
    targets: Callable[[State, int], list[Target]]
    refusal: Callable[[State, int], str | None]
    apply: Callable[[State, Events, Casting], None]
    aims: str = ""


EFFECTS: dict[str, Spell] = {}
#: Love for Lilith: Lilith appears in Antehell (part 3); ``(state, events)``.
SUMMON_LILITH: list[Callable[[State, Events], None]] = []
#: Call for Uriel: Uriel is summoned as by the Hell card (part 3); ``(state, events)``.
SUMMON_URIEL: list[Callable[[State, Events], None]] = []


def spell(key: str, targets: Callable[[State, int], list[Target]], refusal: Callable[[State, int], str | None],
          apply: Callable[[State, Events, Casting], None], aims: str = "") -> Spell:
    if key not in data.MAJORS:
        raise KeyError(f"no major spell {key!r}")
    EFFECTS[key] = Spell(key=key, targets=targets, refusal=refusal, apply=apply, aims=aims)
    return EFFECTS[key]


# -- shared requirements (9.8.1) ------------------------------------------------------------


def casts_on_earth(state: State, demon: int, key: str) -> bool:
    """Where the spell is cast: on Earth for an Earth spell, in Hell for a
    Hell spell (a demon on Earth falls home to cast it), where the demon is
    for a spell that may be cast anywhere."""
    where = data.MAJORS[key].where
    if where == "earth":
        return True
    if where == "hell":
        return False
    return state.demons[demon].on_earth


def base_refusal(state: State, demon: int, key: str) -> str | None:
    """The caster can act, stands where the spell requires and can pay it."""
    spell_ = data.MAJORS[key]
    d = state.demons[demon]
    if d.status != "active":
        return "why_magic_incapacitated"
    if spell_.where == "earth" and not d.on_earth:
        return "why_magic_not_on_earth"
    if state.players[d.owner].souls < spell_.souls:
        return "why_magic_souls"
    if board.spendable_favour(state, d.owner) < spell_.favour:
        return "why_magic_favour"
    return None


def pay(state: State, seat: int, key: str) -> tuple[int, int]:
    """Pay the spell's souls and favour; returns them."""
    spell_ = data.MAJORS[key]
    player = state.players[seat]
    player.souls -= spell_.souls
    player.favour -= spell_.favour
    return spell_.souls, spell_.favour


def aimed_demon(state: State, casting: Casting) -> int | None:
    """The demon a spell is aimed at (None: not at a demon)."""
    spell_ = EFFECTS.get(casting.key)
    if spell_ is None or spell_.aims != "demon" or not casting.target:
        return None
    return casting.target[0]


def castable(state: State, demon: int, timing: str = "action") -> list[int]:
    """The cards in the demon's owner's hand it may cast now (``timing``)."""
    seat = state.demons[demon].owner
    out = []
    for card in state.players[seat].hand:
        key = data.ARCANA[card].major
        spell_ = EFFECTS.get(key)
        if data.MAJORS[key].timing != timing or spell_ is None:
            continue
        if spell_.refusal(state, demon) is None and spell_.targets(state, demon):
            out.append(card)
    return out


def refusal_of(state: State, demon: int, card: int) -> str | None:
    """Why ``card`` cannot be cast by ``demon`` now (None: it can)."""
    key = data.ARCANA[card].major
    spell_ = EFFECTS.get(key)
    if spell_ is None:
        return "why_magic_not_a_spell"
    return spell_.refusal(state, demon) or (None if spell_.targets(state, demon) else "why_magic_no_target")
