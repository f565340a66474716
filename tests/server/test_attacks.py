"""Each attack an independent run got through, played again against a real
``atout serve`` process with its real throttles, and shown to fail.

The server trusts loopback as a proxy here, so each test poses as its own
client address (X-Forwarded-For) and one test's throttling leaves the others
alone; the test of the proxy header itself runs a server that trusts nobody.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from atout.server.protocol import PROTOCOL_VERSION
from atout.server.store import Guest, Store
from tests.server.conftest import (
    Player,
    Server,
    create_table,
    events_of,
    free_port,
    invite_code,
    play_until_over,
    run_server,
    seat_at_new_table,
)


def serve(
    data_dir: Path, *options: str, errors: Path | None = None
) -> tuple[Server, subprocess.Popen[bytes]]:
    """``atout serve`` in its own process; its stderr appended to ``errors`` if given."""
    port = free_port()
    command = [sys.executable, "-c", "from atout.cli import main; main()", "serve"]
    command += ["--port", str(port), "--data-dir", str(data_dir), "--robot-delay", "0"]
    command += ["--trick-pause", "0", "--robot-cores", "1", *options]
    log = errors.open("ab") if errors else None
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log or subprocess.DEVNULL)
    if log:
        log.close()  # the process holds its own copy
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/leaderboard", timeout=1).raise_for_status()
            return Server(port, None, data_dir), process
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise AssertionError("atout serve did not start") from None
            time.sleep(0.1)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server, process = serve(
        tmp_path_factory.mktemp("attacks"), "--forwarded-allow-ips", "127.0.0.1"
    )
    yield server
    process.kill()
    process.wait(10)


def post(server: Server, path: str, body: Any, ip: str, token: str = "") -> httpx.Response:
    headers = {"X-Forwarded-For": ip}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.post(f"{server.http}{path}", json=body, headers=headers, timeout=30)


def register(server: Server, name: str, ip: str, password: str = "password123") -> str:
    reply = post(server, "/api/register", {"name": name, "password": password}, ip)
    assert reply.status_code == 200, reply.text
    token: str = reply.json()["token"]
    return token


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def hung_up(sock: socket.socket) -> bool:
    """Whether the server closed the connection (it may reset it, as data was
    left unread)."""
    try:
        return sock.recv(100) == b""
    except ConnectionResetError:
        return True


# ----- identity ---------------------------------------------------------------------


async def twins(server: Server, data_dir: Path) -> tuple[Player, Player]:
    """Two guests of one display name, connected: found by brute force in an attack
    before new guests' names were kept apart, made here in the store (as guests
    older than that may be)."""
    first = await Player.connect(server, name="twin")
    other = await Player.connect(server, name="twin")
    assert other.name != first.name and other.token is not None
    await other.close()
    store = Store.in_dir(data_dir)
    with store.session.begin() as db:
        db.execute(update(Guest).where(Guest.name == other.name).values(name=first.name))
    store.close()
    second = await Player.connect(server, token=other.token)
    assert second.name == first.name
    return first, second


def test_a_guest_with_the_masters_very_name_gets_none_of_its_rights(tmp_path: Path) -> None:
    """Identity does not depend on the name: two guests of one name are two people."""
    server, stop = run_server(tmp_path)

    async def scenario() -> None:
        master, impostor = await twins(server, tmp_path)
        table = await create_table(master, players=3, private=True)
        for message in (
            {"type": "sit", "table": table},
            {"type": "spectate", "table": table},
            {"type": "options", "table": table, "options": {"private": False}},
            {"type": "start", "table": table},
        ):
            await impostor.send(message)
            answer = await impostor.expect(lambda m: m["type"] in ("error", "table"))
            assert answer["type"] == "error", message
        await master.send({"type": "start", "table": table})
        await master.event("table.game_started")
        for p in (master, impostor):
            await p.close()

    asyncio.run(scenario())
    stop()


def test_clients_are_told_the_master_by_seat_and_themselves_by_id(tmp_path: Path) -> None:
    """Two guests' display names may be alike: the table's info names the master's
    seat (the web client shows Start, the options and the ★ by it), and follows
    the mastery when it passes; an account's welcome gives its id."""
    server, stop = run_server(tmp_path)
    ip = "10.9.0.9"
    token = httpx.post(
        f"{server.http}/api/register", json={"name": "ident", "password": "password123"}
    ).json()["token"]

    async def scenario() -> None:
        account = await Player.connect(server, token=token, ip=ip)
        profile = httpx.get(f"{server.http}/api/profile/ident").json()
        assert account.user == profile["id"] != None  # noqa: E711
        master, twin = await twins(server, tmp_path)
        assert master.user is None
        table = await create_table(master, players=3)
        await twin.send({"type": "sit", "table": table, "seat": 2})
        seated = await twin.expect(lambda m: m["type"] == "table")
        assert seated["table"]["master"] == twin.name
        assert seated["table"]["master_seat"] == 0
        await master.send({"type": "leave", "table": table})
        passed = await twin.expect(
            lambda m: m["type"] == "table_info" and m["table"]["master_seat"] is not None
        )
        assert passed["table"]["master_seat"] == 2
        for p in (account, master, twin):
            await p.close()

    asyncio.run(scenario())
    stop()


