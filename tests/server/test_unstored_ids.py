"""An id beyond what the database's integer holds (PostgreSQL's: 2**31 - 1) is no
row's: answered as any id not found (404, or the sheet's field refused), never
the 422 ``unstorable_input`` of a lookup PostgreSQL refuses."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from atout.server.store import LARGEST_ID
from tests.server.conftest import Server, run_server
from tests.server.test_sheets import EXAMPLE

BEYOND = [LARGEST_ID + 1, 2**40, 2**63 - 1]
"""Ids no row has (a path number is at most 2**63 - 1: beyond, a 422)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def server_on(
    request: pytest.FixtureRequest, tmp_path: Path, new_database: Callable[[], str]
) -> Iterator[Server]:
    url = new_database() if request.param == "postgresql" else None
    server, stop = run_server(tmp_path, database_url=url)
    yield server
    stop()


def _answer(reply: httpx.Response) -> tuple[int, str]:
    return reply.status_code, reply.json()["code"]


def test_ids_no_row_can_have_are_not_found(server_on: Server) -> None:
    server = server_on
    token = server.register("prober")
    headers = {"Authorization": f"Bearer {token}"}
    deal = json.dumps(EXAMPLE["deals"][0])

    def sheet(method: str, path: str, body: str | None = None) -> tuple[int, str]:
        url = f"{server.http}/api/sheets/{path}"
        return _answer(httpx.request(method, url, content=body, headers=headers))

    for big in [LARGEST_ID, *BEYOND]:
        assert _answer(httpx.get(f"{server.http}/api/avatar/{big}")) == (404, "no_such_player")
        assert _answer(httpx.get(f"{server.http}/api/games/{big}")) == (404, "no_finished_game")
        asked = [
            sheet("GET", f"{big}"),
            sheet("PUT", f"{big}", json.dumps(EXAMPLE)),
            sheet("DELETE", f"{big}"),
            sheet("POST", f"{big}/deals", deal),
            sheet("PUT", f"{big}/deals/0", deal),
            sheet("DELETE", f"{big}/deals/0"),
            sheet("GET", f"{big}/csv"),
            sheet("POST", f"{big}/share"),
            sheet("DELETE", f"{big}/share"),
        ]
        assert asked == [(404, "no_sheet")] * len(asked), big
        players: list[dict[str, Any]] = [dict(p) for p in EXAMPLE["players"]]
        players[1]["user"] = big
        written = httpx.post(
            f"{server.http}/api/sheets",
            content=json.dumps({**EXAMPLE, "players": players}),
            headers=headers,
        )
        assert _answer(written) == (422, "sheet_invalid")
        assert written.json()["params"]["field"] == "players.1.user"
    assert httpx.get(f"{server.http}/api/avatar/{2**63}").status_code == 422  # not a path number
