"""A replay page for a game that cannot be replayed says why, in the page's language,
with no stepper or review to click: a number no game has, a word that is no number,
a game stopped before its first deal was played out. A game stopped later shows its
complete deals (the server keeps those), and says it was stopped."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from atout.server.store import GameRow, Store
from tests.web.play import create_table, in_french, phase, take_turn

NOTHING = ("#step", "#analyse", "#replay-action", "#record-links a:visible")


def _nothing_to_step(page: Page) -> None:
    for gone in NOTHING:
        expect(page.locator(gone)).to_have_count(0)


def _game_of(data_dir: Path, table: str) -> GameRow:
    store = Store(f"sqlite:///{data_dir / 'atout.sqlite3'}")
    with store.session() as db:
        game = db.scalars(select(GameRow).where(GameRow.table_id == table)).one()
        db.expunge(game)
    store.close()
    return game


def _stop(page: Page) -> None:
    """Vote the game's end (the only person at the table: it ends at once)."""
    page.click("#vote-end")
    expect(page.locator("#game-over")).to_be_visible()


@pytest.mark.parametrize(
    ("address", "en", "fr"),
    [
        # a refusal standing alone is a sentence: a capital, a full stop
        ("99999", "No finished game with this number.", "Aucune partie finie ne porte ce numéro."),
        ("abc", "No such game", "Aucune partie ne porte ce numéro"),
    ],
)
def test_a_game_that_is_not_there_is_said_so_in_the_pages_language(
    page: Page, base_url: str, address: str, en: str, fr: str
) -> None:
    """'abc' once read 'The form was refused...' though there was no form; a French
    page opened on a replay could word the refusal before its words had arrived."""
    page.goto(f"{base_url}/#/replay/{address}")
    expect(page.locator("#replay .error")).to_contain_text(en)
    expect(page.locator("#replay")).not_to_contain_text("form")
    _nothing_to_step(page)
    in_french(page, base_url)
    page.goto(f"{base_url}/#/replay/{address}")
    page.reload()  # the replay asked for at once, as a link opened in a new tab
    expect(page.locator("#replay .error")).to_contain_text(fr)
    _nothing_to_step(page)


def test_a_game_stopped_before_its_first_deal_ended_has_nothing_to_replay(
    page: Page, base_url: str, data_dir: Path
) -> None:
    """It opened as an empty 'Step 0 / 0' with an Analyse button."""
    table = create_table(page, base_url)
    page.click("#start")
    expect(page.locator("#vote-end")).to_be_visible()
    _stop(page)
    game = _game_of(data_dir, table)
    assert game.status == "cancelled"
    page.goto(f"{base_url}/#/replay/{game.id}")
    expect(page.locator("#replay-note")).to_have_text(
        "This game cannot be replayed: it was stopped before its first deal was played out."
    )
    _nothing_to_step(page)
    in_french(page, base_url)
    page.goto(f"{base_url}/#/replay/{game.id}")
    expect(page.locator("#replay-note")).to_have_text(
        "Cette partie ne peut pas être revue : "
        "elle a été arrêtée avant la fin de sa première donne."
    )
    _nothing_to_step(page)


def test_a_game_stopped_later_replays_its_complete_deals(
    page: Page, base_url: str, data_dir: Path
) -> None:
    table = create_table(page, base_url, rounds=2)
    page.click("#start")
    deadline = time.monotonic() + 120
    while not page.locator("#deal-info", has_text="Deal 2").count():
        assert time.monotonic() < deadline, f"stuck in phase {phase(page)}"
        if take_turn(page) is None:
            page.wait_for_timeout(50)
    if page.locator("#deal-continue").count():
        page.click("#deal-continue")
    _stop(page)
    game = _game_of(data_dir, table)
    assert game.status == "cancelled" and game.result and game.result["shown_actions"] > 0
    page.goto(f"{base_url}/#/replay/{game.id}")
    expect(page.locator("#replay-note")).to_have_text(
        "This game was stopped before its end: only its complete deals are shown."
    )
    expect(page.locator("#step")).to_be_visible()
    expect(page.locator(".replay-seat .card")).to_have_count(72)  # the first deal's hands
    expect(page.locator("#analyse")).to_be_visible()
    expect(page.locator("#record-links")).to_be_visible()
    page.click("text=Last")
    expect(page.locator("#step")).to_have_text(
        f"Step {game.result['shown_actions']} / {game.result['shown_actions']}"
    )


OLD_LOG = (
    '{"format": "atout-record/1", "game": "french", "players": 4, "variant": "fft",'
    ' "actions": ["deal:seed=1", "play:KH"]}'
)


@pytest.mark.parametrize(
    ("name", "record", "en", "fr"),
    [
        (
            "cut.atout",
            '[Game "french"]\n[Variant "fft"\n',
            "This record cannot be read at line 2, column 15: the tag has no closing ]",
            "Cet enregistrement est illisible à la ligne 2, colonne 15 : "
            "la balise n'a pas de ] fermant",
        ),
        (
            "cut.json",
            '{"format": "atout-record/2",\n "game": "french",',
            "at line 2, column 19: not JSON: Expecting property name enclosed in double quotes",
            "à la ligne 2, colonne 19 : ce n'est pas du JSON : "
            "un nom de champ entre guillemets doubles est attendu",
        ),
        (
            "old.json",
            OLD_LOG,
            "This record cannot be read: action 2 'play:KH': it is time to bid, not to play:KH",
            "Cet enregistrement est illisible : action 2 « play:KH » : "
            "il faut maintenant annoncer, pas play:KH",
        ),
    ],
)
def test_a_record_that_cannot_be_read_is_said_so_in_the_pages_language(
    page: Page, base_url: str, name: str, record: str, en: str, fr: str
) -> None:
    """A record file opened on the replay page and refused says where (its line and
    column, or its action) and why, in the page's language: a French page told the
    reader's parse error in English."""
    for lang, words in (("en", en), ("fr", fr)):
        if lang == "fr":
            in_french(page, base_url)
        page.goto(f"{base_url}/#/replay")
        page.set_input_files(
            "#record-file", {"name": name, "mimeType": "text/plain", "buffer": record.encode()}
        )
        expect(page.locator("#replay .error")).to_contain_text(words)
        _nothing_to_step(page)
