"""Found by playing by the keyboard alone, a screen reader's tree read alongside: a
move refused left the keyboard on the page's body; a screen reader could not tell a
card or bid the rules refuse from another, nor which cards were chosen for the
écart; the deal's result and the table's notices were shown and never said; the
drawer of a narrow window kept no keyboard and no Escape; a replay's button lost the
keyboard at each step; a page opened from a link left it on the body."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from atout.game import GameState
from tests.analysis.planted import PETIT_DEAL, scripted
from tests.web.play import create_table
from tests.web.scripted import ME, NAME, TABLE, ScriptedTable, choose, last_card

HEARD = """() => {
  window.heard = [];
  const told = document.querySelector('#play-announce');
  const keep = () => window.heard.push(told.textContent);
  new MutationObserver(keep).observe(told, { childList: true });
}"""
"""Keeps each text the others' moves' live region is given (the next replaces it)."""
FOCUSED = """() => { const e = document.activeElement;
  return e.id || e.dataset.action || e.dataset.card || e.tagName; }"""


def _focused(page: Page) -> str:
    found: str = page.evaluate(FOCUSED)
    return found


def _others_bid_garde(state: GameState, seat: int) -> str:
    """The other seats bid a Garde when they may: the page's Prise and Garde are refused."""
    if seat != ME and "bid:garde" in [str(a) for a in state.legal_actions()]:
        return "bid:garde"
    return choose(state, seat)


@pytest.mark.parametrize(
    ("lang", "refused"),
    [("en", "Prise (not allowed now)"), ("fr", "Prise (interdite pour l'instant)")],
)
def test_a_bid_the_rules_refuse_is_said_and_its_refusal_keeps_the_keyboard(
    page: Page, base_url: str, lang: str, refused: str
) -> None:
    """A bid the rules refuse was a button like any other to a screen reader; sent
    (it is, so that the server says why), its refusal left the keyboard on the
    page's body."""
    page.add_init_script(f"localStorage.setItem('atout.lang', '{lang}')")
    ScriptedTable(page, [11], chooser=_others_bid_garde)
    page.goto(f"{base_url}/#/table/{TABLE}")
    prise = page.locator('#prompt [data-action="bid:prise"]')
    expect(prise).to_have_accessible_name(refused)
    expect(page.locator('#prompt [data-action="bid:garde_sans"]')).to_have_accessible_name(
        "Garde sans"
    )
    expect(page.locator('#prompt [data-action="bid:pass"]')).to_be_focused()
    page.keyboard.press("Tab")
    expect(prise).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#table-error")).not_to_be_empty()
    expect(
        page.locator('#prompt [data-action="bid:pass"]')
    ).to_be_focused()  # the first bid allowed
    while _focused(page) != "bid:garde_contre":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # no écart: the chelem's question next
    expect(page.locator('#prompt [data-action="chelem:no"]')).to_be_focused()


def test_the_ecarts_cards_say_whether_they_may_go_and_whether_chosen(
    page: Page, base_url: str
) -> None:
    """A card the écart may not take (a king, a trump) said nothing of it, nor did a
    chosen card say it was chosen (its ✓ is drawn by the stylesheet)."""
    ScriptedTable(page, [11])
    page.goto(f"{base_url}/#/table/{TABLE}")
    while _focused(page) != "bid:garde":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    first = page.locator("#hand .card.legal").first
    expect(first).to_be_focused()
    expect(first).to_have_attribute("aria-pressed", "false")
    refused = page.locator("#hand .card.illegal").first
    name = refused.get_attribute("title")
    expect(refused).to_have_accessible_name(f"{name} (not allowed now)")
    expect(page.locator("#hand .card.legal").first).not_to_have_accessible_name(
        f"{first.get_attribute('title')} (not allowed now)"
    )
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "false")


class _Told(ScriptedTable):
    """A scripted table whose socket the test may speak through (a notice)."""

    ws: WebSocketRoute | None = None

    def _connect(self, ws: WebSocketRoute) -> None:
        self.ws = ws
        super()._connect(ws)

    def event(self, kind: str, data: dict[str, Any]) -> None:
        assert self.ws is not None
        self.seq += 1
        message = {"type": "event", "table": TABLE, "seq": self.seq, "kind": kind, "data": data}
        self.ws.send(json.dumps(message))


def test_the_deals_result_and_the_notices_are_said_and_escape_goes_on(
    page: Page, base_url: str
) -> None:
    """The deal's result was a box on the felt that no screen reader heard, with no
    Escape; a notice (a player away, a redeal, a vote) was a line in the side panel
    only."""
    table = _Told(page, [11], deals=2, before=last_card)
    page.goto(f"{base_url}/#/table/{TABLE}")
    told = page.locator("#play-announce")
    card = page.locator("#hand .card.legal")
    expect(card).to_be_focused()
    page.evaluate(HEARD)
    page.keyboard.press("Enter")  # the deal's last card
    expect(page.locator("#deal-result")).to_be_visible()
    deal = table.deal_ends[0]
    score = deal["scores"][ME]
    how = "made" if deal["made"] else f"failed by {abs(deal['breakdown']['difference'])}"
    said = f"Deal 1: Garde · {NAME} · {how}. {NAME} {'+' if score > 0 else ''}{score}"
    page.wait_for_function("said => window.heard.some((h) => h.endsWith(said))", arg=said)
    page.keyboard.press("Escape")
    expect(page.locator("#deal-result")).to_have_count(0)
    assert _focused(page) != "BODY"
    table.event("table.disconnected", {"seat": 1, "name": "alice"})
    expect(told.locator("div").last).to_have_text(
        "alice lost the connection: a robot plays their seat until they come back"
    )


