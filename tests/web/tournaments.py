"""Shared steps of the tournament pages' browser tests."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def create_tournament(
    page: Page, base_url: str, name: str, form: str | None = None, **fields: int
) -> None:
    """Create a duplicate tournament on the #/tournament page, as a guest (whose
    token the organiser's calls carry): its name, its form,
    and the numbers of the form's fields (``per_position=2`` fills
    ``#tour-per-position``)."""
    page.goto(f"{base_url}/#/tournament")
    page.wait_for_selector("#who")
    page.fill("#tour-name", name)
    if form is not None:
        page.select_option("#tour-form", form)
    for field, value in fields.items():
        page.fill(f"#tour-{field.replace('_', '-')}", str(value))
    page.click("#tour-create")


def shown_whole(page: Page, select: str) -> bool:
    """Whether a select shows its chosen option's whole text (no cut end)."""
    fits: bool = page.evaluate(
        """(selector) => {
          const select = document.querySelector(selector);
          const pen = document.createElement("canvas").getContext("2d");
          pen.font = getComputedStyle(select).font;
          const text = pen.measureText(select.selectedOptions[0].text).width;
          return text + 24 <= select.clientWidth;  // 24 px: the padding and the arrow
        }""",
        select,
    )
    return fits


def enter_result(page: Page, play: str, points: str, attacker: str, contract: str = "") -> None:
    """Enter a play's result on the organiser's form (2 bouts; the form's contract
    unless ``contract``), once the form has taken it (its points field emptied)."""
    page.select_option("#result-play", play)
    page.select_option("#result-attacker", attacker)
    if contract:
        page.select_option("#result-contract", contract)
    page.fill("#result-points", points)
    page.select_option("#result-bouts", "2")
    page.click("#result-enter")
    expect(page.locator("#result-points")).to_have_value("")