def test_logout_closes_the_sessions_sockets_and_its_token(proxied: Server) -> None:
    ip = "10.9.0.1"
    token = register(proxied, "leaver", ip)

    async def scenario() -> None:
        player = await Player.connect(proxied, token=token, ip=ip)
        assert post(proxied, "/api/logout", None, ip, token).status_code == 200
        closed = await player.expect(lambda m: m["type"] == "error")
        assert "signed out" in closed["message"]
        assert player.reader is not None
        await asyncio.wait_for(player.reader, 10)  # the server closed the socket
        with pytest.raises(AssertionError, match="expired session token"):
            await Player.connect(proxied, token=token, ip=ip)

    asyncio.run(scenario())


def test_a_password_change_ends_every_session(proxied: Server) -> None:
    ip = "10.9.0.2"
    first = register(proxied, "changer", ip)
    second = post(proxied, "/api/login", {"name": "changer", "password": "password123"}, ip)
    second_token = second.json()["token"]

    async def scenario() -> None:
        sockets = [await Player.connect(proxied, token=t, ip=ip) for t in (first, second_token)]
        body = {"password": "password123", "new_password": "another-secret"}
        changed = post(proxied, "/api/password", body, ip, first)
        assert changed.status_code == 200
        for player in sockets:
            assert player.reader is not None
            await asyncio.wait_for(player.reader, 10)
        for old in (first, second_token):
            with pytest.raises(AssertionError, match="expired session token"):
                await Player.connect(proxied, token=old, ip=ip)
        fresh = await Player.connect(proxied, token=changed.json()["token"], ip=ip)
        assert fresh.name == "changer"
        await fresh.close()

    asyncio.run(scenario())
    old_password = {"name": "changer", "password": "password123"}
    assert post(proxied, "/api/login", old_password, ip).status_code == 401


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("alice\n", "control"),
        ("al\u200dice", "control or invisible"),
        (" alice", "start or end with a space"),
        ("Alice", "taken"),
        ("ALİCE", None),  # another name: the dotted capital I folds to i + a dot
        ("Guest_alice", "kept for guests"),
        ("ab", "3 to 24"),
    ],
)
def test_names_cannot_pose_as_another(proxied: Server, name: str, why: str | None) -> None:
    ip = f"10.9.1.{abs(hash(name)) % 200}"
    if post(proxied, "/api/login", {"name": "alice", "password": "password123"}, ip).is_error:
        register(proxied, "alice", "10.9.1.250")
    reply = post(proxied, "/api/register", {"name": name, "password": "password123"}, ip)
    if why is None:
        assert reply.status_code == 200
    else:
        assert reply.status_code == 400 and why in reply.json()["detail"]


def test_the_proxy_header_counts_only_from_a_named_proxy(tmp_path: Path) -> None:
    """Two players on one machine claim other addresses: a server that trusts no
    proxy sees one address, and does not score their game."""
    server, process = serve(tmp_path)
    try:

        async def scenario() -> dict[str, Any]:
            tokens = [server.register(n) for n in ("xff1", "xff2", "xff3")]
            ips = ["10.1.1.1", "10.1.1.2", "10.1.1.3"]
            players = [
                await Player.connect(server, t, ip=i) for t, i in zip(tokens, ips, strict=True)
            ]
            table = await seat_at_new_table(players, players=3, competitive=True, bet=10)
            await players[0].send({"type": "start", "table": table})
            over = await play_until_over(players, table)
            for p in players:
                await p.close()
            return over

        over = asyncio.run(scenario())
        assert over["data"]["shared_ip"] is True
        assert server.get("/api/profile/xff1")["chips"] == 1000
    finally:
        process.kill()
        process.wait(10)


