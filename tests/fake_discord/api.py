"""Types shared by the REST handler modules and the server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from aiohttp import web

from .messages import UploadedFile
from .recording import RecordedRequest

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .world import World

API_PREFIX = "/api/v10"


@dataclass
class Reply:
    """A handler result with a status other than 200 (a handler returning None means 204)."""

    status: int
    payload: Any = None


@dataclass
class ApiCall:
    fake: "FakeDiscord"
    request: web.Request
    params: dict[str, str]
    body: Any
    files: list[UploadedFile]
    record: RecordedRequest

    @property
    def world(self) -> "World":
        return self.fake.world

    @property
    def query(self) -> dict[str, str]:
        return dict(self.request.query)

    def int_param(self, name: str) -> int:
        return int(self.params[name])


Handler = Callable[[ApiCall], Awaitable[Any]]
# (method, path template below /api/v10, handler, needs "Authorization: Bot <token>")
Route = tuple[str, str, Handler, bool]
