"""The web view's links, signed so that nobody can guess or alter one.

A spectator link names the match and carries a MAC of it: a match in a
private channel stays private, because only those who see its board get the
link. A private link ("Open my view") names the match, the seat, the person,
the stint in which that person holds the seat (``stints.n``), and when it
expires (7 days after it was made); it dies with the stint, so a seat that
changes hands (a substitute, the computer, and the hand back too, which
starts a new stint) kills every private link made before.

MACs are HMAC-SHA256 truncated to 128 bits, compared in constant time. A
link that is wrong in any way parses to ``None``: the server answers each
such case with the same 404, so a prober learns nothing from the answers.
Tokens are never logged (the server keeps no access log).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

#: How long a private link stays good.
PRIVATE_DAYS = 7
PRIVATE_SECONDS = PRIVATE_DAYS * 86400
_MAC_BYTES = 16
# Bounded lengths: a forged token with huge numbers is refused before any int()
# (ASCII digits only: one token has one spelling)
_SPECTATOR = re.compile(r"([0-9]{1,19})\.([A-Za-z0-9_-]{22})")
_PRIVATE = re.compile(r"([0-9]{1,19})\.([0-9]{1,2})\.([0-9]{1,20})\.([0-9]{1,6})\.([0-9]{1,12})\.([A-Za-z0-9_-]{22})")


def new_key() -> str:
    """A fresh key, for the database when ``WEB_SECRET`` is not set."""
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Private:
    match_id: int
    seat: int
    user_id: int
    stint: int
    expires: int


class Links:
    """Makes and checks tokens with one key; ``base`` is the public address."""

    def __init__(self, key: str, base: str) -> None:
        self._key = key.encode()
        self.base = base.rstrip("/")

    def _mac(self, message: str) -> str:
        digest = hmac.new(self._key, message.encode(), hashlib.sha256).digest()[:_MAC_BYTES]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def spectator_token(self, match_id: int) -> str:
        return f"{match_id}.{self._mac(f'm|{match_id}')}"

    def spectator_url(self, match_id: int) -> str:
        return f"{self.base}/m/{self.spectator_token(match_id)}"

    def spectator(self, token: str) -> int | None:
        """The match id of a good spectator token, else ``None``."""
        found = _SPECTATOR.fullmatch(token)
        if found is None:
            return None
        match_id = int(found[1])
        return match_id if hmac.compare_digest(found[2], self._mac(f"m|{match_id}")) else None

    def private_token(self, link: Private) -> str:
        body = f"{link.match_id}.{link.seat}.{link.user_id}.{link.stint}.{link.expires}"
        return f"{body}.{self._mac('p|' + body)}"

    def private_url(self, link: Private) -> str:
        return f"{self.base}/p/{self.private_token(link)}"

    def private(self, token: str, now: float) -> Private | None:
        """The link of a good, unexpired private token, else ``None``. Whether
        its stint still holds the seat is the caller's check (the store's)."""
        found = _PRIVATE.fullmatch(token)
        if found is None:
            return None
        body = ".".join(found.groups()[:5])
        if not hmac.compare_digest(found[6], self._mac("p|" + body)):
            return None
        link = Private(*(int(part) for part in found.groups()[:5]))
        return link if now <= link.expires else None
