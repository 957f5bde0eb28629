"""What the fake remembers about each REST request, and how it reads request bodies."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from aiohttp import web

from .messages import UploadedFile


@dataclass(eq=False)
class RecordedRequest:
    method: str
    # API path without the /api/v10 prefix, e.g. "/channels/123/messages".
    path: str
    # The fake's route template ("/channels/{channel_id}/messages"), None for unknown endpoints.
    route: Optional[str]
    query: dict[str, str]
    # The JSON body, or the payload_json part of a multipart upload.
    body: Any
    multipart: bool = False
    files: list[UploadedFile] = field(default_factory=list)
    status: int = 0
    response: Any = None
    spec_errors: list[str] = field(default_factory=list)
    at: float = field(default_factory=time.monotonic)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass
class RateLimitRule:
    method: str
    route: str
    retry_after: float
    remaining_hits: int
    is_global: bool = False


@dataclass
class RefusalRule:
    """The next ``remaining_hits`` requests to ``method route`` fail with a
    Discord error, before their handler runs (see ``FakeDiscord.refuse``)."""

    method: str
    route: str
    status: int
    code: int
    message: str
    remaining_hits: int


async def read_body(request: web.Request) -> tuple[Any, list[UploadedFile], bool]:
    """(body, files, multipart?) — multipart bodies are represented by their payload_json."""
    content_type = request.content_type
    if content_type.startswith("multipart/"):
        body: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            data = await part.read()  # type: ignore[union-attr]
            name = part.name or ""  # type: ignore[union-attr]
            if name == "payload_json":
                body = json.loads(data.decode("utf-8"))
            else:
                files.append(
                    UploadedFile(
                        field=name,
                        filename=part.filename or name,  # type: ignore[union-attr]
                        content_type=part.headers.get("Content-Type"),  # type: ignore[union-attr]
                        data=bytes(data),
                    )
                )
        return body, files, True
    raw = await request.read()
    if not raw:
        return None, [], False
    try:
        return json.loads(raw.decode("utf-8")), [], False
    except ValueError:
        return raw.decode("utf-8", "replace"), [], False
