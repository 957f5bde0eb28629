"""The Action phase (9.0): the rank track and the "act" question
(:mod:`.actions`), movement (9.5, :mod:`.movement` over :mod:`.paths`),
diplomacy (9.7, :mod:`.diplomacy`), conspiracy (9.7.3,
:mod:`.conspiracy`) and the standing orders (:mod:`.orders`). Casting (9.8) is magic's (:mod:`engines.hellgame.magic`).

Importing any module of the package registers all of the phase's verbs, in
the order the "act" question offers them."""

# The order is the order of the verbs: beg, deeds and influence before conspire.
from engines.hellgame.phases.action import actions, diplomacy  # noqa: F401, I001
from engines.hellgame.phases.action import movement, conspiracy  # noqa: F401, I001
from engines.hellgame.phases.action import orders  # noqa: F401, I001  (its verb and its phase-start question)
