"""The score sheet in a real browser: the FFT rulebook's sheet of five deals
(2012, pages 9 and 10) entered by hand gives its Bilan (-446 / +1346 / -390 /
-510), as a guest (kept in the browser) and in an account (kept on the server,
shared by a link, printable); deals corrected and deleted; each rule set's
contracts and bonuses (Pousse, misère, the "mort" form at 5); a phone's layout."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.web.conftest import shot, touch_screen
from tests.web.names import control_names, unnamed
from tests.web.play import register

BILAN = ["-446", "1346", "-390", "-510"]


@dataclass
class Deal:
    taker: int
    contract: str
    points: str
    bouts: str
    petit: str = ""
    poignees: list[tuple[int, str]] = field(default_factory=list)
    announced: bool = False
    made: str = ""
    miseres: list[tuple[int, str]] = field(default_factory=list)
    sitting_out: int | None = None


# Page 9's examples as page 10's sheet has them: Est, Ouest, Sud, Nord, Sud take.
RULEBOOK = [
    Deal(2, "garde", "49", "2", "attack", [(2, "simple")]),
    Deal(3, "garde_sans", "45", "2", "defense"),
    Deal(1, "prise", "44", "1", "attack", [(1, "simple")]),
    Deal(0, "garde", "62", "1", "", [(3, "simple")]),
    Deal(1, "garde", "87", "2", "attack", [(1, "simple")], True, "attack"),
]


def _fill(page: Page, deal: Deal) -> None:
    if deal.sitting_out is not None:
        page.select_option("#deal-sitting-out", str(deal.sitting_out))
    page.select_option("#deal-taker", str(deal.taker))
    page.select_option("#deal-contract", deal.contract)
    page.fill("#deal-points", deal.points)
    page.select_option("#deal-bouts", deal.bouts)
    page.select_option("#deal-petit", deal.petit)
    for i in range(3):
        shown = deal.poignees[i] if i < len(deal.poignees) else None
        page.select_option(f"#deal-poignee-seat-{i}", str(shown[0]) if shown else "")
        if shown:
            page.select_option(f"#deal-poignee-size-{i}", shown[1])
    for i, (seat, kind) in enumerate(deal.miseres):
        page.select_option(f"#deal-misere-seat-{i}", str(seat))
        page.select_option(f"#deal-misere-kind-{i}", kind)
    page.locator("#deal-chelem-announced").set_checked(deal.announced)
    page.select_option("#deal-chelem-made", deal.made)


def _add(page: Page, deal: Deal) -> None:
    rows = page.locator("#sheet-table tbody tr").count()
    _fill(page, deal)
    page.click("#add-deal")
    expect(page.locator("#sheet-table tbody tr")).to_have_count(rows + 1)


def _scores(page: Page, index: int) -> list[str]:
    cells = page.locator(f'#sheet-table tbody tr[data-deal="{index}"] td.score')
    return [text.split("\n")[0] for text in cells.all_inner_texts()]


def _totals(page: Page) -> list[str]:
    return page.locator("#sheet-table tfoot th.total").all_inner_texts()


def _name_players(page: Page, names: list[str]) -> None:
    for seat, name in enumerate(names):
        page.fill(f"#sheet-name-{seat}", name)
        page.locator(f"#sheet-name-{seat}").dispatch_event("change")
        expect(page.locator("#sheet-table thead th[scope=col]").nth(seat + 2)).to_have_text(name)


def test_a_guest_enters_the_rulebooks_sheet(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/sheet")
    expect(page.locator("#sheet-players")).to_have_value("4")
    _name_players(page, ["Nord", "Sud", "Est", "Ouest"])
    for deal in RULEBOOK:
        _add(page, deal)
    assert _scores(page, 0) == ["-106", "-106", "+318", "-106"]
    assert _scores(page, 2) == ["+42", "-126", "+42", "+42"]
    assert _scores(page, 4) == ["-582", "+1746", "-582", "-582"]
    assert _totals(page) == BILAN
    # The running totals after the third deal (the sheet's columns added by hand).
    running = page.locator('#sheet-table tbody tr[data-deal="2"] .running').all_inner_texts()
    assert running == ["-140", "-308", "284", "164"]
    shot(page, "sheet-rulebook")

    page.reload()
    expect(page.locator("#sheet-table tbody tr")).to_have_count(5)
    expect(page.locator("#sheet-table tfoot th.total")).to_have_text(BILAN)
    with page.expect_download() as csv_download:
        page.click("#export-csv")
    lines = open(csv_download.value.path(), encoding="utf-8").read().splitlines()  # noqa: SIM115
    assert lines[-1].split(",")[6:10] == BILAN

    # Sud's chelem was a Garde Sans: (25 + 46) x 4 + 20 + 20 + 400 = 744 a defender.
    page.click('#sheet-table tbody tr[data-deal="4"] button.edit')
    expect(page.locator("#deal-points")).to_have_value("87")
    expect(page.locator("#deal-chelem-announced")).to_be_checked()
    page.select_option("#deal-contract", "garde_sans")
    page.click("#add-deal")
    expect(page.locator('#sheet-table tbody tr[data-deal="4"] td.score').first).to_contain_text(
        "-744"
    )
    # The first deal struck out: Est keeps +42 - 76 - 92 - 744.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click('#sheet-table tbody tr[data-deal="0"] button.delete')
    expect(page.locator("#sheet-table tbody tr")).to_have_count(4)
    expect(page.locator('#sheet-table tfoot th.total[data-total="2"]')).to_have_text(
        str(42 - 76 - 92 - 744)
    )

    page.click("#lang")
    expect(page.locator("#sheet h1")).to_have_text("Feuille de marque")
    expect(page.locator("#add-deal")).to_have_text("Ajouter la donne")
    page.click("#lang")


def test_an_account_keeps_shares_and_prints_its_sheet(new_context: object, base_url: str) -> None:
    page = new_context().new_page()  # type: ignore[operator]
    me = register(page, base_url, "sheet")
    page.goto(f"{base_url}/#/sheet")
    expect(page.locator("#no-sheets")).to_be_visible()
    page.click("#new-sheet")
    expect(page).to_have_url(re.compile(r"#/sheet/\d+$"))
    # what the "account" boxes do is said on the page, not only in a tooltip
    expect(page.locator("#sheet-account-help")).to_contain_text("registered under that name")
    _name_players(page, ["Nord", "Sud", "Est", "Ouest"])
    page.fill("#sheet-title", "Table 3")
    page.locator("#sheet-title").dispatch_event("change")
    expect(page.locator("#sheet h2.sheet-title")).to_have_text("Table 3")
    for deal in RULEBOOK:
        _add(page, deal)
    assert _totals(page) == BILAN

    # Nord is the player keeping the sheet: their account, found by their name. Each
    # change is saved before the next (a save that ends later clears the page's error).
    with page.expect_response(lambda r: r.request.method == "PUT"):
        _name_players(page, [me])
    with page.expect_response(lambda r: r.request.method == "PUT"):
        page.check("#sheet-account-0")
    expect(page.locator("#sheet-account-0")).to_be_checked()
    page.click("#sheet-account-1")  # nobody registered as Sud: unticked again
    expect(page.locator("#sheet-error")).to_contain_text("no such player")
    expect(page.locator("#sheet-account-1")).not_to_be_checked()
    kept = page.evaluate(
        """async () => {
          const auth = { Authorization: "Bearer " + localStorage.getItem("atout.token") };
          const path = location.hash.replace("#/sheet/", "/api/sheets/");
          return (await fetch(path, { headers: auth })).json();
        }"""
    )
    assert kept["players"][0]["name"] == me and isinstance(kept["players"][0]["user"], int)
    assert "user" not in kept["players"][1] or kept["players"][1]["user"] is None
    _name_players(page, ["Nord"])  # a new name is no longer the account
    expect(page.locator("#sheet-account-0")).not_to_be_checked()

    page.goto(f"{base_url}/#/sheet")  # the list, then the sheet again from the server
    expect(page.locator("#sheet-list li")).to_have_count(1)
    expect(page.locator("#sheet-list li")).to_contain_text("Table 3")
    page.click("#sheet-list a")
    expect(page.locator("#sheet-table tfoot th.total")).to_have_text(BILAN)

    page.click("#share-sheet")
    link = page.locator("#share-link").input_value()
    assert "#/shared/" in link
    stranger = new_context().new_page()  # type: ignore[operator]
    stranger.goto(link)
    expect(stranger.locator("#sheet-table tfoot th.total")).to_have_text(BILAN)
    expect(stranger.locator("#deal-form")).to_have_count(0)  # read only
    expect(stranger.locator("#sheet h2.sheet-title")).to_have_text("Table 3")

    page.emulate_media(media="print")
    expect(page.locator("#deal-form")).to_be_hidden()
    expect(page.locator("#top")).to_be_hidden()
    expect(page.locator("#sheet-table")).to_be_visible()
    shot(page, "sheet-print")
    page.emulate_media(media="screen")

    page.click("#unshare-sheet")
    expect(page.locator("#share-sheet")).to_be_visible()
    stranger.reload()
    expect(stranger.locator("#sheet-error")).to_contain_text("share link")


def test_each_rule_sets_contracts_and_bonuses(page: Page, base_url: str) -> None:
    """Traditionnel has the Pousse and misères; FFT at 5 has the mort form. The
    numbers are worked by hand from the rules."""
    page.goto(f"{base_url}/#/sheet")
    page.on("dialog", lambda dialog: dialog.accept())
    page.select_option("#sheet-variant", "traditionnel")
    contracts = page.locator("#deal-contract option")
    expect(contracts).to_have_count(5)
    expect(page.locator("#sheet-option-misere")).to_be_checked()
    # A Pousse (x2) failed by 6 pays no prime: 12 a defender; seat 3's two misères
    # take 10 each from each other player.
    pousse = Deal(1, "pousse", "45", "1", miseres=[(3, "sans_atouts"), (3, "sans_points")])
    _add(page, pousse)
    assert _scores(page, 0) == ["-8", "-56", "-8", "+72"]

    page.select_option("#sheet-variant", "fft")
    expect(contracts).to_have_count(4)
    expect(page.locator("#deal-misere-seat-0")).to_have_count(0)
    page.select_option("#sheet-players", "5")
    expect(page.locator("#deal-partner")).to_be_visible()
    page.check("#sheet-option-dealer_sits_out")
    expect(page.locator("#deal-sitting-out")).to_be_visible()
    expect(page.locator("#deal-partner")).to_have_count(0)
    # The dealer out, a Garde made by 1 is 52 a defender, three times that to the taker.
    _add(page, Deal(2, "garde", "52", "1", sitting_out=0))
    assert _scores(page, 0) == ["0", "-52", "+156", "-52", "-52"]
    expect(page.locator("#deal-sitting-out")).to_have_value("1")  # the next dealer


def test_an_impossible_deal_names_the_field(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/sheet")
    page.fill("#deal-points", "95")
    page.click("#add-deal")
    # The browser's own number check refuses 95 > 91 before anything is sent.
    assert page.locator("#deal-points").evaluate("e => !e.validity.valid")
    page.fill("#deal-points", "40.5")
    page.select_option("#deal-poignee-seat-0", "0")
    page.select_option("#deal-poignee-seat-1", "0")
    page.click("#add-deal")
    expect(page.locator("#sheet-error")).to_contain_text("poign")
    expect(page.locator("#sheet-table tbody tr")).to_have_count(0)


def test_an_impossible_deal_is_told_in_the_pages_language(page: Page, base_url: str) -> None:
    """The rule a deal breaks comes worded in the page's language, with the deal's
    number, the player's name and the points as the reader writes them."""
    page.goto(f"{base_url}/#/sheet")
    page.fill("#sheet-name-0", "Zoé")
    page.locator("#sheet-name-0").dispatch_event("change")
    _add(page, Deal(0, "garde", "45", "1"))
    # 4 players: a trick lost is 3 cards at least (a defender's Excuse played in the
    # last trick changes sides), 1.5 points
    _fill(page, Deal(1, "prise", "90", "3"))
    page.click("#add-deal")
    error = page.locator("#sheet-error")
    expect(error).to_contain_text("Deal 2")
    expect(error).to_contain_text("the attack has 89.5 points at most, not 90")
    page.click("#lang")
    _fill(page, Deal(1, "prise", "90", "3"))
    page.click("#add-deal")
    expect(error).to_contain_text("Donne 2 : la défense a fait un pli")
    expect(error).to_contain_text("l'attaque a 89,5 points au plus, pas 90")
    _fill(page, Deal(1, "prise", "40.5", "1", poignees=[(0, "simple"), (0, "double")]))
    page.click("#add-deal")
    expect(error).to_contain_text("Zoé montre plus d'une poignée")
    expect(page.locator("#sheet-table tbody tr")).to_have_count(1)
    # the browser's own checks speak the page's language too, not the browser's
    points = page.locator("#deal-points")
    page.fill("#deal-points", "95")
    page.click("#add-deal")
    assert points.evaluate("e => e.validationMessage") == "Au plus 91."
    page.fill("#deal-points", "40.25")
    page.click("#add-deal")
    assert points.evaluate("e => e.validationMessage") == "Par pas de 0,5."
    page.click("#lang")
    page.fill("#deal-points", "")
    page.click("#add-deal")
    assert points.evaluate("e => e.validationMessage") == "Please fill in this field."
    expect(page.locator("#sheet-table tbody tr")).to_have_count(1)


