"""The ``atout`` command-line application that every sub-command registers on."""

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from atout.analysis.review import Unreviewable
from atout.cards import Language
from atout.record_format import record_refusal
from atout.records import RecordError
from atout.refusals import Refusal, full_message
from atout.sheet import InputError
from atout.terminal.words import COMMAND_WORDS

app = typer.Typer(
    name="atout",
    help="Tarot: French Tarot and Tarot Africain rules, robots and online play.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Tarot: French Tarot and Tarot Africain rules, robots and online play."""


def locale_language() -> Language:
    """The reader's language as the locale names it, the default of every ``--lang``:
    French when the first of LC_ALL, LC_MESSAGES and LANG that is set starts with
    ``fr`` (the order POSIX reads them in), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


LangOpt = Annotated[
    Language,
    typer.Option(
        "--lang",
        default_factory=locale_language,
        show_default="the locale's: fr for LANG=fr_FR..., else en",
        help="The language of what is shown: en or fr.",
    ),
]
"""A command's ``--lang``, the locale's language unless given."""


def read_input(file: str) -> str:
    """The text of a command's input file (``-``: stdin); the refusal of
    :func:`unreadable` when it cannot be read."""
    try:
        return sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise unreadable(file, error) from None


def unreadable(file: str, error: OSError | UnicodeDecodeError) -> Refusal:
    """Why ``file`` cannot be read, coded: no such file, permission denied, a folder,
    not UTF-8 text (a file saved as Latin-1 or Windows-1252), or the system's reason."""
    if isinstance(error, UnicodeDecodeError):
        return Refusal("file_not_utf8", file=file, byte=error.start)
    if isinstance(error, FileNotFoundError | PermissionError | IsADirectoryError):
        return Refusal(
            "file_missing"
            if isinstance(error, FileNotFoundError)
            else "file_denied"
            if isinstance(error, PermissionError)
            else "file_folder",
            file=file,
        )
    return Refusal("file_unreadable", file=file, reason=error.strerror or str(error))


def refusal_of(error: BaseException) -> Refusal | None:
    """The refusal an error is or carries, coded for a reader's language: a record's
    fault with its place (``record_refusal``), a sheet's or a deal's field
    (``sheet_invalid``), a review refused; None for an error that is not coded."""
    if isinstance(error, Refusal):
        return error
    if isinstance(error, RecordError):
        return record_refusal(error)
    if isinstance(error, InputError):
        return error.refusal()
    if isinstance(error, Unreviewable):
        return error.why
    return None


def fail(error: BaseException | str, lang: Language, where: str = "") -> typer.Exit:
    """Print why a command stops on stderr, on one line, and give the exit (status
    2) to raise: a coded refusal (:func:`refusal_of`) in ``lang``, after that
    language's word for it (``erreur : ...``) and the ``where`` it concerns (a
    file) when given; any other error, or a message of the command's own, as it
    is, in English (``error: ...``)."""
    told = refusal_of(error) if isinstance(error, BaseException) else None
    text = str(error) if told is None else full_message(told.code, told.params, lang)
    words = COMMAND_WORDS["en" if told is None else lang]
    if where:
        text = words["error_in"].format(where=where, message=text)
    typer.echo(words["error"].format(message=text), err=True)
    return typer.Exit(2)
