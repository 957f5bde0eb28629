"""Turning message request bodies (JSON or multipart) into stored messages, shared by the
channel, interaction-callback and webhook endpoints."""

from __future__ import annotations

import copy
import mimetypes
from dataclasses import dataclass
from typing import Any, Callable, Optional

from .errors import invalid_form
from .world import (
    FLAG_COMPONENTS_V2,
    USER_MENTION,
    v2_text,
    walk_components,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    World,
    iso_now,
)


@dataclass
class UploadedFile:
    """One ``files[N]`` part of a multipart request."""

    field: str
    filename: str
    content_type: Optional[str]
    data: bytes

    @property
    def index(self) -> Optional[int]:
        if self.field.startswith("files[") and self.field.endswith("]"):
            try:
                return int(self.field[6:-1])
            except ValueError:
                return None
        return None


AttachmentUrl = Callable[[int, int, str], str]


def _check_components_v2(flags: int, body: dict[str, Any], existing: Optional[FakeMessage] = None) -> None:
    # Discord rejects content/embeds on a Components V2 message; the OpenAPI spec cannot express it.
    if not flags & FLAG_COMPONENTS_V2:
        return
    if existing is not None and existing.components_v2:
        existing = None  # its content is the text of its components, not legacy content
    content = body.get("content") if "content" in body else (existing.content if existing else None)
    embeds = body.get("embeds") if "embeds" in body else (existing.embeds if existing else None)
    if content:
        raise invalid_form(
            "content",
            "Cannot send content with IS_COMPONENTS_V2 flag",
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        )
    if embeds:
        raise invalid_form(
            "embeds",
            "Cannot send embeds with IS_COMPONENTS_V2 flag",
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        )


def _number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # Discord assigns every component a numeric id if the request left it out.
    components = copy.deepcopy(components)
    every = list(walk_components(components))
    used = {c["id"] for c in every if c.get("id") is not None}
    counter = 0
    for comp in every:
        if comp.get("id") is None:
            counter += 1
            while counter in used:
                counter += 1
            comp["id"] = counter
    return components


def _new_attachments(
    world: World,
    channel: FakeChannel,
    requested: list[dict[str, Any]],
    files: list[UploadedFile],
    attachment_url: AttachmentUrl,
    existing: list[FakeAttachment],
    ephemeral: bool,
) -> list[FakeAttachment]:
    by_index = {f.index: f for f in files if f.index is not None}
    kept_ids = {a.id for a in existing}
    result: list[FakeAttachment] = []
    used: set[int] = set()
    for entry in requested:
        raw_id = int(entry["id"])
        if raw_id in kept_ids:
            # An existing attachment the edit keeps.
            result.append(next(a for a in existing if a.id == raw_id))
            continue
        upload = by_index.get(raw_id)
        if upload is None:
            raise invalid_form("attachments", f"attachment id {raw_id} refers to no uploaded files[{raw_id}]")
        used.add(raw_id)
        result.append(
            _stored(
                world,
                channel,
                upload,
                entry.get("filename") or upload.filename,
                entry.get("description"),
                attachment_url,
                ephemeral,
            )
        )
    # Uploads not listed in "attachments" are still attached, as Discord does.
    for index, upload in sorted(by_index.items()):
        if index not in used:
            result.append(_stored(world, channel, upload, upload.filename, None, attachment_url, ephemeral))
    return result


def _stored(
    world: World,
    channel: FakeChannel,
    upload: UploadedFile,
    filename: str,
    description: Optional[str],
    attachment_url: AttachmentUrl,
    ephemeral: bool,
) -> FakeAttachment:
    att_id = world.snowflake()
    content_type = upload.content_type
    if not content_type or content_type == "application/octet-stream":
        # Discord derives the type from the file; the extension is close enough here.
        content_type = mimetypes.guess_type(filename)[0] or content_type
    attachment = FakeAttachment(
        att_id,
        filename,
        upload.data,
        content_type=content_type,
        description=description,
        ephemeral=ephemeral,
        url=attachment_url(channel.id, att_id, filename),
    )
    world.attachments[att_id] = attachment
    return attachment


def _resolve_component_media(components: list[dict[str, Any]], attachments: list[FakeAttachment]) -> None:
    # Media galleries, thumbnails and file components may point at uploads via attachment://.
    by_name = {a.filename: a for a in attachments}
    for comp in walk_components(components):
        media_list = [item.get("media") for item in comp.get("items") or []] + [comp.get("media"), comp.get("file")]
        for media in media_list:
            if isinstance(media, dict) and str(media.get("url", "")).startswith("attachment://"):
                att = by_name.get(media["url"][len("attachment://") :])
                if att is not None:
                    media.update(
                        url=att.url, proxy_url=att.url, content_type=att.content_type, attachment_id=str(att.id)
                    )


