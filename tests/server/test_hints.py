"""Hints at the table: the strong robot's suggestion with its reason, for one's own
turn at a practice table only; never to spectators nor at a competitive table."""

from __future__ import annotations

import asyncio

from tests.server.conftest import Player, Server, create_table


def test_a_practice_player_gets_a_hint_for_their_own_turn_only(server: Server) -> None:
    async def scenario() -> None:
        alice = await Player.connect(server, name="alice")
        table = await create_table(alice, game="french", players=4, turn_seconds=600)
        watcher = await Player.connect(server, name="watcher")
        await watcher.send({"type": "spectate", "table": table})
        await watcher.expect(lambda m: m["type"] == "table")
        await alice.send({"type": "start", "table": table})
        turn = await alice.turn(timeout=60)
        await alice.send({"type": "hint", "table": table})
        await alice.send({"type": "hint", "table": table})  # one at a time
        pending = await alice.expect(lambda m: m["type"] == "error")
        assert pending["code"] == "hint_pending"
        hint = await alice.expect(lambda m: m["type"] == "hint", timeout=60)
        assert hint["table"] == table and hint["action"] in turn["legal"]
        expected = [o["expected"] for o in hint["options"]]
        assert expected == sorted(expected, reverse=True) and len(expected) <= 3
        if hint["options"]:  # a searched decision: the suggestion is the best option's move
            assert hint["deals"] > 0
        await watcher.send({"type": "hint", "table": table})
        refused = await watcher.expect(lambda m: m["type"] == "error")
        assert refused["code"] == "not_playing"
        assert not [m for m in watcher.log if m["type"] == "hint"]
        await alice.close()
        await watcher.close()

    asyncio.run(scenario())


def test_no_hint_at_a_competitive_table(server: Server) -> None:
    async def scenario() -> None:
        tokens = [server.register(name) for name in ("carol", "dave", "erin", "fred")]
        players = [await Player.connect(server, token=token) for token in tokens]
        table = await create_table(players[0], game="french", players=4, competitive=True)
        for player in players[1:]:
            await player.send({"type": "sit", "table": table})
            await player.expect(lambda m: m["type"] == "table")
        await players[0].send({"type": "start", "table": table})
        mover = None
        while mover is None:
            for player in players:
                if any(m.get("turn") for m in player.log):
                    mover = player
            await asyncio.sleep(0.05)
        await mover.send({"type": "hint", "table": table})
        refused = await mover.expect(lambda m: m["type"] == "error")
        assert refused["code"] == "hint_competitive"
        for player in players:
            await player.close()

    asyncio.run(scenario())
