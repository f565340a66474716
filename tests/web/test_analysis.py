"""The strong robot in the browser: a Hint button for one's own turn at a practice
table, and a finished game's review in the replay viewer, marks and all, in the
page's language."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.analysis.planted import PETIT_DEAL, scripted
from tests.server.conftest import Player, Server, create_table, run_server
from tests.web.conftest import shot
from tests.web.play import create_table as create_table_page
from tests.web.play import my_phase

CODE = re.compile(r"\b[a-z]+:[A-Za-z0-9]")
"""An action in the protocol's code (bid:garde, play:KH), which the page words instead."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server whose reviews sample few deals per decision, so that one takes seconds."""
    running, stop = run_server(tmp_path, analysis_deals=8)
    yield running
    stop()


def _finished_game(server: Server) -> int:
    """A one-deal French game at three, played by the robots (the clock runs out)."""

    async def play() -> int:
        alice = await Player.connect(server, name="alice")
        table = await create_table(alice, game="french", players=3, turn_seconds=0.05)
        await alice.send({"type": "start", "table": table})
        over = await alice.event("table.game_over", timeout=120)
        await alice.close()
        return int(over["data"]["game"])

    # In a thread: the browser's driver runs its own event loop in this one.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, play()).result()


def test_the_hint_button_gives_the_robots_suggestion_and_reason(page: Page, server: Server) -> None:
    create_table_page(page, server.http, players=3)
    page.click("#start")
    page.wait_for_function("() => document.querySelector('#turn-line.mine')", timeout=60_000)
    assert my_phase(page) is not None
    page.click("#hint")
    expect(page.locator("#hint-action")).to_contain_text(
        "The strong robot suggests ", timeout=30_000
    )
    expect(page.locator("#hint-options li").first).to_contain_text("expected score")
    # Worded as the table words actions, not in the protocol's codes (bid:garde, play:KH).
    expect(page.locator("#hint-box")).not_to_contain_text(CODE)
    shot(page, "hint")


def test_the_replay_shows_the_review_of_a_seat_in_french(page: Page, server: Server) -> None:
    game = _finished_game(server)
    page.add_init_script("localStorage.setItem('atout.lang', 'fr')")
    page.goto(f"{server.http}/#/replay/{game}")
    expect(page.locator("#replay-action")).to_be_visible()
    page.select_option("#analysis-seat", "0")
    page.click("#analyse")
    expect(page.locator("#analysis-summary")).to_contain_text("Précision", timeout=90_000)
    expect(page.locator("#analysis-summary")).to_contain_text("points de cartes")
    _agreed(page.locator("#analysis-summary").inner_text(), lambda n: n < 2)
    # Stepping onto a reviewed move shows what was played against the best found.
    for _ in range(80):
        if page.locator("#analysis-move").count():
            break
        page.click("#next")
    expect(page.locator("#analysis-move")).to_contain_text("meilleur trouvé")
    expect(page.locator("#analysis-move")).not_to_contain_text(CODE)
    expect(page.locator("#replay-action")).not_to_contain_text(CODE)
    shot(page, "replay-analysis")


def test_a_record_file_is_replayed_and_its_blunder_marked(
    page: Page, server: Server, tmp_path: Path
) -> None:
    record, planted = scripted(PETIT_DEAL, {(1, 8): "play:T21", (0, 1): "play:T1"})
    path = tmp_path / "petit.json"
    path.write_text(record.to_json())
    page.goto(f"{server.http}/#/replay")
    page.set_input_files("#record-file", str(path))
    expect(page.locator("#replay-action")).to_be_visible()
    page.select_option("#analysis-seat", "0")
    page.click("#analyse")
    marks = page.locator("#analysis-marks")
    expect(marks).to_contain_text(f"{planted[0] + 1}. Trump 1 ??", timeout=90_000)
    marks.locator("button").first.click()
    expect(page.locator("#replay-action")).to_have_text("Trump 1")
    expect(page.locator("#analysis-move")).to_contain_text("blunder")
    _agreed(page.locator("#analysis-summary").inner_text(), lambda n: n == 1)


def _agreed(summary: str, singular: Callable[[int], bool]) -> None:
    """Each count of the review's summary agrees with its noun ("1 blunder", "2
    mistakes"; French keeps the singular below two: "0 erreur")."""
    nouns = r"inaccurac\w+|mistakes?|blunders?|imprécisions?|erreurs?|gaffes?"
    counts = re.findall(rf"(\d+) ({nouns})", summary)
    assert len(counts) == 3, summary
    for number, noun in counts:
        assert noun.endswith("s") != singular(int(number)), summary


def test_an_ecart_is_worded_as_cards(page: Page, server: Server) -> None:
    """The hint at an écart and a review's marked écart word its cards, not the
    protocol's code (ecart:QS 10C...)."""
    page.goto(server.http)
    words = page.evaluate(
        """async () => {
          const { actionText } = await import("/js/cards.js");
          return actionText("ecart:QS 10C 5C");
        }"""
    )
    assert not CODE.search(words)
    assert all(card in words for card in ("Q♠", "10♣", "5♣")), words


def test_on_a_phone_the_trick_is_next_to_the_buttons_stepping_through_it(
    page: Page, server: Server
) -> None:
    """The four hands came first: every step needed a scroll of a thousand pixels."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{server.http}/#/replay")
    example = Path(__file__).parents[2] / "examples" / "record-french-4.atout"
    page.set_input_files("#record-file", str(example))
    page.click("#next-trick")
    page.click("#next")
    expect(page.locator("#replay-trick .card")).not_to_have_count(0)
    buttons, trick = (
        page.locator("#next").bounding_box(),
        page.locator("#replay-trick").bounding_box(),
    )
    assert buttons is not None and trick is not None
    assert trick["y"] + trick["height"] - buttons["y"] < 640  # one screen holds both
    expect(page.locator("#replay strong").first).to_have_text("Trick")  # under way, not the last


def test_on_a_phone_a_marked_move_chosen_shows_its_trick(
    page: Page, server: Server, tmp_path: Path
) -> None:
    """The review is below the four hands: a marked move chosen there brought the
    moment up out of sight, a scroll of a screen and more back to its trick."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(reduced_motion="reduce")  # the page jumps there, not slides
    record, _ = scripted(PETIT_DEAL, {(1, 8): "play:T21", (0, 1): "play:T1"})
    path = tmp_path / "petit.json"
    path.write_text(record.to_json())
    page.goto(f"{server.http}/#/replay")
    page.set_input_files("#record-file", str(path))
    page.select_option("#analysis-seat", "0")
    page.click("#analyse")
    mark = page.locator("#analysis-marks button").first
    expect(mark).to_be_visible(timeout=90_000)
    mark.click()  # scrolled to first, as a finger would
    expect(page.locator("#replay-action")).to_have_text("Trump 1")
    expect(page.locator("#replay-trick")).to_be_in_viewport(ratio=1)
    expect(page.locator("#next")).to_be_in_viewport(ratio=1)
    shot(page, "replay-mark-phone")
