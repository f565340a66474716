"""Probes written from docs/protocol.md alone, as an outside checker would, against a
real ``atout serve`` process: each bad request must get a documented 4xx or coded
refusal, change nothing, and leave no traceback in the server's stderr (checked
after every test).
"""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.conftest import Server
from tests.server.test_attacks import serve

LEASE = ("--lease-seconds", "1")


@pytest.fixture(scope="module")
def errors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("probes-log") / "stderr.log"


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory, errors: Path) -> Iterator[Server]:
    server, process = serve(
        tmp_path_factory.mktemp("probes"),
        "--throttle-exempt",
        "127.0.0.1",
        *LEASE,
        errors=errors,
    )
    yield server
    process.kill()
    process.wait(10)


@pytest.fixture(autouse=True)
def no_traceback(errors: Path) -> Iterator[None]:
    """Whatever a probe sends, the server logs no traceback."""
    start = errors.stat().st_size if errors.exists() else 0
    yield
    logged = errors.read_bytes()[start:].decode(errors="replace") if errors.exists() else ""
    assert "Traceback" not in logged, logged


def call(
    server: Server, method: str, path: str, token: str = "", body: Any = None
) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.request(method, f"{server.http}{path}", json=body, headers=headers, timeout=60)


def register(server: Server, name: str) -> str:
    reply = call(server, "POST", "/api/register", body={"name": name, "password": "password123"})
    assert reply.status_code == 200, reply.text
    token: str = reply.json()["token"]
    return token


def guest(server: Server, name: str) -> str:
    """A guest's token, as its first hello gives it."""
    with connect(server.ws) as ws:
        ws.send(json.dumps({"type": "hello", "v": 4, "name": name}))
        welcome = json.loads(ws.recv())
    token: str = welcome["guest_token"]
    return token


def refused(reply: httpx.Response, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    assert reply.json()["code"] == code, reply.text


def test_a_server_restarts_over_a_tournament_whose_tables_cannot_be_set_up(
    tmp_path: Path,
) -> None:
    """A tournament stored with tables its movement does not have (as a damaged
    store, or an earlier version, may hold) does not stop the server from starting."""
    errors = tmp_path / "stderr.log"
    server, process = serve(tmp_path, *LEASE, errors=errors)
    try:
        organiser = register(server, "organiser")
        made = call(
            server,
            "POST",
            "/api/tournaments",
            organiser,
            {"name": "t", "form": "teams"},
        ).json()
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)
    with sqlite3.connect(tmp_path / "atout.sqlite3") as db:
        db.execute(
            "UPDATE tournaments SET tables = ? WHERE id = ?",
            (json.dumps({"abcdefgh": [9, 0]}), made["id"]),
        )
    server, process = serve(tmp_path, *LEASE, errors=errors)  # starts, or raises
    try:
        shown = call(server, "GET", f"/api/tournaments/{made['id']}")
        assert shown.status_code == 200
        place = call(
            server, "POST", f"/api/tournaments/{made['id']}/places", organiser, {"player": 2}
        )
        assert place.status_code == 200, place.text
    finally:
        process.kill()
        process.wait(10)


def test_simultaneous_changes_to_a_sheet_are_all_kept(probed: Server) -> None:
    """Ten deals added at once: ten answers, ten deals kept (none written over)."""
    token = register(probed, "scorer")
    sheet = {
        "title": "t",
        "variant": "fft",
        "options": {},
        "players": [{"name": n} for n in ("A", "B", "C", "D")],
        "deals": [],
    }
    made = call(probed, "POST", "/api/sheets", token, sheet)
    assert made.status_code == 201, made.text
    path = f"/api/sheets/{made.json()['id']}"
    deal = {"taker": 0, "contract": "garde", "points": 50, "bouts": 2}

    async def together() -> list[int]:
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(base_url=probed.http, timeout=60) as client:
            replies = await asyncio.gather(
                *(client.post(f"{path}/deals", json=deal, headers=headers) for _ in range(10))
            )
        return [reply.status_code for reply in replies]

    assert asyncio.run(together()) == [200] * 10
    assert len(call(probed, "GET", path, token).json()["deals"]) == 10


