"""The arbiter's adjustments made on a tournament, checked, and revoked.

What each kind means is in :mod:`atout.tournament.adjustments`. An adjustment
that is refused (TournamentError, a code and its parameters) changes nothing.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Final

from atout.french.scoring import DealOutcome
from atout.tournament.adjustments import ON_PLAYS, Adjustment
from atout.tournament.boards import TournamentError
from atout.tournament.event import Tournament
from atout.tournament.ranking import HUNDRED, PlayKey

REASON_LENGTH: Final = 200
MOST_SCORE: Final = 10_000
"""No deal scores more than this for each defender (a Garde Contre chelem is 2 000)."""
MOST_PM: Final = Fraction(1000)


def pm_form(tournament: Tournament) -> bool:
    """Whether the form ranks by PM (quadrettes, the match) rather than by topage."""
    return tournament.setup.form in ("quadrettes", "teams")


def entrants(tournament: Tournament) -> int:
    """How many entrants the ranking ranks: players, or teams in the team forms."""
    return tournament.setup.teams or tournament.setup.entrants


def check(tournament: Tournament, adjustment: Adjustment) -> None:
    """TournamentError unless ``adjustment`` may be made on ``tournament`` as it stands
    (for a correction: with its new result already entered)."""
    reason = adjustment.reason.strip()
    if not reason or len(reason) > REASON_LENGTH:
        raise TournamentError("tournament_adjust_reason", most=REASON_LENGTH)
    if adjustment.kind == "penalty":
        _check_penalty(tournament, adjustment)
        return
    play = adjustment.play
    if play is None:
        raise TournamentError("tournament_adjust_play")
    position, table, board = play
    if board not in tournament.movement.at(position, table).boards:
        raise TournamentError(
            "tournament_not_here", table=table + 1, board=board, position=position + 1
        )
    if adjustment.kind == "correct":
        if adjustment.previous is None or play not in tournament.results:
            raise TournamentError("tournament_adjust_no_result", board=board, table=table + 1)
        return
    for other in tournament.adjustments:
        if other.play == play and other.kind in ON_PLAYS and other.number != adjustment.number:
            raise TournamentError("tournament_adjust_twice", number=other.number)
    if adjustment.kind == "cancel":
        notes = (adjustment.attack_note, adjustment.defence_note)
        if pm_form(tournament) and notes != (HUNDRED / 2, HUNDRED / 2):
            raise TournamentError("tournament_adjust_pm_notes")
        if not all(0 <= note <= HUNDRED for note in notes):
            raise TournamentError("tournament_adjust_note")
    elif adjustment.score is None or abs(adjustment.score) > MOST_SCORE:
        raise TournamentError("tournament_adjust_score", most=MOST_SCORE)


def _check_penalty(tournament: Tournament, adjustment: Adjustment) -> None:
    entrant, board, amount = adjustment.entrant, adjustment.board, adjustment.amount
    if entrant is None or not 0 <= entrant < entrants(tournament):
        raise TournamentError("tournament_adjust_entrant", most=entrants(tournament))
    if pm_form(tournament):
        if board is not None or not 0 < amount <= MOST_PM or (amount * 1000).denominator != 1:
            raise TournamentError("tournament_adjust_pm", most=int(MOST_PM))
        return
    if board is None or not any(
        board in s.boards and entrant in s.seats for s in tournament.movement.seatings
    ):
        raise TournamentError("tournament_adjust_board", entrant=entrant + 1)
    if not 0 < amount <= HUNDRED:
        raise TournamentError("tournament_adjust_percent")


def adjust(tournament: Tournament, adjustment: Adjustment) -> Adjustment:
    """Make an adjustment (its ``number`` is given here; a correction is made by
    :func:`correct`). Nothing changes when it is refused."""
    number = max([*(a.number for a in tournament.adjustments), *tournament.revoked], default=0) + 1
    made = dataclasses.replace(adjustment, number=number)
    check(tournament, made)
    tournament.adjustments.append(made)
    return made


def correct(
    tournament: Tournament,
    play: PlayKey,
    outcome: DealOutcome,
    attacker: int | None,
    adjustment: Adjustment,
) -> Adjustment:
    """Replace a wrongly entered result, keeping the old one in the adjustment."""
    previous = tournament.results.get(play)
    if previous is None:
        raise TournamentError("tournament_adjust_no_result", board=play[2], table=play[1] + 1)
    before = tournament.attackers.get(play)
    made = dataclasses.replace(
        adjustment, kind="correct", play=play, previous=previous, previous_attacker=before
    )
    check(tournament, made)
    tournament.record(*play, outcome, attacker)  # refused: nothing changed
    return adjust(tournament, made)


def revoke(tournament: Tournament, number: int) -> Adjustment:
    """Undo an adjustment: a correction gives back the result it replaced (only the
    latest correction of a play may be undone). Nothing changes when it is refused."""
    found = [a for a in tournament.adjustments if a.number == number]
    if not found:
        gone = number in tournament.revoked
        raise TournamentError(
            "tournament_adjust_revoked" if gone else "tournament_adjust_none", number=number
        )
    adjustment = found[0]
    if adjustment.kind == "correct":
        later = [
            a.number
            for a in tournament.adjustments
            if a.kind == "correct" and a.play == adjustment.play and a.number > number
        ]
        if later:
            raise TournamentError("tournament_adjust_later", number=later[-1])
        assert adjustment.play is not None and adjustment.previous is not None
        tournament.record(*adjustment.play, adjustment.previous, adjustment.previous_attacker)
    tournament.adjustments.remove(adjustment)
    tournament.revoked.append(number)
    return adjustment
