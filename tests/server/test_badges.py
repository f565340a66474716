"""Each badge's rule from a scripted game, and badges stored once with their date."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from atout.server import badges
from atout.server.badges import Played, earned
from atout.server.store import GamePlayer, GameRow, Store, TableRow, User


def deal(**fields: Any) -> dict[str, Any]:
    """A deal_end's data at 4 players (seats 0-3 played), nothing special by default."""
    base = {"hands": {"0": [], "1": [], "2": [], "3": []}, "taker": 0, "partner": None}
    return (
        base | {"contract": "garde", "made": True, "chelem": None, "petit_au_bout": None} | fields
    )


def played(seat: int = 1, won: bool = False, games: int = 1, **kw: Any) -> Played:
    return Played(
        kw.get("game", "french"), kw.get("players", 4), seat, won, games, kw.get("deals", ())
    )


def test_a_lost_ordinary_game_earns_nothing() -> None:
    assert earned(played(deals=[deal(taker=1, made=False)])) == []


def test_a_win_earns_the_first_win() -> None:
    assert earned(played(won=True)) == ["first_win"]


@pytest.mark.parametrize(("games", "expected"), [(9, []), (10, ["games_10"]), (99, ["games_10"]),
                                                 (100, ["games_10", "games_100"])])  # fmt: skip
def test_games_played(games: int, expected: list[str]) -> None:
    assert earned(played(games=games)) == expected


def test_a_chelem_counts_for_its_taker_only() -> None:
    made = [deal(taker=1, chelem="attack", partner=2)]
    assert "chelem" in earned(played(seat=1, deals=made))
    assert "chelem" not in earned(played(seat=2, deals=made))  # the partner
    assert "chelem" not in earned(played(seat=1, deals=[deal(taker=1, chelem="defense")]))


def test_petit_au_bout_counts_for_the_side_that_took_it() -> None:
    attack = [deal(taker=0, partner=2, petit_au_bout="attack")]
    assert [s for s in range(4) if "petit_au_bout" in earned(played(seat=s, deals=attack))] == [
        0,
        2,
    ]
    defence = [deal(taker=0, partner=2, petit_au_bout="defense")]
    assert [s for s in range(4) if "petit_au_bout" in earned(played(seat=s, deals=defence))] == [
        1,
        3,
    ]


def test_petit_au_bout_skips_the_dealer_sitting_out() -> None:
    five = deal(hands={"1": [], "2": [], "3": [], "4": []}, taker=1, partner=1)
    won = [five | {"petit_au_bout": "defense"}]
    seats = [s for s in range(5) if "petit_au_bout" in earned(played(seat=s, players=5, deals=won))]
    assert seats == [2, 3, 4]


def test_a_garde_contre_made_by_its_taker() -> None:
    assert "garde_contre" in earned(played(seat=3, deals=[deal(taker=3, contract="garde_contre")]))
    failed = deal(taker=3, contract="garde_contre", made=False)
    assert "garde_contre" not in earned(played(seat=3, deals=[failed]))
    assert "garde_contre" not in earned(
        played(seat=2, deals=[deal(taker=3, contract="garde_contre")])
    )
    assert "garde_contre" not in earned(
        played(seat=3, deals=[deal(taker=3, contract="garde_sans")])
    )


@pytest.mark.parametrize(
    ("game", "players", "badge"),
    [("french", 3, "win_3"), ("french", 5, "win_5"), ("africain", 3, "africain_win")],
)
def test_wins_by_game_and_table_size(game: str, players: int, badge: str) -> None:
    assert earned(played(won=True, game=game, players=players)) == ["first_win", badge]
    assert earned(played(won=False, game=game, players=players)) == []


def test_a_win_at_four_is_no_three_or_five_player_win() -> None:
    assert earned(played(won=True, players=4)) == ["first_win"]


def _game(db: Any, user_ids: list[int]) -> GameRow:
    db.merge(TableRow(id="t", options={}, seats=[], master="", invite_code="c"))
    db.flush()
    seats = [{"user": u, "name": f"p{u}"} for u in user_ids]
    game = GameRow(table_id="t", game="french", players=len(seats), variant="fft",
                   engine_options={}, table_options={}, seats=seats)  # fmt: skip
    db.add(game)
    db.flush()
    for seat, user in enumerate(user_ids):
        db.add(GamePlayer(game_id=game.id, user_id=user, seat=seat, rank=1 + seat, xp=5))
    return game


def test_badges_are_stored_once_with_the_first_date(tmp_path: Path) -> None:
    store = Store.in_dir(tmp_path)
    with store.session.begin() as db:
        for i in (1, 2, 3):
            db.add(User(id=i, name=f"p{i}", name_key=f"p{i}", password_hash="x"))
        db.flush()
        first = _game(db, [1, 2, 3])
        chelem = [deal(hands={"0": [], "1": [], "2": []}, taker=0, chelem="attack")]
        badges.award(db, first, [(0, 1), (1, 2), (2, 3)], [1, 2, 3], chelem, now=100.0)
        second = _game(db, [1, 2, 3])
        badges.award(db, second, [(0, 1), (1, 2), (2, 3)], [1, 2, 3], chelem, now=200.0)
    with store.session() as db:
        mine = badges.of_user(db, 1)
        assert mine == [
            {"badge": "first_win", "earned": 100.0, "game": first.id},
            {"badge": "chelem", "earned": 100.0, "game": first.id},
            {"badge": "win_3", "earned": 100.0, "game": first.id},
        ]
        assert badges.of_user(db, 2) == []
    store.close()
