"""The club organiser's pages as a real browser found them: the page shows every change
pushed while the organiser writes in its forms (another tab's or organiser's results,
a sheet), a play already entered is marked and corrected only with a reason, the
adjustment form checks in the page's language, numbers and refusals speak the page's
language, a phone sees every column and button, and a screen reader tells repeated
buttons apart."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import touch_screen
from tests.web.tournaments import covered_cells, create_tournament, past_the_edge


def _enter(page: Page, play: str, points: str) -> None:
    page.select_option("#result-play", play)
    page.fill("#result-points", points)
    page.select_option("#result-bouts", "2")
    page.click("#result-enter")
    expect(page.locator("#result-points")).to_have_value("")


def test_results_entered_elsewhere_show_while_the_organiser_writes(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """The page drew nothing while the focus was in the result form, and the entry
    put the focus back there: another tab's results never showed, and entering the
    same play replaced its result unknowingly. Now the rest of the page is drawn as
    views come, the form kept as it is written (value, caret, focus); the chosen play
    entered meanwhile is said so, and entering it again is a correction, with a reason."""
    context = new_context()
    mine, other = context.new_page(), context.new_page()  # one organiser, two tabs
    create_tournament(mine, base_url, "Two tabs", tables=1)
    expect(mine.locator("#result-play")).to_have_value("1:1:1")  # the first play to enter
    other.goto(mine.url)
    expect(other.locator("#result-form")).to_be_visible()
    mine.select_option("#result-play", "1:1:2")
    mine.focus("#result-points")
    mine.keyboard.type("4")
    _enter(other, "1:1:1", "44")
    expect(mine.locator("#tour-results tbody tr")).to_have_count(1)
    expect(mine.locator("#tour-summary")).to_contain_text("3 results to come")
    expect(mine.locator('#result-play option[value="1:1:1"]')).to_have_text(
        "Position 1 · Table 1 · Board 1 ✓ entered"
    )
    expect(mine.locator("#result-points")).to_be_focused()
    mine.keyboard.type("0")  # the caret where it was
    expect(mine.locator("#result-points")).to_have_value("40")
    expect(mine.locator("#result-play")).to_have_value("1:1:2")
    expect(mine.locator("#result-reason")).to_be_hidden()  # nothing to correct

    # the other tab enters the play this one is writing: this one is told, and its
    # entry becomes a correction, which asks for a reason and is kept as an adjustment
    _enter(other, "1:1:2", "47")
    was = mine.locator("#result-was")
    expect(was).to_contain_text("This play has a result already: +62 (47 points).")
    expect(mine.locator("#result-enter")).to_have_text("Correct the result")
    expect(mine.locator("#result-points")).to_have_value("40")
    sent: list[str] = []
    mine.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    mine.select_option("#result-bouts", "2")
    mine.click("#result-enter")
    reason = mine.locator("#result-reason")
    expect(reason).to_be_focused()
    expect(reason).to_have_accessible_description("Please fill in this field.")
    assert sent == []
    reason.fill("slip misread")
    mine.click("#result-enter")
    expect(mine.locator("#result-saved")).to_have_text("Result of table 1, board 2 corrected.")
    expect(mine.locator("#tour-adjustments tr[data-adjustment]")).to_contain_text("slip misread")
    assert [url.rsplit("/", 1)[1] for url in sent] == ["adjustments"]
    expect(mine.locator("#tour-results tbody tr")).to_have_count(2)
    expect(mine.locator("#tour-results tbody tr").nth(1)).to_contain_text("-52")  # 40 points
    # the form goes on at the next play still without a result
    expect(mine.locator("#result-play")).to_have_value("1:1:3")
    expect(mine.locator("#result-play")).to_be_focused()
    expect(mine.locator("#result-was")).to_be_hidden()
    expect(other.locator("#tour-adjustments tr[data-adjustment]")).to_have_count(1)


def test_the_form_goes_on_at_the_next_play_without_a_result(page: Page, base_url: str) -> None:
    """After an entry the form named the next play in the list, entered or not."""
    create_tournament(page, base_url, "Next to enter", tables=1)
    _enter(page, "1:1:2", "44")
    expect(page.locator("#result-play")).to_have_value("1:1:3")
    _enter(page, "1:1:1", "47")
    expect(page.locator("#result-play")).to_have_value("1:1:3")  # not 1:1:2, entered
    _enter(page, "1:1:4", "40")
    expect(page.locator("#result-play")).to_have_value("1:1:3")  # round to the last one left


def test_the_organisers_choices_of_places_and_positions_stay_as_views_come(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """The places' "when" and "to" selects and the position to open were drawn anew
    at every view pushed: a result entered elsewhere put them back on their first
    option and took the focus away. Now they stay as chosen, the focus where it was."""
    context = new_context()
    mine, other = context.new_page(), context.new_page()  # one organiser, two tabs
    create_tournament(mine, base_url, "Choices kept", tables=2)
    mine.click('button.take-place[data-take="1"]')
    place = mine.locator('#tour-places tr[data-place="1"]')
    when, to, position = (
        place.locator(".place-when"),
        place.locator(".place-to"),
        mine.locator("#online-position"),
    )
    expect(to).to_be_visible()
    other.goto(mine.url)
    expect(other.locator("#result-form")).to_be_visible()
    when.select_option("2")
    to.select_option("3")
    position.select_option("2")
    for n, focused in enumerate((when, to, position), 1):
        focused.focus()
        _enter(other, f"1:1:{n}", "44")
        expect(mine.locator("#tour-results tbody tr")).to_have_count(n)
        expect(focused).to_be_focused()
        expect(when).to_have_value("2")
        expect(to).to_have_value("3")
        expect(position).to_have_value("2")
    mine.keyboard.press("ArrowUp")  # the focused select still takes the keys
    expect(position).to_have_value("1")
    place.locator(".place-move").click()  # the kept button moves to the kept choice
    expect(place.locator(".place-state")).to_have_text("free (robot)")
    expect(mine.locator('#tour-places tr[data-place="3"] .place-state')).not_to_have_text(
        "free (robot)"
    )


def test_a_libre_sheet_written_elsewhere_shows_while_the_organiser_writes(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """The tournoi libre's page drew nothing while the focus was in its sheet part:
    another tab's sheets never showed. Now the ranking comes, and the chosen table's
    sheet, with the deal being written kept."""
    context = new_context()
    mine, other = context.new_page(), context.new_page()
    mine.goto(f"{base_url}/#/tournament/libre")
    mine.fill("#libre-name", "Two tabs libre")
    mine.fill("#libre-positions", "2")
    mine.fill("#libre-names", "\n".join(f"Joueur {n}" for n in range(1, 9)))
    mine.click("#libre-create")
    expect(mine.locator("#tour-summary")).to_contain_text("4 sheets to come")
    other.goto(mine.url)
    expect(other.locator("#tour-summary")).to_contain_text("4 sheets to come")
    mine.select_option("#libre-table", "1:1")
    mine.focus("#deal-points")
    mine.keyboard.type("5")

    other.select_option("#libre-table", "1:2")
    other.click("#libre-bilans summary")
    for seat, bilan in enumerate(("30", "-10", "-10", "-10")):
        other.fill(f"#bilan-{seat}", bilan)
    other.click("#bilans-enter")
    expect(mine.locator("#tour-summary")).to_contain_text("3 sheets to come")
    expect(mine.locator("#libre-ranking tbody tr").first).to_contain_text("+30")
    expect(mine.locator('#libre-table option[value="1:2"]')).to_contain_text("✓")
    expect(mine.locator("#deal-points")).to_be_focused()

    other.select_option("#libre-table", "1:1")
    other.select_option("#deal-taker", "0")
    other.fill("#deal-points", "56")
    other.select_option("#deal-bouts", "1")
    other.click("#add-deal")
    expect(mine.locator("#sheet-table tbody tr")).to_have_count(1)
    expect(mine.locator('#sheet-table [data-total="0"]')).to_have_text("180")
    expect(mine.locator("#deal-points")).to_be_focused()
    mine.keyboard.type("6")
    expect(mine.locator("#deal-points")).to_have_value("56")


def test_the_adjustment_form_checks_in_the_pages_words(page: Page, base_url: str) -> None:
    """A hidden field's wrong value stopped the form without a word (Chrome: "An
    invalid form control is not focusable"), a value out of bounds got the browser's
    bubble in the browser's language, and an old refusal stayed beside a new attempt."""
    page.add_init_script("localStorage.setItem('atout.lang', 'fr')")
    create_tournament(page, base_url, "Arbitre", tables=1)
    expect(page.locator("#adjust-form")).to_be_visible()
    expect(page.locator("label:has(#adjust-attack-note)")).to_have_text("Attaque\u00a0%")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    page.fill("#adjust-attack-note", "150")
    page.fill("#adjust-reason", "étui mal reconstitué")
    page.click("#adjust-make")
    note = page.locator("#adjust-attack-note")
    expect(note).to_have_accessible_description("Au plus 100.")
    expect(note).to_be_focused()
    assert sent == []
    # another kind: the cancel's notes, hidden, count no more
    page.select_option("#adjust-kind", "score")
    page.fill("#adjust-score", "70")
    page.click("#adjust-make")
    expect(page.locator("#tour-adjustments tr[data-adjustment]")).to_have_count(1)
    expect(page.locator("#adjust-kind")).to_have_value("score")  # ready for the next one
    expect(page.locator("#adjust-reason")).to_have_value("")
    # the same play again: refused, in French; a new attempt clears the refusal
    page.fill("#adjust-score", "60")
    page.fill("#adjust-reason", "encore")
    page.click("#adjust-make")
    refused = page.locator("#adjust-form-error")
    expect(refused).to_contain_text("déjà ajustée")
    page.fill("#adjust-reason", "")
    page.click("#adjust-make")
    expect(refused).to_have_text("")
    expect(page.locator("#adjust-reason")).to_have_accessible_description(
        "Veuillez renseigner ce champ."
    )
    revoke = page.locator("#tour-adjustments button.revoke")
    expect(revoke).to_have_accessible_name("Annuler l'ajustement 1 (marque ajustée)")


