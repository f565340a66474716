"""The ``atout`` command-line application that every sub-command registers on."""

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from atout.cards import Language

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
    """The text of a command's input file (``-``: stdin); exit code 2 with a
    message when it cannot be read."""
    try:
        return sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as error:
        typer.echo(f"error: cannot read {file}: {error.strerror}", err=True)
    except UnicodeDecodeError as error:
        typer.echo(f"error: cannot read {file}: {not_utf8(error)}", err=True)
    raise typer.Exit(2)


def not_utf8(error: UnicodeDecodeError) -> str:
    """Why a file saved in another encoding (Latin-1, Windows-1252) is refused."""
    return f"not UTF-8 text (byte {error.start}): save it as UTF-8"
