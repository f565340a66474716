"""A duplicate's deals are seen by nobody but the players who hold them until the
tournament is over (``atout.server.tournament_privacy``): its tables are watched
by their own players and the organiser playing nowhere in it, its games' records
(replays, exports, and so reviews) wait for its end, and an organiser who holds a
place prints no boards. Whoever asks: a guest costs nothing, so the rule is an
allow-list, not a check on who is a participant."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from atout.server.store import GameRow, Store, TableRow, TournamentRow
from atout.server.tablestore import TOURNAMENT, load_game
from atout.server.tournament_privacy import Watching, hidden_games, mark_games, may_watch
from atout.server.tournament_seating import Reservation
from tests.server.conftest import Player, Server, play_until_over, run_server
from tests.server.test_tournament_live import following, pushed, refused, seat_of
from tests.server.test_tournaments import call, changed


def printout(server: Server, token: str, number: int, what: str) -> httpx.Response:
    return call(server, token, f"/{number}/print/{what}")


def test_a_duplicate_is_watched_and_replayed_only_once_it_is_over(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, tournament_wait=600.0)
    try:
        ann, ben, dan = (server.register(name) for name in ("ann", "ben", "dan"))
        made = changed(server, ann, "", {"name": "Secret", "tables": 2, "per_position": 1})
        number = made["id"]
        assert made["positions"] == 2
        for token, place in ((ben, 1), (dan, 5)):  # one at each table of position 1
            assert call(server, token, f"/{number}/places", {"player": place}).status_code == 200
        # the organiser, holding no place, may print the boards (the arbiter's)
        assert printout(server, ann, number, "boards").status_code == 200
        assert printout(server, ben, number, "boards").json()["code"] == "not_tournament_master"
        asyncio.run(_first_position(server, number, ann, ben, dan))
        # ann plays now: her boards wait for the end; the slips have no cards
        refusal = printout(server, ann, number, "boards")
        assert refusal.status_code == 403 and refusal.json()["code"] == "tournament_boards_player"
        assert printout(server, ann, number, "slips").status_code == 200
        # position 1's games are over, their boards still to be played at position 2
        games = server.get("/api/records")["games"]
        assert len(games) == 2 and all(g["hidden"] for g in games)
        assert len(server.get("/api/records?player=ben")["games"]) == 1  # in his history
        for game in games:
            for form in ("log", "text", "json"):
                url = f"{server.http}/api/games/{game['id']}?format={form}"
                answer = httpx.get(url, headers={"Authorization": f"Bearer {ben}"})
                assert answer.status_code == 403, answer.text
                assert answer.json()["code"] == "tournament_game_hidden"
        final = asyncio.run(_second_position(server, number, ann, ben, dan))
        assert final["over"] and final["missing"] == 0
        games = server.get("/api/records")["games"]
        assert len(games) == 4 and not any(g["hidden"] for g in games)
        for game in games:
            record = server.get(f"/api/games/{game['id']}")
            assert record["actions"][0].startswith("deal:")  # every hand shown now
        assert printout(server, ann, number, "boards").status_code == 200
    finally:
        stop()


async def _first_position(server: Server, number: int, ann_t: str, ben_t: str, dan_t: str) -> None:
    async with following(server, number, ann_t, ben_t, dan_t) as (watcher, _, players):
        ann, ben, dan = players
        opened = call(server, ann_t, f"/{number}/online", {"position": 1})
        assert opened.status_code == 200, opened.text
        view = await pushed(watcher, lambda v: len(v["online"]) == 2)
        first, second = seat_of(view, 1, 1)[0], seat_of(view, 1, 5)[0]
        assert first != second and seat_of(view, 1, 4)[0] == first
        # the lobby says nobody watches a duplicate's tables
        await watcher.send({"type": "lobby"})
        lobby = await watcher.expect(lambda m: m["type"] == "lobby")
        listed = {t["id"]: t for t in lobby["tables"]}
        assert not listed[second]["options"]["spectators"] and listed[second]["tournament"]
        # a guest, a player of another table, a registered stranger: refused, by
        # spectate or by resume, whoever they are
        stranger = await Player.connect(server, server.register("eve"))
        try:
            for who in (watcher, ben, stranger):
                asked: list[dict[str, Any]] = [
                    {"type": "spectate", "table": second},
                    {"type": "resume", "table": second, "last_seq": 0},
                ]
                for message in asked:
                    error = await refused(who, message)
                    assert error["code"] == "tournament_no_spectators", (who.name, error)
        finally:
            await stranger.close()
        # the organiser, who plays nowhere in it, watches (the arbiter)
        await ann.send({"type": "spectate", "table": second})
        await ann.expect(lambda m: m["type"] == "table" and m["table"]["id"] == second)
        # ann then takes a free place (at the first table): she is a player now, and
        # the table she watched sends her away
        assert call(server, ann_t, f"/{number}/places", {"player": 4}).status_code == 200
        left = await ann.expect(lambda m: m["type"] == "left")
        assert left == {"type": "left", "table": second, "reason": "tournament_no_spectators"}
        error = await refused(ann, {"type": "spectate", "table": second})
        assert error["code"] == "tournament_no_spectators"
        # each plays at their own table
        for player, table in ((ben, first), (ann, first), (dan, second)):
            await player.send({"type": "sit", "table": table})
            await player.expect(lambda m: m["type"] == "table" and m["seat"] is not None)
        # nor does the strong robot advise anyone on a board others play too
        turn = await dan.turn()
        await dan.send({"type": "hint", "table": second})
        error = await dan.expect(lambda m: m["type"] == "error")
        assert error["code"] == "hint_tournament", error
        await dan.send({"type": "act", "table": second, "action": turn["legal"][0]})
        await asyncio.gather(play_until_over([ben, ann], first), play_until_over([dan], second))
        await pushed(watcher, lambda v: any(o["position"] == 2 for o in v["online"]))


async def _second_position(
    server: Server, number: int, ann_t: str, ben_t: str, dan_t: str
) -> dict[str, Any]:
    async with following(server, number, ann_t, ben_t, dan_t) as (watcher, view, players):
        places = (4, 1, 5)  # ann, ben, dan
        tables = [seat_of(view, 2, place)[0] for place in places]
        for player, table in zip(players, tables, strict=True):
            await player.send({"type": "sit", "table": table})
            await player.expect(lambda m: m["type"] == "table" and m["seat"] is not None)
        by_table: dict[str, list[Player]] = {}
        for player, table in zip(players, tables, strict=True):
            by_table.setdefault(table, []).append(player)
        await asyncio.gather(*(play_until_over(seated, t) for t, seated in by_table.items()))
        final = await pushed(watcher, lambda v: v["over"])
        # once it is over anyone may watch what is left of its tables
        guest = await Player.connect(server)
        try:
            await guest.send({"type": "spectate", "table": tables[0]})
            seen = await guest.expect(lambda m: m["type"] in ("table", "error"))
            assert seen["type"] == "table", seen
        finally:
            await guest.close()
        return final


def test_games_an_older_server_started_are_hidden_once_a_server_starts(tmp_path: Path) -> None:
    """The mark is written when a duplicate's table starts its game: the games a
    server without it started are marked when one with it starts, those of a
    tournoi libre (no imposed contract) and of tournaments over left alone."""
    store = Store.in_dir(tmp_path)
    with store.session.begin() as db:
        running = TournamentRow(
            master="u:1", name="On", state={}, tables={"a": [0, 0], "b": [0, 1]}
        )
        done = TournamentRow(
            master="u:1", name="Done", state={}, tables={"c": [0, 0]}, online={"over": True}
        )
        db.add_all([running, done])
        for table in "abcz":
            db.add(TableRow(id=table, options={}, seats=[], master="", invite_code="x"))
        db.flush()
        duplicate = {"imposed_contract": "garde", "rounds": 1}
        games = {
            table: GameRow(
                table_id=table,
                game="french",
                players=4,
                variant="fft",
                engine_options=duplicate if table != "b" else {"rounds": 1},
                table_options={"lineups": []},
                seats=[None] * 4,
                status="over",
            )
            for table in "abcz"
        }
        db.add_all(games.values())
        db.flush()
        ids = {table: game.id for table, game in games.items()}
        number = running.id
    assert mark_games(store) == 1  # a's: b is a libre's, c's tournament is over, z no one's
    assert mark_games(store) == 0
    with store.session() as db:
        rows = [db.get(GameRow, i) for i in ids.values()]
        assert hidden_games(db, [r for r in rows if r is not None]) == {ids["a"]}
        marked = db.get(GameRow, ids["a"])
        assert marked is not None and marked.table_options == {"lineups": [], TOURNAMENT: number}
    # the mark is no table option: a restarted table reads its options without it
    assert TOURNAMENT not in load_game(store, ids["a"]).table_options
    with store.session.begin() as db:
        tournament = db.get(TournamentRow, number)
        assert tournament is not None
        tournament.online = {"over": True}
    with store.session() as db:
        rows = [db.get(GameRow, i) for i in ids.values()]
        assert hidden_games(db, [r for r in rows if r is not None]) == set()
    store.close()


def test_who_may_watch_a_duplicates_table() -> None:
    """Its players at any of its deals, the organiser who holds no place, and
    anyone once the tournament is over; nobody else, whoever they are."""
    table = Reservation(1, ("u:1", None, "g:2", "u:3"), None)
    table.given(table.keys, (("u:1", None, "g:2", "u:3"), ("u:4", None, "g:2", "u:3")), 0)
    running = Watching("u:9", False, frozenset({"u:1", "g:2", "u:3", "u:4", "u:5"}))
    assert all(may_watch(table, key, running) for key in ("u:1", "g:2", "u:4"))  # u:4 at deal 2
    assert not any(may_watch(table, key, running) for key in ("u:5", "g:7", "u:8"))
    assert may_watch(table, "u:9", running)  # the organiser, playing nowhere
    playing = Watching("u:5", False, running.players)
    assert not may_watch(table, "u:5", playing)  # an organiser who holds a place
    over = Watching("u:9", True, running.players)
    assert all(may_watch(table, key, over) for key in ("u:5", "g:7"))
