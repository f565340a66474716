"""``atout simulate``: random legal games through the engine, with speed and invariants."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from atout.cli.app import app, fail
from atout.refusals import Refusal
from atout.registry import GAME_NAMES, game_rules


@app.command()
def simulate(
    game: Annotated[
        str, typer.Option(help=f"Which game to play: {', '.join(GAME_NAMES)}.")
    ] = GAME_NAMES[0],
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
    if game not in GAME_NAMES:  # in English, as the rest of its report
        raise fail(Refusal("cli_choice", option="--game", choices=list(GAME_NAMES)), "en")
    try:
        stats = game_rules(game).simulate(players, count, seed, variant)
    except ValueError as error:  # its table, in English as the rest of its report
        raise fail(error, "en") from None
    if as_json:
        typer.echo(json.dumps(stats, ensure_ascii=False, indent=1))
    else:
        table = Table(title=f"atout simulate: {game}, {players} players", show_header=False)
        for key, value in stats.items():
            table.add_row(key, json.dumps(value, ensure_ascii=False))
        Console().print(table)
    if not stats["invariants_ok"]:
        raise typer.Exit(1)
