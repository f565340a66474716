"""Whole games through a real server: every game type to its end, robots in
the empty seats, the clock, a disconnection and return, spectators."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import (
    Player,
    Server,
    create_table,
    events_of,
    invite_code,
    play_until_over,
    run_server,
    turn_in,
)


@pytest.mark.parametrize(
    ("game", "players", "variant", "rules"),
    [
        ("french", 3, None, {}),
        ("french", 4, "traditionnel", {}),
        ("french", 5, None, {}),
        ("french", 5, None, {"dealer_sits_out": True, "misere": True}),  # the mort form
        ("africain", 3, None, {}),
        ("africain", 3, "standard", {"lives": 2, "loss": "difference"}),
    ],
)
def test_a_full_game_with_robots_in_the_empty_seats(
    server: Server, game: str, players: int, variant: str | None, rules: dict[str, Any]
) -> None:
    async def scenario() -> None:
        alice = await Player.connect(server, name="alice")
        bob = await Player.connect(server, name="bob")
        table = await create_table(alice, game=game, players=players, variant=variant, rules=rules)
        await bob.send({"type": "sit", "table": table})
        await bob.expect(lambda m: m["type"] == "table")
        await alice.send({"type": "start", "table": table})
        over = await play_until_over([alice, bob], table)
        assert over["kind"] == "table.game_over"
        assert over["data"]["result"]["winners"], over
        # Each human's events come numbered in order, never repeated; an update's
        # number is the table's after its action, so no event of it goes beyond.
        for player in (alice, bob):
            seqs = [e["seq"] for e in player.events()]
            assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
            for update in (m for m in player.log if m["type"] == "update"):
                assert all(e["seq"] <= update["seq"] for e in update["events"])
        assert events_of(alice, "play")
        assert events_of(alice, "hand") or events_of(bob, "hand")  # the mort form's dealer: none
        # The master's rules are the game's: every view says so, the record keeps them.
        views = [m["view"] for m in alice.log if m.get("view")]
        assert views and all(v["rules"]["options"] | rules == v["rules"]["options"] for v in views)
        record = server.get(f"/api/games/{over['data']['game']}")
        assert record["options"].items() >= rules.items()
        # The finished game's record replays to the same result.
        from atout.records import Record

        replayed = Record.from_dict({k: v for k, v in record.items() if k != "meta"}).replay()
        assert replayed.is_over and dict(replayed.result()) == over["data"]["result"]
        await alice.close()
        await bob.close()

    asyncio.run(scenario())


def test_an_expired_turn_is_played_by_the_robot(server: Server) -> None:
    async def scenario() -> None:
        alice = await Player.connect(server)
        table = await create_table(alice, game="french", players=3, turn_seconds=0.1)
        await alice.send({"type": "start", "table": table})
        # Alice never answers: the robot plays each of her turns when the clock runs out.
        over = await alice.event("table.game_over", timeout=60)
        assert over["data"]["result"]["winners"]
        turns = [m for m in alice.log if turn_in(m)]
        assert len(turns) >= 6
        # Each time, she is told so (table.timed_out), and the next
        # update is her seat's move: the robot's, not one she sent.
        seat = next(e["data"]["seat"] for e in alice.events() if e["kind"] == "table.seated")
        told = [i for i, m in enumerate(alice.log) if m.get("kind") == "table.timed_out"]
        assert len(told) >= 6
        assert all(alice.log[i]["data"] == {"seat": seat} for i in told)
        for i in told:
            update = next(m for m in alice.log[i + 1 :] if m["type"] == "update")
            assert all(e["data"].get("seat") == seat for e in update["events"][:1]), update
        await alice.close()

    asyncio.run(scenario())


def test_an_act_naming_a_passed_turn_plays_nothing(server: Server) -> None:
    """A move that quotes the ``id`` of a turn the game has moved on from (as a
    move made just as the clock ran out quotes it) is refused, and not taken as
    the seat's next decision, which it would be without the id when legal there."""

    async def scenario() -> None:
        alice = await Player.connect(server)
        table = await create_table(alice, game="french", players=3)
        await alice.send({"type": "start", "table": table})
        first = await alice.turn()
        await alice.send(
            {"type": "act", "table": table, "action": first["legal"][0], "turn": first["id"]}
        )
        second = await alice.turn()
        assert second["id"] != first["id"]
        late = {"type": "act", "table": table, "action": second["legal"][0], "turn": first["id"]}
        await alice.send(late)
        refused = await alice.expect(lambda m: m["type"] in ("error", "update"))
        assert refused["type"] == "error" and refused["code"] == "turn_passed", refused
        await alice.send({"type": "resume", "table": table, "last_seq": 0})
        snapshot = await alice.expect(lambda m: m["type"] in ("table", "update"))
        resumed = turn_in(snapshot)
        assert resumed is not None and resumed["id"] == second["id"]  # the same decision
        await alice.send({**late, "turn": second["id"]})
        played = await alice.expect(lambda m: m["type"] in ("error", "update"))
        assert played["type"] == "update" and turn_in(played) != second, played
        await alice.close()

    asyncio.run(scenario())


