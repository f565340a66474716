"""``atout arena`` as a user runs it: a machine-readable report, clear errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from atout.cli.commands import app

runner = CliRunner()


def test_json_report_is_the_whole_of_stdout() -> None:
    args = ["arena", "--deals", "3", "--bots", "random,heuristic", "--workers", "1", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [r["robot"] for r in report["robots"]] == ["random", "heuristic"]
    first, second = (r["advantage"]["mean"] for r in report["robots"])
    assert first == -second
    assert report["robots"][0]["advantage"]["n"] == 3


def test_an_unknown_robot_is_refused_with_the_known_levels() -> None:
    result = runner.invoke(app, ["arena", "--bots", "strong,grandmaster", "--json"])
    assert result.exit_code == 2
    assert "heuristic" in result.output
    assert result.stdout == ""


def test_rule_options_reach_the_tables() -> None:
    """The mort form runs; a value the variant refuses shows that options reach the game."""
    args = ["arena", "--players", "5", "--deals", "2", "--bots", "random,heuristic"]
    args += ["--workers", "1", "--json", "--option", "dealer_sits_out=true"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    refused = runner.invoke(app, [*args[:-1], "dealer_sits_out=maybe"])
    assert refused.exit_code == 2 and "dealer_sits_out" in refused.output
    assert refused.exception is None or isinstance(refused.exception, SystemExit)


@pytest.mark.parametrize(
    ("table", "said"),
    [
        (["--players", "9"], "3, 4 or 5"),
        (["--option", "zzz=1"], "zzz"),
        (["--variant", "zzz"], "zzz"),
        (["--game", "africain", "--players", "5"], "2 to 4"),
        (["--deals", "0"], "deals"),
    ],
)
def test_a_table_the_engine_refuses_is_an_error_not_a_traceback(
    table: list[str], said: str
) -> None:
    result = runner.invoke(app, ["arena", "--bots", "random,random", *table])
    assert result.exit_code == 2, result.output
    assert said in result.output
    assert isinstance(result.exception, SystemExit)
