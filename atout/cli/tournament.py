"""``atout tournament``: run a duplicate tournament from a state file (see docs/tournaments.md).

``create`` deals the boards and sets the movement; ``boards`` and ``slips`` print
what the arbiter lays out; ``result`` enters one table's deal in ``atout score``'s
form, once (``adjust ... correct`` corrects it, with its reason); ``ranking`` and
``export`` give the rulebook's ranking and every result.
Bad input stops with exit code 2 and a message (a refusal in --lang's words);
the state file is then unchanged.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Final, Literal, TypeVar

import typer
from rich.table import Table

from atout.cards import Language
from atout.cli.app import LangOpt, app, fail, group_language, read_input, show, write_whole
from atout.refusals import Refusal
from atout.terminal.words import COMMAND_WORDS, MESSAGES, count, decimal
from atout.tournament.boards import Board, TournamentError, orientation_text
from atout.tournament.event import (
    BADGES,
    FORMS,
    MOVEMENTS,
    TABLES,
    Tournament,
    check_names,
    new_setup,
)
from atout.tournament.movement import MAX_TABLES
from atout.tournament.printout import boards_html, boards_text, slips_html, slips_text
from atout.tournament.report import (
    ADJUSTMENT_COLUMNS,
    adjustment_rows,
    csv_text,
    ranking_rows,
    result_columns,
    result_rows,
)
from atout.tournament.state import from_json, read_deal, to_json

tournament_app = typer.Typer(
    help="Duplicate tournaments (FFT): boards, movement, results and ranking.",
    no_args_is_help=True,
    callback=group_language,
)
app.add_typer(tournament_app, name="tournament")

StateArg = Annotated[Path, typer.Argument(help="The tournament's JSON state file.")]
HtmlOpt = Annotated[bool, typer.Option("--html", help="A printable HTML page instead of text.")]


Choice = TypeVar("Choice", bound=str)


def _one_of(option: str, value: str, choices: tuple[Choice, ...], lang: Language) -> Choice:
    for choice in choices:
        if choice == value:
            return choice
    raise fail(Refusal("cli_choice", option=option, choices=[str(c) for c in choices]), lang)


def _read_text(path: str, lang: Language) -> str:
    """The text of ``path`` (``-``: stdin); the command stops, saying why in ``lang``,
    when it cannot be read."""
    try:
        return read_input(path)
    except Refusal as error:
        raise fail(error, lang) from None


def _load(path: Path, lang: Language, command: str = "") -> Tournament:
    return _state(path, from_json, lang, command)


State = TypeVar("State")


def _state(path: Path, read: Callable[[Any], State], lang: Language, command: str = "") -> State:
    """The state file read by ``read``; a failure names the file and stops, saying
    why in ``lang``. A file of the other kind (a duplicate's, a tournoi libre's) is
    named so, with the command of the same name (``command``, when both have it)
    or the group of commands that reads it."""
    try:
        document = json.loads(_read_text(str(path), lang))
    except json.JSONDecodeError as error:
        raise fail(not_json(str(path), error), lang) from None
    try:
        return read(document)
    except TournamentError as error:
        kind = str(document.get("format")) if isinstance(document, dict) else None
        if error.code == "tournament_format" and kind in _GROUPS:
            reader = " ".join(("atout", *_GROUPS[kind], *([command] if command else [])))
            other = Refusal(
                "state_of_libre" if kind == "atout-libre" else "state_of_duplicate",
                file=str(path),
                command=reader,
            )
            raise fail(other, lang) from None
        raise fail(error, lang, str(path)) from None


_GROUPS: Final = {"atout-tournament": ("tournament",), "atout-libre": ("tournament", "libre")}
"""Each kind of state file (its ``format``), and the command group reading it."""


def not_json(file: str, error: json.JSONDecodeError) -> Refusal:
    """The refusal of a ``file`` that is not JSON, where it stops being JSON."""
    return Refusal("file_not_json", file=file, line=error.lineno, column=error.colno)


def _save(path: Path, tournament: Tournament, lang: Language) -> None:
    _write(path, to_json(tournament), lang)


def _write(path: Path, state: dict[str, Any], lang: Language) -> None:
    """Write the state whole or not at all (a new file renamed over the old, removed
    when that fails; only a regular file replaced); the command stops, saying why
    in ``lang``, when it cannot be written."""
    try:
        write_whole(str(path), json.dumps(state, indent=1) + "\n")
    except Refusal as error:
        raise fail(error, lang) from None


def _rows_text(rows: list[dict[str, Any]], format: str, columns: Sequence[str] = ()) -> str:
    """Rows as CSV (``columns`` its header when there are no rows), or as indented JSON."""
    if format == "csv":
        return csv_text(rows, columns)
    return json.dumps(rows, indent=1, ensure_ascii=False) + "\n"


@tournament_app.command()
def create(
    state: StateArg,
    lang: LangOpt,
    form: Annotated[str, typer.Option(help=f"One of: {', '.join(FORMS)}.")] = "individual",
    players: Annotated[int, typer.Option(help="Seats a table: 4 or 5 (individual).")] = 4,
    tables: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MAX_TABLES,
            help=f"Tables, {TABLES} by default (quadrettes: teams; triplettes: half the "
            "triplettes; not for the match, which has 2).",
        ),
    ] = None,
    positions: Annotated[int | None, typer.Option(min=1, help="Positions (rounds).")] = None,
    per_position: Annotated[
        int | None, typer.Option(min=1, help="Boards per position (default: seats a table).")
    ] = None,
    movement: Annotated[
        str | None,
        typer.Option(
            help="Triplettes: plain or howell (plain); individual: searched or plain "
            "(searched; plain is the arithmetic movement of older files)."
        ),
    ] = None,
    team_sizes: Annotated[
        str | None,
        typer.Option(help="The team match only: players of team A and B, e.g. 4,5 (4,4)."),
    ] = None,
    first_badge: Annotated[
        str | None,
        typer.Option(help=f"Triplettes: the first attacker's badge ({', '.join(BADGES)}); drawn."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Deal the boards from this seed.")] = None,
    names: Annotated[
        Path | None,
        typer.Option(
            help="Player names, one a line: in starting seat order, or team by team "
            "(triplettes: each in the alphabetical order of surname)."
        ),
    ] = None,
    boards: Annotated[
        Path | None,
        typer.Option(help="Explicit boards: a JSON list, as the state file holds them."),
    ] = None,
    force: Annotated[bool, typer.Option(help="Replace an existing state file.")] = False,
) -> None:
    """Create a tournament: deal its boards and set its movement. An option of
    another form than the one chosen (--movement howell, --first-badge, --team-sizes,
    --tables for the match) is refused, as is a name given twice, or a tournament of
    several tables playing some board at one table only (nothing to compare it with)."""
    if state.exists() and not force:
        raise fail(Refusal("file_exists", file=str(state)), lang)
    chosen = _one_of("--form", form, FORMS, lang)
    kind = None if movement is None else _one_of("--movement", movement, MOVEMENTS, lang)
    badge = (
        None
        if first_badge is None
        else BADGES.index(_one_of("--first-badge", first_badge, BADGES, lang))
    )
    try:
        sizes = () if team_sizes is None else tuple(int(size) for size in team_sizes.split(","))
    except ValueError:
        raise fail(Refusal("cli_team_sizes"), lang) from None
    listed = _read_text(str(names), lang).split("\n") if names else []
    listed = [line.strip() for line in listed if line.strip()]
    try:
        setup = new_setup(chosen, players, tables, positions, per_position, (), kind, sizes, badge)
        if names and len(listed) != setup.entrants:
            raise TournamentError("tournament_names", needed=setup.entrants, got=len(listed))
        check_names(listed)
    except TournamentError as error:
        raise fail(error, lang) from None
    setup = dataclasses.replace(setup, names=tuple(listed) or setup.names)
    try:
        explicit = None
        if boards:
            explicit = [Board.from_json(item) for item in json.loads(_read_text(str(boards), lang))]
        tournament = Tournament.new(
            setup, random.SystemRandom().getrandbits(32) if seed is None else seed, explicit
        )
    except json.JSONDecodeError as error:
        raise fail(not_json(str(boards), error), lang) from None
    except (TournamentError, AttributeError, TypeError) as error:
        raise fail(error, lang) from None
    _save(state, tournament, lang)
    made = tournament.movement
    said = MESSAGES[lang]
    typer.echo(
        COMMAND_WORDS[lang]["tournament_created"].format(
            file=state,
            boards=count("n_boards", len(tournament.boards), lang),
            tables=count("n_tables", made.tables, lang),
            positions=count("n_positions", made.positions, lang),
            who=COMMAND_WORDS[lang]["who.teams" if tournament.setup.teams else "who.players"],
            meets=said["yes" if made.meets_once else "no"],
            once=said["yes" if made.boards_once else "no"],
        )
    )


@tournament_app.command("boards")
def show_boards(state: StateArg, lang: LangOpt, html: HtmlOpt = False) -> None:
    """Print every board (étui): marks, hands and dog."""
    tournament = _load(state, lang)
    typer.echo(boards_html(tournament, lang) if html else boards_text(tournament, lang), nl=False)


@tournament_app.command()
def slips(state: StateArg, lang: LangOpt, html: HtmlOpt = False) -> None:
    """Print each table's slip for each position: seats and boards to play."""
    tournament = _load(state, lang, "slips")
    typer.echo(slips_html(tournament, lang) if html else slips_text(tournament, lang), nl=False)


