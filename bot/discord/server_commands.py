"""The ``/brettbote`` slash command group: a server's settings and the
moderation of its matches (:mod:`bot.discord.servers` does the work).

Discord lets a server set permissions only on a top-level command, so the
whole group carries ``default_permissions(manage_guild=True)``: members
without Manage Server do not see it until the server's admins allow it to
more roles (Server Settings → Integrations → Brettbote), which is how the
moderator role gets to use ``cancel``, ``remove`` and ``pause-all``. Because
admins can allow it to anyone that way, every command checks again on our
side: ``settings`` needs Manage Server, the others Manage Server or the
moderator role of ``/brettbote settings``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord.commands import POLICIES, cog

CLEAR = [
    app_commands.Choice(name=_("the moderator role"), value="moderator"),
    app_commands.Choice(name=_("the announcement channel"), value="announcements"),
    app_commands.Choice(name=_("all settings (back to the defaults)"), value="all"),
]


class BrettboteCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name=_("brettbote"), description=_("Server settings and moderation of matches"),
                         guild_only=True, default_permissions=discord.Permissions(manage_guild=True))

    @app_commands.command(name=_("settings"), description=_("Show or change this server's settings (Manage Server)"))
    @app_commands.describe(
        games=_("Games allowed here, comma-separated, or \"all\""),
        reminder=_("Default reminder after this many hours (1-168)"),
        deadline=_("Default deadline in hours (12-336; 0: no deadline)"),
        policy=_("Default for what happens when a deadline passes"),
        threads=_("Whether new matches open a thread (else they stay in the channel)"),
        moderator=_("A role that may moderate matches"),
        announcements=_("The channel where new lobbies and results are announced"),
        web=_("Whether matches here have a web view (when the bot runs one)"),
        clear=_("Remove a setting"),
    )
    @app_commands.choices(policy=POLICIES, clear=CLEAR)
    async def settings(self, interaction: discord.Interaction, games: app_commands.Range[str, 1, 300] | None = None,
                       reminder: app_commands.Range[int, 1, 168] | None = None,
                       deadline: app_commands.Range[int, 0, 336] | None = None,
                       policy: app_commands.Choice[str] | None = None, threads: bool | None = None,
                       moderator: discord.Role | None = None, announcements: discord.TextChannel | None = None,
                       web: bool | None = None, clear: app_commands.Choice[str] | None = None) -> None:
        await cog(interaction, "servers").settings(
            interaction, games=games, reminder_hours=reminder, deadline_hours=deadline,
            deadline_policy=policy.value if policy else None, threads=threads,
            moderator_role_id=moderator.id if moderator else None,
            announce_channel_id=announcements.id if announcements else None, web=web,
            clear=clear.value if clear else None,
        )

    @app_commands.command(name=_("cancel"), description=_("Cancel the match here at once (moderators)"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "servers").cancel(interaction)

    @app_commands.command(name=_("remove"), description=_("Remove an inactive player from the match here (moderators)"))
    @app_commands.describe(user=_("The player to remove"))
    async def remove(self, interaction: discord.Interaction, user: discord.User) -> None:
        await cog(interaction, "servers").remove(interaction, user=user)

    @app_commands.command(name=_("pause-all"), description=_("Pause every running match of this server (moderators)"))
    async def pause_all(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "servers").pause_all(interaction)

    @app_commands.command(name=_("resume-all"), description=_("Resume every paused match of this server (moderators)"))
    async def resume_all(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "servers").resume_all(interaction)
