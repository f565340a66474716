"""``atout arena``: robots against each other on duplicate deals."""

from __future__ import annotations

import json
from typing import Any

import typer

from atout.cards import Language
from atout.cli.app import LangOpt, app, fail, positive, show
from atout.refusals import Refusal
from atout.registry import GAME_NAMES
from atout.terminal.words import COMMAND_WORDS, count, decimal


def _fmt(stat: dict[str, Any], lang: Language, digits: int = 1) -> str:
    """A mean with its 95% interval, when there is one, as a reader of ``lang`` writes it."""
    if stat["mean"] is None:
        return "-"
    spec = f".{digits}f"
    mean = decimal(stat["mean"], lang, spec)
    if stat["low"] is None:
        return mean
    low, high = (decimal(stat[end], lang, spec) for end in ("low", "high"))
    return COMMAND_WORDS[lang]["interval"].format(mean=mean, low=low, high=high)


def _percent(rate: float | None, lang: Language) -> str:
    if rate is None:
        return "-"
    return COMMAND_WORDS[lang]["percent"].format(n=decimal(100 * rate, lang, ".1f"))


def _table(report: dict[str, Any], lang: Language = "en") -> Any:
    from rich.table import Table

    words = COMMAND_WORDS[lang]
    contracts = report["contracts"]
    title = words["arena_title"].format(
        game=words.get(f"game.{report['game']}", report["game"]),
        players=count("n_players", report["players"], lang),
        units=count(f"n_{report['unit']}_units", report["deals"], lang),
        seatings=count("n_seatings", report["seatings_per_deal"], lang),
        seed=report["seed"],
    )
    table = Table(title=title)
    for column in words["arena_columns" if contracts else "arena_africain_columns"].split("|"):
        table.add_column(column)
    for entry in report["robots"]:
        lat = entry["latency"]
        latency = " / ".join(
            "-" if lat[k] is None else decimal(lat[k], lang, ".1f")
            for k in ("p50_ms", "p95_ms", "max_ms")
        )
        row = [entry["robot"], _fmt(entry["advantage"], lang, 1 if contracts else 3)]
        if contracts:
            row += [
                _fmt(entry["taker_advantage"], lang),
                _fmt(entry["defender_advantage"], lang),
                _percent(entry["contract_rate"], lang),
                _percent(entry["contract_success"], lang),
            ]
        else:
            row += [
                _fmt(entry["lives_lost_per_round"], lang, 3),
                _fmt(entry["win_rate"], lang, 3),
            ]
        table.add_row(*row, latency)
    return table


@app.command()
def arena(
    lang: LangOpt,
    game: str = typer.Option(GAME_NAMES[0], help=f"The game: {', '.join(GAME_NAMES)}."),
    players: int = typer.Option(4, help="Seats at the table."),
    deals: int = typer.Option(200, min=1, help="Duplicate deals (Africain: cycles of rounds)."),
    bots: str = typer.Option("strong,heuristic", help="Robot levels, comma separated."),
    seed: int = typer.Option(1, help="The same seed replays the same deals and results."),
    variant: str | None = typer.Option(None, help="Rule variant (default: the official one)."),
    budget: float | None = typer.Option(
        None,
        callback=positive,
        help="Seconds per decision for the strong robot, more than 0 (default 0.5).",
    ),
    workers: int | None = typer.Option(None, min=1, help="Processes (default: every core)."),
    option: list[str] = typer.Option(  # noqa: B008
        [], "--option", "-o", help="A rule option, key=value (e.g. dealer_sits_out=true)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Measure robots on duplicate deals: each deal replayed with every robot in every seat.

    Reports each robot's mean score advantage per deal with its 95% interval,
    the same advantage where it took and where it defended, contract rate and
    success (French), lives lost per round and win rate (Africain), and
    decision latency.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from atout.arena.duplicate import Setup
    from atout.arena.report import run
    from atout.cli.play import option_pairs
    from atout.match import Match
    from atout.registry import game_rules
    from atout.robots import LEVELS

    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    unknown = [b for b in names if b not in LEVELS]
    if game not in GAME_NAMES:
        raise fail(Refusal("cli_choice", option="--game", choices=list(GAME_NAMES)), lang)
    if unknown or len(names) < 2:
        raise fail(Refusal("cli_bots", choices=list(LEVELS)), lang)
    try:  # the table first: its players, variant or options the engine refuses
        options = option_pairs(option)
        Match.new(game_rules(game), players, variant, options or None)
    except (Refusal, ValueError) as error:
        raise fail(error, lang) from None
    setup = Setup(game, players, names, seed, variant, options, budget)
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=as_json and not console.is_terminal,  # JSON goes to stdout, the bar to stderr
    ) as progress:
        versus = COMMAND_WORDS[lang]["versus"].join(names)
        task = progress.add_task(f"{game} {versus}", total=deals)
        report = run(setup, deals, workers, lambda n: progress.advance(task, n))
    if as_json:
        typer.echo(json.dumps(report, indent=1))
    else:
        show(_table(report, lang))
