"""The chips ledger and the reading of engine results, without a server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from atout.french.rules import FRENCH
from atout.game import DealSummary, Event
from atout.server import ledger
from atout.server.results import ranks
from atout.server.store import GameRow, LedgerEntry, Store, TableRow


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.in_dir(tmp_path)


def fund(store: Store, users: list[int], amount: int = 1000) -> None:
    with store.session.begin() as db:
        for user in users:
            ledger.transfer(
                db, "fund", [(ledger.ISSUER, -amount), (ledger.user_account(user), amount)]
            )


def test_an_unbalanced_transfer_is_refused(store: Store) -> None:
    with store.session.begin() as db, pytest.raises(ledger.LedgerError):
        ledger.transfer(db, "bad", [("user:1", 10), (ledger.BANK, -9)])


def test_a_player_short_of_chips_cannot_bet(store: Store) -> None:
    fund(store, [1], 50)
    fund(store, [2], 100)
    with store.session.begin() as db, pytest.raises(ledger.LedgerError):
        ledger.collect_bets(db, 7, [1, 2], 100)


@settings(max_examples=40, deadline=None)
@given(
    bet=st.integers(1, 997),
    humans=st.integers(1, 4),
    first=st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True),
)
def test_winners_share_the_pot_less_the_rake_and_nothing_is_lost(
    tmp_path_factory: pytest.TempPathFactory, bet: int, humans: int, first: list[int]
) -> None:
    """Four seats, the first ``humans`` of them people (users 1...), the others
    robots, which bet nothing; the seats ranked ``first`` share the pot less a
    quarter, a robot's share going to the bank, and a person ranked first has
    at least their bet back."""
    store = Store.in_dir(tmp_path_factory.mktemp("ledger"))
    users = list(range(1, humans + 1))
    fund(store, users)
    with store.session.begin() as db:
        ledger.collect_bets(db, 1, users, bet)
        ledger.pay_winners(db, 1, [seat + 1 if seat < humans else None for seat in first])
        pot = humans * bet
        share = (pot - pot // 4) // len(first)
        for user in users:
            won = max(share, bet) if user - 1 in first else 0
            assert ledger.balance(db, ledger.user_account(user)) == 1000 - bet + won
        assert ledger.balance(db, ledger.pot_account(1)) == 0
        assert ledger.balance(db, ledger.BANK) >= 0
        assert db.scalar(select(func.sum(LedgerEntry.amount))) == 0
    store.close()


def test_a_player_who_wins_alone_among_robots_has_their_bet_back(store: Store) -> None:
    """Robots bet nothing: the pot is the player's own bet, of which the winners'
    part, less the rake, was three quarters."""
    fund(store, [1, 2])
    with store.session.begin() as db:
        ledger.collect_bets(db, 1, [1], 10)
        ledger.pay_winners(db, 1, [1])
        assert ledger.balance(db, ledger.user_account(1)) == 1000
        ledger.collect_bets(db, 2, [1, 2], 10)
        ledger.pay_winners(db, 2, [1, None])  # first with a robot: 7 of the pot's 20
        assert ledger.balance(db, ledger.user_account(1)) == 1000
        assert ledger.balance(db, ledger.user_account(2)) == 990
        assert ledger.balance(db, ledger.BANK) == 10


def _one_round(
    store: Store, humans: list[int], attack: list[int | None], made: bool
) -> tuple[list[int], int]:
    """Each of ``humans`` bets 10 on a game of one round, paid out: their chips
    then, and the bank's; the pot is left empty."""
    fund(store, humans)
    with store.session.begin() as db:
        ledger.collect_bets(db, 1, humans, 10)
        ledger.pay_one_round(db, 1, humans, attack, made)
        assert ledger.balance(db, ledger.pot_account(1)) == 0
        chips = [ledger.balance(db, ledger.user_account(u)) for u in humans]
        return chips, ledger.balance(db, ledger.BANK)


