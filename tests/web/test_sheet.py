"""The score sheet in a real browser: the rulebook's sheet of five deals (FFT 2012,
page 10) scored through the server, kept across a reload, exported, in French too."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from tests.web.conftest import shot

# (taker, contract, points, bouts, petit au bout, poignées, chelem announced, chelem made)
RULEBOOK_DEALS = [
    (2, "garde", "49", "2", "attack", [(2, "simple")], False, ""),
    (3, "garde_sans", "45", "2", "defense", [], False, ""),
    (1, "prise", "44", "1", "attack", [(1, "simple")], False, ""),
    (0, "garde", "52", "2", "", [(1, "simple")], False, ""),
    (1, "garde", "87", "2", "attack", [(1, "simple")], True, "attack"),
]


def _add_deal(page: Page, deal: tuple) -> None:  # type: ignore[type-arg]
    taker, contract, points, bouts, petit, poignees, announced, made = deal
    page.select_option("#deal-taker", str(taker))
    page.select_option("#deal-contract", contract)
    page.fill("#deal-points", points)
    page.select_option("#deal-bouts", bouts)
    page.select_option("#deal-petit", petit)
    for i in range(2):
        seat = str(poignees[i][0]) if i < len(poignees) else ""
        page.select_option(f"#deal-poignee-seat-{i}", seat)
        if i < len(poignees):
            page.select_option(f"#deal-poignee-size-{i}", poignees[i][1])
    page.locator("#deal-chelem-announced").set_checked(announced)
    page.select_option("#deal-chelem-made", made)
    rows = page.locator("#sheet-table tbody tr").count()
    page.click("#add-deal")
    expect(page.locator("#sheet-table tbody tr")).to_have_count(rows + 1)


def _row_scores(page: Page, index: int) -> list[str]:
    return page.locator(f'#sheet-table tbody tr[data-deal="{index}"] td.score').all_inner_texts()


def test_rulebook_sheet_scores_totals_reload_and_export(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/sheet")
    for seat, name in enumerate(["Nord", "Sud", "Est", "Ouest"]):
        page.fill(f"#sheet-name-{seat}", name)
        page.locator(f"#sheet-name-{seat}").dispatch_event("change")
    _add_deal(page, RULEBOOK_DEALS[0])
    # The rulebook: the taker +318, each defender -106.
    assert _row_scores(page, 0) == ["-106", "-106", "+318", "-106"]
    for deal in RULEBOOK_DEALS[1:]:
        _add_deal(page, deal)
    assert _row_scores(page, 1) == ["-76", "-76", "-76", "+228"]
    assert _row_scores(page, 2) == ["+42", "-126", "+42", "+42"]
    assert _row_scores(page, 3) == ["+276", "-92", "-92", "-92"]
    assert _row_scores(page, 4) == ["-582", "+1746", "-582", "-582"]
    totals = page.locator("#sheet-table tfoot th.total").all_inner_texts()
    assert totals == ["-446", "1346", "-390", "-510"]
    shot(page, "sheet-rulebook")

    page.reload()
    expect(page.locator("#sheet-table tbody tr")).to_have_count(5)
    assert page.locator("#sheet-table tfoot th.total").all_inner_texts() == totals

    with page.expect_download() as csv_download:
        page.click("#export-csv")
    csv_text = open(csv_download.value.path(), encoding="utf-8").read()  # noqa: SIM115
    assert csv_text.splitlines()[-1] == '"total","","","","","-446","1346","-390","-510"'
    with page.expect_download() as json_download:
        page.click("#export-json")
    saved = json.loads(open(json_download.value.path(), encoding="utf-8").read())  # noqa: SIM115
    assert [d["scores"][2] for d in saved["deals"]] == [318, -76, 42, -92, -582]

    page.click("#lang")
    expect(page.locator("#sheet h1")).to_have_text("Feuille de marque")
    page.click("#lang")


def test_impossible_deal_names_the_field(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/sheet")
    page.select_option("#deal-bouts", "3")
    page.fill("#deal-points", "95")
    page.click("#add-deal")
    # The browser's own number check refuses 95 > 91 before anything is sent.
    assert page.locator("#deal-points").evaluate("e => !e.validity.valid")
    page.fill("#deal-points", "40.5")
    page.select_option("#deal-poignee-seat-0", "0")
    page.select_option("#deal-poignee-size-0", "triple")
    page.select_option("#deal-poignee-seat-1", "0")
    page.click("#add-deal")
    expect(page.locator("#sheet-error")).to_contain_text("poign")


def test_the_sheet_offers_the_variants_contracts(page: Page, base_url: str) -> None:
    """The contracts come from the engine's variant: traditionnel has the Pousse
    (the sheet once listed FFT's four for every variant)."""
    page.goto(f"{base_url}/#/sheet")
    page.select_option("#sheet-variant", "traditionnel")
    contracts = page.locator("#deal-contract option")
    expect(contracts).to_have_count(5)
    assert "pousse" in [o.get_attribute("value") for o in contracts.all()]
    page.select_option("#sheet-variant", "fft")
    expect(contracts).to_have_count(4)
