"""A rules summary of Hektor und Achill for a new player, as pages of
Markdown, for ``/game rules`` and the terminal. It follows the rulebook as
settled by RULINGS.md; points taken from the reconstructed component data
(hektor-data.md) are marked (R), the engine's own decisions (see ``rules``)
are marked (E)."""

from engines.hektor_und_achill.text import MESSAGES
from engines.i18n import PagesByLocale


def rules_help(locale: str) -> list[str]:
    """The pages ``rules.1``, ``rules.2``, … of the game's catalogue."""
    return MESSAGES.pages("rules", {}, locale)


#: The pages by language, for callers that index them (prefer :func:`rules_help`).
RULES_HELP = PagesByLocale(MESSAGES, "rules")
