"""``atout play``'s options: a bad one is refused before the first deal, as a game
played to the end and then lost (or played on a wrong setting) costs the player."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from atout.cli.commands import app


def play(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        app, ["play", "--level", "random", *args], input="quit\n", env={"COLUMNS": "400"}
    )
    return result.exit_code, result.output


def started(output: str) -> bool:
    """Whether the game asked its first question (the bid)."""
    return "Choices:" in output


def test_a_save_file_in_no_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "x.atout"
    code, out = play("--save", str(missing))
    assert code == 2 and not started(out)
    assert "--save" in out and "no-such-folder" in out
    assert list(tmp_path.iterdir()) == []  # nothing created in checking


def test_a_folder_is_no_save_file(tmp_path: Path) -> None:
    code, out = play("--save", str(tmp_path))
    assert code == 2 and not started(out)
    assert "--save" in out and "folder" in out


def test_a_save_file_that_cannot_be_written_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tests may run as root, whom file modes do not stop: the permission is denied here.
    monkeypatch.setattr("atout.cli.app.os.access", lambda path, mode: False)
    code, out = play("--save", str(tmp_path / "x.atout"))
    assert code == 2 and not started(out)
    assert "--save" in out and "permission denied" in out
    assert list(tmp_path.iterdir()) == []


def test_a_writable_save_file_lets_the_game_start(tmp_path: Path) -> None:
    saved = tmp_path / "x.atout"
    code, out = play("--save", str(saved))
    assert code == 1 and started(out)  # the player quit at the first question
    assert saved.read_text(encoding="utf-8").startswith(";")


@pytest.mark.parametrize(
    ("option", "value"), [("--deals", "0"), ("--deals", "-2"), ("--cores", "0"), ("--cores", "-1")]
)
def test_a_count_below_one_is_refused_naming_its_option(option: str, value: str) -> None:
    code, out = play(option, value)
    assert code == 2 and not started(out)
    assert f"error: {option}: must be at least 1\nhelp: atout play --help\n" in out
