"""Logging never gives away a secret: the bot token, interaction tokens (in
payloads and in webhook URLs), Authorization headers are redacted on every
root handler; at DEBUG the payload dumps of discord.py and aiosqlite (DMs with
hands, a match's whole state) stay off unless payloads are asked for
(``BRETTBOTE_LOG_PAYLOADS``), and even then the tokens are redacted.

The match tests run the real bot against the fake Discord with logging set up
by :func:`bot.logs.setup_logging` writing to a string."""

from __future__ import annotations

import io
import json
import logging
import re
import sys

import discord
import pytest
from bot_harness import Table, open_first_battle, started
from fake_discord import FakeDiscord

from bot import app
from bot.logs import PAYLOAD_LOGGERS, REDACTED, Redactor, setup_logging

# Shaped like a Discord bot token (id in base64, timestamp, HMAC); made up.
BOT_TOKEN = "MTE1NzQzOTAxODA5MzA5MTIyNTY.GxYz12.abcdefghijklmnopqrstuvwxyzABCDEFGHIJ_-"
OTHER_TOKEN = "OTk4ODc3NjY1NTQ0MzMyMjExMDA.Hq-7Zc.ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvuts-_01"


@pytest.fixture(autouse=True)
def logging_restored():
    """Whatever a test does to logging is undone: handlers it added, filters
    added to handlers that were there (pytest's own), levels."""
    root = logging.getLogger()
    handlers = list(root.handlers)
    filters = {h: list(h.filters) for h in handlers}
    names = (*PAYLOAD_LOGGERS, "discord", "brettbote")
    levels = {name: logging.getLogger(name).level for name in names}
    root_level = root.level
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    for handler in handlers:
        if handler not in root.handlers:
            root.addHandler(handler)
        handler.filters[:] = filters[handler]
    root.setLevel(root_level)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def record(msg, *args, exc_info=None, name="discord.http", level=logging.DEBUG) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, msg, args, exc_info)


def shown(redactor: Redactor, rec: logging.LogRecord) -> str:
    assert redactor.filter(rec) is True  # never drops a record
    return logging.Formatter("%(message)s").format(rec)


# -- the filter on crafted records ---------------------------------------------------

def test_the_given_token_is_redacted_in_the_message_and_in_the_arguments():
    redactor = Redactor(["plain-secret"])
    assert shown(redactor, record("login with plain-secret")) == f"login with {REDACTED}"
    assert shown(redactor, record("login with %s as %r", "plain-secret", "bot")) == f"login with {REDACTED} as 'bot'"
    rec = record("sent %s", {"headers": {"x": "plain-secret"}})
    assert "plain-secret" not in shown(redactor, rec) and rec.args == ()
    assert shown(redactor, record("%d servers", 3)) == "3 servers"  # other arguments still format


def test_anything_shaped_like_a_bot_token_is_redacted():
    redactor = Redactor()
    for text in (f"token {BOT_TOKEN}", f"{{'token': '{OTHER_TOKEN}'}}", f"x={BOT_TOKEN}&y=1"):
        out = shown(redactor, record("%s", text))
        assert BOT_TOKEN not in out and OTHER_TOKEN not in out and REDACTED in out


def test_interaction_tokens_in_payloads_and_urls_are_redacted_and_ids_kept():
    redactor = Redactor()
    event = {"t": "INTERACTION_CREATE", "d": {"id": "111", "application_id": "222", "token": "tok-A_1", "type": 3}}
    out = shown(redactor, record("For Shard ID %s: WebSocket Event: %s", None, event))
    assert "tok-A_1" not in out and f"'token': '{REDACTED}'" in out and "'id': '111'" in out
    out = shown(redactor, record("%s", json.dumps(event)))
    assert "tok-A_1" not in out and f'"token": "{REDACTED}"' in out
    out = shown(redactor, record("body %r", json.dumps({"payload_json": json.dumps(event)})))  # JSON in JSON
    assert "tok-A_1" not in out and REDACTED in out
    out = shown(redactor, record("Webhook ID %s with %s %s has returned status code %s", 222, "PATCH",
                                 "http://127.0.0.1:1/api/v10/webhooks/222/tok-B.2/messages/@original", 200))
    assert "tok-B.2" not in out and f"/webhooks/222/{REDACTED}/messages/@original" in out
    out = shown(redactor, record("POST https://discord.com/api/v10/interactions/111/tok-C/callback with None"))
    assert "tok-C" not in out and f"/interactions/111/{REDACTED}/callback" in out
    real_shape = "aW50ZXJhY3Rpb246MTE1NzQzOTAxODA5MzA5MTIyNTY6c2VjcmV0"
    assert real_shape not in shown(redactor, record("token=%s", real_shape))


