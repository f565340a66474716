"""Badges: marks of what a player did in competitive games, each earned once,
with the date and the game that earned it.

A badge is a rule over one settled game as one registered player played it
(``Played``): the game's outcome for them, how many competitive games they have
now played, and each deal's end (taker, partner, contract, chelem, petit au
bout) as the French engine's ``deal_end`` event tells it. Practice games and
games unscored for a shared address earn nothing, as they earn no XP
(``atout.server.results``). The rules, in docs/protocol.md as here:

* ``first_win``: rank first in a game.
* ``games_10``, ``games_100``: 10, 100 competitive games played.
* ``chelem``: as the taker, take every trick of a deal.
* ``petit_au_bout``: be on the side (taker and partner, or the defence) that
  took the Petit in a deal's last trick.
* ``garde_contre``: make a garde contre as the taker.
* ``win_3``, ``win_5``: win a game of French Tarot at 3, at 5 players.
* ``africain_win``: win a game of Tarot Africain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from atout.server.store import BadgeRow, GamePlayer, GameRow


@dataclass(frozen=True, slots=True)
class Played:
    """One settled competitive game as one player played it."""

    game: str
    players: int
    seat: int
    won: bool
    games: int
    """Competitive games this player has played, this one included."""
    deals: Sequence[Mapping[str, Any]] = ()
    """Each deal's ``deal_end`` data (French Tarot; none for Tarot Africain)."""

    def attack(self, deal: Mapping[str, Any]) -> set[int]:
        """The seats of a deal's attack: its taker and partner."""
        return {s for s in (deal.get("taker"), deal.get("partner")) if isinstance(s, int)}

    def on_side(self, deal: Mapping[str, Any], side: object) -> bool:
        """Whether this seat was on ``side`` (attack or defense) of a deal it played."""
        played = {int(s) for s in deal.get("hands", {})} or set(range(self.players))
        attack = self.attack(deal)
        if self.seat not in played or not attack:
            return False
        return (self.seat in attack) == (side == "attack") and side in ("attack", "defense")

    def took(self, deal: Mapping[str, Any]) -> bool:
        return deal.get("taker") == self.seat


def _any_deal(test: Callable[[Played, Mapping[str, Any]], bool]) -> Callable[[Played], bool]:
    return lambda p: any(test(p, deal) for deal in p.deals)


RULES: Final[dict[str, Callable[[Played], bool]]] = {
    "first_win": lambda p: p.won,
    "games_10": lambda p: p.games >= 10,
    "games_100": lambda p: p.games >= 100,
    "chelem": _any_deal(lambda p, d: p.took(d) and d.get("chelem") == "attack"),
    "petit_au_bout": _any_deal(lambda p, d: p.on_side(d, d.get("petit_au_bout"))),
    "garde_contre": _any_deal(
        lambda p, d: p.took(d) and d.get("contract") == "garde_contre" and d.get("made") is True
    ),
    "win_3": lambda p: p.won and p.game == "french" and p.players == 3,
    "win_5": lambda p: p.won and p.game == "french" and p.players == 5,
    "africain_win": lambda p: p.won and p.game == "africain",
}
"""Every badge by name, in the order profiles show them."""


def earned(played: Played) -> list[str]:
    """The badges a game earns a player (whether or not already held)."""
    return [name for name, rule in RULES.items() if rule(played)]


def award(
    db: Session,
    game: GameRow,
    seated: Sequence[tuple[int, int]],
    ranks: Sequence[int],
    deals: Sequence[Mapping[str, Any]],
    now: float,
) -> None:
    """Store the badges a settled competitive game earns its seated players
    (seat, user id), after their GamePlayer rows: a badge already held is kept
    as it was, with its first date."""
    db.flush()
    for seat, user_id in seated:
        games = db.scalar(select(func.count()).where(GamePlayer.user_id == user_id)) or 0
        played = Played(game.game, game.players, seat, ranks[seat] == 1, games, deals)
        held = set(db.scalars(select(BadgeRow.badge).where(BadgeRow.user_id == user_id)))
        for name in earned(played):
            if name not in held:
                db.add(BadgeRow(user_id=user_id, badge=name, earned=now, game_id=game.id))


def of_user(db: Session, user_id: int) -> list[dict[str, Any]]:
    """A player's badges in the order of ``RULES``: name, date earned, game."""
    rows = {
        row.badge: row for row in db.scalars(select(BadgeRow).where(BadgeRow.user_id == user_id))
    }
    return [
        {"badge": name, "earned": rows[name].earned, "game": rows[name].game_id}
        for name in RULES
        if name in rows
    ]
