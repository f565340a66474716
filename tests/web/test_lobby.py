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


FREE = {"en": ("free seat", "away"), "fr": ("place libre", "hors ligne")}


@pytest.mark.parametrize("lang", list(FREE))
def test_a_waiting_tables_seats_read_alike_in_the_lobby_and_at_the_table(
    new_context: object, base_url: str, lang: str
) -> None:
    """The table page named a waiting table's empty seats 'robot 2', 'robot 3' with a
    robot's face where the lobby said 'free seat'; and the lobby listed a player who
    had just lost the connection as 'name ★ (robot)', though no game was running for a
    robot to play."""
    free, away = FREE[lang]
    ann = new_context().new_page()  # type: ignore[operator]
    table = create_table(ann, base_url)
    ann_name = ann.locator(".seat-box.me .seat-label").inner_text()
    ben: Page = new_context().new_page()  # type: ignore[operator]
    ben.goto(ann.locator("#invite-link").input_value())
    expect(ben.locator(".seat-box.me")).to_have_count(1)
    visitor: Page = new_context().new_page()  # type: ignore[operator]
    visitor.goto(f"{base_url}/#/")
    visitor.wait_for_selector("#lang")
    if lang == "fr":
        for page in (ben, visitor):
            page.click("#lang")
            expect(page.locator("html")).to_have_attribute("lang", "fr")
    item = visitor.locator(f'.table-item[data-table="{table}"]')
    expect(item.locator(".seat.free")).to_have_count(2)
    expect(item.locator(".seat.free").first).to_have_text(free)
    expect(ben.locator(".seat-box", has_text=free)).to_have_count(2)  # 4 seats, 2 people
    expect(ben.locator('.seat-box [data-avatar="robot"]')).to_have_count(0)
    expect(ben.locator(".seat-box .robot-badge")).to_have_count(0)

    ann.close()  # her connection lost: she keeps her seat for the grace period
    seat = item.locator(".seat", has_text=ann_name)
    expect(seat).to_contain_text(f"({away})")
    expect(seat).not_to_contain_text("robot")
    on_table = ben.locator(".seat-box", has_text=ann_name)
    expect(on_table).to_contain_text("⚠")
    expect(on_table.locator(".robot-badge")).to_have_count(0)
    expect(on_table.locator('[data-avatar="robot"]')).to_have_count(0)


@pytest.mark.parametrize("width", [1366, 1024])
def test_the_competitive_box_sits_beside_its_words(page: Page, base_url: str, width: int) -> None:
    """The words went to a line of their own, the box alone above them."""
    page.set_viewport_size({"width": width, "height": 768})
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#opt-competitive + .check-text")
    # Both measured in one layout: the list of tables arriving between two
    # measures can bring a scroll bar that reflows the form (it failed so once).
    box, words = page.evaluate(
        """() => ["#opt-competitive", "#opt-competitive + .check-text"].map((q) => {
          const r = document.querySelector(q).getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        })"""
    )
    middle = box["y"] + box["height"] / 2
    assert words["y"] <= middle <= words["y"] + words["height"], (box, words)
    assert words["x"] >= box["x"] + box["width"]


def test_a_phone_reaches_the_form_from_the_top_past_tables_nobody_is_at(
    new_context: object, base_url: str
) -> None:
    """On a phone the creation form comes under every table, 260 px each: with 16
    tables listed it was 4,200 px down, under the practice tables of guests who had
    closed their page (their seats kept, 'away', for the grace period). Those now
    come last, and a button at the top of the list goes to the form."""
    gone = new_context().new_page()  # type: ignore[operator]
    deserted = create_table(gone, base_url)
    gone.close()  # away: the seat is kept for the grace period
    here = new_context().new_page()  # type: ignore[operator]
    lively = create_table(here, base_url, players=3)
    phone: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    phone.goto(f"{base_url}/#/")
    items = phone.locator(".table-item")
    expect(phone.locator(f'.table-item[data-table="{deserted}"]')).to_contain_text("(away)")
    order = items.evaluate_all("items => items.map((item) => item.dataset.table)")
    assert order.index(lively) < order.index(deserted)
    expect(phone.locator("#create")).not_to_be_in_viewport()
    phone.click("#to-create")
    expect(phone.locator("#create-form h2")).to_be_in_viewport()
    expect(phone.locator("#opt-game")).to_be_focused()
    desk: Page = new_context().new_page()  # type: ignore[operator]
    desk.goto(f"{base_url}/#/")
    expect(desk.locator("#create-form")).to_be_in_viewport()
    expect(desk.locator("#to-create")).to_be_hidden()  # the form is beside the list


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_summary_words_every_rule_a_variant_has(page: Page, base_url: str, lang: str) -> None:
    """An FFT tournament's online tables read "rule_imposed_contract: garde": the
    summary had words only for the rules the creation form offers. Every rule of
    every variant the server lists now has its words, and its value its reader's."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#lang")
    if lang == "fr":
        page.click("#lang")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
    summaries: list[str] = page.evaluate(
        """async () => {
          const { describeOptions } = await import("/js/lobby.js");
          const games = await (await fetch("/api/games")).json();
          const base = { players: 4, turn_seconds: 30, competitive: false, rounds: 1,
                         robot_level: "random", private: false, spectators: true };
          return games.flatMap((g) => g.variants.map((v) => describeOptions(
            { ...base, game: g.name, variant: v.name, rules: v.options })));
        }"""
    )
    assert len(summaries) >= 3
    for summary in summaries:
        assert "rule_" not in summary, summary
    tournament = page.evaluate(
        """async () => (await import("/js/lobby.js")).describeOptions({ game: "french",
          variant: "fft", players: 4, turn_seconds: 30, competitive: false, rounds: 1,
          robot_level: "random", private: false, spectators: true,
          rules: { imposed_contract: "garde" } })"""
    )
    words = "Imposed contract: Garde" if lang == "en" else "Contrat imposé\u00a0: Garde"
    assert words in tournament
