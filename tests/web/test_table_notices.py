"""What the table page tells its player of what happened to them: a seat refused,
a seat taken over by another tab, a move a robot made when the clock ran out, the
next game to start. Each once happened silently (or said twice): found by an
exploratory tester."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Dialog, Page, expect

from tests.web.play import (
    create_one_life_africain,
    create_table,
    my_phase,
    phase,
    register,
    take_turn,
)


def test_a_guest_refused_a_competitive_seat_is_told_why(new_context: object, base_url: str) -> None:
    """The guest's sit was refused, but the snapshot that followed wiped the reason:
    the page said only that they watched, and offered seats to be refused again."""
    host = new_context().new_page()  # type: ignore[operator]
    register(host, base_url, "comp")
    table = create_table(host, base_url, competitive=True)
    guest = new_context().new_page()  # type: ignore[operator]
    guest.goto(f"{base_url}/#/")
    item = guest.locator(f'.table-item[data-table="{table}"]')
    # The lobby offers a guest to watch a competitive table, not to sit down.
    expect(item.get_by_role("link", name="Watch")).to_have_count(1)
    expect(item.get_by_role("link", name="Sit down")).to_have_count(0)
    expect(item).to_contain_text("for registered players")
    # A link to sit (shared, or an old page) is refused, and the page says why.
    guest.goto(f"{base_url}/#/table/{table}?join=1")
    expect(guest.locator("#spectator-banner")).to_be_visible()
    expect(guest.locator("#table-error")).to_contain_text("guest")
    # and offers no seat to be refused again, but says who sits here
    expect(guest.locator("button.sit")).to_have_count(0)
    expect(guest.locator("#guests-watch")).to_contain_text("for registered players")


def _my_turn(page: Page, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while my_phase(page) is None:
        assert time.monotonic() < deadline, "the turn never came"
        page.wait_for_timeout(50)


def test_a_seat_taken_by_another_tab_is_said_and_taken_back(
    new_context: object, base_url: str
) -> None:
    """The first tab, told its seat was taken elsewhere, kept 'Your turn', the bids
    and a running clock, and each click was refused 'connected from elsewhere'."""
    context = new_context()  # type: ignore[operator]
    first = context.new_page()
    table = create_table(first, base_url)
    first.click("#start")
    _my_turn(first)
    second = context.new_page()  # the same guest, in a second tab
    second.goto(f"{base_url}/#/table/{table}")
    expect(first.locator("#elsewhere")).to_contain_text("another tab")
    expect(first.locator("#turn-line")).to_have_count(0)
    expect(first.locator("#turn-clock")).to_have_count(0)
    expect(first.locator("#prompt .bid-button")).to_have_count(0)
    expect(first.locator("#hand .card.legal")).to_have_count(0)
    expect(second.locator("#turn-line.mine")).to_be_visible()
    # The first tab takes the seat back: it plays again, and the second is told.
    first.click("#take-back")
    expect(first.locator("#elsewhere")).to_have_count(0)
    expect(first.locator("#turn-line.mine")).to_be_visible()
    expect(second.locator("#elsewhere")).to_be_visible()
    expect(second.locator("#turn-line")).to_have_count(0)


def test_a_move_made_when_the_clock_ran_out_is_said(new_context: object, base_url: str) -> None:
    """A robot moved for the player whose clock ran out, and the page said nothing:
    the bid or card just happened. Whoever watches is told whose time was up."""
    page: Page = new_context().new_page()  # type: ignore[operator]
    table = create_table(page, base_url, players=3, robots="random", seconds=6)
    watcher: Page = new_context().new_page()  # type: ignore[operator]
    watcher.goto(f"{base_url}/#/table/{table}")
    expect(watcher.locator(".seat-box")).to_have_count(3)
    page.click("#start")
    _my_turn(page)
    expect(page.locator("#table-error")).to_have_text(
        "Time's up: a robot played for you", timeout=12_000
    )
    expect(page.locator("#notices")).to_contain_text("Time's up")
    name = page.locator(".seat-box.me .seat-label").inner_text()
    expect(watcher.locator("#notices")).to_contain_text(
        f"{name}'s time is up: a robot plays for them"
    )
    # The next move the player makes themselves clears it (made within the turn's
    # 6 s on a loaded machine: in 2 s, once, it too was late, and in 4 s once in a
    # whole suite's run).
    _my_turn(page)
    take_turn(page)
    expect(page.locator("#table-error")).not_to_contain_text("Time's up")


def test_a_table_back_after_its_game_offers_one_way_on_and_says_why_it_was_won(
    page: Page, base_url: str
) -> None:
    """Back at a table whose game ended (a reload), the page offered both 'Start the
    game' and the game-over panel's 'Play again'; an Africain end said why it was
    won beside the lives only while the game's view was there, so not after a reload."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    create_one_life_africain(page, 3)
    page.click("#start")
    bids = page.locator("#prompt .bid-button:not(.illegal)")
    over = page.locator("#game-over")
    deadline = time.monotonic() + 120
    while not over.count():
        assert time.monotonic() < deadline, f"stuck in phase {phase(page)}"
        if my_phase(page) == "bid" and bids.count():
            bids.last.click()  # bidding all it can, the page's player soon falls
        elif take_turn(page) is None:
            page.wait_for_timeout(40)
    reason = over.locator("#win-reason")
    expect(reason).not_to_be_empty()
    expect(page.locator("#win-reason")).to_have_count(1)  # said once, in the panel
    said = reason.inner_text()
    expect(page.locator("#turn-announce")).to_contain_text(said)  # and to a screen reader
    for _ in range(2):  # as the game ended, then drawn anew
        expect(over.locator("#again")).to_be_visible()
        expect(page.locator("#start")).to_have_count(0)
        expect(page.get_by_role("button", name="Start the game")).to_have_count(0)
        expect(page.locator("#win-reason")).to_have_count(1)
        expect(reason).to_have_text(said)
        page.reload()
    page.click("#again")  # the one way on starts the next game
    expect(over).to_have_count(0)
    expect(page.locator("#felt")).to_have_attribute("data-phase", re.compile(r"bid|play"))


def test_leaving_a_game_under_way_is_asked_first(page: Page, base_url: str) -> None:
    """One tap on Leave (on a phone beside the sounds' button in the drawer) gave
    the game up at once: a robot played the seat to its end, and at a competitive
    table the bet was lost. The page now asks first; declined, the player stays."""
    create_table(page, base_url, players=3, robots="random")
    page.click("#start")
    expect(page.locator("#hand .card")).not_to_have_count(0)
    asked: list[str] = []

    def answer(accept: bool) -> None:
        def reply(dialog: Dialog) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        page.once("dialog", reply)

    answer(False)
    page.click("#leave")
    expect(page.locator(".seat-box.me")).to_have_count(1)
    assert len(asked) == 1 and "A robot plays your seat to its end" in asked[0]
    assert "bet" not in asked[0]  # a practice table: nothing to lose
    page.wait_for_timeout(300)  # no leave went out: still seated, still dealt
    expect(page.locator(".seat-box.me")).to_have_count(1)
    answer(True)
    page.click("#leave")
    expect(page.locator("#create")).to_be_visible()  # back in the lobby
    assert len(asked) == 2
