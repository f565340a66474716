"""The organiser as arbiter on a real server: adjustments (organiser only, refusals
changing nothing, followers pushed the new ranking), players replaced and moved
online (the substitute seated, the old player refused), and the next session."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from atout.server.store import Store, TournamentRow
from tests.server.conftest import Player, Server, run_server
from tests.server.test_tournament_live import following, opened_until, pushed, refused, seat_of
from tests.server.test_tournaments import call, changed, first_place_held, garde


def test_only_the_organiser_adjusts_and_followers_see_the_new_ranking(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        number = call(server, ann, "", {"name": "Club", "tables": 5}).json()["id"]
        for table, points in enumerate((44, 47, 38, 40, 41), start=1):  # p. 18's board 1
            call(
                server,
                ann,
                f"/{number}/results",
                {"table": table, "board": 1, "deal": garde(points)},
            )
        view = asyncio.run(_adjusted(server, number, ann, ben))
        # table 2's +62 cancelled, 60% to its North: 56, 50, -52, -56 topped 100 .. 0
        attack = {row["player"]: row["attack"] for row in view["ranking"]}
        assert [attack[p] for p in (1, 5, 9, 13, 17)] == [100, 60, 0, 33.33, 66.67]
        assert view["adjustments"][0]["reason"] == "étui mal reconstitué"
        assert view["adjustments"][0]["by"] == "ann"
        csv = httpx.get(f"{server.http}/api/tournaments/{number}/export?what=adjustments").text
        assert "étui mal reconstitué" in csv and csv.count("\n") == 2
        revoked = changed(server, ann, f"/{number}/adjustments/1/revoke", {})
        assert revoked["adjustments"] == []
        attack = {row["player"]: row["attack"] for row in revoked["ranking"]}
        assert [attack[p] for p in (1, 5, 9, 13, 17)] == [75, 100, 0, 25, 50]
        again = call(server, ann, f"/{number}/adjustments/1/revoke", {})
        assert again.status_code == 422 and again.json()["code"] == "tournament_adjust_revoked"
        assert again.json()["params"] == {"number": 1}
        # the next session: same entrants, new boards, ranked with the first
        second = changed(server, ann, f"/{number}/next-session", {})
        assert second["names"] == view["names"] and second["master"]
        total = call(server, None, f"/{second['id']}/sessions").json()
        assert total["sessions"] == [number, second["id"]]
        assert {row["player"]: row["total"] for row in total["ranking"]}[5] == 100
        assert call(server, ben, f"/{number}/next-session", {}).status_code == 403
    finally:
        stop()


async def _adjusted(server: Server, number: int, ann: str, ben: str) -> dict[str, Any]:
    async with following(server, number) as (watcher, before, _):
        cancel = {
            "kind": "cancel",
            "table": 2,
            "board": 1,
            "attack_note": 60,
            "defence_note": 40,
            "reason": "étui mal reconstitué",
        }
        assert call(server, ben, f"/{number}/adjustments", cancel).status_code == 403
        assert call(server, None, f"/{number}/adjustments", cancel).status_code == 401
        bad = call(server, ann, f"/{number}/adjustments", cancel | {"table": 3, "board": 99})
        assert bad.status_code == 422 and bad.json()["code"] == "tournament_board_never"
        late = call(server, ann, f"/{number}/adjustments/7/revoke", {})
        assert late.status_code == 422 and late.json()["code"] == "tournament_adjust_none"
        unchanged = call(server, None, f"/{number}").json()
        assert unchanged["version"] == before["version"]  # the refusals changed nothing
        made = call(server, ann, f"/{number}/adjustments", cancel)
        assert made.status_code == 200, made.text
        return await pushed(watcher, lambda v: bool(v["adjustments"]))


def test_a_result_entered_again_is_refused_and_corrected_with_its_reason(
    tmp_path: Path,
) -> None:
    """A play with a result is not replaced by ``/results`` (a second organiser's
    page, or one that had not heard of the first entry, overwrote it with no trace):
    409 ``tournament_result_entered``, nothing changed; the correction goes by
    ``/adjustments``, kept with its reason and revocable, the old result back then."""
    server, stop = run_server(tmp_path)
    try:
        ann = server.register("ann")
        number = call(server, ann, "", {"name": "Club", "tables": 5}).json()["id"]
        first = {"table": 1, "board": 1, "deal": garde(44)}
        assert call(server, ann, f"/{number}/results", first).status_code == 200
        before = call(server, None, f"/{number}").json()
        again = call(server, ann, f"/{number}/results", first | {"deal": garde(47)})
        assert again.status_code == 409, again.text
        assert again.json()["code"] == "tournament_result_entered"
        assert again.json()["params"] == {"table": 1, "board": 1, "position": 1}
        assert "adjustment" in again.json()["detail"]
        # given its position too, or by another organiser's page: the same refusal
        placed = call(server, ann, f"/{number}/results", first | {"position": 1})
        assert placed.status_code == 409
        unchanged = call(server, None, f"/{number}").json()
        assert unchanged["version"] == before["version"]
        assert [r["score"] for r in unchanged["results"]] == [56]
        correct = {"kind": "correct", "reason": "fiche mal lue"} | first | {"deal": garde(47)}
        view = changed(server, ann, f"/{number}/adjustments", correct)
        assert [r["score"] for r in view["results"]] == [62]
        assert [(a["kind"], a["reason"]) for a in view["adjustments"]] == [
            ("correct", "fiche mal lue")
        ]
        revoked = changed(server, ann, f"/{number}/adjustments/1/revoke", {})
        assert [r["score"] for r in revoked["results"]] == [56]
        # another play is entered as before
        other = {"table": 2, "board": 1, "deal": garde(47)}
        assert call(server, ann, f"/{number}/results", other).status_code == 200
    finally:
        stop()


def test_a_substitute_takes_a_place_and_the_old_player_is_refused(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, tournament_wait=600.0)
    try:
        ann, ben, dan = server.register("ann"), server.register("ben"), server.register("dan")
        number = call(server, ann, "", {"name": "Live", "tables": 1, "per_position": 1}).json()[
            "id"
        ]
        call(server, ben, f"/{number}/places", {"player": 1})
        call(server, dan, f"/{number}/places", {"player": 2})
        opened = changed(server, ann, f"/{number}/online", {"position": 1})
        asyncio.run(_substitute(server, number, opened, ann, ben, dan))
    finally:
        stop()


async def _substitute(
    server: Server, number: int, view: dict[str, Any], ann: str, ben_token: str, dan_token: str
) -> None:
    ben = await Player.connect(server, ben_token)
    dan = await Player.connect(server, dan_token)
    try:
        table, seat = seat_of(view, 1, 1)
        await ben.send({"type": "sit", "table": table})
        await ben.expect(lambda m: m["type"] == "table" and m["seat"] == seat)
        assert (
            call(
                server, dan_token, f"/{number}/seating", {"action": "free", "player": 1}
            ).status_code
            == 403
        )
        freed = changed(server, ann, f"/{number}/seating", {"action": "free", "player": 1})
        assert freed["places"][0] is None
        told = await ben.expect(lambda m: m["type"] == "error")
        assert told["code"] == "tournament_replaced"
        # dan moves from place 2 to the freed place 1, and place 2 goes to a robot
        moved = changed(server, ann, f"/{number}/seating", {"action": "move", "player": 2, "to": 1})
        assert moved["places"][0]["name"] == "dan"
        robot = changed(server, ann, f"/{number}/seating", {"action": "robot", "player": 2})
        assert robot["robots"] == [2]
        again = call(server, ben_token, f"/{number}/places", {"player": 2})
        assert again.status_code == 409 and again.json()["code"] == "tournament_place_robot"
        error = await refused(ben, {"type": "sit", "table": table})
        assert error["code"] == "tournament_not_your_table"
        await dan.send({"type": "sit", "table": table})
        seated = await dan.expect(lambda m: m["type"] == "table" and m["seat"] is not None)
        assert seated["seat"] == seat
        for move in ({"to": 1}, {}):  # to where the player is, to nowhere
            taken = call(server, ann, f"/{number}/seating", {"action": "move", "player": 1} | move)
            assert taken.status_code == 422 and taken.json()["code"] == "tournament_move_to"
    finally:
        await ben.close()
        await dan.close()


def ben_at_one_table(server: Server, ann: str, ben: str) -> tuple[int, tuple[str, int]]:
    """A one-table tournament of six boards whose first place ben holds, opened: its
    number, and ben's (table, seat)."""
    number = first_place_held(server, ann, ben, {"name": "One", "tables": 1, "per_position": 6})
    opened = changed(server, ann, f"/{number}/online", {"position": 1})
    return number, seat_of(opened, 1, 1)


