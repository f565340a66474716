"""Table leases on a real PostgreSQL: a node whose lease was taken over can
never write that table again, whatever it had under way, and only the node
that took it last writes."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Iterator
from functools import partial

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from atout.server import table_lease, tablestore
from atout.server.store import ActionRow, Store
from atout.server.table_lease import Orphan, TableLease, current
from atout.server.writer import StorageError, Writer

OPTIONS = {"game": "french", "players": 3, "variant": "fft", "competitive": False, "bet": 0}


def node_writer(store: Store, node: str) -> Writer:
    writer = Writer(store, node)
    writer.fence = partial(table_lease.fence, node=node)
    return writer


def test_a_former_owner_writes_nothing_once_its_table_is_taken_over(
    new_database: Callable[[], str],
) -> None:
    store = Store(new_database())

    async def main() -> None:
        a, b = node_writer(store, "a"), node_writer(store, "b")
        await a.start()
        await b.start()
        held_by_a = TableLease("t1")
        current.set(held_by_a)  # this task plays table t1's task on node a
        await a.call(tablestore.create_table, "t1", OPTIONS, "g:x", "x", "code")
        game = await a.call(tablestore.start_game, "t1", OPTIONS, {}, [None] * 3)
        await a.append(game, 0, "first")
        assert table_lease.orphans(store, 60.0, 10) == []  # renewed just now
        orphan = Orphan("t1", held_by_a.token, time.time())
        taken = table_lease.take(store, "b", orphan, 0.0)  # a lease of 0 s: a is late
        assert taken is not None and taken.token == held_by_a.token + 1
        assert table_lease.take(store, "c", orphan, 0.0) is None  # taken once only
        with pytest.raises(StorageError):
            await a.append(game, 1, "from a")
        with pytest.raises(StorageError):
            await a.call(tablestore.close_table, "t1")
        current.set(taken)
        await b.append(game, 1, "from b")
        assert table_lease.renew(store, "a", [held_by_a]) == {"t1"}
        assert table_lease.renew(store, "b", [taken]) == set()
        await a.stop()
        await b.stop()

    asyncio.run(main())
    with store.session() as db:
        texts = db.scalars(select(ActionRow.text).order_by(ActionRow.index)).all()
    assert texts == ["first", "from b"]
    assert table_lease.owner(store, "t1") == "b"
    table_lease.release(store, "b")  # a clean stop: the others may take it at once
    assert [o.table for o in table_lease.orphans(store, 60.0, 10)] == ["t1"]
    store.close()


@pytest.fixture(scope="module")
def lease_store(postgres: str) -> Iterator[Store]:
    name = f"leases_{secrets.token_hex(4)}"
    with psycopg.connect(f"{postgres}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    store = Store(f"{postgres}/{name}")
    yield store
    store.close()


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(st.sampled_from(["take", "write"]), st.sampled_from("abc")), max_size=12))
def test_only_the_last_node_to_take_a_table_writes_it(
    lease_store: Store, steps: list[tuple[str, str]]
) -> None:
    table = secrets.token_hex(4)
    leases: dict[str, TableLease] = {"a": TableLease(table)}  # a created the table
    last = "a"
    with lease_store.engine.begin() as db:
        assert table_lease.fence(db, [leases["a"]], node="a") == set()
    for step, node in steps:
        if step == "take":
            token = max(lease.token for lease in leases.values())
            taken = table_lease.take(lease_store, node, Orphan(table, token, None), 0.0)
            assert taken is not None and taken.token == token + 1
            leases[node], last = taken, node
        elif node in leases:
            with lease_store.engine.begin() as db:
                lost = table_lease.fence(db, [leases[node]], node=node)
            assert lost == (set() if node == last else {table})
