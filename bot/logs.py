"""Logging for ``brettbote run``: one handler on the root logger, secrets
redacted on every root handler, and discord.py's payload loggers kept quiet.

At DEBUG, discord.py dumps raw payloads: every gateway event (interaction
tokens, the contents of DMs, among them a player's hand), every REST call with
its body and answer, every interaction webhook URL (which carries the
interaction's token); aiosqlite dumps every statement with its parameters
(a match's state with all hands). Those loggers (:data:`PAYLOAD_LOGGERS`) stay at INFO
even when the rest logs at DEBUG, unless ``payloads`` is set
(``BRETTBOTE_LOG_PAYLOADS=1``); and whatever is logged, :class:`Redactor`
takes out the bot token, interaction and webhook tokens, the MACs of the web
view's links and ``Authorization`` headers before a handler writes the line.
"""

from __future__ import annotations

import logging
import re
import sys
import traceback
from typing import Iterable, TextIO

import discord

#: Loggers that log whole payloads at DEBUG: discord.py's (gateway events,
#: REST bodies and answers, webhook URLs, dispatched events), and aiosqlite's,
#: which logs every statement with its parameters (a match's whole state:
#: hands, stacks, the random generator's state).
PAYLOAD_LOGGERS = ("discord.gateway", "discord.http", "discord.webhook.async_", "discord.webhook.sync",
                   "discord.client", "discord.state", "aiosqlite")

REDACTED = "[redacted]"

# A bot token: the bot's id in base64, a timestamp, an HMAC, joined by dots.
_BOT_TOKEN = re.compile(r"\b[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}")
# An interaction token as Discord issues them: base64 of "interaction:...".
_INTERACTION_TOKEN = re.compile(r"aW50ZXJhY3Rpb246[A-Za-z0-9_.\-]*")
# The "token" field of a payload, as JSON (also escaped inside a string) or as a Python repr.
_TOKEN_FIELD = re.compile(r"""(?P<keep>\\*["']token\\*["']\s*:\s*\\*["'])(?P<secret>[^"'\s\\]+)""")
# Interaction webhooks and callbacks (and any webhook's token): the token is a path segment.
_TOKEN_IN_PATH = re.compile(r"(?P<keep>/(?:webhooks|interactions)/\d+/)(?P<secret>[^/?#\s'\"]+)")
# A web view link (bot.web.links): its MAC is the last dot-separated part.
_WEB_LINK = re.compile(r"(?P<keep>/[mp]/[\d.]+\.)(?P<secret>[A-Za-z0-9_-]{22})")
# An Authorization header, in a headers dict, an HTTP dump or a keyword.
_AUTHORIZATION = re.compile(
    r"""(?P<keep>authorization["']?\s*[:=]\s*["']?(?:Bot|Bearer)\s+)(?P<secret>[^\s"',;})\]]+)""", re.IGNORECASE,
)


def _keeping(match: re.Match) -> str:
    """The match with its secret replaced, the text before it kept."""
    return match.group("keep") + REDACTED


class Redactor(logging.Filter):
    """A handler filter that takes secrets out of a record before it is
    written: the message with its arguments, a formatted exception and stack.
    It never drops a record. Once a record was redacted its ``args`` are gone
    (the message is stored formatted), which every handler after it sees."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__("")
        self.secrets: list[str] = []
        self.add(*secrets)

    def add(self, *secrets: str) -> None:
        """Also redact these exact strings (longest first)."""
        self.secrets = sorted(set(self.secrets) | {s for s in secrets if s}, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        text = _AUTHORIZATION.sub(_keeping, text)
        text = _TOKEN_FIELD.sub(_keeping, text)
        text = _TOKEN_IN_PATH.sub(_keeping, text)
        text = _WEB_LINK.sub(_keeping, text)
        text = _INTERACTION_TOKEN.sub(REDACTED, text)
        return _BOT_TOKEN.sub(REDACTED, text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: keep what there is, redacted
            message = f"{record.msg} {record.args!r}"
        redacted = self.redact(message)
        if redacted != message or not isinstance(record.msg, str) or record.args:
            record.msg, record.args = redacted, ()
        if record.exc_info and not record.exc_text:
            # Formatter.format uses exc_text when it is set.
            record.exc_text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def redact_also(secret: str) -> None:
    """From now on ``secret`` is redacted by every root handler's redactor
    (a key the bot learns after logging was set up)."""
    for handler in logging.getLogger().handlers:
        for each in handler.filters:
            if isinstance(each, Redactor):
                each.add(secret)


class RedactingFormatter(logging.Formatter):
    """Another formatter's output, redacted as a whole. discord.py's colour
    formatter renders a traceback itself from ``exc_info`` (past the
    filter's redacted ``exc_text``) and then clears ``exc_text``; this puts
    the redacted text back for the handlers after it."""

    def __init__(self, inner: logging.Formatter, redactor: Redactor) -> None:
        super().__init__()
        self.inner = inner
        self.redactor = redactor

    def format(self, record: logging.LogRecord) -> str:
        exc_text = record.exc_text
        try:
            return self.redactor.redact(self.inner.format(record))
        finally:
            record.exc_text = exc_text


def setup_logging(level: int | str, *, token: str | None = None, payloads: bool = False,
                  stream: TextIO | None = None) -> logging.Handler:
    """Log at ``level`` to ``stream`` (stderr) through one root handler in
    discord.py's format; every root handler redacts secrets (``token``, and
    anything shaped like one); discord.py's payload loggers stay at INFO or
    above unless ``payloads``. Returns the handler it installed."""
    if isinstance(level, str):
        level = logging.getLevelName(level.upper())
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    discord.utils.setup_logging(handler=handler, level=level, root=True)
    # One redactor for all root handlers: a second call adds its token to it.
    root = logging.getLogger()
    redactor = next((f for h in root.handlers for f in h.filters if isinstance(f, Redactor)), None) or Redactor()
    if token:
        redactor.add(token)
    for each in root.handlers:
        if not any(isinstance(f, Redactor) for f in each.filters):
            each.addFilter(redactor)
    handler.setFormatter(RedactingFormatter(handler.formatter or logging.Formatter(), redactor))
    quiet = logging.NOTSET if payloads else max(logging.INFO, level)
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(quiet)
    return handler