def test_numbers_and_a_lost_connection_in_the_pages_language(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """Points read "47.5" on a French page, "%" wrapped alone, a result sent offline
    said the browser's "Failed to fetch" beside the last success; the names refused
    read "il faut 8 noms, reçu 3"."""
    context = new_context()
    page = context.new_page()
    page.add_init_script("localStorage.setItem('atout.lang', 'fr')")
    page.goto(f"{base_url}/#/tournament")
    page.fill("#tour-name", "Virgules")
    page.fill("#tour-tables", "2")
    page.fill("#tour-names", "Anne\nBen\nCléo")
    page.click("#tour-create")
    expect(page.locator("#tour-error")).to_have_text("Il faut 8 noms, et non 3.")
    page.fill("#tour-names", "")
    page.click("#tour-create")
    expect(page.locator("#result-form")).to_be_visible()
    _enter(page, "1:1:1", "47.5")
    expect(page.locator("#tour-results tbody td").nth(5)).to_have_text("47,5")
    overall = page.locator('#tour-ranking tr[data-player="1"] td.key')
    assert (overall.text_content() or "").endswith("\u202f%")
    saved = page.locator("#result-saved")
    expect(saved).to_have_text("Résultat de la table 1, étui 1 enregistré.")
    context.set_offline(True)
    page.fill("#result-points", "44")
    page.click("#result-enter")
    expect(page.locator("#result-error")).to_have_text(
        "Connexion perdue : ce n'est peut-être pas enregistré. Vérifiez la connexion et réessayez."
    )
    expect(saved).to_have_text("")
    context.set_offline(False)


def test_a_phone_sees_every_column_and_button(browser: Browser, base_url: str) -> None:
    """On a 360-pixel phone the ranking's key column, held at the right edge, covered
    the columns before it; the places' and the adjustments' buttons sat past the right
    edge; the tournoi libre sheet's ✎ and ✕, held at its right edge, covered the last
    player's column in sight ("+18" of "+180")."""
    with touch_screen(browser, 360, 800) as page:
        page.add_init_script("localStorage.setItem('atout.lang', 'fr')")
        create_tournament(page, base_url, "Petit écran", tables=5)
        for play, points in (("1:1:1", "44"), ("2:2:1", "47.5"), ("3:3:1", "40")):
            _enter(page, play, points)
        page.select_option("#adjust-play", "1:1:1")
        page.fill("#adjust-reason", "retard")
        page.click("#adjust-make")
        expect(page.locator("#tour-adjustments tr[data-adjustment]")).to_have_count(1)
        page.click('[data-take="1"]')
        expect(page.locator("#tour-places .place-move")).to_have_count(1)
        left, right = page.evaluate(
            """() => {
              const r = document.querySelector("#tour-ranking th.key").getBoundingClientRect();
              return [r.left, r.right];
            }"""
        )
        assert left >= 0 and right <= 360  # the key column in sight, unscrolled
        assert covered_cells(page, "#tour-ranking") == []
        assert past_the_edge(page, "#tour-places") == []
        assert past_the_edge(page, "#tour-adjustments") == []
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360

        page.goto(f"{base_url}/#/tournament/libre")
        page.fill("#libre-name", "Libre")
        page.fill("#libre-positions", "5")
        page.fill("#libre-names", "\n".join(f"Joueur {n}" for n in range(1, 9)))
        page.click("#libre-create")
        page.select_option("#libre-table", "1:1")
        page.fill("#deal-points", "56")
        page.select_option("#deal-bouts", "1")
        page.click("#add-deal")
        expect(page.locator("#sheet-table tbody tr")).to_have_count(1)
        for table in ("#sheet-table", "#libre-ranking"):
            assert covered_cells(page, table) == [], table
        # no sheet yet: a dash, as in the duplicate (a 0 read as a result)
        unranked = page.locator("#libre-ranking tbody tr").last
        expect(unranked.locator("td.key")).to_have_text("–")


def test_a_screen_reader_tells_the_repeated_buttons_apart(page: Page, base_url: str) -> None:
    """Every "This is me", "Robot for good", "Revoke" read the same; the rank column
    was "#"; the tournoi libre page had a second h1 ("Score sheet")."""
    page.goto(f"{base_url}/#/tournament")
    page.fill("#tour-name", "Names")
    page.fill("#tour-tables", "1")
    page.fill("#tour-names", "Anne\nBen\nCléo\nDan")
    page.click("#tour-create")
    expect(page.locator('[data-take="2"]')).to_have_accessible_name("This is me: Ben (place 2)")
    robot = page.locator('#tour-places tr[data-place="3"] .place-robot')
    expect(robot).to_have_accessible_name("Robot for good: Cléo (place 3)")
    expect(page.get_by_role("columnheader", name="Rank")).to_have_count(1)
    page.fill("#adjust-reason", "late")
    page.click("#adjust-make")
    expect(page.locator("#tour-adjustments button.revoke")).to_have_accessible_name(
        "Revoke adjustment 1 (cancelled play)"
    )
    page.goto(f"{base_url}/#/tournament/libre")
    page.fill("#libre-name", "Libre")
    page.fill("#libre-names", "\n".join(f"Joueur {n}" for n in range(1, 9)))
    page.click("#libre-create")
    page.select_option("#libre-table", "1:1")
    expect(page.locator("#libre-sheet h2")).to_have_text("Score sheet")
    expect(page.locator("#tournament h1")).to_have_count(1)
    expect(page.get_by_role("columnheader", name="Rank")).to_have_count(1)
