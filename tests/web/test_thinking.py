"""The "…" of a player who thinks, on a phone held upright and on its side: it lay
over the seat box's top-right corner, on the name's end and the master's ★."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocketRoute, expect

from atout.game import CHANCE
from tests.web.conftest import shot, touch_screen
from tests.web.scripted import ME, RULES, TABLE, LongNames

MEASURE = (Path(__file__).parent / "layout.js").read_text()

MARKS = """() => [...document.querySelectorAll('.seat-box')]
  .filter((b) => b.querySelector('.thinking'))
  .map((box) => {
    const rect = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                           width: r.width, height: r.height });
    const name = box.querySelector('.seat-name');
    const range = document.createRange();
    range.selectNodeContents(name);  // the name's words, its ★ with them...
    const words = range.getBoundingClientRect(), line = name.getBoundingClientRect();
    const text = new DOMRect(Math.max(words.left, line.left), words.top,  // ...as far as they show
      Math.min(words.right, line.right) - Math.max(words.left, line.left), words.height);
    const mark = box.querySelector('.thinking').getBoundingClientRect();
    return { seat: box.dataset.seat, mark: rect(mark), name: rect(line), text: rect(text),
             box: rect(box.getBoundingClientRect()), star: name.textContent.includes('★') };
  })"""


class _Waiting(LongNames):
    """A table whose other seats are people with long names, one of them the
    table's master, and whose next seat to move after the page's player thinks
    for as long as the test looks."""

    def _advance(self, ws: WebSocketRoute | None = None) -> None:
        while self.state.to_move == CHANCE:  # dealt; nobody else plays
            self._apply(RULES.deal_action(self.state, next(self.seeds)))

    def _info(self) -> dict[str, Any]:
        info = super()._info()
        info["master_seat"] = self.state.to_move  # the ★ on the thinking seat's name
        return info


def _meets(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "side"])
def test_the_thinking_mark_keeps_clear_of_the_seat_s_name(
    browser: Browser, base_url: str, size: tuple[int, int], players: int
) -> None:
    with touch_screen(browser, *size) as page:
        table = _Waiting(page, [3], players=players, before=lambda s: s.to_move not in (ME, CHANCE))
        page.goto(f"{base_url}/#/table/{TABLE}")
        thinking = page.locator(".seat-box .thinking")
        expect(thinking).to_have_count(1)
        expect(thinking).to_be_visible()
        marks = page.evaluate(MARKS)
        assert len(marks) == 1 and marks[0]["seat"] == str(table.state.to_move), marks
        mark = marks[0]
        assert mark["star"], mark  # the master thinks: the ★ ends the name
        assert mark["mark"]["width"] > 0 and mark["mark"]["height"] > 0, mark
        assert not _meets(mark["mark"], mark["text"]), f"the … covers the name's words: {mark}"
        assert not _meets(mark["mark"], mark["name"]), f"the … lies on the name's line: {mark}"
        # inside its seat, which is no taller than a name and a line of tags
        box = mark["box"]
        assert box["left"] <= mark["mark"]["left"] and mark["mark"]["right"] <= box["right"], mark
        assert box["top"] <= mark["mark"]["top"] and mark["mark"]["bottom"] <= box["bottom"], mark
        shot(page, f"thinking-{players}-{size[0]}x{size[1]}")
        problems: list[str] = page.evaluate(MEASURE)
        assert not problems, "; ".join(problems)
