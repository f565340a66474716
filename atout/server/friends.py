"""Friendships in the store, by user id: requests, acceptance, removal.

A request from a to b is the row (a, b) not accepted; accepting it marks it
and adds (b, a), so each side finds its friends by its own id. Asking someone
who already asked you makes you friends at once. These functions block: the
server calls them in threads. Refusals change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sqlalchemy import and_, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from atout.refusals import Param, Refusal
from atout.server.names import name_key
from atout.server.store import Friendship, Store, User

PENDING_LIMIT: Final = 50
"""Requests a player may have waiting for an answer at once."""


class FriendRefused(Refusal):
    """A refused friendship change, with the HTTP status that answers it."""

    def __init__(self, status: int, code: str, /, **params: Param) -> None:
        super().__init__(code, **params)
        self.status = status


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class Listing:
    """A player's friends and the requests waiting, each side's, oldest first."""

    friends: list[Player]
    incoming: list[Player]
    outgoing: list[Player]


def request(store: Store, user_id: int, name: str) -> tuple[Player, bool]:
    """Ask the player called ``name`` (any case) to be a friend: (them, whether
    you are now friends, having asked each other)."""
    try:
        with store.session.begin() as db:
            found = db.execute(
                select(User.id, User.name).where(User.name_key == name_key(name))
            ).first()
            if found is None:
                raise FriendRefused(404, "no_such_player")
            other = Player(found[0], found[1])
            if other.id == user_id:
                raise FriendRefused(400, "friend_self")
            mine = db.get(Friendship, (user_id, other.id))
            if mine is not None and mine.accepted:
                raise FriendRefused(409, "already_friends", name=other.name)
            if mine is not None:
                raise FriendRefused(409, "friend_already_requested", name=other.name)
            if db.get(Friendship, (other.id, user_id)) is not None:  # they asked first
                _befriend(db, other.id, user_id)
                return other, True
            pending = db.scalars(
                select(Friendship.friend_id).where(
                    Friendship.user_id == user_id, Friendship.accepted.is_(False)
                )
            ).all()
            if len(pending) >= PENDING_LIMIT:
                raise FriendRefused(429, "friend_requests_pending", limit=PENDING_LIMIT)
            db.add(Friendship(user_id=user_id, friend_id=other.id, accepted=False))
            return other, False
    except IntegrityError:  # the same request at the same moment
        raise FriendRefused(409, "friend_already_requested", name=name) from None


def accept(store: Store, user_id: int, requester: int) -> Player:
    """Accept ``requester``'s request; returns them."""
    try:
        with store.session.begin() as db:
            row = db.get(Friendship, (requester, user_id))
            if row is None or row.accepted:
                raise FriendRefused(404, "no_friend_request")
            _befriend(db, requester, user_id)
            name = db.scalar(select(User.name).where(User.id == requester))
            assert name is not None
            return Player(requester, name)
    except IntegrityError:  # accepted twice at the same moment
        raise FriendRefused(404, "no_friend_request") from None


def remove(store: Store, user_id: int, other: int) -> None:
    """End a friendship, decline ``other``'s request or withdraw one's own."""
    pair = or_(
        and_(Friendship.user_id == user_id, Friendship.friend_id == other),
        and_(Friendship.user_id == other, Friendship.friend_id == user_id),
    )
    with store.session.begin() as db:
        rows = db.scalars(select(Friendship).where(pair)).all()
        if not rows:
            raise FriendRefused(404, "not_friends")
        for row in rows:
            db.delete(row)


def listing(store: Store, user_id: int) -> Listing:
    with store.session() as db:
        mine = db.execute(
            select(Friendship.friend_id, User.name, Friendship.accepted)
            .join(User, User.id == Friendship.friend_id)
            .where(Friendship.user_id == user_id)
            .order_by(Friendship.created, User.id)
        ).all()
        theirs = db.execute(
            select(Friendship.user_id, User.name)
            .join(User, User.id == Friendship.user_id)
            .where(Friendship.friend_id == user_id, Friendship.accepted.is_(False))
            .order_by(Friendship.created, User.id)
        ).all()
    return Listing(
        friends=[Player(i, n) for i, n, accepted in mine if accepted],
        incoming=[Player(i, n) for i, n in theirs],
        outgoing=[Player(i, n) for i, n, accepted in mine if not accepted],
    )


def are_friends(store: Store, a: int, b: int) -> bool:
    with store.session() as db:
        row = db.get(Friendship, (a, b))
        return row is not None and row.accepted


def _befriend(db: Session, requester: int, addressee: int) -> None:
    """Mark ``requester``'s request accepted and add the other side."""
    db.execute(
        update(Friendship)
        .where(Friendship.user_id == requester, Friendship.friend_id == addressee)
        .values(accepted=True)
    )
    db.add(Friendship(user_id=addressee, friend_id=requester, accepted=True))
