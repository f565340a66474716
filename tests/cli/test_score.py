"""``atout score`` through typer's CliRunner: output, exit codes, error messages.

Expected scores are the rulebook's worked examples, not the code's output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.cli.commands import app

EXAMPLES = Path(__file__).parents[2] / "examples"

# The rulebook's first example: Garde, poignée, petit au bout, 49 points, 2 bouts.
GARDE_49: dict[str, Any] = {
    "players": 4,
    "variant": "fft",
    "contract": "garde",
    "taker": 0,
    "partner": None,
    "points": 49,
    "bouts": 2,
    "petit_au_bout": "attack",
    "poignees": [{"seat": 0, "size": "simple"}],
    "chelem": {"announced": False, "made": None},
}


def run(deal: dict[str, Any] | str, *args: str) -> Any:
    text = deal if isinstance(deal, str) else json.dumps(deal)
    return CliRunner().invoke(app, ["score", "-", *args], input=text)


def test_json_output_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(GARDE_49), encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["scores"] == [318, -106, -106, -106]
    assert data["made"] is True
    assert data["breakdown"]["per_defender"] == 106
    assert data["breakdown"]["petit_au_bout"] == 20
    assert data["breakdown"]["poignee"] == 20


def test_a_file_saved_in_another_encoding_is_refused_saying_so(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_bytes(json.dumps({**GARDE_49, "variant": "fft"}).encode() + b" \xe9")  # Latin-1
    for command in ("score", "sheet"):
        result = CliRunner().invoke(app, [command, str(path)])
        assert result.exit_code == 2 and "UTF-8" in result.stderr
        assert isinstance(result.exception, SystemExit)


def test_stdin_half_points_at_three_players() -> None:
    deal = {"players": 3, "contract": "prise", "taker": 1, "points": 40.5, "bouts": 2}
    result = run(deal)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["scores"] == [26, -52, 26]
    assert data["made"] is False


def test_five_players_with_partner() -> None:
    deal = {"players": 5, "contract": "prise", "taker": 0, "partner": 2, "points": 41.5, "bouts": 2}
    assert json.loads(run(deal).stdout)["scores"] == [52, -26, 26, -26, -26]


def test_traditionnel_pousse_with_misere_and_options() -> None:
    deal = {
        "players": 4,
        "variant": "traditionnel",
        "contract": "pousse",
        "taker": 0,
        "points": 45,
        "bouts": 2,
        "miseres": [{"seat": 3, "kind": "sans_points"}],
        "options": {"misere_bonus": 5},
    }
    result = run(deal)
    assert result.exit_code == 0, result.output
    # (25 + 4) x 2 = 58 from each defender; 5 from each other player to seat 3.
    assert json.loads(result.stdout)["scores"] == [174 - 5, -58 - 5, -58 - 5, -58 + 15]


def test_text_table() -> None:
    result = run(GARDE_49, "--text")
    assert result.exit_code == 0, result.output
    assert "+318" in result.stdout
    assert "-106" in result.stdout
    assert "taker" in result.stdout
    assert "per defender" in result.stdout


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"variant": "belote"}, "variant"),
        ({"options": {"misere": "yes"}}, "options"),
        ({"options": {"colour": 1}}, "options"),
        ({"contract": "pousse"}, "contract"),
        ({"contract": "grande"}, "contract"),
        ({"partner": 1}, "partner"),
        ({"players": 6}, "players"),
        ({"taker": 4}, "taker"),
        ({"points": 92}, "points"),
        ({"points": 49.25}, "points"),
        ({"points": 90}, "points"),
        ({"bouts": 4}, "bouts"),
        ({"petit_au_bout": "north"}, "petit_au_bout"),
        ({"poignees": [{"seat": 0, "size": "quadruple"}]}, "poignees.0.size"),
        ({"poignees": [{"seat": 9, "size": "simple"}]}, "poignees"),
        ({"chelem": {"announced": "no"}}, "chelem.announced"),
        ({"chelem": {"made": "everyone"}}, "chelem.made"),
        ({"miseres": [{"seat": 1, "kind": "sans_atouts"}]}, "miseres"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_field_exits_2_naming_it(change: dict[str, Any], field: str) -> None:
    result = run({**GARDE_49, **change})
    assert result.exit_code == 2
    assert f"{field}:" in result.stderr
    assert result.stdout == ""


def test_missing_field_is_named() -> None:
    deal = {k: v for k, v in GARDE_49.items() if k != "bouts"}
    result = run(deal)
    assert result.exit_code == 2
    assert "bouts:" in result.stderr


def test_malformed_json() -> None:
    result = run('{"players": 4,')
    assert result.exit_code == 2
    assert "JSON" in result.stderr


def test_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["score", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2
    assert "nowhere.json" in result.stderr


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("score-*.json")), ids=lambda p: p.name)
def test_examples_score_to_zero(path: Path) -> None:
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
    assert sum(json.loads(result.stdout)["scores"]) == 0
