"""The arbiter's adjustments, as data, and what they do to the plays ranked.

The rulebook lets the arbiter adjust the ranking "pour prendre en compte les cas
prévus par le code d'arbitrage (donne annulée, marque ajustée, pénalités, etc.)"
(pages 19 and 23) without giving the measures, which are the FFT's *code
d'arbitrage*. atout records four kinds, each with its reason and who made it:

* ``cancel`` (donne annulée): a play not played, or fouled, at a table. It leaves
  its board's topage, which the other tables share as if it had not been
  played, and its attack and defence receive the notes the arbiter assigns: the
  board's average (50%) by default, or more to the side not at fault (60/40 is
  the usual "moyenne plus, moyenne moins"). In the PM forms the board's
  comparison between the two tables is dropped (0 PM, the average).
* ``score`` (marque ajustée): the arbiter sets the play's score (what each
  defender pays the attack) and it is topped, or compared in PM, as played.
* ``penalty``: a number of percent of a board's top taken off an entrant's note
  on that board (topage forms), or PM taken off a team's total (PM forms).
* ``correct``: a result entered wrongly, replaced; the replaced one is kept so
  that the correction can be undone.

Every adjustment can be revoked, which gives back the ranking as it was before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal, TypeVar, get_args

from atout.french.scoring import DealOutcome
from atout.tournament.ranking import HUNDRED, PlayKey

Kind = Literal["cancel", "score", "penalty", "correct"]
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)
ON_PLAYS: Final[tuple[Kind, ...]] = ("cancel", "score")
"""The kinds that replace a play in the ranking: one of them at most a play."""
AVERAGE: Final = HUNDRED / 2
Played = TypeVar("Played")


@dataclass(frozen=True, slots=True)
class Adjustment:
    """One adjustment; ``number`` (from 1) names it for its reversal."""

    number: int
    kind: Kind
    reason: str
    by: str
    """Who made it: an identity (account or guest key), or the command line's user."""
    by_name: str
    """Their display name then, to show."""
    play: PlayKey | None = None
    """The play (cancel, score, correct)."""
    attack_note: Fraction = AVERAGE
    """Cancel: the note of the attack (taker, or attacking team), in percent."""
    defence_note: Fraction = AVERAGE
    """Cancel: the note of each defender (or the defending team)."""
    score: int | None = None
    """Score: what each defender pays the attack."""
    entrant: int | None = None
    """Penalty: the player, triplette or team (from 0)."""
    board: int | None = None
    """Penalty in the topage forms: the board whose note it lowers."""
    amount: Fraction = Fraction(0)
    """Penalty: percent of a top, or PM."""
    previous: DealOutcome | None = None
    """Correct: the result it replaced."""
    previous_attacker: int | None = None


def seat_marks(score: int, players: int, taker: int, partner: int | None) -> tuple[int, ...]:
    """Each seat's mark when each defender pays ``score`` to the attack: at 4 the taker
    takes three times it; at 5 the taker twice and the called partner once (the taker
    alone: four times)."""
    defenders = players - 1 - (partner is not None and partner != taker)
    marks = [-score] * players
    marks[taker] = score * defenders
    if partner is not None and partner != taker:
        marks[taker] -= score
        marks[partner] = score
    return tuple(marks)


def adjusted_plays(
    plays: Mapping[PlayKey, Played],
    adjustments: Iterable[Adjustment],
    scored: Callable[[PlayKey, int], Played],
) -> dict[PlayKey, Played]:
    """The plays to rank: the cancelled ones left out, each adjusted score given by
    ``scored`` (from the play and its score) whether the play has a result or not."""
    ranked = dict(plays)
    for adjustment in adjustments:
        if adjustment.play is None:
            continue
        if adjustment.kind == "cancel":
            ranked.pop(adjustment.play, None)
        elif adjustment.kind == "score" and adjustment.score is not None:
            ranked[adjustment.play] = scored(adjustment.play, adjustment.score)
    return ranked


def assigned_notes(adjustments: Iterable[Adjustment]) -> dict[PlayKey, tuple[Fraction, Fraction]]:
    """The cancelled plays' (attack, defence) notes."""
    return {
        a.play: (a.attack_note, a.defence_note)
        for a in adjustments
        if a.kind == "cancel" and a.play is not None
    }


def note_penalties(adjustments: Iterable[Adjustment]) -> dict[tuple[int, int], Fraction]:
    """(entrant, board): the percent taken off that note, summed."""
    taken: dict[tuple[int, int], Fraction] = {}
    for a in adjustments:
        if a.kind == "penalty" and a.entrant is not None and a.board is not None:
            key = (a.entrant, a.board)
            taken[key] = taken.get(key, Fraction(0)) + a.amount
    return taken


def point_penalties(adjustments: Iterable[Adjustment]) -> dict[int, int]:
    """Team: the PM taken off its total, in thousandths, summed."""
    taken: dict[int, int] = {}
    for a in adjustments:
        if a.kind == "penalty" and a.entrant is not None and a.board is None:
            taken[a.entrant] = taken.get(a.entrant, 0) + int(a.amount * 1000)
    return taken
