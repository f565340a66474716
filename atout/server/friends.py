"""Friendships in the store, by user id: requests, acceptance, removal, and
blocks.

A request from a to b is the row (a, b) not accepted; accepting it marks it
and adds (b, a), so each side finds its friends by its own id. Asking someone
who already asked you makes you friends at once. The requests waiting are
bounded on both sides, sent and received. Blocking someone ends what there was
between you, and no request passes either way until it is lifted (a table reads
blocks too: ``standing``, ``apart_from``). These functions block: the server
calls them in threads. Refusals change nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final, Literal

from sqlalchemy import ColumnElement, and_, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from atout.refusals import Param, Refusal
from atout.server.store import Block, Friendship, Store, User, storable
from atout.text import name_key

PENDING_LIMIT: Final = 50
"""Requests waiting for an answer a player may have at once on each side: sent
(``friend_requests_pending``) and received (``friend_requests_full``), so that
no one is flooded with requests by many askers."""


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
    blocked: list[Player]


Ended = Literal["removed", "declined", "withdrawn"]
"""What ``remove`` ended: a friendship, the other's request, or one's own."""


def _find(db: Session, name: str) -> Player:
    found = db.execute(select(User.id, User.name).where(User.name_key == name_key(name))).first()
    if found is None:
        raise FriendRefused(404, "no_such_player")
    return Player(found[0], found[1])


def _one_at_a_time(db: Session, a: int, b: int) -> None:
    """Write both players' rows, lowest id first, before reading what is between
    them: SQLite begins a transaction's write lock at its first write, PostgreSQL
    locks the two rows, so two changes between the same players run one after
    the other and the second sees the first's: two players asking each other
    become friends instead of leaving two requests crossed, and a request or an
    acceptance crossing a block does not outlive it."""
    for user in sorted((a, b)):
        db.execute(update(User).where(User.id == user).values(created=User.created))


def _blocked_between(db: Session, a: int, b: int) -> bool:
    return db.get(Block, (a, b)) is not None or db.get(Block, (b, a)) is not None


def request(store: Store, user_id: int, name: str) -> tuple[Player, bool]:
    """Ask the player called ``name`` (any case) to be a friend: (them, whether
    you are now friends, having asked each other)."""
    try:
        with store.session.begin() as db:
            other = _find(db, name)
            if other.id == user_id:
                raise FriendRefused(400, "friend_self")
            _one_at_a_time(db, user_id, other.id)
            if _blocked_between(db, user_id, other.id):
                raise FriendRefused(403, "player_blocked", name=other.name)
            mine = db.get(Friendship, (user_id, other.id))
            if mine is not None and mine.accepted:
                raise FriendRefused(409, "already_friends", name=other.name)
            if mine is not None:
                raise FriendRefused(409, "friend_already_requested", name=other.name)
            if db.get(Friendship, (other.id, user_id)) is not None:  # they asked first
                _befriend(db, other.id, user_id)
                return other, True
            if _waiting(db, Friendship.user_id == user_id) >= PENDING_LIMIT:
                raise FriendRefused(429, "friend_requests_pending", limit=PENDING_LIMIT)
            if _waiting(db, Friendship.friend_id == other.id) >= PENDING_LIMIT:
                raise FriendRefused(
                    409, "friend_requests_full", name=other.name, limit=PENDING_LIMIT
                )
            db.add(Friendship(user_id=user_id, friend_id=other.id, accepted=False))
            return other, False
    except IntegrityError:  # the same request at the same moment
        raise FriendRefused(409, "friend_already_requested", name=name) from None


def _waiting(db: Session, side: ColumnElement[bool]) -> int:
    """Requests not answered yet on one side (sent by, or sent to, a player). Both
    players' rows are written first (``_one_at_a_time``), so requests made at
    once to or by one player are counted one after the other."""
    count = db.scalar(
        select(func.count()).select_from(Friendship).where(side, Friendship.accepted.is_(False))
    )
    return count or 0


def accept(store: Store, user_id: int, requester: int) -> Player:
    """Accept ``requester``'s request; returns them."""
    if not storable(requester):
        raise FriendRefused(404, "no_friend_request")
    try:
        with store.session.begin() as db:
            _one_at_a_time(db, user_id, requester)
            row = db.get(Friendship, (requester, user_id))
            if row is None or row.accepted:
                raise FriendRefused(404, "no_friend_request")
            _befriend(db, requester, user_id)
            name = db.scalar(select(User.name).where(User.id == requester))
            assert name is not None
            return Player(requester, name)
    except IntegrityError:  # accepted twice at the same moment
        raise FriendRefused(404, "no_friend_request") from None


