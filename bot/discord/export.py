"""The export cog: the channel's match as a match file
(:mod:`bot.play.match_file`), privately: ``/game export``.

Decisions: anyone in the channel may ask, as for a recap. A finished match
comes whole, seed and every secret choice included (nothing is hidden any
more; a daily challenge only once its day is over and no daily of that
server, game and day is still being played, as its seed is the whole
server's dice of the day); a match still running, or cancelled before its
end, gives the asker their own share, what they may see now, which cannot be
replayed. Always a private reply: a share holds the asker's hand, and a bug
report is not the channel's business.
"""

from __future__ import annotations

import io

import discord

from bot import workers
from bot.discord import present
from bot.discord.errors import guarded
from bot.discord.messages import t
from bot.discord.room import Room
from bot.play import match_file
from bot.play.errors import ServiceError


class ExportCog(Room, name="export"):
    @guarded
    async def export(self, interaction: discord.Interaction) -> None:
        locale = await self.locales.of_interaction(interaction)
        match = await self.service.channel_match(interaction.channel_id)
        if match.status == "lobby":
            raise ServiceError("export_lobby")
        match, log = await match_file.read(self.bot.store, match.id)
        today, daily_open = self.service.today(), await match_file.daily_open(self.bot.store, match)
        text, name, complete = await workers.run(match_file.build, match, log, interaction.user.id, today, daily_open,
                                                 pool="render")
        data = text.encode()
        if len(data) > interaction.filesize_limit:
            raise ServiceError("export_too_large", match=match.id)
        title = present.engine_of(match).title(locale)
        if complete:
            key = "export_whole"
        elif match.status == "finished":  # a daily challenge: its seed is still in use
            key = "export_daily" if match.daily_date == today else "export_daily_running"
        else:
            key = "export_share" if match.seat_of(interaction.user.id) is not None else "export_spectator"
        await interaction.followup.send(t(key, locale, game=title), ephemeral=True,
                                        file=discord.File(io.BytesIO(data), filename=name))
