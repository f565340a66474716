"""The lobby's list of tables, as a visitor reads it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.play import create_table

GAMES = {"en": ("French Tarot", "Tarot Africain"), "fr": ("Tarot français", "Tarot africain")}
COLON = {"en": ": ", "fr": "\u00a0: "}


@pytest.mark.parametrize("lang", list(GAMES))
def test_a_tables_summary_lists_only_its_games_options(
    new_context: object, base_url: str, lang: str
) -> None:
    """An Africain table's summary once listed the French Tarot deals per game,
    which an Africain game (played until one player is left) does not have."""
    host = new_context().new_page()  # type: ignore[operator]
    french = create_table(host, base_url, rounds=2)
    other_host = new_context().new_page()  # type: ignore[operator]
    africain = create_table(other_host, base_url, game="africain", players=3)
    visitor: Page = new_context().new_page()  # type: ignore[operator]
    visitor.goto(f"{base_url}/#/")
    visitor.wait_for_selector("#lang")
    if lang == "fr":
        visitor.click("#lang")
    expect(visitor.locator("html")).to_have_attribute("lang", lang)
    deals = visitor.locator("label", has=visitor.locator("#opt-rounds")).inner_text().strip()
    robots = visitor.locator("label", has=visitor.locator("#opt-robot")).inner_text()
    robots = robots.split("\n")[0].strip()  # the label's words, before its choices
    assert deals and robots  # the options as the creation form labels them
    visitor.select_option("#opt-game", "africain")  # whose games have no deals per game
    expect(visitor.locator("#opt-rounds")).to_be_hidden()
    visitor.select_option("#opt-game", "french")
    expect(visitor.locator("#opt-rounds")).to_be_visible()
    french_game, africain_game = GAMES[lang]

    def summary(table: str) -> str:
        item = visitor.locator(f'.table-item[data-table="{table}"] > div.muted')
        expect(item).to_have_count(1)
        return item.inner_text()

    french_summary, africain_summary = summary(french), summary(africain)
    assert french_summary.startswith(f"{french_game} · 4 ")
    assert f"{deals}{COLON[lang]}2" in french_summary
    assert africain_summary.startswith(f"{africain_game} · 3 ")
    assert deals not in africain_summary
    for text in (french_summary, africain_summary):  # options both games have
        assert "120 s" in text
        assert f"{robots}{COLON[lang]}" in text
