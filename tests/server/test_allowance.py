"""The daily chips: a player below the floor is brought up to it once a UTC day."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from atout.server import accounts, ledger
from atout.server.store import Store
from tests.server.conftest import Server


def _spend(store: Store, user_id: int, chips: int) -> None:
    """Move chips from the player to the bank, as a lost bet would."""
    with store.session.begin() as db:
        ledger.transfer(db, "lost", [(ledger.user_account(user_id), -chips), (ledger.BANK, chips)])


def _held(store: Store, user_id: int) -> int:
    with store.session() as db:
        return ledger.balance(db, ledger.user_account(user_id))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.in_dir(tmp_path)


def test_a_poor_player_is_brought_up_to_the_floor_once_a_day(store: Store) -> None:
    user, _ = accounts.create(store, "ruth", "hash")
    _spend(store, user, 1000 - 120)  # 120 left of the 1000 starting chips
    assert accounts.take_allowance(store, user, "2026-11-24") == (300 - 120, 300)
    with pytest.raises(ledger.AllowanceRefused) as again:
        accounts.take_allowance(store, user, "2026-11-24")
    assert again.value.code == "allowance_taken"
    _spend(store, user, 300)
    assert accounts.take_allowance(store, user, "2026-11-25") == (300, 300)
    with store.session() as db:
        assert ledger.audit(db) == []


def test_a_player_at_the_floor_gets_nothing(store: Store) -> None:
    user, _ = accounts.create(store, "sam", "hash")
    _spend(store, user, 700)
    with pytest.raises(ledger.AllowanceRefused) as refused:
        accounts.take_allowance(store, user, "2026-11-24")
    assert (refused.value.code, refused.value.params) == ("allowance_not_needed", {"floor": 300})
    assert _held(store, user) == 300


def test_chips_bet_in_a_game_still_playing_count_as_held(store: Store) -> None:
    """A player who bet all their chips is not broke: claimed during the game, the
    daily chips were paid as if the bet were lost. Once the game is settled (the
    bet lost), the claim the next day is paid."""
    user, _ = accounts.create(store, "una", "hash")
    other, _ = accounts.create(store, "vic", "hash")
    _spend(store, user, 1000 - 400)
    with store.session.begin() as db:
        ledger.collect_bets(db, 7, [user, other], 400)  # all she holds, in game 7's pot
    assert _held(store, user) == 0
    with pytest.raises(ledger.AllowanceRefused) as refused:
        accounts.take_allowance(store, user, "2026-11-24")
    assert refused.value.code == "allowance_not_needed"
    with store.session.begin() as db:
        ledger.collect_bets(db, 8, [other], 250)  # another game, vic's alone
        ledger.pay_winners(db, 7, [other])
    assert accounts.take_allowance(store, user, "2026-11-25") == (300, 300)
    with store.session() as db:
        assert ledger.audit(db) == []


def test_claims_at_the_same_moment_are_paid_once(server: Server) -> None:
    token = server.register("tess")
    store = Store(f"sqlite:///{server.data_dir / 'atout.sqlite3'}")
    user = accounts.identify(store, token)
    assert user is not None and user.identity.user_id is not None
    _spend(store, user.identity.user_id, 1000)

    def claim(_: int) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"}
        return httpx.post(f"{server.http}/api/chips/allowance", headers=headers, timeout=30)

    with ThreadPoolExecutor(8) as pool:
        replies = list(pool.map(claim, range(8)))
    assert sorted(r.status_code for r in replies) == [200] + [409] * 7
    paid = next(r.json() for r in replies if r.status_code == 200)
    assert paid == {"granted": 300, "chips": 300}
    assert {r.json()["code"] for r in replies if r.status_code == 409} == {"allowance_taken"}
    assert _held(store, user.identity.user_id) == 300
    store.close()


def test_only_a_signed_in_player_may_claim(server: Server) -> None:
    reply = httpx.post(f"{server.http}/api/chips/allowance", headers={"Authorization": "Bearer x"})
    assert (reply.status_code, reply.json()["code"]) == (401, "sign_in_first")
