"""Defects a new user hit in a real browser (issue 19), each checked the way they
met it. Cards the server's seeds deal too rarely (a poignée, a deal of one bout)
come from a game the test serves itself (``tests/web/scripted.py``)."""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Position, WebSocket, expect
from sqlalchemy import select

from atout.game import GameState
from atout.server import ledger
from atout.server.store import Store, User
from tests.json_patch import apply_patch
from tests.web.conftest import shot
from tests.web.play import create_table, my_phase, phase, register, take_turn
from tests.web.scripted import ME, RULES, TABLE, ScriptedTable, last_card, new_game, trumps

CORNER: Position = {"x": 10, "y": 24}  # a hand's cards overlap: click the corner a player sees


@pytest.fixture(params=[False, True], ids=["desktop", "phone"])
def screen(request: pytest.FixtureRequest, new_context: object) -> Page:
    """A page on a desktop, then on a phone (390 x 844), for what is about layout."""
    page: Page = new_context(mobile=request.param).new_page()  # type: ignore[operator]
    return page


def _screen(page: Page) -> str:
    size = page.viewport_size
    return "phone" if size is not None and size["width"] < 500 else "desktop"


def _start(page: Page, base_url: str, rounds: int = 1) -> None:
    """A practice game of rounds deals against three robots, started."""
    create_table(page, base_url, rounds=rounds)
    page.click("#start")


def _play(page: Page, until: Callable[[], bool], seconds: float = 120) -> None:
    """Take the page's turns until ``until()`` holds."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, f"stuck in phase {phase(page)}"
        if take_turn(page) is None:
            page.wait_for_timeout(50)


def test_a_player_who_logs_in_may_tick_competitive_at_once(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/")
    expect(page.locator("#who")).to_contain_text("guest_")
    expect(page.locator("#opt-competitive")).to_be_disabled()  # guests practise
    expect(page.locator("#opt-competitive-guests")).to_be_visible()  # and see why
    expect(page.locator("#opt-bet")).to_be_disabled()  # a practice table bets nothing
    name = register(page, base_url)
    expect(page.locator("#opt-competitive")).to_be_enabled()
    expect(page.locator("#opt-competitive-guests")).to_be_hidden()
    page.check("#opt-competitive")
    expect(page.locator("#opt-bet")).to_be_enabled()
    page.uncheck("#opt-competitive")
    expect(page.locator("#opt-bet")).to_be_disabled()
    page.reload()
    expect(page.locator("#who")).to_contain_text(name)
    expect(page.locator("#opt-competitive")).to_be_enabled()
    page.get_by_role("button", name="Log out").click()
    expect(page.locator("#login-link")).to_be_visible()
    expect(page.locator("#opt-competitive")).to_be_disabled()


def test_each_number_of_more_rules_sits_under_its_own_words(page: Page, base_url: str) -> None:
    """A number came above its words, so it read as the number of the rule above."""
    page.goto(f"{base_url}/#/")
    page.click("#opt-rules summary")
    for rule in ("petit_au_bout", "prime"):
        field = page.locator(f'#opt-rules [data-rule="{rule}"]')
        words = page.locator(f'#opt-rules label:has([data-rule="{rule}"])')
        box, label = field.bounding_box(), words.bounding_box()
        assert box is not None and label is not None
        assert box["y"] > label["y"] + 5  # the words first, at the label's top


def test_a_game_that_is_not_there_offers_no_record(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/replay/99999")
    expect(page.locator("#replay")).to_contain_text("No finished game with this number.")
    expect(page.locator("#record-links")).to_be_hidden()


def test_a_poignee_shown_leaves_the_next_ecart_empty(page: Page, base_url: str) -> None:
    """Deal 1 gives the page's player ten trumps (a poignée), deal 2 any cards; the
    player takes both (the other seats pass)."""
    rich = next(s for s in itertools.count() if trumps(_dealt(s)) >= 10)
    ScriptedTable(page, [rich, 1], deals=2)
    page.goto(f"{base_url}/#/table/{TABLE}")
    shown = False
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, f"stuck in phase {phase(page)}"
        mine = my_phase(page)
        if mine == "discard" and shown:
            break
        if mine == "poignee":
            page.click("#show-poignee")
            expect(page.locator("#deal-info li", has_text="Poignée shown by")).to_have_count(1)
            shown = True
        elif take_turn(page) is None:
            page.wait_for_timeout(50)
    expect(page.locator("#deal-info")).to_contain_text("Deal 2")
    expect(page.locator("#hand .card.selected")).to_have_count(0)
    expect(page.locator("#prompt")).to_contain_text("(6 left)")
    for left in range(6, 0, -1):
        expect(page.locator("#confirm-ecart")).to_be_disabled()
        page.locator("#hand .card.legal:not(.selected)").first.click(position=CORNER)
        expect(page.locator("#prompt")).to_contain_text(f"({left - 1} left)")
    page.click("#confirm-ecart")
    expect(page.locator("#hand .card")).to_have_count(18)


def _dealt(seed: int) -> GameState:
    state = new_game(2)
    state.apply(RULES.deal_action(state, seed))
    return state


def test_after_an_amicable_end_nothing_asks_for_a_move(page: Page, base_url: str) -> None:
    _start(page, base_url)
    _play(page, lambda: my_phase(page) == "play")
    page.click("#vote-end")  # the only person at the table: the game ends at once
    expect(page.locator("#game-over")).to_contain_text("ended amicably")
    for gone in ("#turn-line", "#turn-clock", "#vote-end", "#prompt", "#hand .card.legal"):
        expect(page.locator(gone)).to_have_count(0)
    page.locator("#hand .card").first.click(position=CORNER)
    page.wait_for_timeout(300)
    expect(page.locator("#table-error")).to_have_text("")


def _closes_the_deal(seed: int) -> bool:
    """Whether the page's player's last card is the last of the deal's last trick."""
    state = ScriptedTable(None, [seed], before=last_card).state
    return len(state.view(ME)["trick"]) == state.players - 1


