"""The table on every screen a player holds (issue 19): phones upright and on their
side, tablets, laptops and desktops. At each size a whole deal is played by taps
alone (a tap scrolls nothing into view), and at the player's turns the geometry is
measured: the page does not scroll, every card of the hand, the trick, the prompt
and the clock are in the viewport together, every card's corner index (rank and
suit) is at least 11 px and uncovered, every button of the prompt is a 32 px tap
target, and no seat covers another or the trick."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from atout.game import GameState
from tests.web.conftest import shot, touch_screen
from tests.web.play import (
    create_one_life_africain,
    create_table,
    my_phase,
    phase,
    take_turn,
    tap_in_view,
)
from tests.web.scripted import ANSWERS, TABLE, LongNames, ScriptedTable, last_card

SIZES = {
    "phone-360x640": (360, 640),
    "phone-390x844": (390, 844),
    "phone-landscape-844x390": (844, 390),
    "phone-landscape-640x360": (640, 360),
    "tablet-768x1024": (768, 1024),
    "tablet-landscape-1024x768": (1024, 768),
    "laptop-1366x768": (1366, 768),
    "desktop-1920x1080": (1920, 1080),
}
# Every size plays a four-player deal; each variant plays where it is hardest to
# fit, the phones upright and on their side shared out between them (the whole
# file within two minutes on two cores).
THREE_PLAYERS = [
    "phone-360x640",
    "phone-landscape-640x360",
    "tablet-768x1024",
    "laptop-1366x768",
]
FIVE_SEATS = {"five": ["phone-390x844", "phone-landscape-640x360"]}
FIVE_SEATS["mort"] = ["phone-360x640", "phone-landscape-844x390"]
AFRICAIN = ["phone-360x640", "phone-landscape-844x390"]

MEASURE = (Path(__file__).parent / "layout.js").read_text()
"""A function measuring the page: what is wrong with its layout, as sentences."""
CONTRAST = (Path(__file__).parent / "contrast.js").read_text()


@pytest.fixture
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A touch screen of the size the test is parametrised with (``touch_screen``)."""
    with touch_screen(browser, *SIZES[request.param]) as page:
        yield page


def _usable(page: Page, when: str) -> None:
    problems: list[str] = page.evaluate(MEASURE)
    assert not problems, f"{when}: " + "; ".join(problems)


def _hand(page: Page) -> int:
    return page.locator("#hand .card").count()


def _play_out(page: Page, name: str, check: dict[str, Any]) -> None:
    """Tap through the rest of the game, measuring at each of the player's turns;
    ``check`` maps a phase to the hand size at which to take a screenshot too."""
    seen: set[str] = set()
    deadline = time.monotonic() + 90
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, f"stuck in phase {phase(page)}"
        mine = my_phase(page)
        if mine is None:
            page.wait_for_timeout(30)
            continue
        if mine == "play" and not page.locator("#hand .card.legal").count():
            page.wait_for_timeout(30)  # the turn's choices are on their way
            continue
        if mine in check and mine not in seen and _hand(page) >= check[mine]:
            seen.add(mine)
            shot(page, f"layout-{name}-{mine}")
        _usable(page, f"{mine} with {_hand(page)} cards")
        if take_turn(page, tap=True) is None:
            page.wait_for_timeout(30)
        assert page.evaluate("scrollX + scrollY") == 0, "something scrolled the page"
    expect(page.locator("#deal-result")).to_be_in_viewport(ratio=1)
    expect(page.locator("#game-over")).to_be_in_viewport(ratio=1)
    shot(page, f"layout-{name}-end")
    _usable(page, "the game over")
    # The result's button is in sight, not scrolled away inside the result's box.
    expect(page.locator("#deal-continue")).to_be_in_viewport(ratio=1)
    tap_in_view(page, "#deal-continue")
    expect(page.locator("#deal-result")).to_have_count(0)


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_a_four_player_deal_is_played_by_taps(sized: Page, base_url: str, request: Any) -> None:
    page = sized
    name = request.node.callspec.id
    create_table(page, base_url, players=4)
    page.click("#start")
    expect(page.locator("#turn-line.mine")).to_be_visible()
    assert _hand(page) == 18
    _play_out(page, name, {"bid": 18, "play": 1})


