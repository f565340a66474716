"""``atout tournament libre`` end to end on a state file: the rulebook's sample sheet
entered as a table's deals, a paper sheet's bilans, the ranking and the exports."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app

SAMPLE = Path(__file__).parents[2] / "examples" / "sheet-fft-rulebook.json"


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["tournament", "libre", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_a_libre_night_from_creation_to_export(tmp_path: Path) -> None:
    state = tmp_path / "libre.json"
    names = tmp_path / "names.txt"
    names.write_text("\n".join(f"Joueur {n}" for n in range(1, 9)), encoding="utf-8")
    code, out, err = run(
        "create", str(state), "--names", str(names), "--positions", "2", "--seed", "7"
    )
    assert code == 0, err
    assert "8 players, 2 tables, 2 positions of 5 deals" in out
    code, out, _ = run("plan", str(state))
    assert code == 0 and out.count("table ") == 4
    code, out, _ = run("slips", str(state), "--html")
    assert code == 0 and out.count("<section>") == 4 and out.count("<th>5</th>") == 4
    seats = json.loads(state.read_text(encoding="utf-8"))["plan"][0]

    # The sample sheet file itself: its deals are the table's, its names not.
    code, out, err = run("sheet", str(state), str(SAMPLE), "--position", "1", "--table", "1")
    assert code == 0, err
    assert "bilans -446 -510 +1346 -390; 3 sheets to come" in out  # Nord, Ouest, Sud, Est
    assert "+318 (318)" in out  # p. 9: "le preneur marque 106 X 3 = +318"

    before = state.read_text(encoding="utf-8")
    bad = json.dumps({"bilans": [100, -40, -40, -10]})
    code, _, err = run("sheet", str(state), "-", "--position", "1", "--table", "2", stdin=bad)
    assert code == 2 and "add up to 10" in err
    assert state.read_text(encoding="utf-8") == before
    good = json.dumps({"bilans": [100, -40, -40, -20]})
    code, out, _ = run("sheet", str(state), "-", "--position", "1", "--table", "2", stdin=good)
    assert code == 0 and "2 sheets to come" in out
    # no deals takes a sheet back, to be entered again
    empty = json.dumps({"deals": []})
    code, out, _ = run("sheet", str(state), "-", "--position", "1", "--table", "2", stdin=empty)
    assert (code, out) == (0, "position 1, table 2: sheet taken back; 3 sheets to come\n")
    code, out, _ = run("sheet", str(state), "-", "--position", "1", "--table", "2", stdin=good)
    assert code == 0 and "2 sheets to come" in out

    code, out, _ = run("ranking", str(state), "--json")
    rows = json.loads(out)
    assert [(r["player"], r["total"]) for r in rows[:2]] == [
        (seats[0][2], 1346),  # Sud, third in playing order
        (seats[1][0], 100),
    ]
    code, out, _ = run("export", str(state), "--what", "results")
    exported = list(csv.DictReader(io.StringIO(out)))
    assert len(exported) == 8
    assert sum(int(row["bilan"]) for row in exported) == 0
    assert {row["deals"] for row in exported} == {"5", "0"}


def test_teams_that_cannot_be_kept_apart_are_refused(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("A\nB\nC\nD\n", encoding="utf-8")
    code, _, err = run("create", str(tmp_path / "t.json"), "--names", str(names), "--form", "pairs")
    assert code == 2 and "teammates cannot be kept apart" in err


def test_the_results_export_before_any_sheet_has_its_header(tmp_path: Path) -> None:
    """It printed nothing: a CSV keeps its header line, the one it has once sheets come."""
    state = tmp_path / "libre.json"
    names = tmp_path / "names.txt"
    names.write_text("\n".join(f"Joueur {n}" for n in range(1, 9)), encoding="utf-8")
    run("create", str(state), "--names", str(names), "--positions", "2", "--seed", "7")
    code, out, _ = run("export", str(state), "--what", "results")
    assert (code, out) == (0, "position,table,seat,player,name,deals,bilan\n")
    bilans = json.dumps({"bilans": [100, -40, -40, -20]})
    run("sheet", str(state), "-", "--position", "1", "--table", "2", stdin=bilans)
    code, out, _ = run("export", str(state), "--what", "results")
    assert out.splitlines()[0] == "position,table,seat,player,name,deals,bilan"
    assert len(out.splitlines()) == 5


def test_a_team_rankings_members_are_numbers_in_json(tmp_path: Path) -> None:
    """A team's ``players`` were the text "100 / -40" in the JSON; they are its
    members' totals as numbers, shown as before in the table and the CSV."""
    state = tmp_path / "pairs.json"
    names = tmp_path / "names.txt"
    names.write_text("\n".join(f"Joueur {n}" for n in range(1, 9)), encoding="utf-8")
    code, _, err = run("create", str(state), "--names", str(names), "--form", "pairs")
    assert code == 0, err
    seats = json.loads(state.read_text(encoding="utf-8"))["plan"][0][0]
    bilans = json.dumps({"bilans": [100, -40, -40, -20]})
    assert run("sheet", str(state), "-", "--position", "1", "--table", "1", stdin=bilans)[0] == 0
    points = dict(zip(seats, (100, -40, -40, -20), strict=True))
    code, out, _ = run("ranking", str(state), "--json")
    rows = json.loads(out)
    for row in rows:
        team = row["team"]
        assert row["players"] == [points.get(2 * team - 1, 0), points.get(2 * team, 0)]
        assert row["total"] == sum(row["players"])
    best = rows[0]
    shown = " / ".join(str(p) for p in best["players"])
    code, out, _ = run("ranking", str(state))
    assert code == 0 and shown in out
    code, out, _ = run("export", str(state), "--what", "ranking", "--format", "csv")
    first = next(csv.DictReader(io.StringIO(out)))
    assert first["players"] == shown
    code, out, _ = run("export", str(state), "--what", "ranking", "--format", "json")
    assert json.loads(out)[0]["players"] == best["players"]


