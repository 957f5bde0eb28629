"""The web view in a real browser (Debian's chromium through Playwright, see
:mod:`web_browser`), at a phone's viewport (390x844) and a desktop's: a
6-player HellGame's page loads without console errors, zoom changes the
board's scale, tapping a sectio shows what is there, the replay slider steps
frames, a move made through Discord appears without a reload, and the private
page opens with its link and gives the same 404 for a wrong, expired or
other seat's link. Screenshots are kept in ``test-artefacts/web/``.

On SQLite only: the pages read the store through the same calls on either
database, and tests/test_web_view.py runs those on both."""

from __future__ import annotations

import json
import random

import pytest
from hellgame_table import decide, open_match
from test_web_view import get, link, web_table
from web_browser import DESKTOP, PHONE, browser, page_at

import engines
from bot.web.links import PRIVATE_SECONDS

pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
#: How long the page may take to show a move (it looks every few seconds),
#: and anything else on a loaded machine (a 6-seat board drawn three times larger).
SEEN_WITHIN_MS = LOADED_MACHINE_MS = 90_000


async def six_at_the_table(fake, table):
    w = fake.world
    users = [w.alice, w.bob, w.carol] + [w.add_user(n, global_name=n.title(), locale="en-US")
                                         for n in ("dora", "emil", "fritz")]
    await open_match(fake, table, users, seed=3)
    return users


async def move(table, stored, users, rnd) -> None:
    """The first asked seat decides, through Discord."""
    match, _ = await stored()
    state = engines.get("hellgame").load_state(match.state)
    seat = engines.get("hellgame").to_act(state)[0]
    await decide(table, match, state, users[seat], rnd)


async def open_board(page, url: str) -> None:
    page.page.set_default_timeout(LOADED_MACHINE_MS)
    await page.page.goto(url)
    await page.page.wait_for_function("() => document.getElementById('board').complete"
                                      " && document.getElementById('board').naturalWidth > 0"
                                      " && document.querySelectorAll('#regions polygon').length > 0")


def area(poly: list) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]))) / 2


