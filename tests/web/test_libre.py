"""The tournoi libre on the #/tournament page, on a phone: a guest organiser creates
one, writes a table's deal in the score sheet's form (the server's running totals
come back), copies another table's bilans (a sum that is not zero refused), and
reads the ranking, then takes a place to be told their tables."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect


def test_a_libre_night_from_a_phone(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    page = new_context(mobile=True).new_page()
    page.goto(f"{base_url}/#/tournament")
    page.wait_for_selector("#who")
    page.click("#libre-link")
    page.fill("#libre-name", "Libre du jeudi")
    page.fill("#libre-positions", "2")
    page.fill("#libre-deals", "3")
    page.fill("#libre-names", "\n".join(f"Joueur {n}" for n in range(1, 9)))
    page.click("#libre-create")
    expect(page.locator("#tour-summary")).to_contain_text("4 sheets to come")
    expect(page.locator("#libre-plan tbody tr")).to_have_count(4)
    expect(page.locator("#ranking-note")).to_contain_text("No result yet")

    # Table 1, position 1: its first seat takes a Garde of 56 points with one bout,
    # made by 5: (25 + 5) x 2 = 60 a defender, +180 for the taker.
    page.select_option("#libre-table", "1:1")
    first = page.locator('#libre-plan tr[data-position="1"][data-table="1"] td').nth(2)
    taker = (first.text_content() or "").split(" · ")[0].split(" ", 1)[1]
    page.select_option("#deal-taker", "0")
    page.select_option("#deal-contract", "garde")
    page.fill("#deal-points", "56")
    page.select_option("#deal-bouts", "1")
    page.click("#add-deal")
    expect(page.locator('#sheet-table [data-total="0"]')).to_have_text("180")
    expect(page.locator('#sheet-table [data-total="1"]')).to_have_text("-60")
    expect(page.locator("#tour-summary")).to_contain_text("3 sheets to come")
    expect(page.locator("#libre-ranking tbody tr").first).to_contain_text(taker)
    expect(page.locator("#libre-ranking tbody tr").first).to_contain_text("+180")
    # table 2's four have no sheet yet: no rank (they were 2nd ex aequo at 0), last
    unranked = page.locator("#libre-ranking tbody td.unranked")
    expect(unranked).to_have_count(4)
    expect(page.locator("#libre-ranking tbody tr").nth(4).locator("td.unranked")).to_have_count(1)
    expect(page.locator("#ranking-note")).to_contain_text("4 without a result yet")

    # Table 2: the paper sheet's bilans; 10 too many is refused, then corrected.
    page.select_option("#libre-table", "1:2")
    page.click("#libre-bilans summary")
    for seat, bilan in enumerate(("30", "-10", "-10", "0")):
        page.fill(f"#bilan-{seat}", bilan)
    expect(page.locator("#bilans-sum")).to_contain_text("10")
    page.click("#bilans-enter")
    expect(page.locator("#bilans-error")).to_contain_text("add up to 10")
    page.fill("#bilan-3", "-10")
    page.click("#bilans-enter")
    expect(page.locator("#bilans-error")).to_have_text("")
    expect(page.locator("#tour-summary")).to_contain_text("2 sheets to come")
    expect(page.locator("#libre-ranking tbody tr").nth(1)).to_contain_text("+30")
    expect(unranked).to_have_count(0)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    # The organiser plays too: their place tells them their table at each position.
    page.click('[data-take="1"]')
    expect(page.locator("#tour-my-seats tbody tr")).to_have_count(2)


def test_a_team_libre_shows_its_members_points(page: Page, base_url: str) -> None:
    """A team's row shows its members' totals as "30 / -10", now that the view gives
    them as numbers; a name given twice is refused, in the reader's words."""
    page.goto(f"{base_url}/#/tournament/libre")
    page.wait_for_selector("#who")
    page.fill("#libre-name", "Paires")
    page.select_option("#libre-form", "pairs")
    page.fill("#libre-positions", "2")
    names = [f"Joueur {n}" for n in range(1, 9)]
    page.fill("#libre-names", "\n".join([*names[:7], "joueur 1"]))
    page.click("#libre-create")
    refused = page.locator("#libre-error")
    expect(refused).to_contain_text("joueur 1 is given twice (players 1 and 8)")
    page.fill("#libre-names", "\n".join(names))
    page.click("#libre-create")
    expect(page.locator("#tour-summary")).to_contain_text("4 sheets to come")
    page.select_option("#libre-table", "1:1")
    page.click("#libre-bilans summary")
    for seat, bilan in enumerate(("30", "-10", "-10", "-10")):
        page.fill(f"#bilan-{seat}", bilan)
    page.click("#bilans-enter")
    expect(page.locator("#tour-summary")).to_contain_text("3 sheets to come")
    rows = page.locator("#libre-ranking tbody tr")
    expect(rows).to_have_count(4)
    for row in range(4):
        cells = rows.nth(row).locator("td")
        members = cells.nth(3).text_content() or ""
        total = int((cells.nth(2).text_content() or "").replace("+", ""))
        first, second = members.split(" / ")  # two numbers, as before
        assert int(first) + int(second) == total
    expect(rows.first.locator("td").nth(3)).to_contain_text("30")
