"""The cards chosen for the écart (or a poignée) each show their ✓, on desktops and
phones held either way: the mark sat in the card's bottom-right corner, under the
next card (or the next row), and a chosen card looked like any other but for a
faint glow. The mark is found where it is drawn: the page hits its card, under no
other, at the mark's middle and near each of its corners; and it leaves the card's
corner index (rank and suit) uncovered."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from atout.game import GameState
from tests.web.conftest import shot, touch_screen
from tests.web.scripted import ME, TABLE, ScriptedTable
from tests.web.test_hand_phone import HANDS, MEASURE


def _poignee(state: GameState) -> bool:
    return bool(state.view(ME)["phase"] == "poignee" and state.to_move == ME)


NAMES = "cards => cards.map((card) => card.dataset.card)"
POIGNEE = 6
"""The seed of a three-player deal whose page's player, having taken, holds a
poignée at the first trick (its trumps are chosen for it, to be changed)."""

MARKS = """() => [...document.querySelectorAll("#hand .card.selected")].map((card) => {
  const mark = getComputedStyle(card, "::after");
  const r = card.getBoundingClientRect();
  const left = r.left + parseFloat(mark.left), top = r.top + parseFloat(mark.top);
  const px = (...sides) => sides.reduce((sum, side) => sum + parseFloat(mark[side]), 0);
  const w = px("width", "paddingLeft", "paddingRight");
  const h = px("height", "paddingTop", "paddingBottom");
  const [x0, x1, y0, y1] = [left + 2, left + w - 2, top + 2, top + h - 2]; // its corners, inset
  const points = [[left + w / 2, top + h / 2], [x0, y0], [x1, y0], [x0, y1], [x1, y1]];
  const found = ([x, y]) => document.elementFromPoint(x, y)?.closest(".card");
  const hidden = points.filter((point) => found(point) !== card)
    .map(([x, y]) => `${Math.round(x)},${Math.round(y)}: ${found([x, y])?.dataset.card}`);
  const meets = (a) => a.left < left + w && left < a.right && a.top < top + h && top < a.bottom;
  const index = [...card.querySelectorAll(".idx, .idx-suit")]
    .filter((part) => meets(part.getBoundingClientRect())).map((part) => part.textContent);
  return { card: card.dataset.card, mark: mark.content, w, h, hidden, index,
    inside: left >= 0 && top >= 0 && left + w <= innerWidth && top + h <= innerHeight };
})"""
"""Each chosen card's mark: its size, the points of it where the page finds another
card (or none), and the parts of the card's corner index it covers."""

# A layout of each kind: desktops in two rows and in one, with strips wide enough for
# the mark beside the rank (1280) or not (under the suit: 1024, 1366, 1920); a
# tablet upright (the phone's layout, its largest cards); phones upright in five
# rows, and the shortest beside the prompt in two; phones on their side in two rows,
# the small one's strips the corner's width. A poignée on a desktop in two rows and
# on a phone; some in French, whose prompt is taller.
CASES = [
    ("1024x768", "30-ecart", "en"),
    ("1366x768", "24-ecart", "fr"),
    ("1920x1080", "30-ecart", "en"),
    ("768x1024", "24-ecart", "en"),
    ("360x640", "30-ecart", "fr"),
    ("320x568", "30-ecart", "en"),
    ("844x390", "24-ecart", "en"),
    ("740x360", "18-ecart", "en"),
    ("1024x768", "poignee", "en"),
    ("360x640", "poignee", "fr"),
]


@pytest.fixture
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    width, height = (int(side) for side in request.param.split("x"))
    phone = min(width, height) < 500
    more: dict[str, Any] = {"device_scale_factor": 3, "is_mobile": True} if phone else {}
    with touch_screen(browser, width, height, **more) as page:
        yield page


@pytest.mark.parametrize(("screen", "hand", "lang"), CASES, indirect=["screen"])
def test_each_chosen_card_shows_its_mark(
    screen: Page, base_url: str, hand: str, lang: str, request: Any
) -> None:
    page = screen
    page.add_init_script(f"localStorage.setItem('atout.lang', '{lang}')")
    poignee = hand == "poignee"
    players, before = (3, _poignee) if poignee else HANDS[hand]
    table = ScriptedTable(page, [POIGNEE if poignee else 3], players=players, before=before)
    size = len(table.state.view(ME)["hand"])
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#hand .card")).to_have_count(size)
    if poignee:  # the trumps to show, chosen already
        expect(page.locator("#show-poignee")).to_be_visible()
        picks = page.eval_on_selector_all("#hand .card.selected", NAMES)
        assert len(picks) >= 13
    else:
        expect(page.locator("#confirm-ecart")).to_be_visible()
        legal = page.eval_on_selector_all("#hand .card.legal", NAMES)
        chosen = 3 if players == 5 else 6
        assert len(legal) > chosen
        # spread over the hand: the first legal card, the last, and between
        picks = [legal[round(i * (len(legal) - 1) / (chosen - 1))] for i in range(chosen)]
        for card in picks:
            page.locator(f'#hand .card[data-card="{card}"]').dispatch_event("click")
        expect(page.locator("#hand .card.selected")).to_have_count(chosen)
    # measured at rest: the chosen cards' rise (.1 s) over
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
    shot(page, f"hand-marks-{request.node.callspec.id}")
    marks: list[dict[str, Any]] = page.evaluate(MARKS)
    assert sorted(mark["card"] for mark in marks) == sorted(picks)
    for mark in marks:
        assert mark["mark"] == '"✓"', mark
        sides = f"{mark['w']}x{mark['h']}"
        assert mark["w"] >= 14 and mark["h"] >= 14, f"{mark['card']}'s mark is {sides}"
        assert mark["inside"], f"{mark['card']}'s mark is off the screen"
        assert not mark["hidden"], f"{mark['card']}'s mark is covered at {mark['hidden']}"
        assert not mark["index"], f"{mark['card']}'s mark covers its corner {mark['index']}"
    problems: list[str] = page.evaluate(MEASURE)
    assert not problems, "; ".join(problems)
