"""``atout simulate``: random legal games through the engine, with speed and invariants."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from atout.cli.app import app


class GameName(StrEnum):
    """The games the simulator plays."""

    french = "french"
    africain = "africain"


def _run(
    game: GameName, players: int, count: int, seed: int, variant: str | None
) -> dict[str, Any]:
    if game is GameName.french:
        from atout.french.simulate import simulate as french

        return french(players, count, seed=seed, variant=variant or "fft")
    from atout.africain.simulate import simulate as africain

    return africain(players, count, seed=seed, variant=variant or "standard")


@app.command()
def simulate(
    game: Annotated[GameName, typer.Option(help="Which game to play.")] = GameName.french,
    players: Annotated[int, typer.Option(help="Number of players.")] = 4,
    count: Annotated[
        int,
        typer.Option("--deals", "--games", "-n", min=1, help="Deals (French) or games (Africain)."),
    ] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the random players and deals.")] = 0,
    variant: Annotated[str | None, typer.Option(help="Rule variant (default: the game's).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
) -> None:
    """Play random legal deals and print speed, contract mix and invariant checks."""
    try:
        stats = _run(game, players, count, seed, variant)
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(stats, ensure_ascii=False, indent=1))
    else:
        table = Table(title=f"atout simulate: {game.value}, {players} players", show_header=False)
        for key, value in stats.items():
            table.add_row(key, json.dumps(value, ensure_ascii=False))
        Console().print(table)
    if not stats["invariants_ok"]:
        raise typer.Exit(1)
