"""The record from the command line: play --save, replay in every form, import;
a bad file gets a message with its line and column, never a traceback."""

from __future__ import annotations

import json
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
    assert result.output.startswith(f"error: line {number + 1}, column 1: 'bid:triple'")
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
