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
from atout.cli.app import app, read_input
from atout.record_files import read_log
from atout.records import Record, RecordError


@app.command(name="analyse")
def analyse_command(
    file: Annotated[
        str, typer.Argument(help="A record file (text or JSON: docs/records.md), or - for stdin.")
    ],
    seat: Annotated[int, typer.Option("--seat", "-s", help="The seat to review (from 0).")],
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
            disable=as_json,
        ) as bar:
            task = bar.add_task(f"seat {seat}", total=None)
            review = analyse(
                record,
                seat,
                Budget(deals, seed),
                lambda done, total: bar.update(task, completed=done, total=total),
            )
    except (OSError, RecordError, ValueError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(review.to_dict(), ensure_ascii=False, indent=1))
    else:
        Console().print(_table(review, record))


def _table(review: Review, record: Record) -> Table:
    """Each reviewed decision on a row, the summary under it."""
    summary = review.to_dict()["summary"]
    table = Table(
        title=f"atout analyse: seat {review.seat}, {review.budget.deals} deals per decision",
        caption=(
            f"accuracy {summary['accuracy']}%, average loss {summary['average_loss']} "
            f"{review.thresholds.unit}; {summary['inaccuracies']} inaccuracies, "
            f"{summary['mistakes']} mistakes, {summary['blunders']} blunders"
            + (f"; {review.unsearched} announcements not searched" if review.unsearched else "")
        ),
    )
    for column in ("#", "deal", "taken", "expected", "best", "expected", "loss", "mark"):
        table.add_column(column, justify="right" if column in ("#", "deal") else "left")
    for decision in review.decisions:
        best = decision.best[0]
        mark = decision.mark.symbol if decision.mark is not None else ""
        table.add_row(
            str(decision.index + 1),
            str(decision.deal),
            decision.taken.action,
            f"{decision.taken.expected:.1f}",
            best.action if best.action != decision.taken.action else "=",
            f"{best.expected:.1f}",
            f"{decision.loss:.1f}",
            mark,
        )
    return table
