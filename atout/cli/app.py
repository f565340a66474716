"""The ``atout`` command-line application that every sub-command registers on."""

import sys
from pathlib import Path

import typer

app = typer.Typer(
    name="atout",
    help="Tarot: French Tarot and Tarot Africain rules, robots and online play.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Tarot: French Tarot and Tarot Africain rules, robots and online play."""


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