def test_a_substitute_takes_the_seat_over_during_the_game_after_a_restart(
    tmp_path: Path,
) -> None:
    settings = {"tournament_wait": 0.05, "robot_delay": 0.02}
    server, stop = run_server(tmp_path, **settings)
    try:
        ann, ben, dan = server.register("ann"), server.register("ben"), server.register("dan")
        number, where = ben_at_one_table(server, ann, ben)
        asyncio.run(_replaced(server, number, where, ann, ben))
    finally:
        stop()
    server, stop = run_server(tmp_path, **settings)  # the table comes back, dan's to take
    try:
        held = call(server, dan, f"/{number}/places", {"player": 1})
        assert held.status_code == 200 and held.json()["me"] == 1  # the receipt says
        asyncio.run(_substitute_sits(server, where, ben, dan))
    finally:
        stop()


async def _replaced(
    server: Server, number: int, where: tuple[str, int], ann: str, ben_token: str
) -> None:
    table, _ = where
    ben = await Player.connect(server, ben_token)
    try:
        await ben.send({"type": "sit", "table": table})
        await ben.event("deal")  # the game started: ben plays, robots the others
        call(server, ann, f"/{number}/seating", {"action": "free", "player": 1})
        assert (await ben.expect(lambda m: m["type"] == "error"))["code"] == "tournament_replaced"
        # nor does he watch the boards he no longer plays (tournament_privacy)
        left = await ben.expect(lambda m: m["type"] == "left")
        assert left == {"type": "left", "table": table, "reason": "tournament_replaced"}
    finally:
        await ben.close()


