"""Triplettes and the team match on a real server: created, results entered with their
attacker, refusals as codes leaving the tournament as it was, the ranking shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import run_server


def call(url: str, token: str | None, body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if body is None:
        return httpx.get(url, headers=headers, timeout=30)
    return httpx.post(url, json=body, headers=headers, timeout=30)


def changed(url: str, token: str, body: Any) -> dict[str, Any]:
    """A change made: its receipt (no view), then the view of the version it made."""
    reply = call(url, token, body)
    assert reply.status_code == 200, reply.text
    receipt = reply.json()
    assert set(receipt) == {"id", "version", "master", "me"}, receipt
    base = url.split("/api/tournaments")[0]
    view: dict[str, Any] = call(f"{base}/api/tournaments/{receipt['id']}", token).json()
    assert view["version"] == receipt["version"]
    return view


def deal(taker: int, points: int, contract: str = "garde") -> dict[str, Any]:
    return {"players": 4, "contract": contract, "taker": taker, "points": points, "bouts": 2}


def test_team_forms_on_the_server(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path)
    try:
        ann = server.register("ann")
        base = f"{server.http}/api/tournaments"
        view = changed(base, ann, {"name": "Trip", "form": "triplettes", "tables": 3})
        assert view["boards"] == 12 and len(view["teams"]) == 6 and view["teams"][0] == [1, 2, 3]
        first = view["seatings"][0]
        assert first["seats"] == [1, 4, 1, 4]  # NS triplette 1, EW triplette 4
        (attacker,) = first["attackers"][0]  # the badges' rotation names one player
        assert attacker in (1, 2, 3)
        entry = {"table": 1, "board": 1, "deal": deal(0, 44)}
        wrong = call(f"{base}/{view['id']}/results", ann, entry | {"attacker": 10})
        assert wrong.status_code == 422 and wrong.json()["code"] == "tournament_attacker"
        done = changed(f"{base}/{view['id']}/results", ann, entry | {"attacker": attacker})
        assert done["results"][0]["attacker"] == str(attacker)
        rows = {row["team"]: row for row in done["ranking"]}
        # a board played once is the only result to compare with: 50% (atout's reading)
        assert rows[1]["attack"] == 50 and rows[1]["line"] == "NS" and rows[1]["boards"] == 1
        assert rows[4]["defence"] == 50 and rows[2]["boards"] == 0
        assert rows[2]["rank"] is None  # no board of its played yet: no rank

        match = changed(
            base, ann, {"name": "Match", "form": "teams", "tables": 2, "team_sizes": [4, 6]}
        )
        assert match["boards"] == 16 and match["teams"][1] == [5, 6, 7, 8, 9, 10]
        url = f"{base}/{match['id']}/results"
        prise = {"table": 1, "board": 1, "attacker": 1, "deal": deal(2, 50, "prise")}
        refused = call(url, ann, prise)
        assert refused.status_code == 422 and refused.json()["code"] == "tournament_chosen"
        sans = prise | {"deal": deal(2, 45, "garde_sans")}
        assert call(url, ann, sans).status_code == 200
        contre = {"table": 2, "board": 1, "attacker": 10, "deal": deal(2, 41, "garde_contre")}
        ranking = changed(url, ann, contre)["ranking"]
        # +116 against +150: Ecart 34, team B +5,831 PM, team A nothing, on one board
        assert [(r["rank"], r["team"], r["boards"], r["pm"]) for r in ranking] == [
            (1, 2, 1, 5.831),
            (2, 1, 1, 0),
        ]
        sizes = {"name": "Bad", "form": "teams", "tables": 2, "team_sizes": [3, 4]}
        assert call(base, ann, sizes).json()["code"] == "tournament_match"
        # options of another form are refused, as the Howell outside triplettes is
        for body, code in [
            ({"tables": 3, "team_sizes": [4, 5]}, "tournament_team_sizes"),
            ({"form": "quadrettes", "tables": 4, "movement": "howell"}, "tournament_movement"),
            ({"form": "teams", "tables": 3}, "tournament_match_tables"),
        ]:
            refused = call(base, ann, {"name": "Bad"} | body)
            assert refused.status_code == 422 and refused.json()["code"] == code, refused.text
        match = changed(base, ann, {"name": "Match", "form": "teams"})  # its two tables
        assert match["tables"] == 2 and match["boards"] == 16
        # a name given twice (case and spacing aside) is refused with its places
        names = ["Anne", "Ben", "Cléo", "Dan", "Eve", "Fred", "Gil", "ANNE"]
        refused = call(base, ann, {"name": "Twice", "tables": 2, "names": names})
        assert refused.status_code == 422 and refused.json()["code"] == "name_twice"
        assert refused.json()["params"] == {"name": "ANNE", "first": 1, "second": 8}
        assert "is given twice (players 1 and 8)" in refused.json()["detail"]
    finally:
        stop()
