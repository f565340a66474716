"""What the page does when the server cannot keep up with its promises: a guest
who closes the tab comes back to the same seat, and a table that cannot save
says so and goes on by itself once it can."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from playwright.sync_api import Page, WebSocketRoute, expect

from tests.web.play import create_table, take_turn


def test_a_guest_who_closes_the_tab_comes_back_to_the_seat(
    new_context: object, base_url: str
) -> None:
    context = new_context()  # type: ignore[operator]
    first = context.new_page()
    table = create_table(first, base_url)
    name = first.locator("#who").inner_text()
    first.click("#start")
    expect(first.locator("#hand .card")).to_have_count(18)
    first.close()
    again = context.new_page()  # a new tab of the same browser
    again.goto(f"{base_url}/#/table/{table}")
    # Her hand again (a robot may have played a card or two for her meanwhile).
    expect(again.locator("#hand .card").first).to_be_visible()
    assert again.locator("#who").inner_text() == name
    expect(again.locator(".seat-box.me")).to_have_count(1)
    assert again.locator("#spectator-banner").count() == 0


def test_a_table_that_cannot_save_says_so_and_goes_on(
    new_context: object, base_url: str, data_dir: Path
) -> None:
    page = new_context().new_page()  # type: ignore[operator]
    create_table(page, base_url)
    page.click("#start")
    expect(page.locator("#hand .card")).to_have_count(18)
    lock = sqlite3.connect(data_dir / "atout.sqlite3", timeout=10, isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")  # another process's write lock, as a backup tool takes
    try:
        notices = page.locator("#notices", has_text="cannot save")
        for _ in range(200):  # robots bid, or the page bids when its turn comes
            if notices.count():
                break
            take_turn(page)
            page.wait_for_timeout(100)
        expect(notices).to_be_visible()
    finally:
        lock.execute("COMMIT")
        lock.close()
    expect(page.locator("#notices")).to_contain_text("Saved: the table goes on", timeout=20_000)


def test_the_table_says_when_a_player_leaves_and_comes_back(
    new_context: object, base_url: str
) -> None:
    """A seat that loses its connection is played by a robot meanwhile: the others
    are told so, and told of the return (the page once said nothing)."""
    alice = new_context().new_page()  # type: ignore[operator]
    table = create_table(alice, base_url, players=3)
    bob_browser = new_context()  # type: ignore[operator]
    bob = bob_browser.new_page()
    bob.goto(f"{base_url}/#/table/{table}?join=1")
    expect(bob.locator(".seat-box.me")).to_have_count(1)
    bob_name = bob.locator("#who").inner_text().split()[2]  # "You are <name> (...)"
    alice.click("#start")
    expect(bob.locator("#hand .card").first).to_be_visible()
    bob.close()
    expect(alice.locator("#notices")).to_contain_text(f"{bob_name} lost the connection")
    back = bob_browser.new_page()
    back.goto(f"{base_url}/#/table/{table}")
    expect(alice.locator("#notices")).to_contain_text(f"{bob_name} is back")


def test_the_others_see_the_clock_of_the_player_to_move(new_context: object, base_url: str) -> None:
    """The turn's clock runs on every page, not only on the one whose turn it is."""
    alice = new_context().new_page()  # type: ignore[operator]
    table = create_table(alice, base_url, players=3)
    bob = new_context().new_page()  # type: ignore[operator]
    bob.goto(f"{base_url}/#/table/{table}?join=1")
    expect(bob.locator(".seat-box.me")).to_have_count(1)
    alice.click("#start")
    expect(alice.locator("#turn-line")).to_be_visible(timeout=30_000)
    # The bidding goes round: someone is to move; the page of the other one waits.
    other = bob if alice.locator("#turn-line.mine").count() else alice
    expect(other.locator("#turn-line")).to_contain_text("Waiting for")
    expect(other.locator("#turn-clock")).to_contain_text(re.compile(r"\d+ s"))


def test_a_silent_drop_is_noticed_and_the_turn_comes_back(page: Page, base_url: str) -> None:
    """A phone's half-open connection neither closes nor errs: the page once waited
    for ever, told nothing, and lost the player's taps. Its unanswered ping now gives
    the socket up; the player is told, and on return (a robot played the seat
    meanwhile) the page is given the game again, with the choices of the player's turn."""
    silent = False

    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: None if silent else server.send(m))
        server.on_message(lambda m: None if silent else ws.send(m))

    page.route_web_socket(re.compile(r"/ws$"), relay)
    create_table(page, base_url)
    page.click("#start")
    bid = page.locator('#prompt [data-action="bid:pass"]')
    expect(bid).to_be_visible(timeout=30_000)
    silent = True  # nothing goes through, and nothing says so
    bid.click()  # lost on the way
    expect(page.locator("#connection")).to_contain_text("Connection lost", timeout=15_000)
    silent = False
    expect(page.locator("#connection")).to_be_hidden(timeout=15_000)
    choices = page.locator("#turn-line.mine ~ #prompt button:not(.illegal), #hand .card.legal")
    expect(choices.first).to_be_visible(timeout=30_000)
    page.context.set_offline(True)  # the browser knows: said at once
    expect(page.locator("#connection")).to_be_visible(timeout=2_000)
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_be_hidden()


def test_a_game_ended_while_the_page_heard_nothing_is_shown_ended(
    page: Page, base_url: str
) -> None:
    """Back after its game ended unheard, the page showed the end over the game's
    view it had last heard: the hand, the trick and the turn of a game gone."""
    deaf = False

    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)  # what the page says still arrives
        server.on_message(lambda m: None if deaf else ws.send(m))

    page.route_web_socket(re.compile(r"/ws$"), relay)
    create_table(page, base_url)
    page.click("#start")
    expect(page.locator("#hand .card").first).to_be_visible(timeout=30_000)
    deaf = True
    page.click("#vote-end")  # the only person at the table: the game ends at once
    expect(page.locator("#connection")).to_contain_text("Connection lost", timeout=15_000)
    deaf = False
    expect(page.locator("#connection")).to_be_hidden(timeout=15_000)
    expect(page.locator("#game-over")).to_contain_text("ended amicably")
    for gone in ("#hand .card", "#trick .card", "#turn-line", "#prompt"):
        expect(page.locator(gone)).to_have_count(0)


def test_a_move_chosen_while_offline_is_not_sent_on_return(page: Page, base_url: str) -> None:
    """A tap made while the connection was down went out on return, judged against a
    game the player had not seen: here a robot had stood in and bid for the seat
    meanwhile, and the tap came back refused. The player now chooses again, if it
    is still their turn, on the table given afresh."""
    create_table(page, base_url)
    page.click("#start")
    bid = page.locator('#prompt [data-action="bid:pass"]')
    expect(bid).to_be_visible(timeout=30_000)
    page.context.set_offline(True)
    expect(page.locator("#connection")).to_be_visible(timeout=2_000)
    bid.click()
    page.wait_for_timeout(3_000)  # the seat is left: a robot bids for it
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_be_hidden(timeout=15_000)
    expect(bid).to_have_count(0)  # the seat's bid was the robot's
    page.wait_for_timeout(1_000)  # a queued move would have been refused by now
    expect(page.locator("#table-error")).to_have_text("")