def test_a_deal_typed_before_the_rule_sets_arrive_is_kept(page: Page, base_url: str) -> None:
    """The sheet is drawn again when the rule sets come (``/api/games``); on a slow
    line a player may have begun writing a deal by then, and it stays as typed
    (the page used to draw a blank form over it: the deal then went nowhere)."""
    held: list[Route] = []
    page.route("**/api/games", lambda route: held.append(route))
    page.goto(f"{base_url}/#/sheet")
    page.fill("#deal-points", "45")
    page.select_option("#deal-bouts", "2")
    assert held, "the rule sets were asked for"
    for route in held:
        route.continue_()
    expect(page.locator("#deal-contract option")).to_have_count(4)  # the FFT's, come
    expect(page.locator("#deal-points")).to_have_value("45")
    expect(page.locator("#deal-bouts")).to_have_value("2")
    page.click("#add-deal")
    expect(page.locator("#sheet-table tbody tr")).to_have_count(1)


def test_a_phone_scrolls_the_table_not_the_page(new_context: object, base_url: str) -> None:
    page = new_context(mobile=True).new_page()  # type: ignore[operator]
    page.goto(f"{base_url}/#/sheet")
    page.on("dialog", lambda dialog: dialog.accept())
    page.select_option("#sheet-players", "5")
    _add(page, Deal(0, "garde", "50", "2"))  # the taker alone (partner: their own seat)
    wide = page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1")
    assert wide, "the page scrolls sideways on a phone"
    expect(page.locator("#sheet-table tfoot th.total")).to_have_count(5)
    shot(page, "sheet-phone")


