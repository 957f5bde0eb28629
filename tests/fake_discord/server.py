"""FakeDiscord: the aiohttp server that ties the world, REST, gateway and interactions together."""

from __future__ import annotations

import asyncio
import json
import math
import traceback
from typing import Any, Awaitable, Callable, Iterable, Optional, TypeVar

from aiohttp import web

from . import rest
from .api import API_PREFIX, ApiCall, Handler, Reply
from .commands import CommandRegistry
from .errors import DiscordAPIError, INVALID_FORM_BODY
from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MESSAGES, INTENT_GUILDS, Gateway, GatewaySession
from .handles import WAIT, InteractionHandle
from .interactions import Interactions
from .messages import create_message
from .recording import RateLimitRule, RecordedRequest, RefusalRule, read_body
from .spec_validation import SpecValidator, default_validator
from .world import FakeChannel, FakeMessage, FakeUser, World

T = TypeVar("T")


def json_response(status: int, payload: Any, headers: Optional[dict[str, str]] = None) -> web.Response:
    if status == 204:
        return web.Response(status=204, headers=headers)
    # Exactly "application/json": discord.py only parses JSON when the header has no charset.
    return web.Response(
        status=status,
        body=json.dumps(payload).encode("utf-8"),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


#: What a waiter's future gets when its time is up.
_EXPIRED = object()


class _Waiter:
    """One ``wait_until`` under way: its predicate, and the future that gets
    the predicate's first truthy value, what it raised, or ``_EXPIRED``."""

    __slots__ = ("predicate", "future")

    def __init__(self, predicate: Callable[[], Any], future: "asyncio.Future[Any]") -> None:
        self.predicate = predicate
        self.future = future

    def check(self) -> None:
        if self.future.done():
            return
        try:
            result = self.predicate()
        except Exception as exc:  # the waiter raises it, as if it had called the predicate itself
            self.future.set_exception(exc)
            return
        if result:
            self.future.set_result(result)

    def expire(self) -> None:
        if not self.future.done():
            self.future.set_result(_EXPIRED)


class FakeDiscord:
    """A local Discord for the unmodified discord.py client.

    ``async with FakeDiscord() as fake:`` starts it on 127.0.0.1 with a free port; point
    discord.py at ``fake.base_url`` / ``fake.gateway_url`` (see ``patch_discord_py``).
    """

    def __init__(
        self,
        world: Optional[World] = None,
        *,
        token: str = "fake-bot-token",
        ack_deadline: float = 3.0,
        token_lifetime: float = 15 * 60,
        validate: bool = True,
        reject_invalid: bool = False,
        host: str = "127.0.0.1",
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        self.world = world or World()
        self.token = token
        self.host = host
        self.validator: Optional[SpecValidator] = default_validator() if validate else None
        # Discord answers a body that breaks its schema with 400/50035; off by default so a
        # spec quirk cannot break a test run, but every violation is still recorded.
        self.reject_invalid = reject_invalid
        # Discord keeps a message's nonce for a few minutes: a second send with
        # the same nonce and enforce_nonce returns the first message. A test
        # sets this to 0 to stand for a retry after a longer outage.
        self.nonce_window = 300.0
        self.nonces: dict[tuple[int, str], tuple[float, Any]] = {}
        self.commands = CommandRegistry(self.world.application_id, self.world.snowflake)
        self.gateway = Gateway(self, heartbeat_interval_ms=heartbeat_interval_ms)
        self.interactions = Interactions(self, ack_deadline=ack_deadline, token_lifetime=token_lifetime)

        self.requests: list[RecordedRequest] = []
        self.unknown_requests: list[RecordedRequest] = []
        self.server_errors: list[tuple[RecordedRequest, str]] = []
        self.rate_limited: list[RecordedRequest] = []
        self._rate_limits: list[RateLimitRule] = []
        self._refusals: list[RefusalRule] = []

        self._runner: Optional[web.AppRunner] = None
        self.port: Optional[int] = None
        # wait_until's waiters, in the order they began, and whether a check
        # of them all is already scheduled
        self._waiters: dict[_Waiter, None] = {}
        self._check_scheduled = False

    # --- lifecycle ------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        if self.port is None:
            raise RuntimeError("FakeDiscord is not started")
        return f"http://{self.host}:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.base_url}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    async def start(self) -> "FakeDiscord":
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._download)
        for method, template, handler, auth in rest.ROUTES + self.interactions.routes():
            app.router.add_route(method, API_PREFIX + template, self._endpoint(template, handler, auth))
        # Last: anything not implemented gets a clear 404 and is remembered.
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def close(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> "FakeDiscord":
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- waiting --------------------------------------------------------------------------

    def notify(self) -> None:
        """Called after every state change: every waiting predicate is checked
        once, in one pass, when the event loop's current step is done (where a
        woken task would have looked too, so a change made in several
        statements is seen whole; several changes in one step cost one pass).
        Only a waiter whose predicate holds is woken: many waiters on a busy
        fake cost a predicate call each per change, not a task switch and a
        re-armed timeout each."""
        if self._waiters and not self._check_scheduled:
            self._check_scheduled = True
            # the waiters' loop: a waiter exists only inside a running one
            next(iter(self._waiters)).future.get_loop().call_soon(self._check_waiters)

    def _check_waiters(self) -> None:
        self._check_scheduled = False
        for waiter in list(self._waiters):  # a check may end a wait and remove its waiter
            waiter.check()

    async def wait_until(self, predicate: Callable[[], T], *, timeout: float = WAIT, what: str = "condition") -> T:
        """Wait until ``predicate()`` is truthy and return its value (event driven, no polling).

        The predicate is called now, after each change (see :meth:`notify`),
        and once more at the timeout; what it raises is raised here."""
        result = predicate()
        if result:
            return result
        if timeout > 0:
            loop = asyncio.get_running_loop()
            waiter = _Waiter(predicate, loop.create_future())
            self._waiters[waiter] = None
            expiry = loop.call_later(timeout, waiter.expire)
            try:
                result = await waiter.future
            finally:
                expiry.cancel()
                del self._waiters[waiter]
                if not self._waiters:  # a check still pending finds nothing; the next waiter's is its own
                    self._check_scheduled = False
            if result is not _EXPIRED:
                return result
            result = predicate()  # a change in the same step as the timeout still counts
            if result:
                return result
        raise AssertionError(f"timed out after {timeout}s waiting for {what}{self.diagnostics()}")

    async def wait_for_client(self, timeout: float = 30.0) -> GatewaySession:
        """Wait until a bot is connected to the gateway and has its guild."""
        return await self.gateway.wait_for_client(timeout)

    def diagnostics(self) -> str:
        lines = []
        if self.unknown_requests:
            lines.append("unknown endpoints: " + ", ".join(f"{r.method} {r.path}" for r in self.unknown_requests))
        for record, tb in self.server_errors[-3:]:
            lines.append(f"fake failed on {record.method} {record.path}:\n{tb}")
        failed = [r for r in self.requests if r.status >= 400][-5:]
        for r in failed:
            lines.append(f"{r.method} {r.path} -> {r.status} {r.response}")
        lines.append("last requests: " + ", ".join(f"{r.method} {r.path}->{r.status}" for r in self.requests[-8:]))
        return "\n  " + "\n  ".join(lines)

    # --- request plumbing -----------------------------------------------------------------

    def _endpoint(
        self, template: str, handler: Handler, auth: bool
    ) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def endpoint(request: web.Request) -> web.StreamResponse:
            return await self._serve(request, template, handler, auth)

        return endpoint

    async def _serve(self, request: web.Request, template: str, handler: Handler, auth: bool) -> web.StreamResponse:
        body, files, multipart = await read_body(request)
        path = request.path[len(API_PREFIX) :]
        record = RecordedRequest(request.method, path, template, dict(request.query), body, multipart, files)
        self.requests.append(record)
        headers: Optional[dict[str, str]] = None
        try:
            if self.validator is not None and request.method in ("POST", "PUT", "PATCH"):
                record.spec_errors = self.validator.validate_request(request.method, path, body, multipart=multipart)
            limited = self._take_rate_limit(request.method, template)
            if limited is not None:
                status, payload, headers = self._rate_limit_response(limited)
                self.rate_limited.append(record)
            else:
                if auth and request.headers.get("Authorization") != f"Bot {self.token}":
                    raise DiscordAPIError(401, 0, "401: Unauthorized")
                self._take_refusal(request.method, template)
                if record.spec_errors and self.reject_invalid:
                    raise DiscordAPIError(
                        400,
                        INVALID_FORM_BODY,
                        "Invalid Form Body",
                        {"_errors": [{"code": "SPEC", "message": e} for e in record.spec_errors]},
                    )
                call = ApiCall(self, request, dict(request.match_info), body, files, record)
                result = await handler(call)
                if isinstance(result, Reply):
                    status, payload = result.status, result.payload
                elif result is None:
                    status, payload = 204, None
                else:
                    status, payload = 200, result
        except DiscordAPIError as exc:
            status, payload = exc.status, exc.to_payload()
        except Exception:
            # A bug in the fake, not in the bot. 400 rather than 500: discord.py retries 5xx
            # with multi-second sleeps, which would only slow the failing test down.
            tb = traceback.format_exc()
            self.server_errors.append((record, tb))
            status, payload = 400, {"message": f"fake Discord failed: {tb.strip().splitlines()[-1]}", "code": 0}
        record.status, record.response = status, payload
        self.notify()
        return json_response(status, payload, headers)

    async def _unknown(self, request: web.Request) -> web.StreamResponse:
        body, files, multipart = await read_body(request)
        path = request.path[len(API_PREFIX) :] if request.path.startswith(API_PREFIX) else request.path
        record = RecordedRequest(request.method, path, None, dict(request.query), body, multipart, files)
        payload = {
            "message": f"404: Not Found (the fake Discord does not implement {request.method} {request.path})",
            "code": 0,
        }
        record.status, record.response = 404, payload
        self.requests.append(record)
        self.unknown_requests.append(record)
        self.notify()
        return json_response(404, payload)

    async def _download(self, request: web.Request) -> web.StreamResponse:
        attachment = self.world.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            return web.Response(status=404)
        return web.Response(body=attachment.data, content_type=attachment.content_type or "application/octet-stream")

    def attachment_url(self, channel_id: int, attachment_id: int, filename: str) -> str:
        return f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}"

    # --- rate limits ----------------------------------------------------------------------

    def rate_limit(
        self, method: str, route: str, *, retry_after: float = 0.05, times: int = 1, is_global: bool = False
    ) -> None:
        """Answer the next ``times`` requests to ``method route`` with 429.

        ``route`` is the fake's template, e.g. ``"/channels/{channel_id}/messages"``.
        """
        self._rate_limits.append(RateLimitRule(method.upper(), route, retry_after, times, is_global))

    def refuse(
        self, method: str, route: str, *, status: int = 403, code: int = 50013, message: str = "Missing Permissions",
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` requests to ``method route`` with a Discord error
        (by default 403/50013, as when a permission was taken after an interaction
        reported it); the request is recorded and validated, but not carried out."""
        self._refusals.append(RefusalRule(method.upper(), route, status, code, message, times))

    def _take_refusal(self, method: str, template: str) -> None:
        for rule in self._refusals:
            if rule.method == method and rule.route == template and rule.remaining_hits > 0:
                rule.remaining_hits -= 1
                raise DiscordAPIError(rule.status, rule.code, rule.message)

    def _take_rate_limit(self, method: str, template: str) -> Optional[RateLimitRule]:
        for rule in self._rate_limits:
            if rule.method == method and rule.route == template and rule.remaining_hits > 0:
                rule.remaining_hits -= 1
                return rule
        return None

    @staticmethod
    def _rate_limit_response(rule: RateLimitRule) -> tuple[int, Any, dict[str, str]]:
        # discord.py treats a 429 without a "Via" header as a Cloudflare ban, so send one.
        headers = {
            "Via": "1.1 google",
            "Retry-After": str(math.ceil(rule.retry_after)),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
            "X-RateLimit-Scope": "shared" if not rule.is_global else "global",
        }
        if rule.is_global:
            headers["X-RateLimit-Global"] = "true"
        payload = {"message": "You are being rate limited.", "retry_after": rule.retry_after, "global": rule.is_global}
        return 429, payload, headers

    # --- gateway events for REST changes --------------------------------------------------

    async def emit_message(self, event: str, message: FakeMessage) -> None:
        """MESSAGE_CREATE / MESSAGE_UPDATE for a stored message (never for ephemeral ones)."""
        if message.visible_to is not None:
            return
        data = message.to_payload()
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
            member = self.world.guild.members.get(message.author.id)
            if member is not None:
                data["member"] = member.to_payload(with_user=False)
        intent = INTENT_GUILD_MESSAGES if message.guild_id else INTENT_DIRECT_MESSAGES
        await self.gateway.dispatch(event, data, intent=intent, guild_id=message.guild_id)

    async def emit_message_delete(self, message: FakeMessage) -> None:
        if message.visible_to is not None:
            return
        data = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        intent = INTENT_GUILD_MESSAGES if message.guild_id else INTENT_DIRECT_MESSAGES
        await self.gateway.dispatch("MESSAGE_DELETE", data, intent=intent, guild_id=message.guild_id)

    async def emit_channel(self, event: str, channel: FakeChannel, **extra: Any) -> None:
        await self.gateway.dispatch(
            event, {**channel.to_payload(), **extra}, intent=INTENT_GUILDS, guild_id=channel.guild_id
        )

    # --- test-facing helpers --------------------------------------------------------------

    def messages(self, channel: FakeChannel | int | str) -> list[FakeMessage]:
        """Messages everyone can see in a channel, oldest first."""
        return self.world.channel_messages(channel)

    def last_message(self, channel: FakeChannel | int | str) -> FakeMessage:
        messages = self.messages(channel)
        if not messages:
            raise AssertionError(f"no messages in {channel!r}")
        return messages[-1]

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        return self.world.dm_messages(user)

    def ephemeral_messages(self, user: Optional[FakeUser] = None) -> list[FakeMessage]:
        """Ephemeral interaction responses (optionally only those shown to ``user``)."""
        return [
            m
            for m in self.world.messages.values()
            if m.visible_to is not None and not m.deleted and (user is None or m.visible_to is user)
        ]

    async def slash(
        self, user: FakeUser, command: str, options: Optional[dict[str, Any]] = None, **kw: Any
    ) -> InteractionHandle:
        return await self.interactions.slash(user, command, options, **kw)

    async def autocomplete(
        self, user: FakeUser, command: str, options: dict[str, Any], focused: str, **kw: Any
    ) -> InteractionHandle:
        return await self.interactions.autocomplete(user, command, options, focused, **kw)

    async def click(self, user: FakeUser, message: FakeMessage, custom_id: str, **kw: Any) -> InteractionHandle:
        return await self.interactions.click(user, message, custom_id, **kw)

    async def select(
        self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[Any], **kw: Any
    ) -> InteractionHandle:
        return await self.interactions.select(user, message, custom_id, values, **kw)

    async def forge(self, user: FakeUser, message: FakeMessage, custom_id: str, **kw: Any) -> InteractionHandle:
        return await self.interactions.forge(user, message, custom_id, **kw)

    async def submit_modal(
        self, user: FakeUser, opened_by: InteractionHandle, values: dict[str, Any], **kw: Any
    ) -> InteractionHandle:
        return await self.interactions.submit_modal(user, opened_by, values, **kw)

    async def user_says(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """A user posts a plain message (MESSAGE_CREATE to the bot)."""
        message = create_message(self.world, channel, user, {"content": content}, [], self.attachment_url)
        await self.emit_message("MESSAGE_CREATE", message)
        self.notify()
        return message

    @property
    def ack_latencies(self) -> list[float]:
        """Seconds from dispatch to callback for every acknowledged interaction."""
        return self.interactions.ack_latencies

    def ack_latency_percentile(self, percentile: float) -> float:
        return self.interactions.ack_latency_percentile(percentile)

    @property
    def deadline_violations(self):
        return self.interactions.deadline_violations

    # --- checks ---------------------------------------------------------------------------

    def spec_problems(self, *, responses: bool = False) -> list[str]:
        """Spec violations of every recorded request body (and optionally the fake's replies)."""
        validator = self.validator or default_validator()
        problems: list[str] = []
        for record in self.requests:
            if record.route is None:
                continue
            if record.method in ("POST", "PUT", "PATCH"):
                if self.validator is None:  # not validated on arrival
                    record.spec_errors = validator.validate_request(
                        record.method, record.path, record.body, multipart=record.multipart
                    )
                problems.extend(record.spec_errors)
            if responses and 200 <= record.status < 300 and record.status != 204:
                problems.extend(validator.validate_response(record.method, record.path, record.status, record.response))
        return list(dict.fromkeys(problems))

    def problems(self, ignore: Iterable[str] = ()) -> list[str]:
        """Everything a clean test run should not have.

        Categories (for ``ignore``): "unknown", "errors", "spec", "late", "unanswered".
        """
        ignore = set(ignore)
        out: list[str] = []
        if "unknown" not in ignore:
            out += [f"unknown endpoint {r.method} {r.path}" for r in self.unknown_requests]
        if "errors" not in ignore:
            out += [f"fake failed on {r.method} {r.path}: {tb}" for r, tb in self.server_errors]
        if "spec" not in ignore:
            out += self.spec_problems()
        if "late" not in ignore:
            out += [
                f"{v.handle.describe()} answered after {v.latency:.3f}s (deadline {self.interactions.ack_deadline}s)"
                for v in self.deadline_violations
            ]
        if "unanswered" not in ignore:
            out += [f"{h.describe()} was never answered" for h in self.interactions.unanswered()]
        return out

    def assert_clean(self, ignore: Iterable[str] = ()) -> None:
        problems = self.problems(ignore)
        if problems:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(problems))
