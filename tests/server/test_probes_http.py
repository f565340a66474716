"""Probes of the HTTP side and the social features, written from docs/protocol.md
alone against a real ``atout serve`` process: the ``Allow`` header of a 405, a
body the daily chips do not take, a tournament's CSV export opened in a
spreadsheet, and a big tournament followed over and over by a socket that does
not read. Each failed before its fix; the server's stderr holds no traceback
after each (``no_traceback``, shared with ``test_probes``).
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.server import test_probes
from tests.server.conftest import Server
from tests.server.test_attacks import serve
from tests.server.test_probes import LEASE, call, refused, register

errors = test_probes.errors
no_traceback = test_probes.no_traceback
"""The stderr log of this module's server and its check after each test."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, errors: Path) -> Iterator[tuple[Server, int]]:
    """A server process of this module and its process id (to read its memory)."""
    server, process = serve(
        tmp_path_factory.mktemp("probes-http"),
        "--throttle-exempt",
        "127.0.0.1",
        *LEASE,
        errors=errors,
    )
    yield server, process.pid
    process.kill()
    process.wait(10)


@pytest.fixture
def probed(served: tuple[Server, int]) -> Server:
    return served[0]


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/api/sheets", "GET, POST"),
        ("/api/sheets/1", "GET, PUT, DELETE"),
        ("/api/sheets/1/share", "POST, DELETE"),
        ("/api/sheets/1/deals/0", "PUT, DELETE"),
        ("/api/tournaments", "GET, POST"),
        ("/api/avatar", "PUT"),
    ],
)
def test_a_405_names_every_method_the_address_takes(
    probed: Server, path: str, allowed: str
) -> None:
    """Starlette named the methods of the first route matching the path alone: a
    client told ``Allow: GET`` for a sheet never learnt it may PUT or DELETE it."""
    reply = httpx.request("PATCH", f"{probed.http}{path}", timeout=30)
    refused(reply, 405, "method_not_allowed")
    assert reply.headers["Allow"] == allowed


def test_the_daily_chips_take_no_amount(probed: Server) -> None:
    """The docs give the body as ``{}``: an amount asked for was silently ignored,
    where every other request of a wrong shape is a 422."""
    token = register(probed, "allowance1")
    for body in ({"amount": 1_000_000}, [1]):
        reply = call(probed, "POST", "/api/chips/allowance", token, body)
        refused(reply, 422, "invalid_request")
    # ``{}`` or no body at all: a new account holds more than the floor
    refused(call(probed, "POST", "/api/chips/allowance", token, {}), 409, "allowance_not_needed")
    bare = httpx.post(
        f"{probed.http}/api/chips/allowance", headers={"Authorization": f"Bearer {token}"}
    )
    refused(bare, 409, "allowance_not_needed")
    profile = call(probed, "GET", "/api/profile/allowance1").json()
    assert profile["chips"] == 1000


def test_a_tournament_export_never_holds_a_formula(probed: Server) -> None:
    """A score sheet's CSV wrote ``'=...`` for a name starting with ``=``, ``+``,
    ``-`` or ``@``; the tournament export, which anyone may download, wrote it as
    it was, and a spreadsheet opening it ran ``=HYPERLINK(...)``."""
    token = register(probed, "exporter1")
    names = ['=HYPERLINK("http://x.io/")', "+1+1", "@SUM(A1)", "-2+3"]
    body = {"name": "=1+1", "tables": 1, "names": names}
    created = call(probed, "POST", "/api/tournaments", token, body)
    assert created.status_code == 200, created.text
    number = created.json()["id"]
    reply = call(probed, "GET", f"/api/tournaments/{number}/export?what=ranking")
    assert reply.status_code == 200, reply.text
    rows = list(csv.DictReader(io.StringIO(reply.text)))
    assert sorted(row["name"] for row in rows) == sorted("'" + name for name in names)
    # the JSON export and the view keep the names as they were typed
    data = call(probed, "GET", f"/api/tournaments/{number}/export?what=ranking&format=json")
    assert sorted(row["name"] for row in data.json()) == sorted(names)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_following_a_big_tournament_again_and_again_holds_one_copy(
    served: tuple[Server, int],
) -> None:
    """Each ``tournament`` message encoded the view afresh: a socket that asked
    for a 60-table tournament hundreds of times and read nothing had as many
    copies of its megabyte queued (hundreds of MiB), and each encoding held the
    event loop. Now one text per version is shared by every socket."""
    server, pid = served
    token = register(server, "follower1")
    created = call(
        server,
        "POST",
        "/api/tournaments",
        token,
        {"name": "big", "tables": 60, "players": 5, "per_position": 10},
    )
    assert created.status_code == 200, created.text
    number = created.json()["id"]
    size = len(call(server, "GET", f"/api/tournaments/{number}").content)
    assert size > 500_000
    with connect(server.ws, max_size=None, compression=None) as ws:
        ws.send(json.dumps({"type": "hello", "v": 4, "token": token}))
        assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
        ws.send(json.dumps({"type": "tournament", "tournament": number}))
        text = ws.recv(timeout=60)
        first = json.loads(text)
        assert first["type"] == "tournament" and first["view"]["id"] == number
        before = rss_mib(pid)
        times = 300  # within the socket's rate (50 a second)
        for _ in range(times):
            ws.send(json.dumps({"type": "tournament", "tournament": number}))
            time.sleep(0.025)
        time.sleep(2)
        grown = rss_mib(pid) - before
        assert grown < times * size / 2**20 / 4, f"{grown:.0f} MiB for {times} follows"
        # every view still comes, whole
        for _ in range(times):
            assert ws.recv(timeout=60) == text


def test_a_tournament_reads_the_same_with_or_without_a_token(probed: Server) -> None:
    """The view, now spliced from its encoded text, is still one JSON object with
    what only the caller is told (``master``, ``me``) at its end."""
    token = register(probed, "organiser2")
    created = call(probed, "POST", "/api/tournaments", token, {"name": "club é"})
    number = created.json()["id"]
    took = call(probed, "POST", f"/api/tournaments/{number}/places", token, {"player": 2})
    assert took.status_code == 200, took.text
    mine = call(probed, "GET", f"/api/tournaments/{number}", token)
    anyone = call(probed, "GET", f"/api/tournaments/{number}")
    assert mine.headers["content-type"] == "application/json"
    assert (mine.json()["master"], mine.json()["me"]) == (True, 2)
    assert (anyone.json()["master"], anyone.json()["me"]) == (False, None)
    assert {k: v for k, v in mine.json().items() if k not in ("master", "me")} == {
        k: v for k, v in anyone.json().items() if k not in ("master", "me")
    }
    # a change answers a receipt of the version it made, not the view again
    assert took.json() == {"id": number, "version": mine.json()["version"], "master": True, "me": 2}
    assert mine.json()["name"] == "club é"