def test_authorization_headers_are_redacted():
    redactor = Redactor()
    for text in ("{'Authorization': 'Bot abc.def'}", '"authorization": "Bot abc.def"', "Authorization: Bearer abc.def"):
        out = shown(redactor, record("headers %s", text))
        assert "abc.def" not in out and REDACTED in out


def test_exceptions_and_stacks_are_redacted_too():
    redactor = Redactor(["plain-secret"])
    try:
        raise RuntimeError("refused plain-secret at /webhooks/1/tok-D")
    except RuntimeError:
        rec = record("failed", exc_info=sys.exc_info())
    rec.stack_info = "Stack (most recent call last):\n  plain-secret"
    out = shown(redactor, rec)
    assert "plain-secret" not in out and "tok-D" not in out and "RuntimeError" in out


def test_a_broken_format_string_is_still_redacted():
    rec = record("%s %s", "plain-secret")
    assert "plain-secret" not in shown(Redactor(["plain-secret"]), rec)


def test_text_without_secrets_is_left_alone():
    rec = record("ready as %s in %d servers", "brettbote", 1)
    assert shown(Redactor(["plain-secret"]), rec) == "ready as brettbote in 1 servers"


# -- setup_logging and run() ---------------------------------------------------------

def test_setup_logging_filters_every_root_handler_and_quiets_the_payload_loggers():
    earlier = logging.StreamHandler(io.StringIO())
    logging.getLogger().addHandler(earlier)
    out = io.StringIO()
    handler = setup_logging(logging.DEBUG, token="plain-secret", stream=out)
    for each in (handler, earlier):
        assert any(isinstance(f, Redactor) for f in each.filters)
    for name in PAYLOAD_LOGGERS:
        assert logging.getLogger(name).getEffectiveLevel() == logging.INFO
    logging.getLogger("brettbote").debug("our own debug line with plain-secret")
    logging.getLogger("discord.gateway").debug("a payload")
    assert "our own debug line" in out.getvalue() and "plain-secret" not in out.getvalue()
    assert "plain-secret" not in earlier.stream.getvalue() and "a payload" not in out.getvalue()
    # Asked for: the payload loggers follow the root level, still redacted.
    setup_logging(logging.DEBUG, token="other-secret", payloads=True, stream=out)
    for name in PAYLOAD_LOGGERS:
        assert logging.getLogger(name).getEffectiveLevel() == logging.DEBUG
    logging.getLogger("discord.gateway").debug("a payload with other-secret and plain-secret")
    assert "a payload with" in out.getvalue()
    assert "other-secret" not in out.getvalue() and "plain-secret" not in out.getvalue()


@pytest.mark.parametrize("colour", [True, False])
def test_a_logged_exception_is_redacted_in_either_format(monkeypatch, colour):
    # discord.py's colour formatter renders the traceback itself, from exc_info.
    monkeypatch.setattr(discord.utils, "stream_supports_colour", lambda stream: colour)
    other = io.StringIO()
    logging.getLogger().addHandler(logging.StreamHandler(other))
    out = io.StringIO()
    setup_logging(logging.INFO, token="plain-secret", stream=out)
    try:
        raise RuntimeError("refused plain-secret at /interactions/1/tok-F/callback")
    except RuntimeError:
        logging.getLogger("brettbote").exception("failed")
    for text in (out.getvalue(), other.getvalue()):
        assert "RuntimeError" in text and "failed" in text
        assert "plain-secret" not in text and "tok-F" not in text
    assert ("\x1b[" in out.getvalue()) is colour


