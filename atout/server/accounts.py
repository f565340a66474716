"""Accounts: registration, login and session tokens.

Passwords are hashed with argon2; session tokens come from :mod:`secrets` and
only their SHA-256 is stored, so a copy of the database opens no session.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from atout.server.ledger import STARTING_CHIPS, transfer, user_account
from atout.server.store import Guest, SessionToken, Store, User

NAME_PATTERN = re.compile(r"^[A-Za-z0-9_\-]{3,24}$")
_hasher = PasswordHasher()
_UNKNOWN_USER_HASH = _hasher.hash("no user has this password")


class AccountError(ValueError):
    """A refused registration or login; the message is shown to the user."""


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a connection speaks for: a registered user or a guest (user_id None)."""

    user_id: int | None
    name: str

    @property
    def guest(self) -> bool:
        return self.user_id is None


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def register(store: Store, name: str, password: str) -> str:
    """Create an account with its starting chips; returns a session token."""
    if not NAME_PATTERN.match(name):
        raise AccountError("a name is 3 to 24 letters, digits, '_' or '-'")
    if name.lower().startswith("guest"):
        raise AccountError("names starting with 'guest' are kept for guests")
    if not 8 <= len(password) <= 128:
        raise AccountError("a password has 8 to 128 characters")
    hashed = _hasher.hash(password)
    with store.session.begin() as db:
        if db.scalar(select(User.id).where(User.name == name)) is not None:
            raise AccountError(f"the name {name!r} is taken")
        user = User(name=name, password_hash=hashed)
        db.add(user)
        db.flush()
        transfer(
            db, "welcome", [("issuer", -STARTING_CHIPS), (user_account(user.id), STARTING_CHIPS)]
        )
        return _new_token(db, user.id)


def login(store: Store, name: str, password: str) -> str:
    """A new session token for the right password; the same error for any failure."""
    with store.session.begin() as db:
        user = db.scalar(select(User).where(User.name == name))
        try:
            # An unknown name costs a verification too: timing does not tell names apart.
            _hasher.verify(user.password_hash if user else _UNKNOWN_USER_HASH, password)
            if user is None:
                raise VerificationError()
        except (VerificationError, InvalidHashError):
            raise AccountError("wrong name or password") from None
        return _new_token(db, user.id)


def logout(store: Store, token: str) -> None:
    """Forget a session token."""
    with store.session.begin() as db:
        row = db.get(SessionToken, _token_hash(token))
        if row is not None:
            db.delete(row)


GUEST_DAYS: Final = 30
"""How long a guest identity lasts from its creation."""


def guest_key(token: str) -> str:
    """A guest's stable key (its seat key at tables) from its secret token."""
    return "g:" + _token_hash(token)[:32]


def identify(store: Store, token: str) -> tuple[str, Identity] | None:
    """The seat key and identity of a session token or a guest's token (``u:<id>``
    or ``g:<hash>``), or None for a token unknown or expired."""
    with store.session() as db:
        row = db.get(SessionToken, _token_hash(token))
        user = db.get(User, row.user_id) if row is not None else None
        if user is not None:
            return f"u:{user.id}", Identity(user.id, user.name)
        guest = db.get(Guest, guest_key(token))
        if guest is None or guest.created < time.time() - GUEST_DAYS * 86400:
            return None
        return guest.key, Identity(None, guest.name)


def add_guest(db: Session, key: str, name: str) -> None:
    """Store a new guest (a writer job)."""
    db.add(Guest(key=key, name=name))


def _new_token(db: Session, user_id: int) -> str:
    token = secrets.token_urlsafe(32)
    db.add(SessionToken(token_hash=_token_hash(token), user_id=user_id))
    return token
