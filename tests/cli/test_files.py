"""Files a command writes or reads, refused in the reader's language and left as
they were: a state file written over a folder or a device (a FIFO here) is
refused and leaves no temporary file behind; ``import -o`` replaces a file only
with ``--force``, as ``tournament create`` does; the system's common reasons
(no such folder, a file taken for a folder, a folder that takes no new file, no
space left, a read-only file system) are worded in both languages."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from atout.cli.app import unreadable, unwritable, write_whole
from atout.cli.commands import app
from atout.refusals import Refusal, message

TAROTCLUB = Path(__file__).parents[1] / "records" / "tarotclub_deal.json"
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "250"}


def _run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, args, env=NO_LOCALE)
    return result.exit_code, result.stderr


def _names(folder: Path) -> Path:
    names = folder / "names.txt"
    names.write_text("Anne\nBen\nCléo\nDom\n", encoding="utf-8")
    return names


def _club(folder: Path) -> Path:
    state = folder / "club.json"
    made = ["tournament", "create", str(state), "--tables", "1", "--seed", "1", "--force"]
    assert _run(made)[0] == 0
    return state


def _writes(folder: Path, target: Path) -> list[list[str]]:
    """Every command writing a state file, writing ``target``."""
    return [
        ["tournament", "create", str(target), "--force", "--tables", "1", "--seed", "1"],
        ["tournament", "next-session", str(_club(folder)), str(target), "--force"],
        ["tournament", "libre", "create", str(target), "--force", "--names", str(_names(folder))],
        ["import", str(TAROTCLUB), "-o", str(target), "--force"],
    ]


def test_a_folder_is_not_replaced_and_no_temporary_file_is_left(tmp_path: Path) -> None:
    target = tmp_path / "d1"
    target.mkdir()
    for args in _writes(tmp_path, target):
        before = sorted(tmp_path.iterdir())
        code, err = _run([*args, "--lang", "fr"])
        assert (code, err) == (2, f"erreur : impossible d'écrire {target} : c'est un dossier\n")
        assert sorted(tmp_path.iterdir()) == before, args  # no d1.tmp
        assert target.is_dir() and list(target.iterdir()) == []


def test_a_device_is_not_replaced(tmp_path: Path) -> None:
    """``--force`` renamed a state file over ``/dev/full`` when run as root; a FIFO
    stands for a device here."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(fifo)
    for target in (fifo, link):
        for args in _writes(tmp_path, target):
            code, err = _run([*args, "--lang", "fr"])
            assert (code, err) == (
                2,
                f"erreur : impossible de remplacer {target} : ce n'est pas un fichier ordinaire\n",
            ), args
            code, err = _run([*args, "--lang", "en"])
            assert err == f"error: cannot replace {target}: it is not a regular file\n"
    assert fifo.is_fifo() and link.is_symlink()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_play_does_not_save_over_a_device(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, err = _run(["play", "--save", str(fifo), "--lang", "fr"])
    assert (code, err.splitlines()[0]) == (
        2,
        f"erreur : --save : impossible de remplacer {fifo} : ce n'est pas un fichier ordinaire",
    )


def test_a_failed_rename_removes_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "state.json"
    target.write_text("old", encoding="utf-8")

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(Refusal) as refused:
        write_whole(str(target), "new")
    assert refused.value.code == "file_write_full"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.json"]
    assert target.read_text(encoding="utf-8") == "old"


def test_import_replaces_a_file_only_with_force(tmp_path: Path) -> None:
    out = tmp_path / "out.atout"
    out.write_text("mine", encoding="utf-8")
    code, err = _run(["import", str(TAROTCLUB), "-o", str(out), "--lang", "fr"])
    assert (code, err) == (2, f"erreur : {out} existe déjà (--force pour le remplacer)\n")
    assert out.read_text(encoding="utf-8") == "mine"
    assert _run(["import", str(TAROTCLUB), "-o", str(out), "--force"])[0] == 0
    assert '[Game "french"]' in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("output", "french"),
    [
        ("{folder}", "erreur : impossible d'écrire {folder} : c'est un dossier"),
        (
            "{folder}/names.txt/x.atout",
            "erreur : impossible d'écrire {folder}/names.txt/x.atout : "
            "{folder}/names.txt n'est pas un dossier",
        ),
        (
            "{folder}/none/x.atout",
            "erreur : impossible d'écrire {folder}/none/x.atout : "
            "il n'y a pas de dossier {folder}/none",
        ),
    ],
)
def test_import_says_why_it_cannot_write_in_french(
    output: str, french: str, tmp_path: Path
) -> None:
    """It said ``error: [Errno 21] Is a directory: '/tmp'``."""
    _names(tmp_path)
    given = output.format(folder=tmp_path)
    code, err = _run(["import", str(TAROTCLUB), "-o", given, "--lang", "fr"])
    assert (code, err) == (2, french.format(folder=tmp_path) + "\n")


def test_a_path_through_a_file_is_said_so(tmp_path: Path) -> None:
    """``score names.txt/x.json`` said ``... : Not a directory`` in English, and
    ``play --save names.txt/x.atout`` that there was no folder names.txt."""
    names = _names(tmp_path)
    inside = f"{names}/x.json"
    for command in (
        ["score", inside],
        ["replay", inside],
        ["tournament", "ranking", inside],
        ["tournament", "create", str(tmp_path / "c.json"), "--names", inside],
    ):
        code, err = _run([*command, "--lang", "fr"])
        assert (code, err) == (
            2,
            f"erreur : impossible de lire {inside} : {names} n'est pas un dossier\n",
        ), command
    code, err = _run(["play", "--save", f"{names}/x.atout", "--lang", "fr"])
    assert err.splitlines()[0] == (
        f"erreur : --save : impossible d'écrire {names}/x.atout : {names} n'est pas un dossier"
    )


@pytest.mark.parametrize(
    ("number", "code"),
    [
        (errno.ENOENT, "file_missing"),
        (errno.ENOTDIR, "file_read_not_folder"),
        (errno.EISDIR, "file_folder"),
        (errno.EACCES, "file_denied"),
        (errno.EPERM, "file_denied"),
    ],
)
def test_common_reasons_to_be_unreadable_are_coded(number: int, code: str) -> None:
    refusal = unreadable("a/b.json", OSError(number, os.strerror(number)))
    assert refusal.code == code
    assert os.strerror(number) not in message(refusal.code, refusal.params, "fr")


@pytest.mark.parametrize(
    ("number", "code"),
    [
        (errno.ENOENT, "file_write_no_folder"),
        (errno.ENOTDIR, "file_write_no_folder"),
        (errno.EISDIR, "file_write_folder"),
        (errno.EACCES, "file_write_denied"),
        (errno.EPERM, "file_write_denied"),
        (errno.ENOSPC, "file_write_full"),
        (errno.EROFS, "file_write_read_only"),
    ],
)
def test_common_reasons_to_be_unwritable_are_coded(number: int, code: str) -> None:
    refusal = unwritable("none/b.json", OSError(number, os.strerror(number)))
    assert refusal.code == code
    assert os.strerror(number) not in message(refusal.code, refusal.params, "fr")


def test_a_folder_taking_no_new_file_is_not_said_missing(tmp_path: Path) -> None:
    """``create /proc/x.json`` said there was no folder /proc."""
    refusal = unwritable(str(tmp_path / "x.json"), FileNotFoundError(errno.ENOENT, "No such"))
    assert message(refusal.code, refusal.params, "fr") == (
        f"impossible d'écrire {tmp_path / 'x.json'} : aucun fichier ne peut être créé "
        f"dans {tmp_path}"
    )
