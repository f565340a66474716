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


def test_an_empty_form_is_said_so_in_the_pages_language(page: Page, base_url: str) -> None:
    """Registering with empty fields showed the validator's English ("body.name:
    String should have at least 1 character") in a French page."""
    page.add_init_script("localStorage.setItem('atout.lang', 'fr')")
    page.goto(f"{base_url}/#/login")
    message = page.locator("form .error")
    page.click("#do-register")
    expect(message).to_have_text("Saisissez un nom.")
    page.fill("#login-name", "quelqu_un")
    page.click("#do-login")
    expect(message).to_have_text("Saisissez un mot de passe.")
    # A name too long for the server (the field's own limit bypassed): the rule, in French.
    page.evaluate("document.querySelector('#login-name').value = 'x'.repeat(65)")
    page.fill("#login-password", "a long password")
    page.click("#do-register")
    expect(message).to_have_text("Un nom a de 3 à 24 caractères.")
    # A refusal of the request's shape, which this page's own requests no longer
    # provoke (another client's might), is worded too.
    refusal = {"code": "invalid_request", "params": {"field": "body.name", "reason": "x"}}
    page.route("**/api/register", lambda route: route.fulfill(status=422, json=refusal))
    page.click("#do-register")
    expect(message).to_contain_text("Le formulaire a été refusé")
