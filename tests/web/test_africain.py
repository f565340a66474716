"""Tarot Africain in a real browser: a whole game against robots by clicking, with
lives as packs, bids, and the one-card round's cards on the others' foreheads."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
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


MEASURE = (Path(__file__).parent / "layout.js").read_text()
CONTRAST = (Path(__file__).parent / "contrast.js").read_text()
ENDS = {
    # a desktop in English at four, a small phone in French at five (the top-left
    # seat's box under the round's label)
    "desktop-en-4": ((1366, 768), "en", 4, "Winner: ", "Deals per game (French Tarot): 1"),
    "phone-fr-5": (
        (360, 640),
        "fr",
        5,
        "Gagnant : ",
        "Donnes par partie (tarot français)\u00a0: 1",
    ),
}


@pytest.mark.parametrize("end", list(ENDS))
def test_an_africain_game_ends_readably(browser: Browser, base_url: str, end: str) -> None:
    """One life each, played to the end by taps: at every turn and at the end the
    table is measured (the round's label once covered a seat at five on a phone,
    and the upper seats the trick's upper cards), and who won is read (it also
    lay dark on the felt's green, under the round's label). The summary does not
    call the French deals option rounds: the game lasted many rounds, and said
    "Rounds per game: 1"."""
    (width, height), lang, players, winner, deals = ENDS[end]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=True,
        locale="en-US",
        reduced_motion="reduce",
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    if lang == "fr":
        page.click("#lang")
    page.select_option("#opt-game", "africain")
    if players == 5:
        page.select_option("#opt-variant", "cinq")
    page.select_option("#opt-players", str(players))
    page.select_option("#opt-robot", "random")
    page.click("#opt-rules summary")
    page.fill("#opt-rules [data-rule=lives]", "1")
    page.click("#create")
    expect(page.locator("#options-summary")).to_contain_text(deals)
    page.click("#start")
    deadline = time.monotonic() + 90
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        mine = my_phase(page)
        if mine is None or (mine == "play" and not page.locator("#hand .card.legal").count()):
            page.wait_for_timeout(30)
            continue
        problems: list[str] = page.evaluate(MEASURE)
        assert not problems, f"{mine}: " + "; ".join(problems)
        if take_turn(page, tap=True) is None:
            page.wait_for_timeout(30)
    # Who won is said by the game's end, not on the bare felt.
    expect(page.locator("#winners")).to_contain_text(winner)
    expect(page.locator("#felt")).not_to_contain_text(winner)
    shot(page, f"africain-end-{end}")
    problems = page.evaluate(MEASURE)
    assert not problems, "the end: " + "; ".join(problems)
    unreadable = [line for line in page.evaluate(CONTRAST) if winner.strip() in line]
    assert not unreadable, unreadable
    context.close()
