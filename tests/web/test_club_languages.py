"""The club's printouts and exports in the page's language: a French page prints its
boards, slips and table plan in French and downloads its score sheet's CSV in
French; opened with no language, a print page is in English.

The French words are the rulebook's (FFT règlement officiel 2012): the étui, the
donneur, the entame, the preneur, the chien, the bilan, the "quart temps"."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.play import in_french
from tests.web.tournaments import create_tournament

ENGLISH = re.compile(
    r"\b(Board|Dealer|lead|taker|Taker|Contract|contract|Dog|Bonuses|table plan)\b"
)


def _printed(page: Page, button: str) -> Page:
    """The print page a button opens, once shown."""
    with page.expect_popup() as popup:
        page.click(button)
    printed = popup.value
    printed.wait_for_selector("section")
    return printed


def test_a_french_page_prints_its_boards_and_slips_in_french(page: Page, base_url: str) -> None:
    in_french(page, base_url)
    create_tournament(page, base_url, "Soirée", tables=2)
    boards = _printed(page, "#print-boards")
    expect(boards.locator("html")).to_have_attribute("lang", "fr")
    expect(boards).to_have_title("Étuis")
    first = boards.locator("section").first
    expect(first.locator("h2")).to_have_text("Étui 1")
    # the dealer turns board by board from East, the taker on the dealer's right, who
    # leads ("l'entame sera effectuée par le joueur placé à droite du donneur", p. 14)
    expect(first.locator("p")).to_have_text("Donneur E, entame N, preneur N, contrat Garde")
    expect(first.locator("th").last).to_have_text("Chien")
    expect(boards.locator("section").nth(1).locator("p")).to_contain_text("preneur O")
    assert not ENGLISH.search(boards.locator("body").inner_text())

    slips = _printed(page, "#print-slips")
    expect(slips).to_have_title("Feuilles de marque")
    slip = slips.locator("section").first
    expect(slip.locator("h2")).to_have_text("Position 1, table 1")
    expect(slip.locator("p")).to_contain_text("O\u00a0: ")
    headings = slip.locator("tr").first.locator("th").all_inner_texts()
    assert headings == [
        "Étui",
        "Contrat",
        "Preneur",
        "Points",
        "Bouts",
        "Primes",
        "Marque +",
        "Marque -",
    ]
    assert not ENGLISH.search(slips.locator("body").inner_text())


def test_a_french_page_prints_its_tournoi_libre_in_french(page: Page, base_url: str) -> None:
    in_french(page, base_url)
    page.goto(f"{base_url}/#/tournament")
    page.click("#libre-link")
    page.fill("#libre-name", "Libre")
    page.fill("#libre-positions", "2")
    page.fill("#libre-deals", "2")
    page.fill("#libre-names", "\n".join(f"Joueur {n}" for n in range(1, 9)))
    page.click("#libre-create")
    expect(page.locator("#libre-plan tbody tr")).to_have_count(4)
    plan = _printed(page, "#print-plan")
    expect(plan).to_have_title("Plan de table")
    expect(plan.locator("html")).to_have_attribute("lang", "fr")
    slips = _printed(page, "#print-slips")
    expect(slips).to_have_title("Feuilles de marque")
    slip = slips.locator("section").first
    expect(slip.locator("h2")).to_have_text("Position 1, table 1")
    expect(slip.locator("tr").first).to_contain_text("ContratPreneur")
    for word in ("Donne", "Total", "Bilan", "somme = 0", "Signatures"):
        expect(slip).to_contain_text(word)
    assert not ENGLISH.search(slips.locator("body").inner_text())

    # the same page asked with no language (a link copied elsewhere): English
    english = page.request.get(plan.url.split("?")[0]).text()
    assert "<title>Table plan</title>" in english and '<html lang="en">' in english


def test_a_french_page_downloads_its_score_sheet_in_french(page: Page, base_url: str) -> None:
    """A Prise with 1 bout and 44 points is failed (a bout asks for 51 points)."""
    in_french(page, base_url)
    page.goto(f"{base_url}/#/sheet")
    page.select_option("#deal-taker", "1")
    page.select_option("#deal-contract", "prise")
    page.fill("#deal-points", "44")
    page.select_option("#deal-bouts", "1")
    page.click("#add-deal")
    expect(page.locator("#sheet-table tbody tr")).to_have_count(1)
    with page.expect_download() as download:
        page.click("#export-csv")
    lines = open(download.value.path(), encoding="utf-8").read().splitlines()  # noqa: SIM115
    assert lines[0].split(",")[:6] == ["donne", "contrat", "preneur", "points", "bouts", "réussi"]
    assert lines[0].split(",")[-1].endswith(" (total)")
    assert lines[1].split(",")[:6][3:] == ["44", "1", "non"]
    assert lines[1].split(",")[1] == "prise"  # the French Tarot's word, in both languages
    assert lines[-1].startswith("total,")
