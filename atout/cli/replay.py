"""``atout replay``: a game record rendered as text a person can read."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from atout.cards import Language
from atout.cli.app import app
from atout.game import ActionSyntaxError, IllegalAction
from atout.records import Record, RecordError


def render_record(record: Record, language: Language | None = None) -> str:
    """The whole record as text, deal by deal (French) or round by round (Africain)."""
    if record.game == "french":
        from atout.french.render import render_game as french

        return french(record.players, record.actions, record.variant, record.options, language)
    if record.game == "africain":
        from atout.africain.render import render_game as africain

        return africain(record.players, record.actions, record.variant, record.options)
    raise RecordError(f"unknown game {record.game!r}")


@app.command()
def replay(
    file: Annotated[str, typer.Argument(help="A record file (JSON), or - for stdin.")],
    names: Annotated[
        Language | None, typer.Option("--names", help="Write cards as names: en or fr.")
    ] = None,
) -> None:
    """Print a game record as readable text: hands, bids, tricks and scores."""
    try:
        text = typer.get_text_stream("stdin").read() if file == "-" else Path(file).read_text()
        typer.echo(render_record(Record.from_json(text), names))
    except (OSError, RecordError, ActionSyntaxError, IllegalAction, ValueError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
