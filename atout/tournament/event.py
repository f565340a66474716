"""A tournament: its form, boards, movement and the results entered so far.

The forms are the rulebook's duplicate forms: ``individual`` (4 or 5 a table),
``quadrettes`` (teams of 4: one attacker, always South, and three defenders),
``triplettes`` (teams of 3, a North-South and an East-West triplette a table,
one attacker a deal in the triplette's alphabetical rotation) and ``teams``, the
two-team match of 4 to 6 players (two tables, four quarters, the attacker in
South choosing Garde, Garde Sans or Garde Contre). Prepared deals are otherwise
played at the imposed contract, Garde ("Lorsque les jeux sont préparés par
l'arbitre, le contrat est unique et imposé (Garde)"). A result is refused when
its contract, taker or attacker is not one the board and the form allow, or when
its table does not play that board at that position. Scores come from the
French engine's scoring (:func:`atout.french.scoring.score_deal`, FFT rules).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from atout.french.scoring import DealOutcome, DealScore, ImpossibleDeal, score_deal
from atout.french.variants import Contract, Variant, get_variant
from atout.text import repeated
from atout.tournament.adjustments import (
    ON_PLAYS,
    Adjustment,
    adjusted_plays,
    assigned_notes,
    note_penalties,
    point_penalties,
    seat_marks,
)
from atout.tournament.boards import ORIENTATIONS, SOUTH, Board, TournamentError, prepare_boards
from atout.tournament.movement import (
    QUARTERS,
    Movement,
    howell_movement,
    individual_movement,
    match_movement,
    quadrette_movement,
    triplette_movement,
    triplette_positions,
)
from atout.tournament.ranking import (
    PlayerStanding,
    PlayKey,
    compared_boards,
    individual_standings,
    ranked_standings,
    team_points,
    triplette_standings,
)

Form = Literal["individual", "quadrettes", "triplettes", "teams"]
FORMS: Final[tuple[Form, ...]] = get_args(Form)
MovementKind = Literal["plain", "howell", "searched"]
MOVEMENTS: Final[tuple[MovementKind, ...]] = get_args(MovementKind)
MOVEMENT_FORMS: Final[dict[MovementKind, Form]] = {"howell": "triplettes", "searched": "individual"}
"""The form each movement but the plain one (every form's) is for."""
TEAM_SEATS: Final[tuple[Form, ...]] = ("triplettes", "teams")
"""The forms whose seatings hold teams, the attacker being entered with each result."""
IMPOSED: Final = Contract.GARDE
CHOSEN: Final = (Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)
"""The two-team match's contracts: "Le preneur a le choix entre 3 contrats"."""
BADGES: Final = ("bleu", "blanc", "rouge")
"""Triplettes' badges, by the alphabetical order of surname in the triplette."""
MATCH_SIZES: Final = range(4, 7)
"""Players a team and boards a quarter in the match: "2 équipes, de 4 à 6 joueurs
sur 16 à 24 donnes", in 4 quarters."""
VARIANT: Final[Variant] = get_variant("fft")
TABLES: Final = 5
"""Tables when the organiser does not say (the match has always its two)."""
MATCH_TABLES: Final = 2


@dataclass(frozen=True, slots=True)
class Setup:
    """What the organiser chooses: the form, its size and how the deals are made."""

    form: Form
    players: int
    """Seats a table: 4 or 5 (only individual tournaments have 5)."""
    tables: int
    """Tables; in quadrettes the number of teams (two tables per pairing); in
    triplettes half the triplettes; in the match 2."""
    positions: int
    """Positions (in the match: its four quarters)."""
    per_position: int
    """Boards each table plays at each position."""
    names: tuple[str, ...]
    """Display names by player number: teams of four in quadrettes, of three in
    triplettes (each in the alphabetical order of surname, which gives the badges),
    team A then team B in the match."""
    movement: MovementKind = "plain"
    """Triplettes: the plain movement or the Howell. Individual: the searched movement
    (new tournaments) or the plain, arithmetic one (files written before it, which
    have no movement: a file stores sizes, and its movement is rebuilt when read)."""
    first_badge: int | None = None
    """Triplettes: the badge drawn for the first attacker (0 bleu, 1 blanc, 2 rouge)."""
    team_sizes: tuple[int, ...] = ()
    """The match: the players of team A and of team B."""

    @property
    def team_size(self) -> int:
        return {"quadrettes": 4, "triplettes": 3}.get(self.form, 0)

    @property
    def teams(self) -> int:
        if self.form == "teams":
            return len(self.team_sizes)
        return self.entrants // self.team_size if self.team_size else 0

    @property
    def entrants(self) -> int:
        if self.form == "triplettes":
            return self.tables * 6
        if self.form == "teams":
            return sum(self.team_sizes)
        return self.tables * self.players

    def members(self, team: int) -> tuple[int, ...]:
        """The player numbers of a team, in the order the names give them."""
        if self.form == "teams":
            first = sum(self.team_sizes[:team])
            return tuple(range(first, first + self.team_sizes[team]))
        return tuple(range(team * self.team_size, (team + 1) * self.team_size))

    @property
    def board_count(self) -> int:
        travel = self.form == "individual" or (
            self.form == "triplettes" and self.movement == "plain"
        )
        return (self.tables if travel else self.positions) * self.per_position


def new_setup(
    form: Form,
    players: int,
    tables: int | None = None,
    positions: int | None = None,
    per_position: int | None = None,
    names: Sequence[str] = (),
    movement: MovementKind | None = None,
    team_sizes: Sequence[int] = (),
    first_badge: int | None = None,
) -> Setup:
    """A setup with the usual defaults: every position the movement has (each player
    meets each set of boards once; each pairing of teams once in quadrettes and in the
    Howell; the match's four quarters), as many boards a position as seats (each player
    attacks one, each triplette two), teams of four in the match, numbered names, five
    tables. The match has always its two tables: another number is refused, as is a
    name given twice (a new tournament's; a stored one is read as it was written)."""
    sizes = tuple(team_sizes) or ((4, 4) if form == "teams" else ())
    if movement is None:
        movement = "searched" if form == "individual" else "plain"
    if form == "teams":
        if tables not in (None, MATCH_TABLES):
            raise TournamentError("tournament_match_tables")
        tables = MATCH_TABLES
    elif tables is None:
        tables = TABLES
    if positions is None:
        positions = {
            "individual": tables,
            "quadrettes": max(tables - 1, 1),
            "triplettes": 2 * tables - 1 if movement == "howell" else triplette_positions(tables),
            "teams": QUARTERS,
        }.get(form, tables)
    setup = Setup(
        form,
        players,
        tables,
        positions,
        players if per_position is None else per_position,
        (),
        movement,
        first_badge,
        sizes,
    )
    named = tuple(names) or tuple(f"{n}" for n in range(1, setup.entrants + 1))
    check_names(named)
    return dataclasses.replace(setup, names=named)


def check_names(names: Sequence[str]) -> None:
    """TournamentError naming a name given twice (case and spacing aside): two places
    a ranking, a slip or the page could not tell apart."""
    twice = repeated(names)
    if twice is not None:
        first, second = twice
        raise TournamentError("name_twice", name=names[second], first=first + 1, second=second + 1)


def movement_of(setup: Setup) -> Movement:
    """The movement the form calls for."""
    if setup.form == "individual":
        return individual_movement(
            setup.tables,
            setup.players,
            setup.positions,
            setup.per_position,
            searched=setup.movement == "searched",
        )
    if setup.form == "quadrettes":
        return quadrette_movement(setup.tables, setup.positions, setup.per_position)
    if setup.form == "teams":
        if setup.positions != QUARTERS:
            raise TournamentError("tournament_quarters", quarters=QUARTERS)
        return match_movement(setup.per_position)
    if setup.movement == "howell":
        return howell_movement(setup.tables, setup.positions, setup.per_position)
    return triplette_movement(setup.tables, setup.positions, setup.per_position)


def check_compared(setup: Setup, movement: Movement | None = None) -> None:
    """TournamentError when a tournament of several tables would play some board at one
    table only: the rulebook's results are "établis en comparant les scores réalisés
    par les différents joueurs avec les mêmes cartes", and such a board compares
    nothing (every play of it would score 50%). The refusal names what to change: the
    plain triplettes movement at 2 tables (known from the setup alone, before its
    one position is checked) plays each set at one table, where the Howell plays each
    at both; one position plays each set once, two or more move the sets. A single
    table compares nothing whatever the movement, and is allowed: prepared boards
    played at one table (online, or to try the tournament out)."""
    if setup.form == "triplettes" and setup.movement == "plain" and setup.tables == 2:
        raise TournamentError("tournament_triplettes_two_tables")
    if movement is None or movement.tables < 2:
        return
    plays = Counter(board for seating in movement.seatings for board in seating.boards)
    once = next((b for b in range(1, setup.board_count + 1) if plays[b] < 2), None)
    if once is not None:
        raise TournamentError("tournament_uncompared", board=once)


def _quadrette(player: int) -> int:
    """A quadrette's number from one of its players' (four a team, attacker first)."""
    return player // 4


def check_setup(setup: Setup) -> None:
    if setup.form not in FORMS:
        raise TournamentError("tournament_form", forms=[str(form) for form in FORMS])
    if setup.movement not in MOVEMENTS or (
        setup.movement != "plain" and setup.form != MOVEMENT_FORMS[setup.movement]
    ):
        raise TournamentError("tournament_movement")
    if setup.team_sizes and setup.form != "teams":
        raise TournamentError("tournament_team_sizes")
    if setup.first_badge is not None and setup.form != "triplettes":
        raise TournamentError("tournament_badge_form")
    if setup.form != "individual" and setup.players != 4:
        raise TournamentError("tournament_quadrettes_four")
    if setup.form == "teams" and (
        len(setup.team_sizes) != 2
        or any(size not in MATCH_SIZES for size in setup.team_sizes)
        or setup.per_position not in MATCH_SIZES
    ):
        raise TournamentError("tournament_match")
    if setup.form == "triplettes" and setup.first_badge not in (None, 0, 1, 2):
        raise TournamentError("tournament_badge", badges=list(BADGES))
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
    attackers: dict[PlayKey, int] = field(default_factory=dict)
    """Who attacked each play, in the forms where it is entered (team seatings)."""
    rotation: dict[PlayKey, int] = field(default_factory=dict)
    """Triplettes: who must attack each play, by the badges' rotation."""
    adjustments: list[Adjustment] = field(default_factory=list)
    """The arbiter's, in the order made (``atout.tournament.arbiter``)."""
    revoked: list[int] = field(default_factory=list)
    """The numbers of the adjustments revoked: a number names one adjustment for
    good (it is not given again), and revoking it again is told it was."""

    @classmethod
    def create(cls, setup: Setup, seed: int, boards: Sequence[Board] | None = None) -> Tournament:
        """A new tournament; its boards dealt from ``seed`` unless given (and in
        triplettes the first attacker's badge drawn from it unless chosen)."""
        check_setup(setup)
        movement = movement_of(setup)
        taker = SOUTH if setup.form in ("quadrettes", "teams") else None
        if setup.form == "triplettes" and setup.first_badge is None:
            draw = random.Random(f"{seed}:badge").randrange(len(BADGES))
            setup = dataclasses.replace(setup, first_badge=draw)
        if boards is None:
            contract = None if setup.form == "teams" else IMPOSED
            boards = prepare_boards(setup.board_count, setup.players, seed, contract, taker)
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
        tournament = cls(setup, boards, movement)
        if setup.form == "triplettes":
            tournament.rotation = tournament.badge_rotation()
        return tournament

    @classmethod
    def new(cls, setup: Setup, seed: int, boards: Sequence[Board] | None = None) -> Tournament:
        """A tournament the organiser creates (:meth:`create`), refused when some board
        would be compared with nothing (:func:`check_compared`); a stored tournament, or
        its next session, is made as it was written."""
        check_setup(setup)
        check_compared(setup)  # before the movement refuses what it cannot make
        tournament = cls.create(setup, seed, boards)
        check_compared(setup, tournament.movement)
        return tournament

    def badge_rotation(self) -> dict[PlayKey, int]:
        """Triplettes: "Chaque joueur de la triplette doit attaquer selon l'ordre
        alphabétique du nom de famille", from the badge drawn, "dans l'ordre Bleu,
        Blanc, Rouge, Bleu etc.", one attack after another in the movement's order."""
        first = self.setup.first_badge or 0
        done: Counter[int] = Counter()
        rotation = {}
        for seating in self.movement.seatings:
            for number in seating.boards:
                team = seating.seats[self.board(number).taker]
                members = self.setup.members(team)
                rotation[seating.position, seating.table, number] = members[
                    (first + done[team]) % len(members)
                ]
                done[team] += 1
        return rotation

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

    def record(
        self,
        position: int,
        table: int,
        board: int,
        outcome: DealOutcome,
        attacker: int | None = None,
    ) -> DealScore:
        """Enter (or correct) one table's result on a board; TournamentError says what is
        wrong and nothing changes then. ``attacker`` (a player number) is who attacked:
        needed where the seatings hold teams, checked whenever it is given."""
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
        if self.setup.form == "teams" and outcome.contract not in CHOSEN:
            raise TournamentError(
                "tournament_chosen", board=board, contracts=[c.text for c in CHOSEN]
            )
        if outcome.taker != marked.taker:
            name = ORIENTATIONS[self.setup.players][marked.taker]
            raise TournamentError("tournament_taker", board=board, taker=name, seat=marked.taker)
        key = (position, table, board)
        allowed = self.attackers_for(key)
        if attacker is None and self.setup.form in TEAM_SEATS:
            raise TournamentError("tournament_attacker_needed", board=board)
        if attacker is not None and attacker not in allowed:
            raise TournamentError(
                "tournament_attacker",
                board=board,
                attacker=attacker + 1,
                allowed=[player + 1 for player in allowed],
            )
        try:
            score = score_deal(outcome, VARIANT)
        except ImpossibleDeal as error:
            raise TournamentError("tournament_deal", reason=str(error), **error.as_rule()) from None
        self.results[key] = outcome
        self.scores[key] = score
        if self.setup.form in TEAM_SEATS and attacker is not None:
            self.attackers[key] = attacker
        return score

    def attackers_for(self, key: PlayKey) -> tuple[int, ...]:
        """Who may attack a play (player numbers): the player seated at the taker's mark;
        in triplettes the one the badges' rotation names; in the match any player of
        the attacking team but one who attacked in another quarter, and in a quarter
        whose attacker is known (from its other results) that one: "L'attaquant doit
        être différent à chaque quart temps"."""
        position, table, board = key
        seating = self.movement.at(position, table)
        if self.setup.form == "triplettes":
            return (self.rotation[key],)
        taker = seating.seats[self.board(board).taker]
        if self.setup.form != "teams":
            return (taker,)
        others = {
            (play[0], player)
            for play, player in self.attackers.items()
            if play[1] == table and play != key
        }
        same = {player for quarter, player in others if quarter == position}
        if same:
            return tuple(sorted(same))
        before = {player for _, player in others}
        return tuple(p for p in self.setup.members(taker) if p not in before)

    def standings(self, general: bool = False) -> list[PlayerStanding]:
        """The classement alterné (the rulebook's reference for one session), or the
        classement général: of players in individual, of triplettes in triplettes (the
        Howell, whose triplettes change orientation, has only the général)."""
        return [standing for _, standing in self.ranked(general)]

    def ranked(self, general: bool = False) -> list[tuple[int | None, PlayerStanding]]:
        """:meth:`standings` with each entrant's rank, ties sharing one, none before
        the entrant's first result (:func:`ranked_standings`)."""
        takers = {b.number: b.taker for b in self.boards}
        assigned = assigned_notes(self.adjustments)
        penalties = note_penalties(self.adjustments)
        if self.setup.form == "triplettes":
            first = {s.seats[0]: 0 for s in self.movement.seatings if s.position == 0}
            first |= {s.seats[1]: 1 for s in self.movement.seatings if s.position == 0}
            standings = triplette_standings(
                self.movement, takers, self.attack_scores(), first, assigned, penalties
            )
            general = general or self.setup.movement == "howell"
        else:
            seat_scores = adjusted_plays(
                {key: score.scores for key, score in self.scores.items()},
                self.adjustments,
                self._seat_scores,
            )
            standings = individual_standings(
                self.movement, takers, seat_scores, assigned, penalties
            )
        return ranked_standings(standings, general)

    def team_points(self) -> list[tuple[int, int]]:
        """Quadrettes and the match: (team, PM in thousandths), best first."""
        attack = self.attack_scores()
        if self.setup.form == "teams":
            totals = team_points(self.movement, attack, int, 2, winner_only=True)
        else:
            totals = team_points(self.movement, attack, _quadrette, self.setup.tables)
        for team, taken in point_penalties(self.adjustments).items():
            totals[team] -= taken
        return sorted(totals.items(), key=lambda item: (-item[1], item[0]))

    def team_boards(self) -> Counter[int]:
        """Quadrettes and the match: the boards each team's PM count so far
        (:func:`compared_boards`)."""
        team_of = int if self.setup.form == "teams" else _quadrette
        return compared_boards(self.movement, self.attack_scores(), team_of)

    def teams_counted(self) -> set[int]:
        """Quadrettes and the match: the teams with a result, something in their PM
        (a board compared, or PM the arbiter took off): the others are not ranked."""
        return {team for team, boards in self.team_boards().items() if boards} | set(
            point_penalties(self.adjustments)
        )

    def missing(self) -> list[PlayKey]:
        """The plays still without a result (nor an adjustment of the arbiter's standing
        for one), in the movement's order."""
        adjusted = {a.play for a in self.adjustments if a.kind in ON_PLAYS}
        return [
            (s.position, s.table, board)
            for s in self.movement.seatings
            for board in s.boards
            if (s.position, s.table, board) not in self.results
            and (s.position, s.table, board) not in adjusted
        ]

    def attack_scores(self) -> dict[PlayKey, int]:
        """What each defender paid the attack at each play, the arbiter's adjustments
        made (cancelled plays left out, adjusted scores in)."""
        attack = {key: score.breakdown["per_defender"] for key, score in self.scores.items()}
        return adjusted_plays(attack, self.adjustments, lambda _, score: score)

    def _seat_scores(self, key: PlayKey, score: int) -> tuple[int, ...]:
        """Each seat's mark at a play whose score the arbiter set (the partner at 5
        from the play's result, when entered)."""
        played = self.results.get(key)
        partner = None if played is None else played.partner
        taker = self.board(key[2]).taker
        return seat_marks(score, self.setup.players, taker, partner)