def test_warning_level_keeps_the_payload_loggers_at_warning():
    setup_logging("WARNING", stream=io.StringIO())
    assert logging.getLogger("discord.http").getEffectiveLevel() == logging.WARNING


@pytest.mark.parametrize("payloads, seen", [("", False), ("1", True)])
def test_run_sets_up_redacted_logging_from_the_settings(tmp_path, monkeypatch, capsys, payloads, seen):
    async def serve(settings):
        logging.getLogger("brettbote").info("serving with %s", settings.discord_token.get_secret_value())
        logging.getLogger("discord.gateway").debug("gateway payload")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(app, "serve", serve)
    monkeypatch.setenv("DISCORD_TOKEN", "run-secret")
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    monkeypatch.setenv("BRETTBOTE_LOG_PAYLOADS", payloads)
    assert app.run() == 0
    err = capsys.readouterr().err
    assert f"serving with {REDACTED}" in err and "run-secret" not in err
    assert ("gateway payload" in err) is seen


# -- a match at DEBUG ----------------------------------------------------------------

async def play_until_hands_are_dealt(fake: FakeDiscord, table: Table, stored) -> list[str]:
    """Hektor und Achill through the fake Discord up to the first battle,
    when both hands come by DM; the hand line of each DM."""
    w = fake.world
    await open_first_battle(table, stored)
    hands = []
    for user in (w.alice, w.bob):
        dm = [m for m in fake.dm_messages(user) if any(a.filename == "hand.png" for a in m.attachments)]
        assert dm, f"no hand for {user.username}"
        line = next(x for x in dm[-1].content.splitlines() if x.startswith(("Deine Hand:", "Your hand:")))
        assert len(line) > len("Your hand: ") + 5
        hands.append(line)
    return hands


async def log_of_a_match(db, clock, stored, *, payloads: bool, token_given: bool):
    out = io.StringIO()
    async with FakeDiscord(token=BOT_TOKEN) as fake:
        setup_logging(logging.DEBUG, token=BOT_TOKEN if token_given else None, payloads=payloads, stream=out)
        async with started(fake, db, clock) as bot:
            hands = await play_until_hands_are_dealt(fake, Table(fake, bot), stored)
            match, _ = await stored()
        fake.assert_clean()
        tokens = [handle.token for handle in fake.interactions.handles]
    assert len(tokens) >= 4  # the slash command and the clicks
    state_hands = [json.dumps(h, separators=(",", ":")) for h in json.loads(match.state)["battle"]["hands"] if h]
    assert state_hands
    return out.getvalue(), tokens, hands, state_hands


async def test_a_match_at_debug_logs_no_token_and_no_hand(db, clock, stored):
    log, tokens, hands, state_hands = await log_of_a_match(db, clock, stored, payloads=False, token_given=True)
    assert BOT_TOKEN not in log
    for token in tokens:
        assert token not in log
    for hand in hands + state_hands:
        assert hand not in log
    # Our own loggers (and discord.py's others) still log.
    assert "commands synced" in log and "ready as" in log
    assert "WebSocket Event" not in log and "INTERACTION_CREATE" not in log


async def test_with_payloads_allowed_the_tokens_are_still_redacted(db, clock, stored):
    # The bot token is not given: it is caught by its shape.
    log, tokens, hands, state_hands = await log_of_a_match(db, clock, stored, payloads=True, token_given=False)
    assert "INTERACTION_CREATE" in log and f"'token': '{REDACTED}'" in log  # payloads were logged...
    assert re.search(r"/webhooks/\d+/" + re.escape(REDACTED), log)  # interaction webhook URLs too
    assert BOT_TOKEN not in log
    for token in tokens:
        assert token not in log  # ...without the tokens
    # Payloads were asked for: the DMs (hands) are in them; that is what the setting is for.
    assert any(hand in log for hand in hands)
    if db.startswith("sqlite"):  # aiosqlite logs its statements, with the state, at DEBUG
        assert any(hand in log for hand in state_hands)
