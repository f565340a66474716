"""What docs/protocol.md (Observations, Engine events) promises a robot written
from the docs alone, checked on a real server: found while writing one."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.server.conftest import Player, Server, events_of, play_until_over, seat_at_new_table


def _views(player: Player) -> list[dict[str, Any]]:
    """Every view the player held, snapshots and patched updates alike."""
    return [m["view"] for m in player.log if m["type"] in ("table", "update") and m.get("view")]


def test_mort_tricks_follow_order_and_hands_show_once_scored(server: Server) -> None:
    """In the five-seat mort form a trick's cards follow ``order`` (the mort is
    skipped), so a robot may not read ``cards[i]`` as seat ``leader + i``; a
    player's ``hands`` stays null until the deal is scored."""

    async def scenario() -> None:
        player = await Player.connect(server, name="outsider")
        table = await seat_at_new_table(
            [player], game="french", players=5, rounds=2, rules={"dealer_sits_out": True}
        )
        await player.send({"type": "start", "table": table})
        await play_until_over([player], table)

        plays = [(e["data"]["seat"], e["data"]["card"]) for e in events_of(player, "play")]
        tricks = [e["data"] for e in events_of(player, "trick")]
        assert len(plays) == 18 * 4 * 2 and len(tricks) == 18 * 2
        views = _views(player)
        orders = {v["deals_played"]: v["order"] for v in views if v["phase"] == "bid"}
        for number, trick in enumerate(tricks):
            order = orders[number // 18]
            start = order.index(trick["leader"])
            seats = [order[(start + i) % 4] for i in range(4)]
            assert plays[number * 4 : number * 4 + 4] == list(
                zip(seats, trick["cards"], strict=True)
            )
        for view in views:
            if view["deal"] is None:
                assert view["hands"] is None
            else:
                assert all(cards == [] for cards in view["hands"].values())
        await player.close()

    asyncio.run(scenario())
