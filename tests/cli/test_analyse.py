"""``atout analyse`` as a user runs it: a table with the marks, JSON, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app
from tests.analysis.planted import PETIT_DEAL, scripted

runner = CliRunner()


def _record(tmp_path: Path) -> tuple[Path, list[int]]:
    record, planted = scripted(PETIT_DEAL, {(1, 8): "play:T21", (0, 1): "play:T1"})
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    return path, planted


def test_the_table_shows_the_blunder_and_the_summary(tmp_path: Path) -> None:
    path, planted = _record(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), "--seat", "0", "--deals", "16"])
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "│ T1 " in line)  # play:T1, in words
    assert f" {planted[0] + 1} " in row and "??" in row
    assert "1 blunder" in result.output and "1 blunders" not in result.output


def test_json_lists_every_decision_with_taken_and_best(tmp_path: Path) -> None:
    path, planted = _record(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), "-s", "0", "--deals", "16", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    marked = [d for d in data["decisions"] if d["mark"]]
    assert [d["index"] for d in marked] == planted
    assert marked[0]["taken"]["action"] == "play:T1"
    assert marked[0]["best"][0]["expected"] > marked[0]["taken"]["expected"]
    assert data["summary"]["blunders"] == 1


def test_a_seat_out_of_the_game_or_a_bad_file_is_refused(tmp_path: Path) -> None:
    path, _ = _record(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), "--seat", "4"])
    assert result.exit_code == 2 and "seat 4 is not in a game of 4 players" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "french", "players": 4, "variant": "fft", "actions": ["bid:x"]}')
    result = runner.invoke(app, ["analyse", str(bad), "--seat", "0"])
    assert result.exit_code == 2 and "action 1 'bid:x'" in result.output
