"""A real browser for the web view's tests: Debian's ``chromium`` driven by
Playwright for Python through its executable path (browsers cannot be
downloaded here). Without the browser the tests are skipped with the reason,
except under ``REQUIRE_BROWSER=1`` (CI, whose ``.ci/run`` installs it),
where a missing browser fails them.

Screenshots go to ``test-artefacts/web/`` beside the tests (or
``$BRETTBOTE_ARTEFACTS``), kept after the run for a person to look at."""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path
from typing import AsyncIterator

import pytest

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
#: Flags for a sandboxed, offline machine: no sandbox as root, no GPU, and
#: nothing that calls Google's hosts at start.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
ARTEFACTS = Path(os.environ.get("BRETTBOTE_ARTEFACTS") or Path(__file__).resolve().parents[1] / "test-artefacts") / "web"


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def need_browser() -> str:
    path = chromium()
    try:
        import playwright  # noqa: F401
    except ImportError:
        path = None
    if path is None:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail("REQUIRE_BROWSER=1 but there is no chromium (apt-get install chromium) or no playwright")
        pytest.skip("no chromium or no playwright: the browser tests need Debian's chromium package")
    return path


@contextlib.asynccontextmanager
async def browser() -> AsyncIterator:
    from playwright.async_api import async_playwright

    path = need_browser()
    async with async_playwright() as p:
        launched = await p.chromium.launch(executable_path=path, args=FLAGS)
        try:
            yield launched
        finally:
            await launched.close()


class Page:
    """One browser page at a viewport, with every console error and page
    error it had collected in :attr:`errors`."""

    def __init__(self, page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    async def shot(self, name: str) -> Path:
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTEFACTS / f"{name}.png"
        await self.page.screenshot(path=str(path), full_page=True)
        return path


@contextlib.asynccontextmanager
async def page_at(launched, viewport: dict, **options) -> AsyncIterator[Page]:
    context = await launched.new_context(viewport=viewport, device_scale_factor=2 if viewport is PHONE else 1,
                                         has_touch=viewport is PHONE, is_mobile=viewport is PHONE, **options)
    try:
        yield Page(await context.new_page())
    finally:
        await context.close()
