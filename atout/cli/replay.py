"""``atout replay``: a game record rendered as text a person can read."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from atout.cards import Language
from atout.cli.app import app
from atout.game import ActionSyntaxError, IllegalAction
from atout.records import Record, RecordError
from atout.registry import game_rules


def render_record(record: Record, language: Language | None = None) -> str:
    """The whole record as text, as its game tells it (deal by deal, round by round)."""
    try:
        rules = game_rules(record.game)
    except ValueError as error:
        raise RecordError(str(error)) from None
    return rules.render(record.players, record.variant, record.options, record.actions, language)


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
