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


# The cells of the tables under a selector that something else covers where they are in
# sight (their box's left, middle and right, at mid-height, where the page and the
# table's scrolling box show them): a column held over the others covered the cells
# scrolling under it ("48" of a 480, a stray "A" of "Attack").
COVERED = """(selector) => {
  const found = [];
  for (const table of document.querySelectorAll(selector)) {
    table.scrollIntoView({ block: "start" });
    const frames = [table, table.closest(".table-scroll")].filter(Boolean)
      .map((e) => e.getBoundingClientRect());
    const left = Math.max(0, ...frames.map((f) => f.left));
    const right = Math.min(innerWidth, ...frames.map((f) => f.right));
    for (const cell of table.querySelectorAll("th, td")) {
      const r = cell.getBoundingClientRect();
      const y = r.top + r.height / 2;
      if (y < 0 || y > innerHeight || !r.width) continue;
      for (const x of [r.left + 3, r.left + r.width / 2, r.right - 3]) {
        if (x < left || x > right) continue; // scrolled out of sight, not covered
        const hit = document.elementFromPoint(x, y);
        if (hit && !cell.contains(hit)) { found.push(cell.textContent); break; }
      }
    }
  }
  return found;
}"""


def covered_cells(page: Page, selector: str) -> list[str]:
    """The texts of the cells of ``selector``'s tables that something covers (COVERED)."""
    found: list[str] = page.evaluate(COVERED, selector)
    return found


def past_the_edge(page: Page, selector: str) -> list[str]:
    """The buttons under ``selector`` that are not wholly in a window that does not
    scroll sideways (their accessible text, or their text)."""
    found: list[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(`${selector} button`)].filter((b) => {
          const r = b.getBoundingClientRect();
          return r.width && (r.left < 0 || r.right > innerWidth);
        }).map((b) => b.getAttribute("aria-label") ?? b.textContent)""",
        selector,
    )
    return found
