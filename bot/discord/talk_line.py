"""The board's line about a match's open talk threads (``/game talk``):
everyone at the table sees who talks with whom, never what they say (the
threads are private). A module of its own so that :mod:`bot.discord.present`
needs only the call."""

from __future__ import annotations

from bot.discord.messages import t
from bot.store import Match

#: The line's share of the board's status text (Discord's 4000 characters
#: per V2 message): talks past it are counted, not listed.
LINE_LIMIT = 600


def talk_lines(match: Match, locale: str) -> list[str]:
    """``🤝 Talks: @alice + @bob; @carol + @dave``, or nothing without talks."""
    groups, more = [], 0
    for talk in match.talks:
        group = " + ".join(f"<@{user}>" for user in talk.members)
        if sum(len(g) + 2 for g in groups) + len(group) > LINE_LIMIT:
            more += 1
        else:
            groups.append(group)
    if not groups:
        return []
    listed = "; ".join(groups) + (t("talks_more", locale, count=more) if more else "")
    return [t("talks_line", locale, talks=listed)]