@tournament_app.command()
def result(
    state: StateArg,
    deal: Annotated[str, typer.Argument(help="The deal in `atout score`'s JSON form, or -.")],
    table: Annotated[int, typer.Option(min=1, help="Table number (from 1).")],
    board: Annotated[int, typer.Option(min=1, help="Board number (from 1).")],
    lang: LangOpt,
    position: Annotated[
        int | None,
        typer.Option(min=1, help="Position (from 1); found from table and board if omitted."),
    ] = None,
    attacker: Annotated[
        int | None,
        typer.Option(
            min=1, help="Who attacked (player number, from 1): triplettes and the team match."
        ),
    ] = None,
) -> None:
    """Enter one table's result on one board. A play that has a result already is
    refused, as on the server: it is corrected by `adjust ... correct`, with its
    reason, kept as an adjustment (revocable), never replaced without a trace."""
    tournament = _load(state, lang)
    try:
        at = tournament.position_of(table - 1, board) if position is None else position - 1
        if (at, table - 1, board) in tournament.results:
            raise TournamentError(
                "tournament_result_entered", table=table, board=board, position=at + 1
            )
        outcome = read_deal(_read_text(deal, lang))
        who = None if attacker is None else attacker - 1
        score = tournament.record(at, table - 1, board, outcome, who)
    except TournamentError as error:
        stop = fail(error, lang)
        if error.code == "tournament_result_entered":
            correct = COMMAND_WORDS[lang]["correct_with"]
            typer.echo(correct.format(file=state, table=table, board=board), err=True)
        raise stop from None
    _save(state, tournament, lang)
    typer.echo(
        COMMAND_WORDS[lang]["result_entered"].format(
            board=board,
            table=table,
            position=at + 1,
            score=f"{score.breakdown['per_defender']:+d}",
            verdict=MESSAGES[lang]["made" if score.made else "failed"],
            to_come=to_come("n_results", len(tournament.missing()), lang),
        )
    )


