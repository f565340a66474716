"""Who sits at each orientation of a table, board by board, when a tournament is
played online.

The individual form and quadrettes seat players: the movement's seats hold for
every board. Triplettes and the match seat teams, and the rulebook leaves who of
a team sits where to its captain; online a place is held by an identity and
checked, so atout decides it, from the order of the names:

* triplettes (p. 20): the attacker of each board is the player the badges'
  rotation names (``Tournament.rotation``), at the orientation the étui marks as
  taker; the three players of the defending triplette take the three other
  orientations in the order of their badges from the taker's right ("le capitaine
  de la triplette jouant en défense dispose ses joueurs à sa guise"); the two
  others of the attacking triplette watch ("doivent rester derrière leur
  partenaire").
* the match (p. 25-26): at quarter *q* a team's attacker is its *q*-th named
  player ("L'attaquant doit être différent à chaque quart temps"), in South ("Le
  preneur est toujours assis en Sud"), and its defenders at the other table the
  three named after that one (from the first again after the last), in North,
  West and East.
"""

from __future__ import annotations

from atout.tournament.boards import SOUTH
from atout.tournament.event import Tournament
from atout.tournament.ranking import PlayKey

Lineup = tuple[int, ...]
"""Player numbers (from 0) by orientation."""


def lineups(tournament: Tournament, position: int, table: int) -> tuple[Lineup, ...]:
    """The players by orientation at each board the table plays at that position."""
    seating = tournament.movement.at(position, table)
    form = tournament.setup.form
    if form == "triplettes":
        return tuple(_triplettes(tournament, (position, table, b)) for b in seating.boards)
    if form == "teams":
        return (_match(tournament, position, seating.seats),) * len(seating.boards)
    return (seating.seats,) * len(seating.boards)


def attacker(tournament: Tournament, key: PlayKey) -> int:
    """The player who attacks a play online: the one sitting at the board's taker."""
    position, table, board = key
    boards = tournament.movement.at(position, table).boards
    return lineups(tournament, position, table)[boards.index(board)][tournament.board(board).taker]


def _triplettes(tournament: Tournament, key: PlayKey) -> Lineup:
    position, table, board = key
    taker = tournament.board(board).taker
    defence = tournament.movement.at(position, table).seats[(taker + 1) % 4]
    seats = [tournament.rotation[key]] * 4
    for offset, player in enumerate(tournament.setup.members(defence), 1):
        seats[(taker + offset) % 4] = player
    return tuple(seats)


def _match(tournament: Tournament, quarter: int, teams: tuple[int, ...]) -> Lineup:
    attack = tournament.setup.members(teams[SOUTH])
    defence = tournament.setup.members(teams[(SOUTH + 1) % 4])
    others = iter(defence[(quarter + k) % len(defence)] for k in (1, 2, 3))
    return tuple(
        attack[quarter % len(attack)] if seat == SOUTH else next(others) for seat in range(4)
    )