# ----- throttles --------------------------------------------------------------------


def test_a_login_flood_is_throttled_and_costs_bounded_memory(tmp_path: Path) -> None:
    server, process = serve(tmp_path)
    try:
        register(server, "victim", "127.0.0.1")
        before = rss_kib(process.pid)
        body = {"name": "victim", "password": "wrong-password"}

        async def flood() -> list[int]:
            # 50 connections at once: past 64, the address's sockets are cut.
            limits = httpx.Limits(max_connections=50)
            async with httpx.AsyncClient(timeout=60, limits=limits) as client:
                replies = await asyncio.gather(
                    *(client.post(f"{server.http}/api/login", json=body) for _ in range(200))
                )
            return [r.status_code for r in replies]

        codes = asyncio.run(flood())
        grown = (rss_kib(process.pid) - before) // 1024
        assert set(codes) <= {401, 429, 503}
        # The account's 5 free failures, then a try after each doubling wait.
        assert codes.count(401) <= 10 and codes.count(429) >= 150
        assert 500 not in codes
        # Two argon2 hashes at most at 64 MiB each; the flood raised RSS by 920 MiB.
        assert grown < 200, f"RSS grew by {grown} MiB"
        # The right password waits too. Sent at once after the flood it raced the
        # last wait's end; sent right after a counted failure, a wait has begun.
        login = f"{server.http}/api/login"
        while (wrong := httpx.post(login, json=body, timeout=30)).status_code == 429:
            time.sleep(int(wrong.headers["Retry-After"]))
        assert wrong.status_code == 401
        right = {"name": "victim", "password": "password123"}
        after = httpx.post(login, json=right, timeout=30)
        assert after.status_code == 429 and int(after.headers["Retry-After"]) >= 1
    finally:
        process.kill()
        process.wait(10)


def test_registrations_and_new_guests_are_throttled_per_address(proxied: Server) -> None:
    ip = "10.9.2.1"
    codes = [
        post(proxied, "/api/register", {"name": f"bulk{n}", "password": "password123"}, ip)
        for n in range(8)
    ]
    assert [c.status_code for c in codes].count(200) == 5
    assert codes[-1].status_code == 429

    async def guests() -> list[str]:
        outcomes = []
        for _ in range(25):
            try:
                player = await Player.connect(proxied, ip="10.9.2.2")
                outcomes.append("welcome")
                await player.close()
            except AssertionError as refused:
                outcomes.append(str(refused))
        return outcomes

    outcomes = asyncio.run(guests())
    assert outcomes[:20] == ["welcome"] * 20
    assert all("too many new guests" in o for o in outcomes[20:])


def test_invitation_codes_are_throttled_per_address_not_per_socket(proxied: Server) -> None:
    async def scenario() -> list[str]:
        host = await Player.connect(proxied, ip="10.9.3.1")
        table = await create_table(host, players=4, private=True)
        code = invite_code(host)
        answers = []
        for attempt in range(8):  # a new guest socket for every guess
            guesser = await Player.connect(proxied, ip="10.9.3.2")
            guess = code if attempt == 7 else f"wrong{attempt}"
            await guesser.send({"type": "sit", "table": table, "code": guess})
            answer = await guesser.expect(lambda m: m["type"] in ("error", "table"))
            answers.append(answer.get("message", "seated"))
            await guesser.close()
        await host.close()
        return answers

    answers = asyncio.run(scenario())
    assert all("private" in a for a in answers[:5])
    assert all("too many wrong invitation codes" in a for a in answers[5:])  # the right one too


def test_a_socket_flood_from_one_address_is_refused_before_the_upgrade(proxied: Server) -> None:
    """Refused coded, for a program to read why and when to come back."""

    async def flood() -> tuple[list[str], list[Any]]:
        outcomes, refusals = [], []
        for _ in range(40):
            try:
                ws = await connect(proxied.ws, additional_headers={"X-Forwarded-For": "10.9.4.1"})
                outcomes.append("open")
                await ws.close()
            except InvalidStatus as refused:
                outcomes.append(str(refused.response.status_code))
                refusals.append((refused.response.headers, json.loads(refused.response.body)))
        return outcomes, refusals

    outcomes, refusals = asyncio.run(flood())
    assert outcomes[:30] == ["open"] * 30 and set(outcomes[30:]) == {"429"}
    headers, answer = refusals[0]
    assert answer["code"] == "sockets_too_fast" and answer["params"] == {"seconds": 1}
    assert headers["Retry-After"] == "1"


