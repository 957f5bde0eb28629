"""Bot-token REST endpoints: login, users, guild, channels, messages, threads, commands."""

from __future__ import annotations

import time
from typing import Any, Optional

from .api import ApiCall, Reply, Route
from .errors import (
    CANNOT_DM_USER,
    THREAD_ARCHIVED,
    OPENING_DMS_TOO_FAST,
    UNKNOWN_CHANNEL,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    DiscordAPIError,
    invalid_form,
    missing_permissions,
    not_found,
)
from .messages import create_message, edit_message
from .world import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DM,
    GUILD_TEXT,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    FakeChannel,
    FakeMessage,
    FakeUser,
)

# --- lookups --------------------------------------------------------------------------------


def channel_of(call: ApiCall) -> FakeChannel:
    channel = call.world.channels.get(call.int_param("channel_id"))
    if channel is None:
        raise not_found(UNKNOWN_CHANNEL, "Channel")
    return channel


def message_of(call: ApiCall, channel: FakeChannel) -> FakeMessage:
    message = call.world.messages.get(call.int_param("message_id"))
    if message is None or message.deleted or message.channel_id != channel.id or message.visible_to is not None:
        raise not_found(UNKNOWN_MESSAGE, "Message")
    return message


def user_of(call: ApiCall, key: str = "user_id") -> FakeUser:
    raw = call.params[key]
    user = call.world.bot_user if raw == "@me" else call.world.users.get(int(raw))
    if user is None:
        raise not_found(UNKNOWN_USER, "User")
    return user


def bot_may(call: ApiCall, channel: FakeChannel, permissions: int) -> bool:
    """Whether the bot has all of ``permissions`` in a guild channel or thread
    (overwrites included; a thread follows its parent), as Discord checks them."""
    if channel.guild_id is None:
        return True
    return call.world.permissions_in(channel, call.world.bot_user) & permissions == permissions


def require(call: ApiCall, channel: FakeChannel, permissions: int) -> None:
    """403 with Discord's code 50013 unless the bot has ``permissions`` there."""
    if not bot_may(call, channel, permissions):
        raise missing_permissions()


def _check_guild(call: ApiCall) -> None:
    if call.int_param("guild_id") != call.world.guild.id:
        raise DiscordAPIError(404, 10004, "Unknown Guild")


# --- login / application --------------------------------------------------------------------


async def get_me(call: ApiCall) -> Any:
    return {
        **call.world.bot_user.to_payload(),
        "verified": True,
        "mfa_enabled": False,
        "email": None,
        "locale": "en-US",
    }


async def get_application(call: ApiCall) -> Any:
    world = call.world
    owner = world.users[world.guild.owner_id]
    return {
        "id": str(world.application_id),
        "name": world.bot_user.global_name or world.bot_user.username,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "hook": True,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "flags_new": "0",
        "role_connections_verification_url": None,
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "explicit_content_filter": 0,
        "eligible_oauth2_scopes": ["bot", "applications.commands"],
        "owner": owner.to_payload(),
        "team": None,
        "bot": world.bot_user.to_payload(),
        "rpc_origins": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "approximate_guild_count": 1,
        "integration_types_config": {"0": {}},
    }


async def get_gateway(call: ApiCall) -> Any:
    return {"url": call.fake.gateway_url}


async def get_gateway_bot(call: ApiCall) -> Any:
    return {
        "url": call.fake.gateway_url,
        "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
    }


# --- users / DMs ----------------------------------------------------------------------------


async def get_user(call: ApiCall) -> Any:
    return user_of(call).to_payload()


async def open_dm(call: ApiCall) -> Any:
    body = call.body or {}
    user = call.world.users.get(int(body.get("recipient_id") or 0))
    if user is None:
        raise invalid_form("recipient_id", "Unknown user")
    # Opening always works, even if the user blocks DMs; sending is what fails.
    return call.world.dm_channel(user).to_payload()


# --- guild ----------------------------------------------------------------------------------


