"""The rules of The HellGame for a new player, as pages of Markdown for
``/game rules`` and the terminal: the round, what the bot asks when, the
project's decisions (reconstructed map and cards) and how a match goes over
days. The texts are the pages ``rules.1``, ``rules.2``, … of the catalogue."""

from engines.hellgame.core.text import MESSAGES


def rules_help(locale: str) -> list[str]:
    return MESSAGES.pages("rules", {}, locale)
