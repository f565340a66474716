"""What one HTTP request may cost the server: a body over its limit is refused
before it is read, a replay runs in a worker process while the loop goes on
serving everyone else, a full replay queue answers 503 at once, the
leaderboard and profiles are computed by the database, and storage trouble
answers 503 instead of a server error."""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import signal
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from atout.game import OMNISCIENT
from atout.records import Record
from atout.server import accounts, limits, offload
from atout.server.limits import BODY_LIMIT, REPLAY_BODY_LIMIT
from atout.server.store import GamePlayer, GameRow, Store, TableRow, User
from atout.web.replays import MAX_REPLAY_ACTIONS
from tests.server.conftest import Player, Server, free_port, run_server
from tests.server.test_recovery import _ended, start_serve
from tests.test_records import random_record


@pytest.fixture(scope="module")
def long_record() -> Record:
    """A long real game: 200 French deals, about 15,700 actions and 210 KiB."""
    record = random_record("french", 4, 7, deals=200)
    assert 10_000 < len(record.actions) <= MAX_REPLAY_ACTIONS
    return record


@pytest.fixture(scope="module")
def short_record() -> Record:
    return random_record("africain", 3, 5)


def raw_request(server: Server, head: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``head`` and ``body`` on a fresh connection, then read until the
    server closes it: (status, headers, body)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(head.encode() + b"\r\n" + body)
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    top, _, content = reply.partition(b"\r\n\r\n")
    status_line, *header_lines = top.decode().split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in header_lines)
    return int(status_line.split()[1]), headers, content


@pytest.mark.parametrize(
    ("path", "limit"), [("/api/score", BODY_LIMIT), ("/api/replay", REPLAY_BODY_LIMIT)]
)
def test_a_declared_length_over_the_limit_is_refused_without_reading_the_body(
    server: Server, path: str, limit: int
) -> None:
    # 200 MiB announced, two bytes sent: a server waiting for the body would never
    # answer, and never close the connection (raw_request reads until it does).
    head = (
        f"POST {path} HTTP/1.1\r\nHost: atout\r\nContent-Type: application/json\r\n"
        f"Content-Length: {200 << 20}\r\n"
    )
    status, headers, content = raw_request(server, head, b"{}")
    assert status == 413
    assert headers["connection"] == "close"
    said = f"request body too large: at most {limit >> 20} MiB ({limit} bytes) here"
    assert json.loads(content)["detail"] == said
    # One byte over is refused too; the limit itself is read.
    over = f"POST {path} HTTP/1.1\r\nHost: atout\r\nContent-Length: {limit + 1}\r\n"
    assert raw_request(server, over, b"")[0] == 413
    reply = httpx.post(f"{server.http}{path}", content=b" " * limit, timeout=30)
    assert reply.status_code == 422  # read, and found not to be a deal or a record


def test_a_chunked_body_is_refused_once_it_passes_the_limit(server: Server) -> None:
    sent = 0

    def endless() -> Iterator[bytes]:
        nonlocal sent
        while True:
            assert sent < 64 * BODY_LIMIT, "the server went on reading the body"
            sent += 65536
            yield b" " * 65536

    # No length is announced, and the body would never end: only a server that
    # stops reading once the limit is passed can answer.
    reply = httpx.post(f"{server.http}/api/score", content=endless(), timeout=30)
    assert reply.status_code == 413
    said = f"request body too large: at most {BODY_LIMIT >> 20} MiB ({BODY_LIMIT} bytes) here"
    assert reply.json()["detail"] == said
    assert sent > BODY_LIMIT
    # The server goes on serving.
    assert httpx.get(f"{server.http}/api/leaderboard").json() == []


