"""The tournament page for the team forms: a guest organiser creates triplettes and
a team match, enters results with their attacker (and the match's contract), and
reads the ranking they give, in English and in French. Every control of the
tournament forms is named for a screen reader; the creation form says what is
wrong beside the field, in the page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.names import control_names, unnamed
from tests.web.tournaments import create_tournament, enter_result


def _create(page: Page, base_url: str, form: str) -> None:
    create_tournament(page, base_url, form, form, tables=3)


def test_triplettes_from_the_page(page: Page, base_url: str) -> None:
    """Board 1 (taker North) at table 1, position 1: 44 points, +56. Then at table 3,
    position 2: 38 points, -56. Triplette 1's attack tops the board (100 %)."""
    _create(page, base_url, "triplettes")
    expect(page.locator("#tour-summary")).to_contain_text("36 results to come")
    # the badges' rotation offers one attacker, a player of the NS triplette 1
    page.select_option("#result-play", "1:1:1")
    expect(page.locator("#result-attacker option")).to_have_count(1)
    first = page.locator("#result-attacker option").first.get_attribute("value")
    assert first in ("1", "2", "3")
    enter_result(page, "1:1:1", "44", first)
    page.select_option("#result-play", "2:3:1")
    later = page.locator("#result-attacker option").first.get_attribute("value")
    assert later in ("7", "8", "9")
    enter_result(page, "2:3:1", "38", later)
    expect(page.locator("#tour-results tbody tr")).to_have_count(2)
    expect(page.locator('#tour-ranking tr[data-team="1"]')).to_contain_text("100 %")
    expect(page.locator('#tour-ranking tr[data-team="3"] td').nth(5)).to_have_text("0 %")
    expect(page.locator("#tour-results")).to_contain_text("Attacker")


def test_a_team_match_from_the_page(page: Page, base_url: str) -> None:
    """Board 1: team A's attacker (player 1) Garde Sans 45 points, +116; team B's
    (player 6: team B's first of 5) Garde Contre 41 points, +150. Ecart 34: team B
    5,831 PM, team A none."""
    page.goto(f"{base_url}/#/tournament")
    page.wait_for_selector("#who")
    page.select_option("#tour-form", "teams")
    expect(page.locator("#tour-tables")).to_be_hidden()
    page.fill("#tour-name", "Match")
    page.fill("#tour-team-a", "5")
    page.fill("#tour-team-b", "5")
    page.click("#tour-create")
    expect(page.locator("#tour-summary")).to_contain_text("32 results to come")
    page.select_option("#result-play", "1:2:1")
    expect(page.locator("#result-attacker option")).to_have_count(5)  # team B's five
    enter_result(page, "1:1:1", "45", "1", "garde_sans")
    enter_result(page, "1:2:1", "41", "6", "garde_contre")
    expect(page.locator('#tour-ranking tr[data-team="2"]')).to_contain_text("5.831")
    expect(page.locator('#tour-ranking tr[data-team="1"]')).to_contain_text("0.000")
    # a contract outside the choice is not offered; another attacker in quarter 1 is refused
    expect(page.locator("#result-contract option")).to_have_count(3)
    page.select_option("#result-play", "1:1:2")
    page.select_option("#result-attacker", "1")
    expect(page.locator("#result-attacker option")).to_have_count(1)  # quarter 1's is known
    page.click("#lang")  # in French: the ranking and the form
    expect(page.locator("#tour-ranking")).to_contain_text("Équipe B")
    expect(page.locator("#result-form")).to_contain_text("Attaquant")


@pytest.mark.parametrize(
    ("lang", "size", "move"),
    [
        ("en", "Poignée: its size", "Move Anne (place 1) to place"),
        ("fr", "Poignée : sa taille", "Déplacer Anne (place 1) vers la place"),
    ],
)
def test_every_control_of_the_tournament_forms_has_a_name(
    page: Page, base_url: str, lang: str, size: str, move: str
) -> None:
    """A screen reader names each control of the creation forms (each form's own
    fields shown in turn), of the organiser's result and adjustment forms, of the
    online part and of the places, in the page's language: the poignée's size, the
    position to open and the places' choices were read as nothing."""
    page.add_init_script(f"localStorage.setItem('atout.lang', '{lang}')")
    page.goto(f"{base_url}/#/tournament")
    page.wait_for_selector("#who")
    for form in ("individual", "triplettes", "teams"):
        page.select_option("#tour-form", form)
        assert unnamed(page, "#tournament") == [], form
    page.goto(f"{base_url}/#/tournament/libre")
    expect(page.locator("#libre-name")).to_be_visible()
    assert unnamed(page, "#tournament") == []
    page.goto(f"{base_url}/#/tournament")
    page.fill("#tour-name", "Named")
    page.fill("#tour-tables", "2")
    page.fill(
        "#tour-names", "\n".join(["Anne", "Ben", "Cléo", "Dan", "Eve", "Fred", "Gil", "Hugo"])
    )
    page.click("#tour-create")
    expect(page.locator("#result-form")).to_be_visible()
    page.click('[data-take="1"]')  # a place held: it may be moved
    expect(page.locator("#tour-places .place-to").first).to_be_visible()
    expect(page.locator("#online-position")).to_be_visible()
    assert unnamed(page, "#tournament") == []
    names = control_names(page, "#tournament")
    assert names["result-poignee-size"] == size
    assert move in names.values()


def test_the_creation_form_says_what_is_wrong_beside_the_field(page: Page, base_url: str) -> None:
    """A field left empty or out of bounds is said in the page's language (French
    here, the browser's English), under the field, the first wrong one focused, and
    nothing is sent: the browser's own bubble spoke the browser's language, unstyled."""
    page.add_init_script("localStorage.setItem('atout.lang', 'fr')")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    page.goto(f"{base_url}/#/tournament")
    page.wait_for_selector("#who")
    page.fill("#tour-tables", "99")
    page.click("#tour-create")
    name, tables = page.locator("#tour-name"), page.locator("#tour-tables")
    expect(name).to_be_focused()
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description("Veuillez renseigner ce champ.")
    expect(tables).to_have_accessible_description("Au plus 60.")
    said = page.locator("#tournament").get_by_text("Veuillez renseigner ce champ.")
    expect(said).to_be_visible()
    # beside its field: under it, in its label
    field_box, said_box = name.bounding_box(), said.bounding_box()
    assert field_box and said_box
    assert 0 <= said_box["y"] - (field_box["y"] + field_box["height"]) < 30
    assert page.locator("#tournament form").first.evaluate("f => f.noValidate")
    assert not [url for url in sent if "/api/tournaments" in url]
    page.fill("#tour-name", "Club")  # put right: its words go
    expect(said).to_have_count(0)
    expect(name).not_to_have_attribute("aria-invalid", "true")
    page.click("#tour-create")
    expect(tables).to_be_focused()
    assert not [url for url in sent if "/api/tournaments" in url]
    page.fill("#tour-tables", "2")
    page.click("#tour-create")
    expect(page.locator("#tour-summary")).to_contain_text("2 tables")
    assert [url for url in sent if url.endswith("/api/tournaments")]