def test_one_address_holds_a_bounded_number_of_sockets(tmp_path: Path) -> None:
    """The 41st socket held open from one address is refused, coded."""

    async def hold() -> tuple[int, Any]:
        held = []
        token = register(server, "holder", "127.0.0.1")
        hello = {"type": "hello", "v": PROTOCOL_VERSION, "token": token}
        try:
            for opened in range(40):
                if opened >= 30:  # within the rate: 30 at once, then one a second
                    await asyncio.sleep(1.05)
                ws = await connect(server.ws)
                await ws.send(json.dumps(hello))  # else closed past the hello's deadline
                held.append(ws)
            await asyncio.sleep(1.05)
            with pytest.raises(InvalidStatus) as refused:
                await connect(server.ws)
            return refused.value.response.status_code, json.loads(refused.value.response.body)
        finally:
            for ws in held:
                await ws.close()

    server, process = serve(tmp_path)
    try:
        status, answer = asyncio.run(hold())
    finally:
        process.kill()
        process.wait(10)
    assert status == 429
    assert answer["code"] == "too_many_sockets" and answer["params"] == {"limit": 40}


def test_slow_headers_are_cut_off_and_one_address_holds_few_connections(tmp_path: Path) -> None:
    server, process = serve(tmp_path)
    try:
        sockets = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(70)]
        for s in sockets:
            s.sendall(b"GET /api/leaderboard HTTP/1.1\r\nHost: x\r\n")  # never finished
            s.settimeout(30)
        # Past the 64 an address may hold, the server hangs up at once...
        assert hung_up(sockets[-1])
        # ...and the others, whose headers never end, are cut off by the deadline.
        assert hung_up(sockets[0])
        fresh = httpx.get(f"{server.http}/api/leaderboard", timeout=10)
        assert fresh.status_code == 200
        for s in sockets:
            s.close()
    finally:
        process.kill()
        process.wait(10)


# ----- bad input and what records show ----------------------------------------------


def test_bad_input_gets_a_4xx_never_a_500(proxied: Server) -> None:
    for path in ("/api/games/9223372036854775808", "/api/games/-1", "/api/games/x"):
        assert httpx.get(f"{proxied.http}{path}").status_code == 422

    async def scenario() -> list[dict[str, Any]]:
        player = await Player.connect(proxied, ip="10.9.5.1")
        answers = []
        for bad in (
            {"type": "create", "options": {"bet": "10"}},
            {"type": "create", "options": {"players": 4.0}},
            {"type": "resume", "table": "abc", "last_seq": "0"},
            {"type": "vote", "table": "abc", "agree": "yes"},
        ):
            await player.send(bad)
            answers.append(await player.expect(lambda m: m["type"] in ("error", "table")))
        await player.close()
        return answers

    for answer in asyncio.run(scenario()):
        assert answer["type"] == "error" and answer["message"].startswith("invalid message")


@pytest.mark.parametrize(
    "request_head",
    [
        b"G\x01T /api/leaderboard HTTP/1.1\r\nHost: x\r\n\r\n",  # a method that is none
        b"GET /api/leaderboard HTTP/1.1\r\nHost: x\x00y\r\n\r\n",  # a NUL in a header
        b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
        b"Content-Length: 40\r\n\r\n{}",  # two lengths: which one frames the body?
        b"GET /api/leaderboard HTTP/9.9\r\n\r\n",
    ],
)
def test_what_is_not_http_is_refused_coded(proxied: Server, request_head: bytes) -> None:
    """The parser's refusals, answered before the application runs, are coded as
    every refusal (uvicorn said them in plain English text)."""
    with socket.create_connection(("127.0.0.1", proxied.port), timeout=30) as sock:
        sock.sendall(request_head)
        reply = b""
        while chunk := sock.recv(65536):  # the server closes the connection
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert lines[0] == "HTTP/1.1 400 Bad Request"
    assert "content-type: application/json" in lines
    answer = json.loads(body)
    assert answer["code"] == "bad_http_request" and answer["params"] == {}
    assert answer["detail"] == "the request is not valid HTTP"


UPGRADE = (
    b"Host: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
)
"""The headers of an upgrade RFC 6455 allows (its own example key) but its version."""


