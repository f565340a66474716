"""The server tables that play tournament positions online: their options, what a
restarted server gives them back (boards, who may sit where), and the results
of their finished games.

Store reads here run in threads; the replays of games run in worker processes
(``atout.tournament.documents``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from atout.server.protocol import TableOptions
from atout.server.store import ActionRow, GameRow, Store, TableRow, TournamentRow
from atout.tournament.boards import TournamentError
from atout.tournament.libre_online import table_players
from atout.tournament.libre_state import is_libre
from atout.tournament.online import deal_players, table_boards, table_rules
from atout.tournament.state import from_json

log = logging.getLogger(__name__)
TURN_SECONDS = 90.0


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What a tournament's server table is given besides its stored row."""

    tournament: int
    boards: tuple[str, ...]
    rules: dict[str, Any]
    keys: tuple[str | None, ...]
    """The key of the player holding each seat's place; None: nobody (a robot)."""
    started: bool = False
    """Whether the table ever started its game (then it never starts another)."""
    lineups: tuple[tuple[str | None, ...], ...] = ()
    """The keys seat by seat at each deal, when they change (triplettes)."""


def table_options(
    players: int, rules: dict[str, Any], boards: int, spectators: bool = True
) -> TableOptions:
    """A tournament table: FFT rules at the imposed Garde, one deal a board. A
    duplicate's says it has no spectators (``spectators``: the lobby shows it),
    since only its players and the organiser may watch it until the tournament is
    over (``atout.server.tournament_privacy``)."""
    return TableOptions(
        game="french",
        players=players,
        variant="fft",
        turn_seconds=TURN_SECONDS,
        rounds=boards,
        rules=rules,
        spectators=spectators,
    )


def seat_keys(entrants: dict[str, Any], players: list[int]) -> tuple[str | None, ...]:
    """The keys holding the places of ``players`` (numbers from 1), seat by seat."""
    return tuple((entrants.get(str(p)) or {}).get("key") for p in players)


def lineup_keys(
    entrants: dict[str, Any], lineups: list[list[int]]
) -> tuple[tuple[str | None, ...], ...]:
    """The keys seat by seat at each deal (players numbered from 1), or none when
    every deal has the same players in the same seats."""
    if len({tuple(players) for players in lineups}) < 2:
        return ()
    return tuple(seat_keys(entrants, players) for players in lineups)


def table_setups(
    store: Store, tournament: int | None = None, tables: list[str] | None = None
) -> dict[str, TableSetup]:
    """Every tournament table's setup, or one tournament's, or those of ``tables``
    (the tournaments' states are read only for the tables wanted), by table id."""
    found: dict[str, TableSetup] = {}
    with store.session() as db:
        query = select(TournamentRow.id, TournamentRow.tables)
        if tournament is not None:
            query = query.where(TournamentRow.id == tournament)
        wanted = None if tables is None else set(tables)
        rows = [
            (number, held)
            for number, held in db.execute(query).all()
            if held and (wanted is None or wanted & held.keys())
        ]
        every = [table_id for _, held in rows for table_id in held]
        started = set(db.scalars(select(GameRow.table_id).where(GameRow.table_id.in_(every))))
        states = {
            number: (state, online)
            for number, state, online in db.execute(
                select(TournamentRow.id, TournamentRow.state, TournamentRow.online).where(
                    TournamentRow.id.in_([number for number, _ in rows])
                )
            )
        }
    for number, held in rows:
        state, online = states[number]
        entrants = (online or {}).get("entrants", {})
        if is_libre(state):  # free deals: no boards, the FFT's rules as they are
            try:
                seated = table_players(state, held)
            except TournamentError as error:
                log.error("tournoi libre %s: its tables cannot be set up: %s", number, error)
                continue
            found |= {
                table_id: TableSetup(
                    number, (), {}, seat_keys(entrants, players), table_id in started
                )
                for table_id, players in seated.items()
                if wanted is None or table_id in wanted
            }
            continue
        played = from_json(state)
        setups = {}
        try:
            for table_id, (position, table) in held.items():
                if wanted is not None and table_id not in wanted:
                    continue
                lineups = [[p + 1 for p in ps] for ps in deal_players(played, position, table)]
                setups[table_id] = TableSetup(
                    number,
                    table_boards(played, position, table),
                    table_rules(played, position, table),
                    seat_keys(entrants, lineups[0]),
                    table_id in started,
                    lineup_keys(entrants, lineups),
                )
        except TournamentError as error:  # one bad tournament must not stop a server
            log.error("tournament %s: its tables cannot be set up: %s", number, error)
            continue
        found |= setups
    return found


def stored_tables(store: Store, tables: list[str]) -> set[str]:
    """Those of these tables that were stored (opened) before a stop."""
    with store.session() as db:
        return set(db.scalars(select(TableRow.id).where(TableRow.id.in_(tables))))


def finished_games(store: Store, tables: dict[str, Any]) -> list[tuple[str, int, int, list[str]]]:
    """(table id, position, table, actions) of each of these tables that has ended:
    a finished game's every action, a cancelled game's complete deals (none for a
    game that could not be rebuilt from its log), and none for a table closed
    before its game began. A table that ended without playing its boards leaves
    them without a result (the arbiter may give one) and its position goes on:
    waiting for it, the tournament never ended, and its games stayed hidden."""
    ended: dict[str, list[str]] = {}
    with store.session() as db:
        # The closed tables first: a table closes after its game's end is stored,
        # so the games read next include it. Read after them (each read sees the
        # store as it then is), a table closed meanwhile was taken for one that
        # ended without a game, and its result was never entered.
        closed = list(
            db.scalars(
                select(TableRow.id).where(
                    TableRow.id.in_(list(tables)), TableRow.status == "closed"
                )
            )
        )
        rows = db.execute(
            select(GameRow.id, GameRow.table_id, GameRow.status, GameRow.result).where(
                GameRow.table_id.in_(list(tables)), GameRow.status.in_(("over", "cancelled"))
            )
        ).all()
        for game_id, table_id, status, result in rows:
            query = select(ActionRow.text).where(ActionRow.game_id == game_id)
            query = query.order_by(ActionRow.index)
            if status == "cancelled":
                query = query.limit((result or {}).get("shown_actions", 0))
            ended[table_id] = list(db.scalars(query).all())
        for table_id in closed:
            ended.setdefault(table_id, [])
    return [(table_id, *tables[table_id], actions) for table_id, actions in ended.items()]
