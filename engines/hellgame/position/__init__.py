"""Any position of The HellGame from a short, readable description.

A test (or a bug report) writes a :class:`Position`: the players with their
demons, souls, favour, hands and sectios; the units per place; the round,
the phase and whose turn; Uriel and Lilith; the permanent events and this
round's phenomena; the lieutenant boxes; forced deck tops and a queue of
dice. :func:`build` checks it (unknown names and impossible positions are
a :class:`PositionError` listing every problem) and returns the state at the
first step of the phase, with nothing run yet. :func:`run_to` runs the
procedure's automatic steps up to a named step and stops before it;
``halt`` in the description stops the procedure at a step for good (also
when it goes on after an answer). Names, not indices: demons, lieutenants
and arcana cards by name, sectios by name or a unique prefix, "Antehell";
see :mod:`engines.hellgame.position.describe` for every field.

What the description leaves open is dealt by the seed: the rest of each
deck (quietly: Play Right Away cards lie at the bottom of the arcana deck
unless a description puts one on top), and every die after the queued ones
(``strict_dice=True`` makes such a die an error instead). No permanent
event is in force unless named. Units get ids in the description's order:
place by place, in each the lieutenants, then the legions owner by owner,
then the hounds.

A combat position run to a step with forced dice (tests import
``from engines.hellgame import position as P``, ``flow`` from
``engines.hellgame.core`` and ``Action`` from its ``model``)::

    s = P.build(P.Position(
        players=[P.Player(demons=["Caim"], sectios=["Sugar Hill"]), P.Player(demons=["Ukobach"])],
        units={"Sugar Hill": P.Units(legions={0: 2, 1: 1})},
        phase="combat",
        dice=[6, 6, 1, 2, 2],  # seat 0 hits twice, seat 1 misses, then fails both saves
        strict_dice=True,      # any further die is an error
        halt=["petition"],     # the next phase is not this test's
    ))
    events = P.run_to(s, "combat_battle")  # the battles are found, Sugar Hill's is next
    assert s.battle.at == 31 and not flow.open_asks(s)
    flow.advance(s, events)                # asked: avoid the battle? (11.3.1)
    for seat in (0, 1):
        flow.answer(s, seat, Action(do="refuse"), events)
    for seat in (0, 1):                    # no demon joins (11.1)
        flow.answer(s, seat, Action(do="pass_battle"), events)
    assert s.step == "petition" and s.won == {"31": [0]}
    assert [u.owner for u in s.units] == [0, 0] and s.dice_queue == []

An Action phase position with a turn, a hand and a forced arcana deck top::

    s = P.build(P.Position(
        players=[P.Player(demons=["Orias", "Ashtaroth"], hand=["Tome of the Templars"]),
                 P.Player(demons=["Baal"])],
        phase="action", turn="Orias",  # Ashtaroth and Baal rank better: they have acted
        decks=P.Decks(arcana=["Frenzy", "It Does Not Work", "Frenzy"]),  # the next cards drawn
        halt=["random"],
    ))
    events = []
    flow.advance(s, events)
    assert flow.ask_of(s, 0).data == {"demon": 0}  # Orias (demon 0) is asked "act"
    tome = s.players[0].hand[0]
    flow.answer(s, 0, Action(do="cast", a=tome), events)  # Lore: draw 3 cards
    flow.answer(s, 0, Action(do="submit"), events)        # seat 1 has no counter to play
    assert [data.ARCANA[c].name for c in s.players[0].hand] == ["Frenzy", "It Does Not Work", "Frenzy"]
    assert s.step == "random"  # every demon has acted: halted before the Random Move phase
"""

from __future__ import annotations

from engines.hellgame.position.build import NotReached, build, run_to
from engines.hellgame.position.describe import (
    Card, Decks, Demon, HellCard, Hound, Lieutenant, Lilith, Phenomenon, Player, Position, Units, Uriel)
from engines.hellgame.position.names import PositionError

__all__ = ["Card", "Decks", "Demon", "HellCard", "Hound", "Lieutenant", "Lilith", "NotReached", "Phenomenon",
           "Player", "Position", "PositionError", "Units", "Uriel", "build", "run_to"]
