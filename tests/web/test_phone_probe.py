"""What a user with a phone met (an exploratory probe, in French and English):
every summary (the lobby's "More rules") showed no triangle on a touch screen
(made a flex box for a finger's height, it lost its marker: nothing said it
opens); the tournaments' link to a tournoi libre was 19 px high; at a table on a
phone on its side, the header's links scrolled sideways with nothing saying so
("Aide" hidden past "Tournois"); a disabled button (the écart's before six cards
are chosen, "Start again" before one is) looked like one to tap, and a tap did
nothing; a chat line said while the phone's drawer was closed left no mark (the
chat is in the drawer), and with the drawer open each move sent it back to its top
and its chat to its oldest lines; the table options' form was sent by a button named
"Options", like the ⚙ that opened it; at five, the King called was said only in
the side panel, a phone's drawer, never on the table played at."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from atout.game import GameState
from tests.web.conftest import touch_screen
from tests.web.play import create_table
from tests.web.scripted import ME, TABLE, ScriptedTable

TARGETS = (Path(__file__).parent / "touch_targets.js").read_text()
MEASURE = (Path(__file__).parent / "layout.js").read_text()
MARKER = """s => getComputedStyle(s).display === "list-item"
  ? "marker" : getComputedStyle(s, "::before").content"""
"""What shows that a summary opens: its own marker, or one drawn before it."""


def test_a_summary_shows_that_it_opens_on_a_touch_screen(browser: Browser, base_url: str) -> None:
    with touch_screen(browser, 390, 844, is_mobile=True) as page:
        page.goto(f"{base_url}/#/")
        summary = page.locator("#opt-rules summary")
        expect(summary).to_be_visible()
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        assert summary.evaluate(MARKER) not in ("none", "normal", "")
        summary.click()
        expect(page.locator("#opt-rules [data-rule]").first).to_be_visible()
        assert summary.evaluate(MARKER) not in ("none", "normal", "")


def test_the_tournaments_page_is_tapped_with_a_finger(browser: Browser, base_url: str) -> None:
    with touch_screen(browser, 360, 740, is_mobile=True) as page:
        page.goto(f"{base_url}/#/tournament")
        expect(page.locator("#libre-link")).to_be_visible()
        assert page.evaluate(TARGETS, [44, False]) == []


def test_a_table_s_header_on_a_phone_on_its_side_says_its_links_scroll(
    browser: Browser, base_url: str
) -> None:
    with touch_screen(browser, 640, 360, is_mobile=True) as page:
        page.goto(f"{base_url}/#/")
        page.click("#lang")  # the French links are the longer
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        create_table(page, base_url)
        nav = page.locator("header#top nav")
        assert nav.evaluate("n => n.scrollWidth > n.clientWidth + 1"), "the links fit"
        edges = nav.evaluate("n => getComputedStyle(n).backgroundImage")
        assert edges.count("radial-gradient") == 2, edges


def _playing(state: GameState) -> bool:
    return bool(state.view(ME)["phase"] == "play")


def test_the_called_king_is_on_the_taker_s_seat_on_a_phone(browser: Browser, base_url: str) -> None:
    with touch_screen(browser, 360, 740, is_mobile=True) as page:
        table = ScriptedTable(page, [3], players=5, before=_playing)
        assert table.state.view(ME)["called"][0] == "K"  # a King: the first card offered
        page.goto(f"{base_url}/#/table/{TABLE}")
        taker = page.locator(".seat-box.me .tag.taker")
        expect(taker).to_be_in_viewport(ratio=1)
        expect(taker).to_have_text(re.compile(r"Garde · K[♠♥♦♣]$"))
        expect(page.locator("#side")).not_to_be_in_viewport()
        page.click("#lang")
        expect(taker).to_have_text(re.compile(r"Garde · R[♠♥♦♣]$"))
        expect(taker.locator(".called")).to_have_attribute(
            "title", re.compile("^Carte appelée : Roi de ")
        )
        assert page.evaluate(MEASURE) == []


def _at_discard(state: GameState) -> bool:
    return bool(state.view(ME)["phase"] == "discard" and state.to_move == ME)


def _look(page: Page, selector: str) -> list[str]:
    style: list[str] = page.locator(selector).evaluate(
        "b => [getComputedStyle(b).opacity, getComputedStyle(b).backgroundColor]"
    )
    return style


def test_a_button_that_does_nothing_yet_looks_it(browser: Browser, base_url: str) -> None:
    with touch_screen(browser, 390, 844, is_mobile=True) as page:
        ScriptedTable(page, [3], players=3, before=_at_discard)
        page.goto(f"{base_url}/#/table/{TABLE}")
        confirm = page.locator("#confirm-ecart")
        expect(confirm).to_be_disabled()
        expect(page.locator("#clear-ecart")).to_be_disabled()
        idle, clear_idle = _look(page, "#confirm-ecart"), _look(page, "#clear-ecart")
        legal = page.locator("#hand .card.legal:not(.selected)")
        for _ in range(6):
            legal.first.dispatch_event("click")
        expect(confirm).to_be_enabled()
        assert _look(page, "#confirm-ecart") != idle
        assert _look(page, "#clear-ecart") != clear_idle


def _at_one_table(new_context: object, base_url: str) -> tuple[Page, Page]:
    """Ann, the master on a desktop, and Ben on a phone, at a table not started."""
    ann: Page = new_context().new_page()  # type: ignore[operator]
    ben: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    create_table(ann, base_url)
    ben.goto(ann.locator("#invite-link").input_value())
    expect(ann.locator(".seat-box .seat-name", has_text="guest_player")).to_have_count(2)
    return ann, ben


def test_a_chat_line_marks_the_closed_drawer_of_a_phone(new_context: object, base_url: str) -> None:
    ann, ben = _at_one_table(new_context, base_url)
    expect(ben.locator("#side")).not_to_be_in_viewport()
    expect(ben.locator("#side-badge")).to_have_count(0)
    ann.fill("#chat-input", "Shall we start?")
    ann.press("#chat-input", "Enter")
    expect(ann.locator("#chat-log")).to_contain_text("Shall we start?")
    expect(ben.locator("#side-badge")).to_be_visible()
    ben.click("#side-toggle")
    expect(ben.locator("#chat-log")).to_contain_text("Shall we start?")
    ben.click("#side-close")
    expect(ben.locator("#side-badge")).to_have_count(0)  # read


def test_the_drawer_and_its_chat_stay_where_the_player_reads(
    browser: Browser, base_url: str
) -> None:
    with touch_screen(browser, 360, 640, is_mobile=True) as page:
        create_table(page, base_url)
        page.click("#side-toggle")
        page.click("#options-button")  # a long drawer: the options above the chat
        lines = page.locator("#chat-log li")
        for n in range(12):  # more than the log's height shows
            page.fill("#chat-input", f"line {n}")
            page.press("#chat-input", "Enter")
            expect(lines).to_have_count(n + 1)
        expect(lines.last).to_be_in_viewport()
        side = page.locator("#side")
        top = side.evaluate("e => (e.scrollTo(0, e.scrollHeight), e.scrollTop)")
        assert top > 0, "the drawer does not scroll"
        page.fill("#chat-input", "one more")
        page.press("#chat-input", "Enter")  # the page is drawn anew
        expect(lines.last).to_have_text(re.compile("one more"))
        assert abs(side.evaluate("e => e.scrollTop") - top) < 30
        expect(lines.last).to_be_in_viewport()


def test_the_table_options_are_saved_by_a_button_that_says_so(page: Page, base_url: str) -> None:
    create_table(page, base_url)
    page.click("#options-button")
    expect(page.locator("#save-options")).to_have_text("Save the options")
    page.click("#lang")  # the form stays open, worded anew
    expect(page.locator("#save-options")).to_have_text("Enregistrer les options")
