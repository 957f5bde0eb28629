"""The time cog: ``/game settings`` (language, time zone, quiet hours,
daily digest) and the digest DM its timer sends (decisions in
:mod:`bot.play.quiet`)."""

from __future__ import annotations

import dataclasses

import discord
from discord import app_commands

from bot.discord import present
from bot.discord.errors import guarded, reply
from bot.discord.messages import t
from bot.discord.room import Room
from bot.play import quiet
from bot.play.errors import ServiceError
from bot.store import User

def hour_of(value: str) -> int:
    """A digest choice's hour; anything else (a forged value) is refused."""
    if not value.isdigit() or not 0 <= int(value) <= 23:
        raise ServiceError("hour_range")
    return int(value)


#: Discord shows at most 25 autocomplete choices.
MAX_CHOICES = 25


class TimeCog(Room, name="time"):
    @property
    def user_time(self):
        return self.announcer.user_time

    @guarded
    async def settings(self, interaction: discord.Interaction, *, language: str | None = None, zone: str | None,
                       quiet_from: int | None, quiet_to: int | None, digest: str | None) -> None:
        """Options not given stay as they are; ``digest`` is "off" or an hour,
        ``language`` "de" or "en", which the reply speaks at once."""
        given = {name: value for name, value in
                 (("zone", zone), ("quiet_from", quiet_from), ("quiet_to", quiet_to)) if value is not None}
        if digest is not None:
            given["digest"] = None if digest == "off" else hour_of(digest)
        if language is not None and not given:  # the language alone: set it and say so in it
            await self.locales.set_choice(interaction.user.id, language)
            await reply(interaction, t("language_set", language))
            return
        locale = await self.locales.of_interaction(interaction)
        # the time settings are checked (and stored) first: a refusal leaves the language too
        user = await self.user_time.update(interaction.user.id, **given) if given else await self.user_time.get(
            interaction.user.id)
        head = t("settings_saved" if given else "settings_head", locale)
        if language is not None:  # with other settings: saved with them, and the reply in it already
            await self.locales.set_choice(interaction.user.id, language)
            user, locale = dataclasses.replace(user, locale=language), language
            head = t("language_set", locale) + "\n" + t("settings_saved", locale)
        await reply(interaction, head + "\n" + self.describe(user, locale))

    @staticmethod
    def describe(user: User, locale: str) -> str:
        """The settings as lines; ``locale``: the language the user is spoken to in."""
        language = t("settings_language" if user.locale else "settings_language_auto", locale,
                     language=t("language_name", locale))
        hours = (t("settings_quiet", locale, start=f"{user.quiet_from:02d}:00", end=f"{user.quiet_to:02d}:00")
                 if user.quiet_from != user.quiet_to else t("settings_quiet_none", locale))
        digest = (t("settings_digest", locale, hour=f"{user.digest_hour:02d}:00") if user.digest_hour is not None
                  else t("settings_digest_off", locale))
        return "\n".join([language, t("settings_zone", locale, zone=user.tz or quiet.UTC), hours, digest])

    async def zone_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        text = (current or "").lower()
        names = [n for n in quiet.zone_names() if text in n.lower()]
        # names starting with what was typed first ("berl" -> Europe/Berlin before ...)
        names.sort(key=lambda n: (not n.lower().split("/")[-1].startswith(text), n))
        return [app_commands.Choice(name=n, value=n) for n in names[:MAX_CHOICES]]

    # -- the digest timer ------------------------------------------------------

    async def send_digest(self, user: User) -> float | None:
        """Called by the scheduler for a user whose digest is due; returns
        when the next one is (the daily hour; None for a held notice)."""
        now = self.bot.clock.now()
        waiting = await self.user_time.due(user)
        if waiting:
            locale = await self.locales.of_user(user.user_id, "en")
            lines = [t("digest_head", locale, count=len(waiting))]
            for item in waiting:
                engine = present.engine_of(item.match)
                link = present.board_link(item.match) or f"<#{item.match.channel_id}>"
                happened = present.event_lines(engine, item.events, item.seat, locale)
                # one line: the last few things the seat may see, shortened
                summary = "; ".join(happened[-3:])[:200] if happened else t("digest_nothing", locale)
                lines.append("• " + t("digest_line", locale, title=engine.title(locale), link=link,
                                      since=f"<t:{int(item.since)}:R>", summary=summary))
            # one nonce per digest: resent after a crash within Discord's window, it is still one DM
            # (nonces count per channel, here the user's DM channel; at most 25 characters)
            nonce = f"digest.{int(user.digest_due or now)}"
            await self.announcer.dm(user.user_id, "\n".join(lines)[:2000], nonce=nonce,
                                    allowed_mentions=discord.AllowedMentions.none())
        return quiet.next_digest(user, now)
