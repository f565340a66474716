"""Two people at one table, the second on a phone: what one does that concerns the
other (a vote to end the game) reaches the other where they look, in either
language, not only in the phone's drawer."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.play import create_table

MEASURE = (Path(__file__).parent / "layout.js").read_text()


def _usable(page: Page, when: str) -> None:
    problems: list[str] = page.evaluate(MEASURE)
    assert not problems, f"{when}: " + "; ".join(problems)


def _together(new_context: object, base_url: str) -> tuple[Page, Page]:
    """Ann, the master on a desktop, and Ben on a phone (390 x 844), in a game started."""
    ann: Page = new_context().new_page()  # type: ignore[operator]
    ben: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    create_table(ann, base_url)
    ben.goto(ann.locator("#invite-link").input_value())
    expect(ann.locator(".seat-box .seat-name", has_text="guest_player")).to_have_count(2)
    ann.click("#start")
    expect(ben.locator("#hand .card")).to_have_count(18)
    return ann, ben


def test_a_vote_to_end_asks_the_other_player_in_view(new_context: object, base_url: str) -> None:
    """Ben's phone once showed nothing of Ann's proposal: the vote and its answers
    were only in the closed drawer, and its button had no mark."""
    ann, ben = _together(new_context, base_url)
    ann_name = ann.locator(".seat-box.me .seat-name").inner_text().strip(" ★")
    expect(ben.locator("#side-badge")).to_have_count(0)
    ann.click("#vote-end")
    ask = ben.locator("#vote-prompt")
    expect(ask).to_contain_text("End the game amicably?")
    expect(ask).to_contain_text(f"Proposed by {ann_name}")
    expect(ask).to_be_in_viewport(ratio=1)
    expect(ben.locator("#side-badge")).to_be_visible()
    expect(ben.locator("#side")).not_to_be_in_viewport()  # the drawer stays closed
    _usable(ben, "a vote asking the player")
    shot(ben, "vote-asked-en")
    ben.click("#lang")
    expect(ask).to_contain_text("Finir la partie à l'amiable ?")
    expect(ask).to_contain_text(f"Proposé par {ann_name}")
    expect(ask.locator("#vote-agree")).to_have_text("D'accord pour finir")
    expect(ask.locator("#vote-refuse")).to_have_text("Refuser")
    shot(ben, "vote-asked-fr")
    # Asked only until answered: a refusal ends the vote for everyone.
    expect(ann.locator("#vote-prompt")).to_have_count(0)  # the proposer is not asked
    expect(ask.locator("#vote-refuse")).to_be_in_viewport(ratio=1)
    ben.click("#vote-refuse")
    expect(ask).to_have_count(0)
    expect(ben.locator("#side-badge")).to_have_count(0)
    expect(ann.locator("#votes")).to_have_count(0)