def test_a_body_that_stops_coming_is_refused(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client announcing 100 bytes and sending one held its request open for
    good (a fuzzer waited 195 s): a pause longer than the limit is refused."""
    monkeypatch.setattr(limits, "BODY_SECONDS", 1.0)
    head = "POST /api/score HTTP/1.1\r\nHost: atout\r\nContent-Length: 100\r\n"
    started = time.monotonic()
    status, headers, content = raw_request(server, head, b"{")
    assert status == 408 and headers["connection"] == "close"
    assert json.loads(content)["code"] == "body_timeout"
    assert time.monotonic() - started < 10
    # A body coming in parts, each within the limit, is read whole.
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(f"{head}\r\n".replace("100", "4").encode())
        for part in (b"[", b"1", b"2", b"]"):
            time.sleep(0.5)
            sock.sendall(part)
        assert b" 422 " in sock.recv(65536)  # read, and found not to be a deal


def test_a_body_that_takes_too_long_in_all_is_refused(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each part within the pause allowed, but the whole far too slow: a byte every
    20 s held an avatar's 16 MiB for as long as the client liked."""
    monkeypatch.setattr(limits, "BODY_SECONDS", 1.0)
    monkeypatch.setattr(limits, "BODY_TOTAL_SECONDS", 2.0)
    head = "POST /api/score HTTP/1.1\r\nHost: atout\r\nContent-Length: 100\r\n\r\n"
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(head.encode())
        reply = b""
        for _ in range(20):
            time.sleep(0.5)
            try:
                sock.sendall(b" ")
            except OSError:  # answered and closed
                break
            sock.settimeout(0.01)
            try:
                reply += sock.recv(65536)
            except TimeoutError:
                continue
            if reply:
                break
        sock.settimeout(5)
        while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 408 ")
    assert json.loads(reply.partition(b"\r\n\r\n")[2])["code"] == "body_too_slow"
    assert time.monotonic() - started < 8


@pytest.mark.parametrize(
    ("path", "head"),
    [
        ("/api/score", "Content-Length: 100\r\n"),
        ("/api/replay", "Transfer-Encoding: chunked\r\n"),
        ("/api/sheet/csv", "Content-Length: 100\r\n"),
    ],
)
def test_a_client_leaving_while_its_body_comes_logs_no_error(
    server: Server, path: str, head: str
) -> None:
    """Starlette raises ClientDisconnect in the route that reads the body: it was
    logged as a server error with its traceback, at every such request."""
    errors: list[logging.LogRecord] = []

    class Kept(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            errors.append(record)

    handler = Kept(logging.ERROR)
    logging.getLogger("uvicorn.error").addHandler(handler)
    try:
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
                sock.sendall(f"POST {path} HTTP/1.1\r\nHost: atout\r\n{head}\r\n".encode())
                sock.sendall(b"zz\r\nabc" if "chunked" in head else b'{"a"')
        time.sleep(0.5)  # the server finds each connection closed
        assert httpx.get(f"{server.http}/api/leaderboard").status_code == 200
    finally:
        logging.getLogger("uvicorn.error").removeHandler(handler)
    assert [record.getMessage() for record in errors] == []


def test_websockets_and_the_web_client_pass_untouched(tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<p>atout</p>")
    running, stop = run_server(tmp_path / "data", static_dir=static)
    try:
        assert httpx.get(f"{running.http}/").text == "<p>atout</p>"

        async def hello() -> None:
            player = await Player.connect(running, name="walt")
            assert player.name
            await player.close()

        asyncio.run(hello())
    finally:
        stop()


def test_a_record_within_the_replay_limit_is_replayed_step_by_step(
    server: Server, short_record: Record
) -> None:
    # Padded past the general limit but within the replay's own.
    padding = "x" * (BODY_LIMIT + 1000)
    body = json.dumps({**short_record.to_dict(), "meta": {"note": padding}}).encode()
    assert BODY_LIMIT < len(body) <= REPLAY_BODY_LIMIT
    assert httpx.post(f"{server.http}/api/score", content=body).status_code == 413
    reply = httpx.post(f"{server.http}/api/replay", content=body, timeout=60)
    assert reply.status_code == 200, reply.text
    steps = reply.json()["steps"]
    assert [step["action"] for step in steps] == [None, *short_record.actions]
    final = json.loads(json.dumps(short_record.replay().view(OMNISCIENT)))
    assert steps[-1]["view"] == final
    assert steps[0]["view"] == json.loads(json.dumps(short_record.new_state().view(OMNISCIENT)))


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("[]", "a record is a JSON object"),
        ('{"game": "chess", "players": 2, "variant": "x"}', "unknown game 'chess'"),
        (
            Record("french", 4, "fft", {}, ("deal:seed=1", "play:KH")).to_json(),
            "action 2 'play:KH'",
        ),
        (
            Record("french", 4, "fft", {}, ("x",) * (MAX_REPLAY_ACTIONS + 1)).to_json(),
            f"more than {MAX_REPLAY_ACTIONS} actions",
        ),
    ],
)
def test_a_bad_record_is_refused_with_the_reason(server: Server, record: str, message: str) -> None:
    reply = httpx.post(f"{server.http}/api/replay", content=record, timeout=60)
    assert reply.status_code == 422
    assert message in reply.json()["detail"]


@pytest.mark.parametrize(
    ("record", "rule", "params"),
    [
        (Record("french", 9, "fft"), "rec_players_range", {"game": "french", "min": 3, "max": 5}),
        (Record("french", 4, "zzz"), "rec_variant", {"variant": "zzz"}),
        (Record("chess", 4, "fft", {}, ("deal:seed=1",)), "rec_unknown_game", {"game": "chess"}),
    ],
)
def test_a_logs_game_players_and_variant_are_refused_coded(
    server: Server, record: Record, rule: str, params: dict[str, Any]
) -> None:
    """Coded as a readable record's header is, for the page to word in French:
    not the engine's English in ``reason`` alone."""
    reply = httpx.post(f"{server.http}/api/replay", content=record.to_json(), timeout=60)
    assert reply.status_code == 422
    answer = reply.json()
    assert answer["code"] == "bad_record" and answer["params"]["rule"] == [rule]
    assert params.items() <= answer["params"].items()


async def until(condition: Any, what: str) -> None:
    """Wait until ``condition()`` holds (a deadline only against hanging for ever)."""
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.005)