@pytest.mark.parametrize("sized", THREE_PLAYERS, indirect=True)
def test_a_three_player_hand_and_its_ecart_fit(sized: Page, base_url: str, request: Any) -> None:
    """At three, 24 cards, 30 with the dog while the taker puts six aside: the
    page's player takes (a scripted game: the other seats pass)."""
    page = sized
    ScriptedTable(page, [3], players=3)
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#turn-line.mine")).to_be_visible()
    assert _hand(page) == 24
    _play_out(page, f"3p-{request.node.callspec.id}", {"bid": 24, "discard": 30})


@pytest.mark.parametrize(
    ("form", "sized"),
    [(form, size) for form, sizes in FIVE_SEATS.items() for size in sizes],
    indirect=["sized"],
)
def test_five_seats_fit_a_phone(sized: Page, base_url: str, form: str, request: Any) -> None:
    """Five seats around the felt and hands of 15; or the mort form, where the
    dealer sits out and four play hands of 18 (24 with the dog)."""
    page = sized
    mort = form == "mort"
    options = {"dealer_sits_out": True} if mort else {}
    ScriptedTable(page, [5, 6], deals=1 + mort, players=5, options=options)
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator(".seat-box")).to_have_count(5)
    check = {"discard": 24} if mort else {"bid": 15, "discard": 18}
    _play_out(page, request.node.callspec.id, check)


@pytest.mark.parametrize("sized", AFRICAIN, indirect=True)
def test_the_africain_table_fits(sized: Page, base_url: str, request: Any) -> None:
    """Measured at every turn of a whole cycle of rounds (5 cards down to the one
    card on the others' foreheads): what a seat holds and which cards the trick
    has vary with the deal, and a layout must fit them all (measured at one turn
    only, this test once failed at random)."""
    page = sized
    create_table(page, base_url, game="africain", players=4, robots="random")
    page.click("#start")
    label = page.locator("#round-label")
    deadline = time.monotonic() + 60
    one_card = False
    while not page.locator("#game-over").count() and not re.match(r"Round 6\b", _text(label)):
        assert time.monotonic() < deadline, f"stuck in phase {phase(page)}"
        mine = my_phase(page)
        if mine is None or (mine == "play" and not page.locator("#hand .card.legal").count()):
            page.wait_for_timeout(30)
            continue
        _usable(page, f"the Africain {mine} in {_text(label)}")
        if not one_card and page.locator(".forehead .card").count() == 3:
            one_card = True
            shot(page, f"layout-africain-{request.node.callspec.id}")
        if take_turn(page, tap=True) is None:
            page.wait_for_timeout(30)
    assert one_card, "the one-card round was not reached"


def _right_seat_takes(state: GameState, seat: int) -> str:
    """The seat on the page's right bids garde contre, the others pass."""
    legal = [str(a) for a in state.legal_actions()]
    wanted = ["bid:garde_contre" if seat == 1 else "bid:pass", *ANSWERS]
    return next((a for a in wanted if a in legal), legal[0])


def _playing(state: GameState) -> bool:
    return bool(state.view(0)["phase"] == "play")


