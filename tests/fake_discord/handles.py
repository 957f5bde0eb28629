"""What a test holds after dispatching an interaction: its callback, messages and waits."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional, TypeVar

from .messages import UploadedFile
from .world import FakeChannel, FakeMessage, FakeUser

if TYPE_CHECKING:
    from .interactions import Interactions

T = TypeVar("T")

#: Seconds a test waits for something the bot should do. Generous on purpose:
#: a wait ends as soon as its condition holds, so only a failing test pays
#: for it, and a loaded CI machine must not turn a slow answer into a failure
#: (Discord's own 3 s limit is checked separately, by the interaction's ack).
WAIT = 30.0

# Interaction types.
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
# Callback types.
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
# Option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER = 1, 2, 3, 4, 5, 6
CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 7, 8, 9, 10, 11

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
INVALID_WEBHOOK_TOKEN = 50027


@dataclass
class Callback:
    """The accepted initial response to an interaction."""

    type: int
    data: Optional[dict[str, Any]]
    latency: float
    files: list[UploadedFile] = field(default_factory=list)


@dataclass
class RefusedCallback:
    type: int
    status: int
    code: int
    latency: float


@dataclass
class DeadlineViolation:
    handle: "InteractionHandle"
    latency: float


class InteractionHandle:
    """One interaction the test dispatched; await its acknowledgement and responses."""

    def __init__(
        self,
        manager: "Interactions",
        *,
        type: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        source_message: Optional[FakeMessage] = None,
        label: str = "",
    ) -> None:
        self._manager = manager
        self.id: int = manager.fake.world.snowflake()
        self.token: str = "fake-interaction-" + secrets.token_urlsafe(24)
        self.type = type
        self.user = user
        self.channel = channel
        self.data = data
        self.source_message = source_message
        self.label = label
        self.payload: dict[str, Any] = {}
        self.dispatched_at: float = 0.0
        self.callback: Optional[Callback] = None
        self.refused: list[RefusedCallback] = []
        # The message "@original" refers to: the response for commands, the clicked message
        # after an update-type (6/7) callback.
        self.original: Optional[FakeMessage] = None
        self.followups: list[FakeMessage] = []
        # Edits of "@original" or a follow-up through the interaction's webhook.
        self.edits = 0
        self.modal: Optional[dict[str, Any]] = None
        self.choices: Optional[list[dict[str, Any]]] = None
        # For a modal submit: the interaction that opened the modal.
        self.opened_by: Optional[InteractionHandle] = None

    def describe(self) -> str:
        return f"interaction {self.label or self.type} by {self.user.username}"

    def __repr__(self) -> str:
        return f"<InteractionHandle {self.describe()} callback={self.callback_type}>"

    # --- state ----------------------------------------------------------------------------

    @property
    def acknowledged(self) -> bool:
        return self.callback is not None

    @property
    def callback_type(self) -> Optional[int]:
        return self.callback.type if self.callback else None

    @property
    def ack_latency(self) -> Optional[float]:
        return self.callback.latency if self.callback else None

    @property
    def updated(self) -> bool:
        """The clicked message was updated: at once (7), or deferred (6) and
        then edited through the webhook."""
        return self.callback_type == UPDATE_MESSAGE or (self.callback_type == DEFERRED_UPDATE and self.edits > 0)

    @property
    def deferred(self) -> bool:
        return self.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def messages(self) -> list[FakeMessage]:
        """Messages this interaction created (its response and follow-ups)."""
        created = [self.original] if self.original is not None and self.original is not self.source_message else []
        unique: dict[int, FakeMessage] = {}
        for message in created + self.followups:
            unique.setdefault(message.id, message)
        return [m for m in unique.values() if not m.deleted]

    @property
    def ephemeral_messages(self) -> list[FakeMessage]:
        return [m for m in self.messages if m.visible_to is not None]

    @property
    def public_messages(self) -> list[FakeMessage]:
        return [m for m in self.messages if m.visible_to is None]

    # --- waiting --------------------------------------------------------------------------

    async def _wait(self, predicate: Callable[[], T], timeout: float, what: str) -> T:
        def check() -> T:
            if self.refused and not self.callback:
                r = self.refused[-1]
                raise AssertionError(
                    f"{self.describe()}: callback refused with {r.status}/{r.code} after {r.latency:.3f}s"
                )
            return predicate()

        return await self._manager.fake.wait_until(check, timeout=timeout, what=f"{self.describe()}: {what}")

    async def wait_acknowledged(self, timeout: float = WAIT) -> Callback:
        """Wait for the accepted initial response (raises if it was refused as too late)."""
        return await self._wait(lambda: self.callback, timeout, "initial response")

    async def wait_response(self, timeout: float = WAIT) -> FakeMessage:
        """Wait for the finished response message (a deferred one must have been edited)."""
        return await self._wait(
            lambda: self.original if self.original is not None and not self.original.loading else None,
            timeout,
            "response message",
        )

    async def wait_answer(self, timeout: float = WAIT) -> FakeMessage:
        """Wait for the interaction's first finished message, whichever way it
        came: the response, or a follow-up after the response's placeholder
        was removed (a public answer that pings: a new message)."""
        return await self._wait(
            lambda: next((m for m in self.messages if not m.loading), None), timeout, "an answer"
        )

    async def wait_followups(self, count: int = 1, timeout: float = WAIT) -> list[FakeMessage]:
        return await self._wait(
            lambda: self.followups[:count] if len(self.followups) >= count else None, timeout, f"{count} follow-up(s)"
        )

    async def wait_ephemeral(self, timeout: float = WAIT) -> FakeMessage:
        """Wait for the first finished ephemeral message of this interaction."""
        return await self._wait(
            lambda: next((m for m in self.ephemeral_messages if not m.loading), None), timeout, "an ephemeral message"
        )

    async def wait_modal(self, timeout: float = WAIT) -> dict[str, Any]:
        return await self._wait(lambda: self.modal, timeout, "a modal")

    async def wait_choices(self, timeout: float = WAIT) -> list[dict[str, Any]]:
        # boxed, so that an empty list of choices is an answer too
        (choices,) = await self._wait(
            lambda: (self.choices,) if self.choices is not None else None, timeout, "autocomplete choices"
        )
        return choices

    async def wait_refused(self, timeout: float = WAIT) -> RefusedCallback:
        """Wait for a callback the fake refused (e.g. too late); for testing the 3-second rule."""
        return await self._manager.fake.wait_until(
            lambda: self.refused[-1] if self.refused else None,
            timeout=timeout,
            what=f"{self.describe()}: refused callback",
        )
