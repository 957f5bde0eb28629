"""A five-minute rules summary of Himmel und Hölle, as pages of Markdown, for
``/game rules`` and the terminal. It follows the rulebook as settled by
RULINGS.md and the engine's own decisions (see ``rules``)."""

from engines.himmel_und_hoelle.text import MESSAGES
from engines.i18n import PagesByLocale


def rules_help(locale: str) -> list[str]:
    """The pages ``rules.1``, ``rules.2``, … of the game's catalogue."""
    return MESSAGES.pages("rules", {}, locale)


#: The pages by language, for callers that index them (prefer :func:`rules_help`).
RULES_HELP = PagesByLocale(MESSAGES, "rules")
