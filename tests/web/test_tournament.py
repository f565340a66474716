"""The tournament page for a club night: a guest organiser creates a tournament,
prints its boards, enters two tables' results and reads the ranking they give
(online play: ``test_tournament_live.py``)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.tournaments import create_tournament, shown_whole


def test_a_club_night_from_the_page(page: Page, base_url: str) -> None:
    create_tournament(page, base_url, "Club night", tables=5)  # a guest organiser
    expect(page.locator("#tour-summary")).to_contain_text("100 results to come")
    # nothing entered: nobody ranked (it read 1, 1, 1 ... and 1, 1, 1, 1, 5 ...)
    ranks = page.locator("#tour-ranking tbody td:first-child")
    expect(ranks).to_have_count(20)
    expect(ranks).to_have_text(["–no result yet"] * 20)
    expect(page.locator("#ranking-note")).to_have_text(
        "No result yet: the ranking begins with the first results entered."
    )
    with page.expect_popup() as popup:
        page.click("#print-boards")
    expect(popup.value.locator("section")).to_have_count(20)
    # a result entered is answered by a receipt: the view comes over the websocket,
    # not fetched again nor sent twice
    asked: list[str] = []
    page.on("request", lambda r: asked.append(f"{r.method} {r.url.split('/api/')[-1]}"))
    # Board 1 (taker North) at table 1, position 1, then at table 2, position 2:
    # Garde, 2 bouts, 44 points marks +56 and 47 points +62 (page 18 of the rulebook),
    # so the second North tops the board (100 %) and the first gets the bulle (0 %).
    for play, points in (("1:1:1", "44"), ("2:2:1", "47")):
        page.select_option("#result-play", play)
        page.fill("#result-points", points)
        page.select_option("#result-bouts", "2")
        with page.expect_response(lambda r: r.url.endswith("/results")) as answer:
            page.click("#result-enter")
        assert set(answer.value.json()) == {"id", "version", "master", "me"}
        expect(page.locator("#result-points")).to_have_value("")  # the form came back empty
        if play == "1:1:1":  # board 1 played once: 50 % for table 1, the others unranked
            expect(ranks.nth(0)).to_have_text("1")
            expect(page.locator('#tour-ranking tr[data-player="5"] td').first).to_have_text(
                "–no result yet"
            )
            expect(page.locator("#ranking-note")).to_contain_text(
                "16 without a result yet, listed last without a rank."
            )
    expect(page.locator("#tour-results tbody tr")).to_have_count(2)
    assert [a for a in asked if a.startswith("GET tournaments")] == [], asked
    expect(page.locator('#tour-ranking tr[data-player="5"]')).to_contain_text("100 %")
    expect(page.locator('#tour-ranking tr[data-player="1"] td').nth(5)).to_have_text("0 %")
    # a refusal in the page's words, the organiser's form kept (a play with no result:
    # entering one that has is a correction, with its reason)
    page.select_option("#result-play", "1:1:2")
    page.fill("#result-points", "3")  # two bouts are worth more than 3 points
    page.select_option("#result-bouts", "2")
    page.click("#result-enter")
    expect(page.locator("#result-error")).to_contain_text("cannot be scored")
    expect(page.locator("#tour-results tbody tr")).to_have_count(2)


def test_a_phone_reads_every_column_heading(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """Fixed column widths once cut the ranking's headings to "O…", "B…" on a phone."""
    page = new_context(mobile=True).new_page()
    create_tournament(page, base_url, "Phone night", tables=1)
    expect(page.locator("#tour-ranking th")).to_have_count(7)
    cut = page.evaluate(
        """() => [...document.querySelectorAll("table th")]
          .filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent)"""
    )
    assert cut == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390


def test_the_organiser_cancels_a_play_and_revokes_it(page: Page, base_url: str) -> None:
    """Board 1 at two tables, +56 and +62: cancelled at the second table with 60% to
    its North (and 40% to its defenders), the first play is alone on the board and
    scores 50% (a board played once); revoked, the second North tops it again."""
    create_tournament(page, base_url, "Arbiter", tables=5)
    for play, points in (("1:1:1", "44"), ("2:2:1", "47")):
        page.select_option("#result-play", play)
        page.fill("#result-points", points)
        page.select_option("#result-bouts", "2")
        page.click("#result-enter")
        expect(page.locator("#result-points")).to_have_value("")
    # a play is named whole on a laptop ("Position 1 · Table 1 · B" was cut)
    assert shown_whole(page, "#result-play") and shown_whole(page, "#adjust-play")
    page.select_option("#adjust-kind", "cancel")
    page.select_option("#adjust-play", "2:2:1")
    page.fill("#adjust-attack-note", "60")
    page.fill("#adjust-defence-note", "40")
    page.click("#adjust-make")  # no reason: the browser asks for one, nothing is sent
    expect(page.locator("#tour-adjustments tr[data-adjustment]")).to_have_count(0)
    page.fill("#adjust-reason", "board dealt wrongly")
    page.click("#adjust-make")
    expect(page.locator("#tour-adjustments tr[data-adjustment]")).to_contain_text(
        "board dealt wrongly"
    )
    expect(page.locator('#tour-ranking tr[data-player="5"] td').nth(5)).to_have_text("60 %")
    expect(page.locator('#tour-ranking tr[data-player="5"] .adjusted')).to_have_text(" #1")
    expect(page.locator("#export-adjustments-csv")).to_have_text("Adjustments CSV")  # once a key
    expect(page.locator('#tour-ranking tr[data-player="1"] td').nth(5)).to_have_text("50 %")
    page.click("#tour-adjustments button.revoke")
    expect(page.locator("#tour-adjustments tr[data-adjustment]")).to_have_count(0)
    expect(page.locator('#tour-ranking tr[data-player="5"] td').nth(5)).to_have_text("100 %")
    # the next session: a new tournament, ranked with this one (North of table 2: 100 %)
    page.click("#session-next")
    expect(page.locator("#tour-summary")).to_contain_text("100 results to come")
    expect(page.locator("#tour-sessions tbody tr")).to_have_count(20)
    expect(page.locator("#tour-sessions tbody tr").first).to_contain_text("100")


