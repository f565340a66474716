"""Tournaments played online on a real server: places held by identities, seats
checked against the movement, robots in the empty seats, positions opening by
themselves, the ranking pushed to those following, quadrettes with South
attacking, and all of it kept over a restart."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import Player, Server, play_until_over, run_server
from tests.server.test_recovery import break_log
from tests.server.test_tournaments import call, changed, first_place_held, garde

ORIENTATIONS = ("N", "W", "S", "E")


def seat_of(view: dict[str, Any], position: int, player: int) -> tuple[str, int]:
    """(table id, seat) of ``player`` (from 1) at ``position`` (from 1), read from the
    page's data: the seating by orientation and the table's seat 0 orientation."""
    for seating in view["seatings"]:
        if seating["position"] == position and player in seating["seats"]:
            orientation = seating["seats"].index(player)
            link = next(
                o
                for o in view["online"]
                if o["position"] == position and o["table"] == seating["table"]
            )
            return link["table_id"], (orientation - seating["shift"]) % len(seating["seats"])
    raise AssertionError(f"player {player} is not seated at position {position}")


async def pushed(watcher: Player, test: Any) -> dict[str, Any]:
    """The next tournament view pushed to ``watcher`` that passes ``test``."""
    message = await watcher.expect(lambda m: m["type"] == "tournament" and test(m["view"]), 120)
    view: dict[str, Any] = message["view"]
    return view


@asynccontextmanager
async def following(
    server: Server, number: int, *tokens: str
) -> AsyncIterator[tuple[Player, dict[str, Any], list[Player]]]:
    """A guest following tournament ``number`` (with the first view it is pushed)
    and a player connected with each of ``tokens``; all closed afterwards."""
    watcher = await Player.connect(server)
    players = [await Player.connect(server, token) for token in tokens]
    try:
        await watcher.send({"type": "tournament", "tournament": number})
        yield watcher, await pushed(watcher, lambda v: True), players
    finally:
        for player in (watcher, *players):
            await player.close()


async def refused(player: Player, message: dict[str, Any]) -> dict[str, Any]:
    await player.send(message)
    return await player.expect(lambda m: m["type"] == "error")


def test_a_change_answers_a_receipt_and_followers_are_pushed_the_view(tmp_path: Path) -> None:
    """Entering a result answered the whole view, encoded anew for each answer (a
    60-table tournament's 2.8 MB), while the organiser's page, following the
    tournament, was pushed the same view. The answer is now a receipt of the
    version made; the view of that version comes over the socket, encoded once."""
    server, stop = run_server(tmp_path)
    try:
        ann = server.register("ann")
        made = call(server, ann, "", {"name": "Big", "tables": 15})
        assert made.json() == {"id": made.json()["id"], "version": 1, "master": True, "me": None}
        number = made.json()["id"]
        asyncio.run(_entered_and_pushed(server, number, ann))
        shown = call(server, None, f"/{number}")
        assert len(shown.content) > 30_000 and shown.json()["version"] == 2  # 300 times the receipt
    finally:
        stop()


async def _entered_and_pushed(server: Server, number: int, ann: str) -> None:
    async with following(server, number) as (watcher, first, _):
        entry = {"table": 1, "board": 1, "deal": garde(44)}
        reply = await asyncio.to_thread(call, server, ann, f"/{number}/results", entry)
        assert reply.status_code == 200, reply.text
        version = first["version"] + 1
        assert reply.json() == {"id": number, "version": version, "master": True, "me": None}
        assert len(reply.content) < 100
        view = await pushed(watcher, lambda v: v["version"] == version)
        assert [(r["table"], r["board"]) for r in view["results"]] == [(1, 1)]
        # the text pushed is the one encoded for the version, shared by GET
        assert (number, version) in server.app.state.hub.live.texts


def test_a_tournament_goes_on_by_itself_with_robots_in_the_empty_seats(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, tournament_wait=600.0)
    try:
        ann, ben, dan = server.register("ann"), server.register("ben"), server.register("dan")
        made = changed(server, ann, "", {"name": "Live", "tables": 2, "per_position": 1})
        number = made["id"]
        assert made["positions"] == 2
        held = call(server, ben, f"/{number}/places", {"player": 1})
        assert held.status_code == 200 and held.json()["me"] == 1
        taken = call(server, dan, f"/{number}/places", {"player": 1})
        assert taken.status_code == 409 and taken.json()["code"] == "tournament_place_taken"
        assert call(server, dan, f"/{number}/places", {"player": 9}).status_code == 422
        view = asyncio.run(_first_position(server, number, ben, dan, ann))
        # the second position opened by itself when the first's two tables ended
        assert {(o["position"], o["done"]) for o in view["online"]} == {(1, True), (2, False)}
        assert len(view["results"]) == 2 and not view["over"]
        moved = call(server, ben, f"/{number}/places", {"player": 2})
        assert moved.json()["code"] == "tournament_started"  # places are kept once it started
    finally:
        stop()
    server, stop = run_server(tmp_path, tournament_wait=600.0)  # the tables come back
    try:
        view = asyncio.run(_second_position(server, number, ben, dan))
        assert view["over"] and len(view["results"]) == 4
        assert {r["position"] for r in view["results"]} == {1, 2}
        # every player ranked, on the two boards their seat played
        assert sorted(row["player"] for row in view["ranking"]) == list(range(1, 9))
    finally:
        stop()


async def _first_position(
    server: Server, number: int, ben_token: str, dan_token: str, ann_token: str
) -> dict[str, Any]:
    async with following(server, number, ben_token, dan_token) as (watcher, first, (ben, dan)):
        assert first["online"] == [] and first["places"][0]["name"] == "ben"
        opened = call(server, ann_token, f"/{number}/online", {"position": 1})
        assert opened.status_code == 200, opened.text
        view = await pushed(watcher, lambda v: len(v["online"]) == 2)
        table, seat = seat_of(view, 1, 1)
        error = await refused(dan, {"type": "sit", "table": table})
        assert error["code"] == "tournament_not_your_table"
        error = await refused(ben, {"type": "sit", "table": table, "seat": (seat + 1) % 4})
        assert error["code"] == "tournament_your_seat" and error["params"] == {"seat": seat + 1}
        error = await refused(ben, {"type": "start", "table": table})
        assert error["code"] == "tournament_table_starts"
        await ben.send({"type": "sit", "table": table})
        snapshot = await ben.expect(lambda m: m["type"] == "table" and m["seat"] is not None)
        assert snapshot["seat"] == seat and snapshot["table"]["tournament"]
        # the other places are held by no one: the game starts by itself, robots in
        # the three other seats (ben alone answers turns)
        over = await play_until_over([ben], table)
        assert over["kind"] == "table.game_over"
        started = next(e for e in ben.events() if e["kind"] == "table.game_started")
        assert started["data"]["options"]["rules"] == {"imposed_contract": "garde"}
        return await pushed(watcher, lambda v: any(o["position"] == 2 for o in v["online"]))


async def _second_position(
    server: Server, number: int, ben_token: str, dan_token: str
) -> dict[str, Any]:
    async with following(server, number, ben_token, dan_token) as (watcher, view, (ben, dan)):
        table, seat = seat_of(view, 2, 1)
        error = await refused(dan, {"type": "sit", "table": table})
        assert error["code"] == "tournament_not_your_table"  # the seats survived the restart
        await ben.send({"type": "sit", "table": table})
        snapshot = await ben.expect(lambda m: m["type"] == "table" and m["seat"] is not None)
        assert snapshot["seat"] == seat
        await play_until_over([ben], table)
        return await pushed(watcher, lambda v: v["over"])


def test_a_player_told_of_a_new_position_finds_its_table_open(tmp_path: Path) -> None:
    """The push that lists a position's tables comes once they are open: a
    player who sits the moment they are told is seated, not refused."""
    server, stop = run_server(tmp_path, tournament_wait=600.0)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        form = {"name": "Prompt", "tables": 2, "per_position": 1}
        number = first_place_held(server, ann, ben, form)
        asyncio.run(_sits_when_told(server, number, ben, ann))
    finally:
        stop()


async def _sits_when_told(server: Server, number: int, ben_token: str, ann_token: str) -> None:
    async with following(server, number, ben_token) as (_, _, (ben,)):
        await ben.send({"type": "tournament", "tournament": number})
        await pushed(ben, lambda v: v["online"] == [])
        opening = asyncio.create_task(
            asyncio.to_thread(call, server, ann_token, f"/{number}/online", {"position": 1})
        )
        view = await pushed(ben, lambda v: len(v["online"]) == 2)
        table, seat = seat_of(view, 1, 1)
        await ben.send({"type": "sit", "table": table})
        told = await ben.expect(lambda m: m["type"] in ("table", "error"))
        assert told["type"] == "table" and told["seat"] == seat, told
        assert (await opening).status_code == 200


def test_a_late_player_takes_their_seat_from_the_robot_at_the_next_deal(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, tournament_wait=0.05, robot_delay=0.05)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        made = call(server, ann, "", {"name": "Late", "tables": 1, "per_position": 3})
        number = made.json()["id"]
        call(server, ben, f"/{number}/places", {"player": 3})
        opened = changed(server, ann, f"/{number}/online", {"position": 1})
        table, seat = seat_of(opened, 1, 3)
        asyncio.run(_late(server, table, seat, ben))
        # the game is in ben's history, saying from which deal he sat (not the first)
        (game,) = server.get("/api/records?player=ben")["games"]
        ben_id = server.get("/api/profile/ben")["id"]
        (joined,) = game["lineups"]
        assert joined["deal"] >= 2 and seated_at(game, joined["deal"])[seat] == ben_id
        assert ben_id not in seated_at(game, joined["deal"] - 1)
    finally:
        stop()


def seated_at(game: dict[str, Any], deal: int) -> list[int | None]:
    """Who (user ids) held each seat at ``deal`` (from 1) of a game as the replay
    list gives it: its seats, changed by each of its lineups from that deal on."""
    users: list[int | None] = game["users"]
    for lineup in game["lineups"]:
        if lineup["deal"] <= deal:
            users = lineup["users"]
    return users


async def _late(server: Server, table: str, seat: int, token: str) -> None:
    ben = await Player.connect(server, token)
    try:
        await ben.send({"type": "spectate", "table": table})
        await ben.event("deal")  # the wait is over: robots play, ben among them
        await ben.send({"type": "sit", "table": table})
        arriving = await ben.event("table.arriving")
        assert arriving["data"]["seat"] == seat
        seated = await ben.expect(lambda m: m["type"] == "table" and m["seat"] == seat, 120)
        # ben sits from the start of a deal: their hand is whole, no card played yet
        assert seated["view"]["trick"] == [] and seated["view"]["tricks"] == []
        turn = seated.get("turn")
        if turn is not None:
            await ben.send({"type": "act", "table": table, "action": turn["legal"][0]})
        over = await play_until_over([ben], table)
        assert over["kind"] == "table.game_over"
    finally:
        await ben.close()


def test_quadrettes_online_south_attacks_and_the_match_points_rank(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, tournament_wait=0.05)
    try:
        ann = server.register("ann")
        body = {"name": "Quads", "form": "quadrettes", "tables": 2, "per_position": 1}
        number = call(server, ann, "", body).json()["id"]
        view = asyncio.run(_quadrettes(server, number, ann))
        # each table's attacker took South, at the imposed Garde
        assert [(r["table"], r["taker"], r["contract"]) for r in view["results"]] == [
            (1, "S", "garde"),
            (2, "S", "garde"),
        ]
        # PM (p. 23): the Écart between the two attackers' scores on the board, √Écart
        # to the better one, minus as much to the other
        first, second = (r["score"] for r in view["results"])
        pm = round(math.sqrt(abs(first - second)), 3)
        expected = {1: math.copysign(pm, first - second), 2: math.copysign(pm, second - first)}
        assert {row["team"]: row["pm"] for row in view["ranking"]} == expected
    finally:
        stop()


async def _quadrettes(server: Server, number: int, ann: str) -> dict[str, Any]:
    return await opened_until(server, number, ann, lambda v: v["over"])


async def opened_until(server: Server, number: int, ann: str, test: Any) -> dict[str, Any]:
    """The organiser opens position 1; the first view pushed after that passes ``test``."""
    async with following(server, number) as (watcher, _, _):
        call(server, ann, f"/{number}/online", {"position": 1})
        return await pushed(watcher, test)


def test_a_table_that_cannot_be_rebuilt_ends_and_its_tournament_goes_on(tmp_path: Path) -> None:
    """A tournament table whose log cannot be read at a restart is closed, its game
    cancelled: the tournament waited for it for ever, and kept every game of it
    hidden for good. Its boards are left without a result, and the tournament ends."""
    server, stop = run_server(tmp_path, tournament_wait=600.0)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        form = {"name": "Broken", "tables": 1, "per_position": 2}
        number = first_place_held(server, ann, ben, form)
        table = asyncio.run(_sits_and_the_game_starts(server, number, ben, ann))
    finally:
        stop()
    game = break_log(tmp_path, table)
    server, stop = run_server(tmp_path, tournament_wait=600.0)
    try:
        deadline = time.monotonic() + 30
        while not (view := call(server, ann, f"/{number}").json())["over"]:
            assert time.monotonic() < deadline, view["online"]
            time.sleep(0.1)
        assert view["results"] == [] and [o["done"] for o in view["online"]] == [True]
        record = httpx.get(f"{server.http}/api/games/{game}", timeout=30)
        assert record.status_code == 200, record.text  # 403 tournament_game_hidden while it ran
        assert record.json()["meta"]["status"] == "cancelled"
    finally:
        stop()


async def _sits_and_the_game_starts(server: Server, number: int, ben: str, ann: str) -> str:
    async with following(server, number, ben) as (watcher, _, (player,)):
        call(server, ann, f"/{number}/online", {"position": 1})
        view = await pushed(watcher, lambda v: len(v["online"]) == 1)
        table, _ = seat_of(view, 1, 1)
        await player.send({"type": "sit", "table": table})
        await player.event("table.game_started")
        return table