@pytest.mark.parametrize("sized", ["phone-360x640", "phone-390x844"], indirect=True)
def test_a_side_taker_s_longest_tag_stays_on_its_seat(
    sized: Page, base_url: str, request: Any
) -> None:
    """In French the right-hand seat's "preneur · Garde contre" once ran past its
    seat's box and the screen's edge on a phone."""
    page = sized
    ScriptedTable(page, [3], chooser=_right_seat_takes, before=_playing)
    page.goto(f"{base_url}/#/table/{TABLE}")
    page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    taker = page.locator('.seat-box[data-seat="1"] .tag.taker')
    expect(taker).to_have_text("preneur · Garde contre")
    # What a screen reader says is French too (it said "hand" and "language").
    expect(page.locator("#hand")).to_have_attribute("aria-label", "Votre main")
    expect(page.locator("#lang")).to_have_attribute("aria-label", "Passer en anglais")
    expect(page.locator("#hand .card.legal").first).to_be_visible()
    shot(page, f"layout-side-taker-{request.node.callspec.id}")
    _usable(page, "a side seat taking garde contre")


def _text(locator: Locator) -> str:
    return locator.inner_text() if locator.count() else ""


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_the_deciding_deal_s_result_reads_beside_the_game_s_end(
    sized: Page, base_url: str, request: Any
) -> None:
    """A one-deal game's last card: the deal's result (its title, how it went, every
    seat's score) and the game's end (who won, what next) are read together. On a
    phone on its side the end once took the column and left the result a cut
    "Deal 1" over its button."""
    page = sized
    ScriptedTable(page, [0], before=last_card)
    page.goto(f"{base_url}/#/table/{TABLE}")
    tap_in_view(page, "#hand .card.legal", {"x": 10, "y": 24})
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#deal-result .tag")).to_have_count(4)
    shot(page, f"layout-result-end-{request.node.callspec.id}")
    _usable(page, "the deciding deal's result with the game's end")


class _PeopleTable(ScriptedTable):
    """A scripted table whose other seats are people with long names: their seats'
    boxes are as wide as a seat may be."""

    def _info(self) -> dict[str, Any]:
        info = super()._info()
        people = [
            {"name": f"guest_player_{seat}e1f", "connected": True, "robot": False}
            for seat in (1, 2, 3)
        ]
        info["seats"] = info["seats"][:1] + people
        return info


def _trick_to_answer(state: GameState) -> bool:
    """The page's first card to play, the three others' on the felt (seat 1 leads)."""
    return state.to_move == 0 and len(state.view(0)["trick"]) == 3


@pytest.mark.parametrize("sized", ["phone-360x640", "phone-390x844"], indirect=True)
def test_the_side_seats_leave_the_played_cards_in_sight(
    sized: Page, base_url: str, request: Any
) -> None:
    """On a phone the left and right players' cards once lay partly under their
    wide seats (a long name, the taker's "Garde contre"), the suit sign hidden."""
    page = sized
    _PeopleTable(page, [0], chooser=_right_seat_takes, before=_trick_to_answer)
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#trick .card")).to_have_count(3)
    expect(page.locator("#hand .card.legal").first).to_be_visible()
    # the measure finds any seat over any card of the trick
    shot(page, f"layout-side-cards-{request.node.callspec.id}")
    _usable(page, "the side seats' cards on the felt")


def _others_played(state: GameState) -> bool:
    """The page's card to play, every other seat's card on the felt."""
    trick = state.view(0)["trick"]
    return state.to_move == 0 and _playing(state) and len(trick) == state.players - 1


SEAT_NAMES = """() => [...document.querySelectorAll('.seat-box:not(.me) .seat-name')].map(e => {
    const label = e.querySelector('.seat-label'), line = e.getBoundingClientRect();
    const marks = [...e.querySelectorAll('[role="img"]')].map((m) => m.getBoundingClientRect());
    return { title: e.title, text: e.textContent, cut: label.scrollWidth > label.clientWidth,
      overflow: getComputedStyle(label).textOverflow,
      size: parseFloat(getComputedStyle(e).fontSize), marks: marks.length,
      marksShown: marks.every((m) => m.width > 0 && m.right <= line.right + 0.5
        && m.left >= line.left - 0.5) }; })"""


