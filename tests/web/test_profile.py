"""A profile in the browser: an avatar chosen among the drawn ones, the level
with its progress, the badges with their rules in both languages, the player's
games linked to their replays; and the replay list filtered by game and player."""

from __future__ import annotations

import uuid
from pathlib import Path

from playwright.sync_api import Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session

from atout.server import badges
from atout.server.store import GamePlayer, GameRow, GameSeat, Store, TableRow, User
from tests.web.play import register


def _finished_game(
    db: Session, user: int, name: str, game: str, competitive: bool = True
) -> GameRow:
    """A finished game won by ``user`` at seat 0, two robots beside; competitive, it
    counts in the player's figures (a practice game is only listed)."""
    table = TableRow(id=uuid.uuid4().hex[:12], options={}, seats=[], master="", invite_code="c")
    db.add(table)
    db.flush()
    seats = [{"user": user, "name": name}, None, None]
    row = GameRow(table_id=table.id, game=game, players=3, variant="fft", engine_options={},
                  table_options={"competitive": competitive}, seats=seats, status="over",
                  result={"winners": [0]})  # fmt: skip
    db.add(row)
    db.flush()
    db.add(GameSeat(game_id=row.id, seat=0, user_id=user))
    if competitive:
        db.add(GamePlayer(game_id=row.id, user_id=user, seat=0, rank=1, xp=30))
    return row


def test_the_profile_shows_avatar_level_badges_and_games(
    page: Page, base_url: str, data_dir: Path
) -> None:
    name = register(page, base_url, "pro")
    store = Store(f"sqlite:///{data_dir / 'atout.sqlite3'}")
    with store.session.begin() as db:
        user = db.scalar(select(User).where(User.name == name))
        assert user is not None
        user.xp = 150  # level 2 (100 XP), half way to level 3 (300 XP)
        french = _finished_game(db, user.id, name, "french")
        chelem = {"hands": {"0": [], "1": [], "2": []}, "taker": 0, "chelem": "attack"}
        badges.award(db, french, [(0, user.id)], [1, 2, 3], [chelem], now=1.7e9)
        africain = _finished_game(db, user.id, name, "africain")
        ids = (french.id, africain.id)
    store.close()

    page.goto(f"{base_url}/#/profile/{name}")
    expect(page.locator("#level-n")).to_have_text("Level 2")
    expect(page.locator("#level progress")).to_have_attribute("value", "25")
    expect(page.locator("#level")).to_contain_text("150 / 300 XP to level 3")
    expect(page.locator('#badges [data-badge="chelem"]')).to_contain_text(
        "As the taker, win every trick of a deal."
    )
    expect(page.locator("#badges li")).to_have_count(3)  # first win, chelem, win at 3
    for game in ids:
        expect(page.locator(f'#profile ~ div a[href="#/replay/{game}"]')).to_be_visible()

    before = page.locator("#profile-avatar").get_attribute("src")
    purple = page.locator('[data-avatar="club-purple"]')
    expect(purple).to_have_attribute("title", "Purple club")  # named, not its key
    expect(purple.locator("img")).to_have_attribute("alt", "Purple club")
    page.click('[data-avatar="club-purple"]')
    expect(page.locator("#avatar-note")).to_have_text("Avatar saved.")
    after = page.locator("#profile-avatar").get_attribute("src")
    assert after != before
    page.reload()
    expect(page.locator("#profile-avatar")).to_have_attribute("src", after or "")
    drawn = page.evaluate(
        "async (src) => [await (await fetch(src)).text(),"
        " await (await fetch('/api/avatars/club-purple.svg')).text()]",
        after,
    )
    assert drawn[0] == drawn[1] and "<svg" in drawn[0]
    assert page.locator("#profile-avatar").evaluate("img => img.naturalWidth") > 0

    page.click("#lang")
    expect(page.locator('#badges [data-badge="chelem"]')).to_contain_text(
        "Preneur, faire tous les plis d'une donne."
    )
    expect(page.locator("#level-n")).to_have_text("Niveau 2")
    expect(purple).to_have_attribute("title", "Trèfle violet")
    page.click("#lang")

    page.goto(f"{base_url}/#/replay")
    page.fill("#records-player", name)
    page.click("#records-filter button")
    expect(page.locator("#records tbody tr")).to_have_count(2)
    page.select_option("#records-game", "africain")
    page.click("#records-filter button")
    expect(page.locator("#records tbody tr")).to_have_count(1)
    expect(page.locator(f'#records tr[data-game="{ids[1]}"]')).to_be_visible()
    # a game number is shown whole, six digits too (from #10 on it showed "#…")
    number = page.locator(f'#records tr[data-game="{ids[1]}"] td').first
    assert number.evaluate(
        "td => { td.querySelector('a').textContent = '#123456';"
        " return td.scrollWidth <= td.clientWidth; }"
    )
    page.fill("#records-player", "nobody-" + name)
    page.click("#records-filter button")
    expect(page.locator("#records .error")).to_have_text("No such player.")

    # On a small phone, in French (the longer words): nothing runs past the screen's
    # or the panel's right edge (the list's names and dates, the level's bar and rule).
    page.set_viewport_size({"width": 360, "height": 640})
    page.click("#lang")
    expect(page.locator("#records-filter button")).to_have_text("Filtrer")  # drawn again
    page.fill("#records-player", name)
    page.click("#records-filter button")
    expect(page.locator("#records tbody tr")).to_have_count(2)
    assert page.evaluate(OUTSIDE, "#records") == []
    page.goto(f"{base_url}/#/profile/{name}")
    expect(page.locator("#level-n")).to_have_text("Niveau 2")
    assert page.evaluate(OUTSIDE, "#level") == []
    page.goto(f"{base_url}/#/leaderboard")  # the rating and the level, two words
    expect(page.locator("thead th", has_text="Cote")).to_have_count(1)  # drawn (a new hash)
    head = page.locator("thead th").all_inner_texts()
    assert "Cote" in head and "Niveau" in head, head
    cut = page.eval_on_selector_all(  # each heading and name whole, not cut to "R…"
        "#leaderboard th, #leaderboard td",
        "cells => cells.filter(c => c.scrollWidth > c.clientWidth).map(c => c.textContent)",
    )
    assert cut == [], cut
    assert page.evaluate(OUTSIDE, "#leaderboard table") == []


