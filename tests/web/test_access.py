"""Accessibility that a machine can check: every text contrasts with what is
behind it at 4.5:1 at least (3:1 when large), on every screen, in play; each
decision asked of the player takes the keyboard and is announced, and so are the
others' moves."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.play import create_table, take_turn
from tests.web.scripted import TABLE, ScriptedTable

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


def _focused(page: Page) -> str:
    """What has the keyboard: its id, else its action or card."""
    found: str = page.evaluate(
        """() => { const e = document.activeElement;
                   return e.id || e.dataset.action || e.dataset.card || e.tagName; }"""
    )
    return found


def test_each_new_prompt_takes_the_keyboard_and_is_announced(page: Page, base_url: str) -> None:
    """A keyboard or screen-reader user plays a deal by keys alone, with no Tab
    through the page: each new decision takes the focus (the first bid allowed, the
    écart's first card then its confirm, a question's first answer, the first card
    to play) and is said in a live region; the écart's confirm is two Shift+Tabs
    from the hand, which takes one Tab; typing in the chat keeps the keyboard."""
    ScriptedTable(page, [11])
    page.goto(f"{base_url}/#/table/{TABLE}")
    announced = page.locator("#turn-announce")
    expect(announced).to_have_attribute("aria-live", "polite")
    # The bid: the first bid the rules allow ("Pass") has the keyboard.
    expect(page.locator("#prompt .bid-button:not(.illegal)").first).to_be_focused()
    expect(page.locator('#prompt [data-action="bid:pass"]')).to_be_focused()
    expect(announced).to_have_text("Your turn: Bid")
    for _ in range(6):
        if _focused(page) == "bid:garde":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    # The écart: its first card, then its confirm once six are chosen.
    expect(page.locator("#confirm-ecart")).to_be_disabled()
    expect(page.locator("#hand .card.legal").first).to_be_focused()
    expect(announced).to_have_text("Your turn: Choose 6 cards to put aside (6 left)")
    for _ in range(6):
        while not page.evaluate("document.activeElement.matches('.card.legal:not(.selected)')"):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    expect(page.locator("#hand .card.selected")).to_have_count(6)
    expect(page.locator("#confirm-ecart")).to_be_focused()
    # The hand is one Tab; the confirm, two Shift+Tabs back from it.
    page.keyboard.press("Tab")
    assert _focused(page) == "clear-ecart"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('#hand .card')")
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.matches('#hand .card')")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#confirm-ecart")).to_be_focused()
    page.keyboard.press("Enter")
    # The chelem's question: its first answer.
    expect(page.locator('#prompt [data-action="chelem:no"]')).to_be_focused()
    expect(announced).to_contain_text("Your turn: Announce a chelem")
    page.keyboard.press("Enter")
    # A card to play: the first legal one; a drawing that changes no decision
    # (L shows the last trick) leaves the keyboard where the player put it.
    expect(page.locator("#hand .card.legal").first).to_be_focused()
    expect(announced).to_have_text("Your turn: play a card")
    page.focus("#mute")
    page.keyboard.press("l")
    expect(page.locator("#mute")).to_be_focused()
    # Typing in the chat when the next card is asked: the words stay with the keyboard.
    page.focus("#chat-input")
    page.keyboard.type("bien joué")
    before = page.locator("#hand .card").count()
    page.evaluate("document.querySelector('#hand .card.legal').click()")  # the focus unmoved
    expect(page.locator("#hand .card")).to_have_count(before - 1)
    expect(page.locator("#turn-line.mine")).to_be_visible()
    expect(page.locator("#chat-input")).to_be_focused()
    expect(page.locator("#chat-input")).to_have_value("bien joué")


def test_the_others_moves_are_said_as_they_happen(page: Page, base_url: str) -> None:
    """A screen reader heard its own turns and the game's end only (an exploratory
    tester counted 29 announcements in a game, none of another's bid or card, nor
    of who took a trick). The others' bids and cards, and each trick's winner, are
    said in a polite live region as they come."""
    create_table(page, base_url, players=3, robots="random")
    page.click("#start")
    told = page.locator("#play-announce")
    expect(told).to_have_attribute("aria-live", "polite")
    heard: set[str] = set()
    deadline = time.monotonic() + 90
    while not {"bid", "card", "trick"} <= heard:
        assert time.monotonic() < deadline, f"heard only {heard}"
        text = told.inner_text()
        if re.search(r"robot \d: (Pass|Prise|Garde)", text):
            heard.add("bid")
        if re.search(r"robot \d plays (Excuse|Trump \d+|\w+ of \w+)", text):
            heard.add("card")
        if re.search(r"\S wins the trick", text):
            heard.add("trick")
        if take_turn(page) is None:
            page.wait_for_timeout(20)
    # Each update's moves are a line added to the region, the last few kept: a text
    # replaced by the next update a moment later went unheard.
    lines = told.locator("div")
    while lines.count() < 2:
        assert time.monotonic() < deadline, f"{lines.count()} line in the region"
        if take_turn(page) is None:
            page.wait_for_timeout(20)
    assert lines.count() <= 4


def test_a_table_reads_as_a_page_to_a_screen_reader(page: Page, base_url: str) -> None:
    """The table page has a title (a screen reader goes from heading to heading), a
    robot's seat is not said "BOT robot 2", and the sound button says its state in
    its words only (pressed or not said it twice, at odds: "Sounds on, not pressed")."""
    table = create_table(page, base_url, players=3, robots="random")
    page.click("#start")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"French Tarot · Table {table}")
    robot = page.locator('.seat-box[data-seat="1"] .robot-badge')
    expect(robot).to_have_attribute("aria-hidden", "true")
    expect(robot).to_have_text("BOT")  # "IA" in French (the badge said BOT there too)
    expect(page.locator('.seat-box[data-seat="1"] .seat-name')).to_contain_text("robot 2")
    mute = page.locator("#mute")
    expect(mute).to_have_text("♪ Sounds on")
    assert mute.get_attribute("aria-pressed") is None
    page.click("#lang")  # the badge is the page's language's too
    expect(robot).to_have_text("IA")
    expect(mute).to_have_text("♪ Sons activés")
