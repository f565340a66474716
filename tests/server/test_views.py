"""What a table tells its clients besides events: each viewer's view after every
action, the table's info when it changes, the deals so far in a snapshot, and
the pause that keeps a completed trick in view."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

from tests.server.conftest import Player, Server, create_table, play_until_over, run_server


def test_a_snapshot_holds_the_deals_played_so_far(server: Server) -> None:
    async def scenario() -> None:
        alice = await Player.connect(server)
        table = await create_table(alice, game="french", players=3, rounds=3, robot_level="random")
        await alice.send({"type": "start", "table": table})
        await play_until_over([alice], table)
        ends = [m["data"] for m in alice.log if m["type"] == "event" and m["kind"] == "deal_end"]
        assert len(ends) == 3
        # A reloaded page asks for a snapshot: the score sheet comes back whole.
        again = await Player.connect(server, token=alice.token)
        await again.send({"type": "resume", "table": table, "last_seq": 0})
        snapshot = await again.expect(lambda m: m["type"] == "table")
        assert snapshot["deals"] == ends
        await alice.send({"type": "start", "table": table})
        fresh = await again.expect(lambda m: m["type"] == "table")
        assert fresh["deals"] == []  # a new game starts a new sheet
        for p in (alice, again):
            await p.close()

    asyncio.run(scenario())


def test_a_resume_from_a_connected_player_tells_nobody_else(server: Server) -> None:
    async def scenario() -> None:
        alice, bob = await Player.connect(server), await Player.connect(server)
        table = await create_table(alice, players=4)
        await bob.send({"type": "sit", "table": table})
        await bob.expect(lambda m: m["type"] == "table")
        await alice.expect(lambda m: m["type"] == "table_info" and m["table"]["seats"][1])
        for _ in range(3):
            await bob.send({"type": "resume", "table": table, "last_seq": 0})
        await bob.send({"type": "chat", "table": table, "text": "sync"})
        await alice.event("table.chat")
        assert not [m for m in alice.log if m.get("kind") == "table.returned"]
        assert len([m for m in bob.log if m["type"] == "table"]) == 4  # sit + 3 resumes
        # A real return (a new connection) is told, with the seat's new state.
        await bob.close()
        await alice.expect(
            lambda m: m["type"] == "table_info" and not m["table"]["seats"][1]["connected"]
        )
        bob = await Player.connect(server, token=bob.token)
        await bob.send({"type": "resume", "table": table, "last_seq": 0})
        await alice.event("table.returned")
        info = await alice.expect(lambda m: m["type"] == "table_info")
        assert info["table"]["seats"][1]["connected"]
        for p in (alice, bob):
            await p.close()

    asyncio.run(scenario())


def test_a_robot_waits_for_the_trick_pause_before_playing_after_a_trick(
    tmp_path: Path,
) -> None:
    pause = 0.25
    server, stop = run_server(tmp_path, trick_pause=pause)

    async def scenario() -> None:
        alice = await Player.connect(server)
        table = await create_table(alice, game="french", players=3, robot_level="random")
        await alice.send({"type": "start", "table": table})
        await play_until_over([alice], table)
        await alice.close()
        arrived = zip(alice.log, alice.times, strict=True)
        events = [(m, at) for m, at in arrived if m["type"] == "event"]
        gaps = [
            after[1] - before[1]
            for before, after in itertools.pairwise(events)
            if before[0]["kind"] == "trick"
            and after[0]["kind"] == "play"
            and after[0]["data"]["seat"] != 0
        ]
        assert gaps, "some trick was followed by a robot's lead"
        assert min(gaps) >= pause * 0.8  # it never comes sooner (delivery jitter aside)

    try:
        asyncio.run(scenario())
    finally:
        stop()