OUTSIDE = """(selector) => {
  const panel = document.querySelector(selector).closest(".panel").getBoundingClientRect();
  const right = Math.min(panel.right, innerWidth) + 0.5;
  const out = [...document.querySelectorAll(`${selector}, ${selector} *`)]
    .filter((el) => el.getBoundingClientRect().right > right)
    .map((el) => el.outerHTML.slice(0, 60));
  if (document.scrollingElement.scrollWidth > innerWidth) out.push("the page scrolls sideways");
  return out;
}"""
"""What of ``selector`` passes its panel's right edge or the screen's (none should)."""


def test_an_empty_leaderboard_says_how_players_come_onto_it(page: Page, base_url: str) -> None:
    # The tests' server has ranked players by now: the empty answer a new site gives is staged.
    page.route("**/api/leaderboard", lambda route: route.fulfill(json=[]))
    page.goto(f"{base_url}/#/leaderboard")
    expect(page.locator("#leaderboard tbody")).to_have_text(
        "No ranked player yet: competitive games put their players here."
    )


def test_the_profile_says_its_counts_are_of_competitive_games(
    page: Page, base_url: str, data_dir: Path
) -> None:
    """It read 'Games 0' above a 'Games' list of two practice games."""
    name = register(page, base_url, "prac")
    store = Store(f"sqlite:///{data_dir / 'atout.sqlite3'}")
    with store.session.begin() as db:
        user = db.scalar(select(User).where(User.name == name))
        assert user is not None
        for _ in range(2):
            _finished_game(db, user.id, name, "french", competitive=False)
    store.close()
    page.goto(f"{base_url}/#/profile/{name}")
    expect(page.locator('#profile dd[data-key="games"]')).to_have_text("0")
    label = page.locator('#profile dt:has(+ dd[data-key="games"])')
    expect(label).to_have_text("Competitive games")
    expect(page.locator("#profile-counts")).to_have_text(
        "These figures count competitive games only; every finished game is listed below."
    )
    expect(page.locator("#profile ~ div h2", has_text="Finished games")).to_have_count(1)
    expect(page.locator("#profile ~ div .records tbody tr")).to_have_count(2)
    page.click("#lang")
    expect(label).to_have_text("Parties en compétition")
    expect(page.locator("#profile-counts")).to_contain_text("parties en compétition")
    expect(page.locator("#profile ~ div h2", has_text="Parties finies")).to_have_count(1)


def test_a_player_changes_their_password_on_their_profile(
    new_context: object, base_url: str
) -> None:
    """The server took a new password (POST /api/password) but no page asked for
    one. On their own profile a player gives the current and the new one: a wrong
    current one is said; the right one signs their other sessions out, keeps this
    page signed in, and the new password signs in afterwards. Another's profile,
    and a guest, have no such form."""
    page: Page = new_context().new_page()  # type: ignore[operator]
    name = register(page, base_url, "pw")
    other: Page = new_context().new_page()  # type: ignore[operator]
    other.goto(f"{base_url}/#/login")
    other.fill("#login-name", name)
    other.fill("#login-password", "a long password")
    other.click("#do-login")
    expect(other.locator("#who")).to_contain_text(name)
    page.goto(f"{base_url}/#/profile/{name}")
    expect(page.locator("#password-form")).to_be_visible()
    page.fill("#password-current", "not my password")
    page.fill("#password-new", "a new long password")
    page.click("#change-password")
    expect(page.locator("#password-note")).to_have_text("Wrong password.")
    page.fill("#password-current", "a long password")
    page.click("#change-password")
    expect(page.locator("#password-note")).to_have_text(
        "Password changed: your other sessions are signed out."
    )
    expect(page.locator("#who")).to_contain_text(name)  # still signed in here
    page.reload()
    expect(page.locator("#who")).to_contain_text(name)
    expect(page.locator("#password-current")).to_have_value("")
    # The other session was signed out; the old password no longer signs in.
    other.reload()
    expect(other.locator("#who")).not_to_contain_text(name)
    other.goto(f"{base_url}/#/login")
    other.fill("#login-name", name)
    other.fill("#login-password", "a long password")
    other.click("#do-login")
    expect(other.locator("p.error[role=alert]")).to_have_text("Wrong name or password.")
    other.fill("#login-password", "a new long password")
    other.click("#do-login")
    expect(other.locator("#who")).to_contain_text(name)
    other.goto(f"{base_url}/#/profile/{register(page, base_url, 'pw2')}")
    expect(other.locator("#profile-avatar")).to_be_visible()
    expect(other.locator("#password-form")).to_be_hidden()  # not theirs
