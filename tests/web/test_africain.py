"""Tarot Africain in a real browser: a whole game against robots by clicking, with
lives as packs, bids, and the one-card round's cards on the others' foreheads."""

from __future__ import annotations

import itertools
import re
import time

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import shot
from tests.web.play import create_one_life_africain, create_table, my_phase, take_turn


def test_africain_game_to_the_end(page: Page, base_url: str) -> None:
    # Random robots lose their lives fast: heuristic ones make a game of 100 rounds.
    create_table(page, base_url, game="africain", players=3, robots="random")
    expect(page.locator("#options-summary")).to_contain_text("Robot level: random")
    page.click("#start")
    expect(page.locator("#felt[data-game=africain]")).to_be_visible()
    expect(page.locator(".life-pack")).to_have_count(3)
    assert page.locator(".life-pack b").all_inner_texts() == ["14", "14", "14"]
    seen_one_card = seen_bid = False
    deadline = time.monotonic() + 150
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        if my_phase(page) is None:  # acting only on a turn seen, so that none is missed
            page.wait_for_timeout(40)
            continue
        if not seen_bid and page.locator("#prompt .bid-button").count():
            shot(page, "africain-bid")
            seen_bid = True
        if not seen_one_card and page.locator(".forehead .card").count() == 2:
            # One card each: the others' cards are shown, mine is a back.
            assert page.locator("#hand .card.back").count() == 1
            assert page.locator("#hand .card:not(.back)").count() == 0
            shot(page, "africain-one-card")
            seen_one_card = True
        if take_turn(page) is None:
            page.wait_for_timeout(40)
    assert seen_bid
    shot(page, "africain-game-over")
    expect(page.locator("#game-over")).to_contain_text("Winner")


