"""Accessibility that a machine can check: every text contrasts with what is
behind it at 4.5:1 at least (3:1 when large), on every screen, in play."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.web.play import create_table, take_turn

CONTRAST = (Path(__file__).parent / "contrast.js").read_text()
SCREENS = ["#/", "#/login", "#/leaderboard", "#/replay", "#/sheet", "#/help"]


def _low_contrast(page: Page) -> list[str]:
    found: list[str] = page.evaluate(CONTRAST)
    return found


@pytest.mark.parametrize("screen", SCREENS)
def test_every_text_of_a_screen_contrasts(page: Page, base_url: str, screen: str) -> None:
    page.goto(f"{base_url}/{screen}")
    page.wait_for_selector("#who")
    page.wait_for_timeout(300)
    assert _low_contrast(page) == []


def test_every_text_of_a_table_in_play_contrasts(page: Page, base_url: str) -> None:
    create_table(page, base_url, players=4)
    page.click("#start")
    seen: set[str] = set()
    for _ in range(12):
        page.wait_for_selector("#turn-line.mine", timeout=30_000)
        seen.update(_low_contrast(page))
        take_turn(page)
    assert sorted(seen) == []
