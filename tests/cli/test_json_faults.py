"""A file that is not JSON, given to ``score`` or ``sheet``, is named (it was
``input``), and the place of its fault is counted from 1 as Python's json module
counts it (pydantic said column 0 at the end of a line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from atout.cli.commands import app
from atout.refusals_fields import field_reason
from atout.sheet import InputError, ScoreInput, parse

NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "250"}
TEXTS = ["{\n", '{"a": 1,', '{"a": 1,\n', '{"a": ', "", '{\n "a": 1,\n x}', '{"a": 1 x}', "[1,\n\n"]


def _where(text: str) -> tuple[int, int]:
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return error.lineno, error.colno
    raise AssertionError(text)


@pytest.mark.parametrize("text", TEXTS)
def test_the_place_of_a_json_fault_is_the_json_modules(text: str) -> None:
    with pytest.raises(InputError) as refused:
        parse(ScoreInput, text)
    why = refused.value.rule
    assert why is not None and why.code == "field_json_at"
    assert (why.params["line"], why.params["column"]) == _where(text)


def test_a_column_is_never_0() -> None:
    error = {"type": "json_invalid", "ctx": {"error": "EOF while parsing at line 2 column 0"}}
    assert field_reason(error).params["column"] == 1


@pytest.mark.parametrize("command", ["score", "sheet"])
def test_a_file_not_json_is_named(command: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{\n", encoding="utf-8")
    result = CliRunner().invoke(app, [command, str(bad), "--lang", "fr"], env=NO_LOCALE)
    assert (result.exit_code, result.stderr) == (
        2,
        f"erreur : {bad} : ce n'est pas du JSON valide (ligne 2, colonne 1)\n",
    )
    result = CliRunner().invoke(app, [command, str(bad), "--lang", "en"], env=NO_LOCALE)
    assert result.stderr == f"error: {bad}: not valid JSON (line 2, column 1)\n"
