"""``atout arena`` as a user runs it: a machine-readable report, clear errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from atout.cli import app

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
    assert refused.exit_code != 0
