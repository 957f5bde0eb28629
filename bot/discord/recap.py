"""The recap cog: ``/game recap``, the channel's match as an animated GIF
(built by :mod:`bot.play.recap` in a render worker).

Decisions: anyone in the channel may ask (a recap shows only what the
channel saw); it is posted publicly, in the server's language. Against
abuse a channel gets one recap per :data:`RECAP_SECONDS`, and a process
builds one recap at a time (:data:`RECAPS_AT_ONCE`), so a render worker
stays free for boards; the cooldown's refusal names when to try again.
"""

from __future__ import annotations

import io

import discord

from bot import workers
from bot.discord import present
from bot.discord.errors import PUBLIC, PUBLIC_DEFER, guarded
from bot.discord.messages import t
from bot.discord.room import Room
from bot.play import recap
from bot.play.errors import ServiceError
from bot.play.limits import RECAP_SECONDS, RECAPS_AT_ONCE


class RecapCog(Room, name="recap"):
    def __init__(self, bot) -> None:
        super().__init__(bot)
        #: Channels whose recap is being built in this process.
        self.building: set[int] = set()

    @guarded(ack=PUBLIC)
    async def recap(self, interaction: discord.Interaction) -> None:
        match = await self.service.channel_match(interaction.channel_id)
        if match.status == "lobby":
            raise ServiceError("recap_lobby")
        replay = await recap.load(self.bot.store, match)
        if not replay.log:
            raise ServiceError("recap_no_moves")
        if len(self.building) >= RECAPS_AT_ONCE:
            raise ServiceError("recap_busy")
        self.service.limits.every(("recap", interaction.channel_id), RECAP_SECONDS, "recap_too_soon")
        locale = self.locales.of_channel(match)
        self.building.add(interaction.channel_id)
        try:
            made = await workers.run(recap.build, replay, locale, interaction.filesize_limit, pool="render")
        finally:
            self.building.discard(interaction.channel_id)
        if made.moves == 0:
            raise ServiceError("recap_no_moves")
        if made.gif is None:
            raise ServiceError("recap_too_large")
        title = present.engine_of(match).title(locale)
        text = t("recap_posted", locale, game=title, moves=made.moves, frames=made.frames)
        alt = t("recap_alt", locale, game=title, moves=made.moves, frames=made.frames)
        file = discord.File(io.BytesIO(made.gif), filename="recap.gif", description=alt[:present.ALT_TEXT_LIMIT])
        await interaction.edit_original_response(content=text, attachments=[file])
        interaction.extras.pop(PUBLIC_DEFER, None)  # the public answer stands now
