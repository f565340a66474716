"""Signing up and out in the browser: logging out ends the session on the
server, so the token the page held opens nothing any more."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from atout.server.protocol import PROTOCOL_VERSION


def _hello(base_url: str, token: str) -> dict[str, object]:
    with connect(base_url.replace("http", "ws") + "/ws") as ws:
        ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "token": token}))
        answer: dict[str, object] = json.loads(ws.recv())
        return answer


def test_logging_out_ends_the_session_on_the_server(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/login")
    page.fill("#login-name", "Zoé Martin")  # a space and an accent are fine
    page.fill("#login-password", "a long password")
    page.click("#do-register")
    expect(page.locator("#who")).to_contain_text("Zoé Martin")
    token = page.evaluate("() => localStorage.getItem('atout.token')")
    assert _hello(base_url, token)["type"] == "welcome"
    page.get_by_role("button", name="Log out").click()
    expect(page.locator("#login-link")).to_be_visible()
    answer = _hello(base_url, token)
    assert answer["type"] == "error" and "expired" in str(answer["message"])
