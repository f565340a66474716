"""A private table's mark in its summary: it was the emoji 🔒, an empty box where no
emoji font is installed (this Debian chromium has none) and read by its emoji's
name by a screen reader: the table's only sign of being private."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

WORD = {"en": "private", "fr": "privée"}
EMOJI = re.compile("[\U0001f000-\U0001faff]")

GLYPHS = """(mark) => {
  const svg = mark.querySelector('svg'), path = svg && svg.querySelector('path');
  const range = document.createRange();
  range.selectNodeContents(mark.lastChild);
  const box = (r) => ({ width: r.width, height: r.height });
  return { svg: svg ? box(svg.getBoundingClientRect()) : null,
           drawn: path ? box(path.getBBox()) : null,
           hidden: svg?.getAttribute('aria-hidden'), words: box(range.getBoundingClientRect()) };
}"""


def _measured(mark: Locator) -> Any:
    """The mark's glyphs as laid out: the page drawn anew between finding the mark
    and measuring it (the table's info arriving) measured a detached one, 0 by 0,
    once in a whole suite's run."""
    deadline = time.monotonic() + 5
    while True:
        glyphs = mark.evaluate(GLYPHS)
        if (glyphs["svg"] or {}).get("width") or time.monotonic() > deadline:
            return glyphs
        time.sleep(0.05)


@pytest.mark.parametrize("lang", list(WORD))
def test_a_private_table_is_marked_in_words_and_a_drawn_padlock(
    page: Page, base_url: str, lang: str
) -> None:
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    page.check("#opt-private")
    page.click("#create")
    page.wait_for_selector("#start")
    if lang == "fr":
        page.click("#lang")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
    # over the felt while the table waits, and in the table's panel
    for summary in (page.locator(".waiting p").first, page.locator("#options-summary")):
        mark = summary.locator(".private")
        expect(mark).to_be_visible()
        expect(mark).to_have_text(WORD[lang])
        glyphs = _measured(mark)
        assert glyphs["svg"] and glyphs["svg"]["width"] >= 8 and glyphs["svg"]["height"] >= 8, (
            glyphs
        )
        assert glyphs["drawn"] and glyphs["drawn"]["width"] > 0 and glyphs["drawn"]["height"] > 0, (
            glyphs
        )
        assert glyphs["hidden"] == "true", glyphs  # the padlock is seen, the word read
        assert glyphs["words"]["width"] > 0, glyphs
        # what a screen reader reads: the word, no emoji's name
        read = summary.aria_snapshot()
        assert WORD[lang] in read, read
        assert not EMOJI.search(summary.inner_text()), summary.inner_text()
