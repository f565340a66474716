"""``atout import``: another program's game files as our records (docs/records.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from atout.cli.app import LangOpt, app, fail, read_input
from atout.record_files import record_text
from atout.refusals import Refusal
from atout.tarotclub import read_tarotclub


@app.command("import")
def import_file(
    file: Annotated[str, typer.Argument(help="A TarotClub deal file (JSON), or - for stdin.")],
    lang: LangOpt,
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", help="Write the record here (JSON if it ends in .json)."),
    ] = None,
    json_form: Annotated[
        bool, typer.Option("--json", help="Print the record's JSON form.")
    ] = False,
) -> None:
    """Read a TarotClub deal file and print it as an atout record (or write it with -o);
    a file that cannot be read is refused in --lang's words."""
    try:
        record = read_tarotclub(read_input(file))
        if output:
            Path(output).write_text(record_text(record, output.endswith(".json")), encoding="utf-8")
        else:
            typer.echo(record_text(record, json_form), nl=False)
    except (OSError, Refusal, ValueError) as error:  # RecordError is a ValueError
        raise fail(error, lang) from None
