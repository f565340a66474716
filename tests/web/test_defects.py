"""Defects a new user hit in a real browser (issue 19), each checked the way they
met it. Cards the server's seeds deal too rarely (a poignée, a deal of one bout)
come from a game the test serves itself (``tests/web/scripted.py``)."""

from __future__ import annotations

import uuid

from playwright.sync_api import Page, Position, expect

CORNER: Position = {"x": 10, "y": 24}  # a hand's cards overlap: click the corner a player sees


def _register(page: Page, base_url: str) -> str:
    name = f"new{uuid.uuid4().hex[:12]}"
    page.goto(f"{base_url}/#/login")
    page.fill("#login-name", name)
    page.fill("#login-password", "a long password")
    page.click("#do-register")
    expect(page.locator("#who")).to_contain_text(name)
    return name


def test_a_player_who_logs_in_may_tick_competitive_at_once(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/")
    expect(page.locator("#who")).to_contain_text("guest_")
    expect(page.locator("#opt-competitive")).to_be_disabled()  # guests practise
    name = _register(page, base_url)
    expect(page.locator("#opt-competitive")).to_be_enabled()
    page.reload()
    expect(page.locator("#who")).to_contain_text(name)
    expect(page.locator("#opt-competitive")).to_be_enabled()
    page.get_by_role("button", name="Log out").click()
    expect(page.locator("#login-link")).to_be_visible()
    expect(page.locator("#opt-competitive")).to_be_disabled()
