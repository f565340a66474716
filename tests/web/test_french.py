"""French Tarot in a real browser against the real server: a newcomer's whole game
against three robots, two people at one table with a spectator, a reload mid-game."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Page, WebSocketRoute, expect

from atout.record_text import read_text
from tests.web.conftest import shot
from tests.web.play import create_table, my_phase, phase, take_turn


def _hand(page: Page) -> list[str]:
    cards: list[str] = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return cards


def test_newcomer_plays_a_whole_game_against_robots(page: Page, base_url: str) -> None:
    create_table(page, base_url)
    expect(page.locator(".seat-box")).to_have_count(4)
    page.click("#start")
    expect(page.locator("#hand .card")).to_have_count(18)
    hand = _hand(page)
    assert len(set(hand)) == 18

    # An illegal card is refused with the engine's reason, and nothing changes.
    refused = looked_back = False
    seen: set[str] = set()
    deadline = time.monotonic() + 150
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, f"the game did not end (phase {phase(page)})"
        mine = my_phase(page)
        if mine is None:  # acting only on a turn seen, so that every turn taken is seen
            page.wait_for_timeout(50)
            continue
        if mine not in seen:
            seen.add(mine)
            shot(page, f"french-{mine}")
        if mine == "play" and not refused and page.locator("#hand .card.illegal").count():
            before = _hand(page)
            page.locator("#hand .card.illegal").first.click(position={"x": 10, "y": 24})
            expect(page.locator("#table-error")).to_contain_text("Refused: ")
            assert _hand(page) == before
            shot(page, "french-illegal-card")
            refused = True
        if not looked_back and page.locator("#last-trick").count():
            page.keyboard.press("l")
            expect(page.locator(".centre-label", has_text="Last trick")).to_be_visible()
            shot(page, "french-last-trick")
            page.keyboard.press("l")
            looked_back = True
        if take_turn(page) is None:
            page.wait_for_timeout(50)
    assert {"bid", "play"} <= seen
    shot(page, "french-game-over")
    totals = [int(x) for x in page.locator("#scores tfoot th.total").all_inner_texts()]
    assert len(totals) == 4 and sum(totals) == 0
    assert page.locator("#scores tbody tr").count() >= 1
    assert page.locator("#score-chart svg polyline").count() == 4

    page.click("#replay-link")
    expect(page.locator("#replay-action")).to_be_visible()
    # The replay opens on the deal: every hand face up, 4 x 18 cards (it once
    # opened on the empty table before the deal).
    expect(page.locator(".replay-seat .card")).to_have_count(72)
    expect(page.locator("#step")).not_to_contain_text("Step 0 /")
    # No card played yet: no trick, and no "Last trick" title over nothing.
    expect(page.locator("#replay-trick-box")).to_have_count(0)
    page.click("#next-trick")
    expect(page.locator("#replay-trick .card")).to_have_count(4)
    shot(page, "french-replay")
    # The page offers the readable record: the game's cards and the person's seat.
    href = page.locator("#record-text").get_attribute("href")
    assert href is not None and href.endswith("?format=text")
    record = read_text(page.request.get(f"{base_url}{href}").text())
    assert record.game == "french" and record.players == 4 and record.result is not None
    assert sum(record.result) == 0 and list(record.result) == totals
    assert page.locator("#record-json").get_attribute("download", timeout=1000)


def _visible_faces(page: Page, outside: str) -> list[str]:
    """Face-up cards on the page outside the given container."""
    faces: list[str] = page.locator(".card[data-card]").evaluate_all(
        f"""els => els.filter(e => e.dataset.card !== 'back' && !e.closest('{outside}'))
                      .map(e => e.dataset.card)"""
    )
    return faces


def test_two_people_a_spectator_and_a_reload(new_context: object, base_url: str) -> None:
    alice, bob = (new_context().new_page() for _ in range(2))  # type: ignore[operator]
    carol = new_context(mobile=True).new_page()  # type: ignore[operator]
    table = create_table(alice, base_url)
    link = alice.locator("#invite-link").input_value()
    assert f"#/table/{table}" in link
    bob.goto(link)
    expect(alice.locator(".seat-box .seat-name", has_text="guest_player")).to_have_count(2)
    carol.goto(f"{base_url}/#/table/{table}")
    expect(carol.locator("#spectator-banner")).to_be_visible()
    alice.click("#start")
    expect(alice.locator("#hand .card")).to_have_count(18)
    expect(bob.locator("#hand .card")).to_have_count(18)
    assert not set(_hand(alice)) & set(_hand(bob))
    assert carol.locator("#hand").count() == 0

    reloaded = False
    checks = 0
    deadline = time.monotonic() + 150
    while not alice.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        if phase(carol) == "play":
            # The spectator sees no face-up card outside the middle of the table,
            # and none that a player still holds (but the dog a prise or garde
            # showed to everyone, which the taker took in hand).
            assert _visible_faces(carol, "#centre") == []
            suspicious = set(_visible_faces(carol, "#dog")) & (set(_hand(alice)) | set(_hand(bob)))
            if suspicious:  # a card just played may still show in its player's hand
                carol.wait_for_timeout(400)
                held = set(_hand(alice)) | set(_hand(bob))
                assert not suspicious & held & set(_visible_faces(carol, "#dog"))
            checks += 1
            if checks == 3:
                shot(carol, "french-spectator")
        if not reloaded and phase(bob) == "play" and len(_hand(bob)) <= 12:
            before = _hand(bob)
            bob.reload()
            expect(bob.locator("#hand .card").first).to_be_visible()
            after = _hand(bob)
            assert set(after) <= set(before) and len(after) >= len(before) - 1
            shot(bob, "french-after-reload")
            reloaded = True
        acted = take_turn(alice) is not None
        acted = take_turn(bob) is not None or acted
        if not acted:
            alice.wait_for_timeout(40)
    assert reloaded and checks > 0
    expect(bob.locator("#game-over")).to_be_visible()
    shot(carol, "french-spectator-game-over")


class _HeldAnswers:
    """The page's socket to the real server: the page's moves are noted on their way,
    and the server's messages wait while ``held`` is a list, until ``release``. The
    page's ``mark`` stays here: once it has come, so has all the page sent before it."""

    def __init__(self) -> None:
        self.acts: list[str] = []
        self.marked = False
        self.held: list[tuple[WebSocketRoute, str | bytes]] | None = None

    def route(self, page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()

        def from_page(message: str | bytes) -> None:
            kind = json.loads(message).get("type")
            if kind == "mark":
                self.marked = True
                return
            if kind == "act":
                self.acts.append(str(message))
            server.send(message)

        def from_server(message: str | bytes) -> None:
            if self.held is None:
                page_side.send(message)
            else:
                self.held.append((page_side, message))

        page_side.on_message(from_page)
        server.on_message(from_server)

    def sent_so_far(self, page: Page) -> None:
        """Wait until all the page has sent so far has come here."""
        self.marked = False
        page.evaluate("async () => (await import('/js/net.js')).send({ type: 'mark' })")
        deadline = time.monotonic() + 15
        while not self.marked:
            assert time.monotonic() < deadline, "the page's mark did not come"
            page.wait_for_timeout(20)

    def release(self) -> None:
        held, self.held = self.held or [], None
        for page_side, message in held:
            page_side.send(message)


def test_a_double_click_plays_one_card(page: Page, base_url: str) -> None:
    """A clicked card's choices are withdrawn until the server answers: the second
    click of a double click sends nothing (the server would refuse it). The server's
    answer waits until both clicks are made: on a loaded machine the second click
    once came after the answer and the robots' cards, on the player's next turn,
    and rightly played a second card."""
    relay = _HeldAnswers()
    page.route_web_socket(re.compile(r"/ws$"), relay.route)
    create_table(page, base_url)
    page.click("#start")
    deadline = time.monotonic() + 60
    while my_phase(page) != "play" or not page.locator("#hand .card.legal").count():
        assert time.monotonic() < deadline, f"no card to play (phase {phase(page)})"
        if take_turn(page) is None:
            page.wait_for_timeout(50)
    held = page.locator("#hand .card").count()
    sent = len(relay.acts)
    relay.held = []
    page.locator("#hand .card.legal").first.dblclick(position={"x": 10, "y": 24})
    relay.sent_so_far(page)
    assert len(relay.acts) == sent + 1, relay.acts[sent:]
    relay.release()
    expect(page.locator("#hand .card")).to_have_count(held - 1)
    expect(page.locator("#table-error")).to_have_text("")
