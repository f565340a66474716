"""What the table page says of a game once its seats change hands, of a vote
given, of a table closed and of a seat lost to the grace time: found by a
desktop probe. A finished game's results were renamed after its seats ('robot 2'
for the player who left, a newcomer's name on the scores of the seat they took),
the proposer of the amicable end was asked to vote again, a spectator of a
closed table was offered its seats, and a player back after the grace time was
told they had left."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import _free_port, shot
from tests.web.play import create_table, in_french, phase, take_turn


def _my_name(page: Page) -> str:
    return page.locator(".seat-box.me .seat-label").inner_text()


def _score_names(page: Page) -> list[str]:
    """The score sheet's columns, named whole (the header's cut names say them)."""
    names: list[str] = page.eval_on_selector_all(
        "#scores thead th[aria-label]", "ths => ths.map(th => th.getAttribute('aria-label'))"
    )
    return names


def _play_until_over(page: Page, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game never ended"
        if take_turn(page, prefer_bid="garde_sans") is None:
            page.wait_for_timeout(50)


def _two_at_a_table(
    new_context: object, base_url: str, robots: str = "heuristic"
) -> tuple[Page, Page, str]:
    """Alice's new table of three, and Bob sitting at it: their pages and the table."""
    alice = new_context().new_page()  # type: ignore[operator]
    table = create_table(alice, base_url, players=3, robots=robots)
    bob = new_context().new_page()  # type: ignore[operator]
    bob.goto(f"{base_url}/#/table/{table}?join=1")
    expect(bob.locator(".seat-box.me")).to_have_count(1)
    return alice, bob, table


def _started(page: Page) -> None:
    deadline = time.monotonic() + 20
    while phase(page) in ("", "waiting"):
        assert time.monotonic() < deadline, "the game never started"
        page.wait_for_timeout(50)


def test_a_finished_game_keeps_its_players_names_and_a_closed_table_says_so(
    new_context: object, base_url: str
) -> None:
    """Bob leaves the game (a robot plays his seat), Alice plays it out: its results
    keep Bob's name, for Alice and the spectator, and for Dave who sits at Bob's
    seat once it is over. Then everyone leaves: the spectator is told the table
    closed, and offered the way back, not its seats."""
    alice, bob, table = _two_at_a_table(new_context, base_url, robots="random")
    carol = new_context().new_page()  # type: ignore[operator]
    carol.goto(f"{base_url}/#/table/{table}")
    expect(carol.locator("#spectator-banner")).to_be_visible()
    alice_name, bob_name = _my_name(alice), _my_name(bob)
    alice.click("#start")
    _started(bob)
    bob.once("dialog", lambda dialog: dialog.accept())
    bob.click("#leave")
    expect(alice.locator("#notices")).to_contain_text(bob_name)
    _play_until_over(alice)
    played = [alice_name, bob_name, "robot 3"]
    for page in (alice, carol):
        expect(page.locator("#game-over")).to_be_visible()
        assert _score_names(page) == played
        expect(page.locator("#winners")).not_to_contain_text("robot 2")
    # A newcomer at Bob's seat sits there under his own name; the last game's
    # results stay its players'.
    dave = new_context().new_page()  # type: ignore[operator]
    dave.goto(f"{base_url}/#/table/{table}?join=1")
    expect(dave.locator('.seat-box[data-seat="1"].me')).to_have_count(1)
    dave_name = _my_name(dave)
    expect(dave.locator("#game-over")).to_be_visible()
    assert _score_names(dave) == played
    expect(dave.locator("#winners")).not_to_contain_text(dave_name)
    expect(alice.locator('.seat-box[data-seat="1"] .seat-label')).to_have_text(dave_name)
    assert _score_names(alice) == played
    # Everyone leaves: the table closes, and its spectator is told so.
    dave.click("#leave-over")
    expect(alice.locator("#notices")).to_contain_text(f"{dave_name} left the table")
    alice.click("#leave")
    expect(carol.locator("#table-closed")).to_contain_text("closed")
    expect(carol.locator("#back-to-lobby")).to_have_attribute("href", "#/")
    expect(carol.locator("button.sit")).to_have_count(0)
    expect(carol.locator("#game-next")).to_have_count(0)
    assert _score_names(carol) == played
    shot(carol, "probe_table_closed")
    carol.click("#back-to-lobby")
    expect(carol.locator("#create")).to_be_visible()


def test_the_proposer_of_the_amicable_end_is_not_asked_again(
    new_context: object, base_url: str
) -> None:
    """Alice proposes to end the game: her page shows her agreement given, and
    asks her nothing more (it offered 'Agree to end' again, and a click added a
    second notice); Bob is asked."""
    alice, bob, _ = _two_at_a_table(new_context, base_url)
    alice.click("#start")
    _started(alice)
    alice.click("#vote-end")
    expect(alice.locator("#my-vote")).to_contain_text("You agreed")
    expect(alice.locator("#votes")).to_contain_text(_my_name(alice))
    expect(alice.locator("#vote-end")).to_have_count(0)
    expect(alice.locator("#vote-prompt")).to_have_count(0)
    expect(alice.locator("#notices li", has_text="Agree to end")).to_have_count(1)
    expect(bob.locator("#vote-prompt")).to_be_visible()
    expect(bob.locator("#my-vote")).to_have_count(0)
    shot(alice, "probe_vote_given")
    bob.click("#vote-agree")
    expect(alice.locator("#game-over")).to_contain_text("ended amicably")


def test_the_master_away_is_said_where_the_page_names_the_master(
    new_context: object, base_url: str
) -> None:
    """A master whose connection dropped still holds the table (and its start) for
    the grace time: the line naming them as the one who starts says they are away."""
    alice, bob, _ = _two_at_a_table(new_context, base_url)
    expect(bob.locator("#waiting-master")).not_to_contain_text("lost the connection")
    alice.close()
    expect(bob.locator("#waiting-master")).to_contain_text("lost the connection")


@pytest.fixture(scope="module")
def short_grace_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose grace time is one second (the session's is a minute), its
    robots slow enough for a game to outlast it."""
    port = _free_port()
    data = tmp_path_factory.mktemp("short-grace")
    atout = Path(sys.executable).parent / "atout"
    command = [str(atout), "serve", "--port", str(port), "--data-dir", str(data)]
    command += ["--throttle-exempt", "127.0.0.1", "--grace", "1", "--trick-pause", "0.4"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    url = f"http://127.0.0.1:{port}"
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, "no server"
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(10)


def test_a_player_back_after_the_grace_time_is_told_it_ran_out(
    page: Page, short_grace_url: str
) -> None:
    """Back after the grace time, the page said 'you left this game': it says the
    time to come back ran out, that a robot plays the seat to the game's end, and
    that they may watch and sit again for the next game, in English and French."""
    table = create_table(page, short_grace_url, players=3, rounds=5)
    page.click("#start")
    _started(page)
    page.goto("about:blank")  # the connection lost
    page.wait_for_timeout(2500)  # the grace time runs out
    page.goto(f"{short_grace_url}/#/table/{table}")
    notices = page.locator("#notices")
    expect(notices).to_contain_text("grace time to come back ran out")
    expect(notices).to_contain_text("next game")
    expect(notices).not_to_contain_text("you left")
    expect(page.locator("#spectator-banner")).to_be_visible()
    in_french(page, short_grace_url)
    page.goto(f"{short_grace_url}/#/table/{table}")
    expect(notices).to_contain_text("délai de grâce pour revenir est écoulé")
    expect(notices).not_to_contain_text("vous avez quitté")
