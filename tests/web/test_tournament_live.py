"""The tournament page online: a guest takes a place and is told where to sit, then
gives it up; the organiser opens the position; robots play it, and the results and
ranking reach both the organiser's page and another reader's, pushed by the server
(the page no longer asks again)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.tournaments import create_tournament


def test_the_ranking_comes_to_every_reader_as_the_tables_end(
    page: Page, base_url: str, new_context: Callable[[], BrowserContext]
) -> None:
    create_tournament(page, base_url, "Live night", tables=1, per_position=2)
    expect(page.locator("#tour-summary")).to_contain_text("2 results to come")
    # a place held: the page says where its holder sits (position 1, table 1)
    page.click('button.take-place[data-take="3"]')
    expect(page.locator('#tour-places tr[data-place="3"]')).to_contain_text("Give up this place")
    expect(page.locator('#tour-my-seats tr[data-position="1"]')).to_contain_text("not open yet")
    page.click("#place-leave")  # given up: a robot will play it
    expect(page.locator("#tour-my-seats")).to_have_count(0)
    reader = new_context().new_page()
    reader.goto(page.url)
    expect(reader.locator("#tour-summary")).to_contain_text("2 results to come")
    expect(reader.locator("#online-open")).to_have_count(0)  # the organiser's only
    page.select_option("#online-position", "1")
    page.click("#online-open")
    # nobody holds a place: robots play the table at once; both pages hear the end
    for shown in (page, reader):
        expect(shown.locator("#tour-summary")).to_contain_text("tournament over", timeout=60_000)
        expect(shown.locator("#tour-results tbody tr")).to_have_count(2)
        expect(shown.locator("#tour-online tr.done")).to_have_count(1)


def test_the_matchs_attacker_is_offered_only_the_three_gardes(page: Page, base_url: str) -> None:
    create_tournament(page, base_url, "Match night", "teams")
    expect(page.locator("#tour-summary")).to_contain_text("32 results to come")
    # team A's first named attacks the first quarter in South, then defends
    page.click('button.take-place[data-take="1"]')
    expect(page.locator('#tour-my-seats tr[data-position="1"]')).to_contain_text("(S)")
    expect(page.locator("#tour-my-seats tbody tr")).to_have_count(4)
    page.select_option("#online-position", "1")
    page.click("#online-open")
    # a player (the organiser too, once holding a place) watches no table until the
    # end: the other room plays the same boards
    expect(page.locator("#tour-online .in-play").first).to_have_text("in play")
    expect(page.locator("#tour-online a.online-table")).to_have_count(0)
    expect(page.locator("#tour-online")).to_contain_text("watched only by its players")
    page.click('#tour-my-seats tr[data-position="1"] a.my-table')
    # the bid box: Garde, Garde Sans, Garde Contre; no pass, no Prise
    bids = page.locator("#prompt .bid-button")
    expect(bids).to_have_count(3, timeout=30_000)
    assert [b.get_attribute("data-action") for b in bids.all()] == [
        "bid:garde",
        "bid:garde_sans",
        "bid:garde_contre",
    ]


def test_a_triplette_player_is_told_their_seat_board_by_board(page: Page, base_url: str) -> None:
    create_tournament(page, base_url, "Triplettes night", "triplettes", tables=1, per_position=2)
    expect(page.locator("#tour-summary")).to_contain_text("2 results to come")
    # player 1 (North-South, badge bleu) defends board 2, marked taker West, from
    # the taker's right: South; on board 1 they attack in North or watch
    page.click('button.take-place[data-take="1"]')
    row = page.locator('#tour-my-seats tr[data-position="1"]')
    expect(row).to_contain_text("Board 1: ")
    expect(row).to_contain_text("(S)")
    assert "Board 2: " in row.inner_text()
