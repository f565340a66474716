"""What nobody may see of a duplicate tournament while it is played: its deals.

A duplicate's boards are played at several tables, at once (quadrettes, the
match's two rooms, the triplettes' Howell) or at later positions (the
individual's and the triplettes' Mitchell): whoever sees one table's cards knows
what another table still has to play. A second account or a guest costs
nothing, so a check on who the viewer is (a player of the tournament or not)
would stop nobody; what holds for any viewer is an allow-list. Until the
tournament is over (``online.over``: its last position finished), hence:

* a duplicate's table may be watched only by the players of that table (the
  keys its seats are for, at any of its deals: the triplettes' partners watching
  their attacker, a player who comes late or left) and by the organiser, the
  arbiter, who has the boards' printout anyway, unless they also hold a place;
  anyone else is refused ``tournament_no_spectators``;
* the records of its games are shown to nobody (``tournament_game_hidden``; the
  replay list marks them ``hidden``), so neither replays nor reviews can be
  made from them;
* the boards' printout (every hand) is refused to an organiser holding a place
  (``tournament_boards_player``).

A session is a tournament of its own (new boards), so each opens at its own end.
A tournoi libre deals at random at each table, nothing is played twice: its
tables and games are not concerned (its tables have no ``boards``).

A game is known as a duplicate's by its mark, the tournament's number kept in
its stored options (``tablestore.TOURNAMENT``), written when the table starts it
and, for the games a server older than the mark started, when a server starts
(:func:`mark_games`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from atout.server.store import GameRow, Store, TournamentRow
from atout.server.tablestore import TOURNAMENT
from atout.server.tournament_seating import Reservation


@dataclass(frozen=True, slots=True)
class Watching:
    """What a duplicate's table needs of its tournament to let someone watch."""

    master: str
    over: bool
    players: frozenset[str]
    """The keys holding a place in the tournament."""


def watching(store: Store, tournament: int) -> Watching | None:
    """The tournament's organiser, whether it is over and who holds its places;
    None when there is no such tournament."""
    with store.session() as db:
        found = db.execute(
            select(TournamentRow.master, TournamentRow.online).where(TournamentRow.id == tournament)
        ).first()
    if found is None:
        return None
    master, online = found
    online = online or {}
    return Watching(master, bool(online.get("over")), holders(online))


def holders(online: dict[str, Any]) -> frozenset[str]:
    """The keys holding a place, from a tournament's ``online``."""
    return frozenset(entrant["key"] for entrant in online.get("entrants", {}).values())


def of_the_table(reservation: Reservation, key: str) -> bool:
    """Whether ``key`` plays at this table, at the deal in play or another."""
    return key in reservation.keys or any(key in keys for keys in reservation.lineups)


def may_watch(reservation: Reservation, key: str, tournament: Watching | None) -> bool:
    """Whether ``key`` may watch a duplicate's table (``tournament`` as
    :func:`watching` read it): its own players, the organiser who plays nowhere in
    it, and anyone once the tournament is over."""
    if of_the_table(reservation, key) or tournament is None or tournament.over:
        return True
    return key == tournament.master and key not in tournament.players


def hidden_games(db: Session, games: Iterable[GameRow]) -> set[int]:
    """The ids of those games that belong to a duplicate tournament not over yet."""
    marked = {game.id: (game.table_options or {}).get(TOURNAMENT) for game in games}
    numbers = {number for number in marked.values() if isinstance(number, int)}
    if not numbers:
        return set()
    rows = db.execute(
        select(TournamentRow.id, TournamentRow.online).where(TournamentRow.id.in_(numbers))
    ).all()
    running = {number for number, online in rows if not (online or {}).get("over")}
    return {game for game, number in marked.items() if number in running}


def mark_games(store: Store) -> int:
    """Mark the games of the duplicates under way that carry no mark (started by a
    server older than it), so that they stay hidden; how many were marked.

    Every game a duplicate's table starts is marked then (``Playing._start_game``);
    this is for the games already stored when a server with the mark first starts.
    A duplicate's table has the imposed contract among its rules, a tournoi libre's
    none."""
    with store.session.begin() as db:
        tournaments = db.execute(
            select(TournamentRow.id, TournamentRow.tables, TournamentRow.online)
        ).all()
        under_way = {
            table_id: number
            for number, tables, online in tournaments
            if tables and not (online or {}).get("over")
            for table_id in tables
        }
        if not under_way:
            return 0
        games = db.scalars(
            select(GameRow).where(GameRow.table_id.in_(list(under_way))).with_for_update()
        ).all()
        marked = 0
        for game in games:
            options = game.table_options or {}
            if TOURNAMENT in options or "imposed_contract" not in (game.engine_options or {}):
                continue
            game.table_options = {**options, TOURNAMENT: under_way[game.table_id]}
            marked += 1
    return marked
