"""The fake gateway: JSON text frames over a websocket, one session per connected client."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

# Opcodes.
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

# Intents the fake filters events by.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_GUILD_MESSAGE_REACTIONS = 1 << 10
INTENT_DIRECT_MESSAGES = 1 << 12

CLOSE_AUTHENTICATION_FAILED = 4004


@dataclass(eq=False)
class GatewaySession:
    """One websocket connection of a client."""

    ws: web.WebSocketResponse
    session_id: str = field(default_factory=lambda: secrets.token_hex(16))
    seq: int = 0
    intents: int = 0
    shard: Optional[tuple[int, int]] = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    resumed: bool = False
    # Every payload the client sent, for tests that want to look at IDENTIFY etc.
    received: list[dict[str, Any]] = field(default_factory=list)
    _send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def is_live(self) -> bool:
        return self.ready.is_set() and not self.closed and not self.ws.closed

    def wants(self, intent: Optional[int]) -> bool:
        return intent is None or bool(self.intents & intent)

    async def send(self, op: int, d: Any, t: Optional[str] = None) -> None:
        payload: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        async with self._send_lock:
            if op == DISPATCH:
                self.seq += 1
                payload["s"] = self.seq
            if self.ws.closed:
                return
            await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: Any) -> None:
        await self.send(DISPATCH, data, event)


class Gateway:
    def __init__(self, fake: "FakeDiscord", *, heartbeat_interval_ms: int = 41250) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: list[GatewaySession] = []
        self._known_sessions: dict[str, GatewaySession] = {}

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if s.is_live]

    async def wait_for_client(self, timeout: float = 30.0) -> GatewaySession:
        """Wait until a client has identified and received its guilds."""
        session = await self.fake.wait_until(
            lambda: next(iter(self.live_sessions), None), timeout=timeout, what="a client on the gateway"
        )
        return session

    async def dispatch(
        self, event: str, data: Any, *, intent: Optional[int] = None, guild_id: Optional[int] = None
    ) -> int:
        """Send an event to every live client that asked for it; returns how many got it."""
        sent = 0
        for session in self.live_sessions:
            if session.wants(intent) and self._shard_has(session, guild_id):
                await session.dispatch(event, data)
                sent += 1
        return sent

    async def reconnect_all(self) -> None:
        """Ask every client to reconnect (op 7), as Discord does during its deploys."""
        for session in self.live_sessions:
            await session.send(RECONNECT, None)

    async def close_all(self, code: int = 1001) -> None:
        for session in list(self.sessions):
            session.closed = True
            if not session.ws.closed:
                await session.ws.close(code=code)

    @staticmethod
    def _shard_has(session: GatewaySession, guild_id: Optional[int]) -> bool:
        # DMs (no guild) belong to shard 0; guilds to (guild_id >> 22) % shard_count.
        if session.shard is None:
            return True
        shard_id, shard_count = session.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % shard_count == shard_id

    # --- websocket handler ----------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        # Text frames only: the client's zlib-stream query is ignored, which discord.py accepts.
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws)
        self.sessions.append(session)
        try:
            await session.send(HELLO, {"heartbeat_interval": self.heartbeat_interval_ms})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                session.received.append(payload)
                await self._on_payload(session, payload)
        finally:
            session.closed = True
            self.fake.notify()
        return ws

    async def _on_payload(self, session: GatewaySession, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            await session.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(session, data)
        elif op == RESUME:
            await self._resume(session, data)
        elif op == REQUEST_GUILD_MEMBERS:
            await self._guild_members(session, data)
        elif op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            pass
        else:
            log.warning("fake gateway: unhandled op %s", op)

    async def _identify(self, session: GatewaySession, data: dict[str, Any]) -> None:
        if data.get("token") != self.fake.token:
            await session.ws.close(code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return
        world = self.fake.world
        session.intents = int(data.get("intents") or 0)
        if data.get("shard"):
            session.shard = (int(data["shard"][0]), int(data["shard"][1]))
        self._known_sessions[session.session_id] = session
        has_guild = self._shard_has(session, world.guild.id)
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**world.bot_user.to_payload(), "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(world.guild.id), "unavailable": True}] if has_guild else [],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.gateway_url,
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
        }
        if session.shard is not None:
            ready["shard"] = list(session.shard)
        await session.dispatch("READY", ready)
        if has_guild and session.wants(INTENT_GUILDS):
            all_members = session.wants(INTENT_GUILD_MEMBERS)
            await session.dispatch("GUILD_CREATE", world.guild_create_payload(all_members=all_members))
        session.ready.set()
        self.fake.notify()

    async def _resume(self, session: GatewaySession, data: dict[str, Any]) -> None:
        old = self._known_sessions.get(data.get("session_id", ""))
        if old is None or data.get("token") != self.fake.token:
            # Not resumable: the client starts over with IDENTIFY.
            await session.send(INVALID_SESSION, False)
            return
        # Events missed while disconnected are not replayed; the fake keeps no backlog.
        session.session_id, session.seq = old.session_id, old.seq
        session.intents, session.shard, session.resumed = old.intents, old.shard, True
        self._known_sessions[session.session_id] = session
        await session.dispatch("RESUMED", {})
        session.ready.set()
        self.fake.notify()

    async def _guild_members(self, session: GatewaySession, data: dict[str, Any]) -> None:
        world = self.fake.world
        members = list(world.guild.members.values())
        if data.get("user_ids"):
            wanted = {int(u) for u in (data["user_ids"] if isinstance(data["user_ids"], list) else [data["user_ids"]])}
            members = [m for m in members if m.user.id in wanted]
        elif data.get("query"):
            members = [m for m in members if m.user.username.lower().startswith(data["query"].lower())]
        if data.get("limit"):
            members = members[: int(data["limit"])]
        chunk: dict[str, Any] = {
            "guild_id": str(world.guild.id),
            "members": [m.to_payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
