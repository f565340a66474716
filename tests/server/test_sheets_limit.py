"""The limit of ``sheets.SHEETS_LIMIT`` score sheets per account holds when many
are sent at once, on SQLite and on PostgreSQL: each creation counts and adds in
one step that the others wait for."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import delete, select

from atout.server import accounts
from atout.server.sheets import SHEETS_LIMIT
from atout.server.store import SheetRow, Store
from atout.sheet import SheetInput
from tests.server.conftest import Server, run_server
from tests.server.test_sheets import EXAMPLE

AT_ONCE = 32
ROUNDS = 6
LEFT = 4
"""Sheets the account may still keep when they are sent."""


@pytest.fixture(params=["sqlite", "postgresql"])
def served(
    request: pytest.FixtureRequest, tmp_path: Path, new_database: Callable[[], str]
) -> Iterator[tuple[Server, Store]]:
    """A server on either database, and that database."""
    url = new_database() if request.param == "postgresql" else None
    server, stop = run_server(tmp_path, database_url=url)
    store = Store(url) if url else Store.in_dir(tmp_path)
    yield server, store
    store.close()
    stop()


def test_sheets_sent_at_once_stop_at_the_limit(served: tuple[Server, Store]) -> None:
    """An account holding all its sheets but 4 sends 32 more at once, 6 times
    over (its extra sheets deleted in between): each time 4 are kept, the others
    refused with ``too_many_sheets``, and it holds exactly the limit."""
    server, store = served
    token = server.register("keeper")
    found = accounts.account_named(store, "keeper")
    assert found is not None
    owner = found[0]
    empty = {key: EXAMPLE[key] for key in ("title", "variant", "players")}
    with store.session.begin() as db:
        data = SheetInput.model_validate(empty).model_dump()
        db.add_all([SheetRow(owner=owner, data=data) for _ in range(SHEETS_LIMIT - LEFT)])
    first = _ids(store, owner)[-1]

    async def at_once() -> list[httpx.Response]:
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(timeout=60) as client:
            return await asyncio.gather(
                *(
                    client.post(
                        f"{server.http}/api/sheets", content=json.dumps(empty), headers=headers
                    )
                    for _ in range(AT_ONCE)
                )
            )

    kept = []
    for _ in range(ROUNDS):
        replies = asyncio.run(at_once())
        refused = [r.json() for r in replies if r.status_code != 201]
        assert all(
            r["code"] == "too_many_sheets" and r["params"] == {"limit": SHEETS_LIMIT}
            for r in refused
        ), refused
        kept.append((AT_ONCE - len(refused), len(_ids(store, owner))))
        with store.session.begin() as db:
            db.execute(delete(SheetRow).where(SheetRow.owner == owner, SheetRow.id > first))
    assert kept == [(LEFT, SHEETS_LIMIT)] * ROUNDS


def _ids(store: Store, owner: int) -> list[int]:
    with store.session() as db:
        return list(
            db.scalars(select(SheetRow.id).where(SheetRow.owner == owner).order_by(SheetRow.id))
        )
