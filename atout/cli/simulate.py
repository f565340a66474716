"""``atout simulate``: random legal games through the engine, with speed and invariants."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from atout.cards import Language
from atout.cli.app import LangOpt, app, fail, show
from atout.refusals import Refusal
from atout.registry import GAME_NAMES, game_rules
from atout.terminal.words import COMMAND_WORDS, MESSAGES, count, decimal


def _shown(value: Any, lang: Language) -> str:
    """A statistic as a reader of ``lang`` reads it: yes or no, a decimal comma in
    French, a count or a list as JSON."""
    if isinstance(value, bool):
        return MESSAGES[lang]["yes" if value else "no"]
    if isinstance(value, float):
        return decimal(value, lang, "g")
    if isinstance(value, int | str):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


@app.command()
def simulate(
    lang: LangOpt,
    game: Annotated[
        str, typer.Option(help=f"Which game to play: {', '.join(GAME_NAMES)}.")
    ] = GAME_NAMES[0],
    players: Annotated[int, typer.Option(help="Number of players.")] = 4,
    deals: Annotated[
        int,
        typer.Option("--deals", "--games", "-n", min=1, help="Deals (French) or games (Africain)."),
    ] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the random players and deals.")] = 0,
    variant: Annotated[str | None, typer.Option(help="Rule variant (default: the game's).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
) -> None:
    """Play random legal deals and print speed, contract mix and invariant checks."""
    if game not in GAME_NAMES:
        raise fail(Refusal("cli_choice", option="--game", choices=list(GAME_NAMES)), lang)
    try:
        stats = game_rules(game).simulate(players, deals, seed, variant)
    except ValueError as error:  # its table: its players or variant the engine refuses
        raise fail(error, lang) from None
    if as_json:
        typer.echo(json.dumps(stats, ensure_ascii=False, indent=1))
    else:
        words = COMMAND_WORDS[lang]
        title = words["sim_title"].format(
            game=words.get(f"game.{game}", game), players=count("n_players", players, lang)
        )
        table = Table(title=title, show_header=False)
        for key, value in stats.items():
            shown = words.get(f"game.{value}", value) if key == "game" else _shown(value, lang)
            table.add_row(words.get(f"sim.{key}", key), shown)
        show(table)
    if not stats["invariants_ok"]:
        raise typer.Exit(1)
