"""``atout play``: a whole game against robots in the terminal."""

from __future__ import annotations

import json
from typing import Any

import typer

from atout.cli.app import LangOpt, RefusedValue, app, cannot_write, fail
from atout.records import shown_text
from atout.refusals import Refusal
from atout.registry import GAME_NAMES, game_rules


def option_pairs(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs as variant options, values read as JSON when they parse;
    Refusal ``cli_option_pair`` for one that is not written so."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refusal("cli_option_pair", pair=shown_text(pair))
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


def writable(path: str | None) -> str | None:
    """Refuse a ``--save`` file that could not be written, before the game is played
    (and lost), coded as :func:`atout.cli.app.cannot_write` says it; nothing is
    created in checking."""
    if path is None:
        return None
    refused = cannot_write(path)
    if refused is not None:
        raise RefusedValue(refused)
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

    if game not in GAME_NAMES:
        raise fail(Refusal("cli_choice", option="--game", choices=list(GAME_NAMES)), lang)
    if level not in LEVELS:
        raise fail(Refusal("cli_choice", option="--level", choices=list(LEVELS)), lang)
    if level == "strong":
        from atout.robots.cores import use_cores

        use_cores(cores)
    console = Console()
    rules = game_rules(game)
    chosen = variant or rules.default_variant
    try:
        options = rules.rounds_options(deals) | option_pairs(option)
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
    except (Refusal, ValueError) as error:  # the table: its players, variant or options refused
        raise fail(error, lang) from None
    try:
        finished = session.run()
    except EOFError:
        finished = False
    if save:
        from atout.cli.saving import save_played

        try:
            save_played(save, game, chosen, options, session.match.log, level, players)
        except Refusal as error:
            raise fail(error, lang) from None
    raise typer.Exit(0 if finished else 1)
