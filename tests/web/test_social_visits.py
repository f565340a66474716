"""What an exploratory tester of the social pages met (several people at once, a
desktop, phones upright and on their side, English and French): a spectator come
by a private table's watch link was offered its free seats and refused them ("this
table is private"), though the link holds the table's code; a wrong invitation
code was told as "this table is private: you need an invitation", the words of no
code at all, so a mistyped code looked like no code; on a phone the friends page's
names and table links, the leaderboard's names and the game list's numbers were 19
to 29 px high, and the leaderboard broke its figures ("-0.4 4") and names
("Alice53 5") with its French page writing "3.75"; on the friends page, Remove,
Decline, Withdraw and Unblock said nothing, and the keyboard, on the button gone
with its row, fell to the page's body."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from atout.server.store import Store, User
from tests.web.conftest import touch_screen
from tests.web.play import register
from tests.web.test_profile import _finished_game

TARGETS = (Path(__file__).parent / "touch_targets.js").read_text()


def _private_table(page: Page, base_url: str) -> tuple[str, str]:
    """A private table of four seats created by ``page``: its id and its code."""
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("#who")
    page.check("#opt-private")
    page.click("#create")
    page.wait_for_selector("#start")
    link = page.input_value("#watch-link")
    table, code = re.fullmatch(r".*#/table/(\w+)\?code=([\w-]+)", link).groups()  # type: ignore[union-attr]
    return table, code


def test_a_watch_link_s_spectator_takes_a_free_seat(new_context: object, base_url: str) -> None:
    host = new_context().new_page()  # type: ignore[operator]
    table, code = _private_table(host, base_url)
    guest = new_context().new_page()  # type: ignore[operator]
    guest.goto(f"{base_url}/#/table/{table}?code={code}")  # the watch link
    expect(guest.locator("#spectator-banner")).to_be_visible()
    guest.locator("button.sit").first.click()
    expect(guest.locator(".seat-box.me")).to_have_count(1)
    expect(guest.locator("#table-error")).to_have_text("")
    expect(host.locator(".seat-box .free-seat")).to_have_count(2)  # of four: both seated


def test_a_wrong_code_is_told_as_wrong_and_asked_again(new_context: object, base_url: str) -> None:
    host = new_context().new_page()  # type: ignore[operator]
    table, code = _private_table(host, base_url)
    guest = new_context().new_page()  # type: ignore[operator]
    guest.goto(f"{base_url}/#/table/{table}?join=1&code=nope{code}")  # a mistyped link
    refused = guest.locator("#table-refused")
    expect(refused.locator(".error")).to_have_text(
        "this invitation code is not this private table's: check the link you were sent"
    )
    # No code at all is still the private table's refusal, and both ask for the code.
    guest.goto(f"{base_url}/#/table/{table}")
    expect(refused.locator(".error")).to_have_text("this table is private: you need an invitation")
    guest.goto(f"{base_url}/#/table/{table}?code=nope")  # a watch link, mistyped
    expect(refused.locator(".error")).to_contain_text("this invitation code is not")
    guest.click("#lang")
    expect(refused.locator(".error")).to_have_text(
        "ce code d'invitation n'est pas celui de cette table privée : vérifiez le lien reçu"
    )
    guest.fill("#table-code", code)
    guest.click("#enter-code")
    expect(guest.locator(".seat-box.me")).to_have_count(1)


LEADERS = [
    {"name": "Alice535", "avatar": "/api/avatars/club-purple.svg", "rating": -0.44, "xp": 1205,
     "games": 12, "level": 5},
    {"name": "a_rather_long_name_24_ch", "avatar": "/api/avatars/club-purple.svg",
     "rating": 3.75, "xp": 30, "games": 1, "level": 1},
]  # fmt: skip


def test_a_phone_s_social_pages_are_a_finger_s_targets_with_whole_figures(
    browser: Browser, base_url: str, data_dir: Path
) -> None:
    small: list[str] = []
    other_context = browser.new_context(locale="en-US")
    other = other_context.new_page()
    friend = register(other, base_url, "pal")
    with touch_screen(browser, 390, 844, is_mobile=True) as page:
        name = register(page, base_url, "tap")
        page.goto(f"{base_url}/#/friends")
        page.fill("#friend-name", friend)
        page.click("#friend-request")
        other.goto(f"{base_url}/#/friends")
        other.click("#incoming .accept")
        _private_table(other, base_url)  # the friend is at a table: a link to it
        expect(page.locator("#friend-list .friend-table")).to_be_visible()
        small += [f"friends: {s}" for s in page.evaluate(TARGETS, [44, False])]

        page.route("**/api/leaderboard", lambda route: route.fulfill(json=LEADERS))
        page.goto(f"{base_url}/#/leaderboard")
        page.click("#lang")
        expect(page.locator("#leaderboard tbody tr")).to_have_count(2)
        small += [f"leaderboard: {s}" for s in page.evaluate(TARGETS, [44, False])]
        cells = page.locator("#leaderboard tbody tr").first.locator("td")
        expect(cells.nth(2)).to_have_text("-0,44")  # the French decimal comma
        expect(cells.nth(3)).to_have_text(re.compile(r"^1\s205$"))
        broken = page.evaluate(  # cells over two lines or more: an avatar above its name
            """() => [...document.querySelectorAll('#leaderboard tbody td')].filter((td) => {
                 const range = document.createRange();
                 range.selectNodeContents(td.querySelector('a') || td);
                 const lines = [...range.getClientRects()].map((r) => Math.round(r.top));
                 const img = td.querySelector('img')?.getBoundingClientRect();
                 const a = td.querySelector('a')?.getBoundingClientRect();
                 return new Set(lines).size > 1 || (img && a.top >= img.bottom - 1);
               }).map((td) => td.textContent)"""
        )
        assert set(broken) <= {"a_rather_long_name_24_ch"}, broken  # only a name too long

        store = Store(f"sqlite:///{data_dir / 'atout.sqlite3'}")
        with store.session.begin() as db:
            user = db.scalar(select(User).where(User.name == name))
            assert user is not None
            _finished_game(db, user.id, name, "french")
        store.close()
        page.goto(f"{base_url}/#/profile/{name}")
        expect(page.locator("#profile ~ div a[href^='#/replay/']")).to_have_count(1)
        small += [f"profile: {s}" for s in page.evaluate(TARGETS, [44, False])]
    other_context.close()
    assert not small, "under 44 px on a 390 x 844 touch screen: " + "; ".join(small)


def test_the_friends_page_says_each_answer_and_keeps_the_keyboard(
    new_context: object, base_url: str
) -> None:
    ann = new_context().new_page()  # type: ignore[operator]
    ben = new_context().new_page()  # type: ignore[operator]
    ann_name, ben_name = register(ann, base_url, "ann"), register(ben, base_url, "ben")
    note = ben.locator("#friends-note")

    def ask() -> None:
        ann.goto(f"{base_url}/#/friends")
        ann.fill("#friend-name", ben_name)
        ann.press("#friend-name", "Enter")
        expect(ann.locator("#outgoing")).to_contain_text(ben_name)

    ask()
    ben.goto(f"{base_url}/#/friends")
    ben.locator("#incoming .decline").focus()
    ben.keyboard.press("Enter")
    expect(note).to_have_text(f"You declined {ann_name}'s request.")
    expect(note).to_be_focused()

    ask()
    ann.locator("#outgoing .withdraw").focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#friends-note")).to_have_text(f"Your request to {ben_name} is withdrawn.")
    expect(ann.locator("#friends-note")).to_be_focused()

    ask()
    ben.locator("#incoming .accept").click()
    expect(note).to_have_text(f"{ann_name} is now your friend.")
    ben.click("#lang")
    ben.locator("#friend-list .remove").focus()
    ben.keyboard.press("Enter")
    expect(note).to_have_text(f"{ann_name} n'est plus votre ami.")
    expect(note).to_be_focused()
    ben.fill("#friend-name", ann_name)
    ben.click("#block-name")
    ben.locator("#blocked-list .unblock").focus()
    ben.keyboard.press("Enter")
    expect(note).to_have_text(f"{ann_name} n'est plus bloqué.")
    expect(note).to_be_focused()
