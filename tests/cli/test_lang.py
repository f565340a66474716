"""Every ``--lang`` defaults to the reader's locale: a French locale gets French."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from atout.cli.app import locale_language
from atout.cli.commands import app

EXAMPLE = Path(__file__).parents[2] / "examples" / "sheet-fft-rulebook.json"
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "160"}


@pytest.mark.parametrize(
    ("env", "language"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "fr_BE.UTF-8"}, "fr"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_names_the_language(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], language: str
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert locale_language() == language


def test_the_sheet_speaks_the_locales_language() -> None:
    french = CliRunner().invoke(
        app, ["sheet", str(EXAMPLE)], env={**NO_LOCALE, "LANG": "fr_FR.UTF-8"}
    )
    assert french.exit_code == 0, french.output
    assert "Preneur" in french.output and "score de chaque donne (cumul)" in french.output
    english = CliRunner().invoke(app, ["sheet", "--lang", "en", str(EXAMPLE)], env=NO_LOCALE)
    assert "Taker" in english.output and "each deal's score (running total)" in english.output


def test_the_sheets_csv_speaks_the_locales_language() -> None:
    french = CliRunner().invoke(
        app, ["sheet", "--csv", str(EXAMPLE)], env={**NO_LOCALE, "LC_ALL": "fr_FR.UTF-8"}
    )
    assert french.output.startswith("donne,contrat,preneur,points,bouts,réussi,")
    english = CliRunner().invoke(app, ["sheet", "--csv", str(EXAMPLE)], env=NO_LOCALE)
    assert english.output.startswith("deal,contract,taker,points,bouts,made,")
