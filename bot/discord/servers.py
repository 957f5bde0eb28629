"""The servers cog: ``/brettbote settings`` for managers, and what
moderators do to matches (see :mod:`bot.play.servers`). Every refusal is
private; everything a moderator does is said in the match channel, naming
the moderator. A moderator acts only on matches of the server the command
came from (:func:`bot.play.servers.own_match`)."""

from __future__ import annotations

import discord

import engines
from bot.discord import present
from bot.discord.errors import PUBLIC, guarded, reply, said
from bot.discord.messages import t
from bot.discord import web_links
from bot.discord.room import Room
from bot.play.errors import ServiceError
from bot.store import GuildSettings

NO_PINGS = discord.AllowedMentions.none()


def settings_text(found: GuildSettings, locale: str) -> str:
    none = t("settings_none", locale)
    games = ", ".join(engines.get(g).title(locale) if g in engines.ids() else g for g in found.games or [])
    return t(
        "settings_show", locale,
        games=games or t("settings_all_games", locale),
        reminder=found.reminder_hours or 24,
        deadline=found.deadline_hours or none,
        policy=t(f"settings_policy_{found.deadline_policy or 'skip'}", locale),
        threads=t("settings_yes" if found.threads else "settings_no", locale),
        moderator=f"<@&{found.moderator_role_id}>" if found.moderator_role_id else none,
        announcements=f"<#{found.announce_channel_id}>" if found.announce_channel_id else none,
    ) + t("settings_web", locale, web=t("settings_yes" if found.web else "settings_no", locale))


class ServersCog(Room, name="servers"):
    @property
    def servers(self):
        return self.bot.servers

    @guarded
    async def settings(self, interaction: discord.Interaction, **values) -> None:
        """Without options: the current settings; with some: they change, all
        or none of them (each is checked before any is stored)."""
        locale = await self.locales.of_interaction(interaction)
        self._guild(interaction)
        if not interaction.permissions.manage_guild:
            raise ServiceError("not_manager")
        if any(v is not None for v in values.values()):
            found = await self.servers.change(interaction.guild_id, **values)
            web_links.forget_guild(interaction.guild_id)
            text = t("settings_changed", locale) + "\n" + settings_text(found, locale)
        else:
            text = settings_text(await self.servers.settings(interaction.guild_id), locale)
        await reply(interaction, text, allowed_mentions=NO_PINGS)

    @guarded(ack=PUBLIC)
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self._moderator(interaction)
        match = await self.servers.cancel(interaction.channel_id, guild_id=interaction.guild_id)
        await said(interaction, t("mod_cancelled", self.locales.of_channel(match), moderator=interaction.user.mention),
                   allowed_mentions=NO_PINGS)
        await self.announcer.strip_board(match)

    @guarded(ack=PUBLIC)
    async def remove(self, interaction: discord.Interaction, user: discord.abc.User) -> None:
        await self._moderator(interaction)
        # the bot's own user: the only name a moderator's client offers for a computer seat
        if self.bot.user is not None and user.id == self.bot.user.id:
            raise ServiceError("remove_computer")
        match = await self.servers.remove(interaction.channel_id, user.id, guild_id=interaction.guild_id)
        locale = self.locales.of_channel(match)
        text = t("mod_removed", locale, moderator=interaction.user.mention, player=user.mention)
        if match.status == "lobby":  # the lobby as it is now, with its buttons
            lobby = present.lobby_post(match, locale)
            await said(interaction, text + "\n" + lobby.content, view=lobby.view or discord.utils.MISSING,
                       allowed_mentions=NO_PINGS)
            return
        try:
            await said(interaction, text, allowed_mentions=NO_PINGS)
        finally:  # the seat changed hands whether or not the answer went through
            await self.play_on(match)

    @guarded
    async def pause_all(self, interaction: discord.Interaction) -> None:
        await self._all(interaction, pause=True)

    @guarded
    async def resume_all(self, interaction: discord.Interaction) -> None:
        await self._all(interaction, pause=False)

    async def _all(self, interaction: discord.Interaction, *, pause: bool) -> None:
        locale = await self.locales.of_interaction(interaction)
        await self._moderator(interaction)
        changed = await (self.servers.pause_all if pause else self.servers.resume_all)(interaction.guild_id)
        for match in changed:
            note = self.announcer.notice(match, "mod_paused" if pause else "mod_resumed",
                                         moderator=interaction.user.mention)
            await self.announcer.safely(note, "moderator notice", match)
            if not pause:  # reminders and deadlines start afresh: a board that says so
                await self.announcer.safely(self.announcer.post_board(match), "board after resume-all", match)
        key = "mod_paused_all" if pause else "mod_resumed_all"
        await interaction.edit_original_response(content=t(key, locale, count=len(changed)))

    # -- who may -----------------------------------------------------------------

    @staticmethod
    def _guild(interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise ServiceError("guild_only")

    async def _moderator(self, interaction: discord.Interaction) -> None:
        """Manage Server (which Discord reports with the owner's and
        administrators' rights included), or the server's moderator role."""
        self._guild(interaction)
        if interaction.permissions.manage_guild:
            return
        role = (await self.servers.settings(interaction.guild_id)).moderator_role_id
        member = interaction.user
        if role is not None and isinstance(member, discord.Member) and member.get_role(role) is not None:
            return
        raise ServiceError("not_moderator")