async def get_guild(call: ApiCall) -> Any:
    _check_guild(call)
    payload = call.world.guild.to_rest_payload()
    if call.query.get("with_counts") in ("1", "true", "True"):
        payload["approximate_member_count"] = len(call.world.guild.members)
        payload["approximate_presence_count"] = 0
    return payload


async def get_guild_channels(call: ApiCall) -> Any:
    _check_guild(call)
    return [c.to_payload() for c in call.world.channels.values() if c.guild_id and not c.is_thread]


async def get_guild_roles(call: ApiCall) -> Any:
    _check_guild(call)
    return [r.to_payload() for r in call.world.guild.roles]


async def get_guild_members(call: ApiCall) -> Any:
    _check_guild(call)
    limit = int(call.query.get("limit", 1))
    after = int(call.query.get("after", 0))
    members = sorted(call.world.guild.members.values(), key=lambda m: m.user.id)
    return [m.to_payload() for m in members if m.user.id > after][:limit]


async def get_guild_member(call: ApiCall) -> Any:
    _check_guild(call)
    member = call.world.guild.members.get(call.int_param("user_id"))
    if member is None:
        raise not_found(UNKNOWN_MEMBER, "Member")
    return member.to_payload()


async def get_active_threads(call: ApiCall) -> Any:
    _check_guild(call)
    threads = [c for c in call.world.threads if not c.archived]
    return {
        "threads": [t.to_payload() for t in threads],
        "members": [
            _thread_member(t, call.world.bot_user.id) for t in threads if call.world.bot_user.id in t.member_ids
        ],
    }


# --- channels -------------------------------------------------------------------------------


async def get_channel(call: ApiCall) -> Any:
    return channel_of(call).to_payload()


async def edit_channel(call: ApiCall) -> Any:
    channel = channel_of(call)
    body = call.body or {}
    if channel.is_thread and not bot_may(call, channel, MANAGE_THREADS):
        # Without Manage Threads: only the thread's creator may rename or
        # archive it, nobody may lock or unlock it, nor open a locked one again.
        locking = "locked" in body and bool(body["locked"]) != channel.locked
        reopening = channel.locked and body.get("archived") is False
        if locking or reopening or channel.owner_id != call.world.bot_user.id:
            raise missing_permissions()
    for key in ("name", "topic", "archived", "locked", "invitable", "auto_archive_duration"):
        if key in body and body[key] is not None:
            setattr(channel, key, body[key])
    event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
    await call.fake.emit_channel(event, channel)
    return channel.to_payload()


async def delete_channel(call: ApiCall) -> Any:
    channel = channel_of(call)
    del call.world.channels[channel.id]
    event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
    await call.fake.emit_channel(event, channel)
    return channel.to_payload()


async def typing(call: ApiCall) -> Any:
    channel_of(call)
    return None


def _check_can_send(call: ApiCall, channel: FakeChannel) -> None:
    require(call, channel, VIEW_CHANNEL | (SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES))
    if channel.type == DM and channel.recipient is not None and channel.recipient.dms_closed:
        raise DiscordAPIError(403, CANNOT_DM_USER, "Cannot send messages to this user")
    if channel.type == DM and channel.recipient is not None and channel.recipient.dms_too_fast:
        raise DiscordAPIError(403, OPENING_DMS_TOO_FAST, "You are opening direct messages too fast")
    if channel.is_thread and (channel.archived or channel.locked):
        if channel.locked:
            raise DiscordAPIError(403, THREAD_ARCHIVED, "Thread is archived")
        # Sending to an archived (unlocked) thread unarchives it, as on Discord.
        channel.archived = False