def test_the_keyboard_goes_on_at_the_next_play(page: Page, base_url: str) -> None:
    """A result sent with Enter leaves the keyboard on the form's next play: the form
    drawn anew once left it at the page's start, a screen of controls above it."""
    create_tournament(page, base_url, "Keyboard night", tables=1)
    page.focus("#result-points")
    page.keyboard.type("44")
    page.keyboard.press("Enter")
    expect(page.locator("#tour-results tbody tr")).to_have_count(1)
    expect(page.locator("#result-play")).to_be_focused()
    expect(page.locator("#result-play")).to_have_value("1:1:2")
    page.keyboard.press("Tab")
    expect(page.locator("#result-points")).to_be_focused()


def test_a_phone_sees_the_global_percentage_without_scrolling(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """The ranking's key column, the global percentage, was past a phone's right edge
    until one scrolled sideways; then held at the right edge, over the columns
    scrolling under it, it covered the column before it (an "Att", a "1" of "100 %"):
    it comes next to the name, in sight, nothing held over anything; a laptop reads
    it there too."""
    page = new_context(mobile=True).new_page()
    create_tournament(page, base_url, "Phone ranking", tables=2)
    key = page.locator("#tour-ranking th.key")
    expect(key).to_have_text("Overall")
    for cell in (key, page.locator('#tour-ranking tr[data-player="1"] td.key')):
        box = cell.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    sticky = page.locator("#tour-ranking th, #tour-ranking td").evaluate_all(
        "(cells) => cells.filter((c) => getComputedStyle(c).position === 'sticky').length"
    )
    assert sticky == 0

    laptop = new_context().new_page()
    laptop.goto(page.url)
    headings = laptop.locator("#tour-ranking th")
    expect(headings).to_have_text(
        ["#", "Player", "Overall", "Orientation", "Boards", "Attack", "Defence"]
    )


def test_a_phone_enters_a_result_first_and_is_told_it_is_saved(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """On a phone the arbiter's adjustments came before the result entry, what an
    organiser does most; and a result entered was said nowhere (only the chosen
    play moved on): a polite status says which, in the page's language."""
    page = new_context(mobile=True).new_page()
    create_tournament(page, base_url, "Phone results", tables=1)
    form, adjust = page.locator("#result-form"), page.locator("#adjust-play")
    expect(form).to_be_visible()
    form_box, adjust_box = form.bounding_box(), adjust.bounding_box()
    assert form_box is not None and adjust_box is not None
    assert form_box["y"] < adjust_box["y"]
    saved = page.locator("#result-saved")
    expect(saved).to_be_hidden()
    page.fill("#result-points", "44")
    page.select_option("#result-bouts", "2")
    page.click("#result-enter")
    expect(saved).to_have_text("Result of table 1, board 1 saved.")
    expect(saved).to_have_attribute("aria-live", "polite")
    expect(saved).to_have_attribute("role", "status")
    expect(saved).to_be_visible()
    page.click("#lang")  # French
    page.select_option("#result-play", "1:1:2")
    page.fill("#result-points", "47")
    page.select_option("#result-bouts", "2")
    page.click("#result-enter")
    expect(saved).to_have_text("Résultat de la table 1, étui 2 enregistré.")
    page.click("#lang")


def test_a_phone_says_a_free_place_on_one_line(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """ "libre (un robot la joue)" wrapped onto four lines of a phone's places table;
    shorter, it takes one in either language, the page no wider than the phone."""
    page = new_context(mobile=True).new_page()
    create_tournament(page, base_url, "Free places", tables=1)
    for words in ("free (robot)", "libre (robot)"):
        state = page.locator('#tour-places tr[data-place="1"] td').nth(2)
        expect(state).to_have_text(words)
        lines = state.evaluate(
            """(cell) => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            }"""
        )
        assert lines == 1, words
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        if words.startswith("free"):
            expect(page.locator("#tour-places p.muted")).to_contain_text(
                "A robot plays a free place."
            )
            page.click("#lang")
    page.click("#lang")
