"""The page's language, not the browser's: what the browser draws itself (a file
field's button), counts, a ranking's decimals and a plan's orientations follow
the language chosen on the page. The browsers here run in English (en-US), so a
French page showing the browser's words shows English ones."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect

from tests.web.play import create_table, register
from tests.web.tournaments import enter_result


def _in(page: Page, lang: str) -> None:
    """Switch the page to ``lang`` by its language button."""
    page.wait_for_selector("#lang")
    if page.locator("html").get_attribute("lang") != lang:
        page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_file_fields_speak_the_pages_language(page: Page, base_url: str) -> None:
    """The replays' record file and the profile's avatar image were the browser's
    own file field: "Choose File", "No file chosen" on a French page."""
    name = register(page, base_url, "files")
    _in(page, "fr")
    page.goto(f"{base_url}/#/replay")
    record = page.locator("label", has=page.locator("#record-file"))
    expect(page.locator("#record-file")).to_be_hidden()
    expect(record.locator(".file-button")).to_have_text("Choisir un fichier")
    expect(record.locator(".file-chosen")).to_have_text("Aucun fichier choisi")
    page.goto(f"{base_url}/#/profile/{name}")
    avatar = page.locator("label", has=page.locator("#avatar-file"))
    expect(avatar.locator(".file-button")).to_have_text("Choisir un fichier")
    expect(page.locator("#avatar-file")).to_be_hidden()
    # the button opens the field's own chooser, and the chosen file is named
    with page.expect_file_chooser() as chooser:
        avatar.locator(".file-button").click()
    assert chooser.value.element.get_attribute("id") == "avatar-file"
    page.set_input_files(
        "#avatar-file", {"name": "moi.txt", "mimeType": "text/plain", "buffer": b"x"}
    )
    expect(avatar.locator(".file-chosen")).to_have_text("moi.txt")
    _in(page, "en")
    expect(avatar.locator(".file-button")).to_have_text("Choose a file")


def test_the_lobby_counts_spectators_in_french(new_context: object, base_url: str) -> None:
    """The lobby said "1 spectateur(s)": a count agrees with its noun."""
    pages: list[Page] = [new_context().new_page() for _ in range(4)]  # type: ignore[operator]
    master, first, second, lobby = pages
    table = create_table(master, base_url, players=3)
    lobby.goto(f"{base_url}/#/")
    _in(lobby, "fr")
    row = lobby.locator(f'[data-table="{table}"] .table-head')
    for watcher, said in ((first, "1 spectateur"), (second, "2 spectateurs")):
        watcher.goto(f"{base_url}/#/table/{table}")
        expect(watcher.locator("#felt")).to_be_visible()
        expect(row).to_contain_text(re.compile(rf"{said}$"))
    expect(row).not_to_contain_text("(s)")


def test_a_tournaments_figures_and_orientations_in_french(page: Page, base_url: str) -> None:
    """A team match's PM were written "5.831" on a French page, and a tournoi
    libre's table plan lettered West "W" (Ouest: "O", as the duplicate's pages)."""
    page.goto(f"{base_url}/#/tournament")
    _in(page, "fr")
    page.select_option("#tour-form", "teams")
    page.fill("#tour-name", f"Match {uuid.uuid4().hex[:6]}")
    page.fill("#tour-team-a", "5")
    page.fill("#tour-team-b", "5")
    page.click("#tour-create")
    expect(page.locator("#tour-summary")).to_contain_text("32 résultats à venir")
    enter_result(page, "1:1:1", "45", "1", "garde_sans")
    enter_result(page, "1:2:1", "41", "6", "garde_contre")
    expect(page.locator('#tour-ranking tr[data-team="2"]')).to_contain_text("5,831")
    expect(page.locator('#tour-ranking tr[data-team="1"]')).to_contain_text("0,000")

    page.goto(f"{base_url}/#/tournament/libre")
    page.fill("#libre-name", "Libre")
    page.fill("#libre-names", "\n".join(f"Joueur{i}" for i in range(8)))
    page.fill("#libre-positions", "2")
    page.fill("#libre-deals", "2")
    page.click("#libre-create")
    plan = page.locator("#libre-plan")
    expect(plan.locator("tbody tr")).to_have_count(4)
    plan.locator("summary").click()  # folded for its organiser
    seats = plan.locator("tbody tr td:last-child").all_inner_texts()
    assert all(re.fullmatch(r"N \w+ · O \w+ · S \w+ · E \w+", line) for line in seats), seats
    _in(page, "en")
    expect(plan.locator("tbody tr td:last-child").first).to_contain_text(" · W ")
