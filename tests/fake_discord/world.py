"""The fake's in-memory Discord: one guild, its channels, users, threads and messages.

Everything here is plain data plus the Discord JSON shapes discord.py parses. Nothing in
this module knows about HTTP or the gateway, so tests can build and inspect a world directly.
"""

from __future__ import annotations

import copy
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterator, Optional

DISCORD_EPOCH_MS = 1420070400000
USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")

# Channel types (Discord numbering).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Permission bits used by the default roles.
ADMINISTRATOR = 1 << 3
#: Every permission bit Discord defines (up to 1 << 50), as the owner and administrators get.
ALL_PERMISSIONS = (1 << 51) - 1
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
ADD_REACTIONS = 1 << 6
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_ROLE_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS


def iso_now() -> str:
    return datetime.now(timezone.utc).isoformat()


class SnowflakeFactory:
    """Time-based, strictly increasing ids, so discord.py's created_at and id ordering look real."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


@dataclass(eq=False)
class FakeUser:
    id: int
    username: str
    global_name: Optional[str] = None
    locale: str = "en-US"
    # A user who blocks DMs: opening the DM channel works, sending fails with 50007.
    dms_closed: bool = False
    # Discord refuses DMs to this user for now: "You are opening direct messages too fast" (40003).
    dms_too_fast: bool = False
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }
        if self.bot:
            payload["bot"] = True
        return payload

    def __repr__(self) -> str:
        return f"<FakeUser {self.username} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    roles: list[FakeRole] = field(default_factory=list)
    nick: Optional[str] = None
    joined_at: str = field(default_factory=iso_now)

    def to_payload(self, *, with_user: bool = True) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = self.user.to_payload()
        return payload


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    content_type: Optional[str] = None
    description: Optional[str] = None
    ephemeral: bool = False
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            payload["content_type"] = self.content_type
        if self.description is not None:
            payload["description"] = self.description
        if self.ephemeral:
            payload["ephemeral"] = True
        width_height = _png_size(self.data)
        if width_height:
            payload["width"], payload["height"] = width_height
        return payload


def _png_size(data: bytes) -> Optional[tuple[int, int]]:
    # Discord reports image dimensions; reading them from the PNG header is enough for tests.
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


@dataclass(eq=False)
class FakeMessage:
    id: int
    channel_id: int
    author: FakeUser
    guild_id: Optional[int] = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: Optional[str] = None
    webhook_id: Optional[int] = None
    application_id: Optional[int] = None
    interaction_metadata: Optional[dict[str, Any]] = None
    message_reference: Optional[dict[str, Any]] = None
    pinned: bool = False
    # Emoji ("👍" or "name:id") -> users who reacted with it.
    reactions: dict[str, list[FakeUser]] = field(default_factory=dict)
    thread_id: Optional[int] = None
    deleted: bool = False
    # Set for ephemeral interaction responses: only this user sees the message.
    visible_to: Optional[FakeUser] = None
    # Users mentioned as <@id> in the content (Discord resolves them for the message JSON).
    mentions: list[FakeUser] = field(default_factory=list)
    # The mentioned users that the request's allowed_mentions let Discord notify.
    pinged: list[FakeUser] = field(default_factory=list)
    # Earlier versions (content, embeds, components, attachment names) before each edit.
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def components_v2(self) -> bool:
        """A Components V2 message: no content of its own; ``content`` holds
        the text of its text displays (see :func:`v2_text`)."""
        return bool(self.flags & FLAG_COMPONENTS_V2)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component, depth first, including those nested in rows, sections, containers."""
        yield from walk_components(self.components)

    def component(self, custom_id: str) -> dict[str, Any]:
        for comp in self.iter_components():
            if comp.get("custom_id") == custom_id:
                return comp
        raise LookupError(f"message {self.id} has no component with custom_id {custom_id!r}; has {self.custom_ids()}")

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    def attachment(self, filename: str) -> FakeAttachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise LookupError(f"message {self.id} has no attachment {filename!r}")

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
            "edited_timestamp": self.edited_timestamp,
        }

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "author": self.author.to_payload(),
            # Discord sends a V2 message's content empty: its text lives in its components.
            "content": "" if self.components_v2 else self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.to_payload() for u in self.mentions],
            "mention_roles": list(dict.fromkeys(_ROLE_MENTION.findall(self.content))),
            "attachments": [a.to_payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "pinned": self.pinned,
            "flags": self.flags,
        }
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            payload["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            payload["interaction_metadata"] = copy.deepcopy(self.interaction_metadata)
        if self.message_reference is not None:
            payload["message_reference"] = copy.deepcopy(self.message_reference)
        if self.reactions:
            payload["reactions"] = [
                {
                    "emoji": _emoji_payload(key),
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "burst_colors": [],
                    # "me" is from the bot's point of view; the world's only bot user is ours.
                    "me": any(u.bot for u in users),
                    "me_burst": False,
                    "burst_me": False,
                    "burst_count": 0,
                }
                for key, users in self.reactions.items()
                if users
            ]
        return payload

    def __repr__(self) -> str:
        return f"<FakeMessage id={self.id} channel={self.channel_id} content={self.content[:40]!r}>"


def _emoji_payload(key: str) -> dict[str, Any]:
    # Custom emoji arrive in URLs as "name:id"; unicode emoji as the character itself.
    if ":" in key:
        name, _, emoji_id = key.partition(":")
        return {"id": emoji_id, "name": name}
    return {"id": None, "name": key}


def v2_text(components: list[dict[str, Any]]) -> str:
    """The text displays of a Components V2 message, one after the other
    (joined by newlines): what a reader sees as the message's text. The fake
    stores it as the message's ``content`` so that tests read legacy and V2
    messages alike; ``to_payload`` still sends Discord's empty content."""
    return "\n".join(c["content"] for c in walk_components(components) if c.get("type") == 10 and c.get("content"))


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: Optional[str] = None
    guild_id: Optional[int] = None
    parent_id: Optional[int] = None
    position: int = 0
    topic: Optional[str] = None
    # DM channels only.
    recipient: Optional[FakeUser] = None
    # Threads only.
    owner_id: Optional[int] = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: set[int] = field(default_factory=set)
    created_at: str = field(default_factory=iso_now)
    messages: list[FakeMessage] = field(default_factory=list)
    # Guild channels only: permission overwrites by role or user id, as
    # (type, allow, deny) with type 0 for a role and 1 for a member.
    overwrites: dict[int, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def last_message_id(self) -> Optional[int]:
        live = [m for m in self.messages if not m.deleted]
        return live[-1].id if live else None

    def to_payload(self) -> dict[str, Any]:
        last = self.last_message_id
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": str(last) if last else None,
                "flags": 0,
                "recipients": [self.recipient.to_payload()],
            }
        payload: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "flags": 0,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "last_message_id": str(last) if last else None,
            "rate_limit_per_user": 0,
        }
        if self.is_thread:
            payload.update(
                owner_id=str(self.owner_id),
                message_count=len([m for m in self.messages if not m.deleted]),
                member_count=len(self.member_ids),
                total_message_sent=len(self.messages),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created_at,
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "create_timestamp": self.created_at,
                },
            )
            del payload["position"]
        else:
            payload.update(topic=self.topic, nsfw=False, permission_overwrites=[
                {"id": str(target), "type": kind, "allow": str(allow), "deny": str(deny)}
                for target, (kind, allow, deny) in self.overwrites.items()
            ])
        return payload

    def __repr__(self) -> str:
        return f"<FakeChannel {self.name or 'DM'} id={self.id} type={self.type}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str
    roles: list[FakeRole] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    joined_at: str = field(default_factory=iso_now)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[0]

    def permissions_of(self, user: FakeUser) -> int:
        """As Discord computes them: the owner and administrators have every permission."""
        if user.id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user.id)
        perms = self.everyone.permissions
        for role in member.roles if member else []:
            perms |= role.permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def permissions_in(self, channel: FakeChannel, user: FakeUser) -> int:
        """As Discord computes them in a guild channel: the guild's
        permissions, then the overwrites of @everyone, of the member's roles
        together, and of the member (administrators and the owner skip them)."""
        perms = self.permissions_of(user)
        if perms == ALL_PERMISSIONS:
            return perms
        member = self.members.get(user.id)
        role_ids = {r.id for r in member.roles} if member else set()
        for targets in ({self.id}, role_ids - {self.id}, {user.id}):
            found = [channel.overwrites[t] for t in targets if t in channel.overwrites]
            for _, _, deny in found:
                perms &= ~deny
            for _, allow, _ in found:
                perms |= allow
        return perms

    def to_rest_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "home_header": None,
            "owner_id": str(self.owner_id),
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "widget_enabled": False,
            "widget_channel_id": None,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "features": [],
            "roles": [r.to_payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "max_presences": None,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "incidents_data": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "nsfw": False,
            "premium_progress_bar_enabled": False,
        }


