"""``atout tournament`` end to end on a state file: the rulebook's 5-table topage."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["tournament", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def garde(points: int) -> str:
    return json.dumps({"players": 4, "contract": "garde", "taker": 0, "points": points, "bouts": 2})


def test_a_club_night_from_creation_to_export(tmp_path: Path) -> None:
    state = tmp_path / "t.json"
    names = tmp_path / "names.txt"
    names.write_text("\n".join(f"Joueur {n}" for n in range(1, 21)), encoding="utf-8")
    code, out, _ = run("create", str(state), "--tables", "5", "--seed", "4", "--names", str(names))
    assert code == 0 and "meet at most once: yes" in out
    code, out, _ = run("boards", str(state), "--html")
    assert code == 0 and out.count("<section>") == 20
    code, out, _ = run("slips", str(state))
    assert code == 0 and out.count("Position") == 25  # 5 positions x 5 tables
    # Board 1 (taker North) travels to table n at position n; the rulebook's scores
    # 56, 62, -56, -52, 50 (Garde, 2 bouts, 44/47/38/40/41 points) top North at
    # 75, 100, 0, 25, 50 (page 18).
    for table, points in enumerate((44, 47, 38, 40, 41), start=1):
        code, out, err = run(
            "result", str(state), "-", "--table", str(table), "--board", "1", stdin=garde(points)
        )
        assert code == 0, err
    code, out, _ = run("ranking", str(state), "--json")
    rows = {row["player"]: row for row in json.loads(out)}
    assert [rows[p]["overall"] for p in (1, 5, 9, 13, 17)] == [75, 100, 0, 25, 50]
    assert rows[2]["defence"] == 25 and rows[2]["name"] == "Joueur 2"
    code, out, _ = run("export", str(state), "--what", "results", "--format", "csv")
    lines = out.splitlines()
    assert len(lines) == 6 and lines[1].startswith("1,1,1,garde,N,44,2,True,56,Joueur 1,168,")


def test_refusals_name_the_problem_and_keep_the_file(tmp_path: Path) -> None:
    state = tmp_path / "t.json"
    assert run("create", str(state), "--tables", "3", "--seed", "1")[0] == 0
    before = state.read_text(encoding="utf-8")
    code, _, err = run("create", str(state))
    assert code == 2 and "exists" in err
    code, _, err = run("create", str(tmp_path / "no-such-folder" / "t.json"))
    assert code == 2 and "cannot write" in err
    latin = tmp_path / "names.txt"
    latin.write_bytes("Chloé\nBob\n".encode("latin-1"))  # as a club's spreadsheet saves it
    code, _, err = run("create", str(tmp_path / "u.json"), "--names", str(latin))
    assert code == 2 and "UTF-8" in err
    prise = json.dumps({"players": 4, "contract": "prise", "taker": 0, "points": 60, "bouts": 2})
    code, _, err = run("result", str(state), "-", "--table", "1", "--board", "1", stdin=prise)
    assert code == 2 and "imposed" in err
    code, _, err = run("result", str(state), "-", "--table", "1", "--board", "1", stdin="{")
    assert code == 2 and "not valid JSON" in err
    where = ("--table", "2", "--board", "1", "--position", "1")  # table 2 starts with set 2
    code, _, err = run("result", str(state), "-", *where, stdin=garde(50))
    assert code == 2 and "does not play board 1 at position 1" in err
    assert state.read_text(encoding="utf-8") == before
    state.write_text("[1, 2", encoding="utf-8")
    code, _, err = run("ranking", str(state))
    assert code == 2 and "line 1, column" in err


def refused(*args: str) -> str:
    """The message of a command line typer refuses (exit code 2), kept on one line."""
    result = CliRunner().invoke(app, ["tournament", *args], env={"COLUMNS": "400"})
    assert result.exit_code == 2, result.output
    return result.stderr


def test_numbers_out_of_range_are_refused_naming_their_option(tmp_path: Path) -> None:
    state = tmp_path / "t.json"
    for option, value in [
        ("--tables", "-3"),  # was: "-12 names are needed, got 0"
        ("--tables", "0"),
        ("--tables", "61"),
        ("--positions", "0"),
        ("--per-position", "0"),  # was quietly the default (4)
        ("--per-position", "-1"),
    ]:
        assert refused("create", str(state), option, value).startswith(f"error: {option}: must be")
    assert not state.exists()
    assert run("create", str(state), "--tables", "3", "--seed", "1")[0] == 0
    before = state.read_text(encoding="utf-8")
    where = {"--table": "1", "--board": "1", "--position": "1", "--attacker": "1"}
    for option in where:
        args = [
            arg for key, value in where.items() for arg in (key, "0" if key == option else value)
        ]
        err = refused("result", str(state), garde(50), *args)
        assert err.startswith(f"error: {option}: must be at least 1\n")
    assert state.read_text(encoding="utf-8") == before


def test_an_export_without_rows_still_has_its_header(tmp_path: Path) -> None:
    """Before any adjustment ``--what adjustments`` printed nothing, and before any
    result ``--what results`` nothing either: a CSV keeps its header line, the one
    it has once rows come."""
    state, teams = tmp_path / "t.json", tmp_path / "trip.json"
    run("create", str(state), "--tables", "5", "--seed", "4")
    triplettes = ("--form", "triplettes", "--tables", "3", "--first-badge", "bleu")
    run("create", str(teams), *triplettes, "--seed", "2")

    def export(path: Path, what: str, format: str = "csv") -> list[str]:
        code, out, err = run("export", str(path), "--what", what, "--format", format)
        assert code == 0, err
        return out.splitlines()

    assert export(state, "adjustments") == [
        "number,kind,position,table,board,entrant,attack_note,defence_note,score,amount,unit,reason,by"
    ]
    assert export(state, "adjustments", "json") == ["[]"]
    assert export(state, "results") == [
        "board,position,table,contract,taker,points,bouts,made,score,"
        "N_player,N_score,W_player,W_score,S_player,S_score,E_player,E_score"  # seat order
    ]
    empty = {path: export(path, "results") for path in (state, teams)}
    assert empty[teams][0].endswith(",attacker,attack_team,defence_team")
    assert len(empty[teams]) == 1
    # the same header once there are rows
    run("result", str(state), "-", "--table", "1", "--board", "1", stdin=garde(44))
    one = ("--table", "1", "--board", "1", "--attacker", "1")
    assert run("result", str(teams), "-", *one, stdin=garde(44))[0] == 0
    penalty = ("--entrant", "1", "--board", "1", "--amount", "5", "--reason", "retard")
    assert run("adjust", str(state), "penalty", *penalty)[0] == 0
    for path in (state, teams):
        filled = export(path, "results")
        assert len(filled) == 2 and filled[0] == empty[path][0]
    filled = export(state, "adjustments")
    assert len(filled) == 2 and filled[0].startswith("number,kind,position,")


def test_a_name_given_twice_is_refused(tmp_path: Path) -> None:
    """Two places of one name (case and spacing aside) were taken in silence: the
    ranking and the slips then showed two players no one could tell apart."""
    state = tmp_path / "t.json"
    names = tmp_path / "names.txt"
    names.write_text("Anne\nBen\nCléo\nDan\n ANNE \nFred\nGil\nHugo\n", encoding="utf-8")
    code, out, err = run("create", str(state), "--tables", "2", "--names", str(names))
    assert (code, out) == (2, "")
    assert err == (
        "error: the name ANNE is given twice (players 1 and 5): "
        "each player needs a name of their own\n"
    )
    assert not state.exists()


def test_counts_of_one_are_singular(tmp_path: Path) -> None:
    code, out, err = run("create", str(tmp_path / "t.json"), "--tables", "1", "--seed", "1")
    assert code == 0, err
    assert ": 4 boards, 1 table, 1 position; players meet" in out  # was "1 tables, 1 positions"


def test_a_tournoi_libres_file_is_told_apart(tmp_path: Path) -> None:
    """``atout tournament ranking`` on a tournoi libre's file said only "not an atout
    tournament": it names the kind of file and the command that reads it."""
    libre = tmp_path / "libre.json"
    names = tmp_path / "names.txt"
    names.write_text("A\nB\nC\nD\n", encoding="utf-8")
    code, _, err = run("libre", "create", str(libre), "--names", str(names))
    assert code == 0, err
    code, _, err = run("ranking", str(libre))
    assert code == 2
    assert err == (
        f"error: {libre}: a tournoi libre's file: read it with `atout tournament libre ranking`\n"
    )
    code, _, err = run("result", str(libre), "-", "--table", "1", "--board", "1", stdin=garde(50))
    assert code == 2 and err.endswith(
        "a tournoi libre's file: read it with `atout tournament libre`\n"
    )
    code, _, err = run("ranking", str(libre), "--lang", "fr")
    assert (code, err) == (
        2,
        f"erreur : {libre} : c'est le fichier d'un tournoi libre : "
        "lisez-le avec `atout tournament libre ranking`\n",
    )
    other = tmp_path / "other.json"
    other.write_text('{"format": "something else"}', encoding="utf-8")
    assert run("ranking", str(other))[2] == f"error: {other}: not an atout tournament\n"
