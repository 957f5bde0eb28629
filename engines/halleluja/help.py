"""A five-minute rules summary of Halleluja, as pages of Markdown, for
``/game rules`` and the terminal. It follows ``rules/halleluja.md``; points
marked (R) are reconstructed (their list comes from
:mod:`engines.halleluja.reconstruction`), and the engine's own decisions (see
``rules``) are told where a player meets them."""

from __future__ import annotations

from engines.halleluja.reconstruction import ARROW_LABELS_CLOCKWISE, LADDER_POINTS, MAX_ROUNDS_DEFAULT
from engines.halleluja.text import MESSAGES


def rules_help(locale: str) -> list[str]:
    """The pages (``rules.<n>`` in the game's catalogue), then the list of
    reconstructed points under ``rules.reconstructed``."""
    values = {
        "max_rounds": str(MAX_ROUNDS_DEFAULT),
        "arrows": ", ".join(map(str, ARROW_LABELS_CLOCKWISE)),
        "ladder": ", ".join(map(str, LADDER_POINTS)),
    }
    pages = MESSAGES.pages("rules", values, locale)
    head = MESSAGES.text("rules.reconstructed", {}, locale)
    points = MESSAGES.pages("reconstructed", values, locale)
    pages.append(head + "\n" + "\n".join(f"- {point}" for point in points))
    return pages