def remove(store: Store, user_id: int, other: int) -> Ended:
    """End a friendship, decline ``other``'s request or withdraw one's own."""
    if not storable(other):
        raise FriendRefused(404, "not_friends")
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
        if rows[0].accepted:
            return "removed"
        return "declined" if rows[0].user_id == other else "withdrawn"


def _unfriend(db: Session, a: int, b: int) -> None:
    pair = or_(
        and_(Friendship.user_id == a, Friendship.friend_id == b),
        and_(Friendship.user_id == b, Friendship.friend_id == a),
    )
    for row in db.scalars(select(Friendship).where(pair)).all():
        db.delete(row)


def block(store: Store, user_id: int, name: str) -> Player:
    """Block the player called ``name``, ending any friendship or request
    between you; returns them."""
    try:
        with store.session.begin() as db:
            other = _find(db, name)
            if other.id == user_id:
                raise FriendRefused(400, "block_self")
            _one_at_a_time(db, user_id, other.id)
            if db.get(Block, (user_id, other.id)) is not None:
                raise FriendRefused(409, "already_blocked", name=other.name)
            _unfriend(db, user_id, other.id)
            db.add(Block(user_id=user_id, blocked_id=other.id))
            return other
    except IntegrityError:  # blocked twice at the same moment
        raise FriendRefused(409, "already_blocked", name=name) from None


def unblock(store: Store, user_id: int, other: int) -> None:
    if not storable(other):
        raise FriendRefused(404, "not_blocked")
    with store.session.begin() as db:
        row = db.get(Block, (user_id, other))
        if row is None:
            raise FriendRefused(404, "not_blocked")
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
        blocked = db.execute(
            select(Block.blocked_id, User.name)
            .join(User, User.id == Block.blocked_id)
            .where(Block.user_id == user_id)
            .order_by(Block.created, User.id)
        ).all()
    return Listing(
        friends=[Player(i, n) for i, n, accepted in mine if accepted],
        incoming=[Player(i, n) for i, n in theirs],
        outgoing=[Player(i, n) for i, n, accepted in mine if not accepted],
        blocked=[Player(i, n) for i, n in blocked],
    )


def name_of(store: Store, user_id: int) -> str | None:
    """A registered player's name (None: no such account), for their friends
    told of them by a node that never had their socket."""
    with store.session() as db:
        return db.scalar(select(User.name).where(User.id == user_id))


def friend_ids(store: Store, user_id: int) -> list[int]:
    with store.session() as db:
        return list(
            db.scalars(
                select(Friendship.friend_id).where(
                    Friendship.user_id == user_id, Friendship.accepted.is_(True)
                )
            ).all()
        )


Standing = Literal["friend", "blocked", "blocking"]
"""What a player is to another: a friend, blocked by them, or blocking them."""
Apart = Literal["blocked", "blocking"]


def standing(store: Store, a: int, b: int) -> Standing | None:
    """What ``b`` is to ``a``: a friend, someone ``a`` blocked, someone who
    blocked ``a`` (when both blocked each other: ``blocked``), or neither."""
    with store.session() as db:
        if db.get(Block, (a, b)) is not None:
            return "blocked"
        if db.get(Block, (b, a)) is not None:
            return "blocking"
        row = db.get(Friendship, (a, b))
        return "friend" if row is not None and row.accepted else None


def apart_from(store: Store, user: int, others: Collection[int]) -> dict[int, Apart]:
    """Those of ``others`` with a block between them and ``user``, each with
    ``blocked`` when ``user`` blocked them (whether or not they blocked ``user``
    too), else ``blocking``: in one read, for everyone at a table."""
    if not others:
        return {}
    with store.session() as db:
        rows = db.execute(
            select(Block.user_id, Block.blocked_id).where(
                or_(
                    and_(Block.user_id == user, Block.blocked_id.in_(others)),
                    and_(Block.blocked_id == user, Block.user_id.in_(others)),
                )
            )
        ).all()
    found: dict[int, Apart] = {}
    for blocker, blocked in rows:
        if blocker == user:
            found[blocked] = "blocked"
        else:
            found.setdefault(blocker, "blocking")
    return found


def blocked_between(store: Store, a: int, b: int) -> bool:
    """Whether either of the two blocked the other."""
    with store.session() as db:
        return _blocked_between(db, a, b)


def _befriend(db: Session, requester: int, addressee: int) -> None:
    """Mark ``requester``'s request accepted and add the other side."""
    db.execute(
        update(Friendship)
        .where(Friendship.user_id == requester, Friendship.friend_id == addressee)
        .values(accepted=True)
    )
    db.add(Friendship(user_id=addressee, friend_id=requester, accepted=True))
