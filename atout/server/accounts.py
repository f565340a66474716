"""Accounts, sessions and guests in the store.

Passwords are hashed with argon2 (by ``atout.server.passwords``, off the event
loop); session and guest tokens come from :mod:`secrets` and only their SHA-256
is stored, so a copy of the database opens no session. A session ends after
``SESSION_IDLE`` unused or ``SESSION_LONGEST`` in all, at logout, and at a
password change (every session of the account). These functions block: the
server calls them in threads.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from atout.refusals import Refusal
from atout.server import ledger
from atout.server.ledger import STARTING_CHIPS, transfer, user_account
from atout.server.store import Guest, SessionToken, Store, User
from atout.text import name_key

DAY: Final = 86400.0
SESSION_IDLE: Final = 30 * DAY
SESSION_LONGEST: Final = 180 * DAY
TOUCH_EVERY: Final = 3600.0
"""A session's last use is written at most this often (not at every connection)."""
GUEST_DAYS: Final = 30
"""How long a guest identity lasts from its creation."""
LOOKUP_BATCH: Final = 1000
"""Sessions looked up in one query (SQLite binds at most 32,766 values to one)."""


class AccountError(Refusal, ValueError):
    """A refused registration, shown to the user."""


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a connection speaks for: a registered user or a guest (user_id None)."""

    user_id: int | None
    name: str

    @property
    def guest(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class Known:
    """What a token opens: the seat key (``u:<id>`` or ``g:<hash>``), the identity,
    and for a user the session (its token's hash), which logout revokes."""

    key: str
    identity: Identity
    session: str | None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create(store: Store, name: str, password_hash: str) -> tuple[int, str]:
    """A new account (``name`` already checked) with its starting chips and a
    session: (user id, session token); AccountError if the name is taken."""
    try:
        with store.session.begin() as db:
            if db.scalar(select(User.id).where(User.name_key == name_key(name))) is not None:
                raise AccountError("name_taken", name=name)
            user = User(name=name, name_key=name_key(name), password_hash=password_hash)
            db.add(user)
            db.flush()
            legs = [("issuer", -STARTING_CHIPS), (user_account(user.id), STARTING_CHIPS)]
            transfer(db, "welcome", legs)
            return user.id, _new_session(db, user.id)
    except IntegrityError:  # registered at the same moment by someone else
        raise AccountError("name_taken", name=name) from None


def take_allowance(store: Store, user_id: int, day: str) -> tuple[int, int]:
    """The daily chips (``ledger.take_allowance``): (chips granted, chips now held);
    a second claim the same day, even at the same moment, is ``allowance_taken``."""
    try:
        with store.session.begin() as db:
            granted = ledger.take_allowance(db, user_id, day)
            return granted, ledger.balance(db, user_account(user_id))
    except IntegrityError:
        raise ledger.AllowanceRefused("allowance_taken") from None


def password_of(store: Store, name: str) -> tuple[int, str, str] | None:
    """(user id, stored name, password hash) of the account a typed name means."""
    with store.session() as db:
        found = db.execute(
            select(User.id, User.name, User.password_hash).where(User.name_key == name_key(name))
        ).first()
        return None if found is None else (found[0], found[1], found[2])


def open_session(store: Store, user_id: int) -> str:
    """A new session token for a user whose password was checked."""
    with store.session.begin() as db:
        return _new_session(db, user_id)


def end_session(store: Store, token: str) -> str:
    """Forget a session; returns its hash (to close its sockets)."""
    session = token_hash(token)
    with store.session.begin() as db:
        db.execute(delete(SessionToken).where(SessionToken.token_hash == session))
    return session


def change_password(store: Store, user_id: int, checked: str, password_hash: str) -> str | None:
    """Set a new password, end every session of the account, open a new one; None
    (nothing changed) when the password is no longer the one the caller checked
    (``checked``, its hash): another change came first."""
    with store.session.begin() as db:
        changed = db.execute(
            update(User)
            .where(User.id == user_id, User.password_hash == checked)
            .values(password_hash=password_hash)
        )
        if changed.rowcount != 1:  # type: ignore[attr-defined]
            return None
        db.execute(delete(SessionToken).where(SessionToken.user_id == user_id))
        return _new_session(db, user_id)


def sessions_ended(store: Store, sessions: Collection[str]) -> set[str]:
    """Those of ``sessions`` (tokens' hashes) that ended (logged out, or their
    account's password changed): no longer stored."""
    found: set[str] = set()
    with store.session() as db:
        listed = list(sessions)
        for start in range(0, len(listed), LOOKUP_BATCH):
            batch = listed[start : start + LOOKUP_BATCH]
            query = select(SessionToken.token_hash).where(SessionToken.token_hash.in_(batch))
            found.update(db.scalars(query))
    return set(sessions) - found


def identify(store: Store, token: str) -> Known | None:
    """What a session token or a guest's token opens, or None for a token
    unknown or expired. Notes the session's use (at most hourly)."""
    session = token_hash(token)
    now = time.time()
    with store.session() as db:
        row = db.get(SessionToken, session)
        user = db.get(User, row.user_id) if row is not None else None
        if row is not None and user is not None:
            if now - row.last_used > SESSION_IDLE or now - row.created > SESSION_LONGEST:
                return None
            if now - row.last_used > TOUCH_EVERY:
                row.last_used = now
                db.commit()
            return Known(f"u:{user.id}", Identity(user.id, user.name), session)
        guest = db.get(Guest, guest_key(token))
        if guest is None or guest.created < now - GUEST_DAYS * DAY:
            return None
        return Known(guest.key, Identity(None, guest.name), None)


def guest_key(token: str) -> str:
    """A guest's stable key (its seat key at tables) from its secret token."""
    return "g:" + token_hash(token)[:32]


GUEST_NAME_TRIES: Final = 8
"""Names of four hex digits tried for a new guest before one of eight."""


def add_guest(db: Session, key: str, wanted: str) -> str:
    """Store a new guest (a writer job) under a name no other guest has,
    ``guest_<wanted>_`` and four hex digits (eight when those run short): its
    name. Two guests of one name could not be told apart at a table or in its
    chat, where a guest has no account's id; a few hundred guests asking for one
    name met twins."""
    for digits in (2,) * GUEST_NAME_TRIES + (4,):
        name = f"guest_{wanted}_{secrets.token_hex(digits)}"
        if db.scalar(select(Guest.key).where(Guest.name == name).limit(1)) is None:
            break
    db.add(Guest(key=key, name=name))
    return name


def account_named(store: Store, name: str) -> tuple[int, str] | None:
    """The account a typed name means, as its id and its own spelling (names
    match whatever their case and spacing), or None."""
    with store.session() as db:
        row = db.execute(select(User.id, User.name).where(User.name_key == name_key(name))).first()
        return None if row is None else (row.id, row.name)


def _new_session(db: Session, user_id: int) -> str:
    token = secrets.token_urlsafe(32)
    now = time.time()
    db.add(SessionToken(token_hash=token_hash(token), user_id=user_id, created=now, last_used=now))
    return token
