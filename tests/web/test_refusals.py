"""Refusals in the page's language: the server sends a code with parameters, and
the French page words an illegal card or a refused sign-in in French from the
shared catalogue, without a word of the server's English."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Page, WebSocket, expect

from atout.refusals import MESSAGES
from tests.web.conftest import shot
from tests.web.play import create_table, my_phase, take_turn

PLAY_CODES = {"must_follow", "must_trump", "must_overtrump", "must_play_trump", "excuse_last"}
ENGLISH = re.compile(
    r"\b(Refused|you|must|follow|trump|overtrump|hold|spades|hearts|diamonds|clubs|of|"
    r"King|Queen|Knight|Jack|wrong|name|password|guests)\b"
)


def _in_french(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    page.click("#lang")
    expect(page.locator("#lang")).to_have_text("English")  # the page is French now


def _fixed_words(code: str, lang: str) -> list[str]:
    """The parts of a catalogue message around its placeholders."""
    return [part.strip() for part in re.split(r"\{\w+\}", MESSAGES[code][lang]) if part.strip()]


def test_an_illegal_card_is_refused_in_french(page: Page, base_url: str) -> None:
    errors: list[dict[str, Any]] = []

    def watch(ws: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "error":
                errors.append(message)

        ws.on("framereceived", received)

    page.on("websocket", watch)
    _in_french(page, base_url)
    create_table(page, base_url)
    page.click("#start")
    deadline = time.monotonic() + 150
    while True:
        assert time.monotonic() < deadline, "no illegal card was offered in time"
        if my_phase(page) == "play" and page.locator("#hand .card.illegal").count():
            break
        if take_turn(page) is None:
            page.wait_for_timeout(50)
    page.locator("#hand .card.illegal").first.click(position={"x": 10, "y": 24})
    line = page.locator("#table-error")
    expect(line).to_contain_text("Refusé : ")
    shot(page, "refusal-in-french")
    text = line.inner_text()
    assert errors, "the refusal came by another way than the websocket"
    error = errors[-1]
    # On the wire: the code, its parameters and the English message beside them.
    assert error["code"] in PLAY_CODES and isinstance(error["params"], dict), error
    assert error["message"] and error["message"] not in text
    # On the page: the catalogue's French words, every parameter in French too.
    for words in _fixed_words(error["code"], "fr"):
        assert words in text, (words, text)
    assert not ENGLISH.search(text), text
    if "suit" in error["params"]:
        suit = {"spades": "pique", "hearts": "cœur", "diamonds": "carreau", "clubs": "trèfle"}
        assert suit[error["params"]["suit"]] in text
    if error["code"] == "must_overtrump":
        assert f"Atout {error['params']['trump'][1:]}" in text


def test_the_login_page_refuses_in_french(page: Page, base_url: str) -> None:
    _in_french(page, base_url)
    page.goto(f"{base_url}/#/login")
    page.fill("#login-name", "guest_marie")
    page.fill("#login-password", "a long password")
    page.click("#do-register")
    alert = page.locator("#app p.error")
    expect(alert).to_have_text("Les noms commençant par « guest » sont réservés aux invités.")
    page.fill("#login-name", "Personne Ici")
    page.click("#do-login")
    expect(alert).to_have_text("Nom ou mot de passe incorrect.")
    assert not ENGLISH.search(alert.inner_text())


def test_a_long_wait_is_said_in_minutes_by_the_page(page: Page, base_url: str) -> None:
    """As the server words it (atout.refusals.duration): a throttle said 549 s."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    said = page.evaluate(
        """async () => {
            const i18n = await import("/js/i18n.js");
            await i18n.refusalsLoaded;
            return [45, 549, 600, 7500].map((seconds) =>
                i18n.refusal({ code: "too_many_sign_ins", params: { seconds } }));
        }"""
    )
    assert [text.split(" in ")[-1] for text in said] == ["45 s", "9 min 9 s", "10 min", "2 h 5 min"]
