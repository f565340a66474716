"""Movements: who sits where and which boards each table plays, position by position.

The rulebook asks for "un mouvement où les donnes et les joueurs ne se
rencontrent pas deux fois" where players "changent de table mais pas
d'orientation". The individual movement is arithmetic, like a Mitchell: at
position ``r`` the player of orientation line ``i`` who started at table ``a``
sits at table ``a - m[i]*r`` and the boards of set ``s`` are at table
``s - c*r`` (mod the number of tables). Two players of lines ``i``, ``j`` meet
again only if ``(m[j]-m[i])*r`` repeats, and a player meets a set again only if
``(c-m[i])*r`` repeats, so with 5, 7, 11, 13... tables (prime to 2 and 3, and to
5 at 5 players) ``m = 0, 1, 2...`` and ``c = -1`` promise both. For other
numbers of tables the multipliers are searched for the fewest repeats (boards
first: a player who sees a board twice knows its cards) and the movement says
what it cannot promise (:attr:`Movement.meets_once`, :attr:`Movement.boards_once`).

There the *searched* movement does better (:mod:`atout.tournament.movement_search`).
New individual tournaments are seated by it; one stored before, whose file
names no movement, keeps the arithmetic movement.

Quadrettes are a round robin of teams: each position pairs the teams two by two
and each pairing plays one set of boards at two tables, each team's attacker in
South against the other's defence (rulebook, "Tournoi en quadrettes").
Triplettes have a Mitchell (North-South triplettes stay, East-West ones move)
and a Howell (a round robin where orientations change); the two-team match has
two tables over four quarters. In these three team forms a seating's seats hold
the team at each orientation, since who of a team sits where changes deal by deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Final

from atout.tournament.boards import SOUTH, TournamentError
from atout.tournament.movement_search import Lines, searched_lines

SEARCH_LIMIT: Final = 50_000
"""Multiplier choices tried at most when the arithmetic movement cannot promise everything."""
MAX_TABLES: Final = 60


@dataclass(frozen=True, slots=True)
class Seating:
    """One table at one position: the player at each orientation and the boards in play."""

    position: int
    table: int
    seats: tuple[int, ...]
    """Player numbers by orientation."""
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Movement:
    """Every seating of a tournament, with what it promises."""

    tables: int
    players: int
    """Players per table."""
    positions: int
    seatings: tuple[Seating, ...]
    meets_once: bool
    """No two players sit at the same table twice (in quadrettes: no two opponents)."""
    boards_once: bool
    """No player plays a board twice."""

    def at(self, position: int, table: int) -> Seating:
        """The seating of ``table`` at ``position`` (both from 0)."""
        if not (0 <= position < self.positions and 0 <= table < self.tables):
            raise TournamentError(
                "tournament_no_table",
                table=table + 1,
                position=position + 1,
                tables=self.tables,
                positions=self.positions,
            )
        return self.seatings[position * self.tables + table]

    def of_board(self, board: int) -> list[Seating]:
        """The seatings where ``board`` is played."""
        return [seating for seating in self.seatings if board in seating.boards]


def _collisions(tables: int, positions: int) -> list[int]:
    """For each step d (mod tables): pairs of positions r < r' with d*r = d*r'."""
    table = []
    for step in range(tables):
        counts = Counter(step * r % tables for r in range(positions))
        table.append(sum(n * (n - 1) // 2 for n in counts.values()))
    return table


def _repeats(lines: Sequence[int], boards: int, collisions: Sequence[int]) -> tuple[int, int]:
    """(player-board repeats, player-player repeats) of an arithmetic movement."""
    tables = len(collisions)
    board = sum(collisions[(boards - m) % tables] for m in lines)
    meet = sum(collisions[(b - a) % tables] for a, b in combinations(lines, 2))
    return board, meet


@lru_cache(maxsize=64)
def _multipliers(tables: int, players: int, positions: int) -> tuple[tuple[int, ...], int]:
    """The line multipliers and board multiplier with the fewest repeats."""
    collisions = _collisions(tables, positions)
    best = tuple(range(players)), -1 % tables
    best_cost = _repeats(*best, collisions)
    if best_cost == (0, 0) or tables**players > SEARCH_LIMIT:
        return best
    for rest in product(range(tables), repeat=players - 1):
        for boards in range(tables):
            cost = _repeats((0, *rest), boards, collisions)
            if cost < best_cost:
                best, best_cost = ((0, *rest), boards), cost
    return best


def _check_sizes(tables: int, positions: int, most: int, per_position: int) -> None:
    """Tables within bounds, 1 to ``most`` positions, at least a board a position."""
    if not 1 <= tables <= MAX_TABLES:
        raise TournamentError("tournament_tables", most=MAX_TABLES)
    if not 1 <= positions <= most:
        raise TournamentError("tournament_positions", most=most)
    if per_position < 1:
        raise TournamentError("tournament_per_position")


def _check(tables: int, players: int, positions: int, per_position: int) -> None:
    if players not in (4, 5):
        raise TournamentError("tournament_players", players=players)
    _check_sizes(tables, positions, tables, per_position)


def individual_movement(
    tables: int, players: int, positions: int, per_position: int, *, searched: bool = False
) -> Movement:
    """The individual movement: player ``t*players + i`` plays in orientation ``i``
    for the whole session and starts at table ``t``; ``tables`` sets of
    ``per_position`` boards travel. ``searched``: the searched movement where the
    arithmetic one cannot promise everything (there the players start elsewhere, and
    set ``s`` is at table ``s + r`` at position ``r``)."""
    _check(tables, players, positions, per_position)
    arithmetic = _arithmetic_movement(tables, players, positions, per_position)
    if not searched or (arithmetic.meets_once and arithmetic.boards_once):
        return arithmetic
    lines = searched_lines(
        tables, players, positions, _arithmetic_lines(tables, players, positions)
    )
    seatings = []
    for position in range(positions):
        for table in range(tables):
            # the sets move up one table a position: no table plays a set twice
            board_set = (table - position) % tables
            cell = position * tables + board_set
            seats = tuple(line[cell] * players + i for i, line in enumerate(lines))
            seatings.append(Seating(position, table, seats, _sets(board_set, per_position)))
    return Movement(tables, players, positions, tuple(seatings), *_promises(seatings))


def _arithmetic_lines(tables: int, players: int, positions: int) -> Lines | None:
    """The arithmetic movement as the search's lines (set ``s`` at table ``s + c*r``,
    players of line ``i`` at ``table + m[i]*r``), or None when a player plays a set
    twice in it: not a movement to start from."""
    steps, board_step = _multipliers(tables, players, positions)
    if _repeats(steps, board_step, _collisions(tables, positions))[0]:
        return None
    return tuple(
        tuple((s + (m - board_step) * r) % tables for r in range(positions) for s in range(tables))
        for m in steps
    )


def _arithmetic_movement(tables: int, players: int, positions: int, per_position: int) -> Movement:
    """The arithmetic movement (see the module's docstring): what tournaments created
    before the searched movement were, and still are, seated by."""
    lines, board_step = _multipliers(tables, players, positions)
    seatings = []
    for position in range(positions):
        for table in range(tables):
            seats = tuple(
                (table + m * position) % tables * players + i for i, m in enumerate(lines)
            )
            first = (table + board_step * position) % tables * per_position + 1
            seatings.append(
                Seating(position, table, seats, tuple(range(first, first + per_position)))
            )
    board_repeats, meet_repeats = _repeats(lines, board_step, _collisions(tables, positions))
    return Movement(
        tables, players, positions, tuple(seatings), meet_repeats == 0, board_repeats == 0
    )


def round_robin(teams: int, rounds: int) -> list[list[tuple[int, int]]]:
    """Pairings of ``teams`` (even) for each round, every two teams at most once (circle method)."""
    others = list(range(1, teams))
    schedule = []
    for _ in range(rounds):
        ring = [0, *others]
        schedule.append([(ring[k], ring[teams - 1 - k]) for k in range(teams // 2)])
        others = others[-1:] + others[:-1]
    return schedule


def quadrette_movement(teams: int, positions: int, per_position: int) -> Movement:
    """Quadrettes: team ``k`` is players ``4k`` (its attacker, always South) and
    ``4k+1..4k+3`` (its defenders, in North, West and East for the whole session).
    Each pairing (A, B) sits at tables ``2p`` (A attacks) and ``2p+1`` (B attacks);
    every table of position ``r`` plays set ``r`` (the same deals for everyone)."""
    if teams < 2 or teams % 2:
        raise TournamentError("tournament_teams")
    if not 1 <= positions <= teams - 1:
        raise TournamentError("tournament_positions", most=teams - 1)
    if per_position < 1:
        raise TournamentError("tournament_per_position")
    seatings = []
    for position, pairs in enumerate(round_robin(teams, positions)):
        boards = tuple(range(position * per_position + 1, (position + 1) * per_position + 1))
        for pair, (a, b) in enumerate(pairs):
            for offset, (attack, defence) in enumerate(((a, b), (b, a))):
                seats = [4 * defence + 1, 4 * defence + 2, 4 * defence + 3]
                seats.insert(SOUTH, 4 * attack)
                seatings.append(Seating(position, 2 * pair + offset, tuple(seats), boards))
    return Movement(teams, 4, positions, tuple(seatings), True, True)


def _promises(seatings: Sequence[Seating]) -> tuple[bool, bool]:
    """(no two entrants meet twice, no entrant plays a board twice), read on the seatings."""
    met: Counter[tuple[int, int]] = Counter()
    seen: Counter[tuple[int, int]] = Counter()
    for seating in seatings:
        entrants = sorted(set(seating.seats))
        met.update(combinations(entrants, 2))
        seen.update((entrant, board) for entrant in entrants for board in seating.boards)
    return max(met.values(), default=1) == 1, max(seen.values(), default=1) == 1


def _sets(set_number: int, per_position: int) -> tuple[int, ...]:
    first = set_number * per_position + 1
    return tuple(range(first, first + per_position))


def _line_seats(north_south: int, east_west: int) -> tuple[int, ...]:
    """Teams by orientation (N, W, S, E): one triplette holds North-South, the other East-West."""
    return (north_south, east_west, north_south, east_west)


def triplette_positions(tables: int) -> int:
    """The positions of the plain triplettes movement: every EW triplette meets every NS
    one at an odd number of tables; at an even number the skip costs one position."""
    return tables if tables % 2 else max(tables - 1, 1)


def triplette_movement(tables: int, positions: int, per_position: int) -> Movement:
    """Triplettes, the plain movement (a Mitchell): the North-South triplettes ``0..T-1``
    stay at their tables, the East-West triplettes ``T..2T-1`` move up one table a
    position and the boards down one, so each keeps its orientation (rulebook: "Chaque
    triplette reçoit une orientation de départ"). At an even number of tables the East-West
    triplettes skip a table halfway, as a Mitchell does, or they would meet the boards
    they have played. Seats hold team numbers."""
    _check_sizes(tables, positions, triplette_positions(tables), per_position)
    seatings = []
    for position in range(positions):
        skip = 1 if tables % 2 == 0 and 2 * position >= tables else 0
        for table in range(tables):
            east_west = tables + (table - position - skip) % tables
            boards = _sets((table + position) % tables, per_position)
            seatings.append(Seating(position, table, _line_seats(table, east_west), boards))
    return Movement(tables, 4, positions, tuple(seatings), *_promises(seatings))


def howell_movement(tables: int, positions: int, per_position: int) -> Movement:
    """Triplettes, Howell ("permet à une triplette de rencontrer l'ensemble des
    triplettes adverses"): ``2T`` triplettes in a round robin of ``2T-1`` positions.
    At position ``r`` triplette ``2T-1`` meets triplette ``r`` at table 1 (holding
    North-South at even positions), and at table ``d+1`` triplette ``r+d`` (North-South)
    meets ``r-d`` (East-West), mod ``2T-1``: each triplette holds each orientation
    about half the time. Every table of a position plays the same set (its étuis
    duplicated, as in quadrettes), so each board is compared over all the tables."""
    rounds = 2 * tables - 1
    _check_sizes(tables, positions, rounds, per_position)
    seatings = []
    for position in range(positions):
        boards = _sets(position, per_position)
        pair = (rounds, position) if position % 2 == 0 else (position, rounds)
        seatings.append(Seating(position, 0, _line_seats(*pair), boards))
        for d in range(1, tables):
            seats = _line_seats((position + d) % rounds, (position - d) % rounds)
            seatings.append(Seating(position, d, seats, boards))
    return Movement(tables, 4, positions, tuple(seatings), *_promises(seatings))


TEAM_A: Final = 0
TEAM_B: Final = 1
QUARTERS: Final = 4


def match_movement(per_position: int) -> Movement:
    """The two-team match (rulebook, "Duplicate par équipes de 4 à 6 joueurs"): four
    quarters; at table 1 team A's attacker (South) meets team B's defence, at table 2
    team B's attacker meets team A's defence, "et ce sur les mêmes donnes": both
    tables play quarter ``q``'s series. Seats hold the team at each orientation; who
    attacks is the captains' choice, entered with each result."""
    if per_position < 1:
        raise TournamentError("tournament_per_position")
    seatings = []
    for quarter in range(QUARTERS):
        boards = _sets(quarter, per_position)
        for table, (attack, defence) in enumerate(((TEAM_A, TEAM_B), (TEAM_B, TEAM_A))):
            seats = [defence] * 3
            seats.insert(SOUTH, attack)
            seatings.append(Seating(quarter, table, tuple(seats), boards))
    # the two teams meet at every quarter; each player plays each board once
    return Movement(2, 4, QUARTERS, tuple(seatings), False, True)
