"""``atout simulate`` as a user runs it."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from atout.cli.commands import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.output


def test_french_deals_report_contracts_and_invariants() -> None:
    code, out = run("--players", "5", "--deals", "40", "--seed", "3", "--json")
    assert code == 0, out
    stats = json.loads(out)
    assert stats["game"] == "french" and stats["deals"] == 40
    assert sum(stats["contracts"].values()) == 40
    assert 0 <= stats["made"] <= 1
    assert stats["invariants_ok"] is True and stats["violations"] == {}


def test_the_same_seed_plays_the_same_deals() -> None:
    first = json.loads(run("--deals", "20", "--seed", "9", "--json")[1])
    again = json.loads(run("--deals", "20", "--seed", "9", "--json")[1])
    assert first["contracts"] == again["contracts"] and first["actions"] == again["actions"]


def test_africain_games() -> None:
    code, out = run("--game", "africain", "--players", "3", "--games", "5", "--json")
    assert code == 0, out
    stats = json.loads(out)
    assert stats["game"] == "africain" and stats["games"] == 5 and stats["invariants_ok"]


def test_text_output_is_a_table() -> None:
    code, out = run("--deals", "5", "--lang", "en")
    assert code == 0 and "deals per second" in out and "invariants hold" in out


def test_text_output_speaks_french() -> None:
    """Its title and keys were English whatever the reader's language."""
    code, out = run("--deals", "5", "--lang", "fr")
    assert code == 0, out
    assert "atout simulate : tarot français, 4 joueurs" in out
    assert "donnes par seconde" in out and "invariants respectés" in out and "oui" in out
    assert "deals" not in out and "players" not in out


def test_bad_settings_exit_2_with_the_reason() -> None:
    code, out = run("--players", "7", "--deals", "1")
    assert code == 2 and "7" in out
    code, out = run("--variant", "nope", "--deals", "1")
    assert code == 2 and "no variant called nope (known: fft, traditionnel)" in out


def test_bad_settings_are_refused_in_french() -> None:
    code, out = run("--players", "7", "--deals", "1", "--lang", "fr")
    assert (code, out) == (2, "erreur : le Tarot se joue à 3, 4 ou 5 joueurs, pas à 7\n")
    code, out = run("--variant", "nope", "--deals", "1", "--lang", "fr")
    assert (code, out) == (
        2,
        "erreur : aucune variante ne s'appelle nope (connues : fft, traditionnel)\n",
    )
