"""Browser tests: Debian's chromium driven by playwright against a real server on
loopback (``scripts/install-browser.sh`` installs chromium; nothing is downloaded)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the test server keeps its database."""
    return tmp_path_factory.mktemp("server-data")


@pytest.fixture(scope="session")
def base_url(data_dir: Path) -> Iterator[str]:
    """A real server, ``atout serve`` itself, on a free loopback port."""
    port = _free_port()
    atout = Path(sys.executable).parent / "atout"  # the installed command
    command = [str(atout), "serve", "--port", str(port), "--data-dir", str(data_dir)]
    command += ["--throttle-exempt", "127.0.0.1"]  # every browser of the tests comes from here
    process = subprocess.Popen(
        [*command, "--robot-delay", "0.02", "--trick-pause", "0.1", "--grace", "60"],
        stdout=subprocess.DEVNULL,  # its access log
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError("the test server did not start") from None
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        raise RuntimeError("chromium is missing: run scripts/install-browser.sh")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def new_context(browser: Browser) -> Iterator[object]:
    """A factory of fresh browser contexts (separate storage: separate people)."""
    contexts: list[BrowserContext] = []

    def make(mobile: bool = False) -> BrowserContext:
        size: ViewportSize = (
            {"width": 390, "height": 844} if mobile else {"width": 1280, "height": 860}
        )
        context = browser.new_context(viewport=size, locale="en-US")
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_context: object) -> Page:
    return new_context().new_page()  # type: ignore[operator, no-any-return]


def shot(page: Page, name: str) -> None:
    """Save a screenshot to look at (tests/web/screenshots, not committed) when
    ATOUT_SCREENSHOTS=1: nothing checks them, and the suite's 143 took about a
    minute of its two cores (a phone's at 3 device pixels per CSS pixel, half a
    second)."""
    if os.environ.get("ATOUT_SCREENSHOTS") != "1":
        return
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@contextmanager
def touch_screen(browser: Browser, width: int, height: int, **more: object) -> Iterator[Page]:
    """A page on a touch screen of that size, in English, whose system asks for
    less motion: measures are of the table at rest, not of a card still sliding
    in from its player's side. ``more``: other context options (a phone's)."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=True,
        locale="en-US",
        reduced_motion="reduce",
        **more,  # type: ignore[arg-type]
    )
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()