def raw(server: Server, method: str, path: str, text: str, token: str = "") -> httpx.Response:
    """A request whose JSON body is sent as written (escapes kept as they are)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.request(method, f"{server.http}{path}", content=text, headers=headers, timeout=60)


LONE = "\\ud800"
"""A lone surrogate: valid JSON, but no UTF-8 text holds it."""


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/login", f'{{"name": "{LONE}abc", "password": "password123"}}'),
        ("POST", "/api/register", f'{{"name": "abcd", "password": "{LONE}password1"}}'),
        ("POST", "/api/password", f'{{"password": "password1", "new_password": "{LONE}abcdefgh"}}'),
        ("POST", "/api/friends/request", f'{{"name": "{LONE}"}}'),
        ("POST", "/api/tournaments", f'{{"name": "{LONE}", "tables": 1}}'),
        ("POST", "/api/tournaments", f'{{"name": "t", "tables": 1, "names": ["{LONE}", "b"]}}'),
        ("POST", "/api/tournaments", '{"name": "a\\u0000b", "tables": 1}'),
        ("POST", "/api/tournaments", '{"name": "t", "tables": 1, "names": ["\\u001b[2J"]}'),
        (
            "POST",
            "/api/sheets",
            '{"title": "\\u0000", "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}',
        ),
    ],
)
def test_unencodable_or_control_text_is_a_coded_422(
    probed: Server, method: str, path: str, body: str
) -> None:
    """Refused with a code naming the field, the input never echoed, nothing kept."""
    token = register(probed, f"unicode{abs(hash(body)) % 10**6}")
    before = call(probed, "GET", "/api/tournaments", token).json()
    reply = raw(probed, method, path, body, token)
    assert reply.status_code == 422, reply.text
    assert reply.json()["code"] in ("invalid_request", "sheet_invalid"), reply.text
    assert "\\ud800" not in reply.text
    assert call(probed, "GET", "/api/tournaments", token).json() == before


@pytest.mark.parametrize("body", ["not json", '{"name": "a", ', "{'name': 'a'}"])
def test_a_body_that_is_not_json_is_said_so(probed: Server, body: str) -> None:
    """The field is the body, not where in it the reader stopped ("body.1")."""
    reply = raw(probed, "POST", "/api/register", body)
    assert reply.status_code == 422 and reply.json()["code"] == "invalid_request"
    assert reply.json()["params"] == {"field": "body", "reason": "unreadable JSON"}


def test_a_lone_surrogate_in_a_body_is_refused_as_unreadable(probed: Server) -> None:
    """Valid JSON to Python's reader, not to the bodies' (nor text to store)."""
    token = register(probed, "avatarist")
    reply = httpx.put(
        f"{probed.http}/api/avatar",
        content=f'{{"drawn": "{LONE}"}}',
        headers={"Authorization": f"Bearer {token}", "Content-Type": "Application/JSON"},
    )
    assert reply.status_code == 422 and reply.json()["code"] == "invalid_request"
    assert reply.json()["params"]["field"] == "body"


def test_a_record_with_a_lone_surrogate_is_refused_not_kept(probed: Server) -> None:
    record = (
        '{"format": "atout-record/1", "game": "french", "players": 4, "variant": "fft",'
        f' "options": {{}}, "actions": ["{LONE}"]}}'
    )
    replayed = raw(probed, "POST", "/api/replay", record)
    assert replayed.status_code == 422, replayed.text
    asked = raw(probed, "POST", "/api/analysis", f'{{"record": {record}, "seat": 0}}')
    refused(asked, 422, "bad_record")


def test_a_chat_line_with_a_control_character_is_refused(probed: Server) -> None:
    with connect(probed.ws) as ws:
        ws.send(json.dumps({"type": "hello", "v": 4, "name": "chatter"}))
        json.loads(ws.recv())
        ws.send(json.dumps({"type": "chat", "table": "abc", "text": "a\u0000b"}))
        answer = json.loads(ws.recv())
    assert answer["code"] == "invalid_message" and answer["params"]["field"] == "chat.text"