def test_the_card_that_ends_a_deal_is_drawn_in_its_trick(page: Page, base_url: str) -> None:
    """The deal's result once replaced the last trick in the very update that
    completed it: the card the player had just played was never drawn (the browser
    bench counted these clicks as not taken)."""
    seed = next(s for s in itertools.count() if _closes_the_deal(s))
    ScriptedTable(page, [seed], before=last_card)
    page.goto(f"{base_url}/#/table/{TABLE}")
    card = page.locator("#hand .card.legal")
    played = card.get_attribute("data-card")
    page.evaluate(
        """(card) => {
          window.drawn = false;
          new MutationObserver(() => {
            window.drawn ||= Boolean(document.querySelector(`#trick .card[data-card="${card}"]`));
          }).observe(document.body, { childList: true, subtree: true });
        }""",
        played,
    )
    card.click(position=CORNER)
    expect(page.locator("#deal-result")).to_be_visible()
    assert page.evaluate("window.drawn"), f"{played} was never drawn in the trick"


def test_after_the_game_is_over_nothing_asks_for_a_move(page: Page, base_url: str) -> None:
    ScriptedTable(page, [0], before=last_card)
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#vote-end")).to_be_visible()
    page.locator("#hand .card.legal").click(position=CORNER)
    expect(page.locator("#game-over")).to_contain_text("Game over")
    for gone in ("#turn-line", "#turn-clock", "#vote-end", "#prompt"):
        expect(page.locator(gone)).to_have_count(0)
    # One winner or several, said in the right number ("Winner: robot 2, robot 3" was).
    expect(page.locator("#winners")).to_have_text(re.compile(r"Winner: [^,]+$|Winners: .+, .+"))
    replay, again = (page.locator(b).bounding_box() for b in ("#replay-link", "#again"))
    assert replay and again and again["x"] >= replay["x"] + replay["width"] + 4, "the buttons touch"


