"""``atout tournament libre``: run a tournoi libre from a state file (docs/tournaments.md).

``create`` draws the table plan; ``plan`` and ``slips`` print it and each table's
score slip per position; ``sheet`` enters one table's sheet (its deals, scored and
shown with the running totals, or its bilans); ``ranking`` and ``export`` give
the ranking and every bilan. Bad input stops with exit code 2 and a message (a
refusal in --lang's words); the state file is then unchanged.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from atout.cards import Language
from atout.cli.app import LangOpt, fail, group_language
from atout.cli.sheet import _print_table
from atout.cli.tournament import (
    _one_of,
    _read_text,
    _rows_text,
    _show_rows,
    _state,
    _write,
    not_json,
    to_come,
    tournament_app,
)
from atout.refusals import Refusal
from atout.sheet import score_sheet
from atout.terminal.words import COMMAND_WORDS, count
from atout.tournament.boards import TournamentError
from atout.tournament.libre import DEALS, LIBRE_FORMS, POSITIONS, Libre, LibreSetup
from atout.tournament.libre_plan import repeats
from atout.tournament.libre_printout import WORDS, plan_html, plan_text, slips_html, slips_text
from atout.tournament.libre_state import (
    RESULT_COLUMNS,
    enter,
    from_json,
    ranking_rows,
    result_rows,
    to_json,
)

libre_app = typer.Typer(
    help="Tournoi libre (deals bid and played freely): table plan, sheets, ranking.",
    no_args_is_help=True,
    callback=group_language,
)
tournament_app.add_typer(libre_app, name="libre")

StateArg = Annotated[Path, typer.Argument(help="The tournoi libre's JSON state file.")]
HtmlOpt = Annotated[bool, typer.Option("--html", help="A printable HTML page instead of text.")]


def _load(path: Path, lang: Language, command: str = "") -> Libre:
    return _state(path, from_json, lang, command)


@libre_app.command()
def create(
    state: StateArg,
    names: Annotated[
        Path, typer.Option(help="Player names, one a line; in the team forms team by team.")
    ],
    lang: LangOpt,
    form: Annotated[str, typer.Option(help=f"One of: {', '.join(LIBRE_FORMS)}.")] = "individual",
    positions: Annotated[int, typer.Option(help="Positions (players change tables).")] = POSITIONS,
    deals: Annotated[int, typer.Option(help="Deals each table plays a position.")] = DEALS,
    seed: Annotated[int | None, typer.Option(help="Draw the plan from this seed.")] = None,
    force: Annotated[bool, typer.Option(help="Replace an existing state file.")] = False,
) -> None:
    """Create a tournoi libre: draw who sits at which table at each position."""
    if state.exists() and not force:
        raise fail(Refusal("file_exists", file=str(state)), lang)
    chosen = _one_of("--form", form, LIBRE_FORMS, lang)
    listed = [line.strip() for line in _read_text(str(names), lang).split("\n") if line.strip()]
    setup = LibreSetup(chosen, tuple(listed), positions, deals)
    try:
        libre = Libre.create(setup, random.SystemRandom().getrandbits(32) if seed is None else seed)
    except TournamentError as error:
        raise fail(error, lang) from None
    _write(state, to_json(libre), lang)
    typer.echo(
        COMMAND_WORDS[lang]["libre_created"].format(
            file=state,
            players=count("n_players", len(listed), lang),
            tables=count("n_tables", len(libre.plan[0]), lang),
            positions=count("n_positions", positions, lang),
            deals=count("n_deals", deals, lang),
            repeats=repeats(libre.plan),
        )
    )


@libre_app.command()
def plan(state: StateArg, lang: LangOpt, html: HtmlOpt = False) -> None:
    """Print who sits where at each position."""
    libre = _load(state, lang)
    typer.echo(plan_html(libre, lang) if html else plan_text(libre, lang), nl=False)


@libre_app.command()
def slips(state: StateArg, lang: LangOpt, html: HtmlOpt = False) -> None:
    """Print each table's score slip for each position."""
    libre = _load(state, lang, "slips")
    typer.echo(slips_html(libre, lang) if html else slips_text(libre, lang), nl=False)


