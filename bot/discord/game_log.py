"""``/game log`` and the board's **Log** button: the match's moves as the
reader may see them, newest last. A question the engine answered for want
of a choice is marked "(automatic)" for everyone; an answer a standing order
gave is marked so only for its own seat (to the others it would tell that
the seat has standing orders)."""

from __future__ import annotations

from bot.discord.messages import t
from bot.discord.present import engine_of, event_lines
from bot.store import LoggedAction, Match


def log_text(match: Match, entries: list[LoggedAction], seat: int | None, locale: str) -> str:
    engine = engine_of(match)
    lines = []
    for entry in entries:
        shown = event_lines(engine, entry.events, seat, locale)
        if entry.automatic and (not entry.standing or entry.seat == seat):
            # no real choice: said so, never hidden; a standing order's answer only to its own seat
            key = "log_standing" if entry.standing else "log_automatic"
            shown = shown or [t(f"{key}_move", locale, seat=engine.seat_name(entry.seat, locale))]
            shown = [f"{shown[0]} {t(key, locale)}", *shown[1:]]
        for line in shown:
            # taken-back moves stay in the log, struck through
            lines.append(f"`{entry.counter:>3}` ~~{line}~~" if entry.undone_by else f"`{entry.counter:>3}` {line}")
    if not lines:
        return t("log_empty", locale)
    text = t("log_head", locale) + "\n" + "\n".join(lines)
    return text if len(text) <= 2000 else "…\n" + text[-1990:]
