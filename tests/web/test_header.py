"""The header on a phone held upright: its navigation wrapped onto row after row,
the header taking 390 to 410 px of an 844 px screen on the lobby and the
leaderboard. It is two short lines now, and every page's link is still reached
by a finger (44 px) and by the keyboard, named in the page's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import shot, touch_screen
from tests.web.play import register

DESTINATIONS = ["#/", "#/leaderboard", "#/friends", "#/replay", "#/sheet", "#/tournament", "#/help"]
"""The pages a registered player's navigation leads to (a guest's has no friends)."""
HIGHEST = 100


def _in(page: Page, lang: str) -> None:
    if page.locator("html").get_attribute("lang") != lang:
        page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", lang)


def _header_height(page: Page, where: str) -> None:
    box = page.locator("header#top").bounding_box()
    assert box is not None
    assert box["height"] <= HIGHEST, f"{where}: the header is {box['height']:.0f} px high"
    # the account's link and the language button are in sight and a finger's size
    for control in ("#lang", "#login-link, header#top button.link"):
        shown = page.locator(control)
        expect(shown).to_be_in_viewport(ratio=1)
        size = shown.bounding_box()
        assert size is not None and size["height"] >= 44 - 0.5, f"{where}: {control} {size}"


def _links(page: Page) -> list[dict[str, str]]:
    links: list[dict[str, str]] = page.eval_on_selector_all(
        "header#top nav a",
        "(links) => links.map((a) => ({ href: a.getAttribute('href'),"
        " name: a.textContent.trim() }))",
    )
    return links


FOCUSED = """() => {
  const a = document.activeElement, r = a.getBoundingClientRect();
  const nav = a.closest('nav')?.getBoundingClientRect();
  const inside = nav && r.left >= nav.left - 1 && r.right <= nav.right + 1
    && r.left >= -0.5 && r.right <= innerWidth + 0.5
    && r.top >= -0.5 && r.bottom <= innerHeight + 0.5;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { href: a.getAttribute('href'), inside: !!inside, hit: !!hit && a.contains(hit),
           height: r.height };
}"""


def _keyboard_reaches_every_link(page: Page, where: str) -> None:
    """Tab from the brand: each page's link in turn has the focus, in sight (the
    scrolling row brings it there) and under nothing."""
    hrefs = [link["href"] for link in _links(page)]
    page.focus("header#top .brand")
    for href in hrefs:
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert focused["href"] == href, f"{where}: Tab went to {focused}, not {href}"
        assert focused["inside"] and focused["hit"], (
            f"{where}: {href} has the focus out of sight: {focused}"
        )
        assert focused["height"] >= 44 - 0.5, f"{where}: {href} is {focused['height']} px high"


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=["390x844", "360x640"])
def test_a_phone_s_header_is_short_and_leads_everywhere(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    with touch_screen(browser, *size, is_mobile=True) as page:
        # a guest's header (the longest account line: "(guest: practice tables only)")
        for lang in ("en", "fr"):
            for path in ("#/", "#/leaderboard"):
                page.goto(f"{base_url}/{path}")
                page.wait_for_selector("#who")
                _in(page, lang)
                _header_height(page, f"a guest's {path} in {lang}")
        name = register(page, base_url, "hdr")
        pages = {"lobby": "#/", "leaderboard": "#/leaderboard", "profile": f"#/profile/{name}"}
        names: dict[str, list[str]] = {}
        for lang in ("en", "fr"):
            for what, path in pages.items():
                page.goto(f"{base_url}/{path}")
                expect(page.locator("#who")).to_contain_text(name)
                _in(page, lang)
                expect(page.locator("#app h1").first).to_be_visible()
                where = f"the {what} in {lang} at {size[0]}x{size[1]}"
                shot(page, f"header-{what}-{lang}-{size[0]}x{size[1]}")
                _header_height(page, where)
                links = _links(page)
                assert [link["href"] for link in links] == DESTINATIONS, where
                assert all(link["name"] for link in links), (
                    f"{where}: a link without a name: {links}"
                )
                names[lang] = [link["name"] for link in links]
                _keyboard_reaches_every_link(page, where)
            # each page's link tapped leads to its page, from the lobby
            for href in DESTINATIONS:
                page.goto(f"{base_url}/#/leaderboard" if href == "#/" else f"{base_url}/#/")
                expect(page.locator("#who")).to_contain_text(name)
                link = page.locator(f'header#top nav a[href="{href}"]')
                box = link.bounding_box()
                assert box is not None and box["height"] >= 44 - 0.5, f"{href} in {lang}: {box}"
                link.tap()  # scrolled into view first if it lies past the row's edge
                expect(page).to_have_url(re.compile(re.escape(href) + "$"))
        assert names["en"] != names["fr"], names  # named in each page's language