def _answer(port: int, request_head: bytes) -> tuple[list[str], Any]:
    """The status and header lines, and the JSON body, of what the server says
    to ``request_head`` before it closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request_head)
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    return [line.lower() for line in head.decode().split("\r\n")], json.loads(body)


def test_a_websocket_upgrade_rfc_6455_refuses_is_refused_coded(tmp_path: Path) -> None:
    """A websocket asked with a key that is not one, a version the server does
    not speak or another method than GET, or at an address that names none, is
    refused coded before the upgrade, as every refusal, and the server logs no
    error for it (uvicorn said these in plain English or an empty 403, and
    logged an error at each refusal)."""
    errors = tmp_path / "stderr"
    server, process = serve(tmp_path / "data", errors=errors)
    try:
        key_missing = UPGRADE.replace(b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", b"")
        cases = [
            (b"GET /ws HTTP/1.1\r\n" + key_missing + b"Sec-WebSocket-Version: 13\r\n\r\n", 400),
            (
                b"GET /ws HTTP/1.1\r\n"
                + UPGRADE.replace(b"dGhlIHNhbXBsZSBub25jZQ==", b"c2hvcnQ=")
                + b"Sec-WebSocket-Version: 13\r\n\r\n",
                400,
            ),  # a key of 5 bytes
            (b"GET /ws HTTP/1.1\r\n" + UPGRADE + b"Sec-WebSocket-Version: 8\r\n\r\n", 426),
            (b"POST /ws HTTP/1.1\r\n" + UPGRADE + b"Sec-WebSocket-Version: 13\r\n\r\n", 405),
            (b"GET /wss HTTP/1.1\r\n" + UPGRADE + b"Sec-WebSocket-Version: 13\r\n\r\n", 404),
        ]
        answers = [(_answer(server.port, head), status) for head, status in cases]
    finally:
        process.kill()
        process.wait(10)
    for (lines, answer), status in answers[:3]:
        assert lines[0].startswith(f"http/1.1 {status} ")
        assert "content-type: application/json" in lines
        assert answer["code"] == "bad_websocket_upgrade"
    assert answers[0][0][1]["params"] == {"header": "Sec-WebSocket-Key"}
    assert answers[1][0][1]["params"] == {"header": "Sec-WebSocket-Key"}
    assert answers[2][0][1]["params"] == {"header": "Sec-WebSocket-Version"}
    assert "sec-websocket-version: 13" in answers[2][0][0]  # the version it speaks
    (post_lines, post_answer), _ = answers[3]
    assert post_lines[0].startswith("http/1.1 405 ") and "allow: get" in post_lines
    assert post_answer["code"] == "method_not_allowed"
    (lost_lines, lost_answer), _ = answers[4]
    assert lost_lines[0].startswith("http/1.1 404 ") and lost_answer["code"] == "not_found"
    assert "ERROR" not in errors.read_text()


def test_an_abandoning_players_vote_no_longer_counts(proxied: Server) -> None:
    async def scenario() -> None:
        ann = await Player.connect(proxied, ip="10.9.6.1")
        bob = await Player.connect(proxied, ip="10.9.6.2")
        table = await seat_at_new_table([ann, bob], players=3, turn_seconds=60)
        await ann.send({"type": "start", "table": table})
        await ann.event("table.game_started")
        await ann.send({"type": "vote", "table": table, "agree": True})
        await bob.event("table.vote")
        await ann.send({"type": "leave", "table": table})
        info = await bob.expect(lambda m: m["type"] == "table_info" and m["table"]["votes"] == [])
        assert info["table"]["playing"]
        await ann.send({"type": "vote", "table": table, "agree": True})
        refused = await ann.expect(lambda m: m["type"] == "error")
        assert "not at this table" in refused["message"] or "left" in refused["message"]
        for p in (ann, bob):
            await p.close()

    asyncio.run(scenario())


def test_the_record_of_a_cancelled_game_hides_its_unfinished_deal(proxied: Server) -> None:
    async def scenario() -> int:
        ann = await Player.connect(proxied, ip="10.9.7.1")
        table = await create_table(ann, players=3, turn_seconds=60)
        await ann.send({"type": "start", "table": table})
        game = (await ann.event("table.game_started"))["data"]["game"]
        await ann.turn()  # dealt: her hand is known to her alone
        await ann.send({"type": "vote", "table": table, "agree": True})
        await ann.event("table.game_cancelled")
        assert not events_of(ann, "deal_end")
        await ann.close()
        return int(game)

    game = asyncio.run(scenario())
    record = httpx.get(f"{proxied.http}/api/games/{game}").json()
    assert record["meta"]["status"] == "cancelled"
    assert record["actions"] == []  # not the deal's seed, which gives every hand
