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

from atout.cards import Language
from atout.cli.app import LangOpt, app, fail, in_file, read_input, show
from atout.french.scoring import DealScore
from atout.refusals import Refusal
from atout.sheet import InputError, ScoreInput, score_text
from atout.terminal.words import BREAKDOWN_NAMES, CHOICE_NAMES, COMMAND_WORDS, MESSAGES


@app.command("score")
def score(
    file: Annotated[str, typer.Argument(help="The deal's JSON file, or - for stdin.")],
    lang: LangOpt,
    text: Annotated[bool, typer.Option("--text", help="A readable table instead of JSON.")] = False,
) -> None:
    """Score one French Tarot deal described in JSON (see examples/score-*.json)."""
    try:
        data, result = score_text(read_input(file))
    except (InputError, Refusal) as error:
        raise fail(in_file(error, file), lang) from None
    if text:
        _print_table(data, result, lang)
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
    """A seat's part in the deal, as a key of ``COMMAND_WORDS`` after ``role.``."""
    if seat == data.sitting_out:
        return "sits_out"
    if seat == data.taker:
        return "alone" if data.partner == seat else "taker"
    return "partner" if seat == data.partner else "defender"


def _print_table(data: ScoreInput, result: DealScore, lang: Language = "en") -> None:
    """The deal's contract and verdict, each seat's score and the breakdown, in ``lang``."""
    words, said = COMMAND_WORDS[lang], MESSAGES[lang]
    console = Console()
    contract = CHOICE_NAMES[lang][data.contract]
    verdict = said["made"] if result.made else said["failed"]
    title = words["score_title"].format(
        contract=contract[0].upper() + contract[1:], verdict=verdict, variant=data.variant
    )
    console.print(title, highlight=False)
    seats = Table(words["seat_col"], words["role_col"], words["score_col"])
    for seat, value in enumerate(result.scores):
        seats.add_row(str(seat), words[f"role.{_role(data, seat)}"], f"{value:+d}")
    show(seats)
    parts = Table(words["part_col"], words["points_col"])
    names = BREAKDOWN_NAMES[lang]
    for name, value in result.breakdown.items():
        parts.add_row(names.get(name, name.replace("_", " ")), str(value))
    show(parts)
