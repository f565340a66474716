"""``atout tournament adjust``, ``revoke``, ``next-session`` and ``sessions`` on state
files, on the rulebook's 5-table board 1 (page 18: North 75, 100, 0, 25, 50)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_tournament import garde, run


def ranking(state: Path) -> dict[int, dict[str, object]]:
    code, out, err = run("ranking", str(state), "--json")
    assert code == 0, err
    return {row["player"]: row for row in json.loads(out)}


def test_adjust_revoke_and_sessions(tmp_path: Path) -> None:
    state, second = tmp_path / "t.json", tmp_path / "t2.json"
    run("create", str(state), "--tables", "5", "--seed", "4")
    for table, points in enumerate((44, 47, 38, 40, 41), start=1):
        run("result", str(state), "-", "--table", str(table), "--board", "1", stdin=garde(points))
    before = state.read_text(encoding="utf-8")
    code, _, err = run(
        "adjust",
        str(state),
        "cancel",
        "--table",
        "2",
        "--board",
        "1",
        "--attack-note",
        "101",
        "--reason",
        "x",
    )
    assert code == 2 and "between 0 and 100" in err and state.read_text(encoding="utf-8") == before
    # table 5's +50 set to -60 by the arbiter: 56, 62, -56, -52, -60 top North at
    # 75, 100, 25, 50, 0; and a penalty of 5% of a top on player 1's board 1: 70
    code, out, _ = run(
        "adjust",
        str(state),
        "score",
        "--table",
        "5",
        "--board",
        "1",
        "--score",
        "-60",
        "--reason",
        "renonce",
        "--by",
        "arbitre",
    )
    assert code == 0 and out.startswith("adjustment 1: score")
    run(
        "adjust",
        str(state),
        "penalty",
        "--entrant",
        "1",
        "--board",
        "1",
        "--amount",
        "5",
        "--reason",
        "retard",
    )
    rows = ranking(state)
    assert [rows[p]["overall"] for p in (1, 5, 9, 13, 17)] == [70, 100, 25, 50, 0]
    assert rows[1]["adjustments"] == ["#2"] and rows[17]["adjustments"] == ["#1"]
    code, out, _ = run("export", str(state), "--what", "adjustments")
    assert out.splitlines()[1].startswith("1,score,5,5,1,") and out.count("arbitre") == 1
    for number in ("2", "1"):
        assert run("revoke", str(state), number)[0] == 0
    assert [ranking(state)[p]["overall"] for p in (1, 5, 9, 13, 17)] == [75, 100, 0, 25, 50]
    code, _, err = run("revoke", str(state), "1")  # it said "there is no adjustment 1"
    assert code == 2 and "adjustment 1 was already revoked" in err
    code, _, err = run("revoke", str(state), "3")
    assert code == 2 and "there is no adjustment 3" in err
    # a second session, weighed 2: its ranking adds 2 x each global percentage
    assert run("next-session", str(state), str(second), "--seed", "9")[0] == 0
    run("result", str(second), "-", "--table", "1", "--board", "1", stdin=garde(47))
    run("result", str(second), "-", "--table", "2", "--board", "1", stdin=garde(44))
    code, out, err = run("sessions", str(state), str(second), "--coefficients", "1,2", "--json")
    assert code == 0, err
    totals = {row["player"]: row["total"] for row in json.loads(out)}
    # player 1: 75 + 2 x 100 = 275; player 5: 100 + 2 x 0 = 100
    assert totals[1] == 275 and totals[5] == 100


def test_a_result_is_corrected_with_its_reason_never_replaced(tmp_path: Path) -> None:
    """``result`` over a play that has one replaced it without a trace; it is
    refused as the server refuses it (``tournament_result_entered``), in both
    languages, naming the arbiter's correction, which keeps the reason and, revoked,
    gives the first result back."""
    state, right = tmp_path / "t.json", tmp_path / "right.json"
    run("create", str(state), "--tables", "5", "--seed", "4")
    where = ("--table", "1", "--board", "1")
    assert run("result", str(state), "-", *where, stdin=garde(44))[0] == 0
    before = state.read_text(encoding="utf-8")
    said = {
        "en": [
            "error: table 1 already has a result on board 1 (position 1): a correction is "
            "made with its reason, and kept as an adjustment",
            f"to correct it, with its reason: atout tournament adjust {state} correct "
            "--table 1 --board 1 --deal FILE --reason REASON",
        ],
        "fr": [
            "erreur : la table 1 a déjà un résultat sur l'étui 1 (position 1) : une correction "
            "se fait avec son motif, et reste comme ajustement",
            f"pour le corriger, avec son motif : atout tournament adjust {state} correct "
            "--table 1 --board 1 --deal FICHIER --reason MOTIF",
        ],
    }
    for lang, lines in said.items():
        again = ("--position", "1") if lang == "fr" else ()
        code, out, err = run(
            "result", str(state), "-", *where, *again, "--lang", lang, stdin=garde(60)
        )
        assert (code, out, err.splitlines()) == (2, "", lines)
    assert state.read_text(encoding="utf-8") == before

    def points() -> str:
        code, out, err = run("export", str(state), "--what", "results", "--format", "json")
        assert code == 0, err
        return str(json.loads(out)[0]["points"])

    right.write_text(garde(60), encoding="utf-8")
    correct = ("--deal", str(right), "--reason", "fiche mal lue", "--lang", "en")
    code, out, err = run("adjust", str(state), "correct", *where, *correct)
    assert code == 0 and out.startswith("adjustment 1: correct"), err
    assert points() == "60"
    code, out, _ = run("export", str(state), "--what", "adjustments", "--format", "json")
    assert [(row["kind"], row["reason"]) for row in json.loads(out)] == [
        ("correct", "fiche mal lue")
    ]
    assert run("revoke", str(state), "1")[0] == 0
    assert points() == "44"


def test_a_session_given_twice_is_refused(tmp_path: Path) -> None:
    """``sessions t12.json t12.json`` counted each percentage twice (a 75 % player at
    150 %): the same file twice, or a copy of one session (its boards), is refused in
    both languages; the next session, with new boards, is counted."""
    state, copy, second = tmp_path / "t12.json", tmp_path / "copy.json", tmp_path / "t12b.json"
    assert run("create", str(state), "--tables", "3", "--seed", "4")[0] == 0
    for table, points in ((1, 44), (2, 47)):  # board 1 at tables 1 and 2: +56, +62
        where = ("--table", str(table), "--board", "1")
        assert run("result", str(state), "-", *where, stdin=garde(points))[0] == 0
    copy.write_text(state.read_text(encoding="utf-8"), encoding="utf-8")
    message = (
        "sessions 1 and 2 are one session given twice (the same boards): give each session once"
    )
    for args in ((state, state), (state, copy)):
        code, out, err = run("sessions", *map(str, args))
        assert (code, out, err) == (2, "", f"error: {message}\n"), args
    assert run("next-session", str(state), str(second), "--seed", "9")[0] == 0
    code, _, err = run("sessions", str(state), str(second), str(copy), "--lang", "fr")
    assert (code, err) == (
        2,
        "erreur : les séances 1 et 3 sont une même séance donnée deux fois (les mêmes "
        "étuis) : donnez chaque séance une fois\n",
    )
    code, out, err = run("sessions", str(state), str(second), "--json")
    assert code == 0, err
    totals = {row["player"]: row["total"] for row in json.loads(out)}
    assert (totals[1], totals[5]) == (0, 100)  # the bulle and the top, once each