def test_the_deal_result_stays_until_the_player_goes_on(screen: Page, base_url: str) -> None:
    page = screen
    _start(page, base_url, rounds=2)
    result = page.locator("#deal-result")
    _play(page, lambda: result.count() > 0)
    # The robots deal and bid the next deal meanwhile; the result waits for the player.
    deadline = time.monotonic() + 60
    while my_phase(page) is None:  # not acting: the page's next turn is in deal 2
        assert time.monotonic() < deadline, f"no turn in deal 2 (phase {phase(page)})"
        page.wait_for_timeout(50)
    expect(page.locator("#deal-info")).to_contain_text("Deal 2")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Deal 1")
    expect(result.locator(".breakdown li").first).to_be_visible()
    expect(result).to_be_in_viewport(ratio=1)
    shot(page, f"deal-result-{_screen(page)}")
    take_turn(page)  # the player's bid: going on
    expect(result).to_have_count(0)
    _play(page, lambda: page.locator("#game-over").count() > 0)
    expect(result).to_contain_text("Deal 2")
    page.wait_for_timeout(1200)  # longer than the robots' pause: still there
    expect(result).to_be_visible()
    page.click("#deal-continue")
    expect(result).to_have_count(0)
    expect(page.locator("#scores tbody tr.deal-head")).to_have_count(2)


def test_a_refusal_shows_by_the_hand_until_the_game_moves(screen: Page, base_url: str) -> None:
    page = screen
    _start(page, base_url, rounds=3)
    illegal = page.locator("#hand .card.illegal")
    _play(page, lambda: my_phase(page) == "play" and illegal.count() > 0, seconds=180)
    illegal.first.click(position=CORNER)
    error = page.locator("#table-error")
    expect(error).to_contain_text("Refused: ")
    expect(error).to_be_in_viewport(ratio=1)
    hand = page.locator("#hand").bounding_box()
    box = error.bounding_box()
    assert hand is not None and box is not None
    assert box["y"] + box["height"] <= hand["y"] + 1  # just above the hand, by the prompt
    shot(page, f"refusal-{_screen(page)}")
    page.locator("#hand .card.legal").first.click(position=CORNER)
    expect(error).to_have_text("")


def test_one_bout_is_singular(page: Page, base_url: str) -> None:
    one = next(s for s in itertools.count() if _bouts_made(s) == 1)
    ScriptedTable(page, [one], before=last_card)
    page.goto(f"{base_url}/#/table/{TABLE}")
    page.locator("#hand .card.legal").click(position=CORNER)
    singular = re.compile(r"\b1 bout(?!s)")
    expect(page.locator("#deal-result")).to_contain_text(singular)
    expect(page.locator("#scores .deal-head")).to_contain_text(singular)
    expect(page.locator("#scores .deal-head")).not_to_contain_text("1 bouts")
    page.click("#lang")
    expect(page.locator("#scores h2")).to_have_text("Marque des donnes")
    expect(page.locator("#scores .deal-head")).to_contain_text(singular)

    page.goto(f"{base_url}/#/sheet")  # French still: a person's own score sheet
    for bouts, shown in (("1", singular), ("2", "2 bouts")):
        page.fill("#deal-points", "45")
        page.select_option("#deal-bouts", bouts)
        page.click("#add-deal")
        expect(page.locator("#sheet-table tbody tr").last).to_contain_text(shown)
    page.click("#lang")
    expect(page.locator("#sheet-table tbody tr").first).to_contain_text(singular)
    expect(page.locator("#sheet-table tbody tr").last).to_contain_text("2 bouts")


def _bouts_made(seed: int) -> int:
    """The attack's bouts in the one-deal game the scripted seats play from ``seed``."""
    played = ScriptedTable(None, [seed], before=lambda state: state.is_over)
    bouts: int = played.deal_ends[-1]["bouts"]
    return bouts


def test_the_lobby_shows_a_running_games_robots(new_context: object, base_url: str) -> None:
    visitor = new_context().new_page()  # type: ignore[operator]
    visitor.goto(f"{base_url}/#/")
    host = new_context().new_page()  # type: ignore[operator]
    table = create_table(host, base_url)
    item = visitor.locator(f'.table-item[data-table="{table}"]')
    expect(item.locator(".seat.free")).to_have_count(3)
    expect(item.get_by_role("link", name="Sit down")).to_have_count(1)
    host.click("#start")
    expect(item.locator(".badge.busy")).to_be_visible()
    expect(item.locator(".seat.robot")).to_have_count(3)
    expect(item.locator(".seat.free")).to_have_count(0)
    expect(item.get_by_role("link", name="Sit down")).to_have_count(0)
    expect(item.get_by_role("link", name="Watch")).to_have_count(1)


