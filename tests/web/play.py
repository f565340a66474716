"""Driving the table page by clicking, as a player would: one decision per call."""

from __future__ import annotations

import time
import uuid

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Position, expect


def create_table(
    page: Page,
    base_url: str,
    game: str = "french",
    players: int = 4,
    robots: str = "heuristic",
    rounds: int = 1,
    competitive: bool = False,
    seconds: int = 120,
) -> str:
    """Create a table (practice unless ``competitive``, ``seconds`` a turn) from the
    lobby; returns its id."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    if competitive:
        page.check("#opt-competitive")
    page.select_option("#opt-game", game)
    page.select_option("#opt-players", str(players))
    page.select_option("#opt-robot", robots)
    page.fill("#opt-seconds", str(seconds))
    if rounds != 1:  # a game with no number of deals (Africain) has no such field
        page.fill("#opt-rounds", str(rounds))
    page.click("#create")
    page.wait_for_selector("#start")
    return page.url.split("#/table/")[1].split("?")[0]


def create_one_life_africain(page: Page, players: int) -> None:
    """From the lobby shown, create an Africain table of random robots with one
    life each (the ``cinq`` variant at five), which ends soon."""
    page.select_option("#opt-game", "africain")
    if players == 5:
        page.select_option("#opt-variant", "cinq")
    page.select_option("#opt-players", str(players))
    page.select_option("#opt-robot", "random")
    page.click("#opt-rules summary")
    page.fill("#opt-rules [data-rule=lives]", "1")
    page.click("#create")


def phase(page: Page) -> str:
    felt = page.locator("#felt")
    return (felt.get_attribute("data-phase") or "") if felt.count() else ""


def my_phase(page: Page) -> str | None:
    """The phase when the page says it is this player's turn, else None: both read
    at once, since an update may land between two separate reads."""
    found: str | None = page.evaluate(
        """() => document.querySelector('#turn-line.mine')
                   ? document.querySelector('#felt').dataset.phase : null"""
    )
    return found


def _click(page: Page, selector: str, tap: bool = False) -> bool:
    # A hand's cards overlap: click the corner a player sees, not the middle.
    corner: Position | None = {"x": 10, "y": 24} if ".card" in selector else None
    try:
        if tap:
            tap_in_view(page, selector, corner)
        else:
            page.locator(selector).first.click(timeout=1500, position=corner)
    except PlaywrightError:
        return False
    return True


def tap_in_view(page: Page, selector: str, position: Position | None = None) -> None:
    """Tap the first ``selector`` where it is, as a finger would: nothing scrolls it
    into view, so it must already be in the viewport."""
    deadline = time.monotonic() + 1.5
    # Every message redraws the table: an element found may be replaced before it
    # is measured (no box then), and is measured again as drawn anew.
    while (box := page.locator(selector).first.bounding_box(timeout=1500)) is None:
        if time.monotonic() > deadline:
            break
        page.wait_for_timeout(30)
    size = page.viewport_size
    assert box is not None and size is not None, f"{selector} is not shown"
    x = box["x"] + (position["x"] if position else box["width"] / 2)
    y = box["y"] + (position["y"] if position else box["height"] / 2)
    assert 0 <= x < size["width"] and 0 <= y < size["height"], f"{selector} is out of view: {box}"
    page.touchscreen.tap(x, y)


def take_turn(
    page: Page, prefer_bid: str = "garde", discard: bool = True, tap: bool = False
) -> str | None:
    """Make the decision the page asks for, if any; returns what was clicked.
    With ``discard=False`` it never puts a card in the écart (the caller does);
    with ``tap`` it taps (a touch screen, which scrolls nothing into view)."""
    choices = [
        f'#prompt [data-action="bid:{prefer_bid}"]:not(.illegal)',
        '#prompt [data-action="bid:pass"]',
        "#prompt .bid-button:not(.illegal)",
        '#prompt [data-action="chelem:no"]',
        "#show-poignee",
        '#prompt [data-action="misere:none"]',
        '#prompt [data-action="play:EX:high"]',
        "#confirm-ecart:not([disabled])",
        "#prompt .card.legal",
        "#hand .card.legal:not(.selected)"
        if discard
        else '#felt:not([data-phase="discard"]) ~ #hand .card.legal',
    ]
    # Whether it is the page's turn and which choices are shown, asked in one round
    # trip (one each made a turn cost ten); one gone meanwhile fails its click.
    shown: list[str] = page.evaluate(
        """ss => document.querySelector('#turn-line.mine')
                 ? ss.filter(s => document.querySelector(s)) : []""",
        choices,
    )
    for selector in shown:
        if _click(page, selector, tap):
            return selector
    return None


def register(page: Page, base_url: str, prefix: str = "new") -> str:
    """Register a new account from the login page; returns its name."""
    name = f"{prefix}{uuid.uuid4().hex[:8]}"
    page.goto(f"{base_url}/#/login")
    page.fill("#login-name", name)
    page.fill("#login-password", "a long password")
    page.click("#do-register")
    expect(page.locator("#who")).to_contain_text(name)
    return name


def in_french(page: Page, base_url: str) -> None:
    """Open the lobby and switch the page to French."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#lang")
    page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
