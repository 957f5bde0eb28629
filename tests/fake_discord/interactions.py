"""Interactions a test starts: INTERACTION_CREATE payloads for slash commands,
autocomplete, button clicks, select menus and modal submits."""

from __future__ import annotations

import math
import shlex
import time
from typing import TYPE_CHECKING, Any, Optional

from .api import Route
from .handles import (
    APPLICATION_COMMAND,
    ATTACHMENT,
    ATTACHMENT_SIZE_LIMIT,
    AUTOCOMPLETE,
    BOOLEAN,
    CHANNEL,
    INTEGER,
    MENTIONABLE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    NUMBER,
    ROLE,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
    DeadlineViolation,
    InteractionHandle,
)
from .responses import InteractionResponses
from .world import ADMINISTRATOR, DM, FakeAttachment, FakeChannel, FakeMessage, FakeRole, FakeUser

if TYPE_CHECKING:
    from .gateway import GatewaySession
    from .server import FakeDiscord


def _parse_command(text: str) -> tuple[list[str], dict[str, str]]:
    """Split "/game new game:himmel-und-hoelle" into (["game", "new"], {"game": "himmel-und-hoelle"})."""
    names: list[str] = []
    options: dict[str, str] = {}
    for token in shlex.split(text.strip().lstrip("/")):
        if ":" in token:
            key, _, value = token.partition(":")
            options[key] = value
        elif options:
            raise ValueError(f"command name {token!r} after options in {text!r}")
        else:
            names.append(token)
    if not names:
        raise ValueError(f"no command name in {text!r}")
    return names, options


