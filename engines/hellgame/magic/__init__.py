"""Magic (9.8, 11.2.1): the spells (:mod:`.spells`, the Action spells in
:mod:`.spells_action`), casting as an action (:mod:`.casting`), counter-
spells (:mod:`.counters`) and combat magic (:mod:`.warcraft`). Magic plugs
into the phases' hooks; no phase imports it.

Importing any module of the package registers every spell."""

# The order is the order of registration: the spells, then casting and counter-spells, then combat magic.
from engines.hellgame.magic import spells, spells_action  # noqa: F401, I001
from engines.hellgame.magic import counters, casting, warcraft  # noqa: F401, I001