@libre_app.command()
def sheet(
    state: StateArg,
    file: Annotated[
        str,
        typer.Argument(
            help='JSON with "deals" (as `atout sheet` takes them; a sheet file does) '
            'or "bilans" (one per seat), or -.'
        ),
    ],
    position: Annotated[int, typer.Option(help="Position (from 1).")],
    table: Annotated[int, typer.Option(help="Table number (from 1).")],
    lang: LangOpt,
    replace: Annotated[
        bool,
        typer.Option("--replace", help="Replace the sheet the table has already (a correction)."),
    ] = False,
) -> None:
    """Enter one table's sheet at one position. A table that has its sheet already is
    refused, its sheet kept, unless --replace says to replace it; no deals takes the
    sheet back."""
    libre = _load(state, lang)
    try:
        data = json.loads(_read_text(file, lang))
    except json.JSONDecodeError as error:
        raise fail(not_json(file, error), lang) from None
    if not isinstance(data, dict):
        raise fail(Refusal("cli_libre_sheet", file=file), lang)
    written = {key: data[key] for key in ("deals", "bilans") if key in data}
    taken_back = written == {"deals": []}
    if not (replace or taken_back) and (position - 1, table - 1) in libre.results:
        raise fail(TournamentError("libre_sheet_entered", position=position, table=table), lang)
    try:
        entry = enter(libre, json.dumps({"position": position, "table": table, **written}))
    except TournamentError as error:
        raise fail(error, lang) from None
    _write(state, to_json(libre), lang)
    words = COMMAND_WORDS[lang]
    left = to_come("n_sheets", len(libre.missing()), lang)
    if entry.deals == []:  # as on the web, where the last deal is deleted
        typer.echo(words["sheet_taken_back"].format(position=position, table=table, to_come=left))
        return
    if entry.deals is not None:
        _print_table(score_sheet(libre.sheet(position - 1, table - 1, entry.deals)), lang)
    bilans = " ".join(f"{b:+d}" for b in libre.results[position - 1, table - 1].bilans)
    typer.echo(
        words["sheet_entered"].format(position=position, table=table, bilans=bilans, to_come=left)
    )


@libre_app.command()
def ranking(
    state: StateArg,
    lang: LangOpt,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of a table.")] = False,
) -> None:
    """Show the ranking: players (or teams) by decreasing points."""
    libre = _load(state, lang, "ranking")
    rows = ranking_rows(libre)
    if as_json:
        typer.echo(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    # a team's members' totals as the CSV shows them: "0 / 120"
    shown = [row | _joined(row, "players") for row in rows]
    position = WORDS[lang]["position"]
    headings = {
        key: position.format(n=key.removeprefix("position_"))
        for key in rows[0]
        if key.startswith("position_")
    }
    _show_rows(shown, lang, headings)
    typer.echo(to_come("n_sheets", len(libre.missing()), lang))


def _joined(row: dict[str, Any], key: str) -> dict[str, Any]:
    """``row[key]``, a list of numbers, as one cell (none when the row has no ``key``)."""
    return {key: " / ".join(map(str, row[key]))} if key in row else {}


@libre_app.command()
def export(
    state: StateArg,
    lang: LangOpt,
    what: Annotated[
        Literal["ranking", "results"], typer.Option(help="The ranking or every bilan.")
    ] = "results",
    format: Annotated[Literal["csv", "json"], typer.Option(help="csv or json.")] = "csv",
) -> None:
    """Export the ranking or every table's bilans as CSV or JSON on standard output."""
    libre = _load(state, lang, "export")
    if what == "ranking":  # every player has a row
        typer.echo(_rows_text(ranking_rows(libre), format), nl=False)
    else:
        typer.echo(_rows_text(result_rows(libre), format, RESULT_COLUMNS), nl=False)
