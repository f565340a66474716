"""An uploaded record's replay names its players as the record does (docs/records.md:
the header's ``Seat0``... tags, in the text and the JSON form), never "Seat 1...4";
a name is anyone's text, shown as text and never as HTML."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

EXAMPLES = Path(__file__).parents[2] / "examples"


def _upload(page: Page, base_url: str, name: str, record: str) -> None:
    page.goto(f"{base_url}/#/replay")
    page.set_input_files(
        "#record-file", {"name": name, "mimeType": "text/plain", "buffer": record.encode()}
    )
    expect(page.locator("#replay-action")).to_be_visible()


def _seats(page: Page) -> list[str]:
    return [text.split(" · ")[0] for text in page.locator(".replay-seat strong").all_inner_texts()]


def test_a_text_records_seat_tags_name_the_seats(page: Page, base_url: str) -> None:
    text = (EXAMPLES / "record-french-4.atout").read_text(encoding="utf-8")
    marked = text.replace('[Seat0 "Ana"]', '[Seat0 "<b>Sam</b>"]')
    _upload(page, base_url, "partie.atout", marked)
    assert _seats(page) == ["<b>Sam</b>", "Bruno", "Chloé", "Denis"]
    expect(page.locator(".replay-seat strong b")).to_have_count(0)  # text, not HTML
    expect(page.locator("#analysis-seat option").first).to_have_text("<b>Sam</b>")


def test_a_json_records_seat_tags_name_the_seats(page: Page, base_url: str) -> None:
    record = (EXAMPLES / "record-africain-3.json").read_text(encoding="utf-8")
    _upload(page, base_url, "partie.json", record)
    assert _seats(page) == ["Ana", "Bruno", "Chloé"]


def test_a_record_without_names_numbers_its_seats(page: Page, base_url: str) -> None:
    text = (EXAMPLES / "record-french-4.atout").read_text(encoding="utf-8")
    bare = "".join(line for line in text.splitlines(True) if not line.startswith("[Seat"))
    _upload(page, base_url, "partie.atout", bare)
    assert _seats(page) == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
