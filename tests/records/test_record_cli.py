"""The record from the command line: play --save, replay in every form, import;
a bad file gets a message with its line and column, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app
from atout.record_files import load_record
from atout.record_format import from_log
from atout.record_json import read_json
from atout.record_text import read_text, write_text
from atout.records import save
from tests.test_records import random_record

runner = CliRunner()


def test_replay_converts_between_the_forms(tmp_path: Path) -> None:
    log = random_record("french", 4, 21, deals=2)
    record = from_log(log)
    text_file = tmp_path / "partie.atout"
    text_file.write_text(write_text(record))
    as_json = runner.invoke(app, ["replay", "--json", str(text_file)])
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.output)["format"] == "atout-record/2"
    assert read_json(as_json.output) == record
    back = runner.invoke(app, ["replay", "--text", "-"], input=as_json.output)
    assert back.exit_code == 0 and back.output == write_text(record)
    # the readable render of the text form is the render of the log it came from
    old = tmp_path / "old.json"
    save(log, old)
    rendered = runner.invoke(app, ["replay", str(text_file)])
    assert rendered.exit_code == 0
    assert rendered.output == runner.invoke(app, ["replay", str(old)]).output
    assert sum("-> seat" in line for line in rendered.output.splitlines()) == 36


def test_old_json_records_still_read_and_convert(tmp_path: Path) -> None:
    log = random_record("africain", 3, 8)
    old = tmp_path / "old.json"
    save(log, old)
    result = runner.invoke(app, ["replay", "--text", str(old)])
    assert result.exit_code == 0, result.output
    assert read_text(result.output).to_log().replay().result() == log.replay().result()


def test_a_broken_record_gets_line_and_column_and_no_traceback(tmp_path: Path) -> None:
    text = write_text(from_log(random_record("french", 3, 4)))
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("bid:"))
    lines[number] = "bid:triple " + lines[number]
    bad = tmp_path / "bad.atout"
    bad.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert result.output.startswith(
        f"error: this record cannot be read at line {number + 1}, column 1: 'bid:triple'"
    )
    assert "Traceback" not in result.output and result.exception is not None
    assert isinstance(result.exception, SystemExit)
    missing = runner.invoke(app, ["replay", str(tmp_path / "none.atout")])
    assert missing.exit_code == 2 and "No such file" in missing.output


def test_a_record_nested_too_deeply_is_refused_with_a_message(tmp_path: Path) -> None:
    """JSON deeper than Python's stack, in either opening bracket, is a bad record."""
    for opening, closing in ("[]", "{}"):
        deep = tmp_path / "deep.json"
        deep.write_text(
            opening + '"a":' * (opening == "{") + "[" * 100_000 + "]" * 100_000 + closing
        )
        result = runner.invoke(app, ["replay", str(deep)])
        assert result.exit_code == 2, result.output
        assert "nested too deeply" in result.output
        assert isinstance(result.exception, SystemExit)


def test_play_saves_the_game_it_played(tmp_path: Path) -> None:
    for name in ("game.atout", "game.json"):
        path = tmp_path / name
        args = ["play", "--seed", "3", "--level", "random", "--deals", "2", "--save", str(path)]
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code == 1  # the person quit at the first question
        record = load_record(path)
        assert record.game == "french" and record.players == 4
        assert record.options == {"deals": 2}
        assert record.tags["Seat0"] == "player" and record.tags["Seat3"] == "robot random"
        assert len(record.deals) == 1 and record.result is None
        assert path.read_text().startswith("{" if name.endswith(".json") else ";")


SAMPLE = Path(__file__).parent / "tarotclub_deal.json"


def test_import_prints_or_writes_a_tarotclub_deal(tmp_path: Path) -> None:
    printed = runner.invoke(app, ["import", str(SAMPLE)])
    assert printed.exit_code == 0, printed.output
    record = read_text(printed.output)
    assert record.deals[0].actions == ()
    out = tmp_path / "deal.json"
    written = runner.invoke(app, ["import", str(SAMPLE), "-o", str(out)])
    assert written.exit_code == 0 and load_record(out) == record
    broken = runner.invoke(app, ["import", "-"], input='{"version": "3", "Dog": 5}')
    assert broken.exit_code == 2 and broken.output.startswith("error: ")
    assert "Traceback" not in broken.output


def test_the_example_records_read_and_replay_to_their_result() -> None:
    examples = sorted((Path(__file__).parents[2] / "examples").glob("record-*"))
    assert len(examples) >= 2
    for path in examples:
        record = load_record(path)
        assert record.result is not None and record.replay().is_over
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 0 and result.output.startswith(
            ("French Tarot", "Tarot Africain")
        )


def test_records_are_read_as_utf8_whatever_the_locale(tmp_path: Path) -> None:
    """docs/records.md: a record is UTF-8 text. Under a locale whose encoding is not
    UTF-8 (the C locale without Python's UTF-8 mode, Windows' cp1252), replay and
    analyse read it as UTF-8 all the same; they read it in the locale's encoding and
    refused a name with an accent."""
    text = write_text(from_log(random_record("french", 4, 5))).replace(
        "[Game ", '[Seat2 "Hélène"]\n[Game ', 1
    )
    path = tmp_path / "accents.atout"
    path.write_bytes(text.encode("utf-8"))
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "utf-8"}
    cli = "from atout.cli import main; main()"
    for args in (
        ["replay", "--json", str(path)],
        ["analyse", str(path), "-s", "1", "--deals", "2"],
    ):
        run = subprocess.run(
            [sys.executable, "-c", cli, *args], capture_output=True, env=env, check=False
        )
        assert run.returncode == 0, run.stderr.decode()
        assert args[0] != "replay" or json.loads(run.stdout)["tags"]["Seat2"] == "Hélène"


def test_an_unreadable_record_file_is_named_in_one_line(tmp_path: Path) -> None:
    latin = tmp_path / "latin1.atout"
    latin.write_bytes('[Seat0 "Hélène"]\n'.encode("latin-1"))
    for command in (["replay"], ["analyse", "-s", "0"], ["import"]):
        for path, reason in ((latin, "not UTF-8 text"), (tmp_path, "Is a directory")):
            result = runner.invoke(app, [*command, str(path)])
            assert result.exit_code == 2
            assert result.output == f"error: cannot read {path}: {reason}" + (
                " (byte 9): save it as UTF-8\n" if path == latin else "\n"
            )


def test_replay_refuses_both_forms_at_once(tmp_path: Path) -> None:
    path = tmp_path / "partie.atout"
    path.write_text(write_text(from_log(random_record("french", 3, 2))))
    result = runner.invoke(app, ["replay", "--json", "--text", str(path)])
    assert (
        result.exit_code == 2 and result.output == "error: --json and --text: give one of the two\n"
    )
