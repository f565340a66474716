"""A finger's target for every control on a touch screen (an exploratory tester's
phones): the header's links were 16 to 19 px high, the language button 26 to 29, the
lobby's checkboxes 13 x 13 in rows of 19, its fields 28 to 30 px, the buttons 35;
at the table the options' ⚙ 29 x 21, the drawer's ☰ 38 x 30 and ✕ 38 x 35, "Last
trick" and "Continue" 32 px high, the bids 36, Tarot Africain's tricks 30 x 36; the
score sheet's ✎ and ✕ of a deal 13 x 18. On a touch screen (``pointer: coarse``)
each is now 44 px high, 44 wide if it shows an icon (Apple's, Google's and WCAG's
guidance), on the lobby, the table (bidding, playing, its drawer open, the deal's
result, Tarot Africain's bids) and the score sheet, in English and French. A link
inside a sentence (text beside it in its parent) is exempt: it keeps its line's
height. The hand's cards are test_hand_phone.py's. A screen under 700 px high keeps
its table's header and play area dense (the felt has no room: test_layout.py), and
is measured there in the drawer and the felt's "Last trick", and in its play area
the width of its icons' buttons (the drawer's ☰ was 29 x 21 there, Tarot
Africain's bids 30 x 36): a finger's width costs the felt no height."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import shot, touch_screen
from tests.web.play import create_table, tap_in_view
from tests.web.scripted import TABLE, ScriptedTable, last_card

TARGETS = (Path(__file__).parent / "touch_targets.js").read_text()
LEAST = 44
PHONES = {"390x844-en": (390, 844, "en"), "360x640-fr": (360, 640, "fr")}


def _small(page: Page, where: str) -> list[str]:
    dense = (page.viewport_size or {"height": 0})["height"] < 700
    return [f"{where}: {what}" for what in page.evaluate(TARGETS, [LEAST, dense])]


@pytest.mark.parametrize("phone", list(PHONES))
def test_every_control_is_a_finger_s_target(browser: Browser, base_url: str, phone: str) -> None:
    width, height, lang = PHONES[phone]
    small: list[str] = []
    with touch_screen(browser, width, height, is_mobile=True) as page:
        page.goto(f"{base_url}/#/")
        page.wait_for_selector("#who")
        if lang == "fr":
            page.click("#lang")
            expect(page.locator("html")).to_have_attribute("lang", "fr")
        page.click("#opt-rules summary")  # the lobby's more rules, opened
        small += _small(page, "lobby")
        shot(page, f"targets-lobby-{phone}")

        create_table(page, base_url, players=4)
        small += _small(page, "a table waiting")
        page.click("#start")
        expect(page.locator("#prompt .bid-button").first).to_be_visible()
        small += _small(page, "the bids")
        shot(page, f"targets-bids-{phone}")
        tap_in_view(page, "#side-toggle")
        expect(page.locator("#side-close")).to_be_in_viewport()
        small += _small(page, "the drawer")
        page.click("#options-button")
        small += _small(page, "the table's options")
        shot(page, f"targets-drawer-{phone}")

        # The deal's last card played: the result, its button, and the last trick.
        page = page.context.new_page()  # the game served by the test (scripted.py)
        ScriptedTable(page, [0], before=last_card)
        page.goto(f"{base_url}/#/table/{TABLE}")
        small += _small(page, "a card to play")
        tap_in_view(page, "#hand .card.legal", {"x": 10, "y": 24})
        expect(page.locator("#deal-continue")).to_be_visible()
        small += _small(page, "the deal's result")
        shot(page, f"targets-result-{phone}")

        page.goto(f"{base_url}/#/sheet")
        page.select_option("#deal-taker", "0")
        page.fill("#deal-points", "50")
        page.select_option("#deal-bouts", "2")
        page.click("#add-deal")
        expect(page.locator("#sheet-table tbody tr")).to_have_count(1)
        small += _small(page, "the score sheet")
        shot(page, f"targets-sheet-{phone}")
    assert not small, f"under {LEAST} px on a {width} x {height} touch screen: " + "; ".join(small)


@pytest.mark.parametrize("phone", ["390x844-en", "360x640-fr"])
def test_africain_s_bids_are_a_finger_s_target(browser: Browser, base_url: str, phone: str) -> None:
    width, height, _ = PHONES[phone]
    with touch_screen(browser, width, height, is_mobile=True) as page:
        create_table(page, base_url, game="africain", players=4, robots="random")
        page.click("#start")
        expect(page.locator("#prompt .bid-button").first).to_be_visible(timeout=30_000)
        small = _small(page, "Tarot Africain's bids")
        shot(page, f"targets-africain-{phone}")
    assert not small, "; ".join(small)
