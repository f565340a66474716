"""``atout play``: a whole game against robots in the terminal."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import typer

from atout.cli.app import LangOpt, app, fail
from atout.registry import GAME_NAMES, game_rules


def option_pairs(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs as variant options, values read as JSON when they parse."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"{pair!r}: write an option as key=value")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


def writable(path: str | None) -> str | None:
    """Refuse a ``--save`` file that could not be written, before the game is played
    (and lost); nothing is created in checking."""
    if path is None:
        return None
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise typer.BadParameter(f"{path} is a folder, not a file")
    if not folder.is_dir():
        raise typer.BadParameter(f"no folder {folder} to write {target.name} in")
    if not os.access(target if target.exists() else folder, os.W_OK):
        raise typer.BadParameter(f"{path} cannot be written (permission denied)")
    return path


@app.command()
def play(
    lang: LangOpt,
    game: str = typer.Option(GAME_NAMES[0], help=f"The game: {', '.join(GAME_NAMES)}."),
    players: int = typer.Option(4, help="Seats at the table, you included (seat 0)."),
    variant: str | None = typer.Option(None, help="Rule variant (default: the official one)."),
    deals: int = typer.Option(4, min=1, help="Deals in the game, where the game has that option."),
    level: str = typer.Option("heuristic", help="The robots' level: random, heuristic, strong."),
    seed: int | None = typer.Option(None, help="Seed of the deals, to replay a game."),
    option: list[str] = typer.Option(  # noqa: B008
        [], "--option", "-o", help="A rule option, key=value (e.g. dealer_sits_out=true)."
    ),
    cores: int | None = typer.Option(
        None, min=1, help="Cores strong robots think on (default: every core)."
    ),
    save: str | None = typer.Option(
        None,
        callback=writable,
        help="Write the game to this record file (text; JSON if it ends in .json).",
    ),
) -> None:
    """Play French Tarot or Tarot Africain against robots; type 'hint' for advice."""
    from rich.console import Console

    from atout.robots import LEVELS
    from atout.terminal.play import TerminalGame

    if level not in LEVELS or game not in GAME_NAMES:
        raise typer.BadParameter(
            f"game is one of {', '.join(GAME_NAMES)}; level random, heuristic or strong"
        )
    if level == "strong":
        from atout.robots.cores import use_cores

        use_cores(cores)
    console = Console()
    rules = game_rules(game)
    options = rules.rounds_options(deals) | option_pairs(option)
    chosen = variant or rules.default_variant
    try:
        session = TerminalGame(
            game,
            players,
            chosen,
            options or None,
            level,
            lang,
            lambda prompt: console.input(f"[bold]{prompt}[/bold] > "),
            console,
            seed,
        )
    except ValueError as error:  # the table: a game, players, variant or option refused
        raise fail(error, lang) from None
    try:
        finished = session.run()
    except EOFError:
        finished = False
    if save:
        from atout.cli.saving import save_played

        try:
            save_played(save, game, chosen, options, session.match.log, level, players)
        except OSError as error:
            raise fail(error, lang) from None
    raise typer.Exit(0 if finished else 1)
