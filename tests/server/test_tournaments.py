"""Tournament endpoints on a real server: an organiser creates, prints and enters
results; anyone follows the ranking; others may not write; state survives restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from atout.server import tournament_live, tournament_routes
from tests.server.conftest import Player, Server, run_server


def call(server: Server, token: str | None, path: str, body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = f"{server.http}/api/tournaments{path}"
    if body is None:
        return httpx.get(url, headers=headers, timeout=30)
    return httpx.post(url, json=body, headers=headers, timeout=30)


def changed(server: Server, token: str, path: str, body: Any) -> dict[str, Any]:
    """A change made (``path``'s POST): its answer is a receipt, not the view (the
    tournament's number, the version the change made, the caller's part); then the
    view of that version, as a page not following the tournament reads it."""
    reply = call(server, token, path, body)
    assert reply.status_code == 200, reply.text
    receipt = reply.json()
    assert set(receipt) == {"id", "version", "master", "me"}, receipt
    view: dict[str, Any] = call(server, token, f"/{receipt['id']}").json()
    assert view["version"] >= receipt["version"]  # robots may have played on since
    assert (view["master"], view["me"]) == (receipt["master"], receipt["me"])
    return view


def first_place_held(server: Server, master: str, player: str, form: dict[str, Any]) -> int:
    """A tournament made by ``master`` with ``form``, whose first place ``player``
    holds: its number."""
    number: int = call(server, master, "", form).json()["id"]
    call(server, player, f"/{number}/places", {"player": 1})
    return number


def garde(points: int) -> dict[str, Any]:
    return {"players": 4, "contract": "garde", "taker": 0, "points": points, "bouts": 2}


def test_a_club_night_on_the_server(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        view = changed(server, ann, "", {"name": "Club", "tables": 5})
        number = view["id"]
        assert view["master"] and view["meets_once"] and view["boards"] == 20
        export = f"{server.http}/api/tournaments/{number}/export"
        for what in ("results", "adjustments"):  # none yet: the header alone, for a spreadsheet
            lines = httpx.get(f"{export}?what={what}").text.splitlines()
            assert len(lines) == 1 and lines[0].startswith(
                "board,position,table" if what == "results" else "number,kind,position"
            )
        assert len(view["seatings"]) == 25 and "hands" not in str(view)
        # The rulebook's 5-table example on board 1 (taker North), page 18.
        for table, points in enumerate((44, 47, 38, 40, 41), start=1):
            entry = {"table": table, "board": 1, "deal": garde(points)}
            reply = call(server, ann, f"/{number}/results", entry)
            assert reply.status_code == 200, reply.text
        ranking = {row["player"]: row for row in call(server, None, f"/{number}").json()["ranking"]}
        assert [ranking[p]["attack"] for p in (1, 5, 9, 13, 17)] == [75, 100, 0, 25, 50]
        # refusals: a code, not a crash; nothing changes
        prise = {"table": 1, "board": 2, "deal": garde(50) | {"contract": "prise"}}
        reply = call(server, ann, f"/{number}/results", prise)
        assert reply.status_code == 422 and reply.json()["code"] == "tournament_imposed"
        assert call(server, ben, f"/{number}/results", prise).status_code == 403
        assert call(server, None, f"/{number}/results", prise).status_code == 401
        assert call(server, ann, "", {"name": "x", "tables": 0}).status_code == 422
        long_name = call(server, ann, "", {"name": "x", "tables": 1, "names": ["a" * 33]})
        assert long_name.json()["params"]["field"] == "body.names.0"
        assert "at most 32 characters" in long_name.json()["params"]["reason"]  # not "items"
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


def test_a_position_played_online_by_robots(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path)
    try:
        ann = server.register("ann")
        made = call(server, ann, "", {"name": "Online", "tables": 1, "per_position": 2})
        number = made.json()["id"]
        view = asyncio.run(_robots_play(server, ann, number))
        # both boards of the position, each at the imposed Garde by the étui's taker
        # (boards 1 and 2: North, then West)
        assert [(r["board"], r["contract"], r["taker"]) for r in view["results"]] == [
            (1, "garde", "N"),
            (2, "garde", "W"),
        ]
        again = call(server, ann, f"/{number}/online", {"position": 1})
        assert again.json()["code"] == "tournament_position_open"
    finally:
        stop()


async def _robots_play(server: Server, ann: str, number: int) -> dict[str, Any]:
    """Nobody holds a place: robots play the whole table at once; a follower of the
    tournament is told of its results."""
    follower = await Player.connect(server)
    try:
        await follower.send({"type": "tournament", "tournament": number})
        opened = call(server, ann, f"/{number}/online", {"position": 1})
        assert opened.status_code == 200, opened.text
        message = await follower.expect(
            lambda m: m["type"] == "tournament" and m["view"]["over"], timeout=120
        )
        view: dict[str, Any] = message["view"]
        return view
    finally:
        await follower.close()


def test_an_organiser_keeps_a_bounded_number_of_tournaments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournament_routes, "TOURNAMENTS_PER_MASTER", 1)
    server, stop = run_server(tmp_path)
    try:
        ann = server.register("ann")
        assert call(server, ann, "", {"name": "One", "tables": 1}).status_code == 200
        refused = call(server, ann, "", {"name": "Two", "tables": 1})
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_tournaments"
    finally:
        stop()


def test_views_kept_are_bounded_by_their_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Views computed are kept up to a number of players in all, the oldest going
    first: kept by count (256), a few 60-table tournaments took gigabytes. Each
    view read again after it went is computed again, the same."""
    monkeypatch.setattr(tournament_live, "PLAYERS_KEPT", 20)  # two tournaments of 8
    server, stop = run_server(tmp_path)
    try:
        ann = server.register("ann")
        numbers = [
            call(server, ann, "", {"name": f"Club {n}", "tables": 2}).json()["id"] for n in range(3)
        ]
        first = call(server, None, f"/{numbers[0]}").json()
        for number in numbers[1:]:
            assert call(server, None, f"/{number}").status_code == 200
        views = server.app.state.hub.live.views
        assert [key[0] for key in views] == numbers[1:]
        assert sum(len(view["names"]) for view in views.values()) == 16
        assert call(server, None, f"/{numbers[0]}").json() == first
    finally:
        stop()
