"""The phases of a round (rulebook 5.2), one module or package each, in the
order a round runs them:

1. :mod:`.hell` (6.0): Hell cards, events and phenomena, new arcana cards;
2. :mod:`.soul` (7.0): souls and favour, gifts, upkeep and desertion;
3. :mod:`.summoning` (8.0): legions, lieutenants, hounds, arcana cards;
4. :mod:`.action` (9.0): the rank track and the demons' actions;
5. the Random Move phase (10.0) belongs to the beings
   (:mod:`engines.hellgame.beings.wild`);
6. :mod:`.combat` (11.0);
7. :mod:`.petition` (12.0);
8. :mod:`.endphase` (13.0).

A phase imports the core and earlier phases, never a later phase, magic or a
being: those plug into the hooks a phase offers (lists of functions, named
in each module's docstring)."""