def test_the_server_goes_on_while_a_long_replay_runs(server: Server, long_record: Record) -> None:
    async def scenario() -> None:
        await offload.workers.start()  # as the app's lifespan does: the job is then submitted
        await until(lambda: offload.workers.jobs == 0, "no replay is left from another test")
        async with httpx.AsyncClient(base_url=server.http, timeout=120) as client:
            request = client.build_request("POST", "/api/replay", content=long_record.to_json())
            # The reply's head comes once the replay is computed (its body is sent whole).
            answered = asyncio.create_task(client.send(request, stream=True))
            await until(lambda: offload.workers.jobs == 1, "the replay is under way")
            # A websocket hello and an HTTP request are answered before it.
            player = await Player.connect(server, name="olga")
            assert (await client.get("/api/leaderboard")).json() == []
            assert not answered.done()
            await player.close()
            reply = await answered
            steps = json.loads(await reply.aread())["steps"]
        assert reply.status_code == 200
        assert len(steps) == len(long_record.actions) + 1
        assert steps[-1]["view"] == json.loads(json.dumps(long_record.replay().view(OMNISCIENT)))

    asyncio.run(scenario())


def client_at(server: Server, host: int) -> httpx.AsyncClient:
    """A client whose requests come from loopback address ``127.0.0.<host>``: the
    server counts public jobs per address."""
    transport = httpx.AsyncHTTPTransport(local_address=f"127.0.0.{host}")
    return httpx.AsyncClient(base_url=server.http, timeout=120, transport=transport)


def test_a_full_replay_queue_answers_503_at_once(
    server: Server, long_record: Record, short_record: Record
) -> None:
    workers = offload.workers
    capacity = workers.processes + workers.waiting
    token = server.register("painter")
    png = (Path(__file__).with_name("images") / "chromium-30x20.png").read_bytes()

    async def scenario() -> None:
        await until(lambda: workers.jobs == 0, "no replay is left from another test")
        # one reader per address: an address has one job at a time
        readers = [client_at(server, host) for host in range(2, capacity + 3)]
        long = asyncio.create_task(readers[0].post("/api/replay", content=long_record.to_json()))
        await until(lambda: workers.jobs == 1, "the long replay is under way")
        waiting = [
            asyncio.create_task(reader.post("/api/replay", content=short_record.to_json()))
            for reader in readers[1:capacity]
        ]
        await until(lambda: workers.jobs == capacity, "the queue is full")
        refused = await readers[capacity].post("/api/replay", content=short_record.to_json())
        assert not long.done()
        assert refused.status_code == 503
        assert refused.json()["code"] == "server_busy"
        assert refused.headers["retry-after"] == "1"
        # Anyone may replay: a player's own job (an avatar) waits its turn, never
        # refused however many replays anyone sends.
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "image/png"}
        avatar = await readers[0].put("/api/avatar", content=png, headers=headers)
        assert avatar.status_code == 200, avatar.text
        replies = await asyncio.gather(long, *waiting)
        for reader in readers:
            await reader.aclose()
        assert [reply.status_code for reply in replies] == [200] * capacity
        assert len(replies[-1].json()["steps"]) == len(short_record.actions) + 1

    asyncio.run(scenario())


