"""Each language all the way: every screen read in English has no French word,
and in French no English one (issue 19: server refusals, variant and level
names and score breakdowns once stayed English in the French interface)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.web.play import create_table, register, take_turn
from tests.web.scripted import TABLE, ScriptedTable, last_card

WORDS = {
    "en": {"the", "and", "with", "your", "you", "of", "to", "is", "players", "seconds", "game"}
    | {"heuristic", "random", "strong", "official", "rules"}
    | {"needed", "multiplier", "per", "defender", "made", "deal", "continue"},
    "fr": {"le", "la", "les", "et", "avec", "votre", "vous", "des", "du", "joueurs", "partie"}
    | {"heuristique", "hasard", "fort", "officielles", "règles"}
    | {"faire", "multiplicateur", "défenseur", "réussi", "donne", "continuer"},
}
"""Common words of each language, none of which the other uses."""
SCREENS = [
    "#/",
    "#/login",
    "#/leaderboard",
    "#/replay",
    "#/sheet",
    "#/help",
    "#/friends",
    "#/tournament",
    "#/tournament/libre",
]


_WORD = re.compile(r"(?<!\w)(?:[A-ZÀ-Þ]+|[A-Za-zÀ-ÿ][a-zß-ÿ]*)(?!\w)")
"""A word as the interface writes one: lower case, capitalised or in capitals,
between spaces or punctuation. Not the letters of a random identifier (a table
id such as ``Rto4kQ`` once showed the English "to" on a French screen)."""


_COLON = {"fr": re.compile(r"\S{0,20}[^\W\d]: "), "en": re.compile(r"\S{0,20}\w\s: ")}
"""A colon as the other language writes it: French puts a space before it, English none."""


def _strays(page: Page, lang: str, other: str) -> list[str]:
    """The other language's words on the page, and its colons (a label said
    "Contrat: Garde" in the French interface)."""
    text = page.locator("#top").inner_text() + " " + page.locator("#app").inner_text()
    words = {word.lower() for word in _WORD.findall(text)}
    return sorted(words & WORDS[other]) + _COLON[lang].findall(text)


def _in(page: Page, lang: str) -> None:
    """Switch the page to ``lang`` by its language button."""
    page.wait_for_selector("#lang")
    if page.locator("html").get_attribute("lang") != lang:
        page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", lang)


@pytest.mark.parametrize(("lang", "other"), [("en", "fr"), ("fr", "en")])
def test_every_screen_speaks_one_language(page: Page, base_url: str, lang: str, other: str) -> None:
    page.goto(f"{base_url}/#/")
    _in(page, lang)
    table = create_table(page, base_url, players=3)  # the lobby then lists it
    for screen in SCREENS:
        page.goto(f"{base_url}/{screen}")
        page.wait_for_timeout(300)  # the screen's data from the server
        stray = _strays(page, lang, other)
        assert not stray, f"{screen} in {lang} shows {stray}"
    page.goto(f"{base_url}/#/table/{table}")
    page.click("#start")
    for _ in range(3):  # a bid, then the table as play goes on
        page.wait_for_selector("#turn-line.mine", timeout=30_000)
        stray = _strays(page, lang, other)
        assert not stray, f"the table in {lang} shows {stray}"
        take_turn(page)
    # A deal's result with its breakdown, at the game's last card (a game the test
    # serves itself, in a page of its own: the same language saved).
    scripted = page.context.new_page()
    ScriptedTable(scripted, [0], before=last_card)
    scripted.goto(f"{base_url}/#/table/{TABLE}")
    scripted.locator("#hand .card.legal").click(position={"x": 10, "y": 24})
    expect(scripted.locator("#deal-result .breakdown li").first).to_be_visible()
    stray = _strays(scripted, lang, other)
    assert not stray, f"the deal's result in {lang} shows {stray}"
    scripted.close()
    # A registered player's own pages: the profile (level, badges, avatars) and friends.
    name = register(page, base_url, "walk")
    _in(page, lang)
    for screen in (f"#/profile/{name}", "#/friends"):
        page.goto(f"{base_url}/{screen}")
        page.wait_for_timeout(300)
        stray = _strays(page, lang, other)
        assert not stray, f"{screen} in {lang} shows {stray}"


def test_the_games_end_stays_through_a_language_switch(page: Page, base_url: str) -> None:
    """Switching the language once a game is over draws the page again in the
    other language with what the game's end showed: the last deal's result, the
    game's end with its winners and what comes next (it once lost them: the
    server's table keeps no ended game to send again)."""
    page.goto(f"{base_url}/#/")
    _in(page, "en")
    create_table(page, base_url, players=3)
    page.click("#start")
    deadline = time.monotonic() + 150
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        if take_turn(page) is None:
            page.wait_for_timeout(40)
    over = page.locator("#game-over")
    expect(over.locator("h2")).to_have_text("Game over")
    expect(page.locator("#winners")).to_contain_text("Winner")
    expect(page.locator("#deal-result-title")).to_have_text("Deal 1")
    # told to a screen reader, and the keyboard is on what comes next (a new game)
    expect(page.locator("#turn-announce")).to_contain_text("Game over")
    expect(page.locator("#again")).to_be_focused()
    page.focus("#lang")  # switched by the keyboard, which stays on the switch
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#lang")).to_be_focused()
    expect(over.locator("h2")).to_have_text("Partie terminée")
    expect(page.locator("#winners")).to_contain_text("Gagnant")
    expect(page.locator("#again")).to_have_text("Rejouer")
    expect(page.locator("#replay-link")).to_have_text("Revoir cette partie")
    expect(page.locator("#deal-result-title")).to_have_text("Donne 1")
    expect(page.locator("#scores .deal-head")).to_have_count(1)
    stray = _strays(page, "fr", "en")
    assert not stray, f"the game's end in French shows {stray}"
    page.reload()  # a page drawn anew: the game's end comes from the server's snapshot
    expect(over.locator("h2")).to_have_text("Partie terminée")
    expect(page.locator("#winners")).to_contain_text("Gagnant")
    expect(page.locator("#replay-link")).to_have_attribute("href", re.compile(r"#/replay/\d+$"))
    expect(page.locator("#scores .deal-head")).to_have_count(1)
