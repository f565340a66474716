"""Two people at one table, the second on a phone: what one does that concerns the
other (a vote to end the game) reaches the other where they look, in either
language, not only in the phone's drawer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.play import create_table

MEASURE = (Path(__file__).parent / "layout.js").read_text()


def _usable(page: Page, when: str) -> None:
    problems: list[str] = page.evaluate(MEASURE)
    assert not problems, f"{when}: " + "; ".join(problems)


def _together(new_context: object, base_url: str, french: bool = False) -> tuple[Page, Page]:
    """Ann, the master on a desktop, and Ben on a phone (390 x 844), in a game
    started; Ben's page in French if told."""
    ann: Page = new_context().new_page()  # type: ignore[operator]
    ben: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    create_table(ann, base_url)
    ben.goto(ann.locator("#invite-link").input_value())
    expect(ann.locator(".seat-box .seat-name", has_text="guest_player")).to_have_count(2)
    if french:
        ben.click("#lang")
        expect(ben.locator("html")).to_have_attribute("lang", "fr")
    ann.click("#start")
    expect(ben.locator("#hand .card")).to_have_count(18)
    return ann, ben


def test_a_vote_to_end_asks_the_other_player_in_view(new_context: object, base_url: str) -> None:
    """Ben's phone once showed nothing of Ann's proposal: the vote and its answers
    were only in the closed drawer, and its button had no mark."""
    ann, ben = _together(new_context, base_url)
    ann_name = ann.locator(".seat-box.me .seat-label").inner_text()
    expect(ben.locator("#side-badge")).to_have_count(0)
    ann.click("#vote-end")
    ask = ben.locator("#vote-prompt")
    expect(ask).to_contain_text("End the game amicably?")
    expect(ask).to_contain_text(f"Proposed by {ann_name}")
    expect(ask).to_be_in_viewport(ratio=1)
    expect(ben.locator("#side-badge")).to_be_visible()
    expect(ben.locator("#side")).not_to_be_in_viewport()  # the drawer stays closed
    _usable(ben, "a vote asking the player")
    shot(ben, "vote-asked-en")
    ben.click("#lang")
    expect(ask).to_contain_text("Finir la partie à l'amiable ?")
    expect(ask).to_contain_text(f"Proposé par {ann_name}")
    expect(ask.locator("#vote-agree")).to_have_text("D'accord pour finir")
    expect(ask.locator("#vote-refuse")).to_have_text("Refuser")
    shot(ben, "vote-asked-fr")
    # Asked only until answered: a refusal ends the vote for everyone.
    expect(ann.locator("#vote-prompt")).to_have_count(0)  # the proposer is not asked
    expect(ask.locator("#vote-refuse")).to_be_in_viewport(ratio=1)
    ben.click("#vote-refuse")
    expect(ask).to_have_count(0)
    expect(ben.locator("#side-badge")).to_have_count(0)
    expect(ann.locator("#votes")).to_have_count(0)


def test_a_player_leaving_the_game_is_said_so_to_the_other(
    new_context: object, base_url: str
) -> None:
    """Ben left the game under way (asked first): Ann read "Ben left the table",
    as before a game, not that a robot now plays his seat to its end."""
    ann, ben = _together(new_context, base_url)
    ben_name = ben.locator(".seat-box.me .seat-label").inner_text()
    ben.once("dialog", lambda dialog: dialog.accept())
    ben.click("#side-toggle")
    ben.click("#leave")
    expect(ann.locator("#notices")).to_contain_text(
        f"{ben_name} left the game: a robot plays their seat to its end"
    )


NEXT = {
    "en": (
        "The game was ended amicably: nothing is scored",
        "{name}, the table's master, may start a new game:"
        " you keep your seat for it, or leave the table.",
        "Leave",
    ),
    "fr": (
        "Partie finie à l'amiable : rien n'est compté",
        "{name}, maître de la table, peut lancer une nouvelle partie :"
        " vous y gardez votre place, ou vous quittez la table.",
        "Quitter",
    ),
}


@pytest.mark.parametrize("lang", list(NEXT))
def test_after_an_amicable_end_each_player_is_told_what_comes_next(
    new_context: object, base_url: str, lang: str
) -> None:
    """Ben's phone once kept a seat outlined as to move and the old hand, with
    nothing saying what came next."""
    ann, ben = _together(new_context, base_url, french=lang == "fr")
    ann_name = ann.locator(".seat-box.me .seat-label").inner_text()
    ann.click("#vote-end")
    ben.click("#vote-agree")
    ended, coming, leave = NEXT[lang]
    expect(ben.locator("#game-over h2")).to_have_text(ended)
    expect(ann.locator("#game-over h2")).to_have_text(NEXT["en"][0])
    for page in (ann, ben):
        expect(page.locator(".seat-box.to-move")).to_have_count(0)
        expect(page.locator(".thinking")).to_have_count(0)
    expect(ann.locator("#game-next")).to_contain_text("Play again starts a new game")
    expect(ann.locator("#again")).to_be_visible()
    expect(ben.locator("#game-next")).to_have_text(coming.format(name=ann_name))
    expect(ben.locator("#again")).to_have_count(0)
    expect(ben.locator("#leave-over")).to_have_text(leave)
    expect(ben.locator("#leave-over")).to_be_in_viewport(ratio=1)
    expect(ben.locator("#game-over")).to_be_in_viewport(ratio=1)
    _usable(ben, "the game ended amicably")
    shot(ben, f"amicable-end-{lang}")
    # The master starts the next game: Ben, still seated, is dealt in.
    ann.click("#again")
    expect(ben.locator("#game-over")).to_have_count(0)
    expect(ben.locator("#hand .card")).to_have_count(18)
    expect(ben.locator(".seat-box.to-move")).to_have_count(1)


