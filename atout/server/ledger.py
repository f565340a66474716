"""Chips move only through a double-entry ledger.

Every transfer is a set of legs on named accounts that sums to zero: a user's
account, the pot of one game, the bank (which keeps the 25% rake) and the
issuer (where starting chips come from). A balance is the sum of an account's
legs, so chips can be neither created nor lost by a bug elsewhere.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from atout.refusals import Refusal
from atout.server.store import Allowance, GameRow, LedgerEntry

STARTING_CHIPS: Final = 1000
BANK: Final = "bank"
ISSUER: Final = "issuer"
RAKE_PERCENT: Final = 25
ALLOWANCE_FLOOR: Final = 300
"""Once a UTC day, a player holding fewer chips may take the difference from the
issuer (seed 004 asks "How can I get them?": by playing, and by this)."""


def user_account(user_id: int) -> str:
    return f"user:{user_id}"


def pot_account(game_id: int) -> str:
    return f"pot:{game_id}"


class LedgerError(ValueError):
    """A transfer that does not balance or overdraws a user."""


class ShortOfChips(LedgerError):
    """A bet a player cannot pay: the table tells its master who (it knows the
    names), with their chips and the bet."""

    def __init__(self, user: int, chips: int, bet: int) -> None:
        super().__init__(user, chips, bet)  # its args: it travels back from the writer's process
        self.user, self.chips, self.bet = user, chips, bet

    def __str__(self) -> str:
        return f"user {self.user} holds {self.chips} chips, under the bet of {self.bet}"


def transfer(db: Session, reason: str, legs: Iterable[tuple[str, int]]) -> None:
    """Record one balanced transfer (legs with a zero amount are dropped)."""
    legs = [(account, amount) for account, amount in legs if amount != 0]
    if sum(amount for _, amount in legs) != 0:
        raise LedgerError(f"unbalanced transfer {reason}: {legs}")
    txn = secrets.token_hex(8)
    db.add_all(LedgerEntry(txn=txn, account=a, amount=m, reason=reason) for a, m in legs)
    db.flush()


def balance(db: Session, account: str) -> int:
    """The chips held by ``account``."""
    total = db.scalar(select(func.sum(LedgerEntry.amount)).where(LedgerEntry.account == account))
    return int(total or 0)


def staked(db: Session, account: str) -> int:
    """The chips ``account`` has in the pots of games not yet settled (its bets
    there: until a game's pot is paid out or refunded, only the bets touch it)."""
    open_pots = (
        select(LedgerEntry.account)
        .where(LedgerEntry.account.startswith("pot:"))
        .group_by(LedgerEntry.account)
        .having(func.sum(LedgerEntry.amount) != 0)
    )
    into_open_pots = select(LedgerEntry.txn).where(LedgerEntry.account.in_(open_pots))
    total = db.scalar(
        select(func.sum(LedgerEntry.amount)).where(
            LedgerEntry.account == account, LedgerEntry.txn.in_(into_open_pots)
        )
    )
    return -int(total or 0)


def game_net(db: Session, game_id: int) -> dict[int, int]:
    """Each user's chips won (positive) or lost (negative) by a game, as stored:
    the sum of their legs in the transfers through its pot (the bets, then the
    payout or the refund)."""
    through_pot = select(LedgerEntry.txn).where(LedgerEntry.account == pot_account(game_id))
    rows = db.execute(
        select(LedgerEntry.account, func.sum(LedgerEntry.amount))
        .where(LedgerEntry.txn.in_(through_pot), LedgerEntry.account.startswith("user:"))
        .group_by(LedgerEntry.account)
    )
    return {int(account.removeprefix("user:")): int(total) for account, total in rows}


def collect_bets(db: Session, game_id: int, user_ids: Sequence[int], bet: int) -> None:
    """Move each player's bet into the game's pot; ShortOfChips if one cannot pay."""
    if bet <= 0:
        return
    for user_id in user_ids:
        held = balance(db, user_account(user_id))
        if held < bet:
            raise ShortOfChips(user_id, held, bet)
    legs = [(user_account(u), -bet) for u in user_ids]
    transfer(db, f"bets game {game_id}", [*legs, (pot_account(game_id), bet * len(user_ids))])


def bets(db: Session, game_id: int) -> dict[int, int]:
    """What each user bet on a game whose pot is not paid out yet."""
    return {user: -net for user, net in game_net(db, game_id).items()}


def pay_winners(db: Session, game_id: int, winners: Sequence[int | None]) -> None:
    """The winners share the pot minus the bank's rake, but a winner is never
    paid less than its own bet back: robots bet nothing, and a player who beat
    robots alone (or shared first place with one) once had three quarters of
    their own bet back. A robot's share and the remainder go to the bank."""
    pot = balance(db, pot_account(game_id))
    if pot == 0:
        return
    share = (pot - pot * RAKE_PERCENT // 100) // max(1, len(winners))
    staked_by = bets(db, game_id)
    paid = [(w, max(share, staked_by.get(w, 0))) for w in winners if w is not None]
    _pay_out(db, game_id, pot, paid, f"pot game {game_id}")


def pay_one_round(
    db: Session, game_id: int, bettors: Sequence[int], attack: Sequence[int | None], made: bool
) -> None:
    """The one-round rule (seed 004): a winning taker takes every chip; otherwise
    the defenders get their bets back and the taker's bet goes to the bank.
    ``attack`` is the taker's user, then at five its called partner's (None: a
    robot's seat), empty when nobody took. At five the partner shares the
    attack's fate: when it wins, each has its bet back and the rest of the pot
    (what the defence lost) is shared two thirds to the taker, one third to the
    partner, as they share the deal's points, so that a winner never ends with
    less than it bet; when it loses, its bet goes to the bank. A robot's share
    goes to the bank, as at the end of a longer game."""
    pot = balance(db, pot_account(game_id))
    if pot == 0:
        return
    if made and attack:
        staked_by = bets(db, game_id)
        own = [0 if u is None else staked_by.get(u, 0) for u in attack]
        lost = pot - sum(own)
        shares = [lost] if len(attack) == 1 else [lost - lost // 3, lost // 3]
        paid = [
            (u, bet + share)
            for u, bet, share in zip(attack, own, shares, strict=True)
            if u is not None
        ]
        _pay_out(db, game_id, pot, paid, f"pot game {game_id}")
        return
    attackers = [u for u in attack if u is not None]
    defenders = [u for u in bettors if u not in attackers]
    refund(db, game_id, defenders)


def refund(db: Session, game_id: int, users: Sequence[int]) -> None:
    """Return ``users`` their bets; the rest of the pot (the bets of players who
    forfeited) goes to the bank."""
    pot = balance(db, pot_account(game_id))
    if pot == 0:
        return
    staked_by = bets(db, game_id)
    paid = [(u, staked_by.get(u, 0)) for u in users]
    _pay_out(db, game_id, pot, paid, f"refund game {game_id}")


def _pay_out(
    db: Session, game_id: int, pot: int, paid: Sequence[tuple[int, int]], reason: str
) -> None:
    """Empty the game's ``pot``: each (user, chips) of ``paid``, the rest to the bank."""
    legs = [(user_account(u), amount) for u, amount in paid]
    bank = pot - sum(amount for _, amount in paid)
    transfer(db, reason, [(pot_account(game_id), -pot), *legs, (BANK, bank)])


class AllowanceRefused(Refusal, LedgerError):
    """A daily allowance not paid: already taken today, or not needed."""


def take_allowance(db: Session, user_id: int, day: str) -> int:
    """Bring ``user_id`` up to ``ALLOWANCE_FLOOR`` chips, once per ``day``: the
    chips granted. The chips bet in a game still playing count as held (a player
    who bet them all is not broke). AllowanceRefused ``allowance_not_needed`` at or
    above the floor; the caller turns the IntegrityError of a second claim the same
    day into ``allowance_taken``."""
    if db.get(Allowance, (user_id, day)) is not None:
        raise AllowanceRefused("allowance_taken")
    account = user_account(user_id)
    held = balance(db, account) + staked(db, account)
    if held >= ALLOWANCE_FLOOR:
        if db.get(Allowance, (user_id, day)) is not None:  # a claim paid since the first look
            raise AllowanceRefused("allowance_taken")
        raise AllowanceRefused("allowance_not_needed", floor=ALLOWANCE_FLOOR)
    db.add(Allowance(user_id=user_id, day=day))
    db.flush()
    granted = ALLOWANCE_FLOOR - held
    transfer(db, f"allowance {day}", [(ISSUER, -granted), (account, granted)])
    return granted


def audit(db: Session) -> list[str]:
    """What is wrong with the ledger, if anything: a transfer that does not sum to
    zero, a user with fewer than no chips, chips left in the pot of a game that
    has ended. Empty when the books balance."""
    problems = [
        f"transfer {txn} sums to {total}"
        for txn, total in db.execute(
            select(LedgerEntry.txn, func.sum(LedgerEntry.amount))
            .group_by(LedgerEntry.txn)
            .having(func.sum(LedgerEntry.amount) != 0)
        )
    ]
    held = db.execute(
        select(LedgerEntry.account, func.sum(LedgerEntry.amount))
        .group_by(LedgerEntry.account)
        .having(func.sum(LedgerEntry.amount) != 0)
    ).all()
    ended = {
        pot_account(g) for g in db.scalars(select(GameRow.id).where(GameRow.status != "playing"))
    }
    for account, amount in held:
        if account.startswith("user:") and amount < 0:
            problems.append(f"{account} holds {amount} chips")
        if account in ended:
            problems.append(f"{account} still holds {amount} chips after its game ended")
    return problems