async def _substitute_sits(
    server: Server, where: tuple[str, int], ben_token: str, dan_token: str
) -> None:
    table, seat = where
    ben = await Player.connect(server, ben_token)
    dan = await Player.connect(server, dan_token)
    try:
        error = await refused(ben, {"type": "sit", "table": table})
        assert error["code"] == "tournament_not_your_table"
        await dan.send({"type": "sit", "table": table})
        arriving = await dan.event("table.arriving")
        assert arriving["data"] == {"seat": seat, "name": "dan"}
        # at the next deal the seat is dan's: his name on it
        seated = await dan.expect(lambda m: m["type"] == "table" and m["seat"] == seat, 120)
        assert seated["table"]["seats"][seat]["name"] == "dan"
    finally:
        await ben.close()
        await dan.close()


def test_a_place_freed_from_a_later_position(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, tournament_wait=0.05)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        form = {"name": "Later", "tables": 2, "per_position": 1}
        number = first_place_held(server, ann, ben, form)
        later = {"action": "free", "player": 1, "from_position": 2}
        moved = call(server, ann, f"/{number}/seating", later | {"action": "move", "to": 3})
        assert moved.status_code == 422 and moved.json()["code"] == "tournament_handover_move"
        beyond = call(server, ann, f"/{number}/seating", later | {"from_position": 5})
        assert beyond.status_code == 422 and beyond.json()["params"] == {"most": 2}
        planned = changed(server, ann, f"/{number}/seating", later)
        assert planned["handovers"] == [{"player": 1, "action": "free", "from": 1}]
        assert planned["places"][0]["name"] == "ben"  # ben still plays position 1
        view = asyncio.run(
            opened_until(
                server, number, ann, lambda v: any(o["position"] == 2 for o in v["online"])
            )
        )
        # position 2 opened by itself once position 1's robots finished: place 1 free
        assert view["places"][0] is None and view["handovers"] == []
        late = call(server, ann, f"/{number}/seating", later | {"from_position": 1})
        assert late.status_code == 409 and late.json()["code"] == "tournament_position_open"
    finally:
        stop()


def test_a_replacement_stored_before_a_crash_is_made_when_the_table_comes_back(
    tmp_path: Path,
) -> None:
    """The place changed in the store while the table never heard of it (its node
    stopped first): rebuilt, the table gives the old player's seat up, and their
    ``resume`` only lets them watch."""
    settings = {"tournament_wait": 0.05, "robot_delay": 0.05}
    server, stop = run_server(tmp_path, **settings)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        number, (table, _) = ben_at_one_table(server, ann, ben)
        asyncio.run(_sit_and_play(server, table, ben))
    finally:
        stop()
    with Store.in_dir(tmp_path).session.begin() as db:
        row = db.get(TournamentRow, number)
        assert row is not None
        row.online = {**row.online, "entrants": {}}
    server, stop = run_server(tmp_path, **settings)
    try:
        asyncio.run(_resumed(server, table, ben))
    finally:
        stop()


async def _sit_and_play(server: Server, table: str, token: str) -> None:
    ben = await Player.connect(server, token)
    try:
        await ben.send({"type": "sit", "table": table})
        await ben.event("deal")
    finally:
        await ben.close()


async def _resumed(server: Server, table: str, token: str) -> None:
    ben = await Player.connect(server, token)
    try:
        await ben.send({"type": "resume", "table": table, "last_seq": 0})
        error = await ben.expect(lambda m: m["type"] == "error")
        assert error["code"] == "seat_left"  # a robot plays it; ben may watch
    finally:
        await ben.close()


def test_a_session_has_one_next_however_often_it_is_asked(tmp_path: Path) -> None:
    """The organiser's Next session clicked twice, or from two tabs at once, made a
    session 2 each time, two tournaments of one chain: the one made is the answer."""
    server, stop = run_server(tmp_path)
    try:
        ann = server.register("ann")
        number = call(server, ann, "", {"name": "Club", "tables": 2}).json()["id"]

        async def at_once() -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=server.http, timeout=60) as client:
                path = f"/api/tournaments/{number}/next-session"
                headers = {"Authorization": f"Bearer {ann}"}
                return await asyncio.gather(
                    *(client.post(path, json={}, headers=headers) for _ in range(6))
                )

        replies = asyncio.run(at_once())
        # the boards' workers may refuse some as busy (503): those made nothing
        assert {reply.status_code for reply in replies} <= {200, 503}
        made = {reply.json()["id"] for reply in replies if reply.status_code == 200}
        assert len(made) == 1
        again = call(server, ann, f"/{number}/next-session", {})
        assert again.json()["id"] in made
        listed = httpx.get(
            f"{server.http}/api/tournaments", headers={"Authorization": f"Bearer {ann}"}
        ).json()
        assert sorted(t["id"] for t in listed) == sorted([number, *made]), listed
    finally:
        stop()
