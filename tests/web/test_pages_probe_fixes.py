"""What a desktop user's probe of the pages found: a spectator counted after leaving
the table's page, a friend's notice over a table's heading and staying there,
selects whose words were cut, a sheet's default names and a refusal standing
alone in the wrong case or language, a replay's buttons alive at its ends, and a
tournament without names numbering its places "1 1"."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.analysis.planted import PETIT_DEAL, scripted
from tests.web.play import create_table, in_french, register
from tests.web.tournaments import create_tournament


def test_a_spectator_leaving_the_table_page_is_no_longer_counted(
    new_context: object, base_url: str
) -> None:
    ann = new_context().new_page()  # type: ignore[operator]
    ben = new_context().new_page()  # type: ignore[operator]
    cyd = new_context().new_page()  # type: ignore[operator]
    table = create_table(ann, base_url)
    cyd.goto(f"{base_url}/#/")
    row = cyd.locator(f".table-item[data-table='{table}']")
    expect(row).to_be_visible()
    expect(row).not_to_contain_text("watching")

    ben.goto(f"{base_url}/#/table/{table}")
    expect(ben.locator("#table-page")).to_be_visible()
    expect(row).to_contain_text("1 watching")
    ben.get_by_role("link", name="Tables").click()  # the header's link
    expect(ben.locator("#tables")).to_be_visible()
    expect(row).not_to_contain_text("watching")
    expect(ben.locator(f".table-item[data-table='{table}']")).not_to_contain_text("watching")

    # Back on the table's page, Ben watches again; a seated player who goes to
    # another page keeps the seat (inviting a friend from the Friends page, say).
    ben.go_back()
    expect(row).to_contain_text("1 watching")
    ann_seat = row.locator(".seat").first
    seated = ann_seat.inner_text()
    ann.get_by_role("link", name="Tables").click()
    expect(ann.locator("#tables")).to_be_visible()
    ann.wait_for_timeout(500)  # a leave, had one been sent, would have been heard by now
    expect(row.locator(".seat").first).to_have_text(seated)
    expect(row.locator(".seat.free")).to_have_count(3)
    expect(row).to_contain_text("1 watching")


def _overlapping(page: Page, notice: str) -> list[str]:
    """The controls and headings of the page that the notice lies over."""
    found: list[str] = page.evaluate(
        """(selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          const hit = (r) => r.width && r.height && r.left < box.right && box.left < r.right
            && r.top < box.bottom && box.top < r.bottom;
          return [...document.querySelectorAll(
            "#app :is(button, a, input, select, textarea, h1, h2, summary), #top :is(a, button)")]
            .filter((el) => hit(el.getBoundingClientRect()))
            .map((el) => el.id || el.textContent.trim().slice(0, 30));
        }""",
        notice,
    )
    return found


def _ask_and_accept(
    ann: Page, ben: Page, base_url: str, between: Callable[[str], object] | None = None
) -> str:
    """Two new accounts; Ann asks Ben to be her friend, ``between()`` runs, Ben
    accepts from his Friends page. Returns Ben's name."""
    ann_name = register(ann, base_url, "ann")
    ben_name = register(ben, base_url, "ben")
    ann.click("#friends-link")
    ann.fill("#friend-name", ben_name)
    ann.click("#friend-request")
    expect(ann.locator("#outgoing")).to_contain_text(ben_name)
    if between is not None:
        between(ann_name)
    ben.click("#friends-link")
    ben.locator(f"#incoming li[data-name='{ann_name}'] button.accept").click()
    return ben_name


@pytest.mark.parametrize("width", [1280, 390])
def test_a_friends_notice_covers_nothing_and_goes(
    browser: Browser, base_url: str, width: int
) -> None:
    ann_context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-US")
    ben_context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    try:
        ann = ann_context.new_page()
        ann.clock.install()  # the notice's own timer, moved on below
        ben = ben_context.new_page()
        ben_name = _ask_and_accept(ann, ben, base_url, lambda _: create_table(ann, base_url))
        notice = ann.locator(".live-notice.friend_accepted")
        expect(notice).to_contain_text(ben_name)
        expect(ann.locator("#live-notices")).to_have_attribute("role", "status")
        assert _overlapping(ann, ".live-notice.friend_accepted") == []

        # It goes by itself after a while (not at once: it is read first) ...
        ann.clock.run_for(5_000)
        expect(notice).to_be_visible()
        ann.clock.run_for(10_000)
        expect(notice).to_have_count(0)
    finally:
        ann_context.close()
        ben_context.close()


def test_a_told_notice_goes_when_another_page_opens(new_context: object, base_url: str) -> None:
    ann = new_context().new_page()  # type: ignore[operator]
    ben = new_context().new_page()  # type: ignore[operator]

    def asked(ann_name: str) -> None:
        # Ben's notice of the request asks something: it stays as he goes to another page.
        asking = ben.locator(".live-notice.friend_request")
        expect(asking).to_contain_text(ann_name)
        ben.get_by_role("link", name="Leaderboard").click()
        expect(asking).to_be_visible()
        ann.get_by_role("link", name="Tables").click()

    ben_name = _ask_and_accept(ann, ben, base_url, asked)
    told = ann.locator(".live-notice.friend_accepted")
    expect(told).to_contain_text(ben_name)
    ann.get_by_role("link", name="Leaderboard").click()
    expect(ann.locator("h1")).to_have_text("Leaderboard")
    expect(told).to_have_count(0)


