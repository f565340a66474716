"""``atout analyse``: the strong robot's review of a recorded game for one seat."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from atout.analysis import Budget, Review, analyse
from atout.analysis.review import DEFAULT_DEALS
from atout.cards import Language
from atout.cli.app import LangOpt, app, fail, read_input, show
from atout.record_files import read_log
from atout.refusals import Refusal
from atout.terminal.words import COMMAND_WORDS, MESSAGES, action_words, count, decimal


@app.command(name="analyse")
def analyse_command(
    file: Annotated[
        str, typer.Argument(help="A record file (text or JSON: docs/records.md), or - for stdin.")
    ],
    seat: Annotated[int, typer.Option("--seat", "-s", help="The seat to review (from 0).")],
    lang: LangOpt,
    deals: Annotated[
        int, typer.Option(min=2, max=10_000, help="Sampled deals per decision.")
    ] = DEFAULT_DEALS,
    seed: Annotated[int, typer.Option(help="Seed the deals are sampled from.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
) -> None:
    """Review each decision of a seat: expected score of the action taken against
    the best the strong robot finds, with inaccuracies (?!), mistakes (?) and
    blunders (??) marked, and a summary."""
    try:
        record = read_log(read_input(file))
        console = Console(stderr=True)
        columns = (BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(
            "[progress.description]{task.description}",
            *columns,
            console=console,
            transient=True,
            disable=as_json or not console.is_terminal,  # no line left on a file or a pipe
        ) as bar:
            task = bar.add_task(MESSAGES[lang]["seat"].format(seat=seat), total=None)
            review = analyse(
                record,
                seat,
                Budget(deals, seed),
                lambda done, total: bar.update(task, completed=done, total=total),
            )
    except (OSError, Refusal, ValueError) as error:  # RecordError is a ValueError
        raise fail(error, lang) from None
    if as_json:
        typer.echo(json.dumps(review.to_dict(), ensure_ascii=False, indent=1))
    else:
        show(_table(review, lang))


def _table(review: Review, lang: Language = "en") -> Table:
    """Each reviewed decision on a row, the summary under it, in ``lang``, the
    actions in words (:func:`action_words`; ``--json`` keeps the notation)."""
    words = COMMAND_WORDS[lang]
    summary = review.to_dict()["summary"]
    caption = words["analyse_summary"].format(
        accuracy=decimal(summary["accuracy"], lang),
        loss=decimal(summary["average_loss"], lang),
        unit=words[f"unit.{review.thresholds.unit.replace(' ', '_')}"],
        inaccuracies=count("n_inaccuracies", summary["inaccuracies"], lang),
        mistakes=count("n_mistakes", summary["mistakes"], lang),
        blunders=count("n_blunders", summary["blunders"], lang),
    )
    if review.unsearched:
        unsearched = count("n_unsearched", review.unsearched, lang)
        caption += words["analyse_unsearched"].format(unsearched=unsearched)
    deals = count("n_deals", review.budget.deals, lang)
    table = Table(
        title=words["analyse_title"].format(seat=review.seat, deals=deals), caption=caption
    )
    for place, column in enumerate(words["analyse_columns"].split("|")):
        table.add_column(column, justify="right" if place < 2 else "left")
    for decision in review.decisions:
        best = decision.best[0]
        mark = decision.mark.symbol if decision.mark is not None else ""
        table.add_row(
            str(decision.index + 1),
            str(decision.deal),
            action_words(decision.taken.action, lang),
            decimal(decision.taken.expected, lang, ".1f"),
            action_words(best.action, lang) if best.action != decision.taken.action else "=",
            decimal(best.expected, lang, ".1f"),
            decimal(decision.loss, lang, ".1f"),
            mark,
        )
    return table