def test_a_disconnected_player_gets_the_seat_back_with_what_was_missed(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, robot_delay=0.02)

    async def scenario() -> None:
        token = server.register("carol")
        carol = await Player.connect(server, token=token)
        table = await create_table(carol, game="french", players=4)
        await carol.send({"type": "start", "table": table})
        seen = (await carol.expect(lambda m: turn_in(m) is not None))["seq"]
        epoch = next(m["epoch"] for m in carol.log if m["type"] == "table")
        await carol.close()
        seated = server.app.state.hub.tables[table]
        async with asyncio.timeout(20):  # the robots play on, hers included, to a card
            while not (seated.state.tricks or seated.state.trick):  # a new state each action
                await asyncio.sleep(0.02)
        carol = await Player.connect(server, token=token)
        await carol.send({"type": "resume", "table": table, "last_seq": seen, "epoch": epoch})
        over = await play_until_over([carol], table)
        assert over["kind"] == "table.game_over"
        # One update answers the resume: what she missed, then the game as it stands.
        resumed = carol.log[1]
        assert resumed["type"] == "update" and resumed["seq"] > seen
        missed = resumed["events"]
        assert missed[0]["seq"] == seen + 1 and missed[0]["kind"] == "table.disconnected"
        assert [e for e in missed if e["kind"] == "play"], "the robot's plays reach her"
        assert resumed["view"]["viewer"] == 0 and resumed["view"]["hand"] is not None
        # The table hears of her return after that answer, which never repeats it.
        returned = carol.log[2]
        assert returned["kind"] == "table.returned" and returned["seq"] == resumed["seq"] + 1
        # Every event is numbered, including those hidden from her (a robot's
        # écart), so her numbers may skip but never repeat or go back.
        seqs = [e["seq"] for e in carol.events()]
        assert seqs == sorted(set(seqs)) and seqs[0] == seen + 1
        await carol.close()

    asyncio.run(scenario())
    stop()


def test_a_private_table_refuses_the_uninvited_and_admits_by_code_or_name(server: Server) -> None:
    async def scenario() -> None:
        host = await Player.connect(server, token=server.register("hostess"))
        stranger = await Player.connect(server, token=server.register("stranger"))
        friend = await Player.connect(server, token=server.register("friend"))
        linked = await Player.connect(server, name="linked")
        table = await create_table(host, private=True, players=4)
        code = invite_code(host)
        await stranger.send({"type": "lobby"})
        lobby = await stranger.expect(lambda m: m["type"] == "lobby")
        assert table not in [t["id"] for t in lobby["tables"]]
        for kind in ("sit", "spectate"):
            await stranger.send({"type": kind, "table": table})
            error = await stranger.expect(lambda m: m["type"] in ("error", "table"))
            assert error["type"] == "error" and "private" in error["message"]
        await host.send({"type": "invite", "table": table, "name": "FRIEND"})
        invited = await host.expect(lambda m: m["type"] == "invited")
        assert invited["name"] == "friend"  # the account's own spelling, not the typed one
        await friend.send({"type": "sit", "table": table})
        assert (await friend.expect(lambda m: m["type"] in ("error", "table")))["type"] == "table"
        await linked.send({"type": "sit", "table": table, "code": code})
        assert (await linked.expect(lambda m: m["type"] in ("error", "table")))["type"] == "table"
        # The watch link's code lets a spectator in, whose resume is then answered.
        watcher = await Player.connect(server, name="watcher")
        await watcher.send({"type": "spectate", "table": table, "code": code})
        await watcher.expect(lambda m: m["type"] == "table")
        await watcher.send({"type": "resume", "table": table, "last_seq": 0})
        answer = await watcher.expect(lambda m: m["type"] in ("error", "table", "update"))
        assert answer["type"] != "error", answer
        for p in (host, stranger, friend, linked, watcher):
            await p.close()

    asyncio.run(scenario())