CUT_SELECTS = """(scope) => [...document.querySelectorAll(`${scope} select`)]
  .filter((select) => select.offsetParent !== null)
  .filter((select) => {
    // the select as wide as its longest option wants, beside it: wider than the
    // select shown, the shown one cuts some option's words
    const free = select.cloneNode(true);
    free.removeAttribute("id");
    Object.assign(free.style, { position: "absolute", width: "auto", minWidth: "0",
      maxWidth: "none", visibility: "hidden", flex: "none" });
    select.parentNode.append(free);
    const wanted = free.getBoundingClientRect().width;
    free.remove();
    return select.getBoundingClientRect().width + 0.5 < wanted;
  })
  .map((select) => select.id || select.getAttribute("aria-label"))"""


@pytest.mark.parametrize("width", [1920, 1280, 360])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_select_cuts_its_words(browser: Browser, base_url: str, width: int, lang: str) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"{base_url}/#/")
        if lang == "fr":
            in_french(page, base_url)
        expect(page.locator("#opt-variant option")).not_to_have_count(1)  # the server's list
        expect(page.locator("#opt-robot")).to_be_visible()
        assert page.evaluate(CUT_SELECTS, "#create-form") == []
        page.goto(f"{base_url}/#/sheet")
        expect(page.locator("#deal-poignee-size-0")).to_be_visible()
        expect(page.locator("#sheet-variant option")).not_to_have_count(1)
        assert page.evaluate(CUT_SELECTS, "#sheet") == []
    finally:
        context.close()


def test_a_sheets_default_names_follow_the_language(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/sheet")
    expect(page.locator("#sheet-name-0")).to_have_value("Player 1")
    page.fill("#sheet-name-1", "Bert")
    page.locator("#sheet-name-1").press("Enter")
    page.locator("#sheet-title").click()  # the name's change is sent
    expect(page.locator("#sheet-table thead")).to_contain_text("Bert")
    page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#sheet-name-0")).to_have_value("Joueur 1")
    expect(page.locator("#sheet-name-1")).to_have_value("Bert")  # typed: kept as typed
    expect(page.locator("#sheet-name-3")).to_have_value("Joueur 4")
    expect(page.locator("#sheet-table thead")).to_contain_text("Joueur 3")
    expect(page.locator("#deal-taker option").first).to_have_text("Joueur 1")
    page.click("#lang")
    expect(page.locator("#sheet-name-0")).to_have_value("Player 1")


def test_a_refusal_standing_alone_is_a_sentence(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/replay/99999")
    expect(page.locator("#replay .error")).to_have_text(
        re.compile(r"^No finished game with this number\.$")
    )
    in_french(page, base_url)
    page.goto(f"{base_url}/#/replay/99999")
    expect(page.locator("#replay .error")).to_have_text(
        re.compile(r"^Aucune partie finie ne porte ce numéro\.$")
    )


def test_the_replays_buttons_do_nothing_past_its_ends(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    record, _ = scripted(PETIT_DEAL, {})
    path = tmp_path / "deal.json"
    path.write_text(record.to_json())
    page.goto(f"{base_url}/#/replay")
    page.set_input_files("#record-file", str(path))
    step = page.locator("#step")
    expect(step).to_have_text("Step 1 / 84")
    back, forth = (
        ["#replay-first", "#prev-trick", "#prev"],
        ["#next", "#next-trick", "#replay-last"],
    )

    def usable(buttons: list[str], yes: bool) -> None:
        for button in buttons:
            if yes:
                expect(page.locator(button)).to_be_enabled()
            else:
                expect(page.locator(button)).to_be_disabled()

    usable(back + forth, True)
    page.click("#replay-first")
    expect(step).to_have_text("Step 0 / 84")
    usable(back, False)
    usable(forth, True)
    expect(page.locator("#replay-first")).to_be_focused()  # the keyboard stays on it

    page.click("#replay-last")
    expect(step).to_have_text("Step 84 / 84")
    usable(forth, False)
    usable(back, True)
    expect(page.locator("#replay-last")).to_be_focused()
    page.keyboard.press("ArrowRight")  # as the buttons: nothing past the end
    expect(step).to_have_text("Step 84 / 84")
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_text("Step 83 / 84")
    expect(page.locator("#next")).to_be_enabled()


def test_a_tournament_without_names_numbers_its_players(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/tournament")
    expect(page.locator("#tour-names-empty")).to_contain_text("Player 1")
    create_tournament(page, base_url, "Numbered", tables=1)
    places = page.locator("#tour-places")
    expect(places).to_be_attached()
    first = page.locator("tr[data-place='1'] td")
    expect(first.nth(0)).to_have_text("1")
    expect(first.nth(1)).to_have_text("Player 1")
    expect(page.locator("tr[data-place='4'] td").nth(1)).to_have_text("Player 4")
    page.click("#lang")
    expect(page.locator("tr[data-place='2'] td").nth(1)).to_have_text("Joueur 2")