def test_an_address_has_one_public_job_at_a_time(
    server: Server, long_record: Record, short_record: Record
) -> None:
    """A client replaying in a loop, or many at once, held every public place,
    and every other reader was told the server was busy."""
    workers = offload.workers

    async def scenario() -> None:
        await until(lambda: workers.jobs == 0, "no replay is left from another test")
        async with client_at(server, 2) as greedy, client_at(server, 3) as other:
            long = asyncio.create_task(greedy.post("/api/replay", content=long_record.to_json()))
            await until(lambda: workers.jobs == 1, "the long replay is under way")
            refused = await greedy.post("/api/replay", content=short_record.to_json())
            assert refused.status_code == 429, refused.text
            assert refused.json()["code"] == "jobs_at_once"
            assert refused.headers["retry-after"] == "1"
            # another address is served meanwhile, after the long job
            served = await other.post("/api/replay", content=short_record.to_json())
            assert served.status_code == 200
            assert (await long).status_code == 200
            # once its job is done, the address may ask again
            again = await greedy.post("/api/replay", content=short_record.to_json())
            assert again.status_code == 200

    asyncio.run(scenario())


def test_a_worker_killed_mid_replay_costs_that_replay_only(
    server: Server, long_record: Record, short_record: Record
) -> None:
    async def scenario() -> None:
        # Fresh workers: children of this test's process, where the server runs.
        await offload.workers.stop()
        before = {child.pid for child in multiprocessing.active_children()}
        await offload.workers.start()
        started = [c for c in multiprocessing.active_children() if c.pid not in before]
        assert started
        async with httpx.AsyncClient(base_url=server.http, timeout=120) as client:
            long = asyncio.create_task(client.post("/api/replay", content=long_record.to_json()))
            await until(lambda: offload.workers.jobs == 1, "the replay is under way")
            for child in started:
                os.kill(child.pid or 0, signal.SIGKILL)
            failed = await long
            assert failed.status_code == 503
            assert "try again" in failed.json()["detail"]
            again = await client.post("/api/replay", content=short_record.to_json())
            assert again.status_code == 200

    asyncio.run(scenario())


