"""The web view (bot/web) through the real client: the links Discord shows,
the pages they open, what a move changes, and what every wrong link gets
(the one plain 404). The browser's part is tests/test_web_browser.py."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging

import aiohttp
import pytest
from multidict import CIMultiDict
from bot_harness import Table, started
from PIL import Image

from bot.logs import PAYLOAD_LOGGERS, setup_logging
from bot.store import open_store
from bot.web.cache import Cache
from bot.web.limits import Budget
from bot.web.links import PRIVATE_SECONDS

NOT_FOUND = (404, b"Not found\n")


@contextlib.asynccontextmanager
async def web_table(fake, db, clock, **settings):
    async with started(fake, db, clock, web_port=0, **settings) as bot:
        yield Table(fake, bot)


def link(message, *labels: str) -> str:
    """The URL of the message's link button with one of ``labels``."""
    return next(b["url"] for b in message.buttons() if b.get("label") in labels and b.get("url"))


def has_link(message) -> bool:
    return any(b.get("url") for b in message.buttons())


async def get(url: str, method: str = "GET", **options) -> tuple[int, bytes, dict]:
    async with aiohttp.ClientSession() as session:
        async with session.request(method, url, allow_redirects=True, **options) as answer:
            return answer.status, await answer.read(), CIMultiDict(answer.headers)


async def state_of(url: str, lang: str = "en") -> dict:
    status, body, _ = await get(f"{url}/state.json?lang={lang}")
    assert status == 200
    return json.loads(body)


async def test_the_board_links_to_the_match_page(fake, db, clock):
    async with web_table(fake, db, clock) as table:
        w = fake.world
        await table.open_match(w.alice, w.bob)
        url = link(table.board(), "Webansicht")  # the server's language: German
        status, body, headers = await get(url, headers={"Accept-Language": "en-GB,en;q=0.8"})
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        page = body.decode()
        assert "<title>Heaven and Hell – Brettbote</title>" in page and "Alice" in page and "Bob" in page
        assert "script-src 'self'" in headers["Content-Security-Policy"] and "<script>" not in page
        assert headers["X-Frame-Options"] == "DENY" and headers["Referrer-Policy"] == "no-referrer"
        german = (await get(url + "?lang=de"))[1].decode()
        assert "<title>Himmel und Hölle – Brettbote</title>" in german and 'lang="de"' in german
        # the board, drawn three times larger than in Discord, sharp when zoomed in
        state = await state_of(url)
        assert state["board"]["width"] == 1180 and state["players"][0]["name"] == "Alice"
        status, png, headers = await get(f"{url}/board.png?v={state['counter']}&lang=en")
        assert status == 200 and headers["Content-Type"] == "image/png"
        assert Image.open(io.BytesIO(png)).width == 3 * 1180
        assert "immutable" in headers["Cache-Control"]


async def test_a_move_shows_on_the_page_and_an_unchanged_state_costs_a_304(fake, db, clock):
    async with web_table(fake, db, clock) as table:
        w = fake.world
        await table.open_match(w.alice, w.bob, deadline=24)
        url = link(table.board(), "Webansicht")
        status, body, headers = await get(f"{url}/state.json?lang=en")
        before = json.loads(body)
        assert before["log"] == [] and before["players"][0]["asked"]
        # whose turn and the deadline, as the board says them: a time the page shows in the reader's zone
        assert any("To act" in line and "Alice" in line for line in before["lines"]["status"])
        assert any("<time datetime=" in line and "Alice" in line for line in before["lines"]["status"])
        again = await get(f"{url}/state.json?lang=en", headers={"If-None-Match": headers["ETag"]})
        assert again[0] == 304
        await table.turn(w.alice, "Ziehen B1 → B2")
        status, body, later = await get(f"{url}/state.json?lang=en", headers={"If-None-Match": headers["ETag"]})
        after = json.loads(body)
        assert status == 200 and later["ETag"] != headers["ETag"] and after["counter"] > before["counter"]
        moves = [m for chapter in after["log"] for m in chapter["moves"]]
        assert moves and "B1" in moves[0]["html"] and "B2" in moves[0]["html"]
        # an older picture's address leads to the current one
        status, png, _ = await get(f"{url}/board.png?v=0&lang=en")
        assert status == 200 and png.startswith(b"\x89PNG")
        frames = json.loads((await get(f"{url}/frames.json"))[1])
        assert frames["count"] == 2  # the start and the move
        status, first, _ = await get(f"{url}/frame/0.png?v={frames['v']}&lang=en")
        assert status == 200 and first != (await get(f"{url}/frame/1.png?v={frames['v']}&lang=en"))[1]
        assert (await get(f"{url}/frame/2.png"))[:2] == NOT_FOUND


