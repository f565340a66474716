"""French Tarot in a real browser: the human takes (garde), sees the dog face up,
is refused a King or bout for the écart with the rules' reason, chooses six cards
(a misclick undone by clicking again), confirms and keeps 18; a poignée, if offered,
is chosen by clicking and shown."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, Position, expect

from atout.game import GameState
from tests.web.conftest import shot
from tests.web.play import create_table, my_phase, phase, take_turn
from tests.web.scripted import ME, TABLE, ScriptedTable

CORNER: Position = {"x": 10, "y": 24}  # a hand's cards overlap: click the corner a player sees
BOUT_NAMES = {"T1": "Trump 1", "T21": "Trump 21", "EX": "Excuse"}
BOUTS = set(BOUT_NAMES)


def _hand(page: Page) -> list[str]:
    cards: list[str] = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return cards


def _dog_and_ecart(page: Page) -> tuple[list[str], bool]:
    """Check the dog and a refusal, put six cards aside: the écart, and if refused."""
    dog: list[str] = page.locator("#dog .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(dog) == 6 and "back" not in dog, dog
    hand = _hand(page)
    assert len(hand) == 24 and set(dog) <= set(hand)
    shot(page, "taking-dog")

    kept = [c for c in hand if c.startswith("K") or c in BOUTS]
    if kept:  # one time in fifteen the taker holds neither: the next taking checks it
        card = page.locator(f'#hand .card[data-card="{kept[0]}"]')
        expect(card).to_have_class(re.compile(r"\billegal\b"))
        card.click(position=CORNER)
        # The page names the card in its language (the server sends its notation).
        reason = "a King" if kept[0].startswith("K") else f"a bout ({BOUT_NAMES[kept[0]]})"
        expect(page.locator("#table-error")).to_contain_text(
            f"Refused: you may not discard {reason}"
        )
        assert _hand(page) == hand

    first = page.locator("#hand .card.legal").first
    first.click(position=CORNER)  # a misclick, undone by clicking again
    expect(page.locator("#hand .card.selected")).to_have_count(1)
    first.click(position=CORNER)
    expect(page.locator("#hand .card.selected")).to_have_count(0)
    ecart: list[str] = []
    for left in range(6, 0, -1):
        expect(page.locator("#prompt")).to_contain_text(f"({left} left)")
        expect(page.locator("#confirm-ecart")).to_be_disabled()
        choice = page.locator("#hand .card.legal:not(.selected)").first
        ecart.append(choice.get_attribute("data-card") or "")
        choice.click(position=CORNER)
        expect(page.locator("#prompt .card")).to_have_count(len(ecart))
    expect(page.locator("#hand .card")).to_have_count(24)  # nothing is sent before the confirm
    assert set(_selected(page)) == set(ecart)
    shot(page, "taking-ecart")
    page.click("#confirm-ecart")
    expect(page.locator("#hand .card")).to_have_count(18)
    assert not set(ecart) & set(kept)
    return ecart, bool(kept)


def _poignee(page: Page) -> None:
    """Choose the trumps to show by clicking, confirm, and see the poignée shown."""
    trumps = [c for c in _hand(page) if c.startswith("T") or c == "EX"]
    selected = page.locator("#hand .card.selected")
    size = selected.count()
    assert size >= 10
    first = selected.first.get_attribute("data-card")
    page.locator(f'#hand .card[data-card="{first}"]').click(position=CORNER)
    expect(selected).to_have_count(size - 1)
    other = [c for c in trumps if c not in (first, "EX") and c not in _selected(page)]
    swap = other[0] if other else first  # ten trumps exactly: take the same one back
    page.locator(f'#hand .card[data-card="{swap}"]').click(position=CORNER)
    expect(selected).to_have_count(size)
    shown = _selected(page)
    expect(page.locator("#show-poignee")).to_have_text(f"Show these {size} trumps")
    shot(page, "taking-poignee")
    page.click("#show-poignee")
    line = page.locator("#deal-info li", has_text="Poignée shown by")
    expect(line).to_have_count(1)
    assert set(line.inner_text().split(": ")[1].split()) == _labels(shown)


def _labels(cards: list[str]) -> set[str]:
    """Cards as the side panel writes them in English: rank and suit sign (K♥, Kn♣,
    10♠), a trump's number, ★ for the Excuse; never the notation (KH, NC, T5, EX)."""
    signs = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    ranks = {"N": "Kn"}
    return {
        "★"
        if c == "EX"
        else c[1:]
        if c.startswith("T")
        else ranks.get(c[:-1], c[:-1]) + signs[c[-1]]
        for c in cards
    }


def _selected(page: Page) -> list[str]:
    cards: list[str] = page.locator("#hand .card.selected").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return cards


def test_human_takes_turns_the_dog_and_discards(page: Page, base_url: str) -> None:
    create_table(page, base_url, rounds=5)
    page.click("#start")
    expect(page.locator("#hand .card")).to_have_count(18)

    ecart: list[str] = []
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, f"no garde taken in time (phase {phase(page)})"
        assert not page.locator("#game-over").count(), "five deals without taking"
        mine = my_phase(page)
        if mine is None:
            page.wait_for_timeout(50)
        elif mine == "discard" and not ecart:
            ecart, refused = _dog_and_ecart(page)
            expect(page.locator("#hand .card")).to_have_count(18)
            assert not set(ecart) & set(_hand(page))
            info = page.locator("#ecart-info").inner_text()
            assert set(info.split(": ")[1].split()) == _labels(ecart)
            me = page.locator(".seat-box.me .seat-label").inner_text()
            expect(page.locator("#deal-info")).to_contain_text(f"Contract: Garde · {me}")
            shot(page, "taking-after-ecart")
            if not refused:
                ecart = []  # play this deal out and take again
        elif mine == "poignee" and ecart:
            _poignee(page)
        elif mine == "play" and ecart:
            break  # the deal is under way: the taking is done
        elif take_turn(page, discard=False) is None:
            page.wait_for_timeout(50)
    expect(page.locator("#hand .card.legal").first).to_be_visible()


def test_cards_chosen_for_the_ecart_outlive_a_reload(page: Page, base_url: str) -> None:
    """A reload mid-écart forgot the cards chosen: '(4 left)' came back as '(6
    left)', nothing chosen. They come back chosen, in this tab, for this écart."""
    ScriptedTable(page, [3], players=3, before=_at_discard)
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#turn-line.mine")).to_be_visible()
    legal = page.locator("#hand .card.legal:not(.selected)")
    chosen = [str(legal.nth(i).get_attribute("data-card")) for i in (0, 1)]
    for card in chosen:
        page.locator(f'#hand .card[data-card="{card}"]').dispatch_event("click")
    expect(page.locator("#prompt .prompt-title")).to_contain_text("(4 left)")
    page.reload()
    expect(page.locator("#turn-line.mine")).to_be_visible()
    expect(page.locator("#prompt .prompt-title")).to_contain_text("(4 left)")
    selected = page.locator("#hand .card.selected").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(selected) == sorted(chosen)
    page.click("#clear-ecart")  # started again: nothing chosen after the next reload
    page.reload()
    expect(page.locator("#prompt .prompt-title")).to_contain_text("(6 left)")
    expect(page.locator("#hand .card.selected")).to_have_count(0)


def _at_discard(state: GameState) -> bool:
    return bool(state.view(ME)["phase"] == "discard" and state.to_move == ME)
