"""The Combat phase (11): :mod:`.combat` runs the battles one after the
other; :mod:`.lineup` lines the sides up (avoiding, allies, cards),
:mod:`.battle` fights the rounds, :mod:`.forces` and :mod:`.targets` say who
fights and whom each attack may hit."""