async def test_my_view_links_to_the_seats_own_page(fake, db, clock):
    async with web_table(fake, db, clock) as table:
        w = fake.world
        await table.open_match(w.alice, w.bob)
        hand = await (await table.command(w.bob, "game hand")).wait_ephemeral()
        assert hand.visible_to is w.bob
        url = link(hand, "Open my view")  # Bob reads English
        status, body, headers = await get(url)
        assert status == 200 and headers["Cache-Control"] == "private, no-store"
        page = body.decode()
        assert "Your own view" in page and "Heaven" in page
        status, body, _ = await get(f"{url}/state.json")
        mine = json.loads(body)
        assert mine["lines"][0] == "You play Heaven."
        status, png, _ = await get(f"{url}/board.png")
        assert status == 200 and png.startswith(b"\x89PNG")
        # Alice's link is another: Bob's does not open her seat
        alices = link(await (await table.command(w.alice, "game hand")).wait_ephemeral(), "Meine Ansicht öffnen")
        assert alices != url and (await get(alices))[0] == 200


async def test_every_wrong_link_gets_the_same_404(fake, db, clock, raw_sql):
    async with web_table(fake, db, clock) as table:
        w = fake.world
        await table.open_match(w.alice, w.bob)
        url = link(table.board(), "Webansicht")
        mine = link(await (await table.command(w.bob, "game hand")).wait_ephemeral(), "Open my view")
        base, token = url.rsplit("/m/", 1)
        match_id, mac = token.split(".")
        private = mine.rsplit("/p/", 1)[1]
        parts = private.split(".")
        wrong = [
            f"{base}/m/{match_id}.{mac[:-1]}{'A' if mac[-1] != 'A' else 'B'}",  # the MAC altered
            f"{base}/m/{int(match_id) + 1}.{mac}",  # another match with this MAC
            f"{base}/m/999.{mac}", f"{base}/m/{match_id}", f"{base}/m/{'9' * 30}.{mac}",
            f"{base}/p/{'.'.join([parts[0], '0', *parts[2:]])}",  # Alice's seat with Bob's link
            f"{base}/p/{'.'.join([*parts[:4], str(int(parts[4]) + 1), parts[5]])}",  # a longer life, forged
            f"{base}/p/{private}x", f"{base}/x", f"{base}/static/nothing.js",
            f"{base}/m/{token}/frame/-1.png", f"{base}/p/{private}/nothing",
        ]
        for address in wrong:
            assert (await get(address))[:2] == NOT_FOUND, address
        assert (await get(mine))[0] == 200
        # expired: seven days and a second later
        clock.advance(PRIVATE_SECONDS + 1)
        assert (await get(mine))[:2] == NOT_FOUND
        assert (await get(url))[0] == 200  # the match page does not expire
        # the server turns the web view off: everything of it is gone
        await raw_sql("INSERT INTO guild_settings (guild_id, web, updated_at) VALUES (?, 0, 'now')", w.guild.id)
        table.bot.web_server.pages.forget_guild(w.guild.id)
        assert (await get(url))[:2] == NOT_FOUND
        assert (await get(f"{url}/state.json"))[:2] == NOT_FOUND