# Where a deal's button is, once the page is scrolled up or down to it (never sideways):
# in the window, neither cut by its cell or the table's box nor under anything else.
BUTTON_IN_SIGHT = """(selector) => {
  const button = document.querySelector(selector);
  window.scrollBy(0, button.getBoundingClientRect().top - innerHeight / 2);
  const r = button.getBoundingClientRect();
  const within = (outer) => { const o = outer.getBoundingClientRect();
    return r.left >= o.left - .5 && r.right <= o.right + .5
      && r.top >= o.top - .5 && r.bottom <= o.bottom + .5; };
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { left: r.left, right: r.right, window: innerWidth, width: r.width, height: r.height,
    whole: within(button.closest("td")) && within(button.closest(".table-scroll")),
    on_top: button.contains(hit),
    page_scrolls: document.scrollingElement.scrollWidth > innerWidth + 1 };
}"""


@pytest.mark.parametrize("width", [360, 390])
def test_a_phone_reaches_each_deals_correct_and_delete(
    browser: Browser, base_url: str, width: int
) -> None:
    """A phone held upright shows each deal's ✎ and ✕ whole, at a finger's size,
    where the player is: after the deal's number, the players' columns scrolling
    sideways after them in their box (held at its right edge, over the columns, they
    covered the last player's in sight), and the page itself never scrolls sideways
    (they were off to the right, cut)."""
    with touch_screen(browser, width, 844, is_mobile=True) as page:
        page.goto(f"{base_url}/#/sheet")
        page.on("dialog", lambda dialog: dialog.accept())
        _add(page, Deal(0, "garde", "50", "2"))
        _add(page, Deal(1, "prise", "45", "1"))
        for button in ("edit", "delete"):
            where = page.evaluate(
                BUTTON_IN_SIGHT, f'#sheet-table tr[data-deal="1"] button.{button}'
            )
            assert where["left"] >= 0 and where["right"] <= where["window"], where
            assert where["whole"] and where["on_top"], where
            assert where["width"] >= 44 and where["height"] >= 44, where
            assert not where["page_scrolls"], "the page scrolls sideways on a phone"
        page.locator('#sheet-table tr[data-deal="1"] button.edit').tap()
        expect(page.locator("#deal-form h2")).to_have_text("Deal 2")
        expect(page.locator("#deal-form h2")).to_be_in_viewport()  # the form, a screen up
        expect(page.locator("#deal-points")).to_have_value("45")
        page.locator('#sheet-table tr[data-deal="0"] button.delete').tap()
        expect(page.locator("#sheet-table tbody tr")).to_have_count(1)
        shot(page, f"sheet-phone-{width}")


