"""A five-minute rules summary of Himmel und Hölle, as pages of Markdown, for
``/game rules`` and the terminal. It follows the rulebook as settled by
RULINGS.md and the engine's own decisions (see ``rules``)."""

from engines.himmel_und_hoelle.text import MESSAGES


def rules_help(locale: str) -> list[str]:
    """The pages ``rules.1``, ``rules.2``, … of the game's catalogue."""
    return MESSAGES.pages("rules", {}, locale)

