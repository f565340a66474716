"""``atout tournament adjust``, ``revoke``, ``next-session`` and ``sessions``: the
arbiter's adjustments and tournaments over several sessions (docs/tournaments.md).

Bad input stops with exit code 2 and a message (a refusal in --lang's words);
the state file is then unchanged.
"""

from __future__ import annotations

import getpass
import random
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal

import typer

from atout.cards import Language
from atout.cli.app import LangOpt, fail
from atout.cli.tournament import (
    StateArg,
    _load,
    _read_text,
    _save,
    show_rows,
    tournament_app,
)
from atout.refusals import Refusal
from atout.terminal.words import COMMAND_WORDS
from atout.tournament import arbiter
from atout.tournament.adjustments import AVERAGE, Adjustment
from atout.tournament.boards import TournamentError
from atout.tournament.sessions import next_session, series_rows
from atout.tournament.state import read_deal


def _fraction(option: str, text: str | None, default: Fraction, lang: Language) -> Fraction:
    if text is None:
        return default
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise fail(Refusal("cli_number", option=option), lang) from None


@tournament_app.command()
def adjust(
    state: StateArg,
    kind: Annotated[
        Literal["cancel", "score", "penalty", "correct"],
        typer.Argument(help="cancel, score (adjusted score), penalty or correct (a result)."),
    ],
    reason: Annotated[str, typer.Option(help="Why: kept with the adjustment and shown.")],
    lang: LangOpt,
    table: Annotated[int | None, typer.Option(help="The play's table (from 1).")] = None,
    board: Annotated[int | None, typer.Option(help="The play's board, or a penalty's.")] = None,
    position: Annotated[
        int | None, typer.Option(help="The play's position (from 1); found if omitted.")
    ] = None,
    attack_note: Annotated[
        str | None, typer.Option(help="cancel: the attack's note in percent (50).")
    ] = None,
    defence_note: Annotated[
        str | None, typer.Option(help="cancel: each defender's note in percent (50).")
    ] = None,
    score: Annotated[
        int | None, typer.Option(help="score: what each defender pays the attack.")
    ] = None,
    entrant: Annotated[
        int | None, typer.Option(help="penalty: the player (team in the team forms), from 1.")
    ] = None,
    amount: Annotated[
        str | None, typer.Option(help="penalty: percent of the board's top, or PM.")
    ] = None,
    deal: Annotated[
        str | None, typer.Option(help="correct: the right deal in `atout score`'s form, or -.")
    ] = None,
    attacker: Annotated[
        int | None, typer.Option(help="correct: who attacked (triplettes, the match).")
    ] = None,
    by: Annotated[str | None, typer.Option(help="Who makes it (the system user).")] = None,
) -> None:
    """Make one of the arbiter's adjustments (docs/tournaments.md, "The arbiter")."""
    tournament = _load(state, lang)
    who = by or getpass.getuser()
    try:
        play = None
        if table is not None and board is not None and kind != "penalty":
            at = tournament.position_of(table - 1, board) if position is None else position - 1
            play = (at, table - 1, board)
        request = Adjustment(
            0,
            kind,
            reason,
            who,
            who,
            play,
            _fraction("--attack-note", attack_note, AVERAGE, lang),
            _fraction("--defence-note", defence_note, AVERAGE, lang),
            score,
            None if entrant is None else entrant - 1,
            board if kind == "penalty" else None,
            _fraction("--amount", amount, Fraction(0), lang),
        )
        if kind == "correct":
            if play is None or deal is None:
                raise fail(Refusal("cli_correct_play"), lang)
            fixed = read_deal(_read_text(deal, lang))
            made = arbiter.correct(
                tournament, play, fixed, None if attacker is None else attacker - 1, request
            )
        else:
            made = arbiter.adjust(tournament, request)
    except TournamentError as error:
        raise fail(error, lang) from None
    _save(state, tournament, lang)
    words = COMMAND_WORDS[lang]
    kind_text = words[f"kind.{made.kind}"]
    typer.echo(
        words["adjustment_made"].format(number=made.number, kind=kind_text, reason=made.reason)
    )


@tournament_app.command()
def revoke(
    state: StateArg,
    number: Annotated[int, typer.Argument(help="The adjustment's number.")],
    lang: LangOpt,
) -> None:
    """Undo an adjustment (a correction gives back the result it replaced)."""
    tournament = _load(state, lang)
    try:
        undone = arbiter.revoke(tournament, number)
    except TournamentError as error:
        raise fail(error, lang) from None
    _save(state, tournament, lang)
    words = COMMAND_WORDS[lang]
    typer.echo(
        words["adjustment_revoked"].format(
            number=undone.number, kind=words[f"kind.{undone.kind}"], reason=undone.reason
        )
    )


@tournament_app.command("next-session")
def next_one(
    state: StateArg,
    new: Annotated[Path, typer.Argument(help="The new session's state file.")],
    lang: LangOpt,
    seed: Annotated[int | None, typer.Option(help="Deal the new boards from this seed.")] = None,
    force: Annotated[bool, typer.Option(help="Replace an existing state file.")] = False,
) -> None:
    """Start the next session of a tournament: same entrants and movement, new boards."""
    if new.exists() and not force:
        raise fail(Refusal("file_exists", file=str(new)), lang)
    drawn = random.SystemRandom().getrandbits(32) if seed is None else seed
    _save(new, next_session(_load(state, lang), drawn), lang)
    typer.echo(COMMAND_WORDS[lang]["next_session"].format(file=new, state=state))


@tournament_app.command()
def sessions(
    states: Annotated[list[Path], typer.Argument(help="Each session's state file, in order.")],
    lang: LangOpt,
    coefficients: Annotated[
        str | None, typer.Option(help="One coefficient a session, e.g. 1,1,2 (all 1).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of a table.")] = False,
) -> None:
    """The ranking over several sessions: the sum of each session's global percentages
    (or PM), each times its session's coefficient."""
    played = [_load(path, lang) for path in states]
    weights = None
    if coefficients is not None:
        weights = [
            _fraction("--coefficients", c, Fraction(0), lang) for c in coefficients.split(",")
        ]
    try:
        rows = series_rows(played, weights)
    except TournamentError as error:
        raise fail(error, lang) from None
    show_rows(rows, as_json, lang)
