"""One owner per table in a cluster: a lease row per table in the database,
with a fencing token that grows at each takeover.

A node renews the leases of its tables every second or so; a lease not renewed
for ``ttl`` seconds is taken over by another node, which adds one to its token
and rebuilds the table from its log. Every write of a table (its actions, its
seats, its games) checks in its own transaction that the lease is still this
node's with the token it took (``fence``), holding the lease row in share mode:
a takeover waits for that transaction to end, and a paused former owner, woken
up, finds the token changed and writes nothing. The table's lease travels with
its task (``current``), so the table's own code does not know about it.
"""

from __future__ import annotations

import time
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from atout.server.store import Store, TableLeaseRow, TableRow

FIRST_TOKEN: Final = 1
"""A new table's token: its first write stores the lease."""


@dataclass(eq=False)
class TableLease:
    """The lease a node holds on one table: the token it took."""

    table: str
    token: int = FIRST_TOKEN


current: ContextVar[TableLease | None] = ContextVar("table_lease", default=None)
"""The lease of the table whose task is running: its writes are fenced by it."""

_HELD: Final = (
    select(TableLeaseRow.table_id, TableLeaseRow.owner, TableLeaseRow.token)
    .where(TableLeaseRow.table_id.in_(bindparam("tables", expanding=True)))
    .with_for_update(read=True)
)
"""Built once: building a statement cost more than running it, at every write."""


def fence(db: Connection, leases: list[TableLease], *, node: str) -> set[str]:
    """Inside a write transaction: the tables among ``leases`` that ``node`` no
    longer owns with the token it took. The lease rows stay locked in share mode
    to the transaction's end, so no takeover slips in between check and commit.
    A new table's lease (the first token, no row yet) is stored here."""
    if not leases:
        return set()
    found = {
        row.table_id: (row.owner, row.token)
        for row in db.execute(_HELD, {"tables": [lease.table for lease in leases]})
    }
    lost = set()
    for lease in leases:
        held = found.get(lease.table)
        if held is None and lease.token == FIRST_TOKEN:
            db.execute(insert(TableLeaseRow).values(_row(lease.table, node, FIRST_TOKEN)))
        elif held != (node, lease.token):
            lost.add(lease.table)
    return lost


def renew(store: Store, node: str, leases: list[TableLease]) -> set[str]:
    """Renew every lease of ``node``; returns the tables among ``leases`` that
    another node took over meanwhile (a new table not yet stored is kept)."""
    with store.engine.begin() as db:
        db.execute(
            update(TableLeaseRow).where(TableLeaseRow.owner == node).values(renewed=time.time())
        )
        if not leases:
            return set()
        found = {
            row.table_id: (row.owner, row.token)
            for row in db.execute(
                select(TableLeaseRow.table_id, TableLeaseRow.owner, TableLeaseRow.token).where(
                    TableLeaseRow.table_id.in_([lease.table for lease in leases])
                )
            )
        }
    return {
        lease.table
        for lease in leases
        if lease.table in found and found[lease.table] != (node, lease.token)
    }


@dataclass(frozen=True, slots=True)
class Orphan:
    """An open table whose owner stopped renewing its lease (or that has none yet)."""

    table: str
    token: int | None
    renewed: float | None


def orphans(store: Store, ttl: float, limit: int) -> list[Orphan]:
    """Open tables whose lease expired, oldest first, at most ``limit``."""
    expired = time.time() - ttl
    with store.engine.connect() as db:
        rows = db.execute(
            select(TableRow.id, TableLeaseRow.token, TableLeaseRow.renewed)
            .outerjoin(TableLeaseRow, TableLeaseRow.table_id == TableRow.id)
            .where(TableRow.status != "closed")
            .where((TableLeaseRow.renewed.is_(None)) | (TableLeaseRow.renewed < expired))
            .order_by(TableLeaseRow.renewed)
            .limit(limit)
        ).all()
    return [Orphan(table, token, renewed) for table, token, renewed in rows]


def unopened(
    store: Store, node: str, tables: list[str], ttl: float
) -> tuple[list[TableLease], list[Orphan]]:
    """Of ``tables``, opened by no node yet: the leases ``node`` holds, and those
    with no lease or an expired one."""
    expired = time.time() - ttl
    with store.engine.connect() as db:
        held = {
            table: (owner, token, renewed)
            for table, owner, token, renewed in db.execute(
                select(
                    TableLeaseRow.table_id,
                    TableLeaseRow.owner,
                    TableLeaseRow.token,
                    TableLeaseRow.renewed,
                ).where(TableLeaseRow.table_id.in_(tables))
            )
        }
    mine, orphans = [], []
    for table in tables:
        if table not in held:
            orphans.append(Orphan(table, None, None))
            continue
        owner, token, renewed = held[table]
        if owner == node:
            mine.append(TableLease(table, token))
        elif renewed < expired:
            orphans.append(Orphan(table, token, renewed))
    return mine, orphans


def claim(db: Connection, node: str, tables: list[str]) -> None:
    """Inside a write transaction: the leases of tables not opened yet, for ``node``
    (their first token, which the tables' own writes then hold)."""
    for table in tables:
        db.execute(insert(TableLeaseRow).values(_row(table, node, FIRST_TOKEN)))


def take(store: Store, node: str, orphan: Orphan, ttl: float) -> TableLease | None:
    """Take an orphan's lease with the next token; None if another node was quicker
    or its owner renewed it meanwhile."""
    with store.engine.begin() as db:
        if orphan.token is None:
            try:
                db.execute(insert(TableLeaseRow).values(_row(orphan.table, node, FIRST_TOKEN)))
            except IntegrityError:
                return None
            return TableLease(orphan.table, FIRST_TOKEN)
        token = orphan.token + 1
        taken = db.execute(
            update(TableLeaseRow)
            .where(
                TableLeaseRow.table_id == orphan.table,
                TableLeaseRow.token == orphan.token,
                TableLeaseRow.renewed < time.time() - ttl,
            )
            .values(owner=node, token=token, renewed=time.time())
        ).rowcount
    return TableLease(orphan.table, token) if taken == 1 else None


def release(store: Store, node: str) -> None:
    """At a clean stop: let the other nodes take this node's tables at once."""
    with store.engine.begin() as db:
        db.execute(update(TableLeaseRow).where(TableLeaseRow.owner == node).values(renewed=0.0))


def owner(store: Store, table: str) -> str | None:
    """The node owning ``table`` (None: no such table, or not stored yet)."""
    with store.engine.connect() as db:
        found: str | None = db.scalar(
            select(TableLeaseRow.owner).where(TableLeaseRow.table_id == table)
        )
        return found


def _row(table: str, node: str, token: int) -> dict[str, object]:
    return {"table_id": table, "owner": node, "token": token, "renewed": time.time()}