def test_a_seated_player_is_told_who_starts_the_game(new_context: object, base_url: str) -> None:
    """Between games a seated player who is not the master sees who starts the next."""
    ann: Page = new_context().new_page()  # type: ignore[operator]
    ben: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    create_table(ann, base_url)
    ben.goto(ann.locator("#invite-link").input_value())
    ann_name = ann.locator(".seat-box.me .seat-label").inner_text()
    expect(ben.locator("#waiting-master")).to_have_text(
        f"{ann_name}, the table's master, starts the game."
    )
    expect(ann.locator("#waiting-master")).to_have_count(0)  # the master has the button
    ben.click("#lang")
    expect(ben.locator("#waiting-master")).to_have_text(
        f"{ann_name}, maître de la table, lance la partie."
    )


CHANGED = {
    "en": "The master changed the options: {what}",
    "fr": "Le maître a changé les options : {what}",
}


@pytest.mark.parametrize("lang", list(CHANGED))
def test_options_changed_are_named_as_the_form_labels_them(
    new_context: object, base_url: str, lang: str
) -> None:
    """The notice once listed the server's field names ("rounds, turn_seconds"),
    and ⚙, marked red, opened nothing for a player who is not the master. What the
    master typed was wiped when the page was drawn again (Ben sitting down)."""
    ann: Page = new_context().new_page()  # type: ignore[operator]
    ben: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    create_table(ann, base_url)
    ann.click("#options-button")
    ann.locator(".options-editor #opt-seconds").fill("15")
    ben.goto(ann.locator("#invite-link").input_value())
    expect(ann.locator(".seat-box .seat-name", has_text="guest_player")).to_have_count(2)
    if lang == "fr":
        ben.click("#lang")
        expect(ben.locator("html")).to_have_attribute("lang", "fr")
    ann.locator(".options-editor #opt-rounds").fill("2")
    ann.click("#save-options")
    expect(ann.locator("#options-summary")).to_contain_text("15 s")
    expect(ben.locator("#side-badge")).to_be_visible()  # the drawer holds news
    ben.click("#side-toggle")
    expect(ben.locator("#options-button.changed")).to_be_visible()
    ben.click("#options-button")
    view = ben.locator("#options-view")
    expect(view).to_be_visible()
    expect(view.locator("#opt-seconds")).to_be_disabled()
    expect(view.locator("#opt-seconds")).to_have_value("15")
    labels = [
        view.locator("label", has=ben.locator(field)).inner_text().strip()
        for field in ("#opt-rounds", "#opt-seconds")  # the server lists them sorted
    ]
    assert all(labels) and "rounds" not in labels[0]
    notice = CHANGED[lang].format(what=", ".join(labels))
    expect(ben.locator("#notices li", has_text=notice)).to_have_count(1)
    expect(ben.locator("#options-button.changed")).to_have_count(0)
    expect(ben.locator("#side-badge")).to_have_count(0)
    shot(ben, f"options-changed-{lang}")


def test_the_chat_said_stays_after_a_reload_or_a_trip_to_another_page(
    new_context: object, base_url: str
) -> None:
    """Ben reloaded the page, or Ann went to the leaderboard and came back, and the
    chat was empty: the table's snapshot now brings it back, each line once (a
    snapshot during the session, as a game starts, doubles none)."""
    ann: Page = new_context().new_page()  # type: ignore[operator]
    ben: Page = new_context().new_page()  # type: ignore[operator]
    create_table(ann, base_url, players=3)
    ben.goto(ann.locator("#invite-link").input_value())
    expect(ben.locator(".seat-box.me")).to_have_count(1)
    ann_name = ann.locator(".seat-box.me .seat-label").inner_text()
    ann.fill("#chat-input", "hello from A")
    ann.press("#chat-input", "Enter")
    said = [f"{ann_name}: hello from A"]
    expect(ben.locator("#chat-log li")).to_have_text(said)
    ben.reload()
    expect(ben.locator(".seat-box.me")).to_have_count(1)
    expect(ben.locator("#chat-log li")).to_have_text(said)
    expect(ben.locator("#chat-log li")).to_have_attribute("title", re.compile(r"\d"))  # when
    ann.click("a[href='#/leaderboard']")
    expect(ann.locator("#chat-log")).to_have_count(0)
    ann.go_back()
    expect(ann.locator("#chat-log li")).to_have_text(said)
    ann.click("#start")
    expect(ben.locator("#hand .card")).to_have_count(24)
    for page in (ann, ben):
        expect(page.locator("#chat-log li")).to_have_text(said)


def test_a_spectator_sent_away_is_told_why_on_the_lobby(new_context: object, base_url: str) -> None:
    """The master turns spectators off: the spectator's page goes to the lobby and
    says why, in its language (it used to keep watching)."""
    ann: Page = new_context().new_page()  # type: ignore[operator]
    cy: Page = new_context(mobile=True).new_page()  # type: ignore[operator]
    create_table(ann, base_url)
    cy.goto(f"{base_url}/#/lobby")
    expect(cy.locator(".lobby h1")).to_be_visible()  # the page's script runs: #lang answers
    cy.click("#lang")
    expect(cy.locator("html")).to_have_attribute("lang", "fr")
    cy.goto(ann.url)  # the table's page, not its invitation: Cy watches
    expect(cy.locator(".seat-box.me")).to_have_count(0)
    expect(cy.locator(".seat-box .seat-name").first).to_be_visible()
    ann.click("#options-button")
    ann.locator(".options-editor #opt-spectators").uncheck()
    ann.click("#save-options")
    expect(cy.locator("#toast")).to_have_text("les spectateurs ne sont pas admis à cette table")
    expect(cy.locator("#table-page")).to_have_count(0)
    shot(cy, "spectator-sent-away-fr")
