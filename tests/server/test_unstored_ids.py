"""An id beyond what the database's integer holds (PostgreSQL's: 2**31 - 1) is no
row's: answered as any id not found (404, or the sheet's field refused, or a
review's game kept as none), never the 422 ``unstorable_input`` of a lookup
PostgreSQL refuses."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from atout.server.store import LARGEST_ID, AnalysisRow, Store
from tests.analysis.planted import PETIT_DEAL, scripted
from tests.server.conftest import Server, run_server
from tests.server.test_sheets import EXAMPLE

BEYOND = [LARGEST_ID + 1, 2**40, 2**63 - 1]
"""Ids no row has (a path number is at most 2**63 - 1: beyond, a 422)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def server_on(
    request: pytest.FixtureRequest, tmp_path: Path, new_database: Callable[[], str]
) -> Iterator[Server]:
    url = new_database() if request.param == "postgresql" else None
    server, stop = run_server(tmp_path, database_url=url, analysis_deals=1)
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


def test_tournament_ids_no_row_can_have_are_not_found(server_on: Server) -> None:
    server = server_on
    headers = {"Authorization": f"Bearer {server.register('organiser')}"}

    def asked(method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, str]:
        url = f"{server.http}/api/tournaments/{path}"
        return _answer(httpx.request(method, url, json=body, headers=headers))

    for big in [LARGEST_ID, *BEYOND]:
        answers = [
            asked("GET", f"{big}"),
            asked("POST", f"{big}/results", {"table": 1, "board": 1, "deal": {}}),
            asked("POST", f"{big}/online", {"position": 1}),
            asked("POST", f"{big}/places", {"player": 1}),
            asked("POST", f"{big}/leave"),
            asked("GET", f"{big}/print/boards"),
            asked("GET", f"{big}/export"),
            asked("POST", f"{big}/sheets", {"position": 1, "table": 1, "bilans": [0, 0, 0]}),
            asked("GET", f"{big}/libre/plan"),
            asked("POST", f"{big}/adjustments", {"kind": "cancel", "reason": "late"}),
            asked("POST", f"{big}/adjustments/1/revoke"),
            asked("POST", f"{big}/seating", {"action": "free", "player": 1}),
            asked("POST", f"{big}/next-session"),
            asked("GET", f"{big}/sessions"),
        ]
        assert answers == [(404, "no_tournament")] * len(answers), big


def test_friend_ids_no_row_can_have_are_not_found(server_on: Server) -> None:
    server = server_on
    headers = {"Authorization": f"Bearer {server.register('lonely')}"}

    def asked(path: str, other: int) -> tuple[int, str]:
        url = f"{server.http}/api/friends/{path}"
        return _answer(httpx.post(url, json={"id": other}, headers=headers))

    for big in [LARGEST_ID, *BEYOND]:
        assert asked("accept", big) == (404, "no_friend_request"), big
        assert asked("remove", big) == (404, "not_friends"), big
        assert asked("unblock", big) == (404, "not_blocked"), big


def test_a_review_of_a_game_no_row_can_have_keeps_no_game(server_on: Server) -> None:
    """A review names the game it is of unchecked: one no row can have is kept as none."""
    server = server_on
    record, _ = scripted(PETIT_DEAL, {})
    keys: dict[str, int | None] = {}
    for seat, big in enumerate([LARGEST_ID, LARGEST_ID + 1, 2**63 - 1]):
        asked = {"record": record.to_dict(), "seat": seat, "game_id": big}
        address = {"X-Forwarded-For": f"10.6.0.{seat + 1}"}  # one review at a time an address
        reply = httpx.post(f"{server.http}/api/analysis", json=asked, headers=address)
        assert reply.status_code == 202, reply.text
        keys[reply.json()["key"]] = big if big <= LARGEST_ID else None
    store: Store = server.app.state.hub.store
    with store.session() as db:
        kept = {
            key: db.scalar(select(AnalysisRow.game_id).where(AnalysisRow.key == key))
            for key in keys
        }
    assert kept == keys
