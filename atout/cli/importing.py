"""``atout import``: another program's game files as our records (docs/records.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from atout.cli.app import app, read_input
from atout.record_files import record_text
from atout.records import RecordError
from atout.tarotclub import read_tarotclub


@app.command("import")
def import_file(
    file: Annotated[str, typer.Argument(help="A TarotClub deal file (JSON), or - for stdin.")],
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", help="Write the record here (JSON if it ends in .json)."),
    ] = None,
    json_form: Annotated[
        bool, typer.Option("--json", help="Print the record's JSON form.")
    ] = False,
) -> None:
    """Read a TarotClub deal file and print it as an atout record (or write it with -o)."""
    try:
        record = read_tarotclub(read_input(file))
        if output:
            Path(output).write_text(record_text(record, output.endswith(".json")), encoding="utf-8")
        else:
            typer.echo(record_text(record, json_form), nl=False)
    except (OSError, RecordError, ValueError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
