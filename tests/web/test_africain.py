"""Tarot Africain in a real browser: a whole game against robots by clicking, with
lives as packs, bids, and the one-card round's cards on the others' foreheads."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import shot
from tests.web.play import create_table, my_phase, take_turn


def test_africain_game_to_the_end(page: Page, base_url: str) -> None:
    # Random robots lose their lives fast: heuristic ones make a game of 100 rounds.
    create_table(page, base_url, game="africain", players=3, robots="random")
    expect(page.locator("#options-summary")).to_contain_text("Robot level: random")
    page.click("#start")
    expect(page.locator("#felt[data-game=africain]")).to_be_visible()
    expect(page.locator(".life-pack")).to_have_count(3)
    assert page.locator(".life-pack b").all_inner_texts() == ["14", "14", "14"]
    seen_one_card = seen_bid = False
    deadline = time.monotonic() + 150
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        if my_phase(page) is None:  # acting only on a turn seen, so that none is missed
            page.wait_for_timeout(40)
            continue
        if not seen_bid and page.locator("#prompt .bid-button").count():
            shot(page, "africain-bid")
            seen_bid = True
        if not seen_one_card and page.locator(".forehead .card").count() == 2:
            # One card each: the others' cards are shown, mine is a back.
            assert page.locator("#hand .card.back").count() == 1
            assert page.locator("#hand .card:not(.back)").count() == 0
            shot(page, "africain-one-card")
            seen_one_card = True
        if take_turn(page) is None:
            page.wait_for_timeout(40)
    assert seen_bid
    shot(page, "africain-game-over")
    expect(page.locator("#game-over")).to_contain_text("Winner")


def test_a_player_out_of_lives_is_told_and_may_leave(new_context: object, base_url: str) -> None:
    """With one life each, the page's player bids all it can and soon loses its
    life while others play on: the page says so, in view on a phone, goes on
    showing the game, and leaves on a tap (issue 19: it once waited in silence)."""
    page: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    page.select_option("#opt-game", "africain")
    page.select_option("#opt-players", "4")
    page.select_option("#opt-robot", "random")
    page.click("#opt-rules summary")
    page.fill("#opt-rules [data-rule=lives]", "1")
    page.click("#create")
    page.click("#start")
    out = page.locator("#out-of-game")
    bids = page.locator("#prompt .bid-button:not(.illegal)")
    deadline = time.monotonic() + 90
    while not out.count():
        assert time.monotonic() < deadline, "the page's player never ran out of lives"
        if page.locator("#game-over").count():  # everybody out at once: another game
            page.click("#again")
            expect(page.locator("#game-over")).to_have_count(0)
        elif my_phase(page) == "bid" and bids.count():  # none while the bid is on its way
            bids.last.click()
        elif take_turn(page) is None:
            page.wait_for_timeout(40)
    expect(out).to_contain_text("no lives left")
    expect(out).to_be_in_viewport(ratio=1)
    shot(page, "africain-out-of-lives")
    # Watching: the others' game moves on in the page (a new round, or its end).
    label = page.locator("#round-label").inner_text()
    deadline = time.monotonic() + 30
    while (
        page.locator("#round-label").inner_text() == label
        and not page.locator("#game-over").count()
    ):
        assert time.monotonic() < deadline, "the game stood still"
        page.wait_for_timeout(50)
    # The others' game may end at any moment, and the game-over panel then hides
    # the out-of-lives one: tap its button while it shows, else leave from the menu.
    try:
        out.locator("~ button").click(timeout=3000)
    except PlaywrightTimeoutError:
        expect(page.locator("#game-over")).to_have_count(1)
        page.click("#side-toggle")
        page.click("#leave")
    expect(page.locator("#create")).to_be_visible()
