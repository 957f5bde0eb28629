"""The lines that boards and turn notices add for time banks and vacations
(:mod:`bot.play.bank`, :mod:`bot.play.away`): everyone's remaining bank (a
running clock as a Discord timestamp counting down, a stopped one as a
duration) and who is away until when. Kept apart from the board's layout so
either can change alone."""

from __future__ import annotations

from bot.discord.messages import t
from bot.play import bank
from bot.play.clock import DAY, HOUR
from bot.store import Match


def duration(seconds: float, locale: str) -> str:
    """A stopped clock: whole days and hours (minutes under an hour)."""
    days, rest = divmod(int(seconds), int(DAY))
    hours, rest = divmod(rest, int(HOUR))
    if days or hours:
        return t("duration_dh", locale, days=days, hours=hours)
    return t("duration_m", locale, minutes=rest // 60)


def lines(match: Match, locale: str, now: float) -> list[str]:
    if match.status != "running":
        return []
    out = []
    if match.bank_hours:
        parts = []
        for place in match.seats:
            if not place.person:
                continue
            runs_out = bank.runs_out(match, place.seat)
            if runs_out is not None and place.clock_from <= now:
                shown = f"<t:{int(runs_out)}:R>"
            else:  # stopped, or held until a vacation ends
                shown = duration(bank.left(match, place.seat, now), locale)
            parts.append(f"<@{place.user_id}> {shown}")
        out.append(t("bank_line", locale, banks=" · ".join(parts)))
    for place in match.seats:
        if place.person and place.away_until and place.away_until > now:
            out.append(t("away_line", locale, player=f"<@{place.user_id}>", when=f"<t:{int(place.away_until)}:f>"))
    return out
