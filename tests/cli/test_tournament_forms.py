"""``atout tournament`` for triplettes and the two-team match, end to end on a state file."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["tournament", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def deal(taker: int, points: int, contract: str = "garde") -> str:
    return json.dumps(
        {"players": 4, "contract": contract, "taker": taker, "points": points, "bouts": 2}
    )


def test_a_triplettes_night(tmp_path: Path) -> None:
    """3 tables, 18 players; badge bleu first. Board 1 (taker North) is set 1's first
    board: at position 1 table 1's NS triplette (players 1-3) attacks it with its
    bleu, player 1; board 2 (West) is the EW triplette's first attack: its bleu. On
    board 1 alone, 44 points (+56) beats 38 (-56): the first triplette's attack is
    100% and that triplette is first of its line."""
    state = tmp_path / "t.json"
    names = tmp_path / "names.txt"
    names.write_text("\n".join(f"Nom {n:02}" for n in range(1, 19)), encoding="utf-8")
    code, out, err = run(
        "create", str(state), "--form", "triplettes", "--tables", "3", "--seed", "2",
        "--names", str(names), "--first-badge", "bleu",
    )  # fmt: skip
    assert code == 0, err
    assert "12 boards, 3 tables, 3 positions; teams meet at most once: yes" in out
    code, out, _ = run("slips", str(state))
    assert code == 0 and out.count("Position") == 9
    assert "NS: team 1: Nom 01, Nom 02, Nom 03" in out and "boards 1 (Nom 01)" in out
    before = state.read_text(encoding="utf-8")
    one = ("--table", "1", "--board", "1")
    code, _, err = run("result", str(state), "-", *one, "--attacker", "2", stdin=deal(0, 44))
    assert code == 2 and "cannot be attacked by player 2 here: player 1" in err
    code, _, err = run("result", str(state), "-", *one, stdin=deal(0, 44))
    assert code == 2 and "say who attacked" in err
    assert state.read_text(encoding="utf-8") == before
    code, out, err = run("result", str(state), "-", *one, "--attacker", "1", stdin=deal(0, 44))
    assert code == 0 and "board 1, table 1, position 1: +56 (made)" in out, err
    # board 1 is at table 3 at position 2 (the boards go down one table): NS triplette 3
    # (players 7-9), its first attack at its second position: 2 before, badge rouge (9)
    where = ("--table", "3", "--board", "1", "--attacker", "9")
    assert run("result", str(state), "-", *where, stdin=deal(0, 38))[0] == 0
    code, out, _ = run("ranking", str(state), "--json")
    rows = json.loads(out)
    first = rows[0]
    assert first["team"] == 1 and first["line"] == "NS" and first["attack"] == 100
    assert first["names"] == ["Nom 01", "Nom 02", "Nom 03"]
    code, out, _ = run("export", str(state), "--what", "results", "--format", "csv")
    assert out.splitlines()[0].endswith("attacker,attack_team,defence_team")
    assert out.splitlines()[1].endswith("Nom 01,1,4")


def test_a_team_match(tmp_path: Path) -> None:
    """Teams of 4 and 5. Board 1: A's attacker (player 1) Garde Sans 45 points,
    (25+4)x4 = +116; B's (player 5) Garde Contre 41 points, 25x6 = +150: Ecart 34,
    B +5,831 PM, A nothing."""
    state = tmp_path / "m.json"
    code, out, err = run("create", str(state), "--form", "teams", "--team-sizes", "4,5")
    assert code == 0 and "16 boards, 2 tables, 4 positions" in out, err
    code, out, _ = run("boards", str(state))
    assert "taker S  contract Garde or Garde Sans or Garde Contre (taker's choice)" in out
    code, out, _ = run("slips", str(state))
    assert "Quarter 4, table 2" in out and "S (attack): team 2: 5, 6, 7, 8, 9" in out
    before = state.read_text(encoding="utf-8")
    a = ("--table", "1", "--board", "1", "--attacker", "1")
    code, _, err = run("result", str(state), "-", *a, stdin=deal(2, 45, "prise"))
    assert code == 2 and "chooses among garde, garde sans, garde contre" in err
    assert state.read_text(encoding="utf-8") == before
    assert run("result", str(state), "-", *a, stdin=deal(2, 45, "garde_sans"))[0] == 0
    b = ("--table", "2", "--board", "1", "--attacker", "5")
    assert run("result", str(state), "-", *b, stdin=deal(2, 41, "garde_contre"))[0] == 0
    code, out, _ = run("ranking", str(state), "--json")
    assert [(r["team"], r["pm"]) for r in json.loads(out)] == [(2, 5.831), (1, 0)]
    code, out, _ = run("ranking", str(state))
    assert code == 0 and "PM" in out.splitlines()[1] and "Pm" not in out  # the rulebook's PM
    code, _, err = run("create", str(tmp_path / "x.json"), "--form", "teams", "--team-sizes", "4")
    assert code == 2 and "2 teams of 4 to 6 players" in err


def test_options_of_another_form_are_refused(tmp_path: Path) -> None:
    """``--movement howell`` was refused outside triplettes, but the match's team
    sizes, the triplettes' first badge, or tables for the match (which has its two)
    were taken in silence: each is refused on one line, and no file is written."""
    state = tmp_path / "t.json"
    for args, message in [
        (("--team-sizes", "4,5"), "team sizes are for the team match only"),
        (("--form", "quadrettes", "--tables", "4", "--team-sizes", "4,4"), "team match only"),
        (("--first-badge", "rouge"), "the first attacker's badge is for triplettes only"),
        (("--form", "teams", "--first-badge", "bleu"), "badge is for triplettes only"),
        (("--form", "teams", "--tables", "3"), "the team match is played at its 2 tables"),
        (
            ("--form", "quadrettes", "--tables", "4", "--movement", "howell"),
            "howell is for triplettes",
        ),
    ]:
        code, out, err = run("create", str(state), *args)
        assert (code, out) == (2, ""), args
        assert err.startswith("error: ") and message in err and err.count("\n") == 1, args
        assert not state.exists()
    code, out, err = run("create", str(state), "--form", "teams", "--tables", "2")
    assert code == 0 and "16 boards, 2 tables, 4 positions" in out, err


def test_triplettes_at_two_tables_compare_their_boards(tmp_path: Path) -> None:
    """The plain movement at 2 tables (12 names) had table 1 play boards 1-4 and table 2
    boards 5-8: no board played twice, every triplette at 50 %, and `create` said all
    was well. It is refused, naming the Howell, which plays each board at both tables."""
    state = tmp_path / "tr.json"
    names = tmp_path / "names12.txt"
    names.write_text("\n".join(f"Nom {n:02}" for n in range(1, 13)), encoding="utf-8")
    plain = ("create", str(state), "--form", "triplettes", "--tables", "2", "--names", str(names))
    code, out, err = run(*plain)
    assert (code, out) == (2, "")
    assert err == (
        "error: at 2 tables the plain triplettes movement plays each board at one table only, "
        "and a duplicate compares each board's results between tables: choose the movement "
        "howell (4 triplettes, 3 positions, each board at both tables), or 3 tables or more\n"
    )
    # more positions cannot help: the refusal names the Howell, not "1 to 1 positions"
    assert run(*plain, "--positions", "2")[2].startswith("error: at 2 tables the plain")
    code, _, err = run(*plain, "--lang", "fr")
    assert code == 2 and err.startswith(
        "erreur : à 2 tables le mouvement simple des triplettes ne fait jouer chaque étui "
        "qu'à une table"
    )
    assert not state.exists()
    three = ("create", str(state), "--form", "triplettes", "--tables", "3", "--positions", "1")
    code, _, err = run(*three)
    assert (code, err) == (
        2,
        "error: board 1 would be played at one table only, and a duplicate compares each "
        "board's results between tables: give at least 2 positions\n",
    )
    assert not state.exists()

    code, out, err = run(*plain, "--movement", "howell", "--first-badge", "bleu", "--seed", "1")
    assert code == 0 and "12 boards, 2 tables, 3 positions" in out, err
    # position 1: triplette 4 (players 10-12) holds NS at table 1, triplette 2 (4-6) at
    # table 2, both on board 1 (taker North): each attacks it first, with its bleu
    one = ("--board", "1", "--position", "1")
    code, _, err = run("result", str(state), "-", "--table", "1", *one, "--attacker", "10",
                       stdin=deal(0, 44))  # fmt: skip
    assert code == 0, err
    code, _, err = run("result", str(state), "-", "--table", "2", *one, "--attacker", "4",
                       stdin=deal(0, 38))  # fmt: skip
    assert code == 0, err
    code, out, _ = run("ranking", str(state), "--json")
    attack = {row["team"]: row["attack"] for row in json.loads(out)}
    assert (attack[4], attack[2]) == (100, 0)  # +56 over -56, not 50 each
