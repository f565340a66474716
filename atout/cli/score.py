"""``atout score FILE``: the French Tarot score of one deal, as at the scoring table.

The input is a JSON description of the end of a deal (see ``examples/score-*.json``);
the output is each seat's score, summing to zero, with the breakdown. Any bad
input stops with exit code 2 and a message naming the field.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from atout.cli.app import app, read_input
from atout.french.scoring import DealScore
from atout.sheet import InputError, ScoreInput, score_text


@app.command("score")
def score(
    file: Annotated[str, typer.Argument(help="The deal's JSON file, or - for stdin.")],
    text: Annotated[bool, typer.Option("--text", help="A readable table instead of JSON.")] = False,
) -> None:
    """Score one French Tarot deal described in JSON (see examples/score-*.json)."""
    raw = read_input(file)
    try:
        data, result = score_text(raw)
    except InputError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if text:
        _print_table(data, result)
    else:
        typer.echo(json.dumps(_as_json(data, result), indent=2))


def _as_json(data: ScoreInput, result: DealScore) -> dict[str, Any]:
    return {
        "variant": data.variant,
        "contract": data.contract,
        "scores": list(result.scores),
        "made": result.made,
        "breakdown": dict(result.breakdown),
    }


def _role(data: ScoreInput, seat: int) -> str:
    if seat == data.sitting_out:
        return "sits out"
    if seat == data.taker:
        return "taker (alone)" if data.partner == seat else "taker"
    return "partner" if seat == data.partner else "defender"


def _print_table(data: ScoreInput, result: DealScore) -> None:
    console = Console()
    verdict = "made" if result.made else "failed"
    console.print(f"{data.contract.replace('_', ' ').title()} {verdict} ({data.variant})")
    seats = Table("Seat", "Role", "Score")
    for seat, value in enumerate(result.scores):
        seats.add_row(str(seat), _role(data, seat), f"{value:+d}")
    console.print(seats)
    parts = Table("Part", "Points")
    for name, value in result.breakdown.items():
        parts.add_row(name.replace("_", " "), str(value))
    console.print(parts)
