"""The tournoi libre on a real server: an organiser creates one, enters a table's deals
and another's bilans; followers are pushed the ranking; refusals are codes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import Player, Server, play_until_over, run_server
from tests.server.test_tournament_live import following, pushed
from tests.server.test_tournaments import _robots_play, call, changed

SAMPLE = Path(__file__).parents[2] / "examples" / "sheet-fft-rulebook.json"


async def _followed(server: Server, ann: str, number: int, entry: dict[str, Any]) -> Any:
    """What a follower of the tournament is pushed once a sheet is entered."""
    follower = await Player.connect(server)
    try:
        await follower.send({"type": "tournament", "tournament": number})
        await follower.expect(lambda m: m["type"] == "tournament")
        reply = await asyncio.to_thread(call, server, ann, f"/{number}/sheets", entry)
        assert reply.status_code == 200, reply.text
        message = await follower.expect(
            lambda m: m["type"] == "tournament" and m["view"]["sheets"], timeout=30
        )
        return message["view"]
    finally:
        await follower.close()


def test_a_libre_club_night_on_the_server(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        names = [f"Joueur {n}" for n in range(1, 9)]
        body = {"name": "Libre", "form": "pairs", "names": names, "positions": 3}
        view = changed(server, ann, "/libre", body)
        number = view["id"]
        assert view["kind"] == "libre" and view["master"] and view["missing"] == 6
        first = [t["seats"] for t in view["plan"] if t["position"] == 1]
        for seats in first:  # pairs (1, 2), (3, 4) ... never at one table
            assert len({(p - 1) // 2 for p in seats}) == 4
        export = f"{server.http}/api/tournaments/{number}/export"
        before = httpx.get(f"{export}?what=results").text  # no sheet yet: the header alone
        assert before == "position,table,seat,player,name,deals,bilan\n"
        for form in ("csv", "json"):  # the arbiter's adjustments are a duplicate's
            refused = httpx.get(f"{export}?what=adjustments&format={form}")
            assert refused.status_code == 422
            assert refused.json()["code"] == "tournament_libre_adjustments"

        deals = json.loads(SAMPLE.read_text(encoding="utf-8"))["deals"]
        entry = {"position": 1, "table": 1, "deals": deals}
        pushed = asyncio.run(_followed(server, ann, number, entry))
        sheet = pushed["sheets"][0]
        assert sheet["bilans"] == [-446, -510, 1346, -390]  # Nord, Ouest, Sud, Est
        assert [d["totals"][3] for d in sheet["deals"]] == [318, 242, 284, 192, -390]
        best = pushed["ranking"][0]
        assert best["total"] == 1346 and best["team"] == (first[0][2] + 1) // 2
        # the members' totals as numbers (they were the text "1346 / 0"), and so exported
        assert best["players"] == [1346, 0] or best["players"] == [0, 1346]
        exported = httpx.get(f"{export}?what=ranking&format=json").json()
        assert exported[0]["players"] == best["players"]
        shown = " / ".join(map(str, best["players"]))
        assert f",{shown}" in httpx.get(f"{export}?what=ranking").text.splitlines()[1]

        paper = {"position": 1, "table": 2, "bilans": [30, -10, -10, -20]}
        refused = call(server, ann, f"/{number}/sheets", paper)
        assert refused.status_code == 422 and refused.json()["code"] == "libre_sum"
        assert call(server, ben, f"/{number}/sheets", paper).status_code == 403
        paper["bilans"] = [30, -10, -10, -10]
        assert call(server, ann, f"/{number}/sheets", paper).status_code == 200
        huge = {"position": 1, "table": 2, "bilans": [2**62, 2**62, -(2**62), -(2**62)]}
        assert call(server, ann, f"/{number}/sheets", huge).status_code == 422
        wrong = {"position": 4, "table": 1, "bilans": [0, 0, 0, 0]}
        assert call(server, ann, f"/{number}/sheets", wrong).json()["code"] == "libre_no_position"

        csv = httpx.get(f"{server.http}/api/tournaments/{number}/export?what=results").text
        assert len(csv.splitlines()) == 9
        slips = httpx.get(f"{server.http}/api/tournaments/{number}/libre/slips")
        assert slips.status_code == 200 and slips.text.count("<section>") == 6
        duplicate = call(server, ann, "", {"name": "Dup", "tables": 1}).json()["id"]
        refused = call(server, ann, f"/{duplicate}/sheets", paper)
        assert refused.json()["code"] == "tournament_not_libre"
        refused = call(server, ann, f"/{number}/results", {"table": 1, "board": 1, "deal": {}})
        assert refused.status_code == 422
        # a name given twice (case and spacing aside) is refused with its places
        twice = body | {"names": [*names[:5], " joueur  2", *names[6:]]}
        refused = call(server, ann, "/libre", twice)
        assert refused.status_code == 422 and refused.json()["code"] == "name_twice"
        assert refused.json()["params"] == {"name": " joueur  2", "first": 2, "second": 6}
    finally:
        stop()


def test_a_libre_played_online_by_robots(tmp_path: Path) -> None:
    """Seven players (a table of 4, a table of 3), two positions of one deal, nobody
    holding a place: robots bid and play each table's deal, its sheet is entered,
    the second position opens by itself, and the follower is told the end."""
    server, stop = run_server(tmp_path)
    try:
        ann = server.register("ann")
        names = [f"Joueur {n}" for n in range(1, 8)]
        body = {"name": "En ligne", "names": names, "positions": 2, "deals": 1}
        number = call(server, ann, "/libre", body).json()["id"]
        view = asyncio.run(_robots_play(server, ann, number))
        assert view["missing"] == 0 and len(view["online"]) == 4
        for sheet in view["sheets"]:
            assert len(sheet["deals"]) == 1 and sum(sheet["bilans"]) == 0
        assert sorted(len(s["bilans"]) for s in view["sheets"]) == [3, 3, 4, 4]
        totals = {row["player"]: row["total"] for row in view["ranking"]}
        played = {(p, s["position"]) for s in view["sheets"] for p in _seats(view, s)}
        assert played == {(p, n) for p in range(1, 8) for n in (1, 2)}
        assert sum(totals.values()) == 0 and any(totals.values())
    finally:
        stop()


def _seats(view: dict[str, Any], sheet: dict[str, Any]) -> list[int]:
    return next(
        t["seats"]
        for t in view["plan"]
        if (t["position"], t["table"]) == (sheet["position"], sheet["table"])
    )


def test_an_organisers_correction_of_an_online_table_stays(tmp_path: Path) -> None:
    """A table's game is entered once: the organiser corrects its sheet while the
    next position is played, and the next settle keeps the correction."""
    server, stop = run_server(tmp_path, tournament_wait=600.0)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        names = [f"Joueur {n}" for n in range(1, 5)]
        body = {"name": "Corrigé", "names": names, "positions": 2, "deals": 1}
        number = call(server, ann, "/libre", body).json()["id"]
        assert call(server, ben, f"/{number}/places", {"player": 1}).status_code == 200
        view = asyncio.run(_corrected_between_positions(server, ann, ben, number))
        first = next(s for s in view["sheets"] if s["position"] == 1)
        assert view["over"] and first["bilans"] == [30, -10, -10, -10]
    finally:
        stop()


async def _corrected_between_positions(
    server: Server, ann: str, ben_token: str, number: int
) -> dict[str, Any]:
    async with following(server, number, ben_token) as (watcher, _, (ben,)):
        assert call(server, ann, f"/{number}/online", {"position": 1}).status_code == 200
        for position in (1, 2):
            view = await pushed(
                watcher, lambda v, p=position: any(o["position"] == p for o in v["online"])
            )
            table = next(o["table_id"] for o in view["online"] if o["position"] == position)
            await ben.send({"type": "sit", "table": table})
            await play_until_over([ben], table)
            if position == 1:
                await pushed(watcher, lambda v: len(v["sheets"]) == 1)
                paper = {"position": 1, "table": 1, "bilans": [30, -10, -10, -10]}
                corrected = call(server, ann, f"/{number}/sheets", paper)
                assert corrected.status_code == 200, corrected.text
        return await pushed(watcher, lambda v: v["over"])
