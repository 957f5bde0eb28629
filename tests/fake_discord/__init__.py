"""A local fake Discord (REST + gateway) for end-to-end tests of the discord.py bot.

async with FakeDiscord() as fake:
    async with running_bot(fake, make_bot()) as bot:
        handle = await fake.slash(fake.world.alice, "/game new game:himmel-und-hoelle")
        message = await handle.wait_response()
        click = await fake.click(fake.world.bob, message, message.custom_ids()[0])
        await click.wait_acknowledged()
    fake.assert_clean()
"""

from .client import patch_discord_py, running_bot
from .errors import DiscordAPIError
from .handles import Callback, DeadlineViolation, InteractionHandle, RefusedCallback
from .messages import UploadedFile
from .recording import RecordedRequest
from .server import FakeDiscord
from .spec_validation import SpecValidator, default_validator, normalise_for_spec
from .world import FakeAttachment, FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser, World

__all__ = [
    "Callback",
    "DeadlineViolation",
    "DiscordAPIError",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "RecordedRequest",
    "RefusedCallback",
    "SpecValidator",
    "UploadedFile",
    "World",
    "default_validator",
    "normalise_for_spec",
    "patch_discord_py",
    "running_bot",
]
