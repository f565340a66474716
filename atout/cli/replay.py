"""``atout replay``: a game record rendered as text a person can read, or
converted to the record's text or JSON form (docs/records.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from atout.cards import Language
from atout.cli.app import LangOpt, app, fail, read_input
from atout.record_files import read_record, record_text
from atout.records import Record, RecordError, unknown_game
from atout.refusals import Refusal
from atout.registry import game_rules


def render_record(record: Record, language: Language | None = None, lang: Language = "en") -> str:
    """The whole record as text, as its game tells it (deal by deal, round by round),
    in ``lang``'s words, its cards named in ``language`` (None: the notation)."""
    try:
        rules = game_rules(record.game)
    except ValueError:
        raise RecordError(unknown_game(record.game)) from None
    return rules.render(
        record.players, record.variant, record.options, record.actions, language, lang
    )


@app.command()
def replay(
    file: Annotated[str, typer.Argument(help="A record file (text or JSON), or - for stdin.")],
    lang: LangOpt,
    names: Annotated[
        Language | None, typer.Option("--names", help="Write cards as names: en or fr.")
    ] = None,
    json_form: Annotated[
        bool, typer.Option("--json", help="Print the record's JSON form instead.")
    ] = False,
    text_form: Annotated[
        bool, typer.Option("--text", help="Print the record's text form instead.")
    ] = False,
) -> None:
    """Print a game record as readable text (hands, bids, tricks and scores) in
    --lang's words, or convert it: --text and --json print the record in that form
    (the record's own notation, the same in every language)."""
    try:
        if json_form and text_form:
            raise Refusal("cli_one_of_two", first="--json", second="--text")
        record = read_record(read_input(file))
        if json_form or text_form:
            typer.echo(record_text(record, json_form), nl=False)
        else:
            typer.echo(render_record(record.to_log(), names, lang))
    except (OSError, Refusal, ValueError) as error:  # RecordError is a ValueError
        raise fail(error, lang) from None