def test_a_game_against_robots_moves_the_rating(page: Page, base_url: str) -> None:
    name = register(page, base_url)
    page.goto(f"{base_url}/#/")
    page.check("#opt-competitive")
    page.fill("#opt-seconds", "120")
    page.click("#create")
    page.click("#start")
    _play(page, lambda: page.locator("#game-over").count() > 0)
    rating = httpx.get(f"{base_url}/api/profile/{name}").json()["rating"]
    assert rating != 0
    page.goto(f"{base_url}/#/leaderboard")
    row = page.locator("#leaderboard tbody tr", has=page.get_by_role("link", name=name))
    expect(row.locator("td").nth(4)).to_have_text("1")
    assert float(row.locator("td").nth(2).inner_text()) == rating


def test_a_game_between_players_at_one_address_says_it_counts_for_nobody(
    new_context: object, base_url: str
) -> None:
    """Two registered players from one address (the tests' loopback) play a
    competitive game out: the same-IP rule voids it, and each page says so."""
    ann = new_context().new_page()  # type: ignore[operator]
    ben = new_context(mobile=True).new_page()  # type: ignore[operator]
    for player in (ann, ben):
        register(player, base_url, "ip")
    table = create_table(ann, base_url, players=3, robots="random", competitive=True)
    ben.goto(f"{base_url}/#/table/{table}?join=1")
    expect(ann.locator(".seat-box")).to_have_count(3)
    expect(ben.locator(".seat-box.me")).to_have_count(1)
    ann.click("#start")
    deadline = time.monotonic() + 120
    while not (ann.locator("#game-over").count() and ben.locator("#game-over").count()):
        assert time.monotonic() < deadline, f"stuck in phase {phase(ann)}"
        if take_turn(ann) is None and take_turn(ben) is None:
            ann.wait_for_timeout(30)
    for player in (ann, ben):
        expect(player.locator("#game-over #shared-ip")).to_contain_text("same address")
        expect(player.locator("#shared-ip")).to_be_in_viewport()
    shot(ben, "shared-ip-phone")


def test_static_files_are_compressed_and_revalidated(base_url: str) -> None:
    with httpx.Client(base_url=base_url) as http:
        plain = http.get("/js/table.js", headers={"Accept-Encoding": "identity"})
        packed = http.get("/js/table.js", headers={"Accept-Encoding": "gzip"})
        assert "content-encoding" not in plain.headers
        assert packed.headers["content-encoding"] == "gzip"
        assert int(packed.headers["content-length"]) < len(plain.content) / 2
        assert packed.content == plain.content
        for path in ("/", "/js/app.js", "/css/atout.css"):
            first = http.get(path)
            assert first.headers["cache-control"] == "no-cache"
            again = http.get(path, headers={"If-None-Match": first.headers["etag"]})
            assert again.status_code == 304
            assert again.headers["cache-control"] == "no-cache"


def test_a_traditionnel_table_offers_the_pousse(page: Page, base_url: str) -> None:
    """The bid buttons come from the observation's rules: traditionnel has a Pousse
    between Prise and Garde, the FFT rules none (the page once listed FFT's five)."""
    ScriptedTable(page, [3], players=3, variant="traditionnel")
    page.goto(f"{base_url}/#/table/{TABLE}")
    buttons = page.locator("#prompt .bid-button")
    expect(page.locator('#prompt [data-action="bid:pousse"]')).to_have_text("Pousse")
    actions = [b.get_attribute("data-action") for b in buttons.all()]
    assert actions.index("bid:prise") < actions.index("bid:pousse") < actions.index("bid:garde")