def _resolve_embed_attachments(embeds: list[dict[str, Any]], attachments: list[FakeAttachment]) -> list[dict[str, Any]]:
    # "attachment://name" in an embed points at an uploaded file; Discord rewrites it to the file's URL.
    embeds = copy.deepcopy(embeds)
    by_name = {a.filename: a for a in attachments}
    for embed in embeds:
        embed.setdefault("type", "rich")
        for key in ("image", "thumbnail"):
            media = embed.get(key)
            if isinstance(media, dict) and str(media.get("url", "")).startswith("attachment://"):
                att = by_name.get(media["url"][len("attachment://") :])
                if att is not None:
                    media["url"] = att.url
                    media["proxy_url"] = att.url
    return embeds


def _mentions(world: World, content: str) -> list[FakeUser]:
    ids = dict.fromkeys(int(i) for i in USER_MENTION.findall(content))
    return [world.users[i] for i in ids if i in world.users]


def _pinged(mentioned: list[FakeUser], allowed: Optional[dict[str, Any]]) -> list[FakeUser]:
    # Who gets a notification: the mentioned users that allowed_mentions lets through
    # (Discord's rule for content and text displays alike; no allowed_mentions pings all).
    if allowed is None:
        return list(mentioned)
    users = {int(u) for u in allowed.get("users") or []}
    everyone = "users" in (allowed.get("parse") or [])
    return [u for u in mentioned if everyone or u.id in users]


def create_message(
    world: World,
    channel: FakeChannel,
    author: FakeUser,
    body: dict[str, Any],
    files: list[UploadedFile],
    attachment_url: AttachmentUrl,
    *,
    flags: Optional[int] = None,
    **extra: Any,
) -> FakeMessage:
    flags = int(body.get("flags") or 0) if flags is None else flags
    _check_components_v2(flags, body)
    ephemeral = bool(extra.get("visible_to"))
    attachments = _new_attachments(world, channel, body.get("attachments") or [], files, attachment_url, [], ephemeral)
    message = FakeMessage(
        id=world.snowflake(),
        channel_id=channel.id,
        guild_id=channel.guild_id,
        author=author,
        content=body.get("content") or "",
        embeds=_resolve_embed_attachments(body.get("embeds") or [], attachments),
        components=_number_components(body.get("components") or []),
        attachments=attachments,
        flags=flags,
        **extra,
    )
    if message.components_v2:
        message.content = v2_text(message.components)
    message.mentions = _mentions(world, message.content)
    message.pinged = _pinged(message.mentions, body.get("allowed_mentions"))
    _resolve_component_media(message.components, attachments)
    reference = body.get("message_reference")
    if reference:
        message.type = 19  # REPLY
        message.message_reference = {
            "type": 0,
            "message_id": str(reference["message_id"]),
            "channel_id": str(reference.get("channel_id") or channel.id),
            **({"guild_id": str(channel.guild_id)} if channel.guild_id else {}),
        }
    world.messages[message.id] = message
    if not ephemeral:
        channel.messages.append(message)
    return message


def edit_message(
    world: World,
    message: FakeMessage,
    body: dict[str, Any],
    files: list[UploadedFile],
    attachment_url: AttachmentUrl,
) -> FakeMessage:
    flags = int(body["flags"]) if body.get("flags") is not None else message.flags
    # Ephemeral and loading state belong to the message, not to what the edit asks for.
    flags = (flags & ~(64 | 128)) | (message.flags & 64)
    _check_components_v2(flags, body, message)
    channel = world.channels[message.channel_id]
    message.history.append(message.snapshot())
    if "attachments" in body and body["attachments"] is not None:
        message.attachments = _new_attachments(
            world, channel, body["attachments"], files, attachment_url, message.attachments, message.ephemeral
        )
    elif files:
        message.attachments = message.attachments + _new_attachments(
            world, channel, [], files, attachment_url, [], message.ephemeral
        )
    if "content" in body:
        message.content = body["content"] or ""
        message.mentions = _mentions(world, message.content)
    if "embeds" in body:
        message.embeds = _resolve_embed_attachments(body["embeds"] or [], message.attachments)
    if "components" in body:
        message.components = _number_components(body["components"] or [])
    if flags & FLAG_COMPONENTS_V2:
        message.content = v2_text(message.components)
        message.mentions = _mentions(world, message.content)
    _resolve_component_media(message.components, message.attachments)
    message.flags = flags
    message.edited_timestamp = iso_now()
    return message