@pytest.mark.parametrize(
    ("humans", "attack", "made", "chips", "bank"),
    [
        ([1, 2, 3], [2], True, [990, 1020, 990], 0),
        ([1, 2, 3], [3], False, [1000, 1000, 990], 10),
        # a robot that wins takes the pot as a player would: to the bank
        ([1, 2], [None], True, [990, 990], 20),
        ([1, 2], [None], False, [1000, 1000], 0),
        ([1, 2, 3], [], False, [1000, 1000, 1000], 0),  # nobody took
        ([1], [1], True, [1000], 0),  # alone with two robots: its bet back
    ],
)
def test_one_round_rule(
    store: Store,
    humans: list[int],
    attack: list[int | None],
    made: bool,
    chips: list[int],
    bank: int,
) -> None:
    """Seed 004: "If the declarer wins, he gets all the chips. If the defenders
    win, each one gets back the chips they bet. The declarer's chips go to the
    bank." Three seats, the others robots."""
    assert _one_round(store, humans, attack, made) == (chips, bank)


@pytest.mark.parametrize(
    ("humans", "attack", "made", "chips", "bank"),
    [
        # taker 1 with partner 2: the attack wins; each has its bet back, and the
        # defence's 30 are shared two to one
        ([1, 2, 3, 4, 5], [1, 2], True, [1020, 1010, 990, 990, 990], 0),
        # it loses: the defenders get their bets back, the attack's go to the bank
        ([1, 2, 3, 4, 5], [1, 2], False, [990, 990, 1000, 1000, 1000], 20),
        # a robot partner's third of the defence's 30 goes to the bank; a robot
        # taker's two thirds too
        ([1, 3, 4, 5], [1, None], True, [1020, 990, 990, 990], 10),
        ([2, 3, 4, 5], [None, 2], True, [1010, 990, 990, 990], 20),
        # the partner and one defender the only people: a third of the pot of
        # 20 was 6, under the partner's bet
        ([2, 3], [None, 2], True, [1003, 990], 7),
        ([2, 3], [None, 2], False, [990, 1000], 10),
    ],
)
def test_one_round_rule_at_five_the_partner_shares_the_attacks_fate(
    store: Store,
    humans: list[int],
    attack: list[int | None],
    made: bool,
    chips: list[int],
    bank: int,
) -> None:
    """The partner wins or loses with the taker: it had lost its bet when the
    attack won, and had it back when the attack lost, as if it had defended; and
    with a robot taker and few people betting, a third of the pot was less than
    its bet."""
    assert _one_round(store, humans, attack, made) == (chips, bank)


def test_ranks_read_winners_first_then_scores_totals_or_lives() -> None:
    assert ranks({"winners": [1, 2], "totals": [-20, 10, 10]}, 3) == [3, 1, 1]
    assert ranks({"winners": [3], "lives": [-2, 0, 0, 7]}, 4) == [4, 2, 2, 1]
    assert ranks({"scores": [5, 9, 1]}, 3) == [2, 1, 3]


def test_a_deal_summary_needs_taker_made_and_one_score_per_seat() -> None:
    def deal_summary(data: dict[str, Any], players: int) -> DealSummary | None:
        return FRENCH.deal_summary(Event("deal_end", data), players)

    assert deal_summary({"taker": 1, "made": True, "scores": [-2, 4, -2]}, 3) is not None
    assert deal_summary({"taker": 1, "made": True, "scores": [-2, 4]}, 3) is None
    assert deal_summary({"taker": 1, "scores": [-2, 4, -2]}, 3) is None


def test_the_audit_finds_each_kind_of_imbalance(store: Store) -> None:
    fund(store, [1, 2])
    with store.session.begin() as db:
        db.add(TableRow(id="t", options={}, seats=[], master="m", invite_code="c"))
        db.flush()
        db.add(
            GameRow(
                id=7,
                table_id="t",
                game="french",
                players=4,
                variant="fft",
                engine_options={},
                table_options={},
                seats=[],
            )
        )
        ledger.collect_bets(db, 7, [1, 2], 100)
        assert ledger.audit(db) == []  # a game being played holds its pot
        db.get(GameRow, 7).status = "over"  # type: ignore[union-attr]
        assert ledger.audit(db) == ["pot:7 still holds 200 chips after its game ended"]
        ledger.refund(db, 7, [1, 2])
        assert ledger.audit(db) == []
        db.add(LedgerEntry(txn="forged", account="user:2", amount=-5000, reason="forged"))
        problems = ledger.audit(db)
    assert problems == ["transfer forged sums to -5000", "user:2 holds -4000 chips"]