def test_a_spectator_watches_and_chats_and_options_changes_are_told(server: Server) -> None:
    async def scenario() -> None:
        alice = await Player.connect(server)
        watcher = await Player.connect(server)
        table = await create_table(alice, players=3, spectators=True)
        await watcher.send({"type": "spectate", "table": table})
        snapshot = await watcher.expect(lambda m: m["type"] == "table")
        assert snapshot["seat"] is None
        await watcher.send({"type": "chat", "table": table, "text": "bonne chance"})
        chat = await alice.event("table.chat")
        assert isinstance(chat["data"].pop("time"), int)  # when it was said
        assert chat["data"] == {"name": watcher.name, "user": None, "text": "bonne chance"}
        await watcher.send({"type": "options", "table": table, "options": {"rounds": 2}})
        assert "master" in (await watcher.expect(lambda m: m["type"] == "error"))["message"]
        await alice.send({"type": "options", "table": table, "options": {"turn_seconds": 5}})
        told = await watcher.event("table.options")
        assert told["data"]["changed"] == ["turn_seconds"]
        await alice.send({"type": "start", "table": table})
        await play_until_over([alice], table)
        await watcher.event("table.game_over")
        assert not [m for m in watcher.log if turn_in(m)]
        await alice.send({"type": "options", "table": table, "options": {"spectators": False}})
        await alice.event("table.options")
        late = await Player.connect(server)
        await late.send({"type": "spectate", "table": table})
        assert "not allowed" in (await late.expect(lambda m: m["type"] == "error"))["message"]
        for p in (alice, watcher, late):
            await p.close()

    asyncio.run(scenario())


def test_the_spectator_count_follows_spectate_resume_and_disconnection(server: Server) -> None:
    def count(expected: int) -> Callable[[dict[str, Any]], bool]:
        return lambda m: m["type"] == "table_info" and m["table"]["spectators"] == expected

    async def scenario() -> None:
        alice = await Player.connect(server)
        table = await create_table(alice, players=3, spectators=True)
        first = await Player.connect(server)
        await first.send({"type": "spectate", "table": table})
        await alice.expect(count(1))
        second = await Player.connect(server)  # a spectator's page coming back resumes
        await second.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
        await alice.expect(count(2))
        await first.close()
        await alice.expect(count(1))
        await second.close()
        await alice.expect(count(0))
        await alice.close()

    asyncio.run(scenario())


def test_a_player_back_after_the_grace_time_has_lost_the_seat(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, grace_seconds=0.3)

    async def scenario() -> None:
        token = server.register("dora")
        dora = await Player.connect(server, token=token)
        friend = await Player.connect(server)
        table = await create_table(dora, game="french", players=3, turn_seconds=60)
        await friend.send({"type": "sit", "table": table})
        await friend.expect(lambda m: m["type"] == "table")
        await dora.send({"type": "start", "table": table})
        await dora.event("hand")
        await dora.close()
        abandoned = await friend.event("table.abandoned")
        assert abandoned["data"]["name"] == "dora"
        await friend.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
        dora = await Player.connect(server, token=token)
        await dora.send({"type": "sit", "table": table})
        refused = await dora.expect(lambda m: m["type"] == "error")
        assert refused["code"] == "seat_left" and "robot" in refused["message"]
        # Opening the table again, as a reload does, she watches and is told why.
        await dora.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
        watching = await dora.expect(lambda m: m["type"] == "table")
        assert watching["seat"] is None and watching["view"]["viewer"] == -1
        told = await dora.expect(lambda m: m["type"] == "error" and m is not refused)
        assert told["code"] == "seat_left"
        # The robot keeps her seat to the end of the game.
        assert (await play_until_over([friend], table))["kind"] == "table.game_over"
        await dora.close()
        await friend.close()

    asyncio.run(scenario())
    stop()


def test_the_web_client_directory_is_served_when_present(tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<title>atout</title>")
    server, stop = run_server(tmp_path / "data", static_dir=static)
    assert "atout" in httpx.get(f"{server.http}/").text
    assert server.get("/api/leaderboard") == []
    stop()