def test_the_mort_form_ecart_has_the_four_player_size(page: Page, base_url: str) -> None:
    """At five seats with the dealer sitting out, four play with a dog of 6: the
    taker puts 6 cards aside, not the 3 of a five-player deal (the page once
    counted 3 from the number of seats)."""
    ScriptedTable(page, [5, 6], deals=2, players=5, options={"dealer_sits_out": True})
    page.goto(f"{base_url}/#/table/{TABLE}")
    deadline = time.monotonic() + 60
    while my_phase(page) != "discard":
        assert time.monotonic() < deadline, f"stuck in phase {phase(page)}"
        if take_turn(page, discard=False) is None:
            page.wait_for_timeout(50)
    expect(page.locator("#hand .card")).to_have_count(24)
    expect(page.locator("#prompt")).to_contain_text("(6 left)")


def test_a_player_short_of_chips_takes_the_daily_chips(
    page: Page, base_url: str, data_dir: Path
) -> None:
    """Seed 004 asks how to get chips: a registered player below the floor takes
    them from their profile, once a day; someone else's profile offers nothing."""
    name = register(page, base_url)
    store = Store(f"sqlite:///{data_dir / 'atout.sqlite3'}")
    with store.session.begin() as db:
        user = db.scalar(select(User.id).where(User.name == name))
        assert user is not None
        ledger.transfer(db, "lost", [(ledger.user_account(user), -950), (ledger.BANK, 950)])
    store.close()
    page.goto(f"{base_url}/#/profile/{name}")
    expect(page.locator('#profile dd[data-key="chips"]')).to_have_text("50")
    page.click("#take-allowance")
    expect(page.locator('#profile dd[data-key="chips"]')).to_have_text(str(ledger.ALLOWANCE_FLOOR))
    expect(page.locator("#allowance-note")).to_contain_text(f"{ledger.ALLOWANCE_FLOOR - 50} chips")
    page.reload()
    expect(page.locator('#profile dd[data-key="chips"]')).to_have_text(str(ledger.ALLOWANCE_FLOOR))
    expect(page.locator("#take-allowance")).to_have_count(0)


def test_the_master_chooses_the_mort_form_in_the_lobby(page: Page, base_url: str) -> None:
    """The variant's own rules are offered as the engine has them: at five, the
    dealer may sit out, and the table's game then deals four hands of 18. The
    robots play those hands out in a few seconds: what the page was dealt is read
    from the views its socket was given, not from seat tags that may have counted
    down by the time a loaded machine looks."""
    views = _views_given(page)
    page.goto(f"{base_url}/#/")
    page.select_option("#opt-players", "5")
    page.click("#opt-rules summary")
    page.check('#opt-rules [data-rule="dealer_sits_out"]')
    page.fill("#opt-seconds", "120")
    page.click("#create")
    page.wait_for_selector("#start")
    expect(page.locator("#app")).to_contain_text("At 5, the dealer sits out")
    page.click("#start")
    expect(page.locator(".seat-box")).to_have_count(5)
    # The first dealer is the master's seat, out of this deal; four others play.
    expect(page.locator(".seat-box.me")).to_contain_text("sits out")
    me = int(page.locator(".seat-box.me").get_attribute("data-seat") or "-1")
    dealt = [0 if seat == me else 18 for seat in range(5)]
    deadline = time.monotonic() + 10
    while not any(view and view.get("hand_sizes") == dealt for view in views):
        assert time.monotonic() < deadline, [view and view.get("hand_sizes") for view in views]
        page.wait_for_timeout(50)