async def post_message(call: ApiCall) -> Any:
    channel = channel_of(call)
    _check_can_send(call, channel)
    body = call.body or {}
    if not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or call.files
        or body.get("sticker_ids")
        or body.get("poll")
    ):
        raise DiscordAPIError(400, 50006, "Cannot send an empty message")
    key = (channel.id, str(body.get("nonce")))
    if body.get("enforce_nonce") and body.get("nonce") is not None:
        seen = call.fake.nonces.get(key)
        if seen is not None and time.monotonic() - seen[0] < call.fake.nonce_window and not seen[1].deleted:
            return seen[1].to_payload()  # the same send again: the first message, nothing new
    message = create_message(call.world, channel, call.world.bot_user, body, call.files, call.fake.attachment_url)
    if body.get("nonce") is not None:
        call.fake.nonces[key] = (time.monotonic(), message)
    await call.fake.emit_message("MESSAGE_CREATE", message)
    return message.to_payload()


async def get_messages(call: ApiCall) -> Any:
    channel = channel_of(call)
    limit = min(int(call.query.get("limit", 50)), 100)
    messages = call.world.channel_messages(channel)
    if "before" in call.query:
        messages = [m for m in messages if m.id < int(call.query["before"])]
    if "after" in call.query:
        # Oldest first after a point, as Discord pages forward.
        after = [m for m in messages if m.id > int(call.query["after"])][:limit]
        return [m.to_payload() for m in reversed(after)]
    if "around" in call.query:
        around = int(call.query["around"])
        older = [m for m in messages if m.id <= around][-(limit // 2 + 1) :]
        newer = [m for m in messages if m.id > around][: limit - len(older)]
        messages = older + newer
    return [m.to_payload() for m in reversed(messages[-limit:])]


async def get_message(call: ApiCall) -> Any:
    channel = channel_of(call)
    return message_of(call, channel).to_payload()


async def patch_message(call: ApiCall) -> Any:
    channel = channel_of(call)
    message = message_of(call, channel)
    if message.author is not call.world.bot_user:
        raise DiscordAPIError(403, 50005, "Cannot edit a message authored by another user")
    edit_message(call.world, message, call.body or {}, call.files, call.fake.attachment_url)
    await call.fake.emit_message("MESSAGE_UPDATE", message)
    return message.to_payload()


async def delete_message(call: ApiCall) -> Any:
    channel = channel_of(call)
    message = message_of(call, channel)
    message.deleted = True
    await call.fake.emit_message_delete(message)
    return None


async def pin(call: ApiCall) -> Any:
    message_of(call, channel_of(call)).pinned = True
    return None


async def unpin(call: ApiCall) -> Any:
    message_of(call, channel_of(call)).pinned = False
    return None


async def get_pins(call: ApiCall) -> Any:
    channel = channel_of(call)
    pinned = [m for m in call.world.channel_messages(channel) if m.pinned]
    return {
        "items": [{"pinned_at": m.timestamp, "message": m.to_payload()} for m in reversed(pinned)],
        "has_more": False,
    }


async def add_reaction(call: ApiCall) -> Any:
    message = message_of(call, channel_of(call))
    users = message.reactions.setdefault(call.params["emoji"], [])
    if call.world.bot_user not in users:
        users.append(call.world.bot_user)
    return None


async def remove_reaction(call: ApiCall) -> Any:
    message = message_of(call, channel_of(call))
    users = message.reactions.get(call.params["emoji"], [])
    if call.world.bot_user in users:
        users.remove(call.world.bot_user)
    return None


# --- threads --------------------------------------------------------------------------------


def _thread_member(thread: FakeChannel, user_id: int) -> dict[str, Any]:
    return {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": thread.created_at, "flags": 0}


def _thread_reply(call: ApiCall, thread: FakeChannel) -> dict[str, Any]:
    payload = thread.to_payload()
    payload["member"] = _thread_member(thread, call.world.bot_user.id)
    return payload


async def create_thread(call: ApiCall) -> Any:
    parent = channel_of(call)
    body = call.body or {}
    if parent.type != GUILD_TEXT:
        raise DiscordAPIError(400, 50024, "Cannot execute action on this channel type")
    thread_type = int(body.get("type") or PRIVATE_THREAD)
    if thread_type not in (PUBLIC_THREAD, PRIVATE_THREAD):
        raise invalid_form("type", "Value must be one of {11, 12}.")
    require(call, parent, VIEW_CHANNEL | (CREATE_PRIVATE_THREADS if thread_type == PRIVATE_THREAD else CREATE_PUBLIC_THREADS))
    thread = call.world.add_thread(
        parent,
        body["name"],
        private=thread_type == PRIVATE_THREAD,
        auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        invitable=body.get("invitable", True) is not False,
    )
    await call.fake.emit_channel("THREAD_CREATE", thread, newly_created=True)
    return _thread_reply(call, thread)


async def create_thread_from_message(call: ApiCall) -> Any:
    parent = channel_of(call)
    message = message_of(call, parent)
    if message.thread_id is not None:
        raise DiscordAPIError(400, 160004, "A thread has already been created for this message")
    require(call, parent, VIEW_CHANNEL | CREATE_PUBLIC_THREADS)
    body = call.body or {}
    # Discord gives such a thread the id of its starter message.
    thread = call.world.add_thread(
        parent, body["name"], thread_id=message.id, auto_archive_duration=int(body.get("auto_archive_duration") or 1440)
    )
    message.thread_id = thread.id
    await call.fake.emit_channel("THREAD_CREATE", thread, newly_created=True)
    return _thread_reply(call, thread)


def _thread_of(call: ApiCall) -> FakeChannel:
    thread = channel_of(call)
    if not thread.is_thread:
        raise DiscordAPIError(400, 50024, "Cannot execute action on this channel type")
    return thread


async def add_thread_member(call: ApiCall) -> Any:
    thread = _thread_of(call)
    user = user_of(call)
    # As on Discord: the thread must be open, the bot able to send messages in
    # it, and the user a member of the server.
    if thread.archived:
        raise DiscordAPIError(400, THREAD_ARCHIVED, "Thread is archived")
    require(call, thread, VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS)
    if user.id not in call.world.guild.members:
        raise not_found(UNKNOWN_MEMBER, "Member")
    thread.member_ids.add(user.id)
    return None


async def remove_thread_member(call: ApiCall) -> Any:
    thread = _thread_of(call)
    user = user_of(call)
    # As on Discord: the thread must be open, and the bot needs Manage
    # Threads unless it created this private thread. Taking out someone who
    # is not in it changes nothing.
    if thread.archived:
        raise DiscordAPIError(400, THREAD_ARCHIVED, "Thread is archived")
    require(call, thread, VIEW_CHANNEL)
    creator = thread.type == PRIVATE_THREAD and thread.owner_id == call.world.bot_user.id
    if not creator:
        require(call, thread, MANAGE_THREADS)
    thread.member_ids.discard(user.id)
    return None


async def join_thread(call: ApiCall) -> Any:
    _thread_of(call).member_ids.add(call.world.bot_user.id)
    return None


async def leave_thread(call: ApiCall) -> Any:
    _thread_of(call).member_ids.discard(call.world.bot_user.id)
    return None


async def get_thread_members(call: ApiCall) -> Any:
    thread = _thread_of(call)
    return [_thread_member(thread, uid) for uid in sorted(thread.member_ids)]


# --- application commands -------------------------------------------------------------------


def _scope(call: ApiCall) -> Optional[int]:
    if call.int_param("application_id") != call.world.application_id:
        raise DiscordAPIError(403, 50001, "Missing Access")
    if "guild_id" in call.params:
        _check_guild(call)
        return call.int_param("guild_id")
    return None


async def list_commands(call: ApiCall) -> Any:
    return call.fake.commands.list(_scope(call))


async def put_commands(call: ApiCall) -> Any:
    return call.fake.commands.bulk_overwrite(_scope(call), call.body or [])


async def post_command(call: ApiCall) -> Any:
    return Reply(201, call.fake.commands.upsert(_scope(call), call.body or {}))


async def get_command(call: ApiCall) -> Any:
    return call.fake.commands.get(_scope(call), call.int_param("command_id"))


async def patch_command(call: ApiCall) -> Any:
    return call.fake.commands.edit(_scope(call), call.int_param("command_id"), call.body or {})


async def delete_command(call: ApiCall) -> Any:
    call.fake.commands.delete(_scope(call), call.int_param("command_id"))
    return None


_CMDS = "/applications/{application_id}/commands"
_GUILD_CMDS = "/applications/{application_id}/guilds/{guild_id}/commands"
_MSG = "/channels/{channel_id}/messages/{message_id}"

ROUTES: list[Route] = [
    ("GET", "/users/@me", get_me, True),
    ("GET", "/oauth2/applications/@me", get_application, True),
    ("GET", "/applications/@me", get_application, True),
    ("GET", "/gateway", get_gateway, False),
    ("GET", "/gateway/bot", get_gateway_bot, True),
    ("POST", "/users/@me/channels", open_dm, True),
    ("GET", "/users/{user_id}", get_user, True),
    ("GET", "/guilds/{guild_id}", get_guild, True),
    ("GET", "/guilds/{guild_id}/channels", get_guild_channels, True),
    ("GET", "/guilds/{guild_id}/roles", get_guild_roles, True),
    ("GET", "/guilds/{guild_id}/members", get_guild_members, True),
    ("GET", "/guilds/{guild_id}/members/{user_id}", get_guild_member, True),
    ("GET", "/guilds/{guild_id}/threads/active", get_active_threads, True),
    ("GET", "/channels/{channel_id}", get_channel, True),
    ("PATCH", "/channels/{channel_id}", edit_channel, True),
    ("DELETE", "/channels/{channel_id}", delete_channel, True),
    ("POST", "/channels/{channel_id}/typing", typing, True),
    ("GET", "/channels/{channel_id}/messages", get_messages, True),
    ("POST", "/channels/{channel_id}/messages", post_message, True),
    ("GET", "/channels/{channel_id}/messages/pins", get_pins, True),
    ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", pin, True),
    ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", unpin, True),
    ("PUT", "/channels/{channel_id}/pins/{message_id}", pin, True),
    ("DELETE", "/channels/{channel_id}/pins/{message_id}", unpin, True),
    ("GET", _MSG, get_message, True),
    ("PATCH", _MSG, patch_message, True),
    ("DELETE", _MSG, delete_message, True),
    ("PUT", _MSG + "/reactions/{emoji}/@me", add_reaction, True),
    ("DELETE", _MSG + "/reactions/{emoji}/@me", remove_reaction, True),
    ("POST", _MSG + "/threads", create_thread_from_message, True),
    ("POST", "/channels/{channel_id}/threads", create_thread, True),
    ("GET", "/channels/{channel_id}/thread-members", get_thread_members, True),
    ("PUT", "/channels/{channel_id}/thread-members/@me", join_thread, True),
    ("DELETE", "/channels/{channel_id}/thread-members/@me", leave_thread, True),
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}", add_thread_member, True),
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", remove_thread_member, True),
    ("GET", _CMDS, list_commands, True),
    ("PUT", _CMDS, put_commands, True),
    ("POST", _CMDS, post_command, True),
    ("GET", _CMDS + "/{command_id}", get_command, True),
    ("PATCH", _CMDS + "/{command_id}", patch_command, True),
    ("DELETE", _CMDS + "/{command_id}", delete_command, True),
    ("GET", _GUILD_CMDS, list_commands, True),
    ("PUT", _GUILD_CMDS, put_commands, True),
    ("POST", _GUILD_CMDS, post_command, True),
    ("GET", _GUILD_CMDS + "/{command_id}", get_command, True),
    ("PATCH", _GUILD_CMDS + "/{command_id}", patch_command, True),
    ("DELETE", _GUILD_CMDS + "/{command_id}", delete_command, True),
]