class _MarkedNames(LongNames):
    """Long names, the first of them the table's master (★), the second away (⚠)."""

    def _info(self) -> dict[str, Any]:
        info = super()._info()
        info["master_seat"] = 1
        info["seats"][2]["connected"] = False
        return info


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize(
    "sized", ["tablet-768x1024", "tablet-landscape-1024x768", "phone-360x640"], indirect=True
)
def test_a_long_seat_name_ends_in_an_ellipsis(
    sized: Page, base_url: str, players: int, request: Any
) -> None:
    """A name too long for its seat was cut with no sign that it was (a 20-character
    name, a robot's at five on a phone): it ends in an ellipsis, the whole name its
    title, and the master's ★ and an away player's ⚠ after it stay in view (cut with
    the name, they went first). A tablet's seat names, 12 px as a phone's, were too
    small to read at arm's length: they are 14 px at least, and the seats still fit
    with the trick."""
    page = sized
    _MarkedNames(page, [5], players=players, before=_others_played)
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#trick .card")).to_have_count(players - 1)
    expect(page.locator("#hand .card.legal").first).to_be_visible()
    names = page.evaluate(SEAT_NAMES)
    assert len(names) == players - 1
    for name in names:
        assert name["title"].startswith("Wilhelmina_Ashford_"), name
        assert name["title"] in name["text"], name  # the whole name, cut only on the screen
        assert name["cut"] and name["overflow"] == "ellipsis", name
        assert name["marksShown"], name
        if request.node.callspec.params["sized"].startswith("tablet"):
            assert name["size"] >= 14, name
    assert sum(name["marks"] for name in names) == 2, names
    # the score table's heads are cut to fit, and said whole
    head = page.locator("#scores thead th").nth(2)
    expect(head).not_to_have_text("Wilhelmina_Ashford_1")
    expect(head).to_have_attribute("aria-label", "Wilhelmina_Ashford_1")
    shot(page, f"layout-long-names-{request.node.callspec.id}")
    _usable(page, f"long names at {players} seats")


ENDS = {
    # a laptop in English at four; a small phone in French at five, where the
    # round's label covered the top-left seat
    "laptop-1366x768": ("en", 4, "Winner: ", "Deals per game (French Tarot): 1"),
    "phone-360x640": ("fr", 5, "Gagnant : ", "Donnes par partie (tarot français)\u00a0: 1"),
}


@pytest.mark.parametrize("sized", list(ENDS), indirect=True)
def test_an_africain_game_ends_readably(sized: Page, base_url: str, request: Any) -> None:
    """One life each, played to the end by taps: at every turn and at the end the
    table is measured (the round's label once covered a seat at five on a phone,
    and the upper seats the trick's upper cards), and who won is read (it also
    lay dark on the felt's green, under the round's label). The summary does not
    list the French deals option, which an Africain game does not have: it said
    "Rounds per game: 1" of a game of many rounds."""
    page = sized
    lang, players, winner, deals = ENDS[request.node.callspec.id]
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    if lang == "fr":
        page.click("#lang")
    create_one_life_africain(page, players)
    expect(page.locator("#options-summary")).to_contain_text("Tarot")  # drawn
    expect(page.locator("#options-summary")).not_to_contain_text(deals)
    page.click("#start")
    deadline = time.monotonic() + 90
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        mine = my_phase(page)
        if mine is None or (mine == "play" and not page.locator("#hand .card.legal").count()):
            page.wait_for_timeout(30)
            continue
        _usable(page, f"the Africain {mine}")
        if take_turn(page, tap=True) is None:
            page.wait_for_timeout(30)
    # Who won is said by the game's end, not on the bare felt.
    expect(page.locator("#winners")).to_contain_text(winner)
    expect(page.locator("#felt")).not_to_contain_text(winner)
    shot(page, f"africain-end-{request.node.callspec.id}")
    _usable(page, "the Africain game's end")
    unreadable = [line for line in page.evaluate(CONTRAST) if winner.strip() in line]
    assert not unreadable, unreadable
