"""``atout import``: another program's game files as our records (docs/records.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from atout.cli.app import LangOpt, app, cannot_write, fail, read_input, write_whole
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
    force: Annotated[bool, typer.Option(help="Replace an existing --output file.")] = False,
) -> None:
    """Read a TarotClub deal file and print it as an atout record (or write it with -o,
    an existing file replaced only with --force); a file that cannot be read or
    written is refused in --lang's words, and nothing is written."""
    refused = cannot_write(output) if output else None
    if output and refused is None and not force and Path(output).exists():
        refused = Refusal("file_exists", file=output)
    if refused is not None:
        raise fail(refused, lang)
    try:
        record = read_tarotclub(read_input(file))
        if output:
            write_whole(output, record_text(record, output.endswith(".json")))
        else:
            typer.echo(record_text(record, json_form), nl=False)
    except (OSError, Refusal, ValueError) as error:  # RecordError is a ValueError
        raise fail(error, lang) from None