class Interactions:
    def __init__(self, fake: "FakeDiscord", *, ack_deadline: float, token_lifetime: float) -> None:
        self.fake = fake
        self.ack_deadline = ack_deadline
        self.token_lifetime = token_lifetime
        self.handles: list[InteractionHandle] = []
        # For the callback and webhook endpoints, which find the interaction by id or token.
        self.by_id: dict[int, InteractionHandle] = {}
        self.by_token: dict[str, InteractionHandle] = {}
        self.deadline_violations: list[DeadlineViolation] = []
        self._responses = InteractionResponses(self)

    # --- statistics -----------------------------------------------------------------------

    @property
    def ack_latencies(self) -> list[float]:
        return [h.callback.latency for h in self.handles if h.callback is not None]

    def ack_latency_percentile(self, percentile: float) -> float:
        """Nearest-rank percentile of the ack latencies (p99: ``percentile=99``)."""
        values = sorted(self.ack_latencies)
        if not values:
            raise ValueError("no acknowledged interactions yet")
        rank = max(1, math.ceil(percentile / 100 * len(values)))
        return values[rank - 1]

    def unanswered(self) -> list[InteractionHandle]:
        """Interactions whose deadline passed without an accepted callback."""
        now = time.monotonic()
        return [h for h in self.handles if h.callback is None and now - h.dispatched_at > self.ack_deadline]

    # --- payloads -------------------------------------------------------------------------

    def _base_payload(self, handle: InteractionHandle, locale: Optional[str]) -> dict[str, Any]:
        world = self.fake.world
        channel, user = handle.channel, handle.user
        payload: dict[str, Any] = {
            "id": str(handle.id),
            "application_id": str(world.application_id),
            "type": handle.type,
            "data": handle.data,
            "token": handle.token,
            "version": 1,
            "locale": locale or user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
        }
        if channel.type == DM:
            payload.update(
                user=user.to_payload(),
                channel=channel.to_payload(),
                context=1,  # BOT_DM
                authorizing_integration_owners={"0": "0"},
                app_permissions=str(world.guild.everyone.permissions),
            )
            return payload
        guild = world.guild
        member = guild.members.get(user.id)
        if member is None:
            raise LookupError(f"{user!r} is not a member of the guild, so cannot use it")
        # the member's permissions in the channel, overwrites included, as Discord sends them
        user_perms = world.permissions_in(channel, user)
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            guild_locale=guild.preferred_locale,
            member={**member.to_payload(), "permissions": str(user_perms)},
            channel={**channel.to_payload(), "permissions": str(user_perms)},
            context=0,  # GUILD
            authorizing_integration_owners={"0": str(guild.id)},
            # the bot's permissions in this channel, overwrites included (a thread follows its parent)
            app_permissions=str(world.permissions_in(channel, world.bot_user)),
        )
        return payload

    async def _dispatch(
        self, handle: InteractionHandle, *, locale: Optional[str] = None, extra: Optional[dict[str, Any]] = None,
        to: Optional["GatewaySession"] = None,
    ) -> InteractionHandle:
        """Send the interaction to the clients that hold its guild's shard, or
        only to the session ``to`` (a test with several bot processes says
        which one gets it, as a load balancer would)."""
        await self.fake.gateway.wait_for_client()
        handle.payload = self._base_payload(handle, locale)
        if extra:
            handle.payload.update(extra)
        self.handles.append(handle)
        self.by_id[handle.id] = handle
        self.by_token[handle.token] = handle
        # The deadline runs from the moment Discord sends the event.
        handle.dispatched_at = time.monotonic()
        guild_id = None if handle.channel.type == DM else self.fake.world.guild.id
        if to is not None:
            await to.dispatch("INTERACTION_CREATE", handle.payload)
            return handle
        delivered = await self.fake.gateway.dispatch("INTERACTION_CREATE", handle.payload, guild_id=guild_id)
        if not delivered:
            raise AssertionError("INTERACTION_CREATE reached no client (wrong shard?)")
        return handle

    def _resolve(self, resolved: dict[str, Any], option_type: int, value: Any) -> str:
        """Put a user/member/channel/role/attachment into data.resolved and return its id."""
        world = self.fake.world
        if isinstance(value, str) and not value.isdigit():
            value = self._lookup_by_name(option_type, value)
        if isinstance(value, (int, str)):
            ident = int(value)
            value = (
                world.users.get(ident)
                or world.channels.get(ident)
                or next((r for r in world.guild.roles if r.id == ident), None)
                or world.attachments.get(ident)
            )
            if value is None:
                raise LookupError(f"nothing with id {ident}")
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.to_payload()
            member = world.guild.members.get(value.id)
            if member is not None:
                resolved.setdefault("members", {})[str(value.id)] = {
                    **member.to_payload(with_user=False),
                    "permissions": str(world.guild.permissions_of(value)),
                }
        elif isinstance(value, FakeChannel):
            data = value.to_payload()
            data["permissions"] = str(world.guild.everyone.permissions)
            resolved.setdefault("channels", {})[str(value.id)] = data
        elif isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
        elif isinstance(value, FakeAttachment):
            resolved.setdefault("attachments", {})[str(value.id)] = value.to_payload()
        else:
            raise TypeError(f"cannot resolve {value!r}")
        return str(value.id)

    def _lookup_by_name(self, option_type: int, name: str) -> Any:
        world = self.fake.world
        name = name.lstrip("@#")
        if option_type in (USER, MENTIONABLE):
            try:
                return world.user(name)
            except LookupError:
                if option_type == USER:
                    raise
        if option_type in (ROLE, MENTIONABLE):
            for role in world.guild.roles:
                if role.name == name:
                    return role
        if option_type == CHANNEL:
            return world.channel(name)
        raise LookupError(f"no {name!r} for option type {option_type}")

    def upload(self, filename: str, data: bytes, content_type: Optional[str] = None) -> FakeAttachment:
        """A file a user attaches to an attachment option."""
        world = self.fake.world
        att_id = world.snowflake()
        attachment = FakeAttachment(att_id, filename, data, content_type=content_type, ephemeral=True)
        attachment.url = self.fake.attachment_url(0, att_id, filename)
        world.attachments[att_id] = attachment
        return attachment

    def _convert(self, definition: dict[str, Any], value: Any, resolved: dict[str, Any], focused: bool) -> Any:
        otype = definition["type"]
        if focused:
            return str(value)  # Autocomplete sends what the user has typed so far.
        if otype == STRING:
            value = str(value)
        elif otype == INTEGER:
            value = int(value)
        elif otype == NUMBER:
            value = float(value)
        elif otype == BOOLEAN:
            value = value if isinstance(value, bool) else str(value).lower() in ("true", "1", "yes")
        elif otype in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
            if otype == ATTACHMENT and isinstance(value, tuple):
                value = self.upload(*value)
            return self._resolve(resolved, otype, value)
        choices = definition.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(
                f"{value!r} is not a choice of option {definition['name']!r}: {[c['value'] for c in choices]}"
            )
        return value

    def _command_data(
        self,
        user: FakeUser,
        command_text: str,
        options: Optional[dict[str, Any]],
        channel: FakeChannel,
        focused: Optional[str] = None,
    ) -> tuple[dict[str, Any], str]:
        names, text_options = _parse_command(command_text)
        given = {**text_options, **(options or {})}
        guild_id = None if channel.type == DM else self.fake.world.guild.id
        command = self.fake.commands.lookup(names[0], guild_id=guild_id)
        self._check_visible(command, channel)
        self._check_permitted(command, user, channel)
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": command["type"]}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        definitions = command.get("options") or []
        container = data
        for name in names[1:]:
            sub = next(
                (o for o in definitions if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None
            )
            if sub is None:
                raise LookupError(
                    f"/{command['name']} has no subcommand {name!r}; has {[o['name'] for o in definitions]}"
                )
            entry: dict[str, Any] = {"type": sub["type"], "name": name, "options": []}
            container.setdefault("options", []).append(entry)
            container, definitions = entry, sub.get("options") or []
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in definitions):
            raise LookupError(f"{command_text!r} names a group; pick one of {[o['name'] for o in definitions]}")
        resolved: dict[str, Any] = {}
        leaf: list[dict[str, Any]] = []
        for key, value in given.items():
            definition = next((o for o in definitions if o["name"] == key), None)
            if definition is None:
                raise LookupError(f"{command_text!r} has no option {key!r}; has {[o['name'] for o in definitions]}")
            is_focused = key == focused
            item = {
                "type": definition["type"],
                "name": key,
                "value": self._convert(definition, value, resolved, is_focused),
            }
            if is_focused:
                item["focused"] = True
            leaf.append(item)
        if focused is None:
            missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in given]
            if missing:
                raise ValueError(f"{command_text!r} misses required option(s) {missing}")
        if leaf or container is data:
            container["options"] = leaf
        if resolved:
            data["resolved"] = resolved
        return data, "/" + " ".join(names)

    def _check_visible(self, command: dict[str, Any], channel: FakeChannel) -> None:
        # Discord's client offers a command only where its contexts allow it.
        context = 1 if channel.type == DM else 0
        contexts = command.get("contexts")
        if contexts is not None and context not in contexts:
            where = "DMs" if context else "servers"
            raise LookupError(f"/{command['name']} is not available in {where} (contexts {contexts})")

    def _check_permitted(self, command: dict[str, Any], user: FakeUser, channel: FakeChannel) -> None:
        # default_member_permissions hides a command from members lacking those permissions.
        required = command.get("default_member_permissions")
        if required is None or channel.type == DM or user.id == self.fake.world.guild.owner_id:
            return
        world = self.fake.world
        perms = world.guild.permissions_of(user)
        if perms & ADMINISTRATOR:
            return
        allowed = world.command_permissions.get(command["name"], set())
        member = world.guild.members.get(user.id)
        if user.id in allowed or any(role.id in allowed for role in (member.roles if member else [])):
            return  # the server allowed the command to this user or one of their roles
        if int(required) == 0 or perms & int(required) != int(required):
            raise LookupError(f"{user.username} lacks permissions {required} for /{command['name']}")

    def _default_channel(self, channel: Optional[FakeChannel]) -> FakeChannel:
        return channel or self.fake.world.text_channels[0]

    # --- test API -------------------------------------------------------------------------

    async def slash(
        self,
        user: FakeUser,
        command: str,
        options: Optional[dict[str, Any]] = None,
        *,
        channel: Optional[FakeChannel] = None,
        locale: Optional[str] = None, to: Optional["GatewaySession"] = None,
    ) -> InteractionHandle:
        channel = self._default_channel(channel)
        data, label = self._command_data(user, command, options, channel)
        handle = InteractionHandle(self, type=APPLICATION_COMMAND, user=user, channel=channel, data=data, label=label)
        return await self._dispatch(handle, locale=locale, to=to)

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        channel: Optional[FakeChannel] = None,
        locale: Optional[str] = None,
    ) -> InteractionHandle:
        channel = self._default_channel(channel)
        data, label = self._command_data(user, command, options, channel, focused=focused)
        handle = InteractionHandle(
            self, type=AUTOCOMPLETE, user=user, channel=channel, data=data, label=f"autocomplete {label}"
        )
        return await self._dispatch(handle, locale=locale)

    def _component_handle(
        self, user: FakeUser, message: FakeMessage, custom_id: str, data: dict[str, Any], label: str
    ) -> InteractionHandle:
        if message.deleted:
            raise LookupError(f"{message!r} was deleted")
        if message.visible_to is not None and message.visible_to is not user:
            raise LookupError(f"{message!r} is ephemeral for {message.visible_to.username}, not {user.username}")
        channel = self.fake.world.channels[message.channel_id]
        return InteractionHandle(
            self, type=MESSAGE_COMPONENT, user=user, channel=channel, data=data, source_message=message, label=label
        )

    async def click(
        self, user: FakeUser, message: FakeMessage, custom_id: str, *, locale: Optional[str] = None, to: Optional["GatewaySession"] = None
    ) -> InteractionHandle:
        """A user clicks a button on the message as it is now (disabled buttons cannot be clicked)."""
        component = message.component(custom_id)
        if component.get("type") != 2:
            raise LookupError(f"{custom_id!r} is not a button (type {component.get('type')})")
        if component.get("disabled"):
            raise LookupError(f"button {custom_id!r} is disabled; a user cannot click it")
        data = {"custom_id": custom_id, "component_type": 2}
        handle = self._component_handle(user, message, custom_id, data, f"click {custom_id}")
        return await self._dispatch(handle, locale=locale, to=to, extra={"message": message.to_payload()})

    async def select(
        self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[Any], *, locale: Optional[str] = None, to: Optional["GatewaySession"] = None
    ) -> InteractionHandle:
        """A user picks ``values`` (option values, or users/channels/roles for those selects)."""
        component = message.component(custom_id)
        ctype = component.get("type")
        if ctype not in (3, 5, 6, 7, 8):
            raise LookupError(f"{custom_id!r} is not a select menu (type {ctype})")
        if component.get("disabled"):
            raise LookupError(f"select {custom_id!r} is disabled")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if ctype == 3:
            allowed = [o["value"] for o in component.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} not among the options of {custom_id!r}: {allowed}")
            data["values"] = list(values)
        else:
            kind = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}[ctype]
            resolved: dict[str, Any] = {}
            data["values"] = [self._resolve(resolved, kind, v) for v in values]
            data["resolved"] = resolved
        handle = self._component_handle(user, message, custom_id, data, f"select {custom_id}")
        return await self._dispatch(handle, locale=locale, to=to, extra={"message": message.to_payload()})

    async def forge(
        self, user: FakeUser, message: FakeMessage, custom_id: str, *, values: Optional[list[Any]] = None,
        component_type: int = 2, locale: Optional[str] = None,
    ) -> InteractionHandle:
        """A component with any custom_id and values on ``message``, as an
        older version of the bot left it there (after an upgrade) or a
        modified client sends it: the component is put on the message first if
        it is not there (Discord only routes ids a message carries), and its
        values are not checked against its options."""
        if custom_id not in message.custom_ids():
            if component_type == 2:
                component: dict[str, Any] = {"type": 2, "style": 2, "label": "old", "custom_id": custom_id}
            else:
                options = [{"label": str(v), "value": str(v)} for v in values or ["0"]]
                component = {"type": component_type, "custom_id": custom_id, "options": options}
            message.components.append({"type": 1, "components": [component]})
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = list(values)
        handle = self._component_handle(user, message, custom_id, data, f"forged {custom_id}")
        return await self._dispatch(handle, locale=locale, extra={"message": message.to_payload()})

    async def submit_modal(
        self, user: FakeUser, opened_by: InteractionHandle, values: dict[str, Any], *, locale: Optional[str] = None
    ) -> InteractionHandle:
        """Submit the modal that ``opened_by`` answered with; ``values`` maps custom_id -> text."""
        modal = opened_by.modal
        if modal is None:
            raise LookupError(f"{opened_by.describe()} did not open a modal")
        unknown = set(values) - {c.get("custom_id") for c in _walk(modal.get("components") or [])}
        if unknown:
            raise LookupError(f"modal {modal.get('custom_id')!r} has no input(s) {sorted(unknown)}")
        components = [_submitted(c, values) for c in modal.get("components") or []]
        data = {"custom_id": modal["custom_id"], "components": components}
        handle = InteractionHandle(
            self,
            type=MODAL_SUBMIT,
            user=user,
            channel=opened_by.channel,
            data=data,
            source_message=opened_by.source_message,
            label=f"modal {modal['custom_id']}",
        )
        handle.opened_by = opened_by
        extra = {"message": opened_by.source_message.to_payload()} if opened_by.source_message else None
        return await self._dispatch(handle, locale=locale, extra=extra)

    # --- REST endpoints (served by responses.py) -------------------------------------------

    def routes(self) -> list[Route]:
        return self._responses.routes()


def _walk(components: list[dict[str, Any]]):
    for comp in components:
        yield comp
        yield from _walk(comp.get("components") or [])
        if isinstance(comp.get("component"), dict):
            yield from _walk([comp["component"]])


def _submitted(component: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """Mirror a modal component as Discord sends it back on submit, with the user's input."""
    out: dict[str, Any] = {"type": component["type"]}
    if component.get("id") is not None:
        out["id"] = component["id"]
    if "components" in component:
        out["components"] = [_submitted(c, values) for c in component["components"]]
    if isinstance(component.get("component"), dict):
        out["component"] = _submitted(component["component"], values)
    custom_id = component.get("custom_id")
    if custom_id is not None:
        out["custom_id"] = custom_id
        value = values.get(custom_id, component.get("value") or "")
        if component["type"] == 4:  # text input
            out["value"] = value
        else:  # selects inside a label
            out["values"] = value if isinstance(value, list) else [value]
    return out