@pytest.mark.parametrize(
    ("lang", "size", "who"),
    [
        ("en", "Poignée 1: its size", "Misère 2: who announces it"),
        ("fr", "Poignée 1 : sa taille", "Misère 2 : qui l'annonce"),
    ],
)
def test_every_control_of_the_sheet_has_a_name(
    page: Page, base_url: str, lang: str, size: str, who: str
) -> None:
    """A screen reader names each of the deal form's controls, and the table's
    setup's, in the page's language: a poignée's or a misère's size or kind
    beside its player's choice was read as nothing at all."""
    page.add_init_script(f"localStorage.setItem('atout.lang', '{lang}')")
    page.goto(f"{base_url}/#/sheet")
    page.select_option("#sheet-players", "5")  # a partner to name too
    page.locator("#sheet-option-misere").check()  # and the misères
    expect(page.locator("#deal-misere-kind-1")).to_be_visible()
    assert unnamed(page, "#sheet") == []
    names = control_names(page, "#deal-form")
    assert names["deal-poignee-size-0"] == size
    assert names["deal-misere-seat-1"] == who
    assert len(set(names.values())) == len(names), "two controls share a name"


def test_a_guests_sheet_is_kept_on_registering(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/#/sheet")
    for deal in RULEBOOK[:2]:
        _add(page, deal)
    register(page, base_url, "keeper")
    page.goto(f"{base_url}/#/sheet")
    page.click("#keep-sheet")
    expect(page).to_have_url(re.compile(r"#/sheet/\d+$"))
    expect(page.locator("#sheet-table tfoot th.total")).to_have_text(["-182", "-182", "242", "122"])
    page.goto(f"{base_url}/#/sheet")  # kept once: the browser's copy is gone
    expect(page.locator("#sheet-list li")).to_have_count(1)
    expect(page.locator("#keep-sheet")).to_have_count(0)


def test_a_score_cell_is_said_with_its_player_and_running_total(page: Page, base_url: str) -> None:
    """A screen reader says a deal's cell as one phrase, "Nord: -106, total -106",
    not two bare numbers, in either language; the totals row names its player too."""
    page.goto(f"{base_url}/#/sheet")
    _name_players(page, ["Nord", "Sud", "Est", "Ouest"])
    _add(page, RULEBOOK[0])
    _add(page, RULEBOOK[1])
    row = page.locator('#sheet-table tbody tr[data-deal="1"]')
    expect(row.get_by_role("cell", name="Nord: -76, total -182", exact=True)).to_be_visible()
    expect(row.get_by_role("cell", name="Ouest: +228, total 122", exact=True)).to_be_visible()
    expect(page.get_by_role("columnheader", name="Sud", exact=True)).to_be_visible()
    expect(page.locator('#sheet-table tfoot th[data-total="2"]')).to_have_attribute(
        "aria-label", "Est: total 242"
    )
    page.click("#lang")
    expect(row.get_by_role("cell", name="Nord\u00a0: -76, total -182", exact=True)).to_be_visible()
    page.click("#lang")
