"""The server on a real PostgreSQL (``atout[postgres]``): the same schema as
its models, whole games settled through the writer, a restart that keeps every
seat, and one server per database."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from atout.server import ledger
from atout.server.app import Settings, create_app
from atout.server.lease import LeaseHeld
from atout.server.store import Base, Store
from tests.server.conftest import Player, play_until_over, run_server, seat_at_new_table
from tests.server.postgres import restart_postgres


def test_the_migrated_schema_is_the_models(new_database: Callable[[], str]) -> None:
    store = Store(new_database())
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    store.close()


def test_a_connection_from_before_a_database_restart_is_not_handed_out(
    new_database: Callable[[], str],
) -> None:
    """The first request after PostgreSQL restarted got a pooled connection the
    database had closed, and failed (a guest's hello: storage_unavailable)."""
    store = Store(new_database())
    with store.session() as db:
        assert db.execute(text("SELECT 1")).scalar() == 1  # a connection, now pooled
    restart_postgres(0.5)
    with store.session() as db:
        assert db.execute(text("SELECT 2")).scalar() == 2
    store.close()


def test_a_competitive_game_settles_and_a_restart_keeps_the_next_one(
    tmp_path: Path, new_database: Callable[[], str]
) -> None:
    url = new_database()
    server, stop = run_server(tmp_path, database_url=url)
    tokens = [server.register(name) for name in ("pia", "quentin", "rose")]

    async def first_game() -> tuple[str, dict[str, object], int]:
        players = [
            await Player.connect(server, token, ip=f"10.5.0.{n}") for n, token in enumerate(tokens)
        ]
        table = await seat_at_new_table(players, players=3, competitive=True, bet=20)
        await players[0].send({"type": "start", "table": table})
        over = await play_until_over(players, table)
        await players[0].send({"type": "start", "table": table})
        second = (await players[0].event("table.game_started"))["data"]["game"]
        await asyncio.to_thread(stop)  # all connected: nothing is played meanwhile
        for p in players:
            await p.close()
        return table, over, second

    table, over, second = asyncio.run(first_game())
    assert over["kind"] == "table.game_over"
    store = Store(url)
    with store.session() as db:
        assert ledger.audit(db) == []  # the second game's bets sit in its pot
        pot = ledger.balance(db, ledger.pot_account(second))
    store.close()
    assert pot == 60
    server, stop = run_server(tmp_path, database_url=url)

    async def after_restart() -> None:
        pia = await Player.connect(server, tokens[0], ip="10.5.0.0")
        await pia.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
        snapshot = await pia.expect(lambda m: m["type"] == "table")
        assert snapshot["seat"] == 0 and snapshot["table"]["playing"]
        await pia.close()

    asyncio.run(after_restart())
    assert server.app.state.hub.tables[table].game_id == second  # rebuilt from its log
    stop()


def test_a_second_server_on_the_same_database_refuses_to_start(
    tmp_path: Path, new_database: Callable[[], str]
) -> None:
    url = new_database()
    server, stop = run_server(tmp_path, database_url=url, lease_seconds=3.0)
    with pytest.raises(LeaseHeld, match="another atout server"):
        create_app(Settings(data_dir=tmp_path, database_url=url, lease_seconds=3.0))
    assert server.get("/api/leaderboard") == []  # the first one still serves
    stop()


def test_a_nul_typed_in_a_name_is_a_422_not_a_500(
    tmp_path: Path, new_database: Callable[[], str]
) -> None:
    """PostgreSQL text holds no NUL: a lookup by such a name is the request's fault."""
    server, stop = run_server(tmp_path, database_url=new_database())
    try:
        token = server.register("nul_prober")
        headers = {"Authorization": f"Bearer {token}"}
        answers = [
            httpx.post(f"{server.http}/api/login", json={"name": "a\0b", "password": "x" * 8}),
            httpx.post(
                f"{server.http}/api/friends/request", json={"name": "a\0b"}, headers=headers
            ),
            httpx.get(f"{server.http}/api/profile/a%00b"),
            httpx.get(f"{server.http}/api/records?player=a%00b"),
        ]
    finally:
        stop()
    assert [(a.status_code, a.json()["code"]) for a in answers] == [(422, "unstorable_input")] * 4
