"""A rules summary of Hektor und Achill for a new player, as pages of
Markdown, for ``/game rules`` and the terminal. It follows the rulebook as
settled by RULINGS.md; points taken from the reconstructed component data
(hektor-data.md) are marked (R), the engine's own decisions (see ``rules``)
are marked (E)."""

from engines.hektor_und_achill.text import MESSAGES


def rules_help(locale: str) -> list[str]:
    """The pages ``rules.1``, ``rules.2``, … of the game's catalogue."""
    return MESSAGES.pages("rules", {}, locale)