def inside(poly: list, x: float, y: float) -> bool:
    hit = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def middle(poly: list) -> tuple[float, float]:
    """A point well inside the outline: of a grid's points inside it, the one
    farthest from its corners (a sectio can be bent round a ring)."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    grid = [(min(xs) + (max(xs) - min(xs)) * i / 24, min(ys) + (max(ys) - min(ys)) * j / 24)
            for i in range(1, 24) for j in range(1, 24)]
    return max((q for q in grid if inside(poly, *q)),
               key=lambda q: min((q[0] - x) ** 2 + (q[1] - y) ** 2 for x, y in poly))


async def tap_region(page, region: dict, board: dict, touch: bool) -> None:
    """Tap ``region`` well inside, where the page shows it."""
    box = await page.page.locator("#regions").bounding_box()
    mx, my = middle(region["poly"])
    x = box["x"] + mx * box["width"] / board["width"]
    y = box["y"] + my * box["height"] / board["height"]
    if touch:
        await page.page.touchscreen.tap(x, y)
    else:
        await page.page.mouse.click(x, y)


async def test_a_six_player_hellgame_in_the_browser(fake, db, clock, stored):
    async with web_table(fake, db, clock) as table, browser() as launched:
        users = await six_at_the_table(fake, table)
        url = link(table.board(), "Webansicht") + "?lang=en"
        state = json.loads((await get(url.replace("?lang=en", "/state.json?lang=en")))[1])
        sectios = [r for r in state["regions"] if r["id"].startswith("sectio:")]
        assert len(sectios) == 45
        for viewport, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
            async with page_at(launched, viewport) as page:
                await open_board(page, url)
                await page.shot(f"hellgame-{name}")
                # usable on a phone: nothing wider than the screen, the board as wide as it
                width = await page.page.evaluate("document.scrollingElement.scrollWidth")
                assert width <= viewport["width"]
                board_box = await page.page.locator("#board").bounding_box()
                assert board_box["width"] >= 0.85 * min(viewport["width"], 900)
                # zoom: the wheel over the board and the + button enlarge it; "Whole board" goes back
                await page.page.mouse.move(board_box["x"] + board_box["width"] / 2,
                                           board_box["y"] + board_box["height"] / 2)
                await page.page.mouse.wheel(0, -600)
                await page.page.wait_for_function("() => Number(document.getElementById('stage').dataset.scale) > 1.5")
                wider = await page.page.locator("#board").bounding_box()
                assert wider["width"] > 1.5 * board_box["width"]
                await page.shot(f"hellgame-{name}-zoomed")
                await page.page.click("#zoom-reset")
                assert await page.page.get_attribute("#stage", "data-scale") == "1.000"
                await page.page.click("#zoom-in")
                assert float(await page.page.get_attribute("#stage", "data-scale")) == pytest.approx(1.5)
                await page.page.click("#zoom-reset")
                # tap a sectio: its name and what is there
                held = max(sectios, key=lambda r: (len(r["lines"]), area(r["poly"])))
                await tap_region(page, held, state["board"], touch=viewport is PHONE)
                await page.page.wait_for_selector("#details:not([hidden])")
                assert await page.page.inner_text("#details-title") == held["title"]
                shown = await page.page.inner_text("#details-lines")
                assert all(line in shown for line in held["lines"])
                await page.shot(f"hellgame-{name}-tapped")
                assert page.errors == [], page.errors

        # a move made through Discord appears on an open page without a reload
        async with page_at(launched, PHONE) as page:
            await open_board(page, url)
            before = await page.page.evaluate("document.body.dataset.v")
            rnd = random.Random(5)
            for _ in range(30):  # secret choices show spectators nothing: on to a public move
                await move(table, stored, users, rnd)
                public = json.loads((await get(url.replace("?lang=en", "/state.json?lang=en")))[1])
                if any(chapter["moves"] for chapter in public["log"]):
                    break
            # the log by round and phase: every chapter under its heading
            assert public["log"] and all(chapter["heading"] for chapter in public["log"])
            await page.page.wait_for_function(f"() => document.body.dataset.v !== '{before}'"
                                              " && document.querySelectorAll('#log li').length > 0",
                                              timeout=SEEN_WITHIN_MS)
            # the replay: the slider steps back through the spectators' pictures, and "Now" returns
            await page.page.wait_for_function("() => !document.getElementById('slider').disabled", timeout=SEEN_WITHIN_MS)
            last = int(await page.page.get_attribute("#slider", "max"))
            assert last >= 1
            await page.page.locator("#slider").fill("0")
            await page.page.wait_for_function("() => document.body.dataset.frame === '0'"
                                              " && document.getElementById('board').src.includes('/frame/0.png')"
                                              " && document.getElementById('board').complete")
            await page.shot("hellgame-phone-replay")
            await page.page.click("#live")
            await page.page.wait_for_function("() => document.body.dataset.frame === 'live'")
            assert "/board.png" in await page.page.get_attribute("#board", "src")
            assert page.errors == [], page.errors


async def test_the_private_page_in_the_browser(fake, db, clock, stored):
    async with web_table(fake, db, clock) as table, browser() as launched:
        users = await six_at_the_table(fake, table)
        bob, dora = users[1], users[3]
        own = link(await (await table.command(bob, "game hand")).wait_ephemeral(), "Open my view")
        others = link(await (await table.command(dora, "game hand")).wait_ephemeral(), "Open my view")
        async with page_at(launched, PHONE) as page:
            answer = await page.page.goto(own + "?lang=en")
            assert answer.status == 200
            await page.page.wait_for_function("() => document.getElementById('hand').complete"
                                              " && document.getElementById('hand').naturalWidth > 0")
            assert "only for you" in await page.page.inner_text(".private-note")
            # after the page's first look at its state the card texts still say something
            await page.page.wait_for_function("() => document.getElementById('updated').textContent !== ''")
            assert (await page.page.inner_text("#cards")).strip()
            await page.shot("hellgame-private-phone")
            assert page.errors == [], page.errors
            # a wrong, another seat's (forged from Bob's), and an expired link: the same 404
            parts = own.rsplit("/p/", 1)[1].split(".")
            wrong = own[:-3] + ("AAA" if not own.endswith("AAA") else "BBB")
            forged = own.rsplit("/p/", 1)[0] + "/p/" + ".".join([parts[0], str((int(parts[1]) + 1) % 6), *parts[2:]])
            bodies = set()
            for address in (wrong, forged):
                answer = await page.page.goto(address)
                assert answer.status == 404
                bodies.add((await page.page.inner_text("body")).strip())
            async with page_at(launched, PHONE) as still_open:
                await still_open.page.goto(own + "?lang=en")
                clock.advance(PRIVATE_SECONDS + 1)
                # a page left open learns at its next look that its link died, and says so
                await still_open.page.wait_for_selector(".gone", timeout=SEEN_WITHIN_MS)
                assert "no longer available" in await still_open.page.inner_text("main")
                assert "Your hand" not in await still_open.page.inner_text("body")
            for address in (own, others):
                answer = await page.page.goto(address)
                assert answer.status == 404
                bodies.add((await page.page.inner_text("body")).strip())
            assert bodies == {"Not found"}


@pytest.mark.parametrize("game", ["himmel-und-hoelle", "hoch-und-hoeher", "hektor-und-achill", "halleluja"])
async def test_every_game_in_the_browser(fake, db, clock, game):
    """Each game's page at a phone's viewport: it loads without console
    errors, zooms, and a tap on a place shows that place."""
    async with web_table(fake, db, clock) as table, browser() as launched:
        w = fake.world
        await table.open_match(w.alice, w.bob, game=game, players=2)
        url = link(table.board(), "Webansicht") + "?lang=de"
        state = json.loads((await get(url.replace("?lang=de", "/state.json?lang=de")))[1])
        assert state["regions"] and state["board"]["width"] > 0
        async with page_at(launched, PHONE) as page:
            await open_board(page, url)
            assert await page.page.evaluate("document.querySelectorAll('#regions polygon').length") == \
                len(state["regions"])
            await page.page.click("#zoom-in")
            assert float(await page.page.get_attribute("#stage", "data-scale")) > 1
            await page.page.click("#zoom-reset")
            place = max(state["regions"], key=lambda r: (len(r["lines"]), area(r["poly"])))
            await tap_region(page, place, state["board"], touch=True)
            await page.page.wait_for_selector("#details:not([hidden])")
            assert await page.page.inner_text("#details-title") == place["title"]
            await page.shot(f"{game}-phone-tapped")
            assert page.errors == [], page.errors
