"""A tournament over several sessions (séances): the same entrants, a new set of
boards each session, one ranking for all.

The rulebook (p. 19): "Pour les tournois en plusieurs séances, le classement
général sert de référence, chaque joueur bénéficiant d'un pourcentage total
calculé par addition des pourcentages obtenus à chaque séance, éventuellement
affectés d'un coefficient de séance" (triplettes, p. 21: "Le classement général
peut-être établi pour des tournois en plusieurs séances"). So a player's (or a
triplette's) total is the sum of its global percentages, each multiplied by its
session's coefficient (1 unless given), a session without a result for it adding
nothing. For quadrettes and the match the rulebook says only that players may
change places within a team between sessions; atout adds the PM of the sessions
(with their coefficients), its own reading. An entrant without a result in any
session yet has no rank (:func:`~atout.tournament.ranking.shared_ranks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from atout.tournament.boards import Board, TournamentError
from atout.tournament.event import Tournament
from atout.tournament.ranking import rounded, shared_ranks


def next_session(previous: Tournament, seed: int) -> Tournament:
    """The next session: the same form, movement and entrants, new boards from ``seed``.
    In triplettes the badges' rotation starts again from the same first badge (the
    rulebook's "s'il y a plusieurs séances, elles se font en continu" is not built)."""
    return Tournament.create(previous.setup, seed)


def check_sessions(sessions: Sequence[Tournament], coefficients: Sequence[Fraction]) -> None:
    """TournamentError unless the sessions share form and entrants, one coefficient each,
    and no session is given twice: one file named twice, or two copies of one session
    (its boards: each session has new ones), would count its percentages twice."""
    if not sessions:
        raise TournamentError("tournament_sessions")
    first = sessions[0].setup
    for session in sessions[1:]:
        setup = session.setup
        if (setup.form, setup.players, setup.names, setup.team_sizes) != (
            first.form,
            first.players,
            first.names,
            first.team_sizes,
        ):
            raise TournamentError("tournament_sessions")
    if len(coefficients) != len(sessions) or any(c <= 0 for c in coefficients):
        raise TournamentError("tournament_sessions_coefficients")
    seen: dict[tuple[Board, ...], int] = {}
    for number, session in enumerate(sessions, 1):
        earlier = seen.setdefault(session.boards, number)
        if earlier != number:
            raise TournamentError("tournament_session_twice", first=earlier, second=number)


def series_rows(
    sessions: Sequence[Tournament], coefficients: Sequence[Fraction] | None = None
) -> list[dict[str, Any]]:
    """The ranking over the sessions, best first: each entrant's result in each session
    (global percentage, or PM) and their total."""
    weights = list(coefficients) if coefficients is not None else [Fraction(1)] * len(sessions)
    check_sessions(sessions, weights)
    setup = sessions[0].setup
    totals: dict[int, Fraction] = {}
    each: dict[int, list[float | None]] = {}
    played: set[int] = set()  # the entrants with a result in some session: ranked
    pm = setup.form in ("quadrettes", "teams")
    for index, (session, weight) in enumerate(zip(sessions, weights, strict=True)):
        if pm:
            counted = session.teams_counted()
            results = {
                team: Fraction(points, 1000)
                for team, points in session.team_points()
                if team in counted
            }
        else:
            results = {
                s.player: s.overall
                for s in session.standings(general=True)
                if s.overall is not None
            }
        for entrant in range(setup.teams or setup.entrants):
            got = results.get(entrant)
            if got is not None:
                played.add(entrant)
            each.setdefault(entrant, [None] * len(sessions))[index] = (
                None if got is None else rounded(got, 3 if pm else 2)
            )
            totals[entrant] = totals.get(entrant, Fraction(0)) + weight * (got or 0)
    ranked = sorted(totals, key=lambda entrant: (entrant not in played, -totals[entrant], entrant))
    keys = [totals[e] if e in played else None for e in ranked]
    rows = []
    for rank, entrant in zip(shared_ranks(keys), ranked, strict=True):
        if setup.teams:
            who: dict[str, Any] = {
                "team": entrant + 1,
                "names": [setup.names[p] for p in setup.members(entrant)],
            }
        else:
            who = {"player": entrant + 1, "name": setup.names[entrant]}
        rows.append(
            {
                "rank": rank,
                **who,
                "sessions": each[entrant],
                "total": rounded(totals[entrant], 3 if pm else 2),
            }
        )
    return rows