def test_a_name_given_twice_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "libre.json"
    names = tmp_path / "names.txt"
    names.write_text("Anne\nBen\nCléo\nanne\n", encoding="utf-8")
    code, out, err = run("create", str(state), "--names", str(names))
    assert (code, out) == (2, "")
    assert err.startswith("error: the name anne is given twice (players 1 and 4)")
    assert err.count("\n") == 1 and not state.exists()


def test_counts_of_one_are_singular(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("Anne\nBen\nCléo\n", encoding="utf-8")
    made = ("--names", str(names), "--positions", "1", "--deals", "1")
    code, out, err = run("create", str(tmp_path / "libre.json"), *made)
    assert code == 0, err
    assert "3 players, 1 table, 1 position of 1 deal;" in out  # was "1 tables, 1 positions"


def test_a_duplicate_tournaments_file_is_told_apart(tmp_path: Path) -> None:
    """``libre ranking`` on a duplicate tournament's file said only "not an atout
    tournament": it names the kind of file and the command that reads it."""
    state = tmp_path / "club.json"
    made = CliRunner().invoke(app, ["tournament", "create", str(state), "--tables", "1"])
    assert made.exit_code == 0, made.output
    code, _, err = run("ranking", str(state))
    assert (code, err) == (
        2,
        f"error: {state}: a duplicate tournament's file: read it with `atout tournament ranking`\n",
    )
    code, _, err = run("sheet", str(state), "-", "--position", "1", "--table", "1", stdin="{}")
    assert code == 2 and err.endswith(
        "a duplicate tournament's file: read it with `atout tournament`\n"
    )


def test_an_entered_sheet_is_replaced_only_when_told(tmp_path: Path) -> None:
    """A table's sheet entered again (a wrong --table, a file given twice) silently
    replaced the first: it is refused, coded and in French too, the file unchanged,
    naming --replace, which makes the correction; no deals still takes a sheet back."""
    state = tmp_path / "libre.json"
    names = tmp_path / "names.txt"
    names.write_text("\n".join(f"Joueur {n}" for n in range(1, 13)), encoding="utf-8")
    assert run("create", str(state), "--names", str(names), "--seed", "3")[0] == 0
    where = ("--position", "1", "--table", "3")
    first = json.dumps({"bilans": [120, -40, -40, -40]})
    other = json.dumps({"bilans": [-60, 20, 20, 20]})
    assert run("sheet", str(state), "-", *where, stdin=first)[0] == 0
    before = state.read_text(encoding="utf-8")
    code, out, err = run("sheet", str(state), "-", *where, stdin=other)
    assert (code, out) == (2, "")
    assert err == (
        "error: table 3 already has its sheet at position 1: "
        "to replace it, enter it again with --replace\n"
    )
    code, _, err = run("sheet", str(state), "-", *where, "--lang", "fr", stdin=other)
    assert (code, err) == (
        2,
        "erreur : la table 3 a déjà sa feuille à la position 1 : "
        "pour la remplacer, saisissez-la de nouveau avec --replace\n",
    )
    code, _, err = run("sheet", str(state), str(SAMPLE), *where)  # deals are refused alike
    assert code == 2 and "already has its sheet" in err
    assert state.read_text(encoding="utf-8") == before
    code, out, err = run("sheet", str(state), "-", *where, "--replace", stdin=other)
    assert code == 0 and "bilans -60 +20 +20 +20" in out, err
    code, out, _ = run("export", str(state), "--what", "results", "--format", "json")
    assert sorted(row["bilan"] for row in json.loads(out)) == [-60, 20, 20, 20]
    empty = json.dumps({"deals": []})
    code, out, _ = run("sheet", str(state), "-", *where, stdin=empty)
    assert code == 0 and out.startswith("position 1, table 3: sheet taken back")
    assert run("sheet", str(state), "-", *where, stdin=first)[0] == 0  # free again
