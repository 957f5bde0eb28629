"""The interaction REST endpoints the bot calls: the initial callback (with the 3-second
rule) and the interaction webhook (follow-ups, @original and follow-up edits)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Optional

from .api import ApiCall, Reply, Route
from .errors import (
    ALREADY_ACKNOWLEDGED,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    DiscordAPIError,
    invalid_form,
    not_found,
)
from .handles import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    INVALID_WEBHOOK_TOKEN,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    Callback,
    DeadlineViolation,
    InteractionHandle,
    RefusedCallback,
)
from .messages import UploadedFile, create_message, edit_message
from .world import FLAG_EPHEMERAL, FLAG_LOADING, FakeMessage

if TYPE_CHECKING:
    from .interactions import Interactions
    from .server import FakeDiscord


class InteractionResponses:
    def __init__(self, manager: "Interactions") -> None:
        self.manager = manager

    @property
    def fake(self) -> "FakeDiscord":
        return self.manager.fake

    def routes(self) -> list[Route]:
        hook = "/webhooks/{application_id}/{token}"
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._callback, False),
            ("POST", hook, self._followup, False),
            ("GET", hook + "/messages/@original", self._get_message, False),
            ("PATCH", hook + "/messages/@original", self._edit_message, False),
            ("DELETE", hook + "/messages/@original", self._delete_message, False),
            ("GET", hook + "/messages/{message_id}", self._get_message, False),
            ("PATCH", hook + "/messages/{message_id}", self._edit_message, False),
            ("DELETE", hook + "/messages/{message_id}", self._delete_message, False),
        ]

    def _metadata(self, handle: InteractionHandle) -> dict[str, Any]:
        metadata: dict[str, Any] = {
            "id": str(handle.id),
            "type": handle.type,
            "user": handle.user.to_payload(),
            "authorizing_integration_owners": handle.payload.get("authorizing_integration_owners", {}),
        }
        if handle.source_message is not None and handle.type == MESSAGE_COMPONENT:
            metadata["interacted_message_id"] = str(handle.source_message.id)
        if handle.opened_by is not None:
            metadata["triggering_interaction_metadata"] = self._metadata(handle.opened_by)
        if handle.original is not None and handle.original is not handle.source_message:
            metadata["original_response_message_id"] = str(handle.original.id)
        return metadata

    def _response_message(
        self, handle: InteractionHandle, body: dict[str, Any], files: list[UploadedFile], flags: int
    ) -> FakeMessage:
        world = self.fake.world
        metadata = self._metadata(handle)
        return create_message(
            world,
            handle.channel,
            world.bot_user,
            body,
            files,
            self.fake.attachment_url,
            flags=flags,
            type=20 if handle.type == APPLICATION_COMMAND else 0,
            webhook_id=world.application_id,
            application_id=world.application_id,
            interaction_metadata=metadata,
            visible_to=handle.user if flags & FLAG_EPHEMERAL else None,
        )

    async def _callback(self, call: ApiCall) -> Any:
        handle = self.manager.by_id.get(call.int_param("interaction_id"))
        if handle is None or handle.token != call.params["token"]:
            raise not_found(UNKNOWN_INTERACTION, "interaction")
        body = call.body or {}
        ctype = int(body.get("type", 0))
        latency = time.monotonic() - handle.dispatched_at
        if handle.callback is not None:
            handle.refused.append(RefusedCallback(ctype, 400, ALREADY_ACKNOWLEDGED, latency))
            raise DiscordAPIError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        if latency > self.manager.ack_deadline:
            handle.refused.append(RefusedCallback(ctype, 404, UNKNOWN_INTERACTION, latency))
            self.manager.deadline_violations.append(DeadlineViolation(handle, latency))
            raise not_found(UNKNOWN_INTERACTION, "interaction")
        self._check_callback_type(handle, ctype, body.get("data") or {})

        data = body.get("data") or {}
        resource: Optional[dict[str, Any]] = None
        if ctype == CHANNEL_MESSAGE:
            message = self._response_message(handle, data, call.files, int(data.get("flags") or 0))
            handle.original = message
            resource = {"type": CHANNEL_MESSAGE, "message": message.to_payload()}
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            # "Bot is thinking...": a loading message that the first edit/follow-up completes.
            flags = FLAG_LOADING | (int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            handle.original = self._response_message(handle, {}, [], flags)
        elif ctype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            handle.original = handle.source_message
            if ctype == UPDATE_MESSAGE and handle.source_message is not None:
                edit_message(self.fake.world, handle.source_message, data, call.files, self.fake.attachment_url)
                resource = {"type": UPDATE_MESSAGE, "message": handle.source_message.to_payload()}
        elif ctype == AUTOCOMPLETE_RESULT:
            handle.choices = list(data.get("choices") or [])
        elif ctype == MODAL:
            handle.modal = data
        handle.callback = Callback(ctype, data, latency, list(call.files))

        if handle.original is not None and ctype == UPDATE_MESSAGE:
            await self.fake.emit_message("MESSAGE_UPDATE", handle.original)
        elif handle.original is not None and ctype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            await self.fake.emit_message("MESSAGE_CREATE", handle.original)

        interaction: dict[str, Any] = {"id": str(handle.id), "type": handle.type}
        if handle.original is not None and ctype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            interaction.update(
                response_message_id=str(handle.original.id),
                response_message_loading=handle.original.loading,
                response_message_ephemeral=handle.original.ephemeral,
            )
        reply: dict[str, Any] = {"interaction": interaction}
        if resource is not None:
            reply["resource"] = resource
        if call.query.get("with_response") in ("1", "true", "True"):
            return reply
        return Reply(204)

    @staticmethod
    def _check_callback_type(handle: InteractionHandle, ctype: int, data: dict[str, Any]) -> None:
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE}
            | ({DEFERRED_UPDATE, UPDATE_MESSAGE} if handle.source_message is not None else set()),
        }[handle.type]
        if ctype not in allowed:
            raise invalid_form(
                "type",
                f"callback type {ctype} is not valid for interaction type {handle.type}",
                "INTERACTION_RESPONSE_TYPE_INVALID",
            )
        if ctype == DEFERRED_CHANNEL_MESSAGE and int(data.get("flags") or 0) & (1 << 15):
            # Per Discord: a deferred response cannot carry IS_COMPONENTS_V2; edit the original instead.
            raise invalid_form("data.flags", "IS_COMPONENTS_V2 cannot be set on a deferred response")

    # --- interaction webhooks -------------------------------------------------------

    def _webhook_handle(self, call: ApiCall) -> InteractionHandle:
        handle = self.manager.by_token.get(call.params["token"])
        if handle is None or call.int_param("application_id") != self.fake.world.application_id:
            raise not_found(UNKNOWN_WEBHOOK, "Webhook")
        if time.monotonic() - handle.dispatched_at > self.manager.token_lifetime:
            raise DiscordAPIError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if handle.callback is None:
            # Without an initial response Discord has not created the webhook yet.
            raise not_found(UNKNOWN_WEBHOOK, "Webhook")
        return handle

    def _webhook_message(self, call: ApiCall, handle: InteractionHandle) -> FakeMessage:
        message_id = call.params.get("message_id")
        if message_id is None:  # @original
            message = handle.original
        else:
            message = next(
                (m for m in [handle.original, *handle.followups] if m is not None and m.id == int(message_id)), None
            )
        if message is None or message.deleted:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        return message

    async def _followup(self, call: ApiCall) -> Any:
        handle = self._webhook_handle(call)
        body = call.body or {}
        original = handle.original
        if (original is not None and original.loading and not original.deleted
                and handle.callback_type == DEFERRED_CHANNEL_MESSAGE):
            # The first follow-up after a thinking defer replaces the loading message and
            # keeps the defer's ephemeral state. Once that placeholder was deleted, a
            # follow-up is a message of its own with its own flags
            # (discord/discord-api-docs#2739: fixed to work that way).
            edit_message(self.fake.world, original, body, call.files, self.fake.attachment_url)
            message = original
            await self.fake.emit_message("MESSAGE_UPDATE", message)
        else:
            message = self._response_message(handle, body, call.files, int(body.get("flags") or 0))
            await self.fake.emit_message("MESSAGE_CREATE", message)
        handle.followups.append(message)
        if call.query.get("wait") in ("1", "true", "True"):
            return message.to_payload()
        return Reply(204)

    async def _get_message(self, call: ApiCall) -> Any:
        handle = self._webhook_handle(call)
        return self._webhook_message(call, handle).to_payload()

    async def _edit_message(self, call: ApiCall) -> Any:
        handle = self._webhook_handle(call)
        message = self._webhook_message(call, handle)
        edit_message(self.fake.world, message, call.body or {}, call.files, self.fake.attachment_url)
        handle.edits += 1
        await self.fake.emit_message("MESSAGE_UPDATE", message)
        return message.to_payload()

    async def _delete_message(self, call: ApiCall) -> Any:
        handle = self._webhook_handle(call)
        message = self._webhook_message(call, handle)
        message.deleted = True
        await self.fake.emit_message_delete(message)
        return None
