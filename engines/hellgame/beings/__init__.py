"""The beings that move by themselves (10.0, the Random Move phase): Uriel
(:mod:`.uriel`), Lilith (:mod:`.lilith`), the freebooters
(:mod:`.freebooters`) and the wild hellhounds, whose module :mod:`.wild`
runs the phase. They plug into the phases' hooks; no phase imports them."""