def test_the_drawer_takes_the_keyboard_keeps_it_and_gives_it_back(
    page: Page, base_url: str
) -> None:
    """At 640×400 (a 1280×800 window zoomed to 200 %) the side panels are a drawer
    over the table: opened, the keyboard stayed on its button behind it, Tab went
    through the table under it, and Escape did nothing."""
    page.set_viewport_size({"width": 640, "height": 400})
    ScriptedTable(page, [11])
    page.goto(f"{base_url}/#/table/{TABLE}")
    toggle = page.locator("#side-toggle")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#side-close")).to_be_focused()
    page.keyboard.press("Shift+Tab")  # round to the drawer's last control
    assert page.evaluate("document.querySelector('#side').contains(document.activeElement)")
    for _ in range(25):
        page.keyboard.press("Tab")
        assert page.evaluate("document.querySelector('#side').contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    page.keyboard.press("Enter")
    page.locator("#chat-input").focus()
    page.keyboard.press("Escape")  # from the chat's field too
    expect(toggle).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # ✕
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()


def test_a_replays_buttons_keep_the_keyboard_and_each_step_is_said(
    page: Page, base_url: str, tmp_path: Any
) -> None:
    """Enter on "Next" stepped once, the button drawn anew and the keyboard left on
    the page's body: a second Enter did nothing. The arrows of the seat's list moved
    the replay too."""
    record, _ = scripted(PETIT_DEAL, {})
    path = tmp_path / "deal.json"
    path.write_text(record.to_json())
    page.goto(f"{base_url}/#/replay")
    page.set_input_files("#record-file", str(path))
    step = page.locator("#step")
    expect(step).to_have_text("Step 1 / 84")
    page.locator("#next").focus()
    page.keyboard.press("Enter")
    expect(step).to_have_text("Step 2 / 84")
    expect(page.locator("#next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(step).to_have_text("Step 3 / 84")
    expect(page.locator("#replay-announce")).to_have_text(
        "Step 3 / 84. Action: " + page.locator("#replay-action").inner_text()
    )
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # Last
    page.keyboard.press("Enter")
    expect(page.locator("#replay-last")).to_be_focused()
    page.locator("#replay-first").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#replay-first")).to_be_focused()
    at = step.inner_text()
    page.locator("#analysis-seat").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(200)
    expect(step).to_have_text(at)


def test_a_page_opened_by_the_keyboard_takes_it_at_its_start(page: Page, base_url: str) -> None:
    """A link of the header (drawn anew with each page) or the lobby's Create left
    the keyboard on the page's body; the table's start button is where it goes."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    page.locator("header a[href='#/leaderboard']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#app h1")).to_be_focused()
    create_table(page, base_url, players=3)
    expect(page.locator("#start")).to_be_focused()


def test_the_score_charts_name_is_in_the_pages_language(page: Page, base_url: str) -> None:
    """The chart of the game's scores was named "scores" on a French page too."""
    page.add_init_script("localStorage.setItem('atout.lang', 'fr')")
    ScriptedTable(page, [11])
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#score-chart svg")).to_have_accessible_name("Scores au fil de la partie")


def _second_trick(state: GameState) -> bool:
    view = state.view(ME)
    return bool(view["phase"] == "play" and view["tricks"] and state.to_move == ME)


def test_the_last_trick_shown_by_its_key_is_said(page: Page, base_url: str) -> None:
    """L (or its button) drew the last trick on the felt and said nothing."""
    table = ScriptedTable(page, [11], before=_second_trick)
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#hand .card.legal").first).to_be_focused()
    last = table.state.view(ME)["tricks"][-1]
    page.keyboard.press("l")
    told = page.locator("#play-announce")
    expect(told).to_contain_text("Last trick: ")
    winner = NAME if last["winner"] == ME else f"robot {last['winner'] + 1}"
    expect(told).to_contain_text(f". {winner} wins the trick")
    assert told.inner_text().count(": ") == 5  # the title, and each of the four cards


def test_a_turn_coming_while_the_drawer_is_open_leaves_the_keyboard_there(
    page: Page, base_url: str
) -> None:
    """A new decision took the keyboard to its prompt, behind the open drawer (on a
    narrow window), out of the drawer's own Tab round: it is said, the keyboard
    stays in the drawer, and Escape closing the drawer goes to the decision."""
    page.set_viewport_size({"width": 640, "height": 400})
    ScriptedTable(page, [11], before=_second_trick)
    page.goto(f"{base_url}/#/table/{TABLE}")
    cards = page.locator("#hand .card")
    expect(page.locator("#hand .card.legal").first).to_be_focused()
    held = cards.count()
    # the card played and the drawer opened before the answer (the others play at
    # once, and the player's next turn comes with it)
    page.evaluate(
        """() => { document.querySelector('#hand .card.legal').click();
                   document.querySelector('#side-toggle').click(); }"""
    )
    expect(cards).to_have_count(held - 1)
    expect(page.locator("#hand .card.legal").first).to_be_attached()
    page.wait_for_timeout(200)  # the turn drawn and said
    assert page.evaluate("document.querySelector('#side').contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(page.locator("#hand .card.legal").first).to_be_focused()
