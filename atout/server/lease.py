"""One server process owns a database at a time: a lease row in the database
itself (not a pid file, which another machine cannot see).

The owner renews the lease with every write transaction and at least five
times per ``ttl`` (``renew_every``), so a live owner is never taken for dead;
each write checks in the same transaction that the lease is
still its own (a fencing check), so a server that lost it can never write
again. A server stopped cleanly frees the lease; one that died holds it until
it is ``ttl`` seconds old, so its successor waits that long, and a server
finding the lease renewed meanwhile refuses to start. The last renewal also
tells a restarted server when its predecessor stopped: the turn clocks and
grace periods it restores do not count the time the server was down.
"""

from __future__ import annotations

import secrets
import time
from typing import Final

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from atout.server.store import ServerLease, Store

LEASE_ROW: Final = 1
RENEW_MOST: Final = 1.0
"""Seconds between renewals at most, whatever the ttl (a crash time known within 1 s)."""


def renew_every(ttl: float) -> float:
    """How often an owner with lease ``ttl`` renews it."""
    return min(RENEW_MOST, ttl / 5)


class LeaseHeld(RuntimeError):
    """Another server uses this database; the message says what to do."""


class LeaseLost(RuntimeError):
    """This server's lease was taken over: it must not write any more."""


def new_owner() -> str:
    return secrets.token_hex(8)


def acquire(store: Store, owner: str, ttl: float) -> float | None:
    """Take the lease for ``owner``; returns when the previous owner was last
    alive (None on a new database). Waits for a dead owner's lease to expire;
    LeaseHeld when a live server renews it meanwhile."""
    while True:
        with store.engine.begin() as db:
            row = db.execute(select(ServerLease).where(ServerLease.id == LEASE_ROW)).first()
            if row is None:
                try:
                    db.execute(
                        insert(ServerLease).values(id=LEASE_ROW, owner=owner, renewed=time.time())
                    )
                except IntegrityError:  # another server took it first
                    raise LeaseHeld(_held_message(ttl)) from None
                return None
            seen_owner, seen_renewed = row.owner, row.renewed
            age = time.time() - seen_renewed
            if seen_owner is None or age >= ttl:
                taken = db.execute(
                    update(ServerLease)
                    .where(
                        ServerLease.id == LEASE_ROW,
                        ServerLease.owner.is_(None)
                        if seen_owner is None
                        else ServerLease.owner == seen_owner,
                        ServerLease.renewed == seen_renewed,
                    )
                    .values(owner=owner, renewed=time.time())
                ).rowcount
                if taken != 1:
                    raise LeaseHeld(_held_message(ttl))
                return float(seen_renewed)
        time.sleep(max(0.0, ttl - age) + 0.05)
        with store.engine.connect() as db:
            renewed = db.scalar(select(ServerLease.renewed).where(ServerLease.id == LEASE_ROW))
        if renewed != seen_renewed:
            raise LeaseHeld(_held_message(ttl))


_FENCE: Final = (
    update(ServerLease)
    .where(ServerLease.id == LEASE_ROW, ServerLease.owner == bindparam("holder"))
    .values(renewed=bindparam("now"))
)
"""Built once: building a statement cost more than running it, at every write."""


def fence(db: Connection, owner: str) -> None:
    """Renew the lease inside a write transaction; LeaseLost when it is not ours."""
    renewed = db.execute(_FENCE, {"holder": owner, "now": time.time()}).rowcount
    if renewed != 1:
        raise LeaseLost("this server's lease on the database was taken over")


def release(store: Store, owner: str) -> None:
    """Free the lease at a clean stop, keeping when this server was last alive."""
    with store.engine.begin() as db:
        db.execute(
            update(ServerLease)
            .where(ServerLease.id == LEASE_ROW, ServerLease.owner == owner)
            .values(owner=None, renewed=time.time())
        )


def _held_message(ttl: float) -> str:
    return (
        "another atout server is using this database (its lease was renewed within the "
        f"last {ttl:g} s): stop it first, or give this one its own --data-dir or --database-url"
    )
