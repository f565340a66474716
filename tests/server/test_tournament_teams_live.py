"""Triplettes and the two-team match played online on a real server: each board's
players seated before it is dealt (no hand reaches anyone else), the match's
attacker in South offered only the three gardes, robots in the seats nobody
takes, positions and quarters opening by themselves, and the ranking pushed to
followers equal to the club night's from the same results (and to the rulebook's
arithmetic done here by hand)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import math
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

from atout.tournament.documents import record, view
from atout.tournament.state import deal_json, from_json, to_json
from tests.server.conftest import Player, Server, events_of, play_until_over, run_server
from tests.server.test_tournament_live import following, pushed, refused, seated_at
from tests.server.test_tournaments import call, changed


def club_night_ranking(data_dir: Path, number: int) -> list[dict[str, Any]]:
    """The ranking of the stored tournament's results entered again, one by one, as
    the organiser enters a club night's slips (the route's worker function)."""
    with sqlite3.connect(data_dir / "atout.sqlite3") as db:
        (state,) = db.execute("SELECT state FROM tournaments WHERE id = ?", (number,)).fetchone()
    played = from_json(json.loads(state))
    document = to_json(dataclasses.replace(played, results={}, scores={}, attackers={}))
    for (position, table, board), outcome in played.results.items():
        entry = {
            "table": table + 1,
            "board": board,
            "position": position + 1,
            "attacker": played.attackers[position, table, board] + 1,
            "deal": json.loads(json.dumps(deal_json(outcome))),
        }
        document = record((document, entry))
    ranking: list[dict[str, Any]] = view(document)["ranking"]
    return ranking


def test_triplettes_online_seat_each_boards_players(tmp_path: Path) -> None:
    # the robots slow enough for ben to come before a board he may not play ends
    server, stop = run_server(tmp_path, tournament_wait=600.0, robot_delay=0.04)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        dan = server.register("dan")
        body = {"name": "Trip", "form": "triplettes", "movement": "howell", "tables": 2}
        made = call(server, ann, "", {**body, "positions": 1, "per_position": 2})
        number = made.json()["id"]
        assert call(server, ben, f"/{number}/places", {"player": 1}).status_code == 200
        final = asyncio.run(_triplettes(server, number, ann, ben, dan))
    finally:
        stop()
    assert final["over"] and len(final["results"]) == 4
    assert final["ranking"] == club_night_ranking(tmp_path, number)
    # by hand (p. 17-18, 21): each board played at the two tables, the better attack
    # 100%, the other 0% (50% each if equal), the defence the complement; a
    # triplette's global percentage is half its attack and half its defence
    scores: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for row in final["results"]:
        scores[row["board"]].append((row["score"], row["attack_team"], row["defence_team"]))
    attack, defence = {}, {}
    for (first, *teams_1), (second, *teams_2) in scores.values():
        for score, other, (attacking, defending) in (
            (first, second, teams_1),
            (second, first, teams_2),
        ):
            note = 100 if score > other else 0 if score < other else 50
            attack[attacking], defence[defending] = note, 100 - note
    by_team = {row["team"]: row for row in final["ranking"]}
    assert set(by_team) == {1, 2, 3, 4}
    for team, row in by_team.items():
        assert (row["attack"], row["defence"]) == (attack[team], defence[team])
        assert row["overall"] == (attack[team] + defence[team]) / 2


async def _triplettes(
    server: Server, number: int, ann: str, ben_token: str, dan_token: str
) -> dict[str, Any]:
    async with following(server, number, ben_token, dan_token) as (watcher, _, (ben, dan)):
        opened = changed(server, ann, f"/{number}/online", {"position": 1})
        team = next(t for t, players in enumerate(opened["teams"], 1) if 1 in players)
        seating = next(s for s in opened["seatings"] if team in s["seats"])
        table = next(o["table_id"] for o in opened["online"] if o["table"] == seating["table"])
        # ben (player 1) plays the boards whose lineup holds him, in his orientation's seat
        mine = [seats.index(1) for seats in seating["lineups"] if 1 in seats]
        expected = {(at - seating["shift"]) % 4 for at in mine}
        assert mine, "a triplette defends one of the two boards"
        await ben.send({"type": "sit", "table": table})
        error = await refused(dan, {"type": "sit", "table": table})
        assert error["code"] == "tournament_not_your_table"
        await play_until_over([ben], table)
        given = {m["seat"] for m in ben.log if m["type"] == "table" and m["seat"] is not None}
        assert given == expected
        # a hand reached ben only for the boards he played
        assert len(events_of(ben, "hand")) == len(mine)
        return await pushed(watcher, lambda v: v["over"])


def test_the_match_online_south_chooses_among_the_three_gardes(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, tournament_wait=1.0)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        body = {"name": "Match", "form": "teams", "tables": 2, "team_sizes": [4, 5]}
        number = call(server, ann, "", {**body, "per_position": 4}).json()["id"]
        assert call(server, ben, f"/{number}/places", {"player": 1}).status_code == 200
        final = asyncio.run(_match(server, number, ann, ben))
    finally:
        stop()
    assert final["over"] and len(final["results"]) == 32
    assert final["ranking"] == club_night_ranking(tmp_path, number)
    # by hand (p. 26): per board the Écart of the two attackers' scores gives √Écart
    # PM (to three decimals, p. 24) to the better attacker's team only
    boards: dict[int, dict[int, int]] = defaultdict(dict)
    for row in final["results"]:
        assert row["taker"] == "S" and row["contract"] in ("garde", "garde_sans", "garde_contre")
        boards[row["board"]][row["attack_team"]] = row["score"]
    pm = {1: 0.0, 2: 0.0}
    for score in boards.values():
        if score[1] != score[2]:
            pm[1 if score[1] > score[2] else 2] += round(math.sqrt(abs(score[1] - score[2])), 3)
    assert {row["team"]: row["pm"] for row in final["ranking"]} == {
        team: round(points, 3) for team, points in pm.items()
    }
    # a new attacker each quarter, of the attacking team
    attackers = {(row["position"], row["attack_team"]): row["attacker"] for row in final["results"]}
    assert sorted(attackers.values()) == ["1", "2", "3", "4", "5", "6", "7", "8"]


async def _match(server: Server, number: int, ann: str, ben_token: str) -> dict[str, Any]:
    async with following(server, number, ben_token) as (watcher, _, (ben,)):
        opened = changed(server, ann, f"/{number}/online", {"position": 1})
        # quarter 1: ben, team A's first named, attacks at table 1, South
        seating = next(s for s in opened["seatings"] if (s["position"], s["table"]) == (1, 1))
        assert seating["lineups"][0][2] == 1
        table = next(o["table_id"] for o in opened["online"] if o["table"] == 1)
        await ben.send({"type": "sit", "table": table})
        snapshot = await ben.expect(lambda m: m["type"] == "table" and m["seat"] is not None)
        assert snapshot["seat"] == (2 - seating["shift"]) % 4
        turn = await ben.turn()  # South's bid: the three gardes only, no pass
        assert turn["legal"] == ["bid:garde", "bid:garde_sans", "bid:garde_contre"]
        await ben.send({"type": "act", "table": table, "action": "bid:pass"})
        error = await ben.expect(lambda m: m["type"] == "error")
        assert error["code"] == "imposed_minimum"
        await ben.send({"type": "act", "table": table, "action": "bid:garde_sans"})
        await play_until_over([ben], table)
        return await pushed(watcher, lambda v: v["over"])


def test_a_restarted_triplettes_table_keeps_seating_each_boards_players(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, tournament_wait=0.05, robot_delay=0.05)
    try:
        ann, ben = server.register("ann"), server.register("ben")
        body = {"name": "Trip", "form": "triplettes", "tables": 1, "per_position": 2}
        number = call(server, ann, "", body).json()["id"]
        assert call(server, ben, f"/{number}/places", {"player": 1}).status_code == 200
        opened = changed(server, ann, f"/{number}/online", {"position": 1})
        table = opened["online"][0]["table_id"]
        asyncio.run(_first_trick(server, table, ann))  # robots play board 1; then a stop
    finally:
        stop()
    server, stop = run_server(tmp_path, tournament_wait=600.0, robot_delay=0.05)
    try:
        final = asyncio.run(_back(server, number, table, ben, opened["seatings"][0]))
        # ben played board 2 only: the game is in his history, its record saying he
        # held South's seat from deal 2 on, and a robot his seat at deal 1
        (game,) = server.get("/api/records?player=ben")["games"]
        seat, ben_id = (
            (2 - opened["seatings"][0]["shift"]) % 4,
            server.get("/api/profile/ben")["id"],
        )
        assert ben_id not in seated_at(game, 1) and seated_at(game, 2)[seat] == ben_id
        log = server.get(f"/api/games/{game['id']}")
        assert log["meta"]["lineups"] == game["lineups"]
        text = httpx.get(f"{server.http}/api/games/{game['id']}?format=text").text
        first, second = text.split('[Deal "2"]')
        assert f'[Seat{seat} "ben"]' in second and '"ben"' not in first
    finally:
        stop()
    assert final["over"] and len(final["results"]) == 2
    assert final["ranking"] == club_night_ranking(tmp_path, number)


async def _first_trick(server: Server, table: str, organiser: str) -> None:
    # the organiser, who holds no place, may watch a table while it plays
    watcher = await Player.connect(server, organiser)
    try:
        await watcher.send({"type": "spectate", "table": table})
        await watcher.event("trick")
    finally:
        await watcher.close()


async def _back(
    server: Server, number: int, table: str, token: str, seating: dict[str, Any]
) -> dict[str, Any]:
    # board 2's taker is West: ben's triplette (North-South) defends it, ben (its
    # first badge) from the taker's right, South; board 1 was dealt before he came
    assert seating["lineups"][1][2] == 1
    async with following(server, number, token) as (watcher, _, (ben,)):
        await ben.send({"type": "sit", "table": table})
        await play_until_over([ben], table)
        given = {m["seat"] for m in ben.log if m["type"] == "table" and m["seat"] is not None}
        assert given == {(2 - seating["shift"]) % 4}
        assert len(events_of(ben, "hand")) == 1
        return await pushed(watcher, lambda v: v["over"])
