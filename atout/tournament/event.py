"""A tournament: its form, boards, movement and the results entered so far.

The forms are the rulebook's duplicate forms that fit tables of 4 or 5 seats:
``individual`` (4 or 5 a table) and ``quadrettes`` (teams of 4: one attacker,
always South, and three defenders). Prepared deals are played at the imposed
contract, Garde ("Lorsque les jeux sont préparés par l'arbitre, le contrat est
unique et imposé (Garde)"); a result is refused when its contract or taker is
not the one the board and the form impose, or when its table does not play
that board at that position. Scores come from the French engine's scoring
(:func:`atout.french.scoring.score_deal`, FFT rules).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from atout.french.scoring import DealOutcome, DealScore, score_deal
from atout.french.variants import Contract, Variant, get_variant
from atout.tournament.boards import ORIENTATIONS, SOUTH, Board, TournamentError, prepare_boards
from atout.tournament.movement import Movement, individual_movement, quadrette_movement
from atout.tournament.ranking import (
    PlayerStanding,
    PlayKey,
    alternate_ranking,
    general_ranking,
    individual_standings,
    quadrette_points,
)

Form = Literal["individual", "quadrettes"]
FORMS: Final[tuple[Form, ...]] = get_args(Form)
IMPOSED: Final = Contract.GARDE
VARIANT: Final[Variant] = get_variant("fft")


@dataclass(frozen=True, slots=True)
class Setup:
    """What the organiser chooses: the form, its size and how the deals are made."""

    form: Form
    players: int
    """Seats a table: 4 or 5 (quadrettes: 4)."""
    tables: int
    """Tables; in quadrettes also the number of teams (two tables per pairing)."""
    positions: int
    per_position: int
    """Boards each table plays at each position."""
    names: tuple[str, ...]
    """Display names by player number (teams of four in quadrettes)."""

    @property
    def entrants(self) -> int:
        return self.tables * self.players

    @property
    def board_count(self) -> int:
        sets = self.tables if self.form == "individual" else self.positions
        return sets * self.per_position


def new_setup(
    form: Form,
    players: int,
    tables: int,
    positions: int | None = None,
    per_position: int | None = None,
    names: Sequence[str] = (),
) -> Setup:
    """A setup with the usual defaults: every position the movement has (each player
    meets each set of boards once; each pairing of teams once in quadrettes), as
    many boards a position as seats (each player attacks one), numbered names."""
    if positions is None:
        positions = tables if form == "individual" else max(tables - 1, 1)
    named = tuple(names) or tuple(f"{n}" for n in range(1, tables * players + 1))
    return Setup(form, players, tables, positions, per_position or players, named)


def movement_of(setup: Setup) -> Movement:
    """The movement the form calls for."""
    if setup.form == "individual":
        return individual_movement(setup.tables, setup.players, setup.positions, setup.per_position)
    if setup.players != 4:
        raise TournamentError("tournament_quadrettes_four")
    return quadrette_movement(setup.tables, setup.positions, setup.per_position)


def check_setup(setup: Setup) -> None:
    if setup.form not in FORMS:
        raise TournamentError("tournament_form", forms=[str(form) for form in FORMS])
    if len(setup.names) != setup.entrants:
        raise TournamentError("tournament_names", needed=setup.entrants, got=len(setup.names))


@dataclass(slots=True)
class Tournament:
    """A tournament being played: results keyed by (position, table, board)."""

    setup: Setup
    boards: tuple[Board, ...]
    movement: Movement
    results: dict[PlayKey, DealOutcome] = field(default_factory=dict)
    scores: dict[PlayKey, DealScore] = field(default_factory=dict)

    @classmethod
    def create(cls, setup: Setup, seed: int, boards: Sequence[Board] | None = None) -> Tournament:
        """A new tournament; its boards dealt from ``seed`` unless given."""
        check_setup(setup)
        movement = movement_of(setup)
        taker = SOUTH if setup.form == "quadrettes" else None
        if boards is None:
            boards = prepare_boards(setup.board_count, setup.players, seed, IMPOSED, taker)
        boards = tuple(boards)
        if [b.number for b in boards] != list(range(1, setup.board_count + 1)):
            raise TournamentError("tournament_board_numbers", count=setup.board_count)
        for board in boards:
            if board.players != setup.players:
                raise TournamentError(
                    "tournament_board_players", board=board.number, players=setup.players
                )
            if taker is not None and board.taker != taker:
                raise TournamentError("tournament_taker_south", board=board.number)
        return cls(setup, boards, movement)

    def board(self, number: int) -> Board:
        if not 1 <= number <= len(self.boards):
            raise TournamentError("tournament_no_board", board=number, count=len(self.boards))
        return self.boards[number - 1]

    def position_of(self, table: int, board: int) -> int:
        """The position at which ``table`` plays ``board``, when there is exactly one."""
        found = [
            s.position for s in self.movement.seatings if s.table == table and board in s.boards
        ]
        if len(found) != 1:
            raise TournamentError(
                "tournament_board_never" if not found else "tournament_give_position",
                table=table + 1,
                board=board,
            )
        return found[0]

    def record(self, position: int, table: int, board: int, outcome: DealOutcome) -> DealScore:
        """Enter (or correct) one table's result on a board; TournamentError says what is wrong."""
        seating = self.movement.at(position, table)
        marked = self.board(board)
        if board not in seating.boards:
            raise TournamentError(
                "tournament_not_here", table=table + 1, board=board, position=position + 1
            )
        if outcome.players != self.setup.players:
            raise TournamentError("tournament_deal_players", players=self.setup.players)
        if marked.contract is not None and outcome.contract != marked.contract:
            raise TournamentError("tournament_imposed", board=board, contract=marked.contract.text)
        if outcome.taker != marked.taker:
            name = ORIENTATIONS[self.setup.players][marked.taker]
            raise TournamentError("tournament_taker", board=board, taker=name, seat=marked.taker)
        try:
            score = score_deal(outcome, VARIANT)
        except ValueError as error:
            raise TournamentError("tournament_deal", reason=str(error)) from None
        key = (position, table, board)
        self.results[key] = outcome
        self.scores[key] = score
        return score

    def standings(self, general: bool = False) -> list[PlayerStanding]:
        """Individual form: the classement alterné (the rulebook's reference for one
        session), or the classement général."""
        takers = {b.number: b.taker for b in self.boards}
        seat_scores = {key: score.scores for key, score in self.scores.items()}
        standings = individual_standings(self.movement, takers, seat_scores)
        return general_ranking(standings) if general else alternate_ranking(standings)

    def team_points(self) -> list[tuple[int, int]]:
        """Quadrettes: (team, PM in thousandths), best first."""
        attack = {key: score.breakdown["per_defender"] for key, score in self.scores.items()}
        totals = quadrette_points(self.movement, attack)
        return sorted(totals.items(), key=lambda item: (-item[1], item[0]))

    def missing(self) -> list[PlayKey]:
        """The plays still without a result, in the movement's order."""
        return [
            (s.position, s.table, board)
            for s in self.movement.seatings
            for board in s.boards
            if (s.position, s.table, board) not in self.results
        ]
