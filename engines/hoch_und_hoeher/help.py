"""A five-minute rules summary of Hoch und höher, as pages of Markdown, for
``/game rules`` and the terminal. It follows the rulebook as settled by
RULINGS.md and the engine's own decisions (see ``rules`` and ``scoring``)."""

from engines.hoch_und_hoeher.text import MESSAGES


def rules_help(locale: str) -> list[str]:
    """The pages ``rules.1``, ``rules.2``, … of the game's catalogue."""
    return MESSAGES.pages("rules", {}, locale)

