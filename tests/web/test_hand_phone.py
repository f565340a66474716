"""A phone's hand is tapped, card by card (a real-user probe): French Tarot deals 15,
18 or 24 cards, and the taker holds 3 or 6 more while making the écart. Each card's
part a finger can tap (the points at which the page finds that card, under no other)
is measured on phones held either way: on a phone upright a hand of 24 once left
each card a strip of 24 by 30 px, on its side of 27 px wide; five seats' écart of
18 on a phone's side 39 px wide; and a 360 x 640 phone kept the cramped rows (24
by 30 px). Every card now leaves a finger's square, the 44 px a touch target needs
(Apple's guidance), and the page still fits the screen (the measures of
test_layout.py), the felt covering neither the cards nor the prompt."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from atout.game import GameState
from tests.web.conftest import shot, touch_screen
from tests.web.scripted import ME, TABLE, ScriptedTable

TARGETS = (Path(__file__).parent / "hand_targets.js").read_text()
"""A function measuring each card of the hand: its largest square of taps."""
MEASURE = (Path(__file__).parent / "layout.js").read_text()
TAP = 44
"""The side of the square of each card a tap hits, at least (CSS px)."""

PHONES = {
    "360x740": (360, 740),
    "390x844": (390, 844),
    "740x360": (740, 360),
    "844x390": (844, 390),
    "360x640": (360, 640),
    "640x360": (640, 360),
    "320x568": (320, 568),
}
CLEAR = """() => {
  const problems = [], box = (el) => el.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const felt = box(document.querySelector("#felt"));
  for (const card of document.querySelectorAll("#hand .card")) {
    if (meets(felt, box(card))) problems.push(`the felt covers the card ${card.dataset.card}`);
  }
  for (const el of document.querySelectorAll("#turn-line, #prompt")) {
    if (meets(felt, box(el))) problems.push(`the felt covers #${el.id}`);
  }
  for (const button of document.querySelectorAll("#prompt button")) {
    const r = box(button);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !button.contains(hit)) problems.push(`the button ${button.textContent} is covered`);
  }
  for (const dog of document.querySelectorAll(".dog")) {
    for (const seat of document.querySelectorAll(".seat-box")) {
      if (meets(box(dog), box(seat))) problems.push(`the dog covers seat ${seat.dataset.seat}`);
    }
  }
  return problems;
}"""
"""What test_layout.py's measures leave out, and a hand of more rows could bring:
the felt, held at its least height, run over the cards or the prompt; the dog over
a seat."""


def _at(phase: str) -> Callable[[GameState], bool]:
    def reached(state: GameState) -> bool:
        view = state.view(ME)
        return bool(view["phase"] == phase and state.to_move == ME)

    return reached


# A hand: the players, and where the page opens (at its first decision unless told).
HANDS: dict[str, tuple[int, Callable[[GameState], bool] | None]] = {
    "15": (5, None),
    "18": (4, None),
    "24": (3, None),
    "18-ecart": (5, _at("discard")),
    "24-ecart": (4, _at("discard")),
    "30-ecart": (3, _at("discard")),
    "24-play": (3, _at("play")),
}


@pytest.fixture
def phone(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    size = PHONES[request.param]
    with touch_screen(browser, *size, device_scale_factor=3, is_mobile=True) as page:
        yield page


def _open(page: Page, base_url: str, hand: str) -> int:
    players, before = HANDS[hand]
    table = ScriptedTable(page, [3], players=players, before=before)
    size = len(table.state.view(ME)["hand"])
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#turn-line.mine")).to_be_visible()
    expect(page.locator("#hand .card")).to_have_count(size)
    return size


# Every hand on the smaller phone, either way up; the hands of 24 and 30, and five
# seats' écart, on the larger one; on a short phone (360 x 640) the hands that take
# the most rows beside a prompt (the whole file within two minutes and a half on two
# cores). The shortest phone (320 x 568) has the height of its rows only while no
# prompt asks anything: the cards played.
CASES = [(phone, hand) for phone in ("360x740", "740x360") for hand in HANDS]
CASES += [(phone, hand) for phone in ("390x844", "844x390") for hand in ("24", "30-ecart")]
CASES += [("844x390", "18-ecart"), ("320x568", "24-play")]
CASES += [("360x640", hand) for hand in ("15", "24", "24-ecart", "30-ecart")]
REAL_TAPS = {("360x740", "30-ecart"), ("740x360", "24-ecart")}
"""Where each card is also tapped for real (two taps a card: the longest cases)."""


@pytest.mark.parametrize(("phone", "hand"), CASES, indirect=["phone"])
def test_every_card_of_the_hand_is_a_finger_s_tap(
    phone: Page, base_url: str, hand: str, request: Any
) -> None:
    page = phone
    size = _open(page, base_url, hand)
    shot(page, f"hand-{request.node.callspec.id}")
    targets: list[dict[str, Any]] = page.evaluate(TARGETS)
    assert len(targets) == size
    small = [f"{t['card']} {t['w']}x{t['h']}" for t in targets if min(t["w"], t["h"]) < TAP]
    assert not small, f"{size} cards, tapped on less than {TAP} px square: {', '.join(small)}"
    for target in targets:
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('#hand .card')?.dataset.card",
            [target["x"], target["y"]],
        )
        assert hit == target["card"], f"a tap on {target['card']}'s middle hits {hit}"
    problems: list[str] = page.evaluate(MEASURE) + page.evaluate(CLEAR)
    assert not problems, "; ".join(problems)
    if (request.node.callspec.params["phone"], hand) in REAL_TAPS:
        _tap_each_into_the_ecart(page, targets)


def _tap_each_into_the_ecart(page: Page, targets: list[dict[str, Any]]) -> None:
    """A real tap at each card's middle chooses that card for the écart, and a
    second tap there puts it back (the kings and trumps, which the rules keep, are
    not tapped: the server would say why)."""
    legal = set(page.eval_on_selector_all("#hand .card.legal", "cs => cs.map(c => c.dataset.card)"))
    assert len(legal) > 6
    for target in targets:
        if target["card"] not in legal:
            continue
        card = page.locator(f'#hand .card[data-card="{target["card"]}"]')
        page.touchscreen.tap(target["x"], target["y"])
        expect(card).to_have_class(re.compile(r"\bselected\b"))
        expect(page.locator("#hand .card.selected")).to_have_count(1)
        page.touchscreen.tap(target["x"], target["y"])
        expect(page.locator("#hand .card.selected")).to_have_count(0)


ROWS = """() => {
  const cards = [...document.querySelectorAll("#hand .card")];
  const tops = cards.map((c) => Math.round(c.getBoundingClientRect().top));
  const rows = [];
  for (const [i, top] of tops.entries()) {
    if (!i || top !== tops[i - 1]) rows.push(0);
    rows[rows.length - 1] += 1;
  }
  return rows;
}"""
"""The number of cards in each row of the hand, top to bottom."""
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
"""Two frames drawn: the hand measured (sized.js) and laid out at the new width."""


@pytest.mark.parametrize("hand", ["24", "30-ecart"])
def test_a_hand_s_rows_stay_even_at_every_width(browser: Browser, base_url: str, hand: str) -> None:
    """The hand folds into rows of as many cards each (one more in some at most),
    whatever the screen's width: at 390 px wide, a hand of 24 lay in rows
    of 6, 2, 4, 4, 2 and 6, two numbers of rows chosen at once, where a card's
    strip fell less than a pixel short of its least width (the switches choosing
    the rows were then neither on nor off). Swept pixel by pixel over the widths of
    phones held upright, on a touch screen without a phone's own scroll bars."""
    with touch_screen(browser, 390, 844) as page:
        size = _open(page, base_url, hand)
        uneven = []
        for width in range(320, 481):
            page.set_viewport_size({"width": width, "height": 844})
            page.evaluate(FRAMES)
            rows: list[int] = page.evaluate(ROWS)
            if sum(rows) != size or max(rows) - min(rows) > 1:
                uneven.append(f"{width} px: {rows}")
        assert not uneven, f"{size} cards in uneven rows: " + "; ".join(uneven)


@pytest.mark.parametrize("phone", ["360x640", "640x360", "844x390"], indirect=True)
def test_the_ecart_chosen_still_fits_a_short_phone(phone: Page, base_url: str) -> None:
    """Three players' écart, its 6 cards chosen, on a short phone: on 360 x 640 the
    prompt, grown by a row of the chosen cards, pushed the felt over the turn's line
    and the prompt; on 844 x 390 the prompt scrolled its own title away to show its
    button; on 640 x 360 the dog folded in two rows over the player's seat."""
    page = phone
    _open(page, base_url, "30-ecart")
    for _ in range(6):
        page.locator("#hand .card.legal:not(.selected)").first.dispatch_event("click")
    expect(page.locator("#hand .card.selected")).to_have_count(6)
    expect(page.locator("#confirm-ecart")).to_be_enabled()
    problems: list[str] = page.evaluate(MEASURE) + page.evaluate(CLEAR)
    assert not problems, "; ".join(problems)
    expect(page.locator("#prompt .prompt-title")).to_be_in_viewport(ratio=1)
    expect(page.locator("#confirm-ecart")).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.querySelector('#prompt').scrollTop") == 0