def test_replay_workers_end_when_the_server_is_killed(tmp_path: Path, short_record: Record) -> None:
    port = free_port()
    process = start_serve(tmp_path, port)
    try:
        before = set(children(process.pid))
        reply = httpx.post(f"http://127.0.0.1:{port}/api/replay", content=short_record.to_json())
        assert reply.status_code == 200
        workers = [pid for pid in children(process.pid) if pid not in before and is_worker(pid)]
        assert workers
        process.kill()
        process.wait(10)
        deadline = time.monotonic() + 10  # the workers see their parent end a moment later
        while not all(_ended(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert all(_ended(pid) for pid in workers)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)


def children(pid: int) -> list[str]:
    tasks = Path(f"/proc/{pid}/task").iterdir()
    return [child for task in tasks for child in (task / "children").read_text().split()]


def is_worker(pid: str) -> bool:
    return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()


# ----- leaderboard and profile ------------------------------------------------------


def add_games(store: Store, results: dict[str, list[dict[str, int]]]) -> None:
    """One stored game per row of ``results[name]``: the player's GamePlayer row."""
    with store.session() as db, db.begin():
        db.add(TableRow(id="t1", options={}, seats=[], master="x", invite_code="c"))
        db.flush()
        for name, rows in results.items():
            user = db.query(User).filter_by(name=name).one()
            for row in rows:
                game = GameRow(
                    table_id="t1",
                    game="french",
                    players=4,
                    engine_options={},
                    table_options={},
                    seats=[],
                    status="over",
                )
                db.add(game)
                db.flush()
                db.add(GamePlayer(game_id=game.id, user_id=user.id, seat=0, xp=0, **row))


def test_the_leaderboard_ranks_by_cautious_rating_then_xp(server: Server) -> None:
    # (mu, sigma, xp, games): ratings mu - 3 sigma computed by hand.
    players = {
        "ann": (30.0, 2.0, 10, 2),  # 24
        "ben": (27.0, 1.0, 50, 1),  # 24, more xp: before ann
        "cyd": (40.0, 8.0, 90, 1),  # 16
        "dan": (25.0, 0.5, 0, 3),  # 23.5
        "fay": (20.0, 7.0, 99, 1),  # -1
        "gil": (50.0, 1.0, 99, 0),  # no game: not on the board
    }
    # 100 more players, all rated 0, to fill the board past its 100 places.
    others = {f"p{index:03}": (3.0, 1.0, index, 1) for index in range(100)}
    store = Store.in_dir(server.data_dir)
    try:
        for name, (mu, sigma, xp, _) in {**players, **others}.items():
            user, _ = accounts.create(store, name, "no password")
            with store.session.begin() as db:
                db.execute(update(User).where(User.id == user).values(mu=mu, sigma=sigma, xp=xp))
        add_games(
            store,
            {
                name: [{"rank": 1}] * games
                for name, (_, _, _, games) in {**players, **others}.items()
            },
        )
    finally:
        store.close()
    board = server.get("/api/leaderboard")
    assert len(board) == 100
    assert [{k: e[k] for k in ("name", "xp", "rating", "games")} for e in board[:4]] == [
        {"name": "ben", "xp": 50, "rating": 24.0, "games": 1},
        {"name": "ann", "xp": 10, "rating": 24.0, "games": 2},
        {"name": "dan", "xp": 0, "rating": 23.5, "games": 3},
        {"name": "cyd", "xp": 90, "rating": 16.0, "games": 1},
    ]
    # Then the players rated 0, most xp first; fay (-1) and the 4 least are left out.
    assert [entry["name"] for entry in board[4:]] == [f"p{i:03}" for i in range(99, 3, -1)]


def test_a_profile_sums_the_player_s_games(server: Server) -> None:
    server.register("hugo")
    server.register("ines")
    store = Store.in_dir(server.data_dir)
    try:
        add_games(
            store,
            {
                "hugo": [
                    {
                        "rank": 1,
                        "deals": 5,
                        "deal_score_total": 120,
                        "contracts_taken": 2,
                        "contracts_made": 1,
                    },
                    {
                        "rank": 2,
                        "deals": 4,
                        "deal_score_total": -60,
                        "contracts_taken": 1,
                        "contracts_made": 1,
                    },
                    {
                        "rank": 1,
                        "deals": 3,
                        "deal_score_total": 30,
                        "contracts_taken": 0,
                        "contracts_made": 0,
                    },
                ],
                "ines": [{"rank": 3, "deals": 2, "deal_score_total": -10}],
            },
        )
    finally:
        store.close()
    hugo = server.get("/api/profile/hugo")
    assert (hugo["games"], hugo["wins"], hugo["contracts_taken"]) == (3, 2, 3)
    assert hugo["success_rate"] == pytest.approx(2 / 3)
    assert hugo["average_deal_score"] == pytest.approx(90 / 12)
    ines = server.get("/api/profile/ines")
    assert (ines["games"], ines["wins"], ines["contracts_taken"]) == (1, 0, 0)
    assert ines["success_rate"] is None
    assert ines["average_deal_score"] == pytest.approx(-5)
    server.register("jade")
    jade = server.get("/api/profile/jade")
    assert (jade["games"], jade["wins"], jade["contracts_taken"]) == (0, 0, 0)
    assert jade["success_rate"] is None and jade["average_deal_score"] is None


# ----- storage trouble --------------------------------------------------------------


def test_storage_trouble_answers_503_not_a_server_error(server: Server) -> None:
    # A table gone from under the server raises the same OperationalError as a
    # locked database or a full disk.
    database = sqlite3.connect(server.data_dir / "atout.sqlite3")
    try:
        database.execute("ALTER TABLE users RENAME TO users_away")
        database.commit()
        credentials = {"name": "kurt", "password": "password123"}
        reply = httpx.post(f"{server.http}/api/register", json=credentials)
        assert reply.status_code == 503
        assert reply.json()["detail"].startswith("storage unavailable")
        assert httpx.get(f"{server.http}/api/profile/kurt").status_code == 503
        database.execute("ALTER TABLE users_away RENAME TO users")
        database.commit()
        assert httpx.post(f"{server.http}/api/register", json=credentials).status_code == 200
    finally:
        database.close()