async def test_a_seat_that_changes_hands_kills_its_private_links(fake, db, clock):
    """Carol leaves a three-player match (her seat goes on autopilot), then
    takes it back: the link made before is dead, a new one works."""
    async with web_table(fake, db, clock) as table:
        w = fake.world
        dave = w.add_user("dave", global_name="Dave", locale="en-US")
        table.channel = w.channel("spiele")
        lobby = await (await table.command(w.alice, "game new", game="halleluja", here=True, players=3)).wait_response()
        join = next(c for c in lobby.custom_ids() if ":join:" in c)
        for user in (w.bob, dave):
            await table.run(await fake.click(user, lobby, join))
        before = link(await (await table.command(dave, "game hand")).wait_ephemeral(), "Open my view")
        assert (await get(before))[0] == 200
        await table.command(dave, "game leave")
        assert (await get(before))[:2] == NOT_FOUND
        refused = await (await table.command(dave, "game hand")).wait_ephemeral()
        assert not any(b.get("url", "").count("/p/") for b in refused.buttons())  # no seat held: no own page
        await table.command(dave, "game rejoin")
        assert (await get(before))[:2] == NOT_FOUND  # handed back: a new stint
        after = link(await (await table.command(dave, "game hand")).wait_ephemeral(), "Open my view")
        assert after != before and (await get(after))[0] == 200


async def test_hostile_requests(fake, db, clock):
    async with web_table(fake, db, clock) as table:
        w = fake.world
        await table.open_match(w.alice, w.bob)
        url = link(table.board(), "Webansicht")
        base = url.rsplit("/m/", 1)[0]
        for path in ("/static/../bot/config.py", "/static/%2e%2e%2fconfig.py", "/static/..%2F..%2Fetc%2Fpasswd",
                     "/m/..%2F..%2Fetc%2Fpasswd", "/static/page.js%00.png", "/static/", "/../../etc/passwd"):
            status, body, _ = await get(base + path)
            assert status == 404 and b"root:" not in body and b"SecretStr" not in body, path
        status, body, _ = await get(f"{base}/static/page.js")
        assert status == 200 and b"use strict" in body
        # a body is never read: too large is refused, a route has no POST
        assert (await get(url, "POST", data=b"x" * 100_000))[0] == 413
        assert (await get(url, "POST", data=b"x"))[0] == 405
        # a request line over aiohttp's limit is refused before our code
        assert (await get(f"{url}?{'a' * 20_000}"))[0] in (400, 414, 431)
        status, body, _ = await get(f"{url}/frame/{'9' * 40}.png")
        assert (status, body) == NOT_FOUND


async def test_too_many_requests_from_one_address_are_slowed(fake, db, clock):
    """Behind a trusted proxy (``WEB_PROXIES``) each forwarded address has a
    budget of its own; from any other peer, a forged ``X-Forwarded-For`` is
    not believed. (The budget's refill is stopped here: the test counts
    requests, not seconds.)"""
    async with web_table(fake, db, clock, web_proxies=["127.0.0.0/8"]) as table:
        w = fake.world
        await table.open_match(w.alice, w.bob)
        url = link(table.board(), "Webansicht")
        base = url.rsplit("/m/", 1)[0]
        budget = table.bot.web_server.budget
        budget.rate = 0.0
        async with aiohttp.ClientSession() as session:
            async def status(**headers) -> int:
                async with session.get(f"{base}/static/style.css", headers=headers) as answer:
                    return answer.status

            answers = [await status(**{"X-Forwarded-For": "198.51.100.7, 203.0.113.9"}) for _ in range(budget.burst + 1)]
            assert answers[:-1] == [200] * budget.burst and answers[-1] == 429
            # the proxy added the last address: what the client wrote before it does not count
            assert await status(**{"X-Forwarded-For": "198.51.100.8, 203.0.113.9"}) == 429
            assert await status(**{"X-Forwarded-For": "203.0.113.10"}) == 200
    async with web_table(fake, db, clock) as table:  # no proxy trusted: per peer, whatever the header says
        table.bot.web_server.budget.rate = 0.0
        base = f"http://127.0.0.1:{table.bot.web_server.port}"
        async with aiohttp.ClientSession() as session:
            answers = []
            for n in range(table.bot.web_server.budget.burst + 1):
                async with session.get(f"{base}/static/style.css", headers={"X-Forwarded-For": f"10.0.0.{n}"}) as a:
                    answers.append(a.status)
        assert answers[-1] == 429


