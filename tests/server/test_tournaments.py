"""Tournament endpoints on a real server: an organiser creates, prints and enters
results; anyone follows the ranking; others may not write; state survives restarts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import Server, run_server


def call(server: Server, token: str | None, path: str, body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = f"{server.http}/api/tournaments{path}"
    if body is None:
        return httpx.get(url, headers=headers, timeout=30)
    return httpx.post(url, json=body, headers=headers, timeout=30)


def garde(points: int) -> dict[str, Any]:
    return {"players": 4, "contract": "garde", "taker": 0, "points": points, "bouts": 2}


def test_a_club_night_on_the_server(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        made = call(server, ann, "", {"name": "Club", "tables": 5})
        assert made.status_code == 200, made.text
        number = made.json()["id"]
        view = made.json()
        assert view["master"] and view["meets_once"] and view["boards"] == 20
        assert len(view["seatings"]) == 25 and "hands" not in str(view)
        # The rulebook's 5-table example on board 1 (taker North), page 18.
        for table, points in enumerate((44, 47, 38, 40, 41), start=1):
            entry = {"table": table, "board": 1, "deal": garde(points)}
            reply = call(server, ann, f"/{number}/results", entry)
            assert reply.status_code == 200, reply.text
        ranking = {row["player"]: row for row in call(server, None, f"/{number}").json()["ranking"]}
        assert [ranking[p]["attack"] for p in (1, 5, 9, 13, 17)] == [75, 100, 0, 25, 50]
        # refusals: a code, not a crash; nothing changes
        prise = {"table": 1, "board": 1, "deal": garde(50) | {"contract": "prise"}}
        reply = call(server, ann, f"/{number}/results", prise)
        assert reply.status_code == 422 and reply.json()["code"] == "tournament_imposed"
        assert call(server, ben, f"/{number}/results", prise).status_code == 403
        assert call(server, None, f"/{number}/results", prise).status_code == 401
        assert call(server, ann, "", {"name": "x", "tables": 0}).status_code == 422
        assert call(server, None, "/99").json()["code"] == "no_tournament"
        boards = call(server, ann, f"/{number}/print/boards")
        assert boards.status_code == 200 and boards.text.count("<section>") == 20
        assert call(server, ben, f"/{number}/print/boards").status_code == 403
        csv = httpx.get(f"{server.http}/api/tournaments/{number}/export?what=results").text
        assert len(csv.splitlines()) == 6
        assert [t["id"] for t in call(server, ann, "").json()] == [number]
    finally:
        stop()
    server, stop = run_server(tmp_path)  # a restart keeps everything
    try:
        view = call(server, None, f"/{number}").json()
        assert view["missing"] == 100 - 5 and view["version"] == 6
    finally:
        stop()