class World:
    """The state of the fake Discord. Create users/channels here before or during a test."""

    def __init__(
        self,
        *,
        guild_name: str = "Brettbote Testserver",
        guild_locale: str = "de",
        channel_names: tuple[str, ...] = ("allgemein", "spiele", "turniere"),
        bot_name: str = "Brettbote",
    ) -> None:
        self.snowflake = SnowflakeFactory()
        # Modern applications share their id with their bot user.
        self.application_id = self.snowflake()
        self.bot_user = FakeUser(self.application_id, bot_name.lower(), bot_name, bot=True)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        # Every uploaded file by id, so the fake can serve attachment URLs.
        self.attachments: dict[int, FakeAttachment] = {}
        self._dm_by_user: dict[int, int] = {}
        # The server's own command permissions (Server Settings > Integrations):
        # top-level command name -> ids of the roles and users allowed to use it
        # whatever its default_member_permissions say.
        self.command_permissions: dict[str, set[int]] = {}

        guild_id = self.snowflake()
        # Discord gives @everyone the guild's id.
        everyone = FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = FakeRole(self.snowflake(), bot_name, BOT_ROLE_PERMISSIONS, position=1, managed=True)
        self.guild = FakeGuild(
            guild_id, guild_name, owner_id=0, preferred_locale=guild_locale, roles=[everyone, bot_role]
        )
        self.guild.members[self.bot_user.id] = FakeMember(self.bot_user, roles=[bot_role])

        for name in channel_names:
            self.add_text_channel(name)

        # Default cast: a German and an English player, and one who blocks DMs.
        self.alice = self.add_user("alice", global_name="Alice", locale="de")
        self.bob = self.add_user("bob", global_name="Bob", locale="en-US")
        self.carol = self.add_user("carol", global_name="Carol", locale="en-GB", dms_closed=True)
        self.guild.owner_id = self.alice.id

    # --- building -------------------------------------------------------------------------

    def add_user(
        self,
        username: str,
        *,
        global_name: Optional[str] = None,
        locale: str = "en-US",
        dms_closed: bool = False,
        member: bool = True,
        roles: tuple[FakeRole, ...] = (),
    ) -> FakeUser:
        user = FakeUser(self.snowflake(), username, global_name, locale=locale, dms_closed=dms_closed)
        self.users[user.id] = user
        if member:
            self.guild.members[user.id] = FakeMember(user, roles=list(roles))
        return user

    def add_role(self, name: str, permissions: int = 0) -> FakeRole:
        role = FakeRole(self.snowflake(), name, permissions, position=len(self.guild.roles))
        self.guild.roles.append(role)
        return role

    def add_text_channel(self, name: str, *, topic: Optional[str] = None) -> FakeChannel:
        position = len([c for c in self.channels.values() if c.type == GUILD_TEXT])
        channel = FakeChannel(
            self.snowflake(), GUILD_TEXT, name, guild_id=self.guild.id, position=position, topic=topic
        )
        self.channels[channel.id] = channel
        return channel

    def add_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        private: bool = False,
        owner: Optional[FakeUser] = None,
        thread_id: Optional[int] = None,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
    ) -> FakeChannel:
        owner = owner or self.bot_user
        thread = FakeChannel(
            thread_id or self.snowflake(),
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            name,
            guild_id=self.guild.id,
            parent_id=parent.id,
            owner_id=owner.id,
            auto_archive_duration=auto_archive_duration,
            invitable=invitable,
            member_ids={owner.id},
        )
        self.channels[thread.id] = thread
        return thread

    def set_overwrite(
        self, channel: FakeChannel, target: FakeRole | FakeUser, *, allow: int = 0, deny: int = 0
    ) -> None:
        """A permission overwrite on a guild channel (its threads follow it)."""
        assert not channel.is_thread and channel.guild_id == self.guild.id
        channel.overwrites[target.id] = (0 if isinstance(target, FakeRole) else 1, allow, deny)

    def permissions_in(self, channel: FakeChannel, user: FakeUser) -> int:
        """The user's permissions in a guild channel or thread, overwrites included."""
        parent = self.channels.get(channel.parent_id) if channel.is_thread else channel
        return self.guild.permissions_in(parent or channel, user)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user``, created on first use (as Discord does)."""
        channel_id = self._dm_by_user.get(user.id)
        if channel_id is None:
            channel = FakeChannel(self.snowflake(), DM, recipient=user)
            self.channels[channel.id] = channel
            self._dm_by_user[user.id] = channel.id
            return channel
        return self.channels[channel_id]

    # --- lookup ---------------------------------------------------------------------------

    def channel(self, name_or_id: str | int) -> FakeChannel:
        for channel in self.channels.values():
            if channel.id == name_or_id or (channel.name is not None and channel.name == name_or_id):
                return channel
        raise LookupError(f"no channel {name_or_id!r}")

    def user(self, name_or_id: str | int) -> FakeUser:
        for user in self.users.values():
            if user.id == name_or_id or user.username == name_or_id:
                return user
        raise LookupError(f"no user {name_or_id!r}")

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.type == GUILD_TEXT]

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread]

    def channel_messages(self, channel: FakeChannel | int | str) -> list[FakeMessage]:
        """Messages visible to everyone in the channel, oldest first (deleted ones left out)."""
        if not isinstance(channel, FakeChannel):
            channel = self.channel(channel)
        return [m for m in channel.messages if not m.deleted]

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        channel_id = self._dm_by_user.get(user.id)
        return self.channel_messages(self.channels[channel_id]) if channel_id else []

    # --- gateway shapes -------------------------------------------------------------------

    def guild_create_payload(self, *, all_members: bool = True) -> dict[str, Any]:
        """GUILD_CREATE; without the members intent Discord only includes the bot's own member."""
        guild = self.guild
        payload = guild.to_rest_payload()
        members = [m for m in guild.members.values() if all_members or m.user is self.bot_user]
        payload.update(
            joined_at=guild.joined_at,
            large=False,
            unavailable=False,
            member_count=len(guild.members),
            members=[m.to_payload() for m in members],
            channels=[
                {k: v for k, v in c.to_payload().items() if k != "guild_id"}
                for c in self.channels.values()
                if c.guild_id == guild.id and not c.is_thread
            ],
            threads=[c.to_payload() for c in self.channels.values() if c.is_thread and not c.archived],
            presences=[],
            voice_states=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
            embedded_activities=[],
        )
        return payload
