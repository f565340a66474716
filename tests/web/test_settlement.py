"""The end of a competitive game tells each player the chips and the XP it won or
lost them, as the server stored them ("You: -25 chips, +40 XP"), and every seat's
change to whoever watches; a practice game says nothing of chips. Found by a user
pass: the game-over panel said who won, and nothing of what it cost or paid."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect

from tests.web.play import phase, register, take_turn


def _signed(n: int) -> str:
    return f"{n:+}" if n else "0"


def _create(page: Page, base_url: str, competitive: bool, bet: int = 0, rounds: int = 1) -> str:
    """A table of three seats, the others random robots; returns its id."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    if competitive:
        page.check("#opt-competitive")
        page.fill("#opt-bet", str(bet))
    page.select_option("#opt-players", "3")
    page.select_option("#opt-robot", "random")
    page.fill("#opt-seconds", "120")
    if rounds != 1:
        page.fill("#opt-rounds", str(rounds))
    page.click("#create")
    page.wait_for_selector("#start")
    return page.url.split("#/table/")[1].split("?")[0]


def _play_out(page: Page) -> None:
    deadline = time.monotonic() + 180
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, f"stuck in phase {phase(page)}"
        if take_turn(page) is None:
            page.wait_for_timeout(40)


def test_a_competitive_game_says_the_chips_and_xp_it_won_or_lost(
    new_context: object, base_url: str
) -> None:
    player: Page = new_context().new_page()  # type: ignore[operator]
    name = register(player, base_url, "set")
    before = httpx.get(f"{base_url}/api/profile/{name}").json()
    table = _create(player, base_url, competitive=True, bet=100, rounds=2)
    watcher: Page = new_context().new_page()  # type: ignore[operator]  # a guest
    watcher.goto(f"{base_url}/#/table/{table}")
    expect(watcher.locator("#spectator-banner")).to_be_visible()
    player.click("#start")
    _play_out(player)
    after = httpx.get(f"{base_url}/api/profile/{name}").json()
    chips, xp = after["chips"] - before["chips"], after["xp"] - before["xp"]
    assert chips in (0, -100) and xp > 0  # robots bet nothing: a win gives the bet back
    said = f"You: {_signed(chips)} chips, {_signed(xp)} XP"
    row = f'#settlement tr[data-user="{after["id"]}"]'
    for _ in range(2):  # as the game ended, then drawn anew (the snapshot's `ended`)
        expect(player.locator("#game-over #my-settlement")).to_have_text(said)
        expect(player.locator(row)).to_have_class("me")
        expect(player.locator(f"{row} td")).to_have_text([name, _signed(chips), _signed(xp)])
        player.reload()
    # In French as well.
    player.click("#lang")
    expect(player.locator("#my-settlement")).to_have_text(
        f"Vous : {_signed(chips)} jetons, {_signed(xp)} XP"
    )
    expect(player.locator("#settlement th").first).to_have_text("Joueur")
    # Whoever watches sees each seat's change, and no "you".
    expect(watcher.locator("#game-over")).to_be_visible()
    expect(watcher.locator(f"{row} td")).to_have_text([name, _signed(chips), _signed(xp)])
    expect(watcher.locator("#settlement tbody tr")).to_have_count(1)  # robots bet nothing
    expect(watcher.locator("#my-settlement")).to_have_count(0)


def test_a_practice_game_says_nothing_of_chips(page: Page, base_url: str) -> None:
    register(page, base_url, "prac")
    _create(page, base_url, competitive=False)
    page.click("#start")
    _play_out(page)
    expect(page.locator("#game-over #winners")).to_be_visible()
    expect(page.locator("#my-settlement")).to_have_count(0)
    expect(page.locator("#settlement")).to_have_count(0)
