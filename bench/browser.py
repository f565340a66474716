"""What a player feels in a real browser (Debian's Chromium through Playwright)
on loopback: the bytes a first visit transfers, and the time from a click on a
card to that card drawn in the trick (the page, the socket, the server and back).

Run: ``uv run python bench/browser.py [--plays 60] [--width 390 --height 844]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, sync_playwright

from bench.serving import served

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

CLICK_TO_CARD = """(card) => new Promise((resolve) => {
  const start = performance.now();
  const outside = () => [...document.querySelectorAll(`.card[data-card="${card}"]`)]
    .some((el) => !el.closest("#hand"));
  const watch = new MutationObserver(() => {
    if (outside()) { watch.disconnect(); resolve(performance.now() - start); }
  });
  watch.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => { watch.disconnect(); resolve(null); }, 5000);
  document.querySelector(`#hand .card.legal[data-card="${card}"]`).click();
})"""
"""Milliseconds from the click to the card shown outside the hand (null: not
shown within 5 s, a click the page did not take)."""
MY_PHASE = """() => document.querySelector("#turn-line.mine")
  ? document.querySelector("#felt").dataset.phase : null"""
"""The phase when the page says it is this player's turn, else null."""


def first_visit(page: Page, base: str) -> tuple[int, int]:
    """(bytes transferred, requests) loading the lobby with an empty cache."""
    sizes: list[int] = []
    page.on(
        "requestfinished",
        lambda request: sizes.append(
            request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"]
        ),
    )
    page.goto(f"{base}/#/", wait_until="networkidle")
    page.wait_for_selector("#who")
    return sum(sizes), len(sizes)


def click_to_card(page: Page, base: str, plays: int) -> list[float]:
    """Play French deals against robots, timing every card this page plays."""
    times: list[float] = []
    missed = 0
    page.goto(f"{base}/#/")
    page.wait_for_selector("#who")
    page.select_option("#opt-robot", "random")
    page.fill("#opt-seconds", "600")
    page.fill("#opt-rounds", "50")
    page.click("#create")
    page.click("#start")
    deadline = time.monotonic() + 600
    while len(times) < plays and time.monotonic() < deadline:
        mine = page.evaluate(MY_PHASE)
        legal = page.locator("#hand .card.legal")
        if mine == "play" and legal.count():
            taken = page.evaluate(CLICK_TO_CARD, legal.first.get_attribute("data-card"))
            if taken is None:
                missed += 1
            else:
                times.append(taken)
            continue
        for answer in (
            '#prompt [data-action="bid:pass"]',
            '#prompt [data-action="chelem:no"]',
            '#prompt [data-action="misere:none"]',
            '#prompt [data-action="poignee:none"]',
            "#deal-result button",
        ):
            if page.locator(answer).count():
                page.locator(answer).first.click()
                break
        else:
            page.wait_for_timeout(30)
    if missed:
        print(f"{missed} clicks not taken within 5 s")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plays", type=int, default=60)
    parser.add_argument("--width", type=int, default=1366)
    parser.add_argument("--height", type=int, default=768)
    parser.add_argument("--verbose", action="store_true", help="Print every time.")
    options = parser.parse_args()
    with (
        served("--robot-delay", "0.05", "--trick-pause", "0.2") as (port, _),
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        viewport = ViewportSize(width=options.width, height=options.height)
        base = f"http://127.0.0.1:{port}"
        transferred, requests = first_visit(browser.new_context(viewport=viewport).new_page(), base)
        times = click_to_card(
            browser.new_context(viewport=viewport).new_page(), base, options.plays
        )
        browser.close()
    print(f"first visit: {transferred / 1024:.1f} KiB transferred in {requests} requests")
    if len(times) < 2:
        print("click to card: too few plays measured")
        return
    if options.verbose:
        print(" ".join(f"{t:.0f}" for t in times))
    cuts = statistics.quantiles(times, n=20)
    print(
        f"click to card ({len(times)} plays, {options.width}x{options.height}): "
        f"p50 {statistics.median(times):.1f} ms, p95 {cuts[18]:.1f} ms, max {max(times):.1f} ms"
    )


if __name__ == "__main__":
    main()
