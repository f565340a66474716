"""A position of a tournament played online: the boards a server table deals, and
the results its game gives back.

A server table's first dealer is its seat 0 and the dealer turns one seat a deal,
as the boards of a set do (board ``n``'s dealer sits one place after board
``n-1``'s), so the table's seats are the orientations turned: seat ``s`` holds
orientation ``(s + shift) % players``, ``shift`` being the first board's dealer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from atout.french.actions import DealCards
from atout.french.rules import FRENCH
from atout.french.scoring import DealOutcome, MisereDeclared, PoigneeDeclared
from atout.tournament.boards import TournamentError
from atout.tournament.event import IMPOSED, Tournament


def seat_shift(tournament: Tournament, position: int, table: int) -> int:
    """The orientation of seat 0 at the server table of (position, table)."""
    first = tournament.movement.at(position, table).boards[0]
    return tournament.board(first).dealer


def table_boards(tournament: Tournament, position: int, table: int) -> tuple[str, ...]:
    """The deal actions the server table deals, in the movement's order, seats turned.

    The engine's imposed contract goes to the player on the dealer's right, and a
    table's dealer turns every deal: the individual form's boards are marked so, the
    quadrettes' (taker always South) are not, nor may explicit boards be."""
    if tournament.setup.form != "individual":
        raise TournamentError("tournament_online_individual")
    seating = tournament.movement.at(position, table)
    shift = seat_shift(tournament, position, table)
    players = tournament.setup.players
    deals = []
    for offset, number in enumerate(seating.boards):
        board = tournament.board(number)
        if board.taker != board.leader or board.dealer != (shift + offset) % players:
            raise TournamentError("tournament_online_marks", board=number)
        hands = tuple(board.hands[(seat + shift) % players] for seat in range(players))
        deals.append(str(DealCards(hands, board.dog)))
    return tuple(deals)


def engine_options(boards: int) -> dict[str, Any]:
    """The engine options of such a table: the imposed Garde, one deal a board."""
    return {"imposed_contract": IMPOSED.text, **FRENCH.rounds_options(boards)}


def game_results(
    tournament: Tournament, position: int, table: int, actions: Sequence[str]
) -> list[tuple[int, DealOutcome]]:
    """(board, outcome by orientation) of each deal the table's game finished."""
    seating = tournament.movement.at(position, table)
    players = tournament.setup.players
    shift = seat_shift(tournament, position, table)
    state = FRENCH.new(players, "fft", engine_options(len(seating.boards)))
    outcomes = []
    for text in actions:
        events = state.apply(FRENCH.parse_action(text))
        if any(e.kind == "deal_end" for e in events):
            assert state.outcome is not None
            outcomes.append(_turned(state.outcome, shift))
    return list(zip(seating.boards, outcomes, strict=False))


def _turned(outcome: DealOutcome, shift: int) -> DealOutcome:
    """An outcome by seat as the same outcome by orientation."""
    n = outcome.players

    def at(seat: int | None) -> int | None:
        return None if seat is None else (seat + shift) % n

    return dataclasses.replace(
        outcome,
        taker=(outcome.taker + shift) % n,
        partner=at(outcome.partner),
        poignees=tuple(PoigneeDeclared((p.seat + shift) % n, p.size) for p in outcome.poignees),
        miseres=tuple(MisereDeclared((m.seat + shift) % n, m.kind) for m in outcome.miseres),
        sitting_out=at(outcome.sitting_out),
    )
