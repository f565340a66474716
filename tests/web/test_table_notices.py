"""What the table page tells its player of what happened to them: a seat refused,
a seat taken over by another tab, a move a robot made when the clock ran out, the
next game to start. Each once happened silently (or said twice): found by an
exploratory tester."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.play import create_table, register


def test_a_guest_refused_a_competitive_seat_is_told_why(new_context: object, base_url: str) -> None:
    """The guest's sit was refused, but the snapshot that followed wiped the reason:
    the page said only that they watched, and offered seats to be refused again."""
    host = new_context().new_page()  # type: ignore[operator]
    register(host, base_url, "comp")
    table = create_table(host, base_url, competitive=True)
    guest = new_context().new_page()  # type: ignore[operator]
    guest.goto(f"{base_url}/#/")
    item = guest.locator(f'.table-item[data-table="{table}"]')
    # The lobby offers a guest to watch a competitive table, not to sit down.
    expect(item.get_by_role("link", name="Watch")).to_have_count(1)
    expect(item.get_by_role("link", name="Sit down")).to_have_count(0)
    expect(item).to_contain_text("for registered players")
    # A link to sit (shared, or an old page) is refused, and the page says why.
    guest.goto(f"{base_url}/#/table/{table}?join=1")
    expect(guest.locator("#spectator-banner")).to_be_visible()
    expect(guest.locator("#table-error")).to_contain_text("guest")
    # and offers no seat to be refused again, but says who sits here
    expect(guest.locator("button.sit")).to_have_count(0)
    expect(guest.locator("#guests-watch")).to_contain_text("for registered players")
