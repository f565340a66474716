"""``atout sheet FILE``: a whole score sheet (players, rules, deals played with real
cards) scored deal by deal, with the running totals, as at the end of a club evening.

The input is a JSON sheet (see ``examples/sheet-fft-rulebook.json`` and the
README); the output is a table of each deal's scores and totals, or CSV. Bad
input stops with exit code 2 and a message naming the field.
"""

from __future__ import annotations

import re
from typing import Annotated, Final

import typer
from rich.table import Table

from atout.cards import Language
from atout.cli.app import LangOpt, app, fail, in_file, read_input, show
from atout.refusals import Refusal
from atout.sheet import (
    CSV_WORDS,
    InputError,
    ScoredSheet,
    SheetInput,
    check_names,
    csv_text,
    parse,
    score_sheet,
    taker_text,
)
from atout.terminal.words import COMMAND_WORDS


@app.command("sheet")
def sheet(
    file: Annotated[str, typer.Argument(help="The sheet's JSON file, or - for stdin.")],
    lang: LangOpt,
    as_csv: Annotated[bool, typer.Option("--csv", help="CSV instead of a table.")] = False,
) -> None:
    """Score a sheet of French Tarot deals (JSON) and print the running totals."""
    try:
        sheet = parse(SheetInput, read_input(file))
        check_names(sheet)
        scored = score_sheet(sheet)
    except (InputError, Refusal) as error:
        raise fail(in_file(error, file), lang, _deal_of(error, lang)) from None
    if as_csv:
        typer.echo(csv_text(scored, lang), nl=False)
    else:
        _print_table(scored, lang)


_DEAL_FIELD: Final = re.compile(r"deals\.(\d+)(?:\.|$)")


def _deal_of(error: Exception, lang: Language) -> str:
    """The deal a refused field is in, numbered from 1 as the printed sheet
    numbers it (``deal 2``; the JSON's path ``deals.1`` counts from 0), else ""."""
    found = _DEAL_FIELD.match(error.field) if isinstance(error, InputError) else None
    if found is None:
        return ""
    return COMMAND_WORDS[lang]["sheet.deal"].format(number=int(found[1]) + 1)


def _print_table(scored: ScoredSheet, lang: Language = "en") -> None:
    """The sheet as a table in ``lang``, in the words of its CSV (``CSV_WORDS``)."""
    words = CSV_WORDS[lang]
    names = [p.name for p in scored.sheet.players]
    title = scored.sheet.title or words["title"].format(variant=scored.sheet.variant)
    _, contract, taker, *_ = words["columns"].split("|")
    table = Table(
        "#", contract.capitalize(), taker.capitalize(), *names, title=title, show_footer=True
    )
    table.caption = words["caption"]
    for column in table.columns[3:]:
        column.justify = "right"
        column.no_wrap = True
    for number, deal in enumerate(scored.deals, 1):
        entry = deal.entry
        verdict = "✓" if deal.score.made else "✗"
        table.add_row(
            str(number),
            f"{entry.contract.replace('_', ' ')} {verdict}",
            taker_text(scored, entry),
            *(
                f"{score:+d} ({total})"
                for score, total in zip(deal.score.scores, deal.totals, strict=True)
            ),
        )
    table.columns[2].footer = words["total"].capitalize()
    for column, total in zip(table.columns[3:], scored.totals, strict=True):
        column.footer = str(total)
    show(table)