def _views_given(page: Page) -> list[dict[str, Any] | None]:
    """Every view of a table the page's sockets are given from now on, in order:
    whole in a snapshot or a resume, else the last one patched."""
    views: list[dict[str, Any] | None] = []

    def watch(ws: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") not in ("table", "update"):
                return
            if "diff" in message:
                views.append(apply_patch(views[-1], message["diff"]))
            elif "view" in message:
                views.append(message["view"])

        ws.on("framereceived", received)

    page.on("websocket", watch)
    return views


def test_sounds_switch_off_and_motion_follows_the_system(page: Page, base_url: str) -> None:
    """The card just played slides in, except for a player whose system asks for
    less motion; the sounds have a switch the browser remembers."""
    ScriptedTable(page, [7])
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#prompt")).to_be_visible()
    slide = """() => { const card = document.createElement("div");
        card.className = "card in-trick fresh"; document.body.append(card);
        const name = getComputedStyle(card).animationName; card.remove(); return name; }"""
    page.emulate_media(reduced_motion="no-preference")
    assert page.evaluate(slide) == "card-in"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(slide) == "none"
    expect(page.locator("#mute")).to_contain_text("Sounds on")
    page.click("#mute")
    expect(page.locator("#mute")).to_contain_text("Sounds off")
    page.reload()
    expect(page.locator("#mute")).to_contain_text("Sounds off")


def test_a_card_is_played_with_the_keyboard_alone(page: Page, base_url: str) -> None:
    """Arrows choose a card of the hand, Enter plays it: no pointer needed."""
    ScriptedTable(
        page,
        [11],
        before=lambda state: (
            state.view(ME)["legal"] is not None and state.view(ME)["phase"] == "play"
        ),
    )
    page.goto(f"{base_url}/#/table/{TABLE}")
    expect(page.locator("#hand .card.legal").first).to_be_visible()
    before = page.locator("#hand .card").count()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused in [c.get_attribute("data-card") for c in page.locator("#hand .card").all()]
    while not page.evaluate("document.activeElement.classList.contains('legal')"):
        page.keyboard.press("ArrowRight")
    card = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    expect(page.locator("#hand .card")).to_have_count(before - 1)
    expect(page.locator(f'#hand .card[data-card="{card}"]')).to_have_count(0)


def test_a_private_table_opened_without_its_code_asks_for_it(
    new_context: object, base_url: str
) -> None:
    """The page once stayed on 'Connecting…'; it now says the table is private and
    takes the invitation's code. There was no link to watch either: now there is."""
    master = new_context().new_page()  # type: ignore[operator]
    master.goto(f"{base_url}/#/")
    master.wait_for_selector("#who")
    master.check("#opt-private")
    master.fill("#opt-seconds", "120")
    master.click("#create")
    master.wait_for_selector("#start")
    table = master.url.split("#/table/")[1].split("?")[0]
    code = master.locator("#invite-link").input_value().split("code=")[1]
    guest = new_context().new_page()  # type: ignore[operator]
    guest.goto(f"{base_url}/#/table/{table}")
    expect(guest.locator("#table-refused")).to_contain_text("private")
    guest.fill("#table-code", code)
    guest.click("#enter-code")
    expect(guest.locator(".seat-box.me")).to_have_count(1)
    # The master's other link lets a third person watch, without a seat.
    watcher = new_context().new_page()  # type: ignore[operator]
    watcher.goto(master.locator("#watch-link").input_value())
    expect(watcher.locator("#spectator-banner")).to_be_visible()
    expect(watcher.locator(".seat-box.me")).to_have_count(0)
    expect(master.locator("#options-summary")).to_be_visible()


def test_the_game_over_panel_names_an_options_button_every_screen_has(
    screen: Page, base_url: str
) -> None:
    """The game-over panel said "⚙ changes its options", but a phone keeps ⚙ in
    the ☰ drawer: it names its own button now, which opens the options form
    (the drawer too, on a phone) in sight."""
    page = screen
    _start(page, base_url)
    _play(page, lambda: my_phase(page) == "play")
    phone = _screen(page) == "phone"
    if phone:
        page.click("#side-toggle")  # the vote is in the drawer too
    page.click("#vote-end")  # the only person at the table: the game ends at once
    if phone:
        page.click("#side-close")
    expect(page.locator("#game-next")).to_contain_text("“Table options”")
    expect(page.locator("#game-next")).not_to_contain_text("⚙")
    page.click("#over-options")
    field = page.locator("#side .options-editor :is(input, select)").first
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    shot(page, f"game-over-options-{_screen(page)}")
    if phone:
        page.click("#side-close")
    page.click("#lang")
    expect(page.locator("#over-options")).to_have_text("Options de la table")
    expect(page.locator("#game-next")).to_contain_text("«\u00a0Options de la table\u00a0»")
    page.click("#lang")
