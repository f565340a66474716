"""``atout score FILE``: the French Tarot score of one deal, as at the scoring table.

The input is a JSON description of the end of a deal (see ``examples/score-*.json``);
the output is each seat's score, summing to zero, with the breakdown. Any bad
input stops with exit code 2 and a message naming the field.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from rich.console import Console
from rich.table import Table

from atout.cli.app import app
from atout.french.scoring import (
    DealOutcome,
    DealScore,
    MisereDeclared,
    MisereKind,
    PoigneeDeclared,
    PoigneeSize,
    Side,
    score_deal,
)
from atout.french.variants import VARIANTS, Contract, get_variant

ContractName = Literal["prise", "pousse", "garde", "garde_sans", "garde_contre"]

_FIELD_NAMES = {
    "attack_half_points": "points",
    "chelem_announced": "chelem.announced",
    "chelem": "chelem.made",
}
"""Scoring's field names, as the input file spells them."""


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PoigneeInput(_Input):
    seat: int
    size: PoigneeSize


class MisereInput(_Input):
    seat: int
    kind: MisereKind


class ChelemInput(_Input):
    announced: bool = False
    made: Side | None = None


class ScoreInput(_Input):
    """One finished deal, as a person writes it down."""

    players: Literal[3, 4, 5]
    variant: str = "fft"
    options: dict[str, Any] = Field(default_factory=dict)
    contract: ContractName
    taker: int
    partner: int | None = None
    points: float = Field(ge=0, le=91)
    bouts: int = Field(ge=0, le=3)
    petit_au_bout: Side | None = None
    poignees: list[PoigneeInput] = Field(default_factory=list)
    chelem: ChelemInput = Field(default_factory=ChelemInput)
    miseres: list[MisereInput] = Field(default_factory=list)
    sitting_out: int | None = None

    @field_validator("points")
    @classmethod
    def _whole_or_half(cls, points: float) -> float:
        if (points * 2) % 1:
            raise ValueError("points are counted to the half point (e.g. 40.5)")
        return points

    def outcome(self) -> DealOutcome:
        """The deal as the scoring reads it."""
        return DealOutcome(
            players=self.players,
            contract=Contract[self.contract.upper()],
            taker=self.taker,
            partner=self.partner,
            attack_half_points=round(self.points * 2),
            bouts=self.bouts,
            petit_au_bout=self.petit_au_bout,
            poignees=tuple(PoigneeDeclared(p.seat, p.size) for p in self.poignees),
            chelem_announced=self.chelem.announced,
            chelem=self.chelem.made,
            miseres=tuple(MisereDeclared(m.seat, m.kind) for m in self.miseres),
            sitting_out=self.sitting_out,
        )


class InputError(ValueError):
    """Input that cannot be scored; the message names the field."""


def score_text(text: str) -> tuple[ScoreInput, DealScore]:
    """Read and score one deal's JSON; InputError naming the field on bad input."""
    try:
        data = ScoreInput.model_validate_json(text)
    except ValidationError as error:
        raise InputError("; ".join(_describe(e) for e in error.errors())) from None
    try:
        variant = get_variant(data.variant, data.options)
    except ValueError as error:
        field = "options" if data.variant in VARIANTS else "variant"
        raise InputError(f"{field}: {error}") from None
    try:
        return data, score_deal(data.outcome(), variant)
    except ValueError as error:
        field, _, reason = str(error).partition(": ")
        raise InputError(f"{_FIELD_NAMES.get(field, field)}: {reason}") from None


def _describe(error: Any) -> str:
    """A pydantic error as ``field.path: message``."""
    where = ".".join(str(part) for part in error["loc"]) or "input"
    if error["type"] == "json_invalid":
        return f"input is not valid JSON: {error['msg']}"
    return f"{where}: {error['msg'].removeprefix('Value error, ')}"


@app.command("score")
def score(
    file: Annotated[str, typer.Argument(help="The deal's JSON file, or - for stdin.")],
    text: Annotated[bool, typer.Option("--text", help="A readable table instead of JSON.")] = False,
) -> None:
    """Score one French Tarot deal described in JSON (see examples/score-*.json)."""
    try:
        raw = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as error:
        typer.echo(f"FILE: cannot read {file}: {error.strerror}", err=True)
        raise typer.Exit(2) from None
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