def to_come(key: str, missing: int, lang: Language) -> str:
    """``3 results to come``: what is still to be entered, counted by ``key``."""
    return COMMAND_WORDS[lang]["to_come"].format(count=count(key, missing, lang))


@tournament_app.command()
def ranking(
    state: StateArg,
    lang: LangOpt,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of a table.")] = False,
    general: Annotated[
        bool, typer.Option("--general", help="Classement général instead of alterné.")
    ] = False,
) -> None:
    """Show the ranking: classement alterné (individual, triplettes) or PM (quadrettes, match)."""
    tournament = _load(state, lang, "ranking")
    show_rows(ranking_rows(tournament, general), as_json, lang)
    if not as_json:
        typer.echo(to_come("n_results", len(tournament.missing()), lang))


def show_rows(rows: list[dict[str, Any]], as_json: bool, lang: Language = "en") -> None:
    """Rows as JSON (keys and numbers for programs), or as a table in ``lang``."""
    if as_json:
        typer.echo(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    _show_rows(rows, lang)


def _show_rows(
    rows: list[dict[str, Any]], lang: Language, headings: Mapping[str, str] | None = None
) -> None:
    """Rows as a table, a column per key, headed in ``lang`` (``headings`` first,
    then the ``col.`` words of ``COMMAND_WORDS``)."""
    words = COMMAND_WORDS[lang]
    given = headings or {}
    view = Table(
        *(
            given.get(key) or words.get(f"col.{key}") or key.replace("_", " ").title()
            for key in rows[0]
        )
    )
    for row in rows:
        view.add_row(*(_cell(key, value, lang) for key, value in row.items()))
    show(view)


def _cell(key: str, value: object, lang: Language) -> str:
    """A value as a reader of ``lang`` reads it: decimals with a French comma (and
    a list of numbers apart by slashes), West as O (Ouest) in an orientation or a
    triplette's line (EO)."""
    if value is None:
        return "-"
    if isinstance(value, list):  # numbers apart by " / ": a French 75,5 holds a comma
        numbers = all(v is None or isinstance(v, int | float) for v in value)
        return (" / " if numbers else ", ").join(_cell(key, v, lang) for v in value)
    if isinstance(value, float):
        return decimal(value, lang)
    if key in _LETTERED and isinstance(value, str):
        return "".join(orientation_text(letter, lang) for letter in value)
    return str(value)


_LETTERED: Final = frozenset(("orientation", "line"))
"""Columns of orientation letters (N, W, S, E; a triplette's line NS or EW)."""


@tournament_app.command()
def export(
    state: StateArg,
    lang: LangOpt,
    what: Annotated[
        Literal["ranking", "results", "adjustments"],
        typer.Option(help="The ranking, every result, or the arbiter's adjustments."),
    ] = "results",
    format: Annotated[Literal["csv", "json"], typer.Option(help="csv or json.")] = "csv",
) -> None:
    """Export the ranking, the results or the adjustments as CSV or JSON on standard output."""
    tournament = _load(state, lang, "export")
    if what == "ranking":  # every entrant has a row
        rows, columns = ranking_rows(tournament), []
    elif what == "results":
        rows, columns = result_rows(tournament), result_columns(tournament.setup)
    else:
        rows, columns = adjustment_rows(tournament), list(ADJUSTMENT_COLUMNS)
    typer.echo(_rows_text(rows, format, columns), nl=False)
