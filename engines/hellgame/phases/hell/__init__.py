"""The Hell phase (6.0): :mod:`.hellphase` runs it; :mod:`.hellcards` holds
the Hell cards' events and phenomena, :mod:`.rightaway` the Play Right Away
arcana cards."""