def test_the_budget_refills_with_time():
    budget = Budget(burst=3, rate=2.0)
    assert [budget.take("a", 0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert budget.take("a", 0.0) == pytest.approx(0.5)  # one request back after half a second
    assert budget.take("b", 0.0) == 0.0
    assert budget.take("a", 0.5) == 0.0 and budget.take("a", 0.5) > 0


async def test_a_reader_who_leaves_cancels_nobody_elses_picture():
    cache, started, drawn = Cache(4), asyncio.Event(), asyncio.Event()

    async def slow():
        started.set()
        await drawn.wait()  # a drawing in progress until the test says it is done
        return b"png"

    first = asyncio.ensure_future(cache.get_or_make("k", slow))
    await started.wait()
    second = asyncio.ensure_future(cache.get_or_make("k", slow))
    await asyncio.sleep(0)
    first.cancel()
    await asyncio.sleep(0)
    drawn.set()
    assert await second == b"png" and cache.get("k") == b"png"
    assert first.cancelled()


async def test_no_token_is_ever_logged(fake, db, clock):
    """At DEBUG, with discord.py's payload dumps on (``BRETTBOTE_LOG_PAYLOADS=1``,
    where the board posts with their links are logged too), no line carries
    a link's MAC: the web view logs no path, and the redactor takes them out
    of everything else."""
    out = io.StringIO()
    level = logging.getLogger().level
    handler = setup_logging(logging.DEBUG, payloads=True, stream=out)
    try:
        async with web_table(fake, db, clock) as table:
            w = fake.world
            await table.open_match(w.alice, w.bob)
            url = link(table.board(), "Webansicht")
            mine = link(await (await table.command(w.bob, "game hand")).wait_ephemeral(), "Open my view")
            for address in (url, f"{url}/state.json", f"{url}/board.png?v=0", mine, f"{mine}/board.png",
                            f"{mine}/state.json", url[:-2] + "xx"):
                assert (await get(address))[0] in (200, 404)
    finally:
        logging.getLogger().removeHandler(handler)
        logging.getLogger().setLevel(level)
        for name in PAYLOAD_LOGGERS:
            logging.getLogger(name).setLevel(logging.NOTSET)
    written = out.getvalue()
    match_id = url.rsplit("/", 1)[1].split(".")[0]
    assert f"/m/{match_id}." in written  # the links were logged, and redacted
    for token in (url.rsplit("/", 1)[1], mine.rsplit("/", 1)[1]):
        assert token.rsplit(".", 1)[1] not in written
    # the key they are signed with, kept in the database, neither (aiosqlite logs its statements)
    async with contextlib.AsyncExitStack() as stack:
        store = await open_store(db)
        stack.push_async_callback(store.close)
        key = await store.secret("web", "unused")
    assert key != "unused" and key not in written


async def test_the_key_is_kept_in_the_database_and_web_secret_wins(fake, db, clock):
    async with web_table(fake, db, clock) as table:
        w = fake.world
        await table.open_match(w.alice, w.bob)
        first = link(table.board(), "Webansicht").rsplit("/", 1)[1]
    async with web_table(fake, db, clock) as again:
        again.channel = w.channel("spiele")
        await again.command(w.alice, "game board")
        assert link(again.board(), "Webansicht").rsplit("/", 1)[1] == first
    async with web_table(fake, db, clock, web_secret="s" * 40, public_url="https://brettbote.example.org/") as other:
        other.channel = w.channel("spiele")
        await other.command(w.alice, "game board")
        url = link(other.board(), "Webansicht")
        assert url.startswith(f"https://brettbote.example.org/m/{first.split('.')[0]}.") and not url.endswith(first)


async def test_a_server_can_turn_the_web_view_off(fake, db, clock):
    async with web_table(fake, db, clock) as table:
        w = fake.world
        await table.open_match(w.alice, w.bob)
        assert has_link(table.board())
        answer = await (await table.command(w.alice, "brettbote settings", web=False)).wait_ephemeral()
        assert "Webansicht der Partien: nein" in answer.content
        await table.command(w.alice, "game board")
        assert not has_link(table.board())
        hand = await (await table.command(w.bob, "game hand")).wait_ephemeral()
        assert not has_link(hand)


async def test_without_web_port_there_is_no_link(fake, table):
    w = fake.world
    await table.open_match(w.alice, w.bob)
    assert not has_link(table.board())
    assert table.bot.web_server is None
