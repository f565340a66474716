"""What a finished game changes: chips, XP, ratings and statistics.

All of it happens in one database transaction, for competitive games only;
a game where two players share an IP address is played but not scored.

From an engine's ``result()`` the server reads ``winners`` (seats) and
``scores``, ``totals`` or ``lives`` (one number per seat, higher is better);
the game's rules read each deal's summary (taker, made, scores) from its
events for the statistics; at one round of a game with contracts, the last
summary decides the one-round chips rule.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session

from atout.game import DealSummary
from atout.registry import game_rules
from atout.server import badges, ledger
from atout.server.store import GamePlayer, GameRow, User

_model = PlackettLuce()
ROBOT_RATINGS: Final = {
    "random": (_model.mu - _model.sigma, _model.beta),
    "heuristic": (_model.mu, _model.beta),
    "strong": (_model.mu + _model.beta, _model.beta),
}
"""The fixed (mu, sigma) a robot counts as, by level, when it plays against rated
people: the heuristic robot as a newcomer's mean (the robot a newcomer meets by
default), the random one a whole newcomer's sigma below, the strong one a beta (a
game's performance spread) above, as it beats the heuristic one by about 30 points
a deal. A small sigma: robots are not being discovered."""


def ranks(result: Mapping[str, Any], players: int) -> list[int]:
    """Rank of each seat (1 = best, ties share a rank) from an engine's result:
    the ``winners`` first, then by ``scores``, ``totals`` or ``lives``."""
    values = [0.0] * players
    for key in ("scores", "totals", "lives"):
        found = result.get(key)
        if isinstance(found, list | tuple) and len(found) == players:
            values = [float(v) if isinstance(v, int | float) else 0.0 for v in found]
            break
    winners = set(result.get("winners") or ())
    keys = [(seat in winners, values[seat]) for seat in range(players)]
    return [1 + sum(other > mine for other in keys) for mine in keys]


def humans(seats: Sequence[Any]) -> list[tuple[int, int]]:
    """(seat, user id) of the registered humans seated in a game."""
    return [(i, s["user"]) for i, s in enumerate(seats) if s and s.get("user") is not None]


def _rate(order: Sequence[int], people: Mapping[int, User], robot_level: str) -> None:
    """Update the ratings of the people at a game (seat: user), every seat ranked:
    the other seats are robots, opponents of the fixed rating of their level.
    Rated only against each other, people who play robots stayed at 0 for ever."""
    robot = list(ROBOT_RATINGS.get(robot_level, ROBOT_RATINGS["heuristic"]))
    teams = []
    for seat in range(len(order)):
        user = people.get(seat)
        teams.append([_model.create_rating([user.mu, user.sigma] if user else robot)])
    rated = _model.rate(teams, ranks=list(order))
    for seat, user in people.items():
        (rating,) = rated[seat]
        user.mu, user.sigma = rating.mu, rating.sigma


def settle(
    db: Session,
    game: GameRow,
    result: Mapping[str, Any],
    deals: Sequence[DealSummary],
    deal_ends: Sequence[Mapping[str, Any]] = (),
) -> None:
    """Pay the pot, give XP and badges, update ratings and statistics for a
    finished game; ``deal_ends`` are its deals' ``deal_end`` data (the badges'
    chelem, petit au bout and contract). A player who abandoned it ranks last,
    forfeits their bet and earns nothing of what the robot in their seat did."""
    game.status = "over"
    game.result = dict(result)
    options = game.table_options
    seated = humans(game.seats)
    # Who abandoned the game: a robot played their seat to its end, and what it
    # won is not theirs (they forfeit their bet, as at an amicable end).
    gone = {s["user"] for s in game.abandoned if s.get("user") is not None}
    bettors = [u for _, u in seated if u not in gone]
    if not options.get("competitive") or game.shared_ip:
        ledger.refund(db, game.id, bettors)
        return

    def player(seat: int) -> int | None:
        """The user a seat's winnings go to: None for a robot, or an abandoner."""
        user = (game.seats[seat] or {}).get("user")
        return None if user in gone else user

    first = ranks(result, game.players)
    abandoners = {seat for seat, user in seated if user in gone}
    order = [game.players if seat in abandoners else rank for seat, rank in enumerate(first)]
    if options.get("rounds", 1) == 1 and deals and game_rules(game.game).contracts:
        last = deals[-1]
        partner = deal_ends[-1].get("partner") if len(deal_ends) == len(deals) else None
        seats = [] if last.taker is None else [last.taker]
        if isinstance(partner, int) and partner != last.taker:  # at five, unless alone
            seats.append(partner)
        ledger.pay_one_round(db, game.id, bettors, [player(s) for s in seats], last.made)
    else:
        winners = [player(seat) for seat in range(game.players) if first[seat] == 1]
        ledger.pay_winners(db, game.id, winners)
    winner_xp = 10 * game.players + 10 * (options.get("rounds", 1) - 1)
    users = {u: db.get(User, u) for _, u in seated}
    people = {seat: user for seat, u in seated if (user := users[u]) is not None}
    if people and len(people) == len(seated):
        _rate(order, people, options.get("robot_level", "heuristic"))
    for seat, user_id in seated:
        played = seat not in abandoners
        xp = (winner_xp if order[seat] == 1 else 5) if played else 0
        user = users[user_id]
        if user is not None:
            user.xp += xp
        mine = deals if played else ()  # the robot's play is not theirs
        db.add(
            GamePlayer(
                game_id=game.id,
                user_id=user_id,
                seat=seat,
                rank=order[seat],
                xp=xp,
                deals=len(mine),
                deal_score_total=sum(d.scores[seat] for d in mine),
                contracts_taken=sum(d.taker == seat for d in mine),
                contracts_made=sum(d.taker == seat and d.made for d in mine),
            )
        )
    stayed = [(seat, user) for seat, user in seated if seat not in abandoners]
    badges.award(db, game, stayed, order, deal_ends, time.time())


def settlement(db: Session, game: GameRow) -> list[dict[str, Any]] | None:
    """What a settled game changed for each registered player, read back from what
    ``settle`` stored (their ``GamePlayer`` rows and the ledger's transfers through
    the game's pot): ``{seat, user, name, chips, xp}`` by seat, ``chips`` and ``xp``
    won (or lost: negative). None for a game that was not scored (a practice
    table's, or one voided for a shared IP address)."""
    if not game.table_options.get("competitive") or game.shared_ip:
        return None
    net = ledger.game_net(db, game.id)
    rows = db.scalars(
        select(GamePlayer).where(GamePlayer.game_id == game.id).order_by(GamePlayer.seat)
    )
    return [
        {
            "seat": row.seat,
            "user": row.user_id,
            "name": (game.seats[row.seat] or {}).get("name"),
            "chips": net.get(row.user_id, 0),
            "xp": row.xp,
        }
        for row in rows
    ]