def _start_with_one_life(page: Page, base_url: str, players: int) -> None:
    """Create and start an Africain table of random robots, one life each."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    create_one_life_africain(page, players)
    page.click("#start")


def test_a_player_out_of_lives_is_told_and_may_leave(new_context: object, base_url: str) -> None:
    """With one life each, the page's player bids all it can and soon loses its
    life while others play on: the page says so, in view on a phone, goes on
    showing the game, and leaves on a tap (issue 19: it once waited in silence)."""
    page: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    _start_with_one_life(page, base_url, players=4)
    out = page.locator("#out-of-game")
    bids = page.locator("#prompt .bid-button:not(.illegal)")
    deadline = time.monotonic() + 90
    while not out.count():
        assert time.monotonic() < deadline, "the page's player never ran out of lives"
        if page.locator("#game-over").count():  # everybody out at once: another game
            page.click("#again")
            expect(page.locator("#game-over")).to_have_count(0)
        elif my_phase(page) == "bid" and bids.count():  # none while the bid is on its way
            bids.last.click()
        elif take_turn(page) is None:
            page.wait_for_timeout(40)
    expect(out).to_contain_text("no lives left")
    expect(out).to_be_in_viewport(ratio=1)
    shot(page, "africain-out-of-lives")
    # Watching: the others' game moves on in the page (a new round, or its end).
    label = page.locator("#round-label").inner_text()
    deadline = time.monotonic() + 30
    while (
        page.locator("#round-label").inner_text() == label
        and not page.locator("#game-over").count()
    ):
        assert time.monotonic() < deadline, "the game stood still"
        page.wait_for_timeout(50)
    # The others' game may end at any moment, and the game-over panel then hides
    # the out-of-lives one: tap its button while it shows, else leave from the menu.
    try:
        out.locator("~ button").click(timeout=3000)
    except PlaywrightTimeoutError:
        expect(page.locator("#game-over")).to_have_count(1)
        page.click("#side-toggle")
        page.click("#leave")
    expect(page.locator("#create")).to_be_visible()


def test_each_turn_takes_the_keyboard(page: Page, base_url: str) -> None:
    """A bid to make, then a card to play: each takes the keyboard (the first bid
    allowed, the first card to play, the Excuse's first value) and is announced;
    Enter alone answers."""
    create_table(page, base_url, game="africain", players=3, robots="random")
    page.click("#start")
    announced = page.locator("#turn-announce")
    excuse = page.locator('#prompt [data-action^="play:EX:"]')
    bids = plays = 0
    deadline = time.monotonic() + 60
    while bids < 2 or plays < 4:
        assert time.monotonic() < deadline, f"{bids} bids and {plays} plays seen"
        assert not page.locator("#game-over").count()
        mine = my_phase(page)  # the prompt shown, not only the turn: a bid sent withdraws it
        if mine == "bid" and page.locator("#prompt .bid-button").count():
            expect(page.locator("#prompt .bid-button:not(.illegal)").first).to_be_focused()
            expect(announced).to_have_text("Your turn: How many tricks will you win?")
            page.keyboard.press("Enter")
            expect(page.locator("#prompt .bid-button")).to_have_count(0)
            bids += 1
        elif mine == "play" and excuse.count():
            expect(excuse.first).to_be_focused()
            page.keyboard.press("Enter")
            expect(page.locator('#hand .card[data-card="EX"]')).to_have_count(0)
        elif mine == "play" and page.locator("#hand .card.legal").count():
            expect(page.locator("#hand .card.legal").first).to_be_focused()
            expect(announced).to_have_text("Your turn: play a card")
            card = page.evaluate("document.activeElement.dataset.card")
            page.keyboard.press("Enter")
            if card == "EX":  # its value is asked first
                expect(excuse.first).to_be_visible()
            else:
                expect(page.locator(f'#hand .card[data-card="{card}"]')).to_have_count(0)
            plays += 1
        else:
            page.wait_for_timeout(40)


def test_the_round_label_and_seat_tags_read_right(page: Page, base_url: str) -> None:
    """Between two rounds, while the last trick stays in view, the label names the
    round just played without the next round's size (it said "Round 1: 4 cards");
    and a seat's tag beside its pack of lives is a line high, its word centred (it
    stretched to the pack's height, "dealer" at its top)."""
    create_table(page, base_url, game="africain", players=3, robots="random")
    page.click("#start")
    expect(page.locator(".seat-tags .tag.dealer")).to_have_count(1)
    # Both boxes measured in one script, so from one drawing: the board is redrawn
    # at every move, and two reads could straddle a redraw (184 px apart once).
    boxes = None
    for _ in range(50):
        boxes = page.evaluate(
            """() => {
              const tags = [...document.querySelectorAll('.seat-tags')]
                .find((t) => t.querySelector('.tag.dealer') && t.querySelector('.life-pack'));
              if (!tags) return null;
              const box = (el) => {
                const r = el.getBoundingClientRect();
                return { y: r.y, height: r.height };
              };
              const [tag, pack] = ['.tag.dealer', '.life-pack'].map((s) => tags.querySelector(s));
              return [box(tag), box(pack)];
            }"""
        )
        if boxes is not None:
            break
        page.wait_for_timeout(20)
    assert boxes is not None
    tag, pack = boxes
    assert tag["height"] < 24, tag
    assert abs(tag["y"] + tag["height"] / 2 - (pack["y"] + pack["height"] / 2)) < 2
    # every label drawn between rounds, however briefly
    page.evaluate(
        """() => { window.between = [];
          new MutationObserver(() => {
            const label = document.querySelector('#round-label');
            if (label && document.querySelector('#felt').dataset.phase === 'deal')
              window.between.push(label.textContent);
          }).observe(document.querySelector('#app'), { childList: true, subtree: true }); }"""
    )
    deadline = time.monotonic() + 60
    while not page.locator("#round-label", has_text="Round 3").count():
        assert time.monotonic() < deadline, "the third round did not come"
        assert not page.locator("#game-over").count()
        if take_turn(page) is None:
            page.wait_for_timeout(40)
    between: list[str] = page.evaluate("window.between")
    assert between, "no label seen between two rounds"
    assert set(between) <= {"Round 1", "Round 2"}, between


def test_lives_are_never_shown_below_none(page: Page, base_url: str) -> None:
    """A round may cost more lives than a player has (the engine counts on below
    zero): a player out shows none left, and "out", in each language, never a
    negative count (it once showed "-3 / 1")."""
    _start_with_one_life(page, base_url, players=3)
    bids = page.locator("#prompt .bid-button:not(.illegal)")
    # Someone losing more lives than its one, as the round's notice says (the page's
    # player bids all it can, and random robots bid at random); a game where nobody
    # did is played again.
    lost = page.locator("#notices li", has_text=re.compile("−[2-9]"))
    deadline = time.monotonic() + 90
    while not lost.count():
        assert time.monotonic() < deadline, "nobody lost more lives than they had"
        if page.locator("#again").count():
            # The game's end comes after its last round's notice: read again first.
            # (A setting-up step, not under test: dispatched at once, as the panel
            # may be drawn anew under a pointer's click as the table's info comes.)
            if not lost.count():
                page.locator("#again").dispatch_event("click")
        elif my_phase(page) == "bid" and bids.count():
            bids.last.click()
        elif take_turn(page) is None:
            page.wait_for_timeout(40)
    found = re.search(r"(guest_\w+|robot \d) −[2-9]", lost.first.inner_text())
    assert found is not None
    name = found[1]
    seat = page.locator(".seat-box", has_text=name)
    row = page.locator("#deal-info tbody tr", has_text=name)
    expect(seat.locator(".life-pack b")).to_have_text("0")
    expect(seat.locator(".tag.neg")).to_have_text("out")
    expect(row.locator("td").nth(1)).to_have_text("out")
    lives = page.locator("#deal-info tbody td:nth-child(2)").all_inner_texts()
    assert all(re.fullmatch(r"out|\d+ / 1", text) for text in lives), lives
    assert all(int(text) >= 0 for text in page.locator(".life-pack b").all_inner_texts())
    page.click("#lang")
    expect(row.locator("td").nth(1)).to_have_text("éliminé")
    expect(seat.locator(".tag.neg")).to_have_text("éliminé")
    expect(seat.locator(".life-pack b")).to_have_text("0")


def _last_round_losses(page: Page) -> dict[str, int]:
    """Who lost lives in the last round, and how many, as its notice says
    ("Round 2: robot 2 −1, guest_x −3"), in seat order."""
    notice = page.locator("#notices li", has_text=re.compile(r"^Round \d+: ")).last.inner_text()
    return {name: int(n) for name, n in re.findall(r"([^:,]+?) −(\d+)", notice.split(": ", 1)[1])}


def test_an_all_out_end_says_why_its_winners_won(page: Page, base_url: str) -> None:
    """One life each, three players: a game where every player still in loses their
    last life in the same round is won by the count that fell least below zero,
    several sharing the win when level. The end says so with the counts compared,
    each 1 less the lives its last round cost (as that round's notice says), in
    English and in French; a game won by the last with lives says that instead."""
    _start_with_one_life(page, base_url, players=3)
    bids = page.locator("#prompt .bid-button:not(.illegal)")
    over, reason = page.locator("#game-over"), page.locator("#win-reason")
    deadline = time.monotonic() + 150
    while True:
        assert time.monotonic() < deadline, "no game ended with everybody out at once"
        if over.count():
            expect(reason).to_be_visible()
            if "same round" in reason.inner_text():
                break
            winner = page.locator("#winners").inner_text().removeprefix("Winner: ")
            expect(reason).to_have_text(f"{winner} alone had lives left.")
            page.locator("#again").dispatch_event("click")  # another game (see above)
            expect(over).to_have_count(0)
        elif my_phase(page) == "bid" and bids.count():
            bids.last.click()  # the page's player bids all it can: it often falls
        elif take_turn(page) is None:
            page.wait_for_timeout(40)
    losses = _last_round_losses(page)
    counts = {name: 1 - lost for name, lost in losses.items()}
    best = max(counts.values())
    winners = [name for name, count in counts.items() if count == best]
    signed = {name: str(count).replace("-", "−") for name, count in counts.items()}
    shown = ", ".join(f"{name} at {count}" for name, count in signed.items())
    fell = "Every player still in lost their last lives in the same round: "
    if len(winners) == 1:
        expect(page.locator("#winners")).to_have_text(f"Winner: {winners[0]}")
        expect(reason).to_have_text(f"{fell}{winners[0]} fell least below zero ({shown}).")
    else:
        expect(page.locator("#winners")).to_have_text(f"Winners: {', '.join(winners)}")
        level = "level at the count least below zero, share the win"
        expect(reason).to_have_text(f"{fell}{_listed(winners, 'and')}, {level} ({shown}).")
    shot(page, "africain-all-out-end")
    page.click("#lang")
    fell = "Tous les joueurs encore en jeu ont perdu leurs dernières vies dans le même tour : "
    shown = ", ".join(f"{name} à {count}" for name, count in signed.items())
    if len(winners) == 1:
        expect(reason).to_have_text(f"{fell}{winners[0]} descend le moins bas sous zéro ({shown}).")
    else:
        level = "à égalité le moins bas sous zéro, se partagent la victoire"
        expect(reason).to_have_text(f"{fell}{_listed(winners, 'et')}, {level} ({shown}).")
    # The replay's last step says it too, with the same names.
    at_table = reason.inner_text()
    page.click("#replay-link")
    expect(page.locator("#replay-action")).to_be_visible()
    page.get_by_role("button", name="Fin", exact=True).click()
    expect(page.locator("#replay-winners")).to_contain_text("Gagnant")
    expect(page.locator("#win-reason")).to_contain_text(fell)
    expect(page.locator("#win-reason")).to_have_text(at_table)


def _listed(names: list[str], word: str) -> str:
    """``a and b``, ``a, b, and c`` (English), ``a, b et c`` (French)."""
    if len(names) == 2:
        return f"{names[0]} {word} {names[1]}"
    comma = "," if word == "and" else ""
    return f"{', '.join(names[:-1])}{comma} {word} {names[-1]}"


def test_a_few_cards_lie_apart_on_a_wide_screen(page: Page, base_url: str) -> None:
    """A five-card hand overlapped as an eighteen-card one does (50 px of a 72 px
    card shown) on a desktop with room to spare: a few cards lie side by side."""
    page.set_viewport_size({"width": 1366, "height": 768})
    create_table(page, base_url, game="africain", players=4, robots="random")
    page.click("#start")
    cards = page.locator("#hand .card")
    expect(cards).to_have_count(5)
    boxes = [box for box in (card.bounding_box() for card in cards.all()) if box is not None]
    assert len(boxes) == 5
    for left, right in itertools.pairwise(boxes):
        assert right["x"] >= left["x"] + left["width"], "the hand's cards overlap"
        assert right["x"] - (left["x"] + left["width"]) <= 12, "the hand's cards are far apart"
    shot(page, "africain-five-cards-desktop")
