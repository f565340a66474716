"""A position of a tournament played online: the boards a server table deals, who
sits in each of its seats, and the results its game gives back.

A server table's first dealer is its seat 0 and the dealer turns one seat a deal,
as the boards of a set do (board ``n``'s dealer sits one place after board
``n-1``'s), so the table's seats are the orientations turned: seat ``s`` holds
orientation ``(s + shift) % players``, ``shift`` being the first board's dealer.
The engine's imposed contract goes to the player on the dealer's right, as the
individual form's (and triplettes') boards are marked; in quadrettes and the match
it goes to South's seat at every deal (the engine's ``imposed_taker``), the
dealer's right still leading, and the match's taker chooses Garde, Garde Sans or
Garde Contre (``imposed_minimum``). Who sits in each seat may change from board to
board in triplettes (``atout.tournament.lineups``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from atout.french.actions import DealCards
from atout.french.rules import FRENCH
from atout.french.scoring import DealOutcome, MisereDeclared, PoigneeDeclared
from atout.tournament.boards import SOUTH, TournamentError
from atout.tournament.event import IMPOSED, Tournament
from atout.tournament.lineups import lineups

SOUTH_TAKES = ("quadrettes", "teams")
"""The forms whose attacker sits in South whatever the étui says."""


def seat_shift(tournament: Tournament, position: int, table: int) -> int:
    """The orientation of seat 0 at the server table of (position, table)."""
    first = tournament.movement.at(position, table).boards[0]
    return tournament.board(first).dealer


def seat_players(tournament: Tournament, position: int, table: int) -> tuple[int, ...]:
    """The player (number from 0) the movement puts in each seat of the server table
    (at its first board)."""
    return deal_players(tournament, position, table)[0]


def deal_players(tournament: Tournament, position: int, table: int) -> tuple[tuple[int, ...], ...]:
    """The player in each seat of the server table at each of its deals."""
    shift = seat_shift(tournament, position, table)
    return tuple(
        tuple(seats[(seat + shift) % len(seats)] for seat in range(len(seats)))
        for seats in lineups(tournament, position, table)
    )


def table_boards(tournament: Tournament, position: int, table: int) -> tuple[str, ...]:
    """The deal actions the server table deals, in the movement's order, seats turned.

    A table's dealer turns every deal, so must the boards'; the individual form's
    takers sit on the dealer's right, the quadrettes' and the match's in South
    (explicit boards may be marked otherwise, and are then refused)."""
    form = tournament.setup.form
    seating = tournament.movement.at(position, table)
    shift = seat_shift(tournament, position, table)
    players = tournament.setup.players
    deals = []
    for offset, number in enumerate(seating.boards):
        board = tournament.board(number)
        taker = SOUTH if form in SOUTH_TAKES else board.leader
        if board.taker != taker or board.dealer != (shift + offset) % players:
            raise TournamentError("tournament_online_marks", board=number)
        hands = tuple(board.hands[(seat + shift) % players] for seat in range(players))
        deals.append(str(DealCards(hands, board.dog)))
    return tuple(deals)


def table_rules(tournament: Tournament, position: int, table: int) -> dict[str, Any]:
    """The variant options of such a table: the imposed Garde, taken in quadrettes and
    the match by South's seat whoever deals, and in the match the least of the three
    contracts its taker chooses from."""
    rules: dict[str, Any] = {"imposed_contract": IMPOSED.text}
    if tournament.setup.form in SOUTH_TAKES:
        rules["imposed_taker"] = (SOUTH - seat_shift(tournament, position, table)) % 4
    if tournament.setup.form == "teams":
        rules["imposed_minimum"] = True
    return rules


def engine_options(tournament: Tournament, position: int, table: int) -> dict[str, Any]:
    """The engine options of such a table's game: its rules, one deal a board."""
    boards = len(tournament.movement.at(position, table).boards)
    return {**table_rules(tournament, position, table), **FRENCH.rounds_options(boards)}


def game_results(
    tournament: Tournament, position: int, table: int, actions: Sequence[str]
) -> list[tuple[int, DealOutcome]]:
    """(board, outcome by orientation) of each deal the table's game finished."""
    seating = tournament.movement.at(position, table)
    players = tournament.setup.players
    shift = seat_shift(tournament, position, table)
    state = FRENCH.new(players, "fft", engine_options(tournament, position, table))
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
