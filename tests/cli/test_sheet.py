"""``atout sheet`` through typer's CliRunner: the rulebook's sheet (FFT 2012,
page 10) gives its Bilan, as a table and as CSV; bad input names the field."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app

EXAMPLE = Path(__file__).parents[2] / "examples" / "sheet-fft-rulebook.json"


def test_the_rulebooks_sheet_as_a_table() -> None:
    result = CliRunner().invoke(app, ["sheet", str(EXAMPLE)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    total = next(line for line in result.stdout.splitlines() if "Total" in line)
    # Nord, Ouest, Sud, Est: the file's playing order
    assert [cell.strip() for cell in total.split("│")[4:8]] == ["-446", "-510", "1346", "-390"]


def test_the_rulebooks_sheet_as_csv() -> None:
    result = CliRunner().invoke(app, ["sheet", "--csv", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 7
    assert lines[-1].split(",")[6:10] == ["-446", "-510", "1346", "-390"]


def test_a_bad_deal_stops_with_its_field() -> None:
    sheet = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    sheet["deals"][4]["petit_au_bout"] = "sideways"
    result = CliRunner().invoke(app, ["sheet", "-"], input=json.dumps(sheet))
    assert result.exit_code == 2
    assert "deals.4.petit_au_bout" in result.stderr


def test_a_refused_deal_is_numbered_as_the_printed_sheet_numbers_it() -> None:
    """The fifth deal is ``deals.4`` in the JSON, and the printed sheet's 5: an
    organizer told only ``deals.4`` corrected the fourth."""
    for deal, field, value, lang, said in (
        (4, "taker", 9, "en", "error: deal 5: deals.4.taker: "),  # a seat the table has not
        (2, "bouts", "two", "fr", "erreur : donne 3 : deals.2.bouts : "),  # the JSON's shape
    ):
        sheet = json.loads(EXAMPLE.read_text(encoding="utf-8"))
        sheet["deals"][deal][field] = value
        args = ["sheet", "-", "--lang", lang]
        result = CliRunner().invoke(app, args, input=json.dumps(sheet))
        assert result.exit_code == 2
        assert result.stderr.startswith(said), result.stderr


def test_an_unreadable_file() -> None:
    """One line starting ``error:``, as every command's refusals (it began ``FILE:``)."""
    for command in ("sheet", "score"):
        result = CliRunner().invoke(app, [command, "/nonexistent/sheet.json"])
        assert result.exit_code == 2
        assert result.stderr == (
            "error: cannot read /nonexistent/sheet.json: No such file or directory\n"
        )


def test_a_name_given_twice_is_refused() -> None:
    """Two columns of one name (case and spacing aside) were scored in silence."""
    sheet = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    sheet["players"][2]["name"] = "NORD"
    result = CliRunner().invoke(app, ["sheet", "-"], input=json.dumps(sheet))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "error: the name NORD is given twice (players 1 and 3): "
        "each player needs a name of their own\n"
    )
