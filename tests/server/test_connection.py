"""Accounts, the hello, message validation, size and rate limits, the lobby."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from atout.server.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    parse_message,
)
from tests.server.conftest import Player, Server, create_table, run_server


def test_register_login_logout(server: Server) -> None:
    token = server.register("martin", "correct horse")
    again = httpx.post(f"{server.http}/api/register", json={"name": "martin", "password": "x" * 9})
    assert again.status_code == 400 and "taken" in again.json()["detail"]
    short = httpx.post(f"{server.http}/api/register", json={"name": "zoe", "password": "short"})
    assert short.status_code == 400
    guest = httpx.post(f"{server.http}/api/register", json={"name": "guest_x", "password": "x" * 9})
    assert guest.status_code == 400 and "guest" in guest.json()["detail"]
    wrong = httpx.post(f"{server.http}/api/login", json={"name": "martin", "password": "nope1234"})
    assert wrong.status_code == 401
    login = httpx.post(
        f"{server.http}/api/login", json={"name": "martin", "password": "correct horse"}
    )
    assert login.status_code == 200 and login.json()["token"] != token
    assert server.get("/api/profile/martin")["chips"] == 1000
    assert server.get("/api/profile/MARTIN")["name"] == "martin"  # one account, as to sign in

    async def scenario() -> None:
        player = await Player.connect(server, token=token)
        assert player.name == "martin"
        await player.close()
        httpx.post(f"{server.http}/api/logout", headers={"Authorization": f"Bearer {token}"})
        with pytest.raises(AssertionError, match="expired"):
            await Player.connect(server, token=token)

    asyncio.run(scenario())


def test_the_first_message_must_be_a_hello_of_this_version(server: Server) -> None:
    async def scenario() -> None:
        old = {"type": "hello", "v": PROTOCOL_VERSION - 1}
        for first in ({"type": "ping"}, old, "not json"):
            async with connect(server.ws) as ws:
                await ws.send(first if isinstance(first, str) else json.dumps(first))
                reply = json.loads(await ws.recv())
                assert reply["type"] == "error"
                with pytest.raises(ConnectionClosed):
                    await ws.recv()

    asyncio.run(scenario())


def test_invalid_and_oversized_messages_are_refused_with_a_reason(server: Server) -> None:
    async def scenario() -> None:
        player = await Player.connect(server)
        await player.send({"type": "chat", "table": "abc", "text": "x" * 301})
        error = await player.expect(lambda m: m["type"] == "error")
        assert error["message"].startswith("invalid message: chat.text")
        await player.ws.send(json.dumps({"type": "ping", "pad": "y" * MAX_MESSAGE_BYTES}))
        error = await player.expect(lambda m: m["type"] == "error")
        assert "longer than" in error["message"]
        await player.send({"type": "act", "table": "nosuch", "action": "play:KH"})
        assert "no table" in (await player.expect(lambda m: m["type"] == "error"))["message"]
        await player.send({"type": "ping"})
        await player.expect(lambda m: m["type"] == "pong")
        await player.close()

    asyncio.run(scenario())


def test_a_flooding_client_is_slowed_then_disconnected(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, messages_per_second=5.0, message_burst=5.0, flood_limit=20)

    async def scenario() -> None:
        player = await Player.connect(server)
        for _ in range(40):
            await player.send({"type": "ping"})
        assert player.reader is not None
        with pytest.raises(ConnectionClosed) as closed:  # the server closed the socket
            await asyncio.wait_for(player.reader, 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008  # policy violation
        slow = [m for m in player.log if m.get("message") == "too many messages: slow down"]
        assert 1 <= len(slow) <= 21 and len([m for m in player.log if m["type"] == "pong"]) <= 10

    asyncio.run(scenario())
    stop()


def test_a_client_bursting_now_and_then_is_slowed_but_never_disconnected(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, messages_per_second=5.0, message_burst=5.0, flood_limit=20)

    async def scenario() -> None:
        player = await Player.connect(server)

        def said(kind: str) -> int:
            return len([m for m in player.log if m["type"] == kind])

        for _ in range(3):  # some 45 refusals in all, 15 a burst: each burst a flood of its own
            for _ in range(20):
                await player.send({"type": "ping"})
            await asyncio.sleep(1.5)  # the burst comes back (5 messages at 5 a second)
        refusals, pongs = said("error"), said("pong")
        await player.send({"type": "ping"})
        await player.expect(lambda m: m["type"] == "pong" and said("pong") > pongs, timeout=5)
        assert refusals >= 3 * 14, refusals
        await player.close()

    asyncio.run(scenario())
    stop()


def test_the_lobby_lists_public_tables_live(server: Server) -> None:
    async def scenario() -> None:
        watcher = await Player.connect(server)
        await watcher.send({"type": "lobby"})
        assert (await watcher.expect(lambda m: m["type"] == "lobby"))["tables"] == []
        host = await Player.connect(server)
        public = await create_table(host, game="africain", players=3)
        await create_table(host, private=True)
        update = await watcher.expect(lambda m: m["type"] == "lobby_update")
        assert update["table"]["id"] == public
        assert update["table"]["options"]["game"] == "africain"
        assert "invite_code" not in update["table"]
        await watcher.send({"type": "lobby"})
        listed = (await watcher.expect(lambda m: m["type"] == "lobby"))["tables"]
        assert [t["id"] for t in listed] == [public]
        assert listed[0]["seats"][0]["name"] == host.name
        await host.send({"type": "start", "table": public})  # robots take the empty seats
        started = await watcher.expect(lambda m: m["type"] == "lobby_update")
        assert started["table"]["id"] == public and started["table"]["playing"]
        await host.close()
        await watcher.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"type": "act", "table": "t", "action": "play:KH", "extra": 1}',
        '{"type": "options", "table": "t", "options": {"bet": -1}}',
        '{"type": "create", "options": {"game": "french", "players": 2}}',
        '{"type": "create", "options": {"bet": 10}}',
        '{"type": "sit", "table": "../etc"}',
    ],
)
def test_parse_message_refuses(text: str) -> None:
    with pytest.raises(ProtocolError):
        parse_message(text)


def test_a_database_url_replaces_the_sqlite_file_of_the_data_dir(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'elsewhere.db'}"
    server, stop = run_server(tmp_path / "data", database_url=url)
    server.register("urluser")
    stop()
    assert (tmp_path / "elsewhere.db").exists()
    assert not (tmp_path / "data" / "atout.sqlite3").exists()


def test_one_player_leads_a_bounded_number_of_tables(server: Server) -> None:
    async def scenario() -> None:
        host = await Player.connect(server)
        for _ in range(5):
            await create_table(host, players=3)
        await host.send({"type": "create", "options": {}})
        refused = await host.expect(lambda m: m["type"] in ("error", "table"))
        assert refused["type"] == "error" and "enough" in refused["message"]
        await host.close()

    asyncio.run(scenario())


def test_the_served_app_has_no_debug_or_test_endpoints(server: Server) -> None:
    own = {r.path for r in server.app.routes if isinstance(r, APIRoute | APIWebSocketRoute)}
    assert own == {"/api/games/{game_id}", "/api/games"}  # the games a table may play
    assert server.app.socket is not None  # the game's websocket, at /ws, beside the routes
    # The accounts', profiles' and web client's routers are included: their
    # endpoints answer bad input, not 404.
    for path in ("register", "login", "password", "score"):
        assert httpx.post(f"{server.http}/api/{path}", content=b"{}").status_code == 422
    for path in ("leaderboard", "records", "avatars"):
        assert httpx.get(f"{server.http}/api/{path}").status_code == 200
    assert httpx.post(f"{server.http}/api/logout").status_code == 200
    assert httpx.post(f"{server.http}/api/replay", content=b"[]").status_code != 404
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert httpx.get(f"{server.http}{path}").status_code == 404
